# ---
# spec: tvmscript.md 6.3 (<< on floats is an error), 7.2; a TVMScript rule (the spec does not check Call argument dtypes, typing rule 11)
# features: [builtin.shift_left, typing.builtin_args, dtype.float32]
# description: << on a float32 operand is rejected
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), S: T.Buffer((1,), "int32"), B: T.Buffer((1,), "float32")):
    B[0] = A[0] << S[0]
