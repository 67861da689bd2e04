/* SPDX-License-Identifier: ISC */
/*
 * The curses front end: the only part of weir, with main.c, that knows
 * about a terminal. ui_run takes over the terminal, shows the title screen
 * or starts a level, plays, and gives the terminal back as it found it,
 * whether the player quits, a signal arrives or the terminal changes size
 * under it. A game left unfinished is saved (save.h) so that
 * `weir --continue` resumes it; a finished one goes into the high scores
 * (scores.h).
 */
#ifndef WEIR_UI_H
#define WEIR_UI_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"

/* How to draw; all false is the default (detect everything). */
struct ui_options {
	bool	ascii;		/* ASCII glyphs even in a UTF-8 locale */
	bool	no_color;	/* no colours even if the terminal has them */
	bool	no_mouse;	/* leave the mouse to the terminal */
	bool	bell;		/* ring the bell on a leak (b toggles) */
};

/* What to start with. */
struct ui_launch {
	const char		*level;		/* level file to play, or NULL */
	const char		*name;		/* its name in the scores, or NULL */
	const char		*level_dir;	/* where installed levels are */
	bool			 resume;	/* play the saved game */
	bool			 trial;		/* a level being edited: no
						   scores, no saved game, and
						   its end leaves the game */
	uint64_t		 seed;		/* for new games */
	struct game_opts	 game;		/* ... and their setting */
	struct ui_options	 opt;
};

/*
 * Run the game until the player quits. With resume, the saved game is
 * played; with a level, that level; else the title screen lists the
 * installed levels. Returns the exit status for main: 0 when the player
 * quit, 1 when the game could not start (a message is on stderr),
 * 128 + N when signal N (SIGINT, SIGTERM or SIGHUP) ended it; the terminal
 * is restored in every case.
 */
int	ui_run(const struct ui_launch *l);

#endif
