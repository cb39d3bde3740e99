package verify

import (
	"io"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/tfenv"
)

// Target is where verify provisions the table.
type Target string

// Targets.
const (
	// TargetLocal starts DynamoDB Local behind the compatibility layer.
	TargetLocal Target = "local"
	// TargetEndpoint uses a running DynamoDB-compatible endpoint.
	TargetEndpoint Target = "endpoint"
	// TargetAWS uses a real account through the default credential chain.
	TargetAWS Target = "aws"
)

// Options control Run.
type Options struct {
	Schema *hclschema.Schema
	// SchemaPath is shown in the report.
	SchemaPath string
	Target     Target
	// Endpoint is the URL for TargetEndpoint.
	Endpoint string
	// Region defaults to us-east-1 (local, endpoint) or AWS_REGION (aws).
	Region string
	// AccessKey and SecretKey sign requests to a local or custom endpoint
	// (default "tfdyn").
	AccessKey, SecretKey string
	// Env is the terraform environment (default tfenv.Load()).
	Env *tfenv.Env
	// ProviderMajor is the hashicorp/aws major version to emit for (6).
	ProviderMajor int
	// Seed makes generated items deterministic.
	Seed int64
	// Items is the number of generated items per entity (besides examples).
	Items int
	// Scale repeats the patterns with Scale times more data and flags
	// patterns whose reads grow with the table (0 or 1: off).
	Scale int
	// Keep leaves the table (and a local endpoint) up after the run.
	Keep bool
	// Parallel is the number of concurrent requests (default 4).
	Parallel int
	// Progress receives step lines while the run goes on (nil: quiet).
	Progress io.Writer
	// KeepAlive is called with the endpoint when Keep is set, after the
	// report; it returns when the caller wants the endpoint stopped.
	KeepAlive func(endpoint string)
	// TableNames sets the DynamoDB name of tables by label, instead of the
	// schema's name (local) or the name with a unique suffix (endpoint, aws).
	// verify still refuses a name that exists.
	TableNames map[string]string
	// Abort, when closed (a second Ctrl-C), cuts the cleanup after an
	// interrupt short: the local target is stopped (its tables go with it);
	// for other targets terraform destroy stops and the report says which
	// tables may be left and where their terraform state is kept.
	Abort <-chan struct{}
	// Generated are generated packages whose contract tests run on the
	// provisioned tables before verify writes its own items (--gen).
	Generated []Generated
	// LocalBackend, when set, is the URL of a running DynamoDB Local
	// (ddblocal.Target.BackendEndpoint) for the local target: the run puts
	// its compatibility layer in front of it, under a namespace of the
	// run's own (ddblocal.Options.Namespace: an empty one, apart from every
	// other run's), instead of starting a JVM (about 1.2 CPU-s and its
	// warm-up); the run stops its layer, never that process, and its
	// tables stay in the namespace. Tests share one process this way.
	LocalBackend string
}

func (o Options) withDefaults() Options {
	if o.Target == "" {
		o.Target = TargetLocal
	}
	if o.ProviderMajor == 0 {
		o.ProviderMajor = 6
	}
	if o.AccessKey == "" {
		o.AccessKey = "tfdyn"
	}
	if o.SecretKey == "" {
		o.SecretKey = "tfdyn"
	}
	if o.Items == 0 {
		o.Items = 20
	}
	if o.Parallel <= 0 {
		o.Parallel = 4
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	return o
}
