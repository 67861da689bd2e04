/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the shared line reader: lines with and without their CR
 * and trailing blanks, the position just past the end of the text, the
 * "NAME:LINE:COL: message" form and the first error kept, and numbers
 * told apart from what is no number and from numbers out of range.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/textio.h"

/* The next line of t, as a string in a static buffer. */
static const char *
t_line(struct textio *t)
{
	static char	buf[256];

	ck_assert(textio_next(t));
	ck_assert_uint_lt(t->linelen, sizeof buf);
	memcpy(buf, t->line, t->linelen);
	buf[t->linelen] = '\0';
	return buf;
}

START_TEST(test_lines)
{
	static const char	text[] = "a \t\r\nb\r\r\n\n c\r";
	struct textio		t;

	/* Raw: only the '\n' goes. */
	textio_init(&t, "f", text, sizeof text - 1, 0, NULL, 0);
	ck_assert_str_eq(t_line(&t), "a \t\r");
	ck_assert_str_eq(t_line(&t), "b\r\r");
	ck_assert_str_eq(t_line(&t), "");
	ck_assert_str_eq(t_line(&t), " c\r");
	ck_assert_int_eq(t.lineno, 4);
	ck_assert(!textio_next(&t));

	/* One CR before the line end goes, and with TRIM the blanks. */
	textio_init(&t, "f", text, sizeof text - 1, TEXTIO_CR, NULL, 0);
	ck_assert_str_eq(t_line(&t), "a \t");
	ck_assert_str_eq(t_line(&t), "b\r");
	ck_assert_str_eq(t_line(&t), "");
	ck_assert_str_eq(t_line(&t), " c");
	textio_init(&t, "f", text, sizeof text - 1, TEXTIO_CR | TEXTIO_TRIM,
	    NULL, 0);
	ck_assert_str_eq(t_line(&t), "a");
	ck_assert_uint_eq(t.rawlen, 4);
	ck_assert(t.lastnl);

	/* No text, or NULL: no line. */
	textio_init(&t, "f", NULL, 99, 0, NULL, 0);
	ck_assert(!textio_next(&t));
	textio_init(&t, "f", "", 0, 0, NULL, 0);
	ck_assert(!textio_next(&t));
}
END_TEST

START_TEST(test_end)
{
	struct textio	t;
	long		line;
	size_t		col;

	/* Ended by a line end: the start of the next line. */
	textio_init(&t, "f", "ab\ncd\n", 6, TEXTIO_CR, NULL, 0);
	while (textio_next(&t))
		;
	textio_end(&t, &line, &col);
	ck_assert_int_eq(line, 3);
	ck_assert_uint_eq(col, 1);
	/* Not ended: just past the last byte, blanks and CR counted. */
	textio_init(&t, "f", "ab\ncd \r", 7, TEXTIO_CR | TEXTIO_TRIM, NULL, 0);
	while (textio_next(&t))
		;
	textio_end(&t, &line, &col);
	ck_assert_int_eq(line, 2);
	ck_assert_uint_eq(col, 5);
	/* Empty: line 1, column 1. */
	textio_init(&t, "f", "", 0, 0, NULL, 0);
	textio_end(&t, &line, &col);
	ck_assert_int_eq(line, 1);
	ck_assert_uint_eq(col, 1);
}
END_TEST

START_TEST(test_errors)
{
	struct textio	t;
	char		err[64], small[12];

	textio_init(&t, "lv.weir", "x", 1, 0, err, sizeof err);
	ck_assert(!textio_error(&t, 3, 7, "bad %s", "thing"));
	ck_assert_str_eq(err, "lv.weir:3:7: bad thing");
	ck_assert(t.failed);
	/* Only the first error is kept. */
	ck_assert(!textio_error(&t, 9, 9, "later"));
	ck_assert_str_eq(err, "lv.weir:3:7: bad thing");
	/* Cut to the buffer, never past it; no buffer is no crash. */
	textio_format(small, sizeof small, "lv.weir", 3, 7, "bad");
	ck_assert_str_eq(small, "lv.weir:3:7");
	textio_init(&t, "lv.weir", "x", 1, 0, NULL, 0);
	ck_assert(!textio_error(&t, 1, 1, "nowhere"));
	textio_format(small, 0, "lv.weir", 1, 1, "nowhere");
}
END_TEST

START_TEST(test_numbers)
{
	uint64_t	u;
	int64_t		i;

	ck_assert_int_eq(textio_uint("1800", 4, 1800, &u), TEXTIO_NUM_OK);
	ck_assert_uint_eq(u, 1800);
	ck_assert_int_eq(textio_uint("1801", 4, 1800, &u), TEXTIO_NUM_RANGE);
	ck_assert_int_eq(textio_uint("18446744073709551615", 20, UINT64_MAX,
	    &u), TEXTIO_NUM_OK);
	ck_assert(u == UINT64_MAX);
	/* Too many digits saturate: out of range, never wrapped round. */
	ck_assert_int_eq(textio_uint("18446744073709551616", 20, UINT64_MAX,
	    &u), TEXTIO_NUM_RANGE);
	ck_assert_int_eq(textio_uint("99999999999999999999999999", 26, 5, &u),
	    TEXTIO_NUM_RANGE);
	/* Not a number at all, wherever the bad byte is. */
	ck_assert_int_eq(textio_uint("", 0, 5, &u), TEXTIO_NUM_BAD);
	ck_assert_int_eq(textio_uint("99999999999999999999x", 21, 5, &u),
	    TEXTIO_NUM_BAD);
	ck_assert_int_eq(textio_uint("+1", 2, 5, &u), TEXTIO_NUM_BAD);
	ck_assert_int_eq(textio_uint("-1", 2, 5, &u), TEXTIO_NUM_BAD);

	/* '-' only where negative numbers are allowed. */
	ck_assert_int_eq(textio_int("-5", 2, 0, 10, &i), TEXTIO_NUM_BAD);
	ck_assert_int_eq(textio_int("-5", 2, -10, 10, &i), TEXTIO_NUM_OK);
	ck_assert_int_eq(i, -5);
	ck_assert_int_eq(textio_int("-11", 3, -10, 10, &i), TEXTIO_NUM_RANGE);
	ck_assert_int_eq(textio_int("-", 1, -10, 10, &i), TEXTIO_NUM_BAD);
	ck_assert_int_eq(textio_int("0", 1, 1, 10, &i), TEXTIO_NUM_RANGE);
	ck_assert_int_eq(textio_int("-9223372036854775808", 20, INT64_MIN,
	    INT64_MAX, &i), TEXTIO_NUM_OK);
	ck_assert(i == INT64_MIN);
	ck_assert_int_eq(textio_int("9223372036854775808", 19, INT64_MIN,
	    INT64_MAX, &i), TEXTIO_NUM_RANGE);
	ck_assert_int_eq(textio_int("-3", 2, -10, -5, &i), TEXTIO_NUM_RANGE);
	ck_assert_int_eq(textio_int("3", 1, -10, -5, &i), TEXTIO_NUM_RANGE);
}
END_TEST

START_TEST(test_decimals)
{
	uint64_t	v;

	ck_assert_int_eq(textio_decimal("2", 1, 3, 60000, &v), TEXTIO_NUM_OK);
	ck_assert_uint_eq(v, 2000);
	ck_assert_int_eq(textio_decimal("1.5", 3, 3, 60000, &v),
	    TEXTIO_NUM_OK);
	ck_assert_uint_eq(v, 1500);
	ck_assert_int_eq(textio_decimal("0.25", 4, 3, 60000, &v),
	    TEXTIO_NUM_OK);
	ck_assert_uint_eq(v, 250);
	ck_assert_int_eq(textio_decimal("60.000", 6, 3, 60000, &v),
	    TEXTIO_NUM_OK);
	ck_assert_uint_eq(v, 60000);
	ck_assert_int_eq(textio_decimal("60.001", 6, 3, 60000, &v),
	    TEXTIO_NUM_RANGE);
	ck_assert_int_eq(textio_decimal("99999999999999999999", 20, 3, 60000,
	    &v), TEXTIO_NUM_RANGE);
	ck_assert_int_eq(textio_decimal("1.2345", 6, 3, 60000, &v),
	    TEXTIO_NUM_BAD);
	ck_assert_int_eq(textio_decimal("1.", 2, 3, 60000, &v),
	    TEXTIO_NUM_BAD);
	ck_assert_int_eq(textio_decimal(".5", 2, 3, 60000, &v),
	    TEXTIO_NUM_BAD);
	ck_assert_int_eq(textio_decimal("1.5.5", 5, 3, 60000, &v),
	    TEXTIO_NUM_BAD);
	ck_assert_int_eq(textio_decimal("-1", 2, 3, 60000, &v),
	    TEXTIO_NUM_BAD);
}
END_TEST

static Suite *
textio_suite(void)
{
	Suite	*s = suite_create("textio");
	TCase	*tc = tcase_create("reader");

	tcase_add_test(tc, test_lines);
	tcase_add_test(tc, test_end);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_decimals);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(textio_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
