package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/tfdyn/tfdyn/internal/migrate"
)

// The worker of `tfdyn migrate --emit stepfunctions`: the tfdyn binary,
// named bootstrap in a Lambda zip (runtime provided.al2023), serves the
// Lambda Runtime API's invocations as migrate workers. Each event is a Map
// item, {"segment": I, "total_segments": N}; the worker runs `tfdyn
// migrate` with the arguments of TFDYN_MIGRATE_ARGS (a JSON list written
// by the emitted Terraform) and --segment I, until the segment is done or
// the invocation's time is nearly up, and answers {"segment", "total_segments",
// "done"}: the state machine invokes it again until done (the progress is
// in the control table).

// lambdaRuntimeAPI is the Runtime API's version path.
const lambdaRuntimeAPI = "/2018-06-01/runtime"

// lambdaMargin is the time left to the invocation's deadline when the
// worker stops its segment: the page being scanned is cut (its items
// redone by the next invocation) and the answer sent.
const lambdaMargin = 20 * time.Second

// lambdaWorkerMode reports whether tfdyn runs as a Lambda worker: no
// arguments, the Runtime API's address and the worker's arguments in the
// environment.
func lambdaWorkerMode(args []string) bool {
	return len(args) == 0 && os.Getenv("AWS_LAMBDA_RUNTIME_API") != "" && os.Getenv(migrate.WorkerArgsEnv) != ""
}

// lambdaEvent is a Map item.
type lambdaEvent struct {
	Segment       *int `json:"segment"`
	TotalSegments *int `json:"total_segments"`
}

// lambdaAnswer is the worker's answer to one invocation.
type lambdaAnswer struct {
	Segment       int   `json:"segment"`
	TotalSegments int   `json:"total_segments"`
	Done          bool  `json:"done"`
	Scanned       int64 `json:"scanned"`
	Updated       int64 `json:"updated"`
}

// lambdaWorker serves invocations until the Runtime API goes away (the
// execution environment is shut down), logging to stderr (CloudWatch).
func lambdaWorker(ctx context.Context, stderr io.Writer) int {
	api := "http://" + os.Getenv("AWS_LAMBDA_RUNTIME_API") + lambdaRuntimeAPI
	var args []string
	if err := json.Unmarshal([]byte(os.Getenv(migrate.WorkerArgsEnv)), &args); err != nil || len(args) == 0 || args[0] != "migrate" {
		msg := fmt.Sprintf("%s must be a JSON list of tfdyn migrate's arguments, starting with \"migrate\": %q", migrate.WorkerArgsEnv, os.Getenv(migrate.WorkerArgsEnv))
		_ = lambdaPost(ctx, api+"/init/error", lambdaError(msg))
		fmt.Fprintln(stderr, "tfdyn lambda worker: "+msg)
		return ExitUsage
	}
	client := &http.Client{}
	for ctx.Err() == nil {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, api+"/invocation/next", nil)
		if err != nil {
			fmt.Fprintln(stderr, "tfdyn lambda worker:", err)
			return ExitUsage
		}
		resp, err := client.Do(req)
		if err != nil {
			if ctx.Err() != nil {
				return ExitInterrupted
			}
			fmt.Fprintln(stderr, "tfdyn lambda worker: next invocation:", err)
			return ExitUsage
		}
		body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		if err != nil {
			fmt.Fprintln(stderr, "tfdyn lambda worker: next invocation:", err)
			return ExitUsage
		}
		id := resp.Header.Get("Lambda-Runtime-Aws-Request-Id")
		deadline := time.Now().Add(15 * time.Minute)
		if ms, err := strconv.ParseInt(resp.Header.Get("Lambda-Runtime-Deadline-Ms"), 10, 64); err == nil {
			deadline = time.UnixMilli(ms)
		}
		answer, failure := lambdaInvoke(ctx, args, body, deadline, stderr)
		if failure != "" {
			fmt.Fprintf(stderr, "tfdyn lambda worker: %s\n", failure)
			_ = lambdaPost(ctx, api+"/invocation/"+id+"/error", lambdaError(failure))
			continue
		}
		b, _ := json.Marshal(answer)
		if err := lambdaPost(ctx, api+"/invocation/"+id+"/response", b); err != nil {
			fmt.Fprintln(stderr, "tfdyn lambda worker: answer:", err)
		}
	}
	return ExitInterrupted
}

// lambdaInvoke runs one invocation: the segment of event until it is done
// or deadline less lambdaMargin. failure says why the invocation failed.
func lambdaInvoke(ctx context.Context, args []string, event []byte, deadline time.Time, stderr io.Writer) (lambdaAnswer, string) {
	var ev lambdaEvent
	if err := json.Unmarshal(event, &ev); err != nil || ev.Segment == nil || ev.TotalSegments == nil {
		return lambdaAnswer{}, fmt.Sprintf("the event must be a Map item {\"segment\": I, \"total_segments\": N}, got %s", event)
	}
	a := lambdaAnswer{Segment: *ev.Segment, TotalSegments: *ev.TotalSegments}
	run := append(append([]string{}, args...), "--segment", strconv.Itoa(a.Segment), "--format", "json")
	if !hasFlag(args, "--total-segments") {
		run = append(run, "--total-segments", strconv.Itoa(a.TotalSegments))
	}
	ictx, cancel := context.WithDeadline(ctx, deadline.Add(-lambdaMargin))
	defer cancel()
	var stdout, errOut bytes.Buffer
	code := RunContext(ictx, run, bytes.NewReader(nil), &stdout, io.MultiWriter(stderr, &errOut))
	var out struct {
		Result migrate.Result `json:"result"`
	}
	switch {
	case code == ExitInterrupted && ctx.Err() == nil:
		// Time is up: the progress is in the control table; the counts
		// are this run's when it got to write them.
		if json.Unmarshal(stdout.Bytes(), &out) == nil && out.Result.Worker != nil {
			a.Scanned, a.Updated = out.Result.Worker.Scanned, out.Result.Worker.Updated
		}
		return a, ""
	case code != ExitOK:
		return a, fmt.Sprintf("tfdyn migrate --segment %d exited %d: %s", a.Segment, code, bytes.TrimSpace(errOut.Bytes()))
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil || out.Result.Worker == nil {
		return a, fmt.Sprintf("tfdyn migrate --segment %d: no worker result in its output", a.Segment)
	}
	w := out.Result.Worker
	a.Done, a.Scanned, a.Updated = w.Done, w.Scanned, w.Updated
	if w.Segment != a.Segment || out.Result.Segments != a.TotalSegments {
		return a, fmt.Sprintf("the Map item is segment %d of %d, the worker ran segment %d of %d", a.Segment, a.TotalSegments, w.Segment, out.Result.Segments)
	}
	return a, ""
}

func hasFlag(args []string, flag string) bool {
	for _, a := range args {
		if a == flag || len(a) > len(flag) && a[:len(flag)+1] == flag+"=" {
			return true
		}
	}
	return false
}

// lambdaError is the Runtime API's error document.
func lambdaError(msg string) []byte {
	b, _ := json.Marshal(map[string]string{"errorMessage": msg, "errorType": "TfdynMigrateError"})
	return b
}

func lambdaPost(ctx context.Context, url string, body []byte) error {
	req, err := http.NewRequestWithContext(context.WithoutCancel(ctx), http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s: %s", url, resp.Status)
	}
	return nil
}
