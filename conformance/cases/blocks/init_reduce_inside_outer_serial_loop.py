# ---
# spec: Semantics of Statements 14.iv; spec-readings 3
# features: [block.init, block.reduce, for.serial]
# description: a reduction block re-run by an outer repeat loop re-initialises on each pass (output is not doubled)
# arg A: int32[3] = [1, 2, 3]
# arg B: int32[1] = [0]
# assert_return B: [6]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((1,), "int32")):
    for rep in range(2):
        for k in range(3):
            with T.block("B"):
                vk = T.axis.reduce(3, k)
                with T.init():
                    B[0] = 0
                B[0] = B[0] + A[vk]
