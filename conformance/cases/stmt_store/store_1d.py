# ---
# spec: Semantics of Statements 5.v.b (BufferStore with scalar indices)
# features: [stmt.store, for.serial]
# description: stores at computed scalar indices write exactly those elements
# arg A: int32[5] = [9, 9, 9, 9, 9]
# assert_return A: [0, 9, 2, 9, 4]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32")):
    for i in range(3):
        A[i * 2] = i * 2
