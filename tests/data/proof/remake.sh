#!/bin/sh
# SPDX-License-Identifier: ISC
# Record anew the recordings tests/proof.test verifies (run from the top
# of the tree, after a change to the rules, the levels or the recording
# format): the maze player's game of every level of the campaign and of
# The Great Hunt on seed 1, and a daily game (endless) stopped at tick
# 15000. WEIR names the program (default src/weir).
set -eu
weir=${WEIR:-src/weir}
dir=tests/data/proof
levels=$(sed 's/#.*//' levels/campaign | awk 'NF > 0 { print $1 }')
for name in $levels great-hunt; do
	"$weir" --headless --bot=maze --seed=1 --record="$dir/$name.rec" \
	    "levels/$name.weir" | tail -n 1 | cut -c 1-60
done
"$weir" --headless --bot=maze --daily --date=2026-12-03 --stop-at=15000 \
    --record="$dir/daily-2026-12-03.rec" | tail -n 1 | cut -c 1-60
# The fuzzers' seeds (tests/data/record): short games of the test levels,
# played by the scripts beside this file.
"$weir" --headless --script="$dir/hero.script" \
    --record=tests/data/record/hero.rec tests/data/levels/good/hero.weir |
    tail -n 1 | cut -c 1-60
"$weir" --headless --script="$dir/tiny.script" \
    --record=tests/data/record/tiny.rec tests/data/game/tiny.weir |
    tail -n 1 | cut -c 1-60
