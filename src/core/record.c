/* SPDX-License-Identifier: ISC */
/*
 * Recordings: the hash that seals one, the writer (atomic, by way of
 * safefile.c; it writes nothing the reader would refuse) and the reader
 * (strict, every fault FILE:LINE:COL, never a crash). See record.h.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "safefile.h"
#include "save.h"
#include "script.h"
#include "textio.h"
#include "util.h"

#define RECORD_LINE_MAX	4200	/* bytes of one formatted line */

static const char *const record_result_names[] = { "won", "lost", "quit" };

/* "won", "lost" or "quit". */
const char *
record_result_name(enum record_result r)
{
	if ((int)r < 0 || r > RECORD_QUIT)
		return "?";
	return record_result_names[r];
}

/* Fold the string s, with its NUL, into h. */
static uint64_t
record_fold_str(uint64_t h, const char *s)
{
	return game_fnv(h, s, strlen(s) + 1);
}

/*
 * The hash a recording ends with: the game's state hash, the format's
 * version, the seed and setting, the level's hash, name, title and
 * format, the daily date, the strategy and the take-over's tick of the
 * recording r, and every command of g's log as a script line with its
 * tick. A command moved to another tick, another seed, another level or
 * any claim changed gives another hash even where the game would come out
 * the same.
 */
uint64_t
record_hash(const struct game *g, const struct recording *r)
{
	uint64_t	h = game_hash(g), v[5];
	char		line[RECORD_LINE_MAX];
	int		i, n;

	v[0] = r->seed;
	v[1] = r->level_hash;
	v[2] = (uint64_t)g->difficulty << 2 | (uint64_t)g->endless << 1 |
	    (uint64_t)g->sandbox;
	v[3] = (uint64_t)RECORD_VERSION << 1 | (uint64_t)r->map;
	v[4] = (uint64_t)r->taken;
	for (i = 0; i < 5; i++)
		h = game_fnv_u64(h, v[i]);
	h = record_fold_str(h, r->level_name);
	h = record_fold_str(h, r->title);
	h = record_fold_str(h, r->daily);
	h = record_fold_str(h, r->strategy);
	for (i = 0; i < g->nlog; i++) {
		n = script_format(&g->log[i], line, sizeof line);
		if (n > 0)
			h = game_fnv(h, line, (size_t)n + 1);
	}
	return h;
}

/* Free a recording. */
void
record_free(struct recording *r)
{
	if (r == NULL)
		return;
	free(r->level_text);
	free(r->cmds);
	free(r->cmd_line);
	free(r->checks);
	free(r);
}

/* The lines of a recording before its level, into f. */
static void
record_put_head(FILE *f, const struct recording *r)
{
	fprintf(f, "weir-recording %d\nlevel-name %s\ntitle %s\nformat %s\n"
	    "level-hash %016" PRIx64 "\nseed %" PRIu64 "\nsandbox %d\n"
	    "difficulty %s\nendless %d\n", RECORD_VERSION, r->level_name,
	    r->title, r->map ? "map" : "weir", r->level_hash, r->seed,
	    r->opts.sandbox ? 1 : 0, difficulty_name(r->opts.difficulty),
	    r->opts.endless ? 1 : 0);
	if (r->daily[0] != '\0')
		fprintf(f, "daily %s\n", r->daily);
	if (r->strategy[0] != '\0')
		fprintf(f, "strategy %s\n", r->strategy);
	if (r->taken > 0)
		fprintf(f, "taken-over %ld\n", r->taken);
	fprintf(f, "when %" PRId64 "\n", r->when);
	if (r->player[0] != '\0')
		fprintf(f, "player %s\n", r->player);
}

/* The level's lines, "|LINE" each, after "level N". */
static void
record_put_level(FILE *f, const struct recording *r)
{
	const char	*p = r->level_text, *end = p + r->level_len, *nl;
	long		 n = 0;

	for (nl = p; nl < end; nl++)
		n += *nl == '\n';
	fprintf(f, "level %ld\n", n);
	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		fprintf(f, "|%.*s\n", (int)(nl - p), p);
	}
}

/* The commands, the checks and the end. */
static void
record_put_tail(FILE *f, const struct recording *r)
{
	char	line[RECORD_LINE_MAX];
	int	i;

	fprintf(f, "commands %d\n", r->ncmds);
	for (i = 0; i < r->ncmds; i++) {
		script_format(&r->cmds[i], line, sizeof line);
		fprintf(f, "%s\n", line);
	}
	fprintf(f, "checks %d\n", r->nchecks);
	for (i = 0; i < r->nchecks; i++)
		fprintf(f, "%ld %016" PRIx64 "\n", r->checks[i].tick,
		    r->checks[i].hash);
	fprintf(f, "result %s %ld\nscore %d\nwaves %d %d\nlives %d\n"
	    "stars %d\nhash %016" PRIx64 "\nend\n",
	    record_result_name(r->result), r->ticks, r->score,
	    r->waves_cleared, r->waves_total, r->lives, r->stars, r->hash);
}

/* Whether the n bytes at s hold no control byte but tab (and no '\n'). */
static bool
record_clean(const char *s, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return false;
	}
	return true;
}

/* Whether the reader would take r back: -1 with err if it would not. */
static int
record_writable(const char *path, const struct recording *r, char *err,
    size_t errlen)
{
	const char	*why = NULL;
	size_t		 i;

	if (r->level_len == 0 || r->level_len > RECORD_LEVEL_MAX ||
	    r->level_text[r->level_len - 1] != '\n')
		why = "the level's text is empty, too long or unended";
	for (i = 0; why == NULL && i < r->level_len; i++) {
		unsigned char c = (unsigned char)r->level_text[i];

		if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
			why = "the level's text holds a control byte";
	}
	if (why == NULL && (!record_clean(r->title, strlen(r->title)) ||
	    !record_clean(r->player, strlen(r->player)) ||
	    r->level_name[0] == '\0' || strchr(r->level_name, ' ') != NULL ||
	    !record_clean(r->level_name, strlen(r->level_name)) ||
	    strchr(r->strategy, ' ') != NULL ||
	    !record_clean(r->strategy, strlen(r->strategy))))
		why = "a name holds a blank or a control byte";
	if (why == NULL && r->ticks > SCRIPT_TICK_MAX)
		why = "the clock is past the last tick a recording holds";
	if (why == NULL && (r->taken < 0 || r->taken > r->ticks))
		why = "the take-over is not within the game";
	if (why == NULL && r->nchecks > RECORD_CHECKS_MAX)
		why = "too many checks";
	if (why == NULL)
		return 0;
	snprintf(err, errlen, "%s: cannot record: %s", path, why);
	return -1;
}

/*
 * Write recording r to path: atomically, under the writers' lock (never
 * half a file; see safefile.h). -1 with err if it cannot be, or if the
 * reader would refuse what would be written.
 */
int
record_write(const char *path, const struct recording *r, char *err,
    size_t errlen)
{
	struct safefile	 sf;
	FILE		*f;
	int		 rc = -1;

	if (record_writable(path, r, err, errlen) != 0)
		return -1;
	if (safefile_lock(&sf, path, err, errlen) != 0)
		return -1;
	if (safefile_same_kind(path, "weir-recording ", "a recording", err,
	    errlen) != 0)
		goto out;
	if ((f = safefile_create(&sf, 0600, err, errlen)) == NULL)
		goto out;
	record_put_head(f, r);
	record_put_level(f, r);
	record_put_tail(f, r);
	if (ftell(f) > RECORD_FILE_MAX) {
		snprintf(err, errlen, "%s: cannot record: more than the %d "
		    "bytes a recording can hold", path, RECORD_FILE_MAX);
		safefile_unlock(&sf);
		return -1;
	}
	rc = safefile_commit(&sf, err, errlen);
out:
	safefile_unlock(&sf);
	return rc;
}

/* ---- the reader ---- */

/* Report an error at column col of the current line; returns -1. */
static int __attribute__((format(printf, 3, 4)))
record_error(struct textio *t, size_t col, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	textio_verror(t, t->lineno, col, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * Whether the text is text: no control byte but tab, CR only before a
 * line's '\n'; else an error at the first one.
 */
static bool
record_text(const char *name, const char *text, size_t len, char *err,
    size_t errlen)
{
	struct textio	t;
	size_t		i;

	textio_init(&t, name, text, len, 0, err, errlen);
	while (textio_next(&t)) {
		for (i = 0; i < t.linelen; i++) {
			unsigned char c = (unsigned char)t.line[i];

			if ((c < 0x20 && c != '\t' && !(c == '\r' &&
			    i + 1 == t.linelen && t.lastnl)) || c == 0x7f)
				return textio_error(&t, t.lineno, i + 1,
				    "invalid byte 0x%02X: expected text", c);
		}
	}
	return true;
}

/* Read the next line, "KEY VALUE", into *v (into the text), or fail. */
static int
record_key(struct textio *t, const char *key, const char **v, size_t *n)
{
	size_t	k = strlen(key);

	if (!textio_next(t)) {
		t->lineno++;
		return record_error(t, 1, "expected '%s', found end of file",
		    key);
	}
	if (t->linelen <= k + 1 || memcmp(t->line, key, k) != 0 ||
	    t->line[k] != ' ')
		return record_error(t, 1, "expected '%s' and its value", key);
	*v = t->line + k + 1;
	*n = t->linelen - k - 1;
	return 0;
}

/* Whether the next line is "KEY ..." (reading nothing). */
static bool
record_has(const struct textio *t, const char *key)
{
	struct textio	peek = *t;
	size_t		k = strlen(key);

	return textio_next(&peek) && peek.linelen > k &&
	    memcmp(peek.line, key, k) == 0 && peek.line[k] == ' ';
}

/* Read the n bytes at s as a number no larger than max, at column col. */
static int
record_uint(struct textio *t, const char *s, size_t n, size_t col,
    uint64_t max, uint64_t *out)
{
	enum textio_num	got;

	if (n > 20 || (got = textio_uint(s, n, max, out)) == TEXTIO_NUM_BAD)
		return record_error(t, col, "expected a number");
	if (got == TEXTIO_NUM_RANGE)
		return record_error(t, col, "number out of range (at most %"
		    PRIu64 ")", max);
	return 0;
}

/* Read "KEY N", N no larger than max. */
static int
record_number(struct textio *t, const char *key, uint64_t max,
    uint64_t *out)
{
	const char	*v;
	size_t		 n;

	if (record_key(t, key, &v, &n) < 0)
		return -1;
	return record_uint(t, v, n, strlen(key) + 2, max, out);
}

/* Read 16 lower-case hex digits at s (n bytes), at column col. */
static int
record_hex(struct textio *t, const char *s, size_t n, size_t col,
    uint64_t *out)
{
	size_t	i;

	*out = 0;
	for (i = 0; i < 16; i++) {
		int d = i >= n ? -1 : s[i] >= '0' && s[i] <= '9' ? s[i] - '0' :
		    s[i] >= 'a' && s[i] <= 'f' ? s[i] - 'a' + 10 : -1;

		if (d < 0)
			return record_error(t, col + i, "expected 16 hex "
			    "digits");
		*out = *out << 4 | (uint64_t)d;
	}
	if (n != 16)
		return record_error(t, col + 16, "expected 16 hex digits");
	return 0;
}

/* Read "KEY WORD" into dst (size bytes), a word with no blank if word. */
static int
record_string(struct textio *t, const char *key, char *dst, size_t size,
    bool word)
{
	const char	*v;
	size_t		 n;

	if (record_key(t, key, &v, &n) < 0)
		return -1;
	if (n >= size)
		return record_error(t, strlen(key) + 2, "'%s' too long (at "
		    "most %zu bytes)", key, size - 1);
	if (word && (memchr(v, ' ', n) != NULL || memchr(v, '\t', n) != NULL))
		return record_error(t, strlen(key) + 2, "expected one word "
		    "after '%s'", key);
	memcpy(dst, v, n);
	dst[n] = '\0';
	return 0;
}

/* Read "KEY 0" or "KEY 1". */
static int
record_flag(struct textio *t, const char *key, bool *out)
{
	uint64_t	x;

	if (record_number(t, key, 1, &x) < 0)
		return -1;
	*out = x != 0;
	return 0;
}

/* Read "daily YYYY-MM-DD", if there. */
static int
record_daily(struct textio *t, struct recording *r)
{
	const char	*d = r->daily;
	int		 i;

	if (!record_has(t, "daily"))
		return 0;
	if (record_string(t, "daily", r->daily, sizeof r->daily, true) < 0)
		return -1;
	for (i = 0; i < RECORD_DATE_MAX; i++) {
		bool dash = i == 4 || i == 7;

		if (dash ? d[i] != '-' : d[i] < '0' || d[i] > '9')
			return record_error(t, 7 + (size_t)i, "expected a "
			    "date, YYYY-MM-DD");
	}
	if (d[i] != '\0')
		return record_error(t, 7 + (size_t)i, "expected a date, "
		    "YYYY-MM-DD");
	return 0;
}

/*
 * The first line, "weir-recording 2": another version of the format is
 * refused with both versions named.
 */
static int
record_version(struct textio *t)
{
	static const char	 magic[] = "weir-recording ";
	size_t			 m = sizeof magic - 1;
	uint64_t		 v;

	if (!textio_next(t) || t->linelen <= m ||
	    memcmp(t->line, magic, m) != 0) {
		if (t->lineno == 0)
			t->lineno = 1;
		return record_error(t, 1, "expected 'weir-recording %d' at "
		    "the start of the file", RECORD_VERSION);
	}
	if (t->linelen - m > 9 || textio_uint(t->line + m, t->linelen - m,
	    999999999, &v) != TEXTIO_NUM_OK)
		return record_error(t, m + 1, "expected the format's version, "
		    "a number");
	if (v != RECORD_VERSION)
		return record_error(t, m + 1, "a recording of format version "
		    "%" PRIu64 ": this weir reads version %d only", v,
		    RECORD_VERSION);
	return 0;
}

/* Read "strategy NAME" and "taken-over TICK", each if there. */
static int
record_who(struct textio *t, struct recording *r)
{
	uint64_t	x;

	if (record_has(t, "strategy") && record_string(t, "strategy",
	    r->strategy, sizeof r->strategy, true) < 0)
		return -1;
	if (!record_has(t, "taken-over"))
		return 0;
	if (record_number(t, "taken-over", SCRIPT_TICK_MAX, &x) < 0)
		return -1;
	if (x == 0)
		return record_error(t, 12, "expected the tick of the take-over, "
		    "after the first");
	r->taken = (long)x;
	r->head_taken = t->lineno;
	return 0;
}

/* The header: everything before the level's lines. */
static int
record_parse_head(struct textio *t, struct recording *r)
{
	const char	*v;
	size_t		 n;
	uint64_t	 x;
	int		 d;

	if (record_version(t) < 0)
		return -1;
	if (record_string(t, "level-name", r->level_name,
	    sizeof r->level_name, true) < 0 ||
	    record_string(t, "title", r->title, sizeof r->title, false) < 0 ||
	    record_key(t, "format", &v, &n) < 0)
		return -1;
	if ((n != 4 || memcmp(v, "weir", 4) != 0) && (n != 3 ||
	    memcmp(v, "map", 3) != 0))
		return record_error(t, 8, "expected 'weir' or 'map'");
	r->map = n == 3;
	if (record_key(t, "level-hash", &v, &n) < 0 ||
	    record_hex(t, v, n, 12, &r->level_hash) < 0 ||
	    record_number(t, "seed", UINT64_MAX, &r->seed) < 0 ||
	    record_flag(t, "sandbox", &r->opts.sandbox) < 0 ||
	    record_key(t, "difficulty", &v, &n) < 0)
		return -1;
	if ((d = difficulty_lookup(v, n)) < 0) {
		char names[KIND_LIST_MAX];

		difficulty_list(names, sizeof names);
		return record_error(t, 12, "expected %s", names);
	}
	r->opts.difficulty = (enum game_difficulty)d;
	if (record_flag(t, "endless", &r->opts.endless) < 0 ||
	    record_daily(t, r) < 0 || record_who(t, r) < 0 ||
	    record_number(t, "when", INT64_MAX, &x) < 0)
		return -1;
	r->when = (int64_t)x;
	if (record_has(t, "player") && record_string(t, "player", r->player,
	    sizeof r->player, false) < 0)
		return -1;
	return 0;
}

/* "level N" and the N lines of the level's text, each behind '|'. */
static int
record_parse_level(struct textio *t, struct recording *r, size_t len)
{
	uint64_t	 n, k;
	size_t		 at = 0;

	if (record_number(t, "level", len / 2, &n) < 0)
		return -1;
	if (n == 0)
		return record_error(t, 7, "expected the level's lines");
	r->level_line = t->lineno + 1;
	r->level_text = xmalloc(len + 1);
	for (k = 0; k < n; k++) {
		if (!textio_next(t)) {
			t->lineno++;
			return record_error(t, 1, "expected %" PRIu64 " more "
			    "lines of the level, found end of file", n - k);
		}
		if (t->linelen == 0 || t->line[0] != '|')
			return record_error(t, 1, "expected '|' and a line of "
			    "the level");
		memcpy(r->level_text + at, t->line + 1, t->linelen - 1);
		at += t->linelen - 1;
		r->level_text[at++] = '\n';
	}
	r->level_len = at;
	return 0;
}

/* "commands N" and N command lines in time order. */
static int
record_parse_cmds(struct textio *t, struct recording *r, size_t len)
{
	uint64_t	 n;
	size_t		 col;
	char		 msg[256];
	int		 k, got;

	if (record_number(t, "commands", len / 6, &n) < 0)
		return -1;
	r->ncmds = (int)n;
	r->cmds = xcalloc(n > 0 ? (size_t)n : 1, sizeof *r->cmds);
	r->cmd_line = xcalloc(n > 0 ? (size_t)n : 1, sizeof *r->cmd_line);
	for (k = 0; k < r->ncmds; k++) {
		if (!textio_next(t)) {
			t->lineno++;
			return record_error(t, 1, "expected %d more command "
			    "lines, found end of file", r->ncmds - k);
		}
		got = script_parse_line(t->line, t->linelen, &r->cmds[k], &col,
		    msg, sizeof msg);
		if (got <= 0)
			return record_error(t, got < 0 ? col : 1, "%s", got < 0 ?
			    msg : "expected a command line");
		if (k > 0 && r->cmds[k].tick < r->cmds[k - 1].tick)
			return record_error(t, 1, "command out of time order");
		r->cmd_line[k] = t->lineno;
	}
	return 0;
}

/* "checks N" and N lines "TICK HASH", ticks rising. */
static int
record_parse_checks(struct textio *t, struct recording *r, size_t len)
{
	const char	*sp;
	uint64_t	 n, x;
	int		 k;

	if (record_number(t, "checks", RECORD_CHECKS_MAX, &n) < 0)
		return -1;
	r->check_line = t->lineno;
	if (n > len / 18)
		return record_error(t, 8, "more checks than the file can hold");
	r->nchecks = (int)n;
	r->checks = xcalloc(n > 0 ? (size_t)n : 1, sizeof *r->checks);
	for (k = 0; k < r->nchecks; k++) {
		if (!textio_next(t)) {
			t->lineno++;
			return record_error(t, 1, "expected %d more check "
			    "lines, found end of file", r->nchecks - k);
		}
		sp = memchr(t->line, ' ', t->linelen);
		if (sp == NULL)
			return record_error(t, 1, "expected 'TICK HASH'");
		if (record_uint(t, t->line, (size_t)(sp - t->line), 1,
		    SCRIPT_TICK_MAX, &x) < 0 || record_hex(t, sp + 1,
		    t->linelen - (size_t)(sp - t->line) - 1,
		    (size_t)(sp - t->line) + 2, &r->checks[k].hash) < 0)
			return -1;
		r->checks[k].tick = (long)x;
		if (x == 0 || (k > 0 && r->checks[k].tick <=
		    r->checks[k - 1].tick))
			return record_error(t, 1, "check out of time order");
	}
	return 0;
}

/* "result WORD TICKS": how the game ended and when. */
static int
record_parse_result(struct textio *t, struct recording *r)
{
	const char	*v, *sp;
	size_t		 n, w;
	uint64_t	 x;
	int		 i;

	if (record_key(t, "result", &v, &n) < 0)
		return -1;
	sp = memchr(v, ' ', n);
	w = sp != NULL ? (size_t)(sp - v) : n;
	for (i = 0; i <= RECORD_QUIT; i++) {
		if (strlen(record_result_names[i]) == w &&
		    memcmp(v, record_result_names[i], w) == 0)
			break;
	}
	if (i > RECORD_QUIT || sp == NULL)
		return record_error(t, 8, "expected 'won', 'lost' or 'quit' "
		    "and the clock at the end");
	r->result = (enum record_result)i;
	if (record_uint(t, sp + 1, n - w - 1, 9 + w, SCRIPT_TICK_MAX, &x) < 0)
		return -1;
	r->ticks = (long)x;
	return 0;
}

/* "waves CLEARED TOTAL". */
static int
record_parse_waves(struct textio *t, struct recording *r)
{
	const char	*v, *sp;
	size_t		 n;
	uint64_t	 a, b;

	if (record_key(t, "waves", &v, &n) < 0)
		return -1;
	if ((sp = memchr(v, ' ', n)) == NULL)
		return record_error(t, 7, "expected the waves cleared and the "
		    "waves in all");
	if (record_uint(t, v, (size_t)(sp - v), 7, INT32_MAX, &a) < 0 ||
	    record_uint(t, sp + 1, n - (size_t)(sp - v) - 1,
	    8 + (size_t)(sp - v), INT32_MAX, &b) < 0)
		return -1;
	r->waves_cleared = (int)a;
	r->waves_total = (int)b;
	return 0;
}

/* The end: result, score, waves, lives, stars, hash and "end". */
static int
record_parse_end(struct textio *t, struct recording *r)
{
	const char	*v;
	size_t		 n;
	uint64_t	 x;

	if (record_parse_result(t, r) < 0 ||
	    record_number(t, "score", INT32_MAX, &x) < 0)
		return -1;
	r->score = (int)x;
	if (record_parse_waves(t, r) < 0 ||
	    record_number(t, "lives", INT32_MAX, &x) < 0)
		return -1;
	r->lives = (int)x;
	if (record_number(t, "stars", 3, &x) < 0)
		return -1;
	r->stars = (int)x;
	if (record_key(t, "hash", &v, &n) < 0 ||
	    record_hex(t, v, n, 6, &r->hash) < 0)
		return -1;
	if (!textio_next(t) || t->linelen != 3 || memcmp(t->line, "end", 3))
		return record_error(t, 1, "expected 'end'");
	while (textio_next(t)) {
		if (t->linelen > 0)
			return record_error(t, 1, "unexpected text after "
			    "'end'");
	}
	return 0;
}

/* Whether every command and check falls within the game's clock. */
static int
record_in_time(struct textio *t, const struct recording *r)
{
	if (r->ncmds > 0 && r->cmds[r->ncmds - 1].tick > r->ticks) {
		t->lineno = r->cmd_line[r->ncmds - 1];
		return record_error(t, 1, "command after the end of the game "
		    "(tick %ld)", r->ticks);
	}
	if (r->taken > r->ticks) {
		t->lineno = r->head_taken;
		return record_error(t, 1, "take-over after the end of the game "
		    "(tick %ld)", r->ticks);
	}
	if (r->nchecks > 0 && r->checks[r->nchecks - 1].tick > r->ticks) {
		t->lineno = r->check_line;
		return record_error(t, 1, "check after the end of the game "
		    "(tick %ld)", r->ticks);
	}
	return 0;
}

/*
 * Parse the text of a recording; NULL and "NAME:LINE:COL: message" on any
 * error. Never crashes on any input. The level's text is not parsed here
 * (record_level does that).
 */
struct recording *
record_parse(const char *name, const char *text, size_t len, char *err,
    size_t errlen)
{
	struct textio		 t;
	struct recording	*r = xcalloc(1, sizeof *r);

	if (!record_text(name, text, len, err, errlen))
		goto fail;
	textio_init(&t, name, text, len, TEXTIO_CR, err, errlen);
	if (record_parse_head(&t, r) < 0 || record_parse_level(&t, r, len) < 0 ||
	    record_parse_cmds(&t, r, len) < 0 ||
	    record_parse_checks(&t, r, len) < 0 ||
	    record_parse_end(&t, r) < 0 || record_in_time(&t, r) < 0)
		goto fail;
	return r;

fail:
	record_free(r);
	return NULL;
}

/* Read the recording at path (only read, whatever it holds); NULL, err. */
struct recording *
record_read(const char *path, char *err, size_t errlen)
{
	struct safefile_stamp	 stamp;
	struct recording	*r = NULL;
	size_t			 len;
	char			*text;

	switch (safefile_read(path, RECORD_FILE_MAX, &text, &len, &stamp, err,
	    errlen)) {
	case SAFEFILE_OK:
		break;
	default:
		return NULL;
	}
	r = record_parse(path, text, len, err, errlen);
	free(text);
	return r;
}
