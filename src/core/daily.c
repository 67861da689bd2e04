/* SPDX-License-Identifier: ISC */
/*
 * The daily game: dates, the rule that picks a date's game, the campaign
 * it picks from, the file of dates tried, and the line to paste. See
 * daily.h for the rule and the file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daily.h"
#include "safefile.h"
#include "save.h"
#include "session.h"
#include "textio.h"
#include "util.h"

#define DAILY_DATE_LEN	10	/* "YYYY-MM-DD" */

/* Days in month m (1..12) of year y. */
static int
daily_month_days(int y, int m)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31,
	    30, 31 };
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return m == 2 && leap ? 29 : days[m - 1];
}

/* Read "YYYY-MM-DD", a real date from 1970 to 9999; false if it is not. */
bool
daily_parse_date(const char *s, struct daily_date *d)
{
	int	i, v[3] = { 0, 0, 0 }, part = 0;

	if (strlen(s) != DAILY_DATE_LEN)
		return false;
	for (i = 0; i < DAILY_DATE_LEN; i++) {
		if (i == 4 || i == 7) {
			if (s[i] != '-')
				return false;
			part++;
		} else if (s[i] >= '0' && s[i] <= '9')
			v[part] = v[part] * 10 + (s[i] - '0');
		else
			return false;
	}
	if (v[0] < 1970 || v[1] < 1 || v[1] > 12 || v[2] < 1 ||
	    v[2] > daily_month_days(v[0], v[1]))
		return false;
	d->year = v[0];
	d->month = v[1];
	d->day = v[2];
	return true;
}

/* The UTC date at now (seconds since 1970). */
void
daily_today(int64_t now, struct daily_date *d)
{
	time_t		t = (time_t)now;
	struct tm	tm;

	if (gmtime_r(&t, &tm) == NULL) {
		d->year = 1970;
		d->month = d->day = 1;
		return;
	}
	d->year = tm.tm_year + 1900;
	d->month = tm.tm_mon + 1;
	d->day = tm.tm_mday;
}

/* Days from 1970-01-01 to d (a date from 1970 on). */
int64_t
daily_days(const struct daily_date *d)
{
	int64_t	n = 0;
	int	y, m;

	for (y = 1970; y < d->year; y++)
		n += daily_month_days(y, 2) == 29 ? 366 : 365;
	for (m = 1; m < d->month; m++)
		n += daily_month_days(d->year, m);
	return n + d->day - 1;
}

/* "YYYY-MM-DD" into buf. */
void
daily_format(const struct daily_date *d, char *buf, size_t size)
{
	snprintf(buf, size, "%04d-%02d-%02d", d->year, d->month, d->day);
}

/* splitmix64 of x: a well-mixed 64 bits from any 64 bits. */
static uint64_t
daily_mix(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ULL;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
	return x ^ (x >> 31);
}

/*
 * The game of date d from campaign c, by the rule of daily.h, into out.
 * -1 when the campaign is empty.
 */
int
daily_pick(const struct daily_date *d, const struct daily_campaign *c,
    struct daily *out)
{
	int64_t	days = daily_days(d);
	int	weekday = (int)((days + 4) % 7);	/* 0 Sunday: 1970-01-01
							   was a Thursday */

	if (c->n <= 0)
		return -1;
	memset(out, 0, sizeof *out);
	out->date = *d;
	daily_format(d, out->text, sizeof out->text);
	out->level = (int)(days % c->n);
	snprintf(out->name, sizeof out->name, "%s", c->names[out->level]);
	out->difficulty = weekday == 0 || weekday == 6 ? DIFF_HARD :
	    DIFF_NORMAL;
	out->endless = true;
	out->seed = daily_mix((uint64_t)days + DAILY_SALT);
	return 0;
}

/* The score board of date d's game: "daily:YYYY-MM-DD". */
void
daily_board(const struct daily_date *d, char *buf, size_t size)
{
	char	date[16];

	daily_format(d, date, sizeof date);
	snprintf(buf, size, "daily:%s", date);
}

/* Add the name on line t (its first word, '#' comments dropped) to c. */
static void
daily_campaign_line(const struct textio *t, struct daily_campaign *c)
{
	const char	*s = t->line, *end = t->line + t->linelen;
	size_t		 n;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	for (n = 0; s + n < end && s[n] != ' ' && s[n] != '\t' &&
	    s[n] != '#'; n++)
		;
	if (n == 0 || n > SCORES_NAME_MAX || !session_level_name(s, n) ||
	    c->n >= DAILY_LEVELS_MAX)
		return;
	memcpy(c->names[c->n], s, n);
	c->names[c->n][n] = '\0';
	c->n++;
}

/*
 * Read the campaign's order from dir/campaign (one level name a line, a
 * rating may follow, '#' comments), into c. -1 with err when it cannot be
 * read or names no level.
 */
int
daily_campaign_read(const char *dir, struct daily_campaign *c, char *err,
    size_t errlen)
{
	struct safefile_stamp	 stamp;
	struct textio		 t;
	char			 path[SAFEFILE_PATH_MAX], *text;
	size_t			 len;

	memset(c, 0, sizeof *c);
	snprintf(path, sizeof path, "%s/campaign", dir);
	if (safefile_read(path, DAILY_FILE_MAX, &text, &len, &stamp, err,
	    errlen) != SAFEFILE_OK)
		return -1;
	c->names = xcalloc(DAILY_LEVELS_MAX, sizeof *c->names);
	textio_init(&t, path, text, len, TEXTIO_CR | TEXTIO_TRIM, NULL, 0);
	while (textio_next(&t))
		daily_campaign_line(&t, c);
	free(text);
	if (c->n == 0) {
		snprintf(err, errlen, "%s: names no level", path);
		daily_campaign_free(c);
		return -1;
	}
	return 0;
}

/* Free a campaign list. */
void
daily_campaign_free(struct daily_campaign *c)
{
	free(c->names);
	memset(c, 0, sizeof *c);
}

/*
 * The file of dates tried, $XDG_STATE_HOME/weir/daily (a relative
 * XDG_STATE_HOME is ignored: ~/.local/state). With make_dir, create the
 * directories. -1 when there is no home to put it in.
 */
int
daily_path(char *buf, size_t len, bool make_dir)
{
	return save_xdg_path(buf, len, "XDG_STATE_HOME", ".local/state",
	    "daily", make_dir) < 0 ? -1 : 0;
}

/* Dates read from the file: text slices, DAILY_DATE_LEN bytes each. */
struct daily_tried {
	const char	**v;
	int		  n;
};

/*
 * Read the dates tried from text into tr; -1 with err "PATH:LINE:COL:
 * ..." if it is not such a file.
 */
static int
daily_tried_parse(const char *path, const char *text, size_t len,
    struct daily_tried *tr, char *err, size_t errlen)
{
	struct textio		t;
	struct daily_date	d;
	char			date[DAILY_DATE_LEN + 1];

	textio_init(&t, path, text, len, TEXTIO_CR, err, errlen);
	if (!textio_next(&t) || t.linelen != 12 ||
	    memcmp(t.line, "weir-daily 1", 12) != 0) {
		textio_error(&t, t.lineno > 0 ? t.lineno : 1, 1,
		    "expected 'weir-daily 1'");
		return -1;
	}
	tr->v = xcalloc(len / (DAILY_DATE_LEN + 1) + 1, sizeof *tr->v);
	while (textio_next(&t)) {
		if (t.linelen == 3 && memcmp(t.line, "end", 3) == 0)
			return 0;
		if (t.linelen == DAILY_DATE_LEN) {
			memcpy(date, t.line, DAILY_DATE_LEN);
			date[DAILY_DATE_LEN] = '\0';
		}
		if (t.linelen != DAILY_DATE_LEN ||
		    !daily_parse_date(date, &d)) {
			textio_error(&t, t.lineno, 1, "expected a date, "
			    "YYYY-MM-DD, or 'end'");
			return -1;
		}
		tr->v[tr->n++] = t.line;
	}
	textio_error(&t, t.lineno + 1, 1, "expected 'end', found end of "
	    "file");
	return -1;
}

/* The days from 1970 of the date at s (DAILY_DATE_LEN bytes, read). */
static int64_t
daily_slice_days(const char *s)
{
	struct daily_date	d;
	char			date[DAILY_DATE_LEN + 1];

	memcpy(date, s, DAILY_DATE_LEN);
	date[DAILY_DATE_LEN] = '\0';
	return daily_parse_date(date, &d) ? daily_days(&d) : 0;
}

/*
 * Write the dates tried and d (the newest) to sf's new file. Every date
 * is kept; only when the file would hold more than DAILY_DATES_MAX are
 * dates forgotten, the earliest claimed first among those more than
 * DAILY_KEEP_DAYS before d (then, if need be, the earliest claimed).
 */
static int
daily_tried_write(struct safefile *sf, const struct daily_tried *tr,
    const struct daily_date *d, char *err, size_t errlen)
{
	FILE	*f;
	char	 date[16];
	int64_t	 old = daily_days(d) - DAILY_KEEP_DAYS;
	int	 i, over = tr->n + 1 - DAILY_DATES_MAX;
	bool	*drop = xcalloc((size_t)tr->n + 1, sizeof *drop);

	for (i = 0; i < tr->n && over > 0; i++) {
		if (daily_slice_days(tr->v[i]) < old) {
			drop[i] = true;
			over--;
		}
	}
	for (i = 0; i < tr->n && over > 0; i++) {
		if (!drop[i]) {
			drop[i] = true;
			over--;
		}
	}
	daily_format(d, date, sizeof date);
	if ((f = safefile_create(sf, 0600, err, errlen)) == NULL) {
		free(drop);
		return -1;
	}
	fputs("weir-daily 1\n", f);
	for (i = 0; i < tr->n; i++) {
		if (!drop[i])
			fprintf(f, "%.*s\n", DAILY_DATE_LEN, tr->v[i]);
	}
	fprintf(f, "%s\nend\n", date);
	free(drop);
	return safefile_commit(sf, err, errlen);
}

/*
 * Claim the try of date d in the file at path: 1 when this is the day's
 * first (it counts, and the date is now marked), 0 when the day has been
 * tried before (practice), -1 with err when the file cannot be read or
 * written (a file that does not read is not written over).
 */
int
daily_claim(const char *path, const struct daily_date *d, char *err,
    size_t errlen)
{
	struct safefile		 sf;
	struct safefile_stamp	 stamp;
	struct daily_tried	 tr = { NULL, 0 };
	enum safefile_status	 st;
	char			 date[16], *text = NULL;
	size_t			 len = 0;
	int			 i, rc = -1;

	daily_format(d, date, sizeof date);
	if (safefile_lock(&sf, path, err, errlen) != 0)
		return -1;
	st = safefile_read(path, DAILY_FILE_MAX, &text, &len, &stamp, err,
	    errlen);
	if (st == SAFEFILE_OK) {
		if (daily_tried_parse(path, text, len, &tr, err, errlen) != 0)
			goto out;
	} else if (st != SAFEFILE_MISSING)
		goto out;
	for (i = 0; i < tr.n; i++) {
		if (memcmp(tr.v[i], date, DAILY_DATE_LEN) == 0) {
			rc = 0;
			goto out;
		}
	}
	rc = daily_tried_write(&sf, &tr, d, err, errlen) == 0 ? 1 : -1;
out:
	safefile_unlock(&sf);
	free(tr.v);
	free(text);
	return rc;
}

/*
 * Stars of a daily game: 1 for holding the level's own waves, 2 for
 * DAILY_STARS_2 made waves past them, 3 for DAILY_STARS_3.
 */
int
daily_stars(const struct game *g)
{
	int	past = game_endless_cleared(g);

	if (g->waves_cleared < g->level_waves)
		return 0;
	return past >= DAILY_STARS_3 ? 3 : past >= DAILY_STARS_2 ? 2 : 1;
}

/*
 * The line to paste for daily game d of the level titled title, played
 * as g: "weir daily DATE TITLE (SETTING, endless): wave N, score S" and
 * its stars (★, or * with ascii).
 */
void
daily_line(char *buf, size_t size, const struct daily *d, const char *title,
    const struct game *g, bool ascii)
{
	char	stars[16] = "";
	int	i, n = daily_stars(g);

	for (i = 0; i < n; i++)
		strcat(stars, ascii ? "*" : "\xe2\x98\x85");
	snprintf(buf, size, "weir daily %s %s (%s%s): wave %d, score %d%s%s",
	    d->text, title, difficulty_name(d->difficulty),
	    d->endless ? ", endless" : "", g->next_wave, g->score,
	    n > 0 ? " " : "", stars);
}
