# ---
# spec: Stmt semantics 7 (Allocate), 8 (DeclBuffer); tvmscript-tirx.md 1.7 (flat T.alloc_buffer, T.decl_buffer, A.view)
# features: [dialect.tirx_0_25, dialect.flat_stmt, dialect.buffer_view, stmt.allocate, stmt.decl_buffer]
# description: a flat T.alloc_buffer, a T.decl_buffer over its data and A.view of a parameter in another shape all name the same memory
# arg A: int32[2, 3] = [[1, 2, 3], [4, 5, 6]]
# arg B: int32[6]
# assert_return B: [2, 4, 6, 8, 10, 12]
# ---
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((6,), "int32")):
    A_1 = A.view(6)
    tmp = T.alloc_buffer((6,), "int32", scope="local")
    tmp_view = T.decl_buffer((2, 3), "int32", data=tmp.data)
    for i in range(6):
        tmp[i] = A_1[i] * 2
    for i, j in T.grid(2, 3):
        B[i * 3 + j] = tmp_view[i, j]
