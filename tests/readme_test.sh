#!/bin/sh
# The README and the repository tell the truth: the conformance table is
# what tir-conformance prints, the command-line section shows both --help
# texts exactly and names every option, no file names a path of one
# machine, and the scripts are executable.  TAP output.
# Usage: readme_test.sh TIRC TIRVM TIR_CONFORMANCE SOURCE_ROOT
set -u
TIRC=$1 TIRVM=$2 RUNNER=$3 ROOT=$4
README=$ROOT/README.md
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/tap.sh"
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

# ---- the conformance table -------------------------------------------------
"$RUNNER" --markdown --jobs 0 "$ROOT/conformance" >"$T/table" 2>"$T/err"
[ -s "$T/table" ] || cp "$T/err" "$T/table"
# the README's table: the first Markdown table of the Conformance section
sed -n '/^## Conformance$/,/^## /p' "$README" | sed -n '/^| section |/,/^$/p' | sed '/^$/d' >"$T/readme-table"
if cmp -s "$T/table" "$T/readme-table"; then
    ok "README's conformance table is what tir-conformance --markdown prints"
else
    diff "$T/readme-table" "$T/table" >"$T/diff"
    not_ok "README's conformance table is what tir-conformance --markdown prints (run scripts/update_readme.sh)" "$T/diff"
fi
# the counts in the text above it: TVMScript programs and .tirbc files
total=$(sed -n 's/^| \*\*total\*\* | \*\*[0-9]*\*\* | \*\*[0-9]*\*\* | \*\*[0-9]*\*\* | \*\*\([0-9]*\)\*\* |.*/\1/p' "$T/table")
binary=$(sed -n 's/^| binary | [0-9]* | [0-9]* | [0-9]* | \([0-9]*\) |.*/\1/p' "$T/table")
if [ -n "$total" ] && [ -n "$binary" ] &&
    tr '\n' ' ' <"$README" | grep -q "holds $((total - binary)) TVMScript programs.* plus $binary \`\.tirbc\` files"; then
    ok "README counts $((total - binary)) TVMScript cases and $binary .tirbc files, as the corpus has"
else
    echo "corpus: total '$total', binary '$binary'" >"$T/why"
    not_ok "README's case counts match the corpus (run scripts/update_readme.sh)" "$T/why"
fi

# ---- the command-line section ------------------------------------------------
# help_block PROG: the fenced block after the line "<!-- PROG --help -->"
help_block() {
    awk -v marker="<!-- $1 --help -->" '
        $0 == marker { want = 1; next }
        want == 1 && /^```/ { want = 2; next }
        want == 2 && /^```/ { exit }
        want == 2 { print }' "$README"
}
for prog in tirc tirvm; do
    if [ "$prog" = tirc ]; then exe=$TIRC; else exe=$TIRVM; fi
    "$exe" --help >"$T/$prog.help"
    help_block "$prog" >"$T/$prog.readme"
    if [ -s "$T/$prog.readme" ] && cmp -s "$T/$prog.help" "$T/$prog.readme"; then
        ok "README shows $prog --help exactly"
    else
        diff "$T/$prog.readme" "$T/$prog.help" >"$T/diff"
        not_ok "README shows $prog --help exactly (run scripts/update_readme.sh)" "$T/diff"
    fi
    # every option the help names: --word, --word=value, and -o
    grep -oE -- '(^|[^A-Za-z0-9-])(--[a-z][a-z-]*(=[a-z]+)?|-o)([^A-Za-z0-9-]|$)' "$T/$prog.help" |
        sed -E 's/^[^-]*//; s/[^A-Za-z0-9=-]*$//' | sort -u >"$T/$prog.options"
    : >"$T/missing"
    while read -r opt; do
        grep -qF -- "$opt" "$README" || echo "$opt" >>"$T/missing"
    done <"$T/$prog.options"
    if [ -s "$T/$prog.options" ] && [ ! -s "$T/missing" ]; then
        ok "every option of $prog --help ($(tr '\n' ' ' <"$T/$prog.options")) appears in the README"
    else
        not_ok "every option of $prog --help appears in the README" "$T/missing"
    fi
done

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
