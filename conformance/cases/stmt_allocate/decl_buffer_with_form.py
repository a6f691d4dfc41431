# ---
# spec: Semantics of Statements 7, 8, 9; tvmscript.md 5.5 (`with T.decl_buffer(...) as X:`)
# features: [stmt.allocate, stmt.decl_buffer, stmt.seq]
# description: a decl_buffer opened with `with` serves its suite; the statement after it still runs
# arg A: float32[3] = [1.0, 2.0, 3.0]
# arg B: float32[3]
# assert_return B: [2.0, 4.0, 7.0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32")):
    with T.decl_buffer((3,), "float32") as T2:
        for i in range(3):
            T2[i] = A[i] * T.float32(2)
        for i in range(3):
            B[i] = T2[i]
    B[2] = B[2] + T.float32(1)
