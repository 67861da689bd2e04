/* SPDX-License-Identifier: ISC */
/*
 * A planned player: naive play made of a few numbers (struct bot_plan),
 * the space the search (bot-search.c) looks through. A plan says which
 * attacking kinds to build and in what mix, how many before the first
 * upgrade, to which level, whether to specialise, how to aim, which
 * stretch of route to ring and how far back from it, how many towers to
 * put against flyers, how to use the powers and where to post the hero;
 * a semi-naive plan adds up to BOT_PLAN_WALLS walls that bend the routes
 * towards its ring by at most BOT_PLAN_SLACK cells each.
 *
 * A naive plan never builds on a route cell nor a corner a diagonal step
 * passes, so no route gets longer. Its turn, like every bot's, reads the
 * game as it stands and gives at most one command; the plan itself is the
 * only memory, so a saved game goes on the same.
 *
 * Order of a turn: aim, powers, the hero's post, walls (once a few towers
 * stand), then the next tower or upgrade of the plan (phase one: ntowers
 * towers, or each upgraded as it is built; phase two: every tower to the
 * plan's level and specialised; then one more tower and round again),
 * saving up for it when short of gold; last, an early wave if it calls
 * them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot-internal.h"
#include "game-internal.h"

#define BOT_PLAN_WALL_AFTER	3	/* towers standing before a wall */
#define BOT_PLAN_WALL_TRIES	48	/* cells tried for one wall */

/* Whether kind attacks the ground. */
static bool
bot_plan_ground(int kind)
{
	return kind >= 0 && tower_types[kind].attack != TOWER_ATTACK_NONE &&
	    (tower_types[kind].hits & TOWER_GROUND);
}

/* Whether kind attacks flyers and not the ground. */
static bool
bot_plan_air(int kind)
{
	return kind >= 0 && tower_types[kind].attack != TOWER_ATTACK_NONE &&
	    (tower_types[kind].hits & TOWER_AIR);
}

/* A plan no player would reject: every field within its range. */
void
bot_plan_clamp(struct bot_plan *p)
{
	int	k, n = 0;

#define CLAMP(v, lo, hi) ((v) < (lo) ? (lo) : (v) > (hi) ? (hi) : (v))
	for (k = 0; k < BOT_PLAN_KINDS; k++) {
		if (!bot_plan_ground(p->kinds[k]))
			p->kinds[k] = -1;
		p->weight[k] = CLAMP(p->weight[k], 1, 4);
		n += p->kinds[k] >= 0;
	}
	if (n == 0)
		p->kinds[0] = tower_lookup("arrow", 5);
	p->ntowers = CLAMP(p->ntowers, 1, 40);
	p->level = CLAMP(p->level, 1, TOWER_LEVELS);
	p->order = CLAMP(p->order, 0, 1);
	p->spec = CLAMP(p->spec, -1, TOWER_SPECS - 1);
	p->mode = CLAMP(p->mode, -1, TOWER_NTARGETS - 1);
	p->zone = CLAMP(p->zone, 0, BOT_PLAN_NZONES - 1);
	p->at = CLAMP(p->at, 0, 100);
	p->len = CLAMP(p->len, 4, 60);
	p->back = CLAMP(p->back, 1, 3);
	p->powers = CLAMP(p->powers, 0, 2);
	p->air = CLAMP(p->air, 0, 8);
	p->walls = CLAMP(p->walls, 0, BOT_PLAN_WALLS);
	p->hero = CLAMP(p->hero, 0, 2);
	p->early = CLAMP(p->early, 0, 1);
	p->maze = CLAMP(p->maze, 0, 1);
#undef CLAMP
}

/* The plan fields, a row each: its name in a plan's text, and where. */
static const struct {
	const char	*name;
	size_t		 off;
} bot_plan_fields[] = {
	{ "n", offsetof(struct bot_plan, ntowers) },
	{ "level", offsetof(struct bot_plan, level) },
	{ "order", offsetof(struct bot_plan, order) },
	{ "spec", offsetof(struct bot_plan, spec) },
	{ "mode", offsetof(struct bot_plan, mode) },
	{ "zone", offsetof(struct bot_plan, zone) },
	{ "at", offsetof(struct bot_plan, at) },
	{ "len", offsetof(struct bot_plan, len) },
	{ "back", offsetof(struct bot_plan, back) },
	{ "powers", offsetof(struct bot_plan, powers) },
	{ "air", offsetof(struct bot_plan, air) },
	{ "walls", offsetof(struct bot_plan, walls) },
	{ "hero", offsetof(struct bot_plan, hero) },
	{ "early", offsetof(struct bot_plan, early) },
	{ "maze", offsetof(struct bot_plan, maze) },
};
#define BOT_PLAN_NFIELDS (sizeof bot_plan_fields / sizeof bot_plan_fields[0])

static int *
bot_plan_field(struct bot_plan *p, size_t k)
{
	return (int *)(void *)((char *)p + bot_plan_fields[k].off);
}

/*
 * A plan as text: "kinds=cannon*2+arrow,n=12,level=3,..." (the form
 * --bot=plan:TEXT takes); its length, as snprintf's.
 */
size_t
bot_plan_format(const struct bot_plan *p, char *buf, size_t len)
{
	struct bot_plan	q = *p;
	size_t		used = 0, k;
	int		n;
	const char	*sep = "kinds=";

#define PUT(...) do {							\
	n = snprintf(buf + (used < len ? used : len),			\
	    used < len ? len - used : 0, __VA_ARGS__);			\
	used += n > 0 ? (size_t)n : 0;					\
} while (0)
	for (k = 0; k < BOT_PLAN_KINDS; k++) {
		if (q.kinds[k] < 0)
			continue;
		PUT("%s%s", sep, tower_name(q.kinds[k]));
		if (q.weight[k] > 1)
			PUT("*%d", q.weight[k]);
		sep = "+";
	}
	for (k = 0; k < BOT_PLAN_NFIELDS; k++)
		PUT(",%s=%d", bot_plan_fields[k].name, *bot_plan_field(&q, k));
#undef PUT
	return used;
}

/* Parse "kinds=...,n=...": false, with why in err, if it is not a plan. */
bool
bot_plan_parse(const char *s, struct bot_plan *p, char *err, size_t errlen)
{
	const char	*end;
	size_t		 k, nk = 0;
	char		*num;
	long		 v;

	bot_plan_default(p);
	for (k = 0; k < BOT_PLAN_KINDS; k++)
		p->kinds[k] = -1;
	while (*s != '\0') {
		const char *eq = strchr(s, '=');

		end = strchr(s, ',');
		if (end == NULL)
			end = s + strlen(s);
		if (eq == NULL || eq > end) {
			snprintf(err, errlen, "'%.*s' is not NAME=VALUE",
			    (int)(end - s), s);
			return false;
		}
		if ((size_t)(eq - s) == 5 && strncmp(s, "kinds", 5) == 0) {
			const char *t = eq + 1;

			while (t < end) {
				const char *plus = memchr(t, '+',
				    (size_t)(end - t));
				const char *star, *stop = plus ? plus : end;
				int kind, w = 1;

				star = memchr(t, '*', (size_t)(stop - t));
				kind = tower_lookup(t, (size_t)((star ? star :
				    stop) - t));
				if (star != NULL)
					w = atoi(star + 1);
				if (!bot_plan_ground(kind) || nk ==
				    BOT_PLAN_KINDS || w < 1) {
					snprintf(err, errlen, "'%.*s' is not "
					    "a kind against the ground (at "
					    "most %d)", (int)(stop - t), t,
					    BOT_PLAN_KINDS);
					return false;
				}
				p->kinds[nk] = kind;
				p->weight[nk++] = w;
				t = plus ? plus + 1 : end;
			}
		} else {
			for (k = 0; k < BOT_PLAN_NFIELDS; k++)
				if (strlen(bot_plan_fields[k].name) ==
				    (size_t)(eq - s) && strncmp(s,
				    bot_plan_fields[k].name, (size_t)(eq -
				    s)) == 0)
					break;
			v = strtol(eq + 1, &num, 10);
			if (k == BOT_PLAN_NFIELDS || num != end ||
			    num == eq + 1) {
				snprintf(err, errlen, "'%.*s' is not a field "
				    "of a plan with a number",
				    (int)(end - s), s);
				return false;
			}
			*bot_plan_field(p, k) = (int)v;
		}
		s = *end == ',' ? end + 1 : end;
	}
	if (nk == 0) {
		snprintf(err, errlen, "a plan needs kinds=KIND[+KIND...]");
		return false;
	}
	bot_plan_clamp(p);
	return true;
}

/* A plan to start from: a dozen arrows round the exit, upgraded. */
void
bot_plan_default(struct bot_plan *p)
{
	int	k;

	memset(p, 0, sizeof *p);
	for (k = 0; k < BOT_PLAN_KINDS; k++) {
		p->kinds[k] = -1;
		p->weight[k] = 1;
	}
	p->kinds[0] = tower_lookup("arrow", 5);
	p->ntowers = 12;
	p->level = TOWER_LEVELS;
	p->spec = -1;
	p->mode = -1;
	p->zone = BOT_PLAN_STRETCH;
	p->len = 12;
	p->back = 1;
}

/*
 * The zone of plan p: the route cells it rings. A stretch is the route
 * cells whose distance to an exit lies within len/2 of at percent of the
 * longest route; the choke and the whole route as bot_zone has them.
 */
static void
bot_plan_zone(struct bot *b, const struct game *g)
{
	const struct bot_plan	*p = b->plan;
	double			 far = 0.0, mid, d;
	int			 k;

	if (p->zone != BOT_PLAN_STRETCH) {
		b->own.zone = p->zone == BOT_PLAN_CHOKE ? BOT_ZONE_CHOKE :
		    BOT_ZONE_ROUTE;
		bot_zone(b, g);
		return;
	}
	memset(b->zone, 0, (size_t)b->w * b->h);
	for (k = 0; k < b->ncells; k++) {
		d = field_distance(g->field, b->cells[k].x, b->cells[k].y);
		if (isfinite(d) && d > far)
			far = d;
	}
	mid = far * p->at / 100.0;
	for (k = 0; k < b->ncells; k++) {
		d = field_distance(g->field, b->cells[k].x, b->cells[k].y);
		b->zone[(size_t)b->cells[k].y * b->w + b->cells[k].x] =
		    fabs(d - mid) <= p->len / 2.0 ||
		    (mid < p->len / 2.0 && d <= p->len);
	}
}

/* Whether a route cell lies within back - 1 cells of (x, y). */
static bool
bot_plan_too_near(const struct bot *b, int x, int y, int back)
{
	int	dx, dy, r = back - 1;

	for (dy = -r; dy <= r; dy++)
		for (dx = -r; dx <= r; dx++) {
			int u = x + dx, v = y + dy;

			if (u >= 0 && v >= 0 && u < b->w && v < b->h &&
			    b->route[(size_t)v * b->w + u])
				return true;
		}
	return false;
}

/* The cell for a new tower of kind (mask: its target), or false. */
static bool
bot_plan_cell(struct bot *b, struct game *g, int kind, int mask, int *x,
    int *y)
{
	const struct tower_type	*tt = &tower_types[kind];
	int32_t			 top[BOT_TRIES];
	int			 n, k;
	enum game_reason	 r;

	bot_score_cells(b, g, mask, tt->level[0].range, tt->level[0].min_range);
	n = bot_top_cells(b, g, top);
	for (k = 0; k < n; k++) {
		int cx = top[k] % b->w, cy = top[k] / b->w;

		if (g->tower_at[top[k]] >= 0 || (mask == TOWER_GROUND &&
		    bot_plan_too_near(b, cx, cy, b->plan->back)))
			continue;
		r = game_check_place(g, kind, cx, cy);
		if (r != GAME_OK && r != GAME_NO_GOLD)
			continue;
		*x = cx;
		*y = cy;
		return true;
	}
	return false;
}

/* Towers standing that attack: against the ground, and only the air. */
static void
bot_plan_counts(const struct game *g, int *ground, int *air, int *walls,
    int *per)
{
	int	t;

	*ground = *air = *walls = 0;
	memset(per, 0, TOWER_NTYPES * sizeof *per);
	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];

		if (!tw->used)
			continue;
		per[tw->type]++;
		if (bot_plan_ground(tw->type))
			(*ground)++;
		else if (bot_plan_air(tw->type))
			(*air)++;
		else
			(*walls)++;
	}
}

/* The kind of the next ground tower: the most behind its weight. */
static int
bot_plan_next_kind(const struct bot_plan *p, const int *per)
{
	int	k, best = -1;

	for (k = 0; k < BOT_PLAN_KINDS; k++) {
		if (p->kinds[k] < 0)
			continue;
		if (best < 0 || per[p->kinds[k]] * p->weight[best] <
		    per[p->kinds[best]] * p->weight[k])
			best = k;
	}
	return best < 0 ? -1 : p->kinds[best];
}

/* The lowest tower short of level (reading order), or NULL. */
static const struct game_tower *
bot_plan_low(const struct game *g, int level, bool ground_only)
{
	const struct game_tower	*low = NULL;
	int			 t;

	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];
		int top = tower_types[tw->type].nlevels;

		if (!tw->used || tower_types[tw->type].attack ==
		    TOWER_ATTACK_NONE || tw->level >= (level < top ? level :
		    top) || (ground_only && !bot_plan_ground(tw->type)))
			continue;
		if (low == NULL || tw->level < low->level)
			low = tw;
	}
	return low;
}

/* A top-level tower the plan would specialise, or NULL. */
static const struct game_tower *
bot_plan_unspecialised(const struct game *g, int which)
{
	int	t;

	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];

		if (tw->used && bot_plan_ground(tw->type) && tw->spec < 0 &&
		    tw->level == tower_types[tw->type].nlevels &&
		    tower_types[tw->type].spec[which].name != NULL)
			return tw;
	}
	return NULL;
}

/*
 * The cell the plan aims blind powers at, posts the hero on: of its zone,
 * the route cell most spawns share, nearest an exit.
 */
static bool
bot_plan_aim(const struct bot *b, const struct game *g, int *x, int *y)
{
	double	best = INFINITY, d;
	int	k, most = -1;

	for (k = 0; k < b->ncells; k++) {
		size_t i = (size_t)b->cells[k].y * b->w + b->cells[k].x;

		enum level_terrain t = level_terrain_at(g->lv, b->cells[k].x,
		    b->cells[k].y);

		if (!b->zone[i] || t == LEVEL_SPAWN || t == LEVEL_EXIT)
			continue;
		d = field_distance(g->field, b->cells[k].x, b->cells[k].y);
		if (b->route[i] > most || (b->route[i] == most && d < best)) {
			most = b->route[i];
			best = d;
			*x = b->cells[k].x;
			*y = b->cells[k].y;
		}
	}
	return most >= 0;
}

/*
 * Blind powers: each one ready, on the aim cell, as soon as an enemy it
 * can touch is there (what a player does who watches one cell only).
 */
static bool
bot_plan_blind(struct bot *b, struct game *g, long keep)
{
	int	k, i, x, y;

	if (!bot_plan_aim(b, g, &x, &y))
		return false;
	for (k = 0; k < POWER_NKINDS; k++) {
		if (power_types[k].effect == POWER_EFFECT_BARRIER ||
		    (!g->sandbox && g->gold - keep < power_types[k].cost) ||
		    game_check_power(g, k, x, y) != GAME_OK)
			continue;
		for (i = 0; i < g->nunits; i++)
			if (game_alive(g, i) && (power_types[k].hits &
			    (game_ground(g, i) ? TOWER_GROUND : TOWER_AIR)) &&
			    game_in_power(g, k, x, y, g->agents[i].pos))
				return game_use_power(g, k, x, y) == GAME_OK;
	}
	return false;
}

/* The route length from every spawn, summed, on field f. */
static double
bot_plan_length(const struct game *g, const struct field *f)
{
	double	sum = 0.0;
	int	s;

	for (s = 0; s < g->lv->nspawns; s++)
		sum += field_distance(f, g->lv->spawns[s].cells[0].x,
		    g->lv->spawns[s].cells[0].y);
	return sum;
}

/*
 * A semi-naive wall: of route cells and corners near the zone, the one
 * that makes the routes pass the defence most (bot_worth) while no
 * spawn's route grows by more than BOT_PLAN_SLACK cells.
 */
static bool
bot_plan_wall(struct bot *b, struct game *g, struct bot_action *out)
{
	double	base, best = 0.0, m, len0;
	int	k, tries = 0, s;

	if (b->wall < 0)
		return false;
	memcpy(b->grid.cost, g->grid.cost, grid_cells(b->w, b->h));
	base = bot_worth(b, g, g->field, &g->grid, NULL);
	len0 = bot_plan_length(g, g->field);
	for (k = 0; k < b->ncells && tries < BOT_PLAN_WALL_TRIES; k++) {
		int dx, dy;

		for (dy = -1; dy <= 1; dy++)
			for (dx = -1; dx <= 1; dx++) {
				int x = b->cells[k].x + dx;
				int y = b->cells[k].y + dy;
				size_t i = (size_t)y * b->w + x;
				bool ok = true;

				if (x < 0 || y < 0 || x >= b->w || y >= b->h ||
				    (!b->route[i] && !b->corner[i]) ||
				    !b->zone[(size_t)b->cells[k].y * b->w +
				    b->cells[k].x] || g->tower_at[i] >= 0 ||
				    b->tried[i] || game_check_place(g,
				    b->wall, x, y) != GAME_OK)
					continue;
				b->tried[i] = 1;
				tries++;
				grid_set_cost(&b->grid, x, y, 0);
				field_integrate(b->field, &b->grid, g->goals,
				    g->ngoals);
				for (s = 0; s < g->lv->nspawns; s++) {
					double d0 = field_distance(g->field,
					    g->lv->spawns[s].cells[0].x,
					    g->lv->spawns[s].cells[0].y);
					double d1 = field_distance(b->field,
					    g->lv->spawns[s].cells[0].x,
					    g->lv->spawns[s].cells[0].y);

					if (!isfinite(d1) ||
					    d1 > d0 + BOT_PLAN_SLACK)
						ok = false;
				}
				m = ok ? bot_worth(b, g, b->field, &b->grid,
				    NULL) - base : -1.0;
				grid_set_cost(&b->grid, x, y,
				    grid_get_cost(&g->grid, x, y));
				if (ok && m > best && bot_plan_length(g,
				    b->field) >= len0) {
					best = m;
					out->type = GAME_CMD_PLACE;
					out->tower = b->wall;
					out->x = x;
					out->y = y;
					out->spec = -1;
				}
			}
	}
	return best > 0.0;
}

/*
 * A maze plan's wall: the maze player's plug, wall or line (bot.c's
 * order and rules), when one is due and paid for.
 */
static bool
bot_plan_maze(struct bot *b, struct game *g, struct bot_action *out)
{
	struct bot_action	cost = { .cost = tower_types[b->wall].level[0].cost };
	long			keep = (long)game_income(g) *
				    (100 - b->share) / 100;

	if (!g->sandbox && g->gold - keep < cost.cost)
		return false;
	memcpy(b->grid.cost, g->grid.cost, grid_cells(b->w, b->h));
	if (g->tick % (BOT_WALL_TURNS * BOT_PERIOD) == 0) {
		if (bot_best_plug(b, g, out))
			return true;
		if (bot_best_wall(b, g, out) && (out->value >= BOT_WALL_BIG ||
		    (out->value >= BOT_WALL_GAIN && bot_walls_due(b, g))))
			return true;
	}
	return bot_walls_due(b, g) &&
	    g->tick % (BOT_WALL_TURNS * BOT_PERIOD) == BOT_PERIOD &&
	    bot_best_line(b, g, out);
}

/* Give a command; whether the game took it. */
static int
bot_plan_do(struct game *g, enum game_cmd_type type, int tower, int x,
    int y, int spec)
{
	struct game_cmd	c = { .type = type, .tower = tower, .x = x, .y = y,
	    .power = -1, .spec = spec };

	return game_command(g, &c) == GAME_OK;
}

/* The turn of a planned bot (bot_act's, when b->plan is set). */
int
bot_plan_act(struct bot *b, struct game *g)
{
	const struct bot_plan	*p = b->plan;
	const struct game_tower	*tw;
	struct bot_action	 wall = { .tower = -1 };
	int			 per[TOWER_NTYPES], ground, air, walls, t;
	int			 kind, x, y, cost;
	long			 keep = (long)game_income(g) *
				    (100 - b->share) / 100;
	long			 gold = g->sandbox ? 1L << 30 : g->gold - keep;

	for (t = 0; t < g->ntowers; t++) {
		int mode;

		tw = &g->towers[t];
		if (!tw->used || tower_types[tw->type].attack ==
		    TOWER_ATTACK_NONE)
			continue;
		mode = p->mode >= 0 ? p->mode :
		    (int)tower_types[tw->type].bot.mode;
		if (tw->mode != mode)
			return game_target(g, tw->x, tw->y, mode) == GAME_OK;
	}
	bot_routes(b, g);
	bot_plan_zone(b, g);
	if (p->powers == 1 && bot_plan_blind(b, g, keep))
		return 1;
	if (p->powers == 2 && bot_powers(g, keep))
		return 1;
	if (p->hero > 0 && game_hero_agent(g) != NULL &&
	    g->hero_order.x < 0 && bot_plan_aim(b, g, &x, &y)) {
		if (p->hero == 2) {
			x = g->lv->exits[0].x;
			y = g->lv->exits[0].y;
		}
		if (game_order_hero(g, x, y) == GAME_OK)
			return 1;
	}
	bot_threat(b, g);
	bot_defence(b, g);
	bot_plan_counts(g, &ground, &air, &walls, per);
	memset(b->tried, 0, (size_t)b->w * b->h);

	if (p->maze && ground >= BOT_PLAN_WALL_AFTER &&
	    bot_plan_maze(b, g, &wall))
		return bot_plan_do(g, GAME_CMD_PLACE, wall.tower, wall.x,
		    wall.y, -1);
	if (walls < p->walls && ground >= BOT_PLAN_WALL_AFTER &&
	    gold >= tower_types[b->wall].level[0].cost &&
	    g->tick % (BOT_WALL_TURNS * BOT_PERIOD) == 0 &&
	    bot_plan_wall(b, g, &wall))
		return bot_plan_do(g, GAME_CMD_PLACE, wall.tower, wall.x,
		    wall.y, -1);

	/* Against flyers: one air tower each ntowers / (air + 1). */
	if (air < p->air && ground * (p->air + 1) >= (air + 1) * p->ntowers) {
		int s, flyers = 0;

		for (s = 0; s < g->lv->nspawns; s++) {
			b->air_short[s] = b->air_count[s] > 0;
			flyers += b->air_count[s];
		}
		kind = bot_air_kind(b, flyers);
		if (flyers > 0 && kind >= 0 &&
		    bot_plan_cell(b, g, kind, TOWER_AIR, &x, &y)) {
			if (gold < tower_types[kind].level[0].cost)
				return 0;
			return bot_plan_do(g, GAME_CMD_PLACE, kind, x, y, -1);
		}
	}

	/* Upgrade as built, or all once the first ntowers stand. */
	tw = bot_plan_low(g, p->level, false);
	if (tw != NULL && (p->order == 1 || ground >= p->ntowers)) {
		cost = tower_types[tw->type].level[tw->level].cost;
		if (gold < cost)
			return 0;
		return bot_plan_do(g, GAME_CMD_UPGRADE, -1, tw->x, tw->y, -1);
	}
	if (p->spec >= 0 && ground >= p->ntowers &&
	    (tw = bot_plan_unspecialised(g, p->spec)) != NULL) {
		cost = tower_types[tw->type].spec[p->spec].cost;
		if (gold < cost)
			return 0;
		return bot_plan_do(g, GAME_CMD_SPECIALISE, -1, tw->x, tw->y,
		    tw->type * TOWER_SPECS + p->spec);
	}
	kind = bot_plan_next_kind(p, per);
	if (kind >= 0 && bot_plan_cell(b, g, kind, TOWER_GROUND, &x, &y)) {
		if (gold < tower_types[kind].level[0].cost)
			return 0;
		return bot_plan_do(g, GAME_CMD_PLACE, kind, x, y, -1);
	}
	if (p->early && bot_call_early(g))
		return game_call_wave(g) == GAME_OK;
	return 0;
}
