package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/ddblocal/ddblocaltest"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// benchFourSegmentsMax is the largest table migrated in 4 segments (and
// warmed up by a dry run first); larger ones are migrated in 64 (see
// docs/migrate.md, "10^6 items").
const benchFourSegmentsMax = 100_000

// benchStreamCopyMax is the largest table copied into a stream-enabled
// target: DynamoDB Local's writes into such a table slow down as it grows
// (33 items/s at 10^4 items; see docs/migrate.md, "Why the copy slows down
// on DynamoDB Local"), so a copy of 10^5 items would take hours and
// measure DynamoDB Local, not tfdyn. Larger tables are copied into a target
// without a stream only.
const benchStreamCopyMax = 10_000

// benchSizes are the item counts of BenchmarkMigrateScale: by default
// 1,000 (make bench); scripts/bench-migrate.sh sets TFDYN_BENCH_MIGRATE_SIZES
// to "1000 10000 100000" for docs/migrate.md's figures, or to "1000000"
// for its "10^6 items" section (about 100 minutes).
func benchSizes(b *testing.B) []int {
	spec := os.Getenv("TFDYN_BENCH_MIGRATE_SIZES")
	if spec == "" {
		return []int{1000}
	}
	var out []int
	for _, f := range strings.Fields(spec) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 10 {
			b.Fatalf("TFDYN_BENCH_MIGRATE_SIZES: %q is not an item count of 10 or more", f)
		}
		out = append(out, n)
	}
	return out
}

// benchProc is one tfdyn process of a benchmark run: its wall time and
// peak resident memory.
type benchProc struct {
	wall, cpu time.Duration
	rssKB     int64
}

// runBench runs the tfdyn binary and returns its wall time and peak RSS
// (getrusage's ru_maxrss of the child), failing on a non-zero exit.
func runBench(b *testing.B, bin string, args ...string) benchProc {
	b.Helper()
	cmd := exec.Command(bin, args...)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Run(); err != nil {
		b.Fatalf("tfdyn %s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	p := benchProc{wall: time.Since(start)}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		p.rssKB = ru.Maxrss
	}
	p.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return p
}

// seedBench writes n items of schemadiff's BASE (a fifth customers, three
// fifths orders, a fifth products) with BatchWriteItem from 8 writers.
func seedBench(b *testing.B, ctx context.Context, c *dynamodb.Client, base *hclschema.Schema, table string, n int) {
	b.Helper()
	str := cty.StringVal
	item := func(i int) map[string]types.AttributeValue {
		var e string
		var v map[string]cty.Value
		u := fmt.Sprintf("u%07d", i/5)
		switch i % 5 {
		case 0:
			e, v = "Customer", map[string]cty.Value{"username": str(u), "email": str(u + "@Example.com"), "name": str("User " + u)}
		case 4:
			e, v = "Product", map[string]cty.Value{"productId": str(fmt.Sprintf("p-%07d", i/5)), "category": str([]string{"books", "games", "music"}[i%3]), "title": str("Product " + u)}
		default:
			e, v = "Order", map[string]cty.Value{"username": str(u), "orderId": str(fmt.Sprintf("o-%07d-%d", i/5, i%5)), "orderDate": str(fmt.Sprintf("2024-%02d-%02d", 1+i%12, 1+i%28)),
				"status": str([]string{"OPEN", "SHIPPED", "PLACED"}[i%3]), "total": cty.NumberIntVal(int64(i % 1000)), "expiresAt": cty.NullVal(cty.Number)}
		}
		it, err := base.Entity(e).Item(cty.ObjectVal(v))
		if err != nil {
			b.Fatal(err)
		}
		av, err := dynamo.ItemAV(it)
		if err != nil {
			b.Fatal(err)
		}
		return av
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for start := w * 25; start < n; start += 8 * 25 {
				var reqs []types.WriteRequest
				for i := start; i < min(start+25, n); i++ {
					reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: item(i)}})
				}
				pending := map[string][]types.WriteRequest{table: reqs}
				for len(pending) > 0 {
					out, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
					if err != nil {
						errs <- err
						return
					}
					pending = out.UnprocessedItems
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		b.Fatal(err)
	}
}

// BenchmarkMigrateScale measures tfdyn migrate on DynamoDB Local, as
// processes of the tfdyn binary, over tables of benchSizes items of
// schemadiff's BASE: the backfill to its backfill HEAD (GSI1 keys of every
// customer recomputed, GSI2 keys gained by the open orders, GSI1 keys
// gained by the products) by one process with 4 segments (64 above
// benchFourSegmentsMax items), without a checkpoint, with a checkpoint
// file and with a control table (the overhead of recording every page); by
// 1, 2 and 4 worker processes at a time sharing one control table; and the
// copy of the table under changed product keys into a new table. Each run alternates the direction
// (BASE → HEAD, then back), so that every run has the same work. It
// reports items per second and the peak RSS of the tfdyn process (of the
// largest worker), and logs one Markdown table row per run
// (scripts/bench-migrate.sh collects them).
func BenchmarkMigrateScale(b *testing.B) {
	bin := tfdynBinary(b)
	ctx := context.Background()
	sd, err := filepath.Abs("../schemadiff/testdata")
	if err != nil {
		b.Fatal(err)
	}
	baseDir, headDir := filepath.Join(sd, "base"), filepath.Join(sd, "backfill")
	base, diags := hclschema.Load(baseDir)
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	backfillHead, diags := hclschema.Load(headDir)
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	row := func(n int, what string, items int, p benchProc, extra string) {
		secs := p.wall.Seconds()
		b.Logf("| %d | %s | %.1f | %.0f | %.1f | %.0f | %s |", n, what, secs, float64(items)/secs, p.cpu.Seconds(), float64(p.rssKB)/1024, extra)
	}
	for _, n := range benchSizes(b) {
		// A DynamoDB Local process for each size: DynamoDB Local keeps the
		// stream records of a deleted table, and writes slow down as they
		// grow (see BenchmarkDynamoDBLocalCopyLoop).
		target := ddblocaltest.StartProcess(b)
		client, err := target.NewClient(ctx)
		if err != nil {
			b.Fatal(err)
		}
		createControlTable(b, ctx, client, "bench-ctl")
		ep := target.Endpoint()
		table := fmt.Sprintf("bench%d", n)
		// The table as terraform leaves it before the backfill: HEAD's
		// indexes, BASE's items; no stream (the backfill reads none, and
		// DynamoDB Local's writes into a stream-enabled table slow down as
		// its stream grows: at 10^6 items the seeding alone would take
		// hours).
		spec := backfillHead.Tables[0].Spec()
		spec.StreamViewType = ""
		ddblocaltest.CreateTable(b, ctx, client, spec, table)
		seedStart := time.Now()
		seedBench(b, ctx, client, base, table, n)
		b.Logf("seeded %d items in %s", n, time.Since(seedStart).Round(time.Millisecond))
		// A dry run first (not reported): DynamoDB Local's JIT and caches
		// warm up on the table before the runs compared.
		// Above benchFourSegmentsMax items the one process scans in 64
		// segments: on DynamoDB Local a Scan page costs about 1 ms more for
		// every 1,000 items before it in its segment (docs/migrate.md,
		// "10^6 items"), so 4 segments of 250,000 items would measure that.
		fourSegments := n <= benchFourSegmentsMax
		segsN := 64
		if fourSegments {
			segsN = 4
			runBench(b, bin, "migrate", baseDir, headDir, "--table", table, "--endpoint", ep, "--dry-run", "--parallel", "4")
		}
		segs := strconv.Itoa(segsN)
		forward := true
		backfill := func(extra ...string) benchProc {
			from, to := baseDir, headDir
			if !forward {
				from, to = headDir, baseDir
			}
			forward = !forward
			return runBench(b, bin, append([]string{"migrate", from, to, "--table", table, "--endpoint", ep}, extra...)...)
		}
		b.Run(fmt.Sprintf("items=%d", n), func(b *testing.B) {
			var none, file, ctl benchProc
			for i := 0; i < b.N; i++ {
				cp := filepath.Join(b.TempDir(), "cp.json")
				file = backfill("--parallel", segs, "--checkpoint", cp)
				none = backfill("--parallel", segs)
				ctl = backfill("--parallel", segs, "--control-table", "bench-ctl")
			}
			row(n, "backfill, 1 process, "+segs+" segments, checkpoint file", n, file, "")
			b.ReportMetric(float64(n)/file.wall.Seconds(), "items/s")
			b.ReportMetric(float64(file.rssKB)/1024, "peak-RSS-MB")
			row(n, "backfill, 1 process, "+segs+" segments, no checkpoint", n, none, fmt.Sprintf("checkpoint file overhead %+.0f%%", 100*(file.wall.Seconds()/none.wall.Seconds()-1)))
			row(n, "backfill, 1 process, "+segs+" segments, control table", n, ctl, fmt.Sprintf("control table overhead %+.0f%%", 100*(ctl.wall.Seconds()/none.wall.Seconds()-1)))
			b.ReportMetric(100*(file.wall.Seconds()/none.wall.Seconds()-1), "checkpoint-overhead-%")

			// The workers: w processes at a time share one control table.
			// Up to benchFourSegmentsMax items each runs one segment of w; above
			// it the migration has segsN segments and each of the w worker
			// slots runs its share one after another, a process per
			// segment, as a Step Functions Distributed Map with a
			// MaxConcurrency of w runs them.
			for _, w := range []int{1, 2, 4} {
				total := w
				if !fourSegments {
					total = segsN
				}
				from, to := baseDir, headDir
				if !forward {
					from, to = headDir, baseDir
				}
				forward = !forward
				var wg sync.WaitGroup
				procs := make([][]benchProc, w)
				start := time.Now()
				for slot := 0; slot < w; slot++ {
					wg.Add(1)
					go func(slot int) {
						defer wg.Done()
						for s := slot; s < total; s += w {
							procs[slot] = append(procs[slot], runBench(b, bin, "migrate", from, to, "--table", table, "--endpoint", ep, "--control-table", "bench-ctl",
								"--segment", strconv.Itoa(s), "--total-segments", strconv.Itoa(total)))
						}
					}(slot)
				}
				wg.Wait()
				sum := benchProc{wall: time.Since(start)}
				for _, ps := range procs {
					for _, p := range ps {
						sum.rssKB = max(sum.rssKB, p.rssKB)
						sum.cpu += p.cpu
					}
				}
				procsWord := "processes"
				if w == 1 {
					procsWord = "process"
				}
				what := fmt.Sprintf("backfill, %d worker %s, control table", w, procsWord)
				if total != w {
					what = fmt.Sprintf("backfill, %d worker %s at a time, %d segments (a process per segment), control table", w, procsWord, total)
				}
				row(n, what, n, sum, "RSS: the largest worker; CPU: all")
				b.ReportMetric(float64(n)/sum.wall.Seconds(), fmt.Sprintf("items/s-%dworkers", w))
			}

			// The copy under changed product keys into a new table: HEAD is
			// the schema of the table's current shape with products keyed
			// by category.
			from := baseDir
			if !forward {
				from = headDir
			}
			fromSrc, err := os.ReadFile(filepath.Join(from, "app.tfdyn.hcl"))
			if err != nil {
				b.Fatal(err)
			}
			copyHead := filepath.Join(b.TempDir(), "copyhead")
			if err := os.MkdirAll(copyHead, 0o755); err != nil {
				b.Fatal(err)
			}
			h := strings.Replace(string(fromSrc), "    PK = \"PRODUCT#${productId}\"\n    SK = \"PRODUCT#${productId}\"\n  }", "    PK = \"PRODUCT#${category}#${productId}\"\n    SK = \"PRODUCT#${productId}\"\n  }", 1)
			h = strings.Replace(h, "  entity = entity.Product\n  key {\n    PK = \"PRODUCT#${productId}\"", "  entity = entity.Product\n  key {\n    PK = \"PRODUCT#${category}#${productId}\"", 1)
			if err := os.WriteFile(filepath.Join(copyHead, "app.tfdyn.hcl"), []byte(h), 0o644); err != nil {
				b.Fatal(err)
			}
			hs, diags := hclschema.Load(copyHead)
			if diags.HasErrors() {
				b.Fatal(diags)
			}
			// The copy's catch-up reads the source's stream: it is turned
			// on now, after the backfills (which wrote no stream records).
			if _, err := client.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String(table),
				StreamSpecification: &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewTypeNewAndOldImages}}); err != nil {
				b.Fatal(err)
			}
			// Twice: into a target with HEAD's stream, and into one without
			// (DynamoDB Local's writes into a stream-enabled table slow down
			// as the run goes on, see BenchmarkDynamoDBLocalCopyLoop; AWS
			// writes stream records asynchronously).
			for _, stream := range []bool{true, false} {
				if stream && n > benchStreamCopyMax {
					b.Logf("copy into a target with a stream: not run above %d items (DynamoDB Local's stream slowdown)", benchStreamCopyMax)
					continue
				}
				spec, tgt, what := hs.Tables[0].Spec(), table+"-next", "copy into a new table with a stream, 1 process, "+segs+" segments"
				if !stream {
					spec.StreamViewType, tgt, what = "", table+"-nostream", "copy into a new table without a stream, 1 process, "+segs+" segments"
				}
				ddblocaltest.CreateTable(b, ctx, client, spec, tgt)
				cp := runBench(b, bin, "migrate", from, copyHead, "--table", table, "--to-table", tgt, "--endpoint", ep, "--control-table", "bench-ctl", "--parallel", segs)
				row(n, what, n, cp, "load average "+loadAverage())
				suffix := ""
				if !stream {
					suffix = "-nostream"
				}
				b.ReportMetric(float64(n)/cp.wall.Seconds(), "copy-items/s"+suffix)
				b.ReportMetric(float64(cp.rssKB)/1024, "copy-peak-RSS-MB"+suffix)
				if _, err := client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(tgt)}); err != nil {
					b.Fatal(err)
				}
				runBench(b, bin, "migrate", from, copyHead, "--table", table, "--to-table", tgt, "--endpoint", ep, "--control-table", "bench-ctl", "--reset")
			}
		})
		if _, err := client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(table)}); err != nil {
			b.Fatal(err)
		}
		if err := target.Stop(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDynamoDBLocalCopyLoop is the copy's traffic without tfdyn: a
// bare SDK loop that scans a table of benchSizes items of schemadiff's BASE
// in 4 segments (consistent pages of 100, as migrate does) and puts every
// item into a new table with attribute_not_exists (dynamo.PutIfAbsent),
// once into a target with a NEW_AND_OLD_IMAGES stream (as HEAD declares
// it) and once into one without. It separates what DynamoDB Local costs
// from what tfdyn costs: docs/migrate.md's Scale section shows the copy's
// slowdown is DynamoDB Local writing to a stream-enabled table.
func BenchmarkDynamoDBLocalCopyLoop(b *testing.B) {
	target := ddblocaltest.Start(b)
	ctx := context.Background()
	client, err := target.NewClient(ctx)
	if err != nil {
		b.Fatal(err)
	}
	sd, err := filepath.Abs("../schemadiff/testdata")
	if err != nil {
		b.Fatal(err)
	}
	base, diags := hclschema.Load(filepath.Join(sd, "base"))
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	drop := func(name string) {
		if _, err := client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(name)}); err != nil {
			b.Fatal(err)
		}
	}
	for _, n := range benchSizes(b) {
		if n > benchFourSegmentsMax {
			// The loop separates DynamoDB Local's cost from tfdyn's; the
			// ratio is measured on the smaller tables.
			continue
		}
		src := fmt.Sprintf("loop%d", n)
		ddblocaltest.CreateTable(b, ctx, client, base.Tables[0].Spec(), src)
		seedBench(b, ctx, client, base, src, n)
		for _, stream := range []bool{true, false} {
			if stream && n > benchStreamCopyMax {
				continue
			}
			spec := base.Tables[0].Spec()
			name := "stream"
			if !stream {
				spec.StreamViewType, name = "", "no-stream"
			}
			b.Run(fmt.Sprintf("items=%d/target=%s", n, name), func(b *testing.B) {
				var wall time.Duration
				for i := 0; i < b.N; i++ {
					tgt := fmt.Sprintf("%s-%s-%d", src, name, i)
					ddblocaltest.CreateTable(b, ctx, client, spec, tgt)
					start := time.Now()
					var wg sync.WaitGroup
					errs := make([]error, 4)
					for seg := range errs {
						wg.Add(1)
						go func(seg int) {
							defer wg.Done()
							var from map[string]types.AttributeValue
							for {
								items, next, err := dynamo.ScanPage(ctx, client, dynamo.ScanRequest{Table: src, Segment: seg, Segments: len(errs), Limit: 100, Start: from, ConsistentRead: true})
								if err != nil {
									errs[seg] = err
									return
								}
								for _, it := range items {
									if _, err := client.PutItem(ctx, dynamo.PutIfAbsent(tgt, it, "PK")); err != nil {
										errs[seg] = err
										return
									}
								}
								if len(next) == 0 {
									return
								}
								from = next
							}
						}(seg)
					}
					wg.Wait()
					wall += time.Since(start)
					drop(tgt)
					for _, err := range errs {
						if err != nil {
							b.Fatal(err)
						}
					}
				}
				secs := wall.Seconds() / float64(b.N)
				b.ReportMetric(float64(n)/secs, "items/s")
				b.Logf("| %d | bare SDK loop: 4 segments, PutIfAbsent into a target with %s | %.1f | %.0f | load average %s |", n, strings.ReplaceAll(name, "-", " "), secs, float64(n)/secs, loadAverage())
			})
		}
		drop(src)
	}
}

// loadAverage is the machine's 1, 5 and 15 minute load average.
func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(raw))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
