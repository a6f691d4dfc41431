#!/bin/sh
# The assembler (tirvm asm): every module in tests/asm/invalid/ assembles and
# is rejected by the verifier with the message its "; expect:" line gives;
# its unverified listing assembles back to the same bytes; every module in
# tests/asm/valid/ verifies and runs as its "; run:",
# "; stdout:" or "; error:" lines say (a run word NAME=zeros:DESCR:DIMS, such
# as A=zeros:<f4:4 or A=zeros:<f8:2,3, gives NAME a .npy of zeros: a buffer
# the module only reads is an input that must be given); and the listing of every module compiled from the
# repository's TVMScript assembles back to the same bytes.
# Usage: asm_test.sh TIRC TIRVM SOURCE_ROOT   (TAP output)
TIRC=$1 TIRVM=$2 ROOT=$3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | sed 's/^/#   /'; }

for f in "$ROOT"/tests/asm/invalid/*.tirasm; do
    name=$(basename "$f" .tirasm)
    if ! "$TIRVM" asm "$f" -o "$T/m.tirbc" 2>"$T/err"; then
        not_ok "invalid/$name: assembles" "$(cat "$T/err")"
        continue
    fi
    "$TIRVM" verify "$T/m.tirbc" >/dev/null 2>"$T/err"
    st=$?
    expect=$(sed -n 's/^; expect: //p' "$f")
    missing=$(sed -n 's/^; expect: //p' "$f" | while IFS= read -r e; do grep -qF -- "$e" "$T/err" || echo "$e"; done)
    if [ "$st" -ne 3 ]; then
        not_ok "invalid/$name: verify exits 3 (got $st)" "$(cat "$T/err")"
    elif [ -z "$expect" ] || [ -n "$missing" ]; then
        not_ok "invalid/$name: rejected with the expected message" "expected: $expect
got: $(cat "$T/err")"
    else
        ok "invalid/$name: rejected ($(sed -n 's/.*\[\([a-z-]*\)\]$/\1/p' "$T/err"))"
    fi
    # the listing of a rejected module assembles back to the same bytes too
    if "$TIRVM" dis --unverified "$T/m.tirbc" >"$T/m.tirasm" 2>"$T/err" &&
        "$TIRVM" asm "$T/m.tirasm" -o "$T/m2.tirbc" 2>>"$T/err" && cmp -s "$T/m.tirbc" "$T/m2.tirbc"; then
        ok "invalid/$name: dis --unverified then asm gives the same bytes"
    else
        not_ok "invalid/$name: dis --unverified then asm gives the same bytes" "$(cat "$T/err")"
    fi
done

# npy_zeros PATH DESCR DIMS: a version 1.0 .npy of zeros (DIMS 4 or 2,3)
npy_zeros() {
    count=1
    for d in $(echo "$3" | tr ',' ' '); do count=$((count * d)); done
    case $3 in *,*) shape="($(echo "$3" | sed 's/,/, /g'))" ;; *) shape="($3,)" ;; esac
    hdr="{'descr': '$2', 'fortran_order': False, 'shape': $shape, }"
    pad=$((64 - (10 + ${#hdr} + 1) % 64))
    [ "$pad" -eq 64 ] && pad=0
    total=$((${#hdr} + pad + 1))
    { printf '\223NUMPY\001\000'; printf "\\$(printf %03o $((total % 256)))\\$(printf %03o $((total / 256)))"
      printf '%s' "$hdr"; printf "%${pad}s" ""; printf '\n'
      head -c $((count * ${2#??})) /dev/zero; } >"$1"
}
# run_words WORDS: the run line with each NAME=zeros:DESCR:DIMS made a file
run_words() {
    k=0
    for w in $1; do
        case $w in
        *=zeros:*:*)
            k=$((k + 1))
            spec=${w#*=zeros:}
            npy_zeros "$T/zeros$k.npy" "${spec%%:*}" "${spec#*:}"
            printf '%s ' "${w%%=*}=$T/zeros$k.npy" ;;
        *) printf '%s ' "$w" ;;
        esac
    done
}

for f in "$ROOT"/tests/asm/valid/*.tirasm; do
    name=$(basename "$f" .tirasm)
    if ! "$TIRVM" asm "$f" -o "$T/m.tirbc" 2>"$T/err" || ! "$TIRVM" verify "$T/m.tirbc" >/dev/null 2>>"$T/err"; then
        not_ok "valid/$name: assembles and verifies" "$(cat "$T/err")"
        continue
    fi
    args=$(run_words "$(sed -n 's/^; run: //p' "$f")")
    want=$(sed -n 's/^; stdout: //p' "$f")
    error=$(sed -n 's/^; error: //p' "$f")
    # shellcheck disable=SC2086 # the run line is a list of NAME=VALUE words
    got=$("$TIRVM" run "$T/m.tirbc" $args 2>"$T/err")
    st=$?
    if [ -n "$error" ]; then
        if [ "$st" -eq 1 ] && grep -qF -- "$error" "$T/err"; then
            ok "valid/$name: fails at run time with: $error"
        else
            not_ok "valid/$name: fails at run time with: $error" "status $st: $(cat "$T/err")"
        fi
    elif [ "$got" = "$want" ]; then
        ok "valid/$name: runs and prints $want"
    else
        not_ok "valid/$name: runs and prints $want" "got: $got $(cat "$T/err")"
    fi
done

# dis then asm gives back the same bytes, for every program we can compile.
for group in examples tests/cases benchmarks/kernels conformance/cases; do
    count=0 bad=""
    for src in $(find "$ROOT/$group" -name '*.py' | sort); do
        "$TIRC" "$src" -o "$T/a.tirbc" 2>/dev/null || continue
        count=$((count + 1))
        if ! "$TIRVM" dis "$T/a.tirbc" >"$T/a.tirasm" || ! "$TIRVM" asm "$T/a.tirasm" -o "$T/b.tirbc" 2>"$T/err" ||
            ! cmp -s "$T/a.tirbc" "$T/b.tirbc"; then
            bad="$bad ${src#"$ROOT"/}"
        fi
    done
    if [ "$count" -gt 0 ] && [ -z "$bad" ]; then
        ok "round trip of $group: $count modules listed and assembled back byte for byte"
    else
        not_ok "round trip of $group ($count modules)" "differ:$bad"
    fi
done

# A syntax error names the line and column, and writes nothing.
printf 'function f() -> void\n  registers 1: r0:i32\n  frob r0\n' >"$T/bad.tirasm"
"$TIRVM" asm "$T/bad.tirasm" -o "$T/bad.tirbc" 2>"$T/err"
st=$?
if [ "$st" -eq 1 ] && grep -qF "bad.tirasm:3:3: error: unknown instruction 'frob'" "$T/err" && [ ! -e "$T/bad.tirbc" ]; then
    ok "a syntax error exits 1 with FILE:LINE:COL and writes nothing"
else
    not_ok "a syntax error exits 1 with FILE:LINE:COL and writes nothing" "status $st: $(cat "$T/err")"
fi
echo "1..$n"
exit $failed
