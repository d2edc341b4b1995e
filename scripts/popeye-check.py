#!/usr/bin/env python3
"""Checks fairyperft's reading of Popeye input files against Popeye itself.

Usage: scripts/popeye-check.py POPEYE FAIRYPERFT DIR WORKDIR

Every stipulation of each DIR/*.inp is made `~1` (so that Popeye prints the legal moves),
the file is solved by POPEYE and its output pasted after it in WORKDIR, and
`FAIRYPERFT run` compares: each problem (and twin) fairyperft reads must have Popeye's
moves. Prints the files with a difference or that could not be used, then the totals.
Differences after options that change what Popeye prints come with a warning of `run`.
"""
import re, subprocess, sys, pathlib
popeye, fairyperft = str(pathlib.Path(sys.argv[1]).resolve()), sys.argv[2]
src = pathlib.Path(sys.argv[3]); out = pathlib.Path(sys.argv[4]).resolve(); out.mkdir(exist_ok=True)
STIP = ("stipulation", "forderung", "enonce")
tot_ok = tot_fail = 0
for f in sorted(src.glob("*.inp")):
    text = f.read_text(errors="replace")
    lines = text.splitlines()
    new = []
    for l in lines:
        toks = re.split(r"(\s+)", l)
        res, expect = [], False
        for t in toks:
            if expect and t.strip():
                res.append("~1")
                expect = False
                continue
            if t.strip() and len(t) >= 4 and any(w.startswith(t.lower()) for w in STIP):
                expect = True
            res.append(t)
        new.append("".join(res))
    body = "\n".join(new) + "\n"
    # no protocol files
    body = re.sub(r"(?im)^\s*(prot\w*|protokoll)\s+\S+", "", body)
    m = out / f.name
    m.write_text(body)
    try:
        # in WORKDIR: Popeye writes the files some problems name (latex, protocol)
        r = subprocess.run([popeye, m.name], capture_output=True, text=True, timeout=60, errors="replace", cwd=out)
    except subprocess.TimeoutExpired:
        print("timeout", f.name)
        continue
    m.write_text(body + "\n" + r.stdout)
    r2 = subprocess.run([fairyperft, "run", str(m)], capture_output=True, text=True)
    ok = r2.stdout.count("\nok ") + r2.stdout.startswith("ok ")
    fail = r2.stdout.count("FAIL ")
    tot_ok += ok; tot_fail += fail
    if fail or r2.returncode == 2:
        print(f.name, "ok", ok, "fail", fail, r2.stderr.strip().splitlines()[-1:] if r2.returncode == 2 else "")
print("total ok", tot_ok, "fail", tot_fail)
