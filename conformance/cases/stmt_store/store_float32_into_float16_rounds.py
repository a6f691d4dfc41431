# ---
# spec: tvmscript.md 5.2 (conversion on store); Expr semantics 5 (Cast); IEEE 754 round to nearest even
# features: [stmt.store, cast.store_conversion, dtype.float16]
# description: a float32 value stored into a float16 buffer is rounded to the nearest float16 (0.1 -> 0.0999755859375, 1/3 -> 0.333251953125)
# arg A: float32[3] = [0.1, 0.3333333432674408, 2.0]
# arg B: float16[3]
# assert_return B: [0.0999755859375, 0.333251953125, 2.0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float16")):
    for i in range(3):
        B[i] = A[i]
