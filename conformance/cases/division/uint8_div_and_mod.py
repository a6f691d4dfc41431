# ---
# spec: Evaluating PrimExprs 13.vi-vii; tvmscript.md 6.3
# features: [expr.div, expr.mod, dtype.uint8]
# description: '/' on uint8 is Div and T.truncmod is Mod, both on the unsigned values (200 = 66*3 + 2, 255 = 15*16 + 15)
# arg A: uint8[3] = [200, 255, 128]
# arg B: uint8[3] = [3, 16, 255]
# arg Q: uint8[3]
# arg R: uint8[3]
# assert_return Q: [66, 15, 0]
# assert_return R: [2, 15, 128]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "uint8"), B: T.Buffer((3,), "uint8"), Q: T.Buffer((3,), "uint8"), R: T.Buffer((3,), "uint8")):
    for i in range(3):
        Q[i] = A[i] / B[i]
        R[i] = T.truncmod(A[i], B[i])
