/* SPDX-License-Identifier: ISC */
/*
 * Allocation wrappers: they die with a message instead of handing NULL back.
 * They reach the C library only through alloc.h, so a test can count every
 * allocation the core makes.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "util.h"

static void
util_oom(size_t size)
{
	fprintf(stderr, "weir: out of memory allocating %zu bytes\n", size);
	abort();
}

/* Allocate size bytes or abort. */
void *
xmalloc(size_t size)
{
	void *p = alloc_malloc(size == 0 ? 1 : size);

	if (p == NULL)
		util_oom(size);
	return p;
}

/* Allocate a zeroed array or abort. */
void *
xcalloc(size_t nmemb, size_t size)
{
	void *p = alloc_calloc(nmemb == 0 ? 1 : nmemb, size == 0 ? 1 : size);

	if (p == NULL)
		util_oom(nmemb * size);
	return p;
}

/* Resize an array of nmemb elements, checking the multiplication. */
void *
xrealloc(void *ptr, size_t nmemb, size_t size)
{
	void *p;

	if (size != 0 && nmemb > SIZE_MAX / size)
		util_oom(SIZE_MAX);
	p = alloc_realloc(ptr, nmemb * size == 0 ? 1 : nmemb * size);
	if (p == NULL)
		util_oom(nmemb * size);
	return p;
}

/*
 * Allocate size bytes aligned to align (a power of two) or abort; free()
 * releases them.
 */
void *
xaligned(size_t align, size_t size)
{
	size_t n = (size == 0 ? 1 : size) + align - 1;
	void *p;

	if (n < align)
		util_oom(SIZE_MAX);
	n -= n % align;			/* aligned_alloc wants a multiple */
	if ((p = alloc_aligned(align, n)) == NULL)
		util_oom(n);
	return p;
}

/* Copy src into dst of size bytes, always terminating; returns strlen(src). */
size_t
strlcpy_w(char *dst, const char *src, size_t size)
{
	size_t n = strlen(src);

	if (size > 0) {
		size_t c = n < size - 1 ? n : size - 1;
		memcpy(dst, src, c);
		dst[c] = '\0';
	}
	return n;
}
