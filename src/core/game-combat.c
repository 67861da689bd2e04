/* SPDX-License-Identifier: ISC */
/*
 * Combat: towers pick a target by their mode and attack as their kind
 * does (a travelling bolt or shell, or an instant pulse, chain or beam);
 * shots in flight hit when they arrive; a hit takes armour into account,
 * and a kill pays its bounty.
 *
 * A specialised tower (kinds.h, struct tower_spec) fights with its top
 * level's numbers changed by its specialisation's and with its effects:
 * several targets at once, a beam through a whole line, bomblets round a
 * burst, armour stripped for good, stuns and freezes, enemies exposed to
 * more damage, longer chains, and the sight of hidden enemies.
 *
 * Abilities of enemies that meet a hit: a shield takes the hit first
 * (before armour, what is left over goes on through armour) and, while
 * it stands, no slow, stun or freeze holds the enemy; an exposed enemy
 * takes more of every hit; a hidden enemy is aimed at only in the reach
 * of a tower that detects (its row's detects, or its specialisation's),
 * though bursts, pulses and chain jumps hit it all the same; a splitting
 * enemy leaves its pieces to be sent at the end of the tick
 * (game_births).
 */
#include <math.h>
#include <string.h>

#include "dmath.h"
#include "game-internal.h"

#define GAME_SHOT_RADIUS	0.1	/* a shot's disc */
#define GAME_HIT_SLACK		0.15	/* a bolt hits this near the rim */
#define GAME_BURST_NEAR		0.1	/* a shell bursts this near its point */

#define GAME_RAIL_WIDTH		0.45	/* a rail beam hits this near its line */

/* The specialisation of tower tw, or NULL. */
const struct tower_spec *
game_tower_spec(const struct game_tower *tw)
{
	return tw->spec < 0 ? NULL : spec_of(tw->spec, NULL);
}

/* What tower tw does now: its level's numbers, changed by its speciality. */
void
game_tower_stats(const struct game_tower *tw, struct tower_stats *st)
{
	const struct tower_spec	*sp = game_tower_spec(tw);

	*st = tower_types[tw->type].level[tw->level - 1];
	if (sp == NULL)
		return;
	st->damage = st->damage * sp->damage_pct / 100;
	st->range += sp->range_add;
	st->chain += sp->chain_add;
	st->chain_range += sp->chain_range_add;
	st->splash += sp->splash_add;
}

/* Whether tower tw sees hidden enemies in its reach. */
bool
game_tower_detects(const struct game_tower *tw)
{
	const struct tower_spec	*sp = game_tower_spec(tw);

	return tower_types[tw->type].detects || (sp != NULL && sp->detects);
}

/* Whether enemy i is hidden from the towers' aim this tick. */
bool
game_enemy_hidden(const struct game *g, int i)
{
	return (enemy_types[g->units[i].type].traits & ENEMY_TRAIT_HIDDEN) &&
	    !g->units[i].revealed;
}

/* Mark the hidden enemies in the reach of a detecting tower as seen. */
static void
game_reveal(struct game *g)
{
	struct tower_stats	 st;
	int			 i, t, hidden = 0;

	for (i = 0; i < g->nunits; i++) {
		g->units[i].revealed = false;
		hidden += game_alive(g, i) &&
		    (enemy_types[g->units[i].type].traits & ENEMY_TRAIT_HIDDEN);
	}
	for (t = 0; t < g->ntowers && hidden > 0; t++) {
		const struct game_tower *tw = &g->towers[t];
		struct vec c;

		if (!tw->used || !game_tower_detects(tw))
			continue;
		game_tower_stats(tw, &st);
		c = game_centre(tw->x, tw->y);
		for (i = 0; i < g->nunits; i++) {
			if (game_alive(g, i) && vec_dist2(g->agents[i].pos,
			    c) <= st.range * st.range)
				g->units[i].revealed = true;
		}
	}
}

/* Enemy i takes a hit of damage from tower slot t (-1: unknown) of kind. */
void
game_damage(struct game *g, int i, int damage, bool pierce, int t, int kind)
{
	game_hit(g, i, damage, pierce, t, kind, -1);
}

/* Queue the pieces of splitting enemy i, which has just died. */
static void
game_split(struct game *g, int i)
{
	const struct enemy_type	*et = &enemy_types[g->units[i].type];
	struct game_birth	*b;

	if (et->split_count <= 0 || g->nbirths >= g->max_births)
		return;
	b = &g->births[g->nbirths++];
	b->pos = g->agents[i].pos;
	b->kind = et->split_kind;
	b->count = et->split_count;
	b->wave = g->units[i].wave;
	b->parent = g->units[i].id;
}

/*
 * Enemy i takes a hit of damage from tower slot t (-1: unknown) of kind,
 * with the effects of specialisation spec (-1: none): exposure adds to
 * it, a shield takes it first, armour the rest.
 */
void
game_hit(struct game *g, int i, int damage, bool pierce, int t, int kind,
    int spec)
{
	const struct tower_spec	*sp = spec_of(spec, NULL);
	struct game_unit	*u = &g->units[i];
	struct game_event	 ev;
	int			 bounty, pct, taken;

	if (!game_alive(g, i))
		return;
	if (u->expose_ticks > 0)
		damage += damage * u->expose_pct / 100;
	if (u->shield > 0) {
		long s;

		pct = sp != NULL && sp->shield_pct > 0 ? sp->shield_pct : 100;
		s = (long)damage * pct / 100;
		if (s < u->shield) {
			u->shield -= (int)s;
			damage = 0;
		} else {
			damage = (int)((s - u->shield) * 100 / pct);
			u->shield = 0;
		}
	}
	if (damage > 0) {
		taken = tower_hit_damage(damage, u->armour, pierce);
		if (t >= 0)
			g->towers[t].damage += taken < u->hp ? taken : u->hp;
		u->hp -= taken;
	}
	if (sp != NULL) {
		if (sp->shred > 0)
			u->armour = u->armour > sp->shred ? u->armour -
			    sp->shred : 0;
		if (sp->stun_ticks > u->stun_ticks && u->shield == 0)
			u->stun_ticks = sp->stun_ticks;
		if (sp->expose_pct > 0) {
			if (sp->expose_pct > u->expose_pct ||
			    u->expose_ticks == 0)
				u->expose_pct = sp->expose_pct;
			if (sp->expose_ticks > u->expose_ticks)
				u->expose_ticks = sp->expose_ticks;
		}
	}
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
	g->income += bounty;
	g->bounty += bounty;
	g->score += g->endless ? GAME_SCORE_ENDLESS_KILL :
	    GAME_SCORE_BOUNTY * bounty;
	g->wave_alive[u->wave - 1]--;
	if (t >= 0)
		g->towers[t].kills++;
	if (enemy_types[u->type].traits & ENEMY_TRAIT_SPLITS)
		game_split(g, i);
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

/*
 * Damage every enemy hits allows within radius of p. A burst holds
 * GAME_SPLASH_SHARE full hits: among more enemies than that, each takes
 * its share, so a packed file is not killed for the price of one shell
 * (the maze, which spreads the horde along the towers, is what
 * multiplies a tower's worth).
 */
static void
game_splash(struct game *g, struct vec p, double radius, int damage,
    int hits, int t, int kind, int spec)
{
	const int32_t	*near;
	int		 i, k, caught = 0, n = game_units_near(g, p, radius,
			    &near);

	for (k = 0; k < n; k++) {
		i = near[k];
		caught += game_alive(g, i) && game_can_hit(g, i, hits) &&
		    vec_dist2(g->agents[i].pos, p) <= radius * radius;
	}
	if (caught > GAME_SPLASH_SHARE) {
		damage = damage * GAME_SPLASH_SHARE / caught;
		if (damage < 1)
			damage = 1;
	}
	for (k = 0; k < n; k++) {
		i = near[k];
		if (game_alive(g, i) && game_can_hit(g, i, hits) &&
		    vec_dist2(g->agents[i].pos, p) <= radius * radius)
			game_hit(g, i, damage, false, t, kind, spec);
	}
}

/* A cluster shell's bomblets: n small bursts round p, at half strength. */
static void
game_bomblets(struct game *g, const struct game_unit *u, struct vec p, int n)
{
	int	k;

	for (k = 0; k < n; k++) {
		double a = 2.0 * M_PI * k / n, sa, ca;
		struct vec q;

		dmath_sincos(a, &sa, &ca);
		q = vec_make(p.x + ca * u->splash, p.y + sa * u->splash);

		game_splash(g, q, u->splash * 0.6, u->damage / 2, u->hits,
		    u->tower, u->type, u->spec);
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
			    u->tower, u->type, u->spec);
			if (spec_of(u->spec, NULL) != NULL)
				game_bomblets(g, u, a->pos,
				    spec_of(u->spec, NULL)->bomblets);
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
			    u->damage, u->hits, u->tower, u->type, u->spec);
		else
			game_hit(g, a->target, u->damage, false, u->tower,
			    u->type, u->spec);
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
 * (within its range and not nearer than its least range, and not hidden);
 * none of the nskip enemies in skip[].
 */
static int
game_pick(const struct game *g, int t, const int *skip, int nskip)
{
	const struct game_tower	*tw = &g->towers[t];
	const struct tower_type	*tt = &tower_types[tw->type];
	struct tower_stats	 st;
	struct vec		 c = game_centre(tw->x, tw->y);
	const int32_t		*near;
	int			 i, k, m, n, best = -1;

	game_tower_stats(tw, &st);
	/* The best is the same in any order: game_better ends with ids. */
	n = game_units_near(g, c, st.range, &near);
	for (m = 0; m < n; m++) {
		i = near[m];
		if (!game_alive(g, i) || !game_can_hit(g, i, tt->hits) ||
		    game_enemy_hidden(g, i) ||
		    !tower_in_range(&st, vec_dist2(g->agents[i].pos, c)))
			continue;
		for (k = 0; k < nskip && skip[k] != i; k++)
			;
		if (k < nskip)
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
	struct tower_stats	 sts;
	const struct tower_stats *st = &sts;
	const struct steer_agent *q = &g->agents[i];
	struct steer_agent	*a;
	struct game_unit	*u;
	struct vec		 from = game_centre(tw->x, tw->y), to, dir;
	int			 k;

	game_tower_stats(tw, &sts);
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
	u->spec = tw->spec;
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
	struct tower_stats	 sts;
	const struct tower_stats *st = &sts;
	struct vec		 from = game_centre(tw->x, tw->y);
	int			 hit[16], nhit = 0, damage, k, j;
	int			 m, n;
	const int32_t		*near;

	game_tower_stats(tw, &sts);
	damage = st->damage;

	for (;;) {
		struct vec at = g->agents[i].pos;
		double best;

		game_fx(g, tw->type, from, at, 0.0);
		hit[nhit++] = i;
		game_hit(g, i, damage, false, t, tw->type, tw->spec);
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

/*
 * A rail beam from tower slot t at c, through enemy i, on to its range:
 * every enemy it can hit within GAME_RAIL_WIDTH of the line is hit.
 */
static void
game_rail(struct game *g, int t, struct vec c, int i,
    const struct tower_stats *st)
{
	const struct game_tower	*tw = &g->towers[t];
	struct vec		 dir = vec_norm(vec_sub(g->agents[i].pos, c));
	struct vec		 end = vec_madd(c, dir, st->range);
	int			 j;

	game_fx(g, tw->type, c, end, 0.0);
	for (j = 0; j < g->nunits; j++) {
		struct vec p;
		double along;

		if (!game_alive(g, j) || !game_can_hit(g, j,
		    tower_types[tw->type].hits))
			continue;
		p = vec_sub(g->agents[j].pos, c);
		along = p.x * dir.x + p.y * dir.y;
		if (along < 0.0 || along > st->range ||
		    fabs(p.x * dir.y - p.y * dir.x) > GAME_RAIL_WIDTH +
		    g->agents[j].radius)
			continue;
		game_hit(g, j, st->damage, tower_types[tw->type].pierce, t,
		    tw->type, tw->spec);
	}
}

/*
 * Launch tower slot t's bolts or shells: at enemy i, and at as many more
 * as its specialisation's targets, picked by its mode in turn. False
 * when the first found no room.
 */
static bool
game_volley(struct game *g, int t, int i)
{
	const struct tower_spec	*sp = game_tower_spec(&g->towers[t]);
	int			 chosen[8], n = 1, most;

	if (!game_launch(g, t, i))
		return false;
	chosen[0] = i;
	most = sp != NULL && sp->targets > 1 ? sp->targets : 1;
	if (most > (int)(sizeof chosen / sizeof chosen[0]))
		most = (int)(sizeof chosen / sizeof chosen[0]);
	while (n < most && (i = game_pick(g, t, chosen, n)) >= 0 &&
	    game_launch(g, t, i))
		chosen[n++] = i;
	return true;
}

/* Every tower that has reloaded attacks. */
void
game_towers(struct game *g)
{
	const int32_t	*near;
	int		 t, i, k, n;

	game_reveal(g);
	for (t = 0; t < g->ntowers && g->state == GAME_PLAYING; t++) {
		struct game_tower	*tw = &g->towers[t];
		const struct tower_type	*tt = &tower_types[tw->type];
		const struct tower_spec	*sp;
		struct tower_stats	 sts;
		const struct tower_stats *st = &sts;
		struct vec		 c;

		if (!tw->used || tt->attack == TOWER_ATTACK_NONE)
			continue;
		if (tw->cooldown > 0 && --tw->cooldown > 0)
			continue;
		if ((i = game_pick(g, t, NULL, 0)) < 0)
			continue;
		game_tower_stats(tw, &sts);
		sp = game_tower_spec(tw);
		c = game_centre(tw->x, tw->y);
		tw->aim = dmath_atan2(g->agents[i].pos.y - c.y,
		    g->agents[i].pos.x - c.x);
		switch (tt->attack) {
		case TOWER_ATTACK_BOLT:
		case TOWER_ATTACK_SHELL:
			if (!game_volley(g, t, i))
				continue;	/* no room: try next tick */
			break;
		case TOWER_ATTACK_PULSE:
			game_fx(g, tw->type, c, c, st->range);
			n = game_units_near(g, c, st->range, &near);
			for (k = 0; k < n; k++) {
				struct game_unit *u = &g->units[(i = near[k])];

				if (!game_alive(g, i) || !game_can_hit(g, i,
				    tt->hits) || !tower_in_range(st,
				    vec_dist2(g->agents[i].pos, c)))
					continue;
				if (u->shield > 0)
					;	/* no slow holds it */
				else if (u->slow_ticks == 0 ||
				    st->slow_pct < u->slow_pct)
					u->slow_pct = st->slow_pct;
				if (u->shield == 0 &&
				    st->slow_ticks > u->slow_ticks)
					u->slow_ticks = st->slow_ticks;
				if (u->shield == 0 && sp != NULL &&
				    sp->freeze_ticks > u->stun_ticks)
					u->stun_ticks = sp->freeze_ticks;
				game_hit(g, i, st->damage, false, t,
				    tw->type, tw->spec);
			}
			break;
		case TOWER_ATTACK_CHAIN:
			game_chain(g, t, i);
			break;
		case TOWER_ATTACK_BEAM:
			if (sp != NULL && sp->rail) {
				game_rail(g, t, c, i, st);
				break;
			}
			game_fx(g, tw->type, c, g->agents[i].pos, 0.0);
			game_hit(g, i, st->damage, tt->pierce, t, tw->type,
			    tw->spec);
			break;
		case TOWER_ATTACK_NONE:
			break;
		}
		tw->cooldown = st->reload;
	}
}
