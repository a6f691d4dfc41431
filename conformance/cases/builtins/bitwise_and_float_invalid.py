# ---
# spec: tvmscript.md 6.3 (& on floats is an error), 7.2; a TVMScript rule (the spec does not check Call argument dtypes, typing rule 11)
# features: [builtin.bitwise_and, typing.builtin_args, dtype.float32]
# description: & on float32 operands is rejected
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = A[0] & A[1]
