# ---
# spec: Semantics of Statements 13 (While: evaluate condition, run body, repeat)
# features: [stmt.while, stmt.decl_buffer]
# description: a while loop driven by a counter buffer runs until the condition is false
# arg A: int32[5]
# assert_return A: [0, 10, 20, 30, 40]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32")):
    c = T.decl_buffer((1,), "int32")
    c[0] = 0
    while c[0] < 5:
        A[c[0]] = c[0] * 10
        c[0] = c[0] + 1
