/* SPDX-License-Identifier: ISC */
/*
 * Deterministic maths: sine, cosine and the angle of a vector built from
 * IEEE double + - * / and sqrt only (each correctly rounded, so alike on
 * every CPU), never libm's sin, cos or atan2, whose last bits differ
 * between libraries and architectures. Built with -ffp-contract=off (no
 * fused multiply-add), the same argument gives the same bits everywhere.
 * Accurate to a few units in the last place for |x| up to about 1e6;
 * meant for the simulation's angles, not for arbitrary arguments.
 */
#ifndef WEIR_NAV_DMATH_H
#define WEIR_NAV_DMATH_H

#define DMATH_PI	3.14159265358979323846

double	dmath_sin(double x);
double	dmath_cos(double x);
void	dmath_sincos(double x, double *s, double *c);
double	dmath_atan2(double y, double x);

#endif
