package cost

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/tfdyn/tfdyn/internal/fsafe"
)

//go:embed prices.json
var defaultPrices []byte

// Table classes priced in a price table.
const (
	ClassStandard               = "STANDARD"
	ClassInfrequentAccess       = "STANDARD_INFREQUENT_ACCESS"
	maxPriceFileBytes     int64 = 1 << 20
)

// Prices is a price table: what DynamoDB charges in one region on one date,
// per table class.
type Prices struct {
	Region string `json:"region"`
	// Date is when the prices were taken from the sources.
	Date    string   `json:"date"`
	Sources []string `json:"sources"`
	Note    string   `json:"note,omitempty"`
	// Classes maps STANDARD and STANDARD_INFREQUENT_ACCESS to their prices.
	Classes map[string]ClassPrices `json:"classes"`
}

// ClassPrices are the prices of one table class, in US dollars.
type ClassPrices struct {
	// ReadRequestPerMillion and WriteRequestPerMillion are on-demand prices
	// per million read and write request units.
	ReadRequestPerMillion  float64 `json:"read_request_per_million"`
	WriteRequestPerMillion float64 `json:"write_request_per_million"`
	// RCUHour and WCUHour are provisioned prices per capacity unit and hour.
	RCUHour float64 `json:"rcu_hour"`
	WCUHour float64 `json:"wcu_hour"`
	// StorageGBMonth is the price of a GB (2^30 bytes) stored for a month.
	StorageGBMonth float64 `json:"storage_gb_month"`
}

// DefaultPrices returns the embedded price table (prices.json).
func DefaultPrices() *Prices {
	p, err := ParsePrices(defaultPrices)
	if err != nil {
		panic("cost: embedded prices.json: " + err.Error())
	}
	return p
}

// MaxPrice bounds every price of a price table, in US dollars: list prices
// are below 1 (per million requests, per capacity unit and hour, per GB and
// month), so a price above 1,000 is a typo, and would print amounts of
// hundreds of digits.
const MaxPrice = 1000

// ParsePrices reads a price table in the format of prices.json. Unknown
// fields, a missing class or price, an unknown class, and a price below 0
// or above MaxPrice are errors.
func ParsePrices(data []byte) (*Prices, error) {
	var file struct {
		Prices
		Classes map[string]json.RawMessage `json:"classes"`
	}
	if err := strictDecode(data, &file); err != nil {
		return nil, fmt.Errorf("price table: %w", err)
	}
	p := file.Prices
	if p.Region == "" || p.Date == "" {
		return nil, fmt.Errorf("price table: region and date are required")
	}
	for class := range file.Classes {
		if class != ClassStandard && class != ClassInfrequentAccess {
			return nil, fmt.Errorf("price table: unknown table class %q (the classes are %s and %s)", class, ClassStandard, ClassInfrequentAccess)
		}
	}
	p.Classes = map[string]ClassPrices{}
	for _, class := range []string{ClassStandard, ClassInfrequentAccess} {
		raw, ok := file.Classes[class]
		if !ok {
			return nil, fmt.Errorf("price table: no prices for table class %s", class)
		}
		var c struct {
			ReadRequestPerMillion  *float64 `json:"read_request_per_million"`
			WriteRequestPerMillion *float64 `json:"write_request_per_million"`
			RCUHour                *float64 `json:"rcu_hour"`
			WCUHour                *float64 `json:"wcu_hour"`
			StorageGBMonth         *float64 `json:"storage_gb_month"`
		}
		if err := strictDecode(raw, &c); err != nil {
			return nil, fmt.Errorf("price table: %s: %w", class, err)
		}
		for _, f := range []struct {
			name string
			v    *float64
		}{{"read_request_per_million", c.ReadRequestPerMillion}, {"write_request_per_million", c.WriteRequestPerMillion},
			{"rcu_hour", c.RCUHour}, {"wcu_hour", c.WCUHour}, {"storage_gb_month", c.StorageGBMonth}} {
			switch {
			case f.v == nil:
				return nil, fmt.Errorf("price table: %s has no %s: every class gives all five prices (a missing one is not taken as 0)", class, f.name)
			case *f.v < 0:
				return nil, fmt.Errorf("price table: %s %s is negative (%g)", class, f.name, *f.v)
			case *f.v > MaxPrice:
				return nil, fmt.Errorf("price table: %s %s is %g US dollars; a price is at most %d (list prices are below 1): a typo?", class, f.name, *f.v, MaxPrice)
			}
		}
		p.Classes[class] = ClassPrices{ReadRequestPerMillion: *c.ReadRequestPerMillion, WriteRequestPerMillion: *c.WriteRequestPerMillion,
			RCUHour: *c.RCUHour, WCUHour: *c.WCUHour, StorageGBMonth: *c.StorageGBMonth}
	}
	return &p, nil
}

// strictDecode decodes one JSON value into v, refusing unknown fields and
// anything after the value.
func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("more than one JSON value")
	}
	return nil
}

// LoadPrices reads a price table from a file: a regular file of at most
// 1 MiB, opened once and checked on the handle (fsafe.ReadRegular), so a
// named pipe or a device is refused instead of blocking.
func LoadPrices(path string) (*Prices, error) {
	data, err := fsafe.ReadRegular(path, maxPriceFileBytes)
	if err != nil {
		return nil, fmt.Errorf("price table: %w", err)
	}
	p, err := ParsePrices(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// BreakEven returns the average utilisation of provisioned capacity above
// which provisioned capacity costs less than on-demand for class: the
// price of a unit-hour provisioned over the price of the same unit used on
// demand every second of the hour (about 0.289 for reads and writes).
func (p *Prices) BreakEven(class string) (read, write float64) {
	c := p.Classes[class]
	if c.ReadRequestPerMillion > 0 {
		read = c.RCUHour / (c.ReadRequestPerMillion / 1e6 * 3600)
	}
	if c.WriteRequestPerMillion > 0 {
		write = c.WCUHour / (c.WriteRequestPerMillion / 1e6 * 3600)
	}
	return read, write
}
