package hclschema

import (
	"fmt"
	"strings"

	"github.com/zclconf/go-cty/cty"
)

// The one renderer of key conditions, in DynamoDB's KeyConditionExpression
// form: PK = "USER#${username}" AND begins_with(SK, "ORDER#"). doc shows
// the operands as written, verify and the oracle's explanations as bound
// values, lint's messages as written.

// Render renders the condition with the given operand texts (one, or two
// for between): begins_with(SK, "ORDER#"), SK BETWEEN "a" AND "b",
// PK = "USER#alice". An attribute whose name is not an identifier is
// written as the schema's expressions read it, begins_with(attr("State#Date"),
// "WARNING#"), so that its name does not read as an expression.
func (c *Condition) Render(ops []string) string {
	arg := func(i int) string {
		if i < len(ops) {
			return ops[i]
		}
		return "?"
	}
	attr := AttrRef(c.Attr)
	switch c.Op {
	case OpBeginsWith:
		return fmt.Sprintf("begins_with(%s, %s)", attr, arg(0))
	case OpBetween:
		return fmt.Sprintf("%s BETWEEN %s AND %s", attr, arg(0), arg(1))
	}
	return fmt.Sprintf("%s %s %s", attr, c.Op, arg(0))
}

// String renders the condition with its operands as written in the schema.
func (c *Condition) String() string {
	ops := make([]string, len(c.Args))
	for i, a := range c.Args {
		ops[i] = a.Text
	}
	return c.Render(ops)
}

// KeyConditionText renders the key conditions of p with their operands as
// written, joined by AND.
func (p *AccessPattern) KeyConditionText() string {
	parts := make([]string, 0, len(p.Conditions))
	for _, c := range p.Conditions {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, " AND ")
}

// KeyConditionString renders every key condition of b with its bound
// operands, each value rendered by value.
func (b *Bound) KeyConditionString(value func(cty.Value) string) string {
	parts := make([]string, len(b.Pattern.Conditions))
	for i, c := range b.Pattern.Conditions {
		ops := make([]string, len(b.Operands[i]))
		for j, v := range b.Operands[i] {
			ops[j] = value(v)
		}
		parts[i] = c.Render(ops)
	}
	return strings.Join(parts, " AND ")
}
