package editor

import (
	"image"
	"image/color"
	"math"

	euimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/input"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// checkboxImage draws the check box at the style's scale (larger on a
// touch screen).
func (s *style) checkboxImage() *widget.CheckboxImage {
	n := s.px(18)
	if s.touch {
		n = s.px(28)
	}
	box := func(checked bool, border color.Color) *euimage.NineSlice {
		img := ebiten.NewImage(n, n)
		euimage.NewBorderedNineSliceColor(colButton, border, s.px(1)).Draw(img, n, n, nil)
		if checked {
			var p vector.Path
			f := float32(n)
			p.MoveTo(f*0.22, f*0.52)
			p.LineTo(f*0.42, f*0.72)
			p.LineTo(f*0.78, f*0.28)
			vs, is := p.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: float32(s.px(2)) + 0.5})
			for i := range vs {
				vs[i].ColorR, vs[i].ColorG, vs[i].ColorB, vs[i].ColorA = 0.94, 0.66, 0.24, 1
			}
			img.DrawTriangles(vs, is, whitePixel(), &ebiten.DrawTrianglesOptions{AntiAlias: true})
		}
		return euimage.NewFixedNineSlice(img)
	}
	off, on := box(false, colBorder), box(true, colAccent)
	offH, onH := box(false, colDim), box(true, colAccent)
	return &widget.CheckboxImage{
		Unchecked: off, Checked: on, Greyed: off,
		UncheckedHovered: offH, CheckedHovered: onH, GreyedHovered: offH,
		UncheckedDisabled: off, CheckedDisabled: on, GreyedDisabled: off,
	}
}

func whitePixel() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}

// vbox is a vertical stack with the given spacing.
func (s *style) vbox(spacing int, bg color.Color, pad int) *widget.Container {
	opts := []widget.ContainerOpt{
		widget.ContainerOpts.Layout(widget.NewRowLayout(
			widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Spacing(s.px(spacing)),
			widget.RowLayoutOpts.Padding(widget.NewInsetsSimple(s.px(pad))),
		)),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})),
	}
	if bg != nil {
		opts = append(opts, widget.ContainerOpts.BackgroundImage(euimage.NewNineSliceColor(bg)))
	}
	return widget.NewContainer(opts...)
}

// grid is a container of columns, the stretched ones taking spare width.
func (s *style) grid(stretch []bool, spacing int) *widget.Container {
	return widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(len(stretch)),
			widget.GridLayoutOpts.Stretch(stretch, nil),
			widget.GridLayoutOpts.Spacing(s.px(spacing), s.px(spacing)),
		)),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})),
	)
}

func (s *style) label(txt string, c color.Color) *widget.Text {
	return widget.NewText(
		widget.TextOpts.Text(txt, &s.face, c),
		widget.TextOpts.Position(widget.TextPositionStart, widget.TextPositionCenter),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.GridLayoutData{
			VerticalPosition: widget.GridLayoutPositionCenter,
		})),
	)
}

func (s *style) heading(txt string) *widget.Text {
	return widget.NewText(widget.TextOpts.Text(txt, &s.bold, colAccent))
}

func (s *style) button(txt string, minW int, onClick func()) *widget.Button {
	return widget.NewButton(
		widget.ButtonOpts.TextLabel(txt),
		widget.ButtonOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(s.px(minW), s.px(26)),
			widget.WidgetOpts.LayoutData(widget.GridLayoutData{}),
		),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { onClick() }),
	)
}

// toggle is a button that stays pressed while it is the active choice of
// a radio group.
func (s *style) toggle(txt string, minW int) *widget.Button {
	return widget.NewButton(
		widget.ButtonOpts.TextLabel(txt),
		widget.ButtonOpts.ToggleMode(),
		widget.ButtonOpts.Image(s.buttonImage(false)),
		widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.MinSize(s.px(minW), s.px(26))),
	)
}

func (s *style) checkbox(txt string, on bool, changed func(bool)) *widget.Checkbox {
	state := widget.WidgetUnchecked
	if on {
		state = widget.WidgetChecked
	}
	return widget.NewCheckbox(
		widget.CheckboxOpts.TextLabel(txt),
		widget.CheckboxOpts.Spacing(s.px(6)),
		widget.CheckboxOpts.InitialState(state),
		widget.CheckboxOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.GridLayoutData{
			VerticalPosition: widget.GridLayoutPositionCenter,
		}), widget.WidgetOpts.MinSize(s.fingerMin(0), s.fingerMin(0))),
		widget.CheckboxOpts.StateChangedHandler(func(a *widget.CheckboxChangedEventArgs) {
			changed(a.State == widget.WidgetChecked)
		}),
	)
}

// slider is a horizontal slider whose track jumps to a click (ebitenui
// moves it one step towards the click) and follows the pointer while
// the button is held, as sliders in browsers and desktops do.
func (s *style) slider(lo, hi, cur int, changed func(int)) *widget.Slider {
	var sl *widget.Slider
	tracking := false
	follow := func(x int) {
		r := sl.GetWidget().Rect
		handle := float64(s.sliderHandle())
		sl.Current = sliderValue(float64(x-r.Min.X), float64(r.Dx()), handle, sl.Min, sl.Max)
	}
	sl = widget.NewSlider(
		widget.SliderOpts.Direction(widget.DirectionHorizontal),
		widget.SliderOpts.MinMax(lo, hi),
		widget.SliderOpts.InitialCurrent(cur),
		widget.SliderOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(s.px(90), s.fingerMin(16)),
			widget.WidgetOpts.LayoutData(widget.GridLayoutData{VerticalPosition: widget.GridLayoutPositionCenter}),
			// Runs after ebitenui's own step towards the click.
			widget.WidgetOpts.MouseButtonPressedHandler(func(a *widget.WidgetMouseButtonPressedEventArgs) {
				if a.Button == ebiten.MouseButtonLeft && !sl.GetWidget().Disabled {
					tracking = true
					follow(sl.GetWidget().Rect.Min.X + a.OffsetX)
				}
			}),
			widget.WidgetOpts.OnUpdate(func(widget.HasWidget) {
				if !tracking {
					return
				}
				// The replayed input (the editor's cursor updater), as
				// ebitenui's own widgets read it.
				if !input.MouseButtonPressed(ebiten.MouseButtonLeft) {
					tracking = false
					return
				}
				x, _ := input.CursorPosition()
				follow(x)
			}),
		),
		widget.SliderOpts.ChangedHandler(func(a *widget.SliderChangedEventArgs) { changed(a.Current) }),
	)
	return sl
}

// heldSliders are the sliders under the pointer and their values before
// an update of ebitenui. ebitenui moves a slider when the wheel turns
// over it or its handle, reading the wheel from Ebitengine, not from the
// editor's replayed input; the editor's wheel scrolls the panel instead
// (game.steer). Within an update only the wheel or the left button moves
// a slider under the pointer (the arrow keys move a focused one when
// ebitenui draws), so a change there with the button up is the wheel's.
type heldSliders []heldSlider

type heldSlider struct {
	sl  *widget.Slider
	was int
}

// holdSliders notes the visible sliders at (x, y) in any of roots (a
// hidden tab's may lie under a shown one's).
func holdSliders(roots []widget.HasWidget, x, y int) heldSliders {
	var h heldSliders
	for _, r := range roots {
		eachSlider(r, func(sl *widget.Slider) {
			if w := sl.GetWidget(); w.IsVisible() && image.Pt(x, y).In(w.Rect) {
				h = append(h, heldSlider{sl, sl.Current})
			}
		})
	}
	return h
}

// restore puts the sliders back to their values unless the left button
// is down (a click or drag on one).
func (h heldSliders) restore(leftDown bool) {
	for _, s := range h {
		if !leftDown {
			s.sl.Current = s.was
		}
	}
}

// eachSlider calls f with every slider in c.
func eachSlider(c widget.HasWidget, f func(*widget.Slider)) {
	if sl, ok := c.(*widget.Slider); ok {
		f(sl)
	}
	if cc, ok := c.(widget.Containerer); ok {
		for _, ch := range cc.Children() {
			eachSlider(ch, f)
		}
	}
}

// sliderHandle is the width of a slider's handle in logical pixels (the
// theme's FixedHandleSize); on a touch screen it is a finger's.
const sliderHandle = 10

// sliderHandle is the width of a slider's handle in device pixels.
func (s *style) sliderHandle() int { return s.fingerMin(sliderHandle) }

// fingerMin is v logical pixels in device pixels, on a touch screen at
// least a finger's size.
func (s *style) fingerMin(v int) int {
	if s.touch {
		v = max(v, fingerSize)
	}
	return s.px(v)
}

// sliderValue is the value lo..hi whose handle is centred at x on a
// track w wide with a handle of width handle, as ebitenui lays it out:
// the handle's centre runs from handle/2 to w − handle/2.
func sliderValue(x, w, handle float64, lo, hi int) int {
	span := w - handle
	if span <= 0 || hi <= lo {
		return lo
	}
	t := max(0, min(1, (x-handle/2)/span))
	return lo + int(math.Round(t*float64(hi-lo)))
}

// withTip gives w a tooltip and returns it.
func (s *style) withTip(w widget.PreferredSizeLocateableWidget, tip string) widget.PreferredSizeLocateableWidget {
	if tip != "" {
		w.GetWidget().ToolTips = append(w.GetWidget().ToolTips,
			widget.NewTextToolTip(tip, &s.small, colText, euimage.NewNineSliceColor(colSection)))
	}
	return w
}
