/* SPDX-License-Identifier: ISC */
/*
 * Enemies between steps: each one's condition before the crowd moves
 * (slow, panic, formation, a stuck walker's way out, the route left) and
 * the leaks at the exits after. What sets a kind apart is read from its
 * registry row (its mover and traits), never from its name.
 *
 * Liveness: every ground enemy keeps getting nearer its goal (an exit, or
 * the hero for a hunter hunting it). One that makes no headway for a
 * while, or none towards its goal for longer, walks a path out from its
 * cell's centre minding only the walls; one that still has got no nearer
 * after GAME_HOPELESS_S is lifted to the next cell on its way, and the
 * game says so (GAME_EV_UNSTICK). A flyer steers round attacking towers,
 * so an exit ringed by towers that cannot hit air could hold it circling:
 * one that has got no nearer its exit for a while dives straight at it,
 * minding nothing, and one no nearer after GAME_HOPELESS_S is set down on
 * it (GAME_EV_UNSTICK again). So no enemy stalls a game for ever.
 *
 * Abilities that act between steps: a stun or a freeze holds an enemy to
 * a crawl, exposure wears off, a regenerating kind gets back a share of
 * its hit points every whole second, and a healer, when it has reloaded,
 * mends every other enemy near it (the crowd's neighbour grid, built in
 * this tick's step, finds them).
 */
#include <math.h>
#include <string.h>

#include "game-internal.h"
#include "los.h"

#define GAME_FLYER_EXIT		0.5	/* a flyer leaks this near its exit */
#define GAME_STALL_TICKS	(2 * GAME_RATE)	/* no progress: re-plan */
#define GAME_SQUEEZE_TICKS	(3 * GAME_RATE / 2) /* then ignore others */
#define GAME_DRIFT_TICKS	(8 * GAME_RATE)	/* no nearer its goal: too */
#define GAME_NEARER		0.5	/* cells nearer its goal: headway */
#define GAME_ESCORT_LOSE	4.0	/* an escort this far from its slot */
#define GAME_ESCORT_REJOIN	2.5	/* ... rejoins this near */
#define GAME_STUN_CRAWL		(GAME_STUN_CRAWL_PCT / 100.0)
#define GAME_DIVE_TICKS		(4 * GAME_RATE)	/* a held-off flyer dives */

/* The centre of the exit cell nearest to p in a straight line. */
struct vec
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
int
game_find_boss(const struct game *g, int wave)
{
	int	i;

	for (i = g->nunits - 1; i >= 0; i--) {
		if (game_alive(g, i) && g->units[i].wave == wave &&
		    (enemy_types[g->units[i].type].traits & ENEMY_TRAIT_BOSS))
			return i;
	}
	return -1;
}

/* Escort i takes the next free slot round boss b. */
void
game_join_boss(struct game *g, int i, int b)
{
	struct game_unit	*u = &g->units[i];
	struct steer_agent	*a = &g->agents[i];

	u->boss = g->units[b].id;
	u->slot = g->units[b].slot++ % ENEMY_ESCORT_SLOTS;
	a->target = b;
	a->offset = enemy_escort_slots[u->slot];
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
 * game_find_boss for every wave at once, found in one pass and kept while
 * enemies are brought up to date (none is sent, dies or changes wave in
 * that pass), so that escorts without a boss do not each look through
 * every unit every tick.
 */
static int
game_wave_boss(struct game *g, int wave)
{
	int	i;

	if (!g->boss_ok) {
		for (i = 0; i <= LEVEL_MAX_WAVES; i++)
			g->boss_of[i] = -1;
		for (i = 0; i < g->nunits; i++) {
			if (game_alive(g, i) && g->units[i].wave >= 0 &&
			    g->units[i].wave <= LEVEL_MAX_WAVES &&
			    (enemy_types[g->units[i].type].traits &
			    ENEMY_TRAIT_BOSS))
				g->boss_of[g->units[i].wave] = i;
		}
		g->boss_ok = true;
	}
	if (wave < 0 || wave > LEVEL_MAX_WAVES)
		return game_find_boss(g, wave);
	return g->boss_of[wave];
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
		int b = game_wave_boss(g, u->wave);

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
	return u->loose ? ENEMY_STEER_LOOSE : u->type;
}

/* The hash slot of enemy id, where its key is or would go. */
static int
game_chase_slot(const struct game *g, int id)
{
	int	s = (int)((uint32_t)id * 2654435761u & (uint32_t)g->chase_mask);

	while (g->chase_key[s] != 0 && g->chase_key[s] != id)
		s = (s + 1) & g->chase_mask;
	return s;
}

/*
 * List the live shots by the id of the enemy they chase, each list in
 * unit order: one pass over the units, so that every skulker looks at its
 * own pursuers only, not at every unit. Shots neither move nor die while
 * enemies are brought up to date, so the lists hold for the whole pass.
 */
static void
game_chase_build(struct game *g)
{
	int	k, s;

	memset(g->chase_key, 0, (size_t)(g->chase_mask + 1) *
	    sizeof *g->chase_key);
	for (k = g->nunits - 1; k >= 0; k--) {
		if (g->units[k].kind != GAME_UNIT_SHOT || g->units[k].dead ||
		    g->units[k].target == 0)
			continue;
		s = game_chase_slot(g, g->units[k].target);
		if (g->chase_key[s] == 0) {
			g->chase_key[s] = g->units[k].target;
			g->chase_head[s] = -1;
		}
		g->chase_next[k] = g->chase_head[s];
		g->chase_head[s] = k;
	}
	g->chase_ok = true;
}

/* The shot nearest to skulker i that chases it, within evade range, or -1. */
static int
game_threat(struct game *g, int i)
{
	double	best = ENEMY_EVADE_RANGE * ENEMY_EVADE_RANGE;
	int	k, s, found = -1;

	if (!g->chase_ok)
		game_chase_build(g);
	s = game_chase_slot(g, g->units[i].id);
	if (g->chase_key[s] == 0)
		return -1;
	for (k = g->chase_head[s]; k >= 0; k = g->chase_next[k]) {
		double d;

		d = vec_dist2(g->agents[k].pos, g->agents[i].pos);
		if (d < best) {
			best = d;
			found = k;
		}
	}
	return found;
}

/*
 * What measures ground enemy i's way to its goal: the field it follows
 * (*fp) and a number that changes whenever that field's distances may
 * have (the map changed, or the hunt's goal moved).
 */
static unsigned
game_goal_gen(const struct game *g, int i, const struct field **fp)
{
	const struct field	*f = g->agents[i].field;

	if (f == NULL)
		f = g->field;
	*fp = f;
	return f == g->hunt ? g->map_gen + g->hunt_gen : g->map_gen;
}

/* Whether hunter i is at its goal: in biting reach of the hero. */
static bool
game_at_hero(const struct game *g, int i)
{
	const struct steer_agent	*h;
	double				 reach;

	if (g->hero < 0 || !game_hunting(g, i))
		return false;
	h = &g->agents[g->hero];
	reach = h->radius + g->agents[i].radius + GAME_HERO_REACH;
	return vec_dist2(h->pos, g->agents[i].pos) <= reach * reach;
}

/* Say that unit i was lifted on to cell (x, y). */
static void
game_lifted(struct game *g, int i, int x, int y)
{
	struct game_event	ev;

	g->unstuck++;
	ev = game_event_make(GAME_EV_UNSTICK);
	ev.id = g->units[i].id;
	ev.enemy = g->units[i].type;
	ev.x = x;
	ev.y = y;
	game_emit(g, &ev);
}

/*
 * The last resort against a hopeless stall: lift ground enemy i to the
 * centre of the next cell its field leads to, and say so.
 */
static void
game_lift(struct game *g, int i, const struct field *f)
{
	struct steer_agent	*a = &g->agents[i];
	struct game_unit	*u = &g->units[i];
	int			 x = (int)floor(a->pos.x);
	int			 y = (int)floor(a->pos.y), d;

	d = f->dir[grid_index(&g->grid, x, y)];
	if (d < 0 || d == FIELD_DIR_GOAL)
		return;
	x += field_dx[d];
	y += field_dy[d];
	a->pos = game_centre(x, y);
	a->vel = vec_zero();
	u->anchor = a->pos;
	u->stall = 0;
	if (u->mover == ENEMY_PATH || u->squeeze > 0)
		game_plan(g, i, false);
	game_lifted(g, i, x, y);
}

/*
 * Keep ground enemy i moving: note its headway (from where it stood) and
 * its progress (towards its goal); a stall or a long drift sends it out
 * along a path from its cell's centre, minding only the walls for a
 * while; GAME_HOPELESS_S without progress lifts it a cell on.
 */
static void
game_unstick(struct game *g, int i)
{
	struct steer_agent	*a = &g->agents[i];
	struct game_unit	*u = &g->units[i];
	const struct field	*f;
	unsigned		 gen = game_goal_gen(g, i, &f);
	double			 left = field_distance(f, (int)floor(a->pos.x),
				    (int)floor(a->pos.y));
	bool			 stalled = false;

	if (f != u->goal_field || gen != u->goal_gen || game_at_hero(g, i) ||
	    left <= u->best - GAME_NEARER) {
		u->goal_field = f;
		u->goal_gen = gen;
		u->best = left;
		u->lost = 0;
	} else if (++u->lost % GAME_DRIFT_TICKS == 0)
		stalled = true;
	/*
	 * Stuck: no half-cell of headway in the time it would take to walk
	 * one and a half at its present speed (2 s at the least).
	 */
	if (vec_dist2(a->pos, u->anchor) >= 0.25) {
		u->anchor = a->pos;
		u->stall = 0;
	} else if (++u->stall > GAME_STALL_TICKS && u->stall >
	    1.5 * GAME_RATE / a->max_speed)
		stalled = true;
	if (u->lost >= GAME_HOPELESS_S * GAME_RATE) {
		game_lift(g, i, f);
		u->best = field_distance(f, (int)floor(a->pos.x),
		    (int)floor(a->pos.y));
		u->lost = 0;
	} else if (stalled) {
		u->squeeze = GAME_SQUEEZE_TICKS;
		game_plan(g, i, true);
		u->anchor = a->pos;
		u->stall = 0;
	}
	if (u->squeeze > 0) {
		u->squeeze--;
		a->type = ENEMY_STEER_SQUEEZE;
	}
}

/*
 * Keep flyer i going (its togo up to date): no half-cell nearer its exit
 * in GAME_DRIFT_TICKS and it dives at it for GAME_DIVE_TICKS; none in
 * GAME_HOPELESS_S and it is set down on its exit, to leak there.
 */
static void
game_fly_on(struct game *g, int i)
{
	struct steer_agent	*a = &g->agents[i];
	struct game_unit	*u = &g->units[i];

	if (u->togo <= u->best - GAME_NEARER) {
		u->best = u->togo;
		u->lost = 0;
	} else if (++u->lost % GAME_DRIFT_TICKS == 0)
		u->squeeze = GAME_DIVE_TICKS;
	if (u->lost >= GAME_HOPELESS_S * GAME_RATE) {
		a->pos = a->goal;
		a->vel = vec_zero();
		u->best = u->togo = 0.0;
		u->lost = 0;
		game_lifted(g, i, (int)floor(a->goal.x), (int)floor(a->goal.y));
	}
	if (u->squeeze > 0) {
		u->squeeze--;
		a->type = ENEMY_STEER_DIVE;
	}
}

/* Bring every enemy's condition up to date before the crowd moves. */
void
game_enemies(struct game *g)
{
	int	i;

	g->chase_ok = g->boss_ok = false;	/* built again when asked */
	for (i = 0; i < g->nunits; i++) {
		struct steer_agent	*a = &g->agents[i];
		struct game_unit	*u = &g->units[i];

		if (!game_alive(g, i))
			continue;
		if (u->slow_ticks > 0)
			u->slow_ticks--;
		a->max_speed = u->slow_ticks > 0 ? u->speed * u->slow_pct /
		    100.0 : u->speed;
		if (u->stun_ticks > 0 && u->stun_ticks-- > 0)
			a->max_speed = u->speed * GAME_STUN_CRAWL;
		if (u->expose_ticks > 0)
			u->expose_ticks--;
		if (enemy_types[u->type].regen_pct > 0 &&
		    g->tick % GAME_RATE == 0 && u->hp < u->max_hp) {
			int back = u->max_hp * enemy_types[u->type].regen_pct /
			    100;

			u->hp += back > 0 ? back : 1;
			if (u->hp > u->max_hp)
				u->hp = u->max_hp;
		}
		a->type = u->type;
		if (enemy_types[u->type].traits & ENEMY_TRAIT_SKITTISH) {
			if (u->panic_ticks > 0)
				u->panic_ticks--;
			if (u->panic_ticks > 0)
				a->type = ENEMY_STEER_PANIC;
			a->target = game_threat(g, i);
		} else if (enemy_types[u->type].traits & ENEMY_TRAIT_ESCORT)
			a->type = game_escort(g, i);

		u->togo = game_togo(g, i);
		if (u->mover == ENEMY_FLY) {
			game_fly_on(g, i);
			continue;
		}
		game_unstick(g, i);
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
	struct vec		 at;

	u->dead = true;
	g->leaked++;
	g->leaked_by[u->type]++;
	g->wave_alive[u->wave - 1]--;
	g->lives -= cost;
	if (g->lives < 0)
		g->lives = 0;
	ev = game_event_make(GAME_EV_LEAK);
	ev.id = u->id;
	ev.enemy = u->type;
	ev.wave = u->wave;
	ev.value = cost;
	at = u->mover == ENEMY_FLY ? g->agents[i].goal : g->agents[i].pos;
	ev.x = (int)floor(at.x);	/* a flyer leaves by its goal's cell */
	ev.y = (int)floor(at.y);
	game_emit(g, &ev);
	if (g->lives == 0)
		game_end(g, GAME_LOST);
}

/* Keep flyers over the map and take every enemy that reached an exit. */
void
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

/*
 * Every healer that has reloaded mends the living enemies within its
 * reach (not itself, nor beyond their own hit points), found with the
 * crowd's neighbour grid, built afresh from the positions after the step
 * when the first healer is due; its reach is at most the grid's bucket,
 * so the query sees every one.
 */
void
game_heal(struct game *g)
{
	bool	built = false;
	int	i, k;

	for (i = 0; i < g->nunits; i++) {
		const struct enemy_type	*et;
		struct game_unit	*u = &g->units[i];
		double			 r;

		if (!game_alive(g, i))
			continue;	/* a shot's or the hero's type is no
					   enemy's */
		et = &enemy_types[u->type];
		r = et->heal_range;
		if (et->heal <= 0 || --u->heal_cd > 0)
			continue;
		u->heal_cd = et->heal_reload;
		if (r > g->crowd->sp->cell)
			r = g->crowd->sp->cell;
		if (!built) {
			spatial_build(g->crowd->sp, &g->agents[0].pos,
			    &g->agents[0].vel, sizeof g->agents[0], g->nunits);
			built = true;
		}
		spatial_query(g->crowd->sp, g->agents[i].pos, r, i, g->near);
		for (k = 0; k < g->near->n; k++) {
			int j = g->near->index[k];
			struct game_unit *v = &g->units[j];

			if (j < 0 || j >= g->nunits || !game_alive(g, j) ||
			    vec_dist2(g->agents[j].pos, g->agents[i].pos) >
			    r * r)
				continue;
			v->hp += et->heal;
			if (v->hp > v->max_hp)
				v->hp = v->max_hp;
		}
	}
}
