# ---
# spec: Semantics of Statements 5.v.a; Expr semantics 7.i (zero-dim BufferLoad)
# features: [stmt.store, buffer.zero_dim, dtype.float32]
# description: a zero-dimensional buffer is read and written in a loop like a scalar accumulator
# arg X: float32[4] = [1.0, 2.0, 3.0, 4.5]
# arg S: float32[] = [0.5]
# assert_return S: [11.0]
# ---
@T.prim_func
def main(X: T.Buffer((4,), "float32"), S: T.Buffer((), "float32")):
    for i in range(4):
        S[()] = S[()] + X[i]
