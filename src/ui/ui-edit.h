/* SPDX-License-Identifier: ISC */
/*
 * The level editor's screen (weir --edit FILE): the map to paint with the
 * keys or the mouse, the problems the checker finds and each spawn's route
 * beside it, forms for the settings and the waves, and keys that save,
 * play the level in the game and let the bot play it. Every change goes
 * through core/edit.h; this file only turns keys and clicks into calls
 * and draws the result.
 */
#ifndef WEIR_UI_EDIT_H
#define WEIR_UI_EDIT_H

#include "ui/ui-launch.h"

/* Edit until the author quits; the exit status (as ui_run's). */
int	ui_edit_run(const struct ui_edit_launch *l);

#endif
