# ---
# spec: Builtin Calls (tir.ret); Typing Rules for Other Language Constructs 6.iii
# features: [call.return, dtype.bool]
# description: a function declared to return bool returns a comparison result
# arg n: int32 = 5
# assert_return ret: true
# ---
@T.prim_func
def main(n: T.int32) -> T.bool:
    return n > 0
