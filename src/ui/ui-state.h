/* SPDX-License-Identifier: ISC */
/*
 * The state line for tests (ui-state.c): when WEIR_TEST_STATE names a
 * file, every frame the terminal game or the editor draws appends one
 * line to it saying what the frame shows, so that a test in a terminal
 * waits on facts rather than on a screen half drawn. The line's fields
 * are documented in ui-state.c. Without the variable nothing is written.
 */
#ifndef WEIR_UI_STATE_H
#define WEIR_UI_STATE_H

struct ui;
struct ue;

void	ui_state_game(const struct ui *u);
void	ui_state_edit(const struct ue *u);

#endif
