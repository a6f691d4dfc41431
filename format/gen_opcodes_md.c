/* Prints format/opcodes.md, the reference list of instructions, from the one
 * table (opcodes.def).  A test compares the committed file with this output,
 * so the document cannot drift from the instruction set.
 *
 * With --numbers, prints each opcode's number, mnemonic and operands, one a
 * line: the list format/opcode_numbers.txt freezes (a module stores opcode
 * numbers, so none may change; new instructions are appended). */
#include <stdio.h>
#include <string.h>

#include "opcodes.h"

int main(int argc, char **argv)
{
    char name[64];
    if (argc > 1 && strcmp(argv[1], "--numbers") == 0) {
        for (int op = 0; op < TIRBC_OP_COUNT; op++)
            printf("%d %s %s\n", op, tirbc_op_name(op, name, sizeof name), tirbc_ops[op].operands);
        return 0;
    }
    printf("# The tirvm instruction set (format version %d)\n\n", 1);
    printf("Generated from `opcodes.def` by `gen_opcodes_md`; do not edit by hand.\n");
    printf("Each operand letter has one meaning, from `operands.def`:\n\n");
    static const char *const kinds[] = {"register", "vector register", "buffer", "constant", "string", "jump target",
                                        "function", "argument registers", "lane count", "value kind",
                                        "lane function", "immediate"};
    printf("| letter | kind | listed as | meaning |\n|---|---|---|---|\n");
    for (int l = 0; l < 128; l++) {
        const tirbc_operand_info *o = tirbc_operand((char)l);
        if (!o)
            continue;
        const char *shown = o->kind == TIRBC_OPK_VTYPE    ? "`i32`"
                            : o->kind == TIRBC_OPK_LANEFN ? "`exp.f32`"
                            : o->kind == TIRBC_OPK_JUMP   ? "`@12`"
                                                          : NULL;
        printf("| `%c` | %s | ", l, kinds[o->kind]);
        if (shown)
            printf("%s", shown);
        else
            printf("`%s12`", o->prefix);
        printf(" | %s |\n", o->meaning);
    }
    printf("\n");
    printf("| opcode | mnemonic | operands | synopsis |\n|---:|---|---|---|\n");
    for (int op = 0; op < TIRBC_OP_COUNT; op++) {
        printf("| %d | `%s` | `%s` | ", op, tirbc_op_name(op, name, sizeof name), tirbc_ops[op].operands);
        /* a '|' inside a table cell must be escaped */
        for (const char *c = tirbc_ops[op].synopsis; *c; c++)
            fputs(*c == '|' ? "\\|" : (char[2]){*c, 0}, stdout);
        printf(" |\n");
    }
    printf("\n%d opcodes.\n", TIRBC_OP_COUNT);
    return 0;
}
