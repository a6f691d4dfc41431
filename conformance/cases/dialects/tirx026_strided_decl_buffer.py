# ---
# spec: Semantics of Statements 1.ii.c (element address = sum(indices[k] * strides[k])); tvmscript-tirx.md 1.4 (flat T.decl_buffer)
# features: [dialect.tirx_0_26, dialect.flat_stmt, buffer.strides, buffer.view]
# description: a (2, 2) decl_buffer view with strides [3, 1] of a (2, 3) parameter reads its first two columns
# arg A: int32[2, 3] = [1, 2, 3, 4, 5, 6]
# arg B: int32[2, 2]
# assert_return B: [1, 2, 4, 5]
# ---
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((2, 2), "int32")):
    V = T.decl_buffer((2, 2), "int32", data=A.data, strides=[3, 1])
    for i, j in T.grid(2, 2):
        B[i, j] = V[i, j]
