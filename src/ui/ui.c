/*
 * The terminal loop. Keys and mouse clicks are turned into sandbox commands;
 * the screen is repainted only after input has changed something, and only
 * once every key already typed has been handled, so holding a key down never
 * queues up frames. getch waits at most UI_TICK_MS, which is also how soon a
 * terminating signal is acted on: the handlers only set a flag, and the loop
 * restores the terminal before returning. SIGTSTP (Ctrl-Z) and SIGWINCH are
 * left to curses, which gives back the terminal on suspend and reports a new
 * size as KEY_RESIZE.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ui/sandbox.h"
#include "ui/ui-curses.h"
#include "ui/ui-draw.h"
#include "ui/ui.h"

#define UI_TICK_MS	100	/* longest wait for a key */
#define UI_ESC_MS	25	/* how long Escape waits for a sequence */
#define UI_QUICK_MAX	50	/* instant ERRs in a row that mean EOF */
#define UI_KEY_ESC	27
#define UI_KEY_CTRL(c)	((c) & 0x1f)

/* The signals that end the game, and what was there before. */
static const int ui_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define UI_NSIGNALS	((int)(sizeof ui_signals / sizeof ui_signals[0]))

/* Set by a handler: the signal that asked weir to stop, or 0. */
static volatile sig_atomic_t ui_stop_signal;

/* Note that signal sig asked weir to stop. */
static void
ui_on_signal(int sig)
{
	ui_stop_signal = sig;
}

/* Catch the stopping signals (no SA_RESTART, so a wait is cut short). */
static void
ui_catch_signals(struct sigaction *old)
{
	struct sigaction	sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = ui_on_signal;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < UI_NSIGNALS; i++)
		sigaction(ui_signals[i], &sa, &old[i]);
}

/* Put the handlers caught by ui_catch_signals back. */
static void
ui_restore_signals(const struct sigaction *old)
{
	for (int i = 0; i < UI_NSIGNALS; i++)
		sigaction(ui_signals[i], &old[i], NULL);
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
 * Wait up to UI_TICK_MS for a key. A wait that ends with no key well before
 * the time is up adds one to *quick (zeroed by anything else): a terminal
 * that has gone away answers every read at once, and that must not spin.
 */
static int
ui_wait_key(int *quick)
{
	struct timespec	a, b;
	long		ms;
	int		ch;

	clock_gettime(CLOCK_MONOTONIC, &a);
	ch = getch();
	clock_gettime(CLOCK_MONOTONIC, &b);
	ms = (b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000;
	if (ch == ERR && ms < UI_TICK_MS / 10 && ui_stop_signal == 0)
		(*quick)++;
	else
		*quick = 0;
	return ch;
}

/* Turn a mouse event into a command: click moves, click on cursor builds. */
static bool
ui_mouse(const struct ui_view *v, const struct sandbox *sb,
    struct sandbox_cmd *cmd)
{
	MEVENT	ev;
	int	x, y;

	if (getmouse(&ev) != OK)
		return false;
	if (!(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
		return false;
	if (!ui_draw_cell_at(v, ev.y, ev.x, &x, &y))
		return false;
	cmd->type = x == sb->cx && y == sb->cy ? SANDBOX_CMD_PLACE :
	    SANDBOX_CMD_CURSOR;
	cmd->x = x;
	cmd->y = y;
	return true;
}

/* The command a key gives on the map, or false for none. */
static bool
ui_key_command(int ch, const struct sandbox *sb, struct sandbox_cmd *cmd)
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
		{ 'y', -1, -1 }, { 'u', 1, -1 }, { 'b', -1, 1 }, { 'n', 1, 1 },
		{ KEY_HOME, -GRID_MAX_W, 0 }, { KEY_END, GRID_MAX_W, 0 },
		{ KEY_PPAGE, 0, -10 }, { KEY_NPAGE, 0, 10 }
	};

	cmd->x = sb->cx;
	cmd->y = sb->cy;
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		if (moves[i].key == ch) {
			cmd->type = SANDBOX_CMD_MOVE;
			cmd->x = moves[i].dx;
			cmd->y = moves[i].dy;
			return true;
		}
	}
	switch (ch) {
	case '\n':
	case '\r':
	case ' ':
	case KEY_ENTER:
		cmd->type = SANDBOX_CMD_PLACE;
		return true;
	case 'x':
	case 's':
	case KEY_DC:
		cmd->type = SANDBOX_CMD_REMOVE;
		return true;
	case 'R':
		cmd->type = SANDBOX_CMD_CLEAR;
		return true;
	case 'v':
		cmd->type = SANDBOX_CMD_OVERLAY;
		return true;
	case 'p':
		cmd->type = SANDBOX_CMD_PREVIEW;
		return true;
	}
	return false;
}

/* Handle one key; returns false when the player has chosen to quit. */
static bool
ui_key(struct ui_view *v, struct sandbox *sb, int ch)
{
	struct sandbox_cmd	cmd;

	if (ch == KEY_RESIZE)
		return true;
	if (ch == UI_KEY_CTRL('l')) {
		clearok(curscr, TRUE);
		return true;
	}
	switch (v->mode) {
	case UI_MODE_QUIT:
		if (ch == 'y' || ch == 'Y')
			return false;
		if (ch == 'n' || ch == 'N' || ch == UI_KEY_ESC || ch == 'q')
			v->mode = UI_MODE_MAP;
		return true;
	case UI_MODE_HELP:
		if (ch == UI_KEY_ESC || ch == '?' || ch == 'q' || ch == '\n' ||
		    ch == '\r' || ch == ' ' || ch == KEY_ENTER)
			v->mode = UI_MODE_MAP;
		return true;
	case UI_MODE_MAP:
		break;
	}
	switch (ch) {
	case 'q':
	case 'Q':
		v->mode = UI_MODE_QUIT;
		return true;
	case '?':
	case KEY_F(1):
		v->mode = UI_MODE_HELP;
		return true;
	case UI_KEY_ESC:
		sb->msg[0] = '\0';
		return true;
	case 'z':
		v->zoom = v->zoom == 0 ? 2 : (v->zoom == 2 ? 1 : 0);
		sandbox_message(sb, false, "cell width: %s", v->zoom == 0 ?
		    "auto" : (v->zoom == 2 ? "2 columns" : "1 column"));
		return true;
	case KEY_MOUSE:
		if (ui_mouse(v, sb, &cmd))
			sandbox_apply(sb, &cmd);
		return true;
	}
	if (ui_key_command(ch, sb, &cmd))
		sandbox_apply(sb, &cmd);
	return true;
}

/* Set up curses on the terminal; NULL (and a message) if it cannot be. */
static SCREEN *
ui_start(const struct ui_options *opt, struct ui_view *v)
{
	SCREEN	*scr;
	bool	 color, utf8_locale = ui_locale_utf8(), utf8;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "weir: the game needs a terminal "
		    "(try --headless)\n");
		return NULL;
	}
	scr = newterm(NULL, stdout, stdin);
	if (scr == NULL) {
		fprintf(stderr, "weir: cannot use terminal type '%s'\n",
		    getenv("TERM") != NULL ? getenv("TERM") : "(unset)");
		return NULL;
	}
	set_term(scr);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(UI_ESC_MS);
	curs_set(0);
	if (!opt->no_mouse) {
		mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
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

/* Play the sandbox on lv until the player quits or a signal says stop. */
int
ui_run(struct level *lv, const struct ui_options *opt)
{
	static const struct ui_options	 defaults;
	struct sigaction		 old[UI_NSIGNALS];
	struct sandbox			*sb;
	struct ui_view			 v;
	SCREEN				*scr;
	bool				 dirty = true, playing = true;
	int				 ch, quick = 0, status = 0;

	if (opt == NULL)
		opt = &defaults;
	setlocale(LC_ALL, "");
	ui_stop_signal = 0;
	ui_catch_signals(old);
	if ((scr = ui_start(opt, &v)) == NULL) {
		ui_restore_signals(old);
		return 1;
	}
	sb = sandbox_new(lv);

	while (playing && ui_stop_signal == 0) {
		if (dirty) {
			/* Keys already typed first: draw once they are done. */
			timeout(0);
			ch = getch();
			if (ch == ERR) {
				sandbox_update_preview(sb);
				ui_draw(&v, sb);
				curs_set(v.mode == UI_MODE_MAP && !v.too_small);
				refresh();
				dirty = false;
				continue;
			}
		} else {
			timeout(UI_TICK_MS);
			ch = ui_wait_key(&quick);
			if (ch == ERR) {
				/* At once, again and again: the terminal is gone. */
				if (quick >= UI_QUICK_MAX)
					ui_stop_signal = SIGHUP;
				continue;
			}
		}
		playing = ui_key(&v, sb, ch);
		dirty = true;
	}

	endwin();
	delscreen(scr);
	sandbox_free(sb);
	ui_restore_signals(old);
	if (ui_stop_signal != 0)
		status = 128 + ui_stop_signal;
	return status;
}
