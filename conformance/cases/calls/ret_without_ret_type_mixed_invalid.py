# ---
# spec: Typing Rules for Other Language Constructs 6.iv (all tir.ret values must have matching types); spec-readings 12, 21
# guillemets: the spec rejects tir.ret calls of different dtypes; TVM does not check
# features: [call.return, typing.ret, dtype.int64]
# description: without a ret_type, tir.ret calls of int32 and int64 values do not give one type, a type error
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32):
    if n > 0:
        T.evaluate(T.ret(n))
    T.evaluate(T.ret(T.int64(0)))
