/* SPDX-License-Identifier: ISC */
/*
 * The terminal loop. Time is kept apart from drawing: real time is added
 * up and the game is stepped in its fixed ticks (GAME_RATE a second, times
 * the speed), while the screen is painted at most UI_FPS times a second
 * and only when something changed; curses then sends the terminal only the
 * characters that differ from what it shows.
 *
 * Between frames the loop sleeps in pselect on the terminal: until the
 * next tick is due while the game runs, for ever while it is paused or a
 * menu is up, so an idle weir uses no CPU. The signals it cares about
 * (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT) are
 * blocked except inside pselect, so their handlers, which only set a flag,
 * can only run while it waits, and it is woken at once; the ones that stop
 * weir are let in too while it works on files (which may wait: a lock
 * held by another weir), so nothing a file does can make it deaf to them.
 * Ctrl-Z gives the terminal back before the process stops and takes it
 * again after; a terminating signal saves an unfinished game and restores
 * the terminal before weir exits. Quitting saves an unfinished game first,
 * on the screen: a save that fails is shown, to try again, to quit without
 * it (exit status 1) or to play on.
 * Every key and click that plays becomes a struct game_cmd, the very
 * command a script line gives.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/save.h"
#include "core/scores.h"
#include "core/text.h"
#include "nav/util.h"
#include "ui/catalog.h"
#include "ui/play.h"
#include "ui/ui-curses.h"
#include "ui/ui-draw.h"
#include "ui/ui-menu.h"
#include "ui/ui-sight.h"
#include "ui/ui.h"

#define UI_FPS		30	/* frames a second, at most */
#define UI_MAX_LAG	0.25	/* seconds of play one wake-up catches up */
#define UI_ESC_MS	25	/* how long Escape waits for a sequence */
#define UI_QUICK_MAX	50	/* empty reads in a row that mean EOF */
#define UI_KEY_ESC	27
#define UI_KEY_CTRL(c)	((c) & 0x1f)
#define UI_ERR_MAX	1024

/* The signals the loop handles, and what was there before. */
static const int ui_signals[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT
};
#define UI_NSIGNALS	((int)(sizeof ui_signals / sizeof ui_signals[0]))

/* Set by the handlers. */
static volatile sig_atomic_t ui_stop_signal;	/* the signal that stops weir */
static volatile sig_atomic_t ui_winch;		/* the terminal was resized */
static volatile sig_atomic_t ui_tstp;		/* Ctrl-Z */
static volatile sig_atomic_t ui_cont;		/* resumed after a stop */

enum ui_screen {
	UI_SCREEN_TITLE,	/* the installed levels */
	UI_SCREEN_PLAY		/* a game */
};

/* What has the keyboard over the screen. */
enum ui_dialog {
	UI_DIALOG_NONE,
	UI_DIALOG_HELP,		/* the keys */
	UI_DIALOG_QUIT,		/* "quit? (y/n)" */
	UI_DIALOG_SELL,		/* "sell ...? (y/n)" */
	UI_DIALOG_SPEC,		/* a top-level tower's two specialisations */
	UI_DIALOG_END,		/* the level is won or lost */
	UI_DIALOG_UNSAVED,	/* quitting, the game could not be saved */
	UI_DIALOG_DISCARD,	/* the saved game cannot be resumed */
	UI_DIALOG_WAVES,	/* the waves to come */
	UI_DIALOG_LOG,		/* the messages so far */
	UI_DIALOG_SAVES		/* the saved games, to choose one */
};

#define UI_SAVES_MAX	64	/* saved games the title screen offers */

struct ui {
	const struct ui_launch	*l;
	struct ui_view		 v;
	enum ui_screen		 screen;
	enum ui_dialog		 dialog;
	enum ui_dialog		 under;		/* what "quit?" covers */
	int			 help_top;	/* first help line shown */
	int			 panel_top;	/* ... of the waves or the log */
	int			 end_top;	/* ... of the end of a level */
	bool			 bell;		/* ring on a leak (b, --bell) */
	struct play		*p;
	bool			 resumed;	/* p is the saved game */
	bool			 ended;		/* p's end has been handled */
	struct catalog		 cat;
	struct ui_title		 title;
	struct ui_end		 end;
	char			 save_path[PLAY_PATH_MAX];	/* the
						   level's own save */
	char			 resume_path[PLAY_PATH_MAX]; /* the save
						   a resumed game came from */
	bool			 have_save_path;
	int			 sell_x, sell_y;	/* and the tower to specialise */
	struct save_list	 saves;		/* every saved game */
	char			 save_about[UI_SAVES_MAX][96];
	int			 save_sel;	/* chosen in UI_DIALOG_SAVES */
	bool			 to_title;	/* leaving for the level list */
	char			 won[SCORES_NAME_MAX + 1]; /* level just won:
						   the list moves past it */
	bool			 drag;		/* button 1 held on the map */
	int			 drag_x, drag_y; /* the cell it was last on */
	bool			 dragged;	/* walls built by this drag */

	bool			 quit;
	bool			 dirty;		/* the screen must be painted */
	int			 quick;		/* empty reads in a row */
	double			 acc;		/* ticks owed to the game */
	double			 last;		/* when time was last added */
	double			 next_frame;	/* earliest next paint */
	sigset_t		 wait_mask;	/* the mask inside pselect */
	sigset_t		 stops;		/* the signals that stop weir */
	bool			 saved;		/* the game is saved (or lost) */
	bool			 lost;		/* quit without saving it */
	char			 why[PLAY_PATH_MAX + UI_ERR_MAX]; /* the dialog's */
	char			 farewell[PLAY_PATH_MAX + UI_ERR_MAX + 128];
};

/* Set a note line to prefix then text (controls escaped), cut to fit. */
static void
ui_note(char *dst, size_t size, const char *prefix, const char *raw)
{
	char	text[3 * UI_ERR_MAX];
	size_t	n = strlen(prefix), m;

	text_visible(text, sizeof text, raw);
	m = strlen(text);

	if (n >= size)
		n = size - 1;
	memcpy(dst, prefix, n);
	if (m >= size - n)
		m = size - n - 1;
	memcpy(dst + n, text, m);
	dst[n + m] = '\0';
}

/* Print msg and a line end to standard error, controls escaped. */
static void
ui_say(const char *msg)
{
	char	text[3 * (PLAY_PATH_MAX + UI_ERR_MAX + 128)];

	fprintf(stderr, "%s\n", text_visible(text, sizeof text, msg));
}

/* Seconds on a monotonic clock. */
static double
ui_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Handlers: note what happened; the loop acts on it. */
static void
ui_on_signal(int sig)
{
	switch (sig) {
	case SIGWINCH:
		ui_winch = 1;
		break;
	case SIGTSTP:
		ui_tstp = 1;
		break;
	case SIGCONT:
		ui_cont = 1;
		break;
	default:
		ui_stop_signal = sig;
		break;
	}
}

/* Catch the signals and block them; old gets what was there. */
static void
ui_catch_signals(struct sigaction *old, sigset_t *oldmask)
{
	struct sigaction	sa;
	sigset_t		set;
	int			i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = ui_on_signal;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&set);
	for (i = 0; i < UI_NSIGNALS; i++) {
		sigaction(ui_signals[i], &sa, &old[i]);
		sigaddset(&set, ui_signals[i]);
	}
	sigprocmask(SIG_BLOCK, &set, oldmask);
}

/* Put back the handlers and the mask ui_catch_signals found. */
static void
ui_restore_signals(const struct sigaction *old, const sigset_t *oldmask)
{
	for (int i = 0; i < UI_NSIGNALS; i++)
		sigaction(ui_signals[i], &old[i], NULL);
	sigprocmask(SIG_SETMASK, oldmask, NULL);
}

/* Whether the locale's character set is UTF-8. */
static bool
ui_locale_utf8(void)
{
	const char	*cs = nl_langinfo(CODESET);

	return cs != NULL && (strcmp(cs, "UTF-8") == 0 ||
	    strcmp(cs, "utf8") == 0 || strcmp(cs, "UTF8") == 0);
}

/*
 * Teach curses the Home and End keys terminals send besides the ones
 * their terminfo entry names (tmux sends \e[1~ and \e[4~ whatever TERM
 * says; rxvt \e[7~ and \e[8~; xterm \eOH and \eOF, or \e[H and \e[F).
 */
static void
ui_define_keys(void)
{
	static const struct {
		const char	*seq;
		int		 key;
	} keys[] = {
		{ "\033[1~", KEY_HOME }, { "\033[4~", KEY_END },
		{ "\033[7~", KEY_HOME }, { "\033[8~", KEY_END },
		{ "\033OH", KEY_HOME }, { "\033OF", KEY_END },
		{ "\033[H", KEY_HOME }, { "\033[F", KEY_END },
	};
	size_t	i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		if (key_defined(keys[i].seq) <= 0)
			define_key(keys[i].seq, keys[i].key);
	}
}

/* Set up curses on the terminal; NULL (and a message) if it cannot be. */
static SCREEN *
ui_start(const struct ui_options *opt, struct ui_view *v)
{
	SCREEN		*scr;
	const char	*term;
	char		 name[256], *cup;
	bool		 color, utf8_locale = ui_locale_utf8(), utf8;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "weir: the game needs a terminal "
		    "(try --headless)\n");
		return NULL;
	}
	term = getenv("TERM") != NULL ? getenv("TERM") : "(unset)";
	text_visible(name, sizeof name, term);
	scr = newterm(NULL, stdout, stdin);
	if (scr == NULL) {
		fprintf(stderr, "weir: cannot use terminal type '%s'\n", name);
		return NULL;
	}
	set_term(scr);
	/* One that cannot put the cursor anywhere would draw on one line. */
	cup = tigetstr("cup");
	if (cup == NULL || cup == (char *)-1) {
		endwin();
		delscreen(scr);
		fprintf(stderr, "weir: terminal type '%s' cannot move the "
		    "cursor (set TERM to your terminal's type, or try "
		    "--headless)\n", name);
		return NULL;
	}
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	leaveok(stdscr, TRUE);
	set_escdelay(UI_ESC_MS);
	curs_set(0);
	ui_define_keys();
	if (!opt->no_mouse) {
		/* Motion too, with the button held: drawing walls. */
		mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED |
		    BUTTON1_RELEASED | REPORT_MOUSE_POSITION, NULL);
		mouseinterval(0);
	}
	color = !opt->no_color && has_colors() && getenv("NO_COLOR") == NULL;
	if (color && (start_color() == ERR || COLORS < 8))
		color = false;
#ifdef HAVE_NCURSESW
	utf8 = utf8_locale && !opt->ascii;
#else
	utf8 = false;
#endif
	ui_draw_init(v, utf8, utf8_locale, color);
	return scr;
}

/* Whether the game is running: its clock must move. */
static bool
ui_running(const struct ui *u)
{
	return u->screen == UI_SCREEN_PLAY && u->dialog == UI_DIALOG_NONE &&
	    !u->p->paused && !game_over(u->p->g) && !u->v.too_small;
}

/* Paint everything again at the next chance. */
static void
ui_redraw(struct ui *u)
{
	u->dirty = true;
	u->next_frame = 0;
}

/* Take the terminal's new size. */
static void
ui_resize(struct ui *u)
{
	struct winsize	ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 &&
	    ws.ws_col > 0 && (ws.ws_row != LINES || ws.ws_col != COLS))
		resizeterm(ws.ws_row, ws.ws_col);
	clearok(curscr, TRUE);
	ui_redraw(u);
}

/* Back from a stop: repaint it all, and leave a running game paused. */
static void
ui_resumed(struct ui *u)
{
	if (ui_running(u)) {
		u->p->paused = true;
		play_message(u->p, false, "paused while suspended: p goes on");
	}
	ui_resize(u);
}

/*
 * Ctrl-Z: give the terminal back, stop, and take it again. The rest of
 * the job (a script that started weir, say) stops at once, and the shell
 * may take the terminal back before endwin is done with it: SIGTTOU and
 * SIGTTIN are blocked meanwhile, so endwin still restores the terminal
 * instead of stopping weir halfway.
 */
static void
ui_suspend(struct ui *u)
{
	struct sigaction	sa, old;
	sigset_t		set, tty, before;

	sigemptyset(&tty);
	sigaddset(&tty, SIGTTOU);
	sigaddset(&tty, SIGTTIN);
	sigprocmask(SIG_BLOCK, &tty, &before);
	endwin();
	sigprocmask(SIG_SETMASK, &before, NULL);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTSTP, &sa, &old);
	sigemptyset(&set);
	sigaddset(&set, SIGTSTP);
	raise(SIGTSTP);				/* pending: it is blocked */
	sigprocmask(SIG_UNBLOCK, &set, NULL);	/* stops here */
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigaction(SIGTSTP, &old, NULL);
	ui_resumed(u);
}

/* The player's name for the high scores. */
static const char *
ui_who(void)
{
	const char	*who = getenv("USER");

	if (who == NULL || who[0] == '\0')
		who = getenv("LOGNAME");
	return who != NULL && who[0] != '\0' ? who : "player";
}

/* Add prefix then text to the title screen's note line, as an error. */
static void
ui_title_note(struct ui *u, const char *prefix, const char *text)
{
	struct ui_title	*t = &u->title;
	char		 add[UI_NOTE_MAX];
	size_t		 n = strlen(t->note);

	ui_note(add, sizeof add, prefix, text);
	if (n == 0)
		ui_note(t->note, sizeof t->note, "", add);
	else if (n + 3 < sizeof t->note)
		ui_note(t->note + n, sizeof t->note - n, " | ", add);
	t->note_error = true;
}

/*
 * Note what the saved games are, for the title screen's 'c': one a level
 * (save-dir.c). One that does not read is reported on the note line (a
 * corrupt one is moved aside by save_open) and not offered.
 */
static void
ui_find_save(struct ui *u)
{
	enum save_status	 st;
	struct save_list	 all;
	struct save		*sv;
	char			 err[UI_ERR_MAX], name[SCORES_NAME_MAX + 1];
	long			 sec;
	int			 i;

	u->title.saved[0] = '\0';
	save_list_free(&u->saves);
	if (!u->have_save_path)
		return;
	save_list(&all);
	for (i = 0; i < all.n; i++) {
		if ((sv = save_open(all.paths[i], &st, err, sizeof err)) ==
		    NULL) {
			if (st != SAVE_MISSING)
				ui_title_note(u, "saved game: ", err);
			free(all.paths[i]);
			continue;
		}
		if (u->saves.n == UI_SAVES_MAX) {
			save_free(sv);
			free(all.paths[i]);
			continue;
		}
		play_level_name(name, sizeof name, sv->level);
		sec = sv->tick / GAME_RATE;
		snprintf(u->save_about[u->saves.n], sizeof u->save_about[0],
		    "%s (%ld:%02ld in)", name, sec / 60, sec % 60);
		save_free(sv);
		u->saves.paths = xrealloc(u->saves.paths, (size_t)u->saves.n +
		    1, sizeof *u->saves.paths);
		u->saves.paths[u->saves.n++] = all.paths[i];
	}
	free(all.paths);
	if (u->saves.n == 1)
		snprintf(u->title.saved, sizeof u->title.saved, "%s",
		    u->save_about[0]);
	else if (u->saves.n > 1)
		snprintf(u->title.saved, sizeof u->title.saved, "(%d saved "
		    "games)", u->saves.n);
	if (u->save_sel >= u->saves.n)
		u->save_sel = 0;
}

/* After a win, choose the level that follows the one won in the list. */
static void
ui_title_past_won(struct ui *u)
{
	int	i;

	if (u->won[0] == '\0')
		return;
	for (i = 0; i < u->cat.n; i++) {
		if (strcmp(u->cat.v[i].name, u->won) == 0) {
			u->title.sel = i + 1 < u->cat.n ? i + 1 : i;
			break;
		}
	}
	u->won[0] = '\0';
}

/* The best scores, stars and wins of the title's levels, for its setting. */
static void
ui_title_scores(struct ui *u)
{
	struct scores	s = { NULL, 0, 0 };
	char		path[PLAY_PATH_MAX], err[UI_ERR_MAX];

	if (scores_path(path, sizeof path, false) == 0 &&
	    scores_read(path, &s, err, sizeof err) != SCORES_OK)
		scores_free(&s);
	catalog_scores(&u->cat, &s, difficulty_name(u->title.game.difficulty),
	    u->title.game.endless);
	scores_free(&s);
}

/* Go to the title screen: list the levels with their best scores. */
static void
ui_enter_title(struct ui *u)
{
	struct scores	s = { NULL, 0, 0 };
	char		path[PLAY_PATH_MAX], err[UI_ERR_MAX];
	char		note[UI_NOTE_MAX];

	play_free(u->p);
	u->p = NULL;
	u->screen = UI_SCREEN_TITLE;
	u->dialog = UI_DIALOG_NONE;
	u->title.note[0] = '\0';
	u->title.note_error = false;
	if (catalog_load(&u->cat, u->l->level_dir, err, sizeof err) != 0)
		ui_title_note(u, "", err);
	if (scores_path(path, sizeof path, false) == 0) {
		if (scores_open(path, &s, note, sizeof note, err,
		    sizeof err) != 0)
			ui_title_note(u, "high scores: ", err);
		else if (note[0] != '\0')
			ui_title_note(u, "high scores: ", note);
	}
	scores_free(&s);
	ui_title_scores(u);
	ui_title_past_won(u);
	if (u->title.sel >= u->cat.n)
		u->title.sel = u->cat.n > 0 ? u->cat.n - 1 : 0;
	ui_find_save(u);
	ui_redraw(u);
}

/* Show play p, a new game or a resumed one. */
static void
ui_enter_play(struct ui *u, struct play *p, bool resumed)
{
	play_free(u->p);
	u->p = p;
	u->resumed = resumed;
	u->ended = false;
	u->screen = UI_SCREEN_PLAY;
	u->dialog = UI_DIALOG_NONE;
	u->acc = 0;
	u->end_top = 0;
	p->bell = u->bell;
	u->saved = false;
	u->drag = false;
	/* A level's own save (a resumed game's may have been elsewhere). */
	if (u->have_save_path)
		save_level_path(u->save_path, sizeof u->save_path, p->name,
		    false);
	scores_free(&u->end.table);
	ui_sight_start(&u->v, p);
	ui_redraw(u);
}

/* A new game of the level at path; NULL with err if it cannot be. */
static struct play *
ui_new_play(struct ui *u, const char *path, const char *name, char *err,
    size_t errlen)
{
	return play_open_opts(path, name, u->l->seed, &u->title.game, err,
	    errlen);
}

/*
 * Play the level after this one in the campaign's order (the title
 * screen's list); say why not on the end box when there is none.
 */
static void
ui_next_level(struct ui *u)
{
	struct play	*p;
	char		 err[UI_ERR_MAX];
	int		 i;

	if (u->cat.n == 0 && catalog_load(&u->cat, u->l->level_dir, err,
	    sizeof err) != 0) {
		ui_note(u->end.note, sizeof u->end.note, "", err);
		return;
	}
	for (i = 0; i < u->cat.n; i++) {
		if (strcmp(u->cat.v[i].name, u->p->name) == 0 ||
		    strcmp(u->cat.v[i].path, u->p->s->path) == 0)
			break;
	}
	if (i >= u->cat.n) {
		ui_note(u->end.note, sizeof u->end.note, "", "this level is "
		    "not in the campaign: Enter lists the levels");
		return;
	}
	if (i + 1 >= u->cat.n) {
		ui_note(u->end.note, sizeof u->end.note, "", "that was the "
		    "last level: Enter lists the levels");
		return;
	}
	if ((p = ui_new_play(u, u->cat.v[i + 1].path, u->cat.v[i + 1].name,
	    err, sizeof err)) == NULL) {
		ui_note(u->end.note, sizeof u->end.note, "", err);
		return;
	}
	u->title.sel = i + 1;
	ui_enter_play(u, p, false);
}

/* The game has just ended: keep the score, show the end. */
static void
ui_game_over(struct ui *u)
{
	const struct game	*g = u->p->g;
	struct score		 e;
	char			 path[PLAY_PATH_MAX], err[UI_ERR_MAX];

	if (u->ended)
		return;
	u->ended = true;
	if (u->l->trial) {
		/* A level being edited: no high score for a draft. */
		u->end.recorded = false;
		u->end.trial = true;
		u->end.rank = 0;
		u->end.note[0] = '\0';
		scores_free(&u->end.table);
		u->dialog = UI_DIALOG_END;
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
	snprintf(e.who, sizeof e.who, "%s", ui_who());
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
	u->resumed = false;
	u->dialog = UI_DIALOG_END;
	/* Keys typed before the box came up were meant for the game. */
	flushinp();
	ui_redraw(u);
}

/* Whether leaving now would lose a game: one begun and not over. */
static bool
ui_unsaved(const struct ui *u)
{
	const struct game	*g;

	if (u->screen != UI_SCREEN_PLAY || u->p == NULL || u->saved ||
	    u->l->trial)
		return false;
	g = u->p->g;
	return !game_over(g) && (g->tick > 0 || g->nlog > 0);
}

/*
 * Save the unfinished game for --continue. True when saved (the farewell
 * says where); false with u->why saying why not.
 */
static bool
ui_try_save(struct ui *u)
{
	char	err[UI_ERR_MAX];

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
	if (play_save(u->p, u->save_path, err, sizeof err) != 0) {
		snprintf(u->why, sizeof u->why, "%s", err);
		return false;
	}
	/* Resumed from an old single save: its level's save holds it now. */
	if (u->resumed && strcmp(u->resume_path, u->save_path) != 0)
		(void)save_remove(u->resume_path, &u->p->s->save_stamp, err,
		    sizeof err);
	u->saved = true;
	snprintf(u->farewell, sizeof u->farewell, "weir: game saved to %s; "
	    "'weir --continue' resumes it", u->save_path);
	return true;
}

/* Leave the game: for the level list (u->to_title) or for good. */
static void
ui_leave(struct ui *u)
{
	char	note[UI_NOTE_MAX];

	if (!u->to_title) {
		u->quit = true;
		return;
	}
	snprintf(note, sizeof note, "%s", u->saved && !u->lost ? "the game "
	    "is saved: c continues it" : "");
	u->farewell[0] = '\0';
	u->lost = false;
	ui_enter_title(u);
	if (note[0] != '\0')
		ui_note(u->title.note, sizeof u->title.note, "", note);
}

/*
 * Quit, or go back to the level list (to_title), saving an unfinished
 * game first; ask what to do if it fails.
 */
static void
ui_quit(struct ui *u, bool to_title)
{
	u->to_title = to_title;
	if (!ui_unsaved(u) || ui_try_save(u)) {
		ui_leave(u);
		return;
	}
	u->dialog = UI_DIALOG_UNSAVED;
}

/* Leaving for good (a signal, the terminal gone): save what is unsaved. */
static void
ui_save_game(struct ui *u)
{
	if (ui_unsaved(u) && !ui_try_save(u))
		snprintf(u->farewell, sizeof u->farewell, "weir: the game "
		    "could not be saved: %s", u->why);
}

/* Forget the saved game that cannot be resumed (read again: its stamp). */
static void
ui_discard_save(struct ui *u)
{
	enum save_status	 st;
	struct save		*sv;
	char			 err[UI_ERR_MAX];

	u->title.note[0] = '\0';
	u->title.note_error = false;
	if ((sv = save_open(u->resume_path, &st, err, sizeof err)) == NULL) {
		if (st != SAVE_MISSING)
			ui_title_note(u, "saved game: ", err);
	} else if (save_remove(u->resume_path, &sv->stamp, err, sizeof err) !=
	    0)
		ui_title_note(u, "saved game: ", err);
	else {
		ui_note(u->title.note, sizeof u->title.note, "",
		    "the saved game is discarded");
	}
	save_free(sv);
	ui_find_save(u);
}

/* Start the level chosen on the title screen. */
static void
ui_title_play(struct ui *u)
{
	const struct catalog_level	*cl;
	struct play			*p;
	char				 err[UI_ERR_MAX];

	if (u->title.sel < 0 || u->title.sel >= u->cat.n)
		return;
	cl = &u->cat.v[u->title.sel];
	if ((p = ui_new_play(u, cl->path, cl->name, err, sizeof err)) ==
	    NULL) {
		ui_note(u->title.note, sizeof u->title.note, "", err);
		u->title.note_error = true;
		return;
	}
	ui_enter_play(u, p, false);
}

/*
 * Resume saved game k from the title screen. When it cannot be, say why
 * and offer it no more if it was moved aside as corrupt, or offer to
 * discard it if it is left in place.
 */
static void
ui_title_resume(struct ui *u, int k)
{
	struct play	*p;
	char		 err[UI_ERR_MAX];

	if (k < 0 || k >= u->saves.n)
		return;
	snprintf(u->resume_path, sizeof u->resume_path, "%s",
	    u->saves.paths[k]);
	if ((p = play_load(u->resume_path, err, sizeof err)) == NULL) {
		u->title.note[0] = '\0';
		ui_title_note(u, "", err);
		ui_find_save(u);
		/* Still there (its level gone or changed): offer to drop it. */
		if (access(u->resume_path, F_OK) == 0) {
			ui_note(u->why, sizeof u->why, "", err);
			u->dialog = UI_DIALOG_DISCARD;
		}
		return;
	}
	ui_enter_play(u, p, true);
}

/* 'c' on the title screen: the one saved game, or the list of them. */
static void
ui_title_continue(struct ui *u)
{
	if (u->saves.n == 1)
		ui_title_resume(u, 0);
	else if (u->saves.n > 1)
		u->dialog = UI_DIALOG_SAVES;
}

/*
 * Home and End as every terminal sends them: curses knows the terminal's
 * own (khome, kend), and ui_start teaches it the others; keys it reports
 * for them (KEY_FIND, KEY_SELECT, KEY_A1, KEY_C1, ...) are taken as well.
 */
static int
ui_key_home_end(int ch)
{
	if (ch == KEY_FIND || ch == KEY_A1 || ch == KEY_BEG)
		return KEY_HOME;
	if (ch == KEY_SELECT || ch == KEY_C1 || ch == KEY_LL)
		return KEY_END;
	return ch;
}

/* A key on the title screen. */
static void
ui_key_title(struct ui *u, int ch)
{
	struct ui_title	*t = &u->title;
	MEVENT		 ev;
	int		 row;

	switch (ch) {
	case KEY_UP:
	case 'k':
		t->sel--;
		break;
	case KEY_DOWN:
	case 'j':
		t->sel++;
		break;
	case KEY_PPAGE:
		t->sel -= 10;
		break;
	case KEY_NPAGE:
		t->sel += 10;
		break;
	case KEY_HOME:
		t->sel = 0;
		break;
	case KEY_END:
		t->sel = u->cat.n - 1;
		break;
	case '\n':
	case '\r':
	case ' ':
	case KEY_ENTER:
		ui_title_play(u);
		return;
	case 'c':
	case 'C':
		ui_title_continue(u);
		return;
	case 'd':
		t->game.difficulty = (t->game.difficulty + 1) % DIFF_NKINDS;
		ui_title_scores(u);
		return;
	case 'e':
		t->game.endless = !t->game.endless;
		ui_title_scores(u);
		return;
	case KEY_MOUSE:
		if (getmouse(&ev) != OK ||
		    !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
			return;
		/* The list starts on row 5 (see ui_menu_title). */
		row = ev.y - 5 + t->top;
		if (ev.y < 5 || ev.y >= 5 + t->rows || row >= u->cat.n)
			return;
		if (row == t->sel)
			ui_title_play(u);
		else
			t->sel = row;
		return;
	default:
		return;
	}
	if (t->sel >= u->cat.n)
		t->sel = u->cat.n - 1;
	if (t->sel < 0)
		t->sel = 0;
}

/*
 * Use the power being aimed at the cursor. Aiming goes on (Escape or a
 * tower's key ends it), so a second Enter is refused as cooling down and
 * never builds a tower by surprise.
 */
static void
ui_use_power(struct play *p)
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
ui_drag_wall(struct ui *u, int x, int y)
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
ui_mouse_drag(struct ui *u, int x, int y)
{
	int	dx, dy, n, k, cx, cy, lx, ly;

	if (tower_types[u->p->tower].attack != TOWER_ATTACK_NONE ||
	    (x == u->drag_x && y == u->drag_y))
		return;
	if (!u->dragged) {
		u->dragged = true;
		ui_drag_wall(u, u->drag_x, u->drag_y);
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
			ui_drag_wall(u, cx, cy);
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
ui_mouse_play(struct ui *u)
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
		if (was_drag || !(ev.bstate & BUTTON1_CLICKED))
			return;
	}
	if (!ui_draw_cell_at(&u->v, ev.y, ev.x, &x, &y))
		return;
	if ((ev.bstate & REPORT_MOUSE_POSITION) &&
	    !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) {
		if (u->drag && !game_over(p->g))
			ui_mouse_drag(u, x, y);
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
		play_message(p, false, "hero selected: click where it should "
		    "go (Escape: never mind)");
		return;
	}
	if (x != p->cx || y != p->cy) {
		play_set_cursor(p, x, y);
		return;
	}
	if (p->power >= 0) {
		ui_use_power(p);
		return;
	}
	c.type = GAME_CMD_PLACE;
	c.tower = p->tower;
	play_command(p, &c);
}

/* A key on the game screen with no dialog open. */
static void
ui_key_play(struct ui *u, int ch)
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
	struct play		*p = u->p;
	const struct game_tower	*tw = play_tower(p);
	struct game_cmd		 c;
	int			 k;

	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		if (moves[i].key == ch) {
			play_move(p, moves[i].dx, moves[i].dy);
			return;
		}
	}
	if ((k = tower_by_key(ch)) >= 0) {
		play_choose(p, k);
		return;
	}
	if (ch >= 0 && ch < 128 && (k = power_by_key(tolower(ch))) >= 0) {
		play_choose_power(p, k);
		return;
	}
	/* Keys of the registry's commands, their other names first. */
	if (ch == '\r' || ch == ' ' || ch == KEY_ENTER)
		ch = cmd_types[GAME_CMD_PLACE].key;
	if (ch == cmd_types[GAME_CMD_PLACE].key && p->power >= 0) {
		ui_use_power(p);
		return;
	}
	else if (ch == KEY_DC)
		ch = cmd_types[GAME_CMD_SELL].key;
	else if (ch == KEY_BACKSPACE || ch == 127 || ch == '\b')
		ch = cmd_types[GAME_CMD_UNDO].key;
	memset(&c, 0, sizeof c);
	c.tower = -1;
	c.x = p->cx;
	c.y = p->cy;
	k = ch >= 0 && ch < 128 ? cmd_by_key(tolower(ch)) : -1;
	if (k >= 0) {
		c.type = (enum game_cmd_type)k;
		if (cmd_types[k].args & CMD_ARG_TOWER)
			c.tower = p->tower;
		if (cmd_types[k].args & CMD_ARG_MODE)
			c.mode = tw != NULL ? (tw->mode + 1) % TOWER_NTARGETS :
			    TOWER_TARGET_FIRST;
		if (!(cmd_types[k].args & CMD_ARG_XY))
			c.x = c.y = -1;
		/* The top level: upgrading shows the specialisations. */
		if (c.type == GAME_CMD_UPGRADE && tw != NULL &&
		    !game_over(p->g) && tw->spec < 0 &&
		    tower_upgrade_cost(tw->type, tw->level) < 0 &&
		    tower_types[tw->type].spec[0].name != NULL) {
			u->sell_x = p->cx;
			u->sell_y = p->cy;
			u->dialog = UI_DIALOG_SPEC;
			return;
		}
		/* Selling asks first, but for a cheap tower (a wall). */
		if (c.type == GAME_CMD_SELL && tw != NULL &&
		    !game_over(p->g) && tower_spent(tw->type, tw->level) >
		    TOWER_SELL_ASK) {
			u->sell_x = p->cx;
			u->sell_y = p->cy;
			u->dialog = UI_DIALOG_SELL;
			return;
		}
		play_command(p, &c);
		return;
	}
	switch (ch >= 0 && ch < 128 ? view_by_key(tolower(ch)) : -1) {
	case VIEW_WAVES:
		u->dialog = UI_DIALOG_WAVES;
		u->panel_top = 0;
		return;
	case VIEW_LOG:
		u->dialog = UI_DIALOG_LOG;
		u->panel_top = PLAY_LOG_MAX + 4;	/* the newest: the end */
		return;
	case VIEW_BELL:
		play_toggle_bell(p);
		u->bell = p->bell;
		return;
	default:
		break;
	}
	switch (ch) {
	case 'p':
	case 'P':
		if (!game_over(p->g))
			play_toggle_pause(p);
		return;
	case 'f':
	case 'F':
		play_cycle_speed(p);
		return;
	case 'v':
	case 'V':
		play_cycle_overlay(p);
		return;
	case 'z':
	case 'Z':
		u->v.zoom = u->v.zoom == 0 ? 2 : (u->v.zoom == 2 ? 1 : 0);
		play_message(p, false, "cell width: %s", u->v.zoom == 0 ?
		    "automatic" : (u->v.zoom == 2 ? "2 columns" : "1 column"));
		return;
	case UI_KEY_ESC:
		p->msg[0] = '\0';
		p->hero_selected = false;
		p->power = -1;
		return;
	case KEY_MOUSE:
		ui_mouse_play(u);
		return;
	default:
		return;
	}
}

/* Whether a game is on screen and not over: q asks where to go. */
static bool
ui_in_game(const struct ui *u)
{
	return u->screen == UI_SCREEN_PLAY && u->p != NULL &&
	    !game_over(u->p->g) && u->under == UI_DIALOG_NONE;
}

/* A key in the list of saved games. */
static void
ui_key_saves(struct ui *u, int ch)
{
	ch = ui_key_home_end(ch);
	if (ch == KEY_UP || ch == 'k')
		u->save_sel--;
	else if (ch == KEY_DOWN || ch == 'j')
		u->save_sel++;
	else if (ch == KEY_HOME)
		u->save_sel = 0;
	else if (ch == KEY_END)
		u->save_sel = u->saves.n - 1;
	else if (ch == '\n' || ch == '\r' || ch == ' ' || ch == KEY_ENTER ||
	    ch == 'c') {
		u->dialog = UI_DIALOG_NONE;
		ui_title_resume(u, u->save_sel);
		return;
	} else if (ch == UI_KEY_ESC || ch == 'q')
		u->dialog = UI_DIALOG_NONE;
	if (u->save_sel >= u->saves.n)
		u->save_sel = u->saves.n - 1;
	if (u->save_sel < 0)
		u->save_sel = 0;
}

/* A key in the specialisation box: 1 or 2 buys one, Esc or n neither. */
static void
ui_key_spec(struct ui *u, int ch, bool close)
{
	const struct game_tower	*tw = game_tower_at(u->p->g, u->sell_x,
				    u->sell_y);
	struct game_cmd		 c;

	if (tw != NULL && ch >= '1' && ch < '1' + TOWER_SPECS) {
		memset(&c, 0, sizeof c);
		c.type = GAME_CMD_SPECIALISE;
		c.tower = -1;
		c.x = u->sell_x;
		c.y = u->sell_y;
		c.spec = tw->type * TOWER_SPECS + (ch - '1');
		play_command(u->p, &c);
		u->dialog = UI_DIALOG_NONE;
	} else if (tw == NULL || close || ch == 'n' || ch == 'N') {
		play_message(u->p, false, "left as it is");
		u->dialog = UI_DIALOG_NONE;
	}
}

/* A key while a dialog is open. */
static void
ui_key_dialog(struct ui *u, int ch)
{
	struct game_cmd	c;
	bool		close = ch == UI_KEY_ESC;

	switch (u->dialog) {
	case UI_DIALOG_WAVES:
	case UI_DIALOG_LOG:
		/* Scrolled; drawing keeps it in range. */
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
		else if (close || ch == 'q' || ch == '\n' || ch == '\r' ||
		    ch == KEY_ENTER || (ch >= 0 && ch < 128 &&
		    view_by_key(tolower(ch)) == (u->dialog == UI_DIALOG_WAVES ?
		    VIEW_WAVES : VIEW_LOG)))
			u->dialog = UI_DIALOG_NONE;
		break;
	case UI_DIALOG_HELP:
		/* Scrolled on a short screen; drawing keeps it in range. */
		if (ch == KEY_DOWN || ch == 'j')
			u->help_top++;
		else if (ch == KEY_UP || ch == 'k')
			u->help_top--;
		else if (ch == KEY_NPAGE)
			u->help_top += 10;
		else if (ch == KEY_PPAGE)
			u->help_top -= 10;
		close = close || ch == '?' || ch == 'q' || ch == '\n' ||
		    ch == '\r' || ch == ' ' || ch == KEY_ENTER;
		if (close)
			u->dialog = UI_DIALOG_NONE;
		break;
	case UI_DIALOG_QUIT:
		if (ch == 'y' || ch == 'Y' || (ui_in_game(u) &&
		    (ch == 'q' || ch == 'Q')))
			ui_quit(u, false);
		else if ((ch == 'l' || ch == 'L') && u->screen ==
		    UI_SCREEN_PLAY)
			ui_quit(u, true);
		else if (close || ch == 'n' || ch == 'N' || ch == 'q')
			u->dialog = u->under;
		break;
	case UI_DIALOG_UNSAVED:
		if (ch == 'r' || ch == 'R') {
			if (ui_try_save(u))
				ui_leave(u);
		} else if (ch == 'q' || ch == 'Q') {
			u->saved = u->lost = true;
			snprintf(u->farewell, sizeof u->farewell, "weir: quit "
			    "without saving the game: %s", u->why);
			ui_leave(u);
		} else if (close)
			u->dialog = UI_DIALOG_NONE;
		break;
	case UI_DIALOG_SAVES:
		ui_key_saves(u, ch);
		break;
	case UI_DIALOG_DISCARD:
		if (ch == 'd' || ch == 'D') {
			ui_discard_save(u);
			u->dialog = UI_DIALOG_NONE;
		} else if (close || ch == 'k' || ch == 'K' || ch == 'q')
			u->dialog = UI_DIALOG_NONE;
		break;
	case UI_DIALOG_SELL:
		if (ch == 'y' || ch == 'Y') {
			memset(&c, 0, sizeof c);
			c.type = GAME_CMD_SELL;
			c.tower = -1;
			c.x = u->sell_x;
			c.y = u->sell_y;
			play_command(u->p, &c);
			u->dialog = UI_DIALOG_NONE;
		} else if (close || ch == 'n' || ch == 'N') {
			play_message(u->p, false, "kept it");
			u->dialog = UI_DIALOG_NONE;
		}
		break;
	case UI_DIALOG_SPEC:
		ui_key_spec(u, ch, close);
		break;
	case UI_DIALOG_END:
		if ((ch == '\n' || ch == '\r' || ch == ' ' ||
		    ch == KEY_ENTER || close) && u->l->trial)
			u->quit = true;	/* back to the editor */
		else if (ch == '\n' || ch == '\r' || ch == ' ' ||
		    ch == KEY_ENTER || close)
			ui_enter_title(u);
		else if (ch == 'r' || ch == 'R') {
			struct play	*p;
			char		 err[UI_ERR_MAX];

			p = ui_new_play(u, u->p->s->path, u->p->name, err,
			    sizeof err);
			if (p != NULL) {
				u->won[0] = '\0';
				ui_enter_play(u, p, false);
			}
			else
				ui_note(u->end.note, sizeof u->end.note, "",
				    err);
		} else if ((ch == 'n' || ch == 'N') && !u->l->trial)
			ui_next_level(u);
		else if (ch == KEY_DOWN || ch == 'j')
			u->end_top++;
		else if (ch == KEY_UP || ch == 'k')
			u->end_top--;
		else if (ch == 'q' || ch == 'Q') {
			u->under = UI_DIALOG_END;
			u->dialog = UI_DIALOG_QUIT;
		}
		break;
	case UI_DIALOG_NONE:
		break;
	}
}

/* Handle one key or click. */
static void
ui_key(struct ui *u, int ch)
{
	ch = ui_key_home_end(ch);
	if (ch == KEY_RESIZE)
		return;
	if (ch == UI_KEY_CTRL('l')) {
		clearok(curscr, TRUE);
		return;
	}
	/*
	 * Nothing is shown but "terminal too small": a key must not build,
	 * sell or call a wave unseen. Only q (to quit) goes through.
	 */
	if ((COLS < UI_MIN_COLS || LINES < UI_MIN_LINES) &&
	    u->dialog != UI_DIALOG_QUIT && u->dialog != UI_DIALOG_UNSAVED &&
	    ch != 'q') {
		if (ch == KEY_MOUSE) {
			MEVENT ev;

			getmouse(&ev);
		}
		return;
	}
	if (u->dialog != UI_DIALOG_NONE) {
		if (ch == KEY_MOUSE) {
			MEVENT ev;

			getmouse(&ev);
			return;
		}
		ui_key_dialog(u, ch);
	} else if (ch == '?' || ch == KEY_F(1)) {
		/* Keys both screens share: help and quit. */
		u->dialog = UI_DIALOG_HELP;
		u->help_top = 0;
	} else if (ch == 'q' || ch == 'Q') {
		u->under = UI_DIALOG_NONE;
		u->dialog = UI_DIALOG_QUIT;
	} else if (u->screen == UI_SCREEN_TITLE)
		ui_key_title(u, ch);
	else
		ui_key_play(u, ch);
}

/* The "sell ...? (y/n)" box. */
static void
ui_draw_sell(struct ui *u)
{
	const struct game_tower	*tw = game_tower_at(u->p->g, u->sell_x,
				    u->sell_y);
	char			 q[128];
	const char		*lines[1] = { q };

	if (tw == NULL) {
		u->dialog = UI_DIALOG_NONE;
		return;
	}
	snprintf(q, sizeof q, "sell %s (level %d) at (%d,%d) for %d gold? "
	    "(y/n)", tower_name(tw->type), tw->level, tw->x, tw->y,
	    game_tower_refund(tw));
	ui_draw_box(&u->v, lines, 1);
}

/* The list of saved games to resume, the chosen one marked. */
static void
ui_draw_saves(struct ui *u)
{
	const char	*lines[UI_SAVES_MAX + 3];
	char		 text[UI_SAVES_MAX][112];
	int		 i, n = 0, first;

	lines[n++] = "Saved games: Enter resumes one, Esc closes";
	lines[n++] = "";
	for (i = 0; i < u->saves.n; i++) {
		snprintf(text[i], sizeof text[i], "%s %s", i == u->save_sel ?
		    ">" : " ", u->save_about[i]);
		lines[n++] = text[i];
	}
	first = u->save_sel + 2 - (LINES - 4) + 1;
	ui_draw_box_from(&u->v, lines, n, &first);
}

/* The box of a top-level tower's specialisations: names, prices, effects. */
static void
ui_draw_spec(struct ui *u)
{
	const struct game_tower	*tw = game_tower_at(u->p->g, u->sell_x,
				    u->sell_y);
	char			 text[TOWER_SPECS + 2][160];
	const char		*lines[TOWER_SPECS + 2];
	int			 k, n = 0;

	if (tw == NULL) {
		u->dialog = UI_DIALOG_NONE;
		return;
	}
	snprintf(text[n++], sizeof text[0], "specialise %s at (%d,%d), for "
	    "good (you have %d gold):", tower_name(tw->type), tw->x, tw->y,
	    u->p->g->gold);
	for (k = 0; k < TOWER_SPECS; k++) {
		const struct tower_spec *sp = &tower_types[tw->type].spec[k];

		snprintf(text[n++], sizeof text[0], "%d: %s, %d gold: %s",
		    k + 1, sp->name, sp->cost, sp->about);
	}
	snprintf(text[n++], sizeof text[0], "(1 or 2 buys it, Esc keeps the "
	    "tower as it is)");
	for (k = 0; k < n; k++)
		lines[k] = text[k];
	ui_draw_box(&u->v, lines, n);
}

/* Paint the screen and its dialog, and send the changes. */
static void
ui_paint(struct ui *u)
{
	static const char *const quit[] = { "quit? (y/n)" };
	bool			 small = COLS < UI_MIN_COLS ||
				    LINES < UI_MIN_LINES;

	if (u->screen == UI_SCREEN_TITLE) {
		u->v.too_small = small;
		ui_menu_title(&u->v, &u->cat, &u->title);
		if (!small && u->dialog == UI_DIALOG_HELP)
			ui_menu_title_help(&u->v, &u->help_top);
	} else {
		/* Every box but the end's stops the clock: the bar says so. */
		u->p->held = u->dialog != UI_DIALOG_NONE &&
		    u->dialog != UI_DIALOG_END;
		play_prepare(u->p);
		ui_draw_play(&u->v, u->p);
		if (!small && (u->dialog == UI_DIALOG_END ||
		    (u->dialog == UI_DIALOG_QUIT &&
		    u->under == UI_DIALOG_END)))
			ui_menu_end(&u->v, u->p, &u->end, &u->end_top);
		if (!small && u->dialog == UI_DIALOG_HELP)
			ui_draw_help(&u->v, &u->help_top);
		if (!small && u->dialog == UI_DIALOG_SELL)
			ui_draw_sell(u);
		if (!small && u->dialog == UI_DIALOG_WAVES)
			ui_sight_waves(&u->v, u->p, &u->panel_top);
		if (!small && u->dialog == UI_DIALOG_LOG)
			ui_sight_log(&u->v, u->p, &u->panel_top);
		if (!small && u->dialog == UI_DIALOG_SPEC)
			ui_draw_spec(u);
	}
	if (u->dialog == UI_DIALOG_QUIT && ui_in_game(u)) {
		const char *lines[] = { "quit? (y/n)",
		    "l: back to the level list instead",
		    "(the game is saved either way: c continues it)" };

		if (small)
			ui_draw_centred(&u->v, LINES / 2 + 1, "quit? (y/n, l: "
			    "level list)");
		else
			ui_draw_box(&u->v, lines, 3);
	} else if (u->dialog == UI_DIALOG_QUIT) {
		if (small)
			ui_draw_centred(&u->v, LINES / 2 + 1, "quit? (y/n)");
		else
			ui_draw_box(&u->v, quit, 1);
	}
	if (u->dialog == UI_DIALOG_SAVES && !small)
		ui_draw_saves(u);
	if (u->dialog == UI_DIALOG_UNSAVED) {
		const char *lines[] = { "The game could not be saved:", u->why,
		    "", "r: try again   q: quit without it   Esc: play on" };

		if (small)
			ui_draw_centred(&u->v, LINES / 2 + 1, "not saved: r "
			    "again, q quit, Esc play");
		else
			ui_draw_box(&u->v, lines, 4);
	}
	if (u->dialog == UI_DIALOG_DISCARD && !small) {
		const char *lines[] = { "The saved game cannot be resumed:",
		    u->why, "", "d: discard it   Esc: keep it" };

		ui_draw_box(&u->v, lines, 4);
	}
	wnoutrefresh(stdscr);
	doupdate();
}

/* Add the time since the last call and step the game the ticks it owes. */
static void
ui_advance(struct ui *u, double now)
{
	double	dt = now - u->last;
	int	n;

	u->last = now;
	if (!ui_running(u)) {
		u->acc = 0;
		return;
	}
	if (dt > UI_MAX_LAG)
		dt = UI_MAX_LAG;
	if (dt < 0)
		dt = 0;
	u->acc += dt * GAME_RATE * u->p->speed;
	n = (int)u->acc;
	u->acc -= n;
	for (; n > 0 && !game_over(u->p->g); n--) {
		play_tick(u->p);
		u->dirty = true;
	}
	/* One ring for the leaks of a frame, when the bell is on. */
	if (u->p->bell_due > 0) {
		if (u->p->bell)
			beep();
		u->p->bell_due = 0;
	}
	if (game_over(u->p->g))
		ui_game_over(u);
}

/* How long to sleep: seconds, or -1 for as long as nothing happens. */
static double
ui_wait_time(const struct ui *u, double now)
{
	double	wait = -1, frame = u->next_frame - now, tick;

	if (frame < 0)
		frame = 0;
	if (ui_running(u)) {
		/* Until the next tick is due, but not before the next frame:
		 * at 2x and 4x a frame steps several ticks. */
		tick = (1.0 - u->acc) / (GAME_RATE * u->p->speed);
		wait = tick > frame ? tick : frame;
	}
	if (u->dirty && (wait < 0 || frame < wait))
		wait = frame;
	return wait;
}

/*
 * getch, with the terminal not blocking meanwhile: curses waits inside it
 * for the rest of a mouse report cut short, and the signals are held off
 * there, so Ctrl-Z or SIGTERM would wait for the next key.
 */
static int
ui_getch(void)
{
	int	flags = fcntl(STDIN_FILENO, F_GETFL), ch;

	if (flags == -1 || (flags & O_NONBLOCK) != 0)
		return getch();
	fcntl(STDIN_FILENO, F_SETFL, flags | O_NONBLOCK);
	ch = getch();
	fcntl(STDIN_FILENO, F_SETFL, flags);
	return ch;
}

/* Read every key that is waiting; readable says the terminal had input. */
static void
ui_input(struct ui *u, bool readable)
{
	int	ch, n = 0;

	while (!u->quit && ui_stop_signal == 0 && (ch = ui_getch()) != ERR) {
		n++;
		ui_key(u, ch);
		u->dirty = true;
	}
	/* Readable, yet nothing to read, again and again: the terminal is
	 * gone (end of file); stop as if it had hung up. */
	if (readable && n == 0) {
		if (++u->quick >= UI_QUICK_MAX)
			ui_stop_signal = SIGHUP;
	} else if (n > 0)
		u->quick = 0;
}

/*
 * Let the signals that stop weir in (in) or hold them off again (!in),
 * around work on files: a handler that runs meanwhile makes a wait for a
 * lock give up (EINTR), and the loop sees its flag before it sleeps.
 */
static void
ui_let_stops(const struct ui *u, bool in)
{
	sigprocmask(in ? SIG_UNBLOCK : SIG_BLOCK, &u->stops, NULL);
}

/* Play until the player quits or a signal says stop. */
static void
ui_loop(struct ui *u)
{
	struct timespec	 ts, *tp;
	fd_set		 rd;
	double		 now, wait;
	int		 r;

	u->last = ui_now();
	ui_redraw(u);
	while (!u->quit && ui_stop_signal == 0) {
		if (ui_tstp) {
			ui_tstp = 0;
			ui_suspend(u);
		}
		if (ui_cont) {
			ui_cont = 0;
			ui_resumed(u);
		}
		if (ui_winch) {
			ui_winch = 0;
			ui_resize(u);
		}
		now = ui_now();
		ui_let_stops(u, true);	/* the game's end writes the scores */
		ui_advance(u, now);
		ui_let_stops(u, false);
		if (ui_stop_signal != 0)
			break;
		if (u->dirty && now >= u->next_frame) {
			ui_paint(u);
			u->dirty = false;
			u->next_frame = now + 1.0 / UI_FPS;
		}

		wait = ui_wait_time(u, ui_now());
		tp = NULL;
		if (wait >= 0) {
			ts.tv_sec = (time_t)wait;
			ts.tv_nsec = (long)((wait - (double)ts.tv_sec) * 1e9);
			tp = &ts;
		}
		FD_ZERO(&rd);
		FD_SET(STDIN_FILENO, &rd);
		r = pselect(STDIN_FILENO + 1, &rd, NULL, NULL, tp,
		    &u->wait_mask);
		ui_let_stops(u, true);	/* keys open levels, saves, scores */
		ui_input(u, r > 0 && FD_ISSET(STDIN_FILENO, &rd));
		ui_let_stops(u, false);
	}
}

/* The saved game written last, of every level's, into buf; -1: none. */
static int
ui_latest_save(char *buf, size_t size)
{
	struct save_list	 l;
	struct stat		 st;
	struct timespec		 best = { 0, 0 };
	int			 i, found = -1;

	save_list(&l);
	for (i = 0; i < l.n; i++) {
		if (stat(l.paths[i], &st) != 0)
			continue;
		if (found < 0 || st.st_mtim.tv_sec > best.tv_sec ||
		    (st.st_mtim.tv_sec == best.tv_sec &&
		    st.st_mtim.tv_nsec > best.tv_nsec)) {
			found = i;
			best = st.st_mtim;
		}
	}
	if (found >= 0)
		snprintf(buf, size, "%s", l.paths[found]);
	save_list_free(&l);
	return found >= 0 ? 0 : -1;
}

/* Run the game; see ui.h. */
int
ui_run(const struct ui_launch *l)
{
	struct sigaction	 old[UI_NSIGNALS];
	sigset_t		 oldmask;
	struct ui		 u;
	struct play		*p = NULL;
	SCREEN			*scr;
	char			 err[UI_ERR_MAX];
	int			 status = 0;

	memset(&u, 0, sizeof u);
	u.l = l;
	u.title.game = l->game;
	u.bell = l->opt.bell;
	setlocale(LC_ALL, "");
	u.have_save_path = save_level_path(u.save_path, sizeof u.save_path,
	    "weir", false) == 0;

	/* What to play is settled before the terminal is taken. */
	if (l->resume) {
		if (!u.have_save_path) {
			fprintf(stderr, "weir: no home directory, so no saved "
			    "game\n");
			return 1;
		}
		if (ui_latest_save(u.resume_path, sizeof u.resume_path) != 0) {
			ui_say("weir: no saved game");
			return 1;
		}
		if ((p = play_load(u.resume_path, err, sizeof err)) == NULL) {
			ui_say(err);
			return 1;
		}
	} else if (l->level != NULL &&
	    (p = ui_new_play(&u, l->level, l->name, err, sizeof err)) == NULL) {
		ui_say(err);
		return 1;
	}

	ui_stop_signal = ui_winch = ui_tstp = ui_cont = 0;
	ui_catch_signals(old, &oldmask);
	u.wait_mask = oldmask;
	sigemptyset(&u.stops);
	for (int i = 0; i < UI_NSIGNALS; i++) {
		sigdelset(&u.wait_mask, ui_signals[i]);
		if (ui_signals[i] != SIGWINCH && ui_signals[i] != SIGTSTP &&
		    ui_signals[i] != SIGCONT)
			sigaddset(&u.stops, ui_signals[i]);
	}
	if ((scr = ui_start(&l->opt, &u.v)) == NULL) {
		ui_restore_signals(old, &oldmask);
		play_free(p);
		return 1;
	}
	if (p != NULL)
		ui_enter_play(&u, p, l->resume);
	else {
		ui_let_stops(&u, true);
		ui_enter_title(&u);
		ui_let_stops(&u, false);
	}

	if (ui_stop_signal == 0)
		ui_loop(&u);

	endwin();
	delscreen(scr);
	ui_let_stops(&u, true);
	ui_save_game(&u);
	ui_restore_signals(old, &oldmask);
	if (u.farewell[0] != '\0')
		ui_say(u.farewell);
	play_free(u.p);
	save_list_free(&u.saves);
	catalog_free(&u.cat);
	scores_free(&u.end.table);
	if (ui_stop_signal != 0)
		status = 128 + ui_stop_signal;
	else if (u.lost)
		status = 1;	/* quit, and the game could not be saved */
	return status;
}
