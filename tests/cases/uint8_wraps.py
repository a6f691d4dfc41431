# case: uint8 arithmetic wraps modulo 256 (spec Expr semantics 13.ii)
# in A uint8[3] = 250 3 0
# in B uint8[3]
# out B = 4 253 255
@T.prim_func
def main(A: T.Buffer((3,), "uint8"), B: T.Buffer((3,), "uint8")):
    B[0] = A[0] + T.uint8(10)
    B[1] = A[1] - T.uint8(6)
    B[2] = A[2] - T.uint8(1)
