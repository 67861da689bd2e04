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

#include "ui/ui-launch.h"

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
