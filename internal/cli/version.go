package cli

import (
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

func init() { commandRegistry = append(commandRegistry, (*app).versionCommand) }

// buildInfo is what `tfdyn version` reports.
type buildInfo struct {
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
	Platform string `json:"platform"`
	// Note says how to get a version when the build carries none.
	Note string `json:"note,omitempty"`
}

// noStampNote is the note of a build with neither a module version nor a
// VCS stamp (go run, go build -buildvcs=false, a copy without .git or git).
const noStampNote = "This build records no version and no commit (built outside a git checkout, without git on PATH, or with -buildvcs=false, also through GOFLAGS). " +
	"make build in a clone of the repository records the commit, and so does go build ./cmd/tfdyn there with git on PATH; " +
	`or set it: go build -ldflags "-X github.com/tfdyn/tfdyn/internal/cli.Version=$(git describe --tags --always --dirty)" ./cmd/tfdyn`

// readBuildInfo reads the version from the binary (buildInfoFrom).
func readBuildInfo() buildInfo {
	info, ok := debug.ReadBuildInfo()
	return buildInfoFrom(info, ok, Version)
}

// buildInfoFrom is the version a binary reports: set, the version given
// with -ldflags; else the module version of a `go install module@version`
// build; else the VCS revision and time of a build from a checkout (with
// "-dirty" when it had uncommitted changes); else "(devel)" with a note
// saying how to build one that knows its commit.
func buildInfoFrom(info *debug.BuildInfo, ok bool, set string) buildInfo {
	bi := buildInfo{Version: "(devel)", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if ok {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			bi.Version = v
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				bi.Revision = s.Value
			case "vcs.time":
				bi.Time = s.Value
			case "vcs.modified":
				bi.Modified = s.Value == "true"
			}
		}
	}
	if set != "" {
		bi.Version = set
	}
	if bi.Version == "(devel)" && bi.Revision == "" {
		bi.Note = noStampNote
	}
	return bi
}

// version is the one-line version of --version and `tfdyn version`.
func version() string { return readBuildInfo().line() }

// line is the version in one line: the version, or for a local build
// "(devel)" and the commit.
func (bi buildInfo) line() string {
	v := bi.Version
	if bi.Version == "(devel)" && bi.Revision != "" {
		rev := bi.Revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v = "(devel) " + rev
		if bi.Modified {
			v += "-dirty"
		}
	}
	return v
}

func (a *app) versionCommand() *cobra.Command {
	var format string
	c := &cobra.Command{
		Use:   "version",
		Short: "Print tfdyn's version (module version, or the commit of a local build)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch format {
			case "text":
				bi := readBuildInfo()
				fmt.Fprintf(a.stdout, "tfdyn %s\n%s %s\n", bi.line(), bi.Go, bi.Platform)
				if bi.Note != "" {
					fmt.Fprintf(a.stderr, "Note: %s\n", bi.Note)
				}
			case "json":
				enc := json.NewEncoder(a.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(readBuildInfo())
			default:
				return exitf(ExitUsage, "--format must be text or json, got %q", format)
			}
			return nil
		},
	}
	c.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return c
}
