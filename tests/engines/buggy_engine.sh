#!/usr/bin/env bash
# A deliberately buggy perft engine, for the tests of `fairyperft diff` (and as an example of
# an engine script).
#
# It speaks the protocol of perftree, the orthodox perft debugger:
#     buggy_engine.sh DEPTH FEN "MOVES"      (MOVES: from the FEN, space-separated UCI)
# prints one "MOVE COUNT" line per legal move (UCI), a blank line, then the total; the
# variant comes from FAIRYPERFT_VARIANT (default orthodox).
#
# It counts with fairyperft itself ($FAIRYPERFT_BIN, else `fairyperft` on the PATH), one
# move at a time, with ONE injected bug: it never plays an en-passant capture. En passant
# needs a pawn's double step just before, so the bug only shows deeper in the tree.
# Slow (it starts fairyperft twice per node): for small positions and depths only.
set -euo pipefail

FP="${FAIRYPERFT_BIN:-fairyperft}"
VARIANT="${FAIRYPERFT_VARIANT:-orthodox}"
depth="$1"
fen="$2"
moves="${3:-}"

# The legal moves after $1 (UCI), en-passant captures left out: the bug. Popeye's notation
# of an en-passant capture says "ep." (e5*d6 ep.), and both listings come in the same order.
legal() {
    paste -d '|' \
        <("$FP" moves --uci --variant "$VARIANT" --fen "$fen" --moves "$1") \
        <("$FP" moves --variant "$VARIANT" --fen "$fen" --moves "$1") |
        grep -v ' ep\.' | cut -d '|' -f 1 || true
}

# Leaf nodes $2 plies below the position after the moves $1.
count() {
    local line="$1" d="$2" n=0 m
    if ((d == 0)); then
        echo 1
        return
    fi
    for m in $(legal "$line"); do
        if ((d == 1)); then
            n=$((n + 1))
        else
            n=$((n + $(count "$line $m" $((d - 1)))))
        fi
    done
    echo "$n"
}

total=0
if ((depth > 0)); then
    for m in $(legal "$moves"); do
        c=$(count "$moves $m" $((depth - 1)))
        echo "$m $c"
        total=$((total + c))
    done
else
    total=1
fi
echo
echo "$total"
