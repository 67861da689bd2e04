/* SPDX-License-Identifier: ISC */
/*
 * Making text safe to show: one UTF-8 character at a time, printable ones
 * copied, control characters and stray bytes escaped. See text.h.
 */
#include <stdio.h>
#include <string.h>

#include "text.h"

/*
 * The length of the character at s (at most n bytes, n > 0): a whole
 * UTF-8 sequence, or 1 for a byte that does not start one; *visible says
 * whether it may be shown as it is (not a control, well formed).
 */
size_t
text_char(const char *s, size_t n, bool *visible)
{
	const unsigned char	*u = (const unsigned char *)s;
	unsigned char		 lo = 0x80, hi = 0xbf;
	size_t			 need, i;

	*visible = false;
	if (u[0] < 0x80) {
		*visible = u[0] >= 0x20 && u[0] != 0x7f;
		return 1;
	}
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		need = 2;
	else if (u[0] >= 0xe0 && u[0] <= 0xef) {
		need = 3;
		if (u[0] == 0xe0)
			lo = 0xa0;
		else if (u[0] == 0xed)
			hi = 0x9f;
	} else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
		need = 4;
		if (u[0] == 0xf0)
			lo = 0x90;
		else if (u[0] == 0xf4)
			hi = 0x8f;
	} else
		return 1;
	if (need > n || u[1] < lo || u[1] > hi)
		return 1;
	for (i = 2; i < need; i++) {
		if (u[i] < 0x80 || u[i] > 0xbf)
			return 1;
	}
	/* U+0080..U+009F, the C1 controls, are C2 80..C2 9F. */
	*visible = !(u[0] == 0xc2 && u[1] < 0xa0);
	return need;
}

/*
 * Copy src to dst (size bytes, always terminated when size > 0) with
 * every control character and stray byte as \xHH, cutting at a whole
 * character or escape. Returns dst.
 */
char *
text_visible(char *dst, size_t size, const char *src)
{
	size_t	n = strlen(src), i = 0, o = 0, k;
	bool	visible;

	if (size == 0)
		return dst;
	while (i < n) {
		k = text_char(src + i, n - i, &visible);
		if (visible) {
			if (o + k >= size)
				break;
			memcpy(dst + o, src + i, k);
			o += k;
		} else {
			if (o + 4 * k >= size)
				break;
			for (size_t j = 0; j < k; j++) {
				snprintf(dst + o, 5, "\\x%02X",
				    (unsigned char)src[i + j]);
				o += 4;
			}
		}
		i += k;
	}
	dst[o] = '\0';
	return dst;
}
