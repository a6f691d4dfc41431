# ---
# spec: Semantics of Statements 13, 2; tvmscript.md 11.5
# features: [stmt.while, stmt.let, stmt.assert, shape.symbolic]
# description: the hand-written prefix-sum example: a let in the while body, symbolic n, an assertion
# arg A: int32[5] = [3, 1, 4, 1, 5]
# arg B: int32[5]
# assert_return B: [3, 4, 8, 9, 14]
# ---
@T.prim_func
def main(a: T.handle, b: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n,), "int32")
    B = T.match_buffer(b, (n,), "int32")
    assert 0 < n, "n must be positive"
    st = T.decl_buffer((2,), "int32")
    st[0] = 0
    st[1] = 0
    while st[0] < n:
        x: T.int32 = A[st[0]]
        st[1] = st[1] + x
        B[st[0]] = st[1]
        st[0] = st[0] + 1
