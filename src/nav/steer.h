/* SPDX-License-Identifier: ISC */
/*
 * Steering: agents driven by forces (seed 003). An agent is a disc of mass
 * 1 in continuous cell coordinates (see vec.h) with a velocity, a heading,
 * a top speed, a largest force it can apply and a radius below half a cell.
 * Each behaviour is a function of the agent and what it reacts to that
 * returns a force; a combiner chosen by the agent's type folds the forces of
 * the type's behaviours into one, no longer than the agent's max_force.
 *
 * A crowd tick has two passes: every agent's force is computed from the
 * state at the start of the tick, then every agent is integrated with a
 * fixed step dt by semi-implicit Euler (v += F/m dt, speed clamped to
 * max_speed, p += v dt). Ground agents then move through the grid one axis
 * at a time in sub-steps under half a cell: the square of side 2 * radius
 * around an agent, which contains its disc, is stopped flush against any
 * blocked cell it would enter and the velocity into that wall is dropped.
 * So after every tick no ground agent's disc overlaps a blocked cell, a fast
 * agent cannot jump a wall, and no agent slips between two blocked cells
 * that touch only at a corner; pushed along a wall, an agent slides.
 *
 * Neighbours come from a uniform bucket grid rebuilt every tick (spatial.h):
 * O(agents + buckets) a tick, and nothing is allocated after
 * steer_crowd_new.
 *
 * Numbers are doubles (vec.h). The whole tick is a fixed sequence of IEEE
 * operations over caller-owned state and each agent's own random generator,
 * so the same agents, seeds and steps give the same positions bit for bit.
 */
#ifndef WEIR_STEER_H
#define WEIR_STEER_H

#include <stdbool.h>
#include <stdint.h>

#include "field.h"
#include "grid.h"
#include "path.h"
#include "spatial.h"
#include "vec.h"

#define STEER_MAX_RADIUS	0.49	/* agents are smaller than a cell */

/* A small deterministic generator (xorshift64*); the caller owns the state. */
struct steer_rng {
	uint64_t	s;
};

void		 steer_rng_seed(struct steer_rng *r, uint64_t seed);
uint64_t	 steer_rng_next(struct steer_rng *r);
double		 steer_rng_unit(struct steer_rng *r);
double		 steer_rng_clamped(struct steer_rng *r);

/*
 * The behaviours, in priority order: the prioritised and dithered combiners
 * try them from first to last, so staying clear of walls comes before any
 * goal, and wandering is what an agent does when nothing else claims it.
 */
enum steer_behaviour {
	STEER_WALLS,		/* feelers push away from blocked cells */
	STEER_OBSTACLES,	/* detection box pushes round circles */
	STEER_EVADE,		/* flee where the target agent is going */
	STEER_FLEE,		/* run from the point goal while within panic */
	STEER_SEPARATION,	/* keep apart from neighbours */
	STEER_ALIGNMENT,	/* head the way neighbours head */
	STEER_COHESION,		/* move to the neighbours' centre */
	STEER_FLOW,		/* follow the flow field to its goal */
	STEER_PATH,		/* follow the waypoint path */
	STEER_OFFSET,		/* hold a slot in the target agent's frame */
	STEER_PURSUIT,		/* intercept the target agent */
	STEER_ARRIVE,		/* stop exactly on the point goal */
	STEER_SEEK,		/* full speed at the point goal */
	STEER_WANDER,		/* amble about */
	STEER_NBEHAVIOURS
};

#define STEER_BIT(b)	(1u << (b))
#define STEER_TYPE_BIT(k)	(1u << (k))	/* for flock_with */
#define STEER_MAX_TYPES		32		/* types in one crowd */

enum steer_combiner {
	STEER_WEIGHTED_SUM,	/* sum of weighted forces, truncated */
	STEER_PRIORITISED,	/* running sum in priority order until full */
	STEER_DITHERED		/* first behaviour that wins its coin toss */
};

/*
 * What an agent type does: which behaviours (STEER_BIT flags), with what
 * weights, combined how, and the behaviours' parameters. Distances are in
 * cells, times in seconds. steer_type_init fills workable defaults.
 */
struct steer_type {
	uint32_t		behaviours;	/* STEER_BIT of each one used */
	enum steer_combiner	combiner;
	double			weight[STEER_NBEHAVIOURS];
	double			chance[STEER_NBEHAVIOURS]; /* dithering odds */
	bool			ground;		/* stopped by blocked cells */
	uint32_t		flock_with;	/* STEER_TYPE_BIT of the types
						   counted as neighbours */

	double			separation_radius; /* neighbours repel within */
	double			neighbour_radius;  /* cohesion, alignment */
	double			panic_distance;	/* flee, evade ignore beyond */
	double			deceleration;	/* arrive: braking, 0..1 */
	double			wander_radius;	/* the circle ahead ... */
	double			wander_distance; /* ... this far ahead */
	double			wander_jitter;	/* target drift, cells/s */
	double			box_length;	/* obstacle box at rest */
	double			feeler_length;	/* wall feeler ahead */
	double			look_time;	/* drawn heading's lag, s */
};

/* An obstacle for obstacle avoidance. */
struct steer_circle {
	struct vec	c;
	double		r;
};

/*
 * One agent. Only pos, vel, heading, look, force and the behaviour state
 * change during a tick; the rest is the caller's to set. (Fields a crowd
 * tick reads for every agent come first, to share cache lines.)
 */
struct steer_agent {
	struct vec		 pos;		/* centre, cells */
	struct vec		 vel;		/* cells per second */
	struct vec		 force;		/* combined, last tick */
	struct vec		 heading;	/* unit, direction of travel */
	double			 max_speed;
	double			 max_force;
	double			 radius;	/* < STEER_MAX_RADIUS */
	double			 mass;		/* 1 */
	int			 type;		/* into the crowd's types */
	int			 target;	/* chased, fled, or led by */
	int			 npath;
	int			 ipath;		/* waypoint being walked to */
	struct vec		 goal;		/* point to seek or flee */
	struct vec		 look;		/* unit, heading to draw */
	struct vec		 offset;	/* slot (ahead, right) */
	struct vec		 wander;	/* unit, wander target */
	const struct point	*path;		/* waypoint cells */
	struct steer_rng	 rng;
	const struct field	*field;		/* STEER_FLOW follows it;
						   NULL: the crowd's */
};

/* The crowd: what the agents live in, and buffers for one tick. */
struct steer_crowd {
	const struct grid		*grid;	/* walls, or NULL: open plane */
	const struct field		*field;	/* for STEER_FLOW, or NULL */
	const struct steer_type		*types;
	int				 ntypes;
	const struct steer_circle	*obstacles;
	int				 nobstacles;
	bool				 brute_force; /* all pairs */

	/* Private. */
	struct spatial			*sp;
	struct spatial_hits		*hits;
	int				 max;
};

void		 steer_type_init(struct steer_type *t);
void		 steer_agent_init(struct steer_agent *a, int type,
		    struct vec pos, double max_speed, double max_force,
		    double radius, uint64_t seed);

/* The behaviours: each returns the force it asks for. */
struct vec	 steer_seek(const struct steer_agent *a, struct vec target);
struct vec	 steer_flee(const struct steer_agent *a, struct vec threat,
		    double panic);
struct vec	 steer_arrive(const struct steer_agent *a, struct vec target,
		    double deceleration, double dt);
struct vec	 steer_wander(const struct steer_agent *a, struct vec *wander,
		    struct steer_rng *rng, double radius, double distance,
		    double jitter, double dt);
struct vec	 steer_pursuit(const struct steer_agent *a,
		    const struct steer_agent *quarry);
struct vec	 steer_evade(const struct steer_agent *a,
		    const struct steer_agent *pursuer, double panic);
struct vec	 steer_obstacles(const struct steer_agent *a,
		    const struct steer_circle *obs, int n, double box_length);
struct vec	 steer_walls(const struct steer_agent *a, const struct grid *g,
		    double feeler_length);
struct vec	 steer_path(const struct steer_agent *a,
		    const struct point *path, int n, int *ipath,
		    double deceleration, double dt);
struct vec	 steer_offset_pursuit(const struct steer_agent *a,
		    const struct steer_agent *leader, struct vec offset,
		    double deceleration, double dt);
struct vec	 steer_separation(const struct steer_agent *a,
		    const struct spatial_hits *nb, double radius);
struct vec	 steer_cohesion(const struct steer_agent *a,
		    const struct spatial_hits *nb, double radius);
struct vec	 steer_alignment(const struct steer_agent *a,
		    const struct spatial_hits *nb, double radius);
struct vec	 steer_flow(const struct steer_agent *a, const struct field *f,
		    const struct grid *g);
struct vec	 steer_flow_dir(const struct field *f, const struct grid *g,
		    struct vec p);

/*
 * Combining: the force behaviour b asks for, worked out when the combiner
 * asks (so a behaviour the combiner drops costs nothing and draws nothing).
 */
typedef struct vec steer_force_fn(void *arg, int b);

struct vec	 steer_combine(const struct steer_type *t,
		    steer_force_fn *force, void *arg, double max_force,
		    struct steer_rng *rng);

/* Moving through the grid. */
bool		 steer_overlaps_wall(const struct grid *g, struct vec p,
		    double r);
struct vec	 steer_unstick(const struct grid *g, struct vec p, double r);
void		 steer_move(const struct grid *g, struct vec *p, struct vec *v,
		    double r, struct vec d);

/* The crowd tick. */
struct steer_crowd *steer_crowd_new(int w, int h, double cell, int max);
void		 steer_crowd_free(struct steer_crowd *c);
void		 steer_crowd_forces(struct steer_crowd *c,
		    struct steer_agent *a, int n, double dt);
void		 steer_crowd_integrate(struct steer_crowd *c,
		    struct steer_agent *a, int n, double dt);
void		 steer_crowd_step(struct steer_crowd *c, struct steer_agent *a,
		    int n, double dt);

#endif
