# ---
# spec: Semantics of Statements 1.i-ii (params enter scope; a bound Var shape entry must match); tvmscript.md 4.4
# features: [binding.scalar_shape, shape.symbolic]
# description: a scalar parameter n = 3 used as a buffer's shape accepts a 3-element tensor
# arg n: int32 = 3
# arg A: int32[3]
# assert_return A: [0, 10, 20]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((n,), "int32")):
    for i in range(n):
        A[i] = i * 10
