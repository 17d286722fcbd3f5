/* Unit test for the SPIR-V builder (src/shader/spv.c) and the first
 * generated fixed-function shaders (src/shader/ff.c).
 *
 * Every generated module must pass `spirv-val --target-env vulkan1.3`;
 * a missing spirv-val is a failure, not a skip.
 *
 * Set NEREID_SPV_DUMP_DIR=/some/dir to keep the modules (as NAME.spv) for
 * spirv-dis. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "spirv_util.h"
#include "shader/ff.h"
#include "shader/present.h"
#include "shader/spv.h"

static int have_spirv_val;

static void dump(const char *name, const uint32_t *words, size_t count)
{
    const char *dir = getenv("NEREID_SPV_DUMP_DIR");
    char path[4096];

    if (!dir || !*dir)
        return;
    snprintf(path, sizeof(path), "%s/%s.spv", dir, name);
    if (!write_file(path, words, count))
        fprintf(stderr, "could not write %s\n", path);
}

static void check_valid(const char *name, const uint32_t *words, size_t count)
{
    int rc;

    dump(name, words, count);
    if (!have_spirv_val) {
        ok(0, "%s: spirv-val is not installed; cannot validate", name);
        return;
    }
    rc = spirv_val(words, count, 0);
    ok(rc == 0, "%s: spirv-val exit status %d", name, rc);
}

/* Walks the instruction stream; returns 1 when every instruction's word
 * count is sane and the stream ends exactly at `count`. */
static int well_formed(const uint32_t *w, size_t count)
{
    size_t pos = 5;

    while (pos < count) {
        uint32_t n = w[pos] >> 16;
        if (n == 0 || pos + n > count)
            return 0;
        pos += n;
    }
    return pos == count;
}

/* Counts instructions with the given opcode. */
static unsigned count_op(const uint32_t *w, size_t count, SpvOp op)
{
    size_t pos = 5;
    unsigned k = 0;

    while (pos < count && (w[pos] >> 16)) {
        if ((w[pos] & 0xFFFFu) == (uint32_t)op)
            k++;
        pos += w[pos] >> 16;
    }
    return k;
}

/* Finds the first instruction with the given opcode; NULL if none. */
static const uint32_t *find_op(const uint32_t *w, size_t count, SpvOp op)
{
    size_t pos = 5;

    while (pos < count && (w[pos] >> 16)) {
        if ((w[pos] & 0xFFFFu) == (uint32_t)op)
            return w + pos;
        pos += w[pos] >> 16;
    }
    return NULL;
}

static void check_header(const char *name, const uint32_t *w, size_t count)
{
    ok(count > 5, "%s: module has a body (%zu words)", name, count);
    if (count <= 5)
        return;
    ok(w[0] == 0x07230203u, "%s: magic %#x", name, w[0]);
    ok(w[1] == 0x00010300u, "%s: version %#x", name, w[1]);
    ok(w[2] == 0, "%s: generator %#x", name, w[2]);
    ok(w[3] > 1, "%s: bound %u", name, w[3]);
    ok(w[4] == 0, "%s: schema %u", name, w[4]);
    ok(well_formed(w, count), "%s: instruction stream well formed", name);
}

static void test_ff_vs(void)
{
    uint32_t *w = NULL;
    size_t n = 0;
    const uint32_t *ep;

    ok(ff_build_xyzrhw_diffuse_vs(&w, &n), "build xyzrhw/diffuse VS");
    if (!w)
        return;
    check_header("ff_vs", w, n);
    ep = find_op(w, n, SpvOpEntryPoint);
    ok(ep && ep[1] == SpvExecutionModelVertex &&
           memcmp(ep + 3, "main", 5) == 0,
       "ff_vs: Vertex entry point \"main\"");
    ok(count_op(w, n, SpvOpCapability) == 1, "ff_vs: one capability");
    check_valid("ff_xyzrhw_diffuse_vs", w, n);
    free(w);
}

static void test_ff_fs(void)
{
    uint32_t *w = NULL;
    size_t n = 0;
    const uint32_t *ep, *em;

    ok(ff_build_diffuse_fs(&w, &n), "build diffuse FS");
    if (!w)
        return;
    check_header("ff_fs", w, n);
    ep = find_op(w, n, SpvOpEntryPoint);
    ok(ep && ep[1] == SpvExecutionModelFragment &&
           memcmp(ep + 3, "main", 5) == 0,
       "ff_fs: Fragment entry point \"main\"");
    em = find_op(w, n, SpvOpExecutionMode);
    ok(em && ep && em[1] == ep[2] && em[2] == SpvExecutionModeOriginUpperLeft,
       "ff_fs: OriginUpperLeft");
    check_valid("ff_diffuse_fs", w, n);

    /* The validator check is live: a broken module is rejected. */
    if (have_spirv_val && n > 8) {
        uint32_t *bad = malloc(n * sizeof(*bad));
        if (bad) {
            const uint32_t *mm = find_op(w, n, SpvOpMemoryModel);
            memcpy(bad, w, n * sizeof(*bad));
            if (mm) /* point the memory model at a bogus value */
                bad[(mm - w) + 2] = 0x7777;
            ok(mm && spirv_val(bad, n, 1) != 0,
               "spirv-val rejects a corrupted module");
            free(bad);
        }
    }
    free(w);
}

static void test_dedup(void)
{
    struct spv_builder b;
    uint32_t f32, v4a, v4b, p1, p2, fn1, fn2, params[2];
    uint32_t c1, c2, ci, cf0, cfn0, cv1, cv2, m[2], s1, s2, su, a1, a2, au;
    uint32_t *w = NULL;
    size_t n = 0;

    spv_builder_init(&b);
    spv_capability(&b, SpvCapabilityShader);
    spv_capability(&b, SpvCapabilityShader);

    f32 = spv_type_float(&b, 32);
    ok(f32 == spv_type_float(&b, 32), "float type dedup");
    v4a = spv_type_vec(&b, spv_type_float(&b, 32), 4);
    v4b = spv_type_vec(&b, spv_type_float(&b, 32), 4);
    ok(v4a == v4b, "vec4 type dedup (%u, %u)", v4a, v4b);
    ok(v4a != spv_type_vec(&b, f32, 3), "vec3 differs from vec4");
    ok(spv_type_int(&b, 32, true) != spv_type_int(&b, 32, false),
       "signed and unsigned int differ");
    ok(spv_type_int(&b, 32, true) == spv_type_int(&b, 32, true),
       "int type dedup");
    ok(spv_type_void(&b) == spv_type_void(&b), "void dedup");
    ok(spv_type_bool(&b) == spv_type_bool(&b), "bool dedup");
    ok(spv_type_mat(&b, v4a, 4) == spv_type_mat(&b, v4b, 4), "mat4 dedup");
    p1 = spv_type_pointer(&b, SpvStorageClassInput, v4a);
    p2 = spv_type_pointer(&b, SpvStorageClassInput, v4a);
    ok(p1 == p2, "pointer dedup");
    ok(p1 != spv_type_pointer(&b, SpvStorageClassOutput, v4a),
       "pointer storage classes differ");
    params[0] = f32;
    params[1] = v4a;
    fn1 = spv_type_function(&b, spv_type_void(&b), params, 2);
    fn2 = spv_type_function(&b, spv_type_void(&b), params, 2);
    ok(fn1 == fn2, "function type dedup");
    ok(fn1 != spv_type_function(&b, spv_type_void(&b), params, 1),
       "function types with different params differ");
    a1 = spv_type_array(&b, v4a, 4);
    a2 = spv_type_array(&b, v4a, 4);
    au = spv_type_array_unique(&b, v4a, 4);
    ok(a1 == a2 && au != a1, "array dedup; unique array is fresh");
    m[0] = f32;
    m[1] = v4a;
    s1 = spv_type_struct(&b, m, 2);
    s2 = spv_type_struct(&b, m, 2);
    su = spv_type_struct_unique(&b, m, 2);
    ok(s1 == s2 && su != s1, "struct dedup; unique struct is fresh");

    c1 = spv_const_u32(&b, 1);
    c2 = spv_const_u32(&b, 1);
    ci = spv_const_i32(&b, 1);
    ok(c1 == c2, "u32 constant dedup");
    ok(c1 != ci, "u32 1 and i32 1 differ");
    ok(ci == spv_const_i32(&b, 1), "i32 constant dedup");
    ok(spv_const_u32(&b, 4) == spv_const_u32(&b, 4), "array length const");
    cf0 = spv_const_f32(&b, 0.0f);
    cfn0 = spv_const_f32(&b, -0.0f);
    ok(cf0 == spv_const_f32(&b, 0.0f), "f32 constant dedup");
    ok(cf0 != cfn0, "0.0 and -0.0 differ");
    ok(spv_const_f32(&b, 1.0f) != spv_const_u32(&b, 0x3f800000u),
       "f32 1.0 and u32 0x3f800000 differ");
    ok(spv_const_bool(&b, true) == spv_const_bool(&b, true) &&
           spv_const_bool(&b, true) != spv_const_bool(&b, false),
       "bool constant dedup");
    {
        static const float v[4] = {1, 2, 3, 4};
        cv1 = spv_const_vec_f32(&b, v, 4);
        cv2 = spv_const_vec_f32(&b, v, 4);
    }
    ok(cv1 == cv2, "composite constant dedup");
    ok(spv_const_null(&b, v4a) == spv_const_null(&b, v4a), "null dedup");
    ok(spv_import_glsl450(&b) == spv_import_glsl450(&b) &&
           spv_ext_inst_import(&b, "GLSL.std.450") == spv_import_glsl450(&b),
       "GLSL.std.450 imported once");
    spv_extension(&b, "SPV_KHR_storage_buffer_storage_class");
    spv_extension(&b, "SPV_KHR_storage_buffer_storage_class");

    ok(spv_finish(&b, &w, &n), "dedup module finishes: %s",
       spv_error(&b) ? spv_error(&b) : "");
    if (w) {
        ok(count_op(w, n, SpvOpCapability) == 1, "capability emitted once");
        ok(count_op(w, n, SpvOpExtension) == 1, "extension emitted once");
        ok(count_op(w, n, SpvOpExtInstImport) == 1, "import emitted once");
        ok(count_op(w, n, SpvOpTypeFloat) == 1, "one OpTypeFloat");
        ok(count_op(w, n, SpvOpTypeVector) == 2, "two OpTypeVector");
        ok(count_op(w, n, SpvOpTypeStruct) == 2, "two OpTypeStruct");
        ok(w[3] == b.next_id, "bound is next id");
        free(w);
    }
    spv_builder_cleanup(&b);
}

/* A fragment shader touching most of the builder: a uniform block with a
 * column-major matrix and a strided array, a row-major push constant, a
 * combined image sampler, Flat integer input, a Private global, a local
 * variable declared mid-function, a loop, selections with a phi, kill,
 * demote and GLSL.std.450. */
static void build_exercise(struct spv_builder *b)
{
    uint32_t t_void, t_fn, t_f, t_i, t_bool, t_v2, t_v4, t_m4, t_arr, t_ubo;
    uint32_t t_img, t_si, t_pc, mem[2];
    uint32_t v_ubo, v_tex, v_pc, v_in, v_idx, v_out, v_priv;
    uint32_t fn, acc_var, i_var, idx, x, i, cond, ptr, v, acc, m, mv, uv, s;
    uint32_t d, c, lt, res, a_then, a_else, a, pair[4], idx2[2];
    uint32_t l_header, l_check, l_body, l_cont, l_merge, l_kill, l_m2;
    uint32_t l_then, l_else, l_m3, l_demote, l_m4, one_i, zero_i, three_i;
    static const uint32_t xy[2] = {0, 1};
    static const uint32_t w3 = 3;

    spv_capability(b, SpvCapabilityShader);
    t_void = spv_type_void(b);
    t_fn = spv_type_function(b, t_void, NULL, 0);
    t_f = spv_type_float(b, 32);
    t_i = spv_type_int(b, 32, true);
    t_bool = spv_type_bool(b);
    t_v2 = spv_type_vec(b, t_f, 2);
    t_v4 = spv_type_vec(b, t_f, 4);
    t_m4 = spv_type_mat(b, t_v4, 4);

    t_arr = spv_type_array_unique(b, t_v4, 4);
    spv_decorate_array_stride(b, t_arr, 16);
    mem[0] = t_m4;
    mem[1] = t_arr;
    t_ubo = spv_type_struct_unique(b, mem, 2);
    spv_decorate_block(b, t_ubo);
    spv_decorate_block(b, t_ubo); /* deduplicated */
    spv_member_offset(b, t_ubo, 0, 0);
    spv_member_col_major(b, t_ubo, 0);
    spv_member_matrix_stride(b, t_ubo, 0, 16);
    spv_member_offset(b, t_ubo, 1, 64);
    spv_name(b, t_ubo, "ubo_t");
    spv_member_name(b, t_ubo, 0, "world");
    spv_member_name(b, t_ubo, 1, "consts");
    v_ubo = spv_global_variable(b, t_ubo, SpvStorageClassUniform, 0);
    spv_decorate_descriptor_set(b, v_ubo, 0);
    spv_decorate_binding(b, v_ubo, 1);

    t_img = spv_type_image(b, t_f, SpvDim2D, 0, false, false, 1,
                           SpvImageFormatUnknown);
    t_si = spv_type_sampled_image(b, t_img);
    v_tex = spv_global_variable(b, t_si, SpvStorageClassUniformConstant, 0);
    spv_decorate_descriptor_set(b, v_tex, 0);
    spv_decorate_binding(b, v_tex, 0);

    t_pc = spv_type_struct_unique(b, &t_m4, 1);
    spv_decorate_block(b, t_pc);
    spv_member_offset(b, t_pc, 0, 0);
    spv_member_row_major(b, t_pc, 0);
    spv_member_matrix_stride(b, t_pc, 0, 16);
    v_pc = spv_global_variable(b, t_pc, SpvStorageClassPushConstant, 0);

    v_in = spv_global_variable(b, t_v4, SpvStorageClassInput, 0);
    spv_decorate_location(b, v_in, 0);
    v_idx = spv_global_variable(b, t_i, SpvStorageClassInput, 0);
    spv_decorate_location(b, v_idx, 1);
    spv_decorate_flat(b, v_idx);
    v_out = spv_global_variable(b, t_v4, SpvStorageClassOutput, 0);
    spv_decorate_location(b, v_out, 0);
    v_priv = spv_global_variable(b, t_v4, SpvStorageClassPrivate,
                                 spv_const_null(b, t_v4));

    zero_i = spv_const_i32(b, 0);
    one_i = spv_const_i32(b, 1);
    three_i = spv_const_i32(b, 3);

    fn = spv_function_begin(b, t_void, t_fn, SpvFunctionControlMaskNone);
    spv_name(b, fn, "main");
    spv_label(b);
    acc_var = spv_local_variable(b, t_v4, spv_const_null(b, t_v4));
    x = spv_load(b, t_v4, v_in);
    idx = spv_load(b, t_i, v_idx);
    /* Declared after instructions: must be hoisted to the entry block. */
    i_var = spv_local_variable(b, t_i, zero_i);

    l_header = spv_id(b);
    l_check = spv_id(b);
    l_body = spv_id(b);
    l_cont = spv_id(b);
    l_merge = spv_id(b);
    spv_branch(b, l_header);

    spv_label_at(b, l_header);
    spv_loop_merge(b, l_merge, l_cont, SpvLoopControlMaskNone);
    spv_branch(b, l_check);

    spv_label_at(b, l_check);
    i = spv_load(b, t_i, i_var);
    cond = spv_compare(b, SpvOpSLessThan, t_bool, i, idx);
    spv_branch_cond(b, cond, l_body, l_merge);

    spv_label_at(b, l_body);
    idx2[0] = one_i;
    idx2[1] = spv_binop(b, SpvOpBitwiseAnd, t_i, i, three_i);
    ptr = spv_access_chain(b, spv_type_pointer(b, SpvStorageClassUniform, t_v4),
                           v_ubo, idx2, 2);
    v = spv_load(b, t_v4, ptr);
    acc = spv_load(b, t_v4, acc_var);
    spv_store(b, acc_var, spv_fadd(b, t_v4, acc, v));
    spv_branch(b, l_cont);

    spv_label_at(b, l_cont);
    spv_store(b, i_var, spv_binop(b, SpvOpIAdd, t_i, i, one_i));
    spv_branch(b, l_header);

    spv_label_at(b, l_merge);
    ptr = spv_access_chain(b,
                           spv_type_pointer(b, SpvStorageClassPushConstant,
                                            t_m4),
                           v_pc, &zero_i, 1);
    m = spv_load(b, t_m4, ptr);
    mv = spv_matrix_times_vector(b, t_v4, m, spv_load(b, t_v4, acc_var));
    ptr = spv_access_chain(b, spv_type_pointer(b, SpvStorageClassUniform, t_m4),
                           v_ubo, &zero_i, 1);
    mv = spv_vector_times_matrix(b, t_v4, mv, spv_load(b, t_m4, ptr));
    uv = spv_vector_shuffle(b, t_v2, x, x, xy, 2);
    {
        uint32_t ops[2] = {spv_load(b, t_si, v_tex), uv};
        s = spv_op(b, SpvOpImageSampleImplicitLod, t_v4, ops, 2);
    }
    d = spv_dot(b, t_f, mv, s);
    c = spv_glsl3(b, t_f, GLSLstd450FClamp, d, spv_const_f32(b, 0.0f),
                  spv_const_f32(b, 1.0f));
    c = spv_fsub(b, t_f, c, spv_fnegate(b, t_f, spv_const_f32(b, 0.0f)));
    c = spv_fdiv(b, t_f, spv_fmul(b, t_f, c, c), spv_const_f32(b, 2.0f));

    /* if (c < 0.25) discard; */
    l_kill = spv_id(b);
    l_m2 = spv_id(b);
    lt = spv_compare(b, SpvOpFOrdLessThan, t_bool, c,
                     spv_const_f32(b, 0.25f));
    spv_selection_merge(b, l_m2, SpvSelectionControlMaskNone);
    spv_branch_cond(b, lt, l_kill, l_m2);
    spv_label_at(b, l_kill);
    spv_kill(b);
    spv_label_at(b, l_m2);

    /* a = c > 0.5 ? (then) : (else), through a phi */
    l_then = spv_id(b);
    l_else = spv_id(b);
    l_m3 = spv_id(b);
    lt = spv_compare(b, SpvOpFOrdGreaterThan, t_bool, c,
                     spv_const_f32(b, 0.5f));
    spv_selection_merge(b, l_m3, SpvSelectionControlMaskNone);
    spv_branch_cond(b, lt, l_then, l_else);
    spv_label_at(b, l_then);
    a_then = spv_glsl1(b, t_f, GLSLstd450Sqrt, c);
    spv_branch(b, l_m3);
    spv_label_at(b, l_else);
    a_else = spv_glsl2(b, t_f, GLSLstd450Pow, c, spv_const_f32(b, 2.0f));
    spv_branch(b, l_m3);
    spv_label_at(b, l_m3);
    pair[0] = a_then;
    pair[1] = l_then;
    pair[2] = a_else;
    pair[3] = l_else;
    a = spv_phi(b, t_f, pair, 4);

    /* if (a > 0.9) demote; */
    l_demote = spv_id(b);
    l_m4 = spv_id(b);
    lt = spv_compare(b, SpvOpFOrdGreaterThan, t_bool, a,
                     spv_const_f32(b, 0.9f));
    spv_selection_merge(b, l_m4, SpvSelectionControlMaskNone);
    spv_branch_cond(b, lt, l_demote, l_m4);
    spv_label_at(b, l_demote);
    spv_demote(b);
    spv_branch(b, l_m4);
    spv_label_at(b, l_m4);

    res = spv_vector_times_scalar(b, t_v4, s, a);
    res = spv_composite_insert(b, t_v4, spv_composite_extract1(b, t_f, x, 3),
                               res, &w3, 1);
    {
        uint32_t bv[4], t_bv4 = spv_type_vec(b, t_bool, 4);
        bv[0] = bv[1] = bv[2] = bv[3] = spv_const_bool(b, true);
        bv[3] = spv_const_bool(b, false);
        res = spv_select(b, t_v4, spv_const_composite(b, t_bv4, bv, 4), res,
                         spv_load(b, t_v4, v_priv));
    }
    spv_store(b, v_priv, res);
    spv_store(b, v_out, res);
    spv_return(b);
    spv_function_end(b);

    spv_entry_point(b, SpvExecutionModelFragment, fn, "main", NULL, 0);
    spv_execution_mode(b, fn, SpvExecutionModeOriginUpperLeft, NULL, 0);
}

static void test_exercise(uint32_t **ref, size_t *ref_n)
{
    struct spv_builder b;
    uint32_t *w = NULL;
    size_t n = 0;

    spv_builder_init(&b);
    build_exercise(&b);
    ok(spv_finish(&b, &w, &n), "exercise module finishes: %s",
       spv_error(&b) ? spv_error(&b) : "");
    spv_builder_cleanup(&b);
    *ref = w;
    *ref_n = n;
    if (!w)
        return;
    check_header("exercise", w, n);
    ok(count_op(w, n, SpvOpDecorate) + count_op(w, n, SpvOpMemberDecorate) ==
           18,
       "exercise: decorations deduplicated (%u)",
       count_op(w, n, SpvOpDecorate) + count_op(w, n, SpvOpMemberDecorate));
    check_valid("exercise_fs", w, n);
}

/* Allocation failure at every point: spv_finish must report it, never
 * crash, and with enough memory produce the reference module. */
static void test_alloc_failure(const uint32_t *ref, size_t ref_n)
{
    struct spv_builder b;
    uint32_t *w;
    size_t n, limit;
    unsigned failures = 0, bad = 0;
    int succeeded = 0;

    spv_builder_init(&b);
    spv_builder_set_alloc_limit(&b, 64);
    build_exercise(&b);
    w = (uint32_t *)1;
    n = 1;
    ok(!spv_finish(&b, &w, &n), "tiny allocator limit: spv_finish fails");
    ok(w == NULL && n == 0, "failed finish returns no module");
    ok(b.out_of_memory && spv_error(&b) != NULL, "out-of-memory reported: %s",
       spv_error(&b) ? spv_error(&b) : "(none)");
    spv_builder_cleanup(&b);

    for (limit = 0; limit < (1u << 20) && !succeeded; limit += 64) {
        spv_builder_init(&b);
        spv_builder_set_alloc_limit(&b, limit ? limit : 1);
        build_exercise(&b);
        if (spv_finish(&b, &w, &n)) {
            succeeded = 1;
            if (!ref || n != ref_n || memcmp(w, ref, n * sizeof(*w)) != 0)
                bad++;
            free(w);
        } else {
            failures++;
            if (w || n || !b.out_of_memory)
                bad++;
        }
        spv_builder_cleanup(&b);
    }
    ok(failures > 10, "limit sweep hit allocation failures (%u)", failures);
    ok(succeeded, "limit sweep eventually succeeds");
    ok(bad == 0, "sweep: every result is a clean failure or the reference");
}

static void test_misuse(void)
{
    struct spv_builder b;
    uint32_t *w = NULL;
    size_t n = 0;
    uint32_t t_void, t_fn, t_f;

    /* Instruction outside a block. */
    spv_builder_init(&b);
    t_f = spv_type_float(&b, 32);
    spv_fadd(&b, t_f, spv_const_f32(&b, 1), spv_const_f32(&b, 2));
    ok(!spv_finish(&b, &w, &n) && !w, "instruction outside a block fails: %s",
       spv_error(&b) ? spv_error(&b) : "(none)");
    spv_builder_cleanup(&b);

    /* Unterminated block at function end. */
    spv_builder_init(&b);
    t_void = spv_type_void(&b);
    t_fn = spv_type_function(&b, t_void, NULL, 0);
    spv_function_begin(&b, t_void, t_fn, 0);
    spv_label(&b);
    spv_function_end(&b);
    ok(!spv_finish(&b, &w, &n) && !w, "unterminated block fails: %s",
       spv_error(&b) ? spv_error(&b) : "(none)");
    spv_builder_cleanup(&b);

    /* Function left open. */
    spv_builder_init(&b);
    t_void = spv_type_void(&b);
    t_fn = spv_type_function(&b, t_void, NULL, 0);
    spv_function_begin(&b, t_void, t_fn, 0);
    spv_label(&b);
    spv_return(&b);
    ok(!spv_finish(&b, &w, &n) && !w, "open function fails");
    spv_builder_cleanup(&b);

    /* Missing result type / result type where none belongs. */
    spv_builder_init(&b);
    t_void = spv_type_void(&b);
    t_fn = spv_type_function(&b, t_void, NULL, 0);
    spv_function_begin(&b, t_void, t_fn, 0);
    spv_label(&b);
    spv_op(&b, SpvOpFAdd, 0, NULL, 0);
    spv_return(&b);
    spv_function_end(&b);
    ok(!spv_finish(&b, &w, &n), "missing result type fails");
    spv_builder_cleanup(&b);

    spv_builder_init(&b);
    t_void = spv_type_void(&b);
    t_fn = spv_type_function(&b, t_void, NULL, 0);
    spv_function_begin(&b, t_void, t_fn, 0);
    spv_label(&b);
    ok(spv_op(&b, SpvOpReturn, 0, NULL, 0) == 0, "OpReturn has no result id");
    ok(!spv_in_block(&b), "terminator closes the block");
    spv_function_end(&b);
    ok(spv_finish(&b, &w, &n), "minimal function finishes");
    free(w);
    spv_builder_cleanup(&b);
}

/* The server's gamma pass (shader/present.c). */
static void test_gamma(void)
{
    uint32_t *words = NULL;
    size_t count = 0;
    ok(nr_gamma_shader(&words, &count) && count > 5, "gamma shader: built");
    if (words)
        check_valid("gamma", words, count);
    free(words);
}

int main(void)
{
    uint32_t *ref = NULL;
    size_t ref_n = 0;

    have_spirv_val =
        system("command -v spirv-val >/dev/null 2>&1") == 0;
    ok(have_spirv_val,
       "spirv-val is required (every generated module must pass it)");

    test_ff_vs();
    test_ff_fs();
    test_dedup();
    test_exercise(&ref, &ref_n);
    test_alloc_failure(ref, ref_n);
    test_misuse();
    test_gamma();
    free(ref);
    return test_done();
}
