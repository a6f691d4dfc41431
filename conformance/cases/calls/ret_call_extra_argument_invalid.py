# ---
# spec: Builtin Calls (tir.ret takes one argument)
# features: [call.return]
# description: T.ret with a second value is rejected (a dtype= keyword, which TVMScript drops, is not a second value)
# assert_invalid: script
# ---
@T.prim_func
def main() -> T.float64:
    T.evaluate(T.ret(T.float64(1.5), T.float64(2.5)))
