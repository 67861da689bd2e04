/* SPDX-License-Identifier: ISC */
/*
 * The game screen: a game entered and left, its keys and the mouse, its
 * end and its saving. Every key and click that plays becomes a struct
 * game_cmd, the very command a script line gives; the keys that only
 * change the view are rows of the registry (view_types[], kinds.c) with
 * their actions in ui_game_views[]. A command that asks first (selling a
 * dear tower, specialising one) opens its box (ui-box.c) instead.
 *
 * Quitting saves an unfinished game first, on the screen: a save that
 * fails is shown, to try again, to quit without it (exit status 1) or to
 * play on. A game that ends goes into the high scores (scores.h), unless
 * it is a trial from the editor, and a resumed game played to its end
 * spends its save.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/daily.h"
#include "core/record.h"
#include "ui/ui-game.h"
#include "ui/ui-hud.h"
#include "ui/ui-map.h"
#include "ui/ui-minimap.h"
#include "ui/ui-sight.h"

/* The player's name for the high scores. */
static const char *
ui_game_who(void)
{
	const char	*who = getenv("USER");

	if (who == NULL || who[0] == '\0')
		who = getenv("LOGNAME");
	return who != NULL && who[0] != '\0' ? who : "player";
}

/* Show play p, a new game or a resumed one. */
void
ui_game_enter(struct ui *u, struct play *p, bool resumed)
{
	play_free(u->p);
	u->p = p;
	u->resumed = resumed;
	u->ended = false;
	u->screen = UI_SCREEN_PLAY;
	u->box = UI_BOX_NONE;
	u->acc = 0;
	u->end_top = 0;
	p->bell = u->bell;
	p->aim_mode = u->l->opt.aim;
	if (p->rec != NULL)
		recorder_player(p->rec, ui_game_who());
	if (u->speed > 0)
		play_keep_speed(p, u->speed);
	u->saved = false;
	u->kept = false;
	u->drag = false;
	/*
	 * Saves and boards know the level by its identity (session.h), and
	 * so does its recording; a game taken over from a recording has no
	 * file, and keeps the recording's name.
	 */
	if (p->s->path[0] != '\0') {
		session_level_key(p->name, sizeof p->name, p->s->path,
		    p->s->level_hash, u->l->level_dir);
		if (p->rec != NULL)
			recorder_level_name(p->rec, p->name);
	}
	/* A level's own save (a resumed game's may have been elsewhere). */
	if (u->have_save_path)
		save_level_path(u->save_path, sizeof u->save_path, p->name,
		    false);
	/* The save this game may replace: one another weir writes is kept. */
	memset(&u->save_known, 0, sizeof u->save_known);
	if (u->have_save_path)
		(void)safefile_stamp_path(u->save_path, &u->save_known);
	scores_free(&u->end.table);
	ui_sight_start(&u->v, p);
	ui_redraw(u);
}

/*
 * A new game the player chose over the level's save has ended: the save
 * it took the place of is spent (a game another weir has saved there
 * since it was read is kept: its stamp differs).
 */
static void
ui_game_drop_save(struct ui *u)
{
	enum save_status	 st;
	struct save		*sv;
	char			 err[UI_ERR_MAX];

	if (!u->have_save_path || (sv = save_open(u->save_path, &st, err,
	    sizeof err)) == NULL)
		return;
	if (save_remove(u->save_path, &sv->stamp, err, sizeof err) != 0 &&
	    u->end.note[0] == '\0')
		ui_note(u->end.note, sizeof u->end.note, "saved game: ", err);
	save_free(sv);
}

/* Write the first game of the run to --record FILE, once. */
static void
ui_game_record_file(struct ui *u, char *err, size_t errlen)
{
	char	why[UI_ERR_MAX];

	if (u->l->record == NULL || u->record_done || u->p->rec == NULL ||
	    u->l->trial)
		return;
	u->record_done = true;
	if (recorder_write(u->p->rec, u->p->g, (int64_t)time(NULL),
	    u->l->record, why, sizeof why) != 0 && err[0] == '\0')
		snprintf(err, errlen, "%s", why);
}

/*
 * Keep the recording of the game on screen, which has ended or is left
 * unsaved: in the recordings directory (record_keep; u->end.recording
 * says where) and, for the run's first game, in --record FILE. A fault
 * goes to err ("" when none). Once a game.
 */
static void
ui_game_keep_in(struct ui *u, char *err, size_t errlen)
{
	struct play	*p = u->p;
	char		 dir[RECORD_PATH_MAX];

	err[0] = '\0';
	u->end.recording[0] = '\0';
	if (p == NULL || p->rec == NULL || u->l->trial || u->kept)
		return;
	u->kept = true;
	ui_game_record_file(u, err, errlen);
	if (record_dir(dir, sizeof dir, true) != 0) {
		if (err[0] == '\0')
			snprintf(err, errlen, "no directory to keep the "
			    "recording in (set HOME or XDG_STATE_HOME)");
	} else if (record_keep(dir, p->rec, p->g, (int64_t)time(NULL),
	    u->end.recording, sizeof u->end.recording, err, errlen) != 0)
		u->end.recording[0] = '\0';
}

/* Keep the recording of a game left unsaved; say where as it ends. */
void
ui_game_keep(struct ui *u)
{
	char	err[UI_ERR_MAX];

	ui_game_keep_in(u, err, sizeof err);
	if (err[0] != '\0')
		snprintf(u->farewell, sizeof u->farewell, "weir: the game's "
		    "recording: %s", err);
	else if (u->end.recording[0] != '\0')
		snprintf(u->farewell, sizeof u->farewell, "weir: the game is "
		    "left unsaved; its recording is %s", u->end.recording);
}

/* What the end shows of a daily game: its line to paste. */
static void
ui_game_daily_end(struct ui *u)
{
	const struct play	*p = u->p;

	u->end.daily[0] = '\0';
	if (p->daily.text[0] != '\0')
		daily_line(u->end.daily, sizeof u->end.daily, &p->daily,
		    p->lv->title, p->g, !u->v.utf8);
}

/* The game has just ended: keep its recording and score, show the end. */
void
ui_game_over(struct ui *u)
{
	const struct game	*g = u->p->g;
	struct score		 e;
	char			 path[PLAY_PATH_MAX], err[UI_ERR_MAX];
	char			 recerr[UI_ERR_MAX];

	if (u->ended)
		return;
	u->ended = true;
	u->end.next = -2;
	u->end.opened = ui_now();
	ui_game_keep_in(u, err, sizeof err);
	snprintf(recerr, sizeof recerr, "%s", err);
	ui_game_daily_end(u);
	if (u->l->trial || u->p->unscored) {
		/* A draft from the editor, or a game on no board. */
		u->end.recorded = false;
		u->end.trial = u->l->trial;
		u->end.rank = 0;
		ui_note(u->end.note, sizeof u->end.note, err[0] != '\0' ?
		    "recording not written: " : "", err);
		scores_free(&u->end.table);
		u->box = UI_BOX_END;
		flushinp();
		ui_redraw(u);
		return;
	}
	if (g->state == GAME_WON)
		snprintf(u->won, sizeof u->won, "%s", u->p->name);
	memset(&e, 0, sizeof e);
	play_board(u->p, e.level, sizeof e.level);
	e.score = g->score;
	e.stars = game_stars(g);
	e.won = g->state == GAME_WON;
	e.waves = g->waves_cleared;
	e.waves_total = g->nwaves;
	e.lives = g->lives;
	e.ticks = g->tick;
	e.when = (int64_t)time(NULL);
	snprintf(e.who, sizeof e.who, "%s", ui_game_who());
	u->end.recorded = false;
	u->end.rank = 0;
	u->end.note[0] = '\0';
	scores_free(&u->end.table);
	if (scores_path(path, sizeof path, true) != 0)
		snprintf(u->end.note, sizeof u->end.note, "no home directory "
		    "to keep high scores in");
	else if (scores_add(path, &e, &u->end.rank, u->end.note,
	    sizeof u->end.note, err, sizeof err) != 0)
		ui_note(u->end.note, sizeof u->end.note, "", err);
	else {
		u->end.recorded = true;
		if (u->end.note[0] != '\0') {
			char note[UI_NOTE_MAX];

			ui_note(note, sizeof note, "high scores: ",
			    u->end.note);
			ui_note(u->end.note, sizeof u->end.note, "", note);
		}
		if (scores_read(path, &u->end.table, err, sizeof err) !=
		    SCORES_OK)
			scores_free(&u->end.table);
	}
	/*
	 * A saved game that has now been played to its end is spent; a game
	 * another weir has saved there meanwhile is not.
	 */
	if (u->resumed && u->have_save_path && save_remove(u->resume_path,
	    &u->p->s->save_stamp, err, sizeof err) != 0 &&
	    u->end.note[0] == '\0')
		ui_note(u->end.note, sizeof u->end.note, "saved game: ", err);
	if (!u->resumed && u->replace_save)
		ui_game_drop_save(u);
	/* A recording that could not be written is said first. */
	if (recerr[0] != '\0') {
		char note[2 * UI_ERR_MAX];

		snprintf(note, sizeof note, "%s%s%s", recerr,
		    u->end.note[0] != '\0' ? "; " : "", u->end.note);
		ui_note(u->end.note, sizeof u->end.note,
		    "recording not written: ", note);
	}
	u->replace_save = false;
	u->resumed = false;
	u->box = UI_BOX_END;
	/* Keys typed before the box came up were meant for the game. */
	flushinp();
	ui_redraw(u);
}

/* Whether leaving now would lose a game: one begun and not over. */
static bool
ui_game_unsaved(const struct ui *u)
{
	const struct game	*g;

	if (u->screen != UI_SCREEN_PLAY || u->p == NULL || u->saved ||
	    u->l->trial || u->p->unsaved)
		return false;
	g = u->p->g;
	/* Under a second of a game and no command: nothing worth a save. */
	return !game_over(g) && (g->tick >= GAME_RATE || g->nlog > 0);
}

/*
 * Another weir saved a game of this level while this one was played
 * (taken says so): its save is kept, and this game is kept as its
 * recording, which the replay viewer takes over (t). True when kept (the
 * farewell says where); false with u->why.
 */
static bool
ui_game_save_taken(struct ui *u, const char *taken)
{
	char	err[UI_ERR_MAX];

	ui_game_keep_in(u, err, sizeof err);
	if (u->end.recording[0] == '\0') {
		snprintf(u->why, sizeof u->why, "%s; and this game's recording "
		    "was not written: %s", taken, err[0] != '\0' ? err :
		    "it has none");
		return false;
	}
	u->saved = true;
	snprintf(u->farewell, sizeof u->farewell, "weir: %s: that save is "
	    "kept; this game is kept as the recording %s ('weir --replay' it, "
	    "t takes it over)", taken, u->end.recording);
	return true;
}

/*
 * Save the unfinished game for --continue. True when saved (the farewell
 * says where); false with u->why saying why not.
 */
bool
ui_game_try_save(struct ui *u)
{
	char	err[UI_ERR_MAX];
	int	rc;

	if (!u->have_save_path) {
		snprintf(u->why, sizeof u->why, "no home directory to save "
		    "the game in");
		return false;
	}
	if (save_mkdirs(u->save_path) != 0) {
		snprintf(u->why, sizeof u->why, "%s: cannot make its "
		    "directory: %s", u->save_path, strerror(errno));
		return false;
	}
	rc = play_save(u->p, u->save_path, &u->save_known, err, sizeof err);
	if (rc == SAVE_TAKEN)
		return ui_game_save_taken(u, err);
	if (rc != 0) {
		snprintf(u->why, sizeof u->why, "%s", err);
		return false;
	}
	(void)safefile_stamp_path(u->save_path, &u->save_known);
	/* Resumed from an old single save: its level's save holds it now. */
	if (u->resumed && strcmp(u->resume_path, u->save_path) != 0)
		(void)save_remove(u->resume_path, &u->p->s->save_stamp, err,
		    sizeof err);
	u->saved = true;
	snprintf(u->farewell, sizeof u->farewell, "weir: game saved to %s; "
	    "'weir --continue' resumes it", u->save_path);
	ui_game_record_file(u, err, sizeof err);
	return true;
}

/* Whether the game on screen is one that leaving ends, begun, not over. */
static bool
ui_game_ends_if_left(const struct ui *u)
{
	const struct game	*g;

	if (u->screen != UI_SCREEN_PLAY || u->p == NULL || !u->p->unsaved)
		return false;
	g = u->p->g;
	return !game_over(g) && (g->tick > 0 || g->nlog > 0);
}

/*
 * Quit, or go back to the level list (to_title), saving an unfinished
 * game first; ask what to do if it fails.
 */
enum ui_go
ui_game_quit(struct ui *u, bool to_title)
{
	u->to_title = to_title;
	if (ui_game_ends_if_left(u))
		ui_game_keep(u);
	if (!ui_game_unsaved(u) || ui_game_try_save(u))
		return UI_GO_LEAVE;
	u->box = UI_BOX_UNSAVED;
	return UI_GO_STAY;
}

/* Leaving for good (a signal, the terminal gone): save what is unsaved. */
void
ui_game_save(struct ui *u)
{
	if (ui_game_ends_if_left(u))
		ui_game_keep(u);
	else if (ui_game_unsaved(u) && !ui_game_try_save(u))
		snprintf(u->farewell, sizeof u->farewell, "weir: the game "
		    "could not be saved: %s", u->why);
}

/*
 * Use the power being aimed at the cursor. Aiming goes on (Escape or a
 * tower's key ends it), so a second Enter is refused as cooling down and
 * never builds a tower by surprise.
 */
static void
ui_game_use_power(struct play *p)
{
	struct game_cmd	c;

	memset(&c, 0, sizeof c);
	c.type = GAME_CMD_POWER;
	c.tower = -1;
	c.power = p->power;
	c.x = p->cx;
	c.y = p->cy;
	play_command(p, &c);
}

/* Build a wall on (x, y), as Enter there would: a drag draws them. */
static void
ui_game_drag_wall(struct ui *u, int x, int y)
{
	struct game_cmd	c;

	memset(&c, 0, sizeof c);
	c.type = GAME_CMD_PLACE;
	c.tower = u->p->tower;
	c.x = x;
	c.y = y;
	play_set_cursor(u->p, x, y);
	play_command(u->p, &c);
}

/*
 * The mouse moved to (x, y) with the button held: with a wall chosen,
 * walls on every cell of the line from where it was (the first cell too,
 * when the drag starts), each one placement as a key would make it.
 */
static void
ui_game_mouse_drag(struct ui *u, int x, int y)
{
	int	dx, dy, n, k, cx, cy, lx, ly;

	if (tower_types[u->p->tower].attack != TOWER_ATTACK_NONE) {
		/* Any other kind: a line from where the drag began, built
		 * when the button is let go (ui_game_mouse_play). */
		if (u->p->power >= 0)
			return;
		if (!u->dragged) {
			u->dragged = true;
			play_mark_at(u->p, u->drag_x, u->drag_y);
		}
		play_set_cursor(u->p, x, y);
		return;
	}
	if (x == u->drag_x && y == u->drag_y)
		return;
	if (!u->dragged) {
		u->dragged = true;
		ui_game_drag_wall(u, u->drag_x, u->drag_y);
	}
	dx = x - u->drag_x;
	dy = y - u->drag_y;
	n = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
	lx = u->drag_x;
	ly = u->drag_y;
	for (k = 1; k <= n; k++) {
		cx = u->drag_x + (int)lround((double)dx * k / n);
		cy = u->drag_y + (int)lround((double)dy * k / n);
		if (cx != lx || cy != ly)
			ui_game_drag_wall(u, cx, cy);
		lx = cx;
		ly = cy;
	}
	u->drag_x = x;
	u->drag_y = y;
}

/*
 * A click on the map: move the cursor there, or build (or use the power
 * being aimed) if it is there.
 */
static void
ui_game_mouse_play(struct ui *u)
{
	struct play			*p = u->p;
	const struct steer_agent	*hero;
	struct game_cmd			 c;
	MEVENT				 ev;
	int				 x, y;
	bool				 was_drag;

	if (getmouse(&ev) != OK)
		return;
	if (ev.bstate & BUTTON1_RELEASED) {
		was_drag = u->dragged;
		u->drag = u->dragged = false;
		if (was_drag && p->marked) {
			/* A drag with an attacking kind: its line. */
			if (ui_map_cell_at(&u->v, ev.y, ev.x, &x, &y))
				play_set_cursor(p, x, y);
			play_line(p);
		}
		if (was_drag || !(ev.bstate & BUTTON1_CLICKED))
			return;
	}
	if ((ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) &&
	    ui_minimap_cell_at(&u->v, p, ev.y, ev.x, &x, &y)) {
		u->drag = false;	/* a click on the minimap: go there */
		play_set_cursor(p, x, y);
		return;
	}
	if (!ui_map_cell_at(&u->v, ev.y, ev.x, &x, &y))
		return;
	if ((ev.bstate & REPORT_MOUSE_POSITION) &&
	    !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) {
		if (u->drag && !game_over(p->g))
			ui_game_mouse_drag(u, x, y);
		return;
	}
	if (!(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
		return;
	if (ev.bstate & BUTTON1_PRESSED) {
		u->drag = true;
		u->dragged = false;
		u->drag_x = x;
		u->drag_y = y;
	}
	memset(&c, 0, sizeof c);
	c.x = x;
	c.y = y;
	hero = game_hero_agent(p->g);
	if (p->hero_selected) {
		/* The hero was clicked: this click says where it goes. */
		p->hero_selected = false;
		play_set_cursor(p, x, y);
		c.type = GAME_CMD_HERO;
		play_command(p, &c);
		return;
	}
	if (hero != NULL && (int)floor(hero->pos.x) == x &&
	    (int)floor(hero->pos.y) == y) {
		p->hero_selected = true;
		play_set_cursor(p, x, y);
		play_sight_release(p);	/* it says what the next click does */
		play_message(p, false, "hero selected: click where it should "
		    "go (Escape: never mind)");
		return;
	}
	if (x != p->cx || y != p->cy) {
		play_set_cursor(p, x, y);
		return;
	}
	if (p->power >= 0) {
		ui_game_use_power(p);
		return;
	}
	c.type = GAME_CMD_PLACE;
	c.tower = p->tower;
	play_command(p, &c);
}

/* A key that moves the cursor; false if ch is none. */
bool
ui_game_move_key(struct play *p, int ch)
{
	static const struct {
		int	key, dx, dy;
	} moves[] = {
		{ KEY_UP, 0, -1 }, { 'k', 0, -1 }, { 'K', 0, -5 },
		{ KEY_DOWN, 0, 1 }, { 'j', 0, 1 }, { 'J', 0, 5 },
		{ KEY_LEFT, -1, 0 }, { 'h', -1, 0 }, { 'H', -5, 0 },
		{ KEY_RIGHT, 1, 0 }, { 'l', 1, 0 }, { 'L', 5, 0 },
		{ KEY_SR, 0, -5 }, { KEY_SF, 0, 5 },
		{ KEY_SLEFT, -5, 0 }, { KEY_SRIGHT, 5, 0 },
		{ KEY_HOME, -GRID_MAX_W, 0 }, { KEY_END, GRID_MAX_W, 0 },
		{ KEY_PPAGE, 0, -10 }, { KEY_NPAGE, 0, 10 }
	};

	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		if (moves[i].key == ch) {
			play_move(p, moves[i].dx, moves[i].dy);
			return true;
		}
	}
	return false;
}

/*
 * Whether command k on the tower under the cursor asks first, in a box:
 * upgrading at the top level shows the specialisations; selling asks,
 * but for a cheap tower (a wall). Opens the box if so.
 */
static bool
ui_game_asks(struct ui *u, int k, const struct game_tower *tw)
{
	struct play	*p = u->p;
	enum ui_box	 box = UI_BOX_NONE;

	if (tw == NULL || game_over(p->g))
		return false;
	if (k == GAME_CMD_UPGRADE && tw->spec < 0 &&
	    tower_upgrade_cost(tw->type, tw->level) < 0 &&
	    tower_types[tw->type].spec[0].name != NULL)
		box = UI_BOX_SPEC;
	else if (k == GAME_CMD_SELL && tower_spent(tw->type, tw->level) >
	    TOWER_SELL_ASK)
		box = UI_BOX_SELL;
	if (box == UI_BOX_NONE)
		return false;
	u->sell_x = p->cx;
	u->sell_y = p->cy;
	u->box = box;
	return true;
}

/*
 * A key of the registry's commands (their other names first: Enter and
 * space build, Delete sells, Backspace undoes), given to the game as the
 * command a script line would be; false if ch is none.
 */
static bool
ui_game_command_key(struct ui *u, int ch)
{
	struct play		*p = u->p;
	const struct game_tower	*tw = play_tower(p);
	struct game_cmd		 c;
	int			 k;

	if (ch == '\r' || ch == ' ' || ch == KEY_ENTER)
		ch = cmd_types[GAME_CMD_PLACE].key;
	if (ch == cmd_types[GAME_CMD_PLACE].key && p->power >= 0) {
		ui_game_use_power(p);
		return true;
	} else if (ch == KEY_DC)
		ch = cmd_types[GAME_CMD_SELL].key;
	else if (ch == KEY_BACKSPACE || ch == 127 || ch == '\b')
		ch = cmd_types[GAME_CMD_UNDO].key;
	if ((k = ch >= 0 && ch < 128 ? cmd_by_key(tolower(ch)) : -1) < 0)
		return false;
	if (ui_game_asks(u, k, tw))
		return true;
	memset(&c, 0, sizeof c);
	c.type = (enum game_cmd_type)k;
	c.tower = cmd_types[k].args & CMD_ARG_TOWER ? p->tower : -1;
	c.x = p->cx;
	c.y = p->cy;
	if (cmd_types[k].args & CMD_ARG_MODE)
		c.mode = tw != NULL ? (tw->mode + 1) % TOWER_NTARGETS :
		    TOWER_TARGET_FIRST;
	if (!(cmd_types[k].args & CMD_ARG_XY))
		c.x = c.y = -1;
	play_command(p, &c);
	return true;
}

/* The view keys' actions: what each row of view_types[] does here. */
static void
ui_game_view_waves(struct ui *u)
{
	u->box = UI_BOX_WAVES;
	u->panel_top = 0;
}

static void
ui_game_view_log(struct ui *u)
{
	u->box = UI_BOX_LOG;
	u->panel_top = PLAY_LOG_MAX + 4;	/* the newest: the end */
}

/* Keep a setting a key has just changed in the config file. */
static void
ui_game_keep_setting(struct ui *u)
{
	char	err[UI_ERR_MAX];

	if (ui_settings_save(u, err, sizeof err) != 0)
		play_message(u->p, true, "settings: %s", err);
}

static void
ui_game_view_bell(struct ui *u)
{
	play_toggle_bell(u->p);
	u->bell = u->p->bell;
	u->settings.bell = u->bell;
	ui_game_keep_setting(u);
}

static void
ui_game_view_pause(struct ui *u)
{
	if (!game_over(u->p->g))
		play_toggle_pause(u->p);
}

static void
ui_game_view_speed(struct ui *u)
{
	play_cycle_speed(u->p);
	u->speed = u->p->speed;
	u->settings.speed = u->speed;
	ui_game_keep_setting(u);
}

static void
ui_game_view_overlay(struct ui *u)
{
	play_cycle_overlay(u->p);
}

static void
ui_game_view_zoom(struct ui *u)
{
	struct ui_view	*v = &u->v;

	v->zoom = v->zoom == 0 ? 2 : (v->zoom == 2 ? 1 : 0);
	play_message(u->p, false, "cell width: %s", v->zoom == 0 ?
	    "automatic" : (v->zoom == 2 ? "2 columns" : "1 column"));
	u->settings.cell_width = v->zoom;
	ui_game_keep_setting(u);
}

/* The jumps: the cursor to a spawn, an exit, the hero, an enemy. */
static void
ui_game_view_jump(struct ui *u, int view)
{
	play_jump(u->p, view);
}

static void
ui_game_view_to_spawn(struct ui *u)
{
	ui_game_view_jump(u, VIEW_TO_SPAWN);
}

static void
ui_game_view_to_exit(struct ui *u)
{
	ui_game_view_jump(u, VIEW_TO_EXIT);
}

static void
ui_game_view_to_hero(struct ui *u)
{
	ui_game_view_jump(u, VIEW_TO_HERO);
}

static void
ui_game_view_to_leader(struct ui *u)
{
	ui_game_view_jump(u, VIEW_TO_LEADER);
}

static void
ui_game_view_to_crowd(struct ui *u)
{
	ui_game_view_jump(u, VIEW_TO_CROWD);
}

static void
ui_game_view_minimap(struct ui *u)
{
	struct ui_view	*v = &u->v;

	v->minimap = !v->minimap;
	if (!v->minimap)
		play_message(u->p, false, "minimap: off");
	else if (ui_minimap_shown(v, u->p))
		play_message(u->p, false, "minimap: on (o hides it; a click on "
		    "it moves the cursor there)");
	else
		play_message(u->p, false, "minimap: on, shown while the map is "
		    "larger than the screen (all of it is in view now)");
}

static void (*const ui_game_views[])(struct ui *) = {
	[VIEW_WAVES] = ui_game_view_waves,
	[VIEW_LOG] = ui_game_view_log,
	[VIEW_BELL] = ui_game_view_bell,
	[VIEW_PAUSE] = ui_game_view_pause,
	[VIEW_SPEED] = ui_game_view_speed,
	[VIEW_OVERLAY] = ui_game_view_overlay,
	[VIEW_ZOOM] = ui_game_view_zoom,
	[VIEW_TO_SPAWN] = ui_game_view_to_spawn,
	[VIEW_TO_EXIT] = ui_game_view_to_exit,
	[VIEW_TO_HERO] = ui_game_view_to_hero,
	[VIEW_TO_LEADER] = ui_game_view_to_leader,
	[VIEW_TO_CROWD] = ui_game_view_to_crowd,
	[VIEW_MINIMAP] = ui_game_view_minimap,
};
_Static_assert(sizeof ui_game_views / sizeof ui_game_views[0] == VIEW_NKINDS,
    "a view key without its action on the game screen");

/*
 * A view key's action (the replay viewer shares them); false if ch is
 * none.
 */
bool
ui_game_view_key(struct ui *u, int ch)
{
	int	k;

	if (ch < 0 || ch >= 128 || (k = view_by_key(tolower(ch))) < 0)
		return false;
	ui_game_views[k](u);
	return true;
}

/*
 * The keys of many towers at once (play-batch.c): i marks a corner, U
 * upgrades every tower of the kind on the cursor; with a corner marked,
 * Enter builds the line to the cursor and u upgrades the box. False if
 * ch is none of them now.
 */
static bool
ui_game_batch_key(struct ui *u, int ch)
{
	struct play	*p = u->p;

	if (ch == 'i')
		play_mark(p);
	else if (ch == 'U')
		play_upgrade_kind(p);
	else if (!p->marked || p->power >= 0)
		return false;
	else if (ch == '\r' || ch == '\n' || ch == ' ' || ch == KEY_ENTER)
		play_line(p);
	else if (ch == 'u')
		play_upgrade_box(p);
	else
		return false;
	return true;
}

/* A key on the game screen with no box open: it stays on the screen. */
enum ui_go
ui_game_key(struct ui *u, int ch)
{
	struct play	*p = u->p;
	int		 k;

	if (ui_game_move_key(p, ch) || ui_game_batch_key(u, ch))
		return UI_GO_STAY;
	if ((k = tower_by_key(ch)) >= 0)
		play_choose(p, k);
	else if (ch >= 0 && ch < 128 && (k = power_by_key(tolower(ch))) >= 0)
		play_choose_power(p, k);
	else if (ui_game_command_key(u, ch) || ui_game_view_key(u, ch))
		return UI_GO_STAY;
	else if (ch == UI_TERM_ESC) {
		p->msg[0] = '\0';
		p->marked = false;
		p->hero_selected = false;
		p->power = -1;
	} else if (ch == KEY_MOUSE)
		ui_game_mouse_play(u);
	return UI_GO_STAY;
}

/* Paint the game screen, boxes aside (the loop paints them). */
void
ui_game_paint(struct ui *u, bool small)
{
	(void)small;
	play_prepare(u->p);
	ui_hud_play(&u->v, u->p);
}
