/* SPDX-License-Identifier: ISC */
/*
 * The state line for tests. When the environment variable WEIR_TEST_STATE
 * names a file, each frame the terminal game or the editor sends to the
 * terminal (after doupdate or refresh, so the frame is out) appends one
 * line to that file, made of space-separated key=value fields in this
 * order, the message last since it may hold spaces:
 *
 *   screen=S  title, play, replay, edit (the editor's map), new (the
 *             editor's size form for a new level)
 *   box=B     what has the keyboard over the screen: none, or a box of
 *             ui_boxes[] (help, quit, sell, specialise, end, unsaved,
 *             discard, waves, log, saves, replace, recordings); in the
 *             editor none, help, form, waves, or a question (recover,
 *             changed, exists, path)
 *   scroll=N  the first line shown of a box that scrolls (help, waves,
 *             log, end), else 0
 *   small=0|1 the terminal is too small and shows only that
 *   size=CxR  the terminal's columns and rows
 *   x=X y=Y   the map cursor's cell; on the title screen x is the level
 *             chosen (from 0) and y -1
 *   tick=T    the game's tick, -1 with no game
 *   gold=G lives=L wave=W   the game's gold, lives and waves begun (-1
 *             with no game); in the editor the bot trial's state
 *             instead: bot=going|stopped|none
 *   paused=0|1 speed=N   the game's clock (play and replay)
 *   over=0|1  the game is won or lost
 *   deaf=0|1  the end box (or the title, back from a game) takes no key
 *             yet; a frame is drawn when it does again
 *   difficulty=D endless=0|1   the setting new games start at (the
 *             title's line under its name)
 *   keys=N pid=P   the keys (and mouse reports, resizes) weir has
 *             read, and its process: a frame whose count is above the
 *             one of the frame before a test typed was drawn after weir
 *             read the first of them (the editor's line has them too)
 *   msg=TEXT  the message line (the title's note), to the end of the line,
 *             with control characters as '?'; empty when none
 *
 * A test counts the file's lines to tell a new frame from an old one.
 * The file is opened and closed for each line: slow, but only tests set
 * the variable, and weir keeps nothing open for it.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/kinds.h"
#include "ui/ui-curses.h"
#include "ui/ui-edit-state.h"
#include "ui/ui-screen.h"
#include "ui/ui-state.h"
#include "ui/ui-term.h"

/* Open the state file to append to, NULL when there is none. */
static FILE *
ui_state_open(void)
{
	const char	*path = getenv("WEIR_TEST_STATE");

	if (path == NULL || *path == '\0')
		return NULL;
	return fopen(path, "a");
}

/* Write msg to the end of the line, control characters as '?'. */
static void
ui_state_msg(FILE *f, const char *msg)
{
	fputs(" msg=", f);
	for (const unsigned char *s = (const unsigned char *)msg; *s != '\0';
	    s++)
		fputc(*s < 0x20 || *s == 0x7f ? '?' : *s, f);
	fputc('\n', f);
}

/* The state of the terminal game's frame just drawn. */
void
ui_state_game(const struct ui *u)
{
	static const char *const screens[UI_SCREEN_NKINDS] = {
		[UI_SCREEN_TITLE] = "title",
		[UI_SCREEN_PLAY] = "play",
		[UI_SCREEN_REPLAY] = "replay",
	};
	const struct play	*p = u->screen == UI_SCREEN_TITLE ? NULL : u->p;
	const struct game	*g = p != NULL ? p->g : NULL;
	FILE			*f;

	if ((f = ui_state_open()) == NULL)
		return;
	fprintf(f, "screen=%s box=%s scroll=%d small=%d size=%dx%d",
	    screens[u->screen], ui_boxes[u->box].name,
	    u->box == UI_BOX_HELP ? u->help_top :
	    u->box == UI_BOX_WAVES || u->box == UI_BOX_LOG ? u->panel_top :
	    u->box == UI_BOX_END ? u->end_top : 0,
	    ui_small() ? 1 : 0, COLS, LINES);
	if (p != NULL)
		fprintf(f, " x=%d y=%d", p->cx, p->cy);
	else
		fprintf(f, " x=%d y=-1", u->title.sel);
	if (g != NULL)
		fprintf(f, " tick=%ld gold=%d lives=%d wave=%d paused=%d "
		    "speed=%d over=%d", g->tick, g->gold, g->lives,
		    g->next_wave, p->paused ? 1 : 0, p->speed,
		    game_over(g) ? 1 : 0);
	else
		fputs(" tick=-1 gold=-1 lives=-1 wave=-1 paused=0 speed=0 "
		    "over=0", f);
	fprintf(f, " deaf=%d", u->deaf ? 1 : 0);
	fprintf(f, " difficulty=%s endless=%d",
	    difficulty_name(u->title.game.difficulty),
	    u->title.game.endless ? 1 : 0);
	fprintf(f, " keys=%ld pid=%ld", ui_term_keys(), (long)getpid());
	ui_state_msg(f, p != NULL ? p->msg : u->title.note);
	fclose(f);
}

/* The state of the editor's frame just drawn. */
void
ui_state_edit(const struct ue *u)
{
	static const char *const modes[] = {
		[UE_MAP] = "none", [UE_HELP] = "help", [UE_FORM] = "form",
		[UE_WAVES] = "waves",
	};
	static const char *const asks[UE_ASK_NKINDS] = {
		[UE_ASK_NONE] = "none", [UE_ASK_RECOVER] = "recover",
		[UE_ASK_CHANGED] = "changed", [UE_ASK_EXISTS] = "exists",
		[UE_ASK_PATH] = "path",
	};
	FILE	*f;

	if ((f = ui_state_open()) == NULL)
		return;
	fprintf(f, "screen=%s box=%s scroll=%d small=%d size=%dx%d x=%d "
	    "y=%d bot=%s", u->e == NULL ? "new" : "edit",
	    u->ask != UE_ASK_NONE ? asks[u->ask] :
	    u->e == NULL ? "form" : modes[u->mode],
	    u->mode == UE_HELP ? u->help_top : 0,
	    u->v.too_small ? 1 : 0, COLS, LINES, u->cx, u->cy,
	    u->bot.lv == NULL ? "none" : u->bot.going ? "going" : "stopped");
	fprintf(f, " keys=%ld pid=%ld", ui_term_keys(), (long)getpid());
	ui_state_msg(f, u->msg);
	fclose(f);
}
