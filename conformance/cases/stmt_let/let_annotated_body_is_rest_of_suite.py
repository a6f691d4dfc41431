# ---
# spec: Semantics of Statements 2 (LetStmt); tvmscript.md 5.1, 5.7
# features: [stmt.let, dtype.int32]
# description: `x: T.int32 = e` binds x for every following statement of the suite
# arg A: int32[1] = [21]
# arg B: int32[3] = [0, 0, 0]
# assert_return B: [42, 43, 44]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((3,), "int32")):
    x: T.int32 = A[0] * 2
    B[0] = x
    B[1] = x + 1
    B[2] = x + 2
