#!/bin/sh
# Rewrites the parts of the documentation that tools print or tables hold:
# the tirc --help and tirvm --help texts of docs/cli.md, the tirvm serve
# --help text of docs/serving.md, the pass table of docs/middle-end.md
# (scripts/pass_table.py, from passes.def), and the conformance table and
# case counts (tir-conformance --markdown) of docs/testing.md's Conformance
# section and the README's count of them.  The readme and docs-passes tests
# fail until they agree; run this after changing a --help text, a pass or
# the corpus.
# Usage: scripts/update_docs.sh [BUILD_DIR]   (default: build)
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build}
case $BUILD in /*) ;; *) BUILD=$PWD/$BUILD ;; esac
CONFORMANCE=$ROOT/docs/testing.md
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

"$BUILD/conformance/tir-conformance" --markdown --jobs 0 "$ROOT/conformance" >"$T/table"
total=$(sed -n 's/^| \*\*total\*\* | \*\*[0-9]*\*\* | \*\*[0-9]*\*\* | \*\*[0-9]*\*\* | \*\*\([0-9]*\)\*\* |.*/\1/p' "$T/table")
binary=$(sed -n 's/^| binary | [0-9]* | [0-9]* | [0-9]* | \([0-9]*\) |.*/\1/p' "$T/table")
[ -n "$total" ] && [ -n "$binary" ] || { echo "update_docs.sh: no table from tir-conformance" >&2; exit 1; }

# put_help MARKER FILE: the fenced block after "<!-- MARKER --help -->" in
# FILE becomes the text in $T/help
put_help() {
    awk -v marker="<!-- $1 --help -->" -v help="$T/help" '
        function emit(file,   line) { while ((getline line < file) > 0) print line; close(file) }
        $0 == marker { print; want = 1; next }
        want == 1 && /^```/ { print; emit(help); want = 2; next }
        want == 2 { if (/^```/) { print; want = 0 } next }
        { print }' "$2" >"$T/doc"
    cp "$T/doc" "$2"
}
"$BUILD/cli/tirc" --help >"$T/help"; put_help tirc "$ROOT/docs/cli.md"
"$BUILD/cli/tirvm" --help >"$T/help"; put_help tirvm "$ROOT/docs/cli.md"
"$BUILD/cli/tirvm" serve --help >"$T/help"; put_help "tirvm serve" "$ROOT/docs/serving.md"

# the pass table of docs/middle-end.md, from passes.def
python3 "$ROOT/scripts/pass_table.py" --write "$ROOT"

# the first table of the "## Conformance" section, and the counts above it
awk -v table="$T/table" -v scripts=$((total - binary)) -v binary="$binary" '
    function emit(file,   line) { while ((getline line < file) > 0) print line; close(file) }
    /^## Conformance$/ { conf = 1 }
    /^## / && !/^## Conformance$/ { conf = 0 }
    conf && /^\| section \|/ { emit(table); intable = 1; next }
    intable { if (/^\|/) next; intable = 0 }
    conf {
        sub(/holds [0-9]+ TVMScript programs/, "holds " scripts " TVMScript programs")
        sub(/plus [0-9]+ `\.tirbc` files/, "plus " binary " `.tirbc` files")
    }
    { print }' "$CONFORMANCE" >"$T/conformance.md"
cp "$T/conformance.md" "$CONFORMANCE"
# the README's "all N cases of the [conformance corpus]"
awk -v total="$total" '
    { sub(/all [0-9]+ cases of the \[conformance corpus\]/, "all " total " cases of the [conformance corpus]"); print }' \
    "$ROOT/README.md" >"$T/README.md"
cp "$T/README.md" "$ROOT/README.md"
echo "update_docs.sh: --help texts (docs/cli.md, docs/serving.md), the pass table (docs/middle-end.md) and the conformance table ($total cases) updated"
