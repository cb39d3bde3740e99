package cli

import (
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/findings"
	"github.com/tfdyn/tfdyn/internal/gen/golang"
	"github.com/tfdyn/tfdyn/internal/gen/typescript"
	"github.com/tfdyn/tfdyn/internal/setup"
	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/verify"
)

func init() { commandRegistry = append(commandRegistry, (*app).verifyCommand) }

func (a *app) verifyCommand() *cobra.Command {
	var (
		opts     verify.Options
		target   string
		format   string
		ci       ciOptions
		provider int
		gens     []string
	)
	c := &cobra.Command{
		Use:   "verify [PATH]",
		Short: "Provision the table, run every access pattern live and compare with the schema",
		Long: `verify emits the schema's Terraform into a private directory, provisions it
with terraform, compares the live table with the schema, writes the example
items and generated ones, runs every access pattern as GetItem or Query and
compares each result with what the schema says it must return. It destroys
everything it created at the end, also after a failure or Ctrl-C.

Targets:
  --target local (default)  DynamoDB Local behind tfdyn's compatibility layer
  --endpoint URL            a running DynamoDB-compatible endpoint
  --target aws              a real account (default credential chain); the
                            table name gets a unique suffix

Ctrl-C (or SIGTERM) stops the run, destroys what it created and exits 130;
a second Ctrl-C aborts the cleanup and says what is left behind.

verify takes one schema: PATH naming several (a directory of schemas, each
subdirectory one schema) is a usage error that names the command for one of
them; run verify once per schema (each run provisions its own table).

--gen go:DIR also runs the contract test of the Go package tfdyn gen go wrote
into DIR (it must be current: gen --check's answer) on the provisioned tables
before verify writes its own items: the package's writers, readers, query
builders and typed errors against the oracle, and its calls against the IAM
policy of emit --app-policy (docs/gen.md). Each failed step is a VF421
finding at its pattern. It needs the go command. --gen ts:DIR does the same
for the modules tfdyn gen ts wrote into DIR: compiled with tsc --strict and
run with node's test runner; it needs node, and in the modules' package
@aws-sdk/client-dynamodb, @aws-sdk/lib-dynamodb and typescript.

Exit code 0: everything passed; 1: a pattern or conformance check failed;
2: environment or usage error; 130: interrupted.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkReportFormat(format); err != nil {
				return err
			}
			if err := oneOf("--target", target, "local", "endpoint", "aws"); err != nil {
				return err
			}
			switch {
			case opts.Endpoint != "" && target == "local":
				target = "endpoint"
			case opts.Endpoint != "" && target == "aws":
				return exitf(ExitUsage, "--endpoint and --target aws contradict each other: use one of them")
			case opts.Endpoint == "" && target == "endpoint":
				return exitf(ExitUsage, "--target endpoint needs --endpoint URL")
			}
			if opts.Endpoint != "" {
				if u, err := url.Parse(opts.Endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
					return exitf(ExitUsage, "--endpoint must be an http or https URL such as http://localhost:8000, got %q", opts.Endpoint)
				}
			}
			if err := checkProvider(provider); err != nil {
				return err
			}
			if err := inRange("--items", opts.Items, 1, maxItems); err != nil {
				return err
			}
			if err := inRange("--scale", opts.Scale, 0, maxScale); err != nil {
				return err
			}
			if err := inRange("--parallel", opts.Parallel, 1, maxParallel); err != nil {
				return err
			}
			opts.Target = verify.Target(target)
			opts.ProviderMajor = provider
			ss, err := a.discover(args, diagOptions{format: "text"})
			if err != nil {
				return err
			}
			d, err := ss.one("verify", func(dir string) string { return "tfdyn verify " + dir })
			if err != nil {
				return err
			}
			s, _, err := a.loadSchema(d.Paths, diagOptions{format: "text"}, false)
			if err != nil {
				return err
			}
			if err := checkTableNames(opts.TableNames, s); err != nil {
				return err
			}
			opts.Schema = s
			opts.SchemaPath = "."
			switch {
			case ss.set:
				opts.SchemaPath = filepath.ToSlash(d.Dir) // the one schema of a directory of schemas
			case len(args) == 1:
				opts.SchemaPath = filepath.ToSlash(args[0])
			}
			for _, spec := range gens {
				g, err := checkGenerated(d, s, spec)
				if err != nil {
					return err
				}
				opts.Generated = append(opts.Generated, g)
			}
			opts.Progress = a.stderr
			opts.Abort = a.abort
			if opts.Target == verify.TargetLocal {
				// An installed binary sets itself up: DynamoDB Local the
				// first time (tfdyn setup does the same).
				if err := a.ensureDynamoDBLocal(cmd.Context()); err != nil {
					return err
				}
			}
			if opts.Keep {
				opts.KeepAlive = func(endpoint string) {
					a.waitForStop()
					fmt.Fprintf(a.stderr, "--keep: the table is up at %s; press Ctrl-C to stop and destroy it\n", endpoint)
					<-cmd.Context().Done()
				}
			}
			a.cleansUp() // an interrupt destroys what verify created before tfdyn exits
			rep, err := verify.Run(cmd.Context(), opts)
			var out *findings.Report
			if rep != nil {
				out = output(rep.Output())
				_ = findings.Write(a.stdout, format, out)
				if werr := a.writeReports(ci, out); werr != nil && !errors.Is(werr, errInterrupted) {
					return exit(ExitUsage, fmt.Errorf("verify: %w", werr))
				}
			}
			switch {
			case err != nil && rep != nil && rep.Error != "" && format == "text":
				// The text report on stdout ends with the error: once is enough.
				return exit(ExitUsage, nil)
			case err != nil:
				return exit(ExitUsage, err)
			}
			return findingsExit(out, "")
		},
	}
	c.Flags().StringVar(&target, "target", "local", "local, endpoint or aws")
	c.Flags().StringVar(&opts.Endpoint, "endpoint", "", "URL of a running DynamoDB-compatible endpoint (implies --target endpoint)")
	c.Flags().StringVar(&opts.Region, "region", "", "AWS region (default us-east-1 locally, AWS_REGION for aws)")
	c.Flags().Int64Var(&opts.Seed, "seed", 1, "seed of the generated items")
	c.Flags().IntVar(&opts.Items, "items", 20, "generated items per entity, besides the examples")
	c.Flags().IntVar(&opts.Scale, "scale", 0, "repeat with K times the data and flag patterns whose reads grow with the table")
	c.Flags().BoolVar(&opts.Keep, "keep", false, "leave the table up for inspection (until Ctrl-C for the local target)")
	c.Flags().IntVar(&opts.Parallel, "parallel", 4, "concurrent requests")
	registerFormat(c, &format)
	ci.register(c)
	c.Flags().IntVar(&provider, "provider", 6, "major version of hashicorp/aws: 6 or 5")
	c.Flags().StringToStringVar(&opts.TableNames, "table-name", nil, "DynamoDB name of a table by label (LABEL=NAME); verify refuses names that exist")
	c.Flags().StringArrayVar(&gens, "gen", nil, "go:DIR or ts:DIR: also run the contract test of the code tfdyn gen go or gen ts wrote into DIR on the provisioned tables (repeatable)")
	return c
}

// checkGenerated checks --gen LANG:DIR: DIR holds exactly what tfdyn gen
// go (go:DIR, the package name taken from DIR's doc.go) or tfdyn gen ts
// (ts:DIR, with node and the modules' dependencies in their package)
// writes for the schema, so that the contract test run is the schema's.
func checkGenerated(d hclschema.SchemaDir, s *hclschema.Schema, spec string) (verify.Generated, error) {
	lang, dir, ok := strings.Cut(spec, ":")
	if !ok || dir == "" {
		return verify.Generated{}, exitf(ExitUsage, "--gen %q: want LANG:DIR, for example --gen go:internal/store or --gen ts:src/db", spec)
	}
	schemaPath := d.Dir
	if len(d.Paths) == 1 {
		schemaPath = d.Paths[0]
	}
	identity, err := emit.SchemaIdentity(schemaPath, dir)
	if err != nil {
		return verify.Generated{}, exit(ExitUsage, err)
	}
	var files map[string][]byte
	var diags hcl.Diagnostics
	switch lang {
	case "go":
		src, err := os.ReadFile(filepath.Join(dir, "doc.go"))
		if err != nil {
			return verify.Generated{}, exitf(ExitUsage, "--gen %s: %s holds no package tfdyn gen go wrote (no doc.go): run tfdyn gen go -o %s first", spec, dir, dir)
		}
		f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.PackageClauseOnly)
		if err != nil {
			return verify.Generated{}, exitf(ExitUsage, "--gen %s: %s/doc.go: %v", spec, dir, err)
		}
		files, diags = golang.Generate(s, golang.Options{Package: f.Name.Name, Schema: identity})
	case "ts":
		if _, err := os.Stat(filepath.Join(dir, "index.ts")); err != nil {
			return verify.Generated{}, exitf(ExitUsage, "--gen %s: %s holds no modules tfdyn gen ts wrote (no index.ts): run tfdyn gen ts -o %s first", spec, dir, dir)
		}
		files, diags = typescript.Generate(s, typescript.Options{Schema: identity})
	default:
		return verify.Generated{}, exitf(ExitUsage, "--gen %s: verify runs the contract tests of Go packages (go:DIR) and TypeScript modules (ts:DIR); %q is not supported", spec, lang)
	}
	if diags.HasErrors() {
		return verify.Generated{}, exitf(ExitUsage, "--gen %s: tfdyn gen %s refuses the schema: %s", spec, lang, diags.Error())
	}
	if _, err := emit.Write(dir, files, true); err != nil {
		what := "package is"
		if lang == "ts" {
			what = "modules are"
		}
		return verify.Generated{}, exitf(ExitUsage, "--gen %s: the %s not what tfdyn gen %s writes for this schema, so its contract test would not be the schema's: %v", spec, what, lang, err)
	}
	if lang == "ts" {
		// What the contract run needs, before anything is provisioned.
		if _, _, err := typescript.ContractTools(dir, ""); err != nil {
			return verify.Generated{}, exitf(ExitUsage, "--gen %s: %v", spec, err)
		}
	}
	return verify.Generated{Lang: lang, Dir: dir}, nil
}

// ensureDynamoDBLocal installs DynamoDB Local into tfdyn's cache when it
// is missing, with progress on stderr, as `tfdyn setup` would.
func (a *app) ensureDynamoDBLocal(ctx context.Context) error {
	cache := tfenv.CacheDir()
	if _, err := os.Stat(filepath.Join(setup.DynamoDBLocalDir(cache), "DynamoDBLocal.jar")); err == nil {
		return nil
	}
	fmt.Fprintf(a.stderr, "verify: DynamoDB Local is not in %s yet: installing it (as `tfdyn setup` does)\n", cache)
	how, err := setup.InstallDynamoDBLocal(ctx, cache, setup.DownloadURL, a.stderr)
	if err != nil {
		if ctx.Err() != nil {
			return exit(ExitInterrupted, errInterrupted)
		}
		return exit(ExitUsage, fmt.Errorf("verify: %w", err))
	}
	fmt.Fprintf(a.stderr, "verify: DynamoDB Local installed from %s\n", how)
	return nil
}

// Bounds of verify's numeric flags: beyond them a local run takes hours or
// exhausts memory.
const (
	maxItems    = 100000
	maxScale    = 1000
	maxParallel = 256
)

// checkTableNames checks --table-name LABEL=NAME against the schema.
func checkTableNames(names map[string]string, s *hclschema.Schema) error {
	labels := make([]string, 0, len(s.Tables))
	for _, t := range s.Tables {
		labels = append(labels, t.Label)
	}
	for label, name := range names {
		if !slices.Contains(labels, label) {
			return exitf(ExitUsage, "--table-name %s=%s: the schema has no table %q (tables: %s)", label, name, label, strings.Join(labels, ", "))
		}
		if name == "" {
			return exitf(ExitUsage, "--table-name %s=: the name is empty", label)
		}
	}
	return nil
}
