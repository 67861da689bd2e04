/*
 * Drawing the sandbox with curses. A ui_view holds how the screen is used:
 * which glyphs and colours the terminal can show, which part of the map is
 * in view (the viewport follows the cursor) and which dialog, if any, is
 * open. ui_draw paints one whole frame into stdscr and leaves the physical
 * update to the caller's refresh, so curses sends only what changed.
 *
 * Screen layout, top to bottom: a title bar, the map, then three HUD lines
 * (cursor cell, preview or legend, message).
 */
#ifndef WEIR_UI_DRAW_H
#define WEIR_UI_DRAW_H

#include <stdbool.h>

#include "ui/sandbox.h"

#define UI_MIN_COLS	40	/* smaller terminals get "terminal too small" */
#define UI_MIN_LINES	10
#define UI_HUD_TOP	1	/* the title bar */
#define UI_HUD_BOTTOM	3	/* cell info, preview, message */

/* What has the keyboard. */
enum ui_mode {
	UI_MODE_MAP,		/* the map: moving, building */
	UI_MODE_HELP,		/* the help panel is open */
	UI_MODE_QUIT		/* "quit? (y/n)" is asked */
};

struct ui_view {
	bool		 utf8;		/* draw with UTF-8 glyphs */
	bool		 utf8_locale;	/* the locale's codeset is UTF-8 */
	bool		 color;		/* colour pairs are set up */
	int		 nramp;		/* heatmap colours (0: digits) */
	int		 zoom;		/* forced cell width 1 or 2, 0 = auto */
	enum ui_mode	 mode;

	/* Worked out by ui_draw_layout for the terminal's current size. */
	bool		 too_small;
	int		 cellw;		/* screen columns per map cell */
	int		 top, left;	/* screen position of cell (ox, oy) */
	int		 rows, cols;	/* cells in view */
	int		 ox, oy;	/* map cell at the viewport's corner */
};

void	ui_draw_init(struct ui_view *v, bool utf8, bool utf8_locale,
	    bool color);
void	ui_draw_layout(struct ui_view *v, const struct sandbox *sb);
void	ui_draw(struct ui_view *v, const struct sandbox *sb);
bool	ui_draw_cell_at(const struct ui_view *v, int sy, int sx, int *x,
	    int *y);

#endif
