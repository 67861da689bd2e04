/* SPDX-License-Identifier: ISC */
/*
 * Deterministic sine, cosine and atan2 (dmath.h). The argument of sine and
 * cosine is brought into [-pi/4, pi/4] by subtracting a whole number of
 * quarter turns, pi/2 split in three parts (Cody and Waite) so that the
 * first products are exact, and the reduced angle goes through a Taylor
 * polynomial long enough that its truncation is below a unit in the last
 * place. atan2 folds the vector into the first octant, halves the angle
 * twice (tan(a/2) = t / (1 + sqrt(1 + t^2))) and sums the arctangent's
 * series there. Only + - * / and sqrt: the same bits on every machine.
 */
#include <math.h>
#include <stdint.h>

#include "dmath.h"

/* pi/2 = PIO2_1 + PIO2_2 + PIO2_3; the first two have 33 bits. */
#define PIO2_1		1.57079632673412561417e+00
#define PIO2_2		6.07710050630396597660e-11
#define PIO2_3		2.02226624879595063154e-21
#define TWO_OVER_PI	6.36619772367581382433e-01

/* sin(r) for |r| <= pi/4 (Taylor to r^17). */
static double
dmath_sin_kernel(double r)
{
	double z = r * r, p;

	p = 1.0 / 355687428096000.0;
	p = p * z - 1.0 / 1307674368000.0;
	p = p * z + 1.0 / 6227020800.0;
	p = p * z - 1.0 / 39916800.0;
	p = p * z + 1.0 / 362880.0;
	p = p * z - 1.0 / 5040.0;
	p = p * z + 1.0 / 120.0;
	p = p * z - 1.0 / 6.0;
	return r + r * z * p;
}

/* cos(r) for |r| <= pi/4 (Taylor to r^18). */
static double
dmath_cos_kernel(double r)
{
	double z = r * r, p;

	p = -1.0 / 6402373705728000.0;
	p = p * z + 1.0 / 20922789888000.0;
	p = p * z - 1.0 / 87178291200.0;
	p = p * z + 1.0 / 479001600.0;
	p = p * z - 1.0 / 3628800.0;
	p = p * z + 1.0 / 40320.0;
	p = p * z - 1.0 / 720.0;
	p = p * z + 1.0 / 24.0;
	p = p * z - 0.5;
	return 1.0 + z * p;
}

/* Both sin(x) and cos(x). */
void
dmath_sincos(double x, double *s, double *c)
{
	double	 q, n, r, sr, cr;
	int64_t	 k;

	if (!(x == x) || x - x != 0.0) {	/* NaN or infinite */
		*s = *c = x - x;
		return;
	}
	q = x * TWO_OVER_PI;
	k = (int64_t)(q < 0 ? q - 0.5 : q + 0.5);
	n = (double)k;
	r = x - n * PIO2_1;
	r = r - n * PIO2_2;
	r = r - n * PIO2_3;
	sr = dmath_sin_kernel(r);
	cr = dmath_cos_kernel(r);
	switch ((int)(k & 3)) {
	case 0:
		*s = sr;
		*c = cr;
		break;
	case 1:
		*s = cr;
		*c = -sr;
		break;
	case 2:
		*s = -sr;
		*c = -cr;
		break;
	default:
		*s = -cr;
		*c = sr;
		break;
	}
}

/* sin(x). */
double
dmath_sin(double x)
{
	double s, c;

	dmath_sincos(x, &s, &c);
	return s;
}

/* cos(x). */
double
dmath_cos(double x)
{
	double s, c;

	dmath_sincos(x, &s, &c);
	return c;
}

/* atan(t) for 0 <= t <= 1. */
static double
dmath_atan01(double t)
{
	double u, z, p;

	u = t / (1.0 + sqrt(1.0 + t * t));	/* |u| <= tan(pi/8) */
	u = u / (1.0 + sqrt(1.0 + u * u));	/* |u| <= tan(pi/16) */
	z = u * u;
	p = -1.0 / 23.0;
	p = p * z + 1.0 / 21.0;
	p = p * z - 1.0 / 19.0;
	p = p * z + 1.0 / 17.0;
	p = p * z - 1.0 / 15.0;
	p = p * z + 1.0 / 13.0;
	p = p * z - 1.0 / 11.0;
	p = p * z + 1.0 / 9.0;
	p = p * z - 1.0 / 7.0;
	p = p * z + 1.0 / 5.0;
	p = p * z - 1.0 / 3.0;
	return 4.0 * (u + u * z * p);
}

/* The angle of (x, y) from the x axis, in (-pi, pi]; 0 for (0, 0). */
double
dmath_atan2(double y, double x)
{
	double ax = x < 0 ? -x : x, ay = y < 0 ? -y : y, a;

	if (!(x == x) || !(y == y))
		return x + y;
	if (ax == 0 && ay == 0)
		return 0;
	if (ay <= ax)
		a = dmath_atan01(ay / ax);
	else
		a = DMATH_PI / 2 - dmath_atan01(ax / ay);
	if (x < 0)
		a = DMATH_PI - a;
	return y < 0 ? -a : a;
}
