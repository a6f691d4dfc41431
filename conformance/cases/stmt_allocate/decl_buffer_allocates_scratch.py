# ---
# spec: Semantics of Statements 7, 8; tvmscript.md 5.5 (T.decl_buffer without data= is Allocate + DeclBuffer)
# features: [stmt.allocate, stmt.decl_buffer]
# description: a decl_buffer accumulator sums the input
# arg A: int32[5] = [1, 2, 3, 4, 5]
# arg B: int32[1]
# assert_return B: [15]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32"), B: T.Buffer((1,), "int32")):
    acc = T.decl_buffer((1,), "int32")
    acc[0] = 0
    for i in range(5):
        acc[0] = acc[0] + A[i]
    B[0] = acc[0]
