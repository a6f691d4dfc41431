# sum reduction of 16M float32 into one element (a reduction block)
@T.prim_func
def main(A: T.Buffer((16777216,), "float32"), S: T.Buffer((1,), "float32")):
    for k in range(16777216):
        with T.block("S"):
            vk = T.axis.reduce(16777216, k)
            with T.init():
                S[0] = T.float32(0)
            S[0] = S[0] + A[vk]
