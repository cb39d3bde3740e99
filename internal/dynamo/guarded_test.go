package dynamo_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/dynamo"
)

func TestGuardedUpdateInput(t *testing.T) {
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	key := map[string]types.AttributeValue{"PK": s("P#1"), "SK": s("P#1")}
	in, err := dynamo.GuardedUpdate{
		Key:       key,
		Exists:    "PK",
		Unchanged: []dynamo.Attr{{Name: "GSI1PK", Value: s("OLD")}, {Name: "GSI2PK"}, {Name: "category", Value: s("books")}},
		Set:       []dynamo.Attr{{Name: "GSI1PK", Value: s("NEW")}},
		Remove:    []string{"GSI2PK"},
	}.Input("shop")
	require.NoError(t, err)
	require.Equal(t, &dynamodb.UpdateItemInput{
		TableName:                aws.String("shop"),
		Key:                      key,
		ConditionExpression:      aws.String("attribute_exists(#PK) AND #GSI1PK = :p0 AND attribute_not_exists(#GSI2PK) AND #category = :p1"),
		UpdateExpression:         aws.String("SET #GSI1PK = :p2 REMOVE #GSI2PK"),
		ExpressionAttributeNames: map[string]string{"#PK": "PK", "#GSI1PK": "GSI1PK", "#GSI2PK": "GSI2PK", "#category": "category"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":p0": s("OLD"), ":p1": s("books"), ":p2": s("NEW"),
		},
	}, in)

	in, err = dynamo.GuardedUpdate{Key: key, Remove: []string{"a", "b"}}.Input("shop")
	require.NoError(t, err)
	require.Equal(t, "REMOVE #a, #b", aws.ToString(in.UpdateExpression))
	require.Nil(t, in.ConditionExpression)
	require.Nil(t, in.ExpressionAttributeValues, "DynamoDB rejects an empty map")

	_, err = dynamo.GuardedUpdate{Key: key}.Input("shop")
	require.EqualError(t, err, "update: nothing to set or remove")
}
