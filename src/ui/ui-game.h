/* SPDX-License-Identifier: ISC */
/*
 * The game screen (ui-game.c): a game shown, played, ended and saved.
 */
#ifndef WEIR_UI_GAME_H
#define WEIR_UI_GAME_H

#include <stdbool.h>

#include "ui/ui-screen.h"

void	ui_game_enter(struct ui *u, struct play *p, bool resumed);
void	ui_game_over(struct ui *u);
bool	ui_game_try_save(struct ui *u);
enum ui_go ui_game_quit(struct ui *u, bool to_title);
void	ui_game_save(struct ui *u);
void	ui_game_paint(struct ui *u, bool small);
enum ui_go ui_game_key(struct ui *u, int ch);
bool	ui_game_move_key(struct play *p, int ch);
bool	ui_game_view_key(struct ui *u, int ch);
void	ui_game_keep(struct ui *u);

#endif
