package migrate

import "github.com/tfdyn/tfdyn/hclschema"

// warmOf is the warm throughput a table spec declares (read and write
// units per second; 0 for a side not declared). The schema language has no
// warm_throughput yet (issue 26 adds it to the table spec): until then no
// table declares any, and the state machine raises nothing unless its
// variables are set.
func warmOf(hclschema.TableSpec) (read, write int64) { return 0, 0 }
