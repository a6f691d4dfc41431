# ---
# spec: Semantics of Statements 5; tvmscript.md 5.2 (`A[i] op= v` is BufferStore(A, A[i] op v, [i]))
# features: [stmt.store, store.augmented]
# description: `+= -= *= //= %=` read the element, apply the operator and store back
# arg A: int32[5] = [10, 10, 10, -7, -7]
# assert_return A: [13, 6, 30, -4, 1]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int32")):
    A[0] += 3
    A[1] -= 4
    A[2] *= 3
    A[3] //= 2
    A[4] %= 4
