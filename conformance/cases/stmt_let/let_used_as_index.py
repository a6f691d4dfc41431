# ---
# spec: Semantics of Statements 2 (LetStmt); 5 (BufferStore)
# features: [stmt.let, for.serial]
# description: a let var computed from the loop var indexes a store
# arg B: int32[8] = [0, 0, 0, 0, 0, 0, 0, 0]
# assert_return B: [0, 10, 0, 11, 0, 12, 0, 13]
# ---
@T.prim_func
def main(B: T.Buffer((8,), "int32")):
    for i in range(4):
        j: T.int32 = i * 2 + 1
        B[j] = i + 10
