# ---
# spec: Typing Rules for Other Language Constructs 6.iii (a non-Var returned value needs ret_type PrimType of its dtype)
# features: [call.return, typing.ret]
# description: T.ret of a float64 value in a function declared to return float32 is a type error, as with `return`
# assert_invalid: type
# ---
@T.prim_func
def main() -> T.float32:
    T.evaluate(T.ret(T.float64(1.5)))
