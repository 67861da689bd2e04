/*
 * Headless play: a level played with no terminal, as fast as the machine
 * goes, driven by a script and/or the built-in bot, traced as JSON Lines.
 * The last line on standard output is the summary object.
 */
#ifndef WEIR_HEADLESS_H
#define WEIR_HEADLESS_H

#include <stdbool.h>
#include <stdint.h>

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
	const char	*save;		/* --save FILE: save when stopping */
	const char	*load;		/* --load FILE: resume a saved game */
	long		 stop_at;	/* --stop-at TICK, -1: play to the end */
};

int	headless_run(const struct headless_opts *o);

#endif
