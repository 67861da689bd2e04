/* SPDX-License-Identifier: ISC */
/*
 * The one reader of weir's text formats (levels, Moving AI maps, saves,
 * scripts, high scores). A reader walks text held in memory a line at a
 * time, each line a slice of the caller's buffer (never copied, so never
 * too long), counting lines from 1; a CR before the line end and blanks
 * at its end can be dropped. Errors are "NAME:LINE:COL: message", LINE and
 * COL counting from 1, COL in bytes; a reader keeps its first error in its
 * buffer, and a reader given a sink (textio_all) also hands every error,
 * the first included, to the sink, up to a number of them.
 * Numbers are read from a whole token with a range, and say whether the
 * token was no number at all or a number out of range, so a message can
 * tell the two apart and point at the token's column.
 */
#ifndef WEIR_TEXTIO_H
#define WEIR_TEXTIO_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TEXTIO_CR	0x1	/* drop a CR ending a line */
#define TEXTIO_TRIM	0x2	/* drop spaces and tabs ending a line */

struct textio {
	const char	*name;		/* the file, in messages */
	const char	*text;
	size_t		 len;
	size_t		 pos;		/* where the next line starts */
	int		 flags;		/* TEXTIO_* */

	long		 lineno;	/* the line read last, 0: none yet */
	const char	*line;		/* it, without its end */
	size_t		 linelen;
	size_t		 rawlen;	/* its bytes before the '\n' */
	bool		 lastnl;	/* it ended with '\n' */

	char		*err;		/* may be NULL */
	size_t		 errlen;
	bool		 failed;	/* an error has been given */

	/* Every error, for a reader that goes on after one (textio_all). */
	void		(*sink)(void *, const char *);
	void		*sink_arg;
	int		 nerrors;	/* errors given */
	int		 max_errors;	/* handed to the sink, at most */
};

/* What reading a number found. */
enum textio_num {
	TEXTIO_NUM_OK,
	TEXTIO_NUM_BAD,		/* not a number of the kind asked for */
	TEXTIO_NUM_RANGE	/* a number, out of range */
};

void		 textio_init(struct textio *t, const char *name,
		    const char *text, size_t len, int flags, char *err,
		    size_t errlen);
void		 textio_all(struct textio *t, void (*sink)(void *,
		    const char *), void *arg, int max);
bool		 textio_full(const struct textio *t);
bool		 textio_next(struct textio *t);
void		 textio_end(const struct textio *t, long *line, size_t *col);
bool		 textio_error(struct textio *t, long line, size_t col,
		    const char *fmt, ...)
		    __attribute__((format(printf, 4, 5)));
bool		 textio_verror(struct textio *t, long line, size_t col,
		    const char *fmt, va_list ap)
		    __attribute__((format(printf, 4, 0)));
void		 textio_format(char *err, size_t errlen, const char *name,
		    long line, size_t col, const char *fmt, ...)
		    __attribute__((format(printf, 6, 7)));

enum textio_num	 textio_uint(const char *s, size_t n, uint64_t max,
		    uint64_t *out);
enum textio_num	 textio_int(const char *s, size_t n, int64_t lo, int64_t hi,
		    int64_t *out);
enum textio_num	 textio_decimal(const char *s, size_t n, int places,
		    uint64_t max, uint64_t *out);

#endif
