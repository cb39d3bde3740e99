package verify

import (
	"context"

	"github.com/tfdyn/tfdyn/internal/tfprovider"
)

// attachProvider starts the provider once for the run on the local target
// and on an endpoint, and has every later terraform command attach to it
// (behind tfprovider's caching proxy). When it cannot start in debug mode,
// terraform starts the provider itself as usual. On AWS terraform starts
// the provider itself: its credentials and retries are the user's.
func (r *runner) attachProvider(ctx context.Context) error {
	if r.opts.Target == TargetAWS {
		return nil
	}
	return r.step("start provider", func() error {
		p, err := tfprovider.Start(ctx, r.ws.dir)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			r.progress("terraform starts the provider itself: %v", err)
			return nil
		}
		r.mu.Lock()
		r.provider = p
		r.report.ProviderPID = p.PID()
		r.mu.Unlock()
		if err := p.UseProxy(r.ws.dir, cacheDir(r.ws.env), r.ws.types); err != nil {
			r.progress("terraform attaches to the provider without the schema cache: %v", err)
		}
		r.ws.reattach = p.Reattach()
		r.progress("provider pid %d: terraform attaches to it", p.PID())
		return nil
	})
}

// stopProvider stops the provider process of the run, if any.
func (r *runner) stopProvider() {
	r.mu.Lock()
	p := r.provider
	r.mu.Unlock()
	if p != nil {
		if proxy := p.Proxy(); proxy != nil {
			_, _, stored := proxy.Counts()
			from := "asked from the provider"
			if len(stored) > 0 {
				from = "read from " + proxy.StoreDir()
			}
			r.progress("provider schema %s; %d repeated schema and provider-block checks answered by the proxy", from, proxy.CacheHits())
		}
		p.Stop()
	}
}
