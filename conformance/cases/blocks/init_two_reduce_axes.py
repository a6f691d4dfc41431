# ---
# spec: Semantics of Statements 14.iv; spec-readings 3
# features: [block.init, block.reduce, block.iter_var]
# description: with two reduce vars init runs only when both are at the start, so the total covers the whole 2 x 3 window
# arg A: int32[2, 3] = [1, 2, 3, 4, 5, 6]
# arg B: int32[1] = [1000]
# assert_return B: [21]
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((1,), "int32")):
    for r, s in T.grid(2, 3):
        with T.block("B"):
            vr, vs = T.axis.remap("RR", [r, s])
            with T.init():
                B[0] = 0
            B[0] = B[0] + A[vr, vs]
