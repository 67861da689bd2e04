/* SPDX-License-Identifier: ISC */
/*
 * What the player sees besides the map itself: the reach of a tower (the
 * one on the cursor, or the kind about to be built there, and its next
 * level's reach when an upgrade is on offer), how many towers reach each
 * cell (ground and air apart), the exits enemies have just left by, the
 * lives figure that reacts to every leak, the bell, and the message log.
 *
 * Reach is the core's own test (tower_in_range) on the numbers the game
 * shoots with (game_tower_stats, a specialisation's reach included), so a
 * drawn disc is exactly where a tower shoots. Everything is kept in
 * buffers made with the play; a frame allocates nothing and marks only
 * the box a disc covers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/tower.h"
#include "nav/util.h"
#include "ui/play.h"

/* Make the buffers of a new play. */
void
play_sight_new(struct play *p)
{
	size_t	ncell = (size_t)p->w * (size_t)p->h;

	p->range = xcalloc(ncell, 1);
	p->cover_ground = xcalloc(ncell, 1);
	p->cover_air = xcalloc(ncell, 1);
	p->cover_stale = true;
	p->rx0 = p->ry0 = 0;
	p->rx1 = p->ry1 = -1;
	p->lives_tick = -1;
}

/* Free them. */
void
play_sight_free(struct play *p)
{
	free(p->range);
	free(p->cover_ground);
	free(p->cover_air);
}

/* Keep what a game event means for the view: leaks, changed towers. */
void
play_sight_event(struct play *p, const struct game_event *ev)
{
	struct play_leak	*l;

	switch (ev->type) {
	case GAME_EV_LEAK:
		l = &p->leaks[p->nleaks++ % PLAY_LEAK_MARKS];
		l->x = ev->x;
		l->y = ev->y;
		l->tick = ev->tick;
		p->lives_tick = ev->tick;
		p->bell_due++;
		break;
	case GAME_EV_PLACE:
	case GAME_EV_UPGRADE:
	case GAME_EV_SELL:
		p->cover_stale = true;
		break;
	default:
		break;
	}
}

/* Whether an enemy left by cell (x, y) a moment ago. */
bool
play_leak_marked(const struct play *p, int x, int y)
{
	int	k, n = p->nleaks < PLAY_LEAK_MARKS ? p->nleaks :
		    PLAY_LEAK_MARKS;

	for (k = 0; k < n; k++) {
		const struct play_leak *l = &p->leaks[k];

		if (l->x == x && l->y == y &&
		    p->g->tick - l->tick < PLAY_LEAK_TICKS)
			return true;
	}
	return false;
}

/* Whether the lives figure is to be drawn alarmed: a leak just now. */
bool
play_lives_alarm(const struct play *p)
{
	return p->lives_tick >= 0 && p->g->tick - p->lives_tick <
	    PLAY_LIVES_TICKS;
}

/* Turn the bell on a leak on or off. */
void
play_toggle_bell(struct play *p)
{
	p->bell = !p->bell;
	p->bell_due = 0;
	play_message(p, false, "bell on a leak: %s", p->bell ? "on" : "off");
}

/* Add a line to the message log; the same line again counts up instead. */
void
play_log_add(struct play *p, bool error, const char *text)
{
	struct play_log	*l;

	if (p->log == NULL || text[0] == '\0')
		return;
	if (p->nlog > 0) {
		l = &p->log[(p->nlog - 1) % PLAY_LOG_MAX];
		if (strcmp(l->text, text) == 0) {
			l->times++;
			l->tick = p->g != NULL ? p->g->tick : 0;
			return;
		}
	}
	l = &p->log[p->nlog++ % PLAY_LOG_MAX];
	snprintf(l->text, sizeof l->text, "%s", text);
	l->error = error;
	l->tick = p->g != NULL ? p->g->tick : 0;
	l->times = 1;
}

/* Lines the log holds now. */
int
play_log_count(const struct play *p)
{
	return p->nlog < PLAY_LOG_MAX ? p->nlog : PLAY_LOG_MAX;
}

/* Line k of the log, 0 the oldest kept; NULL out of range. */
const struct play_log *
play_log_line(const struct play *p, int k)
{
	int	n = play_log_count(p);

	if (k < 0 || k >= n)
		return NULL;
	return &p->log[(p->nlog - n + k) % PLAY_LOG_MAX];
}

/* Put the cursor on the buildable cell nearest (x, y), if there is one. */
void
play_cursor_near(struct play *p, int x0, int y0)
{
	int	r, dx, dy;

	play_set_cursor(p, x0, y0);
	for (r = 0; r < p->w + p->h; r++) {
		for (dy = -r; dy <= r; dy++) {
			for (dx = -r; dx <= r; dx++) {
				if (abs(dx) + abs(dy) == r &&
				    level_buildable(p->lv, x0 + dx, y0 + dy)) {
					play_set_cursor(p, x0 + dx, y0 + dy);
					return;
				}
			}
		}
	}
}

/*
 * Whether a tower fighting with st on (tx, ty) covers (x, y): the core's
 * own test on the numbers the game shoots with (game_tower_stats).
 */
static bool
play_covers(const struct tower_stats *st, int tx, int ty, int x, int y)
{
	double	dx = x - tx, dy = y - ty;

	return tower_in_range(st, dx * dx + dy * dy);
}

/* Mark with bit every cell a tower fighting with st on (tx, ty) covers. */
static void
play_mark_reach(struct play *p, const struct tower_stats *st, int tx, int ty,
    uint8_t bit)
{
	int	r = (int)st->range + 1, x, y;

	for (y = ty - r; y <= ty + r; y++) {
		if (y < 0 || y >= p->h)
			continue;
		for (x = tx - r; x <= tx + r; x++) {
			if (x < 0 || x >= p->w || !play_covers(st, tx, ty, x, y))
				continue;
			p->range[(size_t)y * p->w + x] |= bit;
			if (x < p->rx0)
				p->rx0 = x;
			if (x > p->rx1)
				p->rx1 = x;
			if (y < p->ry0)
				p->ry0 = y;
			if (y > p->ry1)
				p->ry1 = y;
		}
	}
}

/*
 * Mark the reach of tower tw now and, when it can be raised, at its next
 * level (its specialisation kept): the numbers the game fights with.
 */
static void
play_mark_tower(struct play *p, const struct game_tower *tw)
{
	struct game_tower	next = *tw;
	struct tower_stats	st;

	game_tower_stats(tw, &st);
	play_mark_reach(p, &st, tw->x, tw->y, PLAY_RANGE_NOW);
	if (tower_upgrade_cost(tw->type, tw->level) > 0) {
		next.level++;
		game_tower_stats(&next, &st);
		play_mark_reach(p, &st, tw->x, tw->y, PLAY_RANGE_NEXT);
	}
}

/*
 * The reach to draw: of the tower on the cursor (and of its next level if
 * it can be upgraded), or of the kind chosen, were it built on the
 * cursor's free ground.
 */
static void
play_update_range(struct play *p)
{
	const struct game_tower	*tw = play_tower(p);
	int			 y;

	for (y = p->ry0; y <= p->ry1; y++)
		memset(p->range + (size_t)y * p->w + p->rx0, 0,
		    (size_t)(p->rx1 - p->rx0 + 1));
	p->rx0 = p->w;
	p->ry0 = p->h;
	p->rx1 = p->ry1 = -1;
	if (game_over(p->g))
		return;
	if (tw != NULL) {
		if (tower_types[tw->type].attack == TOWER_ATTACK_NONE)
			return;
		play_mark_tower(p, tw);
		return;
	}
	/* While a power is aimed, its area is what the cursor shows. */
	if (p->power < 0 && level_buildable(p->lv, p->cx, p->cy) &&
	    tower_types[p->tower].attack != TOWER_ATTACK_NONE)
		play_mark_reach(p, &tower_types[p->tower].level[0], p->cx,
		    p->cy, PLAY_RANGE_NOW);
}

/* Count the towers reaching each cell, ground and air apart. */
static void
play_update_cover(struct play *p)
{
	const struct game	*g = p->g;
	size_t			 ncell = (size_t)p->w * (size_t)p->h;
	struct tower_stats	 st;
	int			 t, r, x, y;

	memset(p->cover_ground, 0, ncell);
	memset(p->cover_air, 0, ncell);
	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower	*tw = &g->towers[t];
		const struct tower_type	*tt = &tower_types[tw->type];

		if (!tw->used || tt->attack == TOWER_ATTACK_NONE)
			continue;
		game_tower_stats(tw, &st);
		r = (int)st.range + 1;
		for (y = tw->y - r; y <= tw->y + r; y++) {
			for (x = tw->x - r; x <= tw->x + r; x++) {
				size_t c = (size_t)y * p->w + x;

				if (x < 0 || y < 0 || x >= p->w ||
				    y >= p->h || !play_covers(&st, tw->x,
				    tw->y, x, y))
					continue;
				if ((tt->hits & TOWER_GROUND) &&
				    p->cover_ground[c] < UINT8_MAX)
					p->cover_ground[c]++;
				if ((tt->hits & TOWER_AIR) &&
				    p->cover_air[c] < UINT8_MAX)
					p->cover_air[c]++;
			}
		}
	}
	p->cover_stale = false;
}

/* Bring the reach and, while its overlay is shown, the coverage up to date. */
void
play_sight_prepare(struct play *p)
{
	play_update_range(p);
	if (p->cover_stale && (p->overlay == OVERLAY_COVER_GROUND ||
	    p->overlay == OVERLAY_COVER_AIR))
		play_update_cover(p);
}
