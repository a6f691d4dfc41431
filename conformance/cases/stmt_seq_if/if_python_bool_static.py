# ---
# spec: Semantics of Statements 10; tvmscript.md 5.11 (a Python-bool condition picks the branch at parse time)
# features: [stmt.if]
# description: `if 1 < 2:` with two literals runs the then branch only
# arg A: int32[2] = [0, 0]
# assert_return A: [1, 0]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    if 1 < 2:
        A[0] = 1
    else:
        A[1] = 1
