/* SPDX-License-Identifier: ISC */
/*
 * The terminal layer (ui-term.h). The handlers only set flags, kept here
 * because a handler can reach nothing else; every other piece of state is
 * in the caller's struct ui_term. A terminal that cannot put the cursor
 * anywhere (TERM=dumb) is refused here, once, for every screen.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include <sys/ioctl.h>
#include <sys/select.h>

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/text.h"
#include "ui/ui-term.h"

#define UI_TERM_ESC_MS		25	/* how long Escape waits for more */
#define UI_TERM_QUICK_MAX	50	/* empty reads in a row mean EOF */
#define UI_TERM_SIDE_MAX	10000	/* lines or columns of a screen */
#define UI_TERM_CELLS_MAX	(4000 * 1000)	/* cells of a screen */

static const int ui_term_signals[UI_TERM_NSIGNALS] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT
};

/* Set by the handlers. */
static volatile sig_atomic_t ui_term_stop_sig;	/* the signal that stops */
static volatile sig_atomic_t ui_term_winch;	/* the size changed */
static volatile sig_atomic_t ui_term_tstp;	/* Ctrl-Z */
static volatile sig_atomic_t ui_term_cont;	/* resumed after a stop */

/* Handlers: note what happened; the screen's loop acts on it. */
static void
ui_term_on_signal(int sig)
{
	switch (sig) {
	case SIGWINCH:
		ui_term_winch = 1;
		break;
	case SIGTSTP:
		ui_term_tstp = 1;
		break;
	case SIGCONT:
		ui_term_cont = 1;
		break;
	default:
		ui_term_stop_sig = sig;
		break;
	}
}

/* Whether the locale's character set is UTF-8 (setlocale is done). */
bool
ui_term_utf8_locale(void)
{
	const char	*cs = nl_langinfo(CODESET);

	return cs != NULL && (strcmp(cs, "UTF-8") == 0 ||
	    strcmp(cs, "utf8") == 0 || strcmp(cs, "UTF8") == 0);
}

/*
 * Catch the seven signals and block them; note the mask pselect waits
 * with and the signals that stop weir. The flags start clear.
 */
void
ui_term_catch(struct ui_term *t)
{
	struct sigaction	sa;
	sigset_t		set;
	int			i, sig;

	ui_term_stop_sig = ui_term_winch = ui_term_tstp = ui_term_cont = 0;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = ui_term_on_signal;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&set);
	sigemptyset(&t->stops);
	for (i = 0; i < UI_TERM_NSIGNALS; i++) {
		sig = ui_term_signals[i];
		sigaction(sig, &sa, &t->old[i]);
		sigaddset(&set, sig);
		if (sig != SIGWINCH && sig != SIGTSTP && sig != SIGCONT)
			sigaddset(&t->stops, sig);
	}
	sigprocmask(SIG_BLOCK, &set, &t->oldmask);
	t->wait_mask = t->oldmask;
	for (i = 0; i < UI_TERM_NSIGNALS; i++)
		sigdelset(&t->wait_mask, ui_term_signals[i]);
	t->caught = true;
	t->quick = 0;
}

/*
 * Run the on_stop hook if a stop ended the screen (the stops let in
 * meanwhile: it may wait on a file), then put back the handlers and the
 * mask ui_term_catch found.
 */
void
ui_term_release(struct ui_term *t)
{
	if (!t->caught)
		return;
	if (ui_term_stop_sig != 0 && t->on_stop != NULL) {
		ui_term_let_stops(t, true);
		t->on_stop(ui_term_stop_sig, t->on_stop_arg);
	}
	for (int i = 0; i < UI_TERM_NSIGNALS; i++)
		sigaction(ui_term_signals[i], &t->old[i], NULL);
	sigprocmask(SIG_SETMASK, &t->oldmask, NULL);
	t->caught = false;
}

/*
 * Teach curses the Home and End keys terminals send besides the ones
 * their terminfo entry names (tmux sends \e[1~ and \e[4~ whatever TERM
 * says; rxvt \e[7~ and \e[8~; xterm \eOH and \eOF, or \e[H and \e[F).
 */
static void
ui_term_define_keys(void)
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

/*
 * One side of the screen curses will make: the variable's value (LINES,
 * COLUMNS) when it is set to a number, as curses takes it, else the
 * terminal's own.
 */
static long
ui_term_side(const char *var, long own)
{
	const char	*v = getenv(var);
	char		*end;
	long		 n;

	if (v == NULL || *v == '\0')
		return own;
	errno = 0;
	n = strtol(v, &end, 10);
	return errno != 0 || *end != '\0' || n <= 0 ? own : n;
}

/*
 * Whether the screen curses would make is of a size it can hold: curses
 * keeps three copies of every cell, some tens of bytes each, so LINES and
 * COLUMNS of 30000 would ask for tens of gigabytes. A message if not.
 */
static bool
ui_term_size_ok(void)
{
	struct winsize	ws;
	long		lines = 0, cols = 0;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) {
		lines = ws.ws_row;
		cols = ws.ws_col;
	}
	lines = ui_term_side("LINES", lines);
	cols = ui_term_side("COLUMNS", cols);
	if (lines <= UI_TERM_SIDE_MAX && cols <= UI_TERM_SIDE_MAX &&
	    lines * cols <= UI_TERM_CELLS_MAX)
		return true;
	fprintf(stderr, "weir: a screen of %ld columns by %ld lines is too "
	    "large to draw (at most %d a side, %d cells in all)%s\n", cols,
	    lines, UI_TERM_SIDE_MAX, UI_TERM_CELLS_MAX, getenv("LINES") !=
	    NULL || getenv("COLUMNS") != NULL ? ": LINES or COLUMNS says so; "
	    "unset them" : "");
	return false;
}

/* A terminal, of a type curses can draw on; NULL and a message if not. */
static SCREEN *
ui_term_open(const struct ui_term_how *how)
{
	SCREEN		*scr;
	const char	*term = getenv("TERM");
	char		 name[256], *cup;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "weir: %s needs a terminal%s%s%s\n", how->who,
		    how->instead != NULL ? " (" : "", how->instead != NULL ?
		    how->instead : "", how->instead != NULL ? ")" : "");
		return NULL;
	}
	if (!ui_term_size_ok())
		return NULL;
	text_visible(name, sizeof name, term != NULL ? term : "(unset)");
	errno = 0;
	if ((scr = newterm(NULL, stdout, stdin)) == NULL) {
		if (errno == ENOMEM)
			fprintf(stderr, "weir: not enough memory for the "
			    "screen\n");
		else
			fprintf(stderr, "weir: cannot use terminal type "
			    "'%s'\n", name);
		return NULL;
	}
	set_term(scr);
	/* One that cannot put the cursor anywhere would draw on one line. */
	cup = tigetstr("cup");
	if (cup == NULL || cup == (char *)-1) {
		endwin();
		delscreen(scr);
		fprintf(stderr, "weir: terminal type '%s' cannot move the "
		    "cursor (set TERM to your terminal's type%s%s)\n", name,
		    how->instead != NULL ? ", or " : "", how->instead != NULL ?
		    how->instead : "");
		return NULL;
	}
	return scr;
}

/*
 * Take the terminal: curses in raw keys, no echo, no waiting for keys,
 * Home and End as every terminal sends them, the mouse events asked for,
 * colours and UTF-8 glyphs when there are and opt allows; v is set up for
 * them. False, with a message on stderr, if it cannot be.
 */
bool
ui_term_start(struct ui_term *t, const struct ui_term_how *how,
    const struct ui_options *opt, struct ui_view *v)
{
	bool	color, utf8_locale = ui_term_utf8_locale(), utf8;

	if ((t->scr = ui_term_open(how)) == NULL)
		return false;
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	leaveok(stdscr, TRUE);
	set_escdelay(UI_TERM_ESC_MS);
	curs_set(0);
	ui_term_define_keys();
	if (!opt->no_mouse && how->mouse != 0) {
		mousemask(how->mouse, NULL);
		mouseinterval(0);
	}
	color = !opt->no_color && has_colors();	/* color.h */
	if (color && (start_color() == ERR || COLORS < 8))
		color = false;
#ifdef HAVE_NCURSESW
	utf8 = utf8_locale && !opt->ascii;
#else
	utf8 = false;
#endif
	ui_draw_init(v, utf8, utf8_locale, color);
	return true;
}

/*
 * Draw from now on with ASCII glyphs or UTF-8 ones, in colour or not, as
 * far as the locale and the terminal allow (a key on the title screen: the
 * player asks, so NO_COLOR, already weighed at the start, is not);
 * false when they do not allow what was asked. The view's cell width
 * stays.
 */
bool
ui_term_restyle(struct ui_view *v, bool ascii, bool color)
{
	int	zoom = v->zoom;
	bool	utf8 = v->utf8_locale && !ascii, ok = true;

#ifndef HAVE_NCURSESW
	utf8 = false;
#endif
	if (utf8 == ascii)
		ok = false;
	if (color && (!has_colors() || start_color() == ERR ||
	    COLORS < 8)) {
		color = false;
		ok = false;
	}
	ui_draw_init(v, utf8, v->utf8_locale, color);
	v->zoom = zoom;
	clearok(curscr, TRUE);
	return ok && v->color == color;
}

/* Give the terminal back as it was found. */
void
ui_term_end(struct ui_term *t)
{
	if (t->scr == NULL)
		return;
	endwin();
	delscreen(t->scr);
	t->scr = NULL;
}

/* The signal that stops weir, 0 while none has come. */
int
ui_term_stopped(void)
{
	return ui_term_stop_sig;
}

/* Stop as if signal sig had come (the terminal is gone, say). */
void
ui_term_stop(int sig)
{
	ui_term_stop_sig = sig;
}

/*
 * Let the signals that stop weir in (in) or hold them off again (!in),
 * around work on files: a handler that runs meanwhile makes a wait for a
 * lock give up (EINTR), and the loop sees its flag before it sleeps.
 */
void
ui_term_let_stops(const struct ui_term *t, bool in)
{
	sigprocmask(in ? SIG_UNBLOCK : SIG_BLOCK, &t->stops, NULL);
}

/* Take the terminal's new size, and paint it all at the next chance. */
static void
ui_term_resize(void)
{
	struct winsize	ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 &&
	    ws.ws_col > 0 && (ws.ws_row != LINES || ws.ws_col != COLS) &&
	    ws.ws_row <= UI_TERM_SIDE_MAX && ws.ws_col <= UI_TERM_SIDE_MAX &&
	    (long)ws.ws_row * ws.ws_col <= UI_TERM_CELLS_MAX)
		resizeterm(ws.ws_row, ws.ws_col);	/* too large: kept */
	clearok(curscr, TRUE);
}

/*
 * Ctrl-Z: give the terminal back, stop, and take it again. The rest of
 * the job (a script that started weir, say) stops at once, and the shell
 * may take the terminal back before endwin is done with it: SIGTTOU and
 * SIGTTIN are blocked meanwhile, so endwin still restores the terminal
 * instead of stopping weir halfway.
 */
static void
ui_term_suspend(void)
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
}

/*
 * Act on Ctrl-Z, a resume and a resize since the last call; what
 * happened, as UI_TERM_RESIZED and UI_TERM_RESUMED bits (0: nothing).
 */
int
ui_term_events(void)
{
	int	what = 0;

	if (ui_term_tstp) {
		ui_term_tstp = 0;
		ui_term_suspend();
		what |= UI_TERM_RESUMED;
	}
	if (ui_term_cont) {
		ui_term_cont = 0;
		what |= UI_TERM_RESUMED;
	}
	if (ui_term_winch) {
		ui_term_winch = 0;
		what |= UI_TERM_RESIZED;
	}
	if (what != 0)
		ui_term_resize();
	return what;
}

/*
 * Sleep until a key, a signal, or seconds have passed (for ever when
 * seconds is negative); whether the terminal has something to read.
 */
bool
ui_term_wait(struct ui_term *t, double seconds)
{
	struct timespec	 ts, *tp = NULL;
	fd_set		 rd;
	int		 r;

	if (seconds >= 0) {
		ts.tv_sec = (time_t)seconds;
		ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
		tp = &ts;
	}
	FD_ZERO(&rd);
	FD_SET(STDIN_FILENO, &rd);
	r = pselect(STDIN_FILENO + 1, &rd, NULL, NULL, tp, &t->wait_mask);
	return r > 0 && FD_ISSET(STDIN_FILENO, &rd);
}

/*
 * Home and End as every terminal sends them: curses knows the terminal's
 * own (khome, kend), and ui_term_start teaches it the others; keys it
 * reports for them (KEY_FIND, KEY_SELECT, KEY_A1, KEY_C1, ...) are taken
 * as well.
 */
int
ui_term_home_end(int ch)
{
	if (ch == KEY_FIND || ch == KEY_A1 || ch == KEY_BEG)
		return KEY_HOME;
	if (ch == KEY_SELECT || ch == KEY_C1 || ch == KEY_LL)
		return KEY_END;
	return ch;
}

/*
 * The next key waiting, Home and End made one; ERR when there is none.
 * The terminal does not block meanwhile: curses waits inside getch for
 * the rest of a mouse report cut short, and the signals are held off
 * there, so Ctrl-Z or SIGTERM would wait for the next key.
 */
int
ui_term_key(void)
{
	int	flags = fcntl(STDIN_FILENO, F_GETFL), ch;

	if (flags == -1 || (flags & O_NONBLOCK) != 0)
		return ui_term_home_end(getch());
	fcntl(STDIN_FILENO, F_SETFL, flags | O_NONBLOCK);
	ch = getch();
	fcntl(STDIN_FILENO, F_SETFL, flags);
	return ui_term_home_end(ch);
}

/*
 * The keys read in this process, by the game and the editor (which plays
 * a level with a terminal game of its own) alike: the state line's count.
 */
static long ui_term_nkeys;

long
ui_term_keys(void)
{
	return ui_term_nkeys;
}

/*
 * After a wake-up that read keys: readable, yet nothing to read, again
 * and again means the terminal is gone (end of file); stop as if it had
 * hung up.
 */
void
ui_term_read(struct ui_term *t, bool readable, int keys)
{
	if (readable && keys == 0) {
		if (++t->quick >= UI_TERM_QUICK_MAX)
			ui_term_stop_sig = SIGHUP;
	} else if (keys > 0)
		t->quick = 0;
	ui_term_nkeys += keys;
}
