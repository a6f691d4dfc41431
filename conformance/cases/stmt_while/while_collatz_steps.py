# ---
# spec: Semantics of Statements 13, 10
# features: [stmt.while, stmt.if, stmt.decl_buffer]
# description: counting Collatz steps from 6 (6 3 10 5 16 8 4 2 1) takes 8 steps
# arg n: int32 = 6
# arg B: int32[1]
# assert_return B: [8]
# ---
@T.prim_func
def main(n: T.int32, B: T.Buffer((1,), "int32")):
    x = T.decl_buffer((1,), "int32")
    x[0] = n
    B[0] = 0
    while x[0] != 1:
        if x[0] % 2 == 0:
            x[0] = x[0] // 2
        else:
            x[0] = x[0] * 3 + 1
        B[0] = B[0] + 1
