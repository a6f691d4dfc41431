# case: a buffer view of an int16 allocation as int32 elements is rejected at compile time (views may reshape storage, not reinterpret it), found by fuzzing
# error compile: unsupported: buffer 'S' views storage of int16 elements as int32
@T.prim_func
def main(n: T.int32, B: T.Buffer((1,), "int32")):
    p = T.allocate([n], "int16", "global")
    S = T.Buffer((n,), "int32", data=p)
    for i in range(n):
        S[i] = i * i
    B[0] = S[0]
