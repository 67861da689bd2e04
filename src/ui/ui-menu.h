/* SPDX-License-Identifier: ISC */
/*
 * The screens around a game: the title screen listing the installed
 * levels (title, difficulty, best score, won or not) and the box that ends
 * a level (won or lost, the score, its place among the level's best).
 */
#ifndef WEIR_UI_MENU_H
#define WEIR_UI_MENU_H

#include <stdbool.h>

#include "core/scores.h"
#include "ui/catalog.h"
#include "ui/play.h"
#include "ui/ui-draw.h"

#define UI_NOTE_MAX	600	/* bytes of a note line */

/* The title screen's state. */
struct ui_title {
	int	 sel;			/* level chosen */
	int	 top;			/* first level in view */
	int	 rows;			/* levels in view, when painted */
	char	 note[UI_NOTE_MAX];	/* a line to show, "" when none */
	bool	 note_error;
	char	 saved[160];		/* the saved game, "" when none */
	struct game_opts game;		/* the setting new games are played at */
};

/* What the end of a level shows. */
struct ui_end {
	bool		 recorded;	/* the game is in the high scores */
	bool		 trial;		/* played from the editor: no scores */
	int		 rank;		/* its place, 1 best, 0 not in them */
	char		 note[UI_NOTE_MAX];	/* scores trouble, "" */
	struct scores	 table;		/* the high scores after it */
};

void	ui_menu_title(const struct ui_view *v, const struct catalog *c,
	    struct ui_title *t);
void	ui_menu_title_help(const struct ui_view *v, int *first);
void	ui_menu_end(const struct ui_view *v, const struct play *p,
	    const struct ui_end *e, int *top);

#endif
