/* SPDX-License-Identifier: ISC */
/*
 * The game screen's cursor line (ui-cursor.c): what is under the cursor,
 * shortened in a stated order to fit its row.
 */
#ifndef WEIR_UI_CURSOR_H
#define WEIR_UI_CURSOR_H

#include "ui/play.h"
#include "ui/ui-draw.h"

void	ui_cursor_info(const struct ui_view *v, const struct play *p,
	    int row);

#endif
