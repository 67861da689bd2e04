/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of steering: every behaviour against a measurable property,
 * the three combiners, the neighbour grid, wall non-penetration in crowds,
 * and replays bit for bit. Set WEIR_TEST_VERBOSE to see the figures.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nav/field.h"
#include "nav/spatial.h"
#include "nav/steer.h"
#include "nav/util.h"
#include "testutil.h"

#define PI 3.14159265358979323846

/* A type doing the given behaviours with the given combiner. */
static struct steer_type
type_of(uint32_t behaviours, enum steer_combiner combiner)
{
	struct steer_type t;

	steer_type_init(&t);
	t.behaviours = behaviours;
	t.combiner = combiner;
	return t;
}

/* A crowd on an open w x h plane (or over g) with these types. */
static struct steer_crowd *
crowd_of(const struct grid *g, int w, int h, int max,
    const struct steer_type *types, int ntypes)
{
	struct steer_crowd *c = steer_crowd_new(g != NULL ? g->w : w,
	    g != NULL ? g->h : h, 2.0, max);

	c->grid = g;
	c->types = types;
	c->ntypes = ntypes;
	return c;
}

/*
 * Whether the disc (p, r) overlaps a blocked cell (or leaves the map):
 * the distance from p to the nearest point of some blocked cell's square
 * is below r. Independent of the engine's own square test.
 */
static bool
disc_hits_wall(const struct grid *g, struct vec p, double r)
{
	int cx = (int)floor(p.x), cy = (int)floor(p.y);

	for (int y = cy - 1; y <= cy + 1; y++) {
		for (int x = cx - 1; x <= cx + 1; x++) {
			double nx, ny;

			if (grid_open(g, x, y))
				continue;
			nx = fmin(fmax(p.x, x), x + 1.0);
			ny = fmin(fmax(p.y, y), y + 1.0);
			if ((nx - p.x) * (nx - p.x) + (ny - p.y) * (ny - p.y) <
			    r * r)
				return true;
		}
	}
	return false;
}

/* Angle turned from unit a to unit b, in radians. */
static double
turn(struct vec a, struct vec b)
{
	return fabs(atan2(vec_cross(a, b), vec_dot(a, b)));
}

/* ---- seek, arrive, flee ---- */

START_TEST(seek_reaches_target)
{
	struct steer_type t = type_of(STEER_BIT(STEER_SEEK), STEER_PRIORITISED);
	struct steer_crowd *c = crowd_of(NULL, 40, 40, 1, &t, 1);
	struct steer_agent a;
	struct vec goal = vec_make(27.5, 18.25);
	double dt = 1.0 / 30, dist0, best = INFINITY, when = -1;

	steer_agent_init(&a, 0, vec_make(3.0, 31.0), 4.0, 8.0, 0.3, 1);
	a.goal = goal;
	dist0 = vec_dist(a.pos, goal);
	for (int k = 1; k <= 600; k++) {
		steer_crowd_step(c, &a, 1, dt);
		if (vec_dist(a.pos, goal) < best)
			best = vec_dist(a.pos, goal);
		if (when < 0 && best < 0.1)
			when = k * dt;
	}
	tu_say("seek: closest %.4f at %.2fs (straight run %.2fs)\n", best, when,
	    dist0 / 4.0);
	ck_assert_msg(when > 0, "seek never came within 0.1 (closest %g)", best);
	ck_assert_msg(when < dist0 / 4.0 + 1.0,
	    "seek took %.2fs for a %.2fs run", when, dist0 / 4.0);
	steer_crowd_free(c);
}
END_TEST

/* Arrive from rest and from full speed, at several dt. */
START_TEST(arrive_stops_without_overshoot)
{
	static const double dts[] = { 1.0 / 120, 1.0 / 60, 1.0 / 30, 0.1,
	    0.25, 0.5 };
	struct steer_type t = type_of(STEER_BIT(STEER_ARRIVE), STEER_PRIORITISED);
	struct steer_crowd *c = crowd_of(NULL, 40, 40, 1, &t, 1);

	for (size_t i = 0; i < sizeof dts / sizeof dts[0]; i++) {
		for (int moving = 0; moving < 2; moving++) {
			double dt = dts[i], worst = -INFINITY;
			struct steer_agent a;
			struct vec goal = vec_make(17.3, 9.1), u;
			int k;

			steer_agent_init(&a, 0, vec_make(3.0, 5.0), 3.0, 6.0,
			    0.3, 1);
			a.goal = goal;
			u = vec_norm(vec_sub(goal, a.pos));
			if (moving)
				a.vel = vec_scale(u, a.max_speed);
			for (k = 0; k < (int)(20.0 / dt); k++) {
				double past;

				steer_crowd_step(c, &a, 1, dt);
				past = vec_dot(vec_sub(a.pos, goal), u);
				if (past > worst)
					worst = past;
			}
			tu_say("arrive dt %.4f moving %d: past %.3g dist %.3g "
			    "speed %.3g\n", dt, moving, worst,
			    vec_dist(a.pos, goal), vec_len(a.vel));
			ck_assert_msg(worst <= 1e-9,
			    "dt %g: overshot the goal by %g", dt, worst);
			ck_assert_msg(vec_dist(a.pos, goal) < 0.05,
			    "dt %g: stopped %g from the goal", dt,
			    vec_dist(a.pos, goal));
			ck_assert_msg(vec_len(a.vel) < 1e-6,
			    "dt %g: still moving at %g", dt, vec_len(a.vel));
		}
	}
	steer_crowd_free(c);
}
END_TEST

START_TEST(flee_increases_distance)
{
	struct steer_type t = type_of(STEER_BIT(STEER_FLEE), STEER_PRIORITISED);
	struct steer_crowd *c = crowd_of(NULL, 100, 100, 1, &t, 1);
	struct steer_agent a;
	struct vec threat = vec_make(50.0, 50.0);
	double dt = 1.0 / 30, prev;

	t.panic_distance = 8.0;
	steer_agent_init(&a, 0, vec_make(51.0, 49.5), 3.0, 6.0, 0.3, 1);
	a.goal = threat;
	a.vel = vec_make(-2.0, 0.5);	/* moving towards the threat */
	prev = vec_dist(a.pos, threat);
	for (int k = 1; k <= 300; k++) {
		double d;

		steer_crowd_step(c, &a, 1, dt);
		d = vec_dist(a.pos, threat);
		if (prev < t.panic_distance && k > 15)
			ck_assert_msg(d > prev, "tick %d: distance fell from "
			    "%g to %g inside the panic distance", k, prev, d);
		prev = d;
	}
	tu_say("flee: ended %.2f from the threat\n", prev);
	ck_assert_msg(prev > t.panic_distance, "flee ended at %g", prev);
	/* Beyond the panic distance flee asks for nothing. */
	a.pos = vec_make(70.0, 50.0);
	ck_assert(vec_len(steer_flee(&a, threat, 8.0)) == 0.0);
	steer_crowd_free(c);
}
END_TEST

/* ---- pursuit and evade ---- */

/* Seconds until pursuer (behaviour b) comes within 0.5 of the quarry. */
static double
chase(int b, struct vec qpos, struct vec qvel)
{
	struct steer_type t[2] = {
		type_of(STEER_BIT(b), STEER_PRIORITISED),
		type_of(0, STEER_PRIORITISED),
	};
	struct steer_crowd *c = crowd_of(NULL, 200, 200, 2, t, 2);
	struct steer_agent a[2];
	double dt = 1.0 / 30, when = INFINITY;

	steer_agent_init(&a[0], 0, vec_make(20.0, 60.0), 3.0, 6.0, 0.3, 1);
	steer_agent_init(&a[1], 1, qpos, 2.0, 6.0, 0.3, 2);
	a[1].vel = qvel;
	a[1].heading = vec_norm(qvel);
	a[0].target = 1;
	for (int k = 1; k <= 3000; k++) {
		a[0].goal = a[1].pos;	/* seek aims at where it is now */
		steer_crowd_step(c, a, 2, dt);
		if (vec_dist(a[0].pos, a[1].pos) < 0.5) {
			when = k * dt;
			break;
		}
	}
	steer_crowd_free(c);
	return when;
}

START_TEST(pursuit_intercepts_sooner_than_seek)
{
	struct vec q = vec_make(40.0, 40.0), v = vec_make(0.0, 2.0);
	double tp = chase(STEER_PURSUIT, q, v), ts = chase(STEER_SEEK, q, v);
	struct steer_agent a, b;

	tu_say("pursuit: caught after %.2fs, seek after %.2fs\n", tp, ts);
	ck_assert_msg(isfinite(tp), "pursuit never caught the quarry");
	ck_assert_msg(tp < 0.85 * ts, "pursuit %.2fs, seek %.2fs", tp, ts);

	/* Head on: a quarry ahead coming straight at us is simply sought. */
	steer_agent_init(&a, 0, vec_make(0.0, 0.0), 3.0, 6.0, 0.3, 1);
	steer_agent_init(&b, 0, vec_make(10.0, 0.5), 2.0, 6.0, 0.3, 2);
	b.vel = vec_make(-2.0, 0.0);
	b.heading = vec_make(-1.0, 0.0);
	ck_assert(vec_dist(steer_pursuit(&a, &b), steer_seek(&a, b.pos)) == 0);
	/* Otherwise it leads the quarry. */
	b.vel = vec_make(0.0, 2.0);
	b.heading = vec_make(0.0, 1.0);
	ck_assert(vec_dist(steer_pursuit(&a, &b), steer_seek(&a, b.pos)) > 0.1);
}
END_TEST

/*
 * Closest approach over ten seconds of a pursuer (pursuit; faster, but slow
 * to turn) that starts at (80, 100) heading right, to a quarry at q using
 * behaviour b against it.
 */
static double
escape(int b, struct vec q, double pursuer_force)
{
	struct steer_type t[2] = {
		type_of(STEER_BIT(STEER_PURSUIT), STEER_PRIORITISED),
		type_of(STEER_BIT(b), STEER_PRIORITISED),
	};
	struct steer_crowd *c = crowd_of(NULL, 200, 200, 2, t, 2);
	struct steer_agent a[2];
	double dt = 1.0 / 30, closest = INFINITY;

	t[1].panic_distance = 30.0;
	steer_agent_init(&a[0], 0, vec_make(80.0, 100.0), 5.0, pursuer_force,
	    0.3, 1);
	steer_agent_init(&a[1], 1, q, 3.0, 6.0, 0.3, 2);
	a[0].vel = vec_make(5.0, 0.0);
	a[0].target = 1;
	a[1].target = 0;
	for (int k = 1; k <= 300; k++) {
		a[1].goal = a[0].pos;	/* flee runs from where it is now */
		steer_crowd_step(c, a, 2, dt);
		closest = fmin(closest, vec_dist(a[0].pos, a[1].pos));
	}
	steer_crowd_free(c);
	return closest;
}

START_TEST(evade_keeps_more_distance_than_flee)
{
	static const struct {
		double x, y, force;
	} starts[] = {
		{ 95.0, 103.0, 3.0 }, { 90.0, 106.0, 3.0 }, { 95.0, 103.0, 4.0 },
		{ 92.0, 98.0, 4.0 },
	};

	for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
		struct vec q = vec_make(starts[i].x, starts[i].y);
		double de = escape(STEER_EVADE, q, starts[i].force);
		double df = escape(STEER_FLEE, q, starts[i].force);

		tu_say("evade from (%g, %g): closest approach %.3f, flee %.3f\n",
		    q.x, q.y, de, df);
		ck_assert_msg(de > df + 0.5, "from (%g, %g) evade came within "
		    "%g, flee %g", q.x, q.y, de, df);
	}
}
END_TEST

/* ---- wander ---- */

START_TEST(wander_turns_smoothly)
{
	struct steer_type t = type_of(STEER_BIT(STEER_WANDER), STEER_PRIORITISED);
	struct steer_crowd *c = crowd_of(NULL, 400, 400, 1, &t, 1);
	struct steer_agent a;
	double dt = 1.0 / 30, worst = 0, total = 0, walked = 0, lefts = 0,
	    rights = 0;
	struct vec start;

	steer_agent_init(&a, 0, vec_make(200.0, 200.0), 2.0, 4.0, 0.3, 77);
	a.vel = vec_make(2.0, 0.0);
	start = a.pos;
	for (int k = 1; k <= 3000; k++) {
		struct vec h = a.heading, p = a.pos;
		double rate;

		steer_crowd_step(c, &a, 1, dt);
		rate = turn(h, a.heading) / dt;
		worst = fmax(worst, rate);
		total += rate * dt;
		if (vec_cross(h, a.heading) > 0)
			rights += rate * dt;
		else
			lefts += rate * dt;
		walked += vec_dist(p, a.pos);
		ck_assert_msg(vec_len(a.vel) > 0.5 * a.max_speed,
		    "tick %d: wanderer slowed to %g", k, vec_len(a.vel));
	}
	tu_say("wander: max turn %.3f rad/s, turned %.1f rad (L %.1f R %.1f), "
	    "walked %.1f, net %.1f\n", worst, total, lefts, rights, walked,
	    vec_dist(start, a.pos));
	/* Bounded turn rate: no faster than max_force allows at half speed. */
	ck_assert_msg(worst <= a.max_force / (0.5 * a.max_speed),
	    "turned at %g rad/s", worst);
	ck_assert_msg(worst <= 1.5, "turned at %g rad/s", worst);
	/* And it does wander, both ways, not in a straight line. */
	ck_assert_msg(lefts > 6.0 && rights > 6.0, "turned %g left, %g right",
	    lefts, rights);
	ck_assert_msg(vec_dist(start, a.pos) < 0.8 * walked,
	    "net %g of %g walked", vec_dist(start, a.pos), walked);
	steer_crowd_free(c);
}
END_TEST

/* ---- obstacle and wall avoidance ---- */

static const struct steer_circle course[] = {
	{ { 10.0, 10.0 }, 1.5 },
	{ { 17.0, 8.0 }, 1.0 },
	{ { 17.5, 12.2 }, 1.0 },
	{ { 24.0, 10.4 }, 2.0 },
	{ { 31.0, 9.0 }, 1.2 },
	{ { 31.5, 12.5 }, 0.8 },
	{ { 38.0, 10.0 }, 0.6 },
};

/* Run the course; closest clearance to any circle, and arrival time. */
static double
run_course(bool avoid, double speed, double *arrived)
{
	struct steer_type t = type_of(STEER_BIT(STEER_ARRIVE) |
	    (avoid ? STEER_BIT(STEER_OBSTACLES) : 0), STEER_PRIORITISED);
	struct steer_crowd *c = crowd_of(NULL, 60, 30, 1, &t, 1);
	struct steer_agent a;
	double dt = 1.0 / 30, clear = INFINITY;
	int n = (int)(sizeof course / sizeof course[0]);

	c->obstacles = course;
	c->nobstacles = n;
	*arrived = INFINITY;
	steer_agent_init(&a, 0, vec_make(2.0, 10.1), speed, 2.0 * speed, 0.3,
	    1);
	a.goal = vec_make(45.0, 10.0);
	for (int k = 1; k <= 1800; k++) {
		steer_crowd_step(c, &a, 1, dt);
		for (int i = 0; i < n; i++)
			clear = fmin(clear, vec_dist(a.pos, course[i].c) -
			    course[i].r - a.radius);
		if (!isfinite(*arrived) && vec_dist(a.pos, a.goal) < 0.05)
			*arrived = k * dt;
	}
	steer_crowd_free(c);
	return clear;
}

START_TEST(obstacle_avoidance_never_touches)
{
	static const double speeds[] = { 1.5, 3.0, 5.0 };
	double arrived;

	for (size_t i = 0; i < sizeof speeds / sizeof speeds[0]; i++) {
		double clear = run_course(true, speeds[i], &arrived);

		tu_say("obstacles: speed %.1f clearance %.3f arrived %.2fs\n",
		    speeds[i], clear, arrived);
		ck_assert_msg(clear > 0.0, "speed %g: touched a circle "
		    "(clearance %g)", speeds[i], clear);
		ck_assert_msg(isfinite(arrived), "speed %g: never arrived",
		    speeds[i]);
	}
	/* The course is a real one: without avoidance the circles are hit. */
	ck_assert(run_course(false, 3.0, &arrived) < 0.0);
}
END_TEST

START_TEST(wall_avoidance_keeps_clear)
{
	static const char *rows[] = {
		"##############################",
		"#............................#",
		"#............................#",
		"#............................#",
		"#............................#",
		"##############################",
		NULL,
	};
	struct grid *g = tu_grid(rows, true, NULL, NULL);
	double clear[2];

	for (int avoid = 0; avoid < 2; avoid++) {
		struct steer_type t = type_of(STEER_BIT(STEER_SEEK) |
		    (avoid ? STEER_BIT(STEER_WALLS) : 0), STEER_PRIORITISED);
		struct steer_crowd *c = crowd_of(g, 0, 0, 1, &t, 1);
		struct steer_agent a;

		clear[avoid] = INFINITY;
		steer_agent_init(&a, 0, vec_make(2.5, 3.0), 3.0, 6.0, 0.3, 1);
		/* The goal lies beyond the top wall, far to the right. */
		a.goal = vec_make(28.0, -6.0);
		for (int k = 0; k < 150; k++) {
			steer_crowd_step(c, &a, 1, 1.0 / 30);
			if (a.pos.x < 20.0)
				clear[avoid] = fmin(clear[avoid],
				    a.pos.y - a.radius - 1.0);
		}
		steer_crowd_free(c);
	}
	tu_say("walls: clearance %.3f with feelers, %.3f without\n", clear[1],
	    clear[0]);
	ck_assert_msg(clear[0] < 1e-9, "without feelers clearance %g", clear[0]);
	ck_assert_msg(clear[1] > 0.2, "with feelers clearance %g", clear[1]);
	grid_free(g);
}
END_TEST

/* ---- path following ---- */

static const struct point zigzag[] = {
	{ 1, 1 }, { 9, 1 }, { 9, 6 }, { 3, 6 }, { 6, 9 }, { 6, 13 },
	{ 14, 13 }, { 14, 2 },
};

/* Arc length along zigzag of p, or -1 when p is off the path. */
static double
arc_of(struct vec p, int n, double *total)
{
	double s = 0, best = -1, bestd = 1e-7;

	for (int i = 0; i + 1 < n; i++) {
		struct vec a = vec_make(zigzag[i].x + 0.5, zigzag[i].y + 0.5);
		struct vec b = vec_make(zigzag[i + 1].x + 0.5,
		    zigzag[i + 1].y + 0.5);
		double l = vec_dist(a, b);
		double u = vec_dot(vec_sub(p, a), vec_sub(b, a)) / (l * l);
		struct vec q;

		u = fmin(fmax(u, 0.0), 1.0);
		q = vec_madd(a, vec_sub(b, a), u);
		if (vec_dist(q, p) < bestd && best < 0) {
			bestd = vec_dist(q, p);
			best = s + u * l;
		}
		s += l;
	}
	*total = s;
	return best;
}

START_TEST(path_following_visits_waypoints_in_order)
{
	static const double dts[] = { 1.0 / 120, 1.0 / 60, 0.05, 0.1, 0.37,
	    1.0, 3.3 };
	int n = (int)(sizeof zigzag / sizeof zigzag[0]);
	struct steer_type t = type_of(STEER_BIT(STEER_PATH), STEER_PRIORITISED);
	struct steer_crowd *c = crowd_of(NULL, 20, 20, 1, &t, 1);

	for (size_t i = 0; i < sizeof dts / sizeof dts[0]; i++) {
		double dt = dts[i], total, prev = 0, s = 0;
		struct steer_agent a;
		int k, lastwp = 0, ticks;

		steer_agent_init(&a, 0, vec_make(1.5, 1.5), 4.0, 1e7, 0.3, 1);
		a.path = zigzag;
		a.npath = n;
		arc_of(a.pos, n, &total);
		ticks = (int)ceil(total / (a.max_speed * dt));
		for (k = 1; k <= ticks + 5; k++) {
			steer_crowd_step(c, &a, 1, dt);
			s = arc_of(a.pos, n, &total);
			ck_assert_msg(s >= 0, "dt %g tick %d: (%g, %g) is off "
			    "the path", dt, k, a.pos.x, a.pos.y);
			ck_assert_msg(s >= prev - 1e-9, "dt %g tick %d: went "
			    "back from %g to %g", dt, k, prev, s);
			ck_assert_msg(a.ipath >= lastwp, "dt %g: waypoint "
			    "index fell", dt);
			/* No stall: a full step every tick but the last. */
			if (k < ticks)
				ck_assert_msg(fabs(s - prev - a.max_speed * dt) <
				    1e-6, "dt %g tick %d: moved %g of %g", dt,
				    k, s - prev, a.max_speed * dt);
			lastwp = a.ipath;
			prev = s;
		}
		tu_say("path dt %.4f: %d ticks, arc %.6f of %.6f\n", dt, ticks, s,
		    total);
		ck_assert_int_eq(a.ipath, n - 1);
		ck_assert_msg(vec_dist(a.pos, vec_make(14.5, 2.5)) < 1e-9,
		    "dt %g: ended at (%g, %g)", dt, a.pos.x, a.pos.y);
		ck_assert_msg(vec_len(a.vel) < 1e-9, "dt %g: still moving", dt);
	}
	steer_crowd_free(c);
}
END_TEST

/* With a modest force the corners round off, but the end is still exact. */
START_TEST(path_following_stops_on_last_waypoint)
{
	static const double dts[] = { 1.0 / 60, 0.1, 0.3 };
	int n = (int)(sizeof zigzag / sizeof zigzag[0]);
	struct steer_type t = type_of(STEER_BIT(STEER_PATH), STEER_PRIORITISED);
	struct steer_crowd *c = crowd_of(NULL, 20, 20, 1, &t, 1);
	struct vec end = vec_make(14.5, 2.5), u = vec_make(0.0, -1.0);

	for (size_t i = 0; i < sizeof dts / sizeof dts[0]; i++) {
		struct steer_agent a;
		double worst = -INFINITY;
		int seen = 0;

		double near = fmax(0.75, 4.0 * dts[i]);

		steer_agent_init(&a, 0, vec_make(1.5, 1.5), 4.0, 12.0, 0.3, 1);
		a.path = zigzag;
		a.npath = n;
		seen = 1;	/* it starts on the first */
		for (int k = 0; k < (int)(60.0 / dts[i]); k++) {
			steer_crowd_step(c, &a, 1, dts[i]);
			if (a.ipath == n - 1 && a.pos.x > 14.0)
				worst = fmax(worst, vec_dot(vec_sub(a.pos,
				    end), u));
			/* Waypoints are passed in order, within a step. */
			while (seen < n && vec_dist(a.pos, vec_make(
			    zigzag[seen].x + 0.5, zigzag[seen].y + 0.5)) <
			    near)
				seen++;
		}
		tu_say("path force 12 dt %.3f: past end %.3g, at %.3g, saw %d\n",
		    dts[i], worst, vec_dist(a.pos, end), seen);
		ck_assert_int_eq(seen, n);
		ck_assert_msg(worst <= 1e-9, "dt %g: overshot by %g", dts[i],
		    worst);
		ck_assert_msg(vec_dist(a.pos, end) < 1e-6, "dt %g: ended %g "
		    "away", dts[i], vec_dist(a.pos, end));
	}
	steer_crowd_free(c);
}
END_TEST

/* ---- offset pursuit ---- */

START_TEST(offset_pursuit_holds_formation)
{
	static const struct point route[] = {
		{ 5, 50 }, { 60, 50 }, { 90, 30 }, { 110, 70 },
	};
	static const struct vec slots[] = {
		{ -1.5, -1.5 }, { -1.5, 1.5 }, { -3.0, 0.0 }, { -3.0, -3.0 },
		{ -3.0, 3.0 },
	};
	struct steer_type t[2] = {
		type_of(STEER_BIT(STEER_PATH), STEER_PRIORITISED),
		type_of(STEER_BIT(STEER_OFFSET), STEER_PRIORITISED),
	};
	struct steer_crowd *c = crowd_of(NULL, 120, 100, 6, t, 2);
	struct steer_agent a[6];
	double dt = 1.0 / 30, worst = 0, sum = 0;
	int samples = 0;

	/* The leader turns no faster than 0.5 rad/s: slots swing at most
	 * 3.4 * 0.5 cells/s beyond its 2 cells/s, within the escort's 6. */
	steer_agent_init(&a[0], 0, vec_make(5.5, 50.5), 2.0, 1.0, 0.3, 1);
	a[0].path = route;
	a[0].npath = 4;
	for (int i = 1; i < 6; i++) {
		steer_agent_init(&a[i], 1, vec_make(5.0 - i, 45.0 + 2 * i),
		    6.0, 20.0, 0.3, (uint64_t)i);
		a[i].target = 0;
		a[i].offset = slots[i - 1];
	}
	for (int k = 1; k <= 2400; k++) {
		steer_crowd_step(c, a, 6, dt);
		if (k * dt < 4.0 || a[0].ipath == 3)
			continue;
		for (int i = 1; i < 6; i++) {
			struct vec slot = vec_add(a[0].pos,
			    vec_to_world(a[i].offset, a[0].heading));
			double e = vec_dist(slot, a[i].pos);

			worst = fmax(worst, e);
			sum += e;
			samples++;
		}
	}
	tu_say("offset: worst slot error %.3f, mean %.4f over %d samples\n",
	    worst, sum / samples, samples);
	ck_assert_msg(samples > 1000, "leader finished too soon (%d)", samples);
	ck_assert_msg(worst < 0.5, "a follower strayed %g from its slot", worst);
	ck_assert_msg(sum / samples < 0.1, "mean slot error %g", sum / samples);
	steer_crowd_free(c);
}
END_TEST

/* ---- flocking ---- */

/* Smallest distance between any two of n agents. */
static double
min_spacing(const struct steer_agent *a, int n)
{
	double m = INFINITY;

	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			m = fmin(m, vec_dist(a[i].pos, a[j].pos));
	return m;
}

/*
 * 150 agents dropped in a heap (their discs overlapping) set off together
 * for a far point, as a wave does. The closest pair over the last 11 s.
 */
static double
march(bool separate)
{
	struct steer_type t = type_of(STEER_BIT(STEER_SEEK) |
	    (separate ? STEER_BIT(STEER_SEPARATION) : 0), STEER_PRIORITISED);
	struct steer_crowd *c = crowd_of(NULL, 400, 100, 150, &t, 1);
	struct steer_agent a[150];
	double closest = INFINITY;
	uint64_t rs = 5;

	t.separation_radius = 1.0;
	for (int i = 0; i < 150; i++) {
		steer_agent_init(&a[i], 0, vec_make(20.0 + tu_randint(&rs, 600)
		    / 100.0, 47.0 + tu_randint(&rs, 600) / 100.0), 3.0, 6.0,
		    0.3, (uint64_t)i);
		a[i].goal = vec_make(380.0, 50.0);
	}
	ck_assert(min_spacing(a, 150) < 0.1);
	for (int k = 1; k <= 450; k++) {
		steer_crowd_step(c, a, 150, 1.0 / 30);
		if (k > 120)
			closest = fmin(closest, min_spacing(a, 150));
	}
	ck_assert_msg(a[0].pos.x > 50.0, "the crowd did not march (%g)",
	    a[0].pos.x);
	steer_crowd_free(c);
	return closest;
}

START_TEST(separation_keeps_minimum_spacing)
{
	double with = march(true), without = march(false);

	tu_say("separation: closest pair %.3f with, %.3f without\n", with,
	    without);
	/* Discs of radius 0.3 come apart and stay apart... */
	ck_assert_msg(with >= 0.6, "closest pair %g apart", with);
	/* ...where without separation they stay heaped. */
	ck_assert_msg(without < 0.1, "without separation %g apart", without);
}
END_TEST

/*
 * Flocking counts only the types a type flocks with: an agent of type 0
 * that separates from type 0 only is not pushed by a type-1 agent on top
 * of it (a shot going by, say), and is pushed once type 1 is in its mask.
 * Type 1 itself, flocking with everyone, is pushed by type 0 either way.
 */
START_TEST(separation_ignores_types_not_flocked_with)
{
	struct steer_type t[2];
	struct steer_crowd *c;
	struct steer_agent a[2];

	t[0] = type_of(STEER_BIT(STEER_SEPARATION), STEER_WEIGHTED_SUM);
	t[1] = t[0];
	t[0].flock_with = STEER_TYPE_BIT(0);
	c = crowd_of(NULL, 40, 40, 2, t, 2);
	for (int round = 0; round < 2; round++) {
		steer_agent_init(&a[0], 0, vec_make(20.0, 20.0), 3.0, 6.0, 0.3,
		    1);
		steer_agent_init(&a[1], 1, vec_make(20.3, 20.0), 3.0, 6.0, 0.3,
		    2);
		steer_crowd_forces(c, a, 2, 1.0 / 30);
		if (round == 0)
			ck_assert_msg(a[0].force.x == 0.0 && a[0].force.y == 0.0,
			    "pushed by a type it does not flock with: (%g, %g)",
			    a[0].force.x, a[0].force.y);
		else
			ck_assert_msg(a[0].force.x < -1.0,
			    "not pushed by a type it flocks with: %g",
			    a[0].force.x);
		ck_assert_msg(a[1].force.x > 1.0, "round %d: type 1 not "
		    "pushed away (%g)", round, a[1].force.x);
		t[0].flock_with |= STEER_TYPE_BIT(1);
	}
	steer_crowd_free(c);
}
END_TEST

/* Length of the mean unit heading: 1 when all agree. */
static double
polarisation(const struct steer_agent *a, int n)
{
	struct vec s = vec_zero();

	for (int i = 0; i < n; i++)
		s = vec_add(s, vec_norm(a[i].vel));
	return vec_len(s) / n;
}

START_TEST(alignment_converges_headings)
{
	struct steer_type t = type_of(STEER_BIT(STEER_ALIGNMENT),
	    STEER_WEIGHTED_SUM);
	struct steer_crowd *c = crowd_of(NULL, 400, 400, 60, &t, 1);
	struct steer_agent a[60];
	uint64_t rs = 11;
	double p0, p1;

	t.neighbour_radius = 40.0;
	for (int i = 0; i < 60; i++) {
		double ang = tu_randint(&rs, 62832) / 10000.0;

		steer_agent_init(&a[i], 0, vec_make(190.0 + tu_randint(&rs,
		    2000) / 100.0, 190.0 + tu_randint(&rs, 2000) / 100.0),
		    2.0, 3.0, 0.3, (uint64_t)i);
		a[i].vel = vec_make(2.0 * cos(ang), 2.0 * sin(ang));
		a[i].heading = vec_norm(a[i].vel);
	}
	p0 = polarisation(a, 60);
	for (int k = 0; k < 300; k++)
		steer_crowd_step(c, a, 60, 1.0 / 30);
	p1 = polarisation(a, 60);
	tu_say("alignment: polarisation %.3f -> %.3f\n", p0, p1);
	ck_assert_msg(p0 < 0.5, "start already aligned (%g)", p0);
	ck_assert_msg(p1 > 0.99, "polarisation only %g", p1);
	steer_crowd_free(c);
}
END_TEST

/* Mean distance of n agents to their centroid. */
static double
spread(const struct steer_agent *a, int n)
{
	struct vec m = vec_zero();
	double s = 0;

	for (int i = 0; i < n; i++)
		m = vec_add(m, a[i].pos);
	m = vec_scale(m, 1.0 / n);
	for (int i = 0; i < n; i++)
		s += vec_dist(a[i].pos, m);
	return s / n;
}

START_TEST(cohesion_gathers_group)
{
	struct steer_type t = type_of(STEER_BIT(STEER_SEPARATION) |
	    STEER_BIT(STEER_COHESION), STEER_WEIGHTED_SUM);
	struct steer_crowd *c = crowd_of(NULL, 100, 100, 40, &t, 1);
	struct steer_agent a[40];
	uint64_t rs = 3;
	double s0, s1;

	t.neighbour_radius = 8.0;
	t.separation_radius = 0.8;
	for (int i = 0; i < 40; i++)
		steer_agent_init(&a[i], 0, vec_make(40.0 + tu_randint(&rs,
		    1600) / 100.0, 40.0 + tu_randint(&rs, 1600) / 100.0),
		    2.0, 4.0, 0.3, (uint64_t)i);
	s0 = spread(a, 40);
	for (int k = 0; k < 600; k++)
		steer_crowd_step(c, a, 40, 1.0 / 30);
	s1 = spread(a, 40);
	tu_say("cohesion: spread %.3f -> %.3f, closest %.3f\n", s0, s1,
	    min_spacing(a, 40));
	ck_assert_msg(s1 < 0.4 * s0, "spread only fell from %g to %g", s0, s1);
	steer_crowd_free(c);
}
END_TEST

/* ---- flow following ---- */

/*
 * A w x h maze (w, h odd) carved by a seeded depth-first walk, with a few
 * extra openings so there are loops and rooms, the exit in a corner room.
 */
static struct grid *
maze(uint64_t *rs, int w, int h, int32_t *goal)
{
	struct grid *g = grid_new(w, h, true);
	int *stack = xmalloc(sizeof *stack * (size_t)w * (size_t)h), top = 0;
	static const int dx[4] = { 2, -2, 0, 0 }, dy[4] = { 0, 0, 2, -2 };

	grid_set_cost(g, 1, 1, 1);
	stack[top++] = 1 * w + 1;
	while (top > 0) {
		int cur = stack[top - 1], x = cur % w, y = cur / w, opts[4],
		    no = 0;

		for (int d = 0; d < 4; d++) {
			int nx = x + dx[d], ny = y + dy[d];

			if (nx > 0 && ny > 0 && nx < w - 1 && ny < h - 1 &&
			    !grid_open(g, nx, ny))
				opts[no++] = d;
		}
		if (no == 0) {
			top--;
			continue;
		}
		int d = opts[tu_randint(rs, no)];
		grid_set_cost(g, x + dx[d] / 2, y + dy[d] / 2, 1);
		grid_set_cost(g, x + dx[d], y + dy[d], 1);
		stack[top++] = (y + dy[d]) * w + x + dx[d];
	}
	free(stack);
	/* Knock through some walls, and open two rooms. */
	for (int k = 0; k < w * h / 40; k++) {
		int x = 1 + tu_randint(rs, w - 2), y = 1 + tu_randint(rs, h - 2);

		grid_set_cost(g, x, y, 1);
	}
	for (int y = 2; y < 7; y++)
		for (int x = 2; x < 8; x++)
			grid_set_cost(g, x, y, 1);
	for (int y = h - 8; y < h - 1; y++)
		for (int x = w - 9; x < w - 1; x++)
			grid_set_cost(g, x, y, 1);
	*goal = grid_index(g, w - 3, h - 3);
	return g;
}

START_TEST(flow_following_reaches_exit_from_every_cell)
{
	for (uint64_t seed = 1; seed <= 3; seed++) {
		uint64_t rs = seed * 7919;
		int32_t goal;
		struct grid *g = maze(&rs, 41, 31, &goal);
		struct field *f = field_new(g->w, g->h);
		struct steer_type t = type_of(STEER_BIT(STEER_FLOW),
		    STEER_PRIORITISED);
		struct steer_agent *a;
		struct steer_crowd *c;
		int n = 0, done = 0, k;
		double dt = 1.0 / 20, longest = 0;

		field_build(f, g, &goal, 1);
		a = xcalloc((size_t)g->w * (size_t)g->h, sizeof *a);
		for (int y = 0; y < g->h; y++) {
			for (int x = 0; x < g->w; x++) {
				int i = grid_index(g, x, y);

				if (!grid_open(g, x, y) || f->dist[i] == FIELD_INF)
					continue;
				steer_agent_init(&a[n], 0, vec_make(x + 0.5,
				    y + 0.5), 3.0, 12.0, 0.35, (uint64_t)n);
				longest = fmax(longest, field_distance(f, x, y));
				n++;
			}
		}
		c = crowd_of(g, 0, 0, n, &t, 1);
		c->field = f;
		for (k = 1; done < n && k * dt < longest / 3.0 * 1.6 + 5.0; k++) {
			steer_crowd_step(c, a, n, dt);
			done = 0;
			for (int i = 0; i < n; i++) {
				ck_assert_msg(!disc_hits_wall(g, a[i].pos,
				    a[i].radius), "agent %d in a wall at "
				    "(%g, %g)", i, a[i].pos.x, a[i].pos.y);
				if (grid_index(g, (int)floor(a[i].pos.x),
				    (int)floor(a[i].pos.y)) == goal)
					done++;
			}
		}
		tu_say("flow seed %d: %d of %d cells reached the exit in %.1fs "
		    "(longest route %.1f cells)\n", (int)seed, done, n, k * dt,
		    longest);
		for (int i = 0; i < n; i++)
			ck_assert_msg(grid_index(g, (int)floor(a[i].pos.x),
			    (int)floor(a[i].pos.y)) == goal, "seed %d: agent "
			    "%d stuck at (%g, %g)", (int)seed, i, a[i].pos.x,
			    a[i].pos.y);
		steer_crowd_free(c);
		free(a);
		field_free(f);
		grid_free(g);
	}
}
END_TEST

/*
 * Whether the cells of the 2 x 2 block whose centres surround p are all
 * open and see the goal (all_los), and whether two of their pointers part by 90
 * degrees or more (a split, where routes go either way round).
 */
static void
stencil(const struct field *f, const struct grid *g, struct vec p,
    bool *all_los, bool *split)
{
	int bx = (int)floor(p.x - 0.5), by = (int)floor(p.y - 0.5);
	struct vec d[4];
	int n = 0;

	*all_los = true;
	*split = false;
	for (int y = by; y <= by + 1; y++) {
		for (int x = bx; x <= bx + 1; x++) {
			int i = grid_index(g, x, y), k = f->dir[i];

			if (!grid_open(g, x, y) || k < 0) {
				*all_los = false;
				continue;
			}
			if (!f->los[i] && k != FIELD_DIR_GOAL)
				*all_los = false;
			if (k < 8)
				d[n++] = vec_norm(vec_make(field_dx[k],
				    field_dy[k]));
		}
	}
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (vec_dot(d[i], d[j]) <= 1e-9)
				*split = true;
}

/* The sampled flow is smooth: it turns gradually between cell centres. */
START_TEST(flow_sampling_is_smooth)
{
	static const char *rows[] = {
		"####################",
		"#..................#",
		"#..................#",
		"#......#####.......#",
		"#......#####.......#",
		"#......#####.......#",
		"#..................#",
		"#..................#",
		"#.................G#",
		"####################",
		NULL,
	};
	int32_t goals[4];
	int ngoals, blends = 0, straight = 0, samples = 0;
	struct grid *g = tu_grid(rows, true, goals, &ngoals);
	struct field *f = field_new(g->w, g->h);
	double worst = 0;

	field_build(f, g, goals, ngoals);
	/* March along rows in small steps: neighbouring samples agree. */
	for (double y = 1.05; y < 9.0; y += 0.1) {
		struct vec prev = vec_zero();
		bool prev_split = true;

		for (double x = 1.05; x < 19.0; x += 0.02) {
			struct vec p = vec_make(x, y), d;
			bool all_los, split;

			if (!grid_open(g, (int)floor(x), (int)floor(y))) {
				prev = vec_zero();
				continue;
			}
			d = steer_flow_dir(f, g, p);
			stencil(f, g, p, &all_los, &split);
			samples++;
			ck_assert_msg(fabs(vec_len(d) - 1.0) < 1e-9,
			    "no unit flow at (%g, %g)", x, y);
			if (all_los && vec_dist(p, vec_make(18.5, 8.5)) > 0.01) {
				/* Straight at the goal's centre. */
				struct vec to = vec_norm(vec_sub(vec_make(18.5,
				    8.5), p));

				ck_assert_msg(vec_dist(d, to) < 1e-9, "(%g, %g) "
				    "sees the goal but does not aim at it", x, y);
				straight++;
			} else if (fabs(d.x) > 1e-3 && fabs(d.y) > 1e-3 &&
			    fabs(fabs(d.x) - fabs(d.y)) > 1e-3)
				blends++;	/* neither axis nor diagonal */
			/* (Round the goal's centre the direction spins.) */
			if ((prev.x != 0 || prev.y != 0) && !split &&
			    !prev_split && vec_dist(p, vec_make(18.5, 8.5)) >
			    0.5) {
				worst = fmax(worst, turn(prev, d));
				ck_assert_msg(turn(prev, d) < 0.1, "flow jumps "
				    "%g rad at (%g, %g)", turn(prev, d), x, y);
			}
			prev = d;
			prev_split = split;
		}
	}
	tu_say("flow sampling: %d samples, %d straight at the goal, %d blended, "
	    "worst step %.4f rad\n", samples, straight, blends, worst);
	ck_assert_msg(straight > 1000, "only %d samples aim at the goal",
	    straight);
	ck_assert_msg(blends > 1000, "only %d samples off the eight "
	    "directions", blends);
	field_free(f);
	grid_free(g);
}
END_TEST

/* ---- walls: the hard constraint ---- */

START_TEST(crowd_of_1000_never_penetrates_walls)
{
	static const char *rows[] = {
		"##############################################################",
		"#.................#######################################....#",
		"#.................#######################################....#",
		"#...........................#.......#.........#..........#...#",
		"#........................#.......#.....#...........##........#",
		"#.......................#.#..#.....#.....#.........##....G...#",
		"#.................#######.....####....#.....#................#",
		"#.................########...###.#.........#......####.......#",
		"#.................#######################################....#",
		"#.................#######################################....#",
		"#.................#######################################....#",
		"##############################################################",
		NULL,
	};
	int32_t goals[2];
	int ngoals, n = 0, in_corridor = 0, crossed = 0;
	struct grid *g = tu_grid(rows, true, goals, &ngoals);
	struct field *f = field_new(g->w, g->h);
	struct steer_type t[2];
	struct steer_agent *a = xcalloc(1000, sizeof *a);
	struct steer_crowd *c;
	uint64_t rs = 99;
	double dt = 0.1;

	field_build(f, g, goals, ngoals);
	t[0] = type_of(STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_FLOW),
	    STEER_WEIGHTED_SUM);
	t[0].weight[STEER_SEPARATION] = 4.0;
	t[0].separation_radius = 1.0;
	t[1] = t[0];
	t[1].combiner = STEER_DITHERED;
	t[1].behaviours |= STEER_BIT(STEER_WANDER);
	while (n < 1000) {
		double x = 1.0 + tu_randint(&rs, 1600) / 100.0;
		double y = 1.0 + tu_randint(&rs, 1000) / 100.0;

		/* Fast ones cover 1.5 cells a tick: tunnelling bait. */
		steer_agent_init(&a[n], n % 2, vec_make(x, y), n % 10 == 0 ?
		    15.0 : 3.0, n % 10 == 0 ? 60.0 : 10.0, 0.2 + 0.25 *
		    tu_randint(&rs, 100) / 100.0, (uint64_t)n);
		a[n].pos = steer_unstick(g, a[n].pos, a[n].radius);
		n++;
	}
	c = crowd_of(g, 0, 0, n, t, 2);
	c->field = f;
	for (int k = 1; k <= 400; k++) {
		steer_crowd_step(c, a, n, dt);
		for (int i = 0; i < n; i++)
			ck_assert_msg(!disc_hits_wall(g, a[i].pos, a[i].radius),
			    "tick %d: agent %d (r %g) in a wall at (%.17g, "
			    "%.17g)", k, i, a[i].radius, a[i].pos.x, a[i].pos.y);
	}
	for (int i = 0; i < n; i++) {
		if (a[i].pos.x > 18.0 && a[i].pos.x < 58.0)
			in_corridor++;
		if (a[i].pos.x >= 58.0)
			crossed++;
	}
	tu_say("corridor: %d agents in the corridor, %d through it\n",
	    in_corridor, crossed);
	ck_assert_msg(in_corridor > 100 && crossed > 50, "the crowd did not move "
	    "(%d, %d)", in_corridor, crossed);
	steer_crowd_free(c);
	field_free(f);
	free(a);
	grid_free(g);
}
END_TEST

START_TEST(fast_agent_cannot_tunnel)
{
	static const char *rows[] = {
		"##########",
		"#...#....#",
		"#...#....#",
		"#...#....#",
		"##########",
		NULL,
	};
	struct grid *g = tu_grid(rows, true, NULL, NULL);
	struct steer_type t = type_of(STEER_BIT(STEER_SEEK), STEER_PRIORITISED);
	struct steer_crowd *c = crowd_of(g, 0, 0, 1, &t, 1);

	for (int s = 0; s < 40; s++) {
		struct steer_agent a;
		double speed = 5.0 + 10.0 * s;

		steer_agent_init(&a, 0, vec_make(2.0, 1.5 + s % 5 * 0.5),
		    speed, 100.0 * speed, 0.05 + 0.01 * s, (uint64_t)s);
		a.goal = vec_make(7.5, 3.9 - s % 3);
		for (int k = 0; k < 100; k++) {
			steer_crowd_step(c, &a, 1, 1.0 / 30);
			ck_assert_msg(a.pos.x + a.radius <= 4.0, "speed %g: "
			    "through the wall to x %g", speed, a.pos.x);
		}
		/* It ends pressed flat against the wall. */
		ck_assert_msg(a.pos.x + a.radius > 4.0 - 1e-9 && a.vel.x <= 0,
		    "speed %g: x %g vx %g", speed, a.pos.x, a.vel.x);
	}
	steer_crowd_free(c);
	grid_free(g);
}
END_TEST

START_TEST(no_slipping_through_diagonal_corners)
{
	/* The two rooms touch only where two wall corners meet. */
	static const char *rows[] = {
		"########",
		"#...####",
		"#...####",
		"#...####",
		"####...#",
		"####...#",
		"####...#",
		"########",
		NULL,
	};
	struct grid *g = tu_grid(rows, true, NULL, NULL);
	struct steer_type t[2] = {
		type_of(STEER_BIT(STEER_SEEK), STEER_PRIORITISED),
		type_of(STEER_BIT(STEER_SEEK) | STEER_BIT(STEER_SEPARATION),
		    STEER_WEIGHTED_SUM),
	};
	struct steer_crowd *c = crowd_of(g, 0, 0, 40, t, 2);
	struct steer_agent a[40];
	uint64_t rs = 4;

	for (int i = 0; i < 40; i++) {
		steer_agent_init(&a[i], i % 2, vec_make(1.3 + tu_randint(&rs,
		    240) / 100.0, 1.3 + tu_randint(&rs, 240) / 100.0), 2.0 +
		    i, 20.0 + 10.0 * i, 0.02 + 0.011 * i, (uint64_t)i);
		a[i].goal = vec_make(6.0, 6.0);
	}
	for (int k = 0; k < 300; k++) {
		steer_crowd_step(c, a, 40, 1.0 / 30);
		for (int i = 0; i < 40; i++)
			ck_assert_msg(a[i].pos.x < 4.0 && a[i].pos.y < 4.0,
			    "agent %d slipped through to (%g, %g)", i,
			    a[i].pos.x, a[i].pos.y);
	}
	steer_crowd_free(c);
	grid_free(g);
}
END_TEST

START_TEST(unstick_pushes_out_the_short_way)
{
	static const char *rows[] = {
		"#######",
		"#.....#",
		"#..#..#",
		"#.....#",
		"#######",
		NULL,
	};
	struct grid *g = tu_grid(rows, true, NULL, NULL);
	struct vec p = steer_unstick(g, vec_make(3.1, 2.5), 0.3);

	/* Just inside the pillar's left face: out to the left. */
	ck_assert_msg(fabs(p.x - 2.7) < 1e-9 && p.y == 2.5, "(%g, %g)", p.x,
	    p.y);
	ck_assert(!steer_overlaps_wall(g, p, 0.3));
	/* Deep in the middle: still out, into open ground. */
	p = steer_unstick(g, vec_make(3.5, 2.5), 0.3);
	ck_assert(!steer_overlaps_wall(g, p, 0.3));
	ck_assert(!disc_hits_wall(g, p, 0.3));
	grid_free(g);
}
END_TEST

/* ---- the crowd tick ---- */

/* A mixed crowd on a random map, every behaviour in play. */
static void
mixed_run(uint64_t seed, struct vec *out, int n, const struct grid *g,
    const struct field *f)
{
	struct steer_type t[3];
	struct steer_agent *a = xcalloc((size_t)n, sizeof *a);
	struct steer_crowd *c;
	uint64_t rs = seed;

	t[0] = type_of(STEER_BIT(STEER_WALLS) | STEER_BIT(STEER_SEPARATION) |
	    STEER_BIT(STEER_ALIGNMENT) | STEER_BIT(STEER_COHESION) |
	    STEER_BIT(STEER_FLOW), STEER_WEIGHTED_SUM);
	t[1] = type_of(STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_WANDER) |
	    STEER_BIT(STEER_FLOW) | STEER_BIT(STEER_PURSUIT), STEER_DITHERED);
	t[2] = type_of(STEER_BIT(STEER_WALLS) | STEER_BIT(STEER_EVADE) |
	    STEER_BIT(STEER_WANDER), STEER_PRIORITISED);
	for (int i = 0; i < n; i++) {
		int32_t cell = tu_random_open(&rs, g);

		steer_agent_init(&a[i], i % 3, vec_make(grid_x(g, cell) + 0.5,
		    grid_y(g, cell) + 0.5), 2.0 + i % 4, 8.0, 0.3,
		    seed * 1000 + (uint64_t)i);
		a[i].target = (i * 7 + 3) % n;
	}
	c = crowd_of(g, 0, 0, n, t, 3);
	c->field = f;
	for (int k = 0; k < 200; k++)
		steer_crowd_step(c, a, n, 1.0 / 30);
	for (int i = 0; i < n; i++)
		out[i] = a[i].pos;
	steer_crowd_free(c);
	free(a);
}

START_TEST(same_seed_same_positions)
{
	uint64_t rs = 42;
	struct grid *g = tu_random_grid(&rs, 64, 48, 15, 0, true);
	struct field *f = field_new(g->w, g->h);
	int32_t goal = tu_random_open(&rs, g);
	struct vec *p1 = xcalloc(300, sizeof *p1), *p2 = xcalloc(300,
	    sizeof *p2), *p3 = xcalloc(300, sizeof *p3);

	field_build(f, g, &goal, 1);
	mixed_run(7, p1, 300, g, f);
	mixed_run(7, p2, 300, g, f);
	mixed_run(8, p3, 300, g, f);
	ck_assert_msg(memcmp(p1, p2, 300 * sizeof *p1) == 0,
	    "same seed, different positions");
	ck_assert_msg(memcmp(p1, p3, 300 * sizeof *p1) != 0,
	    "another seed, same positions");
	free(p1);
	free(p2);
	free(p3);
	field_free(f);
	grid_free(g);
}
END_TEST

/* Forces come from the start of the tick: a mirror image stays one. */
START_TEST(forces_before_moves)
{
	struct steer_type t = type_of(STEER_BIT(STEER_SEPARATION) |
	    STEER_BIT(STEER_COHESION) | STEER_BIT(STEER_ALIGNMENT) |
	    STEER_BIT(STEER_SEEK), STEER_WEIGHTED_SUM);
	struct steer_crowd *c = crowd_of(NULL, 40, 40, 2, &t, 1);
	struct steer_agent a[2];

	steer_agent_init(&a[0], 0, vec_make(19.0, 20.0), 3.0, 6.0, 0.3, 1);
	steer_agent_init(&a[1], 0, vec_make(21.0, 20.0), 3.0, 6.0, 0.3, 2);
	a[0].goal = vec_make(21.0, 35.0);	/* each aims at the other's x */
	a[1].goal = vec_make(19.0, 35.0);
	for (int k = 0; k < 100; k++) {
		steer_crowd_step(c, a, 2, 1.0 / 30);
		ck_assert_msg(a[0].pos.x - 20.0 == 20.0 - a[1].pos.x &&
		    a[0].pos.y == a[1].pos.y, "tick %d: (%.17g, %.17g) vs "
		    "(%.17g, %.17g)", k, a[0].pos.x, a[0].pos.y, a[1].pos.x,
		    a[1].pos.y);
	}
	steer_crowd_free(c);
}
END_TEST

START_TEST(heading_drawn_smoothly)
{
	struct steer_type t = type_of(STEER_BIT(STEER_SEEK), STEER_PRIORITISED);
	struct steer_crowd *c = crowd_of(NULL, 40, 40, 1, &t, 1);
	struct steer_agent a;
	double dt = 1.0 / 60, worst_look = 0, worst_heading = 0;

	steer_agent_init(&a, 0, vec_make(20.0, 20.0), 3.0, 60.0, 0.3, 1);
	/* Seek a point that hops from side to side every few ticks. */
	for (int k = 0; k < 240; k++) {
		struct vec h = a.heading, l = a.look;

		a.goal = vec_make(20.0 + (k / 6 % 2 ? 30.0 : -30.0),
		    20.0 + (k / 9 % 2 ? 30.0 : -30.0));
		steer_crowd_step(c, &a, 1, dt);
		if (k > 0) {
			worst_heading = fmax(worst_heading, turn(h, a.heading));
			worst_look = fmax(worst_look, turn(l, a.look));
		}
	}
	tu_say("look: worst turn per tick %.3f drawn, %.3f moving\n", worst_look,
	    worst_heading);
	/* Each tick the drawn heading moves at most dt / look_time of the way. */
	ck_assert_msg(worst_look <= PI * dt / t.look_time + 1e-9,
	    "drawn heading turned %g in a tick", worst_look);
	ck_assert_msg(worst_look < 0.5 * worst_heading, "drawn %g, moving %g",
	    worst_look, worst_heading);
	steer_crowd_free(c);
}
END_TEST

/* ---- combiners ---- */

/* Forces looked up in a table, noting which behaviours were asked. */
struct table {
	const struct vec	*forces;
	uint32_t		 asked;		/* STEER_BIT of each */
};

/* steer_force_fn over a struct table. */
static struct vec
table_force(void *arg, int b)
{
	struct table *tb = arg;

	tb->asked |= STEER_BIT(b);
	return tb->forces[b];
}

/* steer_combine of the forces in a table; *asked: the ones it asked for. */
static struct vec
combine(const struct steer_type *t, const struct vec *forces,
    double max_force, struct steer_rng *rng, uint32_t *asked)
{
	struct table tb = { forces, 0 };
	struct vec r = steer_combine(t, table_force, &tb, max_force, rng);

	if (asked != NULL)
		*asked = tb.asked;
	return r;
}

START_TEST(weighted_sum_truncates)
{
	struct steer_type t = type_of(STEER_BIT(STEER_SEPARATION) |
	    STEER_BIT(STEER_SEEK) | STEER_BIT(STEER_WANDER), STEER_WEIGHTED_SUM);
	struct vec forces[STEER_NBEHAVIOURS] = { { 0, 0 } }, r;
	struct steer_rng rng;
	uint32_t asked;

	steer_rng_seed(&rng, 1);
	t.weight[STEER_SEPARATION] = 2.0;
	t.weight[STEER_SEEK] = 0.5;
	forces[STEER_SEPARATION] = vec_make(1.0, 0.0);
	forces[STEER_SEEK] = vec_make(0.0, 2.0);
	forces[STEER_WANDER] = vec_make(-1.0, 0.5);
	forces[STEER_FLOW] = vec_make(50.0, 50.0);	/* not in the type */
	r = combine(&t, forces, 10.0, &rng, &asked);
	ck_assert_msg(vec_dist(r, vec_make(1.0, 1.5)) < 1e-12, "(%g, %g)",
	    r.x, r.y);
	/* Every behaviour of the type is asked, and only those. */
	ck_assert_uint_eq(asked, t.behaviours);
	/* Over budget: the whole sum is scaled down, direction kept. */
	r = combine(&t, forces, 1.0, &rng, &asked);
	ck_assert_uint_eq(asked, t.behaviours);
	ck_assert_msg(fabs(vec_len(r) - 1.0) < 1e-12 &&
	    fabs(vec_cross(r, vec_make(1.0, 1.5))) < 1e-12, "(%g, %g)", r.x,
	    r.y);
}
END_TEST

START_TEST(prioritised_drops_lower_priorities)
{
	struct steer_type t = type_of(STEER_BIT(STEER_WALLS) |
	    STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_SEEK),
	    STEER_PRIORITISED);
	struct vec forces[STEER_NBEHAVIOURS] = { { 0, 0 } }, r;
	struct steer_rng rng;
	uint32_t asked;

	steer_rng_seed(&rng, 1);
	forces[STEER_WALLS] = vec_make(3.0, 0.0);
	forces[STEER_SEPARATION] = vec_make(0.0, 4.0);
	forces[STEER_SEEK] = vec_make(-100.0, 0.0);
	/*
	 * Walls fit (3 of 5), separation is cut to the 2 left, and seek is
	 * dropped without being asked.
	 */
	r = combine(&t, forces, 5.0, &rng, &asked);
	ck_assert_msg(vec_dist(r, vec_make(3.0, 2.0)) < 1e-12, "(%g, %g)",
	    r.x, r.y);
	ck_assert_uint_eq(asked, STEER_BIT(STEER_WALLS) |
	    STEER_BIT(STEER_SEPARATION));
	/* Weights count before the budget: walls alone fill it. */
	t.weight[STEER_WALLS] = 2.0;
	r = combine(&t, forces, 5.0, &rng, &asked);
	ck_assert_msg(vec_dist(r, vec_make(5.0, 0.0)) < 1e-12, "(%g, %g)",
	    r.x, r.y);
	ck_assert_uint_eq(asked, STEER_BIT(STEER_WALLS));
	t.weight[STEER_WALLS] = 1.0;
	/* With room to spare every force is added in full. */
	forces[STEER_SEEK] = vec_make(-1.0, 0.0);
	r = combine(&t, forces, 100.0, &rng, &asked);
	ck_assert_msg(vec_dist(r, vec_make(2.0, 4.0)) < 1e-12, "(%g, %g)",
	    r.x, r.y);
	ck_assert_uint_eq(asked, t.behaviours);

	/* In the crowd a dropped behaviour is not even worked out: a full
	 * seek leaves wander's generator untouched. */
	t = type_of(STEER_BIT(STEER_SEEK) | STEER_BIT(STEER_WANDER),
	    STEER_PRIORITISED);
	{
		struct steer_crowd *c = crowd_of(NULL, 40, 40, 1, &t, 1);
		struct steer_agent a;
		uint64_t s0;

		steer_agent_init(&a, 0, vec_make(5.0, 5.0), 3.0, 6.0, 0.3, 9);
		a.goal = vec_make(30.0, 30.0);
		s0 = a.rng.s;
		steer_crowd_step(c, &a, 1, 0.1);
		ck_assert(a.rng.s == s0);
		/* Once there is room left, wander runs and draws numbers. */
		a.goal = a.pos;
		a.vel = vec_zero();
		t.behaviours = STEER_BIT(STEER_ARRIVE) | STEER_BIT(STEER_WANDER);
		steer_crowd_step(c, &a, 1, 0.1);
		ck_assert(a.rng.s != s0);
		steer_crowd_free(c);
	}
}
END_TEST

START_TEST(dithered_picks_one_by_chance)
{
	struct steer_type t = type_of(STEER_BIT(STEER_OBSTACLES) |
	    STEER_BIT(STEER_FLEE) | STEER_BIT(STEER_SEEK), STEER_DITHERED);
	struct vec forces[STEER_NBEHAVIOURS] = { { 0, 0 } };
	struct steer_rng rng;
	int hits[3] = { 0, 0, 0 }, none = 0, trials = 20000;
	uint32_t asked;

	steer_rng_seed(&rng, 5);
	t.chance[STEER_OBSTACLES] = 0.3;
	t.chance[STEER_FLEE] = 0.5;
	t.chance[STEER_SEEK] = 1.0;
	t.weight[STEER_OBSTACLES] = 0.6;
	forces[STEER_OBSTACLES] = vec_make(1.0, 0.0);
	forces[STEER_FLEE] = vec_make(0.0, 1.0);
	forces[STEER_SEEK] = vec_make(-1.0, 0.0);
	for (int k = 0; k < trials; k++) {
		struct vec r = combine(&t, forces, 10.0, &rng, &asked);

		/*
		 * The winner alone, as weight * force / chance, and it is
		 * the only behaviour asked: losers of the coin toss are not.
		 */
		ck_assert(asked != 0 && (asked & (asked - 1)) == 0);
		if (vec_dist(r, vec_make(2.0, 0.0)) < 1e-12)
			hits[0]++;
		else if (vec_dist(r, vec_make(0.0, 2.0)) < 1e-12)
			hits[1]++;
		else if (vec_dist(r, vec_make(-1.0, 0.0)) < 1e-12)
			hits[2]++;
		else
			none++;
	}
	tu_say("dithered: %d %d %d %d\n", hits[0], hits[1], hits[2], none);
	ck_assert_int_eq(none, 0);
	/* P = 0.3, 0.7 * 0.5, the rest. */
	ck_assert_msg(abs(hits[0] - 6000) < 400, "first won %d", hits[0]);
	ck_assert_msg(abs(hits[1] - 7000) < 400, "second won %d", hits[1]);
	ck_assert_msg(abs(hits[2] - 7000) < 400, "third won %d", hits[2]);
	/* A winner asking for nothing passes the turn on. */
	forces[STEER_OBSTACLES] = vec_zero();
	t.chance[STEER_OBSTACLES] = 1.0;
	ck_assert(vec_len(combine(&t, forces, 10.0, &rng, &asked)) > 0);
	ck_assert(asked & STEER_BIT(STEER_OBSTACLES));
	/* Truncated to the budget. */
	t.weight[STEER_SEEK] = 50.0;
	t.chance[STEER_FLEE] = 0.0;
	ck_assert(fabs(vec_len(combine(&t, forces, 10.0, &rng, &asked)) -
	    10.0) < 1e-12);
	ck_assert(!(asked & STEER_BIT(STEER_FLEE)));
	/* Nobody wins: no force. */
	t.chance[STEER_OBSTACLES] = t.chance[STEER_SEEK] = 0.0;
	ck_assert(vec_len(combine(&t, forces, 10.0, &rng, &asked)) == 0.0);
	ck_assert_uint_eq(asked, 0);
}
END_TEST

/* An agent copy and its type: the public behaviours, asked one by one. */
struct solo {
	struct steer_agent		*a;
	const struct steer_type		*t;
	double				 dt;
};

/* steer_force_fn over struct solo: seek, flee, arrive or wander. */
static struct vec
solo_force(void *arg, int b)
{
	struct solo *so = arg;
	struct steer_agent *a = so->a;
	const struct steer_type *t = so->t;

	switch (b) {
	case STEER_FLEE:
		return steer_flee(a, a->goal, t->panic_distance);
	case STEER_ARRIVE:
		return steer_arrive(a, a->goal, t->deceleration, so->dt);
	case STEER_SEEK:
		return steer_seek(a, a->goal);
	case STEER_WANDER:
		return steer_wander(a, &a->wander, &a->rng, t->wander_radius,
		    t->wander_distance, t->wander_jitter, so->dt);
	}
	ck_abort_msg("behaviour %d is not the type's", b);
	return vec_zero();
}

/*
 * The crowd tick folds each agent's forces with steer_combine, under the
 * agent's own type, budget and generator: for each combiner, the force it
 * gives every agent is bit for bit steer_combine's over the public
 * behaviours, tick after tick, and the generators stay in step.
 */
START_TEST(crowd_folds_with_steer_combine)
{
	static const enum steer_combiner combiners[] = { STEER_WEIGHTED_SUM,
	    STEER_PRIORITISED, STEER_DITHERED };
	enum { N = 60 };
	struct steer_type t = type_of(STEER_BIT(STEER_FLEE) |
	    STEER_BIT(STEER_ARRIVE) | STEER_BIT(STEER_SEEK) |
	    STEER_BIT(STEER_WANDER), combiners[_i]);
	struct steer_agent a[N], copy[N];
	struct steer_crowd *c = crowd_of(NULL, 40, 40, N, &t, 1);
	double dt = 1.0 / 30;
	int cut = 0, zero = 0;

	t.weight[STEER_FLEE] = 1.3;
	t.weight[STEER_ARRIVE] = 0.4;
	t.weight[STEER_SEEK] = 0.7;
	t.weight[STEER_WANDER] = 2.0;
	t.chance[STEER_FLEE] = 0.4;
	t.chance[STEER_ARRIVE] = 0.5;
	t.chance[STEER_SEEK] = 0.6;
	t.chance[STEER_WANDER] = 0.9;
	for (int i = 0; i < N; i++) {
		steer_agent_init(&a[i], 0, vec_make(5.0 + i % 10 * 3.0,
		    5.0 + i / 10 * 5.0), 3.0, 1.0 + i % 5, 0.3,
		    (uint64_t)i + 7);
		a[i].vel = vec_make(0.1 * (i % 7) - 0.3, 0.2 - 0.05 * (i % 9));
		a[i].goal = vec_make(20.0, 20.0);
	}
	for (int k = 0; k < 30; k++) {
		memcpy(copy, a, sizeof a);
		steer_crowd_forces(c, a, N, dt);
		for (int i = 0; i < N; i++) {
			struct solo so = { &copy[i], &t, dt };
			struct vec want = steer_combine(&t, solo_force, &so,
			    copy[i].max_force, &copy[i].rng);

			ck_assert_msg(a[i].force.x == want.x &&
			    a[i].force.y == want.y, "tick %d agent %d: crowd "
			    "(%.17g, %.17g), steer_combine (%.17g, %.17g)", k,
			    i, a[i].force.x, a[i].force.y, want.x, want.y);
			ck_assert(a[i].rng.s == copy[i].rng.s);
			ck_assert(a[i].wander.x == copy[i].wander.x &&
			    a[i].wander.y == copy[i].wander.y);
			if (fabs(vec_len(want) - a[i].max_force) < 1e-9)
				cut++;
			if (want.x == 0.0 && want.y == 0.0)
				zero++;
		}
		steer_crowd_integrate(c, a, N, dt);
	}
	tu_say("crowd combiner %d: %d forces at the budget, %d zero\n", _i, cut,
	    zero);
	/* The budget bites often enough to tell the combiners apart. */
	ck_assert_int_gt(cut, 100);
	if (combiners[_i] == STEER_DITHERED)
		ck_assert_int_gt(zero, 0);	/* no winner, now and then */
	steer_crowd_free(c);
}
END_TEST

/* ---- neighbour grid ---- */

static int
cmp_int(const void *a, const void *b)
{
	return *(const int32_t *)a - *(const int32_t *)b;
}

START_TEST(spatial_query_matches_bruteforce)
{
	uint64_t rs = 123;
	int n = 3000;
	struct vec *pos = xcalloc((size_t)n, sizeof *pos);
	struct vec *vel = xcalloc((size_t)n, sizeof *vel);
	struct spatial *sp = spatial_new(100, 80, 1.5, n);
	struct spatial_hits *h1 = spatial_hits_new(n), *h2 = spatial_hits_new(n);
	long total = 0;

	for (int i = 0; i < n; i++) {
		/* Some off the map: they are clamped into border buckets. */
		pos[i] = vec_make(tu_randint(&rs, 10400) / 100.0 - 2.0,
		    tu_randint(&rs, 8400) / 100.0 - 2.0);
		vel[i] = vec_make(i, -i);
	}
	spatial_build(sp, pos, vel, sizeof *pos, n);
	for (int q = 0; q < 500; q++) {
		int self = tu_randint(&rs, n);
		double r = 0.2 + tu_randint(&rs, 400) / 100.0;

		spatial_query(sp, pos[self], r, self, h1);
		spatial_query_all(pos, vel, sizeof *pos, n, pos[self], r, self,
		    h2);
		ck_assert_int_eq(h1->n, h2->n);
		for (int k = 0; k < h1->n; k++) {
			int j = h1->index[k];

			ck_assert(h1->pos[k].x == pos[j].x &&
			    h1->vel[k].x == vel[j].x);
		}
		qsort(h1->index, (size_t)h1->n, sizeof *h1->index, cmp_int);
		qsort(h2->index, (size_t)h2->n, sizeof *h2->index, cmp_int);
		ck_assert(memcmp(h1->index, h2->index, (size_t)h1->n *
		    sizeof *h1->index) == 0);
		total += h1->n;
	}
	ck_assert_msg(total > 1000, "queries found only %ld", total);
	spatial_hits_free(h1);
	spatial_hits_free(h2);
	spatial_free(sp);
	free(pos);
	free(vel);
}
END_TEST

/*
 * The sparse layout (few agents on a large map) answers every query with
 * the same neighbours in the same order as the dense one, so a crowd
 * steers the same whichever a build picks; and the right one is picked.
 */
START_TEST(spatial_layouts_agree)
{
	uint64_t rs = 321;
	int n = 2500;
	struct vec *pos = xcalloc((size_t)n, sizeof *pos);
	struct vec *vel = xcalloc((size_t)n, sizeof *vel);
	struct spatial *dense = spatial_new(300, 200, 2.0, n);
	struct spatial *sparse = spatial_new(300, 200, 2.0, n);
	struct spatial_hits *h1 = spatial_hits_new(n), *h2 = spatial_hits_new(n);
	long total = 0;

	for (int i = 0; i < n; i++) {
		/* Bunched in a few rows and columns, some off the map. */
		pos[i] = vec_make(tu_randint(&rs, 31000) / 100.0 - 5.0,
		    tu_randint(&rs, 4) * 50 + tu_randint(&rs, 900) / 100.0 -
		    3.0);
		vel[i] = vec_make(i, -i);
	}
	dense->dense_min = 0;
	sparse->dense_min = n + 1;
	spatial_build(dense, pos, vel, sizeof *pos, n);
	spatial_build(sparse, pos, vel, sizeof *pos, n);
	ck_assert(dense->dense && !sparse->dense);
	for (int q = 0; q < 3000; q++) {
		int self = tu_randint(&rs, n + 1) - 1;
		struct vec p = self >= 0 ? pos[self] :
		    vec_make(tu_randint(&rs, 32000) / 100.0 - 10.0,
		    tu_randint(&rs, 22000) / 100.0 - 10.0);
		double r = 0.2 + tu_randint(&rs, 600) / 100.0;

		spatial_query(dense, p, r, self, h1);
		spatial_query(sparse, p, r, self, h2);
		ck_assert_int_eq(h1->n, h2->n);
		for (int k = 0; k < h1->n; k++) {
			ck_assert_int_eq(h1->index[k], h2->index[k]);
			ck_assert(h1->pos[k].x == h2->pos[k].x &&
			    h1->vel[k].y == h2->vel[k].y);
		}
		total += h1->n;
	}
	ck_assert_msg(total > 10000, "queries found only %ld", total);
	/* Left to itself a build picks by the crowd's size. */
	spatial_free(sparse);
	sparse = spatial_new(300, 200, 2.0, n);
	spatial_build(sparse, pos, vel, sizeof *pos, 100);
	ck_assert(!sparse->dense);
	spatial_build(sparse, pos, vel, sizeof *pos, n);
	ck_assert(sparse->dense);
	spatial_hits_free(h1);
	spatial_hits_free(h2);
	spatial_free(dense);
	spatial_free(sparse);
	free(pos);
	free(vel);
}
END_TEST

static Suite *
steer_suite(void)
{
	Suite *s = suite_create("steer");
	TCase *tc;

	tc = tcase_create("behaviours");
	tcase_add_test(tc, seek_reaches_target);
	tcase_add_test(tc, arrive_stops_without_overshoot);
	tcase_add_test(tc, flee_increases_distance);
	tcase_add_test(tc, pursuit_intercepts_sooner_than_seek);
	tcase_add_test(tc, evade_keeps_more_distance_than_flee);
	tcase_add_test(tc, wander_turns_smoothly);
	tcase_add_test(tc, obstacle_avoidance_never_touches);
	tcase_add_test(tc, wall_avoidance_keeps_clear);
	tcase_add_test(tc, path_following_visits_waypoints_in_order);
	tcase_add_test(tc, path_following_stops_on_last_waypoint);
	tcase_add_test(tc, offset_pursuit_holds_formation);
	suite_add_tcase(s, tc);

	tc = tcase_create("flocking");
	tcase_add_test(tc, separation_keeps_minimum_spacing);
	tcase_add_test(tc, separation_ignores_types_not_flocked_with);
	tcase_add_test(tc, alignment_converges_headings);
	tcase_add_test(tc, cohesion_gathers_group);
	suite_add_tcase(s, tc);

	tc = tcase_create("flow");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, flow_following_reaches_exit_from_every_cell);
	tcase_add_test(tc, flow_sampling_is_smooth);
	suite_add_tcase(s, tc);

	tc = tcase_create("walls");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, crowd_of_1000_never_penetrates_walls);
	tcase_add_test(tc, fast_agent_cannot_tunnel);
	tcase_add_test(tc, no_slipping_through_diagonal_corners);
	tcase_add_test(tc, unstick_pushes_out_the_short_way);
	suite_add_tcase(s, tc);

	tc = tcase_create("crowd");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, same_seed_same_positions);
	tcase_add_test(tc, forces_before_moves);
	tcase_add_test(tc, heading_drawn_smoothly);
	suite_add_tcase(s, tc);

	tc = tcase_create("combiners");
	tcase_add_test(tc, weighted_sum_truncates);
	tcase_add_test(tc, prioritised_drops_lower_priorities);
	tcase_add_test(tc, dithered_picks_one_by_chance);
	tcase_add_loop_test(tc, crowd_folds_with_steer_combine, 0, 3);
	suite_add_tcase(s, tc);

	tc = tcase_create("spatial");
	tcase_add_test(tc, spatial_query_matches_bruteforce);
	tcase_add_test(tc, spatial_layouts_agree);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(steer_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
