package hclschema_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// workloadBase is a table with a GSI and an entity; cases append blocks.
const workloadBase = `table "app" {
  partition_key = "PK"
  sort_key      = "SK"
  global_secondary_index "GSI1" {
    partition_key = "GSI1PK"
    sort_key      = "GSI1SK"
  }
}
entity "Order" {
  attributes = {
    id     = string
    status = string
  }
  key {
    PK = "ORDER#${id}"
    SK = "ORDER"
  }
  index "GSI1" {
    GSI1PK = "STATUS#${status}"
    GSI1SK = "${id}"
  }
  workload {
%s
  }
}
access_pattern "by_status" {
  entity = entity.Order
  index  = "GSI1"
  key {
    GSI1PK = "STATUS#${status}"
  }
  workload {
%s
  }
}
`

// workloadDiags renders every diagnostic as "CODE line:col-line:col summary".
func workloadDiags(t *testing.T, src string) (*hclschema.Schema, []string) {
	t.Helper()
	s, diags := hclschema.LoadSource("w.tfdyn.hcl", []byte(src))
	var out []string
	for _, d := range diags {
		r := d.Subject
		out = append(out, fmt.Sprintf("%s %d:%d-%d:%d %s", diag.CodeOf(d), r.Start.Line, r.Start.Column, r.End.Line, r.End.Column, d.Summary))
	}
	return s, out
}

func TestWorkloadDecoded(t *testing.T) {
	s, diags := workloadDiags(t, fmt.Sprintf(workloadBase,
		"    items = 2000000\n    item_size = 800\n    max_item_size = 4096\n    writes = 5\n    peak_writes = 50\n    partitions = 1000\n    index_partitions = { GSI1 = 4 }\n    hot_share = 0.25",
		"    rate = 10.5\n    peak_rate = 100\n    consistency = \"eventual\"\n    hot_share = 0.5\n    items_read = 30"))
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	ew := s.EntityWorkload(s.Entity("Order"))
	if ew == nil {
		t.Fatal("no entity workload")
	}
	got := fmt.Sprintf("%d %d %d %g %g %d %v %g", ew.Items, ew.ItemSize, ew.MaxItemSize, ew.Writes, ew.PeakWrites, ew.Partitions, ew.IndexPartitions, ew.HotShare)
	if want := "2000000 800 4096 5 50 1000 map[GSI1:4] 0.25"; got != want {
		t.Errorf("entity workload = %s, want %s", got, want)
	}
	pw := s.PatternWorkload(s.Pattern("by_status"))
	if pw == nil {
		t.Fatal("no pattern workload")
	}
	got = fmt.Sprintf("%g %g %s %g %d", pw.Rate, pw.PeakRate, pw.Consistency, pw.HotShare, pw.ItemsRead)
	if want := "10.5 100 eventual 0.5 30"; got != want {
		t.Errorf("pattern workload = %s, want %s", got, want)
	}
	if !s.HasWorkload() {
		t.Error("HasWorkload() = false")
	}
}

func TestWorkloadDefaults(t *testing.T) {
	s, diags := workloadDiags(t, fmt.Sprintf(workloadBase, "    writes = 3", "    rate = 7"))
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	ew, pw := s.EntityWorkload(s.Entity("Order")), s.PatternWorkload(s.Pattern("by_status"))
	if ew.PeakWrites != 3 || ew.HasItems || ew.HasItemSize || ew.HotShare != 0 {
		t.Errorf("entity defaults: peak %g, has items %v, has size %v, hot %g", ew.PeakWrites, ew.HasItems, ew.HasItemSize, ew.HotShare)
	}
	if pw.PeakRate != 7 || pw.Consistency != hclschema.ConsistencyEventual || pw.HasItemsRead {
		t.Errorf("pattern defaults: peak %g, consistency %s, has items read %v", pw.PeakRate, pw.Consistency, pw.HasItemsRead)
	}
}

func TestWorkloadInvalid(t *testing.T) {
	cases := []struct {
		name, entity, pattern string
		want                  []string
	}{
		{"negative items", "    items = -1", "", []string{"TD002 23:13-23:15 Invalid value for items"}},
		{"item over 400 KB", "    item_size = 409601", "", []string{"TD002 23:17-23:23 Invalid value for item_size"}},
		{"max below average", "    item_size = 900\n    max_item_size = 800", "", []string{"TD002 24:21-24:24 Maximum item size below the average"}},
		{"peak below average", "    writes = 10\n    peak_writes = 2", "", []string{"TD002 24:19-24:20 Peak below the average"}},
		{"share zero", "    hot_share = 0", "", []string{"TD002 23:17-23:18 Invalid value for hot_share"}},
		{"share above one", "", "    hot_share = 1.5", []string{"TD002 33:17-33:20 Invalid value for hot_share"}},
		{"more partitions than items", "    items = 10\n    partitions = 11", "", []string{"TD002 24:18-24:20 More partitions than items"}},
		{"unknown index", "    index_partitions = { GSI2 = 3 }", "", []string{"TD004 23:26-23:30 Unknown global secondary index"}},
		{"unknown argument", "    rate = 3", "", []string{"TD001 23:5-23:9 Unsupported argument"}},
		{"strong on a GSI", "", "    consistency = \"strong\"", []string{"TD002 33:19-33:27 Strong consistency on a GSI"}},
		{"bad consistency", "", "    consistency = \"Strong\"", []string{"TD002 33:19-33:27 Unsupported value for consistency"}},
		{"rate not a number", "", "    rate = \"fast\"", []string{"TD002 33:12-33:18 Invalid value for rate"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, got := workloadDiags(t, fmt.Sprintf(workloadBase, c.entity, c.pattern))
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

func TestWorkloadDuplicateBlock(t *testing.T) {
	src := strings.Replace(fmt.Sprintf(workloadBase, "", ""), "  workload {\n\n  }\n}\naccess_pattern", "  workload {\n  }\n  workload {\n  }\n}\naccess_pattern", 1)
	_, got := workloadDiags(t, src)
	if want := "TD003 24:3-24:11 Duplicate workload block"; strings.Join(got, "\n") != want {
		t.Errorf("diagnostics: %v, want %s", got, want)
	}
}

func TestAcceptDecoded(t *testing.T) {
	src := fmt.Sprintf(workloadBase, "", "") + `accept "TD140" {
  target = access_pattern.by_status
  reason = "launch week"
}
accept "TD013" {
  target = entity.Order
  reason = "x"
}
accept "TD141" {
  target = entity.Ordr
  reason = "x"
}
accept "TD141" {
  target = "entity.Order"
  reason = "x"
}
accept "TD141" {
  target = entity.Order
}
accept "TD141" {
  target = entity.Order
  reason = "  "
}
`
	s, got := workloadDiags(t, src)
	want := []string{
		"TD002 40:8-40:15 Invalid finding code",
		"TD004 45:12-45:23 Unknown acceptance target",
		"TD002 49:12-49:26 Invalid acceptance target",
		"TD001 52:16-52:16 Missing required argument",
		"TD002 57:12-57:16 Empty acceptance reason",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	acc := s.Accepts()
	if len(acc) != 1 || acc[0].Code != "TD140" || acc[0].Target != "access_pattern.by_status" || acc[0].Reason != "launch week" {
		t.Fatalf("accepts = %+v", acc)
	}
	r, ok := s.BlockRange("access_pattern.by_status")
	if !ok || r.Start.Line != 26 || r.End.Line != 35 {
		t.Errorf("BlockRange(access_pattern.by_status) = %v %v, want lines 26-35", r, ok)
	}
}
