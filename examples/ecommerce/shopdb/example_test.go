package shopdb_test

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/examples/ecommerce/shopdb"
)

// The application code of the README and examples/ecommerce/README.md:
// an order's item with every key the schema computes, and its primary key
// for GetItem.
func ExampleMarshalOrder() {
	item, err := shopdb.MarshalOrder(shopdb.Order{Username: "alice", OrderID: "o-1", OrderDate: "2024-05-01", Status: "PLACED", Total: 42})
	if err != nil {
		panic(err)
	}
	for _, k := range []string{"PK", "SK", "GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK"} {
		fmt.Println(k, item[k].(*types.AttributeValueMemberS).Value)
	}
	key, err := shopdb.OrderKey("alice", "o-1", "2024-05-01")
	fmt.Println(len(key), err)
	// Output:
	// PK CUSTOMER#alice
	// SK ORDER#2024-05-01#o-1
	// GSI1PK ORDER#o-1
	// GSI1SK ORDER#o-1
	// GSI2PK STATUS#PLACED
	// GSI2SK 2024-05-01#o-1
	// 2 <nil>
}
