/* SPDX-License-Identifier: ISC */
/*
 * Playing recordings again, and making them. record_level parses the
 * level a recording holds (its faults placed on the recording's own
 * lines); record_verify plays the recording on a new game, giving each
 * command at its tick and comparing every check and the end, and says
 * what differs first. A recorder follows a game being played (record.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movingai.h"
#include "record.h"
#include "save.h"
#include "util.h"

#define RECORD_NAME_MAX	4200	/* bytes of a name with its place */

/*
 * Rewrite err, "LEVEL:LINE:COL: message" from the level's parser, as the
 * place in the recording named name: the level's line L is the file's
 * line r->level_line + L - 1, one column further right (the '|').
 */
static void
record_level_place(const struct recording *r, const char *name,
    const char *tag, char *err, size_t errlen)
{
	char		 msg[RECORD_NAME_MAX];
	const char	*p = err + strlen(tag);
	char		*end;
	long		 line, col;

	if (strncmp(err, tag, strlen(tag)) != 0 || *p != ':') {
		snprintf(msg, sizeof msg, "%s: the recorded level does not "
		    "read: %s", name, err);
		snprintf(err, errlen, "%s", msg);
		return;
	}
	line = strtol(p + 1, &end, 10);
	col = *end == ':' ? strtol(end + 1, &end, 10) : 0;
	if (*end == ':' && end[1] == ' ')
		end += 2;
	snprintf(msg, sizeof msg, "%s:%ld:%ld: the recorded level does not "
	    "read: %s", name, r->level_line + line - 1, col + 1, end);
	snprintf(err, errlen, "%s", msg);
}

/*
 * The level recording r holds, parsed; NULL with err, its fault placed on
 * the recording's lines (name: the recording, in messages).
 */
struct level *
record_level(const struct recording *r, const char *name, char *err,
    size_t errlen)
{
	static const char	 tag[] = "(recorded level)";
	struct level		*lv;

	lv = r->map ? movingai_parse(tag, r->level_text, r->level_len, err,
	    errlen) : level_parse(tag, r->level_text, r->level_len, err,
	    errlen);
	if (lv == NULL)
		record_level_place(r, name, tag, err, errlen);
	return lv;
}

/*
 * The board the recorded game belongs to, into buf: "daily:YYYY-MM-DD"
 * for a daily game, else the level's board at its setting (scores_board),
 * with "+sandbox" for a sandbox game.
 */
void
record_board(const struct recording *r, char *buf, size_t size)
{
	if (r->daily[0] != '\0') {
		snprintf(buf, size, "daily:%s", r->daily);
		return;
	}
	scores_board(buf, size, r->level_name,
	    difficulty_name(r->opts.difficulty), r->opts.endless);
	if (r->opts.sandbox && strlen(buf) + 9 < size)
		strcat(buf, "+sandbox");
}

/*
 * Give every command of the recording due at the game's clock. The index
 * of the first the game refused, or -1 when it took them all.
 */
int
record_play_commands(struct record_play *p)
{
	const struct recording	*r = p->rec;
	int			 k;

	while (p->next < r->ncmds && r->cmds[p->next].tick <= p->g->tick) {
		k = p->next++;
		if (r->cmds[k].tick < p->g->tick)
			p->refused = GAME_ENDED;
		else
			p->refused = game_command(p->g, &r->cmds[k]);
		if (p->refused != GAME_OK)
			return k;
	}
	return -1;
}

/* Whether the game has come to the recorded end (or ended before it). */
bool
record_play_done(const struct record_play *p)
{
	return p->g->tick >= p->rec->ticks || game_over(p->g);
}

/* "ok won 18450", or the first of the end's numbers that differs. */
static int
record_verify_end(const struct recording *r, const struct game *g,
    char *msg, size_t msglen)
{
	enum record_result	res = g->state == GAME_WON ? RECORD_WON :
				    g->state == GAME_LOST ? RECORD_LOST :
				    RECORD_QUIT;
	uint64_t		h = record_hash(g, r);
	char			at[48] = "";

	if (res != r->result || g->tick != r->ticks)
		snprintf(msg, msglen, "differs: the game ends %s at tick %ld, "
		    "recorded %s at tick %ld", record_result_name(res),
		    g->tick, record_result_name(r->result), r->ticks);
	else if (g->score != r->score)
		snprintf(msg, msglen, "differs: score %d, recorded %d",
		    g->score, r->score);
	else if (g->waves_cleared != r->waves_cleared ||
	    g->nwaves != r->waves_total)
		snprintf(msg, msglen, "differs: %d of %d waves cleared, "
		    "recorded %d of %d", g->waves_cleared, g->nwaves,
		    r->waves_cleared, r->waves_total);
	else if (g->lives != r->lives || game_stars(g) != r->stars)
		snprintf(msg, msglen, "differs: %d lives and %d stars, "
		    "recorded %d and %d", g->lives, game_stars(g), r->lives,
		    r->stars);
	else if (h != r->hash)
		snprintf(msg, msglen, "differs: the end hashes to %016" PRIx64
		    ", recorded %016" PRIx64 " (a command, its tick, the seed, "
		    "the level or a claim of the head was changed)", h, r->hash);
	else {
		if (r->taken > 0)
			snprintf(at, sizeof at, " (taken over at %ld:%02ld)",
			    r->taken / GAME_RATE / 60,
			    r->taken / GAME_RATE % 60);
		snprintf(msg, msglen, "ok %s %d%s", record_result_name(res),
		    g->score, at);
		return 0;
	}
	return 1;
}

/* Compare the check due now, if one is; 1 with msg when it differs. */
static int
record_verify_check(struct record_play *p, char *msg, size_t msglen)
{
	const struct record_check	*c;
	uint64_t			 h;

	if (p->next_check >= p->rec->nchecks)
		return 0;
	c = &p->rec->checks[p->next_check];
	if (c->tick > p->g->tick)
		return 0;
	p->next_check++;
	if ((h = game_hash(p->g)) == c->hash)
		return 0;
	snprintf(msg, msglen, "differs: at tick %ld (%ld:%02ld) the state "
	    "hashes to %016" PRIx64 ", recorded %016" PRIx64, c->tick,
	    c->tick / GAME_RATE / 60, c->tick / GAME_RATE % 60, h, c->hash);
	return 1;
}

/* The message for command k, refused on replay. */
static void
record_verify_refused(const struct record_play *p, int k, const char *name,
    char *msg, size_t msglen)
{
	if (p->rec->cmds[k].tick != p->g->tick || p->refused == GAME_ENDED)
		snprintf(msg, msglen, "%s:%ld:1: differs: the game ended at "
		    "tick %ld, before this command", name,
		    p->rec->cmd_line[k], p->g->tick);
	else
		snprintf(msg, msglen, "%s:%ld:1: differs: the game refuses "
		    "this command (%s)", name, p->rec->cmd_line[k],
		    game_reason_name(p->refused));
}

/* Play r on g to its end; 0 when all is as recorded, else 1 and msg. */
static int
record_verify_play(const struct recording *r, struct game *g,
    const char *name, char *msg, size_t msglen)
{
	struct record_play	p = { r, g, 0, 0, GAME_OK };
	char			why[RECORD_MSG_MAX];
	int			k;

	if ((k = record_play_commands(&p)) >= 0)
		goto refused;
	while (!record_play_done(&p)) {
		game_tick(g);
		if (record_verify_check(&p, why, sizeof why) != 0) {
			snprintf(msg, msglen, "%s: %s", name, why);
			return 1;
		}
		if ((k = record_play_commands(&p)) >= 0)
			goto refused;
	}
	if (p.next < r->ncmds) {
		k = p.next;
		goto refused;
	}
	k = record_verify_end(r, g, why, sizeof why);
	snprintf(msg, msglen, "%s: %s", name, why);
	return k;

refused:
	record_verify_refused(&p, k, name, msg, msglen);
	return 1;
}

/*
 * Play recording r again with no terminal and compare it with what was
 * recorded. 0 and msg "NAME: ok won 18450"; 1 and msg "NAME...: differs:
 * ..." naming the first thing that does not match (the level's text, a
 * refused command, a check, the end); -1 and msg when its level does not
 * read.
 */
int
record_verify(const struct recording *r, const char *name, char *msg,
    size_t msglen)
{
	struct level	*lv;
	struct game	*g;
	uint64_t	 h = save_hash(r->level_text, r->level_len);
	int		 rc;

	if (h != r->level_hash) {
		snprintf(msg, msglen, "%s:%ld:1: differs: the level's text "
		    "hashes to %016" PRIx64 ", recorded %016" PRIx64, name,
		    r->level_line, h, r->level_hash);
		return 1;
	}
	if ((lv = record_level(r, name, msg, msglen)) == NULL)
		return -1;
	g = game_new_opts(lv, r->seed, &r->opts);
	rc = record_verify_play(r, g, name, msg, msglen);
	game_free(g);
	level_free(lv);
	return rc;
}

/* ---- the recorder ---- */

/* Copy src to dst (size bytes) with every control byte made a '?'. */
static void
record_copy_clean(char *dst, size_t size, const char *src)
{
	size_t	i;

	for (i = 0; i + 1 < size && src[i] != '\0'; i++) {
		unsigned char c = (unsigned char)src[i];

		dst[i] = c < 0x20 || c == 0x7f ? '?' : src[i];
	}
	dst[i] = '\0';
}

/*
 * The level's text (len bytes) as a recording holds it, into out (room for
 * len + 1 bytes): a CR ending a line dropped, the last line ended. Its
 * length, or -1 with the control byte into *bad if it holds any other.
 */
long
record_level_text(const char *text, size_t len, char *out, int *bad)
{
	size_t	i, n = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];

		if (c == '\r' && i + 1 < len && text[i + 1] == '\n')
			continue;
		if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f) {
			*bad = c;
			return -1;
		}
		out[n++] = text[i];
	}
	if (n == 0 || out[n - 1] != '\n')
		out[n++] = '\n';
	return (long)n;
}

/* The level's text into r as a recording holds it; -1 (err) if it cannot. */
static int
recorder_level(struct recording *r, const char *text, size_t len, char *err,
    size_t errlen)
{
	long	n;
	int	bad = 0;

	if (len > RECORD_LEVEL_MAX) {
		snprintf(err, errlen, "cannot record: the level is longer "
		    "than the %d bytes a recording holds", RECORD_LEVEL_MAX);
		return -1;
	}
	r->level_text = xmalloc(len + 2);
	if ((n = record_level_text(text, len, r->level_text, &bad)) < 0) {
		snprintf(err, errlen, "cannot record: the level holds the "
		    "control byte 0x%02X", bad);
		return -1;
	}
	r->level_len = (size_t)n;
	r->level_hash = save_hash(r->level_text, r->level_len);
	return 0;
}

/*
 * A recorder for a game of level lv (read from text, len bytes; a Moving
 * AI map if map; known as level_name) made with seed and setting o, about
 * to be played. NULL with err if the level cannot be recorded.
 */
struct recorder *
recorder_new(const char *level_name, const char *text, size_t len, bool map,
    const struct level *lv, uint64_t seed, const struct game_opts *o,
    char *err, size_t errlen)
{
	struct recorder	*rc = xcalloc(1, sizeof *rc);

	if (recorder_level(&rc->rec, text, len, err, errlen) != 0) {
		recorder_free(rc);
		return NULL;
	}
	scores_name(rc->rec.level_name, sizeof rc->rec.level_name,
	    level_name);
	record_copy_clean(rc->rec.title, sizeof rc->rec.title, lv->title);
	rc->rec.map = map;
	rc->rec.seed = seed;
	rc->rec.opts = *o;
	rc->max_checks = RECORD_CHECKS_MAX;
	rc->rec.checks = xcalloc((size_t)rc->max_checks, sizeof *rc->rec.checks);
	return rc;
}

/* Name the level recorded: its identity, as saves and boards know it. */
void
recorder_level_name(struct recorder *rc, const char *level_name)
{
	scores_name(rc->rec.level_name, sizeof rc->rec.level_name,
	    level_name);
}

/* Mark the game recorded as the daily game of date ("YYYY-MM-DD"). */
void
recorder_daily(struct recorder *rc, const char *date)
{
	snprintf(rc->rec.daily, sizeof rc->rec.daily, "%s", date);
}

/* Name who played (shown in lists; blanks and controls made safe). */
void
recorder_player(struct recorder *rc, const char *who)
{
	record_copy_clean(rc->rec.player, sizeof rc->rec.player, who);
}

/* Say the built-in player played the game recorded, with strategy name. */
void
recorder_strategy(struct recorder *rc, const char *name)
{
	record_copy_clean(rc->rec.strategy, sizeof rc->rec.strategy, name);
	for (char *c = rc->rec.strategy; *c != '\0'; c++)
		if (*c == ' ')
			*c = '_';
}

/*
 * Say the game recorded is the game of recording from, taken over by a
 * person at tick: from's strategy played before it (a person if none), a
 * person from then on, or from the earlier take-over from had already.
 * The game is on no board: no daily date is claimed.
 */
void
recorder_taken(struct recorder *rc, const struct recording *from, long tick)
{
	struct recording	*r = &rc->rec;

	snprintf(r->strategy, sizeof r->strategy, "%s", from->strategy);
	r->taken = from->taken > 0 && from->taken < tick ? from->taken : tick;
	if (r->taken <= 0) {	/* at the very start: a person's game */
		r->strategy[0] = '\0';
		r->taken = 0;
	}
}

/*
 * Follow game g: call after each game_tick, before the commands of the new
 * clock. Takes a check when one is due. Allocates nothing.
 */
void
recorder_tick(struct recorder *rc, const struct game *g)
{
	struct recording	*r = &rc->rec;

	if (g->tick <= 0 || g->tick % RECORD_CHECK_EVERY != 0 ||
	    r->nchecks >= rc->max_checks || (r->nchecks > 0 &&
	    r->checks[r->nchecks - 1].tick >= g->tick))
		return;
	r->checks[r->nchecks].tick = g->tick;
	r->checks[r->nchecks].hash = game_hash(g);
	r->nchecks++;
}

/* Fill in the recording from game g as it stands, ended at when. */
void
recorder_end(struct recorder *rc, const struct game *g, int64_t when)
{
	struct recording	*r = &rc->rec;

	free(r->cmds);
	r->ncmds = g->nlog;
	r->cmds = xcalloc(g->nlog > 0 ? (size_t)g->nlog : 1, sizeof *r->cmds);
	if (g->nlog > 0)
		memcpy(r->cmds, g->log, (size_t)g->nlog * sizeof *r->cmds);
	free(r->cmd_line);
	r->cmd_line = xcalloc(g->nlog > 0 ? (size_t)g->nlog : 1,
	    sizeof *r->cmd_line);	/* no file: no lines */
	r->result = g->state == GAME_WON ? RECORD_WON : g->state == GAME_LOST ?
	    RECORD_LOST : RECORD_QUIT;
	r->ticks = g->tick;
	r->score = g->score;
	r->waves_cleared = g->waves_cleared;
	r->waves_total = g->nwaves;
	r->lives = g->lives;
	r->stars = game_stars(g);
	r->hash = record_hash(g, r);
	r->when = when;
}

/* Write the recording of game g, as it stands, ended at when, to path. */
int
recorder_write(struct recorder *rc, const struct game *g, int64_t when,
    const char *path, char *err, size_t errlen)
{
	recorder_end(rc, g, when);
	return record_write(path, &rc->rec, err, errlen);
}

/*
 * The recording of game g, as it stands, ended at when, made by rc: the
 * caller's to free (record_free); rc is used up (only recorder_free).
 */
struct recording *
recorder_take(struct recorder *rc, const struct game *g, int64_t when)
{
	struct recording	*r = xmalloc(sizeof *r);

	recorder_end(rc, g, when);
	*r = rc->rec;
	memset(&rc->rec, 0, sizeof rc->rec);
	rc->max_checks = 0;
	return r;
}

/* Free a recorder. */
void
recorder_free(struct recorder *rc)
{
	if (rc == NULL)
		return;
	free(rc->rec.level_text);
	free(rc->rec.cmds);
	free(rc->rec.cmd_line);
	free(rc->rec.checks);
	free(rc);
}
