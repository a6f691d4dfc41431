# ---
# spec: Variable Scoping (SSA); Semantics of Statements 2; tvmscript.md 5.7 (rule 4: an existing Var on the right makes a LetStmt)
# features: [stmt.let, scoping.shadow]
# description: `y = n` with n a bound parameter makes a new let Var holding n's value
# arg n: int32 = 6
# arg B: int32[2] = [0, 0]
# assert_return B: [6, 12]
# ---
@T.prim_func
def main(n: T.int32, B: T.Buffer((2,), "int32")):
    y = n
    B[0] = y
    n2 = y + n
    B[1] = n2
