#!/bin/sh
# Rewrites the parts of README.md that tools print: the tirc --help and
# tirvm --help texts of the command-line section, and the conformance table
# and case counts (tir-conformance --markdown).  tests/readme_test.sh fails
# until they agree; run this after changing a --help text or the corpus.
# Usage: scripts/update_readme.sh [BUILD_DIR]   (default: build)
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build}
case $BUILD in /*) ;; *) BUILD=$PWD/$BUILD ;; esac
README=$ROOT/README.md
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

"$BUILD/cli/tirc" --help >"$T/tirc"
"$BUILD/cli/tirvm" --help >"$T/tirvm"
"$BUILD/conformance/tir-conformance" --markdown --jobs 0 "$ROOT/conformance" >"$T/table"
total=$(sed -n 's/^| \*\*total\*\* | \*\*[0-9]*\*\* | \*\*[0-9]*\*\* | \*\*[0-9]*\*\* | \*\*\([0-9]*\)\*\* |.*/\1/p' "$T/table")
binary=$(sed -n 's/^| binary | [0-9]* | [0-9]* | [0-9]* | \([0-9]*\) |.*/\1/p' "$T/table")
[ -n "$total" ] && [ -n "$binary" ] || { echo "update_readme.sh: no table from tir-conformance" >&2; exit 1; }

awk -v tirc="$T/tirc" -v tirvm="$T/tirvm" -v table="$T/table" \
    -v scripts=$((total - binary)) -v binary="$binary" '
    function emit(file,   line) { while ((getline line < file) > 0) print line; close(file) }
    # the fenced block after "<!-- PROG --help -->" is PROG --help
    $0 == "<!-- tirc --help -->" { print; help = tirc; next }
    $0 == "<!-- tirvm --help -->" { print; help = tirvm; next }
    help != "" && state == 0 && /^```/ { print; emit(help); state = 1; next }
    state == 1 { if (/^```/) { print; state = 0; help = "" } next }
    /^## Conformance$/ { conf = 1 }
    /^## / && !/^## Conformance$/ { conf = 0 }
    conf && /^\| section \|/ { emit(table); intable = 1; next }
    intable { if (/^\|/) next; intable = 0 }
    conf {
        sub(/holds [0-9]+ TVMScript programs/, "holds " scripts " TVMScript programs")
        sub(/plus [0-9]+ `\.tirbc` files/, "plus " binary " `.tirbc` files")
    }
    { print }' "$README" >"$T/README.md"
cp "$T/README.md" "$README"
echo "README.md: --help texts and the conformance table ($total cases) updated"
