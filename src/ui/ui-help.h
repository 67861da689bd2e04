/* SPDX-License-Identifier: ISC */
/*
 * The help boxes (ui-help.c), from line *first on; drawing keeps *first
 * in range. Every line wraps at one width; hero says the level has a
 * hero (its overlays are listed only then).
 */
#ifndef WEIR_UI_HELP_H
#define WEIR_UI_HELP_H

#include "ui/ui-draw.h"

void	ui_help_title(const struct ui_view *v, int *first);
void	ui_help_game(const struct ui_view *v, bool hero, int *first);
void	ui_help_replay(const struct ui_view *v, bool hero, int *first);

#endif
