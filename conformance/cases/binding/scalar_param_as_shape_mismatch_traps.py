# ---
# spec: Semantics of Statements 1.ii.d (an already bound Var whose value differs from t->shape[i] is an error)
# features: [binding.scalar_shape, shape.symbolic, trap.argument_mismatch]
# description: a scalar parameter n = 4 used as a shape rejects a 3-element tensor
# arg n: int32 = 4
# arg A: int32[3]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((n,), "int32")):
    for i in range(n):
        A[i] = i * 10
