/* SPDX-License-Identifier: ISC */
/*
 * What the game's screens share (ui-screen.c): struct ui, the state of
 * one run of the terminal game; which screen is up and which box is over
 * it; and where a key sends the player. A screen is a file (ui-title.c,
 * ui-game.c) with a paint and a key function; a box is a row of
 * ui_boxes[] (ui-box.c). Their key functions change what they own and
 * return a move (enum ui_go); only the loop (ui.c) makes the move, so
 * every way from one screen to another is in one switch.
 */
#ifndef WEIR_UI_SCREEN_H
#define WEIR_UI_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include "core/record.h"
#include "core/save.h"
#include "core/scores.h"
#include "core/settings.h"
#include "ui/catalog.h"
#include "ui/play.h"
#include "ui/ui-draw.h"
#include "ui/ui-term.h"
#include "ui/ui-launch.h"

#define UI_ERR_MAX	1024
#define UI_NOTE_MAX	600	/* bytes of a note line */
#define UI_SAVE_ABOUT	96	/* bytes of a saved game's line */
#define UI_RATE_FULL	(-1.0)	/* a clock running as fast as it goes */
#define UI_END_DEAF	0.75	/* seconds the end box takes no key */
#define UI_TITLE_DEAF	0.75	/* ... the title its settings' keys */

/* The screens; each is a row of ui_screens[] in ui.c. */
enum ui_screen {
	UI_SCREEN_TITLE,	/* the installed levels (ui-title.c) */
	UI_SCREEN_PLAY,		/* a game (ui-game.c) */
	UI_SCREEN_REPLAY,	/* a recording watched (ui-replay.c) */
	UI_SCREEN_NKINDS
};

/* What has the keyboard over the screen; each is a row of ui_boxes[]. */
enum ui_box {
	UI_BOX_NONE,
	UI_BOX_HELP,		/* the keys */
	UI_BOX_QUIT,		/* "quit? (y/n)" */
	UI_BOX_SELL,		/* "sell ...? (y/n)" */
	UI_BOX_SPEC,		/* a top-level tower's two specialisations */
	UI_BOX_END,		/* the level is won or lost */
	UI_BOX_UNSAVED,		/* quitting, the game could not be saved */
	UI_BOX_DISCARD,		/* the saved game cannot be resumed */
	UI_BOX_WAVES,		/* the waves to come */
	UI_BOX_LOG,		/* the messages so far */
	UI_BOX_SAVES,		/* the saved games, to choose one */
	UI_BOX_REPLACE,		/* a new game of a level with a save */
	UI_BOX_RECORDINGS,	/* the recordings kept, to watch one */
	UI_BOX_NKINDS
};

/* Where a key sends the player: the moves ui.c makes. */
enum ui_go {
	UI_GO_STAY,		/* where it is */
	UI_GO_TITLE,		/* to the level list */
	UI_GO_PLAY,		/* to u->next, opened by the key (resumed
				   from a save when u->next_resumed) */
	UI_GO_REPLAY,		/* to the viewer, u->rp opened by the key */
	UI_GO_LEAVE,		/* out of the game: for good, or to the level
				   list when u->to_title (saved or given up) */
	UI_GO_QUIT,		/* out of weir (a trial: back to the editor) */
	UI_GO_PASS		/* a box closed on the key, which the screen
				   beneath then takes as its own */
};

struct ui;

/* One box: how it is painted, what its keys do, what it stops. */
struct ui_box_type {
	const char	*name;
	void		(*paint)(struct ui *u, bool small);
	enum ui_go	(*key)(struct ui *u, int ch);
	bool		 holds_clock;	/* the game stands while it is up */
	bool		 when_small;	/* up (and keyed) on a terminal too
					   small for the screen */
};

extern const struct ui_box_type ui_boxes[UI_BOX_NKINDS];

/* The title screen's state. */
struct ui_title {
	int	 sel;			/* level chosen */
	int	 top;			/* first level in view */
	int	 rows;			/* levels in view, when painted */
	char	 note[UI_NOTE_MAX];	/* a line to show, "" when none */
	bool	 note_error;
	char	 saved[160];		/* the saved game, "" when none */
	struct game_opts game;		/* the setting new games are played at */
	double	 opened;		/* back from a game then (ui_now);
					   0: opened first */
};

/* What the end of a level shows. */
struct ui_end {
	bool		 recorded;	/* the game is in the high scores */
	bool		 trial;		/* played from the editor: no scores */
	int		 rank;		/* its place, 1 best, 0 not in them */
	int		 next;		/* the campaign's next level, -1:
					   none, -2: not looked for yet */
	char		 note[UI_NOTE_MAX];	/* scores trouble, "" */
	struct scores	 table;		/* the high scores after it */
	char		 recording[RECORD_PATH_MAX]; /* where it is kept, "" */
	char		 daily[UI_NOTE_MAX];	/* a daily game's line, "" */
	double		 opened;	/* when the box came up (ui_now) */
};

struct ui_replay;	/* the viewer's state (ui-replay.c) */

struct ui {
	const struct ui_launch	*l;
	struct ui_term		 term;		/* the terminal, taken */
	struct ui_view		 v;
	enum ui_screen		 screen;
	enum ui_box		 box;
	enum ui_box		 under;		/* what "quit?" covers */
	enum ui_box		 replace_back;	/* where Esc in UI_BOX_REPLACE
						   goes back to */
	int			 help_top;	/* first help line shown */
	int			 panel_top;	/* ... of the waves or the log */
	int			 end_top;	/* ... of the end of a level */
	bool			 bell;		/* ring on a leak (b, --bell) */
	struct play		*p;		/* the game shown (the viewer's
						   too: a play only watched) */
	struct play		*next;		/* UI_GO_PLAY's game */
	struct ui_replay	*rp;		/* the viewer's, or NULL */
	struct record_list	 recs;		/* the recordings, for the box */
	int			 rec_sel;	/* chosen in UI_BOX_RECORDINGS */
	bool			 record_done;	/* --record FILE is written */
	struct settings		 settings;	/* the config file's own */
	bool			 next_resumed;	/* ... is a saved one */
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
	struct safefile_stamp	 save_known;	/* save_path as the game
						   began (zeros: none) */
	int			 sell_x, sell_y;	/* and the tower to specialise */
	struct save_list	 saves;		/* every saved game */
	char			(*save_about)[UI_SAVE_ABOUT]; /* a line
						   a saved game, saves.n */
	int			 save_sel;	/* chosen in UI_BOX_SAVES, or
						   the save UI_BOX_REPLACE
						   asks about */
	bool			 replace_save;	/* the new game takes its
						   level's save's place: at
						   its end the save goes */
	bool			 to_title;	/* leaving for the level list */
	char			 won[SCORES_NAME_MAX + 1]; /* level just won:
						   the list moves past it */
	bool			 drag;		/* button 1 held on the map */
	int			 drag_x, drag_y; /* the cell it was last on */
	bool			 dragged;	/* walls built by this drag */

	bool			 quit;
	bool			 deaf;		/* painted while ui_deaf_left */
	bool			 dirty;		/* the screen must be painted */
	double			 acc;		/* ticks owed to the game */
	double			 last;		/* when time was last added */
	double			 next_frame;	/* earliest next paint */
	bool			 saved;		/* the game is saved (or lost) */
	bool			 kept;		/* its recording is kept */
	int			 speed;		/* new games' speed (f, config) */
	bool			 lost;		/* quit without saving it */
	char			 why[PLAY_PATH_MAX + UI_ERR_MAX]; /* the box's */
	char			 farewell[PLAY_PATH_MAX + UI_ERR_MAX + 128];
};

void	ui_note(char *dst, size_t size, const char *prefix, const char *raw);
int	ui_settings_save(struct ui *u, char *err, size_t errlen);
void	ui_redraw(struct ui *u);
double	ui_now(void);
double	ui_deaf_left(const struct ui *u, double now);
bool	ui_small(void);

#endif
