# ---
# spec: tvmscript.md 7.1, 11.3; Evaluating PrimExprs 13
# features: [kernel, builtin.exp, expr.max, expr.sub, expr.div, dtype.float32]
# description: a numerically stable softmax over rows of 4 (max, exp of the difference, sum, divide)
# arg A: float32[2, 4] = [[1.0, 2.0, 3.0, 4.0], [100.0, 100.0, 100.0, 100.0]]
# arg B: float32[2, 4]
# assert_return B: [[0.03205860328008499, 0.08714431874203257, 0.23688281808991013, 0.6439142598879724], [0.25, 0.25, 0.25, 0.25]] rtol=1e-5
# ---
@T.prim_func
def main(A: T.Buffer((2, 4), "float32"), B: T.Buffer((2, 4), "float32")):
    row = T.decl_buffer((2,), "float32")
    for i in range(2):
        row[0] = T.min_value("float32")
        for k in range(4):
            row[0] = T.max(row[0], A[i, k])
        row[1] = T.float32(0)
        for k in range(4):
            e: T.float32 = T.exp(A[i, k] - row[0])
            B[i, k] = e
            row[1] = row[1] + e
        for k in range(4):
            B[i, k] = B[i, k] / row[1]
