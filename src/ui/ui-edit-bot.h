/* SPDX-License-Identifier: ISC */
/*
 * The editor's bot trial, played a slice at a time between key reads
 * (ui-edit-bot.c): start it, play a slice, stop it, drop it.
 */
#ifndef WEIR_UI_EDIT_BOT_H
#define WEIR_UI_EDIT_BOT_H

#include "ui/ui-edit-state.h"

bool	ue_bot_going(const struct ue *u);
void	ue_bot_start(struct ue *u);
void	ue_bot_slice(struct ue *u);
void	ue_bot_key(struct ue *u, int ch);
void	ue_bot_drop(struct ue *u);
void	ue_bot_note(const struct ue *u, char *buf, size_t size);

#endif
