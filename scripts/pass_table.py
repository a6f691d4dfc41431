#!/usr/bin/env python3
"""The pass table of docs/middle-end.md, from the middle end's passes.def.

    scripts/pass_table.py [ROOT]            print the table
    scripts/pass_table.py --write [ROOT]    rewrite the table in docs/middle-end.md
    scripts/pass_table.py --tap [ROOT]      check docs/middle-end.md (TAP): its
                                            table is the one passes.def gives,
                                            and its section per pass names
                                            every pass, in passes.def's order

passes.def is found under compiler/ wherever it sits (compiler/passes.def,
compiler/passes/passes.def, ...); there must be exactly one.
"""
import glob
import os
import re
import sys

BEGIN = "<!-- pass table: generated from passes.def by scripts/update_docs.sh; do not edit -->"
END = "<!-- end of the pass table -->"
SECTION = "## The passes one by one"


def find_passes_def(root):
    found = sorted(glob.glob(os.path.join(root, "compiler", "**", "passes.def"), recursive=True))
    if len(found) != 1:
        raise SystemExit("pass_table.py: expected one passes.def under %s/compiler, found %d: %s"
                         % (root, len(found), ", ".join(found) or "none"))
    return found[0]


def c_string(lits):
    """The value of adjacent C string literals (their bodies, escapes as C's)."""
    text = "".join(lits)
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def read_passes(path):
    """[(name, synopsis)] in the file's order."""
    src = open(path, encoding="utf-8").read()
    src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
    lit = r'"(?:[^"\\]|\\.)*"'
    passes = []
    for m in re.finditer(r"TIR_PASS\s*\(\s*(\w+)\s*,\s*(%s)\s*,\s*((?:%s\s*)+)\)" % (lit, lit), src):
        name = c_string([m.group(2)[1:-1]])
        synopsis = c_string([s[1:-1] for s in re.findall(lit, m.group(3))])
        passes.append((name, synopsis))
    if not passes:
        raise SystemExit("pass_table.py: no TIR_PASS(...) in " + path)
    return passes


def table(passes):
    lines = ["| # | pass | what it does |", "|--:|---|---|"]
    for i, (name, synopsis) in enumerate(passes, 1):
        lines.append("| %d | `%s` | %s |" % (i, name, synopsis.replace("|", "\\|").replace("*", "\\*").replace("\n", " ")))
    return lines


def doc_parts(text):
    """(before, table lines, after) of the doc, split at the markers."""
    lines = text.split("\n")
    if lines.count(BEGIN) != 1 or lines.count(END) != 1 or lines.index(BEGIN) > lines.index(END):
        raise ValueError("docs/middle-end.md has no pass table between the markers %r and %r" % (BEGIN, END))
    b, e = lines.index(BEGIN), lines.index(END)
    return lines[:b + 1], [l for l in lines[b + 1:e] if l.strip()], lines[e:]


def section_passes(text):
    """The pass names of the '### `name`' headings under SECTION, in order."""
    names, inside = [], False
    for line in text.split("\n"):
        if line.startswith("## "):
            inside = line.strip() == SECTION
        elif inside:
            m = re.match(r"### `([^`]+)`\s*$", line)
            if m:
                names.append(m.group(1))
    return names


def main(argv):
    mode = None
    if argv and argv[0] in ("--write", "--tap"):
        mode = argv.pop(0)
    root = argv[0] if argv else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    passes = read_passes(find_passes_def(root))
    want = table(passes)
    doc = os.path.join(root, "docs", "middle-end.md")
    if mode is None:
        print("\n".join(want))
        return 0
    text = open(doc, encoding="utf-8").read()
    if mode == "--write":
        before, _, after = doc_parts(text)
        open(doc, "w", encoding="utf-8").write("\n".join(before + [""] + want + [""] + after))
        return 0
    failed, n = 0, 0

    def report(good, title, detail=()):
        nonlocal failed, n
        n += 1
        print("%s %d - %s" % ("ok" if good else "not ok", n, title))
        if not good:
            failed += 1
            for line in detail:
                print("# " + line)

    try:
        _, got, _ = doc_parts(text)
    except ValueError as e:
        got, why = None, [str(e)]
    if got is None:
        report(False, "docs/middle-end.md has the pass table", why)
    else:
        diff = ["docs: " + g for g, w in zip(got, want) if g != w][:3] + \
               ["passes.def: " + w for g, w in zip(got, want) if g != w][:3]
        if len(got) != len(want):
            diff.append("docs/middle-end.md has %d rows, passes.def %d" % (len(got) - 2, len(want) - 2))
        report(got == want, "the pass table of docs/middle-end.md is passes.def's %d passes (run scripts/update_docs.sh)"
               % len(passes), diff)
    names = [p[0] for p in passes]
    sections = section_passes(text)
    report(sections == names, "docs/middle-end.md has a section per pass, in passes.def's order",
           ["sections:   " + " ".join(sections), "passes.def: " + " ".join(names)])
    print("1..%d" % n)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
