/* SPDX-License-Identifier: ISC */
/*
 * Jumps of the cursor, so that on a large map it need not be walked: to
 * the next spawn (each in turn, at the cell its route is measured from),
 * the next exit (skipping the cells of the one it is on), the hero, the
 * enemy with least route left to an exit, and the densest group of the
 * crowd (game_densest: while a power is aimed, where it would catch the
 * most). Each says where it went on the message line, or why not.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/enemy.h"
#include "ui/play.h"

#define PLAY_CROWD_RADIUS	1.5	/* cells: a group, with no power aimed */

/* The cursor to the next spawn in turn. */
static void
play_jump_spawn(struct play *p)
{
	const struct level_spawn	*sp;
	struct level_point		 c;
	int				 n = p->lv->nspawns;

	if (n == 0)
		return;
	sp = &p->lv->spawns[p->jump_spawn++ % n];
	c = sp->cells[level_route_from(sp->ncells)];
	play_set_cursor(p, c.x, c.y);
	play_message(p, false, "spawn %c (%d of %d)", sp->label,
	    (p->jump_spawn - 1) % n + 1, n);
}

/* The cursor to the next exit cell not touching the cursor's cell. */
static void
play_jump_exit(struct play *p)
{
	int	n = p->lv->nexits, k, i;

	for (k = 0; k < n; k++) {
		struct level_point e;

		i = p->jump_exit++ % n;
		e = p->lv->exits[i];
		if (abs(e.x - p->cx) > 1 || abs(e.y - p->cy) > 1 || k == n - 1) {
			play_set_cursor(p, e.x, e.y);
			play_message(p, false, "exit at (%d,%d)", e.x, e.y);
			return;
		}
	}
}

/* The cursor to the hero, or why not. */
static void
play_jump_hero(struct play *p)
{
	const struct steer_agent	*hero = game_hero_agent(p->g);

	if (hero == NULL) {
		play_message(p, true, p->g->has_hero ? "the hero is down" :
		    "no hero on this level");
		return;
	}
	play_set_cursor(p, (int)floor(hero->pos.x), (int)floor(hero->pos.y));
	play_message(p, false, "the hero, %d/%d", p->g->hero_hp,
	    GAME_HERO_HP);
}

/* The cursor to the living enemy with least route left, or why not. */
static void
play_jump_leader(struct play *p)
{
	const struct game	*g = p->g;
	int			 i, best = -1;

	for (i = 0; i < g->nunits; i++) {
		if (g->units[i].kind != GAME_UNIT_ENEMY || g->units[i].dead)
			continue;
		if (best < 0 || g->units[i].togo < g->units[best].togo)
			best = i;
	}
	if (best < 0) {
		play_message(p, true, "no enemy on the map");
		return;
	}
	play_set_cursor(p, (int)floor(g->agents[best].pos.x),
	    (int)floor(g->agents[best].pos.y));
	play_message(p, false, "leading enemy: %s, %.1f cells from an exit",
	    enemy_name(g->units[best].type), g->units[best].togo);
}

/*
 * The cursor to the densest group: of the power being aimed, where its
 * area catches the most it can hit; else of every enemy, within
 * PLAY_CROWD_RADIUS.
 */
static void
play_jump_crowd(struct play *p)
{
	const struct power_type	*pt = p->power >= 0 ?
				    &power_types[p->power] : NULL;
	double			 r = PLAY_CROWD_RADIUS;
	int			 hits = TOWER_GROUND | TOWER_AIR, x, y, n;

	if (pt != NULL && pt->radius > 0) {
		r = pt->radius;
		hits = pt->hits;
	}
	if ((n = game_densest(p->g, r, hits, &x, &y)) == 0) {
		play_message(p, true, "no enemy on the map");
		return;
	}
	play_set_cursor(p, x, y);
	play_message(p, false, "densest group: %d enem%s within %g", n,
	    n == 1 ? "y" : "ies", r);
}

/* Jump the cursor as view key view (a VIEW_TO_* row) asks. */
void
play_jump(struct play *p, int view)
{
	switch (view) {
	case VIEW_TO_SPAWN:
		play_jump_spawn(p);
		break;
	case VIEW_TO_EXIT:
		play_jump_exit(p);
		break;
	case VIEW_TO_HERO:
		play_jump_hero(p);
		break;
	case VIEW_TO_LEADER:
		play_jump_leader(p);
		break;
	case VIEW_TO_CROWD:
		play_jump_crowd(p);
		break;
	default:
		break;
	}
}
