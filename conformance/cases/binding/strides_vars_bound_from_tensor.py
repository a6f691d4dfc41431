# ---
# spec: Semantics of Statements 1.ii.c (address uses t->strides), 1.ii.d (unbound stride Vars are bound to t->strides[i]); tvmscript.md 4.2
# features: [binding.strides]
# description: a (2, 3) view with row stride 4 is read element by element and the stride var s0 is bound to 4
# arg A: float32[2, 3] strides=[4, 1] = [1, 2, 3, 4, 5, 6]
# arg B: float32[2, 3]
# arg S: int32[2]
# assert_return B: [1, 2, 3, 4, 5, 6]
# assert_return S: [4, 1]
# ---
@T.prim_func
def main(a: T.handle, B: T.Buffer((2, 3), "float32"), S: T.Buffer((2,), "int32")):
    A = T.match_buffer(a, (2, 3), "float32", strides=("s0", "s1"))
    for i, j in T.grid(2, 3):
        B[i, j] = A[i, j]
    S[0] = A.strides[0]
    S[1] = A.strides[1]
