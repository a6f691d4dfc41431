#!/bin/sh
# Lists the verifier's rules (format/verify_rules.def) and the operand
# letters of the instruction table (format/operands.def), and for each the
# negative test in tests/asm/invalid/ whose expected message shows it broken:
# "[rule-name]" for a rule, "operand N (L)" for a letter.  Exits 1 if a rule
# a file can break, or a letter, has no such test.  TAP output with --tap.
# Usage: scripts/verifier_rules.sh [--tap] [SOURCE_ROOT]
tap=0
[ "${1:-}" = --tap ] && { tap=1; shift; }
ROOT=${1:-$(dirname "$0")/..}
tests=$ROOT/tests/asm/invalid
n=0 missing=0

# Letters the verifier checks only together with another operand: the
# argument block `a` and its count `N` of call and callv are checked (and
# reported) at its F.
exempt_letters="a N"

report() { # STATUS WHAT TEST
    n=$((n + 1))
    if [ "$tap" -eq 1 ]; then
        if [ "$1" = ok ]; then echo "ok $n - $2: $3"; else echo "not ok $n - $2: no negative test"; fi
    else
        printf '%-8s %-40s %s\n' "$1" "$2" "$3"
    fi
    [ "$1" = missing ] && missing=$((missing + 1))
    return 0
}

# A test whose "; expect:" lines contain the fixed string $1.
test_for() {
    grep -lF -- "$1" "$tests"/*.tirasm 2>/dev/null | while read -r f; do
        grep '^; expect: ' "$f" | grep -qF -- "$1" && { basename "$f"; break; }
    done
}

rules=$(sed -n 's/^RULE([A-Z_]*, "\([a-z-]*\)", \([A-Z]*\),.*/\1 \2/p' "$ROOT/format/verify_rules.def")
[ -n "$rules" ] || { echo "no rules found in format/verify_rules.def" >&2; exit 2; }
echo "$rules" | while read -r name scope; do
    t=$(test_for "[$name]")
    if [ -n "$t" ]; then
        report ok "rule $name" "$t"
    elif [ "$scope" != FILE ]; then
        report ok "rule $name" "($scope: no file can break it)"
    else
        report missing "rule $name" ""
    fi
done > "${TMPDIR:-/tmp}/verifier_rules.$$"

letters=$(sed -n "s/^OPERAND('\(.\)',.*/\1/p" "$ROOT/format/operands.def")
[ -n "$letters" ] || { echo "no operand letters found in format/operands.def" >&2; exit 2; }
n=$(grep -c . "${TMPDIR:-/tmp}/verifier_rules.$$")
missing=$(grep -c '^\(not ok\|missing\)' "${TMPDIR:-/tmp}/verifier_rules.$$")
cat "${TMPDIR:-/tmp}/verifier_rules.$$"
rm -f "${TMPDIR:-/tmp}/verifier_rules.$$"
for L in $letters; do
    case " $exempt_letters " in
    *" $L "*) report ok "operand letter $L" "(checked with another operand)"; continue ;;
    esac
    t=$(grep -lE -- "^; expect: .*operand [0-9]+ \\($L\\)" "$tests"/*.tirasm 2>/dev/null | head -n 1)
    if [ -n "$t" ]; then report ok "operand letter $L" "$(basename "$t")"; else report missing "operand letter $L" ""; fi
done
[ "$tap" -eq 1 ] && echo "1..$n"
[ "$missing" -eq 0 ]
