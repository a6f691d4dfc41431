# ---
# spec: tvmscript.md 7.1 (tirc rejects float math on non-float arguments: the argument typing of the builtin)
# features: [builtin.sqrt, typing.builtin_args, dtype.int32]
# description: T.sqrt of an int32 value is rejected (float math needs a float argument)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = T.sqrt(A[0])
