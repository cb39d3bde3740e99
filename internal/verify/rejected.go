package verify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/smithy-go"
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/findings"
)

// Rejection is an item DynamoDB refused to store (a ValidationException on
// its write), mapped back to the schema: the entity, whether the item is an
// example or a generated one, and the position of the example block (of the
// entity block for a generated item). A table DynamoDB refused to create at
// apply has no entity and the position of the table block. Either is a
// finding, not an environment failure: the schema asks for something
// DynamoDB rejects.
type Rejection struct {
	// Code is VF401 for an item, VF402 for a table.
	Code   string `json:"code"`
	Table  string `json:"table"`
	Entity string `json:"entity"`
	// Example is true for an example item, false for a generated one.
	Example bool `json:"example"`
	// Position is file:line:col of the example block, of the entity block
	// for a generated item, or of the table block for a table.
	Position string `json:"position"`
	// pos is Position as a range, for the CI formats.
	pos *findings.Pos
	// Key is the item's primary key, e.g. PK="USER#alice".
	Key string `json:"key"`
	// Message is DynamoDB's message.
	Message string `json:"message"`
	// index is the item's place in its table's dataset, for a stable order.
	index int
}

// String describes the rejection in one line.
func (rj Rejection) String() string {
	if rj.Entity == "" {
		return fmt.Sprintf("%s: DynamoDB rejected table %s at apply: %s", rj.Position, rj.Table, rj.Message)
	}
	what := "a generated item (values drawn from its examples)"
	if rj.Example {
		what = "the example item"
	}
	return fmt.Sprintf("%s: DynamoDB rejected %s {%s} of entity %s: %s", rj.Position, what, rj.Key, rj.Entity, rj.Message)
}

// itemSource is where a dataset item comes from: an example of its entity,
// or generation (Example nil).
type itemSource struct {
	Example *hclschema.Example
	// Write names the write pattern and case that added the item
	// (`write pattern "register_customer" (PutItem, success case)`), empty
	// for an item verify wrote before the write patterns ran.
	Write string
}

// errRejected stops the run after DynamoDB rejected items: the access
// patterns would run on incomplete data. Run reports the rejections as
// findings.
var errRejected = errors.New("DynamoDB rejected items of the schema")

// validationMessage returns DynamoDB's message when err is a
// ValidationException (the request, not the environment, is at fault).
func validationMessage(err error) (string, bool) {
	var ae smithy.APIError
	if errors.As(err, &ae) && ae.ErrorCode() == "ValidationException" {
		return ae.ErrorMessage(), true
	}
	return "", false
}

// rejection maps a refused write of item i of the dataset to the schema.
func (d *Dataset) rejection(i int, message string) Rejection {
	it := d.Items[i]
	rj := Rejection{Code: vfItemRejected, Table: d.Table.Label, Key: dynamo.KeyString(d.AV[i], d.Table.Primary.KeyAttrs()), Message: message, index: i}
	if it.Entity != nil {
		rj.Entity = it.Entity.Name
		rj.Position, rj.pos = position(it.Entity.DeclRange), findings.PosOf(&it.Entity.DeclRange)
	}
	if i < len(d.Sources) && d.Sources[i].Example != nil {
		rj.Example = true
		rj.Position, rj.pos = position(d.Sources[i].Example.DeclRange), findings.PosOf(&d.Sources[i].Example.DeclRange)
	}
	return rj
}

// position renders a range start as file:line:col.
func position(r hcl.Range) string {
	return fmt.Sprintf("%s:%d:%d", r.Filename, r.Start.Line, r.Start.Column)
}

// isolate writes the items [from, to) of the dataset one by one after a
// batch write failed with a ValidationException, and returns those that
// DynamoDB rejects (the others are stored). Other errors are returned.
func isolate(ctx context.Context, client *dynamodb.Client, table string, d *Dataset, from, to int) ([]Rejection, error) {
	var out []Rejection
	for i := from; i < to; i++ {
		_, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: d.AV[i]})
		if err == nil {
			continue
		}
		msg, ok := validationMessage(err)
		if !ok {
			return out, fmt.Errorf("put item to %s: %w", table, err)
		}
		out = append(out, d.rejection(i, msg))
	}
	return out, nil
}

// sortRejections orders rejections by table, then by the order verify
// writes items in (examples first, in declaration order).
func sortRejections(rs []Rejection) {
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].Table != rs[j].Table {
			return rs[i].Table < rs[j].Table
		}
		return rs[i].index < rs[j].index
	})
}

// writeRejections prints the rejected items for people.
func writeRejections(w io.Writer, rs []Rejection) {
	if len(rs) == 0 {
		return
	}
	fmt.Fprintf(w, "\nRejected by DynamoDB (%d)\n", len(rs))
	for _, rj := range rs {
		fmt.Fprintf(w, "  FAIL %s %s\n", rj.Code, rj)
	}
}

// applyRejections maps a failed terraform apply whose output holds
// DynamoDB ValidationExceptions to the tables of the schema: one Rejection
// per error, at the table block, with DynamoDB's message. It returns false
// when the failure is not a ValidationException (an environment failure),
// or when an error names no table of the schema.
func applyRejections(err error, s *hclschema.Schema) ([]Rejection, bool) {
	if err == nil || s == nil {
		return nil, false
	}
	var out []Rejection
	// terraform prints one block per error: "Error: ...", the message, then
	// "with aws_dynamodb_table.NAME," naming the resource.
	for _, block := range strings.Split(err.Error(), "Error: ")[1:] {
		const marker = "api error ValidationException: "
		i := strings.Index(block, marker)
		if i < 0 {
			return nil, false
		}
		msg := strings.TrimSpace(strings.SplitN(block[i+len(marker):], "\n", 2)[0])
		t := tableOfResource(block, s)
		if t == nil {
			return nil, false
		}
		out = append(out, Rejection{Code: vfTableRejected, Table: t.Label, Position: position(t.DeclRange), pos: findings.PosOf(&t.DeclRange), Message: msg, index: -1})
	}
	return out, len(out) > 0
}

// tableOfResource returns the table whose aws_dynamodb_table resource the
// terraform error text names ("with aws_dynamodb_table.NAME,"), or nil.
func tableOfResource(text string, s *hclschema.Schema) *hclschema.Table {
	const with = "with aws_dynamodb_table."
	i := strings.Index(text, with)
	if i < 0 {
		return nil
	}
	name := text[i+len(with):]
	if j := strings.IndexAny(name, ",\n :"); j >= 0 {
		name = name[:j]
	}
	for _, t := range s.Tables {
		// verify emits without a prefix (provision.go).
		if emit.NamesFor(t, emit.Options{Layout: emit.LayoutResources}).Local == name {
			return t
		}
	}
	return nil
}
