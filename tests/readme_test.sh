#!/bin/sh
# The README, docs/ and the repository tell the truth: the conformance
# table of docs/testing.md is what tir-conformance prints, and the README's
# claim about it holds; docs/cli.md shows the tirc and tirvm --help texts
# and docs/serving.md the tirvm serve one, exactly; the README's folder map
# names every top-level folder; no file names a path of one machine, and the
# scripts are executable.  TAP output.
# Usage: readme_test.sh TIRC TIRVM TIR_CONFORMANCE SOURCE_ROOT
set -u
TIRC=$1 TIRVM=$2 RUNNER=$3 ROOT=$4
README=$ROOT/README.md
CONFORMANCE=$ROOT/docs/testing.md
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/tap.sh"
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

# ---- the conformance table -------------------------------------------------
"$RUNNER" --markdown --jobs 0 "$ROOT/conformance" >"$T/table" 2>"$T/err"
[ -s "$T/table" ] || cp "$T/err" "$T/table"
# docs/testing.md's table: the first Markdown table of the Conformance section
sed -n '/^## Conformance$/,/^## /p' "$CONFORMANCE" | sed -n '/^| section |/,/^$/p' | sed '/^$/d' >"$T/doc-table"
if [ -s "$T/doc-table" ] && cmp -s "$T/table" "$T/doc-table"; then
    ok "docs/testing.md's conformance table is what tir-conformance --markdown prints"
else
    diff "$T/doc-table" "$T/table" >"$T/diff"
    not_ok "docs/testing.md's conformance table is what tir-conformance --markdown prints (run scripts/update_docs.sh)" "$T/diff"
fi
# the counts in the text above it: TVMScript programs and .tirbc files
total=$(sed -n 's/^| \*\*total\*\* | \*\*[0-9]*\*\* | \*\*[0-9]*\*\* | \*\*[0-9]*\*\* | \*\*\([0-9]*\)\*\* |.*/\1/p' "$T/table")
binary=$(sed -n 's/^| binary | [0-9]* | [0-9]* | [0-9]* | \([0-9]*\) |.*/\1/p' "$T/table")
if [ -n "$total" ] && [ -n "$binary" ] &&
    tr '\n' ' ' <"$CONFORMANCE" | grep -q "holds $((total - binary)) TVMScript programs.* plus $binary \`\.tirbc\` files"; then
    ok "docs/testing.md counts $((total - binary)) TVMScript cases and $binary .tirbc files, as the corpus has"
else
    echo "corpus: total '$total', binary '$binary'" >"$T/why"
    not_ok "docs/testing.md's case counts match the corpus (run scripts/update_docs.sh)" "$T/why"
fi
# the README's claim: "all N cases of the [conformance corpus](...) pass",
# true only while every case passes
passed=$(sed -n 's/^| \*\*total\*\* | \*\*\([0-9]*\)\*\* |.*/\1/p' "$T/table")
claimed=$(tr '\n' ' ' <"$README" | sed -n 's/.*all \([0-9][0-9]*\) cases of the \[conformance corpus\].*/\1/p')
if [ -n "$total" ] && [ "$claimed" = "$total" ] && [ "$passed" = "$total" ]; then
    ok "the README's 'all $claimed cases of the conformance corpus pass' is true"
else
    echo "README claims all '$claimed' cases pass; the corpus has '$total', of which '$passed' pass" >"$T/why"
    not_ok "the README's claim on the conformance corpus is true (scripts/update_docs.sh updates the count)" "$T/why"
fi

# ---- the --help texts: docs/cli.md and docs/serving.md -----------------------
# help_block MARKER FILE: the fenced block after the line "<!-- MARKER --help -->"
help_block() {
    awk -v marker="<!-- $1 --help -->" '
        $0 == marker { want = 1; next }
        want == 1 && /^```/ { want = 2; next }
        want == 2 && /^```/ { exit }
        want == 2 { print }' "$2"
}
# check_help NAME FILE COMMAND...: FILE shows the text COMMAND --help prints,
# and names every option of it
check_help() {
    name=$1 file=$2 doc=docs/$(basename "$2")
    shift 2
    "$@" --help >"$T/help"
    help_block "$name" "$file" >"$T/shown"
    if [ -s "$T/shown" ] && cmp -s "$T/help" "$T/shown"; then
        ok "$doc shows $name --help exactly"
    else
        diff "$T/shown" "$T/help" >"$T/diff"
        not_ok "$doc shows $name --help exactly (run scripts/update_docs.sh)" "$T/diff"
    fi
    # every option the help names: --word, --word=value, and -o
    grep -oE -- '(^|[^A-Za-z0-9-])(--[a-z][a-z-]*(=[a-z]+)?|-o)([^A-Za-z0-9-]|$)' "$T/help" |
        sed -E 's/^[^-]*//; s/[^A-Za-z0-9=-]*$//' | sort -u >"$T/options"
    : >"$T/missing"
    while read -r opt; do
        grep -qF -- "$opt" "$file" || echo "$opt" >>"$T/missing"
    done <"$T/options"
    if [ -s "$T/options" ] && [ ! -s "$T/missing" ]; then
        ok "every option of $name --help ($(tr '\n' ' ' <"$T/options")) appears in $doc"
    else
        not_ok "every option of $name --help appears in $doc" "$T/missing"
    fi
}
check_help tirc "$ROOT/docs/cli.md" "$TIRC"
check_help tirvm "$ROOT/docs/cli.md" "$TIRVM"
check_help "tirvm serve" "$ROOT/docs/serving.md" "$TIRVM" serve

# ---- the README's folder map --------------------------------------------------
# Every top-level folder of the repository has a row "| `NAME/` | ..." in
# the README's Folders table.
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    sed -n '/^## Folders$/,/^## /p' "$README" >"$T/folders"
    (cd "$ROOT" && git ls-files | sed -n 's|^\([^/]*\)/.*|\1|p' | sort -u) >"$T/top"
    : >"$T/missing"
    while read -r dir; do
        grep -qF "| \`$dir/\` |" "$T/folders" || echo "$dir/" >>"$T/missing"
    done <"$T/top"
    if [ -s "$T/top" ] && [ ! -s "$T/missing" ]; then
        ok "the README's folder map has every top-level folder ($(tr '\n' ' ' <"$T/top" | sed 's/ $//'))"
    else
        not_ok "the README's folder map has every top-level folder" "$T/missing"
    fi
else
    skip "the README's folder map has every top-level folder" "not a git checkout"
fi

# ---- the repository ------------------------------------------------------------
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    # A path of one machine (a home, /root, a /tmp file, a build farm's
    # directory) as a fixed location of data works nowhere else.
    (cd "$ROOT" && git ls-files -z | xargs -0 grep -nIE '/(work|home|root|tmp|Users)/' /dev/null) >"$T/paths"
    if [ -s "$T/paths" ]; then
        not_ok "no file in the repository names an absolute path of one machine" "$T/paths"
    else
        ok "no file in the repository names an absolute path of one machine"
    fi
    # Every script (a file that starts with #!) is
    # executable in git.
    (cd "$ROOT" && git ls-files -s -- scripts tests conformance benchmarks examples .ci | while read -r mode _ _ path; do
        [ "$mode" = 100755 ] && continue
        head -c 2 "$path" | grep -q '^#!' && echo "$path ($mode)"
    done) >"$T/modes"
    if [ -s "$T/modes" ]; then
        not_ok "every script is executable in git" "$T/modes"
    else
        ok "every script is executable in git"
    fi
else
    skip "no file in the repository names an absolute path of one machine" "not a git checkout"
    skip "every script is executable in git" "not a git checkout"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
