/* SPDX-License-Identifier: ISC */
/*
 * The rows in words (about.h). A specialisation's text is its numbers
 * taken in one order (shots, reach, damage, jumps, bomblets, bursts, the
 * rail, armour, shields, freezes and stuns, exposure, detection); an
 * enemy's bestiary line is its letter, hit points, speed, armour, mover
 * and traits; what answers a trait is every tower that detects (for the
 * hidden) or every specialisation made against it (bot_against); what
 * answers a flyer is every tower that hits the air.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "about.h"
#include "game.h"

/* Append printf-style to buf of len bytes holding *used; never past it. */
static void __attribute__((format(printf, 4, 5)))
about_add(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list	ap;
	int	r;

	if (*used >= len)
		return;
	va_start(ap, fmt);
	r = vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	*used += r > 0 ? (size_t)r : 0;
	if (*used >= len)
		*used = len - 1;
}

/* Seconds of n ticks as the texts say them: "0.4", "3". */
static const char *
about_seconds(int ticks, char *buf, size_t len)
{
	snprintf(buf, len, "%.1f", (double)ticks / GAME_RATE);
	if (strlen(buf) > 2 && strcmp(buf + strlen(buf) - 2, ".0") == 0)
		buf[strlen(buf) - 2] = '\0';
	return buf;
}

/* ", " between the clauses of a text, none before the first. */
static const char *
about_sep(size_t used)
{
	return used > 0 ? ", " : "";
}

/* The numbers a specialisation changes: shots, reach, damage. */
static void
about_spec_numbers(const struct tower_spec *sp, char *buf, size_t len,
    size_t *used)
{
	if (sp->targets > 1)
		about_add(buf, len, used, "%d shots at %d enemies at once",
		    sp->targets, sp->targets);
	if (sp->range_add > 0)
		about_add(buf, len, used, "%sreach +%g", about_sep(*used),
		    sp->range_add);
	if (sp->damage_pct != 100)
		about_add(buf, len, used, "%s%d%% damage%s", about_sep(*used),
		    sp->damage_pct, sp->targets > 1 ? " each" : "");
	if (sp->chain_add > 0)
		about_add(buf, len, used, "%sarcs jump %g cells further, to %d "
		    "more enemies", about_sep(*used), sp->chain_range_add,
		    sp->chain_add);
	if (sp->bomblets > 0)
		about_add(buf, len, used, "%seach shell scatters %d "
		    "half-strength bomblets round its burst",
		    about_sep(*used), sp->bomblets);
	if (sp->splash_add > 0)
		about_add(buf, len, used, "%sbursts %g cells wider",
		    about_sep(*used), sp->splash_add);
	if (sp->rail)
		about_add(buf, len, used, "%sthe beam runs on to its full "
		    "reach through every enemy on its line",
		    about_sep(*used));
}

/* What a specialisation does to what it hits, and what it sees. */
static void
about_spec_effects(const struct tower_spec *sp, char *buf, size_t len,
    size_t *used)
{
	char	s[16];

	if (sp->shred > 0)
		about_add(buf, len, used, "%severy hit strips %d armour for "
		    "good", about_sep(*used), sp->shred);
	if (sp->shield_pct != 0 && sp->shield_pct != 100)
		about_add(buf, len, used, "%s%d%% damage to a shield",
		    about_sep(*used), sp->shield_pct);
	if (sp->freeze_ticks > 0)
		about_add(buf, len, used, "%sits pulse holds everything in "
		    "range to a crawl (%d%% speed) for %s s", about_sep(*used),
		    GAME_STUN_CRAWL_PCT, about_seconds(sp->freeze_ticks, s,
		    sizeof s));
	if (sp->stun_ticks > 0)
		about_add(buf, len, used, "%severy enemy it hits is held to a "
		    "crawl (%d%% speed) for %s s", about_sep(*used),
		    GAME_STUN_CRAWL_PCT, about_seconds(sp->stun_ticks, s,
		    sizeof s));
	if (sp->expose_pct > 0)
		about_add(buf, len, used, "%swhat it hits takes %d%% more "
		    "damage for %s s", about_sep(*used), sp->expose_pct,
		    about_seconds(sp->expose_ticks, s, sizeof s));
	if (sp->detects)
		about_add(buf, len, used, "%ssees hidden enemies in its reach",
		    about_sep(*used));
}

/*
 * What specialisation spec does, from its row, into buf ("" for none):
 * the same words on the specialisation box, the cursor line, README.md
 * and weir(6). Returns the length written.
 */
size_t
about_spec(int spec, char *buf, size_t len)
{
	const struct tower_spec	*sp = spec_of(spec, NULL);
	size_t			 used = 0;

	if (len == 0)
		return 0;
	buf[0] = '\0';
	if (sp == NULL)
		return 0;
	about_spec_numbers(sp, buf, len, &used);
	about_spec_effects(sp, buf, len, &used);
	return used;
}

/*
 * Damage a second these figures do to one enemy (before armour): a hit's
 * damage over the reload; 0 for a tower that does not attack.
 */
double
about_dps(const struct tower_stats *st)
{
	if (st->reload <= 0 || st->damage <= 0)
		return 0;
	return (double)st->damage * GAME_RATE / st->reload;
}

/* How enemy kind finds its way, in one word: path, flow, fly or hunt. */
const char *
about_mover(int kind)
{
	const struct enemy_type	*et = &enemy_types[kind];

	if (et->traits & ENEMY_TRAIT_HUNTS)
		return "hunt";
	return enemy_mover_name(et->mover);
}

/*
 * The bestiary's line for enemy kind: its letter, name, hit points (at
 * wave 1), speed, armour and mover, then its traits and what it does.
 */
size_t
about_enemy(int kind, char *buf, size_t len)
{
	const struct enemy_type	*et = &enemy_types[kind];
	char			 traits[128];
	size_t			 used = 0;

	if (len == 0)
		return 0;
	buf[0] = '\0';
	enemy_trait_names(et->traits, traits, sizeof traits);
	about_add(buf, len, &used, "%c %-9s  %d hp, %.1f/s, armour %d, %s%s%s"
	    ": %s", et->glyph, et->name, et->hp, et->speed, et->armour,
	    about_mover(kind), traits[0] != '\0' ? ", " : "", traits,
	    et->about);
	return used;
}

/* "a" or "an" before word. */
static const char *
about_article(const char *word)
{
	return strchr("aeiou", word[0]) != NULL ? "an" : "a";
}

/*
 * A tower (or a specialisation of it) named as form says it: "a frost
 * tower" and "a siege cannon" whole, "frost tower" and "siege cannon"
 * bare, "frost" and "siege" by the one word that names it.
 */
static void
about_name_as(enum about_form form, const char *spec, const char *tower,
    char *buf, size_t len)
{
	const char	*first = spec != NULL ? spec : tower;
	const char	*second = spec != NULL ? tower : "tower";

	if (form == ABOUT_FIRST_SPECS)
		snprintf(buf, len, "%s", first);
	else if (form == ABOUT_FIRST_WHOLE)
		snprintf(buf, len, "%s %s %s", about_article(first), first,
		    second);
	else
		snprintf(buf, len, "%s %s", first, second);
}

/*
 * Whether tower kind k's attack is instant (a pulse, a chain, a beam),
 * which no dodger can sidestep, and reaches the ground.
 */
bool
about_instant(int k)
{
	const struct tower_type	*tt = &tower_types[k];

	return (tt->hits & TOWER_GROUND) && (tt->attack ==
	    TOWER_ATTACK_PULSE || tt->attack == TOWER_ATTACK_CHAIN ||
	    tt->attack == TOWER_ATTACK_BEAM);
}

/* Whether tower kind k (or one of its specialisations) answers traits. */
static void
about_answer_of(int k, unsigned traits, enum about_form form,
    char (*names)[40], int *n)
{
	const struct tower_type	*tt = &tower_types[k];

	if (((traits & ENEMY_TRAIT_HIDDEN) && tt->detects) ||
	    ((traits & ENEMY_TRAIT_SKITTISH) && about_instant(k)) ||
	    ((traits & ABOUT_AIR) && (tt->hits & TOWER_AIR)))
		about_name_as(form, NULL, tt->name, names[(*n)++],
		    sizeof names[0]);
	for (int s = 0; s < TOWER_SPECS && tt->spec[s].name != NULL; s++) {
		const struct tower_spec *sp = &tt->spec[s];

		if (((traits & ENEMY_TRAIT_HIDDEN) && sp->detects) ||
		    (sp->bot_against & traits))
			about_name_as(form, sp->name, tt->name,
			    names[(*n)++], sizeof names[0]);
	}
}

/* What answers these traits, each named as form says, into buf. */
static size_t
about_answers_as(unsigned traits, enum about_form form, char *buf,
    size_t len)
{
	char	names[TOWER_NTYPES * (TOWER_SPECS + 1) + 1][40];
	size_t	used = 0;
	int	n = 0, k;

	if (len == 0)
		return 0;
	buf[0] = '\0';
	for (k = 0; k < TOWER_NTYPES; k++)
		about_answer_of(k, traits, form, names, &n);
	/* No tower answers a hunter: the hero, its prey, posted as bait. */
	if (traits & ENEMY_TRAIT_HUNTS)
		snprintf(names[n++], sizeof names[0], "%s", form ==
		    ABOUT_FIRST_SPECS ? "towers round the hero" :
		    "towers round the hero, g to post it");
	for (k = 0; k < n; k++)
		about_add(buf, len, &used, "%s%s", k == 0 ? "" : (k < n - 1 ?
		    ", " : " or "), names[k]);
	return used;
}

/*
 * What answers an enemy with these traits, from the rows: "a frost
 * tower, a longbow arrow or a spotter sniper" (every tower that detects,
 * for the hidden; every tower whose attack is instant, for a dodger;
 * every tower that hits the air, with ABOUT_AIR; every specialisation
 * made against a trait; for a hunter, towers round the hero). "" when
 * nothing in the rows answers them.
 */
size_t
about_answers(unsigned traits, char *buf, size_t len)
{
	return about_answers_as(traits, ABOUT_FIRST_WHOLE, buf, len);
}

/* What a first sight is asked about kind: its traits, ABOUT_AIR a flyer. */
static unsigned
about_asks(int kind)
{
	const struct enemy_type	*et = &enemy_types[kind];

	return et->traits | (et->mover == ENEMY_FLY ? ABOUT_AIR : 0);
}

/* Its traits in words, "flies" first for a flyer, into buf. */
static void
about_traits_of(int kind, char *buf, size_t len)
{
	const struct enemy_type	*et = &enemy_types[kind];
	char			 traits[128];
	size_t			 used = 0;

	buf[0] = '\0';
	enemy_trait_names(et->traits, traits, sizeof traits);
	if (et->mover == ENEMY_FLY)
		about_add(buf, len, &used, "flies");
	if (traits[0] != '\0')
		about_add(buf, len, &used, "%s%s", about_sep(used), traits);
}

/*
 * The line for the first sight of enemy kind in a game, when it has a
 * trait a player must learn (a boss's escort, a dodger, a hunter, a
 * regenerator, a shield, a healer, a splitter, the hidden) or flies: its
 * name and traits, what it does (its row's about; a flyer's that no wall
 * stops it) and what answers it, in the words form keeps (about.h: each
 * form shorter than the one before, and none loses what the kind does or
 * what answers it). "" for a kind with nothing such.
 */
size_t
about_first_as(int kind, enum about_form form, char *buf, size_t len)
{
	const struct enemy_type	*et = &enemy_types[kind];
	char			 traits[128], answers[ABOUT_MAX];
	size_t			 used = 0;

	if (len == 0)
		return 0;
	buf[0] = '\0';
	if (about_asks(kind) == 0)
		return 0;
	about_traits_of(kind, traits, sizeof traits);
	about_answers_as(about_asks(kind), form, answers, sizeof answers);
	if (form == ABOUT_FIRST_WHOLE || form == ABOUT_FIRST_BARE)
		about_add(buf, len, &used, "first %s (%s): %s", et->name,
		    traits, et->about);
	else
		about_add(buf, len, &used, "first %s: %s", et->name,
		    et->about);
	if (et->mover == ENEMY_FLY)
		about_add(buf, len, &used, ", over every wall");
	if (answers[0] != '\0')
		about_add(buf, len, &used, "; answer%s: %s", et->mover ==
		    ENEMY_FLY && form != ABOUT_FIRST_SPECS ?
		    " (what hits the air)" : "", answers);
	return used;
}

/* The same, every word kept (ABOUT_FIRST_WHOLE). */
size_t
about_first(int kind, char *buf, size_t len)
{
	return about_first_as(kind, ABOUT_FIRST_WHOLE, buf, len);
}
