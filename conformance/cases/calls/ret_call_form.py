# ---
# spec: Builtin Calls (tir.ret: after evaluating the argument, execution of the current PrimFunc halts); tvmscript.md 5.10 (T.evaluate(T.ret(v)) and T.ret(v) as a statement)
# features: [call.return, stmt.if, stmt.evaluate]
# description: the explicit T.ret call form returns like `return` (TVMScript drops a dtype= keyword, as TVM prints it); the first one reached halts the function
# arg n: int32 = 5
# arg A: int32[2] = [0, 0]
# assert_return ret: 50
# assert_return A: [1, 0]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((2,), "int32")) -> T.int32:
    A[0] = 1
    if n > 3:
        T.evaluate(T.ret(n * 10, dtype="int32"))
    A[1] = 2
    T.ret(7)
