package cost

import (
	"math"
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
)

func loadEstimate(t *testing.T, dir string) *Report {
	t.Helper()
	s, diags := hclschema.Load(dir)
	if diags.HasErrors() {
		t.Fatalf("load %s: %s", dir, diags.Error())
	}
	return Estimate(s, nil)
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func (r *Report) pattern(name string) *PatternCost {
	for _, t := range r.Tables {
		for _, p := range t.Patterns {
			if p.Pattern == name {
				return p
			}
		}
	}
	return nil
}

func (r *Report) entity(name string) *EntityCost {
	for _, t := range r.Tables {
		for _, e := range t.Writes {
			if e.Entity == name {
				return e
			}
		}
	}
	return nil
}

// TestEstimateSeeds pins the arithmetic on testdata/seeds by hand.
func TestEstimateSeeds(t *testing.T) {
	r := loadEstimate(t, "testdata/seeds")
	type pat struct {
		name                      string
		op                        string
		read, returned, bytesRead float64
		rcu, rcuPerSecond         float64
		src                       Source
	}
	for _, want := range []pat{
		// 20 KB, strongly consistent: ceil(20/4) = 5 RCU; 2 calls/s.
		{"blob_by_id", "GetItem", 1, 1, 20480, 5, 10, FromCardinality},
		// 1000 docs over 100 folders: 10 items of 10 KB = 100 KB = 25 steps
		// of 4 KB, eventually consistent: 12.5 RCU; 4 calls/s.
		{"docs_in_folder", "Query", 10, 10, 102400, 12.5, 50, FromCardinality},
		// limit 5: 50 KB = 12.5 steps, rounded up to 13, halved: 6.5 RCU.
		{"first_docs_in_folder", "Query", 5, 5, 51200, 6.5, 0, FromCardinality},
		// The oracle over the examples: 4 tasks read (33 bytes each: project
		// 7+2, id 2+1, status 6+4, PK 2+4, SK 2+3), 3 returned by the filter;
		// 132 bytes: one step, 0.5 RCU.
		{"open_tasks", "Query", 4, 3, 132, 0.5, 0, FromExamples},
	} {
		p := r.pattern(want.name)
		if p == nil {
			t.Fatalf("no pattern %s", want.name)
		}
		if p.Operation != want.op || !near(p.ItemsRead, want.read) || !near(p.ItemsReturned, want.returned) || !near(p.BytesRead, want.bytesRead) ||
			!near(p.RCU, want.rcu) || !near(p.RCUPerSecond, want.rcuPerSecond) || p.CountSource != want.src {
			t.Errorf("%s: op %s read %g returned %g bytes %g RCU %g RCU/s %g from %s; want %+v",
				want.name, p.Operation, p.ItemsRead, p.ItemsReturned, p.BytesRead, p.RCU, p.RCUPerSecond, p.CountSource, want)
		}
	}
	doc := r.entity("Doc")
	// 10 KB: 10 WCU in the table, 10 in GSI1 (ALL), 1 in GSI2 (KEYS_ONLY:
	// PK, SK, GSI2PK, GSI2SK estimated at name + 24 bytes = 112 bytes).
	got := map[string]float64{}
	for _, tg := range doc.Targets {
		got[tg.Index] = tg.WCU
	}
	if len(got) != 3 || got["table"] != 10 || got["GSI1"] != 10 || got["GSI2"] != 1 || doc.WCU != 21 || doc.WCUPerSecond != 210 || doc.PeakWCUPerSecond != 420 {
		t.Errorf("Doc writes: targets %v, WCU %g, WCU/s %g, peak %g; want table 10 + GSI1 10 + GSI2 1 = 21, 210, 420", got, doc.WCU, doc.WCUPerSecond, doc.PeakWCUPerSecond)
	}
	// The busiest partition at peak (20 writes/s): the table spreads over
	// 100 folders, 20 * 10 / 100 = 2 WCU/s; GSI1 over 1000 docs, 0.2; GSI2's
	// partition key is the constant "DOCS": every write lands on one
	// partition, 20 * 1 = 20.
	if doc.PartitionIndex != "GSI2" || !near(doc.PartitionWCU, 20) {
		t.Errorf("Doc busiest partition %s %g WCU/s, want GSI2 20", doc.PartitionIndex, doc.PartitionWCU)
	}
	tb := r.Tables[0]
	m := tb.Monthly
	// On demand: reads (10 + 50) RCU/s * 2,628,000 s / 1e6 * $0.125 = $19.71;
	// writes 210 * 2.628 * $0.625 = $344.925.
	if !near(m.OnDemand.Reads, 19.71) || !near(m.OnDemand.Writes, 344.925) {
		t.Errorf("on-demand reads %g writes %g, want 19.71 and 344.925", m.OnDemand.Reads, m.OnDemand.Writes)
	}
	// Provisioned for the peak: 60 RCU * 730 h * $0.00013 = $5.694;
	// 420 WCU * 730 * $0.00065 = $199.29; utilisation 100% and 50%.
	if m.ProvisionedRCU != 60 || m.ProvisionedWCU != 420 || !near(m.Provisioned.Reads, 5.694) || !near(m.Provisioned.Writes, 199.29) ||
		!near(m.ReadUtilisation, 1) || !near(m.WriteUtilisation, 0.5) {
		t.Errorf("provisioned %g RCU %g WCU: reads %g writes %g, utilisation %g %g", m.ProvisionedRCU, m.ProvisionedWCU, m.Provisioned.Reads, m.Provisioned.Writes, m.ReadUtilisation, m.WriteUtilisation)
	}
	// Storage: table 10 * (20480 + 100) + 1000 * (10240 + 100) bytes; GSI1
	// 1000 * (10240 + 100); GSI2 1000 * (112 + 100). Task declares no count.
	wantStorage := map[string]float64{"table": 10*20580 + 1000*10340, "GSI1": 1000 * 10340, "GSI2": 1000 * 212}
	for _, row := range tb.Storage {
		if !near(row.Bytes, wantStorage[row.Index]) || !near(row.Monthly, row.Bytes/(1<<30)*0.25) {
			t.Errorf("storage %s: %g bytes $%g, want %g bytes", row.Index, row.Bytes, row.Monthly, wantStorage[row.Index])
		}
	}
	kinds := map[string]*Recommendation{}
	for _, rec := range tb.Recommendations {
		kinds[rec.Kind+" "+rec.Target] = rec
	}
	// Provisioned: 5.694 + 199.29 + storage vs 19.71 + 344.925 + storage.
	if rec := kinds["billing-mode table.app"]; rec == nil || !near(rec.Saving, 19.71+344.925-5.694-199.29) {
		t.Errorf("billing-mode recommendation %+v, want saving %g", rec, 19.71+344.925-5.694-199.29)
	}
	// GSI2 is read by no pattern: 10 writes/s * 1 WCU on demand = $16.425 a
	// month, plus its storage.
	if rec := kinds["unused-index GSI2"]; rec == nil || !near(rec.Saving, 16.425+212000.0/(1<<30)*0.25) {
		t.Errorf("unused-index GSI2 recommendation %+v", rec)
	}
	if rec := kinds["unused-index GSI1"]; rec == nil {
		t.Errorf("GSI1 is read by no pattern either: want a recommendation, got %v", kinds)
	}
}

// TestRecommendations pins the table-class and narrow-projection
// recommendations on testdata/recommend by hand: 10^8 records of 3,000
// bytes, also projected ALL into ByOwner, one write and one read a second.
func TestRecommendations(t *testing.T) {
	r := loadEstimate(t, "testdata/recommend")
	tb := r.Tables[0]
	gb := func(b float64) float64 { return b / (1 << 30) }
	storedGB := gb(2 * 1e8 * (3000 + 100))
	// On demand (the table's mode): a read of 3,000 bytes is one step,
	// 0.5 RCU; a write 3 WCU in the table and 3 in ByOwner.
	cur := 0.5*2.628*0.125 + 6*2.628*0.625 + storedGB*0.25
	if !near(tb.Monthly.OnDemand.Total, cur) {
		t.Fatalf("on-demand total %g, want %g", tb.Monthly.OnDemand.Total, cur)
	}
	// Standard-IA, provisioned for the peak (1 RCU, 6 WCU) is its cheaper mode.
	ia := 1*730*0.00016 + 6*730*0.00081 + storedGB*0.10
	if !near(tb.Monthly.InfrequentAccess.Total, ia) {
		t.Errorf("Standard-IA total %g, want %g", tb.Monthly.InfrequentAccess.Total, ia)
	}
	recs := map[string]*Recommendation{}
	for _, rec := range tb.Recommendations {
		recs[rec.Kind] = rec
	}
	if rec := recs[RecTableClass]; rec == nil || !near(rec.Saving, cur-ia) {
		t.Errorf("table-class recommendation %+v, want saving %g", rec, cur-ia)
	}
	// INCLUDE ["title"]: the example's entry keeps PK, SK, owner, createdAt
	// and title: 2+6 + 2+3 + 5+3 + 9+10 + 5+1 = 46 bytes, one WCU instead
	// of three; 10^8 entries of 2,954 bytes less.
	wantSaving := gb(1e8*(3000-46))*0.25 + 2*2.628*0.625
	rec := recs[RecNarrowProject]
	if rec == nil || rec.Target != "ByOwner" || !near(rec.Saving, wantSaving) {
		t.Fatalf("narrow-projection recommendation %+v, want saving %g", rec, wantSaving)
	}
	want := `GSI "ByOwner" projects ALL but its patterns read only ["createdAt", "title"]: projection = "INCLUDE" with include = ["title"] shrinks an entry from 2.9 KB to 46 B on average (2 fewer WCU per second, 275.1 GB less storage), saving $72.06 a month`
	if rec.Message != want {
		t.Errorf("message:\n%s\nwant:\n%s", rec.Message, want)
	}
}

// TestItemWrite: a Task example (33 bytes, no index) is 1 WCU in the table.
func TestItemWrite(t *testing.T) {
	s, diags := hclschema.Load("testdata/seeds")
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	e := s.Entity("Task")
	it, err := e.Item(e.Examples[0].Values)
	if err != nil {
		t.Fatal(err)
	}
	if got := ItemWrite(it); len(got) != 1 || got["table"] != 1 {
		t.Errorf("ItemWrite = %v, want map[table:1]", got)
	}
}

// TestTypeEstimateEnum: without examples or item_size, an item's size is
// estimated from its attribute types, and an enum attribute counts the
// average length of its values (rounded up), not an arbitrary string's 16
// bytes: id 2+16, status 6+ceil((4+6+8)/3) = 6, PK and SK 2+24 each.
func TestTypeEstimateEnum(t *testing.T) {
	s, diags := hclschema.LoadSource("enum.tfdyn.hcl", []byte(`table "app" {
  partition_key = "PK"
  sort_key      = "SK"
}
entity "Ticket" {
  attributes = {
    id     = string
    status = enum("OPEN", "CLOSED", "ARCHIVED")
  }
  key {
    PK = "TICKET#${id}"
    SK = "TICKET"
  }
}
`))
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	avg, max, src := ItemBytes(s, s.Entity("Ticket"))
	if avg != 18+12+26+26 || max != avg || src != FromTypes {
		t.Errorf("ItemBytes = %g, %g, %s; want 82, 82, %s", avg, max, src, FromTypes)
	}
}
