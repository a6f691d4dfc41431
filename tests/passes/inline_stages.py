# case: a fused operator's stages as LegalizeOps writes them: a bias add and hard-swish's stages computed where the last stage reads them, a copy of the same shape dropped with its reduction reading the source; a stage a reduction reads, a stage whose source is written before its reader, and a gather by index stay (numpy's values, each stage rounded to float32)
# in X float32[2, 3, 4] = 1.0007637739181519 3.1777102947235107 2.2054855823516846 -2.1983425617218018 -1.5986697673797607 2.9884276390075684 -3.9578776359558105 2.5698273181915283 2.3765554428100586 -0.2565203905105591 -1.5757405757904053 -1.7725950479507446 -1.961043357849121 -0.43938955664634705 0.036386072635650635 0.4279788136482239 3.9640023708343506 2.3412952423095703 0.9774338603019714 3.9116811752319336 -2.2775304317474365 -2.718303680419922 0.9003168344497681 -3.6484639644622803
# in B float32[2] = -0.9286394715309143 0.029777640476822853
# in W float32[3, 2] = -0.0675879493355751 0.8343355655670166 0.25845250487327576 0.028235293924808502 -0.0062531293369829655 -0.504970133304596
# in A float32[4] = -1.9528238773345947 -1.2303913831710815 0.7681284546852112 -1.1975730657577515
# in I int32[4] = 3 0 2 1
# in Y float32[2, 3, 4]
# in Z float32[3, 4]
# in S float32[3, 4]
# in Y2 float32[4]
# in Y3 float32[4]
# out Y = 0.036929138004779816 1.9675887823104858 0.9101458191871643 -0.0 -0.19910591840744019 1.7370154857635498 -0.0 1.269510269165039 1.0733681917190552 -0.35847926139831543 -0.20687013864517212 -0.13450588285923004 -0.3440016210079193 -0.17684230208396912 0.03381146118044853 0.2638017237186432 3.9937798976898193 2.1225340366363525 0.672684907913208 3.9414587020874023 -0.2818108797073364 -0.13956759870052338 0.6092265248298645 -0.0
# out Z = -1.7038078308105469 -0.5813732743263245 -0.11870604753494263 0.5056594014167786 -0.3012554347515106 0.8384737372398376 -0.9953252077102661 0.7746257781982422 1.1352239847183228 1.374266266822815 -0.44477981328964233 1.8534497022628784
# out S = 4.847218990325928 10.290905952453613 4.865490913391113 5.015875816345215 18.269060134887695 14.412363052368164 16.62017250061035 21.905261993408203 10.835161209106445 7.454977512359619 3.2935287952423096 16.45338249206543
# out A = -0.9528238773345947 -0.23039138317108154 1.7681283950805664 -0.19757306575775146
# out Y2 = -2.9528238773345947 -2.230391502380371 -0.23187148571014404 -2.197573184967041
# out Y3 = 0.8024269342422485 0.04717612266540527 2.7681283950805664 0.7696086168289185
# inline-stages: T_add (small, so computed again at each of its two
# reads), T_mul, T_shift and T_clip are computed inside Y's stage, and
# their allocations go; X_copy is X's shape and type, so Z's reduction
# reads X.  T_sq stays (S's reduction reads it), T_x2 stays (A is written
# between it and Y2), T_g stays (A[I[w]] is not provably in bounds).
from tvm.script import tir as T
@T.prim_func
def main(X: T.Buffer((2, 3, 4), "float32"), B: T.Buffer((2,), "float32"), W: T.Buffer((3, 2), "float32"),
         A: T.Buffer((4,), "float32"), I: T.Buffer((4,), "int32"), Y: T.Buffer((2, 3, 4), "float32"),
         Z: T.Buffer((3, 4), "float32"), S: T.Buffer((3, 4), "float32"), Y2: T.Buffer((4,), "float32"),
         Y3: T.Buffer((4,), "float32")):
    T_add = T.alloc_buffer((2, 3, 4))
    T_mul = T.alloc_buffer((2, 3, 4))
    T_shift = T.alloc_buffer((2, 3, 4))
    T_clip = T.alloc_buffer((2, 3, 4))
    X_copy = T.alloc_buffer((2, 3, 4))
    T_sq = T.alloc_buffer((2, 3, 4))
    T_x2 = T.alloc_buffer((4,))
    T_g = T.alloc_buffer((4,))
    for c, h, w in T.grid(2, 3, 4):
        with T.block("T_add"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            T_add[vc, vh, vw] = X[vc, vh, vw] + B[vc]
    for c, h, w in T.grid(2, 3, 4):
        with T.block("T_mul"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            T_mul[vc, vh, vw] = T_add[vc, vh, vw] * T.float32(0.1666666716337204)
    for c, h, w in T.grid(2, 3, 4):
        with T.block("T_shift"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            T_shift[vc, vh, vw] = T_mul[vc, vh, vw] + T.float32(0.5)
    for c, h, w in T.grid(2, 3, 4):
        with T.block("T_clip"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            T_clip[vc, vh, vw] = T.max(T.min(T_shift[vc, vh, vw], T.float32(1)), T.float32(0))
    for c, h, w in T.grid(2, 3, 4):
        with T.block("Y"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            Y[vc, vh, vw] = T_add[vc, vh, vw] * T_clip[vc, vh, vw]
    for c, h, w in T.grid(2, 3, 4):
        with T.block("X_copy"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            X_copy[vc, vh, vw] = X[vc, vh, vw]
    for h, w, c in T.grid(3, 4, 2):
        with T.block("Z"):
            vh, vw, vc = T.axis.remap("SSR", [h, w, c])
            with T.init():
                Z[vh, vw] = T.float32(0)
            Z[vh, vw] = Z[vh, vw] + X_copy[vc, vh, vw] * W[vh, vc]
    for c, h, w in T.grid(2, 3, 4):
        with T.block("T_sq"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            T_sq[vc, vh, vw] = X[vc, vh, vw] * X[vc, vh, vw]
    for h, w, c in T.grid(3, 4, 2):
        with T.block("S"):
            vh, vw, vc = T.axis.remap("SSR", [h, w, c])
            with T.init():
                S[vh, vw] = T.float32(0)
            S[vh, vw] = S[vh, vw] + T_sq[vc, vh, vw]
    for i in range(4):
        with T.block("T_x2"):
            vi = T.axis.remap("S", [i])
            T_x2[vi] = A[vi] * T.float32(2)
    for i in range(4):
        with T.block("A"):
            vi = T.axis.remap("S", [i])
            A[vi] = A[vi] + T.float32(1)
    for i in range(4):
        with T.block("Y2"):
            vi = T.axis.remap("S", [i])
            Y2[vi] = T_x2[vi] - A[vi]
    for i in range(4):
        with T.block("T_g"):
            vi = T.axis.remap("S", [i])
            T_g[vi] = A[I[vi]]
    for i in range(4):
        with T.block("Y3"):
            vi = T.axis.remap("S", [i])
            Y3[vi] = T_g[vi] + T.float32(1)
