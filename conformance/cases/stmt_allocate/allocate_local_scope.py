# ---
# spec: Semantics of Statements 7; tvmscript.md 5.5 ("local" behaves as ordinary memory on a CPU)
# features: [stmt.allocate]
# description: a "local"-scope allocation works as scratch memory
# arg A: float32[3] = [1.5, 2.5, 3.5]
# arg B: float32[1]
# assert_return B: [7.5]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((1,), "float32")):
    p = T.allocate([1], "float32", "local")
    acc = T.Buffer((1,), "float32", data=p, scope="local")
    acc[0] = T.float32(0)
    for i in range(3):
        acc[0] = acc[0] + A[i]
    B[0] = acc[0]
