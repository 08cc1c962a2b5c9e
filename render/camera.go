package render

import (
	"math"

	"hexsandbox/hexmap"
	"hexsandbox/render/project"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Camera is Catlike's map camera with its input handling. The maths
// (stick, swivel, clamping, the view) is project.Camera's.
type Camera struct {
	project.Camera
	// IgnoreMouse makes Update skip the wheel and dragging, e.g. while
	// the pointer is over a UI panel.
	IgnoreMouse bool

	dragging     bool
	dragX, dragY int
	viewHeight   int // of the last Draw, for drag speed
}

// NewCamera returns a camera over the centre of g, half zoomed.
func NewCamera(g *hexmap.Grid) *Camera {
	c := &Camera{Camera: project.Camera{Zoom: 0.5}}
	c.SetMap(g)
	c.X, c.Z = c.MaxX/2, c.MaxZ/2
	return c
}

// SetMap sets the area the centre is clamped to from g's size.
func (c *Camera) SetMap(g *hexmap.Grid) {
	c.MaxX = (float64(g.Width()) - 0.5) * 2 * hexmap.InnerRadius
	c.MaxZ = (float64(g.Height()) - 1) * 1.5 * hexmap.OuterRadius
	c.Clamp()
}

// SetCenter moves the centre to (x, z) in world units; NaN keeps a value.
func (c *Camera) SetCenter(x, z float64) {
	if !math.IsNaN(x) {
		c.X = x
	}
	if !math.IsNaN(z) {
		c.Z = z
	}
	c.Clamp()
}

// SetZoom sets the zoom, 0 (far, straight down) .. 1 (near, 45 degrees).
func (c *Camera) SetZoom(z float64) { c.Zoom = z; c.Clamp() }

// SetRotation sets the rotation about the vertical axis in degrees.
func (c *Camera) SetRotation(deg float64) { c.Rotation = deg; c.Clamp() }

// Update applies one tick of input: WASD or arrows pan, Q/E rotate, the
// wheel zooms, dragging with the right or middle button pans. dt is in
// seconds.
func (c *Camera) Update(dt float64) {
	var dx, dz float64
	if pressed(ebiten.KeyA, ebiten.KeyArrowLeft) {
		dx--
	}
	if pressed(ebiten.KeyD, ebiten.KeyArrowRight) {
		dx++
	}
	if pressed(ebiten.KeyS, ebiten.KeyArrowDown) {
		dz--
	}
	if pressed(ebiten.KeyW, ebiten.KeyArrowUp) {
		dz++
	}
	if l := math.Hypot(dx, dz); l > 0 {
		s := c.MoveSpeed() * dt / l
		c.Move(dx*s, dz*s)
	}
	if ebiten.IsKeyPressed(ebiten.KeyQ) {
		c.SetRotation(c.Rotation - project.RotationSpeed*dt)
	}
	if ebiten.IsKeyPressed(ebiten.KeyE) {
		c.SetRotation(c.Rotation + project.RotationSpeed*dt)
	}
	c.updateMouse()
}

func pressed(keys ...ebiten.Key) bool {
	for _, k := range keys {
		if ebiten.IsKeyPressed(k) {
			return true
		}
	}
	return false
}

func (c *Camera) updateMouse() {
	down := ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) || ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	x, y := ebiten.CursorPosition()
	if c.IgnoreMouse && !c.dragging {
		return
	}
	if _, wy := ebiten.Wheel(); wy != 0 && !c.IgnoreMouse {
		c.SetZoom(c.Zoom + wy*0.05)
	}
	switch {
	case down && c.dragging:
		h := c.viewHeight
		if h <= 0 {
			_, h = ebiten.WindowSize()
		}
		c.Drag(float64(x-c.dragX), float64(y-c.dragY), h)
		c.dragX, c.dragY = x, y
	case down && (inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) || inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonMiddle)):
		c.dragging, c.dragX, c.dragY = true, x, y
	case !down:
		c.dragging = false
	}
}
