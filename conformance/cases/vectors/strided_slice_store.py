# ---
# spec: Semantics of Statements 5.v.c; tvmscript.md 5.2
# features: [vector.strided_slice, vector.ramp, dtype.int32]
# description: B[1:16:2] = v stores the 8 lanes of v into the odd elements, leaving the even ones untouched
# arg A: int32[8] = [1, 2, 3, 4, 5, 6, 7, 8]
# arg B: int32[16] = [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
# assert_return B: [-1, 1, -1, 2, -1, 3, -1, 4, -1, 5, -1, 6, -1, 7, -1, 8]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((16,), "int32")):
    B[1:16:2] = A[0:8]
