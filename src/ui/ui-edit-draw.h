/* SPDX-License-Identifier: ISC */
/*
 * Painting the editor's screen (ui-edit-draw.c).
 */
#ifndef WEIR_UI_EDIT_DRAW_H
#define WEIR_UI_EDIT_DRAW_H

#include "ui/ui-edit-state.h"

void	ue_paint(struct ue *u);
void	ue_paint_new(struct ue *u);

#endif
