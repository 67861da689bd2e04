/* SPDX-License-Identifier: ISC */
/*
 * High scores: the strict reader (every fault FILE:LINE:COL) and what goes
 * into the file; the lock, the atomic write and moving a corrupt file aside
 * are safefile.c's. See scores.h for the format and the guarantees.
 */
#include <sys/stat.h>

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "safefile.h"
#include "scores.h"
#include "textio.h"
#include "util.h"

#define SCORES_FIELDS		10	/* words on a game's line */
#define SCORES_FIELDS_V1	9	/* ... in a version 1 file (no stars) */
#define SCORES_PATH_MAX		SAFEFILE_PATH_MAX
#define SCORES_NUM_MAX		((int64_t)1 << 53)	/* ticks, when */
#define SCORES_WAVES_MAX	100000
#define SCORES_LIVES_MAX	1000000

/* Whether c may appear in a level's or a player's name. */
static bool
scores_name_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' ||
	    c == '+' || c == ':';
}

/*
 * The high scores file, $XDG_DATA_HOME/weir/scores (a relative
 * XDG_DATA_HOME is ignored: ~/.local/share). With make_dir, create the
 * directories. -1 when there is no home to put it in.
 */
int
scores_path(char *buf, size_t len, bool make_dir)
{
	const char	*data = getenv("XDG_DATA_HOME");
	const char	*home = getenv("HOME");
	char		*p;
	int		 n;

	if (data != NULL && data[0] == '/')
		n = snprintf(buf, len, "%s/weir/scores", data);
	else if (home != NULL && home[0] == '/')
		n = snprintf(buf, len, "%s/.local/share/weir/scores", home);
	else
		return -1;
	if (n < 0 || (size_t)n >= len)
		return -1;
	if (!make_dir)
		return 0;
	for (p = buf + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
			*p = '/';
			return -1;
		}
		*p = '/';
	}
	return 0;
}

/* Copy src to dst as a name the file accepts: other bytes become '_'. */
void
scores_name(char *dst, size_t size, const char *src)
{
	size_t	i, max = size - 1;

	if (max > SCORES_NAME_MAX)
		max = SCORES_NAME_MAX;
	for (i = 0; i < max && src[i] != '\0'; i++)
		dst[i] = scores_name_char((unsigned char)src[i]) ? src[i] : '_';
	if (i == 0 && max > 0)
		dst[i++] = '-';
	dst[i] = '\0';
}

/*
 * The board a game's score goes on, into dst (SCORES_NAME_MAX + 1 bytes
 * or more): name (a scores_name) for a normal game, "name@SETTING" for
 * another difficulty or endless ("meadow@hard", "meadow@normal+endless").
 * '@' is never in a name, so boards cannot be mistaken for one another.
 */
void
scores_board(char *dst, size_t size, const char *name, const char *difficulty,
    bool endless)
{
	char	own[SCORES_NAME_MAX + 1];

	/* A level called daily:DATE is not that day's daily game. */
	if (strncmp(name, "daily:", 6) == 0) {
		snprintf(own, sizeof own, "daily_%.*s", SCORES_NAME_MAX - 6,
		    name + 6);
		name = own;
	}
	if (!endless && strcmp(difficulty, "normal") == 0)
		snprintf(dst, size, "%s", name);
	else
		snprintf(dst, size, "%.*s@%s%s", SCORES_NAME_MAX - 24, name,
		    difficulty, endless ? "+endless" : "");
}

/* Copy board src to dst as the file accepts it: scores_name each part. */
static void
scores_board_clean(char *dst, size_t size, const char *src)
{
	const char	*at = strchr(src, '@');
	char		 name[SCORES_NAME_MAX + 1], set[SCORES_NAME_MAX + 1];
	size_t		 n = at != NULL ? (size_t)(at - src) : strlen(src);

	if (n > SCORES_NAME_MAX)
		n = SCORES_NAME_MAX;
	memcpy(set, src, n);
	set[n] = '\0';
	scores_name(name, sizeof name, set);
	if (at == NULL) {
		snprintf(dst, size, "%s", name);
		return;
	}
	scores_name(set, sizeof set, at + 1);
	snprintf(dst, size, "%.*s@%.*s", SCORES_NAME_MAX / 2, name,
	    SCORES_NAME_MAX / 2 - 1, set);
}

/*
 * Whether a is a better game than b (both of the same level): a win ranks
 * above every defeat, then the higher score, then the earlier game.
 */
static bool
scores_better(const struct score *a, const struct score *b)
{
	if (a->won != b->won)
		return a->won;
	if (a->score != b->score)
		return a->score > b->score;
	return a->when < b->when;
}

/* qsort order: by level, then best first. */
static int
scores_cmp(const void *pa, const void *pb)
{
	const struct score	*a = pa, *b = pb;
	int			 c = strcmp(a->level, b->level);

	if (c != 0)
		return c;
	if (scores_better(a, b))
		return -1;
	if (scores_better(b, a))
		return 1;
	return strcmp(a->who, b->who);
}

/* Free the games of s and empty it. */
void
scores_free(struct scores *s)
{
	free(s->v);
	s->v = NULL;
	s->n = s->size = 0;
}

/* Room for one more game in s. */
static struct score *
scores_grow(struct scores *s)
{
	if (s->n == s->size) {
		s->size = s->size == 0 ? 32 : s->size * 2;
		s->v = xrealloc(s->v, (size_t)s->size, sizeof *s->v);
	}
	return &s->v[s->n++];
}

/* A whole number 0..max from the word w (len bytes), or -1. */
static int64_t
scores_number(const char *w, size_t len, int64_t max)
{
	uint64_t	v;

	if (textio_uint(w, len, (uint64_t)max, &v) != TEXTIO_NUM_OK)
		return -1;
	return (int64_t)v;
}

/* Copy a name of len bytes to dst (size max + 1); false if not a name. */
static bool
scores_word_name(const char *w, size_t len, char *dst, size_t max)
{
	size_t	i;

	if (len == 0 || len > max)
		return false;
	for (i = 0; i < len; i++) {
		if (!scores_name_char((unsigned char)w[i]))
			return false;
	}
	memcpy(dst, w, len);
	dst[len] = '\0';
	return true;
}

/* What is wrong with the word at word of line; *col gets its column. */
static const char *
scores_fault(size_t *col, const char *line, const char *word, const char *why)
{
	*col = (size_t)(word - line) + 1;
	return why;
}

/* Whether w (len bytes) is a board: a level's name, "@" and a setting. */
static bool
scores_word_board(const char *w, size_t len, char *dst, size_t max)
{
	const char	*at = memchr(w, '@', len);
	size_t		 n = at != NULL ? (size_t)(at - w) : len;

	if (!scores_word_name(w, n, dst, max))
		return false;
	if (at == NULL)
		return true;
	if (len > max || !scores_word_name(at + 1, len - n - 1, dst + n + 1,
	    max - n - 1))
		return false;
	dst[n] = '@';
	return true;
}

/*
 * Parse one game's line (len bytes, no line end) of a file of version
 * (1: no stars) into e; NULL, or what is wrong with it and at which
 * column (*col, from 1).
 */
static const char *
scores_parse_line(const char *line, size_t len, int version, struct score *e,
    size_t *col)
{
	const char	*w[SCORES_FIELDS];
	size_t		 wl[SCORES_FIELDS], i = 0;
	int		 n = 0, want, k;
	int64_t		 v[SCORES_FIELDS];

	want = version == 1 ? SCORES_FIELDS_V1 : SCORES_FIELDS;
	while (i < len) {
		while (i < len && line[i] == ' ')
			i++;
		if (i == len)
			break;
		if (n == want) {
			*col = i + 1;
			return version == 1 ? "too many words: expected 9" :
			    "too many words: expected 10";
		}
		w[n] = line + i;
		while (i < len && line[i] != ' ')
			i++;
		wl[n] = (size_t)(line + i - w[n]);
		n++;
	}
	if (n != want) {
		*col = len + 1;
		return version == 1 ? "too few words: expected 9" :
		    "too few words: expected 10";
	}
	memset(e, 0, sizeof *e);
	if (!scores_word_board(w[0], wl[0], e->level, SCORES_NAME_MAX))
		return scores_fault(col, line, w[0], "bad level name");
	if ((v[1] = scores_number(w[1], wl[1], INT_MAX)) < 0)
		return scores_fault(col, line, w[1], "bad score");
	if (wl[2] == 3 && memcmp(w[2], "won", 3) == 0)
		e->won = true;
	else if (!(wl[2] == 4 && memcmp(w[2], "lost", 4) == 0))
		return scores_fault(col, line, w[2],
		    "bad result: expected won or lost");
	if ((v[3] = scores_number(w[3], wl[3], SCORES_WAVES_MAX)) < 0)
		return scores_fault(col, line, w[3], "bad wave counts");
	if ((v[4] = scores_number(w[4], wl[4], SCORES_WAVES_MAX)) < 0 ||
	    v[3] > v[4])
		return scores_fault(col, line, w[4], "bad wave counts");
	if ((v[5] = scores_number(w[5], wl[5], SCORES_LIVES_MAX)) < 0)
		return scores_fault(col, line, w[5], "bad lives");
	/* Version 1 had no stars: a win there counts one. */
	k = 6;
	if (version == 1)
		e->stars = e->won ? 1 : 0;
	else if ((v[k] = scores_number(w[k], wl[k], 3)) < 0 ||
	    (v[k] > 0) != e->won)
		return scores_fault(col, line, w[k], "bad stars: expected 1 to "
		    "3 for a win, 0 for a loss");
	else
		e->stars = (int)v[k++];
	if ((v[k] = scores_number(w[k], wl[k], SCORES_NUM_MAX)) < 0)
		return scores_fault(col, line, w[k], "bad ticks");
	e->ticks = (long)v[k++];
	if ((v[k] = scores_number(w[k], wl[k], SCORES_NUM_MAX)) < 0)
		return scores_fault(col, line, w[k], "bad time");
	e->when = v[k++];
	if (!scores_word_name(w[k], wl[k], e->who, SCORES_WHO_MAX))
		return scores_fault(col, line, w[k], "bad player name");
	e->score = (int)v[1];
	e->waves = (int)v[3];
	e->waves_total = (int)v[4];
	e->lives = (int)v[5];
	return NULL;
}

/*
 * Parse the whole text of a scores file into s; NULL, or the error and
 * where it is (*lineno, *col, from 1).
 */
static const char *
scores_parse(const char *text, size_t len, struct scores *s, int *lineno,
    size_t *col)
{
	static const char	 header[] = "weir-scores ";
	struct textio		 in;
	int			 version = 0;
	const char		*line, *why, *bad;
	size_t			 ll;
	bool			 ended = false;
	struct score		 e;

	*lineno = 0;
	*col = 1;
	textio_init(&in, NULL, text, len, 0, NULL, 0);
	while (textio_next(&in)) {
		line = in.line;
		ll = in.linelen;
		(*lineno)++;
		for (bad = line; bad < line + ll; bad++) {
			if (*bad == '\0' || *bad == '\r') {
				*col = (size_t)(bad - line) + 1;
				return "control character in the file";
			}
		}
		if (ended)
			return "text after 'end'";
		if (*lineno == 1) {
			if (ll == sizeof header && memcmp(line, header,
			    ll - 1) == 0 && line[ll - 1] >= '1' &&
			    line[ll - 1] <= '0' + SCORES_VERSION)
				version = line[ll - 1] - '0';
			else
				return "expected 'weir-scores 1' or "
				    "'weir-scores 2'";
			continue;
		}
		if (ll == 3 && memcmp(line, "end", 3) == 0) {
			ended = true;
			continue;
		}
		if ((why = scores_parse_line(line, ll, version, &e, col)) !=
		    NULL)
			return why;
		*scores_grow(s) = e;
	}
	if (*lineno == 0) {
		*lineno = 1;
		return "empty file: expected 'weir-scores 2'";
	}
	if (!ended) {
		(*lineno)++;
		return "missing 'end': the file is cut short";
	}
	if (s->n > 1)
		qsort(s->v, (size_t)s->n, sizeof *s->v, scores_cmp);
	return NULL;
}

/*
 * Read the scores file at path into s (emptied first). A missing file is
 * an empty list. On SCORES_CORRUPT, err says "PATH:LINE:COL: what" and s
 * is empty; on SCORES_ERROR, err says why the file could not be read.
 */
enum scores_status
scores_read(const char *path, struct scores *s, char *err, size_t errlen)
{
	const char	*why;
	char		*text;
	size_t		 len, col;
	int		 lineno;

	scores_free(s);
	switch (safefile_read(path, SCORES_FILE_MAX, &text, &len, NULL, err,
	    errlen)) {
	case SAFEFILE_OK:
		break;
	case SAFEFILE_MISSING:
		err[0] = '\0';
		return SCORES_OK;
	case SAFEFILE_TOO_LARGE:
		return SCORES_CORRUPT;
	default:
		return SCORES_ERROR;
	}
	why = scores_parse(text, len, s, &lineno, &col);
	free(text);
	if (why != NULL) {
		textio_format(err, errlen, path, lineno, col, "%s", why);
		scores_free(s);
		return SCORES_CORRUPT;
	}
	return SCORES_OK;
}

/*
 * Read the scores at path for showing. A corrupt file is moved aside
 * (under the writers' lock, after reading it again) and note says so; s
 * is then empty. 0, or -1 with err when the file cannot be read.
 */
int
scores_open(const char *path, struct scores *s, char *note, size_t notelen,
    char *err, size_t errlen)
{
	enum scores_status	st;
	struct safefile		sf;
	char			why[SCORES_PATH_MAX + 256];
	int			rc = 0;

	note[0] = '\0';
	st = scores_read(path, s, why, sizeof why);
	if (st == SCORES_OK)
		return 0;
	if (st == SCORES_ERROR) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	if (safefile_lock(&sf, path, err, errlen) != 0)
		return -1;
	st = scores_read(path, s, why, sizeof why);
	if (st == SCORES_CORRUPT)
		rc = safefile_aside(&sf, NULL, why, note, notelen, err,
		    errlen) == 0 ? 0 : -1;
	else if (st == SCORES_ERROR) {
		snprintf(err, errlen, "%s", why);
		rc = -1;
	}
	safefile_unlock(&sf);
	return rc;
}

/* Write game e's line to f (NULL: nowhere); its length. */
static size_t
scores_line(FILE *f, const struct score *e)
{
	char	buf[SCORES_NAME_MAX + SCORES_WHO_MAX + 128];
	int	n;

	n = snprintf(buf, sizeof buf, "%s %d %s %d %d %d %d %ld %" PRId64
	    " %s\n", e->level, e->score, e->won ? "won" : "lost", e->waves,
	    e->waves_total, e->lives, e->stars, e->ticks, e->when, e->who);
	if (f != NULL)
		fputs(buf, f);
	return n > 0 ? (size_t)n : 0;
}

/* Write s to the locked path, atomically (see safefile.h). */
static int
scores_write(struct safefile *sf, const struct scores *s, char *err,
    size_t errlen)
{
	FILE	*f;
	int	 i;

	if ((f = safefile_create(sf, 0644, err, errlen)) == NULL)
		return -1;
	fprintf(f, "weir-scores %d\n", SCORES_VERSION);
	for (i = 0; i < s->n; i++)
		scores_line(f, &s->v[i]);
	fputs("end\n", f);
	return safefile_commit(sf, err, errlen);
}

/* The order games are given up in: oldest first. */
static int
scores_age_cmp(const void *pa, const void *pb)
{
	const struct score	*a = *(const struct score *const *)pa;
	const struct score	*b = *(const struct score *const *)pb;

	if (a->when != b->when)
		return a->when < b->when ? -1 : 1;
	return a < b ? -1 : (a > b);
}

/*
 * Keep the file no longer than SCORES_FILE_MAX, which the reader allows:
 * while it would be longer, drop the oldest games, first those that are
 * not their level's best win, then (only if that is not enough) best wins
 * too; the game at index keep stays. Returns keep's new index.
 */
static int
scores_bound(struct scores *s, int keep)
{
	struct score	**age;
	bool		 *gone;
	size_t		  size = sizeof "weir-scores 2\nend\n" - 1;
	int		  i, j, pass, out = keep;

	for (i = 0; i < s->n; i++)
		size += scores_line(NULL, &s->v[i]);
	if (size <= SCORES_FILE_MAX)
		return keep;
	age = xcalloc((size_t)s->n, sizeof *age);
	gone = xcalloc((size_t)s->n, sizeof *gone);
	for (i = 0; i < s->n; i++)
		age[i] = &s->v[i];
	qsort(age, (size_t)s->n, sizeof *age, scores_age_cmp);
	for (pass = 0; pass < 2 && size > SCORES_FILE_MAX; pass++) {
		for (j = 0; j < s->n && size > SCORES_FILE_MAX; j++) {
			int k = (int)(age[j] - s->v);
			bool best_win;

			if (k == keep || gone[k])
				continue;
			/* Games of a level run best first: its first win. */
			for (i = k - 1; i >= 0 && strcmp(s->v[i].level,
			    s->v[k].level) == 0 && !s->v[i].won; i--)
				;
			best_win = s->v[k].won && (i < 0 ||
			    strcmp(s->v[i].level, s->v[k].level) != 0);
			if (best_win && pass == 0)
				continue;
			gone[k] = true;
			size -= scores_line(NULL, &s->v[k]);
		}
	}
	for (i = j = 0; i < s->n; i++) {
		if (gone[i])
			continue;
		if (i == keep)
			out = j;
		s->v[j++] = s->v[i];
	}
	s->n = j;
	free(gone);
	free(age);
	return out;
}

/*
 * Drop the games past SCORES_KEEP of every level, but keep a level's best
 * win. Returns the new index of the game at index keep (-1 if dropped).
 */
static int
scores_trim(struct scores *s, int keep)
{
	int	i, j = 0, start = 0, rank = 0, out = -1;
	bool	won = false;

	for (i = 0; i < s->n; i++) {
		if (i == 0 || strcmp(s->v[i].level, s->v[start].level) != 0) {
			start = i;
			rank = 0;
			won = false;
		}
		rank++;
		if (rank > SCORES_KEEP && !(s->v[i].won && !won))
			continue;
		won = won || s->v[i].won;
		if (i == keep)
			out = j;
		s->v[j++] = s->v[i];
	}
	s->n = j;
	return out;
}

/*
 * Add game e to the scores at path: under the writers' lock, read the file
 * again, put e in its place (after the games it ties with), keep the best
 * and write the file anew. *rank (may be NULL) gets e's place among its
 * level's games, 1 for the best, 0 if it did not make the list. A corrupt
 * file is moved aside first and note says so. 0, or -1 with err.
 */
int
scores_add(const char *path, const struct score *e, int *rank, char *note,
    size_t notelen, char *err, size_t errlen)
{
	enum scores_status	 st;
	struct scores		 s = { NULL, 0, 0 };
	struct score		*v, add = *e;
	struct safefile		 sf;
	char			 why[SCORES_PATH_MAX + 256];
	int			 at, first, rc = -1;

	note[0] = '\0';
	scores_board_clean(add.level, sizeof add.level, e->level);
	scores_name(add.who, sizeof add.who, e->who);
	add.stars = !add.won ? 0 : add.stars < 1 ? 1 : add.stars > 3 ? 3 :
	    add.stars;
	if (rank != NULL)
		*rank = 0;
	if (safefile_lock(&sf, path, err, errlen) != 0)
		return -1;
	st = scores_read(path, &s, why, sizeof why);
	if (st == SCORES_ERROR) {
		snprintf(err, errlen, "%s", why);
		goto out;
	}
	if (st == SCORES_CORRUPT &&
	    safefile_aside(&sf, NULL, why, note, notelen, err, errlen) != 0)
		goto out;

	for (at = 0; at < s.n; at++) {
		int c = strcmp(s.v[at].level, add.level);

		if (c > 0 || (c == 0 && scores_better(&add, &s.v[at])))
			break;
	}
	scores_grow(&s);
	v = s.v;
	memmove(v + at + 1, v + at, (size_t)(s.n - 1 - at) * sizeof *v);
	v[at] = add;

	at = scores_bound(&s, scores_trim(&s, at));
	if (at >= 0 && rank != NULL) {
		for (first = at; first > 0 &&
		    strcmp(s.v[first - 1].level, s.v[at].level) == 0; first--)
			;
		*rank = at - first + 1;
	}
	if (scores_write(&sf, &s, err, errlen) == 0)
		rc = 0;
	else if (rank != NULL)
		*rank = 0;
out:
	scores_free(&s);
	safefile_unlock(&sf);
	return rc;
}

/* The games of level in s, best first: *first and how many. */
int
scores_level(const struct scores *s, const char *level,
    const struct score **first)
{
	int	i, n = 0;

	*first = NULL;
	for (i = 0; i < s->n; i++) {
		if (strcmp(s->v[i].level, level) != 0)
			continue;
		if (n++ == 0)
			*first = &s->v[i];
	}
	return n;
}

/* The best game of level, or NULL. */
const struct score *
scores_best(const struct scores *s, const char *level)
{
	const struct score	*first;

	return scores_level(s, level, &first) > 0 ? first : NULL;
}

/* Whether level has been won. */
bool
scores_completed(const struct scores *s, const char *level)
{
	const struct score	*first;
	int			 n = scores_level(s, level, &first);

	for (int i = 0; i < n; i++) {
		if (first[i].won)
			return true;
	}
	return false;
}

/* The most stars a win on board level has had, 0 when none. */
int
scores_stars(const struct scores *s, const char *level)
{
	const struct score	*first;
	int			 i, n, most = 0;

	n = scores_level(s, level, &first);
	for (i = 0; i < n; i++)
		if (first[i].stars > most)
			most = first[i].stars;
	return most;
}
