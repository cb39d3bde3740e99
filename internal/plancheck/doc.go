// Package plancheck is the gate a CI pipeline runs before `terraform apply`
// on DynamoDB tables: it reads a Terraform plan (tfjson) and reports the
// changes of aws_dynamodb_table resources that lose data, break readers,
// writers or stream consumers, depend on the data volume, or weaken the
// table's safety settings.
//
// Get a plan with Run (terraform init, plan -out and show -json through
// terraform-exec in the user's directory) or LoadPlanJSON (a plan made
// elsewhere with `terraform show -json plan.out > plan.json`), then call
// CheckPlan:
//
//	plan, err := plancheck.Run(ctx, dir, nil, plancheck.RunOptions{})
//	if err != nil { ... }                       // exit 2 (a *tfenv.EnvError)
//	rep, err := plancheck.CheckPlan(plan, plancheck.Options{Schema: s, Acks: acks})
//	findings.Write(os.Stdout, "text", rep.Output()) // any format of package findings
//	len(rep.Blocking()) > 0                     // the apply is blocked (tfdyn exits 1)
//
// Every rule has a stable code (DP101...), a family (destructive, breaking,
// data-dependent, hygiene), a severity and a documentation page under
// docs/plan-rules/. Findings name the resource instance address, with
// module path and count/for_each index, so tables in nested modules, in
// the module call of `tfdyn emit --as module-call` and in for_each
// instances are all covered. Values known only after apply are treated
// conservatively: a finding says "unknown until apply" rather than stay
// silent.
//
// With Options.Schema the pattern-aware rule DP204 (an access pattern
// reads a GSI that the apply deletes or rebuilds), the drift rule DP404
// (the planned table differs from the schema) and DP405 (a GSI that the
// schema and the configuration dropped but the provider keeps) run too.
//
// An intended change passes when acknowledged with a reason (Ack), from an
// --ack flag (ParseAckFlag) or a tfdyn-acks.hcl file (LoadAckFile). An
// unacknowledged error finding blocks (exit 1); warnings and acknowledged
// findings are shown and do not block.
package plancheck
