# ---
# spec: Semantics of Statements 5; tvmscript.md 5.2 (a Python bool stored into a bool buffer becomes T.bool)
# features: [stmt.store, dtype.bool]
# description: comparison results and True/False literals are stored into a bool buffer and read back as ints
# arg A: int32[4] = [3, -1, 0, 8]
# arg C: int32[6]
# assert_return C: [1, 0, 0, 1, 1, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((6,), "int32")):
    F = T.decl_buffer((6,), "bool")
    for i in range(4):
        F[i] = A[i] > 0
    F[4] = True
    F[5] = False
    for i in range(6):
        C[i] = T.Cast("int32", F[i])
