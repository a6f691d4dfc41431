# ---
# spec: tvmscript.md 6.3, 7.2 (bitwise operators accept bool)
# features: [builtin.bitwise_and, builtin.bitwise_or, builtin.bitwise_xor, builtin.bitwise_not, dtype.bool]
# description: &, |, ^ and ~ on bool (1-bit) values: ~true is false
# arg A: bool[3] = [true, true, false]
# arg B: bool[3] = [true, false, false]
# arg C: bool[3]
# arg D: bool[3]
# arg E: bool[3]
# arg F: bool[3]
# assert_return C: [true, false, false]
# assert_return D: [true, true, false]
# assert_return E: [false, true, false]
# assert_return F: [false, false, true]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "bool"), B: T.Buffer((3,), "bool"), C: T.Buffer((3,), "bool"), D: T.Buffer((3,), "bool"), E: T.Buffer((3,), "bool"), F: T.Buffer((3,), "bool")):
    for i in range(3):
        C[i] = A[i] & B[i]
        D[i] = A[i] | B[i]
        E[i] = A[i] ^ B[i]
        F[i] = ~A[i]
