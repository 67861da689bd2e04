/* SPDX-License-Identifier: ISC */
/*
 * Two-dimensional vectors in cell units: x grows right, y grows down, and
 * cell (x, y) covers [x, x + 1) x [y, y + 1) with its centre at
 * (x + 0.5, y + 0.5). Components are doubles: a 1024-cell map keeps about
 * 40 bits below the cell, so wall clamping and bit-for-bit replays never
 * fight rounding. Every operation is a small inline function on values.
 *
 * Rotations follow the screen: vec_perp turns a heading a quarter turn
 * clockwise as seen on screen (y down), which is the agent's right-hand side.
 */
#ifndef WEIR_VEC_H
#define WEIR_VEC_H

#include <math.h>

struct vec {
	double	x, y;
};

/* The vector (x, y). */
static inline struct vec
vec_make(double x, double y)
{
	struct vec v = { x, y };

	return v;
}

/* The zero vector. */
static inline struct vec
vec_zero(void)
{
	return vec_make(0.0, 0.0);
}

/* a + b. */
static inline struct vec
vec_add(struct vec a, struct vec b)
{
	return vec_make(a.x + b.x, a.y + b.y);
}

/* a - b. */
static inline struct vec
vec_sub(struct vec a, struct vec b)
{
	return vec_make(a.x - b.x, a.y - b.y);
}

/* a scaled by s. */
static inline struct vec
vec_scale(struct vec a, double s)
{
	return vec_make(a.x * s, a.y * s);
}

/* a + b * s. */
static inline struct vec
vec_madd(struct vec a, struct vec b, double s)
{
	return vec_make(a.x + b.x * s, a.y + b.y * s);
}

/* Dot product. */
static inline double
vec_dot(struct vec a, struct vec b)
{
	return a.x * b.x + a.y * b.y;
}

/* z of the cross product: positive when b lies clockwise of a on screen. */
static inline double
vec_cross(struct vec a, struct vec b)
{
	return a.x * b.y - a.y * b.x;
}

/* Squared length. */
static inline double
vec_len2(struct vec a)
{
	return a.x * a.x + a.y * a.y;
}

/* Length. */
static inline double
vec_len(struct vec a)
{
	return sqrt(a.x * a.x + a.y * a.y);
}

/* Distance between two points. */
static inline double
vec_dist(struct vec a, struct vec b)
{
	return vec_len(vec_sub(a, b));
}

/* Squared distance between two points. */
static inline double
vec_dist2(struct vec a, struct vec b)
{
	return vec_len2(vec_sub(a, b));
}

/* a with length 1, or zero when a is (nearly) zero. */
static inline struct vec
vec_norm(struct vec a)
{
	double l = vec_len(a);

	if (l < 1e-12)
		return vec_zero();
	return vec_scale(a, 1.0 / l);
}

/* a shortened to at most length max. */
static inline struct vec
vec_trunc(struct vec a, double max)
{
	double l2 = vec_len2(a);

	if (l2 <= max * max)
		return a;
	return vec_scale(a, max / sqrt(l2));
}

/* a turned a quarter turn clockwise on screen (the right of heading a). */
static inline struct vec
vec_perp(struct vec a)
{
	return vec_make(-a.y, a.x);
}

/* Local (ahead, right) coordinates in a frame with unit heading h to world. */
static inline struct vec
vec_to_world(struct vec local, struct vec h)
{
	return vec_make(local.x * h.x - local.y * h.y,
	    local.x * h.y + local.y * h.x);
}

/* World direction d to local (ahead, right) coordinates of unit heading h. */
static inline struct vec
vec_to_local(struct vec d, struct vec h)
{
	return vec_make(d.x * h.x + d.y * h.y, -d.x * h.y + d.y * h.x);
}

#endif
