# ---
# spec: Semantics of Statements 14.iii.b (a shape entry that is an already-bound Var must equal the region extent, or else an error is raised); Typing Rules for Other Language Constructs 5.9 (only non-Var shapes are checked statically)
# features: [block.match_buffer, shape.symbolic]
# description: a view with shape (n,) where the parameter n = 3 but the region A[0:4] has extent 4 is a runtime error
# arg n: int32 = 3
# arg A: int32[8]
# assert_trap: other
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((8,), "int32")):
    with T.block("root"):
        with T.block("sub"):
            S = T.match_buffer(A[0:4], (n,), "int32")
            S[0] = 1
