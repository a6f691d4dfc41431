# case: a vector Cast converts every lane; math builtins apply to every lane (spec Expr semantics 5; tvmscript.md 7.1)
# in A int8[4] = -128 -1 0 127
# in B float32[4]
# in C float32[4] = 0 1 4 9
# in D float32[4]
# out B = -128 -1 0 127
# out D = 0 1 2 3
@T.prim_func
def main(A: T.Buffer((4,), "int8"), B: T.Buffer((4,), "float32"), C: T.Buffer((4,), "float32"), D: T.Buffer((4,), "float32")):
    B[0:4] = T.Cast("float32x4", A[0:4])
    D[0:4] = T.sqrt(C[0:4])
