# ---
# spec: Evaluating PrimExprs 6.ii-iii
# features: [expr.select, select.evaluates_both]
# description: with both sides in bounds, Select returns the chosen side (control case for the trapping cases)
# arg A: int32[5] = [10, 20, 30, 40, 50]
# arg B: int32[4]
# assert_return B: [10, 30, 30, 50]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Select(i % 2 == 0, A[i], A[i + 1])
