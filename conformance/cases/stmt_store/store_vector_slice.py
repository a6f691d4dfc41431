# ---
# spec: Semantics of Statements 5.v.c (vector index: lane j goes to indices'[n-1].j); tvmscript.md 5.2
# features: [stmt.store, vector.slice]
# description: a 4-lane store through a slice writes four consecutive elements
# arg A: int32[8] = [1, 2, 3, 4, 5, 6, 7, 8]
# arg B: int32[8]
# assert_return B: [0, 0, 1, 2, 3, 4, 0, 0]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    B[2:6] = A[0:4]
