# case: let bindings scope over the rest of the suite; rebinding a name makes a new variable (tvmscript.md 5.7)
# in A int32[3]
# out A = 5 6 10
@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    x: T.int32 = 5
    A[0] = x
    x = x + 1
    A[1] = x
    y = x + 4
    A[2] = y
