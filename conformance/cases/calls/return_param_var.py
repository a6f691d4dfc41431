# ---
# spec: Typing Rules for Other Language Constructs 6.i (returning a Var: ret_type matches its annotation)
# features: [call.return]
# description: returning a parameter Var whose type matches the declared return type
# entry: ident
# arg n: int32 = -17
# assert_return ret: -17
# ---
@T.prim_func
def ident(n: T.int32) -> T.int32:
    return n
