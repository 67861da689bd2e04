/* SPDX-License-Identifier: ISC */
/*
 * Incremental repair of a built field after the map or the goals change: a
 * tower placed or sold, terrain made slower or faster, a goal added, removed
 * or moved. After any sequence of edits, dist, dir, goal, los, goals[] and
 * ngoals are exactly what field_build gives on the edited grid with
 * goals[0..ngoals) as the goal list (distances bit for bit: they are fixed
 * point sums, so the order of the work cannot change them).
 *
 * Goal slots: a goal added takes the next slot; removing slot k moves the last
 * goal into slot k (so only that goal's cells are renumbered); moving a goal
 * keeps its slot; blocking a goal's cell removes that goal.
 *
 * Every edit runs the same stages (repair.c). What they do differs by kind:
 * lowering a cost (a tower sold, a goal added) only shortens routes, so the
 * classify stage finds nothing and the changed cells just offer their new
 * distances outward through the bucket queue until no neighbour accepts
 * (seed 004's "sellers"). Raising one makes classify find the cells whose
 * every shortest route used the change, in order of distance (a cell keeps
 * its distance if some neighbour outside that set still gives it exactly:
 * ties are common on grids and save most of the work); they are set
 * unreachable, re-seeded from their neighbours and the same propagation
 * finishes (Ramalingam and Reps). Pointers are then recomputed
 * only around cells whose distance changed, goal slots follow the pointers
 * that changed, and line of sight is swept again only in boxes it can change.
 *
 * The hunt field (one goal that moves a cell at a time: the hero) does not
 * use repair_move_goal: an exact field changes almost every distance when
 * its goal steps, so an exact repair costs about a rebuild. hunt.h keeps
 * that field under a weaker contract instead: valid always (every cell
 * that can reach the goal reaches it by descent, distances are lengths of
 * real routes falling along pointers), exact near the goal and on every
 * cell round a hunter each step, staleness far away bounded by an exact
 * build spread over a few updates and taken whole when it ends (aimed at
 * where the goal will stand, when its walk is known, or a step past it and
 * taken before the goal comes, its routes going on back along the walk),
 * exactly a rebuild's
 * field once the goal has stood still for hunt_exact_bound updates, and
 * kept so by towers.
 * repair_move_goal stays exact, for fields whose goals must be.
 *
 * When the invalidated and re-settled cells pass REPAIR_REBUILD_SHARE of the
 * map, repair stops and does a full field_build instead, which is then
 * cheaper. f->stats.affected, .touched and .rebuilt report the last edit.
 * Nothing is allocated: the scratch lives in the field.
 */
#ifndef WEIR_REPAIR_H
#define WEIR_REPAIR_H

#include "field.h"
#include "grid.h"

/*
 * Share of the map (1 / REPAIR_REBUILD_SHARE of its cells) that a repair may
 * invalidate and re-settle before it gives up and rebuilds; weir-bench
 * repair weighs it.
 */
#ifndef REPAIR_REBUILD_SHARE
#define REPAIR_REBUILD_SHARE	10
#endif

void	repair_set_cost(struct field *f, struct grid *g, int x, int y,
	    int cost);
void	repair_block(struct field *f, struct grid *g, int x, int y);
void	repair_unblock(struct field *f, struct grid *g, int x, int y,
	    int cost);
int	repair_add_goal(struct field *f, const struct grid *g, int x, int y);
int	repair_remove_goal(struct field *f, const struct grid *g, int slot);
int	repair_move_goal(struct field *f, const struct grid *g, int slot,
	    int x, int y);

#endif
