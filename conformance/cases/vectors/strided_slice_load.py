# ---
# spec: Evaluating PrimExprs 7.v, 8; tvmscript.md 6.6
# features: [vector.strided_slice, vector.ramp, dtype.int32]
# description: A[0:16:2] is a load with index Ramp(0, 2, 8): the even elements
# arg A: int32[16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
# arg B: int32[8]
# assert_return B: [0, 2, 4, 6, 8, 10, 12, 14]
# ---
@T.prim_func
def main(A: T.Buffer((16,), "int32"), B: T.Buffer((8,), "int32")):
    B[0:8] = A[0:16:2]
