/* SPDX-License-Identifier: ISC */
/*
 * The boxes over the game's screens (ui-box.c): the table ui_boxes[],
 * declared with struct ui_box_type in ui-screen.h, is all they export.
 */
#ifndef WEIR_UI_BOX_H
#define WEIR_UI_BOX_H

#include "ui/ui-screen.h"

#endif
