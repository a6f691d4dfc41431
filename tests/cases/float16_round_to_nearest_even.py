# case: float16 addition rounds to nearest, ties to even, and overflows to infinity (spec Expr semantics 13.ii; IEEE 754 binary16)
# in A float16[4] = 1 1 65504 65504
# in B float16[4] = 0.00048828125 0.00146484375 16 15
# in C float16[4]
# out C = 1 1.001953125 inf 65504
@T.prim_func
def main(A: T.Buffer((4,), "float16"), B: T.Buffer((4,), "float16"), C: T.Buffer((4,), "float16")):
    for i in range(4):
        C[i] = A[i] + B[i]
