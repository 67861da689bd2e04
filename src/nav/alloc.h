/* SPDX-License-Identifier: ISC */
/*
 * The engine's and the game's one door to the C library's allocator. Code
 * in src/nav and src/core allocates only through the wrappers in util.h,
 * and they only through these four functions, which live alone in alloc.c
 * and hold no state.
 *
 * Because the engine is a static library, a program linked with it may
 * define all four itself: the linker then never takes alloc.o from the
 * archive, and every allocation nav and core make goes through the program's
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
