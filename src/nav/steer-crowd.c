/* SPDX-License-Identifier: ISC */
/*
 * The crowd tick (steer.h has the model): every agent's force from the
 * state at the start of the tick, its type's behaviours asked of it and
 * folded by its combiner, neighbours found in the bucket grid (spatial.h)
 * rebuilt each tick; then every agent integrated with a fixed step and
 * moved wall-safe. Nothing is allocated after steer_crowd_new.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "steer.h"
#include "util.h"

#define STEER_FLOCKING	(STEER_BIT(STEER_SEPARATION) | \
			 STEER_BIT(STEER_COHESION) | \
			 STEER_BIT(STEER_ALIGNMENT))

/* A crowd of up to max agents on a w x h map, buckets of side cell. */
struct steer_crowd *
steer_crowd_new(int w, int h, double cell, int max)
{
	struct steer_crowd *c = xcalloc(1, sizeof *c);

	c->sp = spatial_new(w, h, cell, max);
	c->hits = spatial_hits_new(max);
	c->max = max;
	return c;
}

/* Free a crowd (not the agents, types, grid or field it points at). */
void
steer_crowd_free(struct steer_crowd *c)
{
	if (c == NULL)
		return;
	spatial_free(c->sp);
	spatial_hits_free(c->hits);
	free(c);
}

/* What steer_combine asks behaviours about: agent i of a crowd tick. */
struct steer_ask {
	struct steer_crowd		*c;
	struct steer_agent		*agents;
	int				 n, i;
	const struct steer_type		*t;
	double				 dt;
};

/* The force behaviour b asks of the agent (its neighbours are in c->hits). */
static struct vec
steer_behaviour(void *arg, int b)
{
	const struct steer_ask *q = arg;
	struct steer_crowd *c = q->c;
	const struct steer_type *t = q->t;
	struct steer_agent *a = &q->agents[q->i];
	const struct steer_agent *other = a->target >= 0 &&
	    a->target < q->n && a->target != q->i ? &q->agents[a->target] :
	    NULL;
	double dt = q->dt;

	switch (b) {
	case STEER_WALLS:
		return steer_walls(a, c->grid, t->feeler_length);
	case STEER_OBSTACLES:
		return steer_obstacles(a, c->obstacles, c->nobstacles,
		    t->box_length);
	case STEER_EVADE:
		return other != NULL ? steer_evade(a, other,
		    t->panic_distance) : vec_zero();
	case STEER_FLEE:
		return steer_flee(a, a->goal, t->panic_distance);
	case STEER_SEPARATION:
		return steer_separation(a, c->hits, t->separation_radius);
	case STEER_ALIGNMENT:
		return steer_alignment(a, c->hits, t->neighbour_radius);
	case STEER_COHESION:
		return steer_cohesion(a, c->hits, t->neighbour_radius);
	case STEER_FLOW:
		return steer_flow(a, a->field != NULL ? a->field : c->field,
		    c->grid);
	case STEER_PATH:
		return steer_path(a, a->path, a->npath, &a->ipath,
		    t->deceleration, dt);
	case STEER_OFFSET:
		return other != NULL ? steer_offset_pursuit(a, other,
		    a->offset, t->deceleration, dt) : vec_zero();
	case STEER_PURSUIT:
		return other != NULL ? steer_pursuit(a, other) : vec_zero();
	case STEER_ARRIVE:
		return steer_arrive(a, a->goal, t->deceleration, dt);
	case STEER_SEEK:
		return steer_seek(a, a->goal);
	case STEER_WANDER:
		return steer_wander(a, &a->wander, &a->rng, t->wander_radius,
		    t->wander_distance, t->wander_jitter, dt);
	}
	return vec_zero();
}

/* Ask for all the cache lines of an agent record ahead of its visit. */
static inline void
steer_prefetch(const struct steer_agent *a)
{
	const char *p = (const char *)a;
	size_t o;

	for (o = 0; o < sizeof *a; o += 64)
		__builtin_prefetch(p + o, 1);
	__builtin_prefetch(p + sizeof *a - 1, 1);
}

/* Keep only the neighbours whose type is in the mask flock_with. */
static void
steer_hits_keep(struct spatial_hits *hits, const struct steer_agent *a,
    uint32_t flock_with)
{
	int k, m = 0;

	for (k = 0; k < hits->n; k++) {
		if ((flock_with & STEER_TYPE_BIT(a[hits->index[k]].type)) == 0)
			continue;
		hits->index[m] = hits->index[k];
		hits->pos[m] = hits->pos[k];
		hits->vel[m] = hits->vel[k];
		m++;
	}
	hits->n = m;
}

/*
 * Pass one: the force on every agent from the state at the start of the
 * tick. Agents only change their own behaviour state (path progress,
 * wander target, generator) here; positions and velocities stay put.
 */
void
steer_crowd_forces(struct steer_crowd *c, struct steer_agent *a, int n,
    double dt)
{
	struct steer_ask ask = { c, a, n, 0, NULL, dt };
	bool flocking = false;
	int i, k;

	assert(n >= 0 && n <= c->max && dt > 0.0);
	assert(c->ntypes <= STEER_MAX_TYPES);
	for (i = 0; i < c->ntypes; i++)
		if (c->types[i].behaviours & STEER_FLOCKING)
			flocking = true;
	if (flocking && !c->brute_force)
		spatial_build(c->sp, &a[0].pos, &a[0].vel, sizeof *a, n);
	for (k = 0; k < n; k++) {
		const struct steer_type *t;

		/*
		 * With a fresh build, visit agents bucket by bucket: their
		 * neighbours and flow cells are then mostly in cache, and the
		 * agent records, in no useful order, are fetched ahead.
		 */
		if (flocking && !c->brute_force) {
			i = c->sp->index[k];
			if (k + 8 < n)
				steer_prefetch(&a[c->sp->index[k + 8]]);
		} else
			i = k;
		assert(a[i].type >= 0 && a[i].type < c->ntypes);
		t = &c->types[a[i].type];

		c->hits->n = 0;
		if (t->behaviours & STEER_FLOCKING) {
			double r = fmax(t->separation_radius,
			    t->neighbour_radius);

			if (c->brute_force)
				spatial_query_all(&a[0].pos, &a[0].vel,
				    sizeof *a, n, a[i].pos, r, i, c->hits);
			else
				spatial_query(c->sp, a[i].pos, r, i, c->hits);
			if (t->flock_with != UINT32_MAX)
				steer_hits_keep(c->hits, a, t->flock_with);
		}
		ask.i = i;
		ask.t = t;
		a[i].force = steer_combine(t, steer_behaviour, &ask,
		    a[i].max_force, &a[i].rng);
	}
}

/*
 * Pass two: semi-implicit Euler for every agent, ground agents kept out of
 * blocked cells, then heading and the smoothed heading drawn on screen.
 */
void
steer_crowd_integrate(struct steer_crowd *c, struct steer_agent *a, int n,
    double dt)
{
	int i;

	for (i = 0; i < n; i++) {
		const struct steer_type *t = &c->types[a[i].type];
		struct steer_agent *ag = &a[i];
		struct vec v = vec_trunc(vec_madd(ag->vel, ag->force,
		    dt / ag->mass), ag->max_speed);
		double speed, k;

		if (t->ground && c->grid != NULL) {
			if (steer_overlaps_wall(c->grid, ag->pos, ag->radius))
				ag->pos = steer_unstick(c->grid, ag->pos,
				    ag->radius);
			steer_move(c->grid, &ag->pos, &v, ag->radius,
			    vec_scale(v, dt));
		} else
			ag->pos = vec_madd(ag->pos, v, dt);
		ag->vel = v;
		speed = vec_len(v);
		if (speed > 1e-9)
			ag->heading = vec_scale(v, 1.0 / speed);
		k = t->look_time > dt ? dt / t->look_time : 1.0;
		ag->look = vec_norm(vec_madd(ag->look, vec_sub(ag->heading,
		    ag->look), k));
		if (ag->look.x == 0.0 && ag->look.y == 0.0)
			ag->look = ag->heading;
	}
}

/* One fixed step dt for n agents: all forces first, then all moves. */
void
steer_crowd_step(struct steer_crowd *c, struct steer_agent *a, int n,
    double dt)
{
	steer_crowd_forces(c, a, n, dt);
	steer_crowd_integrate(c, a, n, dt);
}
