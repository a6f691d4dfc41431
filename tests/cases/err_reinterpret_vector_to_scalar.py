# case: T.reinterpret of a 4-lane int8 vector as one int32 is refused by name at compile time (it compiled into a module the loader rejects)
# in A int8[4] = 1 2 3 4
# in B int32[1]
# error compile: unsupported: T.reinterpret from int8x4 to int32
@T.prim_func
def main(A: T.Buffer((4,), "int8"), B: T.Buffer((1,), "int32")):
    B[0] = T.reinterpret(A[0:4], dtype="int32")
