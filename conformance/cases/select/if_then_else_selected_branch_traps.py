# ---
# spec: spec-readings 7, 13; tvmscript.md 7.3
# features: [builtin.if_then_else, select.one_branch, trap.out_of_bounds]
# description: the selected branch of T.if_then_else is evaluated, so an out-of-bounds load in it is an error (i = 4)
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[6]
# assert_trap: out_of_bounds
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((6,), "int32")):
    for i in range(6):
        B[i] = T.if_then_else(i < 6, A[i], 0)
