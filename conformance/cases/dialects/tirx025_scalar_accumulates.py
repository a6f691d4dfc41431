# ---
# spec: tvmscript-tirx.md 1.5 (mutable scalars: x: T.int32 = e, x += e, x: T.int32 without a value)
# features: [dialect.tirx_0_25, dialect.flat_stmt, for.serial, stmt.break_continue]
# description: a mutable int32 scalar sums the non-negative elements (continue skips the others) and an uninitialized scalar is assigned later
# arg A: int32[5] = [1, -2, 3, 4, -5]
# arg B: int32[2]
# assert_return B: [8, 3]
# ---
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((5,), "int32"), B: T.Buffer((2,), "int32")):
    acc: T.int32 = 0
    count: T.int32
    count = 0
    for i in range(5):
        if A[i] < 0:
            continue
        acc += A[i]
        count = count + 1
    B[0] = acc
    B[1] = count
