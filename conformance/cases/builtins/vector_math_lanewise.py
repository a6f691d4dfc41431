# ---
# spec: tvmscript.md 7 ("all math builtins work lane-wise on vectors")
# features: [builtin.sqrt, builtin.exp, builtin.floor, vector.slice, dtype.float32]
# description: T.sqrt, T.exp and T.floor on float32x4 values act lane by lane
# arg A: float32[4] = [4.0, 0.0, 2.25, -1.0]
# arg S: float32[4]
# arg E: float32[4]
# arg F: float32[4]
# assert_return S: [2.0, 0.0, 1.5, nan]
# assert_return E: [54.598150033144236, 1.0, 9.487735836358526, 0.36787944117144233] rtol=1e-6
# assert_return F: [4.0, 0.0, 2.0, -1.0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), S: T.Buffer((4,), "float32"), E: T.Buffer((4,), "float32"), F: T.Buffer((4,), "float32")):
    S[0:4] = T.sqrt(A[0:4])
    E[0:4] = T.exp(A[0:4])
    F[0:4] = T.floor(A[0:4])
