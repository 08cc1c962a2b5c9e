package editor

import "hexsandbox/render/project"

// stirred reports whether this tick may change what the window shows
// other than by the water's animation: input came, the camera moved from
// cam, the map was redrawn or waits for detail, or a dialog or file work
// is under way. (Units moving and the fog fading are the world's to
// say.) A window that has not stirred for a while draws seldom
// (pace.Stillness).
func (g *game) stirred(cam project.Camera) bool {
	return len(g.inp.tick) > 0 || g.cam != cam || g.scene.Redrew() || g.scene.Pending() > 0 ||
		g.busy() || g.work.job != nil || g.newMap != nil
}
