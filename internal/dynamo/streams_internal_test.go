package dynamo

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	st "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
	"github.com/stretchr/testify/require"
)

// TestStreamImage: every attribute value type of a stream image becomes
// the DynamoDB API's, nested lists and maps included; no image stays nil.
func TestStreamImage(t *testing.T) {
	in := map[string]st.AttributeValue{
		"s": &st.AttributeValueMemberS{Value: "x"}, "n": &st.AttributeValueMemberN{Value: "1.50"},
		"b": &st.AttributeValueMemberB{Value: []byte{0, 1}}, "t": &st.AttributeValueMemberBOOL{Value: true},
		"z": &st.AttributeValueMemberNULL{Value: true}, "ss": &st.AttributeValueMemberSS{Value: []string{"a", "b"}},
		"ns": &st.AttributeValueMemberNS{Value: []string{"1", "2"}}, "bs": &st.AttributeValueMemberBS{Value: [][]byte{{1}}},
		"l": &st.AttributeValueMemberL{Value: []st.AttributeValue{&st.AttributeValueMemberS{Value: "y"}, &st.AttributeValueMemberM{Value: map[string]st.AttributeValue{"k": &st.AttributeValueMemberN{Value: "2"}}}}},
	}
	require.Equal(t, map[string]types.AttributeValue{
		"s": &types.AttributeValueMemberS{Value: "x"}, "n": &types.AttributeValueMemberN{Value: "1.50"},
		"b": &types.AttributeValueMemberB{Value: []byte{0, 1}}, "t": &types.AttributeValueMemberBOOL{Value: true},
		"z": &types.AttributeValueMemberNULL{Value: true}, "ss": &types.AttributeValueMemberSS{Value: []string{"a", "b"}},
		"ns": &types.AttributeValueMemberNS{Value: []string{"1", "2"}}, "bs": &types.AttributeValueMemberBS{Value: [][]byte{{1}}},
		"l": &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberS{Value: "y"}, &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"k": &types.AttributeValueMemberN{Value: "2"}}}}},
	}, streamImage(in))
	require.Nil(t, streamImage(nil))
}

// TestCopyShapes: the copy's put keeps what is there; a tombstone is the
// key and its marker, deleted only while it is one; a versioned record is
// put when absent (version 0) or at the version read.
func TestCopyShapes(t *testing.T) {
	key := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "A"}, "SK": &types.AttributeValueMemberS{Value: "B"}}
	put := PutIfAbsent("t", key, "PK")
	require.Equal(t, "attribute_not_exists(#k)", aws.ToString(put.ConditionExpression))
	require.Equal(t, map[string]string{"#k": "PK"}, put.ExpressionAttributeNames)
	tomb := Tombstone(key, "000042")
	require.True(t, IsTombstone(tomb))
	require.False(t, IsTombstone(key))
	require.Equal(t, &types.AttributeValueMemberS{Value: "000042"}, tomb[TombstoneAttr])
	require.Len(t, key, 2, "the key is not changed")
	del := DeleteTombstone("t", key)
	require.Equal(t, "attribute_exists(#t)", aws.ToString(del.ConditionExpression))
	require.Equal(t, map[string]string{"#t": TombstoneAttr}, del.ExpressionAttributeNames)
	first := VersionedPut("c", key, "PK", "version", 0)
	require.Equal(t, "attribute_not_exists(#k)", aws.ToString(first.ConditionExpression))
	next := VersionedPut("c", key, "PK", "version", 7)
	require.Equal(t, "#v = :v", aws.ToString(next.ConditionExpression))
	require.Equal(t, map[string]types.AttributeValue{":v": &types.AttributeValueMemberN{Value: "7"}}, next.ExpressionAttributeValues)

	type rec struct {
		Part    string `json:"part"`
		Version int64  `json:"version"`
		Note    string `json:"note,omitempty"`
	}
	m, err := MarshalRecord(rec{Part: "meta", Version: 3})
	require.NoError(t, err)
	require.Equal(t, map[string]types.AttributeValue{"part": &types.AttributeValueMemberS{Value: "meta"}, "version": &types.AttributeValueMemberN{Value: "3"}}, m)
	var back rec
	require.NoError(t, UnmarshalRecord(m, &back))
	require.Equal(t, rec{Part: "meta", Version: 3}, back)
}
