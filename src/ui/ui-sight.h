/* SPDX-License-Identifier: ISC */
/*
 * The screens that let a player see what matters (ui-sight.c): the view's
 * border on a map larger than the screen, the wave panel, the message log
 * and the figures of a level just ended.
 */
#ifndef WEIR_UI_SIGHT_H
#define WEIR_UI_SIGHT_H

#include <stddef.h>

#include "ui/play.h"
#include "ui/ui-draw.h"

#define UI_SIGHT_END_LINES	16	/* lines the end figures take, at most */
#define UI_SIGHT_LINE		128	/* bytes of one of them */

void	ui_sight_edges(const struct ui_view *v, const struct play *p);
void	ui_sight_start(struct ui_view *v, struct play *p);
void	ui_sight_waves(const struct ui_view *v, const struct play *p,
	    int *first);
void	ui_sight_log(const struct ui_view *v, const struct play *p,
	    int *first);
int	ui_sight_end_lines(const struct play *p,
	    char (*text)[UI_SIGHT_LINE], int max);

#endif
