// Package typescript is the TypeScript back end of tfdyn's generators
// (tfdyn gen ts): it prints the API model of package gen as TypeScript
// modules over @aws-sdk/lib-dynamodb, in the layout the design guides teach
// (entities/<entity>.ts, data-access/keys.ts, data-access/<entity>.ts,
// index.ts). It decides nothing about the schema: names are cased here,
// everything else comes from the model; the key templates and sparse
// conditions run on tfdyn.ts, a runtime that mirrors hclschema's evaluator
// (HCL and go-cty: big-float numbers, NFC strings, Go's case tables), of
// which each package gets the declarations it uses.
package typescript
