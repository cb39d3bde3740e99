package typescript

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/tftest"
	"github.com/tfdyn/tfdyn/internal/tstest"
)

// exactNumbers writes three scores through the generated writer, pages
// through the index one item at a time, and reads the ranks back as
// DynamoDB stores them.
const exactNumbers = `import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { addScore, createDb, rankedPages, toScoreRecord } from "./db/index.js";

const env = process.env;
const table = env["TABLE"] ?? "";
const client = new DynamoDBClient({ endpoint: env["ENDPOINT"] ?? "", region: "us-east-1", credentials: { accessKeyId: "tfdyn", secretAccessKey: "tfdyn" } });
const db = createDb(client, { tables: { scores: table } });
for (const [player, seq] of [["c", 3], ["a", 1], ["b", 2]] as const) {
  await addScore(db, { player, seq });
}
const players: string[] = [];
let pages = 0;
for await (const page of rankedPages(db)) {
  pages++;
  players.push(...page.items.map((s) => s.player));
  if (pages > 10) {
    break;
  }
}
const ranks: string[] = [];
for (const p of ["a", "b", "c"]) {
  const out = await client.send(new GetItemCommand({ TableName: table, Key: { PK: { S: "SCORE#" + p }, SK: { S: "SCORE" } } }));
  ranks.push(out.Item?.["Rank"]?.N ?? "");
}
console.log(JSON.stringify({ players, pages, ranks, record: toScoreRecord({ player: "x", seq: 3 }).Rank.value }));
`

// TestExactNumbers: numbers beyond JavaScript's precision round-trip. The
// index sort key of testdata/numbers is 2^53 + seq, computed exactly by the
// generated writer (three distinct numbers where a JavaScript number holds
// two), stored exactly, carried exactly by the cursors of a one-item page
// (a rounded cursor would repeat or skip an item) and matched exactly by
// the recogniser.
func TestExactNumbers(t *testing.T) {
	tftest.Parallel(t)
	tstest.Dir(t)
	target := ddblocaltest.Start(t)
	schema := "testdata/numbers"
	s, diags := hclschema.Load(schema)
	require.False(t, diags.HasErrors(), diags.Error())
	db := userPackage(t, schema, "")
	pkg := filepath.Dir(filepath.Dir(db))
	tables := createTables(t, target, s, "numbers")
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "src", "check.ts"), []byte(exactNumbers), 0o644))
	tsconfig := "{\n  \"compilerOptions\": {\n    " + strictOptions + `,
    "target": "es2022", "lib": ["es2022"], "types": ["node"], "module": "nodenext", "moduleResolution": "nodenext", "rootDir": "src", "outDir": "out"
  },
  "include": ["src"]
}
`
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "tsconfig.json"), []byte(tsconfig), 0o644))
	out, ok := tstest.Compilers[0].Run(t, pkg, "-p", ".")
	require.True(t, ok, out)
	var got struct {
		Players []string `json:"players"`
		Pages   int      `json:"pages"`
		Ranks   []string `json:"ranks"`
		Record  string   `json:"record"`
	}
	cmd := exec.Command("node", "out/check.js")
	cmd.Dir = pkg
	cmd.Env = append(os.Environ(), "TABLE="+tables["scores"], "ENDPOINT="+target.Endpoint())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	require.NoError(t, json.Unmarshal(b, &got), string(b))
	require.Equal(t, []string{"a", "b", "c"}, got.Players)
	require.Equal(t, 4, got.Pages) // three of one item, then the empty one after the last
	require.Equal(t, []string{"9007199254740993", "9007199254740994", "9007199254740995"}, got.Ranks)
	require.Equal(t, "9007199254740995", got.Record)
}
