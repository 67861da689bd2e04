/* SPDX-License-Identifier: ISC */
/*
 * The script parser: a line is cut into blank-separated words, each read
 * by what its place on the line calls for. See script.h for the format.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "script.h"
#include "textio.h"
#include "util.h"

#define SCRIPT_QUOTE_MAX	32	/* bytes of a word quoted in a message */

/* A word of a line: where it starts (0-based) and how long it is. */
struct script_word {
	const char	*p;
	size_t		 len;
	size_t		 col;
};

/* Blank: space or tab. */
static int
script_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The next word at or after *pos; false at the end or at a comment. */
static int
script_next(const char *line, size_t len, size_t *pos, struct script_word *w)
{
	size_t	i = *pos;

	while (i < len && script_blank(line[i]))
		i++;
	if (i == len || line[i] == '#') {
		*pos = len;
		w->p = line + len;
		w->len = 0;
		w->col = i;
		return 0;
	}
	w->p = line + i;
	w->col = i;
	while (i < len && !script_blank(line[i]))
		i++;
	w->len = (size_t)(line + i - w->p);
	*pos = i;
	return 1;
}

/* Write 'word' into buf, cut to SCRIPT_QUOTE_MAX bytes with "...". */
static const char *
script_quote(const struct script_word *w, char *buf, size_t size)
{
	if (w->len > SCRIPT_QUOTE_MAX)
		snprintf(buf, size, "'%.*s...'", SCRIPT_QUOTE_MAX, w->p);
	else
		snprintf(buf, size, "'%.*s'", (int)w->len, w->p);
	return buf;
}

/*
 * Read a whole number in [lo, hi] from w; false when it is not one, and
 * *range says whether it was a number out of range.
 */
static int
script_number(const struct script_word *w, long lo, long hi, long *out,
    int *range)
{
	int64_t		v;
	enum textio_num	got = textio_int(w->p, w->len, lo, hi, &v);

	*range = got == TEXTIO_NUM_RANGE;
	if (got != TEXTIO_NUM_OK)
		return 0;
	*out = (long)v;
	return 1;
}

/*
 * Parse one line (no line end) into *c. Returns 1 for a command, 0 for a
 * blank or comment line, -1 for an error: msg says what was expected and
 * *col (1-based) where.
 */
int
script_parse_line(const char *line, size_t len, struct game_cmd *c,
    size_t *col, char *msg, size_t msglen)
{
	struct script_word	 w;
	size_t			 pos = 0;
	char			 q[SCRIPT_QUOTE_MAX + 8];
	char			 names[KIND_LIST_MAX];
	long			 v, xy[2];
	int			 range, k, t;
	static const char	*axis[2] = { "X", "Y" };

	memset(c, 0, sizeof *c);
	c->tower = -1;
	c->power = -1;
	if (!script_next(line, len, &pos, &w))
		return 0;
	*col = w.col + 1;
	if (!script_number(&w, 0, SCRIPT_TICK_MAX, &v, &range)) {
		if (range)
			snprintf(msg, msglen, "tick out of range: expected 0 "
			    "to %ld, found %s", SCRIPT_TICK_MAX,
			    script_quote(&w, q, sizeof q));
		else
			snprintf(msg, msglen, "expected a tick number at the "
			    "start of the line, found %s",
			    script_quote(&w, q, sizeof q));
		return -1;
	}
	c->tick = v;

	if (!script_next(line, len, &pos, &w)) {
		*col = w.col + 1;
		cmd_list(names, sizeof names);
		snprintf(msg, msglen, "expected a command after the tick "
		    "(%s)", names);
		return -1;
	}
	*col = w.col + 1;
	if ((t = cmd_lookup(w.p, w.len)) < 0) {
		cmd_list(names, sizeof names);
		snprintf(msg, msglen, "unknown command %s (expected %s)",
		    script_quote(&w, q, sizeof q), names);
		return -1;
	}
	c->type = (enum game_cmd_type)t;

	if (cmd_types[c->type].args & CMD_ARG_TOWER) {
		if (!script_next(line, len, &pos, &w)) {
			*col = w.col + 1;
			snprintf(msg, msglen, "expected a tower type after "
			    "'%s'", game_cmd_name(c->type));
			return -1;
		}
		*col = w.col + 1;
		if ((c->tower = tower_lookup(w.p, w.len)) < 0) {
			tower_list(names, sizeof names);
			snprintf(msg, msglen, "unknown tower type %s (expected "
			    "%s)", script_quote(&w, q, sizeof q), names);
			return -1;
		}
	}
	if (cmd_types[c->type].args & CMD_ARG_POWER) {
		if (!script_next(line, len, &pos, &w)) {
			*col = w.col + 1;
			power_list(names, sizeof names);
			snprintf(msg, msglen, "expected a power after '%s' "
			    "(%s)", game_cmd_name(c->type), names);
			return -1;
		}
		*col = w.col + 1;
		if ((c->power = power_lookup(w.p, w.len)) < 0) {
			power_list(names, sizeof names);
			snprintf(msg, msglen, "unknown power %s (expected %s)",
			    script_quote(&w, q, sizeof q), names);
			return -1;
		}
	}
	if (cmd_types[c->type].args & CMD_ARG_XY) {
		for (k = 0; k < 2; k++) {
			if (!script_next(line, len, &pos, &w)) {
				*col = w.col + 1;
				snprintf(msg, msglen, "expected the %s "
				    "coordinate after '%s'", axis[k],
				    k > 0 ? "X" : (cmd_types[c->type].args &
				    CMD_ARG_POWER) ? power_name(c->power) :
				    game_cmd_name(c->type));
				return -1;
			}
			*col = w.col + 1;
			if (!script_number(&w, -SCRIPT_COORD_MAX,
			    SCRIPT_COORD_MAX, &xy[k], &range)) {
				snprintf(msg, msglen, range ? "%s coordinate "
				    "out of range, found %s" : "expected a "
				    "whole number for %s, found %s", axis[k],
				    script_quote(&w, q, sizeof q));
				return -1;
			}
		}
		c->x = (int)xy[0];
		c->y = (int)xy[1];
	}
	if (cmd_types[c->type].args & CMD_ARG_XY2) {
		static const char *axis2[2] = { "X2", "Y2" };

		for (k = 0; k < 2; k++) {
			if (!script_next(line, len, &pos, &w)) {
				*col = w.col + 1;
				snprintf(msg, msglen, "expected the %s "
				    "coordinate after '%s'", axis2[k],
				    k > 0 ? "X2" : "Y");
				return -1;
			}
			*col = w.col + 1;
			if (!script_number(&w, -SCRIPT_COORD_MAX,
			    SCRIPT_COORD_MAX, &xy[k], &range)) {
				snprintf(msg, msglen, range ? "%s coordinate "
				    "out of range, found %s" : "expected a "
				    "whole number for %s, found %s", axis2[k],
				    script_quote(&w, q, sizeof q));
				return -1;
			}
		}
		c->x2 = (int)xy[0];
		c->y2 = (int)xy[1];
	}
	if (cmd_types[c->type].args & CMD_ARG_MODE) {
		if (!script_next(line, len, &pos, &w)) {
			*col = w.col + 1;
			target_list(names, sizeof names);
			snprintf(msg, msglen, "expected a targeting mode "
			    "(%s)", names);
			return -1;
		}
		*col = w.col + 1;
		if ((c->mode = tower_target_lookup(w.p, w.len)) < 0) {
			target_list(names, sizeof names);
			snprintf(msg, msglen, "unknown targeting mode %s "
			    "(expected %s)", script_quote(&w, q, sizeof q),
			    names);
			return -1;
		}
	}
	if (cmd_types[c->type].args & CMD_ARG_SPEC) {
		if (!script_next(line, len, &pos, &w)) {
			*col = w.col + 1;
			spec_list(names, sizeof names);
			snprintf(msg, msglen, "expected a specialisation "
			    "(%s)", names);
			return -1;
		}
		*col = w.col + 1;
		if ((c->spec = spec_lookup(w.p, w.len)) < 0) {
			spec_list(names, sizeof names);
			snprintf(msg, msglen, "unknown specialisation %s "
			    "(expected %s)", script_quote(&w, q, sizeof q),
			    names);
			return -1;
		}
	}
	if (script_next(line, len, &pos, &w)) {
		*col = w.col + 1;
		snprintf(msg, msglen, "unexpected %s: expected end of line",
		    script_quote(&w, q, sizeof q));
		return -1;
	}
	return 1;
}

/*
 * Write c as a script line (no line end) into buf: the tick, the command's
 * word, then what its row says follows. Returns the length, as snprintf.
 */
int
script_format(const struct game_cmd *c, char *buf, size_t len)
{
	unsigned	args;
	size_t		n;
	int		r;

	if ((int)c->type < 0 || c->type >= GAME_NCMDS)
		return snprintf(buf, len, "%ld ?", c->tick);
	args = cmd_types[c->type].args;
	r = snprintf(buf, len, "%ld %s", c->tick, game_cmd_name(c->type));
	n = r > 0 ? (size_t)r : 0;
	if (args & CMD_ARG_TOWER)
		n += (size_t)snprintf(n < len ? buf + n : NULL,
		    n < len ? len - n : 0, " %s", tower_name(c->tower));
	if (args & CMD_ARG_POWER)
		n += (size_t)snprintf(n < len ? buf + n : NULL,
		    n < len ? len - n : 0, " %s", power_name(c->power));
	if (args & CMD_ARG_XY)
		n += (size_t)snprintf(n < len ? buf + n : NULL,
		    n < len ? len - n : 0, " %d %d", c->x, c->y);
	if (args & CMD_ARG_XY2)
		n += (size_t)snprintf(n < len ? buf + n : NULL,
		    n < len ? len - n : 0, " %d %d", c->x2, c->y2);
	if (args & CMD_ARG_MODE)
		n += (size_t)snprintf(n < len ? buf + n : NULL,
		    n < len ? len - n : 0, " %s", tower_target_name(c->mode));
	if (args & CMD_ARG_SPEC)
		n += (size_t)snprintf(n < len ? buf + n : NULL,
		    n < len ? len - n : 0, " %s", spec_name(c->spec));
	return (int)n;
}

/* Parse a whole script; on error NULL and "NAME:LINE:COL: message". */
struct script *
script_parse(const char *name, const char *text, size_t len, char *err,
    size_t errlen)
{
	struct script	*s = xcalloc(1, sizeof *s);
	struct textio	 in;
	size_t		 col, cap = 0;
	long		 last_line = 0;
	char		 msg[256];
	struct game_cmd	 c;
	int		 r;

	textio_init(&in, name, text, len, TEXTIO_CR, err, errlen);
	while (textio_next(&in)) {
		const char *line = in.line;

		for (col = 0; col < in.linelen; col++) {
			unsigned char b = (unsigned char)line[col];

			if ((b < 0x20 && b != '\t') || b == 0x7f) {
				textio_error(&in, in.lineno, col + 1, "invalid "
				    "byte 0x%02X: expected text", b);
				goto fail;
			}
		}
		r = script_parse_line(line, in.linelen, &c, &col, msg,
		    sizeof msg);
		if (r < 0) {
			textio_error(&in, in.lineno, col, "%s", msg);
			goto fail;
		}
		if (r > 0) {
			if (s->ncmds > 0 && c.tick < s->cmds[s->ncmds - 1].tick) {
				/* At the tick: the line's first word. */
				for (col = 0; col < in.linelen &&
				    script_blank(line[col]); col++)
					;
				textio_error(&in, in.lineno, col + 1,
				    "tick %ld comes before tick %ld of line "
				    "%ld: commands must be in time order",
				    c.tick, s->cmds[s->ncmds - 1].tick,
				    last_line);
				goto fail;
			}
			if ((size_t)s->ncmds == cap) {
				cap = cap == 0 ? 64 : cap * 2;
				s->cmds = xrealloc(s->cmds, cap, sizeof *s->cmds);
			}
			s->cmds[s->ncmds++] = c;
			last_line = in.lineno;
		}
	}
	return s;

fail:
	script_free(s);
	return NULL;
}

/* Read and parse the script at path. */
struct script *
script_load(const char *path, char *err, size_t errlen)
{
	struct script	*s;
	size_t		 len;
	char		*text;

	if ((text = level_read_file(path, &len, err, errlen)) == NULL)
		return NULL;
	s = script_parse(path, text, len, err, errlen);
	free(text);
	return s;
}

/* Free a script. */
void
script_free(struct script *s)
{
	if (s == NULL)
		return;
	free(s->cmds);
	free(s);
}
