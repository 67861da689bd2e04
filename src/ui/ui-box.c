/* SPDX-License-Identifier: ISC */
/*
 * The boxes over the game's screens, one row of ui_boxes[] each: how it
 * is painted, what its keys do, whether the game's clock stands while it
 * is up, and whether it still shows on a terminal too small for the
 * screen. The loop (ui.c) reads the rows: it paints the open box (and the
 * one a "quit?" covers), hands it the keys and holds the clock; a box's
 * key function changes what it owns, closes it (u->box back to
 * UI_BOX_NONE) and returns where to go. A new box is a value of enum
 * ui_box, a row here, and its two functions.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/about.h"
#include "nav/util.h"
#include "ui/ui-box.h"
#include "ui/ui-daily.h"
#include "ui/ui-game.h"
#include "ui/ui-help.h"
#include "ui/ui-replay.h"
#include "ui/ui-sight.h"
#include "ui/ui-title.h"

/* Whether ch is Enter, as terminals send it. */
static bool
ui_box_enter(int ch)
{
	return ch == '\n' || ch == '\r' || ch == KEY_ENTER;
}

/*
 * The help of the screen under it. Over the level list it has the screen
 * to itself: a box over the list would leave the names beside it cut.
 */
static void
ui_box_help_paint(struct ui *u, bool small)
{
	(void)small;
	if (u->screen == UI_SCREEN_TITLE) {
		erase();
		ui_help_title(&u->v, &u->help_top);
	} else if (u->screen == UI_SCREEN_REPLAY)
		ui_help_replay(&u->v, u->p != NULL && u->p->g->has_hero,
		    &u->help_top);
	else
		ui_help_game(&u->v, u->p != NULL && u->p->g->has_hero,
		    &u->help_top);
}

/* Scrolled on a short screen (drawing keeps it in range); closed. */
static enum ui_go
ui_box_help_key(struct ui *u, int ch)
{
	if (ch == KEY_DOWN || ch == 'j')
		u->help_top++;
	else if (ch == KEY_UP || ch == 'k')
		u->help_top--;
	else if (ch == KEY_NPAGE)
		u->help_top += 10;
	else if (ch == KEY_PPAGE)
		u->help_top -= 10;
	else if (ch == KEY_HOME)
		u->help_top = 0;
	else if (ch == KEY_END)
		u->help_top = 1 << 20;	/* drawing brings it back in range */
	else if (ch == UI_TERM_ESC || ch == '?' || ch == 'q' || ch == ' ' ||
	    ui_box_enter(ch))
		u->box = UI_BOX_NONE;
	return UI_GO_STAY;
}

/* Whether a game is on screen and not over: q asks where to go. */
static bool
ui_box_in_game(const struct ui *u)
{
	return u->screen == UI_SCREEN_PLAY && u->p != NULL &&
	    !game_over(u->p->g) && u->under == UI_BOX_NONE;
}

/* "quit?": in a game, also where to; one line on a small terminal. */
static void
ui_box_quit_paint(struct ui *u, bool small)
{
	static const char *const quit[] = { "quit? (y/n)" };
	static const char *const game[] = { "quit? (y/n)",
	    "l: back to the level list instead",
	    "(the game is saved either way: c continues it)" };
	static const char *const trial[] = { "quit? (y/n)",
	    "(a trial: back to the editor; nothing is saved)" };
	static const char *const ends[] = { "quit? (y/n)",
	    "l: back to the level list instead",
	    "(this game is not saved: leaving ends it)" };
	static const char *const nohome[] = { "quit? (y/n)",
	    "l: back to the level list instead",
	    "(no home directory: the game cannot be saved)" };

	if (u->l->trial && small)
		ui_draw_centred(&u->v, LINES / 2 + 1, "back to the editor? "
		    "(y/n)");
	else if (u->l->trial)
		ui_draw_box(&u->v, trial, 2);
	else if (ui_box_in_game(u) && u->p->unsaved && !small)
		ui_draw_box(&u->v, ends, 3);
	else if (ui_box_in_game(u) && small)
		ui_draw_centred(&u->v, LINES / 2 + 1, "quit? (y/n, l: level "
		    "list)");
	else if (ui_box_in_game(u) && !u->have_save_path)
		ui_draw_box(&u->v, nohome, 3);
	else if (ui_box_in_game(u))
		ui_draw_box(&u->v, game, 3);
	else if (small)
		ui_draw_centred(&u->v, LINES / 2 + 1, "quit? (y/n)");
	else
		ui_draw_box(&u->v, quit, 1);
}

/* y quits (a game: q too), l leaves for the list, n goes back. */
static enum ui_go
ui_box_quit_key(struct ui *u, int ch)
{
	if (ch == 'y' || ch == 'Y' || (ui_box_in_game(u) && (ch == 'q' ||
	    ch == 'Q')))
		return ui_game_quit(u, false);
	if ((ch == 'l' || ch == 'L') && u->screen == UI_SCREEN_PLAY &&
	    !u->l->trial)	/* a trial goes back to the editor only */
		return ui_game_quit(u, true);
	if (ch == UI_TERM_ESC || ch == 'n' || ch == 'N' || ch == 'q')
		u->box = u->under;
	return UI_GO_STAY;
}

/* Quitting, the game could not be saved: why, and what now. */
static void
ui_box_unsaved_paint(struct ui *u, bool small)
{
	const char	*lines[] = { "The game could not be saved:", u->why,
			    "", "r: try again   q: quit without it   Esc: "
			    "play on" };

	if (small)
		ui_draw_centred(&u->v, LINES / 2 + 1, "not saved: r again, q "
		    "quit, Esc play");
	else
		ui_draw_box(&u->v, lines, 4);
}

static enum ui_go
ui_box_unsaved_key(struct ui *u, int ch)
{
	if (ch == 'r' || ch == 'R')
		return ui_game_try_save(u) ? UI_GO_LEAVE : UI_GO_STAY;
	if (ch == 'q' || ch == 'Q') {
		ui_game_keep(u);
		u->saved = u->lost = true;
		snprintf(u->farewell, sizeof u->farewell, "weir: quit without "
		    "saving the game: %s", u->why);
		return UI_GO_LEAVE;
	}
	if (ch == UI_TERM_ESC)
		u->box = UI_BOX_NONE;
	return UI_GO_STAY;
}

/* The saved game cannot be resumed: why, and whether to drop it. */
static void
ui_box_discard_paint(struct ui *u, bool small)
{
	const char	*lines[] = { "The saved game cannot be resumed:",
			    u->why, "", "d: discard it   Esc: keep it" };

	(void)small;
	ui_draw_box(&u->v, lines, 4);
}

static enum ui_go
ui_box_discard_key(struct ui *u, int ch)
{
	if (ch == 'd' || ch == 'D') {
		ui_title_discard(u);
		u->box = UI_BOX_NONE;
	} else if (ch == UI_TERM_ESC || ch == 'k' || ch == 'K' || ch == 'q')
		u->box = UI_BOX_NONE;
	return UI_GO_STAY;
}

/* The panels: the waves to come, the messages so far. */
static void
ui_box_waves_paint(struct ui *u, bool small)
{
	(void)small;
	ui_sight_waves(&u->v, u->p, &u->panel_top);
}

static void
ui_box_log_paint(struct ui *u, bool small)
{
	(void)small;
	ui_sight_log(&u->v, u->p, &u->panel_top);
}

/* A panel scrolls (drawing keeps it in range); its own key closes it. */
static enum ui_go
ui_box_panel_key(struct ui *u, int ch)
{
	int	own = u->box == UI_BOX_WAVES ? VIEW_WAVES : VIEW_LOG;

	if (ch == KEY_DOWN || ch == 'j')
		u->panel_top++;
	else if (ch == KEY_UP || ch == 'k')
		u->panel_top--;
	else if (ch == KEY_NPAGE || ch == ' ')
		u->panel_top += 10;
	else if (ch == KEY_PPAGE)
		u->panel_top -= 10;
	else if (ch == KEY_HOME)
		u->panel_top = 0;
	else if (ch == KEY_END)
		u->panel_top = PLAY_LOG_MAX + LEVEL_MAX_WAVES * 20;
	else if (ch == UI_TERM_ESC || ch == 'q' || ui_box_enter(ch) ||
	    (ch >= 0 && ch < 128 && view_by_key(tolower(ch)) == own))
		u->box = UI_BOX_NONE;
	return UI_GO_STAY;
}

/*
 * A box about tower tw: placed so the tower stays in sight, and its reach
 * (the rows of the map within its range) when the screen has the room.
 */
static void
ui_box_about_tower(const struct ui *u, const struct game_tower *tw,
    const char *const *lines, int n)
{
	const struct ui_view	*v = &u->v;
	struct tower_stats	 st;
	int			 r, cell;

	game_tower_stats(tw, &st);
	r = (int)ceil(st.range);
	cell = v->top + tw->y - v->oy;
	ui_draw_box_beside(v, lines, n, cell - r, cell + r, cell);
}

/* The "sell ...? (y/n)" box. */
static void
ui_box_sell_paint(struct ui *u, bool small)
{
	const struct game_tower	*tw = game_tower_at(u->p->g, u->sell_x,
				    u->sell_y);
	char			 q[128];
	const char		*lines[1] = { q };

	(void)small;
	if (tw == NULL) {
		u->box = UI_BOX_NONE;
		return;
	}
	snprintf(q, sizeof q, "sell %s (level %d) at (%d,%d) for %d gold? "
	    "(y/n)", tower_name(tw->type), tw->level, tw->x, tw->y,
	    game_tower_refund(tw));
	ui_box_about_tower(u, tw, lines, 1);
}

/* y sells the tower (the command a script gives), n keeps it. */
static enum ui_go
ui_box_sell_key(struct ui *u, int ch)
{
	struct game_cmd	c;

	if (ch == 'y' || ch == 'Y') {
		memset(&c, 0, sizeof c);
		c.type = GAME_CMD_SELL;
		c.tower = -1;
		c.x = u->sell_x;
		c.y = u->sell_y;
		play_command(u->p, &c);
		u->box = UI_BOX_NONE;
	} else if (ch == UI_TERM_ESC || ch == 'n' || ch == 'N') {
		play_message(u->p, false, "kept it");
		u->box = UI_BOX_NONE;
	}
	return UI_GO_STAY;
}

/* The box of a top-level tower's specialisations: names, prices, effects. */
static void
ui_box_spec_paint(struct ui *u, bool small)
{
	const struct game_tower	*tw = game_tower_at(u->p->g, u->sell_x,
				    u->sell_y);
	char			 text[TOWER_SPECS + 2][ABOUT_MAX + 128];
	char			 about[ABOUT_MAX];
	const char		*lines[TOWER_SPECS + 2];
	int			 k, n = 0;

	(void)small;
	if (tw == NULL) {
		u->box = UI_BOX_NONE;
		return;
	}
	snprintf(text[n++], sizeof text[0], "specialise %s at (%d,%d), for "
	    "good (you have %d gold):", tower_name(tw->type), tw->x, tw->y,
	    u->p->g->gold);
	for (k = 0; k < TOWER_SPECS; k++) {
		const struct tower_spec *sp = &tower_types[tw->type].spec[k];
		int short_by = sp->cost - u->p->g->gold;
		char price[64];

		/* One that cannot be afforded says so, and by how much. */
		if (short_by > 0 && !u->p->g->sandbox)
			snprintf(price, sizeof price, "%d gold, %d more than you "
			    "have", sp->cost, short_by);
		else
			snprintf(price, sizeof price, "%d gold", sp->cost);
		about_spec(tw->type * TOWER_SPECS + k, about, sizeof about);
		snprintf(text[n++], sizeof text[0], "%d: %s, %s: %s", k + 1,
		    sp->name, price, about);
	}
	snprintf(text[n++], sizeof text[0], "waiting for 1 or 2 (buys it); "
	    "Esc or u keeps the tower as it is; any other key closes this "
	    "and does what it does");
	for (k = 0; k < n; k++)
		lines[k] = text[k];
	ui_box_about_tower(u, tw, lines, n);
}

/*
 * A key in the specialisation box: 1 or 2 buys one, Esc, n or u (asked
 * again) neither; any other key leaves the tower as it is, closes the box
 * and goes on to the game (a cursor key, the next tower's u), so no key
 * typed in a run of upgrades is lost.
 */
static enum ui_go
ui_box_spec_key(struct ui *u, int ch)
{
	const struct game_tower	*tw = game_tower_at(u->p->g, u->sell_x,
				    u->sell_y);
	struct game_cmd		 c;
	bool			 close = ch == UI_TERM_ESC || ch == 'n' ||
				    ch == 'N' || ch == 'u' || ch == 'U';

	if (tw != NULL && ch >= '1' && ch < '1' + TOWER_SPECS) {
		memset(&c, 0, sizeof c);
		c.type = GAME_CMD_SPECIALISE;
		c.tower = -1;
		c.x = u->sell_x;
		c.y = u->sell_y;
		c.spec = tw->type * TOWER_SPECS + (ch - '1');
		play_command(u->p, &c);
		u->box = UI_BOX_NONE;
	} else {
		if (tw != NULL)
			play_message(u->p, false, "%s at (%d,%d) left "
			    "unspecialised", tower_name(tw->type), tw->x,
			    tw->y);
		else
			play_message(u->p, false, "no tower to specialise");
		u->box = UI_BOX_NONE;
		if (tw != NULL && !close && ch != KEY_RESIZE)
			return UI_GO_PASS;
	}
	return UI_GO_STAY;
}

/*
 * The list of saved games to resume, every one (it scrolls to keep the
 * chosen one in view), the chosen one marked.
 */
static void
ui_box_saves_paint(struct ui *u, bool small)
{
	const char	**lines = xcalloc((size_t)u->saves.n + 3, sizeof *lines);
	char		(*text)[UI_SAVE_ABOUT + 16];
	int		  i, n = 0, first;

	(void)small;
	text = xcalloc((size_t)u->saves.n + 1, sizeof *text);
	lines[n++] = "Saved games: Enter resumes one, Esc closes";
	lines[n++] = "";
	for (i = 0; i < u->saves.n; i++) {
		snprintf(text[i], sizeof text[i], "%s %s", i == u->save_sel ?
		    ">" : " ", u->save_about[i]);
		lines[n++] = text[i];
	}
	first = u->save_sel + 2 - (LINES - 4) + 1;
	ui_draw_box_from(&u->v, lines, n, &first);
	free(text);
	free(lines);
}

/* A key in the list of saved games. */
static enum ui_go
ui_box_saves_key(struct ui *u, int ch)
{
	ch = ui_term_home_end(ch);
	if (ch == KEY_UP || ch == 'k')
		u->save_sel--;
	else if (ch == KEY_DOWN || ch == 'j')
		u->save_sel++;
	else if (ch == KEY_PPAGE)
		u->save_sel -= LINES - 6;
	else if (ch == KEY_NPAGE)
		u->save_sel += LINES - 6;
	else if (ch == KEY_HOME)
		u->save_sel = 0;
	else if (ch == KEY_END)
		u->save_sel = u->saves.n - 1;
	else if (ch == '\n' || ch == '\r' || ch == ' ' || ch == KEY_ENTER ||
	    ch == 'c') {
		u->box = UI_BOX_NONE;
		return ui_title_resume(u, u->save_sel);
	} else if (ch == UI_TERM_ESC || ch == 'q')
		u->box = UI_BOX_NONE;
	if (u->save_sel >= u->saves.n)
		u->save_sel = u->saves.n - 1;
	if (u->save_sel < 0)
		u->save_sel = 0;
	return UI_GO_STAY;
}

/* A new game of a level that has a saved game: continue it, or not. */
static void
ui_box_replace_paint(struct ui *u, bool small)
{
	char		 saved[160];
	const char	*lines[] = { "This level has a saved game:", saved, "",
			    "c: continue it", "Enter: a new game, which takes "
			    "its place", u->replace_back == UI_BOX_NONE &&
			    u->screen == UI_SCREEN_TITLE ? "Esc: back to the "
			    "list" : "Esc: back" };

	(void)small;
	snprintf(saved, sizeof saved, "  %s", u->save_sel >= 0 &&
	    u->save_sel < u->saves.n ? u->save_about[u->save_sel] : "?");
	ui_draw_box(&u->v, lines, (int)(sizeof lines / sizeof lines[0]));
}

/* c resumes the save, Enter plays the new game (replacing it), Esc goes
 * back (to the list, or the end box the new game was asked for from). */
static enum ui_go
ui_box_replace_key(struct ui *u, int ch)
{
	enum ui_go	go;

	if (ch == 'c' || ch == 'C') {
		play_free(u->next);
		u->next = NULL;
		u->box = UI_BOX_NONE;
		go = ui_title_resume(u, u->save_sel);
		if (go == UI_GO_STAY && u->screen == UI_SCREEN_PLAY) {
			/* Why not, said in the end box it was asked from. */
			ui_note(u->end.note, sizeof u->end.note, "",
			    u->title.note);
			u->box = u->replace_back;
		}
		return go;
	}
	if (ui_box_enter(ch) || ch == ' ' || ch == 'n' || ch == 'N') {
		u->box = UI_BOX_NONE;
		u->replace_save = true;
		return UI_GO_PLAY;
	}
	if (ch == UI_TERM_ESC || ch == 'q') {
		play_free(u->next);
		u->next = NULL;
		u->box = u->replace_back;
	}
	return UI_GO_STAY;
}

/*
 * What first place among a level's games means: a best score is a win's
 * (wins rank above every defeat); a defeat in first place is only the
 * furthest try yet, or the very first.
 */
static const char *
ui_box_end_best(const struct game *g, const struct play *p,
    const struct ui_end *e)
{
	const struct score	*first;
	char			 board[SCORES_NAME_MAX + 1];

	if (g->state == GAME_WON)
		return "a new best score!";
	play_board(p, board, sizeof board);
	if (scores_level(&e->table, board, &first) <= 1)
		return "a first try at this level: the score is kept";
	return "your best try yet (no win so far)";
}

/* "3:05" for a number of ticks. */
static void
ui_box_end_clock(long ticks, char *buf, size_t size)
{
	long	s = ticks / GAME_RATE;

	snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
}

/*
 * The index in the campaign's order (the title screen's list) of the
 * level after the one just played: -1 when it is the last, or not in the
 * campaign at all (a file of the player's own), or when the list cannot
 * be read (the note says why).
 */
static int
ui_box_end_find_next(struct ui *u)
{
	char	err[UI_ERR_MAX];
	int	i;

	if (u->l->trial)
		return -1;
	if (u->cat.n == 0 && catalog_load(&u->cat, u->l->level_dir, err,
	    sizeof err) != 0) {
		ui_note(u->end.note, sizeof u->end.note, "", err);
		return -1;
	}
	for (i = 0; i < u->cat.n; i++) {
		if (strcmp(u->cat.v[i].name, u->p->name) == 0 ||
		    strcmp(u->cat.v[i].path, u->p->s->path) == 0)
			break;
	}
	return i + 1 < u->cat.nranked ? i + 1 : -1;
}

/* Whether the end box offers n: a campaign level with one after it. */
static bool
ui_box_end_has_next(struct ui *u)
{
	if (u->end.next == -2)
		u->end.next = ui_box_end_find_next(u);
	return u->end.next >= 0;
}

/* The end of a level: the result, the figures, the level's best. */
static void
ui_box_end_paint(struct ui *u, bool small)
{
	const struct ui_view	*v = &u->v;
	const struct play	*p = u->p;
	const struct ui_end	*e = &u->end;
	int			*top = &u->end_top;
	const struct game	*g = p->g;
	const struct score	*first;
	char			 text[40][UI_SIGHT_LINE], clock[32], date[32];
	char			 waves[24];
	char			 board[SCORES_NAME_MAX + 1], stars[32];
	const char		*lines[40];
	int			 n = 0, k, count;
	struct tm		 tm;
	time_t			 when;

	(void)small;
	ui_draw_stars(v, game_stars(g), stars, sizeof stars);
	snprintf(text[n++], sizeof text[0], "%s%s  (%s%s)", g->state ==
	    GAME_WON ? "VICTORY  " : "DEFEAT", g->state == GAME_WON ? stars :
	    "", difficulty_name(g->difficulty), g->endless ? ", endless" : "");
	if (g->endless)
		snprintf(text[n++], sizeof text[0], "held %d wave%s past the "
		    "level's own", game_endless_cleared(g),
		    game_endless_cleared(g) == 1 ? "" : "s");
	snprintf(text[n++], sizeof text[0], "%s: score %d", p->lv->title,
	    g->score);
	ui_box_end_clock(g->tick, clock, sizeof clock);
	snprintf(text[n++], sizeof text[0], "%d/%d waves cleared, %d/%d "
	    "lives, %d killed, %d through, %s", g->waves_cleared, g->nwaves, g->lives,
	    game_start_lives(g), g->killed, g->leaked, clock);
	if (e->trial)
		snprintf(text[n++], sizeof text[0], "(a trial from the editor: "
		    "no high score)");
	else if (p->unscored)
		snprintf(text[n++], sizeof text[0], "(%s: on no board)",
		    p->daily.text[0] != '\0' ? "practice, the day's try is "
		    "spent" : "taken over from a replay");
	else if (!e->recorded)
		snprintf(text[n++], sizeof text[0], "(the score could not be "
		    "kept)");
	else if (e->rank == 1)
		snprintf(text[n++], sizeof text[0], "%s", ui_box_end_best(g, p,
		    e));
	else if (e->rank > 1)
		snprintf(text[n++], sizeof text[0], "number %d of the best",
		    e->rank);
	else
		snprintf(text[n++], sizeof text[0], "not among the best");
	if (e->daily[0] != '\0')
		snprintf(text[n++], sizeof text[0], "%.*s", UI_SIGHT_LINE - 1,
		    e->daily);
	if (e->recording[0] != '\0')
		snprintf(text[n++], sizeof text[0], "recording: %.*s",
		    UI_SIGHT_LINE - 12, e->recording);
	text[n++][0] = '\0';
	k = ui_sight_end_lines(p, text + n, UI_SIGHT_END_LINES);
	if (k > 0) {
		n += k;
		text[n++][0] = '\0';
	}
	play_board(p, board, sizeof board);
	count = scores_level(&e->table, board, &first);
	/*
	 * The level by its title: its identity (meadow.0123...) means
	 * nothing to a player; a daily game's board names its date.
	 */
	if (count > 0 && strchr(board, '@') == NULL && strcmp(board,
	    p->name) != 0)
		snprintf(text[n++], sizeof text[0], "best of %s:", board);
	else if (count > 0 && strchr(board, '@') == NULL)
		snprintf(text[n++], sizeof text[0], "best of %s:",
		    p->lv->title);
	else if (count > 0)
		snprintf(text[n++], sizeof text[0], "best of %s (%s):",
		    p->lv->title, strchr(board, '@') + 1);
	for (k = 0; k < count && k < 5 && n < 36; k++) {
		when = (time_t)first[k].when;
		if (localtime_r(&when, &tm) == NULL ||
		    strftime(date, sizeof date, "%Y-%m-%d", &tm) == 0)
			snprintf(date, sizeof date, "?");
		snprintf(waves, sizeof waves, "%d/%d", first[k].waves,
		    first[k].waves_total);
		snprintf(text[n++], sizeof text[0], "%2d %7d %-4s %7s waves "
		    "cleared %s %s", k + 1, first[k].score, first[k].won ?
		    "won" : "lost", waves, date, first[k].who);
	}
	if (count > 0)
		text[n++][0] = '\0';
	if (e->trial)
		snprintf(text[n++], sizeof text[0], "Enter: back to the editor  "
		    "r: play again  q: quit");
	else
		snprintf(text[n++], sizeof text[0], "Enter: levels  %sr: play "
		    "again  q: quit", ui_box_end_has_next(u) ? "n: next level  "
		    : "");
	/*
	 * The keys come second, under the result, so that a short screen
	 * (the box scrolls, j k) never hides them.
	 */
	lines[0] = text[0];
	lines[1] = text[n - 1];
	for (k = 1; k < n - 1; k++)
		lines[k + 1] = text[k];
	if (n > 2 && lines[n - 1][0] == '\0')
		n--;
	ui_draw_box_from(v, lines, n, top);
	if (e->note[0] != '\0') {
		ui_draw_attr(v, UI_PAIR_ERROR, A_BOLD, A_BOLD);
		move(LINES - 1, 0);
		clrtoeol();
		ui_draw_text_at(v, LINES - 1, 1, e->note);
		attrset(A_NORMAL);
	}
}

/* Play the level after this one in the campaign's order. */
static enum ui_go
ui_box_end_next(struct ui *u)
{
	struct play	*p;
	char		 err[UI_ERR_MAX];
	int		 i;

	if (!ui_box_end_has_next(u))
		return UI_GO_STAY;
	i = u->end.next - 1;
	if ((p = ui_title_open(u, u->cat.v[i + 1].path, u->cat.v[i + 1].name,
	    err, sizeof err)) == NULL) {
		ui_note(u->end.note, sizeof u->end.note, "", err);
		return UI_GO_STAY;
	}
	u->title.sel = i + 1;
	return ui_title_start(u, p, UI_BOX_END);
}

/*
 * Enter: the list (a trial: the editor); r again; n the next level. For
 * UI_END_DEAF seconds after the box comes up it takes no key: keys typed
 * for the game as it ended (n calling waves) do not leave the box unread.
 */
static enum ui_go
ui_box_end_key(struct ui *u, int ch)
{
	char	err[UI_ERR_MAX];

	if (ui_now() - u->end.opened < UI_END_DEAF)
		return UI_GO_STAY;
	if (ch == ' ' || ch == UI_TERM_ESC || ui_box_enter(ch))
		return u->l->trial ? UI_GO_QUIT : UI_GO_TITLE;
	if (ch == 'r' || ch == 'R') {
		u->next = u->p->daily.text[0] != '\0' ? ui_daily_open(u,
		    u->p->daily.text, err, sizeof err) : u->p->s->path[0] ==
		    '\0' ? NULL : ui_title_open(u, u->p->s->path, u->p->name,
		    err, sizeof err);
		if (u->next == NULL && u->p->s->path[0] == '\0')
			snprintf(err, sizeof err, "a game taken over from a "
			    "replay has no level file to play again");
		if (u->next == NULL) {
			ui_note(u->end.note, sizeof u->end.note, "", err);
			return UI_GO_STAY;
		}
		u->won[0] = '\0';
		return ui_title_start(u, u->next, UI_BOX_END);
	}
	if ((ch == 'n' || ch == 'N') && !u->l->trial)
		return ui_box_end_next(u);
	if (ch == KEY_DOWN || ch == 'j')
		u->end_top++;
	else if (ch == KEY_UP || ch == 'k')
		u->end_top--;
	else if (ch == 'q' || ch == 'Q') {
		u->under = UI_BOX_END;
		u->box = UI_BOX_QUIT;
	}
	return UI_GO_STAY;
}

/* The boxes. Every box but the end's stops the clock: the bar says so. */
const struct ui_box_type ui_boxes[] = {
	[UI_BOX_NONE] = { .name = "none" },
	[UI_BOX_HELP] = {
		.name = "help",
		.paint = ui_box_help_paint,
		.key = ui_box_help_key,
		.holds_clock = true,
	},
	[UI_BOX_QUIT] = {
		.name = "quit",
		.paint = ui_box_quit_paint,
		.key = ui_box_quit_key,
		.holds_clock = true,
		.when_small = true,
	},
	[UI_BOX_SELL] = {
		.name = "sell",
		.paint = ui_box_sell_paint,
		.key = ui_box_sell_key,
		.holds_clock = true,
	},
	[UI_BOX_SPEC] = {
		.name = "specialise",
		.paint = ui_box_spec_paint,
		.key = ui_box_spec_key,
		.holds_clock = true,
	},
	[UI_BOX_END] = {
		.name = "end",
		.paint = ui_box_end_paint,
		.key = ui_box_end_key,
		.holds_clock = false,
	},
	[UI_BOX_UNSAVED] = {
		.name = "unsaved",
		.paint = ui_box_unsaved_paint,
		.key = ui_box_unsaved_key,
		.holds_clock = true,
		.when_small = true,
	},
	[UI_BOX_DISCARD] = {
		.name = "discard",
		.paint = ui_box_discard_paint,
		.key = ui_box_discard_key,
		.holds_clock = true,
	},
	[UI_BOX_WAVES] = {
		.name = "waves",
		.paint = ui_box_waves_paint,
		.key = ui_box_panel_key,
		.holds_clock = true,
	},
	[UI_BOX_LOG] = {
		.name = "log",
		.paint = ui_box_log_paint,
		.key = ui_box_panel_key,
		.holds_clock = true,
	},
	[UI_BOX_SAVES] = {
		.name = "saves",
		.paint = ui_box_saves_paint,
		.key = ui_box_saves_key,
		.holds_clock = true,
	},
	[UI_BOX_REPLACE] = {
		.name = "replace",
		.paint = ui_box_replace_paint,
		.key = ui_box_replace_key,
		.holds_clock = true,
	},
	[UI_BOX_RECORDINGS] = {
		.name = "recordings",
		.paint = ui_replay_list_paint,
		.key = ui_replay_list_key,
		.holds_clock = true,
	},
};
_Static_assert(sizeof ui_boxes / sizeof ui_boxes[0] == UI_BOX_NKINDS,
    "a box without a row");
