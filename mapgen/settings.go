package mapgen

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"hexsandbox/hexmap"
)

// Hemisphere says which latitudes a generated map covers (Catlike's
// HemisphereMode): both, with the equator across the middle and poles at
// the top and bottom, or one, with its pole at the bottom (South) or the
// top (North).
type Hemisphere uint8

// The hemispheres, in Catlike's order.
const (
	Both Hemisphere = iota
	North
	South
)

// Settings are HexMapGenerator's settings, named and ranged as Catlike's
// fields (parts 23-26); DefaultSettings holds Catlike's defaults and
// Table the range of each.
type Settings struct {
	JitterProbability    float32 // chance that a chunk cell's search heuristic is 1 instead of 0
	ChunkSizeMin         int     // smallest chunk of land raised or sunk, in cells
	ChunkSizeMax         int     // largest chunk, in cells
	HighRiseProbability  float32 // chance that a chunk rises (or sinks) by 2 instead of 1
	SinkProbability      float32 // chance that a round of chunks sinks instead of rising
	LandPercentage       int     // share of the cells that should be land
	WaterLevel           int     // water level of every cell before rivers make lakes
	ElevationMinimum     int     // lowest elevation sinking may reach
	ElevationMaximum     int     // highest elevation raising may reach
	MapBorderX           int     // columns at the west and east edges where no chunk starts
	MapBorderZ           int     // rows at the south and north edges where no chunk starts
	RegionBorder         int     // cells on each side of a region boundary where no chunk starts
	RegionCount          int     // 1 to 4 regions that raise land independently
	ErosionPercentage    int     // share of the cliff-top cells that erosion wears down
	EvaporationFactor    float32 // share of a cell's moisture that evaporates each cycle
	PrecipitationFactor  float32 // share of a cell's clouds that rain down each cycle
	RunoffFactor         float32 // share of a cell's moisture that flows to lower neighbours
	SeepageFactor        float32 // share of a cell's moisture that seeps to level neighbours
	WindDirection        hexmap.Direction
	WindStrength         float32 // how much more cloud blows downwind than to any other side
	StartingMoisture     float32 // moisture of every cell before the first cycle
	RiverPercentage      int     // share of the land cells rivers should cover
	ExtraLakeProbability float32 // chance that a river widens into a lake where it could
	LowTemperature       float32 // temperature at the poles
	HighTemperature      float32 // temperature at the equator
	Hemisphere           Hemisphere
	TemperatureJitter    float32 // largest random change of a cell's temperature
}

// DefaultSettings returns Catlike's defaults.
func DefaultSettings() Settings {
	return Settings{
		JitterProbability:    0.25,
		ChunkSizeMin:         30,
		ChunkSizeMax:         100,
		HighRiseProbability:  0.25,
		SinkProbability:      0.2,
		LandPercentage:       50,
		WaterLevel:           3,
		ElevationMinimum:     -2,
		ElevationMaximum:     8,
		MapBorderX:           5,
		MapBorderZ:           5,
		RegionBorder:         5,
		RegionCount:          1,
		ErosionPercentage:    50,
		EvaporationFactor:    0.5,
		PrecipitationFactor:  0.25,
		RunoffFactor:         0.25,
		SeepageFactor:        0.125,
		WindDirection:        hexmap.NW,
		WindStrength:         4,
		StartingMoisture:     0.1,
		RiverPercentage:      10,
		ExtraLakeProbability: 0.25,
		LowTemperature:       0,
		HighTemperature:      1,
		Hemisphere:           Both,
		TemperatureJitter:    0.1,
	}
}

// Setting describes one field of Settings for the command line and the
// editor: its names, its range (Catlike's Range attribute) and how to
// read and write it. Values travel as float64; integer settings hold
// whole numbers and choice settings the index of a choice.
type Setting struct {
	Name    string   // Catlike's field name
	Flag    string   // the command-line flag, without the dash
	Label   string   // the editor's label
	Min     float64  // lowest valid value
	Max     float64  // highest valid value
	Step    float64  // the smallest change a user interface offers
	Integer bool     // whole numbers only
	Choices []string // names of the values 0..len-1 of a choice setting
	Common  bool     // shown up front in the editor, the rest under Advanced
	Get     func(*Settings) float64
	Set     func(*Settings, float64)
}

// Directions names the wind directions, the choices of WindDirection.
var directionNames = []string{"NE", "E", "SE", "SW", "W", "NW"}

var hemisphereNames = []string{"both", "north", "south"}

func intSetting(name, flag, label string, lo, hi int, common bool, f func(*Settings) *int) Setting {
	return Setting{Name: name, Flag: flag, Label: label, Min: float64(lo), Max: float64(hi),
		Step: 1, Integer: true, Common: common,
		Get: func(s *Settings) float64 { return float64(*f(s)) },
		Set: func(s *Settings, v float64) { *f(s) = int(math.Round(v)) }}
}

func floatSetting(name, flag, label string, lo, hi float64, common bool, f func(*Settings) *float32) Setting {
	step := 0.005 // fine enough for every default (seepage is 0.125)
	if hi-lo > 1 {
		step = 0.1
	}
	return Setting{Name: name, Flag: flag, Label: label, Min: lo, Max: hi, Step: step, Common: common,
		Get: func(s *Settings) float64 { return float64(*f(s)) },
		Set: func(s *Settings, v float64) { *f(s) = float32(v) }}
}

// choiceSetting is a setting whose values are the indices of names.
func choiceSetting[T ~int8 | ~uint8](name, flag, label string, names []string, common bool, f func(*Settings) *T) Setting {
	return Setting{Name: name, Flag: flag, Label: label, Max: float64(len(names) - 1),
		Step: 1, Integer: true, Choices: names, Common: common,
		Get: func(s *Settings) float64 { return float64(*f(s)) },
		Set: func(s *Settings, v float64) { *f(s) = T(math.Round(v)) }}
}

// Table lists every setting in Catlike's order, with its range.
func Table() []Setting {
	return []Setting{
		floatSetting("jitterProbability", "jitter", "Jitter probability", 0, 0.5, false,
			func(s *Settings) *float32 { return &s.JitterProbability }),
		intSetting("chunkSizeMin", "chunk-min", "Chunk size min", 20, 200, false,
			func(s *Settings) *int { return &s.ChunkSizeMin }),
		intSetting("chunkSizeMax", "chunk-max", "Chunk size max", 20, 200, false,
			func(s *Settings) *int { return &s.ChunkSizeMax }),
		floatSetting("highRiseProbability", "high-rise", "High-rise probability", 0, 1, false,
			func(s *Settings) *float32 { return &s.HighRiseProbability }),
		floatSetting("sinkProbability", "sink", "Sink probability", 0, 0.4, false,
			func(s *Settings) *float32 { return &s.SinkProbability }),
		intSetting("landPercentage", "land", "Land %", 5, 95, true,
			func(s *Settings) *int { return &s.LandPercentage }),
		intSetting("waterLevel", "water-level", "Water level", 1, 5, true,
			func(s *Settings) *int { return &s.WaterLevel }),
		intSetting("elevationMinimum", "elevation-min", "Elevation min", -4, 0, false,
			func(s *Settings) *int { return &s.ElevationMinimum }),
		intSetting("elevationMaximum", "elevation-max", "Elevation max", 6, 10, false,
			func(s *Settings) *int { return &s.ElevationMaximum }),
		intSetting("mapBorderX", "border-x", "Map border X", 0, 10, false,
			func(s *Settings) *int { return &s.MapBorderX }),
		intSetting("mapBorderZ", "border-z", "Map border Z", 0, 10, false,
			func(s *Settings) *int { return &s.MapBorderZ }),
		intSetting("regionBorder", "region-border", "Region border", 0, 10, false,
			func(s *Settings) *int { return &s.RegionBorder }),
		intSetting("regionCount", "regions", "Regions", 1, 4, true,
			func(s *Settings) *int { return &s.RegionCount }),
		intSetting("erosionPercentage", "erosion", "Erosion %", 0, 100, true,
			func(s *Settings) *int { return &s.ErosionPercentage }),
		floatSetting("evaporationFactor", "evaporation", "Evaporation", 0, 1, false,
			func(s *Settings) *float32 { return &s.EvaporationFactor }),
		floatSetting("precipitationFactor", "precipitation", "Precipitation", 0, 1, false,
			func(s *Settings) *float32 { return &s.PrecipitationFactor }),
		floatSetting("runoffFactor", "runoff", "Runoff", 0, 1, false,
			func(s *Settings) *float32 { return &s.RunoffFactor }),
		floatSetting("seepageFactor", "seepage", "Seepage", 0, 1, false,
			func(s *Settings) *float32 { return &s.SeepageFactor }),
		choiceSetting("windDirection", "wind", "Wind from", directionNames, false,
			func(s *Settings) *hexmap.Direction { return &s.WindDirection }),
		floatSetting("windStrength", "wind-strength", "Wind strength", 1, 10, false,
			func(s *Settings) *float32 { return &s.WindStrength }),
		floatSetting("startingMoisture", "moisture", "Starting moisture", 0, 1, false,
			func(s *Settings) *float32 { return &s.StartingMoisture }),
		intSetting("riverPercentage", "rivers", "Rivers %", 0, 20, true,
			func(s *Settings) *int { return &s.RiverPercentage }),
		floatSetting("extraLakeProbability", "extra-lakes", "Extra lake probability", 0, 1, false,
			func(s *Settings) *float32 { return &s.ExtraLakeProbability }),
		floatSetting("lowTemperature", "temperature-low", "Low temperature", 0, 1, false,
			func(s *Settings) *float32 { return &s.LowTemperature }),
		floatSetting("highTemperature", "temperature-high", "High temperature", 0, 1, false,
			func(s *Settings) *float32 { return &s.HighTemperature }),
		choiceSetting("hemisphere", "hemisphere", "Hemisphere", hemisphereNames, true,
			func(s *Settings) *Hemisphere { return &s.Hemisphere }),
		floatSetting("temperatureJitter", "temperature-jitter", "Temperature jitter", 0, 1, false,
			func(s *Settings) *float32 { return &s.TemperatureJitter }),
	}
}

// RangeError reports a setting out of its range.
type RangeError struct {
	Setting Setting
	Value   float64
}

func (e *RangeError) Error() string {
	return fmt.Sprintf("-%s %s is out of range %s", e.Setting.Flag, e.Setting.Format(e.Value), e.Setting.RangeText())
}

// RangeText is the setting's range as the user writes it: "5..95", or
// its choices.
func (s Setting) RangeText() string {
	if s.Choices != nil {
		return strings.Join(s.Choices, ", ")
	}
	return s.Format(s.Min) + ".." + s.Format(s.Max)
}

// Format writes a value of the setting as the user would type it.
func (s Setting) Format(v float64) string {
	if s.Choices != nil {
		if i := int(v); float64(i) == v && i >= 0 && i < len(s.Choices) {
			return s.Choices[i]
		}
	}
	if !s.Integer { // the float settings are float32, as Catlike's
		return strconv.FormatFloat(v, 'g', -1, 32)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// Parse reads a value of the setting as typed: a number, or for a choice
// setting one of its names (in any case). It does not check the range.
func (s Setting) Parse(text string) (float64, error) {
	text = strings.TrimSpace(text)
	for i, c := range s.Choices {
		if strings.EqualFold(c, text) {
			return float64(i), nil
		}
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil || (s.Choices != nil && v != math.Trunc(v)) {
		return 0, fmt.Errorf("-%s %q is not %s", s.Flag, text, s.kind())
	}
	return v, nil
}

func (s Setting) kind() string {
	switch {
	case s.Choices != nil:
		return "one of " + s.RangeText()
	case s.Integer:
		return "a whole number in " + s.RangeText()
	}
	return "a number in " + s.RangeText()
}

// Check returns a RangeError unless v is a valid value of the setting.
func (s Setting) Check(v float64) error {
	lo, hi := s.Min, s.Max
	if !s.Integer { // compare as the float32 the setting holds
		v, lo, hi = float64(float32(v)), float64(float32(lo)), float64(float32(hi))
	}
	if math.IsNaN(v) || v < lo || v > hi || (s.Integer && v != math.Trunc(v)) {
		return &RangeError{Setting: s, Value: v}
	}
	return nil
}

// Validate returns an error for the first setting out of its range, or
// for a chunk size minimum above the maximum.
func (s Settings) Validate() error {
	for _, t := range Table() {
		if err := t.Check(t.Get(&s)); err != nil {
			return err
		}
	}
	if s.ChunkSizeMin > s.ChunkSizeMax {
		return fmt.Errorf("-chunk-min %d is larger than -chunk-max %d", s.ChunkSizeMin, s.ChunkSizeMax)
	}
	return nil
}
