# case: a parameter buffer's extent given by an expression of another buffer's extent (mlc-llm's bitmask of ceil(vocab / 32) words) is bound from the tensor and checked equal to the expression; bit v % 32 of word v // 32 keeps logit v, a clear bit sets it to -1
# in logits float32[2, 40] = 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79
# in bitmask int32[2, 2] = 15 1 -1 0
# out logits = 0 1 2 3 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 32 -1 -1 -1 -1 -1 -1 -1 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 -1 -1 -1 -1 -1 -1 -1 -1
@T.prim_func
def main(var_logits: T.handle, var_bitmask: T.handle):
    batch_size = T.int32(is_size_var=True)
    vocab_size = T.int32(is_size_var=True)
    logits = T.match_buffer(var_logits, (batch_size, vocab_size), "float32")
    bitmask = T.match_buffer(var_bitmask, (batch_size, (vocab_size + 31) // 32), "int32")
    for b, v in T.grid(batch_size, vocab_size):
        with T.block("mask"):
            vb, vv = T.axis.remap("SS", [b, v])
            if (bitmask[vb, vv // 32] >> (vv % 32)) & 1 == 0:
                logits[vb, vv] = T.float32(-1)
