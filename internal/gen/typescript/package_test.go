package typescript

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tstest"
)

// userApp is the application of the user's package: it imports the
// generated modules of every example and calls them.
const userApp = `import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  ConditionFailedError,
  createDb as createShopDb,
  fromOrderRecord,
  orderKey,
  orderKeyPrefix,
  orderWithItems,
  ordersForCustomerPages,
  placeOrder,
  toOrderRecord,
  type Cursor,
  type Order,
} from "./db/shop/index.js";
import { createDb as createTournamentsDb, matchByTournamentRegionIndexQuery, matchTournamentRegionIndexKeyPrefix } from "./db/tournaments/index.js";
import { createDb as createGithubDb, issueByNumber, issueKey, type IssueRecord } from "./db/github/index.js";
import { hello } from "./db/shop/own.js";

const client = new DynamoDBClient({});
const shop = createShopDb(client, { tables: { shop: "shop-dev" } });
const tournaments = createTournamentsDb(client);
const github = createGithubDb(client, { tables: { github: undefined } });

// The data-access functions, called from the user's code.
export async function handler(o: Order, signal: AbortSignal): Promise<number> {
  try {
    await placeOrder(shop, o, { signal });
  } catch (err) {
    if (!(err instanceof ConditionFailedError)) {
      throw err;
    }
  }
  const after: Cursor | undefined = undefined;
  const page = await orderWithItems(shop, { orderId: o.orderId }, { after, signal });
  let n = page.orders.length + page.orderItems.length;
  for await (const p of ordersForCustomerPages(shop, { username: o.username }, { signal })) {
    n += p.items.length;
  }
  const matches = await matchByTournamentRegionIndexQuery(tournaments, { tournamentId: "t", region: "EU" }).roundEq(1).page({ signal });
  const issue = await issueByNumber(github, { owner: "o", repo: "r", number: 1 }, { signal });
  return n + matches.items.length + (issue === undefined ? 0 : 1);
}

const order: Order = { username: "alice", orderId: "o-1", orderDate: "2024-05-01", status: "PLACED", total: 42.5 };
const record = toOrderRecord(order);
const pk: ` + "`CUSTOMER#${string}`" + ` = record.PK;
const back: Order = fromOrderRecord(record);
const prefix = matchTournamentRegionIndexKeyPrefix({ tournamentId: "t", region: "EU", round: 1 });
const round: number = prefix.round;
const issue: IssueRecord | undefined = undefined;
console.log(hello(), pk, back, orderKey(order), orderKeyPrefix({ username: "alice" }), round, issue, issueKey);
`

// userOwn is the user's own file inside the generated modules' directory.
const userOwn = `// The user's own code next to the generated files: gen leaves it alone.
export function hello(): string {
  return "hello";
}
`

// TestGeneratedModulesInAUserPackage generates every example into a
// user's package, next to a hand-written file of the user in the same
// directory and an application that imports them and calls their access
// and write patterns, query builders, pages and typed errors (three
// schemas' createDb side by side), and compiles it with
// TypeScript 7 and 5.9 under the strict options in the module setups
// packages use: ES modules for Node.js (nodenext), a bundler, CommonJS.
func TestGeneratedModulesInAUserPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles packages")
	}
	setups := []struct {
		name, pkgType, options string
	}{
		{"nodenext", "module", `"module": "nodenext", "moduleResolution": "nodenext", "erasableSyntaxOnly": true`},
		{"bundler", "module", `"module": "esnext", "moduleResolution": "bundler"`},
		// CommonJS emits require() for the imports: verbatimModuleSyntax
		// forbids that, so a CommonJS package turns it off.
		{"commonjs", "commonjs", `"module": "nodenext", "moduleResolution": "nodenext", "esModuleInterop": true, "verbatimModuleSyntax": false`},
	}
	for _, c := range tstest.Compilers {
		for _, s := range setups {
			t.Run(c.Name+"/"+s.name, func(t *testing.T) {
				dir := t.TempDir()
				for _, g := range []struct{ schema, sub string }{
					{"../../../examples/ecommerce", "shop"},
					{"../../../examples/github", "github"},
					{"../../../examples/tournaments", "tournaments"},
				} {
					out := filepath.Join(dir, "src", "db", g.sub)
					writeTS(t, out, generateTS(t, g.schema, out))
				}
				require.NoError(t, os.WriteFile(filepath.Join(dir, "src", "db", "shop", "own.ts"), []byte(userOwn), 0o644))
				require.NoError(t, os.WriteFile(filepath.Join(dir, "src", "app.ts"), []byte(userApp), 0o644))
				tsPackage(t, dir, s.pkgType, s.options+`, "target": "es2020", "lib": ["es2020"], "types": ["node"], "noEmit": true`, "src")
				out, ok := c.Run(t, dir, "-p", ".")
				require.True(t, ok, "tsc (%s) in a user's package (%s):\n%s", c.Name, s.name, out)
			})
		}
	}
}

// TestFixtureModulesCompile: the modules of the schemas whose contracts
// run live beside the examples (the published designs and docs30: per-write
// inputs of a transaction, object and list inputs, documents, projected
// parts of one; the client schema, issue 30's language, sparse and SaaS
// updates) compile under the strict options with TypeScript 7 and 5.9.
func TestFixtureModulesCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles packages")
	}
	schemas := []string{"../../../testdata/published/online_shop", "../../../testdata/published/equipment_versions",
		"../../../testdata/published/device_state_log", "../testdata/docs30", "../golang/testdata/app", "testdata/lang30",
		"../testdata/sparse", "../testdata/saas", "../testdata/ties"}
	// The modules of every schema in one package (src/<schema>/), compiled
	// by one tsc run per compiler: an error names its file under its
	// schema's directory.
	dir := t.TempDir()
	for _, schema := range schemas {
		src := filepath.Join(dir, "src", schemaName(schema))
		writeTS(t, src, generateTS(t, schema, src))
	}
	tsPackage(t, dir, "module", `"module": "nodenext", "moduleResolution": "nodenext", "target": "es2022", "lib": ["es2022"], "types": ["node"], "noEmit": true`, "src")
	for _, c := range tstest.Compilers {
		t.Run(c.Name, func(t *testing.T) {
			out, ok := c.Run(t, dir, "-p", ".")
			require.True(t, ok, "tsc (%s) on the modules of %v:\n%s", c.Name, schemas, out)
		})
	}
}
