/* SPDX-License-Identifier: ISC */
/*
 * What the files of the built-in player share (bot.h is what the rest of
 * weir sees): the bot's buffers, an action it could take, and the worth
 * model every strategy scores its actions with. bot-eval.c reads the game
 * into the buffers (routes, what is coming, the defence) and measures
 * worth; bot-build.c finds the best tower, upgrade and specialisation;
 * bot-maze.c the best wall; bot-naive.c the stretch of route a naive
 * strategy defends; bot.c takes the turn.
 */
#ifndef WEIR_BOT_INTERNAL_H
#define WEIR_BOT_INTERNAL_H

#include <math.h>

#include "bot.h"

#define BOT_MIN_COVER	2.0	/* route worth a new tower must cover */
#define BOT_AIR_STEP	0.5	/* spacing of points on a flyer line */
#define BOT_AIR_NEED	5.0	/* flyer hit points to have in hand, times */
#define BOT_TRIES	24	/* cells looked at for one tower, at most */
#define BOT_CANDIDATES	6	/* ... of which tried for their worth */
#define BOT_SETTLE	0.7	/* take a cheaper action worth this share */
#define BOT_EARLY_S	5	/* call early only if it skips this much */
#define BOT_DUE_S	10	/* a wave this near: no more saving up */
#define BOT_SATURATE	40.0	/* defence at which a cell counts half */
#define BOT_VARIETY	0.25	/* worth lost per tower of the same kind */
#define BOT_WALL_EVALS	160	/* walls tried a turn, at most ... */
#define BOT_WALL_CELLS	1000000	/* ... and field cells rebuilt a turn */
#define BOT_WALL_GAIN	2.0	/* worth a wall must add to be built ... */
#define BOT_WALL_BIG	8.0	/* ... and this much, whatever the towers */
#define BOT_WALL_TURNS	2	/* walls are thought of every this many turns */
#define BOT_LINE_RATIO	1.0	/* route cells a wall of a line must add */
#define BOT_LINE_MAX	24	/* cells of a line of walls, at most */
#define BOT_PLUG_MAX	4	/* cells of a gap walled whole, at most */
#define BOT_PLUG_RATIO	8.0	/* route cells a wall of a plug must add */
#define BOT_LINE_FROM	24	/* route cells a line is tried from */
#define BOT_WALL_SHARE	0.5	/* of the gold in towers, walls cost ... */
#define BOT_WALL_FREE	24	/* ... and this much more, at most */
#define BOT_HERO_TURNS	4	/* the hero's post, every this many turns */
#define BOT_HERO_MOVE	1.25	/* a new post must be this much better */
#define BOT_SPEC_BIAS	1.5	/* a specialisation's worth, times */
#define BOT_SPEC_NEAR	2	/* with 1/this of its price in hand, saves
				   up for the best specialisation ... */
#define BOT_AHEAD	0.5	/* ... while no enemy is past this share of
				   the route */
#define BOT_STYLES	BOT_NSTYLES	/* styles a maze practises
					   (bot-practice.c) */
#define BOT_PLAIN_STYLES 2	/* ... of which the first are its own; the
				   rest play a plan with its walls */

struct bot {
	const struct bot_strategy *st;	/* how it plays */
	int		 row;		/* its row of bot_strategies, or -1 */
	struct bot_strategy own;	/* a plan's or search's own row */
	struct bot_plan	*plan;		/* a planned bot's plan, or NULL */
	struct bot_search_opts *search;	/* a search's, until it has a plan */
	struct bot_search_result *found; /* what the search found, or NULL */
	int		 w, h;
	int		 share;		/* percent of income it may spend */
	int		 only;		/* the one attacking kind, or -1 */
	bool		 plain;		/* worth is the route's length alone */
	double		 bare;		/* worth of a cell no tower covers */

	/* Practice (bot-practice.c): a style chosen before the first turn. */
	bool		 practised;	/* the style is chosen */
	int		 style;		/* the style played, or practised */
	struct game	*pg;		/* a practice game, while one runs */
	struct bot	*pb;		/* ... and its player */
	int		 tried_won[BOT_STYLES];	/* 1 won, 0 lost, -1 not */
	int		 tried_lives[BOT_STYLES];
	int		 tried_waves[BOT_STYLES];
	uint8_t		*route;		/* w * h: spawns whose route it is on */
	uint8_t		*corner;	/* w * h: a diagonal step passes it */
	uint8_t		*seen;		/* w * h: on this spawn's route */
	uint8_t		*zone;		/* w * h: a route cell it defends */
	float		*defence;	/* w * h: tower power covering it */
	float		*score;		/* w * h: worth of a tower there */
	uint8_t		*tried;		/* w * h: refused this turn */
	struct point	*cells;		/* the route cells, listed */
	struct point	*cand;		/* cells a wall is tried on */
	int		 ncells;
	struct point	*buf;		/* a descended path */
	int		 bufmax;
	struct grid	 grid;		/* a copy to try walls on */
	struct field	*field;		/* its field */

	/* What is coming: hit points by enemy type, and flyers by spawn. */
	int		 wall;		/* the tower kind it mazes with */
	double		 mix[ENEMY_NKINDS];
	double		 air_hp[LEVEL_MAX_SPAWNS];	/* one flyer's */
	int		 air_kind[LEVEL_MAX_SPAWNS];	/* its kind */
	int		 air_count[LEVEL_MAX_SPAWNS];
	bool		 air_short[LEVEL_MAX_SPAWNS];	/* too little flak */
	uint8_t		*lit;		/* w * h: a route cell a detector sees */
	bool		 blind;		/* under a third of the route is lit */
	bool		 dark;		/* a third of the defence is unlit */
	struct vec	 air_from[LEVEL_MAX_SPAWNS], air_to[LEVEL_MAX_SPAWNS];
};

/*
 * What a route cell defended by power d is worth to b: its style's bare
 * worth (b->bare, bot-practice.c), and less for each unit of power.
 */
static inline double
bot_cell_worth(const struct bot *b, double d)
{
	return b->bare + log1p(d / BOT_SATURATE);
}

/* An action the bot could take, and what it is worth. */
struct bot_action {
	enum game_cmd_type	type;
	int			tower, x, y;
	int			spec;		/* SPECIALISE: which */
	int			cost;
	double			value;		/* power bought per gold */
};

/* A tower being thought about: where, how far it reaches, how hard. */
struct bot_extra {
	int	x, y;
	double	range, min_range, power;
};

/* Whether a cell (dx, dy) from a tower is in its reach. */
static inline bool
bot_reaches(int dx, int dy, double range, double min_range)
{
	int	d2 = dx * dx + dy * dy;

	return tower_reach(range, min_range, d2);
}



/* bot-eval.c: reading the game, and worth. */
double	bot_power(int kind, int level);
void	bot_routes(struct bot *b, const struct game *g);
double	bot_spec_gain(const struct bot *b, const struct tower_spec *sp);
double	bot_tower_power(const struct bot *b, const struct game_tower *tw);
void	bot_defence(struct bot *b, const struct game *g);
void	bot_threat(struct bot *b, const struct game *g);
double	bot_suits(const struct bot *b, int kind);
double	bot_worth(struct bot *b, const struct game *g, const struct field *f,
	    const struct grid *grid, const struct bot_extra *extra);
double	bot_try(struct bot *b, const struct game *g, int x, int y,
	    const struct bot_extra *extra, double base);
void	bot_score_cells(struct bot *b, const struct game *g, int mask,
	    double r, double rmin);
int	bot_top_cells(const struct bot *b, const struct game *g, int32_t *top);
int	bot_count(const struct game *g, int kind);
double	bot_raise(const struct bot *b, const struct game_tower *tw, double r0,
	    double m0, double p0, double r1, double m1, double p1);
void	bot_sight(struct bot *b, const struct game *g);
void	bot_score_sight(struct bot *b, double r);

/* bot-build.c: towers, upgrades, specialisations. */
bool	bot_best_cell(struct bot *b, struct game *g, int kind, int mask,
	    struct bot_action *out);
int	bot_builds(struct bot *b, struct game *g, struct bot_action *acts);
int	bot_air_kind(const struct bot *b, int count);
bool	bot_best_sight(struct bot *b, struct game *g,
	    struct bot_action *out);
bool	bot_best_spec(struct bot *b, const struct game *g,
	    struct bot_action *out);
bool	bot_best_upgrade(struct bot *b, const struct game *g,
	    struct bot_action *out);

/* bot-maze.c: walls. */
bool	bot_best_wall(struct bot *b, struct game *g, struct bot_action *out);
bool	bot_walls_due(const struct bot *b, const struct game *g);
bool	bot_best_plug(struct bot *b, struct game *g, struct bot_action *out);
bool	bot_best_line(struct bot *b, struct game *g, struct bot_action *out);

/* bot.c */
bool	bot_call_early(const struct game *g);

/* bot-plan.c: a plan's turn. */
int	bot_plan_act(struct bot *b, struct game *g);

/* bot-naive.c: the stretch a naive strategy defends. */
void	bot_zone(struct bot *b, const struct game *g);

/* bot-practice.c: the style. */
void	bot_practice_init(struct bot *b);
void	bot_style(struct bot *b, int style);
void	bot_practice_free(struct bot *b);


#endif
