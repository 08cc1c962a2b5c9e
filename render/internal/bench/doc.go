// Package bench holds the renderer's CPU benchmarks on a triangulated
// 80×60 map, apart from render/project so that project's unit tests do
// not depend on the triangulation packages:
//
//	go test -run XXX -bench . -benchtime 20x ./render/internal/bench/
package bench
