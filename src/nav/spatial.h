/* SPDX-License-Identifier: ISC */
/*
 * Neighbour grid: a uniform grid of buckets laid over the map, rebuilt from
 * scratch every tick by a counting sort. Each bucket is a square of side
 * `cell` map cells, chosen about equal to the largest neighbour radius, so a
 * query within that radius looks at the 3 x 3 buckets around a point.
 *
 * spatial_build sorts the agents into bucket order (row by row, and by
 * column within a row; agents of one bucket in the caller's order) and
 * scatters each agent's index, position and velocity into that order. The
 * copies are what queries read: the agents of one bucket lie next to each
 * other in memory whatever order the caller keeps its own agents in. Two
 * layouts give the same order and the same answers:
 *
 *   dense   (at least dense_min agents) one counting sort over all the
 *           buckets, with a start offset for each: a build costs
 *           O(agents + buckets), a query O(agents in the nine buckets);
 *   sparse  (fewer) a counting sort by column then one by row, with a start
 *           for each row only; a query finds the run of a row it needs by
 *           a binary search among that row's agents: a build costs
 *           O(agents + rows + columns), so a large map with few agents on
 *           it is not paid for, bucket by bucket, every tick.
 *
 * Nothing is allocated after spatial_new, which sizes every buffer for the
 * largest agent count the caller will ever pass.
 *
 * Points off the map are clamped into the border buckets, so flyers that
 * stray outside are still found. spatial_query_all answers the same question
 * by looking at every agent; it is the reference the tests and the
 * benchmark compare against.
 */
#ifndef WEIR_SPATIAL_H
#define WEIR_SPATIAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vec.h"

struct spatial {
	double		 cell;		/* bucket side in map cells */
	double		 inv_cell;	/* 1 / cell */
	int		 bw, bh;	/* buckets across and down */
	int		 nbuckets;	/* bw * bh */
	int		 max;		/* most agents a build accepts */
	int		 n;		/* agents in the last build */
	int		 dense_min;	/* agents for the dense layout */
	bool		 dense;		/* the last build's layout */
	int32_t		*start;		/* dense: [start[b], start[b + 1]) */
	int32_t		*row;		/* sparse: row y: [row[y], row[y + 1]) */
	int32_t		*count;		/* sparse: bw + 1 column counts */
	int32_t		*bucket;	/* caller's order: the agent's bucket */
	int32_t		*order;		/* column order: caller's index */
	int32_t		*index;		/* bucket order: caller's index */
	int32_t		*col;		/* bucket order: bucket column */
	struct vec	*pos;		/* bucket order: position */
	struct vec	*vel;		/* bucket order: velocity */
};

/* Neighbours found by a query: caller-owned arrays of capacity max. */
struct spatial_hits {
	int		 n;		/* how many were found */
	int		 max;		/* capacity of the arrays */
	int32_t		*index;		/* caller's index of each neighbour */
	struct vec	*pos;		/* its position */
	struct vec	*vel;		/* its velocity */
};

struct spatial	*spatial_new(int w, int h, double cell, int max);
void		 spatial_free(struct spatial *sp);
void		 spatial_build(struct spatial *sp, const struct vec *pos,
		    const struct vec *vel, size_t stride, int n);
int		 spatial_query(const struct spatial *sp, struct vec p,
		    double radius, int self, struct spatial_hits *hits);
int		 spatial_query_all(const struct vec *pos, const struct vec *vel,
		    size_t stride, int n, struct vec p, double radius, int self,
		    struct spatial_hits *hits);
struct spatial_hits *spatial_hits_new(int max);
void		 spatial_hits_free(struct spatial_hits *hits);

#endif
