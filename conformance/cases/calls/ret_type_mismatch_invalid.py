# ---
# spec: Typing Rules for Other Language Constructs 6.iii (a non-Var returned value needs ret_type PrimType of its dtype)
# features: [call.return, typing.ret]
# description: returning a float32 value from a function declared to return int32 is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32")) -> T.int32:
    return A[0] * T.float32(2)
