# ---
# spec: Evaluating PrimExprs 13.vi-vii
# features: [expr.div, expr.mod, dtype.uint8]
# description: Div and Mod on uint8 (200 / 3 = 66 rem 2, 255 / 16 = 15 rem 15) encoded as q*256 + r in the quotient... see body
# arg A: uint8[3] = [200, 255, 128]
# arg B: uint8[3] = [3, 16, 255]
# arg Q: uint8[3]
# assert_return Q: [66, 15, 0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "uint8"), B: T.Buffer((3,), "uint8"), Q: T.Buffer((3,), "uint8")):
    for i in range(3):
        Q[i] = A[i] / B[i]
