//go:build linux && cgo

package main

// Ebitengine opens the display in its package initialisation and panics
// when there is none, before main runs. This constructor runs when the
// binary is loaded, before any Go code, and turns that panic into one
// clear line; asked for help (the arguments isHelp accepts), it prints
// the usage text instead, which needs no display.

/*
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char hexsandbox_usage[] =
#include "usage.h"
;

static int hexsandbox_is_help(int argc, char **argv) {
	for (int k = 1; k < argc; k++) {
		const char *a = argv[k];
		if (!strcmp(a, "-h") || !strcmp(a, "-help") || !strcmp(a, "--help") || (k == 1 && !strcmp(a, "help"))) {
			return 1;
		}
	}
	return 0;
}

// glibc calls constructors with the program's arguments.
__attribute__((constructor)) static void hexsandbox_require_display(int argc, char **argv, char **envp) {
	const char *x = getenv("DISPLAY");
	const char *w = getenv("WAYLAND_DISPLAY");
	if ((x != NULL && x[0] != 0) || (w != NULL && w[0] != 0)) {
		return;
	}
	if (argv != NULL && hexsandbox_is_help(argc, argv)) {
		fputs(hexsandbox_usage, stderr);
		_exit(2);
	}
	fputs("error: no display (DISPLAY is not set); without a screen run it as: xvfb-run -a hexsandbox ...\n", stderr);
	_exit(1);
}
*/
import "C"
