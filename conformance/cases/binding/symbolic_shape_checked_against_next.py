# ---
# spec: Semantics of Statements 1.ii.d (a bound Var shape entry must equal t->shape[i]); tvmscript.md 4.4
# features: [binding.symbolic, shape.symbolic, trap.argument_mismatch]
# description: n bound to 3 from A; B with extent 4 for the same n is rejected
# arg A: float32[3] = [1, 2, 3]
# arg B: float32[4]
# assert_trap: argument_mismatch
# ---
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "float32")
    B = T.match_buffer(b, (n,), "float32")
    for i in range(n):
        B[i] = A[i]
