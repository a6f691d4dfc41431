# ---
# spec: Evaluating PrimExprs 16.i ("if they have Int or UInt typecodes, interpret the comparisons mathematically")
# features: [expr.lt, expr.gt, dtype.int8, dtype.uint8, dtype.bool]
# description: the same bit patterns compare differently as int8 (-56, -1) and as uint8 (200, 255)
# arg A: int8[2] = [-56, -1]
# arg B: int8[2] = [100, 0]
# arg C: uint8[2] = [200, 255]
# arg D: uint8[2] = [100, 0]
# arg S: bool[2]
# arg U: bool[2]
# assert_return S: [true, true]
# assert_return U: [false, false]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int8"), B: T.Buffer((2,), "int8"), C: T.Buffer((2,), "uint8"), D: T.Buffer((2,), "uint8"), S: T.Buffer((2,), "bool"), U: T.Buffer((2,), "bool")):
    for i in range(2):
        S[i] = A[i] < B[i]
        U[i] = C[i] < D[i]
