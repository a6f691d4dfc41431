# ---
# spec: Semantics of Statements 3 (AttrStmt with a Var node and another key)
# features: [stmt.attr, for.serial]
# description: an AttrStmt on the loop var inside a loop runs its body once per iteration
# arg A: int32[3] = [0, 0, 0]
# assert_return A: [0, 7, 14]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    for i in range(3):
        T.attr(i, "pragma_loop_hint", 0)
        A[i] = A[i] + i * 7
