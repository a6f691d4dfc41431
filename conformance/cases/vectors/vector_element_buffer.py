# ---
# spec: Rules for Assigning Datatypes to PrimExprs 7.v; Typing Rules for Statements 4.v; tvmscript.md 6.6
# features: [vector.element_buffer, vector.slice, dtype.float32]
# description: a buffer whose elements are float32x4: a scalar index loads and stores a whole float32x4
# arg A: float32[8] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]
# arg B: float32[8]
# assert_return B: [5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    V = T.decl_buffer((2,), "float32x4")
    V[0] = A[0:4]
    V[1] = A[4:8]
    B[0:4] = V[1]
    B[4:8] = V[0]
