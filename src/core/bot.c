/* SPDX-License-Identifier: ISC */
/*
 * The built-in player: one look at the game and at most one command every
 * BOT_PERIOD ticks. See bot.h for the heuristic. All its buffers are sized
 * by bot_new; a turn reads the game, scores the actions it could take and
 * gives the best affordable one.
 *
 * Worth (bot_worth) is summed over the route from each spawn: a cell
 * counts bot_cell_worth of the power covering it, power being roughly hit
 * points a second (bot_power) times how well the tower kind suits the
 * enemies to come (bot_suits, from the hints in each tower's row of
 * kinds.c). Actions are compared by the worth they add per gold. Every
 * choice of kind is made from the rows: the walls it mazes with are the
 * cheapest kind that only blocks, it builds every kind that hits the
 * ground, and against flyers the kind whose row takes the flight.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "util.h"

#define BOT_MIN_COVER	2.0	/* route worth a new tower must cover */
#define BOT_AIR_STEP	0.5	/* spacing of points on a flyer line */
#define BOT_AIR_NEED	5.0	/* flyer hit points to have in hand, times */
#define BOT_TRIES	24	/* cells looked at for one tower, at most */
#define BOT_CANDIDATES	6	/* ... of which tried for their worth */
#define BOT_SETTLE	0.7	/* take a cheaper action worth this share */
#define BOT_EARLY_S	5	/* call early only if it skips this much */
#define BOT_DUE_S	10	/* a wave this near: no more saving up */
#define BOT_SATURATE	40.0	/* defence at which a cell counts half */
#define BOT_VARIETY	0.25	/* worth lost per tower of the same kind */
#define BOT_WALL_EVALS	160	/* walls tried a turn, at most ... */
#define BOT_WALL_CELLS	1000000	/* ... and field cells rebuilt a turn */
#define BOT_WALL_GAIN	2.0	/* worth a wall must add to be built */
#define BOT_WALL_TURNS	2	/* walls are thought of every this many turns */
#define BOT_HERO_TURNS	4	/* the hero's post, every this many turns */
#define BOT_HERO_MOVE	1.25	/* a new post must be this much better */
#define BOT_SPEC_BIAS	1.5	/* a specialisation's worth, times */
#define BOT_SPEC_NEAR	2	/* with 1/this of its price in hand, saves
				   up for the best specialisation ... */
#define BOT_AHEAD	0.5	/* ... while no enemy is past this share of
				   the route */

struct bot {
	int		 w, h;
	int		 share;		/* percent of income it may spend */
	uint8_t		*route;		/* w * h: spawns whose route it is on */
	uint8_t		*corner;	/* w * h: a diagonal step passes it */
	uint8_t		*seen;		/* w * h: on this spawn's route */
	float		*defence;	/* w * h: tower power covering it */
	float		*score;		/* w * h: worth of a tower there */
	uint8_t		*tried;		/* w * h: refused this turn */
	struct point	*cells;		/* the route cells, listed */
	struct point	*cand;		/* cells a wall is tried on */
	int		 ncells;
	struct point	*buf;		/* a descended path */
	int		 bufmax;
	struct grid	 grid;		/* a copy to try walls on */
	struct field	*field;		/* its field */

	/* What is coming: hit points by enemy type, and flyers by spawn. */
	int		 wall;		/* the tower kind it mazes with */
	double		 mix[ENEMY_NKINDS];
	double		 air_hp[LEVEL_MAX_SPAWNS];	/* one flyer's */
	int		 air_kind[LEVEL_MAX_SPAWNS];	/* its kind */
	int		 air_count[LEVEL_MAX_SPAWNS];
	bool		 air_short[LEVEL_MAX_SPAWNS];	/* too little flak */
	struct vec	 air_from[LEVEL_MAX_SPAWNS], air_to[LEVEL_MAX_SPAWNS];
};

/* An action the bot could take, and what it is worth. */
struct bot_action {
	enum game_cmd_type	type;
	int			tower, x, y;
	int			spec;		/* SPECIALISE: which */
	int			cost;
	double			value;		/* power bought per gold */
};

/* A bot for game g's level. */
struct bot *
bot_new(const struct game *g)
{
	struct bot	*b = xcalloc(1, sizeof *b);
	size_t		 n = (size_t)g->w * g->h;
	int		 k;

	b->w = g->w;
	b->h = g->h;
	b->share = 100;
	b->route = xcalloc(n, 1);
	b->corner = xcalloc(n, 1);
	b->seen = xcalloc(n, 1);
	b->defence = xcalloc(n, sizeof *b->defence);
	b->score = xcalloc(n, sizeof *b->score);
	b->tried = xcalloc(n, 1);
	b->cells = xcalloc(n, sizeof *b->cells);
	b->cand = xcalloc(n, sizeof *b->cand);
	b->bufmax = (int)n + 1;
	b->buf = xcalloc((size_t)b->bufmax, sizeof *b->buf);
	grid_init(&b->grid, xmalloc(grid_cells(g->w, g->h)), g->w, g->h,
	    g->grid.diagonal);
	b->field = field_new(g->w, g->h);
	/* It mazes with the cheapest kind that only blocks. */
	b->wall = -1;
	for (k = 0; k < TOWER_NTYPES; k++) {
		if (tower_types[k].attack == TOWER_ATTACK_NONE && (b->wall < 0 ||
		    tower_types[k].level[0].cost <
		    tower_types[b->wall].level[0].cost))
			b->wall = k;
	}
	return b;
}

/* Free a bot. */
void
bot_free(struct bot *b)
{
	if (b == NULL)
		return;
	free(b->route);
	free(b->corner);
	free(b->seen);
	free(b->defence);
	free(b->score);
	free(b->tried);
	free(b->cells);
	free(b->cand);
	free(b->buf);
	free(b->grid.cost);
	field_free(b->field);
	free(b);
}

/*
 * How much harm a tower of kind at level (1-based) does a second, roughly:
 * its damage rate, more for attacks that hit several enemies, and for a
 * pulse the worth of its slow.
 */
static double
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
 * Mark the enemies' routes, downhill from every spawn cell: route[i] counts
 * the spawns whose route crosses cell i, so shared stretches weigh more.
 * A route that comes to a cell this spawn's routes have crossed already
 * goes on the way it went from there, so it stops: one walk down the
 * field per cell a spawn's routes cover, not per spawn cell.
 */
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

static void
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

static double	bot_suits(const struct bot *, int);

/*
 * What specialisation sp adds to its tower's power against what is
 * coming: its row's guess, more by the share of the hit points coming
 * that have a trait it is good against.
 */
static double
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
static double
bot_tower_power(const struct bot *b, const struct game_tower *tw)
{
	const struct tower_spec	*sp = game_tower_spec(tw);
	double			 p = bot_power(tw->type, tw->level) *
				    bot_suits(b, tw->type);

	return sp != NULL ? p * bot_spec_gain(b, sp) : p;
}

/* Whether a cell (dx, dy) from a tower is in its reach. */
static inline bool
bot_reaches(int dx, int dy, double range, double min_range)
{
	int	d2 = dx * dx + dy * dy;

	return tower_reach(range, min_range, d2);
}

/*
 * Add the power of every ground-hitting tower, times how it suits what is
 * coming, to the cells it covers.
 */
static void
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
		int hp = enemy_hp(grp->enemy, w + 1);

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
static void
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
static double
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

/* What a route cell defended by power d is worth: 1, and less per power. */
static inline double
bot_cell_worth(double d)
{
	return 1.0 + log1p(d / BOT_SATURATE);
}

/* A tower being thought about: where, how far it reaches, how hard. */
struct bot_extra {
	int	x, y;
	double	range, min_range, power;
};

/*
 * What the routes are worth to the defence on field f: along the route
 * from the first cell of every spawn, each cell counts bot_cell_worth of
 * the power covering it, with extra's too when extra is not NULL. A longer
 * route, or one that runs through more defence, is worth more; a tower
 * that sends the enemies round the other way is worth what it loses them.
 * -1 when a spawn has no way out.
 */
static double
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
			m += bot_cell_worth(d);
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
static double
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

/* Add (x, y) to the wall candidates if a wall could stand there. */
static void
bot_candidate(struct bot *b, const struct game *g, int x, int y, int *n)
{
	size_t	i = (size_t)y * b->w + x;

	if (!grid_inside(&b->grid, x, y) || b->tried[i] ||
	    g->tower_at[i] >= 0 || !level_buildable(g->lv, x, y))
		return;
	b->tried[i] = 1;
	b->cand[(*n)++] = (struct point){ x, y };
}

/*
 * The wall that adds most to bot_worth. Only two kinds of cell can change
 * a route: a cell of the route, and a corner a diagonal step of it passes
 * (a wall there forbids the step); anywhere else the route stays as it
 * is. Of those, as many as BOT_WALL_EVALS spread along the routes are
 * tried, fewer on a big map where each try costs more.
 */
static bool
bot_best_wall(struct bot *b, struct game *g, struct bot_action *out)
{
	double		 base, m, best = 0.0;
	int		 k, n = 0, most, bx = -1, by = -1;

	memset(b->tried, 0, (size_t)b->w * b->h);
	for (k = 0; k < b->ncells; k++) {
		struct point c = b->cells[k];

		bot_candidate(b, g, c.x, c.y, &n);
		if (k + 1 < b->ncells && abs(b->cells[k + 1].x - c.x) == 1 &&
		    abs(b->cells[k + 1].y - c.y) == 1) {
			bot_candidate(b, g, b->cells[k + 1].x, c.y, &n);
			bot_candidate(b, g, c.x, b->cells[k + 1].y, &n);
		}
	}
	most = BOT_WALL_CELLS / (b->w * b->h);
	if (most > BOT_WALL_EVALS)
		most = BOT_WALL_EVALS;
	if (most < 4)
		most = 4;
	if (n == 0)
		return false;
	base = bot_worth(b, g, g->field, &g->grid, NULL);
	for (k = 0; k < most && k < n; k++) {
		struct point c = b->cand[n <= most ? k : (int)((long)k * n /
		    most)];

		if ((m = bot_try(b, g, c.x, c.y, NULL, base)) > best) {
			best = m;
			bx = c.x;
			by = c.y;
		}
	}
	if (bx < 0 || game_check_place(g, b->wall, bx, by) != GAME_OK)
		return false;
	out->type = GAME_CMD_PLACE;
	out->spec = -1;
	out->tower = b->wall;
	out->x = bx;
	out->y = by;
	out->cost = tower_types[b->wall].level[0].cost;
	out->value = best;
	return true;
}

/*
 * Score every cell for a new tower that hits what mask says, with range r
 * and least range rmin: for ground the route cells in reach, each counting
 * the spawns whose route it is on, less the more it is defended already
 * (summed by spreading each route cell's worth over the cells that reach
 * it: the route's length times the range's area, not the map's), or for
 * air the points, BOT_AIR_STEP apart, of every flyer line short of air
 * defence that are in range.
 */
static void
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

			for (dy = -ri - 1; dy <= ri + 1; dy++) {
				for (dx = -ri - 1; dx <= ri + 1; dx++) {
					int x = x0 + dx, y = y0 + dy;

					if (x >= 0 && y >= 0 && x < b->w &&
					    y < b->h && vec_dist2(p, vec_make(
					    x + 0.5, y + 0.5)) <= r * r)
						b->score[(size_t)y * b->w +
						    x] += 1.0f;
				}
			}
		}
	}
}

/*
 * The BOT_TRIES free cells with the highest positive scores, best first
 * (the first in reading order among equal scores), into top; returns how
 * many. One pass over the map: the cells a turn tries one after another,
 * each the best of those not tried yet, are these in this order.
 */
static int
bot_top_cells(const struct bot *b, const struct game *g, int32_t *top)
{
	int	x, y, n = 0, k;

	for (y = 0; y < b->h; y++) {
		for (x = 0; x < b->w; x++) {
			int32_t	i = y * b->w + x;
			float	s = b->score[i];

			if (s <= 0.0f || (n == BOT_TRIES &&
			    s <= b->score[top[n - 1]]) || b->route[i] ||
			    g->tower_at[i] >= 0 ||
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

/*
 * The best cell for a new tower of kind against the ground (mask
 * TOWER_GROUND) or the flyers short of defence (TOWER_AIR), off the
 * routes; the placement must be allowed but for its price. Against the
 * ground, the BOT_CANDIDATES cells that cover most are each tried for
 * what the tower would add to bot_worth, so that one that would turn the
 * enemies away from the defence loses out. value: worth per gold.
 */
static bool
bot_best_cell(struct bot *b, struct game *g, int kind, int mask,
    struct bot_action *out)
{
	const struct tower_type	*tt = &tower_types[kind];
	struct bot_extra	 extra;
	enum game_reason	 r;
	double			 best, base = 0.0, gain, most = 0.0;
	int			 tries, found = 0, bx, by, ntop;
	int32_t			 top[BOT_TRIES];

	bot_score_cells(b, g, mask, tt->level[0].range, tt->level[0].min_range);
	ntop = bot_top_cells(b, g, top);
	extra.range = tt->level[0].range;
	extra.min_range = tt->level[0].min_range;
	extra.power = bot_power(kind, 1) * bot_suits(b, kind);
	if (mask == TOWER_GROUND)
		base = bot_worth(b, g, g->field, &g->grid, NULL);
	for (tries = 0; tries < BOT_TRIES && found < BOT_CANDIDATES;
	    tries++) {
		if (tries >= ntop || (best = b->score[top[tries]]) <
		    BOT_MIN_COVER)
			break;
		bx = top[tries] % b->w;
		by = top[tries] / b->w;
		r = game_check_place(g, kind, bx, by);
		if (r != GAME_OK && r != GAME_NO_GOLD)
			continue;
		if (mask == TOWER_GROUND) {
			extra.x = bx;
			extra.y = by;
			gain = bot_try(b, g, bx, by, &extra, base);
		} else
			gain = best * bot_power(kind, 1) / BOT_SATURATE;
		if (found++ == 0 || gain > most) {
			most = gain;
			out->type = GAME_CMD_PLACE;
			out->spec = -1;
			out->tower = kind;
			out->x = bx;
			out->y = by;
			out->cost = tt->level[0].cost;
			out->value = gain / out->cost;
		}
		if (mask != TOWER_GROUND)
			break;
	}
	return found > 0 && most > 0.0;
}

/* Towers of kind standing. */
static int
bot_count(const struct game *g, int kind)
{
	int	t, n = 0;

	for (t = 0; t < g->ntowers; t++)
		n += g->towers[t].used && g->towers[t].type == kind;
	return n;
}

/*
 * The best cell for each kind of tower that attacks the ground, into
 * acts[]; returns how many kinds found one. value is worth per gold, less
 * for a kind the bot has many of already (by its row's variety: frost the
 * most, since slows do not add up).
 */
static int
bot_builds(struct bot *b, struct game *g, struct bot_action *acts)
{
	int	kind, n = 0;

	for (kind = 0; kind < TOWER_NTYPES; kind++) {
		const struct tower_type *tt = &tower_types[kind];

		if (tt->attack == TOWER_ATTACK_NONE ||
		    !(tt->hits & TOWER_GROUND) ||
		    !bot_best_cell(b, g, kind, TOWER_GROUND, &acts[n]))
			continue;
		acts[n].value /= 1.0 + BOT_VARIETY * bot_count(g, kind) *
		    tt->bot.variety;
		n++;
	}
	return n;
}

/*
 * The tower kind to build against a flight of count flyers: of the kinds
 * whose row takes flights that small (air_from), the one for the largest.
 */
static int
bot_air_kind(int count)
{
	int	kind, best = -1;

	for (kind = 0; kind < TOWER_NTYPES; kind++) {
		const struct tower_type *tt = &tower_types[kind];

		if ((tt->hits & TOWER_AIR) && tt->bot.air_from > 0 &&
		    tt->bot.air_from <= count && (best < 0 ||
		    tt->bot.air_from > tower_types[best].bot.air_from))
			best = kind;
	}
	return best;
}

/*
 * What raising tower tw from power p0 over reach r0, m0 to power p1 over
 * r1, m1 adds to the worth of the route cells.
 */
static double
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
		v += b->route[i] * (bot_cell_worth(d + p1) -
		    bot_cell_worth(b->defence[i]));
	}
	return v;
}

/*
 * Whether hidden enemies are coming and no tower that sees them covers
 * enough of the routes: then a specialisation that detects is worth more.
 */
static bool
bot_blind(const struct bot *b, const struct game *g)
{
	int	e, t, k, seen = 0;
	bool	hidden = false;

	for (e = 0; e < ENEMY_NKINDS; e++)
		if ((enemy_types[e].traits & ENEMY_TRAIT_HIDDEN) &&
		    b->mix[e] > 0.0)
			hidden = true;
	if (!hidden)
		return false;
	for (k = 0; k < b->ncells; k++) {
		for (t = 0; t < g->ntowers; t++) {
			const struct game_tower *tw = &g->towers[t];
			const struct tower_spec *sp = game_tower_spec(tw);
			struct tower_stats st;

			if (!tw->used || !(tower_types[tw->type].detects ||
			    (sp != NULL && sp->detects)))
				continue;
			game_tower_stats(tw, &st);
			if (bot_reaches(b->cells[k].x - tw->x, b->cells[k].y -
			    tw->y, st.range, 0.0))
				break;
		}
		seen += t < g->ntowers;
	}
	return seen * 3 < b->ncells;
}

/*
 * The best specialisation of a top-level tower that has none: what its
 * power and reach add to bot_worth, per gold; one that detects is worth
 * twice as much while hidden enemies come unseen.
 */
static bool
bot_best_spec(struct bot *b, const struct game *g, struct bot_action *out)
{
	bool	blind = bot_blind(b, g);
	double	best = 0.0;
	int	t, k;

	if (g->waves_cleared == 0)
		return false;	/* the defence first */
	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];
		const struct tower_type *tt = &tower_types[tw->type];
		const struct tower_stats *st = &tt->level[tw->level - 1];
		double p0, v;

		if (!tw->used || !(tt->hits & TOWER_GROUND) || tw->spec >= 0 ||
		    tw->level < tt->nlevels)
			continue;
		p0 = bot_tower_power(b, tw);
		for (k = 0; k < TOWER_SPECS; k++) {
			const struct tower_spec *sp = &tt->spec[k];

			if (sp->name == NULL)
				continue;
			v = bot_raise(b, tw, st->range, st->min_range, p0,
			    st->range + sp->range_add, st->min_range,
			    p0 * bot_spec_gain(b, sp)) / sp->cost;
			if (blind && sp->detects)
				v *= 2.0;
			v *= BOT_SPEC_BIAS;
			if (v > best) {
				best = v;
				out->type = GAME_CMD_SPECIALISE;
				out->tower = tw->type;
				out->x = tw->x;
				out->y = tw->y;
				out->spec = tw->type * TOWER_SPECS + k;
				out->cost = sp->cost;
				out->value = v;
			}
		}
	}
	return best > 0.0;
}

/*
 * The best upgrade: what the power it adds, and the cells its longer reach
 * takes in, add to bot_worth over the route, per gold.
 */
static bool
bot_best_upgrade(struct bot *b, const struct game *g, struct bot_action *out)
{
	double	best = 0.0;
	int	t;

	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];
		const struct tower_type *tt = &tower_types[tw->type];
		double r0, r1, m0, m1, p0, p1, v;
		int cost;

		if (!tw->used || !(tt->hits & TOWER_GROUND) ||
		    (cost = tower_upgrade_cost(tw->type, tw->level)) < 0)
			continue;
		r0 = tt->level[tw->level - 1].range;
		r1 = tt->level[tw->level].range;
		m0 = tt->level[tw->level - 1].min_range;
		m1 = tt->level[tw->level].min_range;
		p0 = bot_power(tw->type, tw->level) * bot_suits(b, tw->type);
		p1 = bot_power(tw->type, tw->level + 1) * bot_suits(b, tw->type);
		v = bot_raise(b, tw, r0, m0, p0, r1, m1, p1) / cost;
		if (v > best) {
			best = v;
			out->type = GAME_CMD_UPGRADE;
			out->spec = -1;
			out->tower = tw->type;
			out->x = tw->x;
			out->y = tw->y;
			out->cost = cost;
			out->value = v;
		}
	}
	return best > 0.0;
}

/* The tower power covering route cell (x, y), or -1 off the routes. */
static double
bot_cover(const struct bot *b, int x, int y)
{
	size_t	i = (size_t)y * b->w + x;

	return b->route[i] ? b->defence[i] : -1.0;
}

/*
 * The hero's post: the route cell the towers cover most (not an exit,
 * where a hunter would leave, nor a spawn), so the hunters that chase the hero walk
 * into the defence, away from the exits. Sent there only when the post is
 * clearly better than where it stands or was sent.
 */
static bool
bot_hero(struct bot *b, struct game *g)
{
	const struct steer_agent	*h = game_hero_agent(g);
	double				 best = 0.0, now;
	int				 k, bx = -1, by = -1;

	if (h == NULL || g->tick % (BOT_HERO_TURNS * BOT_PERIOD) != 0)
		return false;
	for (k = 0; k < b->ncells; k++) {
		int x = b->cells[k].x, y = b->cells[k].y;

		if (g->field->dir[grid_index(&g->grid, x, y)] ==
		    FIELD_DIR_GOAL || level_terrain_at(g->lv, x, y) ==
		    LEVEL_SPAWN || bot_cover(b, x, y) <= best)
			continue;
		best = bot_cover(b, x, y);
		bx = x;
		by = y;
	}
	if (bx < 0)
		return false;
	if (g->hero_order.x >= 0)
		now = bot_cover(b, g->hero_order.x, g->hero_order.y);
	else
		now = bot_cover(b, (int)floor(h->pos.x), (int)floor(h->pos.y));
	if (best <= BOT_HERO_MOVE * now)
		return false;
	return game_order_hero(g, bx, by) == GAME_OK;
}

/* Give action a as a command. */
static int
bot_do(struct game *g, const struct bot_action *a)
{
	struct game_cmd	c = { .type = a->type, .tower = a->tower, .x = a->x,
	    .y = a->y, .power = -1, .spec = a->spec };

	return game_command(g, &c) == GAME_OK;
}

/* The hit points of wave w, all told. */
static long
bot_wave_hp(const struct game *g, int w)
{
	const struct level_wave	*lw = &g->waves[w];
	long			 hp = 0;
	int			 k;

	for (k = 0; k < lw->ngroups; k++)
		hp += (long)lw->groups[k].count *
		    enemy_hp(lw->groups[k].enemy, w + 1);
	return hp;
}

/*
 * Whether to call the next wave now: the map is empty, the last wave has
 * sent everyone and cost no life (none has been lost at all), the next one
 * is no stronger than it, and enough calm would be skipped to be worth it.
 */
static bool
bot_call_early(const struct game *g)
{
	long	left;

	if (g->nenemies > 0 || g->next_wave == 0 ||
	    g->next_wave >= g->nwaves || g->lives < g->lv->lives)
		return false;
	if (game_wave_sending(g, g->next_wave - 1))
		return false;
	if (bot_wave_hp(g, g->next_wave) > bot_wave_hp(g, g->next_wave - 1))
		return false;
	game_next_wave(g, NULL, &left);
	return left >= BOT_EARLY_S * GAME_RATE;
}

/* Whether the next wave starts within BOT_DUE_S seconds. */
static bool
bot_wave_due(const struct game *g)
{
	long	left;

	return game_next_wave(g, NULL, &left) != NULL && left >= 0 &&
	    left < BOT_DUE_S * GAME_RATE;
}

/* Whether gold pays for action a. */
static bool
bot_affords(const struct bot *b, const struct game *g,
    const struct bot_action *a)
{
	long	keep = (long)game_income(g) * (100 - b->share) / 100;

	return g->sandbox || g->gold - keep >= a->cost;
}

/*
 * Let the bot spend only pct percent (0..100) of the gold the game has
 * ever given (game_income): it keeps the rest unspent, the way a timid
 * player does. 100, the default, is the bot at full strength.
 */
void
bot_set_share(struct bot *b, int pct)
{
	b->share = pct < 0 ? 0 : pct > 100 ? 100 : pct;
}

/*
 * Whether the defence is well ahead of the enemies on the map: none on
 * the ground has got past the first BOT_AHEAD of the longest route from
 * a spawn.
 */
static bool
bot_ahead(const struct game *g)
{
	const struct level	*lv = g->lv;
	double			 route = 0.0;
	int			 s, i;

	for (s = 0; s < lv->nspawns; s++)
		route = fmax(route, field_distance(g->field,
		    lv->spawns[s].cells[0].x, lv->spawns[s].cells[0].y));
	for (i = 0; i < g->nunits; i++) {
		const struct game_unit *u = &g->units[i];

		if (u->kind == GAME_UNIT_ENEMY && !u->dead &&
		    u->mover != ENEMY_FLY && u->togo < (1.0 - BOT_AHEAD) *
		    route)
			return false;
	}
	return true;
}

/* Take a turn: at most one command. Returns how many were given. */
int
bot_act(struct bot *b, struct game *g)
{
	struct bot_action	acts[TOWER_NTYPES + 2], air, wall, *pick = NULL;
	double			top = 0.0, settle;
	int			s, t, k, n;

	if (game_over(g) || g->tick % BOT_PERIOD != 0)
		return 0;

	/* Towers aim the way their kind does best. */
	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];
		const struct tower_bot *hint = &tower_types[tw->type].bot;

		if (tw->used && tower_types[tw->type].attack !=
		    TOWER_ATTACK_NONE && tw->mode != (int)hint->mode)
			return game_target(g, tw->x, tw->y, hint->mode) ==
			    GAME_OK;
	}

	if (bot_powers(g))
		return 1;
	bot_routes(b, g);
	bot_threat(b, g);
	bot_defence(b, g);
	if (bot_hero(b, g))
		return 1;
	memcpy(b->grid.cost, g->grid.cost, grid_cells(b->w, b->h));

	/* Flyers first: they ignore everything built for the ground. */
	for (s = 0; s < g->lv->nspawns; s++) {
		int kind = bot_air_kind(b->air_count[s]);

		if (!b->air_short[s] || kind < 0 ||
		    !bot_best_cell(b, g, kind, TOWER_AIR, &air))
			continue;
		return bot_affords(b, g, &air) ? bot_do(g, &air) : 0;
	}

	/* Then the maze, then towers and upgrades by worth per gold. */
	if (g->tick % (BOT_WALL_TURNS * BOT_PERIOD) == 0 &&
	    bot_affords(b, g, &(struct bot_action){ .cost =
	    tower_types[b->wall].level[0].cost }) &&
	    bot_best_wall(b, g, &wall) && wall.value >= BOT_WALL_GAIN)
		return bot_do(g, &wall);
	n = bot_builds(b, g, acts);
	if (bot_best_upgrade(b, g, &acts[n]))
		n++;
	if (bot_best_spec(b, g, &acts[n]))
		n++;
	for (k = 0; k < n; k++)
		if (k == 0 || acts[k].value > top)
			top = acts[k].value;
	/*
	 * Buy the best there is if the gold is there; else one nearly as
	 * good that it pays for; with enemies about or due, the best it pays
	 * for at all, unless the best is a specialisation half paid for
	 * already, the lives are holding and no enemy is half way out.
	 * Otherwise save up.
	 */
	settle = g->nenemies > 0 || bot_wave_due(g) ? 0.0 : BOT_SETTLE;
	for (k = 0; k < n; k++)
		if (acts[k].value == top && acts[k].type ==
		    GAME_CMD_SPECIALISE && g->gold * BOT_SPEC_NEAR >= acts[k].cost
		    && g->lives * 4 >= g->lv->lives * 3 && bot_ahead(g))
			settle = BOT_SETTLE;
	for (k = 0; k < n; k++) {
		if (bot_affords(b, g, &acts[k]) &&
		    acts[k].value >= settle * top &&
		    (pick == NULL || acts[k].value > pick->value))
			pick = &acts[k];
	}
	if (pick != NULL)
		return bot_do(g, pick);
	if (bot_call_early(g))
		return game_call_wave(g) == GAME_OK;
	return 0;
}
