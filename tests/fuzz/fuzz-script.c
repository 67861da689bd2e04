/* SPDX-License-Identifier: ISC */
/*
 * Fuzz target: the script parser, and the game the commands drive. Any
 * input must give either one well-formed error message, or commands that
 * format back to lines parsing to the same commands and that a game (a
 * small level, in the sandbox) takes, refusing what it must, without a
 * crash. Commands past FUZZ_SCRIPT_TICKS are not played.
 */
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/script.h"
#include "fuzz.h"

#define FUZZ_SCRIPT_TICKS	600	/* ticks of play at most */
#define FUZZ_SCRIPT_CMDS	200	/* commands played at most */

/* Where the commands are played: walls, road, two spawns, every enemy. */
static const char fuzz_level[] =
    "weir-level 1\ntitle Fuzz\ngold 100\nlives 50\nmap\n"
    "############\n"
    "A....=.....#\n"
    "#..#.=..~..>\n"
    "B....=.....#\n"
    "############\nend\n"
    "wave after 1\ngroup 3 grunt from A every 0.2\ngroup 2 flyer from B\n"
    "group 1 boss from A\ngroup 2 escort from A\n"
    "wave\ngroup 4 swarmer from B every 0.1\ngroup 2 skulker from A\n"
    "group 1 brute from B\ngroup 2 runner from A\n";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512], line[128], msg[256];
	struct script *s;
	struct level *lv;
	struct game *g;
	struct game_cmd c;
	size_t col;
	int k;

	s = script_parse("fuzz.script", (const char *)data, size, err,
	    sizeof err);
	if (s == NULL) {
		fuzz_check_message("fuzz.script", err);
		return 0;
	}
	for (k = 0; k < s->ncmds; k++) {
		script_format(&s->cmds[k], line, sizeof line);
		if (script_parse_line(line, strlen(line), &c, &col, msg,
		    sizeof msg) != 1 || memcmp(&c, &s->cmds[k], sizeof c) != 0)
			abort();
	}
	lv = level_parse("fuzz.weir", fuzz_level, sizeof fuzz_level - 1, err,
	    sizeof err);
	if (lv == NULL)
		abort();
	g = game_new(lv, 1, true);
	for (k = 0; k < s->ncmds && k < FUZZ_SCRIPT_CMDS &&
	    s->cmds[k].tick <= FUZZ_SCRIPT_TICKS; k++) {
		while (g->tick < s->cmds[k].tick && !game_over(g))
			game_tick(g);
		game_command(g, &s->cmds[k]);
	}
	while (g->tick < FUZZ_SCRIPT_TICKS && !game_over(g))
		game_tick(g);
	game_free(g);
	level_free(lv);
	script_free(s);
	return 0;
}
