package migrate

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
)

// A JSON document written both as JSON and as the argument of Terraform's
// jsonencode: the state machine's definition. Values are string, bool,
// int64, obj (members in order), []any, a tfExpr (a Terraform expression
// whose JSON stand-in is given) or a tfString (a string with Terraform
// interpolations, likewise).
type obj []member

type member struct {
	key string
	val any
}

// tfExpr is a Terraform expression; JSON renders the example value.
type tfExpr struct {
	hcl     string
	example any
}

// tfString is a Terraform string template ("${...}" interpolations);
// JSON renders the example value.
type tfString struct {
	template string
	example  string
}

// MarshalJSON renders the members in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteString("{")
	for i, m := range o {
		if i > 0 {
			b.WriteString(",")
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteString(":")
		v, err := json.Marshal(jsonValue(m.val))
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteString("}")
	return []byte(b.String()), nil
}

// jsonValue is v with Terraform expressions replaced by their examples.
func jsonValue(v any) any {
	switch x := v.(type) {
	case tfExpr:
		return jsonValue(x.example)
	case tfString:
		return x.example
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonValue(e)
		}
		return out
	}
	return v
}

// hclText renders v as a Terraform expression.
func hclText(v any, indent string) string {
	switch x := v.(type) {
	case obj:
		if len(x) == 0 {
			return "{}"
		}
		var b strings.Builder
		b.WriteString("{\n")
		for _, m := range x {
			key := m.key
			if !hclIdent(key) {
				key = strconv.Quote(key)
			}
			fmt.Fprintf(&b, "%s  %s = %s\n", indent, key, hclText(m.val, indent+"  "))
		}
		b.WriteString(indent + "}")
		return b.String()
	case []any:
		if len(x) == 0 {
			return "[]"
		}
		var b strings.Builder
		b.WriteString("[\n")
		for _, e := range x {
			fmt.Fprintf(&b, "%s  %s,\n", indent, hclText(e, indent+"  "))
		}
		b.WriteString(indent + "]")
		return b.String()
	case nil:
		return "null"
	case tfExpr:
		return x.hcl
	case tfString:
		return `"` + x.template + `"`
	case string:
		return string(hclwrite.TokensForValue(cty.StringVal(x)).Bytes())
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	}
	panic(fmt.Sprintf("asl: no HCL form for %T", v))
}

// hclIdent reports whether s can be an object key without quotes.
func hclIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '-')) {
			return false
		}
	}
	return true
}

// aslInputs are the Terraform references the definition uses, with the
// JSON stand-ins the ASL validator sees.
type aslInputs struct {
	worker, table, warmRead, warmWrite, segments, workers tfExpr
	// warm is true when the definition raises the written table's warm
	// throughput first.
	warm bool
	// comment describes the migration.
	comment string
}

// lambdaRetry retries the errors AWS documents as transient for a Lambda
// task (and throttling), with backoff.
var lambdaRetry = []any{obj{
	{"ErrorEquals", []any{"Lambda.ServiceException", "Lambda.AWSLambdaException", "Lambda.SdkClientException", "Lambda.TooManyRequestsException"}},
	{"IntervalSeconds", int64(2)},
	{"MaxAttempts", int64(6)},
	{"BackoffRate", int64(2)},
}}

// definition is the state machine: raise the written table's warm
// throughput (when declared) and wait until it is active, then a
// Distributed Map over the segments whose item processor invokes the
// worker until it says the segment is done (a Lambda invocation lasts at
// most 15 minutes; the worker stops before and resumes from the control
// table).
func definition(in aslInputs) obj {
	states := obj{}
	start := "Segments"
	if in.warm {
		start = "RaiseWarmThroughput"
		states = append(states,
			member{"RaiseWarmThroughput", obj{
				{"Type", "Task"},
				{"Comment", "Pre-raise the written table's warm throughput to the schema's, so that the bulk writes do not start cold"},
				{"Resource", "arn:aws:states:::aws-sdk:dynamodb:updateTable"},
				{"Parameters", obj{
					{"TableName", in.table},
					{"WarmThroughput", obj{{"ReadUnitsPerSecond", in.warmRead}, {"WriteUnitsPerSecond", in.warmWrite}}},
				}},
				{"ResultPath", nil},
				{"Catch", []any{obj{
					// DynamoDB refuses a value at or below the current one:
					// nothing to raise.
					{"ErrorEquals", []any{"DynamoDb.ValidationException"}},
					{"ResultPath", nil},
					{"Next", "Segments"},
				}}},
				{"Next", "WaitForTable"},
			}},
			member{"WaitForTable", obj{
				{"Type", "Wait"},
				{"Seconds", int64(15)},
				{"Next", "TableStatus"},
			}},
			member{"TableStatus", obj{
				{"Type", "Task"},
				{"Resource", "arn:aws:states:::aws-sdk:dynamodb:describeTable"},
				{"Parameters", obj{{"TableName", in.table}}},
				{"ResultSelector", obj{{"status.$", "$.Table.TableStatus"}}},
				{"ResultPath", "$.table"},
				{"Next", "TableActive"},
			}},
			member{"TableActive", obj{
				{"Type", "Choice"},
				{"Choices", []any{obj{{"Variable", "$.table.status"}, {"StringEquals", "ACTIVE"}, {"Next", "Segments"}}}},
				{"Default", "WaitForTable"},
			}},
		)
	}
	states = append(states,
		member{"Segments", obj{
			{"Type", "Pass"},
			{"Comment", "The segments 0 to total_segments - 1 of the parallel Scan"},
			{"Parameters", obj{{"segments.$", tfString{"States.ArrayRange(0, ${" + in.segments.hcl + " - 1}, 1)", fmt.Sprintf("States.ArrayRange(0, %d, 1)", in.segments.example.(int64)-1)}}}},
			{"Next", "Workers"},
		}},
		member{"Workers", obj{
			{"Type", "Map"},
			{"Comment", "One child workflow per segment, workers at a time"},
			{"ItemsPath", "$.segments"},
			{"ItemSelector", obj{{"segment.$", "$$.Map.Item.Value"}, {"total_segments", in.segments}}},
			{"MaxConcurrency", in.workers},
			{"ToleratedFailurePercentage", int64(0)},
			{"ItemProcessor", obj{
				{"ProcessorConfig", obj{{"Mode", "DISTRIBUTED"}, {"ExecutionType", "STANDARD"}}},
				{"StartAt", "Segment"},
				{"States", obj{
					{"Segment", obj{
						{"Type", "Task"},
						{"Comment", "tfdyn migrate --segment I --total-segments N, until the worker's time is nearly up"},
						{"Resource", "arn:aws:states:::lambda:invoke"},
						{"Parameters", obj{{"FunctionName", in.worker}, {"Payload.$", "$"}}},
						{"ResultSelector", obj{{"segment.$", "$.Payload.segment"}, {"total_segments.$", "$.Payload.total_segments"}, {"done.$", "$.Payload.done"}}},
						{"Retry", lambdaRetry},
						{"Next", "SegmentDone"},
					}},
					{"SegmentDone", obj{
						{"Type", "Choice"},
						{"Choices", []any{obj{{"Variable", "$.done"}, {"BooleanEquals", true}, {"Next", "Finished"}}}},
						{"Default", "Segment"},
					}},
					{"Finished", obj{{"Type", "Succeed"}}},
				}},
			}},
			{"Next", "Done"},
		}},
		member{"Done", obj{{"Type", "Succeed"}}},
	)
	return obj{
		{"Comment", in.comment},
		{"StartAt", start},
		{"States", states},
	}
}

// jsonIndent renders the definition as indented JSON (for the validator
// and the golden file).
func jsonIndent(o obj) ([]byte, error) {
	b, err := json.Marshal(o)
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, err
	}
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}
