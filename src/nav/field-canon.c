/* SPDX-License-Identifier: ISC */
/*
 * The canonical-ordering field builder: the same dist, dir and goal as
 * field_integrate, on grids where it applies (8-connected, every open cell at
 * cost 1), with most cells filled by straight and diagonal scans instead of
 * the queue (Sturtevant and Rabin, "Canonical Orderings on Grids", and
 * "Faster Dijkstra Search on Uniform Cost Grids", Game AI Pro 3 ch. 23; the
 * ordering is that of Jump Point Search, Harabor and Grastien).
 *
 * On such a grid every shortest route has a canonical form: from its goal it
 * goes diagonally first and then straight, and turns only at a jump point, a
 * cell reached by a straight step whose side cell was blocked one step back
 * and is open here (with no corner cutting a diagonal step has no such
 * cells). So from a cell taken off the queue the builder scans: straight
 * lines to the first wall, and diagonal lines spawning the two straight scans
 * of their components at every cell. A scan writes every cell it improves or
 * ties, stops at the first cell it would make worse (no shortest route goes
 * on from there) or that a scan in the same direction has passed at the same
 * distance (what lies ahead depends only on the cell, its distance and the
 * direction: it is done), and puts only jump points into the bucket queue,
 * with the directions they must go on in; a corridor that turns, the way
 * ahead blocked and one side open, is followed without the queue. Scans
 * stop short of the ring's reach and go on later from the queue, so the ring
 * of field-ring.h bounds the memory.
 *
 * Why the distances are exact: every value written is the length of a route,
 * and along the canonical form of a shortest route every cell is offered its
 * true distance, which is never worse than what it holds, so no scan on that
 * route stops early (or only where another has taken the same way on at the
 * same distance); its jump points are queued at their true distance and
 * taken off in order (an offer is at least a unit above the cell that makes
 * it, so nothing lowers a cell once its bucket is reached). Pointers and goal
 * slots are then read off the distances, as field_flow does.
 */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "field.h"
#include "field-ring.h"

/*
 * AVX2 for the pointer pass when the compiler can target it (the processor
 * is asked at run time); -DFIELD_CANON_PORTABLE builds the plain C pass
 * only, to test it on any machine.
 */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && \
    !defined(FIELD_CANON_PORTABLE)
#include <immintrin.h>
#define FIELD_CANON_AVX2	1
#endif

/* Straight scans are inlined into the diagonal ones: most are short. */
#if defined(__GNUC__)
#define CANON_INLINE	inline __attribute__((always_inline))
#else
#define CANON_INLINE	inline
#endif

/* The search's state, with local copies of the hot pointers. */
struct canon {
	const uint8_t	*restrict cost;
	int64_t		*restrict dist;
	uint8_t		*restrict mask;	/* directions still to scan (dir[]) */
	uint8_t		*restrict seen;	/* ways on taken at dist (los[]) */
	int32_t		*restrict goal;	/* with several goals: slots */
	int		 several;	/* more than one goal */
	int32_t		 slot;		/* slot of the cell being expanded */
	struct field_ring ring;
	int		 off[8];
	int64_t		 limit;		/* offers from here on wait */
	int64_t		 stop;		/* buckets from here on are not
					   taken (field_canon_local) */
	int		 reach;		/* buckets a scan may run ahead */
	size_t		 queued;
	uint64_t	 pushed;
	uint64_t	 written;	/* cells reached (for slices) */
};

/* Queue cell q to scan on in the directions of bits (q's dist is set). */
static inline void
canon_push(struct canon *k, int q, unsigned bits)
{
	if (k->mask[q] == 0) {
		field_ring_push(&k->ring, q, k->dist[q]);
		k->queued++;
		k->pushed++;
	}
	k->mask[q] |= (uint8_t)bits;
}

/*
 * Offer v to cell q, reached by a scan whose ways on from q are the bits of
 * want. Returns the ways not taken from q at this distance yet, now marked
 * taken; 0 when the offer is worse than what q holds. A way on depends only
 * on the cell, its distance and the direction, so taking it twice would
 * write nothing new. A queued cell that gets a lower distance moves to its
 * new bucket and will take its queued ways from there.
 */
static CANON_INLINE unsigned
canon_offer(struct canon *k, int q, int64_t v, unsigned want)
{
	int64_t old = k->dist[q];
	unsigned fresh;

	if (v > old)
		return 0;
	if (old == FIELD_INF) {
		k->dist[q] = v;
		k->written++;
		k->seen[q] = (uint8_t)want;
		if (k->several)
			k->goal[q] = k->slot;	/* a guess: see canon_slots */
		return want;
	}
	if (v < old) {
		k->dist[q] = v;
		k->seen[q] = k->mask[q];
		if (k->several)
			k->goal[q] = k->slot;
		if (k->mask[q] != 0 &&
		    (old >> FIELD_QSHIFT) != (v >> FIELD_QSHIFT)) {
			field_ring_remove(&k->ring, q, old);
			field_ring_push(&k->ring, q, v);
		}
	}
	fresh = want & ~(unsigned)k->seen[q];
	k->seen[q] |= (uint8_t)fresh;
	return fresh;
}

/*
 * Scan from cell c (distance v) in straight direction s (even) until a wall,
 * a cell it need not pass, or the ring's reach. A cell whose side cell is
 * open where the one a step back was blocked is a jump point: it goes on
 * that way, straight and diagonally forward, from the queue. When the way
 * ahead is blocked and the jump point has one side to go on in (a corridor
 * turns), the scan turns with it instead.
 */
static CANON_INLINE void
canon_straight(struct canon *k, int c, int s, int64_t v)
{
	const uint8_t *restrict cost = k->cost;
	int o, ol, or;
	unsigned lp, rp, sb, fl, fr;
	int q = c;

turn:
	o = k->off[s];
	ol = k->off[(s + 6) & 7];
	or = k->off[(s + 2) & 7];
	sb = 1u << s;
	fl = 1u << ((s + 6) & 7) | 1u << ((s + 7) & 7);
	fr = 1u << ((s + 2) & 7) | 1u << ((s + 1) & 7);
	lp = cost[q + ol] != 0;
	rp = cost[q + or] != 0;
	for (;;) {
		unsigned lq, rq, want, fresh;

		q += o;
		if (cost[q] == 0)
			return;
		v += FIELD_UNIT;
		if (v >= k->limit) {
			if (v <= k->dist[q])
				canon_push(k, q - o, sb);
			return;
		}
		lq = cost[q + ol] != 0;
		rq = cost[q + or] != 0;
		want = sb | ((lq & ~lp) ? fl : 0) | ((rq & ~rp) ? fr : 0);
		fresh = canon_offer(k, q, v, want);
		if ((fresh & ~sb) != 0) {
			/* Ways to the sides (even bits: straight ones). */
			unsigned side = fresh & (fl | fr) & 0x55;

			if (cost[q + o] != 0)
				canon_push(k, q, fresh & ~sb);
			else if (side != 0 && (side & (side - 1)) == 0) {
				/* Ahead blocked, one way on: turn. */
				s = field_ctz(side);
				goto turn;
			} else if (side != 0)
				/* A diagonal past a blocked cell is no step. */
				canon_push(k, q, side);
		}
		if ((fresh & sb) == 0)
			return;
		lp = lq;
		rp = rq;
	}
}

/*
 * Scan from cell c (distance v) in diagonal direction a (odd), with the
 * straight scans of both components from every cell it reaches.
 */
static void
canon_diagonal(struct canon *k, int c, int a, int64_t v)
{
	const uint8_t *restrict cost = k->cost;
	const int s1 = (a + 7) & 7, s2 = (a + 1) & 7;
	const int o = k->off[a], o1 = k->off[s1], o2 = k->off[s2];
	int p = c;

	for (;;) {
		int q = p + o;
		unsigned fresh;

		/* No corner cutting: both cells beside the step open. */
		if (cost[q] == 0 || cost[p + o1] == 0 || cost[p + o2] == 0)
			return;
		v += FIELD_DIAG;
		if (v >= k->limit) {
			if (v <= k->dist[q])
				canon_push(k, p, 1u << a);
			return;
		}
		fresh = canon_offer(k, q, v, 1u << a | 1u << s1 | 1u << s2);
		if ((fresh & 1u << s1) != 0)
			canon_straight(k, q, s1, v);
		if ((fresh & 1u << s2) != 0)
			canon_straight(k, q, s2, v);
		if ((fresh & 1u << a) == 0)
			return;
		p = q;
	}
}

/*
 * How many buckets ahead of the queue a scan may run. Any reach up to the
 * ring's gives the same field (a scan that stops pushes the cell it stood
 * on, to go on from the queue), so this is only speed. With one goal, as
 * far as the ring goes. With several, every goal's scans start in bucket
 * 0, and a scan that runs far crosses the regions of nearer goals, whose
 * own scans then write those cells again: with many goals most cells
 * would be written twice. So about half the side of a goal's share of the
 * map (a smaller part does as well; the whole side, and the ring's reach,
 * are slower: weir-bench field).
 */
static int
canon_reach(const struct field *f)
{
	double r;

	if (f->ngoals <= 1)
		return FIELD_NBUCKETS;
	r = sqrt((double)f->w * f->h / f->ngoals) / 2;
	return r < 4 ? 4 : r > FIELD_NBUCKETS ? FIELD_NBUCKETS : (int)r;
}

/* Point k at f's arrays and g's costs, with an empty ring. */
static void
canon_attach(struct canon *k, struct field *f, const struct grid *g)
{
	k->cost = g->cost;
	k->dist = f->dist;
	k->mask = (uint8_t *)f->dir;
	field_ring_init(&k->ring, f);
	for (int d = 0; d < 8; d++)
		k->off[d] = field_offset(g->stride, d);
	k->seen = f->los;
	k->goal = f->goal;
	k->several = f->ngoals > 1;
	k->reach = canon_reach(f);
	k->slot = 0;
	k->stop = INT64_MAX;
	k->queued = 0;
	k->pushed = 0;
	k->written = 0;
}

/* Every cell unreachable, the goals at 0 and queued (f->goals kept). */
static void
canon_begin(struct canon *k, struct field *f, const int32_t *goals,
    int ngoals)
{
	for (size_t i = 0; i < f->ncells; i++)
		k->dist[i] = FIELD_INF;
	memset(k->mask, 0, f->ncells);
	memset(k->seen, 0, f->ncells);
	if (ngoals > 1)
		memset(k->goal, 0xff, f->ncells * sizeof *k->goal);	/* -1 */

	f->ngoals = 0;
	for (int n = 0; n < ngoals && f->ngoals < FIELD_MAX_GOALS; n++) {
		int i = goals[n];

		if (i < 0 || (size_t)i >= f->ncells || k->cost[i] == 0 ||
		    k->dist[i] == 0)
			continue;
		k->goal[i] = f->ngoals;
		f->goals[f->ngoals++] = i;
		k->dist[i] = 0;
		k->seen[i] = 0xff;
		canon_push(k, i, 0xff);
	}
	k->several = f->ngoals > 1;
	k->written = f->ngoals;
	k->reach = canon_reach(f);
}

/*
 * Take the lowest bucket off as a whole, as field_integrate does: no
 * scan writes into it (every offer is a unit or more above the cell
 * that makes it). Scans push at most FIELD_NBUCKETS buckets ahead (up
 * to limit): the slot of the bucket being taken off is free again for
 * the last of them. Whole buckets, from *bucket on, until the queue is
 * empty (true) or budget cells have been reached (false).
 */
static bool
canon_run(struct canon *k, int64_t *bucket, uint64_t budget)
{
	for (; k->queued > 0 && *bucket < k->stop; (*bucket)++) {
		int i, next;

		if (k->written >= budget)
			return false;
		i = field_ring_take(&k->ring,
		    (int)(*bucket & (FIELD_NBUCKETS - 1)));
		k->limit = (*bucket + k->reach + 1 < k->stop ? *bucket +
		    k->reach + 1 : k->stop) << FIELD_QSHIFT;
		for (; i >= 0; i = next) {
			const int64_t v = k->dist[i];
			unsigned m = k->mask[i];

			next = k->ring.next[i];
			k->queued--;
			k->mask[i] = 0;
			if (k->several)
				k->slot = k->goal[i];
			while (m != 0) {
				int d = field_ctz(m);

				m &= m - 1;
				if (d & 1)
					canon_diagonal(k, i, d, v);
				else
					canon_straight(k, i, d, v);
			}
		}
	}
	return true;
}

/* Fill dist from the goals, keeping the goal list in f->goals. */
static void
canon_distances(struct field *f, const struct grid *g, const int32_t *goals,
    int ngoals)
{
	struct canon k;
	int64_t bucket = 0;

	canon_attach(&k, f, g);
	canon_begin(&k, f, goals, ngoals);
	canon_run(&k, &bucket, UINT64_MAX);
	f->stats.queued = k.pushed;
	memset(k.seen, 0, f->ncells);	/* no cell sees its goal yet */
}

/*
 * Pointer of one cell from the distances alone: the first neighbour in the
 * tie-break order one step lower. A diagonal also needs both cells beside
 * it open, and beside a reachable cell an open cell is a reachable one.
 */
static inline int
canon_dir(const int64_t *dist, int i, const int *off)
{
	int64_t d = dist[i], o = d - FIELD_UNIT, dg = d - FIELD_DIAG;

	if (d == FIELD_INF)
		return FIELD_DIR_NONE;
	if (d == 0)
		return FIELD_DIR_GOAL;
	if (dist[i + off[0]] == o)
		return 0;
	if (dist[i + off[2]] == o)
		return 2;
	if (dist[i + off[4]] == o)
		return 4;
	if (dist[i + off[6]] == o)
		return 6;
	for (int a = 1; a < 8; a += 2) {
		if (dist[i + off[a]] == dg &&
		    dist[i + off[(a + 7) & 7]] != FIELD_INF &&
		    dist[i + off[(a + 1) & 7]] != FIELD_INF)
			return a;
	}
	return FIELD_DIR_NONE;	/* not reached on a finished field */
}

/*
 * With several goals, the pointer pass also checks the slots the scans
 * guessed (canon_slots): each cell whose slot differs from its pointer's
 * cell's goes on a stack (marked in on[]), and each slot's box grows by the
 * runs of a row that hold it.
 */
struct canon_scan {
	int32_t	*stack;		/* cells whose slot differs from their pointer's */
	int	 n;
	uint8_t	*on;		/* 1: on the stack */
	int32_t	*box;		/* 4 per slot: minx, miny, maxx, maxy */
	int32_t	 run;		/* slot of the run the row is in */
	int	 x0, y;		/* where that run began; the row */
};

/* Grow goal slot s's box (4 ints) by the cells x0 .. x1 of row y. */
static inline void
canon_box(int32_t *box, int32_t s, int x0, int x1, int y)
{
	int32_t *b = box + 4 * s;

	if (s < 0)
		return;
	if (x0 < b[0]) b[0] = x0;
	if (y < b[1]) b[1] = y;
	if (x1 > b[2]) b[2] = x1;
	if (y > b[3]) b[3] = y;
}

/* Slot s begins at column x of the row: the run before it ends. */
static inline void
canon_scan_run(struct canon_scan *sc, int32_t s, int x)
{
	canon_box(sc->box, sc->run, sc->x0, x - 1, sc->y);
	sc->run = s;
	sc->x0 = x;
}

/* Check cell i at column x, its pointer being set. */
static inline void
canon_scan_cell(struct canon_scan *sc, const struct field *f, int i, int x,
    const int *off)
{
	int d = f->dir[i];
	int32_t s = f->goal[i];

	if (d >= 0 && d < 8 && s != f->goal[i + off[d]]) {
		sc->on[i] = 1;
		sc->stack[sc->n++] = i;
	}
	if (s != sc->run)
		canon_scan_run(sc, s, x);
}

/*
 * Pointers of n cells from column x0 (padded index i) and, with one goal,
 * their slots (0, or -1 when unreachable); with sc, the slot check.
 * Returns the reachable cells.
 */
static uint64_t
canon_row_scalar(struct field *f, int i, int x0, int n, int one,
    const int *off, struct canon_scan *sc)
{
	uint64_t reached = 0;

	for (int x = 0; x < n; x++, i++) {
		f->dir[i] = (int8_t)canon_dir(f->dist, i, off);
		reached += f->dist[i] != FIELD_INF;
		if (one)
			f->goal[i] = f->dist[i] != FIELD_INF ? 0 : -1;
		if (sc != NULL)
			canon_scan_cell(sc, f, i, x0 + x, off);
	}
	return reached;
}

#ifdef FIELD_CANON_AVX2
__attribute__((target("avx2"))) static inline void
canon_scan4(struct canon_scan *sc, const struct field *f, int i, int x,
    __m128i dirs, __m256i offv)
{
	const int32_t *goal = f->goal;
	__m128i g4 = _mm_loadu_si128((const __m128i *)(goal + i));
	__m128i gp = _mm_loadu_si128((const __m128i *)(goal + i - 1));
	__m128i ok = _mm_and_si128(_mm_cmpgt_epi32(dirs, _mm_set1_epi32(-1)),
	    _mm_cmplt_epi32(dirs, _mm_set1_epi32(8)));
	__m128i to = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(offv,
	    _mm256_castsi128_si256(dirs)));
	__m128i pg = _mm_mask_i32gather_epi32(g4, (const int *)(goal + i),
	    _mm_add_epi32(to, _mm_setr_epi32(0, 1, 2, 3)), ok, 4);
	unsigned bad = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(
	    _mm_cmpeq_epi32(pg, g4))) ^ 0xf;
	unsigned edge = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(
	    _mm_cmpeq_epi32(g4, gp))) ^ 0xf;

	for (; bad != 0; bad &= bad - 1) {
		int l = field_ctz(bad);

		sc->on[i + l] = 1;
		sc->stack[sc->n++] = i + l;
	}
	for (; edge != 0; edge &= edge - 1) {
		int l = field_ctz(edge);

		canon_scan_run(sc, goal[i + l], x + l);
	}
}

/*
 * canon_row_scalar four cells at a time, from column 0; returns cells
 * done. With sc, canon_scan_cell's check four at a time too: a gather of
 * the slots the pointers name, and the runs' ends by comparing each slot
 * with the one before.
 */
__attribute__((target("avx2"))) static CANON_INLINE int
canon_row_avx2_body(struct field *f, int i, int n, int one, const int *off,
    uint64_t *reached, struct canon_scan *sc)
{
	const __m256i offv = _mm256_loadu_si256((const __m256i *)off);
	const int64_t *dist = f->dist;
	const __m256i inf = _mm256_set1_epi64x(FIELD_INF);
	const __m256i unit = _mm256_set1_epi64x(FIELD_UNIT);
	const __m256i diag = _mm256_set1_epi64x(FIELD_DIAG);
	const __m256i zero = _mm256_setzero_si256();
	const __m256i lo32 = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
	int x = 0;

	for (; x + 4 <= n; x += 4, i += 4) {
#define LD(o)	_mm256_loadu_si256((const __m256i *)(dist + i + (o)))
		__m256i d = LD(0), isinf = _mm256_cmpeq_epi64(d, inf);
		__m256i o, dg, dn, de, ds, dw, fn, fe, fs, fw, m, t;
		__m256i r = _mm256_set1_epi64x(FIELD_DIR_NONE);
		__m128i b;

		if (_mm256_movemask_pd(_mm256_castsi256_pd(isinf)) == 0xf) {
			/* Four walls or unreachable cells: a common run. */
			memset(f->dir + i, FIELD_DIR_NONE, 4);
			if (one)
				memset(f->goal + i, 0xff, 4 * sizeof *f->goal);
			else if (sc != NULL && sc->run != -1)
				canon_scan_run(sc, -1, x);	/* slots -1 */
			continue;
		}
		o = _mm256_sub_epi64(d, unit);
		dg = _mm256_sub_epi64(d, diag);
		dn = LD(off[0]);
		de = LD(off[2]);
		ds = LD(off[4]);
		dw = LD(off[6]);
		fn = _mm256_cmpeq_epi64(dn, inf);	/* blocked */
		fe = _mm256_cmpeq_epi64(de, inf);
		fs = _mm256_cmpeq_epi64(ds, inf);
		fw = _mm256_cmpeq_epi64(dw, inf);

		/* Lowest priority first: each later match overrides. */
		m = _mm256_andnot_si256(_mm256_or_si256(fn, fw),
		    _mm256_cmpeq_epi64(LD(off[7]), dg));
		r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(7), m);
		m = _mm256_andnot_si256(_mm256_or_si256(fs, fw),
		    _mm256_cmpeq_epi64(LD(off[5]), dg));
		r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(5), m);
		m = _mm256_andnot_si256(_mm256_or_si256(fs, fe),
		    _mm256_cmpeq_epi64(LD(off[3]), dg));
		r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(3), m);
		m = _mm256_andnot_si256(_mm256_or_si256(fn, fe),
		    _mm256_cmpeq_epi64(LD(off[1]), dg));
		r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(1), m);
#undef LD
		r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(6),
		    _mm256_cmpeq_epi64(dw, o));
		r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(4),
		    _mm256_cmpeq_epi64(ds, o));
		r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(2),
		    _mm256_cmpeq_epi64(de, o));
		r = _mm256_blendv_epi8(r, zero, _mm256_cmpeq_epi64(dn, o));
		r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(FIELD_DIR_GOAL),
		    _mm256_cmpeq_epi64(d, zero));
		r = _mm256_blendv_epi8(r, _mm256_set1_epi64x(FIELD_DIR_NONE),
		    isinf);
		/* Four int64 lanes down to four bytes. */
		t = _mm256_permutevar8x32_epi32(r, lo32);
		b = _mm256_castsi256_si128(t);
		b = _mm_packs_epi32(b, b);
		b = _mm_packs_epi16(b, b);
		{
			int32_t w4 = _mm_cvtsi128_si32(b);

			memcpy(f->dir + i, &w4, 4);
		}
		/* With one goal, slots: 0, or -1 where unreachable. */
		if (one) {
			t = _mm256_permutevar8x32_epi32(isinf, lo32);
			_mm_storeu_si128((__m128i *)(f->goal + i),
			    _mm256_castsi256_si128(t));
		}
		if (sc != NULL)
			canon_scan4(sc, f, i, x, _mm256_castsi256_si128(
			    _mm256_permutevar8x32_epi32(r, lo32)), offv);
		*reached += 4 - (unsigned)__builtin_popcount(
		    (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(isinf)));
	}
	return x;
}

/*
 * The row pass without and with the slot check, each compiled on its own:
 * the check's registers would otherwise crowd the plain loop's.
 */
__attribute__((target("avx2"))) static int
canon_row_avx2(struct field *f, int i, int n, int one, const int *off,
    uint64_t *reached)
{
	return canon_row_avx2_body(f, i, n, one, off, reached, NULL);
}

__attribute__((target("avx2"))) static int
canon_row_avx2_scan(struct field *f, int i, int n, const int *off,
    uint64_t *reached, struct canon_scan *sc)
{
	return canon_row_avx2_body(f, i, n, 0, off, reached, sc);
}
#endif

/* An empty check, over f's stack and boxes. */
static void
canon_scan_begin(struct canon_scan *sc, struct field *f)
{
	sc->stack = f->rlist;	/* free outside a repair */
	sc->n = 0;
	sc->on = f->los;	/* all 0 after the search */
	sc->box = f->obox;
	for (int s = 0; s < f->ngoals; s++) {
		sc->box[4 * s] = sc->box[4 * s + 1] = 1 << 30;
		sc->box[4 * s + 2] = sc->box[4 * s + 3] = -1;
	}
}

/*
 * Goal slots with several goals. The scans left each reachable cell the slot
 * of the scan that gave it its distance: a guess, right unless the cell is
 * as far from two goals and its pointer, by the tie-break, leads to the
 * other. A cell's slot must be its pointer's cell's slot; every cell that
 * differs goes on a worklist (the pointer pass's check, or a pass here when
 * sc is NULL), takes that slot when taken off and, if it changed, puts the
 * cells pointing at it back on. When the list is empty every cell agrees
 * with the cell its pointer names, so by induction from the goals every
 * slot is the goal its pointer chain ends at. Each cell is on the list at
 * most once at a time (los[] marks it, and is all 0 again at the end).
 *
 * The check also leaves in f->obox a box per slot round its cells, for the
 * sight sweep and for repairs (repair.c): the guessed slots' boxes, by runs
 * of a row, grown by every cell the worklist moves to another slot, so each
 * holds all its slot's cells, and perhaps a few more.
 */
static void
canon_slots(struct field *f, const struct grid *g, const int *off,
    struct canon_scan *sc)
{
	int32_t *restrict goal = f->goal;
	const int8_t *restrict dir = f->dir;
	struct canon_scan own;

	if (sc == NULL) {
		sc = &own;
		canon_scan_begin(sc, f);
		for (int y = 0; y < g->h; y++) {
			int i = grid_index(g, 0, y);

			sc->run = -1;
			sc->x0 = 0;
			sc->y = y;
			for (int x = 0; x < g->w; x++, i++)
				canon_scan_cell(sc, f, i, x, off);
			canon_scan_run(sc, -1, g->w);
		}
	}
	while (sc->n > 0) {
		int v = sc->stack[--sc->n];
		int32_t s = goal[v + off[(uint8_t)dir[v]]];

		sc->on[v] = 0;
		if (s == goal[v])
			continue;
		goal[v] = s;
		canon_box(sc->box, s, grid_x(g, v), grid_x(g, v), grid_y(g, v));
		for (int d = 0; d < 8; d++) {
			int x = v + off[d];

			if (dir[x] == ((d + 4) & 7) && sc->on[x] == 0) {
				sc->on[x] = 1;
				sc->stack[sc->n++] = x;
			}
		}
	}
	f->obox_ok = true;
}

/* The border's pointers and slots: none. */
static void
canon_border(struct field *f, const struct grid *g)
{
	const int s = g->stride;

	memset(f->dir, FIELD_DIR_NONE, (size_t)s);
	memset(f->dir + (size_t)(g->h + 1) * s, FIELD_DIR_NONE, (size_t)s);
	memset(f->goal, 0xff, (size_t)s * sizeof *f->goal);
	memset(f->goal + (size_t)(g->h + 1) * s, 0xff,
	    (size_t)s * sizeof *f->goal);
}

/*
 * Pointers of map rows y0 .. y1 - 1, with sc the slot check (several
 * goals); returns the reachable cells.
 */
static uint64_t
canon_rows(struct field *f, const struct grid *g, int y0, int y1,
    struct canon_scan *sc)
{
	const int one = f->ngoals <= 1;	/* none: every slot -1 */
	int off[8];
	uint64_t reached = 0;
#ifdef FIELD_CANON_AVX2
	const int avx2 = __builtin_cpu_supports("avx2");
#endif

	for (int d = 0; d < 8; d++)
		off[d] = field_offset(g->stride, d);
	for (int y = y0; y < y1; y++) {
		int i = grid_index(g, 0, y), x = 0;

		f->dir[i - 1] = f->dir[i + g->w] = FIELD_DIR_NONE;
		f->goal[i - 1] = f->goal[i + g->w] = -1;
		if (sc != NULL) {
			sc->run = -1;
			sc->x0 = 0;
			sc->y = y;
		}
#ifdef FIELD_CANON_AVX2
		if (avx2)
			x = sc != NULL ? canon_row_avx2_scan(f, i, g->w, off,
			    &reached, sc) : canon_row_avx2(f, i, g->w, one, off,
			    &reached);
#endif
		reached += canon_row_scalar(f, i + x, x, g->w - x, one, off,
		    sc);
		if (sc != NULL)
			canon_scan_run(sc, -1, g->w);	/* the row's last run */
	}
	return reached;
}

/*
 * After the rows: the goals' own slots, and the others' with several (sc:
 * the rows' check, or NULL to check them here).
 */
static void
canon_goal_slots(struct field *f, const struct grid *g, struct canon_scan *sc)
{
	int off[8];

	for (int d = 0; d < 8; d++)
		off[d] = field_offset(g->stride, d);
	for (int n = 0; n < f->ngoals; n++)
		f->goal[f->goals[n]] = n;
	if (f->ngoals > 1)
		canon_slots(f, g, off, sc);
}

/*
 * Pointers for every cell and goal slots: with one goal every reachable cell
 * has slot 0; with more, see canon_slots. Returns the reachable cells.
 */
static uint64_t
canon_pointers(struct field *f, const struct grid *g)
{
	struct canon_scan sc;
	uint64_t reached;

	canon_border(f, g);
	if (f->ngoals > 1)
		canon_scan_begin(&sc, f);
	reached = canon_rows(f, g, 0, g->h, f->ngoals > 1 ? &sc : NULL);
	canon_goal_slots(f, g, f->ngoals > 1 ? &sc : NULL);
	return reached;
}

/* Whether the canonical builder gives the field of g: 8-way, unit costs. */
bool
field_canon_applies(const struct grid *g)
{
	const uint8_t *c = g->cost;
	size_t n = grid_cells(g->w, g->h), i = 0;
	uint64_t over = 0;

	if (!g->diagonal)
		return false;
	/* Eight cells a step: any byte above 1 sets a bit of 0xfe. */
	for (; i + 8 <= n; i += 8) {
		uint64_t w;

		memcpy(&w, c + i, 8);
		over |= w;
	}
	for (; i < n; i++)
		over |= c[i];
	return (over & UINT64_C(0xfefefefefefefefe)) == 0;
}

/*
 * Fill dist, dir and goal as field_integrate does, on a grid where
 * field_canon_applies, and leave los all 0. f->stats.settled is the count
 * of reachable cells, .queued the cells that went through the queue.
 */
void
field_canon(struct field *f, const struct grid *g, const int32_t *goals,
    int ngoals)
{
	field_canon_distances(f, g, goals, ngoals);
	f->stats.settled = canon_pointers(f, g);
}

/*
 * Only the distances (and goals[], ngoals) of field_canon; dir and goal are
 * left as scratch, los all 0. For measuring the search on its own.
 */
void
field_canon_distances(struct field *f, const struct grid *g,
    const int32_t *goals, int ngoals)
{
	assert(f->w == g->w && f->h == g->h);
	memset(&f->stats, 0, sizeof f->stats);
	f->obox_ok = false;	/* goal slots change: repair.c forgets */
	f->base = 0;
	canon_distances(f, g, goals, ngoals);
}

/*
 * field_canon in slices, as field_integrate_start and _run: the search a
 * budget of cells reached at a time (whole buckets), then the pointers
 * FIELD_CANON_ROW_WEIGHT times as many cells' worth of rows at a time (a pointer
 * costs much less than a scan's cell). The queue's heads wait in s between
 * slices; s->order is not filled (there is no order of settling).
 */
void
field_canon_start(struct field *f, const struct grid *g,
    const int32_t *goals, int ngoals, struct field_slice *s)
{
	struct canon k;

	assert(f->w == g->w && f->h == g->h);
	memset(&f->stats, 0, sizeof f->stats);
	f->obox_ok = false;
	f->base = 0;
	canon_attach(&k, f, g);
	canon_begin(&k, f, goals, ngoals);
	memcpy(s->head, k.ring.head, sizeof s->head);
	s->queued = k.queued;
	s->bucket = 0;
	s->stage = 0;
	s->row = 0;
	s->norder = 0;
	s->clean = false;
	f->stats.settled = k.written;
}

/* Go on with s for about budget cells; true when the field is done. */
bool
field_canon_run(struct field *f, const struct grid *g, struct field_slice *s,
    uint64_t budget)
{
	uint64_t rows;
	int y1;

	if (s->stage == 0) {
		struct canon k;
		bool done;

		canon_attach(&k, f, g);
		if (s->reach > 0 && s->reach < k.reach)
			k.reach = s->reach;
		memcpy(k.ring.head, s->head, sizeof k.ring.head);
		k.queued = s->queued;
		done = canon_run(&k, &s->bucket, budget);
		memcpy(s->head, k.ring.head, sizeof s->head);
		s->queued = k.queued;
		f->stats.settled += k.written;
		f->stats.queued += k.pushed;
		if (!done)
			return false;
		memset(f->los, 0, f->ncells);	/* the scans' marks */
		canon_border(f, g);
		s->stage = 1;
		/* The pointers in what is left of the budget. */
		budget = k.written < budget ? budget - k.written : 0;
		if (budget * FIELD_CANON_ROW_WEIGHT < (uint64_t)g->w)
			return false;
	}
	rows = budget * FIELD_CANON_ROW_WEIGHT / (uint64_t)g->w;
	y1 = s->row + (rows < 1 ? 1 : rows > (uint64_t)g->h ? g->h :
	    (int)rows);
	if (y1 > g->h)
		y1 = g->h;
	canon_rows(f, g, s->row, y1, NULL);
	s->row = y1;
	if (s->row < g->h)
		return false;
	canon_goal_slots(f, g, NULL);
	return true;
}

/*
 * A canonical build from the one goal out to nbuckets buckets only, on a
 * field kept clean between calls (every dist FIELD_INF, every dir and los
 * 0; field_canon_local_clean restores that): the buckets below nbuckets
 * are taken, no scan writes a distance at or past nbuckets * FIELD_UNIT,
 * so the cells written are exactly those nearer than that, each with its
 * exact distance and a build's pointer (every cell a shortest route from
 * one passes is nearer still, and written). Nothing else is written but in
 * box (minx, miny, maxx, maxy, on the map): the cells within nbuckets - 1
 * of the goal both ways. Returns the cells written.
 */
uint64_t
field_canon_local(struct field *f, const struct grid *g, int32_t goal,
    int64_t nbuckets, int box[4])
{
	struct canon k;
	int64_t bucket = 0;
	int r = nbuckets - 1 < g->w + g->h ? (int)(nbuckets - 1) :
	    g->w + g->h, gx = grid_x(g, goal), gy = grid_y(g, goal);
	uint64_t reached = 0;
	int off[8];

	assert(f->w == g->w && f->h == g->h && nbuckets >= 1);
	box[0] = gx - r < 0 ? 0 : gx - r;
	box[1] = gy - r < 0 ? 0 : gy - r;
	box[2] = gx + r >= g->w ? g->w - 1 : gx + r;
	box[3] = gy + r >= g->h ? g->h - 1 : gy + r;
	canon_attach(&k, f, g);
	f->ngoals = 1;
	f->goals[0] = goal;
	k.dist[goal] = 0;
	k.seen[goal] = 0xff;
	canon_push(&k, goal, 0xff);
	k.written = 1;
	k.stop = nbuckets;
	canon_run(&k, &bucket, UINT64_MAX);
	/* The pointers of the box's rows (the queue's marks go with them). */
	for (int d = 0; d < 8; d++)
		off[d] = field_offset(g->stride, d);
#ifdef FIELD_CANON_AVX2
	const int avx2 = __builtin_cpu_supports("avx2");
#endif
	for (int y = box[1]; y <= box[3]; y++) {
		int i = grid_index(g, box[0], y), n = box[2] - box[0] + 1;
		int x = 0;

#ifdef FIELD_CANON_AVX2
		if (avx2)
			x = canon_row_avx2(f, i, n, 1, off, &reached);
#endif
		reached += canon_row_scalar(f, i + x, box[0] + x, n - x, 1,
		    off, NULL);
	}
	return reached;
}

/* Make f clean again after field_canon_local left box written. */
void
field_canon_local_clean(struct field *f, const struct grid *g,
    const int box[4])
{
	size_t n = (size_t)(box[2] - box[0] + 1);

	for (int y = box[1]; y <= box[3]; y++) {
		int i = grid_index(g, box[0], y);

		for (size_t x = 0; x < n; x++)
			f->dist[i + x] = FIELD_INF;
		memset(f->dir + i, 0, n);
		memset(f->los + i, 0, n);
	}
}
