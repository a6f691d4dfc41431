# case: Add via the exact node constructor with different dtypes is a type error (spec typing rule 13, spec-readings 11)
# error compile: Add operands must have the same dtype, got int32 and float32
@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    A[0] = T.Cast("float32", T.Add(1, T.float32(2)))
