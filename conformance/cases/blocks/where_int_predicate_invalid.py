# ---
# spec: Typing Rules for Statements 14 (predicate must have a Bool datatype)
# features: [block.where, typing.block]
# description: a T.where predicate that is an int32 Var is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32, B: T.Buffer((4,), "int32")):
    for i in range(4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            T.where(n)
            B[vi] = 1
