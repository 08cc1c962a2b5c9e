package mapgen

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"hexsandbox/hexmap"
)

// The flags issue 11 names, one per setting, in Catlike's order.
var issueFlags = strings.Fields(`-jitter -chunk-min -chunk-max -high-rise -sink -land -water-level
	-elevation-min -elevation-max -border-x -border-z -region-border -regions -erosion -evaporation
	-precipitation -runoff -seepage -wind -wind-strength -moisture -rivers -extra-lakes
	-temperature-low -temperature-high -hemisphere -temperature-jitter`)

func TestTableCoversEverySetting(t *testing.T) {
	table := Table()
	if n := reflect.TypeFor[Settings]().NumField(); len(table) != n {
		t.Fatalf("%d table rows for %d settings", len(table), n)
	}
	for k, s := range table {
		if "-"+s.Flag != issueFlags[k] {
			t.Errorf("row %d: flag -%s, want %s", k, s.Flag, issueFlags[k])
		}
		// Each row must read and write its own field: set a value and
		// look for exactly one changed field.
		before := DefaultSettings()
		after := before
		v := s.Min
		if v == s.Get(&before) {
			v = s.Max
		}
		s.Set(&after, v)
		changed := 0
		bv, av := reflect.ValueOf(before), reflect.ValueOf(after)
		for f := range bv.NumField() {
			if bv.Field(f).Interface() != av.Field(f).Interface() {
				changed++
			}
		}
		if changed != 1 || s.Get(&after) == s.Get(&before) {
			t.Errorf("row %s changes %d fields", s.Name, changed)
		}
	}
}

// TestCatlikeDefaults pins the defaults to the values the tutorial gives.
func TestCatlikeDefaults(t *testing.T) {
	want := map[string]float64{
		"jitter": 0.25, "chunk-min": 30, "chunk-max": 100, "high-rise": 0.25, "sink": 0.2,
		"land": 50, "water-level": 3, "elevation-min": -2, "elevation-max": 8, "border-x": 5,
		"border-z": 5, "region-border": 5, "regions": 1, "erosion": 50, "evaporation": 0.5,
		"precipitation": 0.25, "runoff": 0.25, "seepage": 0.125, "wind": float64(hexmap.NW),
		"wind-strength": 4, "moisture": 0.1, "rivers": 10, "extra-lakes": 0.25,
		"temperature-low": 0, "temperature-high": 1, "hemisphere": float64(Both), "temperature-jitter": 0.1,
	}
	d := DefaultSettings()
	for _, s := range Table() {
		if got := s.Get(&d); float32(got) != float32(want[s.Flag]) {
			t.Errorf("-%s defaults to %v, want %v", s.Flag, got, want[s.Flag])
		}
	}
	if err := d.Validate(); err != nil {
		t.Error(err)
	}
}

// TestValidateNamesFlagAndRange: a value just outside either end of each
// range fails with the flag and the range in the message.
func TestValidateNamesFlagAndRange(t *testing.T) {
	for _, s := range Table() {
		step := 0.01
		if s.Integer {
			step = 1
		}
		for _, v := range []float64{s.Min - step, s.Max + step} {
			set := DefaultSettings()
			s.Set(&set, v)
			err := set.Validate()
			var re *RangeError
			if !errors.As(err, &re) || re.Setting.Flag != s.Flag {
				t.Errorf("-%s %v: error %v", s.Flag, v, err)
				continue
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "-"+s.Flag+" ") || !strings.Contains(msg, s.RangeText()) {
				t.Errorf("-%s %v: message %q", s.Flag, v, msg)
			}
		}
	}
}

func TestParse(t *testing.T) {
	byFlag := map[string]Setting{}
	for _, s := range Table() {
		byFlag[s.Flag] = s
	}
	for _, c := range []struct {
		flag, text string
		want       float64
	}{
		{"wind", "se", float64(hexmap.SE)}, {"wind", "NW", float64(hexmap.NW)},
		{"hemisphere", "North", float64(North)}, {"land", "70", 70}, {"jitter", " 0.5 ", 0.5},
	} {
		if got, err := byFlag[c.flag].Parse(c.text); err != nil || got != c.want {
			t.Errorf("-%s %q: %v, %v; want %v", c.flag, c.text, got, err, c.want)
		}
	}
	for _, c := range [][2]string{{"wind", "up"}, {"land", "lots"}, {"hemisphere", "1.5"}} {
		if _, err := byFlag[c[0]].Parse(c[1]); err == nil || !strings.Contains(err.Error(), "-"+c[0]) {
			t.Errorf("-%s %q: error %v", c[0], c[1], err)
		}
	}
	if got := byFlag["wind"].RangeText(); got != "NE, E, SE, SW, W, NW" {
		t.Errorf("wind choices %q", got)
	}
	if err := byFlag["sink"].Check(0.4); err != nil {
		t.Errorf("-sink 0.4, the top of its range: %v", err)
	}
}

// TestStepsReachEveryDefault: a user interface that moves in Step
// increments from Min can set each default exactly.
func TestStepsReachEveryDefault(t *testing.T) {
	d := DefaultSettings()
	for _, s := range Table() {
		if s.Step <= 0 {
			t.Fatalf("-%s has no step", s.Flag)
		}
		k := math.Round((s.Get(&d) - s.Min) / s.Step)
		v := DefaultSettings()
		s.Set(&v, s.Min+k*s.Step)
		if v != d {
			t.Errorf("-%s: %v steps of %v from %v miss the default %v", s.Flag, k, s.Step, s.Min, s.Get(&d))
		}
	}
}
