# case: fill-pads drops a zero fill only where the allocation still holds the zeros alloc gave it: pad is used as scratch (every element written and summed into first) before its padding stage, and pad2's stage runs in each iteration of a loop that writes 7 over the whole of pad2 after reading it; both fills must stay. Expected values from numpy (np.pad, then the 3x3 window sums)
# in data float32[2, 3, 4] = -20 -17 -14 -11 -8 -5 -2 1 4 7 10 13 16 19 22 25 28 31 34 37 40 43 46 49
# in first float32[2]
# in box float32[2, 3, 4]
# in out float32[2, 2, 3, 4]
# out first = 705 3705
# out box = -50 -66 -48 -26 -39 -45 -18 -3 -2 6 24 22 94 150 168 118 177 279 306 213 142 222 240 166
# out out = -50 -66 -48 -26 -39 -45 -18 -3 -2 6 24 22 94 150 168 118 177 279 306 213 142 222 240 166 -100 -132 -96 -52 -78 -90 -36 -6 -4 12 48 44 188 300 336 236 354 558 612 426 284 444 480 332
# fill-pads: the zero fill of an allocation is dropped only when no
# statement has touched the allocation since it was made (the VM's alloc
# gives zeros).  Here pad was written and read before its padding stage,
# and pad2's stage is in a loop whose earlier iteration wrote 7 into it,
# so both keep their fills.
@T.prim_func
def main(data: T.Buffer((2, 3, 4), "float32"), first: T.Buffer((2,), "float32"), box: T.Buffer((2, 3, 4), "float32"), out: T.Buffer((2, 2, 3, 4), "float32")):
    pad = T.alloc_buffer((2, 5, 6), "float32")
    pad2 = T.alloc_buffer((2, 5, 6), "float32")
    for c, h, w in T.grid(2, 5, 6):
        with T.block("scratch"):
            vc, vh, vw = T.axis.remap("SSS", [c, h, w])
            pad[vc, vh, vw] = T.Cast("float32", vc * 100 + vh * 10 + vw + 1)
    for c, k in T.grid(2, 30):
        with T.block("first"):
            vc, vk = T.axis.remap("SR", [c, k])
            with T.init():
                first[vc] = T.float32(0)
            first[vc] = first[vc] + pad[vc, vk // 6, vk % 6]
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
    for t in range(2):
        for c, h, w in T.grid(2, 5, 6):
            with T.block("pad2"):
                vt, vc, vh, vw = T.axis.remap("SSSS", [t, c, h, w])
                pad2[vc, vh, vw] = T.if_then_else(1 <= vh and vh < 4 and 1 <= vw and vw < 5, data[vc, vh - 1, vw - 1] * T.Cast("float32", vt + 1), T.float32(0))
        for c, h, w, r, s in T.grid(2, 3, 4, 3, 3):
            with T.block("out"):
                vt, vc, vh, vw, vr, vs = T.axis.remap("SSSSRR", [t, c, h, w, r, s])
                with T.init():
                    out[vt, vc, vh, vw] = T.float32(0)
                out[vt, vc, vh, vw] = out[vt, vc, vh, vw] + pad2[vc, vh + vr, vw + vs]
        for c, h, w in T.grid(2, 5, 6):
            with T.block("wipe"):
                vt, vc, vh, vw = T.axis.remap("SSSS", [t, c, h, w])
                pad2[vc, vh, vw] = T.float32(7)
