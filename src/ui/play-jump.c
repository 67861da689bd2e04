/* SPDX-License-Identifier: ISC */
/*
 * Jumps of the cursor, so that on a large map it need not be walked: to
 * the next spawn (each in turn, at the cell its route is measured from),
 * the next exit (each in turn, at the middle of its cells), the hero, the
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

/*
 * Number the exits: exit cells that touch (of eight neighbours), or touch
 * through others, are one exit; exits count in the order of their first
 * cell, row by row (the level's order). group[i] is exit cell i's exit;
 * returns how many there are.
 */
static int
play_exit_groups(const struct level *lv, int *group)
{
	int	stack[LEVEL_EXIT_CELLS], n = 0, top, i, j, c;

	for (i = 0; i < lv->nexits; i++)
		group[i] = -1;
	for (i = 0; i < lv->nexits; i++) {
		if (group[i] >= 0)
			continue;
		group[i] = n;
		stack[0] = i;
		for (top = 1; top > 0;) {
			c = stack[--top];
			for (j = 0; j < lv->nexits; j++) {
				if (group[j] >= 0 || abs(lv->exits[j].x -
				    lv->exits[c].x) > 1 || abs(lv->exits[j].y -
				    lv->exits[c].y) > 1)
					continue;
				group[j] = n;
				stack[top++] = j;
			}
		}
		n++;
	}
	return n;
}

/*
 * The cursor to the next exit in turn (play_exit_groups' order), at the
 * middle of its cells in the level's order, as a spawn's route is
 * measured from the middle of its cells.
 */
static void
play_jump_exit(struct play *p)
{
	const struct level	*lv = p->lv;
	int			 group[LEVEL_EXIT_CELLS], n, k, i, m = 0;
	int			 cells = 0;

	if ((n = play_exit_groups(lv, group)) == 0)
		return;
	k = p->jump_exit++ % n;
	for (i = 0; i < lv->nexits; i++)
		cells += group[i] == k;
	for (i = 0; i < lv->nexits; i++) {
		if (group[i] == k && m++ == level_route_from(cells))
			break;
	}
	play_set_cursor(p, lv->exits[i].x, lv->exits[i].y);
	if (cells > 1)
		play_message(p, false, "exit %d of %d at (%d,%d), the middle of "
		    "its %d cells", k + 1, n, lv->exits[i].x, lv->exits[i].y,
		    cells);
	else
		play_message(p, false, "exit %d of %d at (%d,%d)", k + 1, n,
		    lv->exits[i].x, lv->exits[i].y);
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
