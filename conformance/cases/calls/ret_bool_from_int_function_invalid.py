# ---
# spec: Typing Rules for Other Language Constructs 6.iii
# features: [call.return, typing.ret, dtype.bool]
# description: returning a comparison (bool) from a function declared to return int32 is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32) -> T.int32:
    return n > 0
