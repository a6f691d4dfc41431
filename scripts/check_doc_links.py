#!/usr/bin/env python3
"""Checks the links of the documentation: every relative link of README.md,
docs/*.md and the repository's other Markdown files (the conformance cases
aside) reaches a file or folder of the repository, and a link to a heading
of a Markdown file (FILE.md#anchor, or #anchor in the same file) reaches a
heading with that anchor, as GitHub makes anchors from headings.  Also:
every page of docs/ is listed in docs/README.md.

    scripts/check_doc_links.py [--tap] [ROOT]

Links with a scheme (https:, mailto:) are not followed.  Exit status 1 when
a link is broken.
"""
import os
import re
import subprocess
import sys

FENCE = re.compile(r"^\s{0,3}(```|~~~)")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^()<>\s]*(?:\([^()\s]*\)[^()<>\s]*)*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"")


def prose_lines(text):
    """The lines outside fenced code blocks, with their numbers."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif m.group(1) == fence:
                fence = None
            continue
        if fence is None:
            yield number, line


def without_code_spans(line):
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", line)


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link shows its text
    text = re.sub(r"<[^>]+>", "", text)                            # HTML tags show nothing
    text = text.lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        text = open(path, encoding="utf-8").read()
        for _, line in prose_lines(text):
            m = HEADING.match(line)
            if m:
                base = slug(m.group(2))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else "%s-%d" % (base, n))
            found.update(HTML_ANCHOR.findall(line))
        cache[path] = found
    return cache[path]


def links(path):
    """(line number, target) of every link in the Markdown file."""
    text = open(path, encoding="utf-8").read()
    for number, line in prose_lines(text):
        line = without_code_spans(line)
        for m in LINK.finditer(line):
            yield number, m.group(1)
        m = REFDEF.match(line)
        if m:
            yield number, m.group(1)


def check_file(root, path):
    """The broken links of one file, as messages."""
    broken = []
    rel = os.path.relpath(path, root)
    for number, target in links(path):
        if not target or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
            continue
        file_part, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
        where = "%s:%d: %s" % (rel, number, target)
        if os.path.relpath(dest, root).startswith(".."):
            broken.append(where + " (outside the repository)")
        elif not os.path.exists(dest):
            broken.append(where + " (no such file)")
        elif anchor and dest.endswith(".md") and os.path.isfile(dest) and anchor not in anchors(dest):
            broken.append(where + " (no heading with this anchor in %s)" % os.path.relpath(dest, root))
    return broken


def markdown_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard", "*.md"], capture_output=True, text=True, check=True).stdout
        files = [f for f in out.split("\n") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith(".") and not x.startswith("build")]
            files += [os.path.relpath(os.path.join(d, n), root) for n in names if n.endswith(".md")]
    files = [f for f in files if not f.startswith("conformance/cases/")]
    for must in ["README.md", "docs/README.md"]:
        if must not in files:
            files.append(must)
    return sorted(files, key=lambda f: (f != "README.md", not f.startswith("docs/"), f))


def main(argv):
    tap = bool(argv) and argv[0] == "--tap"
    if tap:
        argv = argv[1:]
    root = os.path.abspath(argv[0] if argv else os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    n = failed = 0

    def report(good, title, detail):
        nonlocal n, failed
        n += 1
        failed += not good
        if tap:
            print("%s %d - %s" % ("ok" if good else "not ok", n, title))
            for line in detail if not good else []:
                print("# " + line)
        elif not good:
            print("\n".join(detail), file=sys.stderr)

    for rel in markdown_files(root):
        path = os.path.join(root, rel)
        if not os.path.isfile(path):
            report(False, "%s exists" % rel, ["there is no " + rel])
            continue
        count = sum(1 for _ in links(path))
        broken = check_file(root, path)
        report(not broken, "%s: every relative link reaches its file and heading (%d links)" % (rel, count), broken)

    docs = os.path.join(root, "docs")
    pages = sorted(p for p in os.listdir(docs) if p.endswith(".md") and p != "README.md")
    index = os.path.join(docs, "README.md")
    listed = {os.path.normpath(t.partition("#")[0]) for _, t in links(index)} if os.path.isfile(index) else set()
    missing = [p for p in pages if p not in listed]
    report(bool(pages) and not missing, "docs/README.md lists every page of docs/ (%d pages)" % len(pages),
           ["not listed: " + p for p in missing])
    if tap:
        print("1..%d" % n)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
