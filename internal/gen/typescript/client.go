package typescript

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/gen"
)

// clientFile is the module of the client: Db, createDb and the options of
// the calls.
const clientFile = dataAccessDir + "client.ts"

// calls reports whether the package makes DynamoDB calls: it has access
// patterns, write patterns or query builders.
func (p *printer) calls() bool {
	return len(p.api.Reads) > 0 || len(p.api.Writes) > 0 || len(p.api.Queries) > 0
}

// errorClasses are the runtime's error classes of the calls, which index.ts
// exports when the package makes calls.
var errorClasses = []string{"CardinalityError", "ConditionFailedError", "CursorError", "InputError", "ItemError", "TransactionCanceledError", "UniqueViolationError"}

// localNames are the names the functions of the calls give their
// parameters: a function of a pattern may not be named so.
var localNames = map[string]bool{"db": true, "input": true, "options": true, "after": true, "k": true, "v": true}

// tableProp is the property of Db.tables holding a table's name: its
// label.
func tableProp(t *gen.Table) string { return prop(t.Label) }

// tableRef is the expression of a table's name in a call.
func tableRef(t *gen.Table) string { return access("db.tables", t.Label) }

// client prints data-access/client.ts: Db (the client and the table
// names), createDb with the options naming the tables (emit's naming
// contract), and the options of a call.
func (p *printer) client() *module {
	m := newModule(clientFile)
	b := &m.body
	for _, n := range errorClasses {
		p.declare(n, "the package's "+n, hcl.Range{})
	}
	db := p.declare("Db", "the package's Db", hcl.Range{})
	opts := p.declare("DbOptions", "the package's DbOptions", hcl.Range{})
	create := p.declare("createDb", "the package's createDb", hcl.Range{})
	call := p.declare("CallOptions", "the package's CallOptions", hcl.Range{})
	page := p.declare("PageOptions", "the package's PageOptions", hcl.Range{})
	cursor := p.declare("Cursor", "the package's Cursor", hcl.Range{})
	client := m.use("@aws-sdk/client-dynamodb", "DynamoDBClient", true)

	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s is what every function of the access patterns and write patterns calls DynamoDB with: the client, and the DynamoDB name of each table of the schema. Make it once with %s and share it.", db, create))
	b.WriteString(" */\n")
	fmt.Fprintf(b, "export interface %s {\n", db)
	b.WriteString("  /** client sends the requests (items, keys and cursors as attribute values, numbers exact). */\n")
	fmt.Fprintf(b, "  readonly client: %s;\n", client)
	b.WriteString("  /** tables holds the DynamoDB name of each table, by the label of its table block. */\n")
	b.WriteString("  readonly tables: {\n")
	for _, t := range p.api.Tables {
		fmt.Fprintf(b, "    readonly %s: string;\n", tableProp(t))
	}
	b.WriteString("  };\n}\n\n")

	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s are the options of %s: the DynamoDB name of a table, in each environment the value of the Terraform output tfdyn emit declares for it (undefined keeps the schema's name).", opts, create))
	b.WriteString(" */\n")
	fmt.Fprintf(b, "export interface %s {\n  readonly tables?: {\n", opts)
	for _, t := range p.api.Tables {
		fmt.Fprintf(b, "    /** %s: the table %s (default %s), Terraform output %s. */\n", tableProp(t), t.Label, str(t.TableName), t.NameOutput)
		fmt.Fprintf(b, "    readonly %s?: string | undefined;\n", tableProp(t))
	}
	b.WriteString("  } | undefined;\n}\n\n")

	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s returns the %s of client: each table has the name the schema declares unless options.tables sets it. Pass a DynamoDBClient of @aws-sdk/client-dynamodb (not a document client): the generated functions marshal items, keys and cursors themselves, so that numbers are sent and read back exactly.", create, db))
	b.WriteString(" */\n")
	fmt.Fprintf(b, "export function %s(client: %s, options: %s = {}): %s {\n", create, client, opts, db)
	b.WriteString("  return {\n    client,\n    tables: {\n")
	for _, t := range p.api.Tables {
		ref := "options.tables?." + t.Label
		if !identifier.MatchString(t.Label) {
			ref = "options.tables?.[" + str(t.Label) + "]"
		}
		fmt.Fprintf(b, "      %s: %s ?? %s,\n", tableProp(t), ref, str(t.TableName))
	}
	b.WriteString("    },\n  };\n}\n\n")

	fmt.Fprintf(b, "/** %s are the options of every call: an AbortSignal that cancels it. */\n", call)
	fmt.Fprintf(b, "export interface %s {\n  readonly signal?: AbortSignal | undefined;\n}\n\n", call)
	fmt.Fprintf(b, "/** %s are the options of a call that reads one page: the cursor of the page before (undefined: the first page). */\n", page)
	fmt.Fprintf(b, "export interface %s extends %s {\n  readonly after?: %s | undefined;\n}\n\n", page, call, cursor)
	b.WriteString("/**\n")
	doc(b, "", fmt.Sprintf("%s is where a page of a query ends: pass it as after to the same function with the same inputs to read the next page. It is opaque (a string an application may hand to its clients) and bound to its pattern and inputs: used elsewhere it is a CursorError.", cursor))
	b.WriteString(" */\n")
	fmt.Fprintf(b, "export type %s = string;\n", cursor)
	for _, n := range []string{db, opts, call, page, cursor} {
		m.export(n, true)
	}
	m.export(create, false)
	return m
}
