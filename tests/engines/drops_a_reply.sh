#!/usr/bin/env bash
# A perft engine with one deliberate bug, for the tests of `fairyperft run --engine`: after
# 1.e2-e4 (played from the FEN it is given) it never plays d7-d5.
#
# It speaks the protocol of perftree:
#     drops_a_reply.sh DEPTH FEN "MOVES"      (MOVES: from the FEN, space-separated UCI)
# prints one "MOVE COUNT" line per legal move (UCI), a blank line, then the total; the
# variant comes from FAIRYPERFT_VARIANT (default orthodox). It takes each position's legal
# moves from fairyperft ($FAIRYPERFT_BIN, else `fairyperft` on the PATH) and counts the tree
# itself, so the bug shows wherever the position after 1.e2-e4 is below the root.
set -euo pipefail

FP="${FAIRYPERFT_BIN:-fairyperft}"
depth="$1"
fen="$2"
moves="${3:-}"

# The legal moves after the moves $1 (UCI), with the bug.
legal() {
    "$FP" perftree 1 "$fen" "$1" | awk -v line="$1" 'NF == 2 && !(line == "e2e4" && $1 == "d7d5") { print $1 }'
}

# Leaf nodes $2 plies below the position after the moves $1.
count() {
    local line="$1" d="$2" n=0 m
    if ((d == 0)); then
        echo 1
        return
    fi
    for m in $(legal "$line"); do
        n=$((n + $(count "${line:+$line }$m" $((d - 1)))))
    done
    echo "$n"
}

total=0
if ((depth > 0)); then
    for m in $(legal "$moves"); do
        c=$(count "${moves:+$moves }$m" $((depth - 1)))
        echo "$m $c"
        total=$((total + c))
    done
else
    total=1
fi
echo
echo "$total"
