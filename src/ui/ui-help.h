/* SPDX-License-Identifier: ISC */
/*
 * The help boxes (ui-help.c), from line *first on; drawing keeps *first
 * in range.
 */
#ifndef WEIR_UI_HELP_H
#define WEIR_UI_HELP_H

#include "ui/ui-draw.h"

void	ui_help_title(const struct ui_view *v, int *first);
void	ui_help_game(const struct ui_view *v, int *first);
void	ui_help_replay(const struct ui_view *v, int *first);

#endif
