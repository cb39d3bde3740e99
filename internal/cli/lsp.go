package cli

import (
	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/internal/lsp"
)

func init() { commandRegistry = append(commandRegistry, (*app).lspCommand) }

func (a *app) lspCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server for *.tfdyn.hcl files (Language Server Protocol on stdio)",
		Long: `lsp runs tfdyn's language server on stdin and stdout for an editor
(docs/editors.md: VS Code, Neovim): diagnostics as you type from the loader
and lint of tfdyn validate, completion, hover (the keys a template computes
for each example, an access pattern's result and read units), go to
definition, formatting as tfdyn fmt, and quick fixes. It exits 0 after the
client's shutdown and exit, 1 when the client goes away without them.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			srv := lsp.New(lsp.Options{Version: readBuildInfo().Version})
			if err := srv.Serve(cmd.Context(), a.stdin, a.stdout); err != nil {
				if cmd.Context().Err() != nil {
					return err
				}
				return exit(ExitFindings, err)
			}
			return nil
		},
	}
	return c
}
