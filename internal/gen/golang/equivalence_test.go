package golang_test

import (
	"fmt"
	"math"
	"math/rand"
	"strconv"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/examples/ecommerce/shopdb"
	"github.com/tfdyn/tfdyn/examples/github/githubdb"
	"github.com/tfdyn/tfdyn/examples/tournaments/tournamentsdb"
	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/gen/gentest"
	"github.com/tfdyn/tfdyn/internal/gen/golang/internal/keysdb"
)

type item = map[string]types.AttributeValue

// via turns a generated UnmarshalXxx and MarshalXxx into one function: the
// item of the entity whose attributes are given.
func via[T any](un func(item) (T, error), m func(T) (item, error)) func(item) (item, error) {
	return func(in item) (item, error) {
		x, err := un(in)
		if err != nil {
			return nil, fmt.Errorf("unmarshal: %w", err)
		}
		return m(x)
	}
}

// marshalers maps schema and entity to the generated code under test.
var marshalers = map[string]map[string]func(item) (item, error){
	"testdata/keys": {
		"Issue": via(keysdb.UnmarshalIssue, keysdb.MarshalIssue),
		"Match": via(keysdb.UnmarshalMatch, keysdb.MarshalMatch),
	},
	"../../../examples/ecommerce": {
		"Customer":            via(shopdb.UnmarshalCustomer, shopdb.MarshalCustomer),
		"Order":               via(shopdb.UnmarshalOrder, shopdb.MarshalOrder),
		"OrderItem":           via(shopdb.UnmarshalOrderItem, shopdb.MarshalOrderItem),
		"Product":             via(shopdb.UnmarshalProduct, shopdb.MarshalProduct),
		"Review":              via(shopdb.UnmarshalReview, shopdb.MarshalReview),
		"Category":            via(shopdb.UnmarshalCategory, shopdb.MarshalCategory),
		"CustomerUniqueEmail": via(shopdb.UnmarshalCustomerUniqueEmail, shopdb.MarshalCustomerUniqueEmail),
	},
	"../../../examples/github": {
		"User":         via(githubdb.UnmarshalUser, githubdb.MarshalUser),
		"Organization": via(githubdb.UnmarshalOrganization, githubdb.MarshalOrganization),
		"Membership":   via(githubdb.UnmarshalMembership, githubdb.MarshalMembership),
		"Repository":   via(githubdb.UnmarshalRepository, githubdb.MarshalRepository),
		"Issue":        via(githubdb.UnmarshalIssue, githubdb.MarshalIssue),
		"PullRequest":  via(githubdb.UnmarshalPullRequest, githubdb.MarshalPullRequest),
		"IssueComment": via(githubdb.UnmarshalIssueComment, githubdb.MarshalIssueComment),
		"PRComment":    via(githubdb.UnmarshalPRComment, githubdb.MarshalPRComment),
		"Star":         via(githubdb.UnmarshalStar, githubdb.MarshalStar),
		"Fork":         via(githubdb.UnmarshalFork, githubdb.MarshalFork),
		"Counter":      via(githubdb.UnmarshalCounter, githubdb.MarshalCounter),
	},
	"../../../examples/tournaments": {
		"Tournament":   via(tournamentsdb.UnmarshalTournament, tournamentsdb.MarshalTournament),
		"Match":        via(tournamentsdb.UnmarshalMatch, tournamentsdb.MarshalMatch),
		"Player":       via(tournamentsdb.UnmarshalPlayer, tournamentsdb.MarshalPlayer),
		"Registration": via(tournamentsdb.UnmarshalRegistration, tournamentsdb.MarshalRegistration),
	},
}

// attributeValue is a plain value of gentest as a DynamoDB attribute value.
func attributeValue(v any) types.AttributeValue {
	switch x := v.(type) {
	case string:
		return &types.AttributeValueMemberS{Value: x}
	case float64:
		return &types.AttributeValueMemberN{Value: strconv.FormatFloat(x, 'g', -1, 64)}
	case bool:
		return &types.AttributeValueMemberBOOL{Value: x}
	case []any:
		l := []types.AttributeValue{}
		for _, e := range x {
			l = append(l, attributeValue(e))
		}
		return &types.AttributeValueMemberL{Value: l}
	case map[string]any:
		m := map[string]types.AttributeValue{}
		for k, e := range x {
			m[k] = attributeValue(e)
		}
		return &types.AttributeValueMemberM{Value: m}
	}
	panic(fmt.Sprintf("no attribute value for %T", v))
}

// checkEquivalent compares the generated item of one random entity value
// with hclschema's evaluator (gentest.Check).
func checkEquivalent(t *testing.T, e *hclschema.Entity, marshal func(item) (item, error), r *rand.Rand) {
	t.Helper()
	vals, plain := gentest.Values(r, e)
	in := item{}
	for n, v := range plain {
		in[n] = attributeValue(v)
	}
	out, gerr := marshal(in)
	got := map[string]*gentest.Key{}
	for n, av := range out {
		switch x := av.(type) {
		case *types.AttributeValueMemberS:
			got[n] = &gentest.Key{S: x.Value}
		case *types.AttributeValueMemberN:
			got[n] = &gentest.Key{N: x.Value, IsNumber: true}
		default:
			got[n] = nil
		}
	}
	gentest.Check(t, e, vals, got, gerr)
}

// TestKeyEquivalence holds every generated key template byte-identical to
// hclschema's evaluator over random values (padding, lower and upper of
// non-ASCII letters, format, conditionals, coalesce, arithmetic, sparse
// conditions with nulls, multi-attribute keys), for the examples and the
// key test schema.
func TestKeyEquivalence(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	rounds := 1000
	if testing.Short() {
		rounds = 200
	}
	for schema, ms := range marshalers {
		s, diags := hclschema.Load(schema)
		require.False(t, diags.HasErrors(), "%s", diags)
		for _, e := range gentest.Entities(s) {
			m := ms[e.Name]
			require.NotNil(t, m, "no generated marshaler registered for %s in %s", e.Name, schema)
			for i := 0; i < rounds; i++ {
				checkEquivalent(t, e, m, r)
			}
		}
	}
}

// FuzzKeyEquivalence draws the random values from the fuzzer's seed.
func FuzzKeyEquivalence(f *testing.F) {
	for _, seed := range []int64{1, 2, 3, 42, math.MaxInt64} {
		f.Add(seed)
	}
	s, diags := hclschema.Load("testdata/keys")
	require.False(f, diags.HasErrors(), "%s", diags)
	f.Fuzz(func(t *testing.T, seed int64) {
		r := rand.New(rand.NewSource(seed))
		for _, e := range s.Entities {
			checkEquivalent(t, e, marshalers["testdata/keys"][e.Name], r)
		}
	})
}
