# case: a float32 sum loop (compiled to one range reduction) adds in the loop's order: ((1e8 + 1) + -1e8) + 1 rounds to 1 in float32, where pairing the large terms first would give 2
# in A float32[4] = 100000000 1 -100000000 1
# in S float32[1]
# out S = 1
@T.prim_func
def main(A: T.Buffer((4,), "float32"), S: T.Buffer((1,), "float32")):
    for k in range(4):
        with T.block("S"):
            vk = T.axis.reduce(4, k)
            with T.init():
                S[0] = T.float32(0)
            S[0] = S[0] + A[vk]
