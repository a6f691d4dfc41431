# ---
# spec: tvmscript-tirx.md 1.5 (TVM 0.25 and later: x = e creates a mutable one-element local buffer)
# features: [dialect.tirx_0_25, dialect.flat_stmt, stmt.store, stmt.if]
# description: as TVM 0.25 prints it (the Axis import in the header), x = 1 inside the if stores into the mutable scalar x, so the store after the if sees 1
# arg n: int32 = 5
# arg A: int32[1]
# assert_return A: [1]
# ---
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(n: T.int32, A: T.Buffer((1,), "int32")):
    x = 0
    if n > 0:
        x = 1
    A[0] = x
