/* SPDX-License-Identifier: ISC */
/*
 * Opening a level and resuming a save, for every front end. A new game is
 * the level read, its file hashed (a save made from it records the hash)
 * and a game made from it; a resumed game is the save read, its level
 * opened and hashed, the hash compared with the save's, and the command
 * log replayed on a new game to the saved clock. See session.h for what
 * each failure says and what becomes of the save.
 */
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movingai.h"
#include "scores.h"
#include "session.h"
#include "util.h"

#define SESSION_MSG_MAX	(SESSION_PATH_MAX + 1024)	/* one message */

/* Whether the len bytes at name make an installed level's name. */
bool
session_level_name(const char *name, size_t len)
{
	size_t	i;

	if (len == 0)
		return false;
	for (i = 0; i < len; i++) {
		char c = name[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '_'))
			return false;
	}
	return true;
}

/*
 * The identity of the level file at path (resolved, as a session's) whose
 * bytes hash to hash (save_hash), into dst (SCORES_NAME_MAX + 1 bytes or
 * more): NAME for an installed level, level_dir/NAME.weir (level_dir may
 * be NULL: none), else the file's name, without its suffix, '.' and
 * sixteen hex digits of a hash of path and hash. See session.h.
 */
void
session_level_key(char *dst, size_t size, const char *path, uint64_t hash,
    const char *level_dir)
{
	char		 dir[SESSION_PATH_MAX], name[SCORES_NAME_MAX + 1];
	char		 key[SESSION_PATH_MAX];
	unsigned char	 both[SESSION_PATH_MAX + 8];
	const char	*base = strrchr(path, '/');
	size_t		 n, len = strnlen(path, SESSION_PATH_MAX - 1) + 1;
	int		 i;

	base = base != NULL ? base + 1 : path;
	save_level_name(name, sizeof name, path);
	n = strlen(base);
	/* Installed: level_dir/NAME.weir is this very file (a link too). */
	if (level_dir != NULL && n > 5 && strcmp(base + n - 5, ".weir") == 0 &&
	    session_level_name(base, n - 5) && n - 5 <= SCORES_NAME_MAX &&
	    session_resolve(level_dir, name, key, sizeof key) &&
	    realpath(key, dir) != NULL && strcmp(dir, path) == 0) {
		snprintf(dst, size, "%.*s", (int)(n - 5), base);
		return;
	}
	/* The path with its NUL, then the bytes' hash, little end first. */
	memcpy(both, path, len - 1);
	both[len - 1] = '\0';
	for (i = 0; i < 8; i++)
		both[len + (size_t)i] = (unsigned char)(hash >> (8 * i));
	if (name[0] == '.')
		name[0] = '_';	/* no hidden save file */
	snprintf(key, sizeof key, "%.*s.%016" PRIx64, SESSION_KEY_BASE, name,
	    save_hash(both, len + 8));
	scores_name(dst, size, key);
}

/*
 * Turn a LEVEL argument into a path in buf: an installed level's name
 * becomes DIR/NAME.weir, anything else is a path already. False when it
 * does not fit.
 */
bool
session_resolve(const char *dir, const char *arg, char *buf, size_t size)
{
	int	n;

	if (session_level_name(arg, strlen(arg)))
		n = snprintf(buf, size, "%s/%s.weir", dir, arg);
	else
		n = snprintf(buf, size, "%s", arg);
	return n >= 0 && (size_t)n < size;
}

/* Read a level file of either format, chosen by its name's ending. */
struct level *
session_load_level(const char *path, char *err, size_t errlen)
{
	if (session_is_map(path))
		return movingai_load(path, err, errlen);
	return level_load(path, err, errlen);
}

/* Whether dir holds a level file (NAME.weir). */
static bool
session_has_levels(const char *dir)
{
	struct dirent	*de;
	DIR		*d;
	size_t		 n;
	bool		 found = false;

	if ((d = opendir(dir)) == NULL)
		return false;
	while (!found && (de = readdir(d)) != NULL) {
		n = strlen(de->d_name);
		found = n > 5 && strcmp(de->d_name + n - 5, ".weir") == 0;
	}
	closedir(d);
	return found;
}

/*
 * Where the installed levels are, into buf: the configured directory when
 * it holds levels; else, found from where the program itself is (exe: its
 * path, /proc/self/exe or argv[0]), the levels of the build tree it was
 * built in (PROGDIR/../levels: src/weir in the build tree) or of a prefix
 * it was installed to other than the configured one
 * (PROGDIR/../share/weir/levels); else the configured directory still,
 * for the messages to name.
 */
void
session_level_dir(const char *configured, const char *exe, char *buf,
    size_t size)
{
	static const char *const rel[] = { "../levels", "../share/weir/levels" };
	char	 self[SESSION_PATH_MAX], dir[SESSION_PATH_MAX], *slash;
	size_t	 i;
	int	 n;

	snprintf(buf, size, "%s", configured);
	if (session_has_levels(configured) || exe == NULL)
		return;
	if (realpath(exe, self) == NULL)
		return;
	if ((slash = strrchr(self, '/')) == NULL)
		return;
	*slash = '\0';
	for (i = 0; i < sizeof rel / sizeof rel[0]; i++) {
		n = snprintf(dir, sizeof dir, "%s/%s", self, rel[i]);
		if (n < 0 || (size_t)n >= sizeof dir || !session_has_levels(dir))
			continue;
		if (realpath(dir, self) != NULL)
			snprintf(buf, size, "%s", self);
		else
			snprintf(buf, size, "%s", dir);
		return;
	}
}

/*
 * Check the level file at path, handing each error ("FILE:LINE:COL:
 * message", or "FILE: reason" when it cannot be read) to sink: every
 * independent error of a weir level, up to LEVEL_MAX_ERRORS, or the first
 * of a Moving AI map. Returns how many errors there were.
 */
int
session_check_level(const char *path, void (*sink)(void *, const char *),
    void *arg)
{
	struct level	*l;
	char		 err[SESSION_MSG_MAX], *text;
	size_t		 n = strlen(path), len;
	int		 nerr;

	if (n >= 4 && strcmp(path + n - 4, ".map") == 0) {
		if ((l = movingai_load(path, err, sizeof err)) == NULL) {
			sink(arg, err);
			return 1;
		}
		level_free(l);
		return 0;
	}
	if ((text = level_read_file(path, &len, err, sizeof err)) == NULL) {
		sink(arg, err);
		return 1;
	}
	nerr = level_check_all(path, text, len, sink, arg, LEVEL_MAX_ERRORS);
	free(text);
	return nerr;
}

/* Whether path names a Moving AI map (it ends in ".map"). */
bool
session_is_map(const char *path)
{
	size_t	n = strlen(path);

	return n >= 4 && strcmp(path + n - 4, ".map") == 0;
}

/*
 * A session with the level file at path read once, parsed and hashed
 * from those bytes (kept, for a recording of the game), no game yet.
 */
static struct session *
session_read_level(const char *path, char *err, size_t errlen)
{
	struct session	*s = xcalloc(1, sizeof *s);

	if ((s->level_text = level_read_file(path, &s->level_len, err,
	    errlen)) == NULL) {
		session_free(s);
		return NULL;
	}
	s->level_map = session_is_map(path);
	s->lv = s->level_map ? movingai_parse(path, s->level_text,
	    s->level_len, err, errlen) : level_parse(path, s->level_text,
	    s->level_len, err, errlen);
	if (s->lv == NULL) {
		session_free(s);
		return NULL;
	}
	s->level_hash = save_hash(s->level_text, s->level_len);
	if (realpath(path, s->path) == NULL)
		snprintf(s->path, sizeof s->path, "%s", path);
	return s;
}

/* A new game of the level file at path; NULL with err if it cannot be. */
struct session *
session_open(const char *path, uint64_t seed, bool sandbox, char *err,
    size_t errlen)
{
	struct game_opts	o = GAME_OPTS_INIT;

	o.sandbox = sandbox;
	return session_open_opts(path, seed, &o, err, errlen);
}

/* A new game of the level file at path played as o says (see game.h). */
struct session *
session_open_opts(const char *path, uint64_t seed, const struct game_opts *o,
    char *err, size_t errlen)
{
	struct session	*s;

	if ((s = session_read_level(path, err, errlen)) == NULL)
		return NULL;
	s->seed = seed;
	s->sandbox = o->sandbox;
	s->g = game_new_opts(s->lv, seed, o);
	return s;
}

/* Write "prefix: msg" over err, msg being err's own text. */
static void
session_prefix(char *err, size_t errlen, const char *prefix)
{
	char	why[SESSION_MSG_MAX];

	snprintf(why, sizeof why, "%s: %s", prefix, err);
	snprintf(err, errlen, "%s", why);
}

/*
 * Resume the game saved at path (see session.h); NULL with err and *st
 * (may be NULL) when it cannot be. The game sends no events.
 */
struct session *
session_resume(const char *save, enum session_owner owner,
    enum session_status *st, char *err, size_t errlen)
{
	enum session_status	 dummy;
	enum save_status	 sst;
	struct save		*sv;
	struct session		*s = NULL;
	struct game_opts	 opts;
	char			 why[SESSION_MSG_MAX];

	if (st == NULL)
		st = &dummy;
	if (owner == SESSION_OWN)
		sv = save_open(save, &sst, err, errlen);
	else
		sv = save_load(save, &sst, err, errlen);
	if (sv == NULL) {
		*st = sst == SAVE_MISSING ? SESSION_MISSING :
		    sst == SAVE_CORRUPT ? SESSION_CORRUPT : SESSION_UNREADABLE;
		return NULL;
	}
	*st = SESSION_STALE;
	if ((s = session_read_level(sv->level, err, errlen)) == NULL) {
		/* "SAVE: its level: LEVEL: cannot open: ..." */
		snprintf(why, sizeof why, "%s: its level: %s", save, err);
		snprintf(err, errlen, "%s", why);
		goto out;
	}
	if (s->level_hash != sv->level_hash) {
		snprintf(err, errlen, "%s: the level %s has changed since the "
		    "game was saved", save, sv->level);
		goto fail;
	}
	s->seed = sv->seed;
	s->sandbox = sv->sandbox;
	save_opts(sv, &opts);
	s->g = game_new_opts(s->lv, s->seed, &opts);
	if (save_replay(s->g, sv, err, errlen) != 0) {
		/* "SAVE: does not replay: ..." */
		*st = SESSION_CORRUPT;
		session_prefix(err, errlen, save);
		if (owner == SESSION_OWN) {
			snprintf(why, sizeof why, "%s", err);
			save_aside(save, sv, why, err, errlen);
		}
		goto fail;
	}
	s->resumed = true;
	s->save_stamp = sv->stamp;
	*st = SESSION_OK;
	goto out;

fail:
	session_free(s);
	s = NULL;
out:
	save_free(sv);
	return s;
}

/* Save the session's game to path (atomically; see save.h). */
int
session_save(const struct session *s, const char *path, char *err,
    size_t errlen)
{
	return save_write(path, s->path, s->level_hash, s->seed, s->g, err,
	    errlen);
}

/* session_save, replacing only the save known (save_write_over). */
int
session_save_over(const struct session *s, const char *path,
    const struct safefile_stamp *known, char *err, size_t errlen)
{
	return save_write_over(path, s->path, s->level_hash, s->seed, s->g,
	    known, err, errlen);
}

/* Free a session, its game and its level. */
void
session_free(struct session *s)
{
	if (s == NULL)
		return;
	game_free(s->g);
	level_free(s->lv);
	free(s->level_text);
	free(s);
}
