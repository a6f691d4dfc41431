# case: a function without a return annotation that calls tir.ret returns the value with its type, as return e does (spec PrimFunc typing rule 6.iv; spec-readings 21)
# in n = 41
# return: 41
@T.prim_func
def main(n: T.int32):
    T.evaluate(T.ret(n))
