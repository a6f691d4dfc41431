# ---
# spec: Variable Scoping; tvmscript-tirx.md 1.5 (x: T.let[T.int32] = e and x = T.bind(e) are immutable flat binds)
# features: [dialect.tirx_0_25, dialect.flat_stmt, stmt.let]
# description: T.let[...] and T.bind bind values for the rest of the statement list; T.f32 is float32
# arg A: float32[2]
# assert_return A: [7, 2.5]
# ---
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2,), "float32")):
    k: T.let[T.int32] = 3
    y = T.bind(k * 2 + 1)
    A[0] = T.Cast("float32", y)
    h: T.let[T.f32] = T.f32(2.5)
    A[1] = h
