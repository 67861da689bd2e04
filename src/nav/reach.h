/* SPDX-License-Identifier: ISC */
/*
 * Reachability: can every source still reach some goal? Because a diagonal
 * step needs both orthogonal cells open, two cells are connected under
 * 8-connected movement exactly when they are connected orthogonally, so one
 * 4-neighbour flood answers the question for both movement modes. The scratch
 * buffer holds 2 * grid_cells(w, h) int32_t.
 */
#ifndef WEIR_REACH_H
#define WEIR_REACH_H

#include <stdbool.h>
#include <stdint.h>

#include "field.h"
#include "grid.h"

/*
 * The same question answered locally (reach-cut.c): whether blocking one
 * cell cuts a source off, using the field of the grid as it stands (its
 * distances say who reaches a goal now) and looking only at what the cell
 * can change. Buffers for a w x h grid, made once.
 */
struct reach_cut;

bool	reach_all(const struct grid *g, const int32_t *sources, int nsources,
	    const int32_t *goals, int ngoals, int blocked, int32_t *scratch);
bool	reach_would_block(const struct grid *g, const int32_t *sources,
	    int nsources, const int32_t *goals, int ngoals, int x, int y,
	    int32_t *scratch);

struct reach_cut *reach_cut_new(int w, int h);
void		 reach_cut_free(struct reach_cut *rc);
bool		 reach_cut_blocks(struct reach_cut *rc, const struct grid *g,
		    const struct field *f, const int32_t *sources,
		    int nsources, const int32_t *goals, int ngoals, int x,
		    int y, int32_t *scratch);

#endif
