/* SPDX-License-Identifier: ISC */
/*
 * Lines, positions and numbers for every text format. A line is found with
 * memchr from where the last one ended; its end is trimmed as the reader's
 * flags say; what was there before trimming is kept for "the file ended
 * here" positions. Every byte of a number token is checked before its
 * value is taken, so no token is too long to read, and a number too large
 * for 64 bits is out of range, never wrapped round. See textio.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "textio.h"

#define TEXTIO_MSG_MAX	1024	/* bytes of one error handed to a sink */

/* Start reading the len bytes at text (NULL: none), called name. */
void
textio_init(struct textio *t, const char *name, const char *text, size_t len,
    int flags, char *err, size_t errlen)
{
	memset(t, 0, sizeof *t);
	t->name = name;
	t->text = text;
	t->len = text == NULL ? 0 : len;
	t->flags = flags;
	t->line = text;
	t->err = err;
	t->errlen = errlen;
}

/* Step to the next line; false at the end of the text. */
bool
textio_next(struct textio *t)
{
	const char	*s, *nl;
	size_t		 n;

	if (t->pos >= t->len)
		return false;
	s = t->text + t->pos;
	nl = memchr(s, '\n', t->len - t->pos);
	n = nl != NULL ? (size_t)(nl - s) : t->len - t->pos;
	t->pos += n + (nl != NULL);
	t->lineno++;
	t->rawlen = n;
	t->lastnl = nl != NULL;
	if ((t->flags & TEXTIO_CR) && n > 0 && s[n - 1] == '\r')
		n--;
	if (t->flags & TEXTIO_TRIM) {
		while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
	}
	t->line = s;
	t->linelen = n;
	return true;
}

/*
 * Where the text ends, for "the file ended too soon": the start of the
 * line after the last line end, or just past the last byte when the last
 * line has no end.
 */
void
textio_end(const struct textio *t, long *line, size_t *col)
{
	if (t->lastnl || t->lineno == 0) {
		*line = t->lineno + 1;
		*col = 1;
	} else {
		*line = t->lineno;
		*col = t->rawlen + 1;
	}
}

/* Write "NAME:LINE:COL: message" to err (errlen bytes, may be 0). */
static void
textio_vformat(char *err, size_t errlen, const char *name, long line,
    size_t col, const char *fmt, va_list ap)
{
	int	n;

	if (err == NULL || errlen == 0)
		return;
	n = snprintf(err, errlen, "%s:%ld:%zu: ", name, line, col);
	if (n >= 0 && (size_t)n < errlen)
		vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
}

/* Write "NAME:LINE:COL: message" to err. */
void
textio_format(char *err, size_t errlen, const char *name, long line,
    size_t col, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	textio_vformat(err, errlen, name, line, col, fmt, ap);
	va_end(ap);
}

/* As textio_error, with the arguments in ap. */
bool
textio_verror(struct textio *t, long line, size_t col, const char *fmt,
    va_list ap)
{
	char	msg[TEXTIO_MSG_MAX];
	va_list	aq;

	if (t->sink != NULL && t->nerrors < t->max_errors) {
		va_copy(aq, ap);
		textio_vformat(msg, sizeof msg, t->name, line, col, fmt, aq);
		va_end(aq);
		t->sink(t->sink_arg, msg);
	} else if (t->sink != NULL && t->nerrors == t->max_errors) {
		textio_format(msg, sizeof msg, t->name, line, col, "more "
		    "errors follow; only the first %d are shown",
		    t->max_errors);
		t->sink(t->sink_arg, msg);
	}
	t->nerrors++;
	if (t->failed)
		return false;
	t->failed = true;
	textio_vformat(t->err, t->errlen, t->name, line, col, fmt, ap);
	return false;
}

/*
 * Hand every error from now on to sink (with arg), the first max of them,
 * and then one line saying more follow; the first error still goes to
 * the reader's buffer too.
 */
void
textio_all(struct textio *t, void (*sink)(void *, const char *), void *arg,
    int max)
{
	t->sink = sink;
	t->sink_arg = arg;
	t->max_errors = max;
}

/* Whether a reader with a sink has given more errors than it shows. */
bool
textio_full(const struct textio *t)
{
	return t->sink != NULL && t->nerrors > t->max_errors;
}

/* Give the reader's first error at line, col; always returns false. */
bool
textio_error(struct textio *t, long line, size_t col, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	textio_verror(t, line, col, fmt, ap);
	va_end(ap);
	return false;
}

/*
 * The n bytes at s as digits: TEXTIO_NUM_BAD if they are not all digits,
 * TEXTIO_NUM_RANGE if the number does not fit in 64 bits.
 */
static enum textio_num
textio_digits(const char *s, size_t n, uint64_t *out)
{
	uint64_t	v = 0, d;
	size_t		i;
	bool		over = false;

	if (n == 0)
		return TEXTIO_NUM_BAD;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return TEXTIO_NUM_BAD;
	}
	for (i = 0; i < n && !over; i++) {
		d = (uint64_t)(s[i] - '0');
		if (v > (UINT64_MAX - d) / 10)
			over = true;
		else
			v = v * 10 + d;
	}
	if (over)
		return TEXTIO_NUM_RANGE;
	*out = v;
	return TEXTIO_NUM_OK;
}

/* Read the token of n bytes at s as a whole number 0..max. */
enum textio_num
textio_uint(const char *s, size_t n, uint64_t max, uint64_t *out)
{
	uint64_t	v;
	enum textio_num	got;

	if ((got = textio_digits(s, n, &v)) != TEXTIO_NUM_OK)
		return got;
	if (v > max)
		return TEXTIO_NUM_RANGE;
	*out = v;
	return TEXTIO_NUM_OK;
}

/*
 * Read the token of n bytes at s as a whole number lo..hi; a leading '-'
 * is part of a number only when lo is negative.
 */
enum textio_num
textio_int(const char *s, size_t n, int64_t lo, int64_t hi, int64_t *out)
{
	uint64_t	mag;
	int64_t		v;
	enum textio_num	got;
	bool		neg = false;

	if (n > 0 && s[0] == '-' && lo < 0) {
		neg = true;
		s++;
		n--;
	}
	if ((got = textio_digits(s, n, &mag)) != TEXTIO_NUM_OK)
		return got;
	if (neg) {
		if (mag > (uint64_t)0 - (uint64_t)lo)
			return TEXTIO_NUM_RANGE;
		v = mag == 0 ? 0 : -(int64_t)(mag - 1) - 1;
	} else {
		if (hi < 0 || mag > (uint64_t)hi)
			return TEXTIO_NUM_RANGE;
		v = (int64_t)mag;
	}
	if (v < lo || v > hi)
		return TEXTIO_NUM_RANGE;
	*out = v;
	return TEXTIO_NUM_OK;
}

/*
 * Read the token of n bytes at s as a decimal, digits and at most places
 * (1..18) decimals after a '.', into a whole number of 10^-places units
 * ("1.5", 3 places: 1500) no larger than max.
 */
enum textio_num
textio_decimal(const char *s, size_t n, int places, uint64_t max,
    uint64_t *out)
{
	uint64_t	whole = 0, frac = 0, scale = 1;
	size_t		dot, nfrac = 0;
	enum textio_num	got;
	int		i;

	for (dot = 0; dot < n && s[dot] != '.'; dot++)
		;
	if ((got = textio_digits(s, dot, &whole)) == TEXTIO_NUM_BAD)
		return TEXTIO_NUM_BAD;
	if (dot < n) {
		nfrac = n - dot - 1;
		if (nfrac == 0 || nfrac > (size_t)places ||
		    textio_digits(s + dot + 1, nfrac, &frac) != TEXTIO_NUM_OK)
			return TEXTIO_NUM_BAD;
	}
	if (got == TEXTIO_NUM_RANGE)
		return TEXTIO_NUM_RANGE;
	for (i = 0; i < places; i++)
		scale *= 10;
	for (; nfrac < (size_t)places; nfrac++)
		frac *= 10;		/* "1.5": 5 becomes 500 thousandths */
	if (whole > max / scale || whole * scale + frac > max)
		return TEXTIO_NUM_RANGE;
	*out = whole * scale + frac;
	return TEXTIO_NUM_OK;
}
