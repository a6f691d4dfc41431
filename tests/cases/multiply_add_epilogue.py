# case: multiply-adds stored with an epilogue in one instruction: a bias and relu (max with 0), a clip of A*k + bias (min with 1.5, k a scalar argument), a subtraction into a stride-2 destination, a relu stored at the squares of the lane numbers (a scatter), an int32 relu whose product wraps, and a max with a loaded scalar (which keeps its own instruction: a load can fail); each product rounded, then the sum, then the epilogue (spec Expr semantics 5)
# in A float32[16] = -3 -2 -1 0 1 2 3 -3 -2 -1 0 1 2 3 -3 -2
# in B float32[16] = -2 1 -1 2 0 -2 1 -1 2 0 -2 1 -1 2 0 -2
# in bias float32[16] = -1 -0.5 0 0.5 -1 -0.5 0 0.5 -1 -0.5 0 0.5 -1 -0.5 0 0.5
# in k = 1.5
# in relu float32[16]
# in clip float32[16]
# in E float32[32]
# in F float32[50]
# in H float32[16]
# in IA int32[8] = 65536 131072 196608 262144 327680 393216 458752 524288
# in IB int32[8] = 65536 65537 65538 65539 65540 65541 65542 65543
# in IC int32[8] = -4 -3 -2 -1 0 1 2 3
# in G int32[8]
# out relu = 5 0 1 0.5 0 0 3 3.5 0 0 0 1.5 0 5.5 0 4.5
# out clip = -5.5 -3.5 -1.5 0.5 0.5 1.5 1.5 -4 -4 -2 0 1.5 1.5 1.5 -4.5 -2.5
# out E = 2 0 -5.5 0 -2 0 -2.5 0 -4 0 -7.5 0 0 0 0.5 0 -8 0 -3.5 0 -3 0 -1.5 0 -6 0 2.5 0 -3 0 1.5 0
# out F = 5 0 0 0 1 0 0 0 0 0.5 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3 0 0 0 0 0 0 0 0 0 0 0 0 3.5
# out H = 5 -2.5 1 0.5 -1 -3 3 3.5 -3 -0.5 0 1.5 -3 5.5 0 4.5
# out G = 5 131069 393214 786431 1310720 1966081 2752514 3670019
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32"), bias: T.Buffer((16,), "float32"),
         k: T.float32, relu: T.Buffer((16,), "float32"), clip: T.Buffer((16,), "float32"),
         E: T.Buffer((32,), "float32"), F: T.Buffer((50,), "float32"), H: T.Buffer((16,), "float32"),
         IA: T.Buffer((8,), "int32"), IB: T.Buffer((8,), "int32"), IC: T.Buffer((8,), "int32"),
         G: T.Buffer((8,), "int32")):
    for i in T.vectorized(16):
        relu[i] = T.max(A[i] * B[i] + bias[i], T.float32(0))
    for i in T.vectorized(16):
        clip[i] = T.min(A[i] * k + bias[i], T.float32(1.5))
    for i in T.vectorized(16):
        E[i * 2] = A[i] * B[i] + bias[i] - T.float32(3)
    for i in T.vectorized(8):
        F[i * i] = T.max(A[i] * B[i] + bias[i], T.float32(0))
    for i in T.vectorized(16):
        H[i] = T.max(A[i] * B[i] + bias[i], A[0])
    for i in T.vectorized(8):
        G[i] = T.max(IA[i] * IB[i] + IC[i], 5)
