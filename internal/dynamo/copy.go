package dynamo

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// PutIfAbsent is a PutItem that writes item only where table holds no
// item of its key (attribute_not_exists of the partition key attribute
// pk): tfdyn migrate's copy puts each item with it, so that whatever is
// already there — a newer write the stream catch-up applied, a tombstone of
// a delete, an earlier run's copy — is kept.
func PutIfAbsent(table string, item map[string]types.AttributeValue, pk string) *dynamodb.PutItemInput {
	return &dynamodb.PutItemInput{TableName: aws.String(table), Item: item,
		ConditionExpression:      aws.String("attribute_not_exists(#k)"),
		ExpressionAttributeNames: map[string]string{"#k": pk}}
}

// TombstoneAttr is the attribute of a tombstone: an item of a copy target
// that holds only a primary key and this attribute (the sequence number of
// the stream record that deleted the item), so that a copy of the item
// read before the delete is not put back. It is in no secondary index (it
// has none of their key attributes). tfdyn migrate removes tombstones once
// the copy is complete.
const TombstoneAttr = "tfdyn:deleted"

// Tombstone is the tombstone item of key, deleted by the stream record seq.
func Tombstone(key map[string]types.AttributeValue, seq string) map[string]types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(key)+1)
	for k, v := range key {
		out[k] = v
	}
	out[TombstoneAttr] = &types.AttributeValueMemberS{Value: seq}
	return out
}

// IsTombstone reports whether a stored item is a tombstone.
func IsTombstone(item map[string]types.AttributeValue) bool {
	_, ok := item[TombstoneAttr].(*types.AttributeValueMemberS)
	return ok
}

// DeleteTombstone deletes the tombstone at key, and nothing else (an item
// written there since is kept).
func DeleteTombstone(table string, key map[string]types.AttributeValue) *dynamodb.DeleteItemInput {
	return &dynamodb.DeleteItemInput{TableName: aws.String(table), Key: key,
		ConditionExpression:      aws.String("attribute_exists(#t)"),
		ExpressionAttributeNames: map[string]string{"#t": TombstoneAttr}}
}

// MarshalRecord converts a Go struct to an item by its json tags (the
// records of tfdyn migrate's control table: one set of tags serves both).
func MarshalRecord(v any) (map[string]types.AttributeValue, error) {
	m, err := attributevalue.MarshalMapWithOptions(v, func(o *attributevalue.EncoderOptions) { o.TagKey = "json" })
	if err != nil {
		return nil, fmt.Errorf("marshal record: %w", err)
	}
	return m, nil
}

// UnmarshalRecord reads an item into the Go struct v points to.
func UnmarshalRecord(item map[string]types.AttributeValue, v any) error {
	if err := attributevalue.UnmarshalMapWithOptions(item, v, func(o *attributevalue.DecoderOptions) { o.TagKey = "json" }); err != nil {
		return fmt.Errorf("unmarshal record: %w", err)
	}
	return nil
}

// StringKey is a key of string attributes: {name: value}.
func StringKey(kv ...string) map[string]types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = &types.AttributeValueMemberS{Value: kv[i+1]}
	}
	return out
}

// VersionedPut is a PutItem of a record that holds a version number
// (attribute version): it writes only where the stored record still has
// version prev, or where there is none when prev is 0 (attribute pk
// absent). Writers that read a record, change it and put it with the
// version they read never overwrite each other's progress: the second one
// fails its condition (ConditionalCheckFailedException).
func VersionedPut(table string, item map[string]types.AttributeValue, pk, version string, prev int64) *dynamodb.PutItemInput {
	in := &dynamodb.PutItemInput{TableName: aws.String(table), Item: item}
	if prev == 0 {
		in.ConditionExpression = aws.String("attribute_not_exists(#k)")
		in.ExpressionAttributeNames = map[string]string{"#k": pk}
		return in
	}
	in.ConditionExpression = aws.String("#v = :v")
	in.ExpressionAttributeNames = map[string]string{"#v": version}
	in.ExpressionAttributeValues = map[string]types.AttributeValue{":v": &types.AttributeValueMemberN{Value: fmt.Sprint(prev)}}
	return in
}

// VersionedDelete deletes the record at key only while its version
// attribute still holds prev (the version the caller read): a writer that
// changed the record since makes the delete fail its condition
// (ConditionalCheckFailedException), as VersionedPut does for puts.
func VersionedDelete(table string, key map[string]types.AttributeValue, version string, prev int64) *dynamodb.DeleteItemInput {
	return &dynamodb.DeleteItemInput{TableName: aws.String(table), Key: key, ConditionExpression: aws.String("#v = :v"),
		ExpressionAttributeNames:  map[string]string{"#v": version},
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": &types.AttributeValueMemberN{Value: fmt.Sprint(prev)}}}
}
