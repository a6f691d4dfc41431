# case: a sum over a plane of 3 x 5 (a global average pool's reduction, as LegalizeOps writes it, its spatial loops of extent 1): the two reduction loops walk one contiguous range of 15 elements, so they become one reduce_add of 15 in the same order (numpy's values, summed in float32 in that order)
# in A float32[1, 4, 3, 5] = -0.679514349 0.144458994 -0.245728895 -0.354129642 0.373227775 0.944464087 0.933660507 0.342596859 0.660203159 -0.080576323 -0.365844876 0.08511246 0.202446759 0.826054394 -0.183085278 0.101831928 -0.179029405 -0.695220232 -0.918915927 -0.533634424 0.215568423 0.809655488 -0.982631505 -0.0815859288 0.625127733 0.923578918 -0.677604139 -0.866668642 -0.701388776 -0.346309543 -0.269118011 0.182881445 -0.906791329 0.849060357 0.327727735 0.0713394284 0.974550188 -0.138173625 -0.402764201 0.497833282 0.61760664 0.434151351 0.730491698 -0.76166904 0.861799777 -0.455715686 0.243466824 -0.488114119 0.0379041061 0.881503224 -0.321596771 0.98195219 -0.00467236852 0.860697865 -0.0111398427 -0.231840432 0.630668283 -0.428586036 0.619994819 -0.433507025
# in S float32[1, 4, 1, 1]
# out S = 2.6033453941345215 -3.3072257041931152 3.068925380706787 1.8810150623321533
# interchange: the 4 channels become lanes, each reading its own plane
# through A's flat view (lanes 15 apart), and loop-instructions makes the
# plane's two loops one window_add.  Without interchange, loop-instructions
# sees that k2 steps 5 elements and k3 one element over 5 steps: one range,
# one reduce_add per channel.
@T.prim_func
def main(A: T.Buffer((1, 4, 3, 5), "float32"), S: T.Buffer((1, 4, 1, 1), "float32")):
    for n, c, h, w, k2, k3 in T.grid(1, 4, 1, 1, 3, 5):
        with T.block("sum"):
            vn, vc, vh, vw, vk2, vk3 = T.axis.remap("SSSSRR", [n, c, h, w, k2, k3])
            with T.init():
                S[vn, vc, vh, vw] = T.float32(0)
            S[vn, vc, vh, vw] = S[vn, vc, vh, vw] + A[vn, vc, vk2, vk3]
