/* SPDX-License-Identifier: ISC */
/*
 * The hunt field: a field with one goal that moves a cell at a time (the
 * hero), kept valid rather than exact (seed 004). An exact field changes
 * almost every distance when its goal steps, so keeping it exact costs a
 * rebuild a step; what hunters act on (pointers, sight) changes on few
 * cells. The contract, after every call below:
 *
 *   valid   every cell that can reach the goal has a finite distance and a
 *           pointer; each distance is the length of a real route (an upper
 *           bound on the exact one) and falls along the pointer by at least
 *           the step's cost, so descent has no cycle and no dead end and
 *           ends at the goal; an unreachable cell is FIELD_INF.
 *   near    hunt_move is O(1): every route may go on from the old goal to
 *           the new one, so the field's base grows by that step's cost, the
 *           old goal points at the new one, and the new goal enters the
 *           wave. The wave (cells queued by distance, carried from call to
 *           call, never dropped) offers improvements outward; hunt_update
 *           runs it until every cell it is given (the cells round each
 *           hunter) is settled, i.e. exact, and on while it has settled
 *           fewer than cap cells (so a call does the larger of the
 *           hunters' need and cap); hunt_settle_cells does only the
 *           hunters' need (for hunters that came between two updates).
 *           A given cell that a route of octile length joins to the goal
 *           (unit costs, eight ways) is exact without the wave: such a
 *           route is written into the field first (hunt-prove.c), and the
 *           need is the farthest given cell not so proven.
 *           When that need would cost more than a whole build (the
 *           farthest given cell r cells away: about pi r^2 / 2 cells,
 *           times the share of such a half disc the last far wave
 *           settled (wratio: walls and water leave much of it out,
 *           a maze most; above 1 at times on open maps, where a wave
 *           after a build's taking settles again what the steps since
 *           improved), at
 *           HUNT_WAVE_WEIGHT times a build's cost a cell, against the
 *           last build's work), the update builds the field whole
 *           instead (hunt_build: exact, and the wave empty); before
 *           a far wave has measured the share, the share of each disc
 *           the first whole build found open stands for it, and that
 *           build's work for a build's (hunt_disc_count), so a chase's
 *           first updates can build whole too; the share
 *           is taken as HUNT_WAVE_SHARE_MIN at the least, so that one
 *           wave that found little does not make the next far one
 *           unbounded (weir-bench goal shows what the share saves).
 *           Where the canonical builder applies and no early take's
 *           walk is kept, a third way may be cheaper than both: a build
 *           from the goal out past the need only (hunt_local, about
 *           HUNT_LOCAL_WEIGHT build cells a cell of its box), whose
 *           cells are exact and are written into the field (hunt-local.c
 *           says why it stays valid and how the wave goes on from its
 *           edge; its cells count towards the cap). It is taken when it
 *           costs less than the wave and, with the slice it leaves to
 *           run, less than a whole build (hunt_choose).
 *   far     an exact build of the field runs alongside, spread evenly
 *           over HUNT_SLICES updates (hunt_x_budget: the last build's work
 *           a quarter at a time; at least half a slice an update; half
 *           that while the goal walks and the wave settled more than a
 *           slice's worth the update before; a canonical scan runs at most
 *           about the square root of an eighth of the budget ahead, so a
 *           slice keeps near its budget on open ground), by the
 *           canonical builder where it applies (unit costs, 8-way) and the
 *           Dijkstra builder elsewhere. A canonical build aims at the
 *           cell the goal will stand on when it ends (hunt_plan: the
 *           goal's walk to come, when known, hunt_walk_known while the
 *           goal keeps to it and has steps of it left; the game tells it
 *           the hero's walk); a Dijkstra build, or one the goal will not
 *           move before, at the goal as it stands. When it ends and the
 *           goal stands on its goal the field becomes the build (an O(1)
 *           trade of arrays): exact. When the goal stood there and walked
 *           on, the build is taken and the walk since replayed, a step at
 *           a time (O(1) each): the field is then a build that many steps
 *           old. A build whose goal never comes is dropped (after as many
 *           updates again, with the walk), and a canonical one just
 *           begun when a walk is told that does not come to its goal
 *           (the goal sent back the way it came) at once, at most once
 *           between two builds that end (hunt_plan). So no distance is
 *           staler than two builds' updates of the goal's walk, and the
 *           update of a build so dropped; with its walk known,
 *           the field is exact each time a build ends. A canonical build
 *           aims HUNT_AIM_AHEAD steps further on the walk, and is taken as
 *           soon as it ends with the goal short of its goal on the walk
 *           (a shortest route of the build), unless the wave did a slice's
 *           work the update before (hunt-rev.c): every route then goes on
 *           from the build's goal back along the walk, so the cells ahead
 *           are exact; each step towards it lowers the base, raising only
 *           what the wave changed from the old goal (never above the
 *           build's distance), and when the goal comes to it every
 *           distance is exact. Standing still, the
 *           field is exactly field_build's (dist, dir and goal) at the
 *           latest after hunt_exact_bound(h) updates, and no build runs
 *           then until the goal or the map moves.
 *   sight   los is set only on the cells hunt_update is given, each by a
 *           ray test to the goal (los_ray_clear), not by a sweep of the map;
 *           other cells read 0.
 *   towers  hunt_set_cost cuts the routes a change breaks (the cells whose
 *           pointer chain crossed it, or cut its corner) and settles them
 *           again at once, so the field is valid after every tower; a
 *           closed or dearer cell leaves an exact field exact. The build
 *           in slices goes on through a change (up to HUNT_XCHG_MAX of
 *           them; more drop it), so towers at any rate cannot starve it:
 *           its cells reached before a change may hold routes of the map
 *           before it, so a build that changes outlived is taken with a
 *           sweep (hunt_x_mend) that cuts every cell whose pointer is no
 *           longer a legal step falling by its cost, settles them as a
 *           tower's cut, and reaches the open cells it left out from
 *           their neighbours; it is taken as valid, not exact, and only when the goal
 *           stands or stood on its goal (no early take).
 *
 * Ties go as a build breaks them (the first direction in field.h's
 * order), so where the field is exact its pointers are a build's too.
 * hunt_copy makes one hunt field the very state of another (a game's
 * keyframe). Memory: three fields and about 46 bytes a cell more (the
 * goal's walk to come and since a build's goal, and the build's distance
 * and pointer of the cells changed since an early take, among them).
 * Nothing is allocated after hunt_new.
 */
#ifndef WEIR_HUNT_H
#define WEIR_HUNT_H

#include <stdbool.h>
#include <stdint.h>

#include "field.h"
#include "grid.h"

#define HUNT_CAP_SHARE	1000	/* wave cap: 1 / this of the map's cells */
#define HUNT_CAP_MIN	16	/* and at least this many (64 cost arena's
				   steps a quarter of their time and took
				   its mean extra from 1.33 to 1.28 only) */
#define HUNT_SLICES	4	/* the exact build's updates */
#define HUNT_MIN_SLICE	64	/* a slice: at least this many cells */
#define HUNT_REBUILD_SHARE 4	/* a tower cutting 1 / this: rebuild */
#define HUNT_WAVE_BUCKETS 1024	/* the wave's ring (a power of two) */
#define HUNT_WAVE_WEIGHT 9	/* a wave's cell, in a build's cells */
#define HUNT_WAVE_FAR	256	/* a need of this many cells' half disc
				   measures wratio */
#define HUNT_WAVE_SHARE_MIN 0.125 /* wratio's floor */
#define HUNT_DISC_STEP	8	/* wdisc: radii this many cells apart */
#define HUNT_DISC_N	64	/* wdisc: radii counted (to 512 cells) */
#define HUNT_AIM_AHEAD	1	/* a canonical build aims this many steps
				   past where the goal will stand */
#define HUNT_REV_MAX	8	/* taken at most this many steps short */
#define HUNT_FLAG_CUT	0x01	/* flag[]: cut (or raised) by a change */
#define HUNT_FLAG_LOW	0x04	/* flag[]: changed since an early take */
#define HUNT_PROVE_MAX	512	/* hunt_prove: longest route, in steps */
#define HUNT_LOCAL_WEIGHT 1.2	/* a local build's box cell, in a whole
				   build's cells (hunt-local.c) */
#define HUNT_LOCAL_FIXED 160	/* and its cost whatever the box */
#define HUNT_LOCAL_MARGIN 0.8	/* a local build (and the slice after it)
				   must cost at most this share of a whole
				   one: on arena, local builds the model put
				   just under a whole build cost as much */
#define HUNT_XCHG_MAX	64	/* map changes a build in slices outlives */
#define HUNT_BY_WAVE	0	/* hunt_choose: how an update meets a need */
#define HUNT_BY_LOCAL	1
#define HUNT_BY_WHOLE	2

struct hunt_stats {
	uint64_t	waved;		/* cells the wave settled, last update */
	uint64_t	sliced;		/* cells the build settled, last update */
	uint64_t	rays;		/* ray tests, last update */
	uint64_t	taken;		/* builds taken in, ever */
	uint64_t	cut;		/* cells the last map change cut */
	uint64_t	rebuilds;	/* whole builds, ever */
	uint64_t	local;		/* cells of the local build's box, last
					   update (0: none) */
	uint64_t	locals;		/* local builds, ever */
	uint64_t	early;		/* builds taken before the goal came */
	uint64_t	arrived;	/* of them, reached along the walk */
};

struct hunt {
	struct field	*f;		/* the hunt field */
	int32_t		 goal;		/* its goal (padded index), -1 none */
	int		 cap;		/* wave: cells past the hunters' */
	int		 slice;		/* build: cells an update (the first;
					   then at least half this) */
	struct hunt_stats stats;

	/* Private. */
	struct field	*x;		/* the exact build in slices */
	struct field	*l;		/* a local build's (hunt-local.c; clean
					   between updates: every dist
					   FIELD_INF, dir and los 0) */
	int		 xphase;	/* 0 none, 1 building, 2 done, waiting
					   for the goal */
	bool		 exact;		/* the field is a build's: no need of
					   another until the goal or map moves */
	int32_t		 xgoal;		/* its goal */
	struct field_slice xs;		/* its queue */
	int32_t		*rhead, *rnext, *rprev;	/* the wave: near keys */
	int64_t		 lo;		/* the ring's least bucket */
	int		 nring;
	int32_t		*heap, *hpos;	/* the wave: far keys */
	int		 nheap;
	uint8_t		*flag;
	int32_t		*cut, *seen;	/* cells cut; cells with sight set */
	int		 ncut, nseen;
	int		 pending;	/* cut cells still in the wave */
	int32_t		*plan;		/* the goal's walk to come (hunt_plan) */
	int		 nplan, iplan;	/* its length; the next step's index */
	bool		 xarrived;	/* the goal has stood on xgoal */
	bool		 xcanon;	/* the build is field_canon's */
	int32_t		*xwalk;		/* the goal's steps since xgoal */
	int		 nxwalk;	/* (more than the cells: too many) */
	int		 xwait;		/* updates the done build waited */
	int		 xlen;		/* updates the build took so far */
	int		 xfull;		/* updates the last one that ended
					   took */
	bool		 xdropped;	/* a build was dropped since the last
					   one ended (hunt_plan) */
	int32_t		 xchg[HUNT_XCHG_MAX];	/* cells the map changed on
					   since the build began */
	int		 nxchg;
	uint64_t	 xdone;		/* cells the build reached so far */
	uint64_t	 xwork;		/* the last build's work, in cells */
	bool		 rev;		/* routes lead on to a cell ahead on
					   the walk, then back along it */
	int		 reve;		/* that cell's index in plan */
	int32_t		*low;		/* cells changed since (flag LOW) */
	int		 nlow;
	int64_t		*lowdist;	/* their build's distance */
	int8_t		*lowdir;	/* and pointer */
	uint64_t	 waved;		/* cells the wave settled, the update
					   before, and a local build's box
					   then and this update (in wave
					   cells: / HUNT_WAVE_WEIGHT) */
	double		 wratio;	/* cells the wave settled for a far
					   need / its half disc, last time */
	bool		 wknown;	/* a far wave has measured wratio */
	uint32_t	 wdisc[HUNT_DISC_N + 1];	/* the first build's
					   cells within k HUNT_DISC_STEP
					   cells of its goal (hunt_disc_count) */
	uint64_t	 wneed;		/* cells the last wave settled for
					   the need (not the cap) */
	int		 since;		/* updates since the goal last moved */
	int		 ups;		/* updates between its last two moves */
	bool		 unit;		/* unit costs, eight ways: hunt_prove */
	int32_t		*pcell;		/* hunt_prove's route (scratch) */
	int8_t		*pdir;
	uint8_t		*pways;
	uint32_t	*pmark;		/* cells searched (== pstamp) */
	uint32_t	 pstamp;	/* hunt_prove's calls */
	int		 pstop;		/* 1 + where in cells[] the last proof
					   that gave up did (0: none) */
};

struct hunt	*hunt_new(int w, int h);
void		 hunt_free(struct hunt *h);
void		 hunt_build(struct hunt *h, const struct grid *g, int x, int y);
void		 hunt_move(struct hunt *h, const struct grid *g, int x, int y);
void		 hunt_plan(struct hunt *h, const int32_t *cells, int n);
bool		 hunt_walk_known(const struct hunt *h);
void		 hunt_update(struct hunt *h, const struct grid *g,
		     const int32_t *cells, int ncells);
void		 hunt_settle_cells(struct hunt *h, const struct grid *g,
		     const int32_t *cells, int ncells);
void		 hunt_set_cost(struct hunt *h, struct grid *g, int x, int y,
		     int cost);
void		 hunt_copy(struct hunt *dst, const struct hunt *src);
int		 hunt_exact_bound(const struct hunt *h, const struct grid *g);
bool		 hunt_valid(const struct hunt *h, const struct grid *g,
		     char *why, int whylen);

/* Between hunt.c and the other hunt-*.c files. */
void		 hunt_plan_step(struct hunt *h, int32_t c);
int32_t		 hunt_aim(const struct hunt *h, int ahead);
bool		 hunt_rev_take(struct hunt *h, const struct grid *g);
bool		 hunt_rev_walks(const struct hunt *h, const struct grid *g,
		     int32_t o, int32_t c);
bool		 hunt_rev_step(struct hunt *h, const struct grid *g, int32_t c,
		     int d);
int		 hunt_step_dir(const struct grid *g, int o, int c);
void		 hunt_push(struct hunt *h, int i);
void		 hunt_remove(struct hunt *h, int i);
bool		 hunt_local_fits(const struct hunt *h);
double		 hunt_local_cost(const struct hunt *h, int64_t far);
void		 hunt_disc_count(struct hunt *h, const struct grid *g);
uint64_t	 hunt_local(struct hunt *h, const struct grid *g, int64_t far);
void		 hunt_lower(struct hunt *h, int i, int64_t d);
void		 hunt_sight_forget(struct hunt *h);
void		 hunt_cut_mark(struct hunt *h, int i);
void		 hunt_cut_find(struct hunt *h, const struct grid *g, int t,
		     bool closed);
void		 hunt_cut_reseed(struct hunt *h, const struct grid *g, int v);
void		 hunt_cut_settle(struct hunt *h, const struct grid *g);
void		 hunt_cut(struct hunt *h, const struct grid *g, int t,
		     bool closed);
void		 hunt_open(struct hunt *h, const struct grid *g, int t);
void		 hunt_settle_pending(struct hunt *h, const struct grid *g);
void		 hunt_trade(struct hunt *h);
void		 hunt_rev_end(struct hunt *h);

/*
 * Whether cell i keeps its pointer on a tie: the build's goal while routes
 * go on from it back along the walk (it has no pointer of the build to go
 * back to, hunt-rev.c, so it must not hang on the goal's old cells).
 */
static inline bool
hunt_rev_pinned(const struct hunt *h, int i)
{
	return h->rev && i == h->plan[h->reve];
}

/* Keep cell i's build distance and pointer before the wave changes them. */
static inline void
hunt_rev_keep(struct hunt *h, int i)
{
	if (!h->rev || (h->flag[i] & HUNT_FLAG_LOW) != 0)
		return;
	h->flag[i] |= HUNT_FLAG_LOW;
	h->lowdist[i] = h->f->dist[i];
	h->lowdir[i] = h->f->dir[i];
	h->low[h->nlow++] = i;
}
bool		 hunt_prove(struct hunt *h, const struct grid *g,
		     const int32_t *cells, int n, bool stop);
bool		 hunt_proven(const struct hunt *h, const struct grid *g,
		     int32_t i);
int64_t		 hunt_octile(const struct hunt *h, const struct grid *g,
		     int32_t i);
uint64_t	 hunt_x_budget(const struct hunt *h);
int		 hunt_x_reach(uint64_t budget);
double		 hunt_need_cells(const struct hunt *h, const struct grid *g,
		     const int32_t *cells, int n);
int64_t		 hunt_need_far(const struct hunt *h, const struct grid *g,
		     const int32_t *cells, int n);
bool		 hunt_far_dearer(const struct hunt *h, int64_t far);
int		 hunt_choose(const struct hunt *h, int64_t far);
int		 hunt_meet(struct hunt *h, const struct grid *g,
		     const int32_t *cells, int n, int64_t *far);
uint64_t	 hunt_local_waved(const struct hunt *h);
double		 hunt_disc(int64_t far);
void		 hunt_wave_measure(struct hunt *h, const struct grid *g,
		     const int32_t *cells, int n, bool built);
int		 hunt_build_updates(const struct hunt *h,
		     const struct grid *g);

#endif
