# ---
# spec: Evaluating PrimExprs 13.x-xi
# features: [expr.min, expr.max, dtype.int32, dtype.uint8, dtype.int8, dtype.uint64]
# description: Min and Max compare integers by value: signed for int types, unsigned for uint types
# arg A: int32[2] = [-1, 1]
# arg B: uint8[2] = [255, 1]
# arg C: int8[2] = [-128, 127]
# arg D: uint64[2] = [18446744073709551615, 0]
# arg R: int32[2]
# arg S: uint8[2]
# arg U: int8[2]
# arg V: uint64[2]
# assert_return R: [-1, 1]
# assert_return S: [1, 255]
# assert_return U: [-128, 127]
# assert_return V: [0, 18446744073709551615]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((2,), "uint8"), C: T.Buffer((2,), "int8"), D: T.Buffer((2,), "uint64"), R: T.Buffer((2,), "int32"), S: T.Buffer((2,), "uint8"), U: T.Buffer((2,), "int8"), V: T.Buffer((2,), "uint64")):
    R[0] = T.min(A[0], A[1])
    R[1] = T.max(A[0], A[1])
    S[0] = T.min(B[0], B[1])
    S[1] = T.max(B[0], B[1])
    U[0] = T.min(C[0], C[1])
    U[1] = T.max(C[0], C[1])
    V[0] = T.min(D[0], D[1])
    V[1] = T.max(D[0], D[1])
