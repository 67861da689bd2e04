/* SPDX-License-Identifier: ISC */
/*
 * Copying a game: the whole state of one game written over another made
 * from a level of the same shape and the same setting, so that both then
 * play on bit for bit alike. A replay keeps such copies as keyframes and
 * seeks back by copying one over the game being shown (replay.h); taking
 * over a replay copies the moment into a game of the player's own.
 *
 * Every buffer the game owns was sized when it was made, so a copy is the
 * scalars of struct game, then each buffer's contents, then the pointers
 * that lead into buffers (an agent's waypoints and field, a unit's goal
 * field) moved to the same place in the copy's own. What is only a cache
 * (who stands where, the waypoint memo, one tick's look-ups) is forgotten
 * rather than copied: it is made again when first asked, and the answers
 * are the same. Nothing is allocated but room for a longer command log.
 */
#include <string.h>

#include "game-internal.h"
#include "hunt.h"
#include "path.h"
#include "route.h"
#include "util.h"

/* Whether dst was made like src: the same shape of every buffer. */
static bool
game_copy_fits(const struct game *dst, const struct game *src)
{
	return dst->w == src->w && dst->h == src->h &&
	    dst->grid.diagonal == src->grid.diagonal &&
	    dst->max_units == src->max_units &&
	    dst->max_enemies == src->max_enemies &&
	    dst->max_towers == src->max_towers &&
	    dst->max_births == src->max_births &&
	    dst->nwaves == src->nwaves && dst->level_waves == src->level_waves &&
	    dst->nspawn_cells == src->nspawn_cells &&
	    dst->has_hero == src->has_hero && dst->endless == src->endless &&
	    (dst->made_waves != NULL) == (src->made_waves != NULL) &&
	    dst->field->ncells == src->field->ncells;
}

/* Put back into dst every buffer it owns, as kept before the copy. */
static void
game_copy_keep(struct game *dst, const struct game *keep)
{
	dst->lv = keep->lv;
	dst->grid.cost = keep->grid.cost;
	dst->field = keep->field;
	dst->goals = keep->goals;
	dst->sources = keep->sources;
	dst->scratch = keep->scratch;
	dst->cut = keep->cut;
	dst->descend = keep->descend;
	dst->plans = keep->plans;
	dst->towers = keep->towers;
	dst->tower_at = keep->tower_at;
	dst->circles = keep->circles;
	dst->crowd = keep->crowd;
	dst->agents = keep->agents;
	dst->units = keep->units;
	dst->paths = keep->paths;
	dst->free_paths = keep->free_paths;
	dst->remap = keep->remap;
	dst->chase_key = keep->chase_key;
	dst->chase_head = keep->chase_head;
	dst->chase_next = keep->chase_next;
	dst->blockers = keep->blockers;
	dst->spawn_turn = keep->spawn_turn;
	dst->near = keep->near;
	dst->births = keep->births;
	dst->made_waves = keep->made_waves;
	dst->waves = keep->made_waves != NULL ? keep->made_waves :
	    keep->lv->waves;
	dst->wave_start = keep->wave_start;
	dst->wave_sent = keep->wave_sent;
	dst->wave_total = keep->wave_total;
	dst->wave_alive = keep->wave_alive;
	dst->wave_done = keep->wave_done;
	dst->group_sent = keep->group_sent;
	dst->hunt = keep->hunt;
	dst->chase = keep->chase;
	dst->hero_route = keep->hero_route;
	dst->hunt_cells = keep->hunt_cells;
	dst->hero_path = keep->hero_path;
	dst->hero_walk = keep->hero_walk;	/* scratch (hunt_plan copies) */
	dst->log = keep->log;
	dst->log_size = keep->log_size;
	dst->on_event = keep->on_event;
	dst->event_arg = keep->event_arg;
}

/* The field of dst that stands where f stands in src (NULL stays NULL). */
static const struct field *
game_copy_field(const struct game *dst, const struct game *src,
    const struct field *f)
{
	if (f == NULL)
		return NULL;
	if (f == src->hunt)
		return dst->hunt;
	return dst->field;
}

/* The waypoints of dst that stand where p stands in src. */
static const struct point *
game_copy_path(const struct game *dst, const struct game *src,
    const struct point *p)
{
	size_t	n = (size_t)src->max_enemies * GAME_PATH_MAX;

	if (p == NULL)
		return NULL;
	if (src->hero_path != NULL && p >= src->hero_path &&
	    p < src->hero_path + GAME_PATH_MAX)
		return dst->hero_path + (p - src->hero_path);
	if (p >= src->paths && p < src->paths + n)
		return dst->paths + (p - src->paths);
	return p;	/* not the game's: leave it */
}

/* Copy the contents of every per-wave buffer. */
static void
game_copy_waves(struct game *dst, const struct game *src)
{
	size_t	n = (size_t)src->nwaves + 1;

	memcpy(dst->wave_start, src->wave_start, n * sizeof *dst->wave_start);
	memcpy(dst->wave_sent, src->wave_sent, n * sizeof *dst->wave_sent);
	memcpy(dst->wave_total, src->wave_total, n * sizeof *dst->wave_total);
	memcpy(dst->wave_alive, src->wave_alive, n * sizeof *dst->wave_alive);
	memcpy(dst->wave_done, src->wave_done, n * sizeof *dst->wave_done);
	memcpy(dst->group_sent, src->group_sent, n * LEVEL_MAX_GROUPS *
	    sizeof *dst->group_sent);
	if (src->made_waves != NULL)
		memcpy(dst->made_waves, src->made_waves,
		    (size_t)src->nwaves * sizeof *dst->made_waves);
}

/* Copy the towers, the units and the map. */
static void
game_copy_buffers(struct game *dst, const struct game *src)
{
	size_t	cells = (size_t)src->w * src->h;
	int	i;

	memcpy(dst->grid.cost, src->grid.cost, grid_cells(src->w, src->h));
	field_copy(dst->field, src->field);
	memcpy(dst->goals, src->goals, (size_t)src->ngoals * sizeof *dst->goals);
	memcpy(dst->sources, src->sources, (size_t)(src->nspawn_cells +
	    src->max_enemies) * sizeof *dst->sources);
	memcpy(dst->towers, src->towers, (size_t)src->max_towers *
	    sizeof *dst->towers);
	memcpy(dst->tower_at, src->tower_at, cells * sizeof *dst->tower_at);
	memcpy(dst->circles, src->circles, (size_t)src->max_towers *
	    sizeof *dst->circles);
	memcpy(dst->agents, src->agents, (size_t)src->nunits *
	    sizeof *dst->agents);
	memcpy(dst->units, src->units, (size_t)src->nunits *
	    sizeof *dst->units);
	for (i = 0; i < src->nunits; i++) {
		dst->agents[i].field = game_copy_field(dst, src,
		    src->agents[i].field);
		dst->agents[i].path = game_copy_path(dst, src,
		    src->agents[i].path);
		dst->units[i].goal_field = game_copy_field(dst, src,
		    src->units[i].goal_field);
	}
	memcpy(dst->paths, src->paths, (size_t)src->max_enemies *
	    GAME_PATH_MAX * sizeof *dst->paths);
	memcpy(dst->free_paths, src->free_paths, (size_t)src->max_enemies *
	    sizeof *dst->free_paths);
	memcpy(dst->spawn_turn, src->spawn_turn, LEVEL_MAX_SPAWNS *
	    sizeof *dst->spawn_turn);
	memcpy(dst->births, src->births, ((size_t)src->max_births + 1) *
	    sizeof *dst->births);
	if (src->nlog > 0)
		memcpy(dst->log, src->log, (size_t)src->nlog *
		    sizeof *dst->log);
	if (src->has_hero) {
		/* The hunt field's whole upkeep: it goes on as src's would. */
		hunt_copy(dst->chase, src->chase);
		route_forget(dst->hero_route);	/* labels: of dst's old map */
		memcpy(dst->hero_path, src->hero_path, GAME_PATH_MAX *
		    sizeof *dst->hero_path);
	}
}

/*
 * Make dst the very game src is: dst must have been made by game_new_opts
 * from a level of the same shape (the same level, or the same text parsed
 * again) with the same setting. dst keeps its own event callback. -1 when
 * dst was not made like src (nothing is changed then). Allocates only to
 * lengthen dst's command log.
 */
int
game_copy(struct game *dst, const struct game *src)
{
	struct game	keep;

	if (dst == src)
		return 0;
	if (!game_copy_fits(dst, src))
		return -1;
	if (dst->log_size < src->nlog) {
		dst->log = xrealloc(dst->log, (size_t)src->nlog,
		    sizeof *dst->log);
		dst->log_size = src->nlog;
	}
	keep = *dst;
	*dst = *src;
	game_copy_keep(dst, &keep);
	game_copy_buffers(dst, src);
	game_copy_waves(dst, src);
	dst->crowd->obstacles = dst->circles;
	dst->crowd->nobstacles = src->crowd->nobstacles;
	game_units_moved(dst);	/* who stands where: asked anew */
	dst->chase_ok = false;
	dst->boss_ok = false;
	path_memo_forget(dst->plans);
	return 0;
}
