package cost

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDefaultPrices pins the embedded table and the break-even it gives: the
// seeds' "provisioned pays off above about 28.8 % average utilisation".
func TestDefaultPrices(t *testing.T) {
	p := DefaultPrices()
	if p.Region != "us-east-1" || p.Date != "2024-11-01" || len(p.Sources) != 2 {
		t.Fatalf("prices %s %s %v", p.Region, p.Date, p.Sources)
	}
	std := p.Classes[ClassStandard]
	if std.ReadRequestPerMillion != 0.125 || std.WriteRequestPerMillion != 0.625 || std.RCUHour != 0.00013 || std.WCUHour != 0.00065 || std.StorageGBMonth != 0.25 {
		t.Errorf("STANDARD prices %+v", std)
	}
	r, w := p.BreakEven(ClassStandard)
	// 0.00013 / (0.125e-6 * 3600) = 0.28889; the same for writes.
	if math.Abs(r-0.28889) > 1e-5 || math.Abs(w-0.28889) > 1e-5 {
		t.Errorf("break-even %g %g, want 0.28889", r, w)
	}
	// On-demand at full use over provisioned: 1 / 0.28889 = 3.46 ("about 3.5x").
	if ratio := 1 / r; math.Abs(ratio-3.4615) > 1e-3 {
		t.Errorf("on-demand / provisioned at full use = %g, want 3.4615", ratio)
	}
}

// TestParsePricesErrors: a price table names every price of both classes
// (issue 27, item 9: a missing field was priced 0, and the recommendation
// read "switch to provisioned: $0.0000 a month"), and each price is between
// 0 and MaxPrice (1e308 printed amounts of 300 digits).
func TestParsePricesErrors(t *testing.T) {
	const full = `"read_request_per_million":0.125,"write_request_per_million":0.625,"rcu_hour":0.00013,"wcu_hour":0.00065,"storage_gb_month":0.25`
	for _, c := range []struct{ src, want string }{
		{`{"region":"x","date":"y","reads":1}`, `price table: json: unknown field "reads"`},
		{`{"region":"x","classes":{}}`, "price table: region and date are required"},
		{`{"region":"x","date":"y","classes":{"STANDARD":{` + full + `}}}`, "price table: no prices for table class STANDARD_INFREQUENT_ACCESS"},
		{`{"region":"x","date":"y","classes":{"STANDARD":{` + full + `},"STANDARD_INFREQUENT_ACCESS":{` + full + `},"GLACIER":{}}}`,
			`price table: unknown table class "GLACIER" (the classes are STANDARD and STANDARD_INFREQUENT_ACCESS)`},
		{`{"region":"x","date":"y","classes":{"STANDARD":{"read_request_per_million":0.125,"write_request_per_million":0.625,"rcu_hour":0.00013,"wcu_hour":0.00065},"STANDARD_INFREQUENT_ACCESS":{` + full + `}}}`,
			"price table: STANDARD has no storage_gb_month: every class gives all five prices (a missing one is not taken as 0)"},
		{`{"region":"x","date":"y","classes":{"STANDARD":{` + full + `},"STANDARD_INFREQUENT_ACCESS":{` + full + `,"reads":1}}}`,
			`price table: STANDARD_INFREQUENT_ACCESS: json: unknown field "reads"`},
		{`{"region":"x","date":"y","classes":{"STANDARD":{` + strings.Replace(full, `"wcu_hour":0.00065`, `"wcu_hour":-1`, 1) + `},"STANDARD_INFREQUENT_ACCESS":{` + full + `}}}`,
			"price table: STANDARD wcu_hour is negative (-1)"},
		{`{"region":"x","date":"y","classes":{"STANDARD":{` + strings.Replace(full, `"rcu_hour":0.00013`, `"rcu_hour":1e308`, 1) + `},"STANDARD_INFREQUENT_ACCESS":{` + full + `}}}`,
			"price table: STANDARD rcu_hour is 1e+308 US dollars; a price is at most 1000 (list prices are below 1): a typo?"},
		{`{"region":"x","date":"y","classes":{"STANDARD":{` + full + `},"STANDARD_INFREQUENT_ACCESS":{` + full + `}}} {}`, "price table: more than one JSON value"},
	} {
		_, err := ParsePrices([]byte(c.src))
		require.EqualError(t, err, c.want, c.src)
	}
	// Zero is a price (a free tier, a local estimate), written out.
	p, err := ParsePrices([]byte(`{"region":"x","date":"y","classes":{"STANDARD":{` + strings.Replace(full, `"storage_gb_month":0.25`, `"storage_gb_month":0`, 1) + `},"STANDARD_INFREQUENT_ACCESS":{` + full + `}}}`))
	require.NoError(t, err)
	require.Equal(t, ClassPrices{ReadRequestPerMillion: 0.125, WriteRequestPerMillion: 0.625, RCUHour: 0.00013, WCUHour: 0.00065}, p.Classes[ClassStandard])
}
