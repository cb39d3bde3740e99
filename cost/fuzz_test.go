package cost

import "testing"

// FuzzParsePrices feeds arbitrary bytes to the price table parser: it must
// return a table or an error, never panic, and a table it returns has both
// classes.
func FuzzParsePrices(f *testing.F) {
	f.Add(defaultPrices)
	f.Add([]byte(`{"region":"x","date":"y","classes":{}}`))
	f.Add([]byte(`{"region":"x","date":"y","reads":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePrices(data)
		if err != nil {
			return
		}
		if _, ok := p.Classes[ClassStandard]; !ok {
			t.Fatalf("parsed a table without %s", ClassStandard)
		}
		p.BreakEven(ClassStandard)
	})
}
