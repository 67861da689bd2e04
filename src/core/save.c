/* SPDX-License-Identifier: ISC */
/*
 * Saved games: the writer (atomic, by way of safefile.c), the reader
 * (strict, every error FILE:LINE:COL), moving a corrupt save aside, and
 * the replay. See save.h.
 */
#include <sys/stat.h>

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "save.h"
#include "script.h"
#include "textio.h"
#include "util.h"

#define SAVE_LINE_MAX	4200	/* bytes of one formatted line */

/* FNV-1a, 64 bits, of n bytes. */
uint64_t
save_hash(const void *p, size_t n)
{
	const unsigned char	*b = p;
	uint64_t		 h = 0xCBF29CE484222325ULL;

	while (n-- > 0) {
		h ^= *b++;
		h *= 0x100000001B3ULL;
	}
	return h;
}

/* The save_hash of the file at path; -1 with a message if unreadable. */
int
save_hash_file(const char *path, uint64_t *h, char *err, size_t errlen)
{
	size_t	 len;
	char	*text;

	if ((text = level_read_file(path, &len, err, errlen)) == NULL)
		return -1;
	*h = save_hash(text, len);
	free(text);
	return 0;
}

/* The lines of a save before its commands, into buf; their length. */
static int
save_header(char *buf, size_t len, const char *level, uint64_t level_hash,
    uint64_t seed, const struct game *g)
{
	char	play[64] = "";

	if (g->difficulty != DIFF_NORMAL)
		snprintf(play, sizeof play, "difficulty %s\n",
		    difficulty_name(g->difficulty));
	if (g->endless)
		snprintf(play + strlen(play), sizeof play - strlen(play),
		    "endless 1\n");
	return snprintf(buf, len, "weir-save %d\nlevel %s\nlevel-hash %016"
	    PRIx64 "\nseed %" PRIu64 "\nsandbox %d\n%stick %ld\ncommands %d\n",
	    SAVE_VERSION, level, level_hash, seed, g->sandbox ? 1 : 0, play,
	    g->tick, g->nlog);
}

/*
 * Write game g, played on the level at path level (whose bytes hash to
 * level_hash) from seed, to path: atomically, under the writers' lock.
 * A save the reader would refuse (over SAVE_FILE_MAX bytes, a clock past
 * SCRIPT_TICK_MAX) is not written: -1 with err.
 */
int
save_write(const char *path, const char *level, uint64_t level_hash,
    uint64_t seed, const struct game *g, char *err, size_t errlen)
{
	return save_write_over(path, level, level_hash, seed, g, NULL, err,
	    errlen);
}

/*
 * save_write, replacing only the file known: the save that was at path
 * when the game began (a stamp of zeros: none was). A save another weir
 * has written there since is kept: SAVE_TAKEN with err saying so. With
 * known NULL, whatever save is there is replaced.
 */
int
save_write_over(const char *path, const char *level, uint64_t level_hash,
    uint64_t seed, const struct game *g, const struct safefile_stamp *known,
    char *err, size_t errlen)
{
	struct safefile_stamp	 now;
	struct safefile	 sf;
	char		 line[SAVE_LINE_MAX], *head;
	FILE		*f;
	size_t		 size;
	int		 i, n, rc = -1;

	if (strchr(level, '\n') != NULL || strchr(level, '\r') != NULL) {
		snprintf(err, errlen, "%s: cannot save: the level's path holds "
		    "a line break", path);
		return -1;
	}
	if (g->tick > SCRIPT_TICK_MAX) {
		snprintf(err, errlen, "%s: cannot save: the clock is past "
		    "tick %ld, the last a save can hold", path,
		    SCRIPT_TICK_MAX);
		return -1;
	}
	/* Bound what is written as the reader bounds what it reads. */
	n = save_header(NULL, 0, level, level_hash, seed, g);
	size = (size_t)n + sizeof "end\n" - 1;
	for (i = 0; i < g->nlog; i++)
		size += (size_t)script_format(&g->log[i], line, sizeof line) + 1;
	if (size > SAVE_FILE_MAX) {
		snprintf(err, errlen, "%s: cannot save: %d commands make %zu "
		    "bytes, more than the %d a save can hold", path, g->nlog,
		    size, SAVE_FILE_MAX);
		return -1;
	}
	if (safefile_lock(&sf, path, err, errlen) != 0)
		return -1;
	if (safefile_same_kind(path, "weir-save ", "a saved game", err,
	    errlen) != 0)
		goto out;
	if (known != NULL && (safefile_stamp_path(path, &now) == 0 ?
	    !safefile_stamp_same(&now, known) : known->ino != 0)) {
		snprintf(err, errlen, "%s: another weir saved a game of this "
		    "level there while this one was played", path);
		rc = SAVE_TAKEN;
		goto out;
	}
	if ((f = safefile_create(&sf, 0600, err, errlen)) == NULL)
		goto out;
	head = xmalloc((size_t)n + 1);
	save_header(head, (size_t)n + 1, level, level_hash, seed, g);
	fputs(head, f);
	free(head);
	for (i = 0; i < g->nlog; i++) {
		script_format(&g->log[i], line, sizeof line);
		fprintf(f, "%s\n", line);
	}
	fputs("end\n", f);
	rc = safefile_commit(&sf, err, errlen);
out:
	safefile_unlock(&sf);
	return rc;
}

/* Report an error at column col of the current line; returns -1. */
static int __attribute__((format(printf, 3, 4)))
save_error(struct textio *r, size_t col, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	textio_verror(r, r->lineno, col, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * Whether the text is text: no control bytes but tab, and CR only before
 * a line's '\n'; else an error at the first one.
 */
static bool
save_check_text(const char *name, const char *text, size_t len, char *err,
    size_t errlen)
{
	struct textio	r;
	size_t		i;

	textio_init(&r, name, text, len, 0, err, errlen);
	while (textio_next(&r)) {
		for (i = 0; i < r.linelen; i++) {
			unsigned char c = (unsigned char)r.line[i];

			if ((c < 0x20 && c != '\t' && !(c == '\r' &&
			    i + 1 == r.linelen && r.lastnl)) || c == 0x7f)
				return textio_error(&r, r.lineno, i + 1,
				    "invalid byte 0x%02X: expected text", c);
		}
	}
	return true;
}

/*
 * Read the line "KEY VALUE" into *value (pointing into the text) or fail
 * with "expected 'KEY ...'".
 */
static int
save_key(struct textio *r, const char *key, const char **value,
    size_t *vlen)
{
	size_t	k = strlen(key);

	if (!textio_next(r)) {
		r->lineno++;
		return save_error(r, 1, "expected '%s', found end of file",
		    key);
	}
	if (r->linelen <= k + 1 || memcmp(r->line, key, k) != 0 ||
	    r->line[k] != ' ')
		return save_error(r, 1, "expected '%s' and its value", key);
	*value = r->line + k + 1;
	*vlen = r->linelen - k - 1;
	return 0;
}

/* Whether the next line is "KEY ..." (read nothing either way). */
static bool
save_has(const struct textio *r, const char *key)
{
	struct textio	peek = *r;
	size_t		k = strlen(key);

	return textio_next(&peek) && peek.linelen > k &&
	    memcmp(peek.line, key, k) == 0 && peek.line[k] == ' ';
}

/* Read "KEY N" with N a decimal number no larger than max. */
static int
save_number(struct textio *r, const char *key, uint64_t max, uint64_t *out)
{
	const char	*v;
	size_t		 n;
	enum textio_num	 got;

	if (save_key(r, key, &v, &n) < 0)
		return -1;
	/* More than 20 digits is no number a save holds. */
	if (n > 20 || (got = textio_uint(v, n, max, out)) == TEXTIO_NUM_BAD)
		return save_error(r, strlen(key) + 2, "expected a number "
		    "after '%s'", key);
	if (got == TEXTIO_NUM_RANGE)
		return save_error(r, strlen(key) + 2, "'%s' out of range",
		    key);
	return 0;
}

/*
 * Parse the text of a saved game; NULL and "NAME:LINE:COL: message" on
 * any error. Never crashes on any input.
 */
struct save *
save_parse(const char *name, const char *text, size_t len, char *err,
    size_t errlen)
{
	struct textio		 r;
	struct save		*s = xcalloc(1, sizeof *s);
	const char		*v;
	size_t			 n, i, col;
	uint64_t		 x;
	char			 msg[256];
	int			 k, got;

	if (!save_check_text(name, text, len, err, errlen))
		goto fail;
	textio_init(&r, name, text, len, TEXTIO_CR, err, errlen);
	if (!textio_next(&r) || r.linelen != 11 ||
	    memcmp(r.line, "weir-save 1", 11) != 0) {
		if (r.lineno == 0)
			r.lineno = 1;
		save_error(&r, 1, "expected 'weir-save 1' at the start of the "
		    "file");
		goto fail;
	}
	if (save_key(&r, "level", &v, &n) < 0)
		goto fail;
	s->level = xmalloc(n + 1);
	memcpy(s->level, v, n);
	s->level[n] = '\0';
	if (save_key(&r, "level-hash", &v, &n) < 0)
		goto fail;
	if (n != 16) {
		save_error(&r, 12, "expected 16 hex digits after 'level-hash'");
		goto fail;
	}
	for (i = 0; i < n; i++) {
		int d = v[i] >= '0' && v[i] <= '9' ? v[i] - '0' :
		    v[i] >= 'a' && v[i] <= 'f' ? v[i] - 'a' + 10 : -1;

		if (d < 0) {
			save_error(&r, 12 + i, "expected 16 hex digits after "
			    "'level-hash'");
			goto fail;
		}
		s->level_hash = s->level_hash << 4 | (uint64_t)d;
	}
	if (save_number(&r, "seed", UINT64_MAX, &s->seed) < 0)
		goto fail;
	if (save_number(&r, "sandbox", 1, &x) < 0)
		goto fail;
	s->sandbox = x != 0;
	s->difficulty = DIFF_NORMAL;
	if (save_has(&r, "difficulty")) {
		if (save_key(&r, "difficulty", &v, &n) < 0)
			goto fail;
		if ((got = difficulty_lookup(v, n)) < 0) {
			char names[KIND_LIST_MAX];

			difficulty_list(names, sizeof names);
			save_error(&r, 12, "expected %s after 'difficulty'",
			    names);
			goto fail;
		}
		s->difficulty = (enum game_difficulty)got;
	}
	if (save_has(&r, "endless")) {
		if (save_number(&r, "endless", 1, &x) < 0)
			goto fail;
		s->endless = x != 0;
	}
	if (save_number(&r, "tick", SCRIPT_TICK_MAX, &x) < 0)
		goto fail;
	s->tick = (long)x;
	if (save_number(&r, "commands", 100000000, &x) < 0)
		goto fail;
	s->ncmds = (int)x;
	if (x > len / 6) {	/* each command line is at least 6 bytes */
		save_error(&r, 10, "more commands than the file can hold");
		goto fail;
	}
	s->cmds = xcalloc(x > 0 ? (size_t)x : 1, sizeof *s->cmds);
	for (k = 0; k < s->ncmds; k++) {
		if (!textio_next(&r)) {
			r.lineno++;
			save_error(&r, 1, "expected %d more command lines, "
			    "found end of file", s->ncmds - k);
			goto fail;
		}
		got = script_parse_line(r.line, r.linelen, &s->cmds[k], &col,
		    msg, sizeof msg);
		if (got <= 0) {
			save_error(&r, got < 0 ? col : 1, "%s", got < 0 ? msg :
			    "expected a command line");
			goto fail;
		}
		if (s->cmds[k].tick > s->tick || (k > 0 &&
		    s->cmds[k].tick < s->cmds[k - 1].tick)) {
			save_error(&r, 1, "command out of time order");
			goto fail;
		}
	}
	if (!textio_next(&r) || r.linelen != 3 ||
	    memcmp(r.line, "end", 3) != 0) {
		save_error(&r, 1, "expected 'end' after the commands");
		goto fail;
	}
	while (textio_next(&r)) {
		if (r.linelen > 0) {
			save_error(&r, 1, "unexpected text after 'end'");
			goto fail;
		}
	}
	return s;

fail:
	save_free(s);
	return NULL;
}

/*
 * Read the saved game at path: the save, or NULL with *st saying why not
 * and err the message; stamp gets which file was read.
 */
static struct save *
save_load_stamped(const char *path, enum save_status *st,
    struct safefile_stamp *stamp, char *err, size_t errlen)
{
	struct save	*s = NULL;
	size_t		 len;
	char		*text;

	switch (safefile_read(path, SAVE_FILE_MAX, &text, &len, stamp, err,
	    errlen)) {
	case SAFEFILE_OK:
		break;
	case SAFEFILE_MISSING:
		*st = SAVE_MISSING;
		return NULL;
	case SAFEFILE_TOO_LARGE:
		*st = SAVE_CORRUPT;
		return NULL;
	default:
		*st = SAVE_ERROR;
		return NULL;
	}
	if ((s = save_parse(path, text, len, err, errlen)) != NULL) {
		s->stamp = *stamp;
		*st = SAVE_OK;
	} else
		*st = SAVE_CORRUPT;
	free(text);
	return s;
}

/*
 * Read the saved game at path; NULL and a message on any error. The file
 * is only read, whatever it holds.
 */
struct save *
save_read(const char *path, char *err, size_t errlen)
{
	struct safefile_stamp	stamp;
	enum save_status	st;

	return save_load_stamped(path, &st, &stamp, err, errlen);
}

/*
 * As save_read, and *st says what was found: SAVE_MISSING, SAVE_CORRUPT
 * (err is "PATH:LINE:COL: ...") or SAVE_ERROR. The file is only read.
 */
struct save *
save_load(const char *path, enum save_status *st, char *err, size_t errlen)
{
	struct safefile_stamp	stamp;

	return save_load_stamped(path, st, &stamp, err, errlen);
}

/*
 * Move the corrupt save at path aside, if it is still the file stamped;
 * why is what is wrong with it. As safefile_aside, but err gets the
 * message in every case: why and where the file went.
 */
static int
save_move_aside(const char *path, const struct safefile_stamp *stamp,
    const char *why, char *err, size_t errlen)
{
	struct safefile	sf;
	int		rc;

	if (safefile_lock(&sf, path, err, errlen) != 0) {
		char lockerr[SAFEFILE_PATH_MAX + 64];

		snprintf(lockerr, sizeof lockerr, "%s", err);
		snprintf(err, errlen, "%s; cannot move it aside: %s", why,
		    lockerr);
		return -1;
	}
	rc = safefile_aside(&sf, stamp, why, err, errlen, err, errlen);
	safefile_unlock(&sf);
	if (rc == 1)
		snprintf(err, errlen, "%s", why);
	return rc;
}

/*
 * Read the save weir keeps at path (the game left unfinished). As
 * save_read, and *st says what was found; a corrupt file is moved aside
 * to PATH.corrupt-N and err ends "; kept as PATH.corrupt-N" (or why it
 * could not be moved). A file replaced meanwhile by a new save is read
 * again.
 */
struct save *
save_open(const char *path, enum save_status *st, char *err, size_t errlen)
{
	struct safefile_stamp	 stamp;
	struct save		*s;
	char			 why[SAFEFILE_PATH_MAX + 600];
	int			 tries;

	for (tries = 0; tries < 3; tries++) {
		if ((s = save_load_stamped(path, st, &stamp, why,
		    sizeof why)) != NULL)
			return s;
		if (*st != SAVE_CORRUPT ||
		    save_move_aside(path, &stamp, why, err, errlen) != 1)
			break;
	}
	if (*st != SAVE_CORRUPT || tries == 3)
		snprintf(err, errlen, "%s", why);
	return NULL;
}

/*
 * Move save s, read from path with save_open and found unusable (why says
 * how), aside as a corrupt file; err gets why and where it went. 0 when
 * moved, 1 when path holds another save by now (left alone), -1 if it
 * could not be moved.
 */
int
save_aside(const char *path, const struct save *s, const char *why,
    char *err, size_t errlen)
{
	char	copy[SAFEFILE_PATH_MAX + 600];

	snprintf(copy, sizeof copy, "%s", why);
	return save_move_aside(path, &s->stamp, copy, err, errlen);
}

/*
 * Remove the save at path, read with save_open (stamp) and played to its
 * end, unless path holds another save by now: that one is left for
 * --continue. 0 when removed or left, -1 with err if it could not be.
 */
int
save_remove(const char *path, const struct safefile_stamp *stamp, char *err,
    size_t errlen)
{
	struct safefile	sf;
	int		rc;

	if (safefile_lock(&sf, path, err, errlen) != 0)
		return -1;
	rc = safefile_remove(&sf, stamp, err, errlen);
	safefile_unlock(&sf);
	return rc < 0 ? -1 : 0;
}

/* Free a save. */
void
save_free(struct save *s)
{
	if (s == NULL)
		return;
	free(s->level);
	free(s->cmds);
	free(s);
}

/* The options the game saved in s was made with. */
void
save_opts(const struct save *s, struct game_opts *o)
{
	o->sandbox = s->sandbox;
	o->difficulty = s->difficulty;
	o->endless = s->endless;
}

/*
 * Replay save s on g, a game just made from the same level, seed and
 * sandbox flag: every command at its tick, then ticks up to the saved
 * clock. Events go wherever g sends them (usually nowhere, meanwhile).
 */
int
save_replay(struct game *g, const struct save *s, char *err, size_t errlen)
{
	int	k;

	if (g->tick != 0 || g->nlog != 0 || g->sandbox != s->sandbox ||
	    g->difficulty != s->difficulty || g->endless != s->endless) {
		snprintf(err, errlen, "does not replay: replay needs a fresh "
		    "game of the same kind");
		return -1;
	}
	for (k = 0; k < s->ncmds; k++) {
		while (g->tick < s->cmds[k].tick && !game_over(g))
			game_tick(g);
		game_command(g, &s->cmds[k]);
	}
	while (g->tick < s->tick && !game_over(g))
		game_tick(g);
	if (g->tick != s->tick) {
		snprintf(err, errlen, "does not replay: the game ended at "
		    "tick %ld, before the saved tick %ld", g->tick, s->tick);
		return -1;
	}
	return 0;
}

/* mkdir -p for the directories above path's last component. */
int
save_mkdirs(char *path)
{
	char	*p;

	for (p = path + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0700) != 0 && errno != EEXIST) {
			*p = '/';
			return -1;
		}
		*p = '/';
	}
	return 0;
}

/*
 * The path of weir's file name under the directory the environment variable
 * var names ($XDG_STATE_HOME, $XDG_CONFIG_HOME), or, when it is unset or
 * relative, under ~/dflt: buf gets VAR/weir/name. With make_dir, create the
 * directories on the way (a name ending in '/' is a directory, made too).
 * Returns the length written, or -1 when there is no home to put it in or
 * the path does not fit.
 */
int
save_xdg_path(char *buf, size_t len, const char *var, const char *dflt,
    const char *name, bool make_dir)
{
	const char	*base = getenv(var);
	const char	*home = getenv("HOME");
	int		 n;

	if (base != NULL && base[0] == '/')
		n = snprintf(buf, len, "%s/weir/%s", base, name);
	else if (home != NULL && home[0] == '/')
		n = snprintf(buf, len, "%s/%s/weir/%s", home, dflt, name);
	else
		return -1;
	if (n < 0 || (size_t)n >= len)
		return -1;
	if (make_dir && save_mkdirs(buf) != 0)
		return -1;
	return n;
}

/*
 * The single saved game of older weirs (save-dir.c keeps one a level now),
 * $XDG_STATE_HOME/weir/current.save (a relative
 * XDG_STATE_HOME is ignored: ~/.local/state). With make_dir, create the
 * directories. -1 when there is no home to put it in.
 */
int
save_default_path(char *buf, size_t len, bool make_dir)
{
	return save_xdg_path(buf, len, "XDG_STATE_HOME", ".local/state",
	    "current.save", make_dir) < 0 ? -1 : 0;
}
