#!/usr/bin/env python3
"""Every instruction body advances by its own instruction's size: in the
interpreter's sources, each VM_NEXT(ID) names an ID that a VM_CASE opening
the same body names (VM_NEXT(ID) adds TIRBC_SIZE_ID, so another ID would
skip the wrong number of words).  Debug builds assert this for the bodies
the tests run; this checks every body, in every build.

Usage: vm_next_test.py SOURCE_ROOT   (TAP output)"""
import re
import sys

root = sys.argv[1]
n = 0
failed = False
for path in ("vm/interp.c",):
    text = open("%s/%s" % (root, path)).read()
    cases, bad, count = [], [], 0
    for m in re.finditer(r"\bVM_(CASE|NEXT)\(([^()]*)\)", text):
        kind, arg = m.group(1), m.group(2).strip()
        if kind == "CASE":
            cases.append(arg)
            continue
        count += 1
        line = text.count("\n", 0, m.start()) + 1
        if arg not in cases:
            bad.append("%s:%d: VM_NEXT(%s) in the body of %s" % (path, line, arg, " / ".join(cases) or "nothing"))
        cases = []
    n += 1
    if bad or not count:
        failed = True
        print("not ok %d - %s: each VM_NEXT names its own body's instruction" % (n, path))
        for b in bad[:20]:
            print("#   " + b)
    else:
        print("ok %d - %s: each of %d VM_NEXT names its own body's instruction" % (n, path, count))
print("1..%d" % n)
sys.exit(1 if failed else 0)
