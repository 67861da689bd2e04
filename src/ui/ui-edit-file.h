/* SPDX-License-Identifier: ISC */
/*
 * The editor's file (ui-edit-file.c): save, save as, the questions a
 * save asks (each a row of a table), the recovery file offered on
 * opening and written when a signal stops the editor.
 */
#ifndef WEIR_UI_EDIT_FILE_H
#define WEIR_UI_EDIT_FILE_H

#include "ui/ui-edit-state.h"

void	ue_file_save(struct ue *u);
void	ue_file_save_as(struct ue *u);
void	ue_file_offer(struct ue *u);
void	ue_file_stopped(struct ue *u, int sig);
int	ue_ask_lines(struct ue *u, struct ue_ask_text *t);
void	ue_ask_key(struct ue *u, int ch);

#endif
