# ---
# spec: Variable Scoping (SSA); Semantics of Statements 2; tvmscript.md 5.1
# features: [stmt.let, scoping.shadow, for.serial]
# description: `acc = acc + A[i]` inside a loop binds a fresh Var each iteration from the outer acc; nothing accumulates
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[4] = [0, 0, 0, 0]
# assert_return B: [101, 102, 103, 104]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    acc: T.int32 = 100
    for i in range(4):
        acc = acc + A[i]
        B[i] = acc
