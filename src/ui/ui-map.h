/* SPDX-License-Identifier: ISC */
/*
 * The map on the game screen (ui-map.c): where it goes for the terminal's
 * size and the cursor, which cell is under a screen position, and the
 * cells in view, every layer of them.
 */
#ifndef WEIR_UI_MAP_H
#define WEIR_UI_MAP_H

#include <stdbool.h>

#include "ui/play.h"
#include "ui/ui-draw.h"

/* In ASCII one column a cell, a spawn (a letter there is a tower's). */
#define UI_MAP_SPAWN_ASCII	"&"

void	ui_map_layout(struct ui_view *v, const struct play *p);
bool	ui_map_cell_at(const struct ui_view *v, int sy, int sx, int *x,
	    int *y);
void	ui_map_draw(const struct ui_view *v, const struct play *p);
const char *ui_map_tower_glyph(const struct ui_view *v, int k);
char	 ui_map_spec_initial(int spec);

#endif
