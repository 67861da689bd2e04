/* SPDX-License-Identifier: ISC */
/*
 * The built-in player's eyes and its one currency (bot-internal.h). The
 * routes are walked down the exit field from every spawn cell; what is
 * coming is the hit points on the map, still to be sent and in the next
 * wave, by enemy kind; the defence is the tower power covering each cell.
 *
 * Worth (bot_worth) is summed over the route from each spawn: a cell
 * counts bot_cell_worth of the power covering it (its style's bare worth,
 * bot-practice.c, and less for more power), power being roughly hit
 * points a second (bot_power) times how well the tower kind suits the
 * enemies to come (bot_suits, from the hints in each tower's row of
 * kinds.c). Every strategy compares its actions by the worth they add per
 * gold; a naive one only scores the route cells of its zone.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot-internal.h"
#include "util.h"

/*
 * How much harm a tower of kind at level (1-based) does a second, roughly:
 * its damage rate, more for attacks that hit several enemies, and for a
 * pulse the worth of its slow.
 */
double
bot_power(int kind, int level)
{
	const struct tower_type		*tt = &tower_types[kind];
	const struct tower_stats	*st = &tt->level[level - 1];
	double				 p;

	if (tt->attack == TOWER_ATTACK_NONE)
		return 0.0;
	p = (double)st->damage * GAME_RATE / st->reload;
	switch (tt->attack) {
	case TOWER_ATTACK_SHELL:
		p *= 1.3;
		break;
	case TOWER_ATTACK_CHAIN:
		p *= 1.6;
		break;
	case TOWER_ATTACK_PULSE:
		p += 0.5 * (100 - st->slow_pct);
		break;
	default:
		if (st->splash > 0.0)
			p *= 1.3;
		break;
	}
	return p;
}

/*
 * The route down the field from (x, y) into b->buf, as path_descend gives
 * it, but only up to the first cell already seen for this spawn. Returns
 * the cells written.
 */
static int
bot_descend(struct bot *b, const struct game *g, int x, int y)
{
	const struct field	*f = g->field;
	int			 i, n = 0;

	if (!grid_inside(&g->grid, x, y))
		return 0;
	i = grid_index(&g->grid, x, y);
	if (f->dir[i] == FIELD_DIR_NONE)
		return 0;
	while (n < b->bufmax) {
		int d = f->dir[i];

		b->buf[n].x = grid_x(&g->grid, i);
		b->buf[n].y = grid_y(&g->grid, i);
		if (b->seen[(size_t)b->buf[n].y * b->w + b->buf[n].x])
			return n + 1;
		n++;
		if (d == FIELD_DIR_GOAL || d == FIELD_DIR_NONE)
			break;
		i += field_offset(g->grid.stride, d);
	}
	return n;
}

/*
 * Mark the enemies' routes, downhill from every spawn cell: route[i] counts
 * the spawns whose route crosses cell i, so shared stretches weigh more.
 * A route that comes to a cell this spawn's routes have crossed already
 * goes on the way it went from there, so it stops: one walk down the
 * field per cell a spawn's routes cover, not per spawn cell.
 */
void
bot_routes(struct bot *b, const struct game *g)
{
	const struct level	*lv = g->lv;
	size_t			 ncells = (size_t)b->w * b->h;
	int			 s, c, k, n;

	memset(b->route, 0, ncells);
	memset(b->corner, 0, ncells);
	b->ncells = 0;
	for (s = 0; s < lv->nspawns; s++) {
		memset(b->seen, 0, ncells);
		for (c = 0; c < lv->spawns[s].ncells; c++) {
			n = bot_descend(b, g, lv->spawns[s].cells[c].x,
			    lv->spawns[s].cells[c].y);
			for (k = 0; k < n; k++) {
				size_t i = (size_t)b->buf[k].y * b->w +
				    b->buf[k].x;

				if (k > 0 && b->buf[k].x != b->buf[k - 1].x &&
				    b->buf[k].y != b->buf[k - 1].y) {
					b->corner[(size_t)b->buf[k - 1].y *
					    b->w + b->buf[k].x] = 1;
					b->corner[(size_t)b->buf[k].y * b->w +
					    b->buf[k - 1].x] = 1;
				}
				if (b->seen[i])
					continue;
				b->seen[i] = 1;
				if (b->route[i]++ == 0)
					b->cells[b->ncells++] = b->buf[k];
			}
		}
	}
}

/*
 * What specialisation sp adds to its tower's power against what is
 * coming: its row's guess, more by the share of the hit points coming
 * that have a trait it is good against.
 */
double
bot_spec_gain(const struct bot *b, const struct tower_spec *sp)
{
	double	hp = 0.0, against = 0.0;
	int	e;

	for (e = 0; e < ENEMY_NKINDS; e++) {
		hp += b->mix[e];
		if (enemy_types[e].traits & sp->bot_against)
			against += b->mix[e];
	}
	return sp->bot_gain * (hp > 0.0 ? 1.0 + against / hp : 1.0);
}

/* The power of tower tw against what is coming, its speciality counted. */
double
bot_tower_power(const struct bot *b, const struct game_tower *tw)
{
	const struct tower_spec	*sp = game_tower_spec(tw);
	double			 p = bot_power(tw->type, tw->level) *
				    bot_suits(b, tw->type);

	return sp != NULL ? p * bot_spec_gain(b, sp) : p;
}

/*
 * Add the power of every ground-hitting tower, times how it suits what is
 * coming, to the cells it covers.
 */
void
bot_defence(struct bot *b, const struct game *g)
{
	int	t, ri, dx, dy;

	memset(b->defence, 0, (size_t)b->w * b->h * sizeof *b->defence);
	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];
		const struct tower_type *tt = &tower_types[tw->type];
		struct tower_stats st;
		double r, p, rmin;

		if (!tw->used || !(tt->hits & TOWER_GROUND))
			continue;
		game_tower_stats(tw, &st);
		r = st.range;
		rmin = st.min_range;
		p = bot_tower_power(b, tw);
		ri = (int)ceil(r);
		for (dy = -ri; dy <= ri; dy++) {
			for (dx = -ri; dx <= ri; dx++) {
				int x = tw->x + dx, y = tw->y + dy;

				if (x >= 0 && y >= 0 && x < b->w && y < b->h &&
				    bot_reaches(dx, dy, r, rmin))
					b->defence[(size_t)y * b->w + x] +=
					    (float)p;
			}
		}
	}
}

/* Add wave w's groups not yet sent to what is coming. */
static void
bot_threat_wave(struct bot *b, const struct game *g, int w)
{
	const struct level_wave	*lw = &g->waves[w];
	int			 k, left;

	for (k = 0; k < lw->ngroups; k++) {
		const struct level_group *grp = &lw->groups[k];
		int hp = game_enemy_hp(g, grp->enemy, w + 1);

		left = grp->count - game_group_sent(g, w, k);
		if (left <= 0)
			continue;
		b->mix[grp->enemy] += (double)left * hp;
		if (enemy_types[grp->enemy].mover == ENEMY_FLY) {
			b->air_count[grp->spawn] += left;
			if (hp > b->air_hp[grp->spawn]) {
				b->air_hp[grp->spawn] = hp;
				b->air_kind[grp->spawn] = grp->enemy;
			}
		}
	}
}

/*
 * What is coming: the hit points of every enemy on the map, still to be
 * sent by a wave under way, or in the next wave, by type; and the flyers
 * among them by spawn, with a flag for every spawn whose flyers' line to
 * the nearest exit has too little air defence.
 */
void
bot_threat(struct bot *b, const struct game *g)
{
	const struct level	*lv = g->lv;
	int			 i, w, s, t, k, n;

	memset(b->mix, 0, sizeof b->mix);
	memset(b->air_hp, 0, sizeof b->air_hp);
	memset(b->air_count, 0, sizeof b->air_count);
	for (i = 0; i < g->nunits; i++) {
		if (g->units[i].kind == GAME_UNIT_ENEMY)
			b->mix[g->units[i].type] += g->units[i].hp;
	}
	for (w = 0; w < g->next_wave; w++)
		if (game_wave_sending(g, w))
			bot_threat_wave(b, g, w);
	if (g->next_wave < g->nwaves)
		bot_threat_wave(b, g, g->next_wave);

	for (s = 0; s < lv->nspawns; s++) {
		struct vec from = vec_make(lv->spawns[s].cells[0].x + 0.5,
		    lv->spawns[s].cells[0].y + 0.5), to = from;
		double best = INFINITY, d, harm = 0.0;

		b->air_short[s] = false;
		if (b->air_count[s] == 0)
			continue;
		for (k = 0; k < lv->nexits; k++) {
			struct vec c = vec_make(lv->exits[k].x + 0.5,
			    lv->exits[k].y + 0.5);

			if ((d = vec_dist2(c, from)) < best) {
				best = d;
				to = c;
			}
		}
		b->air_from[s] = from;
		b->air_to[s] = to;
		/* Harm one flyer takes on its way: power x time in range. */
		n = (int)(vec_dist(from, to) / BOT_AIR_STEP) + 1;
		for (t = 0; t < g->ntowers; t++) {
			const struct game_tower *tw = &g->towers[t];
			const struct tower_type *tt = &tower_types[tw->type];
			double r = tt->level[tw->level - 1].range;
			int in = 0;

			if (!tw->used || !(tt->hits & TOWER_AIR))
				continue;
			for (k = 0; k <= n; k++) {
				struct vec p = vec_madd(from, vec_sub(to, from),
				    (double)k / n);

				in += vec_dist2(p, vec_make(tw->x + 0.5,
				    tw->y + 0.5)) <= r * r;
			}
			harm += bot_power(tw->type, tw->level) *
			    tt->bot.eff[b->air_kind[s]] * in * BOT_AIR_STEP /
			    enemy_types[b->air_kind[s]].speed;
		}
		b->air_short[s] = harm < BOT_AIR_NEED * b->air_hp[s] *
		    (1.0 + b->air_count[s] / 8.0);
	}
}

/* How well tower kind suits what is coming on the ground (1: average). */
double
bot_suits(const struct bot *b, int kind)
{
	double	sum = 0.0, hp = 0.0;
	int	e;

	for (e = 0; e < ENEMY_NKINDS; e++) {
		if (enemy_types[e].mover == ENEMY_FLY)
			continue;
		sum += b->mix[e] * tower_types[kind].bot.eff[e];
		hp += b->mix[e];
	}
	return hp > 0.0 ? sum / hp : 1.0;
}

/* The length of the step into cell k of a route p: 1, or root 2 on a slant. */
static double
bot_step(const struct point *p, int k)
{
	return k > 0 && p[k].x != p[k - 1].x && p[k].y != p[k - 1].y ?
	    M_SQRT2 : 1.0;
}

/*
 * What the routes are worth to the defence on field f: along the route
 * from the first cell of every spawn, each cell counts bot_cell_worth of
 * the power covering it (with extra's too when extra is not NULL), times
 * the length of the step into it (a slanting step takes longer). A longer route, or one that runs through
 * more defence, is worth more; a tower that sends the enemies round the
 * other way is worth what it loses them. -1 when a spawn has no way out.
 */
double
bot_worth(struct bot *b, const struct game *g, const struct field *f,
    const struct grid *grid, const struct bot_extra *extra)
{
	const struct level	*lv = g->lv;
	double			 m = 0.0, d;
	int			 s, k, n, dx, dy;

	for (s = 0; s < lv->nspawns; s++) {
		n = path_descend(f, grid, lv->spawns[s].cells[0].x,
		    lv->spawns[s].cells[0].y, b->buf, b->bufmax);
		if (n == 0)
			return -1.0;
		for (k = 0; k < n; k++) {
			d = b->defence[(size_t)b->buf[k].y * b->w +
			    b->buf[k].x];
			if (extra != NULL) {
				dx = b->buf[k].x - extra->x;
				dy = b->buf[k].y - extra->y;
				if (bot_reaches(dx, dy, extra->range,
				    extra->min_range))
					d += extra->power;
			}
			m += bot_step(b->buf, k) * (b->plain ? 1.0 :
			    bot_cell_worth(b, d));
		}
	}
	return m;
}

/*
 * The gain in bot_worth if cell (x, y) were blocked (by a wall, or by the
 * tower extra). Only a cell on a route, or at a corner a diagonal step of
 * one passes, can change the routes; for those the block is tried on the
 * bot's copy of the grid, with a fresh field (routes need no line of sight;
 * on the maps weir ships that is quicker than repairing a copy in place
 * and back). base is the worth as things stand.
 */
double
bot_try(struct bot *b, const struct game *g, int x, int y,
    const struct bot_extra *extra, double base)
{
	size_t	i = (size_t)y * b->w + x;
	double	m;

	if (!b->route[i] && !b->corner[i]) {
		/* Off the routes and their corners: they stay as they are. */
		m = bot_worth(b, g, g->field, &g->grid, extra);
		return m < 0.0 ? -1.0 : m - base;
	}
	grid_set_cost(&b->grid, x, y, 0);
	field_integrate(b->field, &b->grid, g->goals, g->ngoals);
	m = bot_worth(b, g, b->field, &b->grid, extra);
	grid_set_cost(&b->grid, x, y, grid_get_cost(&g->grid, x, y));
	return m < 0.0 ? -1.0 : m - base;
}

/*
 * The power against flyers of kind covering point p: every tower that
 * hits the air and reaches p, by its power and how well it suits them.
 */
static double
bot_air_cover(const struct game *g, int kind, struct vec p)
{
	double	c = 0.0;
	int	t;

	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];
		const struct tower_type *tt = &tower_types[tw->type];
		double r = tt->level[tw->level - 1].range;

		if (tw->used && (tt->hits & TOWER_AIR) && vec_dist2(p,
		    vec_make(tw->x + 0.5, tw->y + 0.5)) <= r * r)
			c += bot_power(tw->type, tw->level) * tt->bot.eff[kind];
	}
	return c;
}

/*
 * Score every cell for a new tower that hits what mask says, with range r
 * and least range rmin: for ground the route cells in reach, each counting
 * the spawns whose route it is on, less the more it is defended already
 * (summed by spreading each route cell's worth over the cells that reach
 * it: the route's length times the range's area, not the map's), or for
 * air the points, BOT_AIR_STEP apart, of every flyer line short of air
 * defence that are in range, each less the more air defence covers it
 * already (so that towers against flyers spread along their line rather
 * than crowd at its first cells, where a flight passes them in a moment).
 */
void
bot_score_cells(struct bot *b, const struct game *g, int mask, double r,
    double rmin)
{
	int	ri = (int)ceil(r), k, s, n, dx, dy;

	memset(b->score, 0, (size_t)b->w * b->h * sizeof *b->score);
	if (mask == TOWER_GROUND) {
		for (k = 0; k < b->ncells; k++) {
			size_t i = (size_t)b->cells[k].y * b->w + b->cells[k].x;
			float v = (float)(b->route[i] / (1.0 + b->defence[i] /
			    BOT_SATURATE));

			if (!b->zone[i])
				continue;	/* not a stretch it defends */
			for (dy = -ri; dy <= ri; dy++) {
				for (dx = -ri; dx <= ri; dx++) {
					int x = b->cells[k].x + dx;
					int y = b->cells[k].y + dy;

					if (x >= 0 && y >= 0 && x < b->w &&
					    y < b->h && bot_reaches(dx, dy, r,
					    rmin))
						b->score[(size_t)y * b->w +
						    x] += v;
				}
			}
		}
		return;
	}
	for (s = 0; s < g->lv->nspawns; s++) {
		if (!b->air_short[s])
			continue;
		n = (int)(vec_dist(b->air_from[s], b->air_to[s]) /
		    BOT_AIR_STEP) + 1;
		for (k = 0; k <= n; k++) {
			struct vec p = vec_madd(b->air_from[s],
			    vec_sub(b->air_to[s], b->air_from[s]),
			    (double)k / n);
			int x0 = (int)floor(p.x), y0 = (int)floor(p.y);
			float v = (float)(1.0 / (1.0 + bot_air_cover(g,
			    b->air_kind[s], p) / BOT_SATURATE));

			for (dy = -ri - 1; dy <= ri + 1; dy++) {
				for (dx = -ri - 1; dx <= ri + 1; dx++) {
					int x = x0 + dx, y = y0 + dy;

					if (x >= 0 && y >= 0 && x < b->w &&
					    y < b->h && vec_dist2(p, vec_make(
					    x + 0.5, y + 0.5)) <= r * r)
						b->score[(size_t)y * b->w +
						    x] += v;
				}
			}
		}
	}
}

/*
 * Score every cell for a tower that detects, with range r: the route
 * cells in reach that no detector sees, each by the spawns whose route it
 * is on times the share of its worth the towers there give (a cell no
 * tower covers gains nothing by being seen).
 */
void
bot_score_sight(struct bot *b, double r)
{
	int	ri = (int)ceil(r), k, dx, dy;

	memset(b->score, 0, (size_t)b->w * b->h * sizeof *b->score);
	for (k = 0; k < b->ncells; k++) {
		size_t i = (size_t)b->cells[k].y * b->w + b->cells[k].x;
		float v = (float)(b->route[i] * b->defence[i] /
		    (b->defence[i] + BOT_SATURATE));

		if (b->lit[i] || v <= 0.0f)
			continue;
		for (dy = -ri; dy <= ri; dy++) {
			for (dx = -ri; dx <= ri; dx++) {
				int x = b->cells[k].x + dx;
				int y = b->cells[k].y + dy;

				if (x >= 0 && y >= 0 && x < b->w && y < b->h &&
				    bot_reaches(dx, dy, r, 0.0))
					b->score[(size_t)y * b->w + x] += v;
			}
		}
	}
}

/*
 * The BOT_TRIES free cells with the highest positive scores, best first
 * (the first in reading order among equal scores), into top; returns how
 * many. Never a route cell, nor for a naive strategy a corner a diagonal
 * step passes: a tower there would change the route. A wall of the maze
 * is a free cell: a tower built on it takes its place for the difference
 * in price, and sees the lanes on both sides. One pass over the map: the cells a turn tries one after another,
 * each the best of those not tried yet, are these in this order.
 */
int
bot_top_cells(const struct bot *b, const struct game *g, int32_t *top)
{
	int	x, y, n = 0, k;

	for (y = 0; y < b->h; y++) {
		for (x = 0; x < b->w; x++) {
			int32_t	i = y * b->w + x;
			float	s = b->score[i];

			if (s <= 0.0f || (n == BOT_TRIES &&
			    s <= b->score[top[n - 1]]) || b->route[i] ||
			    (b->st->naive && b->corner[i]) ||
			    (g->tower_at[i] >= 0 &&
			    g->towers[g->tower_at[i]].type != b->wall) ||
			    !level_buildable(g->lv, x, y))
				continue;
			/* After every one at least as good: reading order. */
			k = n < BOT_TRIES ? n++ : n - 1;
			while (k > 0 && b->score[top[k - 1]] < s) {
				top[k] = top[k - 1];
				k--;
			}
			top[k] = i;
		}
	}
	return n;
}

/* Towers of kind standing. */
int
bot_count(const struct game *g, int kind)
{
	int	t, n = 0;

	for (t = 0; t < g->ntowers; t++)
		n += g->towers[t].used && g->towers[t].type == kind;
	return n;
}

/*
 * What raising tower tw from power p0 over reach r0, m0 to power p1 over
 * r1, m1 adds to the worth of the route cells.
 */
double
bot_raise(const struct bot *b, const struct game_tower *tw, double r0,
    double m0, double p0, double r1, double m1, double p1)
{
	double	v = 0.0;
	int	k;

	for (k = 0; k < b->ncells; k++) {
		int dx = b->cells[k].x - tw->x, dy = b->cells[k].y - tw->y;
		size_t i = (size_t)b->cells[k].y * b->w + b->cells[k].x;
		double d = b->defence[i];

		if (!bot_reaches(dx, dy, r1, m1))
			continue;
		if (bot_reaches(dx, dy, r0, m0))
			d -= p0;
		v += b->route[i] * (bot_cell_worth(b, d + p1) -
		    bot_cell_worth(b, b->defence[i]));
	}
	return v;
}

/*
 * What the detecting towers see of the routes, while hidden enemies are
 * coming: b->lit marks the route cells a detecting tower reaches (there
 * the others may aim at them); b->blind is set when under a third of the
 * route is lit (a specialisation that detects is then worth more), and
 * b->dark when more than a third of the defence over the routes stands
 * where none is lit, so that the hidden would walk past it unharmed.
 */
void
bot_sight(struct bot *b, const struct game *g)
{
	double	dark = 0.0, all = 0.0;
	int	e, t, k, seen = 0;
	bool	hidden = false;

	b->blind = b->dark = false;
	for (e = 0; e < ENEMY_NKINDS; e++)
		if ((enemy_types[e].traits & ENEMY_TRAIT_HIDDEN) &&
		    b->mix[e] > 0.0)
			hidden = true;
	if (!hidden)
		return;
	memset(b->lit, 0, (size_t)b->w * b->h);
	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];
		struct tower_stats st;

		if (!tw->used || !game_tower_detects(tw))
			continue;
		game_tower_stats(tw, &st);
		for (k = 0; k < b->ncells; k++)
			if (bot_reaches(b->cells[k].x - tw->x, b->cells[k].y -
			    tw->y, st.range, 0.0))
				b->lit[(size_t)b->cells[k].y * b->w +
				    b->cells[k].x] = 1;
	}
	for (k = 0; k < b->ncells; k++) {
		size_t i = (size_t)b->cells[k].y * b->w + b->cells[k].x;

		seen += b->lit[i];
		all += b->defence[i];
		dark += b->lit[i] ? 0.0 : b->defence[i];
	}
	b->blind = seen * 3 < b->ncells;
	b->dark = dark * 3 > all;
}
