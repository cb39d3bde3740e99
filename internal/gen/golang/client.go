package golang

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/gen"
)

const dynamodbImport = "github.com/aws/aws-sdk-go-v2/service/dynamodb"

// calls returns the DynamoDB operations the package's methods call, in
// the order the Client interface lists them.
func (p *printer) calls() []string {
	used := map[string]bool{}
	for _, r := range p.api.Reads {
		used[string(r.Shape.Operation)] = true
	}
	if len(p.api.Queries) > 0 {
		used["Query"] = true
	}
	for _, w := range p.api.Writes {
		used[w.Shape.Operation] = true
	}
	var out []string
	for _, op := range []string{"GetItem", "Query", "PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems"} {
		if used[op] {
			out = append(out, op)
		}
	}
	return out
}

// tableField is the field of the tables struct holding a table's name.
func tableField(t *gen.Table) string { return "t" + exported(t.Name) }

// client prints the Client interface, Queries and New, the options naming
// the tables, the Querier interface and the errors of the methods.
func (p *printer) client(b *bytes.Buffer) {
	calls := p.calls()
	imports := []string{"errors", "fmt"}
	if len(calls) > 0 {
		imports = append([]string{"context"}, imports...)
	}
	for _, r := range p.api.Reads {
		if !r.One {
			imports = append(imports, "iter")
			break
		}
	}
	if len(calls) > 0 {
		imports = append(imports, dynamodbImport)
	}
	p.header(b, imports...)
	for _, n := range []string{"Client", "Queries", "New", "Option", "Querier", "Cursor", "ErrNotFound", "CardinalityError", "ItemError", "InputError", "CursorError",
		"ConditionFailedError", "UniqueViolationError", "TransactionCanceledError"} {
		p.declare(n, "the package's "+n, hcl.Range{})
	}
	if len(calls) > 0 {
		b.WriteString("// Client is the part of *dynamodb.Client the package calls: pass a\n// *dynamodb.Client, or anything that sends these requests (a wrapper that\n// records, retries or fakes them).\ntype Client interface {\n")
		for _, op := range calls {
			fmt.Fprintf(b, "\t%s(ctx context.Context, params *dynamodb.%sInput, optFns ...func(*dynamodb.Options)) (*dynamodb.%sOutput, error)\n", op, op, op)
		}
		b.WriteString("}\n\n")
	} else {
		b.WriteString("// Client is the part of *dynamodb.Client the package calls: the schema\n// declares no access or write pattern, so none.\ntype Client interface{}\n\n")
	}
	b.WriteString("// Queries runs the schema's access patterns and write patterns, one method\n// each, on the tables the options name. It is safe for concurrent use.\ntype Queries struct {\n\tdb     Client\n\ttables tfdynTables\n}\n\n")
	b.WriteString("// tfdynTables holds the DynamoDB name of each table of the schema.\ntype tfdynTables struct {\n")
	for _, t := range p.api.Tables {
		fmt.Fprintf(b, "\t%s string\n", tableField(t))
	}
	b.WriteString("}\n\n")
	var defaults []string
	for _, t := range p.api.Tables {
		defaults = append(defaults, fmt.Sprintf("%s: %s", tableField(t), quote(t.TableName)))
	}
	b.WriteString("// New returns the queries of the schema over db. Each table has the name\n// the schema declares unless an option sets it: in each environment, the\n// value of the Terraform output tfdyn emit declares for it.\n")
	fmt.Fprintf(b, "func New(db Client, opts ...Option) *Queries {\n\tq := &Queries{db: db, tables: tfdynTables{%s}}\n\tfor _, o := range opts {\n\t\to(q)\n\t}\n\treturn q\n}\n\n", strings.Join(defaults, ", "))
	b.WriteString("// Option configures New.\ntype Option func(*Queries)\n\n")
	for _, t := range p.api.Tables {
		fn := p.declare("With"+exported(t.Name)+"Table", "table "+quote(t.Label), hcl.Range{})
		comment(b, "", fmt.Sprintf("%s sets the DynamoDB name of table %s (default %q): the value of the Terraform output %s that tfdyn emit declares.", fn, t.Label, t.TableName, t.NameOutput))
		fmt.Fprintf(b, "func %s(name string) Option {\n\treturn func(q *Queries) { q.tables.%s = name }\n}\n\n", fn, tableField(t))
	}
	// The Querier interface: every method of Queries.
	b.WriteString("// Querier is every method of *Queries, for code that takes the queries as an\n// interface (and fakes them in its tests).\ntype Querier interface {\n")
	for _, r := range p.api.Reads {
		for _, sig := range p.readSignatures(r) {
			fmt.Fprintf(b, "\t%s\n", sig)
		}
	}
	for _, w := range p.api.Writes {
		fmt.Fprintf(b, "\t%s\n", p.writeSignature(w))
	}
	b.WriteString("}\n\nvar _ Querier = (*Queries)(nil)\n\n")
	b.WriteString(clientErrors)
}

const clientErrors = `// ErrNotFound is returned by a method that reads one item when there is none.
var ErrNotFound = errors.New("no item found")

// Cursor is where a page of a query ends: pass it to the same method with
// the same inputs to read the next page. It is opaque and bound to its
// pattern and inputs; "" is the first page (and, returned, means there is
// no next page).
type Cursor string

// CursorError is a cursor that does not belong to the call: of another
// pattern, made for other inputs, or not a cursor of this package.
type CursorError struct {
	Pattern string
	Reason  string
}

func (e *CursorError) Error() string {
	return fmt.Sprintf("%s: the cursor cannot continue this query: %s", e.Pattern, e.Reason)
}

// CardinalityError is returned by a pattern declared cardinality = "one"
// that finds several items: the design's promise that one item matches
// does not hold for the data.
type CardinalityError struct {
	Pattern string
	// Count is the number of items found (at least 2; the read stops at 2).
	Count int
}

func (e *CardinalityError) Error() string {
	return fmt.Sprintf("%s: declared cardinality \"one\" but at least %d items match", e.Pattern, e.Count)
}

// ItemError is an item a pattern read that is of none of the pattern's
// entities (none of them computes its key from it), or that does not
// unmarshal.
type ItemError struct {
	Pattern string
	// Key renders the item's primary key: PK="USER#alice" SK="PROFILE".
	Key string
	Err error
}

func (e *ItemError) Error() string {
	return fmt.Sprintf("%s: item %s: %v", e.Pattern, e.Key, e.Err)
}

// Unwrap returns the cause.
func (e *ItemError) Unwrap() error { return e.Err }

// InputError is an input of a pattern that cannot be sent: a template over
// the inputs that fails (a format of a number that is not an integer, an
// empty string key), a number that is no DynamoDB number.
type InputError struct {
	Pattern string
	// Attribute is the attribute the value is compared with or written to.
	Attribute string
	// Value is the value as the schema writes it.
	Value string
	Err   error
}

func (e *InputError) Error() string {
	return fmt.Sprintf("%s: %s = %s: %v", e.Pattern, e.Attribute, e.Value, e.Err)
}

// Unwrap returns the cause.
func (e *InputError) Unwrap() error { return e.Err }

// ConditionFailedError is a write whose condition did not hold: nothing was
// written. Err is DynamoDB's ConditionalCheckFailedException, or the
// *TransactionCanceledError of a transaction.
type ConditionFailedError struct {
	Pattern string
	// Entity and Operation name the write whose condition failed (the first
	// one in a transaction): PutItem, UpdateItem or DeleteItem.
	Entity, Operation string
	// Condition is the condition as the schema writes it.
	Condition string
	Err       error
}

func (e *ConditionFailedError) Error() string {
	return fmt.Sprintf("%s: %s of %s: the condition %s does not hold", e.Pattern, e.Operation, e.Entity, e.Condition)
}

// Unwrap returns the cause.
func (e *ConditionFailedError) Unwrap() error { return e.Err }

// UniqueViolationError is a write that would give a unique attribute a
// value another item holds: the guard item of Value exists, and the
// transaction wrote nothing. Err is the *TransactionCanceledError.
type UniqueViolationError struct {
	Pattern string
	// Entity and Attribute name the unique attribute (Customer, email);
	// Value is the value taken (a string or a float64).
	Entity, Attribute string
	Value             any
	Err               error
}

func (e *UniqueViolationError) Error() string {
	return fmt.Sprintf("%s: %s %s %v is taken by another %s", e.Pattern, e.Entity, e.Attribute, e.Value, e.Entity)
}

// Unwrap returns the cause.
func (e *UniqueViolationError) Unwrap() error { return e.Err }

// TransactionCanceledError is a transaction DynamoDB cancelled: it wrote
// nothing. Reasons holds the cancellation reason of every write in order
// (None, ConditionalCheckFailed, TransactionConflict, ...). Err is
// DynamoDB's TransactionCanceledException.
type TransactionCanceledError struct {
	Pattern string
	Reasons []string
	Err     error
}

func (e *TransactionCanceledError) Error() string {
	return fmt.Sprintf("%s: transaction cancelled %v", e.Pattern, e.Reasons)
}

// Unwrap returns the cause.
func (e *TransactionCanceledError) Unwrap() error { return e.Err }
`
