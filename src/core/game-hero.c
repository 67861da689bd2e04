/* SPDX-License-Identifier: ISC */
/*
 * The hero and the hunt. The hero is a ground unit of the crowd that the
 * player sends about: it walks a waypoint path cut from a field whose goal
 * is the cell it was sent to, strikes the nearest enemy in reach, loses hit
 * points to the hunters that touch it, falls, and comes back at its start.
 *
 * The hero's walk is a route query (route.h: A* from where it stands to
 * its order), made at most once a tick whatever the orders that tick: an
 * order costs a look at the map's components, not a field.
 *
 * The hunt field has the hero's cell as its one goal and is kept valid,
 * not exact (hunt.h): each time the hero enters a new cell the goal steps
 * in O(1), and each tick the wave settles the cells round every hunter
 * and a slice of an exact build goes on; a tower placed or sold cuts and
 * settles what it breaks (game_map_changed, game-map.c, which also has the
 * hero's path cut anew). The field is told the cells the hero's path will
 * take it through (game_hero_tell, game-map.c), so that its exact builds
 * aim where the hero will stand and are taken before it comes. Hunting
 * enemies follow it while the hero stands and they can reach it, and the
 * exit field otherwise. A hunter that was hunting when the hero fell is
 * sated: it makes for an exit and hunts no more, so a pack the hero cannot
 * beat does not chase it round its every return for ever.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "game-internal.h"
#include "hunt.h"
#include "route.h"
#include "util.h"

/* Put the hero on the map at its start (a unit at the end of the crowd). */
static void
game_hero_spawn(struct game *g)
{
	struct steer_agent	*a;
	struct game_unit	*u;
	struct level_point	 at = g->lv->hero;
	struct vec		 pos = game_centre(at.x, at.y);

	g->hero = g->nunits++;
	a = &g->agents[g->hero];
	u = &g->units[g->hero];
	memset(u, 0, sizeof *u);
	u->kind = GAME_UNIT_HERO;
	u->type = ENEMY_STEER_HERO;
	u->mover = ENEMY_PATH;
	u->hp = u->max_hp = GAME_HERO_HP;
	u->speed = GAME_HERO_SPEED;
	u->slow_pct = 100;
	u->pathslot = -1;
	u->tower = -1;
	u->anchor = pos;
	steer_agent_init(a, ENEMY_STEER_HERO, pos, GAME_HERO_SPEED,
	    GAME_HERO_SPEED * 6.0, GAME_HERO_RADIUS, steer_rng_next(&g->rng));
	g->hero_hp = GAME_HERO_HP;
	g->hero_cooldown = 0;
	/* A step, a jump, or a goal a tower took away: hunt_move knows. */
	hunt_move(g->chase, &g->grid, at.x, at.y);
	g->hero_cell.x = at.x;
	g->hero_cell.y = at.y;
	g->hunt_gen++;
	game_hero_plan(g);
}

/* Give game g its hero and its hunt field when the level has a hero. */
void
game_hero_new(struct game *g)
{
	g->hero = -1;
	g->hero_order.x = g->hero_order.y = -1;
	if (!g->lv->has_hero)
		return;
	g->has_hero = true;
	g->chase = hunt_new(g->w, g->h);
	g->hunt = g->chase->f;
	g->hero_route = route_new(g->w, g->h);
	g->hunt_cells = xcalloc((size_t)g->max_units * 4,
	    sizeof *g->hunt_cells);
	g->hero_path = xcalloc(GAME_PATH_MAX, sizeof *g->hero_path);
	g->hero_walk = xcalloc((size_t)g->w * g->h, sizeof *g->hero_walk);
	g->hero_cell.x = g->lv->hero.x;
	g->hero_cell.y = g->lv->hero.y;
	hunt_build(g->chase, &g->grid, g->hero_cell.x, g->hero_cell.y);
	game_hero_spawn(g);
}

/* Free what game_hero_new made. */
void
game_hero_free(struct game *g)
{
	hunt_free(g->chase);
	route_free(g->hero_route);
	free(g->hunt_cells);
	free(g->hero_path);
	free(g->hero_walk);
}

/* The hero's agent while it stands, or NULL (down, or no hero). */
const struct steer_agent *
game_hero_agent(const struct game *g)
{
	return g->hero >= 0 ? &g->agents[g->hero] : NULL;
}

/* Whether enemy unit i is hunting the hero now (reads the hunt field). */
bool
game_hunting(const struct game *g, int i)
{
	return g->hunt != NULL && g->agents[i].field == g->hunt;
}

/* hero X Y: send the hero to cell (x, y). */
enum game_reason
game_do_hero(struct game *g, const struct game_cmd *c)
{
	struct game_event	ev;
	struct point		from;

	if (g->state != GAME_PLAYING)
		return GAME_ENDED;
	if (!g->has_hero)
		return GAME_NO_HERO;
	if (!grid_inside(&g->grid, c->x, c->y))
		return GAME_OUT_OF_MAP;
	if (grid_get_cost(&g->grid, c->x, c->y) == 0)
		return GAME_NOT_WALKABLE;
	if (g->hero >= 0) {
		from.x = (int)floor(g->agents[g->hero].pos.x);
		from.y = (int)floor(g->agents[g->hero].pos.y);
	} else {
		from.x = g->lv->hero.x;
		from.y = g->lv->hero.y;
	}
	/* Cut off from there: the old order stands. */
	if (!route_connected(g->hero_route, &g->grid, g->map_gen, from.x,
	    from.y, c->x, c->y))
		return GAME_NOT_WALKABLE;
	g->hero_order.x = c->x;
	g->hero_order.y = c->y;
	g->hero_replan = true;	/* the path is cut once, at the next step */
	ev = game_event_make(GAME_EV_HERO_ORDER);
	ev.x = c->x;
	ev.y = c->y;
	game_emit(g, &ev);
	return GAME_OK;
}

/*
 * The hunt field's tick (hunt_update), last in the tick so that the field
 * is ready for the next as everyone stands: the wave settles the 2 x 2
 * cells whose centres surround each hunter (all that steer_flow_dir and
 * its path read), a slice of the exact build goes on, and those cells get
 * their sight. Only while the hero stands: nobody hunts a fallen hero.
 */
/* The cells round every hunter into g->hunt_cells; how many. */
static int
game_hunt_cells(struct game *g)
{
	int	n = 0;

	for (int i = 0; i < g->nunits && g->hero >= 0; i++) {
		const struct steer_agent *a = &g->agents[i];
		int bx, by;

		if (!game_alive(g, i) || g->units[i].sated ||
		    !(enemy_types[g->units[i].type].traits & ENEMY_TRAIT_HUNTS))
			continue;
		bx = (int)floor(a->pos.x - 0.5);
		by = (int)floor(a->pos.y - 0.5);
		for (int k = 0; k < 4; k++) {
			int x = bx + (k & 1), y = by + (k >> 1);

			if (grid_open(&g->grid, x, y))
				g->hunt_cells[n++] = grid_index(&g->grid, x, y);
		}
	}
	return n;
}

/* The hunt field's tick (see above). */
void
game_hero_hunt(struct game *g)
{
	int	n = game_hunt_cells(g);

	if (g->hero >= 0)
		hunt_update(g->chase, &g->grid, g->hunt_cells, n);
}

/*
 * Before the crowd moves: bring a fallen hero back when its time is up,
 * mend its hit points, cut its path if an order or the map asked, see
 * whether its walk is done, and set every hunter's field: the hunt field while the hero stands and the
 * hunter can reach it, the exit field otherwise.
 */
void
game_hero_step(struct game *g)
{
	struct game_event	 ev;
	struct steer_agent	*a;
	int			 i;

	if (!g->has_hero)
		return;
	if (g->hero < 0 && g->hero_down > 0 && --g->hero_down == 0 &&
	    g->nunits < g->max_units) {
		game_hero_spawn(g);
		ev = game_event_make(GAME_EV_HERO_RETURN);
		ev.x = g->lv->hero.x;
		ev.y = g->lv->hero.y;
		game_emit(g, &ev);
	} else if (g->hero < 0 && g->hero_down == 0)
		g->hero_down = 1;	/* no room in the crowd: next tick */
	if (g->hero >= 0) {
		a = &g->agents[g->hero];
		if (g->tick % GAME_RATE == 0 && g->hero_hp < GAME_HERO_HP) {
			g->hero_hp += GAME_HERO_REGEN;
			if (g->hero_hp > GAME_HERO_HP)
				g->hero_hp = GAME_HERO_HP;
		}
		g->units[g->hero].hp = g->hero_hp;
		if (g->hero_replan)
			game_hero_plan(g);
		if (g->hero_order.x >= 0 && a->ipath >= a->npath - 1) {
			struct point p = a->path[a->npath - 1];

			if (p.x == g->hero_order.x && p.y == g->hero_order.y) {
				if (vec_dist(a->pos, game_centre(p.x, p.y)) <
				    0.5)
					g->hero_order.x = g->hero_order.y = -1;
			} else if (vec_dist(a->pos, game_centre(p.x, p.y)) <
			    1.0)
				game_hero_plan(g);	/* a long walk */
		}
	}
	/* Hunters that came since the last tick's update: their cells too. */
	if (g->hero >= 0)
		hunt_settle_cells(g->chase, &g->grid, g->hunt_cells,
		    game_hunt_cells(g));
	for (i = 0; i < g->nunits; i++) {
		struct game_unit *u = &g->units[i];

		if (!game_alive(g, i) ||
		    !(enemy_types[u->type].traits & ENEMY_TRAIT_HUNTS))
			continue;
		a = &g->agents[i];
		a->field = g->hero >= 0 && !u->sated && isfinite(field_distance(g->hunt,
		    (int)floor(a->pos.x), (int)floor(a->pos.y))) ? g->hunt :
		    NULL;
		if (u->bite > 0)
			u->bite--;
	}
}

/* The hero falls: off the crowd until GAME_HERO_DOWN_S have passed. */
static void
game_hero_fall(struct game *g)
{
	const struct steer_agent	*a = &g->agents[g->hero];
	struct game_event		 ev;
	int				 i;

	g->units[g->hero].dead = true;
	g->units[g->hero].hp = 0;
	g->hero_hp = 0;
	g->hero_down = GAME_HERO_DOWN_S * GAME_RATE;
	ev = game_event_make(GAME_EV_HERO_FALL);
	ev.x = (int)floor(a->pos.x);
	ev.y = (int)floor(a->pos.y);
	ev.value = GAME_HERO_DOWN_S;
	g->hero = -1;
	for (i = 0; i < g->nunits; i++) {
		if (g->agents[i].field != NULL)	/* sated: make for an exit */
			g->units[i].sated = true;
		g->agents[i].field = NULL;	/* the hunt is off */
	}
	game_emit(g, &ev);
}

/*
 * After the crowd moved: the hunt field's goal follows the hero into a
 * new cell; hunters touching the hero bite (each once a second); the
 * hero strikes the nearest ground enemy in reach.
 */
void
game_hero_fight(struct game *g)
{
	const struct steer_agent	*h;
	struct game_event		 ev;
	int				 i, x, y, best = -1;
	double				 bd = GAME_HERO_RANGE * GAME_HERO_RANGE;

	if (g->hero < 0)
		return;
	h = &g->agents[g->hero];
	x = (int)floor(h->pos.x);
	y = (int)floor(h->pos.y);
	if (x != g->hero_cell.x || y != g->hero_cell.y) {
		hunt_move(g->chase, &g->grid, x, y);
		g->hero_cell.x = x;
		g->hero_cell.y = y;
		g->hunt_gen++;
		/* Off the walk it was told: its walk from here. */
		if (!hunt_walk_known(g->chase) && g->hero_order.x >= 0 &&
		    h->ipath < h->npath)
			game_hero_tell(g, x, y, h->ipath);
	}
	for (i = 0; i < g->nunits && g->hero >= 0; i++) {
		struct game_unit *u = &g->units[i];
		const struct enemy_type *et = &enemy_types[u->type];
		double reach, d;

		if (!game_alive(g, i) || !game_ground(g, i))
			continue;
		d = vec_dist2(g->agents[i].pos, h->pos);
		if (d < bd) {
			bd = d;
			best = i;
		}
		if (!(et->traits & ENEMY_TRAIT_HUNTS) || u->bite > 0)
			continue;
		reach = h->radius + g->agents[i].radius + GAME_HERO_REACH;
		if (d > reach * reach)
			continue;
		u->bite = GAME_RATE;
		g->hero_hp -= et->bite;
		ev = game_event_make(GAME_EV_HERO_HIT);
		ev.id = u->id;
		ev.enemy = u->type;
		ev.value = et->bite;
		ev.level = g->hero_hp > 0 ? g->hero_hp : 0;
		game_emit(g, &ev);
		if (g->hero_hp <= 0)
			game_hero_fall(g);
	}
	if (g->hero < 0)
		return;
	g->units[g->hero].hp = g->hero_hp;
	if (g->hero_cooldown > 0)
		g->hero_cooldown--;
	if (best >= 0 && g->hero_cooldown == 0 && game_alive(g, best)) {
		g->hero_cooldown = GAME_HERO_RELOAD;
		if (g->units[best].hp <= tower_hit_damage(GAME_HERO_DAMAGE,
		    g->units[best].armour, false))
			g->hero_kills++;
		game_damage(g, best, GAME_HERO_DAMAGE, false, -1,
		    GAME_BY_HERO);
	}
}
