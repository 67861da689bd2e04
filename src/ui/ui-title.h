/* SPDX-License-Identifier: ISC */
/*
 * The title screen (ui-title.c): the installed levels, the setting new
 * games are played at, and the saved games to resume.
 */
#ifndef WEIR_UI_TITLE_H
#define WEIR_UI_TITLE_H

#include <stdbool.h>
#include <stddef.h>

#include "ui/ui-screen.h"

void	ui_title_enter(struct ui *u);
struct play *ui_title_open(struct ui *u, const char *path, const char *name,
	    char *err, size_t errlen);
enum ui_go ui_title_resume(struct ui *u, int k);
enum ui_go ui_title_start(struct ui *u, struct play *p, enum ui_box back);
void	ui_title_discard(struct ui *u);
void	ui_title_paint(struct ui *u, bool small);
enum ui_go ui_title_key(struct ui *u, int ch);

#endif
