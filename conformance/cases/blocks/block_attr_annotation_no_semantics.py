# ---
# spec: Semantics of Statements 14.v (annotations do not affect the semantics); tvmscript.md 5.4 (T.block_attr)
# features: [block.realize, block.annotations]
# description: a block with T.block_attr behaves like one without
# arg B: int32[3]
# assert_return B: [1, 2, 3]
# ---
@T.prim_func
def main(B: T.Buffer((3,), "int32")):
    for i in range(3):
        with T.block("B"):
            vi = T.axis.spatial(3, i)
            T.block_attr({"meta_schedule.unroll_explicit": 16})
            B[vi] = vi + 1
