# case: T.assume takes one condition
# error compile: T.assume takes 1 argument, got 2
@T.prim_func
def main(n: T.int32):
    T.evaluate(T.assume(n > 0, n < 9))
