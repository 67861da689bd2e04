/* SPDX-License-Identifier: ISC */
/*
 * Whether to draw in colour: --color=WHEN weighed against the NO_COLOR
 * convention (no-color.org), decided before the terminal is touched.
 * "never" draws without colour; "always" with it, whatever NO_COLOR says;
 * "auto", the default, with it unless NO_COLOR holds a value (set but
 * empty is the same as unset). Whether the terminal can show colours at
 * all is asked afterwards, by the front end.
 */
#ifndef WEIR_COLOR_H
#define WEIR_COLOR_H

#include <stdbool.h>

enum color_when {
	COLOR_AUTO,		/* unless NO_COLOR says otherwise */
	COLOR_ALWAYS,		/* even with NO_COLOR */
	COLOR_NEVER		/* never */
};

/* The words --color takes, as a usage message lists them. */
#define COLOR_WORDS	"auto, always or never"

/* Read WORD ("auto", "always", "never") into *when; false if not one. */
bool	color_when_parse(const char *word, enum color_when *when);

/* Whether to draw in colour, given when and NO_COLOR's value (or NULL). */
bool	color_wanted(enum color_when when, const char *no_color);

#endif
