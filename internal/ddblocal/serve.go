package ddblocal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Serve starts a target, prints how to reach it (endpoint, region,
// credentials, a provider block and what the layer emulates) to out, and
// runs until ctx is done; then it stops the target. The caller handles
// Ctrl-C, for example with signal.NotifyContext. Serve returns nil after a
// clean stop and an error if the target could not start, or if DynamoDB
// Local exits on its own before ctx is done.
func Serve(ctx context.Context, opts Options, out io.Writer) error {
	t, err := Start(ctx, opts)
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return nil
		}
		return err
	}
	fmt.Fprintf(out, "DynamoDB Local is running (pid %d)\n\n", t.PID())
	fmt.Fprintf(out, "  endpoint    %s\n", t.Endpoint())
	fmt.Fprintf(out, "  region      %s\n", t.Region())
	fmt.Fprintf(out, "  access key  %s\n", t.AccessKey())
	fmt.Fprintf(out, "  secret key  %s\n\n", t.SecretKey())
	fmt.Fprintf(out, "Environment for the AWS CLI and SDKs:\n\n")
	fmt.Fprintf(out, "  export AWS_ENDPOINT_URL_DYNAMODB=%s AWS_REGION=%s AWS_ACCESS_KEY_ID=%s AWS_SECRET_ACCESS_KEY=%s\n\n",
		t.Endpoint(), t.Region(), t.AccessKey(), t.SecretKey())
	fmt.Fprintf(out, "Terraform provider block:\n\n%s\n", indentBlock(t.ProviderBlock()))
	fmt.Fprintf(out, "The compatibility layer emulates:\n")
	for _, e := range t.Emulated() {
		fmt.Fprintf(out, "  - %s\n", e)
	}
	fmt.Fprintf(out, "\nData is kept in memory only. Stop with Ctrl-C.\n")

	var exitErr error
	select {
	case <-ctx.Done():
	case <-t.exited:
		exitErr = fmt.Errorf("ddblocal: serve: DynamoDB Local exited: %v\n%s", t.waitErr, indent(t.output.String()))
	}
	stopErr := t.Stop()
	if exitErr != nil {
		return exitErr
	}
	if stopErr == nil {
		fmt.Fprintf(out, "DynamoDB Local stopped.\n")
	}
	return stopErr
}

func indentBlock(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "  " + l
		}
	}
	return strings.Join(lines, "\n") + "\n"
}
