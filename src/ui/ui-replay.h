/* SPDX-License-Identifier: ISC */
/*
 * The replay viewer (ui-replay.c): a recording watched, or the built-in
 * player's game watched as it is made; and the title screen's list of the
 * recordings kept, a box (ui_boxes[]) that opens one in the viewer.
 */
#ifndef WEIR_UI_REPLAY_H
#define WEIR_UI_REPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "ui/ui-screen.h"

int	ui_replay_open(struct ui *u, const char *path, char *err,
	    size_t errlen);
int	ui_replay_bot(struct ui *u, const char *level, const char *name,
	    char *err, size_t errlen);
void	ui_replay_enter(struct ui *u);
void	ui_replay_leave(struct ui *u);
void	ui_replay_paint(struct ui *u, bool small);
enum ui_go ui_replay_key(struct ui *u, int ch);
double	ui_replay_rate(const struct ui *u);
void	ui_replay_advance(struct ui *u, int n);

/* The recordings box (ui-replay-list.c). */
void	ui_replay_list(struct ui *u);
void	ui_replay_list_paint(struct ui *u, bool small);
enum ui_go ui_replay_list_key(struct ui *u, int ch);

#endif
