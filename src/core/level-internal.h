/* SPDX-License-Identifier: ISC */
/*
 * What the level parser's files share and nothing else needs: the parser's
 * state, a line, the table of statements, and the helpers that read a
 * token and report an error. level.h is the model; this header is only for
 * level-parse.c (lines, the header, the whole-level checks) and
 * level-keys.c (tokens and errors, each statement, the map's rows).
 */
#ifndef WEIR_LEVEL_INTERNAL_H
#define WEIR_LEVEL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "level.h"
#include "textio.h"

#define LEVEL_QUOTE_MAX	32	/* bytes of a token an error message repeats */

/* One line of text, trailing CR and blanks already dropped. */
struct level_line {
	const char	*s;
	size_t		 len;
	int		 no;
};

/* Where a group named its spawn, to check once the map is known. */
struct level_mark {
	int	line, col;
};

struct level_parser {
	struct textio	 in;		/* the lines and the first error */

	struct level	*l;
	size_t		 tcap;		/* cells allocated in l->terrain */

	int		 header;	/* line of "weir-level 1", 0 if none */
	int		 keyline[16];	/* line each once-only key was on */
	int		 mapline;	/* line of "map", 0 if none */
	int		 row0;		/* line of the first map row */
	bool		 inmap;		/* between "map" and "end" */
	int		 waveline[LEVEL_MAX_WAVES];
	struct level_mark from[LEVEL_MAX_WAVES][LEVEL_MAX_GROUPS];
	struct level_mark hero;		/* where 'hero' gave its X */

	/* A draft: only the form is held to (level_parse_draft). */
	bool		 draft;

	/* Going on after an error (level_check_text_all). */
	bool		 all;		/* report every independent error */
	bool		 map_bad;	/* a map row failed: glyphs only */
	bool		 wave_bad;	/* the last wave line, or a group of
					   its wave, failed */
	bool		 moves_bad;	/* the movement line failed */
};

typedef bool level_key_fn(struct level_parser *, const struct level_line *,
    size_t, int);

/* A statement of the format; a "once" key may appear a single time. */
struct level_key {
	const char	*name;
	bool		 once;
	bool		 required;
	level_key_fn	*fn;
};
#define LEVEL_NKEYS	11
_Static_assert(LEVEL_NKEYS <= 16, "keyline[] holds every key");
extern const struct level_key level_keys[];	/* [LEVEL_NKEYS] */

/* level-keys.c: errors and tokens. */
bool		 level_error(struct level_parser *p, long line, size_t col,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
const char	*level_quote(char *buf, size_t size, const char *s, size_t n);
int		 level_skip(const struct level_line *ln, size_t *off);
size_t		 level_token(const struct level_line *ln, size_t *off,
		    const char **tok, int *col);
bool		 level_word(const char *t, size_t n, const char *w);
bool		 level_expect_end(struct level_parser *p,
		    const struct level_line *ln, size_t off);

/* level-keys.c: what the whole-level checks use of the statements. */
bool		 level_check_last_wave(struct level_parser *p);
bool		 level_glyph(unsigned char c);
void		 level_glyph_quote(const struct level_line *ln, size_t x,
		    char *q, size_t size);
bool		 level_map_row(struct level_parser *p,
		    const struct level_line *ln);

#endif
