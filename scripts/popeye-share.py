#!/usr/bin/env python3
"""Share of the problems of Popeye input files that `fairyperft moves --popeye` reads.

Usage: scripts/popeye-share.py FAIRYPERFT DIR [-v]

Takes every *.inp file of DIR, splits it into problems (beginproblem / nextproblem /
endproblem, English, German or French, abbreviated as Popeye allows) and keeps the
problems whose conditions name a Circe variant (a word containing 'circe'), Madrasi or
Isardam. A problem counts as read when fairyperft printed its moves (exit 0 for a
one-problem file; a '# problem K ... (line N)' header otherwise) and reported no
problem inside it on stderr ('FILE:LINE: ...' or 'line LINE:').
"""
import re
import subprocess
import sys
from pathlib import Path

BEGIN = ("beginproblem", "anfangproblem", "debutprobleme")
NEXT = ("nextproblem", "weiteresproblem", "asuivre")
END = ("endproblem", "endeproblem", "finprobleme")
COND = ("condition", "bedingung")
COMMANDS = ("remark", "sstipulation", "author", "origin", "pieces", "option", "stipulation", "protocol",
            "title", "latex", "latexpieces", "award", "initialgamearray", "forsyth", "twin", "zeroposition",
            "bemerkung", "sforderung", "autor", "quelle", "steine", "forderung", "protokoll", "titel",
            "auszeichnung", "zwilling", "nullstellung", "remarque", "senonce", "auteur", "source", "enonce",
            "titre", "prix", "jumeau")


def is_kw(tok, words):
    t = tok.lower()
    return len(t) >= 3 and any(w.startswith(t) for w in words)


def problems(text):
    """(first line, last line, condition words) of each problem."""
    out, start, cond, in_cond = [], None, [], False
    for n, line in enumerate(text.splitlines(), 1):
        for tok in re.split(r"[\s,;]+", line):
            if not tok:
                continue
            if start is None:
                if is_kw(tok, BEGIN):
                    start, cond = n, []
                continue
            if is_kw(tok, NEXT) or is_kw(tok, END):
                out.append((start, n, cond))
                start, cond, in_cond = (n if is_kw(tok, NEXT) else None), [], False
                continue
            if is_kw(tok, COND):
                in_cond = True
            elif is_kw(tok, COMMANDS):
                in_cond = False
            elif in_cond:
                cond.append(tok.lower())
    return out


def relevant(cond):
    return any("circe" in w or w.startswith("madr") or w.startswith("isard") for w in cond)


def main():
    exe, d = sys.argv[1], Path(sys.argv[2])
    verbose = "-v" in sys.argv
    total = read = 0
    for f in sorted(d.glob("*.inp")):
        probs = [p for p in problems(f.read_text(errors="replace")) if relevant(p[2])]
        if not probs:
            continue
        r = subprocess.run([exe, "moves", "--popeye", str(f)], capture_output=True, text=True)
        headers = {int(m) for m in re.findall(r"^# problem \d+.*?\(line (\d+)\)", r.stdout, re.M)}
        reasons = [(int(m.group(1)), m.group(2)) for m in re.finditer(r"(?::|line )(\d+): (.*)", r.stderr)]
        bad = {x for x, _ in reasons}
        nprobs = len(problems(f.read_text(errors="replace")))
        for (a, b, cond) in probs:
            ok = (a in headers or (nprobs == 1 and r.returncode == 0)) and not any(a <= x <= b for x in bad)
            total += 1
            read += ok
            if verbose:
                why = next((w for x, w in reasons if a <= x <= b), "")
                print(f"{'read  ' if ok else 'UNREAD'} {f.name}:{a} {' '.join(cond)}  {why}")
    print(f"{read}/{total} problems read ({100.0 * read / max(total, 1):.0f}%)")


main()
