/* SPDX-License-Identifier: ISC */
/*
 * Helpers shared by the unit tests of the game (testgame.h).
 */
#include <check.h>

#include "testgame.h"

/* A game_event_fn keeping every event in the struct tu_rec at arg. */
void
tu_rec_event(void *arg, const struct game_event *ev)
{
	struct tu_rec *r = arg;

	if (r->n < (int)(sizeof r->ev / sizeof r->ev[0]))
		r->ev[r->n++] = *ev;
}

/* How many events of type t were recorded. */
int
tu_rec_count(const struct tu_rec *r, enum game_event_type t)
{
	int i, n = 0;

	for (i = 0; i < r->n; i++)
		n += r->ev[i].type == t;
	return n;
}

/* The last event of type t, or NULL. */
const struct game_event *
tu_rec_last(const struct tu_rec *r, enum game_event_type t)
{
	int i;

	for (i = r->n - 1; i >= 0; i--)
		if (r->ev[i].type == t)
			return &r->ev[i];
	return NULL;
}

/* The unit index of the enemy with this id, or -1. */
int
tu_enemy_index(const struct game *g, int id)
{
	int i;

	for (i = 0; i < g->nunits; i++)
		if (g->units[i].kind == GAME_UNIT_ENEMY && g->units[i].id == id)
			return i;
	return -1;
}

/*
 * Move enemy id to (x, y) and make it too slow to leave; the game is told
 * a unit moved between ticks (game_units_moved).
 */
void
tu_pin(struct game *g, int id, double x, double y)
{
	int i = tu_enemy_index(g, id);

	ck_assert_msg(i >= 0, "no enemy %d", id);
	g->agents[i].pos = vec_make(x, y);
	g->agents[i].vel = vec_zero();
	g->units[i].speed = 1e-6;
	g->agents[i].max_speed = 1e-6;
	game_units_moved(g);
}
