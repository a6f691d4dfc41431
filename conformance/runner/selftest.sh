#!/bin/sh
# The runner's own behaviour, beyond its self-test corpus: failing and
# malformed cases are reported and fail the run, timeouts and crashes are
# contained, the adapter path agrees with the linked one, --update, --json,
# --markdown, --filter, --jobs and --classify work.  TAP output.
# Usage: selftest.sh TIR_CONFORMANCE TIRC TIRVM CONFORMANCE_DIR
set -u
# meson passes build-relative paths; the adapter changes directory
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
RUNNER=$(abs "$1")
TIRC=$(abs "$2")
TIRVM=$(abs "$3")
CONF=$(abs "$4")
SELF=$CONF/runner/selftest
ADAPTER="sh $CONF/runner/tirvm-adapter.sh $TIRC $TIRVM {mode} {case} {dir}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0
failed=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() {
    n=$((n + 1))
    failed=$((failed + 1))
    echo "not ok $n - $1"
    [ -f "$T/out" ] && tail -n 25 "$T/out" | sed 's/^/#   /'
}
# run NAME WANT_STATUS ARGS...: runs the runner, output in $T/out
run() {
    name=$1 want=$2
    shift 2
    "$RUNNER" "$@" >"$T/out" 2>&1
    got=$?
    if [ "$got" -eq "$want" ]; then ok "$name"; else echo "exit status $got, expected $want" >>"$T/out"; not_ok "$name"; fi
}
# check NAME COMMAND...: a test on the output of the last run
check() { name=$1; shift; if "$@"; then ok "$name"; else not_ok "$name"; fi; }
has() { grep -q -- "$1" "$T/out"; }
last_line_is() { [ "$(tail -n 1 "$T/out")" = "$1" ]; }

# ---- the self-test corpus ---------------------------------------------
run "self-test corpus passes" 0 "$SELF"
check "the report ends with 'N passed, N failed'" last_line_is "19 passed, 1 failed"
check "the listed failure is reported as expected" has "expected_failures.deliberately_wrong  \[wrong_value\]  gap:"
check "every assertion kind ran" sh -c "grep -q '^traps ' '$T/out' && grep -q '^invalid ' '$T/out' && grep -q '^binary ' '$T/out'"

run "without expectations the deliberately wrong case fails the run" 1 "$SELF" --expectations none
check "the failure is listed with its message" has "A\[0\]: got 2, want 3"
check "it is counted as failed" last_line_is "19 passed, 1 failed"

run "--filter with a glob" 0 "$SELF" --tap --filter 'traps.*'
check "--filter selects the five traps" sh -c "[ \$(grep -c '^ok [0-9]* - traps\.' '$T/out') -eq 5 ] && grep -q '^1\.\.5$' '$T/out'"

run "--filter that matches no case is a usage error" 2 "$SELF" --filter no.such.case
check "it says the filter matched nothing" has "filter 'no.such.case' matches none of the"

run "--jobs 1 (TAP)" 0 "$SELF" --tap --jobs 1
grep '^ok\|^not ok' "$T/out" >"$T/tap1"
run "--jobs 4 (TAP)" 0 "$SELF" --tap --jobs 4
grep '^ok\|^not ok' "$T/out" >"$T/tap4"
check "--jobs 4 reports what --jobs 1 does, in the same order" cmp -s "$T/tap1" "$T/tap4"
check "an expected failure is a TAP SKIP with its reason" grep -q "^ok 3 - expected_failures.deliberately_wrong # SKIP expected failure (wrong_value, gap): the case expects 3" "$T/tap1"

run "--json" 0 "$SELF" --json "$T/report.json"
check "the JSON report has the totals and every case" sh -c "grep -q '\"total\": 20,' '$T/report.json' && [ \$(grep -c '\"id\": ' '$T/report.json') -eq 20 ]"

run "--markdown" 0 "$SELF" --markdown
check "--markdown prints the section table" sh -c "head -n 1 '$T/out' | grep -q '^| section | passed | failed | expected failures | total | conformance |\$' && grep -q '^| \*\*total\*\* | \*\*19\*\* |' '$T/out'"

# ---- the adapter path ---------------------------------------------------
run "the adapter for tirc and tirvm on the self-test corpus" 1 "$SELF" --tap --impl "$ADAPTER" --expectations "$SELF/expectations.txt"
grep '^ok\|^not ok' "$T/out" | grep -v ' - views\.' >"$T/tap_adapter"
grep -v ' - views\.' "$T/tap1" >"$T/tap_linked"
check "the adapter path agrees with the linked one (views aside: the tirvm CLI takes compact tensors only)" \
    cmp -s "$T/tap_linked" "$T/tap_adapter"

mkdir -p "$T/adapters"
printf '#!/bin/sh\necho "it broke" >&2\nexit 3\n' >"$T/adapters/exit3.sh"
printf '#!/bin/sh\necho banana >&2\nexit 10\n' >"$T/adapters/badclass.sh"
printf '#!/bin/sh\necho "int32 seven" >"$3/ret.txt"\n' >"$T/adapters/badret.sh"
printf '#!/bin/sh\necho "float32 7.5" >"$3/ret.txt"\n' >"$T/adapters/goodret.sh"
printf '#!/bin/sh\necho unknown >&2\nexit 11\n' >"$T/adapters/unknowntrap.sh"
run "an adapter exiting 3 is an adapter failure" 1 "$SELF" --filter returns.scalars --impl "sh $T/adapters/exit3.sh"
check "... reported with its stderr" has "\[adapter\].*" && has "status 3: it broke"
run "an adapter naming no class is an adapter failure" 1 "$SELF" --filter invalid.type --impl "sh $T/adapters/badclass.sh"
check "... reported as such" has "does not begin with a class"
run "a malformed ret.txt is an adapter failure" 1 "$SELF" --filter returns.scalars --impl "sh $T/adapters/badret.sh"
check "... reported as such" has "ret.txt is not 'DTYPE VALUE'"
run "templates without placeholders get MODE CASE DIR appended" 0 "$SELF" --filter returns.scalars --impl "sh $T/adapters/goodret.sh"
run "an 'unknown' trap class satisfies assert_trap" 0 "$SELF" --filter traps.division --impl "sh $T/adapters/unknowntrap.sh"
check "... with a note" has "1 passes did not check the error class"

# ---- malformed corpora --------------------------------------------------
B=$T/bad
mkdir -p "$B/cases/s" "$B/binary"
cp "$SELF/features.txt" "$B/"
case_head='# ---\n# spec: x\n# features: [runner.values]\n# description: d\n'
body='@T.prim_func\ndef main(A: T.Buffer((1,), "int32")):\n    A[0] = 1\n'
printf "$body" >"$B/cases/s/no_front_matter.py"
printf '# ---\n# spec: x\n' >"$B/cases/s/unclosed.py"
printf '# ---\n# spec: x\n# features: [no.such.tag]\n# description: d\n# arg A: int32[1]\n# assert_return A: [1]\n# ---\n'"$body" >"$B/cases/s/unknown_feature.py"
printf "$case_head"'# colour: blue\n# arg A: int32[1]\n# assert_return A: [1]\n# ---\n'"$body" >"$B/cases/s/unknown_key.py"
printf "$case_head"'# arg A: int32[3] = [1, 2]\n# assert_return A: [1, 2, 3]\n# ---\n'"$body" >"$B/cases/s/count_mismatch.py"
printf "$case_head"'# arg A: int8[1] = [300]\n# assert_return A: [1]\n# ---\n'"$body" >"$B/cases/s/out_of_range.py"
printf "$case_head"'# assert_trap: other\n# assert_invalid: type\n# ---\n'"$body" >"$B/cases/s/two_assertions.py"
printf "$case_head"'# assert_trap: explosion\n# ---\n'"$body" >"$B/cases/s/bad_class.py"
printf "$case_head"'# arg A: int32[1]\n# assert_return B: [1]\n# ---\n'"$body" >"$B/cases/s/check_unknown_arg.py"
printf "$case_head"'# arg A: int32[1] = npy:data/none.npy\n# assert_return A: [1]\n# ---\n'"$body" >"$B/cases/s/missing_npy.py"
printf "$case_head"'# arg A: float32[100000, 100000]\n# assert_return A: [1]\n# ---\n'"$body" >"$B/cases/s/huge.py"
printf "$case_head"'# arg A: float32[1] = [1.5.5]\n# assert_return A: [1]\n# ---\n'"$body" >"$B/cases/s/bad_literal.py"
printf "$case_head"'# arg A: int32[1] = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n# assert_return A: [1]\n# ---\n'"$body" >"$B/cases/s/deep.py"
printf "$case_head"'# arg A: int32[1]\n# assert_return A: [1] rtol=0.1\n# ---\n'"$body" >"$B/cases/s/int_rtol.py"
printf "$case_head"'# id: s.same\n# arg A: int32[1]\n# assert_return A: [1]\n# ---\n'"$body" >"$B/cases/s/dup1.py"
printf "$case_head"'# id: s.same\n# arg A: int32[1]\n# assert_return A: [1]\n# ---\n'"$body" >"$B/cases/s/dup2.py"
printf '\000\001\002# ---\377\376\n\000' >"$B/cases/s/binary_junk.py"
printf "$case_head"'# assert_invalid: type\n# ---\n'"$body" >"$B/cases/no_section.py"
printf '\223' >"$B/binary/no_sidecar.tirbc"
printf '# ---\n# description: d\n# assert_valid: true\n# ---\n' >"$B/binary/no_module.case"
printf '# ---\n# description: d\n# assert_return A: [1]\n# ---\n' >"$B/binary/wrong_key.case"
printf '\223' >"$B/binary/wrong_key.tirbc"
nbad=20
run "a malformed corpus fails the run without crashing" 1 "$B" --expectations none
check "each malformed case is a bad_case failure ($nbad)" sh -c "[ \$(grep -c '  \[bad_case\]  ' '$T/out') -eq $nbad ]"
check "... and the report still ends with its summary" last_line_is "1 passed, $nbad failed"
check "an unlisted feature is named" has "feature 'no.such.tag' is not listed in features.txt"
check "a missing closing line is named" has "not closed by a line '# ---'"
check "duplicate ids are named" has "id 's.same' is also the id of"

# ---- contained failures -----------------------------------------------
H=$T/hang
mkdir -p "$H/cases/s"
cp "$SELF/features.txt" "$H/"
printf '# ---\n# spec: x\n# features: [runner.values]\n# description: never ends\n# arg A: int32[1]\n# assert_return A: [1]\n# ---\n@T.prim_func\ndef main(A: T.Buffer((1,), "int32")):\n    while A[0] < 10:\n        A[0] = A[0] * 1\n' >"$H/cases/s/forever.py"
run "a case that never ends times out" 1 "$H" --timeout 1
check "... reported as a timeout" has "s.forever  \[timeout\]"
printf '#!/bin/sh\nkill -SEGV $$\n' >"$T/adapters/segv.sh"
run "an adapter killed by a signal is an adapter failure" 1 "$H" --impl "exec sh $T/adapters/segv.sh"
check "... reported with the signal" has "killed by signal"

# ---- --update -------------------------------------------------------------
U=$T/upd
cp -r "$SELF" "$U"
rm -f "$U/expectations.txt"
# a failure that stays listed through the edits below
printf '# ---\n# spec: x\n# features: [runner.values]\n# description: d\n# arg A: int32[1]\n# assert_return A: [6]\n# ---\n@T.prim_func\ndef main(A: T.Buffer((1,), "int32")):\n    A[0] = 4\n' >"$U/cases/returns/kept_failure.py"
run "--update writes the failures of a run" 0 "$U" --update
check "... as gaps, with the first line of the message as the reason" \
    grep -q '^expected_failures.deliberately_wrong  wrong_value  *gap  *A\[0\]: got 2, want 3$' "$U/expectations.txt"
run "after --update the run passes" 0 "$U"
sed 's/^\(returns.kept_failure  *wrong_value  *\)gap .*/\1deviation  kept on purpose/' "$U/expectations.txt" >"$U/x" &&
    mv "$U/x" "$U/expectations.txt"
rm "$U/cases/expected_failures/deliberately_wrong.py"
printf '# ---\n# spec: x\n# features: [runner.values]\n# description: d\n# arg A: int32[1]\n# assert_return A: [5]\n# ---\n@T.prim_func\ndef main(A: T.Buffer((1,), "int32")):\n    A[0] = 4\n' >"$U/cases/returns/new_failure.py"
run "a new failure fails the run" 1 "$U"
check "... and the line of a removed case is reported stale" has "stale expectations (1)"
run "--update again" 0 "$U" --update
check "... adds the new failure and drops the stale line" sh -c "grep -q '^returns.new_failure ' '$U/expectations.txt' && ! grep -q deliberately_wrong '$U/expectations.txt'"
check "... and keeps the kind and reason of lines that stay" grep -q '^returns.kept_failure  *wrong_value  *deviation  *kept on purpose$' "$U/expectations.txt"
sed -i 's/^returns.new_failure  *wrong_value/returns.new_failure  trap:other/' "$U/expectations.txt"
run "a listed case failing with another class fails the run" 1 "$U"
check "... and says what was listed" has "(expectations.txt lists it as failing with trap:other)"
printf '# ---\n# spec: x\n# features: [runner.values]\n# description: d\n# arg A: int32[1]\n# assert_return A: [5]\n# ---\n@T.prim_func\ndef main(A: T.Buffer((1,), "int32")):\n    A[0] = 5\n' >"$U/cases/returns/new_failure.py"
run "a listed case that passes does not fail the run" 0 "$U"
check "... and is reported as newly passing" has "newly passing (1)"

# ---- options and --classify ---------------------------------------------
run "an unknown option is a usage error" 2 --frobnicate
run "a missing corpus is a usage error" 2 "$T/no/such/dir"
run "--classify trap" 0 --classify trap "x.py:3: integer division by zero (in function 'main')"
check "... division_by_zero" last_line_is division_by_zero
run "--classify trap: the earliest fragment decides" 0 --classify trap "x.py:3: assertion failed: out-of-bounds argument 'a' (in function 'main')"
check "... assertion_failed" last_line_is assertion_failed
run "--classify malformed" 0 --classify malformed "m.tirbc: unsupported .tirbc format version 7 (this build reads version 1)"
check "... version" last_line_is version
run "--classify invalid" 0 --classify invalid "a.py:1:2: error: unsupported: T.vscale"
check "... unsupported" last_line_is unsupported

echo "1..$n"
[ "$failed" -eq 0 ]
