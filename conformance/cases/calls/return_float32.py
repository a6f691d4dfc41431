# ---
# spec: Builtin Calls (tir.ret); Typing Rules for Other Language Constructs 6.iii (ret_type PrimType matching the value)
# features: [call.return, dtype.float32]
# description: a function returning a float32 average of its two arguments
# entry: mean
# arg a: float32 = 1.5
# arg b: float32 = 4.0
# assert_return ret: 2.75
# ---
@T.prim_func
def mean(a: T.float32, b: T.float32) -> T.float32:
    return (a + b) * T.float32(0.5)
