//go:build xvfb

package render

import (
	"os"
	"testing"

	"hexsandbox/internal/testutil"
)

// TestMain runs the tests inside an ebiten game loop: reading pixels back
// needs the loop running.
func TestMain(m *testing.M) { os.Exit(testutil.RunInGameLoop(m)) }
