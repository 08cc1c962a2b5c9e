package clipboard

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// run runs program name with args (macOS's pbcopy and pbpaste, see
// darwin.go) in environment env (nil: this process's), giving it in as
// its input, and is its output. It waits at most timeout: a program that
// hangs is killed. An output over MaxBytes is read to its end but not
// kept, and refused.
func run(timeout time.Duration, env []string, in, name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = env
	cmd.Stdin = strings.NewReader(in)
	var out bounded
	var errOut bounded
	cmd.Stdout, cmd.Stderr = &out, &errOut
	// A child of the program that keeps the pipes open must not hold
	// Wait past the time allowed.
	cmd.WaitDelay = 100 * time.Millisecond
	err := cmd.Run()
	switch {
	case ctx.Err() != nil:
		return "", fmt.Errorf("the clipboard: %s gave no answer within %v", name, timeout)
	case err != nil:
		var exit *exec.ExitError
		if msg := strings.TrimSpace(string(errOut.b)); errors.As(err, &exit) && msg != "" {
			return "", fmt.Errorf("the clipboard: %s: %s", name, firstLine(msg))
		}
		return "", fmt.Errorf("the clipboard: %v", err)
	case out.over > 0:
		return "", tooLong(len(out.b) + out.over)
	}
	return string(out.b), nil
}

// bounded keeps the first MaxBytes bytes written to it and counts the
// rest.
type bounded struct {
	b    []byte
	over int
}

func (w *bounded) Write(p []byte) (int, error) {
	keep := min(len(p), MaxBytes-len(w.b))
	w.b = append(w.b, p[:keep]...)
	w.over += len(p) - keep
	return len(p), nil
}

// firstLine is s up to its first line break.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
