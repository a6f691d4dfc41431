# ---
# spec: Semantics of Statements 14, 15 (a block with no iter vars runs its body once per execution)
# features: [block.realize]
# description: an unnamed block without iter vars inside a loop runs once per iteration
# arg A: int32[1] = [0]
# assert_return A: [4]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    for i in range(4):
        with T.block():
            A[0] = A[0] + 1
