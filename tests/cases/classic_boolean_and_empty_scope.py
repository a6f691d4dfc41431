# case: a: T.boolean is a bool parameter and scope="" means global, as in TVM
# in a = 1
# in A int32[1]
# out A = 7
@T.prim_func
def main(a: T.boolean, x: T.handle):
    A = T.match_buffer(x, (1,), "int32", scope="")
    if a:
        A[0] = 7
