/* SPDX-License-Identifier: ISC */
/*
 * Fuzz target: the saved-game reader. Any input must give either one
 * well-formed error message, or a save whose commands are in time order
 * and no later than its clock, and which replays on a fresh game of a
 * small level (when its clock is short enough to be worth it).
 */
#include <stdlib.h>

#include "core/game.h"
#include "core/save.h"
#include "fuzz.h"

#define FUZZ_SAVE_TICKS	600	/* replay saves up to this clock */

static const char fuzz_level[] =
    "weir-level 1\ntitle Fuzz\ngold 100\nlives 50\nmap\n"
    "##########\n"
    "A...=....>\n"
    "#..#=.~..#\n"
    "##########\nend\n"
    "wave after 1\ngroup 3 grunt from A every 0.3\ngroup 1 flyer from A\n"
    "wave\ngroup 4 swarmer from A every 0.1\n";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512];
	struct save *s;
	struct level *lv;
	struct game *g;
	struct game_opts o;
	int k;

	s = save_parse("fuzz.save", (const char *)data, size, err, sizeof err);
	if (s == NULL) {
		fuzz_check_message("fuzz.save", err);
		return 0;
	}
	for (k = 0; k < s->ncmds; k++) {
		if (s->cmds[k].tick > s->tick || (k > 0 &&
		    s->cmds[k].tick < s->cmds[k - 1].tick))
			abort();
	}
	if (s->tick <= FUZZ_SAVE_TICKS) {
		lv = level_parse("fuzz.weir", fuzz_level,
		    sizeof fuzz_level - 1, err, sizeof err);
		if (lv == NULL)
			abort();
		save_opts(s, &o);
		g = game_new_opts(lv, s->seed, &o);
		if (save_replay(g, s, err, sizeof err) == 0 &&
		    g->tick != s->tick)
			abort();
		game_free(g);
		level_free(lv);
	}
	save_free(s);
	return 0;
}
