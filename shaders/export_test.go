package shaders

// names lists the programs Source knows, for the tests.
func names() []string {
	return []string{Depth, Terrain, Lit, Facade, Translucent, TranslucentVariant(true, false), TranslucentVariant(false, true), TranslucentVariant(true, true), WaterBake, Figure, Overview, Fog}
}
