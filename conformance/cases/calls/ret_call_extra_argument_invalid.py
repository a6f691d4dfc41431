# ---
# spec: Builtin Calls (tir.ret takes one argument); TVM's T.ret(val, span=None) has no dtype parameter
# features: [call.return]
# description: T.ret with a second argument is rejected
# assert_invalid: script
# ---
@T.prim_func
def main() -> T.float64:
    T.evaluate(T.ret(T.float64(1.5), dtype="float64"))
