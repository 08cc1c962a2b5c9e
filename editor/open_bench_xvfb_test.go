//go:build xvfb

package editor

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
	"hexsandbox/saves"
)

// openChildEnv names the map file a child process of the open benchmark
// opens: the test binary then runs the editor on it, as `hexsandbox
// FILE` would, and reports on stdout when its first frame is drawn and
// when everything the view wants is at full detail (see runOpenChild).
const openChildEnv = "HEXSANDBOX_OPEN_CHILD"

// runOpenChild is the child: it opens the editor on the file, writes
// "first <ns>" after the first frame's Draw and "detail <ns> <worst
// frame ns>" once no detail is pending, in nanoseconds since the process
// started, and quits.
func runOpenChild(file string) int {
	start := processStart()
	trace := os.Getenv("HEXSANDBOX_OPEN_TRACE") != ""
	if trace {
		fmt.Fprintf(os.Stderr, "process up %v\n", time.Since(start))
	}
	g, err := newGame(Options{File: file, MapsDir: os.TempDir()}, newInput())
	if err != nil {
		fmt.Println("error", err)
		return 1
	}
	if trace {
		fmt.Fprintf(os.Stderr, "editor made %v\n", time.Since(start))
	}
	frames, last, worst := 0, time.Time{}, time.Duration(0)
	g.hooks.script = func() bool {
		now := time.Now()
		if frames == 1 {
			fmt.Println("first", now.Sub(start).Nanoseconds())
		}
		if trace && frames < 2 {
			fmt.Fprintf(os.Stderr, "update %d at %v\n", frames, now.Sub(start))
		}
		if frames > 1 {
			worst = max(worst, now.Sub(last))
			if trace {
				fmt.Fprintf(os.Stderr, "frame %d %v pending %d\n", frames, now.Sub(last), g.scene.Pending())
			}
		}
		last = now
		frames++
		if frames > 2 && g.scene.Pending() == 0 {
			fmt.Println("detail", now.Sub(start).Nanoseconds(), worst.Nanoseconds())
			return true
		}
		return false
	}
	if err := g.run(); err != nil {
		fmt.Println("error", err)
		return 1
	}
	return 0
}

// processStart is when this process started (from /proc), or now.
func processStart() time.Time {
	st, err := os.Stat("/proc/self")
	if err != nil {
		return time.Now()
	}
	return st.ModTime()
}

// benchOpen generates a size×size map (Catlike's generator, default
// settings) and opens it in a fresh editor process per iteration: the
// wall time from starting the process to its first frame, to the full
// detail of the view, the longest frame meanwhile, and the process's
// peak RSS.
func benchOpen(b *testing.B, size int) { benchOpenSize(b, size, size) }

func benchOpenSize(b *testing.B, w, h int) {
	g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(hexmap.Topology{Width: w, Height: h}, 1)
	if err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(b.TempDir(), "big.hexmap")
	if err := saves.SaveFile(file, g); err != nil {
		b.Fatal(err)
	}
	var first, detail, worst, rss []float64
	for b.Loop() {
		start := time.Now()
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), openChildEnv+"="+file)
		out, err := cmd.StdoutPipe()
		if err != nil {
			b.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			switch {
			case len(f) == 2 && f[0] == "first":
				first = append(first, float64(time.Since(start).Milliseconds()))
			case len(f) == 3 && f[0] == "detail":
				detail = append(detail, float64(time.Since(start).Milliseconds()))
				var w int64
				fmt.Sscan(f[2], &w)
				worst = append(worst, float64(w)/1e6)
			case len(f) > 0 && f[0] == "error":
				b.Fatal(sc.Text())
			}
		}
		if err := cmd.Wait(); err != nil {
			b.Fatal(err)
		}
		rss = append(rss, float64(cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)/1024)
	}
	b.ReportMetric(median(first), "first-frame-ms")
	b.ReportMetric(slices.Min(first), "first-frame-min-ms")
	b.ReportMetric(slices.Max(first), "first-frame-max-ms")
	b.ReportMetric(median(detail), "full-detail-ms")
	b.ReportMetric(median(worst), "worst-frame-ms")
	b.ReportMetric(median(rss), "peak-rss-MB")
	b.ReportMetric(slices.Max(rss), "peak-rss-max-MB")
	b.ReportMetric(0, "ns/op")
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkOpen320: `hexsandbox FILE` of a generated 320×320 map.
func BenchmarkOpen320(b *testing.B) { benchOpen(b, 320) }

// BenchmarkOpen640: the same for 640×640.
func BenchmarkOpen640(b *testing.B) { benchOpen(b, 640) }

// BenchmarkOpen80: the same for 80×60 (Catlike's largest size): what
// starting the editor costs whatever the map.
func BenchmarkOpen80(b *testing.B) { benchOpenSize(b, 80, 60) }
