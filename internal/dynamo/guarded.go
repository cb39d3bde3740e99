package dynamo

import (
	"fmt"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Attr is an attribute and its value in a GuardedUpdate (a nil Value in
// Unchanged: the attribute is absent).
type Attr struct {
	Name  string
	Value types.AttributeValue
}

// GuardedUpdate is an UpdateItem of a stored item that sets and removes
// attributes only while the item still holds what the update was computed
// from: tfdyn migrate rewrites the index key attributes of items with it,
// so that an item another writer changed meanwhile fails the condition and
// is read again instead of being overwritten.
type GuardedUpdate struct {
	// Key is the item's primary key.
	Key map[string]types.AttributeValue
	// Exists is an attribute the item must have (its partition key: the
	// item was not deleted meanwhile); "" for none.
	Exists string
	// Unchanged are the attributes read, each with the value it must
	// still have (nil: it must still be absent), in order.
	Unchanged []Attr
	// Set and Remove are the update's SET and REMOVE actions, in order.
	Set    []Attr
	Remove []string
}

// Input renders the update on table: ConditionExpression
// attribute_exists(#PK) AND #GSI1PK = :p0 AND attribute_not_exists(#x),
// UpdateExpression SET #GSI1PK = :p1 REMOVE #y, with names and values as
// Read and Write render them.
func (u GuardedUpdate) Input(table string) (*dynamodb.UpdateItemInput, error) {
	x := newExprs()
	vals := map[string]types.AttributeValue{}
	value := func(a Attr) string {
		p := ":p" + strconv.Itoa(len(vals))
		vals[p] = a.Value
		return p
	}
	cond := ""
	and := func(s string) {
		if cond != "" {
			cond += " AND "
		}
		cond += s
	}
	if u.Exists != "" {
		and("attribute_exists(" + x.name(u.Exists) + ")")
	}
	for _, a := range u.Unchanged {
		if a.Value == nil {
			and("attribute_not_exists(" + x.name(a.Name) + ")")
			continue
		}
		and(x.name(a.Name) + " = " + value(a))
	}
	update := ""
	for i, a := range u.Set {
		if a.Value == nil {
			return nil, fmt.Errorf("update: no value to set %s to", a.Name)
		}
		if i == 0 {
			update = "SET "
		} else {
			update += ", "
		}
		update += x.name(a.Name) + " = " + value(a)
	}
	for i, n := range u.Remove {
		switch {
		case i > 0:
			update += ", "
		case update != "":
			update += " REMOVE "
		default:
			update = "REMOVE "
		}
		update += x.name(n)
	}
	if update == "" {
		return nil, fmt.Errorf("update: nothing to set or remove")
	}
	in := &dynamodb.UpdateItemInput{TableName: aws.String(table), Key: u.Key, UpdateExpression: aws.String(update),
		ExpressionAttributeNames: NameMap(x.names)}
	if cond != "" {
		in.ConditionExpression = aws.String(cond)
	}
	if len(vals) > 0 {
		in.ExpressionAttributeValues = vals
	}
	return in, nil
}
