package plancheck_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/plancheck"
)

// addFiles adds every file matching the patterns to the seed corpus.
func addFiles(f *testing.F, patterns ...string) {
	f.Helper()
	for _, pattern := range patterns {
		files, err := filepath.Glob(pattern)
		if err != nil || len(files) == 0 {
			f.Fatalf("no seed files for %s", pattern)
		}
		for _, name := range files {
			src, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src)
		}
	}
}

// splitSeeds adds one seed per resource change of every plan matching
// pattern: the change, with the plan's format and Terraform versions and
// its configuration reduced to the module path of the change.
func splitSeeds(f *testing.F, pattern string) {
	f.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		f.Fatalf("no seed files for %s", pattern)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		var plan map[string]json.RawMessage
		if err := json.Unmarshal(src, &plan); err != nil {
			f.Fatalf("%s: %v", name, err)
		}
		var changes []json.RawMessage
		if err := json.Unmarshal(plan["resource_changes"], &changes); err != nil {
			f.Fatalf("%s: %v", name, err)
		}
		var config struct {
			RootModule struct {
				Resources []json.RawMessage `json:"resources"`
			} `json:"root_module"`
		}
		_ = json.Unmarshal(plan["configuration"], &config)
		for _, c := range changes {
			var rc struct {
				Address       string `json:"address"`
				ModuleAddress string `json:"module_address"`
			}
			if err := json.Unmarshal(c, &rc); err != nil {
				f.Fatalf("%s: %v", name, err)
			}
			cfg := plan["configuration"]
			if rc.ModuleAddress == "" {
				// A root module resource: its configuration only.
				var res []json.RawMessage
				for _, r := range config.RootModule.Resources {
					var addr struct{ Address string }
					_ = json.Unmarshal(r, &addr)
					if strings.HasPrefix(rc.Address, addr.Address) {
						res = append(res, r)
					}
				}
				b, err := json.Marshal(map[string]any{"root_module": map[string]any{"resources": res}})
				if err != nil {
					f.Fatal(err)
				}
				cfg = b
			}
			seed, err := json.Marshal(map[string]json.RawMessage{
				"format_version": plan["format_version"], "terraform_version": plan["terraform_version"],
				"resource_changes": json.RawMessage("[" + string(c) + "]"), "configuration": cfg,
			})
			if err != nil {
				f.Fatal(err)
			}
			f.Add(seed)
		}
	}
}

// FuzzPlan decodes arbitrary plan JSON, runs every rule on it (with the
// schema of the rules fixture, so that DP204, DP404 and DP405 run, and
// the acknowledgements of the edited fixture) and writes the report in
// every format. Nothing may panic; the JSON report must be valid JSON and
// the JUnit report valid XML.
func FuzzPlan(f *testing.F) {
	// The real plans are large (up to 400 KB), which makes mutation and
	// minimisation slow: seed with the small ones whole and with every
	// resource change of the others as a plan of its own, configuration
	// included.
	addFiles(f, "testdata/plans/edited.json", "testdata/invalid/*.json")
	splitSeeds(f, "testdata/plans/*.json")
	f.Add([]byte(keptPlan("aws_dynamodb_table.app", "", "app", `{"resources": [`+staticResource("app")+`]}`, "")))
	f.Add([]byte(keptPlan(`module.db["a:b"].aws_dynamodb_table.app`, `module.db["a:b"]`, "app",
		`{"module_calls": {"db": {"module": {"resources": [`+staticResource("app", "X")+`]}}}}`, "")))
	f.Add([]byte(planWith(change(`["update"]`, tableJSON("a", `"global_secondary_index": [{"name": "G", "key_schema": [{"attribute_name": "x", "key_type": "HASH"}]}]`),
		tableJSON("a"), `{"global_secondary_index": true}`, ""))))
	schema, diags := hclschema.Load(filepath.Join("testdata", "plans", "rules.tfdyn.hcl"))
	if diags.HasErrors() {
		f.Fatal(diags.Error())
	}
	kept, diags := hclschema.LoadSource("kept.tfdyn.hcl", []byte(keptSchema))
	if diags.HasErrors() {
		f.Fatal(diags.Error())
	}
	acks, _, diags := plancheck.LoadAckFile(filepath.Join("testdata", "plans", "edited.acks.hcl"))
	if diags.HasErrors() {
		f.Fatal(diags.Error())
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		plan, err := plancheck.DecodePlanJSON(bytes.NewReader(src))
		if err != nil {
			return
		}
		for _, opts := range []plancheck.Options{{}, {Schema: schema, Acks: acks}, {Schema: kept}} {
			rep, err := plancheck.CheckPlan(plan, opts)
			if err != nil {
				return
			}
			for _, format := range findings.Names() {
				var buf bytes.Buffer
				if err := findings.Write(&buf, format, rep.Output()); err != nil {
					t.Fatalf("%s: %v", format, err)
				}
				switch format {
				case "json", "sarif":
					if !json.Valid(buf.Bytes()) {
						t.Fatalf("invalid JSON report:\n%s", buf.Bytes())
					}
				case "junit":
					if err := xml.Unmarshal(buf.Bytes(), new(struct{})); err != nil {
						t.Fatalf("invalid JUnit report: %v\n%s", err, buf.Bytes())
					}
				}
			}
		}
	})
}

// FuzzAckFile parses arbitrary acknowledgement files and prints their
// diagnostics as tfdyn plan does. Every acknowledgement returned must be
// valid and match a finding of its code on any address its glob takes.
func FuzzAckFile(f *testing.F) {
	addFiles(f, "testdata/plans/*.acks.hcl")
	f.Add([]byte("acknowledge \"DP405\" {\n  address = \"module.db[\\\"eu\\\"].*\"\n  reason  = \"kept on purpose\"\n}\n"))
	f.Add([]byte("acknowledge \"DP10\" {\n  reason = \"\"\n}\nacknowledge \"DP101\" {\n  reason = 3\n  address = var.x\n}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		acks, files, diags := plancheck.ParseAckFile("tfdyn-acks.hcl", src)
		if err := diag.WriteText(new(bytes.Buffer), files, diags, 80, false); err != nil {
			t.Fatal(err)
		}
		for _, a := range acks {
			if err := plancheck.ValidateAck(a); err != nil {
				t.Fatalf("invalid acknowledgement returned: %v", err)
			}
			if a.Range == nil || !strings.HasPrefix(a.Source, "tfdyn-acks.hcl:") {
				t.Fatalf("acknowledgement without its place: %+v", a)
			}
			addr := strings.NewReplacer("*", "", "?", "x").Replace(a.Address)
			if !a.Matches(a.Code, addr) {
				t.Fatalf("%s does not match address %q", a, addr)
			}
		}
	})
}

// FuzzAckFlag parses arbitrary --ack values. An accepted one must be
// valid and read back the same from its String form.
func FuzzAckFlag(f *testing.F) {
	for _, s := range []string{
		`DP102=module.db.aws_dynamodb_table.app:new sort key, the table is empty`,
		`DP102=module.db.aws_dynamodb_table.app["eu:west"]:key with a colon`,
		`DP301:indexes are added on an empty table`,
		`DP202=module.*.aws_dynamodb_table.app[*]: GSI2 is unused: see ADR-7`,
		`DP405=aws_dynamodb_table.app:"quoted: reason"`,
		`DP101=a"b:c`, `=x:y`, `DP101`, `DP101=`, `dp101:x`, `DP101=[[:x`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := plancheck.ParseAckFlag(s)
		if err != nil {
			return
		}
		if err := plancheck.ValidateAck(a); err != nil {
			t.Fatalf("invalid acknowledgement returned for %q: %v", s, err)
		}
		b, err := plancheck.ParseAckFlag(a.String())
		if err != nil {
			t.Fatalf("%q parses, its String %q does not: %v", s, a.String(), err)
		}
		if a.Code != b.Code || a.Address != b.Address || a.Reason != b.Reason {
			t.Fatalf("%q: %+v reads back from %q as %+v", s, a, a.String(), b)
		}
	})
}
