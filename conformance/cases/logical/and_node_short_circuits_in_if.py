# ---
# spec: Evaluating PrimExprs 14.i.a; Semantics of Statements 10; spec-readings 8
# features: [expr.and, logical.short_circuit, stmt.if, dtype.float32]
# description: the exact constructor T.And short-circuits too, here as an if condition guarding an out-of-bounds load
# arg A: float32[3] = [0.5, -2.0, 3.0]
# arg B: float32[5]
# assert_return B: [0.5, 0.0, 3.0, 0.0, 0.0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((5,), "float32")):
    for i in range(5):
        if T.And(i < 3, A[i] > T.float32(0)):
            B[i] = A[i]
        else:
            B[i] = T.float32(0)
