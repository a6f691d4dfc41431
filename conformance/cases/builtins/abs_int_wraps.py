# ---
# spec: tvmscript.md 6.5 (T.abs on ints is Select(x >= 0, x, 0 - x)); Evaluating PrimExprs 6, 13.iv
# features: [builtin.abs, expr.select, dtype.int32, dtype.uint8, arith.int_wraparound]
# description: integer T.abs; abs(-2^31) wraps to -2^31; on uint8 it is the identity
# arg A: int32[4] = [-5, 5, 0, -2147483648]
# arg B: int32[4]
# arg U: uint8[2] = [200, 0]
# arg V: uint8[2]
# assert_return B: [5, 5, 0, -2147483648]
# assert_return V: [200, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), U: T.Buffer((2,), "uint8"), V: T.Buffer((2,), "uint8")):
    for i in range(4):
        B[i] = T.abs(A[i])
    for i in range(2):
        V[i] = T.abs(U[i])
