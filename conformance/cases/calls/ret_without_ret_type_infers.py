# ---
# spec: Typing Rules for Other Language Constructs 6.iv (the matching type of the tir.ret values is the ret_type); spec-readings 21
# features: [call.return, typing.ret]
# description: a function with no ret_type that calls tir.ret returns that value, typed as it is, as a return statement does
# arg n: int32 = 7
# assert_return ret: 7
# ---
@T.prim_func
def main(n: T.int32):
    T.evaluate(T.ret(n))
