/*
 * The navigation sandbox: a level, its cost grid with the walls the player
 * has built, the integration and flow field from the exits, the route from
 * every spawn, a cursor, the overlay being shown and one message line. It
 * knows nothing of terminals: keys and clicks become sandbox_cmd values, and
 * the screen is drawn from this state by ui-draw.c.
 *
 * Every buffer is allocated by sandbox_new, including a second grid and
 * field for the preview of "what if a wall stood under the cursor", so no
 * command and no preview allocates.
 */
#ifndef WEIR_SANDBOX_H
#define WEIR_SANDBOX_H

#include <stdbool.h>
#include <stdint.h>

#include "core/field.h"
#include "core/grid.h"
#include "core/level.h"
#include "core/path.h"

/* What is drawn over the map. */
enum sandbox_overlay {
	SANDBOX_OVERLAY_NONE,
	SANDBOX_OVERLAY_HEAT,		/* integration field as a heatmap */
	SANDBOX_OVERLAY_FLOW,		/* flow pointers as arrows */
	SANDBOX_OVERLAY_LOS,		/* cells that see their exit */
	SANDBOX_OVERLAY_PATH,		/* waypoint path from every spawn */
	SANDBOX_NOVERLAYS
};

/* Commands, whether they come from a key, a click or a script. */
enum sandbox_cmd_type {
	SANDBOX_CMD_PLACE,		/* place a wall at (x, y) */
	SANDBOX_CMD_REMOVE,		/* remove the player's wall at (x, y) */
	SANDBOX_CMD_MOVE,		/* move the cursor by (x, y) */
	SANDBOX_CMD_CURSOR,		/* put the cursor on (x, y) */
	SANDBOX_CMD_CLEAR,		/* remove every player wall */
	SANDBOX_CMD_OVERLAY,		/* cycle to the next overlay */
	SANDBOX_CMD_PREVIEW		/* switch the placement preview on/off */
};

struct sandbox_cmd {
	enum sandbox_cmd_type	type;
	int			x, y;
};

/* What a command did; SANDBOX_OK or why it was refused. */
enum sandbox_result {
	SANDBOX_OK,
	SANDBOX_OUTSIDE,		/* (x, y) is off the map */
	SANDBOX_NOT_BUILDABLE,		/* terrain other than open ground */
	SANDBOX_OCCUPIED,		/* a wall already stands there */
	SANDBOX_BLOCKS,			/* would cut a spawn off every exit */
	SANDBOX_NO_WALL			/* nothing of the player's to remove */
};

/* Bits of sandbox.route for one map cell. */
#define SANDBOX_ROUTE_NOW	0x01	/* on a route of the current field */
#define SANDBOX_ROUTE_PREVIEW	0x02	/* on a route with the previewed wall */
#define SANDBOX_ROUTE_WAYPOINT	0x04	/* a waypoint of a current route */

/* The state of the placement preview for the cursor cell. */
enum sandbox_preview {
	SANDBOX_PREVIEW_NONE,		/* off, or the cursor is not buildable */
	SANDBOX_PREVIEW_OPEN,		/* a wall would leave every spawn a way */
	SANDBOX_PREVIEW_BLOCKS		/* a wall would cut a spawn off */
};

struct sandbox {
	struct level		*lv;		/* not owned */
	int			 w, h;

	struct grid		 grid;		/* level costs plus player walls */
	uint8_t			*wall;		/* w * h, 1 = player wall */
	int			 nwalls;
	struct field		*field;		/* from the exits over grid */
	int32_t			*goals;		/* exit cells, padded indices */
	int			 ngoals;
	int32_t			*sources;	/* every spawn cell, padded */
	int			 nsources;
	int32_t			*scratch;	/* for reach_*: 2 cells each */

	uint8_t			*route;		/* w * h, SANDBOX_ROUTE_* bits */
	struct point		*pathbuf;	/* room for any descended path */
	int			 pathmax;
	double			 routelen[LEVEL_MAX_SPAWNS];	/* per spawn */
	double			 maxdist;	/* largest finite distance */

	int			 cx, cy;	/* cursor */
	enum sandbox_overlay	 overlay;
	bool			 preview_on;

	/* The preview: the cursor cell walled on a copy of the grid. */
	struct grid		 pgrid;
	struct field		*pfield;
	enum sandbox_preview	 preview;
	int			 px, py;	/* cell previewed, -1 when none */
	unsigned		 pgen;		/* field generation it was made for */
	unsigned		 gen;		/* bumped whenever grid changes */
	double			 proutelen[LEVEL_MAX_SPAWNS];
	char			 pblocked[LEVEL_MAX_SPAWNS + 1];	/* labels */

	char			 msg[160];	/* last message, "" when none */
	bool			 msg_error;	/* the message reports a refusal */
};

struct sandbox	*sandbox_new(struct level *lv);
void		 sandbox_free(struct sandbox *sb);

enum sandbox_result sandbox_apply(struct sandbox *sb,
		     const struct sandbox_cmd *cmd);
enum sandbox_result sandbox_place(struct sandbox *sb, int x, int y);
enum sandbox_result sandbox_remove(struct sandbox *sb, int x, int y);
void		 sandbox_clear(struct sandbox *sb);
void		 sandbox_move(struct sandbox *sb, int dx, int dy);
void		 sandbox_set_cursor(struct sandbox *sb, int x, int y);
void		 sandbox_cycle_overlay(struct sandbox *sb);
void		 sandbox_update_preview(struct sandbox *sb);
void		 sandbox_message(struct sandbox *sb, bool error,
		     const char *fmt, ...)
		     __attribute__((format(printf, 3, 4)));

bool		 sandbox_is_wall(const struct sandbox *sb, int x, int y);
bool		 sandbox_free_ground(const struct sandbox *sb, int x, int y);
int		 sandbox_blocked_spawns(struct sandbox *sb, int x, int y,
		     char *labels);
const char	*sandbox_overlay_name(enum sandbox_overlay o);
const char	*sandbox_terrain_name(const struct sandbox *sb, int x, int y);

#endif
