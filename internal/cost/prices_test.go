package cost

import (
	"math"
	"strings"
	"testing"
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

func TestParsePricesErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`{"region":"x","date":"y","reads":1}`, `price table: json: unknown field "reads"`},
		{`{"region":"x","classes":{}}`, "price table: region and date are required"},
		{`{"region":"x","date":"y","classes":{"STANDARD":{}}}`, "price table: no prices for table class STANDARD_INFREQUENT_ACCESS"},
		{`{"region":"x","date":"y","classes":{"STANDARD":{"wcu_hour":-1},"STANDARD_INFREQUENT_ACCESS":{}}}`, "price table: STANDARD wcu_hour is negative (-1)"},
	} {
		_, err := ParsePrices([]byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePrices(%s) = %v, want %q", c.src, err, c.want)
		}
	}
}
