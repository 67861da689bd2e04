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

#include "grid.h"

bool	reach_all(const struct grid *g, const int32_t *sources, int nsources,
	    const int32_t *goals, int ngoals, int blocked, int32_t *scratch);
bool	reach_would_block(const struct grid *g, const int32_t *sources,
	    int nsources, const int32_t *goals, int ngoals, int x, int y,
	    int32_t *scratch);

#endif
