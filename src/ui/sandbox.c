/*
 * The navigation sandbox. The grid always holds the level's costs with 0 on
 * every player wall; after each accepted change the field is rebuilt from the
 * exits and the route from every spawn is marked again. A route is the
 * waypoint path of the spawn's middle cell, drawn as the cells each straight
 * segment passes through, so it shows exactly where an enemy walking the
 * waypoints would go.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/reach.h"
#include "core/util.h"
#include "ui/sandbox.h"

static const char *const sandbox_overlay_names[SANDBOX_NOVERLAYS] = {
	"none", "heatmap", "flow arrows", "line of sight", "paths"
};

/* Index of map cell (x, y) in the unpadded per-cell arrays. */
static size_t
sandbox_cell(const struct sandbox *sb, int x, int y)
{
	return (size_t)y * (size_t)sb->w + (size_t)x;
}

/* Mark with bit every cell the segment between two cell centres crosses. */
static void
sandbox_mark_segment(struct sandbox *sb, struct point a, struct point b,
    uint8_t bit)
{
	int dx = abs(b.x - a.x), dy = abs(b.y - a.y);
	int sx = b.x > a.x ? 1 : -1, sy = b.y > a.y ? 1 : -1;
	int x = a.x, y = a.y, n = 1 + dx + dy, err = dx - dy;

	/*
	 * Walk the cells in the order the segment enters them: err compares
	 * how far the segment is from its next vertical and horizontal cell
	 * edges. At err == 0 it passes exactly through a corner and enters
	 * the diagonal cell directly, touching neither side cell's inside.
	 */
	dx *= 2;
	dy *= 2;
	for (; n > 0; n--) {
		if (x >= 0 && y >= 0 && x < sb->w && y < sb->h)
			sb->route[sandbox_cell(sb, x, y)] |= bit;
		if (err > 0) {
			x += sx;
			err -= dy;
		} else if (err < 0) {
			y += sy;
			err += dx;
		} else {
			x += sx;
			y += sy;
			err += dx - dy;
			n--;
		}
	}
}

/* The cell a spawn's route starts from: the middle one of its cells. */
static struct level_point
sandbox_spawn_cell(const struct sandbox *sb, int s)
{
	const struct level_spawn *sp = &sb->lv->spawns[s];

	return sp->cells[sp->ncells / 2];
}

/*
 * Mark with bit the route of every spawn over f, g, and each waypoint also
 * with wpbit (may be 0); store each spawn's route length in len.
 */
static void
sandbox_mark_routes(struct sandbox *sb, const struct field *f,
    const struct grid *g, uint8_t bit, uint8_t wpbit, double *len)
{
	size_t	ncell = (size_t)sb->w * (size_t)sb->h;
	int	s, n, k;

	for (size_t i = 0; i < ncell; i++)
		sb->route[i] &= (uint8_t)~(bit | wpbit);
	for (s = 0; s < sb->lv->nspawns; s++) {
		struct level_point p = sandbox_spawn_cell(sb, s);
		struct point *wp = sb->pathbuf;

		len[s] = field_distance(f, p.x, p.y);
		n = path_waypoints(f, g, p.x, p.y, wp, sb->pathmax);
		for (k = 0; k < n; k++) {
			sb->route[sandbox_cell(sb, wp[k].x, wp[k].y)] |=
			    bit | wpbit;
			if (k + 1 < n)
				sandbox_mark_segment(sb, wp[k], wp[k + 1], bit);
		}
	}
}

/* Rebuild the field and the routes after the grid changed. */
static void
sandbox_rebuild(struct sandbox *sb)
{
	int64_t	max = 0;

	field_build(sb->field, &sb->grid, sb->goals, sb->ngoals);
	for (size_t i = 0; i < sb->field->ncells; i++) {
		if (sb->field->dist[i] != FIELD_INF && sb->field->dist[i] > max)
			max = sb->field->dist[i];
	}
	sb->maxdist = (double)max / (double)FIELD_UNIT;
	sandbox_mark_routes(sb, sb->field, &sb->grid, SANDBOX_ROUTE_NOW,
	    SANDBOX_ROUTE_WAYPOINT, sb->routelen);
	sb->gen++;
}

/* A sandbox on level lv (which must outlive it), cursor in the middle. */
struct sandbox *
sandbox_new(struct level *lv)
{
	struct sandbox	*sb = xcalloc(1, sizeof *sb);
	size_t		 ncell = (size_t)lv->w * (size_t)lv->h;
	int		 s, c, n = 0;

	sb->lv = lv;
	sb->w = lv->w;
	sb->h = lv->h;
	grid_init(&sb->grid, xmalloc(grid_cells(lv->w, lv->h)), lv->w, lv->h,
	    lv->diagonal);
	level_build_grid(lv, &sb->grid);
	grid_init(&sb->pgrid, xmalloc(grid_cells(lv->w, lv->h)), lv->w, lv->h,
	    lv->diagonal);
	sb->wall = xcalloc(ncell, 1);
	sb->route = xcalloc(ncell, 1);
	sb->field = field_new(lv->w, lv->h);
	sb->pfield = field_new(lv->w, lv->h);
	sb->scratch = xcalloc(2 * grid_cells(lv->w, lv->h), sizeof *sb->scratch);
	sb->pathmax = lv->w * lv->h + 1;
	sb->pathbuf = xcalloc((size_t)sb->pathmax, sizeof *sb->pathbuf);

	sb->ngoals = lv->nexits;
	sb->goals = xcalloc((size_t)lv->nexits + 1, sizeof *sb->goals);
	for (c = 0; c < lv->nexits; c++) {
		sb->goals[c] = grid_index(&sb->grid, lv->exits[c].x,
		    lv->exits[c].y);
	}
	for (s = 0; s < lv->nspawns; s++)
		n += lv->spawns[s].ncells;
	sb->sources = xcalloc((size_t)n + 1, sizeof *sb->sources);
	for (s = 0; s < lv->nspawns; s++) {
		for (c = 0; c < lv->spawns[s].ncells; c++) {
			sb->sources[sb->nsources++] = grid_index(&sb->grid,
			    lv->spawns[s].cells[c].x, lv->spawns[s].cells[c].y);
		}
	}

	sb->cx = lv->w / 2;
	sb->cy = lv->h / 2;
	sb->preview_on = true;
	sb->px = sb->py = -1;
	sandbox_rebuild(sb);
	return sb;
}

/* Free a sandbox (not its level). */
void
sandbox_free(struct sandbox *sb)
{
	if (sb == NULL)
		return;
	free(sb->grid.cost);
	free(sb->pgrid.cost);
	free(sb->wall);
	free(sb->route);
	field_free(sb->field);
	field_free(sb->pfield);
	free(sb->scratch);
	free(sb->pathbuf);
	free(sb->goals);
	free(sb->sources);
	free(sb);
}

/* Set the message line; error says it reports a refusal. */
void
sandbox_message(struct sandbox *sb, bool error, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(sb->msg, sizeof sb->msg, fmt, ap);
	va_end(ap);
	sb->msg_error = error;
}

/* Whether the player has a wall on (x, y). */
bool
sandbox_is_wall(const struct sandbox *sb, int x, int y)
{
	if (x < 0 || y < 0 || x >= sb->w || y >= sb->h)
		return false;
	return sb->wall[sandbox_cell(sb, x, y)] != 0;
}

/* Whether (x, y) is buildable ground with nothing on it yet. */
bool
sandbox_free_ground(const struct sandbox *sb, int x, int y)
{
	return level_buildable(sb->lv, x, y) && !sandbox_is_wall(sb, x, y);
}

/*
 * Write into labels (room for LEVEL_MAX_SPAWNS + 1) the labels of the spawns
 * a wall on (x, y) would cut off from every exit; returns how many.
 */
int
sandbox_blocked_spawns(struct sandbox *sb, int x, int y, char *labels)
{
	const struct level	*lv = sb->lv;
	int32_t			 src[LEVEL_SPAWN_CELLS];
	int			 s, c, n = 0, b;

	labels[0] = '\0';
	if (!reach_would_block(&sb->grid, sb->sources, sb->nsources, sb->goals,
	    sb->ngoals, x, y, sb->scratch))
		return 0;
	b = grid_index(&sb->grid, x, y);
	for (s = 0; s < lv->nspawns; s++) {
		for (c = 0; c < lv->spawns[s].ncells; c++) {
			src[c] = grid_index(&sb->grid, lv->spawns[s].cells[c].x,
			    lv->spawns[s].cells[c].y);
		}
		if (!reach_all(&sb->grid, src, lv->spawns[s].ncells, sb->goals,
		    sb->ngoals, b, sb->scratch))
			labels[n++] = lv->spawns[s].label;
	}
	labels[n] = '\0';
	return n;
}

/* "spawn A" or "spawns A, B and C" for a list of labels, into buf. */
static void
sandbox_spawn_list(const char *labels, char *buf, size_t size)
{
	size_t	n = strlen(labels), len;

	snprintf(buf, size, "spawn%s", n == 1 ? "" : "s");
	for (size_t i = 0; i < n; i++) {
		len = strlen(buf);
		snprintf(buf + len, size - len, "%s%c",
		    i == 0 ? " " : (i + 1 == n ? " and " : ", "), labels[i]);
	}
}

/* Build a wall on (x, y) unless the rules refuse; the message says why. */
enum sandbox_result
sandbox_place(struct sandbox *sb, int x, int y)
{
	char	labels[LEVEL_MAX_SPAWNS + 1], who[128];

	if (x < 0 || y < 0 || x >= sb->w || y >= sb->h) {
		sandbox_message(sb, true, "outside the map: (%d,%d)", x, y);
		return SANDBOX_OUTSIDE;
	}
	if (sandbox_is_wall(sb, x, y)) {
		sandbox_message(sb, true, "occupied: a wall stands at (%d,%d)",
		    x, y);
		return SANDBOX_OCCUPIED;
	}
	if (!level_buildable(sb->lv, x, y)) {
		sandbox_message(sb, true, "not buildable: (%d,%d) is %s", x, y,
		    sandbox_terrain_name(sb, x, y));
		return SANDBOX_NOT_BUILDABLE;
	}
	if (sandbox_blocked_spawns(sb, x, y, labels) > 0) {
		sandbox_spawn_list(labels, who, sizeof who);
		sandbox_message(sb, true, "would block: %s cut off from every "
		    "exit", who);
		return SANDBOX_BLOCKS;
	}
	sb->wall[sandbox_cell(sb, x, y)] = 1;
	sb->nwalls++;
	grid_set_cost(&sb->grid, x, y, 0);
	sandbox_rebuild(sb);
	sandbox_message(sb, false, "wall built at (%d,%d)", x, y);
	return SANDBOX_OK;
}

/* Take the player's wall off (x, y). */
enum sandbox_result
sandbox_remove(struct sandbox *sb, int x, int y)
{
	if (x < 0 || y < 0 || x >= sb->w || y >= sb->h) {
		sandbox_message(sb, true, "outside the map: (%d,%d)", x, y);
		return SANDBOX_OUTSIDE;
	}
	if (!sandbox_is_wall(sb, x, y)) {
		if (level_terrain_at(sb->lv, x, y) == LEVEL_WALL) {
			sandbox_message(sb, true, "nothing to remove: the "
			    "level's own walls stay");
		} else {
			sandbox_message(sb, true, "nothing to remove: no wall "
			    "of yours at (%d,%d)", x, y);
		}
		return SANDBOX_NO_WALL;
	}
	sb->wall[sandbox_cell(sb, x, y)] = 0;
	sb->nwalls--;
	grid_set_cost(&sb->grid, x, y, level_cost(sb->lv, x, y));
	sandbox_rebuild(sb);
	sandbox_message(sb, false, "wall removed from (%d,%d)", x, y);
	return SANDBOX_OK;
}

/* Remove every wall the player has built. */
void
sandbox_clear(struct sandbox *sb)
{
	int	x, y, n = sb->nwalls;

	for (y = 0; y < sb->h; y++) {
		for (x = 0; x < sb->w; x++) {
			if (!sandbox_is_wall(sb, x, y))
				continue;
			sb->wall[sandbox_cell(sb, x, y)] = 0;
			grid_set_cost(&sb->grid, x, y, level_cost(sb->lv, x, y));
		}
	}
	sb->nwalls = 0;
	if (n > 0)
		sandbox_rebuild(sb);
	sandbox_message(sb, false, "%d wall%s removed", n, n == 1 ? "" : "s");
}

/* Put the cursor on (x, y), clamped to the map; clears the message. */
void
sandbox_set_cursor(struct sandbox *sb, int x, int y)
{
	sb->cx = x < 0 ? 0 : (x >= sb->w ? sb->w - 1 : x);
	sb->cy = y < 0 ? 0 : (y >= sb->h ? sb->h - 1 : y);
	sb->msg[0] = '\0';
}

/* Move the cursor by (dx, dy), stopping at the map's edge. */
void
sandbox_move(struct sandbox *sb, int dx, int dy)
{
	sandbox_set_cursor(sb, sb->cx + dx, sb->cy + dy);
}

/* Show the next overlay. */
void
sandbox_cycle_overlay(struct sandbox *sb)
{
	sb->overlay = (sb->overlay + 1) % SANDBOX_NOVERLAYS;
	sandbox_message(sb, false, "overlay: %s",
	    sandbox_overlay_name(sb->overlay));
}

/* Carry out one command. */
enum sandbox_result
sandbox_apply(struct sandbox *sb, const struct sandbox_cmd *cmd)
{
	switch (cmd->type) {
	case SANDBOX_CMD_PLACE:
		return sandbox_place(sb, cmd->x, cmd->y);
	case SANDBOX_CMD_REMOVE:
		return sandbox_remove(sb, cmd->x, cmd->y);
	case SANDBOX_CMD_MOVE:
		sandbox_move(sb, cmd->x, cmd->y);
		break;
	case SANDBOX_CMD_CURSOR:
		sandbox_set_cursor(sb, cmd->x, cmd->y);
		break;
	case SANDBOX_CMD_CLEAR:
		sandbox_clear(sb);
		break;
	case SANDBOX_CMD_OVERLAY:
		sandbox_cycle_overlay(sb);
		break;
	case SANDBOX_CMD_PREVIEW:
		sb->preview_on = !sb->preview_on;
		sandbox_message(sb, false, "placement preview %s",
		    sb->preview_on ? "on" : "off");
		break;
	}
	return SANDBOX_OK;
}

/*
 * Bring the preview up to date with the cursor: on free buildable ground,
 * find which spawns a wall there would cut off, and if none, build the field
 * a wall there would give and mark its routes with SANDBOX_ROUTE_PREVIEW.
 * Does nothing when the cell and the grid are the ones already previewed.
 */
void
sandbox_update_preview(struct sandbox *sb)
{
	size_t	ncell = (size_t)sb->w * (size_t)sb->h;

	if (!sb->preview_on || !sandbox_free_ground(sb, sb->cx, sb->cy)) {
		if (sb->px != -1) {
			for (size_t i = 0; i < ncell; i++)
				sb->route[i] &= (uint8_t)~SANDBOX_ROUTE_PREVIEW;
		}
		sb->preview = SANDBOX_PREVIEW_NONE;
		sb->px = sb->py = -1;
		return;
	}
	if (sb->px == sb->cx && sb->py == sb->cy && sb->pgen == sb->gen)
		return;
	sb->px = sb->cx;
	sb->py = sb->cy;
	sb->pgen = sb->gen;
	if (sandbox_blocked_spawns(sb, sb->cx, sb->cy, sb->pblocked) > 0) {
		for (size_t i = 0; i < ncell; i++)
			sb->route[i] &= (uint8_t)~SANDBOX_ROUTE_PREVIEW;
		sb->preview = SANDBOX_PREVIEW_BLOCKS;
		return;
	}
	memcpy(sb->pgrid.cost, sb->grid.cost, grid_cells(sb->w, sb->h));
	grid_set_cost(&sb->pgrid, sb->cx, sb->cy, 0);
	field_build(sb->pfield, &sb->pgrid, sb->goals, sb->ngoals);
	sandbox_mark_routes(sb, sb->pfield, &sb->pgrid, SANDBOX_ROUTE_PREVIEW,
	    0, sb->proutelen);
	sb->preview = SANDBOX_PREVIEW_OPEN;
}

/* The overlay's name as the HUD shows it. */
const char *
sandbox_overlay_name(enum sandbox_overlay o)
{
	if (o >= SANDBOX_NOVERLAYS)
		return "?";
	return sandbox_overlay_names[o];
}

/* What stands on (x, y), in words. */
const char *
sandbox_terrain_name(const struct sandbox *sb, int x, int y)
{
	if (sandbox_is_wall(sb, x, y))
		return "your wall";
	switch (level_terrain_at(sb->lv, x, y)) {
	case LEVEL_WALL:
		return "wall";
	case LEVEL_GROUND:
		return "ground";
	case LEVEL_ROAD:
		return "road";
	case LEVEL_SLOW:
		return "slow ground";
	case LEVEL_SPAWN:
		return "spawn";
	case LEVEL_EXIT:
		return "exit";
	}
	return "?";
}
