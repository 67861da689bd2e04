/* SPDX-License-Identifier: ISC */
/*
 * What the terminal front end is started with (main.c fills these in):
 * how to draw, and what to play (ui.h) or edit (ui-edit.h). A header of
 * its own, below every screen, so that the terminal layer and the
 * screens can read the options without standing on the game's loop.
 */
#ifndef WEIR_UI_LAUNCH_H
#define WEIR_UI_LAUNCH_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"
#include "core/settings.h"

/* The built-in player's strategy when --bot names none. */
#define UI_BOT_DEFAULT	"maze"

/* How to draw; all false is the default (detect everything). */
struct ui_options {
	bool	ascii;		/* ASCII glyphs even in a UTF-8 locale */
	bool	no_color;	/* no colours even if the terminal has them */
	bool	no_mouse;	/* leave the mouse to the terminal */
	bool	bell;		/* ring the bell on a leak (b toggles) */
	int	aim;		/* while a power is aimed: enum
				   settings_aim (0: the game stands) */
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
	int			 speed;		/* ... and speed: 1, 2, 4, 8 */
	int			 zoom;		/* cell width: 0 auto, 1 or 2 */
	struct ui_options	 opt;
	const char		*replay;	/* --replay FILE, or NULL */
	const char		*bot;		/* --bot[=NAME] on level: the
						   strategy's name ("" the
						   default), or NULL */
	int			 strength;	/* --strength: the bot's share */
	const char		*daily;		/* --daily: the date, or "" for
						   today (UTC); NULL: none */
	const char		*record;	/* --record FILE, or NULL */
	const char		*settings_path;	/* the config file, NULL when
						   it must not be written */
	struct settings		 settings;	/* ... as read (its own values,
						   not the command line's) */
	const char		*settings_note;	/* its trouble, to show on
						   the title screen; NULL,
						   "": none */
};

/* What the editor is started with. */
struct ui_edit_launch {
	const char		*path;		/* FILE of --edit */
	const char		*level_dir;	/* installed levels, for play */
	uint64_t		 seed;		/* for play and the bot */
	struct ui_options	 opt;
};

#endif
