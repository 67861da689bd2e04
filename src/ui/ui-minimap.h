/* SPDX-License-Identifier: ISC */
/*
 * The minimap (ui-minimap.c): the whole of a map larger than the screen,
 * small, over a corner of the view, while the view key o shows it.
 */
#ifndef WEIR_UI_MINIMAP_H
#define WEIR_UI_MINIMAP_H

#include <stdbool.h>

#include "ui/play.h"
#include "ui/ui-draw.h"

bool	ui_minimap_shown(const struct ui_view *v, const struct play *p);
bool	ui_minimap_cell_at(const struct ui_view *v, const struct play *p,
	    int sy, int sx, int *x, int *y);
void	ui_minimap_draw(const struct ui_view *v, const struct play *p);

#endif
