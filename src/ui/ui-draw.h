/* SPDX-License-Identifier: ISC */
/*
 * Drawing with curses, for every screen. A ui_view holds how the screen
 * is used: which glyphs and colours the terminal can show, and which part
 * of the map is in view (ui-map.h works that out). Every function paints
 * into stdscr and leaves the physical update to the caller's refresh, so
 * curses sends only the characters that changed since the last frame.
 *
 * The game screen, top to bottom: a title bar, the map, then UI_HUD_BOTTOM
 * lines (ui-hud.h); a box (the help, a question, a panel) over it.
 */
#ifndef WEIR_UI_DRAW_H
#define WEIR_UI_DRAW_H

#include <stdbool.h>

#include "core/level.h"
#include "core/tower.h"
#include "ui/ui-curses.h"

#define UI_MIN_COLS	40	/* smaller terminals get "terminal too small" */
#define UI_MIN_LINES	12
#define UI_HUD_TOP	1	/* the title bar */
#define UI_HUD_BOTTOM	5	/* status, wave, towers, cursor, message */
#define UI_HUD_MSG_ROWS	2	/* a long message's most rows */
#define UI_HUD_START_ROWS 4	/* the level's description's at the start */
#define UI_MAP_MIN_ROWS	8	/* ... when the map keeps as many */

/* Colour pairs. */
enum ui_pair {
	UI_PAIR_WALL = 1,
	UI_PAIR_GROUND,
	UI_PAIR_ROAD,
	UI_PAIR_SLOW,
	UI_PAIR_SPAWN,
	UI_PAIR_EXIT,
	UI_PAIR_PWALL,
	UI_PAIR_ARROW,
	UI_PAIR_LOS,
	UI_PAIR_ROUTE,
	UI_PAIR_WAYPOINT,
	UI_PAIR_NEWROUTE,
	UI_PAIR_OLDROUTE,
	UI_PAIR_BLOCK,
	UI_PAIR_TITLE,
	UI_PAIR_ERROR,
	UI_PAIR_GOOD,
	UI_PAIR_DIALOG,
	UI_PAIR_SHOT,
	UI_PAIR_HP_HIGH,
	UI_PAIR_HP_MID,
	UI_PAIR_HP_LOW,
	UI_PAIR_HERO,
	UI_PAIR_RANGE,				/* a tower's reach */
	UI_PAIR_RANGE_NEXT,			/* ... at its next level */
	UI_PAIR_LEAK,				/* an exit just left by */
	UI_PAIR_TOWER,				/* one per tower kind */
	UI_PAIR_ENEMY = UI_PAIR_TOWER + TOWER_NTYPES,	/* per enemy type */
	UI_PAIR_FX = UI_PAIR_ENEMY + ENEMY_NKINDS,	/* per tower kind */
	UI_PAIR_POWER = UI_PAIR_FX + TOWER_NTYPES,	/* per power */
	UI_PAIR_RAMP = UI_PAIR_POWER + POWER_NKINDS	/* heatmap colours */
};

struct ui_view {
	bool		 utf8;		/* draw with UTF-8 glyphs */
	bool		 utf8_locale;	/* the locale's codeset is UTF-8 */
	bool		 color;		/* colour pairs are set up */
	int		 nramp;		/* heatmap colours (0: digits) */
	int		 zoom;		/* forced cell width 1 or 2, 0 = auto */
	bool		 minimap;	/* the whole map small over a corner,
					   where it is larger than the screen */

	/* Worked out by ui_draw_layout for the terminal's current size. */
	bool		 too_small;
	int		 cellw;		/* screen columns per map cell */
	int		 top, left;	/* screen position of cell (ox, oy) */
	int		 rows, cols;	/* cells in view */
	int		 ox, oy;	/* map cell at the viewport's corner */
	bool		 edge_x;	/* the map scrolls sideways: a column
					   each side shows what lies beyond */
	bool		 edge_y;	/* ... up and down: a row each side */
	int		 bottom;	/* rows under the map: UI_HUD_BOTTOM,
					   more while a message needs them */
	bool		 blink;		/* a blinking cell shows its other
					   glyph now (ui.c keeps the time) */
};

void	ui_draw_init(struct ui_view *v, bool utf8, bool utf8_locale,
	    bool color);

/* Pieces the other screens are made of. */
void	ui_draw_attr(const struct ui_view *v, short pair, attr_t attr,
	    attr_t mono);
int	ui_draw_text(const struct ui_view *v, const char *s, int maxw);
int	ui_draw_text_at(const struct ui_view *v, int y, int x, const char *s);
int	ui_draw_width(const char *s);
size_t	ui_draw_cut(const char *s, int w, int *cols);
size_t	ui_draw_wrap_at(const char *s, int maxw, const char **next);
void	ui_draw_fit(char *buf, size_t size, const char *s, int w);
void	ui_draw_centred(const struct ui_view *v, int y, const char *s);
void	ui_draw_box(const struct ui_view *v, const char *const *lines, int n);
void	ui_draw_box_from(const struct ui_view *v, const char *const *lines,
	    int n, int *first);
void	ui_draw_box_text(const struct ui_view *v, const char *const *lines,
	    int n, int *first, int most);
void	ui_draw_box_beside(const struct ui_view *v, const char *const *lines,
	    int n, int top, int bottom, int cell);
void	ui_draw_too_small(const struct ui_view *v, const char *also);
void	ui_draw_stars(const struct ui_view *v, int n, char *buf, size_t size);

#endif
