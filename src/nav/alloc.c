/* SPDX-License-Identifier: ISC */
/*
 * The C library's allocator, for the wrappers in util.c and nothing else.
 * A program may replace this file by defining the same four functions (see
 * alloc.h); weir itself uses these.
 */
#include <stdlib.h>

#include "alloc.h"

/* malloc(3). */
void *
alloc_malloc(size_t size)
{
	return malloc(size);
}

/* calloc(3). */
void *
alloc_calloc(size_t nmemb, size_t size)
{
	return calloc(nmemb, size);
}

/* realloc(3). */
void *
alloc_realloc(void *ptr, size_t size)
{
	return realloc(ptr, size);
}

/* aligned_alloc(3): size must be a multiple of align. */
void *
alloc_aligned(size_t align, size_t size)
{
	return aligned_alloc(align, size);
}
