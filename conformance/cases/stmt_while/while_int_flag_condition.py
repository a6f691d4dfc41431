# ---
# spec: Typing Rules for Statements 12 (condition: an Int/UInt scalar that is not an IntImm); Semantics of Statements 13
# features: [stmt.while, typing.while]
# description: an int32 load holding 1 or 0 is a valid while condition; the body clears it after three rounds
# arg F: int32[2] = [1, 0]
# assert_return F: [0, 3]
# ---
@T.prim_func
def main(F: T.Buffer((2,), "int32")):
    while F[0]:
        F[1] = F[1] + 1
        if F[1] == 3:
            F[0] = 0
