# case: a T.func_attr value is still evaluated, so a name the program does not define is reported
# error compile: name 'undefined_target' is not defined
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    T.func_attr({"global_symbol": "main", "target": undefined_target})
    A[0] = 1
