package shopdb_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/tfdyn/tfdyn/examples/ecommerce/shopdb"
)

// The application code of examples/ecommerce/README.md (compiled, not run:
// it needs a table; the package's contract test runs the same calls live).
func Example_application() {
	ctx := context.Background()
	var client *dynamodb.Client // dynamodb.NewFromConfig(cfg)
	// app:begin
	// The table's name in this environment: the Terraform output
	// dynamodb_shop_table_name of tfdyn emit.
	db := shopdb.New(client, shopdb.WithShopTable("shop-prod"))

	// Sign up: the customer and the guard item of the e-mail, in one
	// transaction.
	err := db.RegisterCustomer(ctx, shopdb.Customer{Username: "alice", Email: "alice@example.com",
		Name: "Alice Liddell", CreatedAt: "2024-01-03T10:00:00Z"})
	var taken *shopdb.UniqueViolationError
	if errors.As(err, &taken) {
		fmt.Printf("%s %v is taken\n", taken.Attribute, taken.Value)
	}

	// GetItem: a Customer or ErrNotFound.
	alice, err := db.CustomerByUsername(ctx, shopdb.CustomerByUsernameParams{Username: "alice"})
	if errors.Is(err, shopdb.ErrNotFound) {
		fmt.Println("no such customer")
	}
	fmt.Println(alice.Name)

	// A query, page by page: Next is an opaque cursor bound to the pattern
	// and its inputs.
	page, err := db.OrdersForCustomer(ctx, shopdb.OrdersForCustomerParams{Username: "alice"}, "")
	for _, o := range page.Items {
		fmt.Println(o.OrderID, o.Total)
	}
	more, err := db.OrdersForCustomer(ctx, shopdb.OrdersForCustomerParams{Username: "alice"}, page.Next)
	_ = more

	// Every page of an item collection: one slice per entity.
	for page, err := range db.ProductPagePages(ctx, shopdb.ProductPageParams{ProductID: "p-100"}) {
		if err != nil {
			break
		}
		fmt.Println(len(page.Products), len(page.Reviews))
	}

	// Optimistic locking: a stale version is a *ConditionFailedError.
	err = db.UpdateOrderStatus(ctx, shopdb.UpdateOrderStatusParams{Username: "alice", OrderID: "o-1001",
		OrderDate: "2024-05-01", Status: "SHIPPED", ExpectedVersion: 1})
	var stale *shopdb.ConditionFailedError
	if errors.As(err, &stale) {
		fmt.Println("someone changed the order first")
	}
	// app:end
}
