# ---
# spec: tvmscript.md 5.2, 6.3 (int8 + 1 is int32; the store casts back); Expr semantics 5 (narrowing cast truncates bits)
# features: [stmt.store, cast.store_conversion, dtype.int8]
# description: A_int8[i] + 1 is an int32 value; storing it into an int8 buffer narrows it (127 + 1 -> -128)
# arg A: int8[3] = [127, -128, 5]
# arg B: int8[3]
# assert_return B: [-128, -127, 6]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int8"), B: T.Buffer((3,), "int8")):
    for i in range(3):
        B[i] = A[i] + 1
