# case: a padding stage that stores rows 0..3 of its buffer's 5 (the last row is never read) stays as it is; expected values from numpy (np.pad, then a 2x3 window sum)
# in data float32[2, 3, 4] = -20 -17 -14 -11 -8 -5 -2 1 4 7 10 13 16 19 22 25 28 31 34 37 40 43 46 49
# in box float32[2, 3, 4]
# out box = -37 -51 -42 -25 -50 -66 -48 -26 -2 6 24 22 35 57 66 47 94 150 168 118 142 222 240 166
# fill-pads: the stage does not store every element of pad (its row loop
# covers 4 of 5 rows), so a fill of the whole buffer would store elements
# the program never stores; the stage is left to split-guards alone.
@T.prim_func
def main(data: T.Buffer((2, 3, 4), "float32"), box: T.Buffer((2, 3, 4), "float32")):
    pad = T.alloc_buffer((2, 5, 6), "float32")
    for c, h, w in T.grid(2, 4, 6):
        with T.block("pad"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            pad[vc, vh, vw] = T.if_then_else(1 <= vh and vh < 4 and 1 <= vw and vw < 5, data[vc, vh - 1, vw - 1], T.float32(0))
    for c, h, w, r, s in T.grid(2, 3, 4, 2, 3):
        with T.block("box"):
            vc, vh, vw, vr, vs = T.axis.remap("SSSRR", [c, h, w, r, s])
            with T.init():
                box[vc, vh, vw] = T.float32(0)
            box[vc, vh, vw] = box[vc, vh, vw] + pad[vc, vh + vr, vw + vs]
