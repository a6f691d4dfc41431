# case: T.call_extern with dtype="" (void, a call made for its effect) of a function other than C math is refused naming the function, not the dtype
# error compile: unsupported: external function 'call_impl'
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.evaluate(T.call_extern("call_impl", A.data, dtype=""))
