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
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
	Platform string `json:"platform"`
}

// readBuildInfo reads the version from the binary: the module version of a
// `go install module@version` build, else the VCS revision of a build from a
// checkout (with "-dirty" when it had uncommitted changes); Version set
// with -ldflags wins.
func readBuildInfo() buildInfo {
	bi := buildInfo{Version: "(devel)", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	info, ok := debug.ReadBuildInfo()
	if ok {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			bi.Version = v
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				bi.Revision = s.Value
			case "vcs.modified":
				bi.Modified = s.Value == "true"
			}
		}
	}
	if Version != "" {
		bi.Version = Version
	}
	return bi
}

// version is the one-line version of --version and `tfdyn version`.
func version() string {
	bi := readBuildInfo()
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
				fmt.Fprintf(a.stdout, "tfdyn %s\n%s %s\n", version(), bi.Go, bi.Platform)
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
