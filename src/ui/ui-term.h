/* SPDX-License-Identifier: ISC */
/*
 * The terminal, for every screen (the game, its title screen, the
 * editor): taking it and giving it back, the locale and the colours, the
 * seven signals, the wait between frames and the keys. One struct
 * ui_term is one taking of the terminal; the editor gives its own back
 * while the game it starts takes one, and takes it again afterwards.
 *
 * The signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP,
 * SIGCONT) are blocked except inside ui_term_wait, so their handlers,
 * which only set a flag, run only while the screen waits, and wake it at
 * once. The four that stop weir are let in too while a screen works on
 * files (ui_term_let_stops), so a wait for a lock cannot make it deaf.
 * A stop is never acted on in a handler: the screen's loop sees
 * ui_term_stopped, leaves, gives the terminal back, and the on_stop hook
 * runs (to save what would be lost) before the handlers are put back.
 */
#ifndef WEIR_UI_TERM_H
#define WEIR_UI_TERM_H

#include <signal.h>
#include <stdbool.h>

#include "ui/ui-curses.h"
#include "ui/ui-draw.h"
#include "ui/ui-launch.h"

#define UI_TERM_NSIGNALS	7
#define UI_TERM_ESC		27
#define UI_TERM_CTRL(c)		((c) & 0x1f)

/* What ui_term_events found: the screen must be painted again. */
#define UI_TERM_RESIZED		0x1	/* the size may have changed */
#define UI_TERM_RESUMED		0x2	/* back from Ctrl-Z or a stop */

/* How a screen wants the terminal. */
struct ui_term_how {
	const char	*who;		/* "the game", "the editor" */
	const char	*instead;	/* advice without a terminal, or NULL */
	mmask_t		 mouse;		/* events wanted (none with no_mouse) */
};

struct ui_term {
	SCREEN			*scr;		/* NULL while not taken */
	bool			 caught;	/* the handlers are ours */
	struct sigaction	 old[UI_TERM_NSIGNALS];
	sigset_t		 oldmask;	/* the mask before */
	sigset_t		 wait_mask;	/* the mask inside pselect */
	sigset_t		 stops;		/* the signals that stop weir */
	int			 quick;		/* empty reads in a row */
	/* Run once when a stopping signal ended the screen, after the
	 * terminal is given back (so it may print), by ui_term_release. */
	void			(*on_stop)(int sig, void *arg);
	void			*on_stop_arg;
};

bool	ui_term_utf8_locale(void);
void	ui_term_catch(struct ui_term *t);
void	ui_term_release(struct ui_term *t);
bool	ui_term_start(struct ui_term *t, const struct ui_term_how *how,
	    const struct ui_options *opt, struct ui_view *v);
void	ui_term_end(struct ui_term *t);
bool	ui_term_restyle(struct ui_view *v, bool ascii, bool color);
int	ui_term_stopped(void);
void	ui_term_stop(int sig);
void	ui_term_let_stops(const struct ui_term *t, bool in);
int	ui_term_events(void);
bool	ui_term_wait(struct ui_term *t, double seconds);
int	ui_term_key(void);
void	ui_term_read(struct ui_term *t, bool readable, int keys);
long	ui_term_keys(void);
int	ui_term_home_end(int ch);

#endif
