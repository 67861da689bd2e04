/* SPDX-License-Identifier: ISC */
/*
 * Commands: everything a player, a script or the bot can do, checked,
 * carried out between two ticks and logged. A refused command changes
 * nothing but the log and says why in a reject event.
 */
#include <math.h>
#include <string.h>

#include "game-internal.h"
#include "util.h"

/*
 * Whether placing tower at (x, y) would turn the wall standing there into
 * it: an attacking kind over a tower that does not attack.
 */
bool
game_builds_over(const struct game *g, int tower, int x, int y)
{
	int32_t	t;

	if (tower < 0 || tower >= TOWER_NTYPES || !grid_inside(&g->grid, x, y))
		return false;
	if ((t = g->tower_at[(size_t)y * g->w + x]) < 0)
		return false;
	return tower_types[tower].attack != TOWER_ATTACK_NONE &&
	    tower_types[g->towers[t].type].attack == TOWER_ATTACK_NONE;
}

/* What placing tower at (x, y) costs: its price, less a wall it replaces. */
int
game_place_cost(const struct game *g, int tower, int x, int y)
{
	int	cost;

	if (tower < 0 || tower >= TOWER_NTYPES)
		return 0;
	cost = tower_types[tower].level[0].cost;
	if (game_builds_over(g, tower, x, y)) {
		const struct game_tower *tw = game_tower_at(g, x, y);

		cost -= tower_spent(tw->type, tw->level);
		if (cost < 0)
			cost = 0;
	}
	return cost;
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
	if (game_builds_over(g, tower, x, y)) {
		/* The cell stays blocked: nothing to cut off, none to add. */
		if (!g->sandbox && g->gold < game_place_cost(g, tower, x, y))
			return GAME_NO_GOLD;
		return GAME_OK;
	}
	if (g->tower_at[(size_t)y * g->w + x] >= 0 ||
	    game_barrier_at(g, x, y) >= 0 ||
	    game_enemy_blocks_cell(g, x, y) || game_hero_blocks_cell(g, x, y))
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
	struct game_tower	*tw, wall;
	struct game_event	 ev;
	int			 t, over = -1;

	if (r != GAME_OK)
		return r;
	ev = game_event_make(GAME_EV_PLACE);
	if (game_builds_over(g, c->tower, c->x, c->y)) {
		/* The wall becomes the tower where it stands. */
		t = g->tower_at[(size_t)c->y * g->w + c->x];
		over = g->towers[t].type;
		wall = g->towers[t];
		ev.gold = game_pay(g, game_place_cost(g, c->tower, c->x,
		    c->y));
		ev.value = 1;
	} else {
		for (t = 0; t < g->max_towers && g->towers[t].used; t++)
			;
		ev.gold = game_pay(g, tower_types[c->tower].level[0].cost);
	}
	tw = &g->towers[t];
	memset(tw, 0, sizeof *tw);
	tw->used = true;
	tw->type = c->tower;
	tw->level = 1;
	tw->spec = -1;
	tw->x = c->x;
	tw->y = c->y;
	tw->mode = TOWER_TARGET_FIRST;
	tw->aim = -M_PI / 2;
	if (over >= 0)
		game_circles(g);
	else {
		if (t >= g->ntowers)
			g->ntowers = t + 1;
		g->nstanding++;
		g->tower_at[(size_t)c->y * g->w + c->x] = t;
		game_map_changed(g, c->x, c->y, 0);
	}
	game_undo_push(g, t, ev.gold, over >= 0 ? &wall : NULL);

	ev.tower = c->tower;
	ev.x = c->x;
	ev.y = c->y;
	ev.level = 1;
	game_emit(g, &ev);
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
	game_undo_paid(g, t, ev.gold);
	ev.tower = tw->type;
	ev.x = tw->x;
	ev.y = tw->y;
	ev.level = tw->level;
	game_emit(g, &ev);
	return GAME_OK;
}

/*
 * specialise X Y NAME: a tower at its top level becomes one of its kind's
 * specialisations, for good. Refused below the top level, for a name of
 * another kind's, when it has one already, and without the gold.
 */
static enum game_reason
game_do_specialise(struct game *g, const struct game_cmd *c)
{
	const struct tower_spec	*sp;
	enum game_reason	 r;
	struct game_tower	*tw;
	struct game_event	 ev;
	int			 t, kind = -1;

	if ((t = game_find_tower(g, c->x, c->y, &r)) < 0)
		return r;
	tw = &g->towers[t];
	if ((sp = spec_of(c->spec, &kind)) == NULL)
		return GAME_BAD_COMMAND;
	if (kind != tw->type)
		return GAME_WRONG_SPEC;
	if (tw->level < tower_types[tw->type].nlevels)
		return GAME_NOT_TOP;
	if (tw->spec >= 0)
		return GAME_SPECIALISED;
	if (!g->sandbox && g->gold < sp->cost)
		return GAME_NO_GOLD;
	tw->spec = c->spec;

	ev = game_event_make(GAME_EV_SPECIALISE);
	ev.gold = game_pay(g, sp->cost);
	game_undo_paid(g, t, ev.gold);
	ev.tower = tw->type;
	ev.x = tw->x;
	ev.y = tw->y;
	ev.level = tw->level;
	ev.mode = tw->spec;
	game_emit(g, &ev);
	return GAME_OK;
}

/* What selling tower tw returns: its share of all it cost. */
int
game_tower_refund(const struct game_tower *tw)
{
	const struct tower_spec	*sp = game_tower_spec(tw);

	return tower_refund(tw->type, tw->level) + (sp != NULL ? sp->cost *
	    TOWER_REFUND_PCT / 100 : 0);
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
	game_undo_forget(g, t);
	refund = g->sandbox ? 0 : game_tower_refund(tw);
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
	if (tower_types[tw->type].attack == TOWER_ATTACK_NONE)
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
	return GAME_OK;
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
bool
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
	if (c->type == GAME_CMD_POWER && (c->power < 0 ||
	    c->power >= POWER_NKINDS))
		return false;
	if (c->type == GAME_CMD_SPECIALISE && spec_of(c->spec, NULL) == NULL)
		return false;
	if ((cmd_types[c->type].args & CMD_ARG_XY2) && (c->x2 <
	    -GAME_COORD_MAX || c->x2 > GAME_COORD_MAX || c->y2 <
	    -GAME_COORD_MAX || c->y2 > GAME_COORD_MAX))
		return false;
	return !(cmd_types[c->type].args & CMD_ARG_XY) ||
	    (c->x >= -GAME_COORD_MAX &&
	    c->x <= GAME_COORD_MAX && c->y >= -GAME_COORD_MAX &&
	    c->y <= GAME_COORD_MAX);
}

/* What carries out a command of one type: GAME_OK, or why it is refused. */
typedef enum game_reason game_do_fn(struct game *g, const struct game_cmd *c);

/* One handler a command type, in the order of enum game_cmd_type. */
static game_do_fn *const game_do[] = {
	[GAME_CMD_PLACE] = game_do_place,
	[GAME_CMD_UPGRADE] = game_do_upgrade,
	[GAME_CMD_SELL] = game_do_sell,
	[GAME_CMD_TARGET] = game_do_target,
	[GAME_CMD_WAVE] = game_do_wave,
	[GAME_CMD_HERO] = game_do_hero,
	[GAME_CMD_UNDO] = game_do_undo,
	[GAME_CMD_POWER] = game_do_power,
	[GAME_CMD_SPECIALISE] = game_do_specialise,
	[GAME_CMD_LINE] = game_do_batch,
	[GAME_CMD_UPGRADE_ALL] = game_do_batch,
	[GAME_CMD_UPGRADE_AREA] = game_do_batch,
};
_Static_assert(sizeof game_do / sizeof game_do[0] == GAME_NCMDS,
    "every command type needs its handler in game_do[]");

/*
 * Carry out command c at the current tick: do it and log it, or refuse it
 * (a refusal changes nothing, so it is not logged), and report either as
 * an event. Returns GAME_OK or the reason for refusal.
 */
enum game_reason
game_command(struct game *g, const struct game_cmd *c)
{
	enum game_reason	 r = GAME_BAD_COMMAND;
	bool			 valid = game_cmd_valid(c);

	/* Its parts are logged and reported, each as a command alone. */
	if (valid && cmd_types[c->type].many)
		return game_do[c->type](g, c);
	if (valid)
		r = game_do[c->type](g, c);
	if (r == GAME_OK) {
		game_log(g, c);
		return r;
	}
	game_reject(g, c, r, valid);
	return r;
}

/* Report command c refused for r (valid: game_cmd_valid's verdict). */
void
game_reject(struct game *g, const struct game_cmd *c, enum game_reason r,
    bool valid)
{
	struct game_event	 ev;

	ev = game_event_make(GAME_EV_REJECT);
	ev.cmd = c->type;
	ev.reason = r;
	if (!valid || (cmd_types[c->type].args & CMD_ARG_XY)) {
		ev.x = c->x;
		ev.y = c->y;
	}
	ev.tower = valid && (cmd_types[c->type].args & CMD_ARG_TOWER) ?
	    c->tower : -1;
	ev.power = valid && c->type == GAME_CMD_POWER ? c->power : -1;
	game_emit(g, &ev);
}

/* Place a tower of kind tower at (x, y). */
enum game_reason
game_place(struct game *g, int tower, int x, int y)
{
	struct game_cmd	c = { .type = GAME_CMD_PLACE, .tower = tower,
	    .x = x, .y = y, .power = -1 };

	return game_command(g, &c);
}

/* Upgrade the tower at (x, y). */
enum game_reason
game_upgrade(struct game *g, int x, int y)
{
	struct game_cmd	c = { .type = GAME_CMD_UPGRADE, .tower = -1,
	    .x = x, .y = y, .power = -1 };

	return game_command(g, &c);
}

/* Sell the tower at (x, y). */
enum game_reason
game_sell(struct game *g, int x, int y)
{
	struct game_cmd	c = { .type = GAME_CMD_SELL, .tower = -1,
	    .x = x, .y = y, .power = -1 };

	return game_command(g, &c);
}

/* Set the targeting mode of the tower at (x, y). */
enum game_reason
game_target(struct game *g, int x, int y, int mode)
{
	struct game_cmd	c = { .type = GAME_CMD_TARGET, .tower = -1,
	    .x = x, .y = y, .mode = mode, .power = -1 };

	return game_command(g, &c);
}

/* Use power at (x, y). */
enum game_reason
game_use_power(struct game *g, int power, int x, int y)
{
	struct game_cmd	c = { .type = GAME_CMD_POWER, .tower = -1,
	    .x = x, .y = y, .power = power };

	return game_command(g, &c);
}

/* Give the tower at (x, y) specialisation spec (spec_lookup's number). */
enum game_reason
game_specialise(struct game *g, int x, int y, int spec)
{
	struct game_cmd	c = { .type = GAME_CMD_SPECIALISE,
	    .tower = -1, .x = x, .y = y, .power = -1, .spec = spec };

	return game_command(g, &c);
}

/* Call the next wave now. */
enum game_reason
game_call_wave(struct game *g)
{
	struct game_cmd	c = { .type = GAME_CMD_WAVE, .tower = -1,
	    .x = -1, .y = -1, .power = -1 };

	return game_command(g, &c);
}

/* Take back the latest placement for all the gold paid for it. */
enum game_reason
game_undo(struct game *g)
{
	struct game_cmd	c = { .type = GAME_CMD_UNDO, .tower = -1,
	    .x = -1, .y = -1, .power = -1 };

	return game_command(g, &c);
}

/* Send the hero to (x, y). */
enum game_reason
game_order_hero(struct game *g, int x, int y)
{
	struct game_cmd	c = { .type = GAME_CMD_HERO, .tower = -1,
	    .x = x, .y = y, .power = -1 };

	return game_command(g, &c);
}
