# ---
# spec: Evaluating PrimExprs 13.ii
# features: [runner.values]
# description: int64 and uint64 values are compared exactly over their
#   whole range, bool buffers hold true and false
# arg A: int64[2] = [-9223372036854775807, 9223372036854775807]
# arg B: int64[2]
# arg U: uint64[2] = [18446744073709551615, 0x8000000000000000]
# arg V: uint64[2]
# arg F: bool[3] = [true, false, 1]
# arg G: bool[3]
# assert_return B: [-9223372036854775808, -9223372036854775808]
# assert_return V: [0, 9223372036854775809]
# assert_return G: [false, true, false]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int64"), B: T.Buffer((2,), "int64"), U: T.Buffer((2,), "uint64"),
         V: T.Buffer((2,), "uint64"), F: T.Buffer((3,), "bool"), G: T.Buffer((3,), "bool")):
    B[0] = A[0] - T.int64(1)
    B[1] = A[1] + T.int64(1)
    V[0] = U[0] + T.uint64(1)
    V[1] = U[1] + T.uint64(1)
    for i in range(3):
        G[i] = not F[i]
