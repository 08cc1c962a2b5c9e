package mapgen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
)

// MaxSeed is the largest seed: Catlike's seeds are non-negative 32-bit
// integers, short enough to read out and type in.
const MaxSeed = math.MaxInt32

// NewSeed returns a random seed for a map nobody asked a seed for.
func NewSeed() int64 { return rand.Int64N(MaxSeed + 1) }

// CheckSeed returns an error unless seed is within 0..MaxSeed.
func CheckSeed(seed int64) error {
	if seed < 0 || seed > MaxSeed {
		return fmt.Errorf("-seed %d is out of range 0..%d", seed, MaxSeed)
	}
	return nil
}

// HexMapGenerator is Catlike's procedural map generator (parts 23-26,
// with part 27's changes for wrapping maps): it raises and sinks chunks
// of land in regions until the land budget is spent, erodes cliffs,
// simulates a water cycle, lets rivers run from high wet cells down to
// water or into lakes, and picks each cell's terrain and plants from a
// biome table of temperature and moisture.
type HexMapGenerator struct {
	Settings
	// Scaled makes the settings those of an 80×60 map, scaled to the
	// map's size before generating (Settings.ScaledTo); off, they apply
	// as they are, as Catlike's do.
	Scaled bool
	// InlandSea is the share of the cells, in percent (0..MaxInlandSea),
	// sunk into one sea in the middle of the map after erosion: a sea
	// that touches neither the map's edges nor any other water. 0: none.
	InlandSea int
	// Gather makes every chunk after the first start on the coast of the
	// land already raised, and drops the land that still grows apart
	// from the largest mass (raising as much again on it, and once more
	// after erosion without), so that the land is one mass (world type
	// Pangaea).
	Gather bool
}

// MaxInlandSea bounds HexMapGenerator.InlandSea.
const MaxInlandSea = 40

// Stage names a step of the generation, for timing.
type Stage int

// The stages in the order they run.
const (
	StageRegions Stage = iota
	StageLand
	StageErosion
	StageClimate
	StageRivers
	StageBiomes
	StageRules // the edit rules applied once at the end of the batch
	StageCount
)

var stageNames = [StageCount]string{"regions", "land", "erosion", "climate", "rivers", "biomes", "rules"}

func (s Stage) String() string { return stageNames[s] }

// Region is a rectangle of offset coordinates in which chunks of land
// may start: XMin ≤ x < XMax, ZMin ≤ z < ZMax.
type Region struct {
	XMin, XMax, ZMin, ZMax int
}

// Report says what a generation did, for tests, tools and curious users.
type Report struct {
	Seed       int64
	Regions    []Region
	LandBudget int // land cells asked for: the land percentage of all cells
	// LandCells is the budget less what raising could not spend before
	// the guard gave up (Catlike's landCells, the base of the river budget).
	LandCells   int
	ChunkStarts []int // the first cell of every chunk raised or sunk, in order
	// ErodibleBefore and ErodibleAfter count the cells with a neighbour
	// two or more steps lower, before and after erosion.
	ErodibleBefore, ErodibleAfter int
	RiverBudget                   int // river cells asked for
	RiverCells                    int // river cells laid (the budget spent)
	Rivers                        int
	// Moisture and Temperature are each cell's climate, both in 0..1.
	Moisture, Temperature []float32
	Stages                [StageCount]time.Duration
	// Rules counts what the edit rules at the end of the batch dropped;
	// a correct generation leaves them nothing to drop.
	Rules hexmap.BatchReport
}

// GenerateMap generates a map on topology t from seed, with the noise
// of that seed.
func (h HexMapGenerator) GenerateMap(t hexmap.Topology, seed int64) (*hexmap.Grid, Report, error) {
	return h.GenerateMapWithNoise(t, noise.New(seed))
}

// GenerateMapWithNoise is GenerateMap with the noise already built (the
// seed is the noise's): building noise takes longer than generating a
// map, and maps of one seed may share it.
func (h HexMapGenerator) GenerateMapWithNoise(t hexmap.Topology, n *noise.Noise) (*hexmap.Grid, Report, error) {
	if err := h.Validate(); err != nil {
		return nil, Report{}, err
	}
	if h.InlandSea < 0 || h.InlandSea > MaxInlandSea {
		return nil, Report{}, fmt.Errorf("inland sea %d%% is out of range 0..%d", h.InlandSea, MaxInlandSea)
	}
	if err := CheckSeed(n.Seed()); err != nil {
		return nil, Report{}, err
	}
	s, cycles, jitter := h.Settings, climateCycles, 1
	if h.Scaled {
		s, cycles, jitter = s.ScaledTo(t), scaledCycles(t), scaledJitter(t)
	}
	g, err := hexmap.NewGridOf(t, n)
	if err != nil {
		return nil, Report{}, err
	}
	gen := newGeneration(s, g)
	gen.inlandSea, gen.gather, gen.cycles, gen.jitterStep = h.InlandSea, h.Gather, cycles, jitter
	var stop time.Time
	gen.rep.Rules = g.Batch(hexmap.EditRules, func() {
		gen.run()
		stop = time.Now()
	})
	gen.rep.Stages[StageRules] = time.Since(stop)
	if gen.err != nil {
		return nil, Report{}, gen.err
	}
	return g, gen.rep, nil
}

// generation is the state of one GenerateMap run: the grid it builds, the
// random numbers, and the working data of the stages.
type generation struct {
	Settings
	g      *hexmap.Grid
	top    hexmap.Topology
	rng    *rand.Rand
	cells  int
	nb     []int32 // nb[i*6+d]: the neighbour of cell i in direction d, or -1
	coords []hexmap.Coordinates
	rep    Report

	elevation  []int // working elevations while land is raised and eroded
	frontier   frontier
	order      uint32             // enqueue counter, for the frontier's ties
	center     hexmap.Coordinates // the current chunk's first cell
	phase      []uint32           // search phase of each cell (Catlike's SearchPhase)
	phaseNow   uint32
	err        error // a rule refused what the generator asked for (a bug)
	inlandSea  int   // HexMapGenerator.InlandSea
	gather     bool  // HexMapGenerator.Gather
	cycles     int   // water cycles the climate runs
	jitterStep int   // what the jitter adds to a chunk cell's priority
}

func newGeneration(s Settings, g *hexmap.Grid) *generation {
	top := g.Topology()
	n := top.CellCount()
	gen := &generation{
		Settings: s, g: g, top: top, cells: n,
		// The stream is fixed by the seed alone: PCG is integer arithmetic,
		// the same on every platform.
		rng:       rand.New(rand.NewPCG(uint64(g.Noise().Seed()), 0x4865784d6170)),
		nb:        make([]int32, 6*n),
		coords:    make([]hexmap.Coordinates, n),
		elevation: make([]int, n),
		phase:     make([]uint32, n),
	}
	gen.rep.Seed = g.Noise().Seed()
	for i := range n {
		gen.coords[i] = top.Coordinates(i)
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			nb, ok := top.Neighbor(i, d)
			if !ok {
				nb = -1
			}
			gen.nb[i*6+int(d)] = int32(nb)
		}
	}
	return gen
}

// run is Catlike's GenerateMap after the map has been created.
func (gen *generation) run() {
	gen.timed(StageRegions, gen.createRegions)
	gen.timed(StageLand, gen.createLand)
	gen.timed(StageErosion, gen.erodeLand)
	if gen.gather {
		gen.timed(StageErosion, func() { gen.dropOutlyingLand() })
	}
	if gen.inlandSea > 0 {
		gen.timed(StageLand, gen.createInlandSea)
	}
	gen.writeLand()
	gen.timed(StageClimate, gen.createClimate)
	gen.timed(StageRivers, gen.createRivers)
	if gen.err == nil {
		gen.timed(StageBiomes, gen.setTerrainType)
	}
}

func (gen *generation) timed(s Stage, f func()) {
	start := time.Now()
	f()
	gen.rep.Stages[s] += time.Since(start)
}

// value stands for Unity's Random.value (a number in [0, 1]; here in
// [0, 1), which no comparison with a probability tells apart).
func (gen *generation) value() float32 { return gen.rng.Float32() }

// rangeInt is Unity's Random.Range(lo, hi) for integers: lo ≤ v < hi,
// and lo when the range is empty.
func (gen *generation) rangeInt(lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + gen.rng.IntN(hi-lo)
}

// neighbors returns the six neighbour slots of cell i (-1: off the map).
func (gen *generation) neighbors(i int) []int32 { return gen.nb[i*6 : i*6+6] }

// writeLand stores the raised and eroded land in the grid: every cell's
// elevation, and the water level that covers what stayed low.
func (gen *generation) writeLand() {
	for i, e := range gen.elevation {
		c := gen.g.Cell(i)
		c.Elevation = int16(e)
		c.WaterLevel = int16(gen.WaterLevel)
		gen.g.SetCell(i, c)
	}
}

// isUnderwater and viewElevation are Cell's, on the working elevations
// before rivers add lakes (every water level is still WaterLevel).
func (gen *generation) isUnderwater(i int) bool { return gen.elevation[i] < gen.WaterLevel }

func (gen *generation) viewElevation(i int) int { return max(gen.elevation[i], gen.WaterLevel) }
