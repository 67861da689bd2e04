/* SPDX-License-Identifier: ISC */
/*
 * The editor's state (ui-edit-state.c): struct ue, one editing session
 * of one level on the screen: the level being edited (core/edit.h), the
 * cursor and the brush, what has the keyboard (the map, the help, a form,
 * the waves list), the view and the message line; and the few things the
 * editor's files all do to it: say a message, read the brush, paint it,
 * move the cursor, walk the waves list.
 */
#ifndef WEIR_UI_EDIT_STATE_H
#define WEIR_UI_EDIT_STATE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/edit.h"
#include "core/level.h"
#include "ui/ui-draw.h"
#include "ui/ui-launch.h"
#include "ui/ui-term.h"

#define UE_PANEL	34	/* columns of the side panel */
#define UE_BOTTOM	3	/* brushes, cursor, message */
#define UE_MSG_MAX	512
#define UE_ERR_MAX	1024
#define UE_NEW_W	32	/* a new level's size, offered */
#define UE_NEW_H	16
#define UE_FIELDS	9
#define UE_KEY_ESC	UI_TERM_ESC
#define UE_BRUSH_HERO	LEVEL_NTERRAINS	/* the brush after the terrains */

/* What has the keyboard. */
enum ue_mode {
	UE_MAP,
	UE_HELP,
	UE_FORM,
	UE_WAVES
};

/* A question over the screen: a row of ue_asks[] (ui-edit-file.c). */
enum ue_ask {
	UE_ASK_NONE,
	UE_ASK_RECOVER,		/* a recovery file: recover, discard, later */
	UE_ASK_CHANGED,		/* the file changed on disk: overwrite, save
				   elsewhere, cancel */
	UE_ASK_EXISTS,		/* save as over another file: the same */
	UE_ASK_PATH,		/* save as: the path, typed */
	UE_ASK_NKINDS
};

#define UE_ASK_LINES	10
#define UE_ASK_LINE	(PATH_MAX + 128)

/* The lines of a question's box. */
struct ue_ask_text {
	char	line[UE_ASK_LINES][UE_ASK_LINE];
	int	n;
};

/* What a form is for. */
enum ue_form_kind {
	UE_FORM_NEW,		/* the size of a new level */
	UE_FORM_SETTINGS,
	UE_FORM_WAVE,
	UE_FORM_GROUP
};

struct ue_field {
	const char	*label;
	char		 buf[LEVEL_DESC_MAX + 1];
	size_t		 max;		/* bytes */
	bool		 enemy;		/* Left and Right cycle the kinds */
};

struct ue_form {
	enum ue_form_kind kind;
	const char	*title;
	int		 n, sel;
	struct ue_field	 f[UE_FIELDS];
	int		 wave, group;
	char		 err[UE_MSG_MAX];
};

/* The bot's trial, played a slice at a time (ui-edit-bot.c). */
struct ue_bot {
	struct edit_run	 run;
	struct level	*lv;		/* what it plays; NULL: no trial */
	bool		 going;		/* else stopped when its time was up */
	double		 spent;		/* seconds of play so far */
	double		 limit;		/* seconds it plays before it stops */
	double		 big;		/* > 0: seconds it would take in all,
					   said up front */
	uint64_t	 hash;		/* of the level's text it plays */
	bool		 nudged;	/* a key other than Esc came */
};

struct ue {
	const struct ui_edit_launch *l;
	struct edit	*e;
	char		 path[PATH_MAX];	/* where save writes */
	struct ui_term	 term;			/* the terminal, taken */
	struct ui_view	 v;
	enum ue_mode	 mode;
	struct ue_form	 form;
	int		 help_top;

	int		 cx, cy;
	int		 brush;			/* a terrain, or the hero */
	char		 spawn;			/* the spawn brush's letter */
	bool		 pen;			/* moving paints */
	bool		 rect;			/* a rectangle's corner is set */
	int		 rx, ry;
	bool		 ldown, rdown;		/* mouse buttons held */
	int		 overlay;

	int		 wsel, wtop;		/* the waves list */

	int		 ox, oy, rows, cols;	/* the map in view */
	bool		 panel;

	struct ue_bot	 bot;
	enum ue_ask	 ask;			/* a question, open */
	char		 ask_path[PATH_MAX];	/* the path it is about */
	char		 ask_err[UE_MSG_MAX];	/* why it is asked */
	enum edit_disk	 ask_disk;		/* the level file since the
						   recovery file offered */

	char		 msg[UE_MSG_MAX];
	bool		 msg_err;
	bool		 msg_start;	/* msg asks for a spawn and an exit */
	bool		 save_armed, quit_armed;
	bool		 done;
	int		 status;
};


void	ue_say(struct ue *u, bool err, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
int	ue_brush_glyph(const struct ue *u);
void	ue_start_hint(struct ue *u);
void	ue_brush_name(const struct ue *u, char *buf, size_t size);
bool	ue_overlay_drawn(int k);
bool	ue_wave_row(const struct edit_meta *m, int r, int *w, int *g);
int	ue_wave_rows(const struct edit_meta *m);
void	ue_paint_at(struct ue *u, int x, int y);
void	ue_move(struct ue *u, int dx, int dy);

#endif
