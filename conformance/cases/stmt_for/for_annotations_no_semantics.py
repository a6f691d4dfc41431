# ---
# spec: Semantics of Statements 12.i (annotations do not affect semantics); tvmscript.md 5.3
# features: [for.serial, for.annotations]
# description: a serial loop with an annotations dict runs like a plain loop
# arg A: int32[4]
# assert_return A: [3, 4, 5, 6]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in T.serial(4, annotations={"pragma_auto_unroll_max_step": 16}):
        A[i] = i + 3
