/* SPDX-License-Identifier: ISC */
/*
 * Small helpers shared by the engine and the game: allocation that never
 * returns NULL to its caller (it reports and aborts, as running out of memory
 * at level load is not something a game can recover from), and a safe bounded
 * string copy. These wrappers are the only allocator code in src/nav and
 * src/core may call (alloc.h says why); free() releases what they return.
 */
#ifndef WEIR_UTIL_H
#define WEIR_UTIL_H

#include <stddef.h>

void	*xmalloc(size_t size);
void	*xcalloc(size_t nmemb, size_t size);
void	*xrealloc(void *ptr, size_t nmemb, size_t size);
void	*xaligned(size_t align, size_t size);
size_t	 strlcpy_w(char *dst, const char *src, size_t size);

#endif
