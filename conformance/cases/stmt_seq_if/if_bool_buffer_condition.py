# ---
# spec: Semantics of Statements 10; Typing Rules for Statements 9 (condition is a Bool scalar)
# features: [stmt.if, dtype.bool]
# description: a load from a bool buffer is a valid if condition
# arg A: int32[3]
# assert_return A: [5, 0, 5]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    M = T.decl_buffer((3,), "bool")
    M[0] = True
    M[1] = False
    M[2] = True
    for i in range(3):
        if M[i]:
            A[i] = 5
