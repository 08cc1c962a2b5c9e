package tools

import (
	"testing"

	"hexsandbox/mapgen"
)

// The panel's elevation range holds every elevation the map generator's
// settings allow: its lowest Elevation min and highest Elevation max.
func TestPanelElevationCoversTheGenerator(t *testing.T) {
	found := 0
	for _, s := range mapgen.Table() {
		switch s.Name {
		case "elevationMinimum":
			found++
			if MinPanelElevation > int(s.Min) {
				t.Errorf("the panel's lowest elevation %d is above the generator's %v", MinPanelElevation, s.Min)
			}
		case "elevationMaximum":
			found++
			if MaxPanelElevation < int(s.Max) {
				t.Errorf("the panel's highest elevation %d is below the generator's %v", MaxPanelElevation, s.Max)
			}
		}
	}
	if found != 2 {
		t.Fatalf("the generator's table has %d of its two elevation bounds", found)
	}
}
