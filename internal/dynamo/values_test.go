package dynamo_test

import (
	"errors"
	"fmt"
	"math/big"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/stretchr/testify/require"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
	"github.com/tfdyn/tfdyn/internal/oracle"
)

func TestAVOfEveryType(t *testing.T) {
	cases := []struct {
		name string
		v    cty.Value
		want types.AttributeValue
	}{
		{"string", cty.StringVal("USER#é"), &types.AttributeValueMemberS{Value: "USER#é"}},
		{"integer", cty.NumberIntVal(-42), &types.AttributeValueMemberN{Value: "-42"}},
		{"large integer", cty.MustParseNumberVal("123456789012345678901234567890"), &types.AttributeValueMemberN{Value: "123456789012345678901234567890"}},
		{"fraction", cty.MustParseNumberVal("42.50"), &types.AttributeValueMemberN{Value: "42.5"}},
		{"third rounded to 38 digits", cty.NumberVal(new(big.Float).SetPrec(512).Quo(big.NewFloat(1), big.NewFloat(3))),
			&types.AttributeValueMemberN{Value: "0.33333333333333333333333333333333333333"}},
		{"bool", cty.True, &types.AttributeValueMemberBOOL{Value: true}},
		{"null", cty.NullVal(cty.String), &types.AttributeValueMemberNULL{Value: true}},
		{"list", cty.ListVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")}),
			&types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberS{Value: "a"}, &types.AttributeValueMemberS{Value: "b"}}}},
		{"empty list", cty.ListValEmpty(cty.String), &types.AttributeValueMemberL{Value: []types.AttributeValue{}}},
		{"set as a list", cty.SetVal([]cty.Value{cty.NumberIntVal(2), cty.NumberIntVal(1)}),
			&types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberN{Value: "1"}, &types.AttributeValueMemberN{Value: "2"}}}},
		{"object without its null member", cty.ObjectVal(map[string]cty.Value{"a": cty.NumberIntVal(1), "b": cty.NullVal(cty.String)}),
			&types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"a": &types.AttributeValueMemberN{Value: "1"}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := dynamo.AV(c.v)
			require.NoError(t, err)
			require.Equal(t, c.want, got)
		})
	}
	_, err := dynamo.AV(cty.UnknownVal(cty.String))
	require.EqualError(t, err, "unknown value")
}

func TestCtyReadsStoredValues(t *testing.T) {
	cases := []struct {
		name string
		av   types.AttributeValue
		want cty.Value
	}{
		{"S", &types.AttributeValueMemberS{Value: "x"}, cty.StringVal("x")},
		{"N", &types.AttributeValueMemberN{Value: "1.50"}, cty.MustParseNumberVal("1.5")},
		{"BOOL", &types.AttributeValueMemberBOOL{Value: false}, cty.False},
		{"NULL", &types.AttributeValueMemberNULL{Value: true}, cty.NullVal(cty.DynamicPseudoType)},
		{"L", &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberS{Value: "a"}, &types.AttributeValueMemberN{Value: "1"}}},
			cty.TupleVal([]cty.Value{cty.StringVal("a"), cty.NumberIntVal(1)})},
		{"empty L", &types.AttributeValueMemberL{}, cty.EmptyTupleVal},
		{"M", &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"k": &types.AttributeValueMemberBOOL{Value: true}}},
			cty.ObjectVal(map[string]cty.Value{"k": cty.True})},
		{"SS", &types.AttributeValueMemberSS{Value: []string{"b", "a"}}, cty.SetVal([]cty.Value{cty.StringVal("a"), cty.StringVal("b")})},
		{"empty NS", &types.AttributeValueMemberNS{}, cty.SetValEmpty(cty.Number)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := dynamo.Cty(c.av)
			require.NoError(t, err)
			require.True(t, c.want.RawEquals(got), "got %#v", got)
		})
	}
	_, err := dynamo.Cty(&types.AttributeValueMemberB{Value: []byte("x")})
	require.EqualError(t, err, "a B value has no cty form")
	_, err = dynamo.Cty(&types.AttributeValueMemberN{Value: "x1"})
	require.Error(t, err)
}

func TestCanonMakesEqualValuesEqualText(t *testing.T) {
	a := map[string]types.AttributeValue{
		"n": &types.AttributeValueMemberN{Value: "42.50"},
		"m": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"z": &types.AttributeValueMemberS{Value: "1"}, "a": &types.AttributeValueMemberBOOL{Value: true}}},
		"s": &types.AttributeValueMemberSS{Value: []string{"y", "x"}},
	}
	require.Equal(t, `{"m":{"a":true,"z":"1"},"n":42.5,"s":SS["x" "y"]}`, dynamo.CanonItem(a))
	require.Equal(t, "42.5", dynamo.CanonValue(cty.MustParseNumberVal("42.500")))
	require.Equal(t, `PK="USER#a" SK="PROFILE"`, dynamo.KeyString(map[string]types.AttributeValue{
		"SK": &types.AttributeValueMemberS{Value: "PROFILE"}, "PK": &types.AttributeValueMemberS{Value: "USER#a"}, "x": &types.AttributeValueMemberN{Value: "1"},
	}, []hclschema.KeyAttr{{Name: "PK"}, {Name: "SK"}}))
}

func TestSameValueComparesStoredAndComputed(t *testing.T) {
	s := &types.AttributeValueMemberS{Value: "A"}
	n := &types.AttributeValueMemberN{Value: "1.50"}
	require.True(t, dynamo.SameValue(s, true, cty.StringVal("A"), true))
	require.False(t, dynamo.SameValue(s, true, cty.StringVal("B"), true))
	require.True(t, dynamo.SameValue(n, true, cty.MustParseNumberVal("1.5"), true))
	require.False(t, dynamo.SameValue(n, true, cty.StringVal("1.5"), true), "a number is not the string of its digits")
	require.True(t, dynamo.SameValue(nil, false, cty.NilVal, false), "both absent")
	require.False(t, dynamo.SameValue(s, true, cty.NilVal, false))
	require.False(t, dynamo.SameValue(nil, false, cty.StringVal("A"), true))
}

// TestItemSizeIsTheModelsSize: the size of an item as stored equals
// hclschema.ItemSize of the model's item, for every example item.
func TestItemSizeIsTheModelsSize(t *testing.T) {
	for name, path := range shapeSchemas {
		s := loadSchema(t, path)
		for _, e := range s.Entities {
			for _, ex := range e.Examples {
				it, err := e.Item(ex.Values)
				require.NoError(t, err)
				av, err := dynamo.ItemAV(it)
				require.NoError(t, err)
				require.Equal(t, hclschema.ItemSize(it), dynamo.ItemSize(av), "%s: %s %s", name, e.Name, ex.Name())
			}
		}
	}
	require.Equal(t, len("n")+4, dynamo.ItemSize(map[string]types.AttributeValue{"n": &types.AttributeValueMemberN{Value: "-0012.50"}}),
		"-12.5: the pairs 12 and 50, plus 1, plus 1 for the sign (hclschema.NumberSize)")
}

// TestValuesReadsAStoredItem: a stored item's values, as hclschema's
// answers about stored items read them; a binary attribute has no cty form
// and is left out.
func TestValuesReadsAStoredItem(t *testing.T) {
	s := loadSchema(t, "testdata/shapes/wire.tfdyn.hcl")
	item := map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "ACCOUNT#ann"}, "SK": &types.AttributeValueMemberS{Value: "ACCOUNT"},
		"owner": &types.AttributeValueMemberS{Value: "ann"}, "email": &types.AttributeValueMemberS{Value: "a@x"},
		"name": &types.AttributeValueMemberS{Value: "Ann"}, "blob": &types.AttributeValueMemberB{Value: []byte{1}},
	}
	vals := dynamo.Values(item)
	require.Len(t, vals, 5)
	require.NotContains(t, vals, "blob")
	its := s.Table("wire").Recognize(vals)
	require.Len(t, its, 1)
	require.Equal(t, "Account", its[0].Entity.Name)
}

func TestKeyJSONRoundTrip(t *testing.T) {
	key := map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "A"}, "SK": &types.AttributeValueMemberN{Value: "7"}, "B": &types.AttributeValueMemberB{Value: []byte{1, 2}},
	}
	require.Equal(t, key, dynamo.DecodeKey(dynamo.EncodeKey(key)))
}

// TestOutcomeNamesAnswersAsTheOracle: DynamoDB's answers to a write are
// named as oracle.WriteResult renders the outcomes it models.
func TestOutcomeNamesAnswersAsTheOracle(t *testing.T) {
	got, err := dynamo.Outcome(nil)
	require.NoError(t, err)
	require.Equal(t, oracle.WriteResult{}.String(), got)
	got, err = dynamo.Outcome(fmt.Errorf("operation error: %w", &types.ConditionalCheckFailedException{}))
	require.NoError(t, err)
	require.Equal(t, oracle.WriteResult{Error: oracle.ErrConditionalCheckFailed}.String(), got)
	got, err = dynamo.Outcome(&types.TransactionCanceledException{CancellationReasons: []types.CancellationReason{
		{Code: aws.String(oracle.ReasonNone)}, {Code: aws.String(oracle.ReasonConditionalCheckFailed)}}})
	require.NoError(t, err)
	require.Equal(t, oracle.WriteResult{Error: oracle.ErrTransactionCanceled, Reasons: []string{oracle.ReasonNone, oracle.ReasonConditionalCheckFailed}}.String(), got)
	other := errors.New("throttled")
	_, err = dynamo.Outcome(other)
	require.Same(t, other, err)
}
