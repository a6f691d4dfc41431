# pass parallelize: a stage that strip has made into strips (strip = vec * 1024, every access Ramp(strip, 1, 1024)) touches [vec*1024, vec*1024 + 1024) in each iteration, so its strips are independent; erf over 65536 lanes (each lane of a math builtin counts 64 element operations: 2^22 in all) becomes parallel, a copy over as many lanes (one operation a lane: 2^16) stays serial while an add of two loads (three a lane: 3 * 2^16) becomes parallel, and strips that read the next strip of what they write (D[v*8 + 8 ..]) stay serial
@T.prim_func
def main(A: T.Buffer((65536,), "float32"), B: T.Buffer((65536,), "float32"), C: T.Buffer((65536,), "float32"), D: T.Buffer((65544,), "float32"), E: T.Buffer((65536,), "float32")):
    T.func_attr({"tir.noalias": True})
    for i in range(65536):
        with T.block("erf"):
            vi = T.axis.spatial(65536, i)
            B[vi] = T.erf(A[vi])
    for i in range(65536):
        with T.block("copy"):
            vi = T.axis.spatial(65536, i)
            C[vi] = A[vi]
    for i in range(65536):
        with T.block("add"):
            vi = T.axis.spatial(65536, i)
            E[vi] = A[vi] + B[vi]
    for v in range(8192):
        D[T.Ramp(v * 8, 1, 8)] = T.erf(D[T.Ramp(v * 8 + 8, 1, 8)])
