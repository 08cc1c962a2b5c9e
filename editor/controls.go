package editor

import (
	"image"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/render/project"
)

// canSteer reports whether the keyboard and wheel steer the camera: not
// while a dialog or a job is open or a text field or a Ctrl shortcut
// takes them.
func (g *game) canSteer() bool {
	return !g.busy() && !g.textFocused() && !ctrl(&g.inp)
}

// move moves the camera like Catlike's HexMapCamera for the time dt the
// keys were held as they are: WASD or the arrows pan, Q and E rotate. By
// time, not by frames: holding a key turns or moves the camera as far in
// a slow frame as in many fast ones.
func (g *game) move(dt time.Duration) {
	if dt <= 0 || !g.canSteer() {
		return
	}
	sec := min(dt, maxStep).Seconds()
	var dx, dz float64
	in := &g.inp
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
		sp := g.cam.MoveSpeed() * sec
		g.cam.Move(dx*sp, dz*sp)
	}
	if in.KeyPressed(ebiten.KeyQ) {
		g.cam.Rotation -= project.RotationSpeed * sec
	}
	if in.KeyPressed(ebiten.KeyE) {
		g.cam.Rotation += project.RotationSpeed * sec
	}
	g.cam.MinZoom = min(0, g.cam.FitZoom(g.mapAspect()))
	g.cam.Clamp()
}

// maxStep bounds the time one move covers: a stall of the whole program
// (a window being dragged) does not send the camera across the map.
const maxStep = 2 * time.Second

// steer applies this step's wheel (over the map: zoom towards the point
// under the cursor; over the panel: scroll it) and right or middle drag
// (pan).
func (g *game) steer() {
	x, y := g.inp.CursorPosition()
	_, wy := g.inp.Wheel()
	switch {
	case wy == 0:
	case g.canSteer() && g.overMap(x, y):
		mr := g.mapRect()
		g.cam.ZoomAt(wy*0.08, float64(x-mr.Min.X), float64(y-mr.Min.Y), mr.Dx(), mr.Dy())
	case !g.busy() && g.mode == mode(g.edit) && image.Pt(x, y).In(g.edit.panel.root.GetWidget().Rect):
		if g.edit.panel.wheel(g.win.style, wy) {
			g.win.dirty = true
		}
	}
	g.pan(x, y)
	g.pinch()
}

// pinch applies this step's two-finger gesture to the camera: the map
// moves with the fingers' midpoint, grows as they spread and turns as
// they twist, about the midpoint.
func (g *game) pinch() {
	pn := g.inp.pinch
	if !pn.any || !g.canSteer() {
		return
	}
	mr := g.mapRect()
	g.cam.Drag(pn.dx, pn.dy, mr.Dy())
	sx, sy := float64(pn.x-mr.Min.X), float64(pn.y-mr.Min.Y)
	g.cam.ScaleAt(pn.scale, sx, sy, mr.Dx(), mr.Dy())
	// Fingers turning clockwise on the screen turn the map with them:
	// the camera turns the other way.
	g.cam.RotateAt(-pn.angle*180/math.Pi, sx, sy, mr.Dx(), mr.Dy())
}

// keepCamera keeps the map filling most of its view, however the camera
// was moved (keys, drags, the wheel, the minimap, the play mode).
func (g *game) keepCamera() {
	mr := g.mapRect()
	g.cam.KeepOnMap(mr.Dx(), mr.Dy())
}

// pan drags the map with the right or middle button, grabbing the point
// under the cursor; a drag that starts over the panel is not a pan.
func (g *game) pan(x, y int) {
	down := g.inp.MousePressed(ebiten.MouseButtonRight) || g.inp.MousePressed(ebiten.MouseButtonMiddle)
	switch {
	case !down:
		g.ptr.panning = false
	case g.ptr.panning:
		g.cam.Drag(float64(x-g.ptr.panX), float64(y-g.ptr.panY), g.mapRect().Dy())
	case g.overMap(x, y):
		g.ptr.panning = true
	}
	g.ptr.panX, g.ptr.panY = x, y
}

// fitMap frames the whole map (the Home key and the panel's Fit map):
// the overview zoom at which it fits the map's part of the window.
func (g *game) fitMap() {
	g.cam.Fit(g.mapAspect())
	g.keepCamera()
}

// mapAspect is the width / height of the map's part of the window.
func (g *game) mapAspect() float64 {
	r := g.mapRect()
	return float64(r.Dx()) / float64(max(r.Dy(), 1))
}

// keepMapInPlace moves the camera so that the map stays where it was on
// the screen when the map's part of it changes from before to after (the
// panel goes or comes): the new view's centre shows what the old view
// showed at that pixel. The camera's centre lies on the plane y = 0.
func (g *game) keepMapInPlace(before, after image.Rectangle) {
	v := g.cam.View(before.Dx(), before.Dy())
	o, d := v.Ray(float64(after.Dx())/2, float64(after.Dy())/2)
	if d[1] >= 0 {
		return
	}
	t := -o[1] / d[1]
	g.cam.X, g.cam.Z = float64(o[0]+d[0]*t), float64(o[2]+d[2]*t)
	g.cam.Clamp()
}
