package saves_test

import (
	"bytes"
	"fmt"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// A map written in the product's format reads back equal, whatever it
// holds; Read tells the format apart by content.
func ExampleWrite() {
	g, err := hexmap.NewGrid(10, 5, 42)
	if err != nil {
		panic(err)
	}
	g.SetElevation(3, 2)
	g.SetOutgoingRiver(3, hexmap.E)
	g.SetUrbanLevel(12, 3)

	var file bytes.Buffer
	if err := saves.Write(&file, g); err != nil {
		panic(err)
	}
	back, info, err := saves.Read(&file)
	if err != nil {
		panic(err)
	}
	fmt.Println(info.Format, back.Topology().Width, back.Topology().Height, back.Noise().Seed())
	fmt.Println("equal:", back.Equal(g))
	// Output:
	// hexsandbox 10 5 42
	// equal: true
}
