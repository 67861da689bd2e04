/* SPDX-License-Identifier: ISC */
/*
 * The life of a game: making one from a level, freeing it, and the order
 * of a tick. See game.h for the model. This is the roof of the game's
 * files: it calls every concern and none calls it. Below it, each above
 * those it uses: commands (game-cmd.c), waves and spawning (game-wave.c),
 * powers (game-power.c), undo (game-undo.c), what each enemy does before
 * the crowd moves (game-enemy.c), the hero and the hunt (game-hero.c),
 * towers and shots (game-combat.c); under them all the floor they share:
 * events and the end (game-event.c), and the map, who stands on it, plans
 * and the one door the map changes by (game-map.c). The state hash
 * (game-hash.c) stands apart.
 *
 * A tick, in order: cool the powers down and let their effects work or
 * end (a barrier falls, a freeze chills what stands in it); start a wave
 * whose calm is over and send the enemies that are due; update each
 * enemy's condition (slow, panic, formation, waypoint path, route left);
 * move the whole crowd one step (steer.h); take the leaks at the exits;
 * let shots that arrived hit; let towers that have reloaded attack; drop
 * the dead from the crowd; then the bookkeeping of waves cleared, victory
 * and defeat. Events carry the clock after the step, g->tick; a command
 * carries the clock it was given at.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "game-internal.h"
#include "path.h"
#include "spatial.h"
#include "util.h"

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
	g->seed = seed;
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
	game_blockers_new(g);
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
	game_blockers_free(g);
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
	game_units_moved(g);
	game_waves(g);
	game_enemies(g);
	game_hero_step(g);
	steer_crowd_step(g->crowd, g->agents, g->nunits, GAME_DT);
	game_heal(g);
	game_hero_fight(g);
	game_exits(g);
	game_units_moved(g);	/* they have moved */
	if (g->state == GAME_PLAYING) {
		game_shots(g);
		game_towers(g);
	}
	game_compact(g);
	game_births(g);
	game_units_moved(g);	/* renumbered */
	game_hero_hunt(g);
	game_bookkeeping(g);
	game_undo_watch(g);
}
