#!/bin/sh
# SPDX-License-Identifier: ISC
# The full search of naive and semi-naive play over the campaign: for
# every level of levels/campaign from the 4th on, on normal, and from the
# 2nd on, on hard, `weir --bot=search` screens BUDGET plans (default 300)
# on seed 1 and plays the best 20 (10 naive, 10 with walls) on seeds 1-5.
# Prints a table, a row a level and setting: the strongest naive and
# semi-naive plan found, how many seeds each won, its least lives and
# waves, and the maze player's wins on seeds 1-5 with its least lives.
# With --record, writes the strongest plans to tests/data/adversary/plans,
# which tests/adversary.test replays.
#
#   tests/adversary-search.sh [--record] [BUDGET]
#
# HARD_BUDGET, if set, is the budget on hard.
# About 400 games a level and setting, two at a time: an afternoon on 2
# cores at the default budget. Run it from the top of a built tree.
set -u
record=no
[ "${1:-}" = --record ] && { record=yes; shift; }
budget=${1:-300}
hard_budget=${HARD_BUDGET:-$budget}	# plans screened on hard
weir=${WEIR:-src/weir}
src=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/adversary.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
[ -x "$weir" ] || { echo "no program at $weir: build first" >&2; exit 99; }

sed 's/#.*//' levels/campaign | awk 'NF > 0 { print $1 }' >"$tmp/levels"
awk 'NR >= 4 { print $1, "normal" } NR >= 2 { print $1, "hard" }' \
    "$tmp/levels" >"$tmp/jobs"
 xargs -P 2 -n 2 sh -c '
	weir=$1 tmp=$2 budget=$3 level=$5 d=$6
	[ "$d" = hard ] && budget=$4
	"$weir" --headless --difficulty=$d --bot=search \
	    --search-budget=$budget "levels/$level.weir" \
	    >"$tmp/$level.$d.search" 2>&1
	m="" least=-1
	for seed in 1 2 3 4 5; do
		out=$("$weir" --headless --difficulty=$d --bot=maze \
		    --seed=$seed "levels/$level.weir" | tail -n 1)
		case $out in *"\"result\":\"won\""*)
			m=$((${m:-0} + 1))
			l=$(echo "$out" | sed "s/.*\"lives\":\([0-9]*\).*/\1/")
			[ $least -lt 0 ] || [ "$l" -lt $least ] && least=$l ;;
		esac
	done
	echo "${m:-0} $least" >"$tmp/$level.$d.maze"
' sh "$weir" "$tmp" "$budget" "$hard_budget" <"$tmp/jobs"

printf '%-13s %-6s %-13s %-13s %s\n' level set naive semi-naive \
    "maze (seeds won, least lives)"
: >"$tmp/plans"
while read -r level d; do
	row=""
	for sort in naive semi-naive; do
		line=$(grep "^search $sort:" "$tmp/$level.$d.search")
		if [ -z "$line" ]; then
			row="$row $(printf '%-13s' -)"
			continue
		fi
		set -- $(echo "$line" | sed 's/^search [a-z-]*: won \([0-9]*\) of [0-9]* seeds, \([0-9-]*\) lives, \([0-9-]*\) waves.*plan:\(.*\)/\1 \2 \3 \4/')
		row="$row $(printf '%-13s' "$1/5 ${2}l ${3}w")"
		echo "$level $d $sort $1 $2 $3 $4" >>"$tmp/plans"
	done
	read -r mw ml <"$tmp/$level.$d.maze"
	printf '%-13s %-6s%s %s/5 %sl\n' "$level" "$d" "$row" "$mw" "$ml"
done <"$tmp/jobs"
if [ $record = yes ]; then
	{
		echo "# SPDX-License-Identifier: ISC"
		echo "# The strongest naive and semi-naive plans the search found"
		echo "# (tests/adversary-search.sh --record $budget): LEVEL SETTING"
		echo "# SORT WINS LIVES WAVES PLAN, WINS of seeds 1-5, LIVES the"
		echo "# least over its wins, WAVES the least cleared. tests/"
		echo "# adversary.test plays every plan again: one that wins"
		echo "# fails it, but on the pairs its ADVERSARY_KNOWN names."
		cat "$tmp/plans"
	} >tests/data/adversary/plans
	echo "recorded tests/data/adversary/plans"
fi
