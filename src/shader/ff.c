/* nereid: fixed-function shader generation.  See ff.h. */
#include "ff.h"

#include "spv.h"

static bool ff_finish(struct spv_builder *b, uint32_t **words, size_t *count)
{
    bool ok = spv_finish(b, words, count);
    spv_builder_cleanup(b);
    return ok;
}

bool ff_build_xyzrhw_diffuse_vs(uint32_t **words, size_t *count)
{
    struct spv_builder b;
    uint32_t t_void, t_fn, t_float, t_vec2, t_vec4, t_bool, t_push;
    uint32_t v_pos, v_col_in, v_push, v_position, v_col_out;
    uint32_t fn, pos, col, s2n, rhw, w, xy, scale, offset, ndc, z, out[3];
    uint32_t idx0, t_ptr, ptr, zero, one, nonzero, inv;
    static const uint32_t sel_xy[2] = {0, 1}, sel_zw[2] = {2, 3};

    spv_builder_init(&b);
    spv_capability(&b, SpvCapabilityShader);

    t_void = spv_type_void(&b);
    t_fn = spv_type_function(&b, t_void, NULL, 0);
    t_float = spv_type_float(&b, 32);
    t_vec2 = spv_type_vec(&b, t_float, 2);
    t_vec4 = spv_type_vec(&b, t_float, 4);
    t_bool = spv_type_bool(&b);

    /* Interface. */
    v_pos = spv_global_variable(&b, t_vec4, SpvStorageClassInput, 0);
    spv_decorate_location(&b, v_pos, 0);
    spv_name(&b, v_pos, "in_position_rhw");

    v_col_in = spv_global_variable(&b, t_vec4, SpvStorageClassInput, 0);
    spv_decorate_location(&b, v_col_in, 1);
    spv_name(&b, v_col_in, "in_diffuse");

    v_position = spv_global_variable(&b, t_vec4, SpvStorageClassOutput, 0);
    spv_decorate_builtin(&b, v_position, SpvBuiltInPosition);
    spv_name(&b, v_position, "gl_Position");

    v_col_out = spv_global_variable(&b, t_vec4, SpvStorageClassOutput, 0);
    spv_decorate_location(&b, v_col_out, 0);
    spv_name(&b, v_col_out, "out_diffuse");

    t_push = spv_type_struct_unique(&b, &t_vec4, 1);
    spv_decorate_block(&b, t_push);
    spv_member_offset(&b, t_push, 0, 0);
    spv_name(&b, t_push, "ff_xyzrhw_push");
    spv_member_name(&b, t_push, 0, "screen_to_ndc");
    v_push = spv_global_variable(&b, t_push, SpvStorageClassPushConstant, 0);
    spv_name(&b, v_push, "pc");

    /* main */
    fn = spv_function_begin(&b, t_void, t_fn, SpvFunctionControlMaskNone);
    spv_name(&b, fn, "main");
    spv_label(&b);

    pos = spv_load(&b, t_vec4, v_pos);
    col = spv_load(&b, t_vec4, v_col_in);
    idx0 = spv_const_i32(&b, 0);
    t_ptr = spv_type_pointer(&b, SpvStorageClassPushConstant, t_vec4);
    ptr = spv_access_chain(&b, t_ptr, v_push, &idx0, 1);
    s2n = spv_load(&b, t_vec4, ptr);

    /* w = rhw != 0 ? 1/rhw : 1 (one statement per instruction so that the
     * id order does not depend on argument evaluation order) */
    rhw = spv_composite_extract1(&b, t_float, pos, 3);
    zero = spv_const_f32(&b, 0.0f);
    one = spv_const_f32(&b, 1.0f);
    nonzero = spv_compare(&b, SpvOpFUnordNotEqual, t_bool, rhw, zero);
    inv = spv_fdiv(&b, t_float, one, rhw);
    w = spv_select(&b, t_float, nonzero, inv, one);

    /* ndc.xy = pos.xy * s2n.xy + s2n.zw */
    xy = spv_vector_shuffle(&b, t_vec2, pos, pos, sel_xy, 2);
    scale = spv_vector_shuffle(&b, t_vec2, s2n, s2n, sel_xy, 2);
    offset = spv_vector_shuffle(&b, t_vec2, s2n, s2n, sel_zw, 2);
    ndc = spv_fmul(&b, t_vec2, xy, scale);
    ndc = spv_fadd(&b, t_vec2, ndc, offset);

    /* gl_Position = vec4(ndc.xy * w, z * w, w) */
    z = spv_composite_extract1(&b, t_float, pos, 2);
    out[0] = spv_vector_times_scalar(&b, t_vec2, ndc, w);
    out[1] = spv_fmul(&b, t_float, z, w);
    out[2] = w;
    spv_store(&b, v_position, spv_composite_construct(&b, t_vec4, out, 3));
    spv_store(&b, v_col_out, col);

    spv_return(&b);
    spv_function_end(&b);

    spv_entry_point(&b, SpvExecutionModelVertex, fn, "main", NULL, 0);
    return ff_finish(&b, words, count);
}

bool ff_build_diffuse_fs(uint32_t **words, size_t *count)
{
    struct spv_builder b;
    uint32_t t_void, t_fn, t_vec4, v_in, v_out, fn;

    spv_builder_init(&b);
    spv_capability(&b, SpvCapabilityShader);

    t_void = spv_type_void(&b);
    t_fn = spv_type_function(&b, t_void, NULL, 0);
    t_vec4 = spv_type_vec(&b, spv_type_float(&b, 32), 4);

    v_in = spv_global_variable(&b, t_vec4, SpvStorageClassInput, 0);
    spv_decorate_location(&b, v_in, 0);
    spv_name(&b, v_in, "in_diffuse");

    v_out = spv_global_variable(&b, t_vec4, SpvStorageClassOutput, 0);
    spv_decorate_location(&b, v_out, 0);
    spv_name(&b, v_out, "out_colour");

    fn = spv_function_begin(&b, t_void, t_fn, SpvFunctionControlMaskNone);
    spv_name(&b, fn, "main");
    spv_label(&b);
    spv_store(&b, v_out, spv_load(&b, t_vec4, v_in));
    spv_return(&b);
    spv_function_end(&b);

    spv_entry_point(&b, SpvExecutionModelFragment, fn, "main", NULL, 0);
    spv_execution_mode(&b, fn, SpvExecutionModeOriginUpperLeft, NULL, 0);
    return ff_finish(&b, words, count);
}
