/* SPDX-License-Identifier: ISC */
/*
 * The core's one door to the C library's allocator. Code in src/core
 * allocates only through the wrappers in util.h, and they only through
 * these four functions, which live alone in alloc.c and hold no state.
 *
 * Because the core is a static library, a program linked with it may
 * define all four itself: the linker then never takes alloc.o from the
 * archive, and every allocation the core makes goes through the program's
 * versions. The tests do that to count allocations and prove that a game
 * tick and a crowd tick make none (tests/check_alloc.c). Each returns NULL
 * when the C library does; the wrappers deal with that.
 */
#ifndef WEIR_ALLOC_H
#define WEIR_ALLOC_H

#include <stddef.h>

void	*alloc_malloc(size_t size);
void	*alloc_calloc(size_t nmemb, size_t size);
void	*alloc_realloc(void *ptr, size_t size);
void	*alloc_aligned(size_t align, size_t size);

#endif
