package dynamo_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const (
	sdkDynamoDB    = "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	sdkTypes       = "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	sdkStreams     = "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	sdkStreamTypes = "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
)

// clientImports may only be imported by the wire room: they build clients.
var clientImports = map[string]bool{
	"github.com/aws/aws-sdk-go-v2/config":      true,
	"github.com/aws/aws-sdk-go-v2/credentials": true,
}

// conversionImports may only be imported by the wire room's non-test
// files: they convert attribute values or render expressions.
var conversionImports = map[string]bool{
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue": true,
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression":     true,
}

// wireUses lists what a Go file does that belongs to the wire room: build
// a DynamoDB client (dynamodb.New, dynamodb.NewFromConfig, the SDK's config
// or credentials packages; test files included), and, outside tests,
// convert attribute values (name a types.AttributeValueMember type) or
// render expressions (the SDK's attributevalue or expression packages).
// Tests may spell raw wire values as fixtures.
func wireUses(fset *token.FileSet, f *ast.File, test bool) []string {
	var uses []string
	local := map[string]string{} // import path -> name in the file
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		local[p] = name
		switch {
		case clientImports[p]:
			uses = append(uses, "imports "+p+" (builds a client)")
		case conversionImports[p] && !test:
			uses = append(uses, "imports "+p)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		at := fset.Position(sel.Pos())
		switch {
		case local[sdkDynamoDB] != "" && id.Name == local[sdkDynamoDB] && (sel.Sel.Name == "New" || sel.Sel.Name == "NewFromConfig"):
			uses = append(uses, "builds a client with dynamodb."+sel.Sel.Name+" at line "+strconv.Itoa(at.Line))
		case local[sdkStreams] != "" && id.Name == local[sdkStreams] && (sel.Sel.Name == "New" || sel.Sel.Name == "NewFromConfig"):
			uses = append(uses, "builds a Streams client with dynamodbstreams."+sel.Sel.Name+" at line "+strconv.Itoa(at.Line))
		case !test && local[sdkTypes] != "" && id.Name == local[sdkTypes] && strings.HasPrefix(sel.Sel.Name, "AttributeValueMember"):
			uses = append(uses, "converts an attribute value ("+sel.Sel.Name+") at line "+strconv.Itoa(at.Line))
		case !test && local[sdkStreamTypes] != "" && id.Name == local[sdkStreamTypes] && strings.HasPrefix(sel.Sel.Name, "AttributeValueMember"):
			uses = append(uses, "converts a stream's attribute value ("+sel.Sel.Name+") at line "+strconv.Itoa(at.Line))
		}
		return true
	})
	return uses
}

// TestWireStaysInDynamo enforces the wire room: outside internal/dynamo no
// Go file of the module builds a DynamoDB client, and no non-test file
// converts attribute values or renders expressions. Call dynamo.NewClient,
// dynamo.AV, dynamo.Cty, dynamo.ItemAV, dynamo.Read, dynamo.Write.
// Generated files (a "Code generated ... DO NOT EDIT." header: the packages
// tfdyn gen writes for applications, which marshal their own values) are
// not tfdyn's rooms and are left out.
func TestWireStaysInDynamo(t *testing.T) {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(root, "go.mod"))
	require.NoError(t, err, "module root")
	fset := token.NewFileSet()
	var bad []string
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "internal/dynamo" || d.Name() == "testdata" || (strings.HasPrefix(d.Name(), ".") && rel != ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			return err
		}
		files++
		if ast.IsGenerated(f) {
			return nil // the generators' output is the application's code, not a room of tfdyn
		}
		for _, u := range wireUses(fset, f, strings.HasSuffix(path, "_test.go")) {
			bad = append(bad, rel+": "+u)
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, files, 100, "the walk found the module's files")
	sort.Strings(bad)
	require.Empty(t, bad, "the DynamoDB wire belongs to internal/dynamo: build clients with dynamo.NewClient, convert values with dynamo.AV/Cty/ItemAV, render requests with dynamo.Read/Write")
}

// TestWireUsesAreFound: the check above finds each kind of use, under any
// import name, and lets tests spell wire values.
func TestWireUsesAreFound(t *testing.T) {
	src := `package x

import (
	ddb "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	t "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
)

var c = ddb.New(ddb.Options{})
var v t.AttributeValue = &t.AttributeValueMemberS{Value: "x"}
var e = expression.Name("a")
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	require.NoError(t, err)
	require.Equal(t, []string{
		"imports github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression",
		"builds a client with dynamodb.New at line 9",
		"converts an attribute value (AttributeValueMemberS) at line 10",
	}, wireUses(fset, f, false))
	require.Equal(t, []string{"builds a client with dynamodb.New at line 9"}, wireUses(fset, f, true))

	streams := `package x

import (
	s "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	st "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
)

var c = s.NewFromConfig(cfg)
var v st.AttributeValue = &st.AttributeValueMemberN{Value: "1"}
`
	f, err = parser.ParseFile(fset, "y.go", streams, 0)
	require.NoError(t, err)
	require.Equal(t, []string{
		"builds a Streams client with dynamodbstreams.NewFromConfig at line 8",
		"converts a stream's attribute value (AttributeValueMemberN) at line 9",
	}, wireUses(fset, f, false))
}

// TestMigrateDoesNotImportVerify: migrate (and its tests) reach the wire
// through dynamo, not through verify and its terraform plumbing.
func TestMigrateDoesNotImportVerify(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-test", "./internal/migrate")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	require.NoError(t, err, "go list -deps -test ./internal/migrate")
	deps := strings.Fields(string(out))
	require.Contains(t, deps, "github.com/tfdyn/tfdyn/internal/dynamo")
	for _, d := range deps {
		require.False(t, d == "github.com/tfdyn/tfdyn/internal/verify" || strings.HasPrefix(d, "github.com/tfdyn/tfdyn/internal/verify "),
			"migrate depends on %s", d)
	}
}
