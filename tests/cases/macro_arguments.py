# case: @T.macro arguments bind as Python binds them (positional, keyword, a default read when the macro is defined); a macro calls a macro defined before it; T.axis.remap of a loop variable passed in; a let in a macro's body
# in A int32[4] = 1 2 3 4
# in B int32[4]
# in C int32[4]
# out B = 3 5 7 9
# out C = -3 -6 -9 -12
from tvm.script import tir as T

SCALE = 2


@T.macro
def scale_into(dst, src, i, factor=SCALE):
    with T.block("scale"):
        vi = T.axis.remap("S", [i])
        dst[vi] = src[vi] * factor


@T.macro
def scale_then_add(dst, src, i, bias):
    scale_into(dst, src, i)
    t = dst[i] + bias
    dst[i] = t


SCALE = 100


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    for i in range(4):
        scale_then_add(B, A, i, 1)
        scale_into(src=A, dst=C, i=i, factor=-3)
