package ddblocal

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/internal/tfenv"
	"github.com/tfdyn/tfdyn/internal/tftest"
)

// These tests start nothing: they run under -short too.

func TestStartJavaMissing(t *testing.T) {
	tftest.Live() // reads the machine's Java and cache; starts none
	_, err := Start(context.Background(), Options{JavaPath: filepath.Join(t.TempDir(), "java")})
	require.ErrorContains(t, err, "ddblocal: start: java")
	require.ErrorContains(t, err, "not executable")

	t.Setenv("PATH", t.TempDir())
	t.Setenv("JAVA_HOME", "")
	_, err = Start(context.Background(), Options{})
	require.ErrorContains(t, err, "java not found on PATH: install Java 17")
}

func TestStartJarMissing(t *testing.T) {
	_, err := Start(context.Background(), Options{JavaPath: "/bin/sh", DynamoDBLocalDir: t.TempDir()})
	require.ErrorIs(t, err, tfenv.ErrNotSetUp)
	require.ErrorContains(t, err, "make setup")
	require.ErrorContains(t, err, "DynamoDB Local is not installed: tfdyn's cache is not set up: run `tfdyn setup`")
	require.ErrorContains(t, err, "DynamoDBLocal.jar")
}

func TestStartPortInUse(t *testing.T) {
	tftest.Live() // reads tfdyn's cache; refuses before starting Java
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	_, err = Start(context.Background(), Options{Port: port})
	var inUse *PortInUseError
	require.ErrorAs(t, err, &inUse)
	require.Equal(t, port, inUse.Port)
	require.EqualError(t, err, fmt.Sprintf("ddblocal: start: port %d is in use: choose another port or 0 for a free one", port))
}

func TestProviderBlock(t *testing.T) {
	target := &Target{opts: Options{}.withDefaults(), endpoint: "http://127.0.0.1:4567"}
	block := target.ProviderBlock()
	for _, want := range []string{
		`provider "aws" {`,
		`region     = "us-east-1"`,
		`access_key = "tfdyn"`,
		`secret_key = "tfdyn"`,
		`skip_credentials_validation = true`,
		`skip_metadata_api_check     = true`,
		`skip_requesting_account_id  = true`,
		`dynamodb = "http://127.0.0.1:4567"`,
		`kms      = "http://127.0.0.1:4567"`,
	} {
		require.Contains(t, block, want)
	}
	require.Equal(t, strings.Count(block, "{"), strings.Count(block, "}"))
	require.NotEmpty(t, target.Emulated())
}

// TestJavaCommandLine: DynamoDB Local runs with JVMFlags before -jar (the
// client compiler and the serial collector halve its CPU in short runs).
func TestJavaCommandLine(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "DynamoDBLocal.jar"), nil, 0o644))
	tg := &Target{opts: Options{JavaPath: "/bin/sh", DynamoDBLocalDir: dir}}
	argv, err := tg.javaCommand()
	require.NoError(t, err)
	t.Cleanup(tg.removeJVMTemp)
	require.DirExists(t, tg.jvmTemp)
	port := strings.TrimPrefix(tg.backend, "http://127.0.0.1:")
	require.Equal(t, []string{"/bin/sh", "-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
		"-Djava.io.tmpdir=" + tg.jvmTemp,
		"-Djava.library.path=" + filepath.Join(dir, "DynamoDBLocal_lib"),
		"-jar", filepath.Join(dir, "DynamoDBLocal.jar"), "-inMemory", "-port", port}, argv)
}
