# ---
# spec: tvmscript.md 6.4; Evaluating PrimExprs 5
# features: [expr.cast, cast.float_to_int, cast.int_narrowing, dtype.float32, dtype.int32, dtype.int8]
# description: T.int32(x), T.cast(x, dtype) and x.astype(dtype) build the same Cast as T.Cast
# arg A: float32[2] = [-3.75, 3.75]
# arg B: int32[2]
# arg C: int32[2] = [255, 129]
# arg D: int8[2]
# arg E: int8[2]
# assert_return B: [-3, 3]
# assert_return D: [-1, -127]
# assert_return E: [-1, -127]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((2,), "int32"), C: T.Buffer((2,), "int32"), D: T.Buffer((2,), "int8"), E: T.Buffer((2,), "int8")):
    for i in range(2):
        B[i] = T.int32(A[i])
        D[i] = T.cast(C[i], "int8")
        E[i] = C[i].astype("int8")
