# case: float32 to float16 rounds to nearest even; too large becomes infinity; float16 to int truncates (spec Expr semantics 5)
# in A float32[4] = 0.1 70000 -2.75 0.000030517578125
# in B float16[4]
# in C int32[1]
# out B = 0.0999755859375 inf -2.75 0.000030517578125
# out C = -2
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float16"), C: T.Buffer((1,), "int32")):
    for i in range(4):
        B[i] = T.Cast("float16", A[i])
    C[0] = T.Cast("int32", B[2])
