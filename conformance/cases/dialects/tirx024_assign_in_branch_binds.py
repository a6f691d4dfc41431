# ---
# spec: Variable Scoping (LetStmt); tvmscript-tirx.md 1.5 (TVM 0.24: x = e is a flat Bind)
# features: [dialect.tirx_0_24, dialect.flat_stmt, stmt.let, stmt.if]
# description: as TVM 0.24 prints it, x = 1 inside the if binds a new x for the rest of that branch only, so the store after the if sees the outer x = 0
# arg n: int32 = 5
# arg A: int32[1]
# assert_return A: [0]
# ---
# from tvm.script import tirx as T

@T.prim_func
def main(n: T.int32, A: T.Buffer((1,), "int32")):
    x = 0
    if n > 0:
        x = 1
    A[0] = x
