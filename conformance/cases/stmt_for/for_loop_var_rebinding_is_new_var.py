# ---
# spec: Semantics of Statements 12.i.g (loop_var cannot be mutated); Variable Scoping (SSA); tvmscript.md 5.1
# features: [for.serial, stmt.let, scoping.shadow]
# description: `i = i + 10` in the body binds a new Var; the loop still runs i = 0, 1, 2
# arg A: int32[3]
# assert_return A: [10, 11, 12]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    for i in range(3):
        i = i + 10
        A[i - 10] = i
