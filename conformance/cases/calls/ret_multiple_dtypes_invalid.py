# ---
# spec: Typing Rules for Other Language Constructs 6.iv (all tir.ret values must have matching types); spec-readings 12
# guillemets: the spec rejects tir.ret calls of different dtypes; TVM does not check
# features: [call.return, typing.ret, dtype.int64]
# description: one branch returns int32 and the other int64 is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32) -> T.int32:
    if n > 0:
        return n
    return T.int64(0)
