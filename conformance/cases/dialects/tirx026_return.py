# ---
# spec: Expr semantics 11 (tir.ret); tvmscript-tirx.md 1.8 (return e is a Return statement in TVM 0.26)
# features: [dialect.tirx_0_26, stmt.return]
# description: return e ends the function with the value e
# arg n: int32 = 7
# assert_return ret: 21
# ---
from tvm.script import tirx as T

@T.prim_func
def main(n: T.int32) -> T.int32:
    return n * 3
