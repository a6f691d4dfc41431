# ---
# spec: Variable Scoping (lexical scoping; a reused name is a new Var); tvmscript.md 5.1
# features: [scoping.shadow, for.serial]
# description: a loop var named like a scalar parameter shadows it inside the loop only; after the loop the name is the parameter again
# arg n: int32 = 100
# arg A: int32[4]
# assert_return A: [0, 1, 2, 100]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((4,), "int32")):
    for n in range(3):
        A[n] = n
    A[3] = n
