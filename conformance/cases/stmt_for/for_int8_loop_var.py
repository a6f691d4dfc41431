# ---
# spec: Typing Rules for Statements 11 (any integer loop var width); Semantics of Statements 12.i
# features: [for.serial, dtype.int8]
# description: a loop over T.int8(5) has an int8 loop var and runs 5 times
# arg A: int8[5]
# assert_return A: [0, 2, 4, 6, 8]
# ---
@T.prim_func
def main(A: T.Buffer((5,), "int8")):
    for i in range(T.int8(5)):
        A[i] = i * T.int8(2)
