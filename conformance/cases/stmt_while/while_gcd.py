# ---
# spec: Semantics of Statements 13
# features: [stmt.while, stmt.let]
# description: Euclid's algorithm in a while loop: gcd(48, 18) = 6
# arg a: int32 = 48
# arg b: int32 = 18
# arg R: int32[2]
# assert_return R: [6, 0]
# ---
@T.prim_func
def main(a: T.int32, b: T.int32, R: T.Buffer((2,), "int32")):
    R[0] = a
    R[1] = b
    while R[1] != 0:
        t: T.int32 = R[0] % R[1]
        R[0] = R[1]
        R[1] = t
