/* SPDX-License-Identifier: ISC */
/*
 * Headless play: a level played with no terminal, as fast as the machine
 * goes, driven by a script and/or the built-in bot, traced as JSON Lines.
 * The last line on standard output is the summary object; a daily game
 * (--daily) prints its line to paste and its recording's path before it.
 */
#ifndef WEIR_HEADLESS_H
#define WEIR_HEADLESS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/bot.h"
#include "core/daily.h"
#include "core/game.h"

struct headless_opts {
	const char	*level;		/* path of the level, NULL with load */
	uint64_t	 seed;
	bool		 seed_set;	/* --seed was given */
	const char	*script;	/* --script FILE, or NULL */
	const char	*trace;		/* --trace FILE ("-": stdout), or NULL */
	long		 snapshot_every; /* --snapshot-every N, 0: none */
	struct game_opts game;		/* --sandbox, --difficulty, --endless */
	bool		 opts_set;	/* one of those was given */
	bool		 bot;		/* --bot */
	int		 strategy;	/* --bot=NAME: its bot_strategies row */
	int		 strength;	/* --strength PCT: the bot's share */
	bool		 has_plan;	/* --bot=plan:TEXT */
	struct bot_plan	 plan;		/* ... its plan */
	int		 budget;	/* --search-budget N, 0: the default */
	const char	*save;		/* --save FILE: save when stopping */
	const char	*load;		/* --load FILE: resume a saved game */
	long		 stop_at;	/* --stop-at TICK, -1: play to the end */
	const char	*record;	/* --record FILE: the game's recording */
	const struct daily *daily;	/* --daily: the date's game, or NULL */
	bool		 ascii;		/* --ascii: the daily line's stars */
	const char	*level_dir;	/* the installed levels: a recording
					   names the level as saves do */
};

int	headless_run(const struct headless_opts *o);

#endif
