# ---
# spec: tvmscript.md 5.2; Evaluating PrimExprs 5
# features: [cast.store_conversion, cast.int_narrowing, cast.float_to_int, dtype.int32, dtype.int8, dtype.float32]
# description: storing a value of another dtype inserts a Cast to the buffer dtype (int32 -> int8 wraps, float32 -> int32 truncates)
# arg A: int32[3] = [300, -1, 127]
# arg B: int8[3]
# arg C: float32[2] = [-7.9, 7.9]
# arg D: int32[2]
# assert_return B: [44, -1, 127]
# assert_return D: [-7, 7]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int8"), C: T.Buffer((2,), "float32"), D: T.Buffer((2,), "int32")):
    for i in range(3):
        B[i] = A[i]
    for i in range(2):
        D[i] = C[i]
