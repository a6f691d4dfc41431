# case: a While inside a vectorized For is a type error (spec Stmt typing rule 11.vi)
# error compile: a While loop may not be inside a vectorized For loop
@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    for i in T.vectorized(4):
        while n < 0:
            A[i] = 1
        A[i] = 2
