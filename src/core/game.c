/*
 * The game state, its commands and its tick. See game.h for the model.
 *
 * A tick, in order: start a wave whose calm is over and send the enemies
 * that are due; update each enemy's condition (slow, panic, formation,
 * waypoint path, route left); move the whole crowd one step (steer.h);
 * take the leaks at the exits; let shots that arrived hit; let towers that
 * have reloaded attack; drop the dead from the crowd; then the bookkeeping
 * of waves cleared, victory and defeat. Events carry the clock after the
 * step, g->tick; a command carries the clock it was given at.
 */
#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "los.h"
#include "reach.h"
#include "repair.h"
#include "util.h"

#define GAME_SHOT_RADIUS	0.1	/* a shot's disc */
#define GAME_HIT_SLACK		0.15	/* a bolt hits this near the rim */
#define GAME_BURST_NEAR		0.1	/* a shell bursts this near its point */
#define GAME_FLYER_EXIT		0.5	/* a flyer leaks this near its exit */
#define GAME_STALL_TICKS	(2 * GAME_RATE)	/* no progress: re-plan */
#define GAME_SQUEEZE_TICKS	(3 * GAME_RATE / 2) /* then ignore others */
#define GAME_ESCORT_LOSE	4.0	/* an escort this far from its slot */
#define GAME_ESCORT_REJOIN	2.5	/* ... rejoins this near */

static const char *const game_reason_names[GAME_NREASONS] = {
	"ok", "out of map", "not buildable", "occupied", "not enough gold",
	"would block", "no tower", "max level", "cannot target",
	"no more waves", "tower limit", "game over", "bad command"
};

static const char *const game_cmd_names[GAME_NCMDS] = {
	"place", "upgrade", "sell", "target", "wave"
};

/* The words a trace and a message use for refusal r. */
const char *
game_reason_name(enum game_reason r)
{
	if ((int)r < 0 || r >= GAME_NREASONS)
		return "?";
	return game_reason_names[r];
}

/* The script word of command type t. */
const char *
game_cmd_name(enum game_cmd_type t)
{
	if ((int)t < 0 || t >= GAME_NCMDS)
		return "?";
	return game_cmd_names[t];
}

/* "playing", "won" or "lost". */
const char *
game_state_name(enum game_state s)
{
	switch (s) {
	case GAME_PLAYING:
		return "playing";
	case GAME_WON:
		return "won";
	case GAME_LOST:
		return "lost";
	}
	return "?";
}

/* Ticks (rounded up) that ms milliseconds last. */
static long
game_ms_ticks(long ms)
{
	return (long)(((long long)ms * GAME_RATE + 999) / 1000);
}

/* Centre of map cell (x, y). */
static struct vec
game_centre(int x, int y)
{
	return vec_make(x + 0.5, y + 0.5);
}

/* Set the message line. */
static void __attribute__((format(printf, 3, 4)))
game_say(struct game *g, bool error, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(g->msg, sizeof g->msg, fmt, ap);
	va_end(ap);
	g->msg_tick = g->tick;
	g->msg_error = error;
}

/* Hand ev, stamped with the clock, to the caller's callback. */
static void
game_emit(struct game *g, struct game_event *ev)
{
	ev->tick = g->tick;
	if (g->on_event != NULL)
		g->on_event(g->event_arg, ev);
}

/* An event of type t with every field empty. */
static struct game_event
game_event_make(enum game_event_type t)
{
	struct game_event	ev;

	memset(&ev, 0, sizeof ev);
	ev.type = t;
	ev.tower = -1;
	ev.enemy = -1;
	ev.x = ev.y = -1;
	return ev;
}

/* Whether unit i is a living enemy. */
static inline bool
game_alive(const struct game *g, int i)
{
	return g->units[i].kind == GAME_UNIT_ENEMY && !g->units[i].dead;
}

/* Whether unit i (an enemy) walks on the ground. */
static inline bool
game_ground(const struct game *g, int i)
{
	return g->units[i].mover != ENEMY_FLY;
}

/*
 * Whether the square holding a ground enemy's disc overlaps map cell
 * (x, y): the same test the crowd uses to keep enemies out of walls.
 */
static bool
game_overlaps(const struct steer_agent *a, int x, int y)
{
	int	x0 = (int)floor(a->pos.x - a->radius);
	int	x1 = (int)ceil(a->pos.x + a->radius) - 1;
	int	y0 = (int)floor(a->pos.y - a->radius);
	int	y1 = (int)ceil(a->pos.y + a->radius) - 1;

	return x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

/* Whether a living ground enemy stands (even partly) on map cell (x, y). */
bool
game_enemy_blocks_cell(const struct game *g, int x, int y)
{
	int	i;

	for (i = 0; i < g->nunits; i++) {
		if (game_alive(g, i) && game_ground(g, i) &&
		    game_overlaps(&g->agents[i], x, y))
			return true;
	}
	return false;
}

/* The tower standing on (x, y), or NULL. */
const struct game_tower *
game_tower_at(const struct game *g, int x, int y)
{
	int32_t	t;

	if (!grid_inside(&g->grid, x, y))
		return NULL;
	t = g->tower_at[(size_t)y * g->w + x];
	return t < 0 ? NULL : &g->towers[t];
}

/*
 * Cut a path mover's waypoint path from where it stands. The first
 * waypoint is the centre of its own cell: the agent heads straight for the
 * second unless via_centre asks it to go by the centre first, the sure way
 * out of any corner it may have slid into.
 */
static void
game_plan(struct game *g, int i, bool via_centre)
{
	struct steer_agent	*a = &g->agents[i];
	struct game_unit	*u = &g->units[i];
	struct point		*buf = g->paths + (size_t)u->pathslot *
				    GAME_PATH_MAX;
	int			 cx = (int)floor(a->pos.x);
	int			 cy = (int)floor(a->pos.y), n, first = 0;

	n = path_waypoints(g->field, &g->grid, cx, cy, g->descend,
	    g->descend_max);
	if (n > 1 && !via_centre)
		first = 1;
	n -= first;
	if (n > GAME_PATH_MAX)
		n = GAME_PATH_MAX;
	if (n > 0)
		memcpy(buf, g->descend + first, (size_t)n * sizeof *buf);
	a->path = buf;
	a->npath = n;
	a->ipath = 0;
}

/* Rebuild the obstacle circles flyers steer round: attacking towers. */
static void
game_circles(struct game *g)
{
	int	t, n = 0;

	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];

		if (!tw->used || tw->type == TOWER_WALL)
			continue;
		g->circles[n].c = game_centre(tw->x, tw->y);
		g->circles[n].r = 0.5;
		n++;
	}
	g->crowd->obstacles = g->circles;
	g->crowd->nobstacles = n;
}

/* Whether path mover i's path ahead still runs clear of walls and towers. */
static bool
game_path_clear(const struct game *g, int i)
{
	const struct steer_agent	*a = &g->agents[i];
	int				 k, x = (int)floor(a->pos.x);
	int				 y = (int)floor(a->pos.y);

	for (k = a->ipath; k < a->npath; k++) {
		if (!los_ray_clear(&g->grid, x, y, a->path[k].x, a->path[k].y))
			return false;
		x = a->path[k].x;
		y = a->path[k].y;
	}
	return a->npath > 0;
}

/*
 * Change the map: cell (x, y) gets cost (0 when a tower goes up, the
 * terrain's own when it comes down). The field is repaired in place
 * (repair.h; exactly what a rebuild gives) and path movers get a new path
 * from where they stand: every one after a sale (a shorter way may have
 * opened), after a placement the ones whose path it cuts (no other way got
 * shorter). Flow movers read the repaired field as it is. This is the one
 * place the map and its field change.
 */
static void
game_map_changed(struct game *g, int x, int y, int cost)
{
	bool	placed = cost == 0;
	int	i;

	if (placed)
		repair_block(g->field, &g->grid, x, y);
	else
		repair_unblock(g->field, &g->grid, x, y, cost);
	g->map_gen++;
	game_circles(g);
	for (i = 0; i < g->nunits; i++) {
		if (!game_alive(g, i))
			continue;
		if (g->units[i].mover == ENEMY_PATH &&
		    (!placed || !game_path_clear(g, i)))
			game_plan(g, i, false);
	}
}

/* Make a game of level lv with the generator seeded by seed. */
struct game *
game_new(const struct level *lv, uint64_t seed, bool sandbox)
{
	struct game	*g = xcalloc(1, sizeof *g);
	size_t		 cells = grid_cells(lv->w, lv->h);
	int		 i, k, total, buildable = 0, x, y;

	g->lv = lv;
	g->w = lv->w;
	g->h = lv->h;
	g->sandbox = sandbox;
	g->state = GAME_PLAYING;
	steer_rng_seed(&g->rng, seed);
	g->gold = lv->gold;
	g->lives = lv->lives;

	grid_init(&g->grid, xmalloc(cells), lv->w, lv->h, lv->diagonal);
	level_build_grid(lv, &g->grid);
	g->field = field_new(lv->w, lv->h);
	g->goals = xcalloc((size_t)lv->nexits, sizeof *g->goals);
	for (i = 0; i < lv->nexits; i++)
		g->goals[i] = grid_index(&g->grid, lv->exits[i].x,
		    lv->exits[i].y);
	g->ngoals = lv->nexits;
	g->scratch = xcalloc(2 * cells, sizeof *g->scratch);
	g->descend_max = lv->w * lv->h + 1;
	g->descend = xcalloc((size_t)g->descend_max, sizeof *g->descend);

	/* Towers: one slot per buildable cell, up to the limit. */
	for (y = 0; y < lv->h; y++)
		for (x = 0; x < lv->w; x++)
			buildable += level_buildable(lv, x, y);
	g->max_towers = buildable < GAME_MAX_TOWERS ? buildable :
	    GAME_MAX_TOWERS;
	if (g->max_towers < 1)
		g->max_towers = 1;
	g->towers = xcalloc((size_t)g->max_towers, sizeof *g->towers);
	g->circles = xcalloc((size_t)g->max_towers, sizeof *g->circles);
	g->tower_at = xmalloc((size_t)lv->w * lv->h * sizeof *g->tower_at);
	for (i = 0; i < lv->w * lv->h; i++)
		g->tower_at[i] = -1;

	/* Enemies and shots: as many enemies as the level sends, capped. */
	total = level_total_enemies(lv);
	g->max_enemies = total < GAME_MAX_ENEMIES ? total : GAME_MAX_ENEMIES;
	if (g->max_enemies < 1)
		g->max_enemies = 1;
	g->max_units = g->max_enemies + GAME_MAX_SHOTS;
	g->agents = xcalloc((size_t)g->max_units, sizeof *g->agents);
	g->units = xcalloc((size_t)g->max_units, sizeof *g->units);
	g->remap = xcalloc((size_t)g->max_units, sizeof *g->remap);
	g->paths = xcalloc((size_t)g->max_enemies * GAME_PATH_MAX,
	    sizeof *g->paths);
	g->free_paths = xcalloc((size_t)g->max_enemies,
	    sizeof *g->free_paths);
	for (i = 0; i < g->max_enemies; i++)
		g->free_paths[i] = g->max_enemies - 1 - i;
	g->nfree_paths = g->max_enemies;
	g->spawn_turn = xcalloc(LEVEL_MAX_SPAWNS, sizeof *g->spawn_turn);

	for (i = 0; i < lv->nspawns; i++)
		g->nspawn_cells += lv->spawns[i].ncells;
	g->sources = xcalloc((size_t)(g->nspawn_cells + g->max_enemies),
	    sizeof *g->sources);
	for (i = 0, k = 0; i < lv->nspawns; i++) {
		int c;

		for (c = 0; c < lv->spawns[i].ncells; c++)
			g->sources[k++] = grid_index(&g->grid,
			    lv->spawns[i].cells[c].x, lv->spawns[i].cells[c].y);
	}

	enemy_steer_types(g->steer);
	g->crowd = steer_crowd_new(lv->w, lv->h, 2.0, g->max_units);
	g->crowd->grid = &g->grid;
	g->crowd->field = g->field;
	g->crowd->types = g->steer;
	g->crowd->ntypes = ENEMY_NSTEER;

	/* Waves. */
	g->nwaves = lv->nwaves;
	g->wave_start = xcalloc((size_t)lv->nwaves, sizeof *g->wave_start);
	g->wave_sent = xcalloc((size_t)lv->nwaves, sizeof *g->wave_sent);
	g->wave_total = xcalloc((size_t)lv->nwaves, sizeof *g->wave_total);
	g->wave_alive = xcalloc((size_t)lv->nwaves, sizeof *g->wave_alive);
	g->wave_done = xcalloc((size_t)lv->nwaves, sizeof *g->wave_done);
	g->group_sent = xcalloc((size_t)lv->nwaves * LEVEL_MAX_GROUPS,
	    sizeof *g->group_sent);
	for (i = 0; i < lv->nwaves; i++) {
		g->wave_start[i] = -1;
		for (k = 0; k < lv->waves[i].ngroups; k++)
			g->wave_total[i] += lv->waves[i].groups[k].count;
	}
	g->next_wave_at = lv->nwaves > 0 ? game_ms_ticks(lv->waves[0].after_ms) :
	    -1;

	field_build(g->field, &g->grid, g->goals, g->ngoals);
	game_circles(g);
	game_say(g, false, "%s: %d wave%s", lv->title, lv->nwaves,
	    lv->nwaves == 1 ? "" : "s");
	return g;
}

/* Free a game (not its level). */
void
game_free(struct game *g)
{
	if (g == NULL)
		return;
	free(g->grid.cost);
	field_free(g->field);
	free(g->goals);
	free(g->scratch);
	free(g->descend);
	free(g->towers);
	free(g->circles);
	free(g->tower_at);
	steer_crowd_free(g->crowd);
	free(g->agents);
	free(g->units);
	free(g->remap);
	free(g->paths);
	free(g->free_paths);
	free(g->spawn_turn);
	free(g->sources);
	free(g->wave_start);
	free(g->wave_sent);
	free(g->wave_total);
	free(g->wave_alive);
	free(g->wave_done);
	free(g->group_sent);
	free(g->log);
	free(g);
}

/* Send every event to fn (NULL: nowhere). */
void
game_set_events(struct game *g, game_event_fn *fn, void *arg)
{
	g->on_event = fn;
	g->event_arg = arg;
}

/* Whether the game has been won or lost. */
bool
game_over(const struct game *g)
{
	return g->state != GAME_PLAYING;
}

/* End the game in state s, once. */
static void
game_end(struct game *g, enum game_state s)
{
	struct game_event	ev;

	if (g->state != GAME_PLAYING)
		return;
	g->state = s;
	if (s == GAME_WON) {
		g->score += 100 * g->lives;
		game_say(g, false, "Victory! Score %d", g->score);
	} else
		game_say(g, true, "Defeat: the last life is gone");
	ev = game_event_make(GAME_EV_END);
	game_emit(g, &ev);
}

/* The numbers a finished (or running) game reports. */
void
game_summary(const struct game *g, struct game_summary *s)
{
	s->state = g->state;
	s->waves_cleared = g->waves_cleared;
	s->waves_total = g->nwaves;
	s->lives = g->lives;
	s->gold = g->gold;
	s->score = g->score;
	s->killed = g->killed;
	s->leaked = g->leaked;
	s->ticks = g->tick;
}

/* Whether the grid with (x, y) blocked still lets everyone out. */
static bool
game_would_block(struct game *g, int x, int y)
{
	int	i, n = g->nspawn_cells;

	for (i = 0; i < g->nunits; i++) {
		const struct steer_agent *a = &g->agents[i];

		if (!game_alive(g, i) || !game_ground(g, i))
			continue;
		g->sources[n++] = grid_index(&g->grid, (int)floor(a->pos.x),
		    (int)floor(a->pos.y));
	}
	return reach_would_block(&g->grid, g->sources, n, g->goals, g->ngoals,
	    x, y, g->scratch);
}

/* Why tower could not be placed at (x, y) now, or GAME_OK. */
enum game_reason
game_check_place(struct game *g, int tower, int x, int y)
{
	if (g->state != GAME_PLAYING)
		return GAME_ENDED;
	if (tower < 0 || tower >= TOWER_NTYPES)
		return GAME_BAD_COMMAND;
	if (!grid_inside(&g->grid, x, y))
		return GAME_OUT_OF_MAP;
	if (!level_buildable(g->lv, x, y))
		return GAME_NOT_BUILDABLE;
	if (g->tower_at[(size_t)y * g->w + x] >= 0 ||
	    game_enemy_blocks_cell(g, x, y))
		return GAME_OCCUPIED;
	if (!g->sandbox && g->gold < tower_types[tower].level[0].cost)
		return GAME_NO_GOLD;
	if (g->nstanding >= g->max_towers)
		return GAME_TOWER_LIMIT;
	if (game_would_block(g, x, y))
		return GAME_WOULD_BLOCK;
	return GAME_OK;
}

/* Pay cost unless playing in the sandbox; returns what was paid. */
static int
game_pay(struct game *g, int cost)
{
	if (g->sandbox)
		return 0;
	g->gold -= cost;
	return cost;
}

/* place TYPE X Y */
static enum game_reason
game_do_place(struct game *g, const struct game_cmd *c)
{
	enum game_reason	 r = game_check_place(g, c->tower, c->x, c->y);
	struct game_tower	*tw;
	struct game_event	 ev;
	int			 t;

	if (r != GAME_OK)
		return r;
	for (t = 0; t < g->max_towers && g->towers[t].used; t++)
		;
	tw = &g->towers[t];
	memset(tw, 0, sizeof *tw);
	tw->used = true;
	tw->type = c->tower;
	tw->level = 1;
	tw->x = c->x;
	tw->y = c->y;
	tw->mode = TOWER_TARGET_FIRST;
	tw->aim = -M_PI / 2;
	if (t >= g->ntowers)
		g->ntowers = t + 1;
	g->nstanding++;
	g->tower_at[(size_t)c->y * g->w + c->x] = t;
	ev = game_event_make(GAME_EV_PLACE);
	ev.gold = game_pay(g, tower_types[c->tower].level[0].cost);
	game_map_changed(g, c->x, c->y, 0);

	ev.tower = c->tower;
	ev.x = c->x;
	ev.y = c->y;
	ev.level = 1;
	game_emit(g, &ev);
	game_say(g, false, "Built %s at %d,%d", tower_name(c->tower), c->x,
	    c->y);
	return GAME_OK;
}

/* The slot of the tower at (x, y) for a command, or a refusal in *r. */
static int
game_find_tower(struct game *g, int x, int y, enum game_reason *r)
{
	int32_t	t;

	*r = GAME_OK;
	if (g->state != GAME_PLAYING)
		*r = GAME_ENDED;
	else if (!grid_inside(&g->grid, x, y))
		*r = GAME_OUT_OF_MAP;
	else if ((t = g->tower_at[(size_t)y * g->w + x]) < 0)
		*r = GAME_NO_TOWER;
	else
		return t;
	return -1;
}

/* upgrade X Y */
static enum game_reason
game_do_upgrade(struct game *g, const struct game_cmd *c)
{
	enum game_reason	 r;
	struct game_tower	*tw;
	struct game_event	 ev;
	int			 t, cost;

	if ((t = game_find_tower(g, c->x, c->y, &r)) < 0)
		return r;
	tw = &g->towers[t];
	if ((cost = tower_upgrade_cost(tw->type, tw->level)) < 0)
		return GAME_MAX_LEVEL;
	if (!g->sandbox && g->gold < cost)
		return GAME_NO_GOLD;
	tw->level++;

	ev = game_event_make(GAME_EV_UPGRADE);
	ev.gold = game_pay(g, cost);
	ev.tower = tw->type;
	ev.x = tw->x;
	ev.y = tw->y;
	ev.level = tw->level;
	game_emit(g, &ev);
	game_say(g, false, "%s at %d,%d is now level %d", tower_name(tw->type),
	    tw->x, tw->y, tw->level);
	return GAME_OK;
}

/* sell X Y */
static enum game_reason
game_do_sell(struct game *g, const struct game_cmd *c)
{
	enum game_reason	 r;
	struct game_tower	*tw;
	struct game_event	 ev;
	int			 t, i, refund;

	if ((t = game_find_tower(g, c->x, c->y, &r)) < 0)
		return r;
	tw = &g->towers[t];
	refund = g->sandbox ? 0 : tower_refund(tw->type, tw->level);
	g->gold += refund;
	tw->used = false;
	g->nstanding--;
	g->tower_at[(size_t)c->y * g->w + c->x] = -1;
	while (g->ntowers > 0 && !g->towers[g->ntowers - 1].used)
		g->ntowers--;
	for (i = 0; i < g->nunits; i++) {
		if (g->units[i].kind == GAME_UNIT_SHOT &&
		    g->units[i].tower == t)
			g->units[i].tower = -1;
	}
	game_map_changed(g, c->x, c->y, level_cost(g->lv, c->x, c->y));

	ev = game_event_make(GAME_EV_SELL);
	ev.tower = tw->type;
	ev.x = c->x;
	ev.y = c->y;
	ev.level = tw->level;
	ev.gold = refund;
	game_emit(g, &ev);
	game_say(g, false, "Sold %s at %d,%d for %d gold", tower_name(tw->type),
	    c->x, c->y, refund);
	return GAME_OK;
}

/* target X Y MODE */
static enum game_reason
game_do_target(struct game *g, const struct game_cmd *c)
{
	enum game_reason	 r;
	struct game_tower	*tw;
	struct game_event	 ev;
	int			 t;

	if ((t = game_find_tower(g, c->x, c->y, &r)) < 0)
		return r;
	tw = &g->towers[t];
	if (tw->type == TOWER_WALL)
		return GAME_NO_TARGETING;
	if (c->mode < 0 || c->mode >= TOWER_NTARGETS)
		return GAME_BAD_COMMAND;
	tw->mode = c->mode;

	ev = game_event_make(GAME_EV_TARGET);
	ev.tower = tw->type;
	ev.x = tw->x;
	ev.y = tw->y;
	ev.mode = tw->mode;
	game_emit(g, &ev);
	game_say(g, false, "%s at %d,%d targets %s", tower_name(tw->type),
	    tw->x, tw->y, tower_target_name(tw->mode));
	return GAME_OK;
}

/* Start the next wave now; early when called before its calm was over. */
static void
game_start_wave(struct game *g, bool early)
{
	const struct level_wave	*lw = &g->lv->waves[g->next_wave];
	struct game_event	 ev;
	long			 left;
	int			 bonus = 0;

	if (early) {
		left = g->next_wave_at >= 0 ? g->next_wave_at - g->tick :
		    game_ms_ticks(lw->after_ms);
		bonus = left > 0 ? (int)(left / GAME_RATE) : 0;
		g->gold += bonus * GAME_EARLY_GOLD;
		g->early_s += bonus;
		g->score += 5 * bonus;
	}
	g->wave_start[g->next_wave] = g->tick;
	ev = game_event_make(GAME_EV_WAVE);
	ev.wave = g->next_wave + 1;
	ev.early = early;
	ev.gold = bonus;
	g->next_wave++;
	g->next_wave_at = -1;
	game_emit(g, &ev);
	if (early)
		game_say(g, false, "Wave %d called early: +%d gold", ev.wave,
		    bonus);
	else
		game_say(g, false, "Wave %d of %d", ev.wave, g->nwaves);
}

/* wave */
static enum game_reason
game_do_wave(struct game *g, const struct game_cmd *c)
{
	if (g->state != GAME_PLAYING)
		return GAME_ENDED;
	if (g->next_wave >= g->nwaves)
		return GAME_NO_WAVES;
	game_start_wave(g, true);
	return GAME_OK;
}

/* Remember c in the command log (outside any tick, so it may grow). */
static void
game_log(struct game *g, const struct game_cmd *c)
{
	if (g->nlog == g->log_size) {
		g->log_size = g->log_size == 0 ? 64 : g->log_size * 2;
		g->log = xrealloc(g->log, (size_t)g->log_size, sizeof *g->log);
	}
	g->log[g->nlog] = *c;
	g->log[g->nlog].tick = g->tick;
	g->nlog++;
}

/*
 * Whether c is a command a script line can say: a known command, a known
 * tower and mode, coordinates a script accepts. Anything else is refused
 * as a bad command (and, refused, left out of the log).
 */
static bool
game_cmd_valid(const struct game_cmd *c)
{
	if ((int)c->type < 0 || c->type >= GAME_NCMDS)
		return false;
	if (c->type == GAME_CMD_PLACE && (c->tower < 0 ||
	    c->tower >= TOWER_NTYPES))
		return false;
	if (c->type == GAME_CMD_TARGET && (c->mode < 0 ||
	    c->mode >= TOWER_NTARGETS))
		return false;
	return c->type == GAME_CMD_WAVE || (c->x >= -GAME_COORD_MAX &&
	    c->x <= GAME_COORD_MAX && c->y >= -GAME_COORD_MAX &&
	    c->y <= GAME_COORD_MAX);
}

/*
 * Carry out command c at the current tick: do it and log it, or refuse it
 * (a refusal changes nothing, so it is not logged), and report either as
 * an event. Returns GAME_OK or the reason for refusal.
 */
enum game_reason
game_command(struct game *g, const struct game_cmd *c)
{
	enum game_reason	 r = GAME_BAD_COMMAND;
	struct game_event	 ev;
	bool			 valid = game_cmd_valid(c);

	switch (valid ? c->type : GAME_NCMDS) {
	case GAME_CMD_PLACE:
		r = game_do_place(g, c);
		break;
	case GAME_CMD_UPGRADE:
		r = game_do_upgrade(g, c);
		break;
	case GAME_CMD_SELL:
		r = game_do_sell(g, c);
		break;
	case GAME_CMD_TARGET:
		r = game_do_target(g, c);
		break;
	case GAME_CMD_WAVE:
		r = game_do_wave(g, c);
		break;
	case GAME_NCMDS:
		break;
	}
	if (r == GAME_OK) {
		game_log(g, c);
		return r;
	}
	ev = game_event_make(GAME_EV_REJECT);
	ev.cmd = c->type;
	ev.reason = r;
	if (c->type != GAME_CMD_WAVE) {
		ev.x = c->x;
		ev.y = c->y;
	}
	ev.tower = valid && c->type == GAME_CMD_PLACE ? c->tower : -1;
	game_emit(g, &ev);
	if (c->type == GAME_CMD_WAVE)
		game_say(g, true, "Cannot call a wave: %s",
		    game_reason_name(r));
	else
		game_say(g, true, "Cannot %s at %d,%d: %s",
		    game_cmd_name(c->type), c->x, c->y, game_reason_name(r));
	return r;
}

/* Place a tower of kind tower at (x, y). */
enum game_reason
game_place(struct game *g, int tower, int x, int y)
{
	struct game_cmd	c = { 0, GAME_CMD_PLACE, tower, x, y, 0 };

	return game_command(g, &c);
}

/* Upgrade the tower at (x, y). */
enum game_reason
game_upgrade(struct game *g, int x, int y)
{
	struct game_cmd	c = { 0, GAME_CMD_UPGRADE, -1, x, y, 0 };

	return game_command(g, &c);
}

/* Sell the tower at (x, y). */
enum game_reason
game_sell(struct game *g, int x, int y)
{
	struct game_cmd	c = { 0, GAME_CMD_SELL, -1, x, y, 0 };

	return game_command(g, &c);
}

/* Set the targeting mode of the tower at (x, y). */
enum game_reason
game_target(struct game *g, int x, int y, int mode)
{
	struct game_cmd	c = { 0, GAME_CMD_TARGET, -1, x, y, mode };

	return game_command(g, &c);
}

/* Call the next wave now. */
enum game_reason
game_call_wave(struct game *g)
{
	struct game_cmd	c = { 0, GAME_CMD_WAVE, -1, -1, -1, 0 };

	return game_command(g, &c);
}

/* The next wave to come (NULL when all have started), its number and when. */
const struct level_wave *
game_next_wave(const struct game *g, int *number, long *ticks_left)
{
	if (g->next_wave >= g->nwaves) {
		if (number != NULL)
			*number = 0;
		if (ticks_left != NULL)
			*ticks_left = -1;
		return NULL;
	}
	if (number != NULL)
		*number = g->next_wave + 1;
	if (ticks_left != NULL)
		*ticks_left = g->next_wave_at < 0 ? -1 :
		    g->next_wave_at - g->tick;
	return &g->lv->waves[g->next_wave];
}

/* Count wave index wave's enemies by type into counts; returns the total. */
int
game_wave_count(const struct game *g, int wave, int *counts)
{
	const struct level_wave	*lw;
	int			 k, n = 0;

	if (counts != NULL)
		memset(counts, 0, LEVEL_NENEMIES * sizeof *counts);
	if (wave < 0 || wave >= g->nwaves)
		return 0;
	lw = &g->lv->waves[wave];
	for (k = 0; k < lw->ngroups; k++) {
		if (counts != NULL)
			counts[lw->groups[k].enemy] += lw->groups[k].count;
		n += lw->groups[k].count;
	}
	return n;
}

/* The centre of the exit cell nearest to p in a straight line. */
static struct vec
game_nearest_exit(const struct game *g, struct vec p)
{
	struct vec	best = p;
	double		bd = INFINITY;
	int		i;

	for (i = 0; i < g->lv->nexits; i++) {
		struct vec c = game_centre(g->lv->exits[i].x,
		    g->lv->exits[i].y);
		double d = vec_dist2(c, p);

		if (d < bd) {
			bd = d;
			best = c;
		}
	}
	return best;
}

/* The youngest living boss of wave (1-based), by agent index, or -1. */
static int
game_find_boss(const struct game *g, int wave)
{
	int	i;

	for (i = g->nunits - 1; i >= 0; i--) {
		if (game_alive(g, i) && g->units[i].type == LEVEL_ENEMY_BOSS &&
		    g->units[i].wave == wave)
			return i;
	}
	return -1;
}

/* Escort i takes the next free slot round boss b. */
static void
game_join_boss(struct game *g, int i, int b)
{
	struct game_unit	*u = &g->units[i];
	struct steer_agent	*a = &g->agents[i];

	u->boss = g->units[b].id;
	u->slot = g->units[b].slot++ % ENEMY_ESCORT_SLOTS;
	a->target = b;
	a->offset = enemy_escort_slots[u->slot];
}

/* Send one enemy of group gi of wave w; false when the pool is full. */
static bool
game_spawn(struct game *g, int w, int gi)
{
	const struct level_group	*grp = &g->lv->waves[w].groups[gi];
	const struct level_spawn	*sp = &g->lv->spawns[grp->spawn];
	const struct enemy_type		*et = &enemy_types[grp->enemy];
	struct level_point		 cell;
	struct steer_agent		*a;
	struct game_unit		*u;
	struct game_event		 ev;
	struct vec			 pos, dir;
	double				 j;
	int				 i, b;

	if (g->nenemies >= g->max_enemies || g->nunits >= g->max_units)
		return false;
	i = g->nunits++;
	g->nenemies++;
	a = &g->agents[i];
	u = &g->units[i];
	memset(u, 0, sizeof *u);

	cell = sp->cells[g->spawn_turn[grp->spawn]++ % sp->ncells];
	j = 0.5 - et->radius - 0.01;
	pos = game_centre(cell.x, cell.y);
	pos.x += steer_rng_clamped(&g->rng) * (j > 0.0 ? j : 0.0);
	pos.y += steer_rng_clamped(&g->rng) * (j > 0.0 ? j : 0.0);
	if (et->mover != ENEMY_FLY && steer_overlaps_wall(&g->grid, pos,
	    et->radius))
		pos = steer_unstick(&g->grid, pos, et->radius);
	steer_agent_init(a, grp->enemy, pos, et->speed, et->force, et->radius,
	    steer_rng_next(&g->rng));

	u->kind = GAME_UNIT_ENEMY;
	u->id = ++g->next_id;
	u->type = grp->enemy;
	u->mover = et->mover;
	u->wave = w + 1;
	u->hp = u->max_hp = enemy_hp(grp->enemy, w + 1);
	u->armour = et->armour;
	u->speed = et->speed;
	u->slow_pct = 100;
	u->pathslot = -1;
	u->anchor = pos;
	u->tower = -1;

	if (et->mover == ENEMY_FLY) {
		a->goal = game_nearest_exit(g, pos);
		dir = vec_norm(vec_sub(a->goal, pos));
	} else
		dir = steer_flow_dir(g->field, &g->grid, pos);
	if (dir.x != 0.0 || dir.y != 0.0)
		a->heading = a->look = dir;
	if (et->mover == ENEMY_PATH) {
		u->pathslot = g->free_paths[--g->nfree_paths];
		game_plan(g, i, false);
	}
	if (grp->enemy == LEVEL_ENEMY_ESCORT &&
	    (b = game_find_boss(g, w + 1)) >= 0)
		game_join_boss(g, i, b);
	else if (grp->enemy == LEVEL_ENEMY_ESCORT) {
		u->loose = true;
		a->type = ENEMY_STEER_LOOSE;
	}

	g->wave_sent[w]++;
	g->wave_alive[w]++;
	ev = game_event_make(GAME_EV_SPAWN);
	ev.id = u->id;
	ev.enemy = u->type;
	ev.wave = w + 1;
	ev.x = cell.x;
	ev.y = cell.y;
	game_emit(g, &ev);
	return true;
}

/* Start a wave whose calm is over and send every enemy that is due. */
static void
game_waves(struct game *g)
{
	int	w, k;

	if (g->next_wave < g->nwaves && g->next_wave_at >= 0 &&
	    g->tick >= g->next_wave_at)
		game_start_wave(g, false);
	for (w = 0; w < g->next_wave; w++) {
		const struct level_wave *lw = &g->lv->waves[w];

		if (g->wave_sent[w] == g->wave_total[w])
			continue;
		for (k = 0; k < lw->ngroups; k++) {
			const struct level_group *grp = &lw->groups[k];
			int *sent = &g->group_sent[w * LEVEL_MAX_GROUPS + k];

			while (*sent < grp->count && g->wave_start[w] +
			    game_ms_ticks(grp->after_ms + (long)*sent *
			    grp->every_ms) <= g->tick) {
				if (!game_spawn(g, w, k))
					return;
				(*sent)++;
			}
		}
	}
}

/* Route left to the exit from unit i, in cells. */
static double
game_togo(const struct game *g, int i)
{
	const struct steer_agent	*a = &g->agents[i];

	if (g->units[i].mover == ENEMY_FLY)
		return vec_dist(a->pos, a->goal);
	return field_distance(g->field, (int)floor(a->pos.x),
	    (int)floor(a->pos.y));
}

/*
 * Keep an escort in formation, or let it go loose and follow the flow when
 * it has lost sight of its boss or fallen far behind its slot; it rejoins
 * once it sees the boss again near its slot. An escort whose wave has no
 * living boss yet (or any more) looks for one every tick: a boss sent
 * later in its wave, or in the same tick, takes it on. A slot inside a
 * wall is held as near as the wall allows.
 */
static int
game_escort(struct game *g, int i)
{
	struct steer_agent	*a = &g->agents[i];
	struct game_unit	*u = &g->units[i];
	const struct steer_agent *boss;
	struct vec		 slot;
	double			 d;
	bool			 sees;

	if (a->target < 0) {
		int b = game_find_boss(g, u->wave);

		u->boss = 0;
		u->loose = true;
		if (b < 0)
			return ENEMY_STEER_LOOSE;
		game_join_boss(g, i, b);
	}
	boss = &g->agents[a->target];
	slot = vec_add(boss->pos, vec_to_world(a->offset, boss->heading));
	d = vec_dist(slot, a->pos);
	sees = los_ray_clear(&g->grid, (int)floor(a->pos.x),
	    (int)floor(a->pos.y), (int)floor(boss->pos.x),
	    (int)floor(boss->pos.y));
	if (!u->loose && (!sees || d > GAME_ESCORT_LOSE))
		u->loose = true;
	else if (u->loose && sees && d < GAME_ESCORT_REJOIN)
		u->loose = false;
	return u->loose ? ENEMY_STEER_LOOSE : LEVEL_ENEMY_ESCORT;
}

/* The shot nearest to skulker i that chases it, within evade range, or -1. */
static int
game_threat(const struct game *g, int i)
{
	double	best = ENEMY_EVADE_RANGE * ENEMY_EVADE_RANGE;
	int	k, found = -1;

	for (k = 0; k < g->nunits; k++) {
		double d;

		if (g->units[k].kind != GAME_UNIT_SHOT || g->units[k].dead ||
		    g->units[k].target != g->units[i].id)
			continue;
		d = vec_dist2(g->agents[k].pos, g->agents[i].pos);
		if (d < best) {
			best = d;
			found = k;
		}
	}
	return found;
}

/* Bring every enemy's condition up to date before the crowd moves. */
static void
game_enemies(struct game *g)
{
	int	i;

	for (i = 0; i < g->nunits; i++) {
		struct steer_agent	*a = &g->agents[i];
		struct game_unit	*u = &g->units[i];

		if (!game_alive(g, i))
			continue;
		if (u->slow_ticks > 0)
			u->slow_ticks--;
		a->max_speed = u->slow_ticks > 0 ? u->speed * u->slow_pct /
		    100.0 : u->speed;
		a->type = u->type;
		if (u->type == LEVEL_ENEMY_SKULKER) {
			if (u->panic_ticks > 0)
				u->panic_ticks--;
			if (u->panic_ticks > 0)
				a->type = ENEMY_STEER_PANIC;
			a->target = game_threat(g, i);
		} else if (u->type == LEVEL_ENEMY_ESCORT)
			a->type = game_escort(g, i);

		u->togo = game_togo(g, i);
		if (u->mover == ENEMY_FLY)
			continue;
		/*
		 * Stuck: no half-cell of headway in the time it would take
		 * to walk one and a half at its present speed (2 s at the
		 * least). Then a new path by way of its cell's centre, and a
		 * while without minding its neighbours.
		 */
		if (vec_dist2(a->pos, u->anchor) >= 0.25) {
			u->anchor = a->pos;
			u->stall = 0;
		} else if (++u->stall > GAME_STALL_TICKS && u->stall >
		    1.5 * GAME_RATE / a->max_speed) {
			if (u->mover == ENEMY_PATH)
				game_plan(g, i, true);
			u->squeeze = GAME_SQUEEZE_TICKS;
			u->anchor = a->pos;
			u->stall = 0;
		}
		if (u->squeeze > 0) {
			u->squeeze--;
			a->type = u->mover == ENEMY_PATH ?
			    ENEMY_STEER_SQUEEZE_PATH : ENEMY_STEER_SQUEEZE_FLOW;
		}
		if (u->mover == ENEMY_PATH && a->npath > 0 &&
		    a->ipath >= a->npath - 1) {
			struct point p = a->path[a->npath - 1];

			if (g->field->dir[grid_index(&g->grid, p.x, p.y)] !=
			    FIELD_DIR_GOAL && vec_dist(a->pos,
			    game_centre(p.x, p.y)) < 1.0)
				game_plan(g, i, false);
		}
	}
}

/* Unit i leaves by an exit: the player loses lives. */
static void
game_leak(struct game *g, int i)
{
	struct game_unit	*u = &g->units[i];
	int			 cost = enemy_types[u->type].leak;
	struct game_event	 ev;

	u->dead = true;
	g->leaked++;
	g->wave_alive[u->wave - 1]--;
	g->lives -= cost;
	if (g->lives < 0)
		g->lives = 0;
	ev = game_event_make(GAME_EV_LEAK);
	ev.id = u->id;
	ev.enemy = u->type;
	ev.wave = u->wave;
	ev.value = cost;
	game_emit(g, &ev);
	game_say(g, true, "A %s got through: -%d li%s",
	    level_enemy_name(u->type), cost, cost == 1 ? "fe" : "ves");
	if (g->lives == 0)
		game_end(g, GAME_LOST);
}

/* Keep flyers over the map and take every enemy that reached an exit. */
static void
game_exits(struct game *g)
{
	int	i;

	for (i = 0; i < g->nunits && g->state == GAME_PLAYING; i++) {
		struct steer_agent *a = &g->agents[i];

		if (!game_alive(g, i))
			continue;
		if (g->units[i].mover == ENEMY_FLY) {
			a->pos.x = fmin(fmax(a->pos.x, a->radius),
			    g->w - a->radius);
			a->pos.y = fmin(fmax(a->pos.y, a->radius),
			    g->h - a->radius);
			if (vec_dist(a->pos, a->goal) <= GAME_FLYER_EXIT)
				game_leak(g, i);
		} else if (g->field->dir[grid_index(&g->grid,
		    (int)floor(a->pos.x), (int)floor(a->pos.y))] ==
		    FIELD_DIR_GOAL)
			game_leak(g, i);
	}
}

/* Enemy i takes a hit of damage from tower slot t (-1: unknown) of kind. */
static void
game_damage(struct game *g, int i, int damage, bool pierce, int t, int kind)
{
	struct game_unit	*u = &g->units[i];
	struct game_event	 ev;
	int			 bounty;

	if (!game_alive(g, i))
		return;
	u->hp -= tower_hit_damage(damage, u->armour, pierce);
	if (u->type == LEVEL_ENEMY_SKULKER && t >= 0) {
		u->panic_ticks = ENEMY_PANIC_TICKS;
		g->agents[i].goal = game_centre(g->towers[t].x,
		    g->towers[t].y);
	}
	if (u->hp > 0)
		return;
	u->hp = 0;
	u->dead = true;
	bounty = enemy_types[u->type].bounty;
	g->killed++;
	g->gold += bounty;
	g->bounty += bounty;
	g->score += 10 * bounty;
	g->wave_alive[u->wave - 1]--;
	if (t >= 0)
		g->towers[t].kills++;
	ev = game_event_make(GAME_EV_KILL);
	ev.id = u->id;
	ev.enemy = u->type;
	ev.wave = u->wave;
	ev.tower = kind;
	ev.gold = bounty;
	game_emit(g, &ev);
}

/* Whether a shot or tower with hit mask hits can hit enemy i. */
static inline bool
game_can_hit(const struct game *g, int i, int hits)
{
	return (hits & (game_ground(g, i) ? TOWER_GROUND : TOWER_AIR)) != 0;
}

/* Damage every enemy hits allows within radius of p. */
static void
game_splash(struct game *g, struct vec p, double radius, int damage,
    int hits, int t, int kind)
{
	int	i;

	for (i = 0; i < g->nunits; i++) {
		if (game_alive(g, i) && game_can_hit(g, i, hits) &&
		    vec_dist2(g->agents[i].pos, p) <= radius * radius)
			game_damage(g, i, damage, false, t, kind);
	}
}

/* Let every shot that has arrived hit; drop the ones that went astray. */
static void
game_shots(struct game *g)
{
	int	i;

	for (i = 0; i < g->nunits; i++) {
		struct steer_agent	*a = &g->agents[i];
		struct game_unit	*u = &g->units[i];

		if (u->kind != GAME_UNIT_SHOT || u->dead)
			continue;
		u->life--;
		if (a->type == ENEMY_STEER_SHELL) {
			if (vec_dist(a->pos, a->goal) > GAME_BURST_NEAR &&
			    u->life > 0)
				continue;
			game_splash(g, a->pos, u->splash, u->damage, u->hits,
			    u->tower, u->type);
			u->dead = true;
			continue;
		}
		if (a->target < 0 || !game_alive(g, a->target) ||
		    u->life <= 0) {
			u->dead = true;		/* its target is gone */
			continue;
		}
		if (vec_dist(a->pos, g->agents[a->target].pos) >
		    g->agents[a->target].radius + GAME_HIT_SLACK)
			continue;
		if (u->splash > 0.0)
			game_splash(g, g->agents[a->target].pos, u->splash,
			    u->damage, u->hits, u->tower, u->type);
		else
			game_damage(g, a->target, u->damage, false, u->tower,
			    u->type);
		u->dead = true;
	}
}

/* Whether enemy i is a better target than enemy j for mode at c. */
static bool
game_better(const struct game *g, int mode, struct vec c, int i, int j)
{
	const struct game_unit	*a = &g->units[i], *b = &g->units[j];
	double			 da, db;

	switch (mode) {
	case TOWER_TARGET_FIRST:
		if (a->togo != b->togo)
			return a->togo < b->togo;
		break;
	case TOWER_TARGET_LAST:
		if (a->togo != b->togo)
			return a->togo > b->togo;
		break;
	case TOWER_TARGET_STRONGEST:
		if (a->hp != b->hp)
			return a->hp > b->hp;
		break;
	case TOWER_TARGET_WEAKEST:
		if (a->hp != b->hp)
			return a->hp < b->hp;
		break;
	case TOWER_TARGET_CLOSEST:
		da = vec_dist2(g->agents[i].pos, c);
		db = vec_dist2(g->agents[j].pos, c);
		if (da != db)
			return da < db;
		break;
	}
	return a->id < b->id;
}

/* The enemy tower slot t shoots by its mode, or -1 when none is in range. */
static int
game_pick(const struct game *g, int t)
{
	const struct game_tower	*tw = &g->towers[t];
	const struct tower_type	*tt = &tower_types[tw->type];
	double			 r = tt->level[tw->level - 1].range;
	struct vec		 c = game_centre(tw->x, tw->y);
	int			 i, best = -1;

	for (i = 0; i < g->nunits; i++) {
		if (!game_alive(g, i) || !game_can_hit(g, i, tt->hits) ||
		    vec_dist2(g->agents[i].pos, c) > r * r)
			continue;
		if (best < 0 || game_better(g, tw->mode, c, i, best))
			best = i;
	}
	return best;
}

/* Remember an instant attack for the UI to draw. */
static void
game_fx(struct game *g, int kind, struct vec from, struct vec to, double r)
{
	struct game_fx	*fx = &g->fx[g->nfx++ % GAME_FX_MAX];

	fx->tick = g->tick;
	fx->tower = kind;
	fx->from = from;
	fx->to = to;
	fx->radius = r;
}

/* Launch a bolt or shell from tower slot t at enemy i; false: no room. */
static bool
game_launch(struct game *g, int t, int i)
{
	const struct game_tower	*tw = &g->towers[t];
	const struct tower_type	*tt = &tower_types[tw->type];
	const struct tower_stats *st = &tt->level[tw->level - 1];
	const struct steer_agent *q = &g->agents[i];
	struct steer_agent	*a;
	struct game_unit	*u;
	struct vec		 from = game_centre(tw->x, tw->y), to, dir;
	int			 k;

	if (g->nshots >= GAME_MAX_SHOTS || g->nunits >= g->max_units)
		return false;
	k = g->nunits++;
	g->nshots++;
	a = &g->agents[k];
	u = &g->units[k];
	memset(u, 0, sizeof *u);
	u->kind = GAME_UNIT_SHOT;
	u->type = tw->type;
	u->damage = st->damage;
	u->splash = st->splash;
	u->hits = tt->hits;
	u->target = g->units[i].id;
	u->life = GAME_SHOT_LIFE;
	u->tower = t;
	u->pathslot = -1;
	if (tt->attack == TOWER_ATTACK_SHELL) {
		/* Aim where the target will be when the shell comes down. */
		to = vec_madd(q->pos, q->vel, vec_dist(q->pos, from) /
		    st->shot_speed);
		to.x = fmin(fmax(to.x, 0.0), (double)g->w);
		to.y = fmin(fmax(to.y, 0.0), (double)g->h);
		steer_agent_init(a, ENEMY_STEER_SHELL, from, st->shot_speed,
		    st->shot_speed * 4.0, GAME_SHOT_RADIUS,
		    steer_rng_next(&g->rng));
		a->goal = to;
	} else {
		to = q->pos;
		steer_agent_init(a, ENEMY_STEER_BOLT, from, st->shot_speed,
		    st->shot_speed * 12.0, GAME_SHOT_RADIUS,
		    steer_rng_next(&g->rng));
		a->target = i;
	}
	dir = vec_norm(vec_sub(to, from));
	if (dir.x != 0.0 || dir.y != 0.0) {
		a->heading = a->look = dir;
		a->vel = vec_scale(dir, st->shot_speed);
	}
	return true;
}

/* Chain lightning from tower slot t: enemy i, then the nearest unhit. */
static void
game_chain(struct game *g, int t, int i)
{
	const struct game_tower	*tw = &g->towers[t];
	const struct tower_stats *st = &tower_types[tw->type].level[tw->level -
				    1];
	struct vec		 from = game_centre(tw->x, tw->y);
	int			 hit[16], nhit = 0, damage = st->damage, k, j;

	for (;;) {
		struct vec at = g->agents[i].pos;
		double best;

		game_fx(g, tw->type, from, at, 0.0);
		hit[nhit++] = i;
		game_damage(g, i, damage, false, t, tw->type);
		if (nhit > st->chain || nhit == (int)(sizeof hit /
		    sizeof hit[0]))
			break;
		damage = damage * 3 / 4;
		best = st->chain_range * st->chain_range;
		i = -1;
		for (j = 0; j < g->nunits; j++) {
			double d;

			if (!game_alive(g, j) || !game_can_hit(g, j,
			    tower_types[tw->type].hits))
				continue;
			for (k = 0; k < nhit && hit[k] != j; k++)
				;
			if (k < nhit)
				continue;
			d = vec_dist2(g->agents[j].pos, at);
			if (d <= best && (i < 0 || d < best)) {
				best = d;
				i = j;
			}
		}
		if (i < 0 || damage <= 0)
			break;
		from = at;
	}
}

/* Every tower that has reloaded attacks. */
static void
game_towers(struct game *g)
{
	int	t, i;

	for (t = 0; t < g->ntowers && g->state == GAME_PLAYING; t++) {
		struct game_tower	*tw = &g->towers[t];
		const struct tower_type	*tt = &tower_types[tw->type];
		const struct tower_stats *st;
		struct vec		 c;

		if (!tw->used || tt->attack == TOWER_ATTACK_NONE)
			continue;
		if (tw->cooldown > 0 && --tw->cooldown > 0)
			continue;
		if ((i = game_pick(g, t)) < 0)
			continue;
		st = &tt->level[tw->level - 1];
		c = game_centre(tw->x, tw->y);
		tw->aim = atan2(g->agents[i].pos.y - c.y,
		    g->agents[i].pos.x - c.x);
		switch (tt->attack) {
		case TOWER_ATTACK_BOLT:
		case TOWER_ATTACK_SHELL:
			if (!game_launch(g, t, i))
				continue;	/* no room: try next tick */
			break;
		case TOWER_ATTACK_PULSE:
			game_fx(g, tw->type, c, c, st->range);
			for (i = 0; i < g->nunits; i++) {
				struct game_unit *u = &g->units[i];

				if (!game_alive(g, i) || !game_can_hit(g, i,
				    tt->hits) || vec_dist2(g->agents[i].pos,
				    c) > st->range * st->range)
					continue;
				if (u->slow_ticks == 0 ||
				    st->slow_pct < u->slow_pct)
					u->slow_pct = st->slow_pct;
				if (st->slow_ticks > u->slow_ticks)
					u->slow_ticks = st->slow_ticks;
				game_damage(g, i, st->damage, false, t,
				    tw->type);
			}
			break;
		case TOWER_ATTACK_CHAIN:
			game_chain(g, t, i);
			break;
		case TOWER_ATTACK_BEAM:
			game_fx(g, tw->type, c, g->agents[i].pos, 0.0);
			game_damage(g, i, st->damage, tt->pierce, t, tw->type);
			break;
		case TOWER_ATTACK_NONE:
			break;
		}
		tw->cooldown = st->reload;
	}
}

/*
 * Drop dead units from the crowd, keeping the order of the rest; every
 * agent's target index is moved with its quarry, or cleared when the
 * quarry is gone.
 */
static void
game_compact(struct game *g)
{
	int	i, n = 0;

	for (i = 0; i < g->nunits; i++) {
		struct game_unit *u = &g->units[i];

		if (!u->dead) {
			g->remap[i] = n;
			if (n != i) {
				g->agents[n] = g->agents[i];
				g->units[n] = *u;
			}
			n++;
			continue;
		}
		g->remap[i] = -1;
		if (u->kind == GAME_UNIT_SHOT)
			g->nshots--;
		else {
			g->nenemies--;
			if (u->pathslot >= 0)
				g->free_paths[g->nfree_paths++] = u->pathslot;
		}
	}
	if (n == g->nunits)
		return;
	for (i = 0; i < n; i++) {
		if (g->agents[i].target >= 0)
			g->agents[i].target = g->remap[g->agents[i].target];
	}
	g->nunits = n;
}

/* Waves done sending, waves cleared, victory. */
static void
game_bookkeeping(struct game *g)
{
	struct game_event	ev;
	int			w, bonus;

	if (g->next_wave < g->nwaves && g->next_wave_at < 0 &&
	    (g->next_wave == 0 || g->wave_sent[g->next_wave - 1] ==
	    g->wave_total[g->next_wave - 1]))
		g->next_wave_at = g->tick +
		    game_ms_ticks(g->lv->waves[g->next_wave].after_ms);
	for (w = 0; w < g->next_wave && g->state == GAME_PLAYING; w++) {
		if (g->wave_done[w] || g->wave_sent[w] != g->wave_total[w] ||
		    g->wave_alive[w] != 0)
			continue;
		g->wave_done[w] = true;
		g->waves_cleared++;
		bonus = GAME_CLEAR_GOLD + GAME_CLEAR_GOLD_WAVE * (w + 1);
		g->gold += bonus;
		g->score += 50;
		ev = game_event_make(GAME_EV_CLEAR);
		ev.wave = w + 1;
		ev.gold = bonus;
		game_emit(g, &ev);
		game_say(g, false, "Wave %d cleared: +%d gold", w + 1, bonus);
	}
	if (g->state == GAME_PLAYING && g->waves_cleared == g->nwaves)
		game_end(g, GAME_WON);
}

/* One fixed step of 1/GAME_RATE seconds. Allocates nothing. */
void
game_tick(struct game *g)
{
	if (g->state != GAME_PLAYING)
		return;
	g->tick++;
	game_waves(g);
	game_enemies(g);
	steer_crowd_step(g->crowd, g->agents, g->nunits, GAME_DT);
	game_exits(g);
	if (g->state == GAME_PLAYING) {
		game_shots(g);
		game_towers(g);
	}
	game_compact(g);
	game_bookkeeping(g);
}

/* Fold n bytes into an FNV-1a hash. */
static uint64_t
game_fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char	*b = p;

	while (n-- > 0) {
		h ^= *b++;
		h *= 0x100000001B3ULL;
	}
	return h;
}

/*
 * A hash of everything that decides how the game goes on: clock, purse,
 * every tower, every unit's numbers and its agent's position and
 * velocity, bit for bit. Two games with the same hash play on the same.
 */
uint64_t
game_hash(const struct game *g)
{
	uint64_t	h = 0xCBF29CE484222325ULL;
	int		i, v[12];

	v[0] = (int)g->tick;
	v[1] = g->gold;
	v[2] = g->lives;
	v[3] = g->score;
	v[4] = g->killed;
	v[5] = g->leaked;
	v[6] = g->next_wave;
	v[7] = (int)g->next_wave_at;
	v[8] = g->waves_cleared;
	v[9] = g->nunits;
	v[10] = g->next_id;
	v[11] = (int)g->state;
	h = game_fnv(h, v, sizeof v);
	h = game_fnv(h, &g->rng, sizeof g->rng);
	for (i = 0; i < g->ntowers; i++) {
		const struct game_tower *tw = &g->towers[i];
		int tv[7] = { tw->used, tw->type, tw->level, tw->x, tw->y,
		    tw->mode, tw->cooldown };

		h = game_fnv(h, tv, sizeof tv);
	}
	for (i = 0; i < g->nunits; i++) {
		const struct game_unit *u = &g->units[i];
		const struct steer_agent *a = &g->agents[i];
		int uv[6] = { u->id, u->type, u->hp, u->slow_ticks,
		    a->target, a->ipath };

		h = game_fnv(h, uv, sizeof uv);
		h = game_fnv(h, &a->pos, sizeof a->pos);
		h = game_fnv(h, &a->vel, sizeof a->vel);
		h = game_fnv(h, &a->rng, sizeof a->rng);
	}
	return h;
}
