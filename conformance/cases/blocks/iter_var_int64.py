# ---
# spec: Semantics of Statements 15; Typing Rules for Statements 13; Typing Rules for Other Language Constructs 1
# features: [block.iter_var, dtype.int64]
# description: int64 loops remapped to int64 block iter vars index int64-shaped buffers
# arg A: int32[2, 2] = [1, 2, 3, 4]
# arg B: int32[2, 2]
# assert_return B: [1, 3, 2, 4]
# ---
@T.prim_func
def main(A: T.Buffer((T.int64(2), T.int64(2)), "int32"), B: T.Buffer((T.int64(2), T.int64(2)), "int32")):
    for i, j in T.grid(T.int64(2), T.int64(2)):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vj, vi]
