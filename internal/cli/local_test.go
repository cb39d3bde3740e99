package cli

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/emit"
	"github.com/tfdyn/tfdyn/internal/tfprovider/tfprovidertest"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// handWritten is a Terraform configuration a user writes by hand, with a
// multi-attribute GSI (provider 6 syntax), PITR, TTL, a stream and tags.
const handWritten = `terraform {
  required_providers {
    aws = { source = "hashicorp/aws", version = ">= 6.37.0" }
  }
}

resource "aws_dynamodb_table" "games" {
  name                        = "games"
  billing_mode                = "PAY_PER_REQUEST"
  hash_key                    = "PK"
  range_key                   = "SK"
  deletion_protection_enabled = false
  stream_enabled              = true
  stream_view_type            = "NEW_IMAGE"

  attribute {
    name = "PK"
    type = "S"
  }
  attribute {
    name = "SK"
    type = "S"
  }
  attribute {
    name = "tournamentId"
    type = "S"
  }
  attribute {
    name = "region"
    type = "S"
  }
  attribute {
    name = "round"
    type = "N"
  }

  global_secondary_index {
    name            = "ByRegion"
    projection_type = "ALL"
    key_schema {
      attribute_name = "tournamentId"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "region"
      key_type       = "HASH"
    }
    key_schema {
      attribute_name = "round"
      key_type       = "RANGE"
    }
  }

  ttl {
    attribute_name = "expiresAt"
    enabled        = true
  }

  point_in_time_recovery {
    enabled = true
  }

  tags = { team = "games" }
}
`

// TestLocalWithHandWrittenConfig runs `tfdyn local`, pastes the provider
// block it prints into a hand-written configuration and applies, re-plans
// (no diff) and destroys it with hashicorp/aws 6; Ctrl-C then stops
// DynamoDB Local (exit 130).
func TestLocalWithHandWrittenConfig(t *testing.T) {
	tftest.Parallel(t)
	env := tftest.Env(t)
	tftest.RequireProvider(t, env, emit.Provider6Constraint)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		code := RunContext(ctx, []string{"local"}, nil, pw, io.Discard)
		pw.Close()
		done <- code
	}()

	// Read what tfdyn local prints until the provider block is complete.
	var printed strings.Builder
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	deadline := time.After(2 * time.Minute)
	for !strings.Contains(printed.String(), "The compatibility layer emulates:") {
		select {
		case l, ok := <-lines:
			require.True(t, ok, "tfdyn local stopped early:\n%s", printed.String())
			printed.WriteString(l + "\n")
		case <-deadline:
			t.Fatalf("tfdyn local printed no provider block:\n%s", printed.String())
		}
	}
	go func() {
		for range lines {
		}
	}()
	out := printed.String()
	block := out[strings.Index(out, "Terraform provider block:")+len("Terraform provider block:") : strings.Index(out, "The compatibility layer emulates:")]
	require.Contains(t, block, `provider "aws"`)
	pid := 0
	for _, f := range strings.Fields(out) {
		if strings.HasSuffix(f, ")") {
			if n, err := strconv.Atoi(strings.TrimSuffix(f, ")")); err == nil {
				pid = n
				break
			}
		}
	}
	require.NotZero(t, pid, "tfdyn local prints the pid of DynamoDB Local:\n%s", out)

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.tf"), []byte(handWritten), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "provider.tf"), []byte(block), 0o644))
	tftest.Terraform(t, env, dir, "init", "-input=false", "-no-color")
	tfprovidertest.Attach(t, env, dir)
	tftest.Terraform(t, env, dir, "apply", "-auto-approve", "-input=false", "-no-color")
	planOut, err := tftest.TerraformErr(env, dir, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	require.Equal(t, 0, tftest.ExitCode(err), "a second plan must show no changes:\n%s", planOut)
	tftest.Terraform(t, env, dir, "destroy", "-auto-approve", "-input=false", "-no-color")

	cancel() // Ctrl-C
	select {
	case code := <-done:
		require.Equal(t, ExitInterrupted, code)
	case <-time.After(time.Minute):
		t.Fatal("tfdyn local did not stop after Ctrl-C")
	}
	require.False(t, processExists(pid), "DynamoDB Local (pid %d) must be gone after Ctrl-C", pid)
}
