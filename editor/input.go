package editor

import (
	"io/fs"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Input is what the editor reads from the user each frame, apart from
// the panel's widgets (which read ebiten directly). The window uses
// ebiten's; the end-to-end test feeds a script of synthetic events
// through the same path.
type Input interface {
	CursorPosition() (x, y int)
	MousePressed(b ebiten.MouseButton) bool
	KeyPressed(k ebiten.Key) bool
	KeyJustPressed(k ebiten.Key) bool
	Wheel() (x, y float64)
	DroppedFiles() fs.FS
	// CloseRequested reports that the user asked to close the window.
	CloseRequested() bool
	// CursorIn reports whether the pointer is over the window (in the
	// browser: the page) as far as the platform can tell.
	CursorIn() bool
}

type ebitenInput struct{}

func (ebitenInput) CursorPosition() (int, int)             { return ebiten.CursorPosition() }
func (ebitenInput) MousePressed(b ebiten.MouseButton) bool { return ebiten.IsMouseButtonPressed(b) }
func (ebitenInput) KeyPressed(k ebiten.Key) bool           { return ebiten.IsKeyPressed(k) }
func (ebitenInput) KeyJustPressed(k ebiten.Key) bool       { return inpututil.IsKeyJustPressed(k) }
func (ebitenInput) Wheel() (float64, float64)              { return ebiten.Wheel() }
func (ebitenInput) DroppedFiles() fs.FS                    { return ebiten.DroppedFiles() }
func (ebitenInput) CloseRequested() bool                   { return ebiten.IsWindowBeingClosed() }
func (ebitenInput) CursorIn() bool                         { return pointerInPage() }

// cursorWatch tells whether the pointer has shown where it is. Until it
// first moves (or a button is pressed) its position is a default, not
// the user's: the browser reports (0, 0) before the mouse enters the
// page, which would outline a cell in the top-left corner.
type cursorWatch struct {
	started bool
	x0, y0  int
	moved   bool
	in      bool
}

// watch takes this frame's pointer position, button state and whether
// the pointer is over the window.
func (c *cursorWatch) watch(x, y int, down, in bool) {
	if !c.started {
		c.started, c.x0, c.y0 = true, x, y
	}
	if x != c.x0 || y != c.y0 || down {
		c.moved = true
	}
	c.in = in
}

// known reports whether the position is the pointer's, over the window.
func (c *cursorWatch) known() bool { return c.moved && c.in }

func ctrl(in Input) bool {
	return in.KeyPressed(ebiten.KeyControl) || in.KeyPressed(ebiten.KeyMeta)
}

func shift(in Input) bool { return in.KeyPressed(ebiten.KeyShift) }
