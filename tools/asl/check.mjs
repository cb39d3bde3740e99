// check.mjs validates Amazon States Language definitions with asl-validator
// (its JSON schemas and its path checks): node check.mjs FILE... prints one
// JSON line per file, {"file", "valid", "errors": [...]}, and exits 1 when
// one is invalid. tfdyn's tests run it on the state machines
// `tfdyn migrate --emit stepfunctions` writes.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(import.meta.url);
const aslValidator = require("asl-validator");

let invalid = false;
for (const file of process.argv.slice(2)) {
  const definition = JSON.parse(readFileSync(file, "utf8"));
  const { isValid, errors } = aslValidator(definition);
  if (!isValid) invalid = true;
  const messages = (errors || []).map((e) => `${e["Error code"]}: ${String(e.Message).trim()}`);
  process.stdout.write(JSON.stringify({ file, valid: isValid, errors: messages }) + "\n");
}
process.exit(invalid ? 1 : 0);
