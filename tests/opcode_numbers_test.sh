#!/bin/sh
# Opcode numbers are frozen: a .tirbc module stores them, so a module
# written by an earlier build must still mean the same.  The numbers the
# table gives (gen_opcodes_md --numbers) must be exactly
# format/opcode_numbers.txt; a new instruction is appended to both.
# Usage: opcode_numbers_test.sh GEN_OPCODES_MD SOURCE_ROOT   (TAP output)
GEN=$1 ROOT=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
frozen=$ROOT/format/opcode_numbers.txt
"$GEN" --numbers >"$T/now"
if cmp -s "$T/now" "$frozen"; then
    echo "ok 1 - every opcode keeps its number ($(wc -l <"$frozen") opcodes)"
elif head -n "$(wc -l <"$frozen")" "$T/now" | cmp -s - "$frozen"; then
    echo "not ok 1 - new opcodes: append them to format/opcode_numbers.txt (gen_opcodes_md --numbers)"
    tail -n +"$(($(wc -l <"$frozen") + 1))" "$T/now" | sed 's/^/#   /'
    echo 1..1
    exit 1
else
    echo "not ok 1 - an opcode changed its number: modules written before would change meaning"
    echo "#   instructions keep their place in opcodes.def; new ones go at the end"
    diff "$frozen" "$T/now" | head -20 | sed 's/^/#   /'
    echo 1..1
    exit 1
fi
echo 1..1
