# ---
# spec: Variable Scoping (SSA); Semantics of Statements 2; tvmscript.md 5.1
# features: [stmt.let, scoping.shadow]
# description: rebinding a name makes a new Var; earlier uses keep the old value
# arg B: int32[3] = [0, 0, 0]
# assert_return B: [1, 11, 111]
# ---
@T.prim_func
def main(B: T.Buffer((3,), "int32")):
    x = 1
    B[0] = x
    x = x + 10
    B[1] = x
    x = x + 100
    B[2] = x
