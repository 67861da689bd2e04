/* SPDX-License-Identifier: ISC */
/*
 * Undo: the latest placements, oldest first, up to GAME_UNDO_MAX, each with
 * the gold paid for it (its price, or the difference over a wall, plus its
 * upgrades and specialisation since) and, over a wall, the wall as it
 * stood. The latest can be taken back for all of that gold until
 * a wave begins (which forgets them all) or an enemy comes within the
 * tower's range (which marks it, and says so when undo is asked for). A
 * sale forgets the tower. The watch runs at the end of every tick and
 * allocates nothing; it looks only at placements still undoable.
 */
#include <string.h>

#include "game-internal.h"

/* Remember that slot was just placed for paid gold, over wall over or NULL. */
void
game_undo_push(struct game *g, int slot, int paid,
    const struct game_tower *over)
{
	struct game_undo	*u;

	if (g->nundo == GAME_UNDO_MAX) {
		memmove(&g->undo[0], &g->undo[1],
		    (GAME_UNDO_MAX - 1) * sizeof g->undo[0]);
		g->nundo--;
	}
	u = &g->undo[g->nundo++];
	u->slot = slot;
	u->paid = paid;
	u->over = over != NULL ? over->type : -1;
	if (over != NULL)
		u->before = *over;
	else
		memset(&u->before, 0, sizeof u->before);
	u->gone = GAME_OK;
}

/* The latest remembered placement of slot, or -1. */
static int
game_undo_find(const struct game *g, int slot)
{
	int	k;

	for (k = g->nundo - 1; k >= 0; k--) {
		if (g->undo[k].slot == slot)
			return k;
	}
	return -1;
}

/* Gold was paid to upgrade or specialise slot: undo gives it back too. */
void
game_undo_paid(struct game *g, int slot, int gold)
{
	int	k;

	if ((k = game_undo_find(g, slot)) >= 0)
		g->undo[k].paid += gold;
}

/* Slot is sold: forget every placement of it. */
void
game_undo_forget(struct game *g, int slot)
{
	int	k, n = 0;

	for (k = 0; k < g->nundo; k++) {
		if (g->undo[k].slot != slot)
			g->undo[n++] = g->undo[k];
	}
	g->nundo = n;
}

/* A wave begins: nothing placed before it can be undone. */
void
game_undo_wave(struct game *g)
{
	if (g->nundo > 0)
		g->undo_none = GAME_UNDO_WAVE;
	g->nundo = 0;
}

/* The reach that ends the undo of tower slot: its range, or a wall's. */
static double
game_undo_reach(const struct game *g, int slot)
{
	const struct game_tower	*tw = &g->towers[slot];
	const struct tower_type	*tt = &tower_types[tw->type];

	if (tt->attack == TOWER_ATTACK_NONE)
		return GAME_UNDO_WALL_REACH;
	return tt->level[tw->level - 1].range;
}

/* Mark every undoable placement an enemy has come within reach of. */
void
game_undo_watch(struct game *g)
{
	int	k, i;

	if (g->nenemies == 0)
		return;
	for (k = 0; k < g->nundo; k++) {
		struct game_undo *u = &g->undo[k];
		const struct game_tower *tw = &g->towers[u->slot];
		struct vec c;
		double r;

		if (u->gone != GAME_OK)
			continue;
		c = game_centre(tw->x, tw->y);
		r = game_undo_reach(g, u->slot);
		for (i = 0; i < g->nunits; i++) {
			if (game_alive(g, i) &&
			    vec_dist2(g->agents[i].pos, c) <= r * r) {
				u->gone = GAME_UNDO_SEEN;
				break;
			}
		}
	}
}

/* Why undo would be refused now, or GAME_OK. */
enum game_reason
game_check_undo(const struct game *g)
{
	if (g->state != GAME_PLAYING)
		return GAME_ENDED;
	if (g->nundo == 0)
		return g->undo_none;
	return g->undo[g->nundo - 1].gone;
}

/* undo */
enum game_reason
game_do_undo(struct game *g, const struct game_cmd *c)
{
	enum game_reason	 r = game_check_undo(g);
	struct game_undo	 u;
	struct game_tower	*tw;
	struct game_event	 ev;
	int			 i;

	(void)c;
	if (r != GAME_OK)
		return r;
	u = g->undo[--g->nundo];
	if (g->nundo == 0)
		g->undo_none = GAME_NO_UNDO;
	tw = &g->towers[u.slot];
	ev = game_event_make(GAME_EV_UNDO);
	ev.tower = tw->type;
	ev.x = tw->x;
	ev.y = tw->y;
	ev.gold = u.paid;
	g->gold += u.paid;
	for (i = 0; i < g->nunits; i++) {
		if (g->units[i].kind == GAME_UNIT_SHOT &&
		    g->units[i].tower == u.slot)
			g->units[i].tower = -1;
	}
	if (u.over >= 0) {
		/* Built on a wall: the wall stands there again, as it was. */
		*tw = u.before;
		ev.level = tw->level;
		game_circles(g);
	} else {
		int x = tw->x, y = tw->y;

		tw->used = false;
		g->nstanding--;
		g->tower_at[(size_t)y * g->w + x] = -1;
		while (g->ntowers > 0 && !g->towers[g->ntowers - 1].used)
			g->ntowers--;
		game_map_changed(g, x, y, level_cost(g->lv, x, y));
	}
	game_emit(g, &ev);
	return GAME_OK;
}
