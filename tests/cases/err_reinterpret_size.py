# case: reinterpret between types of different sizes is rejected (tvmscript.md 6.4: total bits must match)
# error compile: reinterpret needs the same total number of bits, got float32 to int64
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "int64")):
    B[0] = T.reinterpret("int64", A[0])
