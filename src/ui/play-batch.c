/* SPDX-License-Identifier: ISC */
/*
 * Many towers at once, as the player gives it: a mark (the first corner,
 * set on the cursor) and the cursor make a line to build on and a box of
 * towers to upgrade; the kind on the cursor names every tower of it. Each
 * is one command of many parts (line, upgrade-area, upgrade-all;
 * game-batch.c), the very command a script gives. While it runs its
 * parts say nothing on the message line (p->quiet); then one line says
 * what they came to: how many were done for how much gold, how many were
 * left (at the top level) and how many refused, with the first refusal.
 */
#include <stdio.h>
#include <string.h>

#include "ui/play.h"

/* Mark the cursor's cell as the first corner, or unmark it there. */
void
play_mark(struct play *p)
{
	if (p->marked && p->mx == p->cx && p->my == p->cy) {
		play_unmark(p);
		play_message(p, false, "unmarked");
		return;
	}
	play_mark_at(p, p->cx, p->cy);
	play_sight_release(p);	/* it says what the next key does */
	play_message(p, false, "marked (%d,%d): move, then Enter builds a "
	    "line of %s to the cursor, u upgrades the towers in the box; i "
	    "or Escape unmarks", p->cx, p->cy, tower_name(p->tower));
}

/* Mark (x, y) as the first corner. */
void
play_mark_at(struct play *p, int x, int y)
{
	p->marked = true;
	p->mx = x;
	p->my = y;
	p->power = -1;
}

/* Forget the mark. */
void
play_unmark(struct play *p)
{
	p->marked = false;
}

/* Whether (x, y) is on the line from the mark to the cursor. */
bool
play_marks(const struct play *p, int x, int y)
{
	return p->marked && game_line_has(p->mx, p->my, p->cx, p->cy, x, y);
}

/* How many towers stand in the box from the mark to the cursor. */
static int
play_box_towers(const struct play *p)
{
	int	x0 = p->mx < p->cx ? p->mx : p->cx, x1 = p->mx ^ p->cx ^ x0;
	int	y0 = p->my < p->cy ? p->my : p->cy, y1 = p->my ^ p->cy ^ y0;
	int	n = 0;

	for (int y = y0; y <= y1; y++)
		for (int x = x0; x <= x1; x++)
			n += game_tower_at(p->g, x, y) != NULL;
	return n;
}

/* The cursor line while a corner is marked: what each key would do. */
void
play_mark_words(const struct play *p, char *buf, size_t size)
{
	int	n = game_line_cells(p->mx, p->my, p->cx, p->cy);
	int	t = play_box_towers(p);

	/* The line's price as if every cell took a new tower. */
	snprintf(buf, size, "(%d,%d) from (%d,%d) | Enter: %d %s, %dg | u: "
	    "upgrade %d tower%s in the box | i: unmark", p->cx, p->cy, p->mx,
	    p->my, n, tower_name(p->tower), n *
	    tower_types[p->tower].level[0].cost, t, t == 1 ? "" : "s");
}

/* What c's parts came to, on the message line. */
static void
play_batch_say(struct play *p, const struct game_cmd *c,
    const struct game_batch *b, enum game_reason r)
{
	char		 what[96], left[64] = "", why[128] = "";
	const char	*done = c->type == GAME_CMD_LINE ? "built" : "raised";

	if (c->type == GAME_CMD_LINE)
		snprintf(what, sizeof what, "%s from (%d,%d) to (%d,%d)",
		    tower_name(c->tower), c->x, c->y, c->x2, c->y2);
	else if (c->type == GAME_CMD_UPGRADE_ALL)
		snprintf(what, sizeof what, "%s towers", tower_name(c->tower));
	else
		snprintf(what, sizeof what, "towers from (%d,%d) to (%d,%d)",
		    c->x, c->y, c->x2, c->y2);
	if (b->tried == 0 || b->done == 0) {
		/* Refused whole, or every part refused. */
		if (b->tried > 0)
			snprintf(why, sizeof why, " (%d refused, the first at "
			    "(%d,%d))", b->refused, b->first_x, b->first_y);
		play_message(p, true, "cannot %s %s: %s%s", c->type ==
		    GAME_CMD_LINE ? "build" : "upgrade", what,
		    game_reason_name(b->tried > 0 ? b->first : r), why);
		return;
	}
	if (b->skipped > 0)
		snprintf(left, sizeof left, "; %d at the top level", b->skipped);
	if (b->refused > 0)
		snprintf(why, sizeof why, "; %d not (the first at (%d,%d): "
		    "%s)", b->refused, b->first_x, b->first_y,
		    game_reason_name(b->first));
	play_message(p, false, "%s %d of %d %s%s for %d gold%s%s",
	    done, b->done, b->tried, what, c->type == GAME_CMD_LINE ? "" :
	    " a level", b->gold, left, why);
}

/* Give c, a command of many parts, and say what it came to. */
enum game_reason
play_batch(struct play *p, const struct game_cmd *c)
{
	struct game_batch	b;
	enum game_reason	r;

	p->quiet = true;
	r = game_command_batch(p->g, c, &b);
	p->quiet = false;
	play_batch_say(p, c, &b, r);
	return r;
}

/* A line of the kind chosen, from the mark to the cursor; unmarks. */
enum game_reason
play_line(struct play *p)
{
	struct game_cmd	c;

	memset(&c, 0, sizeof c);
	c.type = GAME_CMD_LINE;
	c.tower = p->tower;
	c.power = -1;
	c.x = p->marked ? p->mx : p->cx;
	c.y = p->marked ? p->my : p->cy;
	c.x2 = p->cx;
	c.y2 = p->cy;
	play_unmark(p);
	return play_batch(p, &c);
}

/* Every tower in the box from the mark to the cursor a level; unmarks. */
enum game_reason
play_upgrade_box(struct play *p)
{
	struct game_cmd	c;

	memset(&c, 0, sizeof c);
	c.type = GAME_CMD_UPGRADE_AREA;
	c.tower = -1;
	c.power = -1;
	c.x = p->marked ? p->mx : p->cx;
	c.y = p->marked ? p->my : p->cy;
	c.x2 = p->cx;
	c.y2 = p->cy;
	play_unmark(p);
	return play_batch(p, &c);
}

/*
 * Every tower of the kind on the cursor a level (on no tower: of the
 * kind chosen for building).
 */
enum game_reason
play_upgrade_kind(struct play *p)
{
	const struct game_tower	*tw = play_tower(p);
	struct game_cmd		 c;

	memset(&c, 0, sizeof c);
	c.type = GAME_CMD_UPGRADE_ALL;
	c.tower = tw != NULL ? tw->type : p->tower;
	c.power = -1;
	return play_batch(p, &c);
}
