/* SPDX-License-Identifier: ISC */
/*
 * The built-in player: its strategies, and a turn (see bot.h for the
 * heuristic). All its buffers are sized by bot_new_as; a turn reads the
 * game, scores the actions its strategy allows and gives the best
 * affordable one. The worth model is bot-eval.c, what it may buy
 * bot-build.c, walls bot-maze.c, the zones of the naive strategies
 * bot-naive.c, powers bot-power.c.
 *
 * Every choice of kind is made from the rows: the walls it mazes with are
 * the cheapest kind that only blocks, it builds every kind that hits the
 * ground (or its strategy's one kind), and against flyers the kind whose
 * row takes the flight.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot-internal.h"
#include "util.h"

/* The strategies, "maze" first (bot_new's). */
const struct bot_strategy bot_strategies[] = {
	{ .name = "maze", .hero = true, .zone = BOT_ZONE_ROUTE,
	  .practise = true,
	  .about = "builds a maze of walls and covers it with towers" },
	{ .name = "maze-still-hero", .zone = BOT_ZONE_ROUTE,
	  .practise = true,
	  .about = "maze, but it never sends the hero anywhere" },
	{ .name = "ring-exit", .naive = true, .hero = true,
	  .zone = BOT_ZONE_EXIT,
	  .about = "every kind of tower round the stretch the routes share "
	    "nearest the exits" },
	{ .name = "ring-upgrade", .naive = true, .hero = true,
	  .zone = BOT_ZONE_EXIT, .towers = 12,
	  .about = "a dozen towers, every kind in turn, round the stretch "
	    "nearest the exits, then every coin on upgrades" },
	{ .name = "ring-spawn", .naive = true, .hero = true,
	  .zone = BOT_ZONE_SPAWN,
	  .about = "every kind of tower round the first stretch from each "
	    "gate" },
	{ .name = "choke", .naive = true, .hero = true,
	  .zone = BOT_ZONE_CHOKE,
	  .about = "every kind of tower packed round the cell that sees "
	    "most of the routes" },
	{ .name = "towers", .naive = true, .hero = true,
	  .zone = BOT_ZONE_ROUTE,
	  .about = "every kind of tower wherever it covers most route, "
	    "never a wall" },
	{ .name = "arrows", .naive = true, .hero = true,
	  .zone = BOT_ZONE_ROUTE, .only = "arrow",
	  .about = "arrow towers only, spread along the routes" },
	{ .name = "cannons", .naive = true, .hero = true,
	  .zone = BOT_ZONE_ROUTE, .only = "cannon",
	  .about = "cannons only, spread along the routes" },
	{ .name = "teslas", .naive = true, .hero = true,
	  .zone = BOT_ZONE_ROUTE, .only = "tesla",
	  .about = "tesla towers only, spread along the routes" },
	{ .name = "snipers", .naive = true, .hero = true,
	  .zone = BOT_ZONE_ROUTE, .only = "sniper",
	  .about = "snipers only, spread along the routes" },
	{ .name = "search", .naive = true, .hero = true,
	  .zone = BOT_ZONE_ROUTE, .search = true,
	  .about = "searches naive and semi-naive plans (--search-budget) "
	    "and plays the strongest found" },
	{ .name = "search-naive", .naive = true, .hero = true,
	  .zone = BOT_ZONE_ROUTE, .search = true, .strict = true,
	  .about = "searches naive plans only (no wall at all) and plays "
	    "the strongest found" },
};
_Static_assert(sizeof bot_strategies / sizeof bot_strategies[0] ==
    BOT_NSTRATEGIES, "BOT_NSTRATEGIES is not the number of rows");
_Static_assert(BOT_NPLAIN < BOT_NSTRATEGIES, "no searching strategy");

/* The strategy's name, for kind_find and kind_list. */
static const char *
bot_strategy_name(int s)
{
	return bot_strategies[s].name;
}

/* The strategy called name (len bytes), or -1. */
int
bot_strategy_lookup(const char *name, size_t len)
{
	return kind_find(bot_strategy_name, BOT_NSTRATEGIES, name, len);
}

/* "maze, ... or snipers" into buf; its length. */
size_t
bot_strategy_list(char *buf, size_t len)
{
	return kind_list(buf, len, bot_strategy_name, BOT_NSTRATEGIES, "or");
}

/* The strategy bot b plays. */
const struct bot_strategy *
bot_strategy_of(const struct bot *b)
{
	return b->st;
}

/* A "maze" bot for game g's level. */
struct bot *
bot_new(const struct game *g)
{
	return bot_new_as(g, 0);
}

/* A bot playing strategy (a row of bot_strategies) for game g's level. */
struct bot *
bot_new_as(const struct game *g, int strategy)
{
	struct bot	*b = xcalloc(1, sizeof *b);
	size_t		 n = (size_t)g->w * g->h;
	int		 k;

	b->st = &bot_strategies[strategy];
	b->row = strategy;
	b->only = b->st->only != NULL ? tower_lookup(b->st->only,
	    strlen(b->st->only)) : -1;
	b->w = g->w;
	b->h = g->h;
	b->share = 100;
	bot_practice_init(b);
	b->route = xcalloc(n, 1);
	b->corner = xcalloc(n, 1);
	b->seen = xcalloc(n, 1);
	b->zone = xcalloc(n, 1);
	b->lit = xcalloc(n, 1);
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

/*
 * A bot playing plan p (bot-plan.c): naive, or semi-naive with walls; it
 * never practises.
 */
struct bot *
bot_new_plan(const struct game *g, const struct bot_plan *p)
{
	struct bot	*b = bot_new_as(g, 0);

	b->own = (struct bot_strategy){ .name = "plan", .naive = true,
	    .hero = false, .zone = BOT_ZONE_ROUTE,
	    .about = "a plan of naive play" };
	b->st = &b->own;
	b->plan = xmalloc(sizeof *b->plan);
	*b->plan = *p;
	bot_plan_clamp(b->plan);
	b->own.naive = !b->plan->maze;
	return b;
}

/* The plan bot b plays (a search's, once found), or NULL. */
const struct bot_plan *
bot_plan_of(const struct bot *b)
{
	return b->plan;
}

/* What a "search" bot's search found, once it has searched; else NULL. */
const struct bot_search_result *
bot_search_found(const struct bot *b)
{
	return b->found;
}

/* How a "search" bot searches (before its first turn); else nothing. */
void
bot_set_search(struct bot *b, const struct bot_search_opts *so)
{
	if (!b->st->search || b->plan != NULL)
		return;
	if (b->search == NULL)
		b->search = xmalloc(sizeof *b->search);
	*b->search = *so;
}

/* Free a bot. */
void
bot_free(struct bot *b)
{
	if (b == NULL)
		return;
	free(b->plan);
	free(b->search);
	free(b->found);
	bot_practice_free(b);
	free(b->route);
	free(b->corner);
	free(b->seen);
	free(b->zone);
	free(b->lit);
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

	if (h == NULL || !b->st->hero ||
	    g->tick % (BOT_HERO_TURNS * BOT_PERIOD) != 0)
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
		    game_enemy_hp(g, lw->groups[k].enemy, w + 1);
	return hp;
}

/*
 * Whether to call the next wave now: the map is empty, the last wave has
 * sent everyone and cost no life (none has been lost at all), the next one
 * is no stronger than it, and enough calm would be skipped to be worth it.
 */
bool
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

/* Whether b's strategy has all the towers against the ground it builds. */
static bool
bot_full(const struct bot *b, const struct game *g)
{
	int	t, n = 0;

	if (b->st->towers <= 0)
		return false;
	for (t = 0; t < g->ntowers; t++)
		if (g->towers[t].used && (tower_types[g->towers[t].type].hits &
		    TOWER_GROUND) && tower_types[g->towers[t].type].attack !=
		    TOWER_ATTACK_NONE)
			n++;
	return n >= b->st->towers;
}

/* Take a turn: at most one command. Returns how many were given. */
int
bot_act(struct bot *b, struct game *g)
{
	struct bot_action	acts[TOWER_NTYPES + 3], air, wall, *pick = NULL;
	double			top = 0.0, settle;
	int			s, t, k, n;
	bool			building;
	long			practice = LONG_MAX;

	if (game_over(g) || g->tick % BOT_PERIOD != 0)
		return 0;
	if (b->st->search && b->plan == NULL) {
		struct bot_search_opts	 so;
		struct bot_search_result res;
		struct game_opts	 o = { .sandbox = g->sandbox,
		    .difficulty = g->difficulty, .endless = g->endless };

		if (b->search != NULL)
			so = *b->search;
		else
			bot_search_defaults(&so);
		so.share = b->share;
		so.semi = !b->st->strict;
		bot_search(g->lv, &o, &so, &res);
		b->found = xmalloc(sizeof *b->found);
		*b->found = res;
		b->plan = xmalloc(sizeof *b->plan);
		*b->plan = res.plan;
		b->own = *b->st;
		b->own.zone = BOT_ZONE_ROUTE;
		b->st = &b->own;
	}
	if (b->plan != NULL)
		return bot_plan_act(b, g);
	bot_practise(b, g, &practice);
	if (b->plan != NULL)			/* practice chose a plan */
		return bot_plan_act(b, g);

	/* Towers aim the way their kind does best. */
	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];
		const struct tower_bot *hint = &tower_types[tw->type].bot;

		if (tw->used && tower_types[tw->type].attack !=
		    TOWER_ATTACK_NONE && tw->mode != (int)hint->mode)
			return game_target(g, tw->x, tw->y, hint->mode) ==
			    GAME_OK;
	}

	if (bot_powers(g, (long)game_income(g) * (100 - b->share) / 100))
		return 1;
	bot_routes(b, g);
	bot_zone(b, g);
	bot_threat(b, g);
	bot_defence(b, g);
	bot_sight(b, g);
	if (bot_hero(b, g))
		return 1;
	memcpy(b->grid.cost, g->grid.cost, grid_cells(b->w, b->h));

	/* Flyers first: they ignore everything built for the ground. */
	for (s = 0; s < g->lv->nspawns; s++) {
		int kind = bot_air_kind(b, b->air_count[s]);

		if (!b->air_short[s] || kind < 0 ||
		    !bot_best_cell(b, g, kind, TOWER_AIR, &air))
			continue;
		return bot_affords(b, g, &air) ? bot_do(g, &air) : 0;
	}

	/* Then sight, where the hidden would walk past the towers unseen. */
	if (b->dark && bot_best_sight(b, g, &air))
		return bot_affords(b, g, &air) ? bot_do(g, &air) : 0;

	/* Then the maze, then towers and upgrades by worth per gold. */
	if (!b->st->naive && g->tick % (BOT_WALL_TURNS * BOT_PERIOD) == 0 &&
	    bot_affords(b, g, &(struct bot_action){ .cost =
	    tower_types[b->wall].level[0].cost }) &&
	    bot_best_plug(b, g, &wall))
		return bot_do(g, &wall);
	if (!b->st->naive && g->tick % (BOT_WALL_TURNS * BOT_PERIOD) == 0 &&
	    bot_affords(b, g, &(struct bot_action){ .cost =
	    tower_types[b->wall].level[0].cost }) &&
	    bot_best_wall(b, g, &wall) && (wall.value >= BOT_WALL_BIG ||
	    (wall.value >= BOT_WALL_GAIN && bot_walls_due(b, g))))
		return bot_do(g, &wall);
	if (!b->st->naive && bot_walls_due(b, g) &&
	    g->tick % (BOT_WALL_TURNS * BOT_PERIOD) == BOT_PERIOD &&
	    bot_affords(b, g, &(struct bot_action){ .cost =
	    tower_types[b->wall].level[0].cost }) &&
	    bot_best_line(b, g, &wall))
		return bot_do(g, &wall);
	n = bot_full(b, g) ? 0 : bot_builds(b, g, acts);
	/* A strategy with a number of towers builds them all first. */
	building = b->st->towers > 0 && n > 0;
	if (!building && bot_best_upgrade(b, g, &acts[n]))
		n++;
	if (!building && bot_best_spec(b, g, &acts[n]))
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
