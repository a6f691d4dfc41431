# ---
# spec: spec-readings 7 (T.if_then_else evaluates only the selected branch); tvmscript.md 7.3
# features: [builtin.if_then_else, select.one_branch]
# description: T.if_then_else does not evaluate the unselected branch, so the guarded load A[i] is never out of bounds
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[6]
# assert_return B: [1, 2, 3, 4, 0, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((6,), "int32")):
    for i in range(6):
        B[i] = T.if_then_else(i < 4, A[i], 0)
