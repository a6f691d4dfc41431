# ---
# spec: Typing Rules for Other Language Constructs 6.i (returning a Var: ret_type must match its type annotation)
# features: [call.return, typing.ret, dtype.int64]
# description: returning an int32 parameter from a function declared to return int64 is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32) -> T.int64:
    return n
