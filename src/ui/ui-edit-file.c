/* SPDX-License-Identifier: ISC */
/*
 * The editor's file: saving (s), saving as (a, a path typed), the
 * questions a save may ask, and the recovery file. Each question is a row
 * of ue_asks[]: the lines of its box and what its keys do; while one is
 * open it has the keyboard (ui-edit.c) and its box is drawn over the
 * screen (ui-edit-draw.c).
 *
 * A save never writes over a file another program changed since it was
 * read, nor over another file, without asking (core/edit.h,
 * edit_save_as); one that fails (a read-only directory, a symbolic link,
 * no room) offers another path at once. When a stopping signal ends the
 * editor with unsaved work, ue_file_stopped writes the level to its
 * recovery file and says where (after the terminal is given back, never
 * in a handler); the next weir --edit of that file offers to recover it
 * or to discard it, saying so when the file changed on disk since.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include <sys/stat.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/text.h"
#include "ui/ui-edit-file.h"

/* One question: the lines of its box and its keys. */
struct ue_ask_row {
	const char	*name;
	int		(*lines)(struct ue *u, struct ue_ask_text *t);
	void		(*key)(struct ue *u, int ch);
};

/* Add a line to a question's box. */
static void __attribute__((format(printf, 2, 3)))
ue_ask_line(struct ue_ask_text *t, const char *fmt, ...)
{
	va_list	ap;

	if (t->n == UE_ASK_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(t->line[t->n++], sizeof t->line[0], fmt, ap);
	va_end(ap);
}

/* Where the author's level goes: u->path made the edit's file. */
static void
ue_file_saved(struct ue *u, const char *path)
{
	if (path != u->path)
		snprintf(u->path, sizeof u->path, "%s", path);
	u->ask = UE_ASK_NONE;
	ue_say(u, u->e->nproblems > 0, "saved %s (%zu bytes)%s", u->path,
	    u->e->srclen, u->e->nproblems > 0 ? " with its problems" : "");
}

/* Open the path prompt, saying why (a failed save) or not (NULL). */
static void
ue_file_prompt(struct ue *u, const char *why)
{
	if (u->ask != UE_ASK_PATH && u->ask_path[0] == '\0')
		snprintf(u->ask_path, sizeof u->ask_path, "%s", u->path);
	snprintf(u->ask_err, sizeof u->ask_err, "%s", why != NULL ? why : "");
	u->ask = UE_ASK_PATH;
}

/*
 * Save to path (flags as edit_save_as's): saved, or the question that
 * the answer calls for (changed on disk, a file there, another path).
 */
static void
ue_file_save_to(struct ue *u, const char *path, int flags)
{
	char	err[UE_ERR_MAX], shown[3 * UE_ERR_MAX];
	char	to[PATH_MAX];

	snprintf(to, sizeof to, "%s", path);
	switch (edit_save_as(u->e, to, flags, err, sizeof err)) {
	case EDIT_SAVE_OK:
		u->ask_path[0] = '\0';
		ue_file_saved(u, to);
		return;
	case EDIT_SAVE_CHANGED:
		u->ask = UE_ASK_CHANGED;
		break;
	case EDIT_SAVE_EXISTS:
		u->ask = UE_ASK_EXISTS;
		break;
	case EDIT_SAVE_FAILED:
		snprintf(u->ask_path, sizeof u->ask_path, "%s", to);
		ue_file_prompt(u, text_visible(shown, sizeof shown, err));
		return;
	}
	snprintf(u->ask_path, sizeof u->ask_path, "%s", to);
	snprintf(u->ask_err, sizeof u->ask_err, "%s",
	    text_visible(shown, sizeof shown, err));
}

/*
 * Whether the level may be saved: the checker's word when the editor
 * finds no problem, and a level with problems only when asked twice
 * (armed) or by a path typed (as).
 */
static bool
ue_file_ready(struct ue *u, bool armed, bool as)
{
	char		 err[UE_ERR_MAX];
	struct level	*lv;

	edit_refresh(u->e);
	if (u->e->nproblems == 0) {
		if ((lv = edit_level(u->e, err, sizeof err)) == NULL) {
			ue_say(u, true, "the checker says: %s", err);
			return false;
		}
		level_free(lv);
		return true;
	}
	if (armed || as)
		return true;
	u->save_armed = true;
	ue_say(u, true, "%d problem%s (weir --check would refuse it): not "
	    "saved; s again saves anyway", u->e->nproblems,
	    u->e->nproblems == 1 ? "" : "s");
	return false;
}

/* s: save over the level's file (a Moving AI map as .weir beside it). */
void
ue_file_save(struct ue *u)
{
	bool	armed = u->save_armed;

	u->save_armed = false;
	if (ue_file_ready(u, armed, false))
		ue_file_save_to(u, u->path, 0);
}

/* a: save as, at a path typed. */
void
ue_file_save_as(struct ue *u)
{
	u->ask_path[0] = '\0';
	ue_file_prompt(u, NULL);
}

/* The path prompt's box. */
static int
ue_ask_path_lines(struct ue *u, struct ue_ask_text *t)
{
	const char	*tail = u->ask_path;
	int		 room = COLS - 10;

	if (u->ask_err[0] != '\0') {
		ue_ask_line(t, "Not saved: %s", u->ask_err);
		ue_ask_line(t, "%s", "");
	}
	ue_ask_line(t, "Save the level as (~/ is your home directory):");
	/* The path typed shows its end when it does not fit. */
	if (room > 4 && ui_draw_width(tail) > room) {
		while (ui_draw_width(tail) > room - 1)
			tail++;
		while (((unsigned char)*tail & 0xc0) == 0x80)
			tail++;
	}
	ue_ask_line(t, "> %s%s_", tail != u->ask_path ? "<" : "", tail);
	ue_ask_line(t, "%s", "");
	ue_ask_line(t, "Enter saves, Ctrl-U clears, Esc cancels");
	return t->n;
}

/* The path typed, with a leading ~/ made the home directory, into buf. */
static bool
ue_ask_path_expand(const struct ue *u, char *buf, size_t size)
{
	const char	*home = getenv("HOME");
	int		 n;

	if (strncmp(u->ask_path, "~/", 2) == 0 && home != NULL &&
	    home[0] == '/')
		n = snprintf(buf, size, "%s/%s", home, u->ask_path + 2);
	else
		n = snprintf(buf, size, "%s", u->ask_path);
	return n > 0 && (size_t)n < size;
}

/* A key in the path prompt. */
static void
ue_ask_path_key(struct ue *u, int ch)
{
	size_t	n = strlen(u->ask_path);
	char	path[PATH_MAX];

	switch (ch) {
	case UE_KEY_ESC:
		u->ask = UE_ASK_NONE;
		u->ask_path[0] = '\0';
		ue_say(u, false, "not saved");
		return;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		while (n > 0 && ((unsigned char)u->ask_path[n - 1] & 0xc0) ==
		    0x80)
			n--;	/* a whole UTF-8 character */
		if (n > 0)
			u->ask_path[n - 1] = '\0';
		return;
	case UI_TERM_CTRL('u'):
		u->ask_path[0] = '\0';
		return;
	case '\n':
	case '\r':
	case KEY_ENTER:
		if (u->ask_path[0] == '\0')
			return;
		if (!ue_ask_path_expand(u, path, sizeof path)) {
			snprintf(u->ask_err, sizeof u->ask_err, "path too long");
			return;
		}
		if (ue_file_ready(u, true, true))
			ue_file_save_to(u, path, 0);
		return;
	default:
		if (ch >= 0x20 && ch < 0x100 && ch != 0x7f &&
		    n + 1 < sizeof u->ask_path) {
			u->ask_path[n] = (char)ch;
			u->ask_path[n + 1] = '\0';
		}
		return;
	}
}

/* "changed on disk" and "a file there": overwrite, elsewhere, cancel. */
static int
ue_ask_over_lines(struct ue *u, struct ue_ask_text *t)
{
	if (u->ask == UE_ASK_CHANGED) {
		ue_ask_line(t, "%s changed on disk since it was read", u->path);
		ue_ask_line(t, "(another program wrote it: another editor, a "
		    "checkout).");
	} else
		ue_ask_line(t, "%s: there is a file there already.",
		    u->ask_path);
	ue_ask_line(t, "%s", "");
	ue_ask_line(t, "o    overwrite it with this level");
	ue_ask_line(t, "a    save elsewhere: another path");
	ue_ask_line(t, "Esc  cancel: nothing is saved");
	return t->n;
}

/* A key in "changed on disk" or "a file there". */
static void
ue_ask_over_key(struct ue *u, int ch)
{
	char	path[PATH_MAX];

	switch (ch) {
	case 'o':
	case 'O':
		snprintf(path, sizeof path, "%s", u->ask_path);
		u->ask = UE_ASK_NONE;
		ue_file_save_to(u, path, EDIT_SAVE_FORCE);
		break;
	case 'a':
	case 'A':
		ue_file_prompt(u, NULL);
		break;
	case UE_KEY_ESC:
	case 'c':
	case 'q':
		u->ask = UE_ASK_NONE;
		u->ask_path[0] = '\0';
		ue_say(u, false, "not saved");
		break;
	}
}

/* The recovery file's offer. */
static int
ue_ask_recover_lines(struct ue *u, struct ue_ask_text *t)
{
	struct stat	st;
	char		when[64] = "";
	struct tm	tm;

	if (stat(u->ask_path, &st) == 0 &&
	    localtime_r(&st.st_mtime, &tm) != NULL)
		strftime(when, sizeof when, " on %Y-%m-%d at %H:%M", &tm);
	ue_ask_line(t, "Unsaved work on %s was kept%s,", u->path, when);
	ue_ask_line(t, "when editing stopped, in the recovery file");
	ue_ask_line(t, "  %s", u->ask_path);
	switch (u->ask_disk) {
	case EDIT_DISK_CHANGED:
	case EDIT_DISK_NEW:
		ue_ask_line(t, "The level file changed on disk since then: "
		    "saving it recovered asks first.");
		break;
	case EDIT_DISK_GONE:
		ue_ask_line(t, "The level file was removed since then.");
		break;
	case EDIT_DISK_ERROR:
	case EDIT_DISK_SAME:
		break;
	}
	ue_ask_line(t, "%s", "");
	ue_ask_line(t, "r    recover it: edit the level as it was then");
	ue_ask_line(t, "d    discard it (remove it) and edit %s",
	    u->e != NULL ? "the file" : "a new level");
	ue_ask_line(t, "Esc  decide later: edit %s (saving it removes the "
	    "recovery file)", u->e != NULL ? "the file" : "a new level");
	return t->n;
}

/* The editor's cursor and message for a level just opened. */
static void
ue_file_opened(struct ue *u, const char *what)
{
	u->cx = u->e->w / 2;
	u->cy = u->e->h / 2;
	ue_say(u, false, "%s: %dx%d, %d wave%s; ? lists the keys", what,
	    u->e->w, u->e->h, u->e->m.nwaves, u->e->m.nwaves == 1 ? "" : "s");
}

/* A key in the recovery file's offer. */
static void
ue_ask_recover_key(struct ue *u, int ch)
{
	struct edit	*e;
	char		 err[UE_ERR_MAX];

	switch (ch) {
	case 'r':
	case 'R':
		if ((e = edit_recover_open(u->path, u->ask_path, err,
		    sizeof err)) == NULL) {
			ue_say(u, true, "cannot recover: %s", err);
			u->ask = UE_ASK_NONE;
			return;
		}
		edit_free(u->e);
		u->e = e;
		u->ask = UE_ASK_NONE;
		ue_file_opened(u, "recovered");
		if (u->ask_disk == EDIT_DISK_CHANGED ||
		    u->ask_disk == EDIT_DISK_NEW)
			ue_say(u, false, "recovered the unsaved level; the "
			    "file changed on disk since: s asks before writing "
			    "over it");
		else
			ue_say(u, false, "recovered the unsaved level: s saves "
			    "it over %s", u->path);
		break;
	case 'd':
	case 'D':
		u->ask = UE_ASK_NONE;
		if (edit_recover_remove(u->path) != 0)
			ue_say(u, true, "%s: cannot remove it", u->ask_path);
		else
			ue_say(u, false, "recovery file removed");
		break;
	case UE_KEY_ESC:
	case 'q':
		u->ask = UE_ASK_NONE;
		ue_say(u, false, "the recovery file is kept, offered each time "
		    "the level is opened: %s", u->ask_path);
		break;
	}
}

static const struct ue_ask_row ue_asks[UE_ASK_NKINDS] = {
	[UE_ASK_NONE] = { .name = "none" },
	[UE_ASK_RECOVER] = { .name = "recover",
	    .lines = ue_ask_recover_lines, .key = ue_ask_recover_key },
	[UE_ASK_CHANGED] = { .name = "changed",
	    .lines = ue_ask_over_lines, .key = ue_ask_over_key },
	[UE_ASK_EXISTS] = { .name = "exists",
	    .lines = ue_ask_over_lines, .key = ue_ask_over_key },
	[UE_ASK_PATH] = { .name = "path",
	    .lines = ue_ask_path_lines, .key = ue_ask_path_key },
};
_Static_assert(sizeof ue_asks / sizeof ue_asks[0] == UE_ASK_NKINDS,
    "every question needs a row");

/* The lines of the open question's box; 0 when none is open. */
int
ue_ask_lines(struct ue *u, struct ue_ask_text *t)
{
	t->n = 0;
	if (u->ask == UE_ASK_NONE)
		return 0;
	return ue_asks[u->ask].lines(u, t);
}

/* A key for the open question. */
void
ue_ask_key(struct ue *u, int ch)
{
	if (ch != KEY_RESIZE && ch != KEY_MOUSE && u->ask != UE_ASK_NONE)
		ue_asks[u->ask].key(u, ch);
}

/* Opening the file: offer its recovery file, if there is one. */
void
ue_file_offer(struct ue *u)
{
	char	err[UE_ERR_MAX];

	if (edit_recover_find(u->path, u->ask_path, sizeof u->ask_path)) {
		u->ask = UE_ASK_RECOVER;
		u->ask_disk = edit_recover_check(u->path, u->ask_path, err,
		    sizeof err);
	}
}

/*
 * A stopping signal ended the editor (the terminal is back): keep the
 * unsaved level in its recovery file and say where, or say it is lost.
 */
void
ue_file_stopped(struct ue *u, int sig)
{
	char	where[PATH_MAX], err[UE_ERR_MAX], shown[3 * PATH_MAX];

	if (u->e == NULL || !edit_modified(u->e))
		return;
	if (edit_recover_write(u->e, u->path, where, sizeof where, err,
	    sizeof err) != 0) {
		fprintf(stderr, "weir: editing stopped (%s); the changes to "
		    "%s were not saved: %s\n", strsignal(sig),
		    text_visible(shown, sizeof shown, u->path), err);
		return;
	}
	fprintf(stderr, "weir: editing stopped (%s); the unsaved level is "
	    "kept in %s", strsignal(sig), text_visible(shown, sizeof shown,
	    where));
	fprintf(stderr, " (weir --edit %s offers it back)\n",
	    text_visible(shown, sizeof shown, u->path));
}
