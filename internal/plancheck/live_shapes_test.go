package plancheck_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/plancheck"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// shapesRoot calls the emitted table as a module with for_each and from a
// nested module, and declares two hand-written tables whose values become
// unknown when var.gen changes (terraform_data.gen.output is unknown
// during the plan that changes its input).
const shapesRoot = `
module "db" {
  source                  = "./db"
  for_each                = toset(["eu", "us"])
  dynamodb_app_table_name = "pc-fe-${each.key}"
}

module "outer" {
  source = "./outer"
}

variable "gen" {
  type    = string
  default = "1"
}

resource "terraform_data" "gen" {
  input = var.gen
}

# Replaced with a name that is unknown until apply when gen changes.
resource "aws_dynamodb_table" "unknown" {
  count        = 1
  name         = "pc-unknown-${terraform_data.gen.output}"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "PK"

  attribute {
    name = "PK"
    type = "S"
  }
}

# Updated in place with values that are unknown until apply when gen
# changes. (The provider rejects an unknown stream_view_type, so the stream
# stays known.)
resource "aws_dynamodb_table" "unknown_update" {
  for_each         = toset(["a"])
  name             = "pc-unknown-update-${each.key}"
  billing_mode     = "PAY_PER_REQUEST"
  hash_key         = "PK"
  stream_enabled   = true
  stream_view_type = "NEW_IMAGE"

  attribute {
    name = "PK"
    type = "S"
  }

  ttl {
    enabled        = true
    attribute_name = "exp${terraform_data.gen.output}"
  }

  point_in_time_recovery {
    enabled = terraform_data.gen.output != ""
  }
}
`

const shapesOuter = `
module "db" {
  source                  = "../db"
  dynamodb_app_table_name = "pc-nested"
}
`

// TestLiveModuleShapes plans tables in for_each module instances, in a
// nested module, in the module call of --as module-call (provider 6 only:
// modules/dynamodb-table needs it), under count and for_each, and with
// values unknown until apply.
func TestLiveModuleShapes(t *testing.T) {
	tftest.Parallel(t)
	w := newWorkspace(t)
	v1 := strings.ReplaceAll(baseTable, "LABEL", "app")
	gsi2 := edit{"  global_secondary_index \"GSI2\" {\n    partition_key = \"GSI2PK\"\n    projection    = \"KEYS_ONLY\"\n  }\n", "",
		"  index \"GSI2\" {\n    GSI2PK = \"STATUS#${status}\"\n  }\n", ""}
	v2 := gsi2.apply(t, v1)
	mc := strings.ReplaceAll(baseTable, "LABEL", "mc")
	moduleCall := w.major == 6

	writeShapes := func(src, mcSrc string) {
		files, err := emit.Emit(loadSchema(t, src), w.emitOptions())
		require.NoError(t, err)
		_, err = emit.Write(filepath.Join(w.dir, "db"), files, false)
		require.NoError(t, err)
		if moduleCall {
			files, err := emit.Emit(loadSchema(t, mcSrc), emit.Options{Layout: emit.LayoutModuleCall, ModuleSource: "./modules/dynamodb-table"})
			require.NoError(t, err)
			_, err = emit.Write(w.dir, files, false)
			require.NoError(t, err)
		}
		// The check sees both schemas as one.
		if moduleCall {
			src += "\n" + mcSrc
		}
		w.schema = loadSchema(t, src)
	}
	require.NoError(t, os.MkdirAll(filepath.Join(w.dir, "outer"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(w.dir, "main.tf"), []byte(shapesRoot), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(w.dir, "outer", "main.tf"), []byte(shapesOuter), 0o644))
	if moduleCall {
		copyModule(t, filepath.Join("..", "..", "modules", "dynamodb-table"), filepath.Join(w.dir, "modules", "dynamodb-table"))
	}
	writeShapes(v1, mc)

	client, err := w.target.NewClient(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx := context.Background()
		for _, n := range []string{"pc-fe-eu", "pc-fe-us", "pc-nested", "pc-unknown-1", "pc-unknown-update-a", "pc-mc"} {
			_, _ = client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(n)})
		}
	})
	w.terraform("init")
	// terraform_data.gen first, so that its output is known when the
	// tables are created.
	w.terraform("apply", "-auto-approve", "-target=terraform_data.gen")
	w.terraform("apply", "-auto-approve")

	clean := w.plan(plancheck.RunOptions{})
	requireFindings(t, w.check(clean))

	writeShapes(v2, gsi2.apply(t, mc))
	ro := plancheck.RunOptions{Vars: []string{"gen=2"}}
	p := w.plan(ro)
	rep := w.check(p)
	w.saveFixture("shapes", ro, func() string {
		if moduleCall {
			return v2 + "\n" + gsi2.apply(t, mc)
		}
		return v2
	}())

	requireFindings(t, rep, shapesWants(moduleCall)...)
}

// shapesWants are the findings of the shapes plan (module.mc only with
// provider 6).
func shapesWants(moduleCall bool) []want {
	gsiDeleted := []string{`GSI "GSI2"`, "is deleted"}
	var wants []want
	wants = append(wants,
		want{"DP102", `aws_dynamodb_table.unknown[0]`, []string{`the table name (name "pc-unknown-1" → (known after apply))`}},
		want{"DP103", `aws_dynamodb_table.unknown_update["a"]`, []string{"unknown until apply"}},
		want{"DP205", `aws_dynamodb_table.unknown_update["a"]`, []string{"unknown until apply", `"exp1"`}},
		want{"DP202", `module.db["eu"].aws_dynamodb_table.app`, append(gsiDeleted, `"pc-fe-eu"`)},
		want{"DP202", `module.db["us"].aws_dynamodb_table.app`, append(gsiDeleted, `"pc-fe-us"`)},
	)
	if moduleCall {
		wants = append(wants, want{"DP202", `module.mc.aws_dynamodb_table.this`, append(gsiDeleted, `"pc-mc"`)})
	}
	wants = append(wants, want{"DP202", `module.outer.module.db.aws_dynamodb_table.app`, append(gsiDeleted, `"pc-nested"`)})
	return wants
}

// copyModule copies the .tf files of a module directory.
func copyModule(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			if d.Name() == ".terraform" || d.Name() == "examples" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if filepath.Ext(path) != ".tf" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	require.NoError(t, err)
}
