# case: a function that calls tir.ret must declare a matching return type (spec PrimFunc typing rule 6); only a return statement infers one, as TVM's parser does
# error compile: returns a value with tir.ret but declares no return type
@T.prim_func
def main(n: T.int32):
    T.evaluate(T.ret(n))
