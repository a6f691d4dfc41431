# ---
# spec: Typing Rules for Other Language Constructs 6 (an undefined ret_type is TupleType([]); a tir.ret then needs a matching ret_type)
# features: [call.return, typing.ret]
# description: returning a value from a function without a return annotation is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32):
    return n
