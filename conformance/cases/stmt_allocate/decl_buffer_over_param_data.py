# ---
# spec: Semantics of Statements 8 (DeclBuffer: only runs the body); tvmscript.md 4.3, 5.5 (T.decl_buffer(..., data=A.data) is a view)
# features: [stmt.decl_buffer, buffer.view]
# description: a DeclBuffer over a parameter's data with the same shape and dtype writes through to the parameter
# arg A: int32[4] = [1, 1, 1, 1]
# assert_return A: [1, 11, 1, 13]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    V = T.decl_buffer((4,), "int32", data=A.data)
    V[1] = 11
    V[3] = V[3] + 12
