package editor

import (
	"time"

	"bytes"
	"image"
	"image/color"

	"hexsandbox/palette"

	euimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/themes"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Palette of the editor's chrome: a dark slate panel that keeps the eye
// on the map, with one warm accent for what is active.
var (
	colPanel     = color.NRGBA{0x1d, 0x23, 0x2b, 0xff}
	colSection   = color.NRGBA{0x26, 0x2e, 0x38, 0xff}
	colBorder    = color.NRGBA{0x3a, 0x45, 0x52, 0xff}
	colText      = color.NRGBA{0xe6, 0xea, 0xef, 0xff}
	colDim       = color.NRGBA{0x9a, 0xa6, 0xb4, 0xff}
	colAccent    = palette.Accent
	colButton    = color.NRGBA{0x33, 0x3d, 0x4a, 0xff}
	colButtonHov = color.NRGBA{0x41, 0x4d, 0x5c, 0xff}
	colButtonOn  = color.NRGBA{0x8a, 0x5a, 0x1c, 0xff}
	colError     = color.NRGBA{0xc8, 0x3c, 0x3c, 0xf0}
	colInfo      = color.NRGBA{0x2f, 0x6e, 0x4a, 0xf0}
	colSelection = color.NRGBA{0x3c, 0x64, 0x9a, 0xff} // selected text
)

// style holds the faces and images of one UI scale, so a change of the
// monitor's scale factor rebuilds the panel with crisp text.
type style struct {
	scale float64
	// touch: the screen is a touch screen, where every control is at
	// least a finger's size (fingerSize).
	touch      bool
	face, bold text.Face
	small      text.Face
	theme      *widget.Theme
	// focus gives a text field the keyboard when it is clicked (the
	// editor's UI sets it).
	focus func(*textField)
	// now reads the editor's clock (a text field's caret blinks by it).
	now func() time.Time
}

// fingerSize is the least height of a control on a touch screen, in
// logical pixels (CSS pixels in the browser): a fingertip's.
const fingerSize = 44

func newStyle(scale float64, touch bool) (*style, error) {
	reg, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return nil, err
	}
	bold, err := text.NewGoTextFaceSource(bytes.NewReader(gobold.TTF))
	if err != nil {
		return nil, err
	}
	s := &style{scale: scale, touch: touch}
	s.face = &text.GoTextFace{Source: reg, Size: 14 * scale}
	s.small = &text.GoTextFace{Source: reg, Size: 12 * scale}
	s.bold = &text.GoTextFace{Source: bold, Size: 15 * scale}
	s.theme = s.buildTheme()
	return s, nil
}

// px scales a layout size in logical pixels to device pixels.
func (s *style) px(v int) int { return int(float64(v)*s.scale + 0.5) }

// buildTheme starts from ebitenui's dark theme, which fills in every
// widget's required images, and restyles the parts the editor shows.
func (s *style) buildTheme() *widget.Theme {
	t := themes.GetBasicDarkTheme()
	*t.DefaultFace = s.face // the theme's faces all share this pointer
	t.DefaultTextColor = colText
	t.PanelTheme.BackgroundImage = euimage.NewNineSliceColor(colPanel)
	t.ButtonTheme.Image = s.buttonImage(false)
	t.ButtonTheme.TextPadding = &widget.Insets{Left: s.px(8), Right: s.px(8), Top: s.px(4), Bottom: s.px(4)}
	if s.touch {
		t.ButtonTheme.MinSize = &image.Point{Y: s.fingerMin(0)}
	}
	t.ButtonTheme.TextColor = &widget.ButtonTextColor{Idle: colText, Hover: colText, Pressed: colText, Disabled: colDim}
	t.LabelTheme.Color = &widget.LabelColor{Idle: colText, Disabled: colDim}
	t.ListTheme.MinSize = &image.Point{s.px(360), s.px(220)}
	t.CheckboxTheme.Image = s.checkboxImage()
	t.SliderTheme.FixedHandleSize = ptr(s.sliderHandle())
	return t
}

func (s *style) buttonImage(on bool) *widget.ButtonImage {
	idle, hover := colButton, colButtonHov
	if on {
		idle, hover = colButtonOn, colButtonOn
	}
	b := s.px(1)
	return &widget.ButtonImage{
		Idle:         euimage.NewBorderedNineSliceColor(idle, colBorder, b),
		Hover:        euimage.NewBorderedNineSliceColor(hover, colBorder, b),
		Pressed:      euimage.NewBorderedNineSliceColor(colButtonOn, colAccent, b),
		PressedHover: euimage.NewBorderedNineSliceColor(colButtonOn, colAccent, b),
		Disabled:     euimage.NewBorderedNineSliceColor(colSection, colBorder, b),
	}
}

func ptr[T any](v T) *T { return &v }
