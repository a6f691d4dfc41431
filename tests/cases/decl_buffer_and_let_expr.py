# case: T.decl_buffer allocates a buffer for the rest of the suite; T.Let binds a variable in an expression (tvmscript.md 5.5, 5.7; spec Expr semantics 10)
# in A int32[4] = 1 2 3 4
# in B int32[1]
# out B = 20
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((1,), "int32")):
    acc = T.decl_buffer((1,), "int32")
    acc[0] = 0
    for i in range(4):
        acc[0] = acc[0] + A[i]
    x = T.int32()
    B[0] = T.Let(x * 2, where={x: acc[0]})
