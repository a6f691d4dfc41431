# case: without a return annotation the first tir.ret gives the type, and every other must return it (spec PrimFunc typing rule 6.iv; spec-readings 21)
# in n = 1
# error compile: returns int64 here but returns int32
@T.prim_func
def main(n: T.int32):
    if n > 0:
        T.evaluate(T.ret(n))
    T.evaluate(T.ret(T.int64(0)))
