/* SPDX-License-Identifier: ISC */
/*
 * The colour decision (src/color.c): the words --color takes, and how
 * --color and NO_COLOR weigh against each other. NO_COLOR set to anything
 * but the empty string turns colour off unless --color=always; empty is
 * the same as unset (no-color.org).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "color.h"

/* The three words read back as their values; anything else is refused. */
START_TEST(test_words)
{
	static const char *const bad[] = {
		"", "Auto", "yes", "no", "always ", "nev", "autos"
	};
	enum color_when	w = COLOR_NEVER;
	size_t		i;

	ck_assert(color_when_parse("auto", &w) && w == COLOR_AUTO);
	ck_assert(color_when_parse("always", &w) && w == COLOR_ALWAYS);
	ck_assert(color_when_parse("never", &w) && w == COLOR_NEVER);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		w = COLOR_ALWAYS;
		ck_assert_msg(!color_when_parse(bad[i], &w), "'%s'", bad[i]);
		ck_assert_msg(w == COLOR_ALWAYS, "'%s' changed it", bad[i]);
	}
}
END_TEST

/* The words the usage message names are the words that parse. */
START_TEST(test_usage_words)
{
	char		 words[] = COLOR_WORDS, *w, *save = NULL;
	enum color_when	 when;
	int		 n = 0;

	for (w = strtok_r(words, ", ", &save); w != NULL;
	    w = strtok_r(NULL, ", ", &save)) {
		if (strcmp(w, "or") == 0)
			continue;
		ck_assert_msg(color_when_parse(w, &when), "'%s'", w);
		n++;
	}
	ck_assert_int_eq(n, 3);
}
END_TEST

/* auto: colour unless NO_COLOR has a value; empty counts as unset. */
START_TEST(test_auto)
{
	ck_assert(color_wanted(COLOR_AUTO, NULL));
	ck_assert(color_wanted(COLOR_AUTO, ""));
	ck_assert(!color_wanted(COLOR_AUTO, "1"));
	ck_assert(!color_wanted(COLOR_AUTO, "0"));
	ck_assert(!color_wanted(COLOR_AUTO, " "));
}
END_TEST

/* always and never hold whatever NO_COLOR says. */
START_TEST(test_override)
{
	static const char *const values[] = { NULL, "", "1", "no" };
	size_t	i;

	for (i = 0; i < sizeof values / sizeof values[0]; i++) {
		ck_assert_msg(color_wanted(COLOR_ALWAYS, values[i]),
		    "always, NO_COLOR %s", values[i] ? values[i] : "unset");
		ck_assert_msg(!color_wanted(COLOR_NEVER, values[i]),
		    "never, NO_COLOR %s", values[i] ? values[i] : "unset");
	}
}
END_TEST

static Suite *
color_suite(void)
{
	Suite	*s = suite_create("color");
	TCase	*tc = tcase_create("decision");

	tcase_add_test(tc, test_words);
	tcase_add_test(tc, test_usage_words);
	tcase_add_test(tc, test_auto);
	tcase_add_test(tc, test_override);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(color_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
