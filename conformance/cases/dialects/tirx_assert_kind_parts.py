# ---
# spec: Stmt semantics 4 (AssertStmt); tvmscript-tirx.md 1.8 (error kind and message parts)
# features: [dialect.tirx_0_25, dialect.flat_stmt, stmt.assert, trap.assertion_failed]
# description: a flat assert with an error kind and message parts fails when its condition is false
# arg n: int32 = -1
# arg A: int32[1]
# assert_trap: assertion_failed
# ---
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(n: T.int32, A: T.Buffer((1,), "int32")):
    assert n >= 0, ("ValueError", ["n must be ", "non-negative"])
    A[0] = n
