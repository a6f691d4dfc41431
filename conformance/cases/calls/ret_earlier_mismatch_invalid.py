# ---
# spec: Typing Rules for Other Language Constructs 6.iv (every tir.ret value has the ret_type's dtype); spec-readings 12
# features: [call.return, typing.ret, dtype.int64]
# description: an early return of an int64 value from an int32 function is a type error even when the last return matches
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int64) -> T.int32:
    if n < 2:
        return n
    return T.int32(1)
