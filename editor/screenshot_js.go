//go:build js

package editor

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/web/store"
)

// screenshot offers the next frame as a PNG download (F12); the browser
// build has no working folder to write it to.
func (g *game) screenshot() {
	name := fmt.Sprintf("hexsandbox-%s.png", g.now().Format("20060102-150405"))
	g.capture = func(img *ebiten.Image) {
		g.capture = nil
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			g.errorf("screenshot: %v", err)
			return
		}
		if err := store.Download(name, b.Bytes()); err != nil {
			g.errorf("screenshot: %v", err)
			return
		}
		g.info("Screenshot downloaded as " + name)
	}
}
