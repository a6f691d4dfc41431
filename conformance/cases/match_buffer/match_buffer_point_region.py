# ---
# spec: Semantics of Statements 14.iii; tvmscript.md 5.4 (a plain load A[i, j] is a one-element region)
# features: [block.match_buffer]
# description: matching a single element A[1, 2] with shape (1,) writes that element
# arg A: int32[2, 3]
# assert_return A: [0, 0, 0, 0, 0, 42]
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "int32")):
    with T.block("root"):
        with T.block("pt"):
            S = T.match_buffer(A[1, 2], (1,), "int32")
            S[0] = 42
