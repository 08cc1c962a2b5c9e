package editor

import (
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/render/project"
)

// shortcuts handles the keyboard commands.
func (g *game) shortcuts() {
	in := g.in
	if !ctrl(in) {
		switch {
		case in.KeyJustPressed(ebiten.KeyF12):
			g.screenshot()
		case in.KeyJustPressed(ebiten.KeyTab):
			g.setPlaying(!g.play.on)
		case g.play.on:
			g.playKeys()
		}
		if in.KeyJustPressed(ebiten.KeyHome) {
			g.fitMap()
		}
		return
	}
	if g.play.on && (in.KeyJustPressed(ebiten.KeyZ) || in.KeyJustPressed(ebiten.KeyY)) {
		g.info("Undo and redo are for editing: Tab switches to edit mode")
		return
	}
	switch {
	case in.KeyJustPressed(ebiten.KeyN):
		g.cmdNew()
	case in.KeyJustPressed(ebiten.KeyO):
		g.cmdOpen()
	case in.KeyJustPressed(ebiten.KeyS) && shift(in):
		g.cmdSaveAs()
	case in.KeyJustPressed(ebiten.KeyS):
		g.cmdSave()
	case in.KeyJustPressed(ebiten.KeyZ) && shift(in), in.KeyJustPressed(ebiten.KeyY):
		g.redo()
	case in.KeyJustPressed(ebiten.KeyZ):
		g.undo()
	}
}

// steer moves the camera like Catlike's HexMapCamera: keys pan, the wheel
// zooms, Q and E rotate.
func (g *game) steer() {
	if g.busy() || g.textFocused() || ctrl(g.in) {
		return
	}
	dt := 1 / float64(ebiten.TPS())
	var dx, dz float64
	in := g.in
	if in.KeyPressed(ebiten.KeyA) || in.KeyPressed(ebiten.KeyArrowLeft) {
		dx--
	}
	if in.KeyPressed(ebiten.KeyD) || in.KeyPressed(ebiten.KeyArrowRight) {
		dx++
	}
	if in.KeyPressed(ebiten.KeyW) || in.KeyPressed(ebiten.KeyArrowUp) {
		dz++
	}
	if in.KeyPressed(ebiten.KeyS) || in.KeyPressed(ebiten.KeyArrowDown) {
		dz--
	}
	if dx != 0 || dz != 0 {
		sp := g.cam.MoveSpeed() * dt
		g.cam.Move(dx*sp, dz*sp)
	}
	if in.KeyPressed(ebiten.KeyQ) {
		g.cam.Rotation -= project.RotationSpeed * dt
	}
	if in.KeyPressed(ebiten.KeyE) {
		g.cam.Rotation += project.RotationSpeed * dt
	}
	x, y := in.CursorPosition()
	if g.overMap(x, y) {
		if _, wy := in.Wheel(); wy != 0 {
			g.cam.Zoom += wy * 0.08
		}
	}
	g.cam.MinZoom = min(0, g.cam.FitZoom(g.mapAspect()))
	g.cam.Clamp()
	g.pan(x, y)
}

// pan drags the map with the right or middle button, grabbing the point
// under the cursor; a drag that starts over the panel is not a pan.
func (g *game) pan(x, y int) {
	down := g.in.MousePressed(ebiten.MouseButtonRight) || g.in.MousePressed(ebiten.MouseButtonMiddle)
	switch {
	case !down:
		g.panning = false
	case g.panning:
		g.cam.Drag(float64(x-g.panX), float64(y-g.panY), g.mapRect().Dy())
	case g.overMap(x, y):
		g.panning = true
	}
	g.panX, g.panY = x, y
}

// fitMap frames the whole map (the Home key and the panel's Fit map):
// the overview zoom at which it fits the map's part of the window.
func (g *game) fitMap() { g.cam.Fit(g.mapAspect()) }

// mapAspect is the width / height of the map's part of the window.
func (g *game) mapAspect() float64 {
	r := g.mapRect()
	return float64(r.Dx()) / float64(max(r.Dy(), 1))
}
