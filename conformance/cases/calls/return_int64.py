# ---
# spec: Builtin Calls (tir.ret); Typing Rules for Other Language Constructs 6.iii
# features: [call.return, dtype.int64]
# description: a function returning an int64 value beyond the int32 range
# entry: big
# arg n: int64 = 3000000000
# assert_return ret: 9000000000
# ---
@T.prim_func
def big(n: T.int64) -> T.int64:
    return n * T.int64(3)
