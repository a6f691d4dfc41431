# case: return e in a function with no -> annotation returns e with e's type, as TVM infers it
# in a = 41
# return: 42
@T.prim_func
def main(a: T.int32):
    return a + 1
