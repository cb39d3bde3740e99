package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/schemagen"
)

// scalingSizes are the access patterns of the generated schemas the
// scaling benchmark reads, with a quarter as many entities: each step is
// 4x the last.
var scalingSizes = []int{500, 2000, 8000}

// BenchmarkScaling runs the commands that read a whole schema, as a user
// runs them (files on disk, output written), on generated schemas of 500,
// 2,000 and 8,000 access patterns (125, 500 and 2,000 entities; split over
// files of at most hclschema.MaxFileSize): fmt --check (parsing and
// printing, the floor), validate (load and lint), emit and doc (which lint
// first). The targets (issue 23): each 4x step costs at most 4.5x, and
// validate of the 2,000-pattern schema at most twice fmt --check's.
// scripts/bench-scaling.sh (make bench) prints those ratios by wall time,
// by CPU time (cpu-ns/op: less sensitive to a loaded machine) and by
// allocations (which do not depend on the load at all).
func BenchmarkScaling(b *testing.B) {
	dirs := map[int]string{}
	for _, n := range scalingSizes {
		dir := filepath.Join(b.TempDir(), fmt.Sprintf("p%d", n))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for name, src := range schemagen.LargeFiles(n/4, n, hclschema.MaxFileSize) {
			if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
				b.Fatal(err)
			}
		}
		dirs[n] = dir
	}
	out := b.TempDir()
	commands := []struct {
		name string
		args func(dir string) []string
	}{
		{"fmt-check", func(dir string) []string { return []string{"fmt", "--check", dir} }},
		{"validate", func(dir string) []string { return []string{"validate", dir} }},
		{"emit", func(dir string) []string { return []string{"emit", "-o", filepath.Join(out, filepath.Base(dir)), dir} }},
		{"doc", func(dir string) []string { return []string{"doc", dir} }},
	}
	for _, c := range commands {
		for _, n := range scalingSizes {
			args := c.args(dirs[n])
			b.Run(fmt.Sprintf("%s/patterns=%d", c.name, n), func(b *testing.B) {
				b.ReportAllocs()
				cpu := cpuTime()
				for b.Loop() {
					if code := Run(args, nil, io.Discard, io.Discard); code != ExitOK {
						b.Fatalf("tfdyn %v: exit %d", args, code)
					}
				}
				b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// cpuTime is the CPU time the process has used (user and system, every
// thread, the garbage collector's included), in nanoseconds: on a shared,
// loaded machine it varies much less than the wall time ns/op reports.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
