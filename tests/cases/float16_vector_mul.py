# case: float16 vector lanes multiply with one rounding per lane (spec Expr semantics 13; tvmscript.md 6.7)
# in A float16[4] = 1.5 -2 0.5 3
# in B float16[4] = 2 2 2 2048
# in C float16[4]
# out C = 3 -4 1 6144
@T.prim_func
def main(A: T.Buffer((4,), "float16"), B: T.Buffer((4,), "float16"), C: T.Buffer((4,), "float16")):
    C[0:4] = A[0:4] * B[0:4]
