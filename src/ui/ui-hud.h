/* SPDX-License-Identifier: ISC */
/*
 * The game screen, boxes aside (ui-hud.c): the title bar, the map, and
 * the UI_HUD_BOTTOM rows under it (one more while a long message needs
 * it, ui_hud_msg_rows).
 */
#ifndef WEIR_UI_HUD_H
#define WEIR_UI_HUD_H

#include "ui/play.h"
#include "ui/ui-draw.h"

void	ui_hud_play(struct ui_view *v, const struct play *p);
int	ui_hud_msg_rows(const struct play *p);
void	ui_hud_words_at(const struct ui_view *v, int y, const char *s);

#endif
