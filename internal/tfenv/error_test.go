package tfenv

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTrimOutputDropsRepeatedBlocks(t *testing.T) {
	out := "\n\nError: Unclosed configuration block\n\n  on main.tf line 1:\n   1: resource \"x\" {\n\n" +
		"Error: Missing name for resource\n\nAll resource blocks must have 2 labels.\n\n" +
		"Error: Missing name for resource\n\nAll resource blocks must have 2 labels.\n   \n"
	require.Equal(t, "Error: Unclosed configuration block\n\n  on main.tf line 1:\n   1: resource \"x\" {\n\n"+
		"Error: Missing name for resource\n\nAll resource blocks must have 2 labels.", TrimOutput(out))
}

func TestTrimOutputKeepsFortyLines(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	got := strings.Split(TrimOutput(b.String()), "\n")
	require.Len(t, got, 41)
	require.Equal(t, "line 40", got[39])
	require.Equal(t, "... (60 more lines)", got[40])
}

func TestEnvErrorMessage(t *testing.T) {
	err := &EnvError{Step: "init", Dir: "infra", Output: "Error: Bad\n\nDetail.", Hint: "Fix it.", Err: errors.New("exit status 1")}
	require.Equal(t, "terraform init failed in infra:\n  Error: Bad\n\n  Detail.\nFix it.", err.Error())
	err = &EnvError{Step: "plan", Err: errors.New("exit status 1")}
	require.Equal(t, "terraform plan: exit status 1", err.Error())
	err = &EnvError{Err: errors.New("the schema declares no table")}
	require.Equal(t, "the schema declares no table", err.Error())
	require.ErrorIs(t, &EnvError{Step: "show", Err: ErrNotSetUp}, ErrNotSetUp)
}
