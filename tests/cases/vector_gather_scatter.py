# case: an arbitrary index vector gathers on load and scatters on store (spec Expr semantics 7.v, Stmt semantics 5.v.c)
# in A float32[4] = 10 20 30 40
# in I int32[4] = 3 0 2 1
# in B float32[4]
# out B = 20 40 30 10
@T.prim_func
def main(A: T.Buffer((4,), "float32"), I: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    B[I[0:4]] = A[0:4]
