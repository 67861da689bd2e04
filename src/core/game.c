/*
 * The game: making one from a level, the map and its field, ending it, and
 * the order of a tick. See game.h for the model; the rules live beside this
 * file by concern: commands (game-cmd.c), waves and spawning (game-wave.c),
 * what each enemy does before the crowd moves (game-enemy.c), towers and
 * shots (game-combat.c) and the state hash (game-hash.c).
 *
 * A tick, in order: cool the powers down and let their effects work or
 * end (a barrier falls, a freeze chills what stands in it); start a wave whose calm is over and send the enemies
 * that are due; update each enemy's condition (slow, panic, formation,
 * waypoint path, route left); move the whole crowd one step (steer.h);
 * take the leaks at the exits; let shots that arrived hit; let towers that
 * have reloaded attack; drop the dead from the crowd; then the bookkeeping
 * of waves cleared, victory and defeat. Events carry the clock after the
 * step, g->tick; a command carries the clock it was given at.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "game-internal.h"
#include "los.h"
#include "path.h"
#include "repair.h"
#include "spatial.h"
#include "util.h"

static const char *const game_reason_names[GAME_NREASONS] = {
	"ok", "out of map", "not buildable", "occupied", "not enough gold",
	"would block", "no tower", "max level", "cannot target",
	"no more waves", "tower limit", "game over", "bad command",
	"no hero", "cannot walk there", "nothing to undo",
	"a wave has begun since", "an enemy came in range", "cooling down",
	"not top level", "wrong specialisation", "already specialised"
};

/* The words a trace and a message use for refusal r. */
const char *
game_reason_name(enum game_reason r)
{
	if ((int)r < 0 || r >= GAME_NREASONS)
		return "?";
	return game_reason_names[r];
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

/* Hand ev, stamped with the clock, to the caller's callback. */
void
game_emit(struct game *g, struct game_event *ev)
{
	ev->tick = g->tick;
	if (g->on_event != NULL)
		g->on_event(g->event_arg, ev);
}

/* An event of type t with every field empty. */
struct game_event
game_event_make(enum game_event_type t)
{
	struct game_event	ev;

	memset(&ev, 0, sizeof ev);
	ev.type = t;
	ev.tower = -1;
	ev.enemy = -1;
	ev.power = -1;
	ev.x = ev.y = -1;
	return ev;
}

/*
 * Whether the square holding a ground enemy's disc overlaps map cell
 * (x, y): the same test the crowd uses to keep enemies out of walls.
 */
bool
game_overlaps(const struct steer_agent *a, int x, int y)
{
	int	x0 = (int)floor(a->pos.x - a->radius);
	int	x1 = (int)ceil(a->pos.x + a->radius) - 1;
	int	y0 = (int)floor(a->pos.y - a->radius);
	int	y1 = (int)ceil(a->pos.y + a->radius) - 1;

	return x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

/*
 * Who stands where, for game_enemy_blocks_cell and game_units_near: the
 * units in a neighbour grid (spatial.h), made when first asked after they
 * have moved (in a tick, or game_units_moved), so that a question about a
 * place costs the units near it, not every unit on the map. A cache:
 * asking changes no game state.
 */
struct game_blockers {
	struct spatial		*sp;
	struct spatial_hits	*hits;
	bool			 ok;		/* made since they last moved */
	long			 tick;		/* ... at this tick */
	double			 reach;		/* largest ground radius */
};

/* Units have been moved outside a tick: forget who stood where. */
void
game_units_moved(struct game *g)
{
	g->blockers->ok = false;
}

/* The grid of who stands where, made if the units have moved since. */
static struct game_blockers *
game_blockers(const struct game *g)
{
	struct game_blockers	*b = g->blockers;
	int			 i;

	if (!b->ok || b->tick != g->tick) {
		spatial_build(b->sp, &g->agents[0].pos, &g->agents[0].vel,
		    sizeof *g->agents, g->nunits);
		b->reach = 0.0;
		for (i = 0; i < g->nunits; i++)
			if (game_alive(g, i) && game_ground(g, i) &&
			    g->agents[i].radius > b->reach)
				b->reach = g->agents[i].radius;
		b->ok = true;
		b->tick = g->tick;
	}
	return b;
}

/* Let v[r] sink to its place in the heap v[0, end). */
static void
game_sift(int32_t *v, int r, int end)
{
	int	c;
	int32_t	t;

	while ((c = 2 * r + 1) < end) {
		if (c + 1 < end && v[c + 1] > v[c])
			c++;
		if (v[r] >= v[c])
			return;
		t = v[r];
		v[r] = v[c];
		v[c] = t;
		r = c;
	}
}

/* Sort n indices ascending, in place (a heap sort: nothing allocated). */
static void
game_sort_indices(int32_t *v, int n)
{
	int	k;
	int32_t	t;

	for (k = n / 2 - 1; k >= 0; k--)
		game_sift(v, k, n);
	for (k = n - 1; k > 0; k--) {
		t = v[0];
		v[0] = v[k];
		v[k] = t;
		game_sift(v, 0, k);
	}
}

/*
 * The units whose centres may lie within r of p (every one that does, and
 * perhaps a few more: the caller checks each), in the order of their
 * indices, as a look at every unit in turn would meet them. The list goes
 * to *out and holds until the next question or until the units move.
 */
int
game_units_near(const struct game *g, struct vec p, double r,
    const int32_t **out)
{
	struct game_blockers	*b = game_blockers(g);

	spatial_query(b->sp, p, r * (1.0 + 1e-9) + 1e-9, -1, b->hits);
	game_sort_indices(b->hits->index, b->hits->n);
	*out = b->hits->index;
	return b->hits->n;
}

/* Whether a living ground enemy stands (even partly) on map cell (x, y). */
bool
game_enemy_blocks_cell(const struct game *g, int x, int y)
{
	struct game_blockers	*b = game_blockers(g);
	int			 i, k;

	/*
	 * A disc overlaps the cell's square only if its centre is within
	 * its radius of the square on each axis: nearer the cell's centre
	 * than (0.5 + radius) times the square root of two.
	 */
	spatial_query(b->sp, game_centre(x, y), (0.5 + b->reach) * M_SQRT2 +
	    1e-9, -1, b->hits);
	for (k = 0; k < b->hits->n; k++) {
		i = b->hits->index[k];
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
 * Cut a ground enemy's waypoint path from where it stands, down the field
 * it follows (a hunter's hunt field, else the exit field). The first
 * waypoint is the centre of its own cell: the agent heads straight for the
 * second unless via_centre asks it to go by the centre first, the sure way
 * out of any corner it may have slid into.
 */
void
game_plan(struct game *g, int i, bool via_centre)
{
	struct steer_agent	*a = &g->agents[i];
	struct game_unit	*u = &g->units[i];
	struct point		*buf = g->paths + (size_t)u->pathslot *
				    GAME_PATH_MAX;
	const struct field	*f = a->field != NULL ? a->field : g->field;
	int			 cx = (int)floor(a->pos.x);
	int			 cy = (int)floor(a->pos.y), n, first = 0;

	if (f == g->field)
		n = path_waypoints_memo(g->plans, f, &g->grid, cx, cy,
		    g->descend, GAME_PATH_MAX + 1, g->descend + GAME_PATH_MAX +
		    1, g->descend_max - GAME_PATH_MAX - 1);
	else
		n = path_waypoints_first(f, &g->grid, cx, cy, g->descend,
		    g->descend_max, GAME_PATH_MAX + 1);
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
void
game_circles(struct game *g)
{
	int	t, n = 0;

	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];

		if (!tw->used ||
		    tower_types[tw->type].attack == TOWER_ATTACK_NONE)
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
 * shorter); so do flow movers walking a path out of a stall. Flow movers
 * read the repaired field as it is. This is the one place the map and its
 * field change.
 */
void
game_map_changed(struct game *g, int x, int y, int cost)
{
	bool	placed = cost == 0;
	int	i, old = grid_get_cost(&g->grid, x, y);

	if (placed)
		repair_block(g->field, &g->grid, x, y);
	else
		repair_unblock(g->field, &g->grid, x, y, cost);
	g->map_gen++;
	path_memo_forget(g->plans);
	game_hero_map_changed(g, x, y, old);
	game_circles(g);
	for (i = 0; i < g->nunits; i++) {
		if (!game_alive(g, i))
			continue;
		if ((g->units[i].mover == ENEMY_PATH ||
		    (g->units[i].mover == ENEMY_FLOW &&
		    g->units[i].squeeze > 0)) &&
		    (!placed || !game_path_clear(g, i)))
			game_plan(g, i, false);
	}
}

/* Enemies level lv sends, and the most pieces they may split into. */
int
game_enemy_total(const struct level *lv)
{
	int	i, k, total = level_total_enemies(lv);

	for (i = 0; i < lv->nwaves; i++)
		for (k = 0; k < lv->waves[i].ngroups; k++)
			total += lv->waves[i].groups[k].count *
			    enemy_types[lv->waves[i].groups[k].enemy].split_count;
	return total;
}

/* Make a game of level lv, as written, with the generator seeded by seed. */
struct game *
game_new(const struct level *lv, uint64_t seed, bool sandbox)
{
	struct game_opts	o = GAME_OPTS_INIT;

	o.sandbox = sandbox;
	return game_new_opts(lv, seed, &o);
}

/* The waves: the level's own, then for an endless game the made ones. */
static void
game_new_waves(struct game *g, uint64_t seed)
{
	const struct level	*lv = g->lv;
	int			 n;

	g->level_waves = lv->nwaves;
	g->nwaves = lv->nwaves;
	g->waves = lv->waves;
	if (!g->endless || lv->nwaves == 0)
		return;
	g->nwaves = lv->nwaves + GAME_ENDLESS_WAVES;
	g->made_waves = xcalloc((size_t)g->nwaves, sizeof *g->made_waves);
	memcpy(g->made_waves, lv->waves, (size_t)lv->nwaves *
	    sizeof *g->made_waves);
	for (n = 1; n <= GAME_ENDLESS_WAVES; n++)
		game_endless_wave(lv, seed, n, &g->made_waves[lv->nwaves + n -
		    1]);
	g->waves = g->made_waves;
}

/* Make a game of level lv played as o says, seeded by seed. */
struct game *
game_new_opts(const struct level *lv, uint64_t seed, const struct game_opts *o)
{
	struct game	*g = xcalloc(1, sizeof *g);
	size_t		 cells = grid_cells(lv->w, lv->h);
	int		 i, k, total, buildable = 0, x, y;
	const struct difficulty_type *d;

	g->lv = lv;
	g->w = lv->w;
	g->h = lv->h;
	g->sandbox = o->sandbox;
	g->difficulty = o->difficulty >= 0 && o->difficulty < DIFF_NKINDS ?
	    o->difficulty : DIFF_NORMAL;
	g->endless = o->endless;
	d = &difficulty_types[g->difficulty];
	g->state = GAME_PLAYING;
	g->undo_none = GAME_NO_UNDO;
	steer_rng_seed(&g->rng, seed);
	g->gold = game_pct(lv->gold, d->gold_pct, 0);
	g->income = g->gold;
	g->lives = game_start_lives(g);

	grid_init(&g->grid, xmalloc(cells), lv->w, lv->h, lv->diagonal);
	level_build_grid(lv, &g->grid);
	g->field = field_new(lv->w, lv->h);
	g->goals = xcalloc((size_t)lv->nexits, sizeof *g->goals);
	for (i = 0; i < lv->nexits; i++)
		g->goals[i] = grid_index(&g->grid, lv->exits[i].x,
		    lv->exits[i].y);
	g->ngoals = lv->nexits;
	g->scratch = xcalloc(2 * cells, sizeof *g->scratch);
	g->cut = reach_cut_new(lv->w, lv->h);
	g->blockers = xcalloc(1, sizeof *g->blockers);
	g->descend_max = lv->w * lv->h + 1 + GAME_PATH_MAX + 1;
	g->descend = xcalloc((size_t)g->descend_max, sizeof *g->descend);
	g->plans = path_memo_new(lv->w, lv->h);
	g->hero = -1;

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

	game_new_waves(g, seed);

	/*
	 * Enemies and shots: as many enemies as the level sends, and the
	 * pieces its splitting kinds may split into, capped (endless: the
	 * cap).
	 */
	total = g->endless ? GAME_MAX_ENEMIES : game_enemy_total(lv);
	g->max_births = g->endless ? GAME_MAX_ENEMIES :
	    level_total_enemies(lv);
	g->max_enemies = total < GAME_MAX_ENEMIES ? total : GAME_MAX_ENEMIES;
	if (g->max_enemies < 1)
		g->max_enemies = 1;
	g->max_units = g->max_enemies + GAME_MAX_SHOTS + 1;	/* + hero */
	g->blockers->sp = spatial_new(lv->w, lv->h, 2.0, g->max_units);
	g->blockers->hits = spatial_hits_new(g->max_units);
	g->agents = xcalloc((size_t)g->max_units, sizeof *g->agents);
	g->units = xcalloc((size_t)g->max_units, sizeof *g->units);
	g->remap = xcalloc((size_t)g->max_units, sizeof *g->remap);
	for (k = 1; k < 2 * g->max_units; k *= 2)
		;
	g->chase_mask = k - 1;
	g->chase_key = xcalloc((size_t)k, sizeof *g->chase_key);
	g->chase_head = xcalloc((size_t)k, sizeof *g->chase_head);
	g->chase_next = xcalloc((size_t)g->max_units, sizeof *g->chase_next);
	g->paths = xcalloc((size_t)g->max_enemies * GAME_PATH_MAX,
	    sizeof *g->paths);
	g->free_paths = xcalloc((size_t)g->max_enemies,
	    sizeof *g->free_paths);
	for (i = 0; i < g->max_enemies; i++)
		g->free_paths[i] = g->max_enemies - 1 - i;
	g->nfree_paths = g->max_enemies;
	g->spawn_turn = xcalloc(LEVEL_MAX_SPAWNS, sizeof *g->spawn_turn);
	g->births = xcalloc((size_t)g->max_births + 1, sizeof *g->births);

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
	g->near = spatial_hits_new(g->max_units);

	/* Waves. */
	g->wave_start = xcalloc((size_t)g->nwaves + 1, sizeof *g->wave_start);
	g->wave_sent = xcalloc((size_t)g->nwaves + 1, sizeof *g->wave_sent);
	g->wave_total = xcalloc((size_t)g->nwaves + 1, sizeof *g->wave_total);
	g->wave_alive = xcalloc((size_t)g->nwaves + 1, sizeof *g->wave_alive);
	g->wave_done = xcalloc((size_t)g->nwaves + 1, sizeof *g->wave_done);
	g->group_sent = xcalloc(((size_t)g->nwaves + 1) * LEVEL_MAX_GROUPS,
	    sizeof *g->group_sent);
	for (i = 0; i < g->nwaves; i++) {
		g->wave_start[i] = -1;
		for (k = 0; k < g->waves[i].ngroups; k++)
			g->wave_total[i] += g->waves[i].groups[k].count;
	}
	g->next_wave_at = g->nwaves > 0 ? game_ms_ticks(g->waves[0].after_ms) :
	    -1;

	field_build(g->field, &g->grid, g->goals, g->ngoals);
	game_hero_new(g);
	game_circles(g);
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
	reach_cut_free(g->cut);
	if (g->blockers != NULL) {
		spatial_free(g->blockers->sp);
		spatial_hits_free(g->blockers->hits);
		free(g->blockers);
	}
	free(g->descend);
	path_memo_free(g->plans);
	free(g->towers);
	free(g->circles);
	free(g->tower_at);
	steer_crowd_free(g->crowd);
	free(g->agents);
	free(g->units);
	free(g->remap);
	free(g->chase_key);
	free(g->chase_head);
	free(g->chase_next);
	free(g->paths);
	free(g->free_paths);
	free(g->spawn_turn);
	free(g->births);
	spatial_hits_free(g->near);
	free(g->sources);
	free(g->wave_start);
	free(g->wave_sent);
	free(g->wave_total);
	free(g->wave_alive);
	free(g->wave_done);
	free(g->group_sent);
	free(g->made_waves);
	free(g->log);
	game_hero_free(g);
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
void
game_end(struct game *g, enum game_state s)
{
	struct game_event	ev;

	if (g->state != GAME_PLAYING)
		return;
	g->state = s;
	if (s == GAME_WON && !g->endless)
		g->score += GAME_SCORE_LIFE * g->lives;
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
	s->income = g->income;
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
		else if (u->kind == GAME_UNIT_ENEMY) {
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
	if (g->hero >= 0)
		g->hero = g->remap[g->hero];
	g->nunits = n;
}

/* One fixed step of 1/GAME_RATE seconds. Allocates nothing. */
void
game_tick(struct game *g)
{
	if (g->state != GAME_PLAYING)
		return;
	g->tick++;
	game_powers(g);
	g->blockers->ok = false;
	game_waves(g);
	game_enemies(g);
	game_hero_step(g);
	steer_crowd_step(g->crowd, g->agents, g->nunits, GAME_DT);
	game_heal(g);
	game_hero_fight(g);
	game_exits(g);
	g->blockers->ok = false;	/* they have moved */
	if (g->state == GAME_PLAYING) {
		game_shots(g);
		game_towers(g);
	}
	game_compact(g);
	game_births(g);
	g->blockers->ok = false;	/* renumbered */
	game_hero_hunt(g);
	game_bookkeeping(g);
	game_undo_watch(g);
}
