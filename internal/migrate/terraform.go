package migrate

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/emit"
)

// What `tfdyn migrate --emit` writes.
const (
	// EmitTerraform: the control table and a copy's target tables.
	EmitTerraform = "terraform"
	// EmitStepFunctions: that and a Step Functions Distributed Map of
	// workers.
	EmitStepFunctions = "stepfunctions"
)

// Bounds of the Step Functions hand-off: a Distributed Map runs at most
// 10,000 child workflows at a time, and States.ArrayRange makes at most
// 1,000 segments.
const (
	MaxWorkers          = 10000
	MaxMapSegments      = 1000
	DefaultWorkers      = 10
	workerTimeoutSecond = 900
)

// WorkerSchemaDirs are the directories of the worker's zip that hold BASE's
// and HEAD's schema files (next to the bootstrap, the tfdyn binary).
var WorkerSchemaDirs = [2]string{"base", "head"}

// WorkerArgsEnv is the environment variable that gives the Lambda worker
// its migrate arguments (a JSON list; the segment comes with each
// invocation).
const WorkerArgsEnv = "TFDYN_MIGRATE_ARGS"

// EmitOptions configure Emit.
type EmitOptions struct {
	// Kind is EmitTerraform or EmitStepFunctions.
	Kind string
	// Identity is recorded in every file's header (emit's ownership: Write
	// replaces only files of this identity).
	Identity string
	// Label is the table the state machine migrates (EmitStepFunctions).
	Label string
	// Workers is the Map's MaxConcurrency; TotalSegments the segments
	// (default 4 per worker, at most MaxMapSegments); Rate the updates per
	// second of all workers together (0: no bound), split evenly.
	Workers, TotalSegments int
	Rate                   float64
}

// Emit writes the Terraform of a migration as a module of its own: the
// control table (control.tf); for a copy, HEAD's tables beside BASE's
// (emit's module layout: main.tf, variables.tf, outputs.tf, versions.tf),
// named by the target's default name; with EmitStepFunctions, the state
// machine, its worker and their IAM (stepfunctions.tf). Every file carries
// emit's ownership header with opts.Identity.
func Emit(p *Plan, opts EmitOptions) (map[string][]byte, error) {
	bodies := map[string][]byte{}
	var copied []*hclschema.Table
	for _, cp := range p.Copies {
		if cp.Refused != "" {
			return nil, fmt.Errorf("migrate: the copy of table %q is refused: %s", cp.Table, cp.Refused)
		}
		t := *cp.head
		t.Name = cp.To
		copied = append(copied, &t)
	}
	if len(copied) > 0 {
		sub := *p.headSchema
		sub.Tables = copied
		files, err := emit.Emit(&sub, emit.Options{Layout: emit.LayoutModule, ProviderMajor: 6})
		if err != nil {
			return nil, fmt.Errorf("migrate: the copy's target tables: %w", err)
		}
		for _, n := range []string{"main.tf", "variables.tf", "outputs.tf", "versions.tf"} {
			h, err := emit.ParseFileHeader(files[n])
			if err != nil {
				return nil, fmt.Errorf("migrate: %s: %w", n, err)
			}
			bodies[n] = h.Body
		}
	} else {
		bodies["versions.tf"] = emit.Versions(emit.Options{ProviderMajor: 6})
	}
	bodies["control.tf"] = controlTF(p)
	options := "--emit " + opts.Kind
	if opts.Kind == EmitStepFunctions {
		if opts.Workers <= 0 {
			opts.Workers = DefaultWorkers
		}
		if opts.TotalSegments <= 0 {
			opts.TotalSegments = min(4*opts.Workers, MaxMapSegments)
		}
		sf, err := stepFunctionsTF(p, opts)
		if err != nil {
			return nil, err
		}
		bodies["stepfunctions.tf"] = sf
		options += fmt.Sprintf(" --workers %d --total-segments %d --rate %s", opts.Workers, opts.TotalSegments, strconv.FormatFloat(opts.Rate, 'g', -1, 64))
	}
	out := make(map[string][]byte, len(bodies))
	for n, b := range bodies {
		b = hclwrite.Format(b)
		out[n] = append([]byte(emit.RenderHeader(emit.StyleHash, opts.Identity, options, b)), b...)
	}
	return out, nil
}

// controlTableDefault is the default name of the control table.
func controlTableDefault(p *Plan) string {
	if len(p.baseSchema.Tables) == 1 {
		return p.baseSchema.Tables[0].Name + "-tfdyn-migrate"
	}
	return "tfdyn-migrate"
}

// controlTF declares the control table, its name variable and outputs.
func controlTF(p *Plan) []byte {
	f := hclwrite.NewEmptyFile()
	b := f.Body()
	v := b.AppendNewBlock("variable", []string{"control_table_name"}).Body()
	v.SetAttributeValue("description", cty.StringVal("Name of the control table where the workers of tfdyn migrate share their progress (--control-table)."))
	v.SetAttributeRaw("type", emit.ExprTokens("string"))
	v.SetAttributeValue("default", cty.StringVal(controlTableDefault(p)))
	b.AppendNewline()
	r := b.AppendNewBlock("resource", []string{"aws_dynamodb_table", "control"}).Body()
	r.SetAttributeRaw("name", emit.ExprTokens("var.control_table_name"))
	r.SetAttributeValue("billing_mode", cty.StringVal("PAY_PER_REQUEST"))
	r.SetAttributeValue("hash_key", cty.StringVal(ControlPartitionKey))
	r.SetAttributeValue("range_key", cty.StringVal(ControlSortKey))
	r.SetAttributeValue("deletion_protection_enabled", cty.False)
	for _, k := range []string{ControlPartitionKey, ControlSortKey} {
		r.AppendNewline()
		a := r.AppendNewBlock("attribute", nil).Body()
		a.SetAttributeValue("name", cty.StringVal(k))
		a.SetAttributeValue("type", cty.StringVal("S"))
	}
	r.AppendNewline()
	r.AppendNewBlock("ttl", nil).Body().SetAttributeValue("enabled", cty.False)
	r.AppendNewline()
	r.AppendNewBlock("point_in_time_recovery", nil).Body().SetAttributeValue("enabled", cty.False)
	for _, o := range []struct{ name, desc, value string }{
		{"control_table_name", "Name of the control table (--control-table).", "aws_dynamodb_table.control.name"},
		{"control_table_arn", "ARN of the control table.", "aws_dynamodb_table.control.arn"},
	} {
		b.AppendNewline()
		ob := b.AppendNewBlock("output", []string{o.name}).Body()
		ob.SetAttributeValue("description", cty.StringVal(o.desc))
		ob.SetAttributeRaw("value", emit.ExprTokens(o.value))
	}
	return f.Bytes()
}

// warmThroughput is what the written table's schema declares as its warm
// throughput (0, 0: nothing declared).
func warmThroughput(t *hclschema.Table) (read, write int64) {
	return warmOf(t.Spec())
}

// stepFunctionsTF declares the worker (Lambda, provided.al2023, the tfdyn
// binary as bootstrap), the state machine (a Distributed Map over the
// segments) and their IAM.
func stepFunctionsTF(p *Plan, opts EmitOptions) ([]byte, error) {
	bt := p.baseSchema.Table(opts.Label)
	if bt == nil {
		return nil, fmt.Errorf("migrate: BASE has no table %q", opts.Label)
	}
	if opts.Workers < 1 || opts.Workers > MaxWorkers {
		return nil, fmt.Errorf("migrate: workers must be between 1 and %d (a Distributed Map's most child workflows at a time), got %d", MaxWorkers, opts.Workers)
	}
	if opts.TotalSegments < 1 || opts.TotalSegments > MaxMapSegments {
		return nil, fmt.Errorf("migrate: total segments must be between 1 and %d (States.ArrayRange's most items), got %d", MaxMapSegments, opts.TotalSegments)
	}
	if err := CheckRate(opts.Rate); err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	if opts.Rate > 0 && opts.Rate/float64(opts.Workers) < MinRate {
		return nil, fmt.Errorf("migrate: a rate of %g split across %d workers is %g per worker, below %g: give fewer workers or a higher rate", opts.Rate, opts.Workers, opts.Rate/float64(opts.Workers), MinRate)
	}
	cp := p.Copy(opts.Label)
	writtenTable := bt
	var targetRef string
	if cp != nil {
		writtenTable = cp.head
		targetRef = "aws_dynamodb_table." + emit.Label(cp.head)
	} else if len(p.Runnable(opts.Label)) == 0 {
		return nil, fmt.Errorf("migrate: the plan changes no item of table %q: there is nothing for workers to do", opts.Label)
	}
	warmRead, warmWrite := warmThroughput(writtenTable)
	if warmRead != 0 || warmWrite != 0 {
		// One side declared: the other at DynamoDB's default, which a raise
		// leaves as it is.
		warmRead, warmWrite = orDefault(warmRead, defaultWarmRead), orDefault(warmWrite, defaultWarmWrite)
	}

	var b strings.Builder
	vars := []struct{ name, typ, desc, def, cond, msg string }{
		{"base_table_name", "string", "Name of BASE's table, the table the workers scan (--table).", strconv.Quote(bt.Name), "", ""},
		{"worker_zip", "string", "Path of the worker's zip: the tfdyn binary for Linux named bootstrap, and BASE's and HEAD's schema files in base/ and head/ (docs/migrate.md).", "", "", ""},
		{"worker_architecture", "string", "Architecture of the worker's tfdyn binary: arm64 or x86_64.", `"arm64"`, `contains(["arm64", "x86_64"], var.worker_architecture)`, "The worker architecture is arm64 or x86_64."},
		{"worker_memory", "number", "Memory of a worker in MB (CPU grows with it).", "1024", "var.worker_memory >= 128 && var.worker_memory <= 10240", "Lambda memory is 128 to 10240 MB."},
		{"workers", "number", "Workers at a time: the Distributed Map's MaxConcurrency.", strconv.Itoa(opts.Workers), fmt.Sprintf("var.workers >= 1 && var.workers <= %d", MaxWorkers), fmt.Sprintf("A Distributed Map runs 1 to %d child workflows at a time.", MaxWorkers)},
		{"total_segments", "number", "Segments of the parallel Scan, one Map item each (--total-segments); every worker of one migration must be given the same.", strconv.Itoa(opts.TotalSegments), fmt.Sprintf("var.total_segments >= 1 && var.total_segments <= %d", MaxMapSegments), fmt.Sprintf("States.ArrayRange makes 1 to %d segments.", MaxMapSegments)},
		{"rate", "number", "Writes per second of all workers together, split evenly across them (0: no bound).", strconv.FormatFloat(opts.Rate, 'g', -1, 64), fmt.Sprintf("var.rate == 0 || var.rate / var.workers >= %g", MinRate), fmt.Sprintf("Each worker's share of the rate must be at least %g writes per second.", MinRate)},
		{"warm_read_units_per_second", "number", "Warm read throughput raised on the written table before the workers start (null: not raised).", nullOr(warmRead), "", ""},
		{"warm_write_units_per_second", "number", "Warm write throughput raised on the written table before the workers start (null: not raised).", nullOr(warmWrite), "", ""},
		{"state_machine_name", "string", "Name of the state machine and the prefix of its worker and roles.", strconv.Quote(sanitize("tfdyn-migrate-" + bt.Name)), "", ""},
	}
	for _, v := range vars {
		fmt.Fprintf(&b, "variable %q {\n  description = %s\n  type = %s\n", v.name, strconv.Quote(v.desc), v.typ)
		if v.def != "" {
			fmt.Fprintf(&b, "  default = %s\n", v.def)
		}
		if v.cond != "" {
			fmt.Fprintf(&b, "  validation {\n    condition = %s\n    error_message = %s\n  }\n", v.cond, strconv.Quote(v.msg))
		}
		b.WriteString("}\n\n")
	}
	b.WriteString(`data "aws_partition" "current" {}

data "aws_region" "current" {}

data "aws_caller_identity" "current" {}

data "aws_dynamodb_table" "base" {
  name = var.base_table_name
}

`)
	written := "data.aws_dynamodb_table.base"
	if targetRef != "" {
		written = targetRef
	}
	args := []string{`"migrate"`, strconv.Quote(WorkerSchemaDirs[0]), strconv.Quote(WorkerSchemaDirs[1]), `"--table"`, "var.base_table_name",
		`"--control-table"`, "aws_dynamodb_table.control.name", `"--total-segments"`, "tostring(var.total_segments)"}
	if targetRef != "" {
		args = append(args, `"--to-table"`, targetRef+".name")
	}
	fmt.Fprintf(&b, `locals {
  state_machine_arn = "arn:${data.aws_partition.current.partition}:states:${data.aws_region.current.region}:${data.aws_caller_identity.current.account_id}:stateMachine:${var.state_machine_name}"
  # The worker's arguments; each invocation adds --segment I. The rate is
  # split evenly across the workers that run at once.
  worker_args = concat([%s], var.rate > 0 ? ["--rate", tostring(var.rate / var.workers)] : [])
}

`, strings.Join(args, ", "))

	tables := []string{"data.aws_dynamodb_table.base.arn", "aws_dynamodb_table.control.arn"}
	if targetRef != "" {
		tables = append(tables, targetRef+".arn")
	}
	fmt.Fprintf(&b, `data "aws_iam_policy_document" "worker_assume" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["lambda.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "worker" {
  name               = "${var.state_machine_name}-worker"
  assume_role_policy = data.aws_iam_policy_document.worker_assume.json
}

resource "aws_iam_role_policy_attachment" "worker_logs" {
  role       = aws_iam_role.worker.name
  policy_arn = "arn:${data.aws_partition.current.partition}:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"
}

data "aws_iam_policy_document" "worker" {
  statement {
    sid       = "ReadBase"
    actions   = ["dynamodb:DescribeTable", "dynamodb:Scan", "dynamodb:GetItem"]
    resources = [data.aws_dynamodb_table.base.arn]
  }
  statement {
    sid       = "Write"
    actions   = [%s]
    resources = [%s.arn]
  }
  statement {
    sid       = "Control"
    actions   = ["dynamodb:DescribeTable", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:DeleteItem", "dynamodb:Query"]
    resources = [aws_dynamodb_table.control.arn]
  }
}

resource "aws_iam_role_policy" "worker" {
  name   = "tfdyn-migrate"
  role   = aws_iam_role.worker.id
  policy = data.aws_iam_policy_document.worker.json
}

resource "aws_lambda_function" "worker" {
  function_name    = "${var.state_machine_name}-worker"
  description      = "tfdyn migrate worker: one segment of the migration per invocation, until done"
  role             = aws_iam_role.worker.arn
  runtime          = "provided.al2023"
  handler          = "bootstrap"
  architectures    = [var.worker_architecture]
  filename         = var.worker_zip
  source_code_hash = filebase64sha256(var.worker_zip)
  memory_size      = var.worker_memory
  timeout          = %d

  environment {
    variables = {
      %s = jsonencode(local.worker_args)
    }
  }
}

data "aws_iam_policy_document" "state_machine_assume" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["states.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "state_machine" {
  name               = "${var.state_machine_name}-states"
  assume_role_policy = data.aws_iam_policy_document.state_machine_assume.json
}

data "aws_iam_policy_document" "state_machine" {
  statement {
    sid       = "InvokeWorker"
    actions   = ["lambda:InvokeFunction"]
    resources = [aws_lambda_function.worker.arn, "${aws_lambda_function.worker.arn}:*"]
  }
  statement {
    sid       = "DistributedMap"
    actions   = ["states:StartExecution"]
    resources = [local.state_machine_arn]
  }
  statement {
    sid       = "DistributedMapChildren"
    actions   = ["states:DescribeExecution", "states:StopExecution"]
    resources = ["${replace(local.state_machine_arn, ":stateMachine:", ":execution:")}/*"]
  }
  statement {
    sid       = "WarmThroughput"
    actions   = ["dynamodb:UpdateTable", "dynamodb:DescribeTable"]
    resources = [%s.arn]
  }
}

resource "aws_iam_role_policy" "state_machine" {
  name   = "tfdyn-migrate"
  role   = aws_iam_role.state_machine.id
  policy = data.aws_iam_policy_document.state_machine.json
}

`, writeActions(targetRef != ""), written, workerTimeoutSecond, WorkerArgsEnv, written)

	in := aslInputs{
		worker:    tfExpr{"aws_lambda_function.worker.arn", "arn:aws:lambda:us-east-1:123456789012:function:tfdyn-migrate-worker"},
		table:     tfExpr{written + ".name", bt.Name},
		warmRead:  tfExpr{"var.warm_read_units_per_second", orDefault(warmRead, defaultWarmRead)},
		warmWrite: tfExpr{"var.warm_write_units_per_second", orDefault(warmWrite, defaultWarmWrite)},
		segments:  tfExpr{"var.total_segments", int64(opts.TotalSegments)},
		workers:   tfExpr{"var.workers", int64(opts.Workers)},
		warm:      true,
		comment:   fmt.Sprintf("tfdyn migrate %s → %s: table %s", p.Base, p.Head, bt.Name),
	}
	if cp != nil {
		in.comment += " copied into " + cp.To
	}
	warmDef, coldDef := definition(in), definition(func() aslInputs { c := in; c.warm = false; return c }())
	fmt.Fprintf(&b, `resource "aws_sfn_state_machine" "migrate" {
  name     = var.state_machine_name
  role_arn = aws_iam_role.state_machine.arn
  type     = "STANDARD"
  # With warm throughput to raise, the definition raises it and waits for
  # the table first; else it starts with the segments.
  definition = var.warm_read_units_per_second != null && var.warm_write_units_per_second != null ? jsonencode(%s) : jsonencode(%s)

  depends_on = [aws_iam_role_policy.state_machine]
}

output "state_machine_arn" {
  description = "ARN of the state machine: start an execution (any input) to run the migration."
  value       = aws_sfn_state_machine.migrate.arn
}

output "worker_function_name" {
  description = "Name of the worker's Lambda function."
  value       = aws_lambda_function.worker.function_name
}
`, hclText(warmDef, "  "), hclText(coldDef, "  "))
	return []byte(b.String()), nil
}

// Definition returns the state machine definition Emit writes for the
// table label, as JSON with example values for the Terraform references
// (for ASL validators and review).
func Definition(p *Plan, label string, workers, totalSegments int, warm bool) ([]byte, error) {
	bt := p.baseSchema.Table(label)
	if bt == nil {
		return nil, fmt.Errorf("migrate: BASE has no table %q", label)
	}
	in := aslInputs{
		worker:    tfExpr{"", "arn:aws:lambda:us-east-1:123456789012:function:tfdyn-migrate-worker"},
		table:     tfExpr{"", bt.Name},
		warmRead:  tfExpr{"", int64(defaultWarmRead)},
		warmWrite: tfExpr{"", int64(defaultWarmWrite)},
		segments:  tfExpr{"", int64(totalSegments)},
		workers:   tfExpr{"", int64(workers)},
		warm:      warm,
		comment:   fmt.Sprintf("tfdyn migrate %s → %s: table %s", p.Base, p.Head, bt.Name),
	}
	return jsonIndent(definition(in))
}

func writeActions(copy bool) string {
	acts := []string{"dynamodb:DescribeTable", "dynamodb:GetItem", "dynamodb:UpdateItem"}
	if copy {
		acts = []string{"dynamodb:DescribeTable", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:DeleteItem", "dynamodb:Scan"}
	}
	sort.Strings(acts)
	q := make([]string, len(acts))
	for i, a := range acts {
		q[i] = strconv.Quote(a)
	}
	return strings.Join(q, ", ")
}

// DynamoDB's warm throughput of an on-demand table that declares none
// (units per second).
const (
	defaultWarmRead  = 12000
	defaultWarmWrite = 4000
)

func nullOr(n int64) string {
	if n == 0 {
		return "null"
	}
	return strconv.FormatInt(n, 10)
}

func orDefault(n, def int64) int64 {
	if n == 0 {
		return def
	}
	return n
}

// sanitize keeps the characters a state machine, function and role name
// allow (letters, digits, - and _), at most 64 less the longest suffix.
func sanitize(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteRune('-')
		}
	}
	out := b.String()
	if len(out) > 56 {
		out = out[:56]
	}
	return out
}
