/* The model kernels of tir-models (tir_models.c): each one TVM 0.26's
 * LegalizeOps + FuseTIR loop nest as TVM's CPU pipeline hands it to LLVM,
 * written by hand in C from the kernel's TVMScript: the same stages in the
 * same order (the padding stage included), the same loops in the same
 * order, every intermediate buffer of the PrimFunc kept as a buffer.
 * Built with gcc -O3, as TVM's LLVM backend builds at O3.
 *
 * b holds the PrimFunc's parameters in order, float32, C order; the last
 * one (the only output of every kernel here) is written. */
#ifndef TIR_BENCH_NATIVE_MODELS_H
#define TIR_BENCH_NATIVE_MODELS_H

void native_models_conv3x3_relu(void *const *b);
void native_models_conv3x3_s2_relu(void *const *b);
void native_models_conv1x1(void *const *b);
void native_models_conv1x1_relu6(void *const *b);
void native_models_depthwise3x3_relu6(void *const *b);
void native_models_depthwise3x3_s2_relu6(void *const *b);
void native_models_max_pool3x3_s2(void *const *b);
void native_models_global_avg_pool(void *const *b);
void native_models_dense_batch8_relu(void *const *b);
void native_models_batch_matmul_heads(void *const *b);
void native_models_transpose_heads(void *const *b);
void native_models_softmax_rows(void *const *b);
void native_models_layer_norm(void *const *b);
void native_models_square(void *const *b);
void native_models_gelu_erf(void *const *b);

#endif
