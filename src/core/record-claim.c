/* SPDX-License-Identifier: ISC */
/*
 * What a recording claims, held against what is installed here. A level
 * named as an installed one (a bare name, "hive") claims to be that
 * level: record_origin compares its text with the installed file's, read
 * as a recording holds a level. A daily game claims to be the date's:
 * record_claims picks that date's game from the installed campaign
 * (daily_pick) and compares level, setting and seed. Neither plays the
 * game; record_verify does that.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daily.h"
#include "record.h"
#include "safefile.h"
#include "save.h"
#include "session.h"
#include "util.h"

/*
 * Where a recorded level stands against the levels installed in level_dir
 * (NULL: none known, so every level is its own): one called name, a
 * Moving AI map if map, whose text (as a recording holds it) hashes to
 * hash (save_hash).
 */
enum record_origin
record_origin_of(const char *name, bool map, uint64_t hash,
    const char *level_dir)
{
	struct safefile_stamp	 stamp;
	char			 path[SAFEFILE_PATH_MAX], err[256];
	char			*text, *norm;
	size_t			 len;
	long			 n;
	int			 bad;
	enum record_origin	 o = RECORD_EDITED;

	if (level_dir == NULL || map || !session_level_name(name, strlen(name)))
		return RECORD_OWN;
	if (!session_resolve(level_dir, name, path, sizeof path) ||
	    safefile_read(path, RECORD_LEVEL_MAX, &text, &len, &stamp, err,
	    sizeof err) != SAFEFILE_OK)
		return RECORD_MISSING;
	norm = xmalloc(len + 2);
	n = record_level_text(text, len, norm, &bad);
	if (n >= 0 && save_hash(norm, (size_t)n) == hash)
		o = RECORD_INSTALLED;
	free(norm);
	free(text);
	return o;
}

/* Where r's level stands against the levels installed in level_dir. */
enum record_origin
record_origin(const struct recording *r, const char *level_dir)
{
	return record_origin_of(r->level_name, r->map,
	    save_hash(r->level_text, r->level_len), level_dir);
}

/*
 * What a list of recordings says of a recording whose level is of
 * origin o, in a few words: "edited since" or "not installed", NULL when
 * there is nothing to say (its own level, or the installed one).
 */
const char *
record_origin_note(enum record_origin o)
{
	switch (o) {
	case RECORD_EDITED:
		return "edited since";
	case RECORD_MISSING:
		return "not installed";
	case RECORD_OWN:
	case RECORD_INSTALLED:
		break;
	}
	return NULL;
}

/*
 * The level's title as the viewer shows a recording of origin o, into
 * buf: an edited level as a copy ("The Hive (edited copy)"), a level
 * not installed as such, never as the original. The title is cut, not
 * the mark, when buf is short.
 */
void
record_origin_title(char *buf, size_t size, const char *title,
    enum record_origin o)
{
	const char	*mark = o == RECORD_EDITED ? " (edited copy)" :
			    o == RECORD_MISSING ? " (not installed)" : "";
	size_t		 room, n = strlen(mark);

	if (size == 0)
		return;
	room = size - 1 > n ? size - 1 - n : 0;
	snprintf(buf, size, "%.*s%s", (int)(strlen(title) < room ?
	    strlen(title) : room), title, mark);
}

/*
 * Mark every entry of l with where its level stands against the levels
 * installed in level_dir.
 */
void
record_list_mark(struct record_list *l, const char *level_dir)
{
	int	i;

	for (i = 0; i < l->n; i++)
		l->v[i].origin = record_origin_of(l->v[i].level_name,
		    l->v[i].map, l->v[i].level_hash, level_dir);
}

/* "hard, endless, seed 42" for a setting and seed, into buf. */
static void
record_setting(char *buf, size_t size, const struct game_opts *o,
    uint64_t seed)
{
	snprintf(buf, size, "%s%s%s, seed %" PRIu64,
	    difficulty_name(o->difficulty), o->endless ? ", endless" : "",
	    o->sandbox ? ", sandbox" : "", seed);
}

/* Whether r is the daily game d. */
static bool
record_is_daily(const struct recording *r, const struct daily *d)
{
	return strcmp(r->level_name, d->name) == 0 && !r->opts.sandbox &&
	    r->opts.difficulty == d->difficulty &&
	    r->opts.endless == d->endless && r->seed == d->seed;
}

/* Check r's daily claim: 0, or 1 and msg (name: the recording). */
static int
record_claims_daily(const struct recording *r, const char *name,
    const char *level_dir, char *msg, size_t msglen)
{
	struct daily_campaign	 c;
	struct daily_date	 date;
	struct daily		 d;
	struct game_opts	 o = GAME_OPTS_INIT;
	char			 err[RECORD_MSG_MAX], want[96], got[96];

	if (!daily_parse_date(r->daily, &date)) {
		snprintf(msg, msglen, "%s: differs: %s is no date a daily "
		    "game is played on", name, r->daily);
		return 1;
	}
	if (level_dir == NULL ||
	    daily_campaign_read(level_dir, &c, err, sizeof err) != 0) {
		snprintf(msg, msglen, "%s: cannot check the daily game of %s: "
		    "%s", name, r->daily, level_dir == NULL ? "no levels "
		    "installed" : err);
		return 1;
	}
	daily_pick(&date, &c, &d);
	daily_campaign_free(&c);
	if (record_is_daily(r, &d))
		return 0;
	o.difficulty = d.difficulty;
	o.endless = d.endless;
	record_setting(want, sizeof want, &o, d.seed);
	record_setting(got, sizeof got, &r->opts, r->seed);
	snprintf(msg, msglen, "%s: differs: not the daily game of %s, which "
	    "is %s (%s); this is %s (%s)", name, r->daily, d.name, want,
	    r->level_name, got);
	return 1;
}

/*
 * Check what r claims against what is installed in level_dir: a level
 * named as installed must be the installed one's text, a daily game must
 * be the date's. 0 when it holds (msg untouched), else 1 and msg
 * "NAME: differs: ..." (name: the recording, in messages).
 */
int
record_claims(const struct recording *r, const char *name,
    const char *level_dir, char *msg, size_t msglen)
{
	enum record_origin	o = record_origin(r, level_dir);

	if (o == RECORD_EDITED) {
		snprintf(msg, msglen, "%s: differs: its level is not the "
		    "installed %s (%s/%s.weir holds another text: the "
		    "recording's is an edited copy, or another version's)",
		    name, r->level_name, level_dir, r->level_name);
		return 1;
	}
	if (r->daily[0] == '\0')
		return 0;
	if (o != RECORD_INSTALLED) {
		snprintf(msg, msglen, "%s: differs: its level, %s, is not "
		    "installed here, so it cannot be the daily game of %s",
		    name, r->level_name, r->daily);
		return 1;
	}
	return record_claims_daily(r, name, level_dir, msg, msglen);
}
