#!/usr/bin/env python3
"""The interpreter's bodies take operand positions and sizes from the table.

VM_OP(ID) ... VM_END (vm/dispatch.h) declares a body's size and operand
words from its ID, so a body cannot advance by another instruction's size.
What the compiler does not catch is a body left open: VM_OP(X) without its
VM_END falls into the next body (-Wshadow only warns).  This checks that
VM_OP and VM_END alternate in the sources that hold bodies, and that no VM
source reads an operand by a position written by hand (ip[3], or a
one-letter macro such as the former `#define A ip[1]`).

Usage: vm_bodies_test.py SOURCE_ROOT   (TAP output)"""
import glob
import os
import re
import sys

root = sys.argv[1]


def code_of(path):
    """The text without comments and string literals."""
    text = open(path).read()
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)


n = 0
failed = False


def report(ok, what, problems):
    global n, failed
    n += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    for p in problems[:20]:
        print("#   " + p)
    failed = failed or not ok


for rel in ("vm/interp.c", "vm/loop_ops.c"):
    text = code_of(os.path.join(root, rel))
    problems, open_at, bodies = [], None, 0
    for m in re.finditer(r"\b(VM_OP|LOOP_OP|VM_END|LOOP_OP_END)\b(\([^()]*\))?", text):
        word, line = m.group(1), text.count("\n", 0, m.start()) + 1
        if re.search(r"#\s*define\s+$", text[max(0, m.start() - 20):m.start()]):
            continue  # the macro's own definition, not a use
        opening = word in ("VM_OP", "LOOP_OP")
        if opening and open_at:
            problems.append("%s:%d: %s%s opens while the body opened at line %d is open" % (rel, line, word, m.group(2), open_at))
        if not opening and not open_at:
            problems.append("%s:%d: %s closes no body" % (rel, line, word))
        bodies += not opening
        open_at = line if opening else None
    if open_at:
        problems.append("%s:%d: a body is never closed" % (rel, open_at))
    report(not problems and bodies > 0, "%s: each of %d bodies closes before the next opens" % (rel, bodies), problems)

problems = []
for path in sorted(glob.glob(os.path.join(root, "vm", "*.[ch]"))):
    rel = os.path.relpath(path, root)
    for i, line in enumerate(code_of(path).split("\n"), 1):
        if re.search(r"\bip\s*\[\s*\d", line) or re.search(r"#\s*define\s+[A-Z]\s+ip\b", line):
            problems.append("%s:%d: %s" % (rel, i, line.strip()))
report(not problems, "vm/: no operand is read by a position written by hand", problems)
print("1..%d" % n)
sys.exit(1 if failed else 0)
