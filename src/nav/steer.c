/* SPDX-License-Identifier: ISC */
/*
 * Steering behaviours and their combiners. See steer.h for the model;
 * wall-safe movement is in steer-move.c and the crowd tick in
 * steer-crowd.c.
 *
 * Two kinds of force appear below. Behaviours that chase a velocity
 * (seek, flee, pursuit, evade, wander, cohesion, alignment, flow) ask for
 * (desired - velocity) * max_force / max_speed: a full change of speed
 * takes max_speed / max_force seconds, so a turn is smooth at any dt.
 * Behaviours that must land on a point (arrive, path, offset pursuit) ask
 * for the change that reaches the desired velocity within one tick,
 * (desired - velocity) / dt, truncated to max_force, and choose desired
 * speeds that can be braked from in time: they never overshoot.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "dmath.h"
#include "steer.h"
#include "util.h"

#define STEER_HEAD_ON	(-0.95)	/* pursuit: headings this opposed meet */

/* Seed r from any 64-bit value (splitmix64 scrambles it; never zero). */
void
steer_rng_seed(struct steer_rng *r, uint64_t seed)
{
	uint64_t z = seed + 0x9E3779B97F4A7C15ULL;

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	z ^= z >> 31;
	r->s = z != 0 ? z : 0x2545F4914F6CDD1DULL;
}

/* Next 64 random bits (xorshift64*). */
uint64_t
steer_rng_next(struct steer_rng *r)
{
	uint64_t x = r->s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	r->s = x;
	return x * 0x2545F4914F6CDD1DULL;
}

/* Uniform in [0, 1). */
double
steer_rng_unit(struct steer_rng *r)
{
	return (double)(steer_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* Uniform in [-1, 1). */
double
steer_rng_clamped(struct steer_rng *r)
{
	return steer_rng_unit(r) * 2.0 - 1.0;
}

/* Defaults: prioritised, every weight 1, parameters for a 1-cell world. */
void
steer_type_init(struct steer_type *t)
{
	int b;

	t->behaviours = 0;
	t->combiner = STEER_PRIORITISED;
	for (b = 0; b < STEER_NBEHAVIOURS; b++) {
		t->weight[b] = 1.0;
		t->chance[b] = 0.8;
	}
	t->chance[STEER_WALLS] = 0.9;
	t->chance[STEER_OBSTACLES] = 0.9;
	t->chance[STEER_SEPARATION] = 0.4;
	t->ground = true;
	t->flock_with = UINT32_MAX;	/* every type */
	t->separation_radius = 1.0;
	t->neighbour_radius = 2.0;
	t->panic_distance = 6.0;
	t->deceleration = 1.0;
	t->wander_radius = 1.2;
	t->wander_distance = 2.0;
	t->wander_jitter = 3.0;
	t->box_length = 1.5;
	t->feeler_length = 1.0;
	t->look_time = 0.25;
}

/* An agent of the given type at rest at pos, facing right. */
void
steer_agent_init(struct steer_agent *a, int type, struct vec pos,
    double max_speed, double max_force, double radius, uint64_t seed)
{
	assert(radius >= 0.0 && radius < STEER_MAX_RADIUS + 1e-12);
	assert(max_speed > 0.0 && max_force > 0.0);
	a->pos = pos;
	a->vel = vec_zero();
	a->heading = vec_make(1.0, 0.0);
	a->look = a->heading;
	a->force = vec_zero();
	a->mass = 1.0;
	a->max_speed = max_speed;
	a->max_force = max_force;
	a->radius = radius;
	a->type = type;
	a->target = -1;
	a->goal = pos;
	a->offset = vec_zero();
	a->path = NULL;
	a->npath = 0;
	a->ipath = 0;
	a->wander = vec_make(1.0, 0.0);
	a->field = NULL;
	steer_rng_seed(&a->rng, seed);
}

/* The force that turns velocity into desired at the agent's own pace. */
static inline struct vec
steer_toward(const struct steer_agent *a, struct vec desired)
{
	return vec_scale(vec_sub(desired, a->vel), a->max_force / a->max_speed);
}

/* The force that reaches velocity desired within one tick, truncated. */
static inline struct vec
steer_reach(const struct steer_agent *a, struct vec desired, double dt)
{
	return vec_trunc(vec_scale(vec_sub(desired, a->vel), 1.0 / dt),
	    a->max_force);
}

/*
 * Fastest speed from which the agent can still stop within d: braking at
 * half max_force times deceleration (in (0, 1]) and, in the last tick,
 * no faster than covers d exactly. Half the force is what the discrete
 * braking curve needs to be followed with semi-implicit Euler at any dt.
 */
static double
steer_stop_speed(const struct steer_agent *a, double d, double deceleration,
    double dt)
{
	double brake, s;

	if (deceleration <= 0.0 || deceleration > 1.0)
		deceleration = 1.0;
	brake = 0.5 * deceleration * a->max_force;
	s = sqrt(2.0 * brake * d);
	if (s > d / dt)
		s = d / dt;
	if (s > a->max_speed)
		s = a->max_speed;
	return s;
}

/* Full speed straight at target. */
struct vec
steer_seek(const struct steer_agent *a, struct vec target)
{
	struct vec desired = vec_scale(vec_norm(vec_sub(target, a->pos)),
	    a->max_speed);

	return steer_toward(a, desired);
}

/* Full speed straight away from threat, while it is within panic. */
struct vec
steer_flee(const struct steer_agent *a, struct vec threat, double panic)
{
	struct vec away = vec_sub(a->pos, threat);

	if (vec_len2(away) > panic * panic)
		return vec_zero();
	away = vec_norm(away);
	if (away.x == 0.0 && away.y == 0.0)
		away = vec_scale(a->heading, -1.0);
	return steer_toward(a, vec_scale(away, a->max_speed));
}

/* Come to rest exactly on target, braking on the way in. */
struct vec
steer_arrive(const struct steer_agent *a, struct vec target,
    double deceleration, double dt)
{
	struct vec to = vec_sub(target, a->pos), desired = vec_zero();
	double d = vec_len(to);

	if (d > 1e-12)
		desired = vec_scale(to, steer_stop_speed(a, d, deceleration,
		    dt) / d);
	return steer_reach(a, desired, dt);
}

/*
 * Wander: *wander is a unit vector placing a target on a circle of the
 * given radius whose centre lies distance ahead of the agent. Each call
 * nudges it by up to jitter * dt cells along both axes (from rng), puts it
 * back on the circle and seeks it. The target drifts, so the heading turns
 * smoothly and never faster than max_force allows.
 */
struct vec
steer_wander(const struct steer_agent *a, struct vec *wander,
    struct steer_rng *rng, double radius, double distance, double jitter,
    double dt)
{
	double j = radius > 0.0 ? jitter * dt / radius : 0.0;
	struct vec w = *wander, local, target;

	w.x += steer_rng_clamped(rng) * j;
	w.y += steer_rng_clamped(rng) * j;
	w = vec_norm(w);
	if (w.x == 0.0 && w.y == 0.0)
		w = vec_make(1.0, 0.0);
	*wander = w;
	local = vec_make(distance + w.x * radius, w.y * radius);
	target = vec_add(a->pos, vec_to_world(local, a->heading));
	return steer_seek(a, target);
}

/*
 * Pursuit: seek where the quarry will be after the time it takes to close
 * the distance; when the quarry is ahead and coming straight at us, seek it
 * directly.
 */
struct vec
steer_pursuit(const struct steer_agent *a, const struct steer_agent *quarry)
{
	struct vec to = vec_sub(quarry->pos, a->pos);
	double ahead;

	if (vec_dot(to, a->heading) > 0.0 &&
	    vec_dot(a->heading, quarry->heading) < STEER_HEAD_ON)
		return steer_seek(a, quarry->pos);
	ahead = vec_len(to) / (a->max_speed + vec_len(quarry->vel));
	return steer_seek(a, vec_madd(quarry->pos, quarry->vel, ahead));
}

/* Evade: flee where the pursuer will be, while it is within panic. */
struct vec
steer_evade(const struct steer_agent *a, const struct steer_agent *pursuer,
    double panic)
{
	struct vec to = vec_sub(pursuer->pos, a->pos);
	double ahead;

	if (vec_len2(to) > panic * panic)
		return vec_zero();
	ahead = vec_len(to) / (a->max_speed + vec_len(pursuer->vel));
	return steer_flee(a, vec_madd(pursuer->pos, pursuer->vel, ahead),
	    INFINITY);
}

/*
 * Obstacle avoidance: a box reaches ahead of the agent, box_length at rest
 * and twice that at top speed, and is as wide as the agent plus a margin of
 * one radius either side. Of the circles the box meets, or that lie beside
 * the agent within that margin, the one met first (nearest along the
 * heading) is dodged: a lateral push away from its side, stronger the
 * nearer and the more head-on, and a braking push that grows as the meeting
 * point comes closer. The margin means that a goal pulling the agent back
 * across a circle's edge is balanced while a radius of space remains.
 */
struct vec
steer_obstacles(const struct steer_agent *a, const struct steer_circle *obs,
    int n, double box_length)
{
	double len = box_length * (1.0 + vec_len(a->vel) / a->max_speed);
	double margin = fmax(a->radius, 0.05);
	double best = INFINITY, bestr = 0.0, mult, lat, brake, side, depth;
	struct vec bl = vec_zero();
	int i;

	for (i = 0; i < n; i++) {
		struct vec l = vec_to_local(vec_sub(obs[i].c, a->pos),
		    a->heading);
		double r = obs[i].r + a->radius + margin, ip;

		if (l.x + r < 0.0 || l.x - r > len || fabs(l.y) >= r)
			continue;
		ip = l.x - sqrt(r * r - l.y * l.y);
		if (ip < 0.0)
			ip = 0.0;
		if (ip < best) {
			best = ip;
			bestr = r;
			bl = l;
		}
	}
	if (best == INFINITY)
		return vec_zero();
	mult = 1.0 + (len - best) / len;
	side = bl.y >= 0.0 ? -1.0 : 1.0;
	depth = (bestr - fabs(bl.y)) / margin;
	lat = side * fmin(depth, 2.0) * mult * a->max_force;
	brake = bl.x > 0.0 ? -0.5 * (len - best) / len * a->max_force : 0.0;
	return vec_to_world(vec_make(brake, lat), a->heading);
}

/*
 * Cast a ray from o along unit d through the grid, cell edge by cell edge.
 * True when it enters a blocked cell within len: *t is how far, *n the
 * normal of the face entered.
 */
static bool
steer_ray(const struct grid *g, struct vec o, struct vec d, double len,
    double *t, struct vec *n)
{
	int cx = (int)floor(o.x), cy = (int)floor(o.y), sx = 0, sy = 0;
	double tx = INFINITY, ty = INFINITY, dx = INFINITY, dy = INFINITY;

	if (!grid_open(g, cx, cy)) {
		*t = 0.0;
		*n = vec_scale(d, -1.0);
		return true;
	}
	if (d.x > 0.0) {
		sx = 1;
		tx = (cx + 1 - o.x) / d.x;
		dx = 1.0 / d.x;
	} else if (d.x < 0.0) {
		sx = -1;
		tx = (o.x - cx) / -d.x;
		dx = -1.0 / d.x;
	}
	if (d.y > 0.0) {
		sy = 1;
		ty = (cy + 1 - o.y) / d.y;
		dy = 1.0 / d.y;
	} else if (d.y < 0.0) {
		sy = -1;
		ty = (o.y - cy) / -d.y;
		dy = -1.0 / d.y;
	}
	for (;;) {
		if (tx < ty) {
			if (tx > len)
				return false;
			cx += sx;
			*t = tx;
			*n = vec_make(-sx, 0.0);
			tx += dx;
		} else {
			if (ty > len)
				return false;
			cy += sy;
			*t = ty;
			*n = vec_make(0.0, -sy);
			ty += dy;
		}
		if (!grid_open(g, cx, cy))
			return true;
	}
}

/*
 * Wall avoidance: three feelers (ahead, and 40 degrees to either side at
 * two thirds the length) reach feeler_length past the agent's edge, longer
 * with speed. The feeler that sinks deepest into a blocked cell pushes the
 * agent out along the face's normal, in proportion to the depth.
 */
struct vec
steer_walls(const struct steer_agent *a, const struct grid *g,
    double feeler_length)
{
	static const double fx[3] = { 1.0, 0.7660444431, 0.7660444431 };
	static const double fy[3] = { 0.0, 0.6427876097, -0.6427876097 };
	static const double fl[3] = { 1.0, 2.0 / 3.0, 2.0 / 3.0 };
	double reach = a->radius + feeler_length *
	    (1.0 + vec_len(a->vel) / a->max_speed);
	double deepest = 0.0;
	struct vec push = vec_zero();
	int k;

	if (g == NULL)
		return vec_zero();
	for (k = 0; k < 3; k++) {
		struct vec d = vec_to_world(vec_make(fx[k], fy[k]), a->heading);
		double len = reach * fl[k], t, depth;
		struct vec n;

		if (!steer_ray(g, a->pos, d, len, &t, &n))
			continue;
		depth = (len - t) / len;
		if (depth > deepest) {
			deepest = depth;
			push = n;
		}
	}
	return vec_scale(push, 2.0 * deepest * a->max_force);
}

/* Centre of waypoint cell p. */
static inline struct vec
steer_centre(struct point p)
{
	return vec_make(p.x + 0.5, p.y + 0.5);
}

/*
 * Path following (seed 000): this tick the agent may cover max_speed * dt
 * along the path. Walking from its position to waypoint *ipath, then on
 * from waypoint to waypoint, the distance left over past each waypoint is
 * carried to the next, so the agent neither stops short of a waypoint nor
 * goes beyond it, whatever dt is. The point reached is where the agent is
 * sent, braking on the last leg so it stops on the final waypoint.
 * *ipath advances past every waypoint this tick's step would reach, even
 * if walls or neighbours then hold the agent short of it.
 */
struct vec
steer_path(const struct steer_agent *a, const struct point *path, int n,
    int *ipath, double deceleration, double dt)
{
	struct vec from = a->pos, wp, carrot, desired;
	double step = a->max_speed * dt, d;
	int k = *ipath;

	if (n <= 0)
		return steer_reach(a, vec_zero(), dt);
	if (k < 0)
		k = 0;
	if (k > n - 1)
		k = n - 1;
	wp = steer_centre(path[k]);
	d = vec_dist(from, wp);
	while (d <= step && k < n - 1) {
		step -= d;
		from = wp;
		k++;
		wp = steer_centre(path[k]);
		d = vec_dist(from, wp);
	}
	*ipath = k;
	carrot = d <= step ? wp : vec_madd(from, vec_sub(wp, from), step / d);
	desired = vec_scale(vec_sub(carrot, a->pos), 1.0 / dt);
	if (k == n - 1) {
		double left = vec_dist(a->pos, from) + d;

		desired = vec_trunc(desired, steer_stop_speed(a, left,
		    deceleration, dt));
	}
	return steer_reach(a, vec_trunc(desired, a->max_speed), dt);
}

/*
 * Offset pursuit: hold the slot offset = (ahead, right) in the leader's
 * frame. The slot is predicted as far ahead as the distance to it takes to
 * close; the agent moves with the leader's velocity plus an arrive-style
 * closing speed, so a slot moving steadily is held with no lag.
 */
struct vec
steer_offset_pursuit(const struct steer_agent *a,
    const struct steer_agent *leader, struct vec offset, double deceleration,
    double dt)
{
	struct vec slot = vec_add(leader->pos, vec_to_world(offset,
	    leader->heading));
	double ahead = vec_dist(slot, a->pos) / (a->max_speed +
	    vec_len(leader->vel));
	struct vec to = vec_sub(vec_madd(slot, leader->vel, ahead), a->pos);
	struct vec desired = leader->vel;
	double d = vec_len(to);

	if (d > 1e-12)
		desired = vec_madd(desired, to, steer_stop_speed(a, d,
		    deceleration, dt) / d);
	return steer_reach(a, vec_trunc(desired, a->max_speed), dt);
}

/*
 * Separation: every neighbour within radius pushes along the line between
 * the two with max_force * (radius / d - 1): nothing at radius, max_force
 * at half of it, and without bound as d falls, so a neighbour pressing in
 * soon outweighs any one other behaviour; the pushes add up. Two agents on
 * the same spot part along a direction taken from the neighbour's index, so
 * the result is still deterministic.
 */
struct vec
steer_separation(const struct steer_agent *a, const struct spatial_hits *nb,
    double radius)
{
	struct vec f = vec_zero();
	double r2 = radius * radius;
	int k;

	for (k = 0; k < nb->n; k++) {
		struct vec d = vec_sub(a->pos, nb->pos[k]);
		double l2 = vec_len2(d), l;

		if (l2 >= r2)
			continue;
		if (l2 < 1e-6 * r2) {
			double ang = 2.399963229728653 * (double)nb->index[k];
			double sa, ca;

			dmath_sincos(ang, &sa, &ca);
			f = vec_madd(f, vec_make(ca, sa), 1e3);
			continue;
		}
		l = sqrt(l2);
		f = vec_madd(f, d, (radius / l - 1.0) / l);
	}
	return vec_scale(f, a->max_force);
}

/* Cohesion: move to the centre of the neighbours within radius. */
struct vec
steer_cohesion(const struct steer_agent *a, const struct spatial_hits *nb,
    double radius)
{
	struct vec sum = vec_zero(), to;
	double r2 = radius * radius, d;
	int k, count = 0;

	for (k = 0; k < nb->n; k++) {
		if (vec_dist2(nb->pos[k], a->pos) >= r2)
			continue;
		sum = vec_add(sum, nb->pos[k]);
		count++;
	}
	if (count == 0)
		return vec_zero();
	to = vec_sub(vec_scale(sum, 1.0 / count), a->pos);
	d = vec_len(to);
	if (d < 1e-12)
		return steer_toward(a, vec_zero());
	/* Slower the nearer the centre, so the group gathers, not orbits. */
	return steer_toward(a, vec_scale(to, a->max_speed / (d > radius ?
	    d : radius)));
}

/*
 * Alignment: steer to the average heading of the moving neighbours within
 * radius and of the agent itself, at that average's share of top speed.
 */
struct vec
steer_alignment(const struct steer_agent *a, const struct spatial_hits *nb,
    double radius)
{
	struct vec sum = vec_zero();
	double r2 = radius * radius;
	int k, count = 0;

	if (vec_len2(a->vel) > 1e-18) {
		sum = a->heading;
		count = 1;
	}
	for (k = 0; k < nb->n; k++) {
		struct vec u = vec_norm(nb->vel[k]);

		if (vec_dist2(nb->pos[k], a->pos) >= r2 ||
		    (u.x == 0.0 && u.y == 0.0))
			continue;
		sum = vec_add(sum, u);
		count++;
	}
	if (count == 0)
		return vec_zero();
	return steer_toward(a, vec_scale(sum, a->max_speed / count));
}

/* Unit direction from p to the centre of the goal in slot k of goals[]. */
static inline struct vec
steer_to_goal(const struct field *f, int k, struct vec p)
{
	int gi = f->goals[k];
	struct vec c = vec_make(gi % f->stride - 1 + 0.5,
	    gi / f->stride - 1 + 0.5);

	return vec_norm(vec_sub(c, p));
}

/*
 * What cell (x, y), padded index i, says about the way on from p: go from
 * p to the cell's centre, then one unit on, straight at the goal's centre
 * when the cell sees its goal (or is the goal), else along its pointer. The
 * point a pointer step leads to lies in the open cell it names (or the open
 * 2 x 2 block of a diagonal step), so heading there from anywhere in the
 * cell also draws a body off a wall back towards the corridor's middle.
 * With 4-way movement (slant false) sight is no licence to walk a slanted
 * line: only the pointers count, and they step along rows and columns.
 */
static inline struct vec
steer_cell_pull(const struct field *f, int i, int x, int y, struct vec p,
    bool slant)
{
	static const double inv_sqrt2 = 0.70710678118654752440;
	struct vec to_centre = vec_make(x + 0.5 - p.x, y + 0.5 - p.y);
	int d = f->dir[i];
	double s;

	if (d == FIELD_DIR_GOAL || (slant && f->los[i]))
		return vec_add(to_centre, steer_to_goal(f, f->goal[i], p));
	s = (d & 1) != 0 ? inv_sqrt2 : 1.0;
	return vec_add(to_centre, vec_make(field_dx[d] * s, field_dy[d] * s));
}

/*
 * The flow at point p, smoothly: what the four cells whose centres
 * surround p say (steer_cell_pull) is blended bilinearly. When all four
 * take part the cell centres' part cancels (bilinear weights reproduce p):
 * the blend is that of the pointers, and (with 8-way movement) where all
 * four see the goal the agent heads straight at the goal's centre; at the
 * edge of that region it turns onto the straight line gradually. Next to
 * walls the missing cells leave a pull towards the open cells' centres, off
 * the wall. Cells that are blocked, unreachable, or touch p's cell only at a
 * corner between two blocked cells take no part. Where the blend nearly
 * cancels (two routes part round an obstacle) p's own cell decides. Returns
 * a unit vector, or zero when p's cell has no flow.
 */
struct vec
steer_flow_dir(const struct field *f, const struct grid *g, struct vec p)
{
	int cx = (int)floor(p.x), cy = (int)floor(p.y), bx, by, i, j;
	double fx, fy, wsum = 0.0;
	struct vec sum = vec_zero();

	if (!grid_open(g, cx, cy) || f->dir[grid_index(g, cx, cy)] < 0)
		return vec_zero();
	bx = (int)floor(p.x - 0.5);
	by = (int)floor(p.y - 0.5);
	fx = p.x - 0.5 - bx;
	fy = p.y - 0.5 - by;
	for (j = 0; j < 2; j++) {
		for (i = 0; i < 2; i++) {
			int x = bx + i, y = by + j, k;
			double w = (i ? fx : 1.0 - fx) * (j ? fy : 1.0 - fy);

			if (w <= 0.0 || !grid_open(g, x, y))
				continue;
			if (x != cx && y != cy && !grid_open(g, x, cy) &&
			    !grid_open(g, cx, y))
				continue;
			k = grid_index(g, x, y);
			if (f->dir[k] < 0)
				continue;
			sum = vec_madd(sum, steer_cell_pull(f, k, x, y, p,
			    g->diagonal), w);
			wsum += w;
		}
	}
	if (vec_len2(sum) < 0.25 * wsum * wsum)
		return vec_norm(steer_cell_pull(f, grid_index(g, cx, cy), cx,
		    cy, p, g->diagonal));
	return vec_norm(sum);
}

/*
 * Flow following: full speed along the smoothed flow; inside the goal cell
 * the speed is scaled by the distance to the goal's centre (under 0.71
 * there), so the agent slows on entering the cell and settles on it.
 */
struct vec
steer_flow(const struct steer_agent *a, const struct field *f,
    const struct grid *g)
{
	int cx = (int)floor(a->pos.x), cy = (int)floor(a->pos.y);
	struct vec dir;
	double speed = a->max_speed;

	if (f == NULL || g == NULL || !grid_open(g, cx, cy))
		return vec_zero();
	dir = steer_flow_dir(f, g, a->pos);
	if (f->dir[grid_index(g, cx, cy)] == FIELD_DIR_GOAL) {
		int gi = grid_index(g, cx, cy);
		double d = vec_dist(a->pos, vec_make(grid_x(g, gi) + 0.5,
		    grid_y(g, gi) + 0.5));

		if (d < 1.0)
			speed *= d;
	}
	return steer_toward(a, vec_scale(dir, speed));
}

/*
 * Add force f to the running sum *acc without letting it pass max. False
 * once the budget is spent: the behaviours after this one are dropped.
 */
static bool
steer_accumulate(struct vec *acc, struct vec f, double max)
{
	double left = max - vec_len(*acc), l = vec_len(f);

	if (left <= 0.0)
		return false;
	if (l < left) {
		*acc = vec_add(*acc, f);
		return true;
	}
	*acc = vec_madd(*acc, f, left / l);
	return false;
}

/*
 * Fold the forces of the type's behaviours (those in t->behaviours), asked
 * of force(arg, b) in priority order and only while the combiner still
 * needs them, with the type's combiner:
 *   weighted sum   sum of weight * force, truncated to max_force;
 *   prioritised    running sum of weight * force in priority order; the
 *                  force that fills the budget is cut to fit, and every
 *                  later behaviour is not even asked;
 *   dithered       in priority order, each behaviour gets the floor with
 *                  probability chance (from rng, before it is asked); the
 *                  first that does and asks for a non-zero force is the
 *                  whole answer, as force * (weight / chance) truncated. No
 *                  winner: zero.
 * The crowd tick folds every agent's forces with it.
 */
struct vec
steer_combine(const struct steer_type *t, steer_force_fn *force, void *arg,
    double max_force, struct steer_rng *rng)
{
	struct vec acc = vec_zero(), f;
	int b;

	for (b = 0; b < STEER_NBEHAVIOURS; b++) {
		if ((t->behaviours & STEER_BIT(b)) == 0)
			continue;
		if (t->combiner == STEER_DITHERED) {
			if (steer_rng_unit(rng) >= t->chance[b])
				continue;
			f = vec_scale(force(arg, b), t->weight[b] /
			    t->chance[b]);
			if (f.x != 0.0 || f.y != 0.0)
				return vec_trunc(f, max_force);
			continue;
		}
		f = vec_scale(force(arg, b), t->weight[b]);
		if (t->combiner == STEER_WEIGHTED_SUM)
			acc = vec_add(acc, f);
		else if (!steer_accumulate(&acc, f, max_force))
			return acc;
	}
	return vec_trunc(acc, max_force);
}
