/* The presentation path's shaders: see present.h. */
#include "shader/present.h"
#include "shader/spv.h"

bool nr_gamma_shader(uint32_t **words, size_t *count)
{
    struct spv_builder b;
    bool ok;

    spv_builder_init(&b);
    spv_capability(&b, SpvCapabilityShader);
    spv_capability(&b, SpvCapabilityImageQuery);
    uint32_t t_void = spv_type_void(&b), t_fn = spv_type_function(&b, t_void, NULL, 0);
    uint32_t t_f = spv_type_float(&b, 32), t_u = spv_type_int(&b, 32, false);
    uint32_t t_i = spv_type_int(&b, 32, true), t_bool = spv_type_bool(&b);
    uint32_t t_v4 = spv_type_vec(&b, t_f, 4), t_v3u = spv_type_vec(&b, t_u, 3);
    uint32_t t_v2u = spv_type_vec(&b, t_u, 2), t_v2i = spv_type_vec(&b, t_i, 2);
    uint32_t t_v4u = spv_type_vec(&b, t_u, 4), t_v2b = spv_type_vec(&b, t_bool, 2);

    /* The bindings. */
    uint32_t t_src = spv_type_image(&b, t_f, SpvDim2D, 0, false, false, 1,
                                    SpvImageFormatUnknown);
    uint32_t t_dst = spv_type_image(&b, t_f, SpvDim2D, 0, false, false, 2, SpvImageFormatRgba8);
    uint32_t src = spv_global_variable(&b, t_src, SpvStorageClassUniformConstant, 0);
    uint32_t dst = spv_global_variable(&b, t_dst, SpvStorageClassUniformConstant, 0);
    uint32_t t_arr = spv_type_array_unique(&b, t_u, 3 * NR_GAMMA_ENTRIES);
    spv_decorate_array_stride(&b, t_arr, 4);
    uint32_t t_ramp = spv_type_struct_unique(&b, &t_arr, 1);
    spv_decorate_block(&b, t_ramp);
    spv_member_offset(&b, t_ramp, 0, 0);
    uint32_t ramp = spv_global_variable(&b, t_ramp, SpvStorageClassStorageBuffer, 0);
    const uint32_t vars[3] = {src, dst, ramp};
    for (uint32_t i = 0; i < 3; i++) {
        spv_decorate_descriptor_set(&b, vars[i], 0);
        spv_decorate_binding(&b, vars[i], i);
    }
    spv_decorate(&b, dst, SpvDecorationNonReadable, NULL, 0);
    spv_decorate(&b, ramp, SpvDecorationNonWritable, NULL, 0);
    uint32_t gid = spv_global_variable(&b, t_v3u, SpvStorageClassInput, 0);
    spv_decorate_builtin(&b, gid, SpvBuiltInGlobalInvocationId);

    uint32_t fn = spv_function_begin(&b, t_void, t_fn, 0);
    spv_label(&b);
    uint32_t id3 = spv_load(&b, t_v3u, gid);
    uint32_t xy = spv_vector_shuffle(&b, t_v2u, id3, id3, (const uint32_t[]){0, 1}, 2);
    uint32_t dst_img = spv_load(&b, t_dst, dst);
    uint32_t size = spv_op(&b, SpvOpImageQuerySize, t_v2i, &dst_img, 1);
    uint32_t usize = spv_convert(&b, SpvOpBitcast, t_v2u, size);
    uint32_t inside = spv_compare(&b, SpvOpULessThan, t_v2b, xy, usize);
    uint32_t all = spv_op(&b, SpvOpAll, t_bool, &inside, 1);
    uint32_t body = spv_id(&b), end = spv_id(&b);
    spv_selection_merge(&b, end, 0);
    spv_branch_cond(&b, all, body, end);

    spv_label_at(&b, body);
    uint32_t ixy = spv_convert(&b, SpvOpBitcast, t_v2i, xy);
    uint32_t src_img = spv_load(&b, t_src, src);
    uint32_t c = spv_op(&b, SpvOpImageFetch, t_v4,
                        (const uint32_t[]){src_img, ixy, SpvImageOperandsLodMask,
                                           spv_const_i32(&b, 0)},
                        4);
    /* round(clamp(c, 0, 1) * 255) */
    const float zero4[4] = {0, 0, 0, 0}, one4[4] = {1, 1, 1, 1};
    uint32_t cl = spv_glsl3(&b, t_v4, GLSLstd450FClamp, c, spv_const_vec_f32(&b, zero4, 4),
                            spv_const_vec_f32(&b, one4, 4));
    uint32_t sc = spv_vector_times_scalar(&b, t_v4, cl, spv_const_f32(&b, 255.0f));
    uint32_t rn = spv_glsl1(&b, t_v4, GLSLstd450RoundEven, sc);
    uint32_t idx = spv_convert(&b, SpvOpConvertFToU, t_v4u, rn);
    uint32_t t_pu = spv_type_pointer(&b, SpvStorageClassStorageBuffer, t_u);
    uint32_t out[4];
    for (uint32_t ch = 0; ch < 3; ch++) {
        uint32_t i = spv_composite_extract1(&b, t_u, idx, ch);
        i = spv_binop(&b, SpvOpIAdd, t_u, i, spv_const_u32(&b, ch * NR_GAMMA_ENTRIES));
        uint32_t p = spv_access_chain(&b, t_pu, ramp,
                                      (const uint32_t[]){spv_const_u32(&b, 0), i}, 2);
        uint32_t v = spv_convert(&b, SpvOpConvertUToF, t_f, spv_load(&b, t_u, p));
        out[ch] = spv_fmul(&b, t_f, v, spv_const_f32(&b, 1.0f / 65535.0f));
    }
    out[3] = spv_const_f32(&b, 1.0f);
    uint32_t o = spv_composite_construct(&b, t_v4, out, 4);
    spv_op(&b, SpvOpImageWrite, 0, (const uint32_t[]){dst_img, ixy, o}, 3);
    spv_branch(&b, end);

    spv_label_at(&b, end);
    spv_return(&b);
    spv_function_end(&b);
    spv_entry_point(&b, SpvExecutionModelGLCompute, fn, "main", &gid, 1);
    spv_execution_mode(&b, fn, SpvExecutionModeLocalSize,
                       (const uint32_t[]){NR_GAMMA_LOCAL_SIZE, NR_GAMMA_LOCAL_SIZE, 1}, 3);
    ok = spv_finish(&b, words, count);
    spv_builder_cleanup(&b);
    return ok;
}
