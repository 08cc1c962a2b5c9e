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
}

type ebitenInput struct{}

func (ebitenInput) CursorPosition() (int, int)             { return ebiten.CursorPosition() }
func (ebitenInput) MousePressed(b ebiten.MouseButton) bool { return ebiten.IsMouseButtonPressed(b) }
func (ebitenInput) KeyPressed(k ebiten.Key) bool           { return ebiten.IsKeyPressed(k) }
func (ebitenInput) KeyJustPressed(k ebiten.Key) bool       { return inpututil.IsKeyJustPressed(k) }
func (ebitenInput) Wheel() (float64, float64)              { return ebiten.Wheel() }
func (ebitenInput) DroppedFiles() fs.FS                    { return ebiten.DroppedFiles() }
func (ebitenInput) CloseRequested() bool                   { return ebiten.IsWindowBeingClosed() }

func ctrl(in Input) bool {
	return in.KeyPressed(ebiten.KeyControl) || in.KeyPressed(ebiten.KeyMeta)
}

func shift(in Input) bool { return in.KeyPressed(ebiten.KeyShift) }
