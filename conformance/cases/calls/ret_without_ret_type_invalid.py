# ---
# spec: Typing Rules for Other Language Constructs 6 (an undefined ret_type is TupleType([]); a tir.ret then needs a matching ret_type)
# features: [call.return, typing.ret]
# description: calling tir.ret in a function whose ret_type is void is a type error (a return statement without an annotation infers the ret_type, as TVM's parser does; an explicit T.ret call does not)
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32):
    T.evaluate(T.ret(n))
