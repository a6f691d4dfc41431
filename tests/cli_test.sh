#!/bin/sh
# The command-line contract of tirc and tirvm (docs/cli.md): exit
# statuses, diagnostics, no partial output files.  TAP output.
# Usage: cli_test.sh TIRC TIRVM EXAMPLE_REF SOURCE_DIR
set -u
# absolute, since some tests run from another directory
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
TIRC=$(abs "$1")
TIRVM=$(abs "$2")
REF=$(abs "$3")
SRC=$(abs "$4")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0
failed=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; [ -f "$T/err" ] && sed 's/^/#   /' "$T/err" | head -20; }
# expect STATUS NAME CMD...: runs CMD with stdout in $T/out and stderr in $T/err
expect() {
    want=$1 name=$2
    shift 2
    "$@" >"$T/out" 2>"$T/err"
    got=$?
    if [ "$got" -eq "$want" ]; then ok "$name"; else echo "#   exit status $got, expected $want" >>"$T/err"; not_ok "$name"; fi
}
# check NAME CONDITION...: a test on files produced by earlier steps
check() { name=$1; shift; if "$@"; then ok "$name"; else not_ok "$name"; fi; }

# A .npy file: mknpy PATH DESCR SHAPE DATA_PRINTF (version 1.0, header padded to 64 bytes)
mknpy() {
    hdr="{'descr': '$2', 'fortran_order': ${5:-False}, 'shape': $3, }"
    pad=$((64 - (10 + ${#hdr} + 1) % 64))
    [ "$pad" -eq 64 ] && pad=0
    total=$((${#hdr} + pad + 1))
    { printf '\223NUMPY\001\000'; printf "\\$(printf %03o $((total % 256)))\\$(printf %03o $((total / 256)))";
      printf '%s' "$hdr"; printf "%${pad}s" ""; printf '\n'; printf "$4"; } >"$1"
}

cat >"$T/scale.py" <<'EOF'
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), n: T.int32):
    assert n > 0, "n must be positive"
    for i in range(4):
        B[i] = A[i] * T.Cast("float32", n)
EOF
cat >"$T/bad.py" <<'EOF'
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    A[0] = T.Add(1, T.float32(2.0))
    A[1] = T.Cast("float32", T.Sub(1, T.float32(2.0)))
EOF
cat >"$T/unbound.py" <<'EOF'
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    A[1] = undefined_name
EOF
# float32 [1, 2, 3, 4]
mknpy "$T/a.npy" '<f4' '(4,)' '\000\000\200\077\000\000\000\100\000\000\100\100\000\000\200\100'
mknpy "$T/i.npy" '<i4' '(4,)' '\001\000\000\000\002\000\000\000\003\000\000\000\004\000\000\000'
mknpy "$T/short.npy" '<f4' '(4,)' '\000\000\200\077'
mknpy "$T/big.npy" '>f4' '(4,)' '\077\200\000\000\100\000\000\000\100\100\000\000\100\200\000\000'
mknpy "$T/five.npy" '<f4' '(5,)' '\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000'

expect 0 "tirc --help" "$TIRC" --help
check "tirc --help shows usage" grep -q "usage: tirc" "$T/out"
expect 0 "tirc --version" "$TIRC" --version
expect 2 "tirc unknown option is a usage error" "$TIRC" --frobnicate "$T/scale.py"
expect 2 "tirc without SOURCE is a usage error" "$TIRC"
expect 2 "tirc on a missing file is a usage error" "$TIRC" "$T/missing.py"
expect 0 "tirc compiles to the default output name" "$TIRC" "$T/scale.py"
check "default output is SOURCE with .tirbc" test -s "$T/scale.tirbc"
expect 0 "tirc -o" "$TIRC" "$T/scale.py" -o "$T/s.tirbc"
expect 0 "tirc --check" "$TIRC" --check "$T/scale.py"
expect 1 "tirc rejects invalid TIR with status 1" "$TIRC" "$T/bad.py" -o "$T/bad.tirbc"
check "diagnostic has FILE:LINE:COL: error:" grep -q "bad.py:3:12: error: Add operands must have the same dtype" "$T/err"
check "diagnostic shows the source line" grep -q "A\[0\] = T.Add(1, T.float32(2.0))" "$T/err"
check "diagnostic has a caret under the column" grep -qx "               ^" "$T/err"
check "several errors in one run" grep -q "bad.py:4:30: error: Sub operands must have the same dtype" "$T/err"
expect 1 "an unbound name is rejected" "$TIRC" --check "$T/unbound.py"
check "unbound name message" grep -q "unbound.py:3:12: error: name 'undefined_name' is not defined" "$T/err"
check "no output file after an error" test ! -e "$T/bad.tirbc"
cp "$T/s.tirbc" "$T/keep.tirbc"
expect 1 "tirc error keeps an existing output untouched" "$TIRC" "$T/bad.py" -o "$T/keep.tirbc"
check "existing output unchanged" cmp -s "$T/s.tirbc" "$T/keep.tirbc"
expect 0 "tirc reads standard input" sh -c "\"$TIRC\" - -o \"$T/stdin.tirbc\" < \"$T/scale.py\""
expect 0 "a module compiled from stdin verifies" "$TIRVM" verify "$T/stdin.tirbc"
expect 0 "tirc --emit=asm" "$TIRC" --emit=asm "$T/scale.py"
cp "$T/out" "$T/asm.txt"
expect 0 "tirvm dis" "$TIRVM" dis "$T/s.tirbc"
check "tirc --emit=asm prints the same text as tirvm dis" cmp -s "$T/out" "$T/asm.txt"
check "listing has typed instructions" grep -q "mul.f32" "$T/out"
cp "$T/out" "$T/listing.tirasm"
expect 0 "tirvm asm assembles the listing" "$TIRVM" asm "$T/listing.tirasm"
check "asm's default output replaces the extension" test -f "$T/listing.tirbc"
check "the assembled module is byte for byte the compiled one" cmp -s "$T/s.tirbc" "$T/listing.tirbc"
expect 0 "tirvm asm reads standard input with -o" sh -c '"$1" asm - -o "$2" <"$3"' sh "$TIRVM" "$T/stdin-asm.tirbc" "$T/listing.tirasm"
check "the module assembled from stdin is the compiled one" cmp -s "$T/s.tirbc" "$T/stdin-asm.tirbc"
expect 2 "tirvm asm without a file is a usage error" "$TIRVM" asm
expect 2 "tirvm asm from stdin without -o is a usage error" "$TIRVM" asm -
expect 2 "tirvm asm on a missing file is a usage error" "$TIRVM" asm "$T/nope.tirasm"

expect 0 "tirvm verify accepts a valid module" "$TIRVM" verify "$T/s.tirbc"
head -c 20 "$T/s.tirbc" >"$T/trunc.tirbc"
expect 3 "tirvm verify rejects a truncated module with status 3" "$TIRVM" verify "$T/trunc.tirbc"
printf 'not a module at all' >"$T/junk.tirbc"
expect 3 "tirvm verify rejects bad magic with status 3" "$TIRVM" verify "$T/junk.tirbc"
expect 3 "tirvm dis --unverified still rejects bytes that do not decode" "$TIRVM" dis --unverified "$T/junk.tirbc"
expect 3 "tirvm run rejects an invalid module with status 3" "$TIRVM" run "$T/junk.tirbc"
expect 2 "tirvm on a missing module is a usage error" "$TIRVM" verify "$T/nope.tirbc"
expect 2 "tirvm unknown command" "$TIRVM" frobnicate
expect 0 "tirvm --help" "$TIRVM" --help
expect 0 "tirvm info" "$TIRVM" info "$T/s.tirbc"
check "info lists buffer parameters with dtype and shape" grep -q "A: buffer float32\[4\]" "$T/out"
check "info lists scalar parameters" grep -q "n: int32" "$T/out"

expect 0 "tirvm run" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=3 --out B="$T/b.npy"
check "--out writes the output buffer" test -s "$T/b.npy"
expect 0 "round trip of the output through tirvm" "$TIRVM" run "$T/s.tirbc" A="$T/b.npy" n=1 --out B="$T/b2.npy"
check "output equals input scaled by 1" cmp -s "$T/b.npy" "$T/b2.npy"
expect 1 "failed assertion is a runtime error" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=0 --out B="$T/c.npy"
check "assertion message with file and line" grep -q "error: scale.py:3: assertion failed: n must be positive" "$T/err"
check "no --out file after a failed run" test ! -e "$T/c.npy"
expect 1 "wrong dtype is a runtime error" "$TIRVM" run "$T/s.tirbc" A="$T/i.npy" n=1
check "dtype message" grep -q "dtype is int32, expected float32" "$T/err"
expect 1 "wrong shape is a runtime error" "$TIRVM" run "$T/s.tirbc" A="$T/five.npy" n=1
expect 1 "truncated .npy is a runtime error" "$TIRVM" run "$T/s.tirbc" A="$T/short.npy" n=1
check "truncated .npy message names the file" grep -q "short.npy" "$T/err"
expect 1 "big-endian .npy is rejected" "$TIRVM" run "$T/s.tirbc" A="$T/big.npy" n=1
check "big-endian message" grep -qi "big-endian" "$T/err"
expect 1 "missing scalar argument" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy"
check "missing argument message" grep -q "missing argument 'n'" "$T/err"
expect 2 "unknown parameter name is a usage error" "$TIRVM" run "$T/s.tirbc" Q="$T/a.npy" n=1
# A .npy that is missing and one that is corrupt are the same class of
# error: bad input, status 1.
expect 1 "missing .npy file is bad input, like a corrupt one" "$TIRVM" run "$T/s.tirbc" A="$T/none.npy" n=1
check "the message names the file" grep -q "^tirvm: error: .*none.npy: cannot open: No such file or directory" "$T/err"
expect 1 "a value that is not a number is bad input" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=abc
check "that names the parameter's type" grep -qxF "tirvm: error: argument 'n': 'abc' is not an int32" "$T/err"
expect 2 "--out naming no buffer is a usage error" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=1 --out Z="$T/z.npy"
expect 2 "--threads 0 is a usage error" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=1 --threads 0
expect 0 "--threads 2 is accepted" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=1 --threads 2
expect 2 "unknown --entry is a usage error" "$TIRVM" run "$T/s.tirbc" --entry nothere A="$T/a.npy" n=1
check "it lists the module's functions" grep -qxF "tirvm: error: the module has no function 'nothere' (its functions: main)" "$T/err"

# One message style: every error is "tirvm: error: ..." or "tirc: error: ...".
expect 1 "an assertion failure" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=0
check "a runtime error is tirvm: error: FILE:LINE: MESSAGE" grep -qx "tirvm: error: .*scale\.py:3: assertion failed: n must be positive (in function 'main')" "$T/err"
expect 2 "a usage error of tirc" "$TIRC" --frobnicate "$T/scale.py"
check "is tirc: error: MESSAGE" grep -qxF "tirc: error: unknown option '--frobnicate'" "$T/err"
expect 2 "a usage error of tirvm" "$TIRVM" frobnicate
check "is tirvm: error: MESSAGE" grep -qxF "tirvm: error: unknown command 'frobnicate'" "$T/err"
expect 2 "tirc on a missing file" "$TIRC" "$T/missing.py"
check "says it cannot read it, as tirc: error:" grep -q "^tirc: error: cannot read .*missing\.py: No such file or directory$" "$T/err"
expect 2 "tirvm on a missing module" "$TIRVM" info "$T/nope.tirbc"
check "says so as tirvm: error:" grep -q "^tirvm: error: .*nope\.tirbc: No such file or directory$" "$T/err"
expect 3 "a module that is not one" "$TIRVM" verify "$T/junk.tirbc"
check "is tirvm: error: too" grep -q "^tirvm: error: .*junk\.tirbc: not a \.tirbc file (bad magic)$" "$T/err"
expect 0 "tirvm --help lists the exit statuses" "$TIRVM" --help
check "1 bad input, 2 usage, 3 bad module" sh -c 'tr "\n" " " <"$1" | grep -q "Exit status: 0 success; 1 bad input .* 2 usage error .* 3 the module is not a valid \.tirbc"' sh "$T/out"
expect 0 "tirc --help lists the exit statuses" "$TIRC" --help
check "1 invalid TIR, 2 usage" sh -c 'tr "\n" " " <"$1" | grep -q "Exit status: 0 success; 1 the program is not valid TIR .* 2 usage error"' sh "$T/out"

# The parameters a name may choose from are listed when it matches none.
expect 2 "an unknown parameter name" "$TIRVM" run "$T/s.tirbc" Q="$T/a.npy" n=1
check "lists the function's parameters" grep -qxF "tirvm: error: function 'main' has no parameter named 'Q' (its parameters: A, B, n)" "$T/err"
expect 2 "--out naming no buffer" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=1 --out Z="$T/z.npy"
check "lists them too" grep -qF "(the parameters: A, B, n)" "$T/err"
cat >"$T/two.py" <<'PY'
@I.ir_module
class Module:
    @T.prim_func
    def first(A: T.Buffer((4,), "float32")):
        A[0] = T.float32(1)

    @T.prim_func
    def second(x: T.int32) -> T.int32:
        return x + 1
PY
expect 0 "compile a module of two functions" "$TIRC" "$T/two.py" -o "$T/two.tirbc"
expect 2 "no main and no --entry" "$TIRVM" run "$T/two.tirbc"
check "lists the functions to pick from" grep -qxF "tirvm: error: the module has several functions and none is 'main': pick one with --entry (its functions: first, second)" "$T/err"
expect 2 "an --entry that is not there" "$TIRVM" run "$T/two.tirbc" --entry third
check "lists the functions" grep -qxF "tirvm: error: the module has no function 'third' (its functions: first, second)" "$T/err"

# A number for a buffer, a file for a scalar: bad input, said plainly.
expect 1 "a number for a buffer parameter" "$TIRVM" run "$T/s.tirbc" A=3.0 n=1
check "says the parameter is a buffer" grep -qxF "tirvm: error: parameter 'A' is a buffer (float32): give A=FILE.npy, not a number" "$T/err"
expect 1 "a .npy for a scalar parameter" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n="$T/a.npy"
check "says the parameter is a scalar" grep -qxF "tirvm: error: parameter 'n' is a scalar (int32): give n=NUMBER, not a file" "$T/err"

# A zero-filled buffer no --out keeps: a note says how to keep it.
expect 0 "a run that leaves the computed B unwritten" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=3
check "a note says how to keep B" grep -qxF "tirvm: note: B was computed; add --out B=FILE.npy to keep it" "$T/err"
check "and it is the only line on stderr" test "$(wc -l <"$T/err")" -eq 1
expect 0 "the same run with --out B" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=3 --out B="$T/b4.npy"
check "gives no note" test ! -s "$T/err"

# '-' is standard input or output wherever a file is named, or is refused.
expect 0 "tirvm run - reads the module from standard input" sh -c '"$1" run - A="$2" n=3 --out B="$3" <"$4"' sh \
    "$TIRVM" "$T/a.npy" "$T/b-stdin.npy" "$T/s.tirbc"
check "and computes what the module file does" cmp -s "$T/b.npy" "$T/b-stdin.npy"
expect 0 "tirvm info - reads standard input" sh -c '"$1" info - <"$2"' sh "$TIRVM" "$T/s.tirbc"
check "info names it <stdin> and counts its bytes" grep -qxF "module <stdin>: $(wc -c <"$T/s.tirbc" | tr -d ' ') bytes, 1 function" "$T/out"
expect 0 "tirvm dis - reads standard input" sh -c '"$1" dis - <"$2"' sh "$TIRVM" "$T/s.tirbc"
check "its listing is the file's" cmp -s "$T/out" "$T/listing.tirasm"
expect 0 "tirvm verify - reads standard input" sh -c '"$1" verify - <"$2"' sh "$TIRVM" "$T/s.tirbc"
check "and says <stdin> is valid" grep -qxF "<stdin>: valid .tirbc module" "$T/out"
expect 2 "A=- with the module on standard input" sh -c '"$1" run - A=- n=3 <"$2"' sh "$TIRVM" "$T/s.tirbc"
check "says standard input is already the module" grep -qxF "tirvm: error: A=-: standard input is already the module; give A=FILE.npy" "$T/err"
expect 2 "A=- with a module file" "$TIRVM" run "$T/s.tirbc" A=- n=3
check "is refused too" grep -qxF "tirvm: error: A=-: arguments are not read from standard input; give A=FILE.npy" "$T/err"
mkdir "$T/cwd"
expect 0 "--out B=- writes the .npy to standard output" sh -c 'cd "$1" && "$2" run "$3" A="$4" n=3 --out B=-' sh \
    "$T/cwd" "$TIRVM" "$T/s.tirbc" "$T/a.npy"
check "standard output is the .npy --out B=FILE writes" cmp -s "$T/out" "$T/b.npy"
check "no file named '-' is created" test ! -e "$T/cwd/-"
expect 2 "two --out to standard output" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=3 --out B=- --out A=-
check "are refused" grep -qxF "tirvm: error: only one --out can write to standard output" "$T/err"
cat >"$T/retbuf.py" <<'PY'
@T.prim_func
def main(A: T.Buffer((1,), "int32")) -> T.int32:
    A[0] = 5
    return 7
PY
expect 0 "compile a function that writes a buffer and returns a value" "$TIRC" "$T/retbuf.py" -o "$T/retbuf.tirbc"
expect 2 "--out A=- when the return value goes to standard output too" "$TIRVM" run "$T/retbuf.tirbc" --out A=-
check "is refused before the run" test ! -s "$T/out"
expect 0 "tirc -o - writes the module to standard output" sh -c 'cd "$1" && "$2" "$3" -o -' sh "$T/cwd" "$TIRC" "$T/scale.py"
check "the module tirc -o FILE writes" cmp -s "$T/out" "$T/s.tirbc"
check "tirc creates no file named '-'" test ! -e "$T/cwd/-"
expect 0 "tirc --emit=asm -o - writes the listing to standard output" sh -c 'cd "$1" && "$2" --emit=asm "$3" -o -' sh \
    "$T/cwd" "$TIRC" "$T/scale.py"
check "the listing tirvm dis prints" cmp -s "$T/out" "$T/listing.tirasm"
expect 0 "tirvm asm -o - writes the module to standard output" sh -c 'cd "$1" && "$2" asm "$3" -o -' sh "$T/cwd" "$TIRVM" "$T/listing.tirasm"
check "the assembled module is the compiled one" cmp -s "$T/out" "$T/s.tirbc"
check "tirvm asm creates no file named '-'" test ! -e "$T/cwd/-"

# An output that is a pipe or a device is written in place, not replaced by
# a file (as root, a rename would replace /dev/null itself).
# (A reader left waiting on a pipe that was replaced is stopped.)
reap() { if test -p "$T/out.fifo"; then wait "$1"; else kill "$1" 2>/dev/null; wait "$1"; fi; }
mkfifo "$T/out.fifo"
cat "$T/out.fifo" >"$T/fifo.got" &
reader=$!
expect 0 "tirc -o FIFO writes into the pipe" "$TIRC" "$T/scale.py" -o "$T/out.fifo"
reap "$reader"
check "the pipe is still a pipe" test -p "$T/out.fifo"
check "and carried the module" cmp -s "$T/fifo.got" "$T/s.tirbc"
rm -f "$T/out.fifo" "$T/fifo.got"
mkfifo "$T/out.fifo"
cat "$T/out.fifo" >"$T/fifo.got" &
reader=$!
expect 0 "tirvm asm -o FIFO writes into the pipe" "$TIRVM" asm "$T/listing.tirasm" -o "$T/out.fifo"
reap "$reader"
check "the pipe is still a pipe, and carried the module" sh -c 'test -p "$1" && cmp -s "$2" "$3"' sh "$T/out.fifo" \
    "$T/fifo.got" "$T/s.tirbc"

# A failed compile keeps an older output, and says it is not this compile.
cp "$T/s.tirbc" "$T/older.tirbc"
expect 1 "a failed compile over an existing output" "$TIRC" "$T/bad.py" -o "$T/older.tirbc"
check "says the output was not updated" grep -qxF "tirc: error: $T/older.tirbc was not updated (it still holds an earlier compile)" "$T/err"
check "and leaves it as it was" cmp -s "$T/s.tirbc" "$T/older.tirbc"
cp "$T/s.tirbc" "$T/bad2.tirbc"
cp "$T/bad.py" "$T/bad2.py"
expect 1 "a failed compile over the default output" "$TIRC" "$T/bad2.py"
check "names the default output" grep -qxF "tirc: error: $T/bad2.tirbc was not updated (it still holds an earlier compile)" "$T/err"
expect 1 "a failed compile with no earlier output" "$TIRC" "$T/bad.py" -o "$T/fresh.tirbc"
check "says nothing about an output" sh -c '! grep -q "not updated" "$1"' sh "$T/err"

# TIRVM_NUM_THREADS must be a thread count when it is used.
expect 2 "TIRVM_NUM_THREADS=abc is a usage error" env TIRVM_NUM_THREADS=abc "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=1
check "that says what it must be" grep -qxF "tirvm: error: TIRVM_NUM_THREADS must be a number from 1 to 1024, got 'abc'" "$T/err"
expect 2 "TIRVM_NUM_THREADS=0 is a usage error" env TIRVM_NUM_THREADS=0 "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=1
expect 0 "TIRVM_NUM_THREADS=2 is taken" env TIRVM_NUM_THREADS=2 "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=1
expect 0 "--threads overrides TIRVM_NUM_THREADS" env TIRVM_NUM_THREADS=abc "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=1 --threads 2

# A UTF-8 byte-order mark may start a source file, as in Python.
{ printf '\357\273\277'; cat "$T/scale.py"; } >"$T/bom.py"
expect 0 "tirc accepts a byte-order mark" "$TIRC" "$T/bom.py" -o "$T/bom.tirbc"

# NaN prints as nan whatever its sign bit; infinities as inf and -inf.
cat >"$T/mul.py" <<'PY'
@T.prim_func
def main(x: T.float32, y: T.float32) -> T.float32:
    return x * y
PY
cat >"$T/mul64.py" <<'PY'
@T.prim_func
def main(x: T.float64, y: T.float64) -> T.float64:
    return x * y
PY
expect 0 "compile a float32 product" "$TIRC" "$T/mul.py" -o "$T/mul.tirbc"
expect 0 "compile a float64 product" "$TIRC" "$T/mul64.py" -o "$T/mul64.tirbc"
expect 0 "inf * 0 in float32" "$TIRVM" run "$T/mul.tirbc" x=inf y=0
check "prints nan" grep -qx "nan" "$T/out"
expect 0 "-inf * 0 in float64" "$TIRVM" run "$T/mul64.tirbc" x=-inf y=0
check "prints nan" grep -qx "nan" "$T/out"
expect 0 "inf * 2" "$TIRVM" run "$T/mul.tirbc" x=inf y=2
check "prints inf" grep -qx "inf" "$T/out"
expect 0 "-inf * 2" "$TIRVM" run "$T/mul64.tirbc" x=-inf y=2
check "prints -inf" grep -qx -- "-inf" "$T/out"

# Names from a module are escaped wherever they are printed: control
# characters never reach the terminal.
sed -e 's/^function main(/function "ma\\x1bin"(/' -e 's/^  string s0 = .*/  string s0 = "bad\\x1b[2J\\x07"/' \
    "$T/listing.tirasm" >"$T/ctl.tirasm"
expect 0 "assemble a module whose names hold control characters" "$TIRVM" asm "$T/ctl.tirasm" -o "$T/ctl.tirbc"
expect 0 "tirvm info on it" "$TIRVM" info "$T/ctl.tirbc"
check "shows the function name escaped" grep -qxF 'function "ma\x1bin"' "$T/out"
check "and no raw escape character" sh -c '! grep -q "$(printf "\033")" "$1"' sh "$T/out"
expect 1 "a runtime error in it" "$TIRVM" run "$T/ctl.tirbc" A="$T/a.npy" n=0
check "shows its message and function escaped" grep -qF "assertion failed: bad\x1b[2J\x07 (in function 'ma\x1bin')" "$T/err"
check "and no raw control character" sh -c '! grep -q "$(printf "[\033\007]")" "$1"' sh "$T/err"

# A returned value is printed on stdout, with enough digits to round-trip.
cat >"$T/ret.py" <<'EOF'
@T.prim_func
def main(n: T.int32, x: T.float64) -> T.float64:
    return T.Cast("float64", n * 3 + 1) + x
EOF
expect 0 "compile a function that returns a value" "$TIRC" "$T/ret.py" -o "$T/ret.tirbc"
expect 0 "run a function that returns a value" "$TIRVM" run "$T/ret.tirbc" n=5 x=0.1
check "the return value is printed with %.17g" grep -qx "16.100000000000001" "$T/out"

# uint64 scalars take the whole range, above INT64_MAX too.
cat > "$T/u64.py" <<'EOF'
@T.prim_func
def main(n: T.uint64) -> T.uint64:
    return n // T.uint64(2)
EOF
expect 0 "compile a uint64 scalar function" "$TIRC" "$T/u64.py" -o "$T/u64.tirbc"
expect 0 "a uint64 argument above INT64_MAX" "$TIRVM" run "$T/u64.tirbc" n=18446744073709551615
check "it arrives whole: (2^64 - 1) // 2" grep -qx "9223372036854775807" "$T/out"
expect 1 "a negative uint64 argument is refused" "$TIRVM" run "$T/u64.tirbc" n=-1
check "the message names the type as TIR does" grep -q "does not fit in uint64 (in function 'main')$" "$T/err"
expect 1 "an argument above UINT64_MAX is refused" "$TIRVM" run "$T/u64.tirbc" n=18446744073709551616

# Limits for untrusted modules: a step budget stops an endless loop, a memory
# budget stops a large allocation; both are runtime errors.
cat >"$T/forever.py" <<'EOF'
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    while A[0] == 0:
        A[0] = 0
EOF
cat >"$T/big.py" <<'EOF'
@T.prim_func
def main(A: T.Buffer((1,), "float32"), n: T.int32):
    tmp = T.decl_buffer((n,), "float32")
    tmp[0] = T.float32(1)
    A[0] = tmp[0]
EOF
expect 0 "compile an endless loop" "$TIRC" "$T/forever.py" -o "$T/forever.tirbc"
expect 1 "--max-steps stops an endless loop" "$TIRVM" run "$T/forever.tirbc" --max-steps 100000
check "step limit message" grep -q "step limit exceeded" "$T/err"
# Found by fuzzing: a loop made of a backward conditional branch (never
# emitted by tirc, but a file may hold one) must spend the step budget too.
# (its inputs, like the mac's below, are zeros: a buffer the module only
# reads is an input that must be given)
zeros() { mknpy "$1" "$2" "$3" "$(i=0; while [ $i -lt "$4" ]; do printf '\\000'; i=$((i + 1)); done)"; }
zeros "$T/zero-i32-8.npy" '<i4' '(8,)' 32
zeros "$T/zero-f64-2x3.npy" '<f8' '(2, 3)' 48
zeros "$T/zero-f64-3x2.npy" '<f8' '(3, 2)' 48
expect 1 "--max-steps stops a backward conditional branch loop" "$TIRVM" run \
    "$SRC/tests/fuzz/regressions/backward_conditional_branch_loop.tirbc" A="$T/zero-i32-8.npy" --max-steps 1000
check "step limit message for it" grep -q "step limit exceeded" "$T/err"
# A parallel region's workers share the call's budget rather than each
# getting a copy of it: 200 regions of 1000 iterations are 200,000 steps,
# over a limit of 100,000 with any number of threads (a copy per worker
# would let each region spend the whole budget again).
cat > "$T/regions.py" <<'PY'
@T.prim_func
def main(A: T.Buffer((1000,), "int32")):
    for i in range(200):
        for j in T.parallel(1000):
            A[j] = A[j] + 1
PY
expect 0 "compile a loop of parallel regions" "$TIRC" "$T/regions.py" -o "$T/regions.tirbc"
expect 1 "--max-steps bounds the steps of all regions together (2 threads)" "$TIRVM" run --threads 2 \
    "$T/regions.tirbc" --max-steps 100000
check "step limit message for the regions' steps" grep -q "step limit exceeded" "$T/err"
expect 0 "the same loop runs within a budget that covers it (2 threads)" "$TIRVM" run --threads 2 \
    "$T/regions.tirbc" --max-steps 220000
# Also found by fuzzing: nested parallel regions with huge counts and no loop
# in their bodies; every region iteration is a step.
expect 1 "--max-steps stops parallel regions without loops" "$TIRVM" run --threads 2 \
    "$SRC/tests/fuzz/regressions/parallel_region_without_loop.tirbc" --max-steps 100000
check "step limit message for the regions" grep -q "step limit exceeded" "$T/err"
# And an empty parallel region whose exit jumps backward: a loop too.
expect 1 "--max-steps stops a loop through an empty parallel region" "$TIRVM" run \
    "$SRC/tests/fuzz/regressions/empty_parallel_region_jumping_back.tirbc" --max-steps 1000
check "step limit message for the empty region" grep -q "step limit exceeded" "$T/err"
# And a mac whose count is huge and whose strides are 0 (every iteration in
# bounds): a loop-level instruction spends a step per iteration it replaces.
expect 1 "--max-steps stops a mac with a huge count" "$TIRVM" run \
    "$SRC/tests/fuzz/regressions/mac_with_huge_count_and_zero_stride.tirbc" A="$T/zero-f64-2x3.npy" \
    B="$T/zero-f64-3x2.npy" --max-steps 100000
check "step limit message for the mac" grep -q "step limit exceeded" "$T/err"
# Found by fuzzing: each iteration of a region allocating 11 MB; zero-filling
# spends steps (one per 4 KiB), so --max-steps bounds the time it takes.  One
# thread: the module's iterations also race on a buffer (its own bug, which
# ThreadSanitizer would report).
expect 1 "--max-steps bounds a loop of large allocations" timeout 10 "$TIRVM" run --threads 1 \
    "$SRC/tests/fuzz/regressions/allocation_per_region_iteration.tirbc" --max-steps 100000 --max-memory 64M
check "step limit message for the allocations" grep -q "step limit exceeded" "$T/err"
# A region whose body jumps back to its own start nests without end; the
# nesting is bounded by the stack budget, as calls are.
expect 0 "assemble a region re-entered from its body" "$TIRVM" asm \
    "$SRC/tests/fuzz/regressions/region_reentered_from_its_body.tirasm" -o "$T/reenter.tirbc"
expect 1 "endlessly nested regions are a runtime error" "$TIRVM" run "$T/reenter.tirbc" --max-steps 100000000
check "the message says the regions nest too deeply" grep -q "parallel regions nested too deeply" "$T/err"
# TVM JSON may hold a parameter whose name is empty; tirc must reject it
# rather than write a module the verifier refuses.
expect 1 "tirc rejects a JSON parameter without a name" "$TIRC" \
    "$SRC/tests/fuzz/regressions/param_without_name.json" -o "$T/noname.tirbc"
check "the message names the parameter" grep -q "parameter 1 of function 'main' has no name" "$T/err"
check "nothing written for it" test ! -e "$T/noname.tirbc"
# TVM JSON states each node's dtype; a vector load whose index became a
# scalar must be rejected, not compiled into a module the verifier refuses.
expect 1 "tirc rejects a JSON node whose dtype disagrees with its operands" "$TIRC" \
    "$SRC/tests/fuzz/regressions/load_lanes_disagree_with_index.json" -o "$T/lanes.tirbc"
check "the message names the node and both dtypes" grep -q "BufferLoad is declared float32x16 but its operands make it float32" "$T/err"
# (node 50 of the file is that tir.BufferLoad)
check "the error is located at the node" grep -q "load_lanes_disagree_with_index.json: node 50: error:" "$T/err"
# A padding stage one of whose guarded branches is an empty sequence: pass
# fill-pads must leave it, not read the buffer of a store it never saw.
expect 0 "tirc compiles a pad stage with an empty branch" "$TIRC" \
    "$SRC/tests/fuzz/regressions/pad_stage_with_empty_row.json" -o "$T/padempty.tirbc"
expect 0 "the module verifies" "$TIRVM" verify "$T/padempty.tirbc"
expect 2 "--max-steps needs a positive number" "$TIRVM" run "$T/forever.tirbc" --max-steps 0
expect 0 "compile a dynamic allocation" "$TIRC" "$T/big.py" -o "$T/big.tirbc"
expect 0 "an allocation under --max-memory runs" "$TIRVM" run "$T/big.tirbc" n=1000 --max-memory 1M
expect 1 "an allocation over --max-memory is a runtime error" "$TIRVM" run "$T/big.tirbc" n=1000000 --max-memory 1M
check "memory limit message" grep -q "exceeds the memory limit of 1048576 bytes" "$T/err"
expect 1 "a negative allocation size is a runtime error" "$TIRVM" run "$T/big.tirbc" n=-5
check "that says the size is negative" grep -q "negative size -5 for buffer 'tmp' (in function 'main')$" "$T/err"
cat >"$T/big2.py" <<'PY'
@T.prim_func
def main(A: T.Buffer((1,), "float32"), n: T.int32, m: T.int32):
    tmp = T.decl_buffer((n, m), "float32")
    tmp[0, 0] = T.float32(1)
    A[0] = tmp[0, 0]
PY
expect 0 "compile an allocation of two dynamic extents" "$TIRC" "$T/big2.py" -o "$T/big2.tirbc"
expect 0 "it runs with positive extents" "$TIRVM" run "$T/big2.tirbc" n=2 m=3
expect 1 "two negative extents do not multiply into a positive size" "$TIRVM" run "$T/big2.tirbc" n=-5 m=-4
check "the error names the negative size" grep -q "negative size -5 for buffer 'tmp' (in function 'main')$" "$T/err"

# A bounds error names the buffer the program indexed, not its data variable.
cat >"$T/view.py" <<'PY'
@T.prim_func
def main(A: T.Buffer((4,), "float32"), n: T.int32):
    packedB_data = T.allocate([8], "float32", "global")
    packedB = T.Buffer((2, 4), data=packedB_data)
    for i in range(n):
        packedB[1, i] = A[0]
    A[0] = packedB[1, 0]
PY
expect 0 "compile a view of an allocation" "$TIRC" "$T/view.py" -o "$T/view.tirbc"
expect 1 "index it out of bounds" "$TIRVM" run "$T/view.tirbc" A="$T/a.npy" n=5
check "the error names the view packedB" grep -q "index 4 is out of bounds for dimension 1 of buffer 'packedB' (extent 4)" "$T/err"

# A buffer parameter of vector elements (float32x4) takes a .npy of float32
# whose last dimension holds the lanes: plain DLPack tensors with lanes.
cat >"$T/vec.py" <<'PY'
@T.prim_func
def main(A: T.Buffer((2,), "float32x4"), B: T.Buffer((2,), "float32x4")):
    for i in range(2):
        B[i] = A[i] * T.Broadcast(T.float32(2), 4)
PY
# float32 [[1, 2, 3, 4], [5, 6, 7, 8]]
mknpy "$T/a24.npy" '<f4' '(2, 4)' '\000\000\200\077\000\000\000\100\000\000\100\100\000\000\200\100\000\000\240\100\000\000\300\100\000\000\340\100\000\000\000\101'
expect 0 "compile a kernel on float32x4 parameter buffers" "$TIRC" "$T/vec.py" -o "$T/vec.tirbc"
expect 0 "tirvm info on it" "$TIRVM" info "$T/vec.tirbc"
check "shows the vector element type" grep -qxF "  A: buffer float32x4[2]" "$T/out"
expect 0 "run it on a (2, 4) float32 .npy" "$TIRVM" run "$T/vec.tirbc" A="$T/a24.npy" --out B="$T/vb.npy"
# each lane doubled: [[2, 4, 6, 8], [10, 12, 14, 16]]
printf '\000\000\000\100\000\000\200\100\000\000\300\100\000\000\000\101\000\000\040\101\000\000\100\101\000\000\140\101\000\000\200\101' >"$T/vb.want"
check "the output holds every lane doubled" sh -c 'tail -c 32 "$1" | cmp -s - "$2"' sh "$T/vb.npy" "$T/vb.want"
check "and is a (2, 4) float32 array" grep -q "'descr': '<f4', 'fortran_order': False, 'shape': (2, 4)" "$T/vb.npy"
expect 1 "a .npy whose last dimension is not the lanes" "$TIRVM" run "$T/vec.tirbc" A="$T/five.npy"
check "says what the parameter takes" grep -qF "tirvm: error: parameter 'A' has float32x4 elements: give a .npy of float32 whose last dimension is its 4 lanes" "$T/err"
expect 2 "--max-memory with a bad suffix is a usage error" "$TIRVM" run "$T/big.tirbc" n=1 --max-memory 1X

# Lane counts outside the spec's 4, 8, 16, 32, 64 are an extension that --strict refuses.
printf '@T.prim_func\ndef main(A: T.Buffer((8,), "int32")):\n    A[0:2] = T.Broadcast(1, 2)\n' >"$T/lanes2.py"
expect 0 "two-lane vectors are accepted by default" "$TIRC" --check "$T/lanes2.py"
expect 1 "--strict refuses two-lane vectors" "$TIRC" --check --strict "$T/lanes2.py"
check "--strict message" grep -q "refused by --strict" "$T/err"

# The scheduled matmul's inner loop becomes one loop-level instruction.
expect 0 "compile the scheduled matmul benchmark kernel" "$TIRC" --emit=asm "$SRC/benchmarks/kernels/matmul_sched.py"
check "its multiply-accumulate loop is one mac instruction (mact: a tile of its rows, mactz: starting at zero)" grep -qE " mac(tz?)?\.f32 " "$T/out"

# The bundled examples run and match an independent C implementation.
for ex in add_relu matmul; do
    mkdir -p "$T/$ex"
    "$REF" gen "$ex" "$T/$ex"
    expect 0 "compile example $ex" "$TIRC" "$SRC/examples/$ex.py" -o "$T/$ex/$ex.tirbc"
    if [ "$ex" = add_relu ]; then
        expect 0 "run example $ex" "$TIRVM" run "$T/$ex/$ex.tirbc" a="$T/$ex/A.npy" B="$T/$ex/B.npy" C="$T/$ex/C.npy" --out C="$T/$ex/C.npy"
    else
        expect 0 "run example $ex" "$TIRVM" run "$T/$ex/$ex.tirbc" A="$T/$ex/A.npy" B="$T/$ex/B.npy" --out C="$T/$ex/C.npy"
    fi
    expect 0 "example $ex matches the C reference" "$REF" check "$ex" "$T/$ex"
done

# Symbolic dimensions keep their names: tirvm info shows them.  An output
# of symbolic shape that is not given takes the shape the inputs bind (n
# from A here), written with --out like any other.
expect 0 "tirvm info on add_relu" "$TIRVM" info "$T/add_relu/add_relu.tirbc"
check "shows the symbolic row count by name" grep -qxF "  c (buffer C): buffer float32[n, 256]" "$T/out"
expect 0 "add_relu without its output" "$TIRVM" run "$T/add_relu/add_relu.tirbc" a="$T/add_relu/A.npy" B="$T/add_relu/B.npy"
check "notes that C was computed" grep -qxF "tirvm: note: C was computed; add --out C=FILE.npy to keep it" "$T/err"
mkdir "$T/add_relu_out"
cp "$T/add_relu/A.npy" "$T/add_relu/B.npy" "$T/add_relu_out/"
expect 0 "add_relu with --out C and no C given" "$TIRVM" run "$T/add_relu/add_relu.tirbc" A="$T/add_relu/A.npy" \
    B="$T/add_relu/B.npy" --out C="$T/add_relu_out/C.npy"
expect 0 "its C matches the C reference" "$REF" check add_relu "$T/add_relu_out"
check "and has the shape n binds, (100, 256)" grep -q "'shape': (100, 256)" "$T/add_relu_out/C.npy"
cat >"$T/symout.py" <<'PY'
@T.prim_func
def main(o: T.handle, m: T.int32):
    n = T.int32()
    O = T.match_buffer(o, (n, 4), "float32")
    for i in range(n):
        O[i, 0] = T.Cast("float32", m)
PY
expect 0 "compile an output whose rows nothing else binds" "$TIRC" "$T/symout.py" -o "$T/symout.tirbc"
expect 1 "that output left out" "$TIRVM" run "$T/symout.tirbc" m=1 --out O="$T/symout.npy"
check "says why it cannot be zero-filled" grep -qxF "tirvm: error: missing argument 'O': its shape float32[n, 4] depends on n, which no given argument sets, so it cannot be zero-filled; give O=FILE.npy" "$T/err"
expect 2 "add_relu with an unknown parameter" "$TIRVM" run "$T/add_relu/add_relu.tirbc" x=1
check "lists the parameters with their buffers' names" grep -qF "(its parameters: a (or A), b (or B), c (or C))" "$T/err"
# A module written before shape names existed still loads.
expect 0 "tirvm info on a module without shape names" "$TIRVM" info "$SRC/conformance/binary/valid_elementwise.tirbc"

# A loop shorter than the block axis bound to it compiles with a warning (TVM's docs' "wrong program").
cat >"$T/short_axis.py" <<'PY'
@T.prim_func
def main(A: T.Buffer((128,), "float32")):
    for i in range(127):
        with T.block("b"):
            vi = T.axis.spatial(128, i)
            A[vi] = T.float32(1)
PY
expect 0 "a loop shorter than its block axis compiles" "$TIRC" --check "$T/short_axis.py"
check "... with a warning naming the loop and the axis" grep -q "warning: loop 'i' runs 127 iterations, fewer than the extent 128 of block axis 'vi'" "$T/err"
# Module-level Python around the TVMScript is named as such.
printf 'M = compute(128)\n@T.prim_func\ndef main(A: T.Buffer((4,), "int32")):\n    A[0] = 1\n' >"$T/surrounding.py"
expect 1 "surrounding Python is refused" "$TIRC" --check "$T/surrounding.py"
check "... as surrounding Python, not meta-programming" grep -q "tirc reads the TVMScript module only; remove the surrounding Python" "$T/err"
# A failed definition is reported once, not again at each use of its name.
printf '@T.prim_func\ndef main(A: T.Buffer((4,), "int32")):\n    x = T.nosuch(1)\n    A[0] = x\n    A[1] = x + 1\n' >"$T/failed_def.py"
expect 1 "a failed definition is an error" "$TIRC" --check "$T/failed_def.py"
check "... reported once: its uses do not add 'not defined'" sh -c '! grep -q "not defined" "$1" && [ "$(grep -c "error:" "$1")" -eq 1 ]' sh "$T/err"

# --tvm-version X.Y: the release whose meaning applies, instead of the guess.
# x = 1 in the branch binds a new x for that branch in TVM 0.24 (so 0 is
# returned) and stores into the mutable scalar x from 0.25 on (1 is returned).
cat >"$T/ver.py" <<'PY'
from tvm.script import tirx as T

@T.prim_func
def main(n: T.int32) -> T.int32:
    x = 0
    if n > 0:
        x = 1
    return x
PY
expect 0 "--tvm-version 0.24 compiles" "$TIRC" --tvm-version 0.24 "$T/ver.py" -o "$T/ver24.tirbc"
expect 0 "... and runs" "$TIRVM" run "$T/ver24.tirbc" n=5
check "... with 0.24's meaning: x = 1 binds in the branch" grep -qx "0" "$T/out"
expect 0 "--tvm-version=0.25 compiles" "$TIRC" --tvm-version=0.25 "$T/ver.py" -o "$T/ver25.tirbc"
expect 0 "... and runs" "$TIRVM" run "$T/ver25.tirbc" n=5
check "... with 0.25's meaning: x = 1 stores into the scalar" grep -qx "1" "$T/out"
expect 1 "--tvm-version 0.23 refuses a tirx file" "$TIRC" --check --tvm-version 0.23 "$T/ver.py"
check "... saying tirx is 0.24's and later" grep -q "ver.py:1:1: error: the tirx dialect is TVM 0.24's and later" "$T/err"
sed '1d' "$T/ver.py" >"$T/ver_noimport.py"
expect 0 "without imports --tvm-version 0.25 reads tirx" "$TIRC" --tvm-version 0.25 "$T/ver_noimport.py" -o "$T/vern.tirbc"
expect 0 "... and runs" "$TIRVM" run "$T/vern.tirbc" n=5
check "... with 0.25's meaning" grep -qx "1" "$T/out"
expect 2 "--tvm-version outside 0.18..0.27 is a usage error" "$TIRC" --check --tvm-version 0.17 "$T/ver.py"
check "... naming the range" grep -q "tirc: error: --tvm-version takes a TVM release from 0.18 to 0.27, got '0.17'" "$T/err"
expect 2 "--tvm-version without a value" "$TIRC" --check "$T/ver.py" --tvm-version

# -D NAME=VALUE sets a module-level constant, or replaces the one the
# source assigns: an int, else a float, else a string (a dtype here).
cat >"$T/consts.py" <<'PY'
from tvm.script import tir as T

N = 4
dtype = "float32"

@T.prim_func
def main(A: T.Buffer((N,), dtype), B: T.Buffer((N,), dtype)):
    for i in range(N):
        B[i] = A[i] * T.cast(SCALE, dtype)
PY
expect 1 "a constant the source reads but does not assign" "$TIRC" --check "$T/consts.py"
check "... is not defined without -D" grep -q "name 'SCALE' is not defined" "$T/err"
expect 0 "-D sets it" "$TIRC" -D SCALE=2.5 "$T/consts.py" -o "$T/consts.tirbc"
expect 0 "... and runs" "$TIRVM" run "$T/consts.tirbc" A="$T/a.npy" --out B="$T/b.npy"
expect 0 "... with that value" "$TIRVM" run "$T/consts.tirbc" A="$T/a.npy" --out B=-
check "... B = A * 2.5" sh -c 'od -An -tf4 -j 64 "$1" | tr -s " " | grep -q "^ 2.5 5 7.5 10$"' sh "$T/out"
expect 0 "-D replaces the source's N and dtype (-DNAME=VALUE too)" "$TIRC" -D N=2 -Ddtype=float64 -D SCALE=1 "$T/consts.py" -o "$T/consts2.tirbc"
expect 0 "... as the module's info shows" "$TIRVM" info "$T/consts2.tirbc"
check "... float64[2] buffers" grep -q "A: buffer float64\[2\]" "$T/out"
expect 2 "-D without NAME=VALUE is a usage error" "$TIRC" --check -D SCALE "$T/consts.py"
check "... naming the form" grep -q "tirc: error: -D takes NAME=VALUE with NAME a Python name, got 'SCALE'" "$T/err"
printf '{}' >"$T/consts.json"
expect 2 "-D on a JSON source is a usage error" "$TIRC" --check -D SCALE=1 "$T/consts.json"
check "... saying JSON has no constants" grep -q "TVM JSON" "$T/err"
printf 'from tvm.script import tir as T\n@T.prim_func\ndef main(A: T.Buffer((N,), "int32")):\n    A[0] = (' >"$T/consts_bad.py"
expect 1 "a syntax error with -D" "$TIRC" --check -D N=1 "$T/consts_bad.py"
check "... quotes the source line, not the definitions" sh -c 'grep -q "consts_bad.py:4:12: error" "$1" && ! grep -q "tirc-defines" "$1"' sh "$T/err"

# A buffer the function never writes is an input: leaving it out is an
# error naming it as the user types it, with its type; only buffers the
# function writes are zero-filled, and only they are "computed".
expect 1 "an input left out" "$TIRVM" run "$T/s.tirbc" n=3
check "is named with its type" grep -qxF "tirvm: error: missing input 'A' (float32[4]): give A=FILE.npy" "$T/err"
check "and not called computed" sh -c '! grep -q "computed" "$1"' sh "$T/err"
expect 1 "matmul run with no arguments" "$TIRVM" run "$T/matmul/matmul.tirbc"
check "names both inputs, not the output C" grep -qxF "tirvm: error: missing input 'A' (float32[64, 96]): give A=FILE.npy; missing input 'B' (float32[96, 48]): give B=FILE.npy" "$T/err"
expect 1 "matmul with B left out" "$TIRVM" run "$T/matmul/matmul.tirbc" A="$T/matmul/A.npy" --out C="$T/mm-c.npy"
check "names B" grep -qxF "tirvm: error: missing input 'B' (float32[96, 48]): give B=FILE.npy" "$T/err"
check "and writes no C" test ! -e "$T/mm-c.npy"
expect 1 "add_relu with its input a left out" "$TIRVM" run "$T/add_relu/add_relu.tirbc" B="$T/add_relu/B.npy"
check "names it A, as it is typed" grep -qxF "tirvm: error: missing input 'A' (float32[n, 256]): give A=FILE.npy" "$T/err"
expect 1 "a scalar left out" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy"
check "is named with its type" grep -qxF "tirvm: error: missing argument 'n' (int32): give n=NUMBER" "$T/err"

# Every --out is checked before the run: a run is not lost to a bad path.
expect 2 "an --out into a directory that does not exist" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=0 \
    --out B="$T/nodir/b.npy"
check "is refused before the run (no assertion failed)" grep -qxF "tirvm: error: cannot write $T/nodir/b.npy: directory $T/nodir: No such file or directory (--out B)" "$T/err"
expect 2 "an --out that is a directory" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=0 --out B="$T"
check "is refused before the run" grep -qxF "tirvm: error: cannot write $T: it is a directory (--out B)" "$T/err"
mkdir "$T/outdir"
expect 1 "a failed run with a writable --out" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=0 --out B="$T/outdir/b.npy"
check "leaves nothing in the output's directory" test -z "$(ls -A "$T/outdir")"
expect 0 "a run with a writable --out" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=3 --out B="$T/outdir/b.npy"
check "writes it, and only it" test "$(ls -A "$T/outdir")" = b.npy

# --timeout SECONDS cancels a run that takes longer.
expect 1 "--timeout 0.2 stops an endless loop" timeout 20 "$TIRVM" run "$T/forever.tirbc" --timeout 0.2
check "with the library's message" grep -qF "cancelled (the call's timeout passed)" "$T/err"
expect 0 "--timeout longer than the run" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=3 --out B="$T/tb.npy" --timeout 30
expect 2 "--timeout 0 is a usage error" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=3 --timeout 0
expect 2 "--timeout abc is a usage error" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=3 --timeout abc
expect 0 "tirvm --help" "$TIRVM" --help
check "lists --timeout" grep -q -- "--timeout SECONDS" "$T/out"

# tirvm info shows what a function returns.
expect 0 "tirvm info on a function returning float64" "$TIRVM" info "$T/ret.tirbc"
check "shows -> float64" grep -qxF "function main -> float64" "$T/out"
expect 0 "tirvm info on a function returning nothing" "$TIRVM" info "$T/s.tirbc"
check "shows no arrow" grep -qxF "function main" "$T/out"

# A scalar value not of its parameter's type is bad input (status 1),
# named with the type.
expect 1 "a word for a float32" "$TIRVM" run "$T/mul.tirbc" x=abc y=2
check "says it is not a float32" grep -qxF "tirvm: error: argument 'x': 'abc' is not a float32" "$T/err"
expect 1 "a fraction for an int32" "$TIRVM" run "$T/s.tirbc" A="$T/a.npy" n=1.5
check "says it is not an int32" grep -qxF "tirvm: error: argument 'n': 1.5 is not an int32" "$T/err"
expect 1 "an integer past uint64" "$TIRVM" run "$T/u64.tirbc" n=18446744073709551616
check "says it does not fit" grep -qxF "tirvm: error: argument 'n': 18446744073709551616 does not fit in uint64" "$T/err"
expect 0 "an integer for a float32" "$TIRVM" run "$T/mul.tirbc" x=3 y=2
check "is taken" grep -qx "6" "$T/out"

# TVMScript or TVM JSON given in place of a module: say so, and how to compile it.
expect 3 "tirvm run on a .py" "$TIRVM" run "$T/scale.py" A="$T/a.npy" n=1
check "says it is TVMScript and gives the tirc command" grep -qxF "tirvm: error: $T/scale.py is TVMScript, not a .tirbc module: compile it with tirc first (tirc $T/scale.py -o $T/scale.tirbc)" "$T/err"
expect 3 "tirvm info on TVM JSON" "$TIRVM" info "$SRC/tests/fuzz/regressions/param_without_name.json"
check "says it is TVM JSON" grep -qF "param_without_name.json is TVM JSON, not a .tirbc module: compile it with tirc first" "$T/err"
{ echo '# from tvm.script import tir as T'; cat "$T/scale.py"; } >"$T/script.txt"
expect 3 "a TVMScript file of another name" "$TIRVM" verify "$T/script.txt"
check "is known by how it starts" grep -qF "script.txt is TVMScript, not a .tirbc module" "$T/err"
expect 3 "TVMScript on standard input" sh -c '"$1" verify - <"$2"' sh "$TIRVM" "$T/scale.py"
check "is named <stdin>" grep -qxF "tirvm: error: <stdin> is TVMScript, not a .tirbc module: compile it with tirc first (tirc - -o MODULE.tirbc)" "$T/err"
cp "$T/scale.py" "$T/source.tirbc"
expect 3 "TVMScript named .tirbc" "$TIRVM" verify "$T/source.tirbc"
check "is not to be compiled over itself" grep -qF "(tirc $T/source.tirbc -o MODULE.tirbc)" "$T/err"
expect 3 "tirvm dis --unverified on a .py" "$TIRVM" dis --unverified "$T/scale.py"
check "says it is TVMScript too" grep -qF "scale.py is TVMScript, not a .tirbc module: compile it with tirc first" "$T/err"
expect 3 "other bytes" "$TIRVM" verify "$T/junk.tirbc"
check "are still bad magic" grep -q "junk\.tirbc: not a \.tirbc file (bad magic)$" "$T/err"

for cmd in run dis info verify asm; do
    expect 0 "tirvm $cmd --help exits 0" "$TIRVM" $cmd --help
    check "tirvm $cmd --help prints the usage" grep -q "usage: tirvm" "$T/out"
done

# One program, two front ends: TVM's JSON and its TVMScript twin give the
# same instructions (T.q_multiply_shift reaches pass legalize-intrinsics
# from both).  Only the source's name, line comments and the buffers'
# data-variable aliases, which TVMScript does not print, may differ.
code_of() { "$TIRVM" dis "$1" | sed -e '/^source /d' -e 's/ *; line [0-9:]*$//' -e 's/ alias [A-Za-z_0-9]*//'; }
for twin in q_multiply_shift_rounds_half_up:tirx026_q_multiply_shift q_multiply_shift_per_axis:tirx026_q_multiply_shift_per_axis; do
    py=${twin%%:*} js=${twin#*:}
    expect 0 "compile $py.py" "$TIRC" "$SRC/tests/cases/$py.py" -o "$T/twin-py.tirbc"
    expect 0 "compile its JSON twin $js.json" "$TIRC" "$SRC/tests/tirx-json/$js.json" -o "$T/twin-json.tirbc"
    code_of "$T/twin-py.tirbc" >"$T/twin-py.txt"
    code_of "$T/twin-json.tirbc" >"$T/twin-json.txt"
    check "$js.json gives the instructions of $py.py" cmp -s "$T/twin-py.txt" "$T/twin-json.txt"
done

echo "1..$n"
[ "$failed" -eq 0 ]
