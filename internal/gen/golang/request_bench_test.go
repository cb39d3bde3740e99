package golang_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/examples/ecommerce/shopdb"
)

// captureClient answers every call with an empty output and keeps the
// request: the benchmarks measure building requests, not sending them.
type captureClient struct{ last any }

func (c *captureClient) GetItem(_ context.Context, in *dynamodb.GetItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	c.last = in
	return &dynamodb.GetItemOutput{}, nil
}

func (c *captureClient) Query(_ context.Context, in *dynamodb.QueryInput, _ ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	c.last = in
	return &dynamodb.QueryOutput{}, nil
}

func (c *captureClient) PutItem(_ context.Context, in *dynamodb.PutItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	c.last = in
	return &dynamodb.PutItemOutput{}, nil
}

func (c *captureClient) UpdateItem(_ context.Context, in *dynamodb.UpdateItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	c.last = in
	return &dynamodb.UpdateItemOutput{}, nil
}

func (c *captureClient) DeleteItem(_ context.Context, in *dynamodb.DeleteItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	c.last = in
	return &dynamodb.DeleteItemOutput{}, nil
}

func (c *captureClient) TransactWriteItems(_ context.Context, in *dynamodb.TransactWriteItemsInput, _ ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	c.last = in
	return &dynamodb.TransactWriteItemsOutput{}, nil
}

// BenchmarkBuildRequest builds the request of a pattern of
// examples/ecommerce through the generated method (a client that answers
// at once): values marshalled per call, expressions constants, no
// reflection (TestRequestPathMakesNoReflectionCall). The SDK's
// attributevalue.MarshalMap of the same order (reflection) with its six key
// attributes concatenated by hand is the baseline of PlaceOrder.
func BenchmarkBuildRequest(b *testing.B) {
	ctx := context.Background()
	c := &captureClient{}
	q := shopdb.New(c)
	order := shopdb.Order{Username: "alice", OrderID: "o-1", OrderDate: "2024-05-01", Status: "PLACED", Total: 42.5}
	b.Run("OrdersForCustomer", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := q.OrdersForCustomer(ctx, shopdb.OrdersForCustomerParams{Username: "alice"}, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("OrdersByStatus", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := q.OrdersByStatus(ctx, shopdb.OrdersByStatusParams{Status: "PLACED", From: "2024-05-01", To: "2024-05-31"}, ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("PlaceOrder", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := q.PlaceOrder(ctx, order); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("PlaceOrderAttributeValue", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			item, err := attributevalue.MarshalMap(order)
			if err != nil {
				b.Fatal(err)
			}
			item["PK"] = &types.AttributeValueMemberS{Value: "CUSTOMER#" + order.Username}
			item["SK"] = &types.AttributeValueMemberS{Value: "ORDER#" + order.OrderDate + "#" + order.OrderID}
			item["GSI1PK"] = &types.AttributeValueMemberS{Value: "ORDER#" + order.OrderID}
			item["GSI1SK"] = &types.AttributeValueMemberS{Value: "ORDER#" + order.OrderID}
			item["GSI2PK"] = &types.AttributeValueMemberS{Value: "STATUS#" + order.Status}
			item["GSI2SK"] = &types.AttributeValueMemberS{Value: order.OrderDate + "#" + order.OrderID}
			_, _ = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: new(string), Item: item})
		}
	})
	b.Run("UpdateOrderStatus", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := q.UpdateOrderStatus(ctx, shopdb.UpdateOrderStatusParams{Username: "alice", OrderID: "o-1", OrderDate: "2024-05-01", Status: "SHIPPED", ExpectedVersion: 1}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("RegisterCustomer", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := q.RegisterCustomer(ctx, shopdb.Customer{Username: "alice", Email: "alice@example.com", Name: "Alice", CreatedAt: "2024-01-01"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestRequestPathMakesNoReflectionCall: the committed generated packages
// import neither reflect nor the SDK's reflection-based packages
// (attributevalue, expression) nor encoding/json, and call fmt (which
// reflects) only where an error is returned or printed: in a return
// statement, an Error method, or tfdynKeyText, which renders a key for an
// error. Building and sending a request on the success path reflects on
// nothing.
func TestRequestPathMakesNoReflectionCall(t *testing.T) {
	banned := map[string]bool{"reflect": true, "encoding/json": true,
		"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue": true,
		"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression":     true}
	for _, g := range generated {
		files, err := filepath.Glob(filepath.Join(g.dir, "*.go"))
		require.NoError(t, err)
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			require.NoError(t, err)
			for _, im := range f.Imports {
				p, _ := strconv.Unquote(im.Path.Value)
				require.False(t, banned[p], "%s imports %s", path, p)
			}
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || fn.Body == nil || fn.Name.Name == "Error" || fn.Name.Name == "tfdynKeyText" {
					continue
				}
				var inReturn []ast.Node
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					if r, ok := n.(*ast.ReturnStmt); ok {
						inReturn = append(inReturn, r)
					}
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					sel, ok := call.Fun.(*ast.SelectorExpr)
					if !ok {
						return true
					}
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == "fmt" {
						within := false
						for _, r := range inReturn {
							within = within || call.Pos() >= r.Pos() && call.End() <= r.End()
						}
						require.True(t, within, "%s: %s calls fmt.%s outside an error's return", fset.Position(call.Pos()), fn.Name.Name, sel.Sel.Name)
					}
					return true
				})
			}
		}
	}
}
