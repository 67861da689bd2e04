/*
 * Combat: towers pick a target by their mode and attack as their kind
 * does (a travelling bolt or shell, or an instant pulse, chain or beam);
 * shots in flight hit when they arrive; a hit takes armour into account,
 * and a kill pays its bounty.
 */
#include <math.h>
#include <string.h>

#include "game-internal.h"

#define GAME_SHOT_RADIUS	0.1	/* a shot's disc */
#define GAME_HIT_SLACK		0.15	/* a bolt hits this near the rim */
#define GAME_BURST_NEAR		0.1	/* a shell bursts this near its point */

/* Enemy i takes a hit of damage from tower slot t (-1: unknown) of kind. */
void
game_damage(struct game *g, int i, int damage, bool pierce, int t, int kind)
{
	struct game_unit	*u = &g->units[i];
	struct game_event	 ev;
	int			 bounty;

	if (!game_alive(g, i))
		return;
	u->hp -= tower_hit_damage(damage, u->armour, pierce);
	if ((enemy_types[u->type].traits & ENEMY_TRAIT_SKITTISH) && t >= 0) {
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
	g->score += GAME_SCORE_BOUNTY * bounty;
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
	const int32_t	*near;
	int		 i, k, n = game_units_near(g, p, radius, &near);

	for (k = 0; k < n; k++) {
		i = near[k];
		if (game_alive(g, i) && game_can_hit(g, i, hits) &&
		    vec_dist2(g->agents[i].pos, p) <= radius * radius)
			game_damage(g, i, damage, false, t, kind);
	}
}

/* Let every shot that has arrived hit; drop the ones that went astray. */
void
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

/*
 * The enemy tower slot t shoots by its mode, or -1 when none is in range
 * (within its range and not nearer than its least range).
 */
static int
game_pick(const struct game *g, int t)
{
	const struct game_tower	*tw = &g->towers[t];
	const struct tower_type	*tt = &tower_types[tw->type];
	double			 r = tt->level[tw->level - 1].range;
	double			 rmin = tt->level[tw->level - 1].min_range;
	struct vec		 c = game_centre(tw->x, tw->y);
	const int32_t		*near;
	int			 i, k, n, best = -1;

	/* The best is the same in any order: game_better ends with ids. */
	n = game_units_near(g, c, r, &near);
	for (k = 0; k < n; k++) {
		double d;

		i = near[k];
		if (!game_alive(g, i) || !game_can_hit(g, i, tt->hits) ||
		    (d = vec_dist2(g->agents[i].pos, c)) > r * r ||
		    d < rmin * rmin)
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
	int			 m, n;
	const int32_t		*near;

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
		n = game_units_near(g, at, st->chain_range, &near);
		for (m = 0; m < n; m++) {
			double d;

			j = near[m];
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
void
game_towers(struct game *g)
{
	const int32_t	*near;
	int		 t, i, k, n;

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
			n = game_units_near(g, c, st->range, &near);
			for (k = 0; k < n; k++) {
				struct game_unit *u = &g->units[(i = near[k])];

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
