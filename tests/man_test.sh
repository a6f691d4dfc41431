#!/bin/sh
# The manuals keep up with the commands: every option that `tirc --help`,
# `tirvm --help`, `tirvm serve --help` and `tir-conformance --help` name
# appears in the command's page under man/, every usage form of the help is
# in the page's SYNOPSIS, every page is installed and renders without
# warnings.  The helps are the built commands' own, read at test time.
# Usage: man_test.sh TIRC TIRVM TIR_CONFORMANCE SOURCE_ROOT   (TAP output)
set -u
TIRC=$1 TIRVM=$2 RUNNER=$3 ROOT=$4
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/tap.sh"
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

# The words of a page as it reads: \- is -, font changes and \& are nothing.
man_text() { sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\&//g' "$1"; }
# The options a help names: --word, --word=value and one-letter ones (-o).
help_options() {
    grep -oE -- '(^|[^A-Za-z0-9-])(--[a-z][a-z-]*(=[a-z]+)?|-[A-Za-z])([^A-Za-z0-9-]|$)' |
        sed -E 's/^[^-]*//; s/[^A-Za-z0-9=-]*$//; s/=$//' | sort -u
}
# has_word FILE WORD: WORD appears in FILE, not as part of a longer option.
has_word() { grep -qE -- "(^|[^A-Za-z0-9-])$2([^A-Za-z0-9=-]|=[^a-z]|=\$|\$)" "$1"; }

# check_options WHAT HELP_FILE PAGE [DEFERRED]: every option of the help is
# in the page; with DEFERRED, a page that says "DEFERRED" (tirvm(1) saying
# "tirvm serve --help" lists serve's options) may leave them out.
check_options() {
    what=$1 help=$2 page=$3 deferred=${4:-}
    title="every option of $what is in man/$page"
    if [ ! -f "$ROOT/man/$page" ]; then
        not_ok "$title (there is no man/$page)"
        return
    fi
    help_options <"$help" >"$T/options"
    man_text "$ROOT/man/$page" >"$T/page"
    : >"$T/missing"
    while read -r opt; do
        has_word "$T/page" "$opt" || echo "$opt" >>"$T/missing"
    done <"$T/options"
    if [ ! -s "$T/options" ]; then
        not_ok "$title (the help names no option)" "$help"
    elif [ ! -s "$T/missing" ]; then
        ok "$title ($(tr '\n' ' ' <"$T/options" | sed 's/ $//'))"
    elif [ -n "$deferred" ] && grep -qF -- "$deferred" "$T/page"; then
        skip "$title" "the page refers to $deferred for: $(tr '\n' ' ' <"$T/missing" | sed 's/ $//')"
    else
        not_ok "$title" "$T/missing"
    fi
}

# check_synopsis PROG HELP_FILE PAGE: each usage line's form (the option or
# subcommand after PROG) is in the page's SYNOPSIS.
check_synopsis() {
    prog=$1 help=$2 page=$3
    if [ ! -f "$ROOT/man/$page" ]; then
        not_ok "man/$page's SYNOPSIS has every form of $prog's usage (there is no man/$page)"
        return
    fi
    man_text "$ROOT/man/$page" | sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' >"$T/synopsis"
    sed -n "s/^\(usage:\)\{0,1\} *$prog \([-a-z][-a-z=]*\).*/\2/p" "$help" | sort -u >"$T/forms"
    : >"$T/missing"
    while read -r form; do
        has_word "$T/synopsis" "$form" || echo "$form" >>"$T/missing"
    done <"$T/forms"
    if [ ! -s "$T/forms" ]; then
        ok "man/$page's SYNOPSIS has every form of $prog's usage (one form)"
    elif [ ! -s "$T/missing" ]; then
        ok "man/$page's SYNOPSIS has every form of $prog's usage ($(tr '\n' ' ' <"$T/forms" | sed 's/ $//'))"
    else
        not_ok "man/$page's SYNOPSIS has every form of $prog's usage" "$T/missing"
    fi
}

"$TIRC" --help >"$T/tirc.help" 2>&1
"$TIRVM" --help >"$T/tirvm.help" 2>&1
"$TIRVM" serve --help >"$T/serve.help" 2>&1
"$RUNNER" --help >"$T/conformance.help" 2>&1

check_options "tirc --help" "$T/tirc.help" tirc.1
check_synopsis tirc "$T/tirc.help" tirc.1
check_options "tirvm --help" "$T/tirvm.help" tirvm.1
check_synopsis tirvm "$T/tirvm.help" tirvm.1
check_options "tirvm serve --help" "$T/serve.help" tirvm.1 "tirvm serve --help"
check_options "tir-conformance --help" "$T/conformance.help" tir-conformance.1
check_synopsis tir-conformance "$T/conformance.help" tir-conformance.1

# Every page is installed (meson.build's install_man) and renders cleanly.
for page in "$ROOT"/man/*.1; do
    name=$(basename "$page")
    if grep "^install_man(" "$ROOT/meson.build" | grep -q "'man/$name'"; then
        ok "meson install installs man/$name"
    else
        not_ok "meson install installs man/$name (meson.build's install_man)"
    fi
    if ! command -v groff >/dev/null 2>&1; then
        skip "man/$name renders without warnings" "no groff"
    elif groff -man -ww -z "$page" >"$T/groff" 2>&1 && ! [ -s "$T/groff" ]; then
        ok "man/$name renders without warnings"
    else
        not_ok "man/$name renders without warnings" "$T/groff"
    fi
done
echo "1..$n"
[ "$failed" -eq 0 ]
