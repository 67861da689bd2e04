/* SPDX-License-Identifier: ISC */
/*
 * Text shown to a person: messages on standard error and strings on the
 * screen. Whatever a file name, a level or a script holds, what reaches a
 * terminal is printable: control characters (C0, DEL, C1 — the C1 CSI,
 * U+009B, starts an escape sequence as ESC [ does) and bytes that are not
 * UTF-8 are shown as \xHH escapes, one a byte, and everything else is
 * copied as it is.
 */
#ifndef WEIR_TEXT_H
#define WEIR_TEXT_H

#include <stdbool.h>
#include <stddef.h>

size_t	text_char(const char *s, size_t n, bool *visible);
char	*text_visible(char *dst, size_t size, const char *src);

#endif
