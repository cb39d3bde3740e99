package cli

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/cost"
)

func init() { commandRegistry = append(commandRegistry, (*app).costCommand) }

func (a *app) costCommand() *cobra.Command {
	var format, prices string
	c := &cobra.Command{
		Use:   "cost [PATH...]",
		Short: "Estimate read and write capacity and monthly cost from the declared workload",
		Long: `cost estimates what the schema in PATH (default: the current directory) costs
under the workload its workload blocks declare (several schemas, such as a
directory of schemas: one estimate each, headed by "== DIR ==", or with
--format json an array of {"schema": DIR, "cost": ESTIMATE}): per access pattern the items
read and returned per call and the read units (4 KB rounding on the items
read, half for eventual consistency), per entity the write units of one
write into the table and every index it is projected into (1 KB rounding
each), storage per table and index, and the monthly cost on demand and
provisioned for the peak, in the table's class and the other one, with
recommendations (billing mode, table class, narrower projections, unused
GSIs). Figures that are not declared are taken from the example items or
assumed, and the report says which.

Prices come from the embedded table (us-east-1; region, date and sources are
printed); --prices FILE reads another table in the same JSON format.
Exit 0 with an estimate, 1 on schema errors, 2 on a bad flag or an
unreadable schema or price file.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format, "text", "json"); err != nil {
				return err
			}
			table := cost.DefaultPrices()
			if prices != "" {
				p, err := cost.LoadPrices(prices)
				if err != nil {
					return exit(ExitUsage, err)
				}
				table = p
			}
			ss, err := a.discover(args, diagOptions{format: "text"})
			if err != nil {
				return err
			}
			return a.perSchema(ss, format == "json", "cost", a.stdout, func(d hclschema.SchemaDir, w io.Writer) error {
				s, _, err := a.loadSchema(d.Paths, diagOptions{format: "text"}, false)
				if err != nil {
					return err
				}
				r := cost.Estimate(s, table)
				if format == "json" {
					return r.WriteJSON(w)
				}
				return r.WriteText(w)
			})
		},
	}
	c.Flags().StringVar(&format, "format", "text", "output format: text or json")
	c.Flags().StringVar(&prices, "prices", "", "read the price table from FILE (JSON, the format of internal/cost/prices.json)")
	return c
}
