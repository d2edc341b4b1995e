#!/usr/bin/env bash
# A small UCI engine, for the tests of `fairyperft run --uci`: it answers `uci`, `isready`,
# `setoption name UCI_Variant value V`, `position fen FEN [moves ...]`, `go perft N` and
# `quit`, counting with a perftree engine: $PERFTREE_ENGINE when set (a script, e.g.
# tests/engines/drops_a_reply.sh), else `fairyperft perftree` ($FAIRYPERFT_BIN, else
# `fairyperft` on the PATH). Its UCI_Variant offers chess (orthodox), circe and madrasi.
set -uo pipefail

FP="${FAIRYPERFT_BIN:-fairyperft}"
variant=orthodox
fen=""
moves=""

perftree() {
    if [[ -n "${PERFTREE_ENGINE:-}" ]]; then
        FAIRYPERFT_VARIANT="$variant" "$PERFTREE_ENGINE" "$@"
    else
        FAIRYPERFT_VARIANT="$variant" "$FP" perftree "$@"
    fi
}

while read -r cmd rest; do
    case "$cmd" in
    uci)
        echo "id name fake-uci"
        echo "option name UCI_Variant type combo default chess var chess var circe var madrasi"
        echo "uciok"
        ;;
    isready) echo "readyok" ;;
    setoption)
        read -r -a w <<<"$rest"
        if [[ "${w[1]:-}" == UCI_Variant ]]; then
            variant="${w[3]:-chess}"
            [[ "$variant" == chess ]] && variant=orthodox
        fi
        ;;
    position)
        # position fen F1 F2 ... [moves M1 M2 ...]
        rest="${rest#fen }"
        fen="${rest%% moves *}"
        moves=""
        [[ "$rest" == *" moves "* ]] && moves="${rest#* moves }"
        ;;
    go)
        read -r -a w <<<"$rest"
        if [[ "${w[0]:-}" == perft ]]; then
            perftree "${w[1]}" "$fen" "$moves" |
                awk 'NF == 2 { print $1 ": " $2 } NF == 1 { t = $1 } END { print ""; print "Nodes searched: " t }'
        fi
        ;;
    quit) exit 0 ;;
    esac
done
