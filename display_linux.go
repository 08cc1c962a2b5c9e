//go:build linux && cgo

package main

// Ebitengine opens the display in its package initialisation and panics
// when there is none, before main runs. This constructor runs when the
// binary is loaded, before any Go code, and turns that panic into one
// clear line.

/*
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((constructor)) static void hexsandbox_require_display(void) {
	const char *x = getenv("DISPLAY");
	const char *w = getenv("WAYLAND_DISPLAY");
	if ((x == NULL || x[0] == 0) && (w == NULL || w[0] == 0)) {
		fputs("error: no display (DISPLAY is not set); without a screen run it as: xvfb-run -a hexsandbox ...\n", stderr);
		_exit(1);
	}
}
*/
import "C"
