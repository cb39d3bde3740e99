package cost

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
)

// FuzzParsePrices feeds arbitrary bytes to the price table parser: it must
// return a table or an error, never panic, and a table it returns has both
// classes with every price between 0 and MaxPrice.
func FuzzParsePrices(f *testing.F) {
	f.Add(defaultPrices)
	f.Add([]byte(`{"region":"x","date":"y","classes":{}}`))
	f.Add([]byte(`{"region":"x","date":"y","reads":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePrices(data)
		if err != nil {
			return
		}
		for _, class := range []string{ClassStandard, ClassInfrequentAccess} {
			c, ok := p.Classes[class]
			if !ok {
				t.Fatalf("parsed a table without %s", class)
			}
			for _, v := range []float64{c.ReadRequestPerMillion, c.WriteRequestPerMillion, c.RCUHour, c.WCUHour, c.StorageGBMonth} {
				if v < 0 || v > MaxPrice {
					t.Fatalf("%s: price %g outside [0, %d]", class, v, MaxPrice)
				}
			}
		}
		p.BreakEven(ClassStandard)
	})
}

// FuzzEstimate estimates arbitrary schemas: nothing may panic, and the
// report must encode as JSON (no NaN or infinite figure).
func FuzzEstimate(f *testing.F) {
	for _, pattern := range []string{"../../examples/*/*.tfdyn.hcl", "testdata/*/*.tfdyn.hcl", "../../testdata/invalid/*workload*.tfdyn.hcl", "../../testdata/invalid/hot_*.tfdyn.hcl"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		for _, name := range files {
			src, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s, _ := hclschema.LoadSource("fuzz.tfdyn.hcl", src)
		r := Estimate(s, nil)
		if err := r.WriteJSON(io.Discard); err != nil {
			t.Fatalf("estimate does not encode: %v", err)
		}
		if err := r.WriteText(io.Discard); err != nil {
			t.Fatal(err)
		}
	})
}
