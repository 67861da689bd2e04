/* SPDX-License-Identifier: ISC */
/*
 * Settings that stay: the reader (strict, FILE:LINE:COL, all or nothing,
 * but taking what a person writes by hand: a '#' comment after a value,
 * and a key given again, the last one winning with a warning) and the
 * writer (which keeps the file's own lines and comments, and never writes
 * a file longer than the reader takes). See settings.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "safefile.h"
#include "save.h"
#include "settings.h"
#include "textio.h"
#include "util.h"

#define SETTINGS_VALUE_MAX	32	/* bytes of a formatted value */

static const char *const settings_names[SETTINGS_NKEYS] = {
	"difficulty", "endless", "speed", "cell-width", "bell", "ascii",
	"color", "aim"
};

static const char *const settings_aims[SETTINGS_AIM_NKINDS] = {
	"pause", "slow", "on"
};

/* The file's word for aim setting a. */
const char *
settings_aim_name(enum settings_aim a)
{
	return (int)a >= 0 && a < SETTINGS_AIM_NKINDS ? settings_aims[a] :
	    "?";
}

/* The file's word for key k. */
const char *
settings_key_name(enum settings_key k)
{
	return (int)k >= 0 && k < SETTINGS_NKEYS ? settings_names[k] : "?";
}

/* The defaults: normal, not endless, 1x, cells as wide as fit, no bell. */
void
settings_defaults(struct settings *s)
{
	memset(s, 0, sizeof *s);
	s->difficulty = DIFF_NORMAL;
	s->speed = 1;
	s->cell_width = 0;
	s->color = true;
}

/* The flag key k stands for, or NULL if it is no yes/no key. */
static bool *
settings_flag(struct settings *s, enum settings_key k)
{
	switch (k) {
	case SETTINGS_ENDLESS:
		return &s->endless;
	case SETTINGS_BELL:
		return &s->bell;
	case SETTINGS_ASCII:
		return &s->ascii;
	case SETTINGS_COLOR:
		return &s->color;
	default:
		return NULL;
	}
}

/* Key k's value in s, as the file writes it, into buf. */
static void
settings_value(const struct settings *s, enum settings_key k, char *buf,
    size_t size)
{
	const bool	*flag = settings_flag((struct settings *)s, k);

	if (flag != NULL)
		snprintf(buf, size, "%s", *flag ? "yes" : "no");
	else if (k == SETTINGS_DIFFICULTY)
		snprintf(buf, size, "%s", difficulty_name(s->difficulty));
	else if (k == SETTINGS_SPEED)
		snprintf(buf, size, "%d", s->speed);
	else if (k == SETTINGS_AIM)
		snprintf(buf, size, "%s", settings_aim_name(s->aim));
	else if (s->cell_width == 0)
		snprintf(buf, size, "auto");
	else
		snprintf(buf, size, "%d", s->cell_width);
}

/* Whether the n bytes at v are the word w. */
static bool
settings_is(const char *v, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(v, w, n) == 0;
}

/*
 * Set key k of s from the n bytes at v; NULL when they are a value it
 * takes, else what it expects.
 */
static const char *
settings_set(struct settings *s, enum settings_key k, const char *v,
    size_t n)
{
	bool	*flag = settings_flag(s, k);
	int	 d;

	if (flag != NULL) {
		if (!settings_is(v, n, "yes") && !settings_is(v, n, "no"))
			return "yes or no";
		*flag = settings_is(v, n, "yes");
	} else if (k == SETTINGS_DIFFICULTY) {
		if ((d = difficulty_lookup(v, n)) < 0)
			return "easy, normal or hard";
		s->difficulty = (enum game_difficulty)d;
	} else if (k == SETTINGS_SPEED) {
		if (n != 1 || strchr("1248", v[0]) == NULL)
			return "1, 2, 4 or 8";
		s->speed = v[0] - '0';
	} else if (k == SETTINGS_AIM) {
		for (d = 0; d < SETTINGS_AIM_NKINDS; d++) {
			if (settings_is(v, n, settings_aims[d]))
				break;
		}
		if (d == SETTINGS_AIM_NKINDS)
			return "pause, slow or on";
		s->aim = (enum settings_aim)d;
	} else {
		if (!settings_is(v, n, "auto") && !settings_is(v, n, "1") &&
		    !settings_is(v, n, "2"))
			return "auto, 1 or 2";
		s->cell_width = v[0] == 'a' ? 0 : v[0] - '0';
	}
	return NULL;
}

/* The key the n bytes at w name, or -1. */
static int
settings_lookup(const char *w, size_t n)
{
	int	k;

	for (k = 0; k < SETTINGS_NKEYS; k++) {
		if (settings_is(w, n, settings_names[k]))
			return k;
	}
	return -1;
}

/* Where the key of line t starts (after blanks), or NULL if none. */
static const char *
settings_start(const struct textio *t)
{
	const char	*p = t->line, *end = t->line + t->linelen;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p == end || *p == '#' ? NULL : p;
}

/* The end of the value starting at v: before a '#' and the blanks. */
static const char *
settings_value_end(const char *v, const char *end)
{
	const char	*hash;

	for (hash = v; hash < end && *hash != '#'; hash++)
		;
	end = hash;
	while (end > v && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	return end;
}

/*
 * Read line t, "KEY VALUE [# comment]", into s; -1 with the error given
 * if bad. A key given again wins, and the first repeat is warned of in
 * warn ("" while none).
 */
static int
settings_line(struct textio *t, struct settings *s, long *seen, char *warn,
    size_t warnlen)
{
	const char	*p = settings_start(t), *end = t->line + t->linelen;
	const char	*v, *want;
	size_t		 n;
	int		 k;

	if (p == NULL)
		return 0;
	for (n = 0; p + n < end && p[n] != ' ' && p[n] != '\t'; n++)
		;
	if ((k = settings_lookup(p, n)) < 0) {
		textio_error(t, t->lineno, (size_t)(p - t->line) + 1, "unknown "
		    "setting '%.*s' (expected difficulty, endless, speed, "
		    "cell-width, bell, ascii, color or aim)", (int)n, p);
		return -1;
	}
	if ((s->given & 1u << k) && warn[0] == '\0')
		snprintf(warn, warnlen, "%s:%ld:%zu: '%s' given again (first "
		    "on line %ld): the last one is used", t->name, t->lineno,
		    (size_t)(p - t->line) + 1, settings_names[k], seen[k]);
	seen[k] = t->lineno;
	for (v = p + n; v < end && (*v == ' ' || *v == '\t'); v++)
		;
	end = settings_value_end(v, end);
	if ((want = settings_set(s, (enum settings_key)k, v,
	    (size_t)(end - v))) != NULL) {
		textio_error(t, t->lineno, (size_t)(v - t->line) + 1, "expected "
		    "%s after '%s'", want, settings_names[k]);
		return -1;
	}
	s->given |= 1u << k;
	return 0;
}

/*
 * Parse the text of a settings file into s (which starts from the
 * defaults); on any fault -1, "NAME:LINE:COL: message" and s the defaults.
 * On 0, err holds a warning ("NAME:LINE:COL: ... given again"), or "".
 */
int
settings_parse(const char *name, const char *text, size_t len,
    struct settings *s, char *err, size_t errlen)
{
	struct textio	t;
	size_t		i;
	long		seen[SETTINGS_NKEYS] = { 0 };
	char		warn[256] = "";

	settings_defaults(s);
	textio_init(&t, name, text, len, TEXTIO_CR | TEXTIO_TRIM, err, errlen);
	while (textio_next(&t)) {
		for (i = 0; i < t.linelen; i++) {
			unsigned char c = (unsigned char)t.line[i];

			if ((c < 0x20 && c != '\t') || c == 0x7f) {
				textio_error(&t, t.lineno, i + 1, "invalid byte "
				    "0x%02X: expected text", c);
				goto bad;
			}
		}
		if (settings_line(&t, s, seen, warn, sizeof warn) != 0)
			goto bad;
	}
	if (errlen > 0)
		snprintf(err, errlen, "%s", warn);
	return 0;
bad:
	settings_defaults(s);
	return -1;
}

/*
 * The settings file, $XDG_CONFIG_HOME/weir/config (a relative
 * XDG_CONFIG_HOME is ignored: ~/.config). With make_dir, create the
 * directories. -1 when there is no home to put it in.
 */
int
settings_path(char *buf, size_t len, bool make_dir)
{
	return save_xdg_path(buf, len, "XDG_CONFIG_HOME", ".config", "config",
	    make_dir) < 0 ? -1 : 0;
}

/*
 * Read the settings file at path into s: SETTINGS_OK, SETTINGS_MISSING
 * (the defaults), SETTINGS_BAD (the defaults, err FILE:LINE:COL: ...) or
 * SETTINGS_ERROR (the defaults, err why it could not be read).
 */
enum settings_status
settings_load(const char *path, struct settings *s, char *err,
    size_t errlen)
{
	struct safefile_stamp	stamp;
	char			*text;
	size_t			 len;
	enum settings_status	 st;

	settings_defaults(s);
	switch (safefile_read(path, SETTINGS_FILE_MAX, &text, &len, &stamp,
	    err, errlen)) {
	case SAFEFILE_OK:
		break;
	case SAFEFILE_MISSING:
		return SETTINGS_MISSING;
	case SAFEFILE_TOO_LARGE:
		return SETTINGS_BAD;
	default:
		return SETTINGS_ERROR;
	}
	st = settings_parse(path, text, len, s, err, errlen) == 0 ?
	    SETTINGS_OK : SETTINGS_BAD;
	free(text);
	return st;
}

/* Write s into f over the lines of old (a good file, or NULL: none). */
static void
settings_put(FILE *f, const char *old, size_t len, const struct settings *s)
{
	struct textio	 t;
	const char	*p;
	char		 v[SETTINGS_VALUE_MAX];
	unsigned	 done = 0;
	size_t		 n;
	int		 k;

	if (old == NULL)
		fputs("# weir settings: KEY VALUE a line (see weir(6), "
		    "FILES)\n", f);
	textio_init(&t, "", old != NULL ? old : "", len, TEXTIO_CR, NULL, 0);
	while (old != NULL && textio_next(&t)) {
		if ((p = settings_start(&t)) == NULL) {
			fprintf(f, "%.*s\n", (int)t.linelen, t.line);
			continue;
		}
		for (n = 0; p + n < t.line + t.linelen && p[n] != ' ' &&
		    p[n] != '\t'; n++)
			;
		if ((k = settings_lookup(p, n)) < 0) {
			fprintf(f, "%.*s\n", (int)t.linelen, t.line);
			continue;
		}
		settings_value(s, (enum settings_key)k, v, sizeof v);
		p = memchr(p, '#', (size_t)(t.line + t.linelen - p));
		if (p != NULL)
			fprintf(f, "%s %s %.*s\n", settings_names[k], v,
			    (int)(t.line + t.linelen - p), p);
		else
			fprintf(f, "%s %s\n", settings_names[k], v);
		done |= 1u << k;
	}
	for (k = 0; k < SETTINGS_NKEYS; k++) {
		if (done & 1u << k)
			continue;
		settings_value(s, (enum settings_key)k, v, sizeof v);
		fprintf(f, "%s %s\n", settings_names[k], v);
	}
}

/*
 * Write s to the settings file at path (see settings.h); -1 with err if
 * it cannot be, or if the file there does not read (left as it is).
 */
int
settings_save(const char *path, const struct settings *s, char *err,
    size_t errlen)
{
	struct safefile		 sf;
	struct safefile_stamp	 stamp;
	struct settings		 now;
	enum safefile_status	 st;
	FILE			*f;
	char			*text = NULL, why[SAFEFILE_PATH_MAX + 256];
	size_t			 len = 0;
	int			 rc = -1;

	if (safefile_lock(&sf, path, err, errlen) != 0)
		return -1;
	st = safefile_read(path, SETTINGS_FILE_MAX, &text, &len, &stamp, why,
	    sizeof why);
	if (st != SAFEFILE_OK && st != SAFEFILE_MISSING) {
		snprintf(err, errlen, "%s; not written over", why);
		goto out;
	}
	if (st == SAFEFILE_OK && settings_parse(path, text, len, &now, why,
	    sizeof why) != 0) {
		snprintf(err, errlen, "%s; not written over", why);
		goto out;
	}
	if ((f = safefile_create(&sf, 0644, err, errlen)) == NULL)
		goto out;
	settings_put(f, st == SAFEFILE_OK ? text : NULL, len, s);
	/* Never a file the reader would refuse: the old one stays whole. */
	if (ftell(f) > SETTINGS_FILE_MAX) {
		snprintf(err, errlen, "%s: not written: the settings would be "
		    "longer than the %d bytes the file may hold (remove some "
		    "comments)", path, SETTINGS_FILE_MAX);
		goto out;
	}
	rc = safefile_commit(&sf, err, errlen);
out:
	safefile_unlock(&sf);
	free(text);
	return rc;
}
