/*
 * The curses front end: the only part of weir, with main.c, that knows about
 * a terminal. ui_run takes over the terminal, lets the player explore a level
 * (move a cursor, build and remove walls, look at the engine's fields) and
 * gives the terminal back as it found it, whether the player quits, a signal
 * arrives or the terminal changes size under it.
 */
#ifndef WEIR_UI_H
#define WEIR_UI_H

#include <stdbool.h>

#include "core/level.h"

/* How to draw; all false is the default (detect everything). */
struct ui_options {
	bool	ascii;		/* ASCII glyphs even in a UTF-8 locale */
	bool	no_color;	/* no colours even if the terminal has them */
	bool	no_mouse;	/* leave the mouse to the terminal */
};

/*
 * Run the sandbox on lv until the player quits. Returns the exit status for
 * main: 0 when the player quit, 1 when the terminal could not be set up (a
 * message is on stderr), 128 + N when signal N (SIGINT, SIGTERM or SIGHUP)
 * ended it; the terminal is restored in every case. opt may be NULL.
 */
int	ui_run(struct level *lv, const struct ui_options *opt);

#endif
