# float32 matmul 512^3 scheduled for a CPU: rows in parallel, the j loop
# tiled by 16 and vectorized, the k loop innermost but one (i, jo, k, ji).
@T.prim_func
def main(A: T.Buffer((512, 512), "float32"), B: T.Buffer((512, 512), "float32"), C: T.Buffer((512, 512), "float32")):
    for i in T.parallel(512):
        for jo in range(32):
            C[i, jo * 16:jo * 16 + 16] = T.Broadcast(T.float32(0), 16)
            for k in range(512):
                C[i, jo * 16:jo * 16 + 16] = C[i, jo * 16:jo * 16 + 16] + T.Broadcast(A[i, k], 16) * B[k, jo * 16:jo * 16 + 16]
