# case: three padding stages of allocated buffers: one zero on every side read by a 3x3 box sum, one -100 on two sides (rows above, a column on the right) read by a 3x2 max, one storing rows 0..3 of its 5 (the last never read) read by a 2x3 sum; expected values from numpy (np.pad, then the window sums and maxima)
# in data float32[2, 3, 4] = -20 -17 -14 -11 -8 -5 -2 1 4 7 10 13 16 19 22 25 28 31 34 37 40 43 46 49
# in box float32[2, 3, 4]
# in top float32[2, 3, 4]
# in part float32[2, 3, 4]
# out box = -50 -66 -48 -26 -39 -45 -18 -3 -2 6 24 22 94 150 168 118 177 279 306 213 142 222 240 166
# out top = -17 -14 -11 -11 -5 -2 1 1 7 10 13 13 19 22 25 25 31 34 37 37 43 46 49 49
# out part = -37 -51 -42 -25 -50 -66 -48 -26 -2 6 24 22 35 57 66 47 94 150 168 118 142 222 240 166
# fill-pads: each padding stage stores every element of its buffer once,
# a constant on the border and a copy inside, so it becomes one fill of the
# whole buffer over a flat view and a loop copying the interior rows, whose
# guard becomes the loop's range (rows 1..3 of pad, rows 2..4 of padm).
# pad's fill is of zeros, and nothing has touched pad since its
# allocation, which gives zeros: the fill is dropped (padm's -100 stays).
# The third stage stores 4 of padp's 5 rows, so a fill of the whole
# buffer would store elements the program never stores: it is left to
# split-guards alone.
@T.prim_func
def main(data: T.Buffer((2, 3, 4), "float32"), box: T.Buffer((2, 3, 4), "float32"), top: T.Buffer((2, 3, 4), "float32"), part: T.Buffer((2, 3, 4), "float32")):
    pad = T.alloc_buffer((2, 5, 6), "float32")
    padm = T.alloc_buffer((2, 5, 5), "float32")
    padp = T.alloc_buffer((2, 5, 6), "float32")
    for c, h, w in T.grid(2, 5, 6):
        with T.block("pad"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            pad[vc, vh, vw] = T.if_then_else(1 <= vh and vh < 4 and 1 <= vw and vw < 5, data[vc, vh - 1, vw - 1], T.float32(0))
    for c, h, w, r, s in T.grid(2, 3, 4, 3, 3):
        with T.block("box"):
            vc, vh, vw, vr, vs = T.axis.remap("SSSRR", [c, h, w, r, s])
            with T.init():
                box[vc, vh, vw] = T.float32(0)
            box[vc, vh, vw] = box[vc, vh, vw] + pad[vc, vh + vr, vw + vs]
    for c, h, w in T.grid(2, 5, 5):
        with T.block("padm"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            padm[vc, vh, vw] = T.if_then_else(2 <= vh and vw < 4, data[vc, vh - 2, vw], T.float32(-100))
    for c, h, w, r, s in T.grid(2, 3, 4, 3, 2):
        with T.block("top"):
            vc, vh, vw, vr, vs = T.axis.remap("SSSRR", [c, h, w, r, s])
            with T.init():
                top[vc, vh, vw] = T.float32(-3.4e38)
            top[vc, vh, vw] = T.max(top[vc, vh, vw], padm[vc, vh + vr, vw + vs])
    for c, h, w in T.grid(2, 4, 6):
        with T.block("padp"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            padp[vc, vh, vw] = T.if_then_else(1 <= vh and vh < 4 and 1 <= vw and vw < 5, data[vc, vh - 1, vw - 1], T.float32(0))
    for c, h, w, r, s in T.grid(2, 3, 4, 2, 3):
        with T.block("part"):
            vc, vh, vw, vr, vs = T.axis.remap("SSSRR", [c, h, w, r, s])
            with T.init():
                part[vc, vh, vw] = T.float32(0)
            part[vc, vh, vw] = part[vc, vh, vw] + padp[vc, vh + vr, vw + vs]
