package dynamo

import (
	"sort"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/hclschema"
)

// CreateTableInput is the CreateTable request of a table spec's keys and
// indexes (on demand, nothing else): the table tests and the contract
// tests of generated code create on DynamoDB Local without terraform. The
// table tfdyn emit writes is the one to deploy.
func CreateTableInput(spec hclschema.TableSpec, name string) *dynamodb.CreateTableInput {
	defs := map[string]types.ScalarAttributeType{}
	keySchema := func(k hclschema.Key) []types.KeySchemaElement {
		var out []types.KeySchemaElement
		for _, el := range k.Elements() {
			defs[el.Name] = types.ScalarAttributeType(el.Type)
			out = append(out, types.KeySchemaElement{AttributeName: aws.String(el.Name), KeyType: types.KeyType(el.KeyType)})
		}
		return out
	}
	projection := func(p hclschema.Projection) *types.Projection {
		return &types.Projection{ProjectionType: types.ProjectionType(p.Type), NonKeyAttributes: p.NonKeyAttributes}
	}
	in := &dynamodb.CreateTableInput{TableName: aws.String(name), BillingMode: types.BillingModePayPerRequest, KeySchema: keySchema(spec.Key)}
	for _, g := range spec.GSIs {
		in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, types.GlobalSecondaryIndex{
			IndexName: aws.String(g.Name), KeySchema: keySchema(g.Key), Projection: projection(g.Projection)})
	}
	for _, l := range spec.LSIs {
		in.LocalSecondaryIndexes = append(in.LocalSecondaryIndexes, types.LocalSecondaryIndex{
			IndexName: aws.String(l.Name), KeySchema: keySchema(hclschema.Key{Partition: spec.Key.Partition, Sort: []hclschema.KeyAttr{l.SortKey}}), Projection: projection(l.Projection)})
	}
	names := make([]string, 0, len(defs))
	for n := range defs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		in.AttributeDefinitions = append(in.AttributeDefinitions, types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: defs[n]})
	}
	return in
}
