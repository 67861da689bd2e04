/* SPDX-License-Identifier: ISC */
/*
 * Helpers shared by the unit tests of the game: a recorder of the events
 * a game reports, and ways to find and hold an enemy by its id.
 */
#ifndef WEIR_TESTGAME_H
#define WEIR_TESTGAME_H

#include "core/game.h"

/*
 * An open field 22 x 9: spawn A at (0, 4), exit at (21, 4), a road cell at
 * (8, 7) and a marsh cell at (13, 7). The waves are appended per test.
 */
#define OPEN_MAP \
	"weir-level 1\ntitle Open\ngold 1000\nlives 10\nmap\n" \
	"######################\n" \
	"#....................#\n" \
	"#....................#\n" \
	"#....................#\n" \
	"A....................>\n" \
	"#....................#\n" \
	"#....................#\n" \
	"#.......=....~.......#\n" \
	"######################\nend\n"

/* A corridor one cell high: any tower or barrier in it would block. */
#define CORRIDOR_MAP \
	"weir-level 1\ntitle Corridor\ngold 100\nlives 5\nmap\n" \
	"##########\n" \
	"A........>\n" \
	"##########\nend\n"

/* Events a game reported, kept for the test to look at (allocate it). */
struct tu_rec {
	struct game_event	ev[8192];
	int			n;
};

void		 tu_rec_event(void *arg, const struct game_event *ev);
int		 tu_rec_count(const struct tu_rec *r, enum game_event_type t);
const struct game_event *tu_rec_last(const struct tu_rec *r,
		    enum game_event_type t);
int		 tu_enemy_index(const struct game *g, int id);
void		 tu_pin(struct game *g, int id, double x, double y);

#endif
