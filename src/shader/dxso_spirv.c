/* nereid: DXSO -> SPIR-V.  See dxso.h for the interface of the generated
 * modules (uniform buffer layout, locations, push constants, numerics).
 *
 * Model of the translation:
 *  - Every D3D9 register the shader touches is a module-scope Private
 *    variable (r#, t#, a0, aL, p0, the outputs, ps_3_0's inputs), so that
 *    subroutines (label/call, which share all registers in D3D9) are plain
 *    SPIR-V functions without parameters.  Inputs that are read-only are
 *    read from their Input variables directly.
 *  - Subroutines are emitted callee first (D3D9 forbids recursion; a cycle
 *    is refused), then main.  main copies the prologue values (ps t#,
 *    ps_3_0 v#, vPos, vFace), runs the program, and at its ret or END
 *    writes the outputs (the epilogue).
 *  - D3D9's flow control is structured, so it maps onto SPIR-V selection
 *    and loop constructs directly; break is `if (c) break;` so that the
 *    code after it stays reachable.
 *  - Every instruction computes a vec4 result that one helper writes with
 *    the result shift, saturate, write mask and predicate.
 */
#include "dxso.h"

#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "binding.h"
#include "table.h"
#include "d3d9types.h"
#include "spv.h"

#define VER(maj, min) (((maj) << 8) | (min))

enum cf_kind { CF_IF, CF_LOOP, CF_REP };

struct cf_entry {
    enum cf_kind kind;
    bool has_else;
    uint32_t merge, cont, else_label, header;
    uint32_t counter;  /* Function int var: iterations done */
    uint32_t saved_al; /* Function int var (loop) */
    uint32_t count;    /* iterations, an int id */
    uint32_t step;     /* aL step, an int id (loop) */
};

struct pending_write {
    const struct dxso_instruction *ins;
    uint32_t value;
    bool arith;
};

struct tr {
    struct spv_builder b;
    const struct dxso_shader *s;
    struct dxso_spirv_options o;
    unsigned ver;
    bool vs, ps, ps1x;
    char *err;
    size_t err_size;
    bool failed;
    size_t cur; /* index of the instruction being translated */

    /* types */
    uint32_t t_void, t_fn, t_f, t_v2, t_v3, t_v4, t_i, t_iv4, t_u, t_b,
        t_bv4;

    /* registers: Private variables, created on first use */
    uint32_t r[32];
    uint32_t t[8];       /* ps t# */
    uint32_t a0, al, p0; /* ivec4, int, bvec4 */
    uint32_t vs_out_rast[3], vs_out_d[2], vs_out_t[8];
    uint32_t vs3_out; /* Private vec4[12] */
    uint32_t ps3_in;  /* Private vec4[10] */
    uint32_t ps_oc[4], ps_depth;
    uint32_t vpos, vface;

    /* interface */
    uint32_t in_v[16];    /* vs inputs / ps_1/2 colour inputs */
    uint32_t in_tc[8];    /* ps texcoord inputs */
    uint32_t ubo;         /* the constant buffer variable */
    uint32_t ubo_struct;
    bool ubo_fog;         /* ps: fog_color and fog members (5, 6) */
    bool ubo_point;       /* vs: point member (3) */
    uint32_t push;
    uint32_t push_ps;     /* the pixel shader's push block (alpha ref) */
    uint32_t frag_coord;  /* BuiltIn FragCoord, once declared */
    uint32_t point_coord; /* BuiltIn PointCoord, once declared */
    uint32_t samplers[16];
    uint8_t sampler_dim[16];
    struct spv_table tt; /* with o.texture_table, once initialised */
    bool depth_written;

    /* what the program uses (pre-pass) */
    uint32_t used[20];      /* bit per register index, by D3DSPR type */
    bool const_rel;         /* relative c[] reads */
    bool in_rel;            /* relative v[] reads */
    bool writes_psize;      /* oPts, or a vs_3_0 dcl_psize output */

    /* constants the shader defines */
    bool def_c[256], def_i[16], def_b[16];
    uint32_t def_c_val[256][4];
    int32_t def_i_val[16][4];
    bool def_b_val[16];
    const struct dxso_instruction *dcl_in[16];  /* dcl of v#, t# (ps<3) */
    const struct dxso_instruction *dcl_tex[8];
    const struct dxso_instruction *dcl_out[12]; /* vs_3_0, first dcl */
    uint8_t dcl_sampler[20];

    /* subroutines */
    uint32_t *label_fn;   /* DXSO_MAX_LABELS entries */
    size_t *label_start;  /* instruction index of `label`, or SIZE_MAX */
    uint8_t *label_state; /* DFS: 0 new, 1 in progress, 2 done */

    /* flow control of the function being emitted */
    struct cf_entry cf[DXSO_MAX_NESTING];
    unsigned depth;

    /* ps_1_x texm3x* state */
    uint32_t pad[3];
    unsigned pad_stage[3];
    unsigned pad_count;

    /* co-issue */
    struct pending_write pending[2];
    unsigned npending;
    bool deferring;
};

static bool trfail(struct tr *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static bool trfail(struct tr *t, const char *fmt, ...)
{
    va_list ap;
    int n;
    const char *name = "";

    if (t->failed)
        return false;
    t->failed = true;
    if (!t->err || !t->err_size)
        return false;
    if (t->cur < t->s->ins_count)
        name = dxso_opcode_name(t->s->ins[t->cur].opcode);
    if (t->cur == SIZE_MAX) /* not about one instruction: no prefix */
        n = 0;
    else
        n = snprintf(t->err, t->err_size, "instruction %zu (%s): ", t->cur,
                     name ? name : "?");
    if (n < 0 || (size_t)n >= t->err_size)
        return false;
    va_start(ap, fmt);
    vsnprintf(t->err + n, t->err_size - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

/* ---- small helpers -------------------------------------------------------- */

static uint32_t cf32(struct tr *t, float v) { return spv_const_f32(&t->b, v); }
static uint32_t ci32(struct tr *t, int32_t v)
{
    return spv_const_i32(&t->b, v);
}

static uint32_t cvec4(struct tr *t, float x, float y, float z, float w)
{
    float v[4] = {x, y, z, w};
    return spv_const_vec_f32(&t->b, v, 4);
}

static uint32_t splat4(struct tr *t, uint32_t x)
{
    uint32_t c[4] = {x, x, x, x};
    return spv_composite_construct(&t->b, t->t_v4, c, 4);
}

static uint32_t splatb4(struct tr *t, uint32_t x)
{
    uint32_t c[4] = {x, x, x, x};
    return spv_composite_construct(&t->b, t->t_bv4, c, 4);
}

static uint32_t ext(struct tr *t, uint32_t v, unsigned c)
{
    return spv_composite_extract1(&t->b, t->t_f, v, c);
}

static uint32_t shuf(struct tr *t, uint32_t type, uint32_t a, uint32_t c,
                     const uint32_t *comps, unsigned n)
{
    return spv_vector_shuffle(&t->b, type, a, c, comps, n);
}

static uint32_t xyz(struct tr *t, uint32_t v)
{
    static const uint32_t c[3] = {0, 1, 2};
    return shuf(t, t->t_v3, v, v, c, 3);
}

static uint32_t xy(struct tr *t, uint32_t v)
{
    static const uint32_t c[2] = {0, 1};
    return shuf(t, t->t_v2, v, v, c, 2);
}

static uint32_t vec4_of(struct tr *t, uint32_t x, uint32_t y, uint32_t z,
                        uint32_t w)
{
    uint32_t c[4] = {x, y, z, w};
    return spv_composite_construct(&t->b, t->t_v4, c, 4);
}

static uint32_t sel4(struct tr *t, uint32_t cond_scalar, uint32_t a,
                     uint32_t c)
{
    uint32_t bc = splatb4(t, cond_scalar);
    return spv_select(&t->b, t->t_v4, bc, a, c);
}

static uint32_t glsl1(struct tr *t, uint32_t type, unsigned op, uint32_t x)
{
    return spv_glsl1(&t->b, type, op, x);
}

static uint32_t glsl2(struct tr *t, uint32_t type, unsigned op, uint32_t x,
                      uint32_t y)
{
    return spv_glsl2(&t->b, type, op, x, y);
}

static uint32_t glsl3(struct tr *t, uint32_t type, unsigned op, uint32_t x,
                      uint32_t y, uint32_t z)
{
    return spv_glsl3(&t->b, type, op, x, y, z);
}

static uint32_t private_var(struct tr *t, uint32_t type, const char *name)
{
    uint32_t v = spv_global_variable(&t->b, type, SpvStorageClassPrivate,
                                     spv_const_null(&t->b, type));
    spv_name(&t->b, v, name);
    return v;
}

static uint32_t ptr_type(struct tr *t, SpvStorageClass sc, uint32_t type)
{
    return spv_type_pointer(&t->b, sc, type);
}

/* Element `index` (an int id) of a Private vec4 array variable. */
static uint32_t array_elem(struct tr *t, uint32_t var, uint32_t index)
{
    return spv_access_chain(&t->b, ptr_type(t, SpvStorageClassPrivate,
                                            t->t_v4),
                            var, &index, 1);
}

/* ---- interface variables --------------------------------------------------- */

static uint32_t input_var(struct tr *t, uint32_t type, unsigned location,
                          bool centroid, const char *name)
{
    uint32_t v = spv_global_variable(&t->b, type, SpvStorageClassInput, 0);
    spv_decorate_location(&t->b, v, location);
    if (centroid && t->ps)
        spv_decorate(&t->b, v, SpvDecorationCentroid, NULL, 0);
    spv_name(&t->b, v, name);
    return v;
}

static uint32_t output_var(struct tr *t, uint32_t type, unsigned location,
                           const char *name)
{
    uint32_t v = spv_global_variable(&t->b, type, SpvStorageClassOutput, 0);
    spv_decorate_location(&t->b, v, location);
    spv_name(&t->b, v, name);
    return v;
}

static uint32_t builtin_var(struct tr *t, uint32_t type, SpvStorageClass sc,
                            SpvBuiltIn bi, const char *name)
{
    uint32_t v = spv_global_variable(&t->b, type, sc, 0);
    spv_decorate_builtin(&t->b, v, bi);
    spv_name(&t->b, v, name);
    return v;
}

/* D3DRS_POINTSPRITEENABLE: a texture coordinate is the point's
 * (u, v, 0, 0) (Wine's visual test_pointsize pins z and w on Windows). */
static uint32_t point_coord4(struct tr *t)
{
    uint32_t pc, c[4];
    if (!t->point_coord)
        t->point_coord = builtin_var(t, t->t_v2, SpvStorageClassInput,
                                     SpvBuiltInPointCoord, "gl_PointCoord");
    pc = spv_load(&t->b, t->t_v2, t->point_coord);
    c[0] = ext(t, pc, 0);
    c[1] = ext(t, pc, 1);
    c[2] = c[3] = cf32(t, 0);
    return spv_composite_construct(&t->b, t->t_v4, c, 4);
}

/* ps_1/2 texcoord input n (location 2 + n). */
static uint32_t tc_input(struct tr *t, unsigned n)
{
    char name[16];

    if (t->o.point_sprite)
        return point_coord4(t);
    if (!t->in_tc[n]) {
        const struct dxso_instruction *d = n < 8 ? t->dcl_tex[n] : NULL;
        snprintf(name, sizeof(name), "in_t%u", n);
        t->in_tc[n] = input_var(
            t, t->t_v4, 2 + n,
            d && (d->dst.modifiers & DXSO_DSTMOD_CENTROID), name);
    }
    return spv_load(&t->b, t->t_v4, t->in_tc[n]);
}

/* vs input v#, or ps_1/2 colour input v#. */
static uint32_t v_input(struct tr *t, unsigned n)
{
    char name[16];

    if (t->vs && (t->o.zero_inputs >> (n & 15) & 1))
        return cvec4(t, 0, 0, 0, 0);
    if (!t->in_v[n]) {
        const struct dxso_instruction *d = t->dcl_in[n];
        unsigned loc = n;
        if (t->vs && t->o.input_location && d) {
            loc = t->o.input_location(t->o.input_location_ctx, d->usage,
                                      d->usage_index, n);
            if (loc > 15) {
                trfail(t, "input_location returned %u", loc);
                loc = 0;
            }
        }
        snprintf(name, sizeof(name), "in_v%u", n);
        t->in_v[n] = input_var(t, t->t_v4, loc,
                               d && (d->dst.modifiers &
                                     DXSO_DSTMOD_CENTROID),
                               name);
        if (t->ps && t->o.flat_colors)
            spv_decorate(&t->b, t->in_v[n], SpvDecorationFlat, NULL, 0);
    }
    return spv_load(&t->b, t->t_v4, t->in_v[n]);
}

/* Members of the constant buffer Block (indices for ubo_load). */
enum {
    UBO_C = 0,
    UBO_I = 1,
    UBO_B = 2,
    UBO_PS_BUMPENV_MAT = 3,
    UBO_PS_BUMPENV_LUM = 4,
    UBO_PS_FOG_COLOR = 5,
    UBO_PS_FOG = 6,
    UBO_VS_POINT = 3,
    UBO_VS_CLIP = 4,
};

static void build_ubo(struct tr *t)
{
    unsigned nconst = t->vs ? DXSO_VS_CONSTS : DXSO_PS_CONSTS;
    uint32_t members[7], n = 3;
    uint32_t a_c, a_i, a_b, a_m = 0, a_l = 0;

    a_c = spv_type_array_unique(&t->b, t->t_v4, nconst);
    spv_decorate_array_stride(&t->b, a_c, 16);
    a_i = spv_type_array_unique(&t->b, t->t_iv4, 16);
    spv_decorate_array_stride(&t->b, a_i, 16);
    a_b = spv_type_array_unique(&t->b, t->t_u, 16);
    spv_decorate_array_stride(&t->b, a_b, 16);
    members[0] = a_c;
    members[1] = a_i;
    members[2] = a_b;
    if (t->ps) {
        a_m = spv_type_array_unique(&t->b, t->t_v4, 8);
        spv_decorate_array_stride(&t->b, a_m, 16);
        a_l = spv_type_array_unique(&t->b, t->t_v4, 8);
        spv_decorate_array_stride(&t->b, a_l, 16);
        members[3] = a_m;
        members[4] = a_l;
        n = 5;
        if (t->ubo_fog) {
            members[5] = t->t_v4;
            members[6] = t->t_v4;
            n = 7;
        }
    } else if (t->ubo_point || t->o.clip_planes) {
        /* point, then clip[] (clip planes need the point member declared
         * for their index; it is not read without force_point_size) */
        members[3] = t->t_v4;
        n = 4;
        if (t->o.clip_planes) {
            uint32_t a_clip = spv_type_array_unique(&t->b, t->t_v4, 6);
            spv_decorate_array_stride(&t->b, a_clip, 16);
            members[4] = a_clip;
            n = 5;
        }
    }
    t->ubo_struct = spv_type_struct_unique(&t->b, members, n);
    spv_decorate_block(&t->b, t->ubo_struct);
    spv_member_offset(&t->b, t->ubo_struct, 0, 0);
    spv_member_offset(&t->b, t->ubo_struct, 1, DXSO_UBO_INT_OFFSET(nconst));
    spv_member_offset(&t->b, t->ubo_struct, 2, DXSO_UBO_BOOL_OFFSET(nconst));
    spv_member_name(&t->b, t->ubo_struct, 0, "c");
    spv_member_name(&t->b, t->ubo_struct, 1, "i");
    spv_member_name(&t->b, t->ubo_struct, 2, "b");
    if (t->ps) {
        spv_member_offset(&t->b, t->ubo_struct, 3,
                          DXSO_PS_UBO_BUMPENV_MAT_OFFSET);
        spv_member_offset(&t->b, t->ubo_struct, 4,
                          DXSO_PS_UBO_BUMPENV_LUM_OFFSET);
        spv_member_name(&t->b, t->ubo_struct, 3, "bumpenv_mat");
        spv_member_name(&t->b, t->ubo_struct, 4, "bumpenv_lum");
        if (t->ubo_fog) {
            spv_member_offset(&t->b, t->ubo_struct, UBO_PS_FOG_COLOR,
                              DXSO_PS_UBO_FOG_COLOR_OFFSET);
            spv_member_offset(&t->b, t->ubo_struct, UBO_PS_FOG,
                              DXSO_PS_UBO_FOG_OFFSET);
            spv_member_name(&t->b, t->ubo_struct, UBO_PS_FOG_COLOR,
                            "fog_color");
            spv_member_name(&t->b, t->ubo_struct, UBO_PS_FOG, "fog");
        }
    } else if (t->ubo_point || t->o.clip_planes) {
        spv_member_offset(&t->b, t->ubo_struct, UBO_VS_POINT,
                          DXSO_VS_UBO_POINT_OFFSET);
        spv_member_name(&t->b, t->ubo_struct, UBO_VS_POINT, "point");
        if (t->o.clip_planes) {
            spv_member_offset(&t->b, t->ubo_struct, UBO_VS_CLIP,
                              DXSO_VS_UBO_CLIP_OFFSET);
            spv_member_name(&t->b, t->ubo_struct, UBO_VS_CLIP, "clip");
        }
    }
    spv_name(&t->b, t->ubo_struct, t->vs ? "dxso_vs_constants"
                                         : "dxso_ps_constants");
    t->ubo = spv_global_variable(&t->b, t->ubo_struct, SpvStorageClassUniform,
                                 0);
    spv_decorate_descriptor_set(&t->b, t->ubo, 0);
    spv_decorate_binding(&t->b, t->ubo, t->vs ? 0 : 1);
    spv_name(&t->b, t->ubo, "cb");
}

/* Loads member `member`[index] of the constant buffer. */
static uint32_t ubo_load(struct tr *t, unsigned member, uint32_t index,
                         uint32_t type)
{
    uint32_t idx[2], p;

    if (!t->ubo)
        build_ubo(t);
    idx[0] = ci32(t, (int32_t)member);
    idx[1] = index;
    p = spv_access_chain(&t->b, ptr_type(t, SpvStorageClassUniform, type),
                         t->ubo, idx, 2);
    return spv_load(&t->b, type, p);
}

/* Loads the vec4 member `member` (not an array) of the constant buffer. */
static uint32_t ubo_load_vec4(struct tr *t, unsigned member)
{
    uint32_t idx, p;

    if (!t->ubo)
        build_ubo(t);
    idx = ci32(t, (int32_t)member);
    p = spv_access_chain(&t->b, ptr_type(t, SpvStorageClassUniform, t->t_v4),
                         t->ubo, &idx, 1);
    return spv_load(&t->b, t->t_v4, p);
}

static uint32_t def_c_const(struct tr *t, unsigned i)
{
    float f[4];
    memcpy(f, t->def_c_val[i], sizeof(f));
    return spv_const_vec_f32(&t->b, f, 4);
}

static uint32_t const_f(struct tr *t, unsigned index)
{
    if (t->def_c[index])
        return def_c_const(t, index);
    return ubo_load(t, 0, ci32(t, (int32_t)index), t->t_v4);
}

static uint32_t const_i(struct tr *t, unsigned index)
{
    if (t->def_i[index]) {
        uint32_t c[4];
        unsigned k;
        for (k = 0; k < 4; k++)
            c[k] = ci32(t, t->def_i_val[index][k]);
        return spv_const_composite(&t->b, t->t_iv4, c, 4);
    }
    return ubo_load(t, 1, ci32(t, (int32_t)index), t->t_iv4);
}

static uint32_t const_b(struct tr *t, unsigned index)
{
    uint32_t v;

    if (t->def_b[index])
        return spv_const_bool(&t->b, t->def_b_val[index]);
    v = ubo_load(t, 2, ci32(t, (int32_t)index), t->t_u);
    return spv_compare(&t->b, SpvOpINotEqual, t->t_b, v,
                       spv_const_u32(&t->b, 0));
}

/* Whether sampler s of a pixel shader is a shadow map (2D only). */
static bool shadow_sampler(struct tr *t, unsigned s, unsigned dim)
{
    return t->ps && s < 16 && (t->o.shadow_samplers >> s & 1) && dim == DXSO_SAMPLER_2D;
}

static uint32_t sampler_type_id(struct tr *t, unsigned dim, bool shadow)
{
    SpvDim d = dim == DXSO_SAMPLER_CUBE     ? SpvDimCube
               : dim == DXSO_SAMPLER_VOLUME ? SpvDim3D
                                            : SpvDim2D;
    uint32_t img = spv_type_image(&t->b, t->t_f, d, shadow ? 1 : 0, false, false, 1,
                                  SpvImageFormatUnknown);
    return spv_type_sampled_image(&t->b, img);
}

static unsigned sampler_dim(struct tr *t, unsigned s)
{
    unsigned d = t->dcl_sampler[s];
    if (!d && s < 16)
        d = t->o.sampler_type[s];
    if (d != DXSO_SAMPLER_CUBE && d != DXSO_SAMPLER_VOLUME)
        d = DXSO_SAMPLER_2D;
    return d;
}

/* Loads the combined image sampler of stage s. */
static uint32_t sampler_load(struct tr *t, unsigned s)
{
    unsigned max = t->vs ? NR_MAX_VS_SAMPLERS : 16;
    uint32_t type;
    char name[16];

    if (s >= max) {
        trfail(t, "sampler %u out of range", s);
        s = 0;
    }
    t->sampler_dim[s] = (uint8_t)sampler_dim(t, s);
    type = sampler_type_id(t, t->sampler_dim[s], shadow_sampler(t, s, t->sampler_dim[s]));
    if (t->o.texture_table) {
        if (!t->tt.t_u32)
            spv_table_init(&t->tt, &t->b, t->vs);
        return spv_table_sampler(&t->tt, &t->b, type, t->vs ? NR_BINDSET_VS0 + s : s);
    }
    if (!t->samplers[s]) {
        t->samplers[s] = spv_global_variable(&t->b, type,
                                             SpvStorageClassUniformConstant, 0);
        spv_decorate_descriptor_set(&t->b, t->samplers[s], 0);
        spv_decorate_binding(&t->b, t->samplers[s], t->vs ? 18 + s : 2 + s);
        snprintf(name, sizeof(name), "s%u", s);
        spv_name(&t->b, t->samplers[s], name);
    }
    return spv_load(&t->b, type, t->samplers[s]);
}

enum sample_mode { SAMPLE_IMPLICIT, SAMPLE_BIAS, SAMPLE_LOD, SAMPLE_GRAD };

/* The coordinate vector of a vec4 for sampler s (xy or xyz). */
static uint32_t coord_of(struct tr *t, unsigned dim, uint32_t v)
{
    return dim == DXSO_SAMPLER_2D ? xy(t, v) : xyz(t, v);
}

static uint32_t srgb_to_linear(struct tr *t, uint32_t color);

static uint32_t sample(struct tr *t, unsigned s, uint32_t coord4,
                       enum sample_mode mode, uint32_t a, uint32_t c)
{
    uint32_t v;
    uint32_t img = sampler_load(t, s), ops[6], n = 0;
    unsigned dim = t->sampler_dim[s < 16 ? s : 0];
    bool shadow = shadow_sampler(t, s, dim);
    SpvOp op = SpvOpImageSampleImplicitLod;

    ops[n++] = img;
    ops[n++] = coord_of(t, dim, coord4);
    if (shadow)
        ops[n++] = ext(t, coord4, 2); /* the depth reference */
    switch (mode) {
    case SAMPLE_IMPLICIT:
        if (t->vs) {
            op = SpvOpImageSampleExplicitLod;
            ops[n++] = SpvImageOperandsLodMask;
            ops[n++] = cf32(t, 0.0f);
        }
        break;
    case SAMPLE_BIAS:
        if (t->vs) {
            op = SpvOpImageSampleExplicitLod;
            ops[n++] = SpvImageOperandsLodMask;
        } else {
            ops[n++] = SpvImageOperandsBiasMask;
        }
        ops[n++] = a;
        break;
    case SAMPLE_LOD:
        op = SpvOpImageSampleExplicitLod;
        ops[n++] = SpvImageOperandsLodMask;
        ops[n++] = a;
        break;
    case SAMPLE_GRAD:
        op = SpvOpImageSampleExplicitLod;
        ops[n++] = SpvImageOperandsGradMask;
        ops[n++] = coord_of(t, dim, a);
        ops[n++] = coord_of(t, dim, c);
        break;
    }
    if (shadow) {
        op = op == SpvOpImageSampleImplicitLod ? SpvOpImageSampleDrefImplicitLod
                                               : SpvOpImageSampleDrefExplicitLod;
        v = spv_op(&t->b, op, t->t_f, ops, n);
        return vec4_of(t, v, v, v, v);
    }
    v = spv_op(&t->b, op, t->t_v4, ops, n);
    if (s < 16 && (t->o.srgb_samplers >> s & 1))
        v = srgb_to_linear(t, v);
    return v;
}

/* ---- registers ------------------------------------------------------------ */

static uint32_t temp_var(struct tr *t, unsigned i)
{
    char name[16];
    if (!t->r[i]) {
        snprintf(name, sizeof(name), "r%u", i);
        t->r[i] = private_var(t, t->t_v4, name);
    }
    return t->r[i];
}

static uint32_t tex_var(struct tr *t, unsigned i)
{
    char name[16];
    if (!t->t[i]) {
        snprintf(name, sizeof(name), "t%u", i);
        t->t[i] = private_var(t, t->t_v4, name);
    }
    return t->t[i];
}

static uint32_t a0_var(struct tr *t)
{
    if (!t->a0)
        t->a0 = private_var(t, t->t_iv4, "a0");
    return t->a0;
}

static uint32_t al_var(struct tr *t)
{
    if (!t->al)
        t->al = private_var(t, t->t_i, "aL");
    return t->al;
}

static uint32_t p0_var(struct tr *t)
{
    if (!t->p0)
        t->p0 = private_var(t, t->t_bv4, "p0");
    return t->p0;
}

static uint32_t vs3_out_var(struct tr *t)
{
    if (!t->vs3_out)
        t->vs3_out = private_var(t, spv_type_array(&t->b, t->t_v4, 12), "o");
    return t->vs3_out;
}

static uint32_t ps3_in_var(struct tr *t)
{
    if (!t->ps3_in)
        t->ps3_in = private_var(t, spv_type_array(&t->b, t->t_v4, 10), "v");
    return t->ps3_in;
}

/* The int index of a relative address plus base. */
static uint32_t rel_index(struct tr *t, const struct dxso_reladdr *rel,
                          unsigned base)
{
    uint32_t i;

    if (rel->type == D3DSPR_LOOP) {
        i = spv_load(&t->b, t->t_i, al_var(t));
    } else {
        uint32_t a = spv_load(&t->b, t->t_iv4, a0_var(t));
        i = spv_composite_extract1(&t->b, t->t_i, a, rel->component & 3);
    }
    return spv_binop(&t->b, SpvOpIAdd, t->t_i, i, ci32(t, (int32_t)base));
}

/* Clamps a dynamic index into [0, n-1]; *in_range gets the bool. */
static uint32_t clamp_index(struct tr *t, uint32_t idx, unsigned n,
                            uint32_t *in_range)
{
    if (in_range) {
        uint32_t ge = spv_compare(&t->b, SpvOpSGreaterThanEqual, t->t_b, idx,
                                  ci32(t, 0));
        uint32_t lt = spv_compare(&t->b, SpvOpSLessThan, t->t_b, idx,
                                  ci32(t, (int32_t)n));
        *in_range = spv_binop(&t->b, SpvOpLogicalAnd, t->t_b, ge, lt);
    }
    return glsl3(t, t->t_i, GLSLstd450SClamp, idx, ci32(t, 0),
                 ci32(t, (int32_t)n - 1));
}

static uint32_t const_f_rel(struct tr *t, const struct dxso_reladdr *rel,
                            unsigned base)
{
    unsigned n = t->vs ? DXSO_VS_CONSTS : DXSO_PS_CONSTS, i;
    uint32_t idx = rel_index(t, rel, base), in_range, clamped, v;

    clamped = clamp_index(t, idx, n, &in_range);
    v = ubo_load(t, 0, clamped, t->t_v4);
    v = sel4(t, in_range, v, cvec4(t, 0, 0, 0, 0));
    for (i = 0; i < n; i++) {
        if (t->def_c[i]) {
            uint32_t eq = spv_compare(&t->b, SpvOpIEqual, t->t_b, idx,
                                      ci32(t, (int32_t)i));
            v = sel4(t, eq, def_c_const(t, i), v);
        }
    }
    return v;
}

static uint32_t bool_to_f4(struct tr *t, uint32_t bv4)
{
    return spv_select(&t->b, t->t_v4, bv4, cvec4(t, 1, 1, 1, 1),
                      cvec4(t, 0, 0, 0, 0));
}

/* The raw vec4 value of a register (before swizzle and modifier). */
static uint32_t read_reg(struct tr *t, unsigned type, unsigned index,
                         const struct dxso_reladdr *rel)
{
    uint32_t v;

    switch (type) {
    case D3DSPR_TEMP:
        return spv_load(&t->b, t->t_v4, temp_var(t, index));
    case D3DSPR_INPUT:
        if (t->ps && t->ver >= VER(3, 0)) {
            uint32_t idx;
            if (rel && rel->present)
                idx = clamp_index(t, rel_index(t, rel, index), 10, NULL);
            else
                idx = ci32(t, (int32_t)index);
            return spv_load(&t->b, t->t_v4, array_elem(t, ps3_in_var(t), idx));
        }
        if (rel && rel->present) {
            /* vs_3_0 v[aL]: a select chain over the inputs used. */
            uint32_t idx = rel_index(t, rel, index), i;
            v = cvec4(t, 0, 0, 0, 0);
            for (i = 0; i < 16; i++) {
                if (!(t->used[D3DSPR_INPUT] & (1u << i)))
                    continue;
                uint32_t eq = spv_compare(&t->b, SpvOpIEqual, t->t_b, idx,
                                          ci32(t, (int32_t)i));
                v = sel4(t, eq, v_input(t, i), v);
            }
            return v;
        }
        return v_input(t, index);
    case D3DSPR_CONST:
        if (rel && rel->present)
            v = const_f_rel(t, rel, index);
        else
            v = const_f(t, index);
        if (t->ps1x)
            v = glsl3(t, t->t_v4, GLSLstd450FClamp, v, cvec4(t, -1, -1, -1, -1),
                      cvec4(t, 1, 1, 1, 1));
        return v;
    case D3DSPR_ADDR: /* == D3DSPR_TEXTURE */
        if (t->ps)
            return spv_load(&t->b, t->t_v4, tex_var(t, index));
        v = spv_load(&t->b, t->t_iv4, a0_var(t));
        return spv_convert(&t->b, SpvOpConvertSToF, t->t_v4, v);
    case D3DSPR_CONSTINT:
        return spv_convert(&t->b, SpvOpConvertSToF, t->t_v4,
                           const_i(t, index));
    case D3DSPR_CONSTBOOL:
        return sel4(t, const_b(t, index), cvec4(t, 1, 1, 1, 1),
                    cvec4(t, 0, 0, 0, 0));
    case D3DSPR_PREDICATE:
        return bool_to_f4(t, spv_load(&t->b, t->t_bv4, p0_var(t)));
    case D3DSPR_MISCTYPE:
        if (index == 0 && t->vpos)
            return spv_load(&t->b, t->t_v4, t->vpos);
        if (index == 1 && t->vface)
            return spv_load(&t->b, t->t_v4, t->vface);
        trfail(t, "misc register %u not set up", index);
        return cvec4(t, 0, 0, 0, 0);
    case D3DSPR_LOOP:
        v = spv_load(&t->b, t->t_i, al_var(t));
        return splat4(t, spv_convert(&t->b, SpvOpConvertSToF, t->t_f, v));
    default:
        trfail(t, "register type %u cannot be read", type);
        return cvec4(t, 0, 0, 0, 0);
    }
}

static uint32_t apply_swizzle(struct tr *t, uint32_t v, unsigned swz)
{
    uint32_t c[4];
    unsigned i;

    if (swz == 0xe4)
        return v;
    for (i = 0; i < 4; i++)
        c[i] = (swz >> (2 * i)) & 3;
    return shuf(t, t->t_v4, v, v, c, 4);
}

static uint32_t apply_srcmod(struct tr *t, uint32_t v, unsigned mod)
{
#define half cvec4(t, 0.5f, 0.5f, 0.5f, 0.5f)
#define one cvec4(t, 1, 1, 1, 1)
#define two cvec4(t, 2, 2, 2, 2)
    switch (mod) {
    case DXSO_SRCMOD_NONE:
        return v;
    case DXSO_SRCMOD_NEG:
        return spv_fnegate(&t->b, t->t_v4, v);
    case DXSO_SRCMOD_BIAS:
        return spv_fsub(&t->b, t->t_v4, v, half);
    case DXSO_SRCMOD_BIASNEG:
        return spv_fsub(&t->b, t->t_v4, half, v);
    case DXSO_SRCMOD_SIGN:
        v = spv_fmul(&t->b, t->t_v4, v, two);
        return spv_fsub(&t->b, t->t_v4, v, one);
    case DXSO_SRCMOD_SIGNNEG:
        v = spv_fmul(&t->b, t->t_v4, v, two);
        return spv_fsub(&t->b, t->t_v4, one, v);
    case DXSO_SRCMOD_COMP:
        return spv_fsub(&t->b, t->t_v4, one, v);
    case DXSO_SRCMOD_X2:
        return spv_fmul(&t->b, t->t_v4, v, two);
    case DXSO_SRCMOD_X2NEG:
        return spv_fmul(&t->b, t->t_v4, v, cvec4(t, -2, -2, -2, -2));
    case DXSO_SRCMOD_DZ:
        return spv_fdiv(&t->b, t->t_v4, v, splat4(t, ext(t, v, 2)));
    case DXSO_SRCMOD_DW:
        return spv_fdiv(&t->b, t->t_v4, v, splat4(t, ext(t, v, 3)));
    case DXSO_SRCMOD_ABS:
        return glsl1(t, t->t_v4, GLSLstd450FAbs, v);
    case DXSO_SRCMOD_ABSNEG:
        v = glsl1(t, t->t_v4, GLSLstd450FAbs, v);
        return spv_fnegate(&t->b, t->t_v4, v);
    case DXSO_SRCMOD_NOT:
        /* On a value: 1 - (x != 0). */
        v = spv_compare(&t->b, SpvOpFOrdEqual, t->t_bv4, v,
                        cvec4(t, 0, 0, 0, 0));
        return bool_to_f4(t, v);
    default:
        trfail(t, "source modifier %u", mod);
        return v;
    }
#undef half
#undef one
#undef two
}

/* A source operand, with register offset `plus` (matrix rows). */
static uint32_t read_src_off(struct tr *t, const struct dxso_src *s,
                             unsigned plus)
{
    uint32_t v = read_reg(t, s->type, s->index + plus, &s->rel);
    v = apply_swizzle(t, v, s->swizzle);
    return apply_srcmod(t, v, s->modifier);
}

static uint32_t read_src(struct tr *t, const struct dxso_src *s)
{
    return read_src_off(t, s, 0);
}

/* The scalar of a scalar instruction: .w of the swizzled source. */
static uint32_t read_scalar(struct tr *t, const struct dxso_src *s)
{
    return ext(t, read_src(t, s), 3);
}

/* A bool condition (b#, [!]p0.c). */
static uint32_t read_cond(struct tr *t, const struct dxso_src *s)
{
    uint32_t v;

    if (s->type == D3DSPR_CONSTBOOL)
        return const_b(t, s->index);
    if (s->type != D3DSPR_PREDICATE) {
        trfail(t, "condition register type %u", s->type);
        return spv_const_bool(&t->b, false);
    }
    v = spv_load(&t->b, t->t_bv4, p0_var(t));
    v = spv_composite_extract1(&t->b, t->t_b, v, s->swizzle & 3);
    if (s->modifier == DXSO_SRCMOD_NOT)
        v = spv_unop(&t->b, SpvOpLogicalNot, t->t_b, v);
    return v;
}

/* The per-component predicate of a predicated instruction. */
static uint32_t pred_bv4(struct tr *t, const struct dxso_src *p)
{
    uint32_t v = spv_load(&t->b, t->t_bv4, p0_var(t)), c[4];
    unsigned i;

    if (p->swizzle != 0xe4) {
        for (i = 0; i < 4; i++)
            c[i] = (p->swizzle >> (2 * i)) & 3;
        v = shuf(t, t->t_bv4, v, v, c, 4);
    }
    if (p->modifier == DXSO_SRCMOD_NOT)
        v = spv_unop(&t->b, SpvOpLogicalNot, t->t_bv4, v);
    return v;
}

/* ---- destinations ---------------------------------------------------------- */

static void store_masked(struct tr *t, uint32_t ptr, uint32_t type,
                         uint32_t value, unsigned mask,
                         const struct dxso_instruction *ins)
{
    uint32_t old, c[4];
    unsigned i;
    bool pred = ins && ins->predicated;

    if (mask == 0xf && !pred) {
        spv_store(&t->b, ptr, value);
        return;
    }
    old = spv_load(&t->b, type, ptr);
    if (mask != 0xf) {
        for (i = 0; i < 4; i++)
            c[i] = mask & (1u << i) ? 4 + i : i;
        value = shuf(t, type, old, value, c, 4);
    }
    if (pred)
        value = spv_select(&t->b, type, pred_bv4(t, &ins->predicate), value,
                           old);
    spv_store(&t->b, ptr, value);
}

/* The Private vec4 a float destination writes. */
static uint32_t dst_ptr(struct tr *t, const struct dxso_dst *d)
{
    char name[16];
    uint32_t *slot = NULL;

    switch (d->type) {
    case D3DSPR_TEMP:
        return temp_var(t, d->index);
    case D3DSPR_TEXTURE:
        return tex_var(t, d->index);
    case D3DSPR_RASTOUT:
        slot = &t->vs_out_rast[d->index];
        snprintf(name, sizeof(name), "%s",
                 d->index == 0 ? "oPos" : d->index == 1 ? "oFog" : "oPts");
        break;
    case D3DSPR_ATTROUT:
        slot = &t->vs_out_d[d->index];
        snprintf(name, sizeof(name), "oD%u", d->index);
        break;
    case D3DSPR_OUTPUT:
        if (t->ver >= VER(3, 0)) {
            uint32_t idx;
            if (d->rel.present)
                idx = clamp_index(t, rel_index(t, &d->rel, d->index), 12,
                                  NULL);
            else
                idx = ci32(t, d->index);
            return array_elem(t, vs3_out_var(t), idx);
        }
        slot = &t->vs_out_t[d->index];
        snprintf(name, sizeof(name), "oT%u", d->index);
        break;
    case D3DSPR_COLOROUT:
        slot = &t->ps_oc[d->index];
        snprintf(name, sizeof(name), "oC%u", d->index);
        break;
    case D3DSPR_DEPTHOUT:
        slot = &t->ps_depth;
        snprintf(name, sizeof(name), "oDepth");
        t->depth_written = true;
        break;
    default:
        trfail(t, "destination register type %u", d->type);
        return temp_var(t, 0);
    }
    if (!*slot && d->type == D3DSPR_ATTROUT && d->index == 0) {
        /* oD0 starts white: what drivers show for the diffuse a shader
         * leaves unwritten (Wine's visual test_uninitialized_varyings). */
        *slot = spv_global_variable(&t->b, t->t_v4, SpvStorageClassPrivate,
                                    cvec4(t, 1, 1, 1, 1));
        spv_name(&t->b, *slot, name);
    }
    if (!*slot)
        *slot = private_var(t, t->t_v4, name);
    return *slot;
}

static void write_now(struct tr *t, const struct dxso_instruction *ins,
                      uint32_t v, bool arith)
{
    const struct dxso_dst *d = &ins->dst;

    if (d->shift) {
        float f = d->shift > 0 ? (float)(1 << d->shift)
                               : 1.0f / (float)(1 << -d->shift);
        v = spv_fmul(&t->b, t->t_v4, v, cvec4(t, f, f, f, f));
    }
    if (d->modifiers & DXSO_DSTMOD_SATURATE)
        v = glsl3(t, t->t_v4, GLSLstd450FClamp, v, cvec4(t, 0, 0, 0, 0),
                  cvec4(t, 1, 1, 1, 1));
    if (t->ps1x && arith && t->o.ps1x_max_value < FLT_MAX) {
        float m = t->o.ps1x_max_value > 0 ? t->o.ps1x_max_value
                  : t->ver == VER(1, 4)   ? 8.0f
                                          : 1.0f;
        v = glsl3(t, t->t_v4, GLSLstd450FClamp, v, cvec4(t, -m, -m, -m, -m),
                  cvec4(t, m, m, m, m));
    }
    if (d->type == D3DSPR_ADDR && t->vs) {
        /* mova rounds to nearest, vs_1_1's mov floors. */
        if (ins->opcode == D3DSIO_MOVA)
            v = spv_fadd(&t->b, t->t_v4, v, cvec4(t, 0.5f, 0.5f, 0.5f, 0.5f));
        v = glsl1(t, t->t_v4, GLSLstd450Floor, v);
        v = spv_convert(&t->b, SpvOpConvertFToS, t->t_iv4, v);
        store_masked(t, a0_var(t), t->t_iv4, v, d->write_mask, ins);
        return;
    }
    store_masked(t, dst_ptr(t, d), t->t_v4, v, d->write_mask, ins);
}

/* Writes an instruction's vec4 result; `arith` selects the ps_1_x range
 * clamp.  Inside a co-issued pair the writes wait until both have read
 * their sources. */
static void write_dst(struct tr *t, const struct dxso_instruction *ins,
                      uint32_t v, bool arith)
{
    if (t->deferring && t->npending < 2) {
        t->pending[t->npending].ins = ins;
        t->pending[t->npending].value = v;
        t->pending[t->npending].arith = arith;
        t->npending++;
        return;
    }
    write_now(t, ins, v, arith);
}

/* ---- control flow ------------------------------------------------------------ */

static struct cf_entry *cf_push(struct tr *t, enum cf_kind kind)
{
    struct cf_entry *e;

    if (t->depth >= DXSO_MAX_NESTING) {
        trfail(t, "flow control too deep");
        return NULL;
    }
    e = &t->cf[t->depth++];
    memset(e, 0, sizeof(*e));
    e->kind = kind;
    return e;
}

static struct cf_entry *innermost_loop(struct tr *t)
{
    unsigned i = t->depth;
    while (i--)
        if (t->cf[i].kind != CF_IF)
            return &t->cf[i];
    return NULL;
}

static void emit_if(struct tr *t, uint32_t cond)
{
    struct cf_entry *e = cf_push(t, CF_IF);
    uint32_t then;

    if (!e)
        return;
    e->merge = spv_id(&t->b);
    e->else_label = spv_id(&t->b);
    then = spv_id(&t->b);
    spv_selection_merge(&t->b, e->merge, 0);
    spv_branch_cond(&t->b, cond, then, e->else_label);
    spv_label_at(&t->b, then);
}

static void emit_else(struct tr *t)
{
    struct cf_entry *e = t->depth ? &t->cf[t->depth - 1] : NULL;

    if (!e || e->kind != CF_IF || e->has_else) {
        trfail(t, "else without if");
        return;
    }
    e->has_else = true;
    spv_branch(&t->b, e->merge);
    spv_label_at(&t->b, e->else_label);
}

static void emit_endif(struct tr *t)
{
    struct cf_entry *e = t->depth ? &t->cf[t->depth - 1] : NULL;

    if (!e || e->kind != CF_IF) {
        trfail(t, "endif without if");
        return;
    }
    spv_branch(&t->b, e->merge);
    if (!e->has_else) {
        spv_label_at(&t->b, e->else_label);
        spv_branch(&t->b, e->merge);
    }
    spv_label_at(&t->b, e->merge);
    t->depth--;
}

/* `if (cond) { body }` around a terminator-free body emitted by the caller:
 * returns the label after. */
static uint32_t cond_block_begin(struct tr *t, uint32_t cond)
{
    uint32_t after = spv_id(&t->b), body = spv_id(&t->b);

    spv_selection_merge(&t->b, after, 0);
    spv_branch_cond(&t->b, cond, body, after);
    spv_label_at(&t->b, body);
    return after;
}

static void emit_break(struct tr *t, uint32_t cond)
{
    struct cf_entry *l = innermost_loop(t);
    uint32_t after;

    if (!l) {
        trfail(t, "break outside a loop");
        return;
    }
    after = cond_block_begin(t, cond);
    spv_branch(&t->b, l->merge);
    spv_label_at(&t->b, after);
}

static void emit_loop_begin(struct tr *t, const struct dxso_instruction *ins)
{
    bool is_loop = ins->opcode == D3DSIO_LOOP;
    struct cf_entry *e;
    uint32_t iv, body, cnt, cond;

    iv = const_i(t, is_loop ? ins->src[1].index : ins->src[0].index);
    e = cf_push(t, is_loop ? CF_LOOP : CF_REP);
    if (!e)
        return;
    e->count = spv_composite_extract1(&t->b, t->t_i, iv, 0);
    e->count = glsl3(t, t->t_i, GLSLstd450SClamp, e->count, ci32(t, 0),
                     ci32(t, 255));
    e->counter = spv_local_variable(&t->b, t->t_i, 0);
    spv_store(&t->b, e->counter, ci32(t, 0));
    if (is_loop) {
        uint32_t init = spv_composite_extract1(&t->b, t->t_i, iv, 1);
        e->step = spv_composite_extract1(&t->b, t->t_i, iv, 2);
        e->saved_al = spv_local_variable(&t->b, t->t_i, 0);
        spv_store(&t->b, e->saved_al, spv_load(&t->b, t->t_i, al_var(t)));
        spv_store(&t->b, al_var(t), init);
    }
    e->header = spv_id(&t->b);
    e->merge = spv_id(&t->b);
    e->cont = spv_id(&t->b);
    body = spv_id(&t->b);
    spv_branch(&t->b, e->header);
    spv_label_at(&t->b, e->header);
    cnt = spv_load(&t->b, t->t_i, e->counter);
    cond = spv_compare(&t->b, SpvOpSLessThan, t->t_b, cnt, e->count);
    spv_loop_merge(&t->b, e->merge, e->cont, 0);
    spv_branch_cond(&t->b, cond, body, e->merge);
    spv_label_at(&t->b, body);
}

static void emit_loop_end(struct tr *t, bool is_loop)
{
    struct cf_entry *e = t->depth ? &t->cf[t->depth - 1] : NULL;
    uint32_t v;

    if (!e || e->kind != (is_loop ? CF_LOOP : CF_REP)) {
        trfail(t, "unbalanced loop end");
        return;
    }
    spv_branch(&t->b, e->cont);
    spv_label_at(&t->b, e->cont);
    v = spv_load(&t->b, t->t_i, e->counter);
    v = spv_binop(&t->b, SpvOpIAdd, t->t_i, v, ci32(t, 1));
    spv_store(&t->b, e->counter, v);
    if (is_loop) {
        v = spv_load(&t->b, t->t_i, al_var(t));
        v = spv_binop(&t->b, SpvOpIAdd, t->t_i, v, e->step);
        spv_store(&t->b, al_var(t), v);
    }
    spv_branch(&t->b, e->header);
    spv_label_at(&t->b, e->merge);
    if (is_loop)
        spv_store(&t->b, al_var(t), spv_load(&t->b, t->t_i, e->saved_al));
    t->depth--;
}

static SpvOp cmp_op(unsigned c)
{
    switch (c) {
    case D3DSPC_GT:
        return SpvOpFOrdGreaterThan;
    case D3DSPC_EQ:
        return SpvOpFOrdEqual;
    case D3DSPC_GE:
        return SpvOpFOrdGreaterThanEqual;
    case D3DSPC_LT:
        return SpvOpFOrdLessThan;
    case D3DSPC_NE:
        return SpvOpFUnordNotEqual;
    default:
        return SpvOpFOrdLessThanEqual;
    }
}

/* ifc / breakc: compares the .x of the two swizzled sources. */
static uint32_t compare_scalar(struct tr *t, const struct dxso_instruction *ins)
{
    uint32_t a = ext(t, read_src(t, &ins->src[0]), 0);
    uint32_t c = ext(t, read_src(t, &ins->src[1]), 0);
    return spv_compare(&t->b, cmp_op(ins->control), t->t_b, a, c);
}

/* ---- ps_1_x texture addressing ------------------------------------------------ */

/* Texture coordinate set n of ps_1_1..1_3, projected where asked. */
static uint32_t ps1_coord(struct tr *t, unsigned n)
{
    uint32_t v = tc_input(t, n);
    unsigned count = n < 8 && !t->o.point_sprite ? t->o.ps1x_projected[n] : 0;

    if (count == 3 || count == 4)
        v = spv_fdiv(&t->b, t->t_v4, v, splat4(t, ext(t, v, count - 1)));
    return v;
}

static uint32_t dot3(struct tr *t, uint32_t a, uint32_t c)
{
    return spv_dot(&t->b, t->t_f, xyz(t, a), xyz(t, c));
}

/* (u, v) of texbem/texbeml on stage m from t(n) = src. */
static uint32_t bumpenv(struct tr *t, unsigned m, uint32_t base, uint32_t src)
{
    uint32_t mat = ubo_load(t, 3, ci32(t, (int32_t)(m & 7)), t->t_v4);
    uint32_t du = ext(t, src, 0), dv = ext(t, src, 1);
    uint32_t u, v;

    /* u' = u + M00 du + M10 dv;  v' = v + M01 du + M11 dv */
    u = spv_fmul(&t->b, t->t_f, ext(t, mat, 0), du);
    u = spv_fadd(&t->b, t->t_f, u,
                 spv_fmul(&t->b, t->t_f, ext(t, mat, 2), dv));
    u = spv_fadd(&t->b, t->t_f, u, ext(t, base, 0));
    v = spv_fmul(&t->b, t->t_f, ext(t, mat, 1), du);
    v = spv_fadd(&t->b, t->t_f, v,
                 spv_fmul(&t->b, t->t_f, ext(t, mat, 3), dv));
    v = spv_fadd(&t->b, t->t_f, v, ext(t, base, 1));
    return vec4_of(t, u, v, ext(t, base, 2), ext(t, base, 3));
}

/* Reflection of eye e about normal n: 2 n (n.e) / (n.n) - e. */
static uint32_t reflect(struct tr *t, uint32_t n3, uint32_t e3)
{
    uint32_t ne = spv_dot(&t->b, t->t_f, n3, e3);
    uint32_t nn = spv_dot(&t->b, t->t_f, n3, n3);
    uint32_t k = spv_fdiv(&t->b, t->t_f, spv_fmul(&t->b, t->t_f, cf32(t, 2),
                                                  ne),
                          nn);
    uint32_t r = spv_vector_times_scalar(&t->b, t->t_v3, n3, k);
    return spv_fsub(&t->b, t->t_v3, r, e3);
}

static uint32_t v3_to_v4(struct tr *t, uint32_t v3, float w)
{
    uint32_t c[4];
    c[0] = spv_composite_extract1(&t->b, t->t_f, v3, 0);
    c[1] = spv_composite_extract1(&t->b, t->t_f, v3, 1);
    c[2] = spv_composite_extract1(&t->b, t->t_f, v3, 2);
    c[3] = cf32(t, w);
    return spv_composite_construct(&t->b, t->t_v4, c, 4);
}

/* vec4(v3, w) with w an id. */
static uint32_t v3_to_v4_id(struct tr *t, uint32_t v3, uint32_t w)
{
    uint32_t c[4];
    c[0] = spv_composite_extract1(&t->b, t->t_f, v3, 0);
    c[1] = spv_composite_extract1(&t->b, t->t_f, v3, 1);
    c[2] = spv_composite_extract1(&t->b, t->t_f, v3, 2);
    c[3] = w;
    return spv_composite_construct(&t->b, t->t_v4, c, 4);
}

static void write_depth(struct tr *t, uint32_t z)
{
    struct dxso_dst d;

    memset(&d, 0, sizeof(d));
    d.type = D3DSPR_DEPTHOUT;
    spv_store(&t->b, dst_ptr(t, &d), splat4(t, z));
}

/* depth = w == 0 ? 1 : z / w */
static uint32_t safe_depth(struct tr *t, uint32_t z, uint32_t w)
{
    uint32_t zero = spv_compare(&t->b, SpvOpFOrdEqual, t->t_b, w, cf32(t, 0));
    uint32_t q = spv_fdiv(&t->b, t->t_f, z, w);
    return spv_select(&t->b, t->t_f, zero, cf32(t, 1), q);
}

static void kill_if(struct tr *t, uint32_t cond)
{
    uint32_t after = cond_block_begin(t, cond);

    if (t->o.use_demote) {
        spv_demote(&t->b);
        spv_branch(&t->b, after);
    } else {
        spv_kill(&t->b);
    }
    spv_label_at(&t->b, after);
}

static bool pad_check(struct tr *t, unsigned want)
{
    if (t->pad_count != want)
        return trfail(t, "needs %u texm pad instruction(s) before it, has %u",
                      want, t->pad_count);
    return true;
}

/* ---- instructions ------------------------------------------------------------------ */

static uint32_t fbin(struct tr *t, SpvOp op, uint32_t a, uint32_t c)
{
    return spv_binop(&t->b, op, t->t_v4, a, c);
}

static uint32_t matrix_op(struct tr *t, const struct dxso_instruction *ins,
                          unsigned cols, unsigned rows)
{
    uint32_t a = read_src(t, &ins->src[0]), r[4];
    unsigned i;

    for (i = 0; i < 4; i++) {
        if (i < rows) {
            uint32_t row = read_src_off(t, &ins->src[1], i);
            r[i] = cols == 4 ? spv_dot(&t->b, t->t_f, a, row)
                             : dot3(t, a, row);
        } else {
            r[i] = cf32(t, 0);
        }
    }
    return vec4_of(t, r[0], r[1], r[2], r[3]);
}

static void emit_texkill(struct tr *t, const struct dxso_instruction *ins)
{
    uint32_t v, lt, cond = 0;
    unsigned mask = ins->dst.write_mask, i;

    if (t->ps1x && ins->dst.type == D3DSPR_TEXTURE && t->ver < VER(1, 4))
        v = tc_input(t, ins->dst.index);
    else
        v = read_reg(t, ins->dst.type, ins->dst.index, NULL);
    if (t->ps1x)
        mask = 0x7; /* the first three components (UVW) */
    lt = spv_compare(&t->b, SpvOpFOrdLessThan, t->t_bv4, v,
                     cvec4(t, 0, 0, 0, 0));
    for (i = 0; i < 4; i++) {
        uint32_t c;
        if (!(mask & (1u << i)))
            continue;
        c = spv_composite_extract1(&t->b, t->t_b, lt, i);
        cond = cond ? spv_binop(&t->b, SpvOpLogicalOr, t->t_b, cond, c) : c;
    }
    if (!cond)
        return;
    if (ins->predicated) {
        uint32_t p = spv_composite_extract1(&t->b, t->t_b,
                                            pred_bv4(t, &ins->predicate), 0);
        cond = spv_binop(&t->b, SpvOpLogicalAnd, t->t_b, cond, p);
    }
    kill_if(t, cond);
}

static void emit_ps1_tex(struct tr *t, const struct dxso_instruction *ins)
{
    unsigned m = ins->dst.index;
    uint32_t v = 0, src, u;

    if (ins->dst.type != D3DSPR_TEXTURE)
        return (void)trfail(t, "destination must be t#");
    switch (ins->opcode) {
    case D3DSIO_TEX:
        v = sample(t, m, ps1_coord(t, m), SAMPLE_IMPLICIT, 0, 0);
        break;
    case D3DSIO_TEXCOORD:
        v = glsl3(t, t->t_v4, GLSLstd450FClamp, tc_input(t, m),
                  cvec4(t, 0, 0, 0, 0), cvec4(t, 1, 1, 1, 1));
        v = vec4_of(t, ext(t, v, 0), ext(t, v, 1), ext(t, v, 2), cf32(t, 1));
        break;
    case D3DSIO_TEXBEM:
    case D3DSIO_TEXBEML:
        src = read_src(t, &ins->src[0]);
        v = sample(t, m, bumpenv(t, m, ps1_coord(t, m), src), SAMPLE_IMPLICIT,
                   0, 0);
        if (ins->opcode == D3DSIO_TEXBEML) {
            uint32_t lum = ubo_load(t, 4, ci32(t, (int32_t)(m & 7)), t->t_v4);
            uint32_t l = spv_fmul(&t->b, t->t_f, ext(t, src, 2),
                                  ext(t, lum, 0));
            l = spv_fadd(&t->b, t->t_f, l, ext(t, lum, 1));
            l = glsl3(t, t->t_f, GLSLstd450FClamp, l, cf32(t, 0), cf32(t, 1));
            v = spv_vector_times_scalar(&t->b, t->t_v4, v, l);
        }
        break;
    case D3DSIO_TEXREG2AR:
    case D3DSIO_TEXREG2GB:
    case D3DSIO_TEXREG2RGB: {
        static const uint32_t ar[4] = {3, 0, 0, 0}, gb[4] = {1, 2, 2, 2},
                              rgb[4] = {0, 1, 2, 2};
        const uint32_t *c = ins->opcode == D3DSIO_TEXREG2AR   ? ar
                            : ins->opcode == D3DSIO_TEXREG2GB ? gb
                                                              : rgb;
        src = read_src(t, &ins->src[0]);
        v = sample(t, m, shuf(t, t->t_v4, src, src, c, 4), SAMPLE_IMPLICIT,
                   0, 0);
        break;
    }
    case D3DSIO_TEXM3x2PAD:
    case D3DSIO_TEXM3x3PAD:
        if (t->pad_count >= (ins->opcode == D3DSIO_TEXM3x2PAD ? 1u : 2u))
            return (void)trfail(t, "too many pad instructions");
        src = read_src(t, &ins->src[0]);
        t->pad[t->pad_count] = dot3(t, tc_input(t, m), src);
        t->pad_stage[t->pad_count] = m;
        t->pad_count++;
        return; /* writes nothing */
    case D3DSIO_TEXM3x2TEX:
    case D3DSIO_TEXM3x2DEPTH:
        if (!pad_check(t, 1))
            return;
        src = read_src(t, &ins->src[0]);
        u = dot3(t, tc_input(t, m), src);
        t->pad_count = 0;
        if (ins->opcode == D3DSIO_TEXM3x2DEPTH) {
            write_depth(t, safe_depth(t, u, t->pad[0]));
            return;
        }
        v = sample(t, m, vec4_of(t, t->pad[0], u, cf32(t, 0), cf32(t, 1)),
                   SAMPLE_IMPLICIT, 0, 0);
        break;
    case D3DSIO_TEXM3x3TEX:
    case D3DSIO_TEXM3x3:
    case D3DSIO_TEXM3x3SPEC:
    case D3DSIO_TEXM3x3VSPEC: {
        uint32_t n3, c3[3];
        if (!pad_check(t, 2))
            return;
        src = read_src(t, &ins->src[0]);
        u = dot3(t, tc_input(t, m), src);
        c3[0] = t->pad[0];
        c3[1] = t->pad[1];
        c3[2] = u;
        n3 = spv_composite_construct(&t->b, t->t_v3, c3, 3);
        t->pad_count = 0;
        if (ins->opcode == D3DSIO_TEXM3x3) {
            v = v3_to_v4(t, n3, 1.0f);
        } else if (ins->opcode == D3DSIO_TEXM3x3TEX) {
            v = sample(t, m, v3_to_v4(t, n3, 1.0f), SAMPLE_IMPLICIT, 0, 0);
        } else {
            uint32_t e3;
            if (ins->opcode == D3DSIO_TEXM3x3SPEC) {
                e3 = xyz(t, read_src(t, &ins->src[1]));
            } else {
                uint32_t e[3];
                e[0] = ext(t, tc_input(t, t->pad_stage[0]), 3);
                e[1] = ext(t, tc_input(t, t->pad_stage[1]), 3);
                e[2] = ext(t, tc_input(t, m), 3);
                e3 = spv_composite_construct(&t->b, t->t_v3, e, 3);
            }
            v = sample(t, m, v3_to_v4(t, reflect(t, n3, e3), 1.0f),
                       SAMPLE_IMPLICIT, 0, 0);
        }
        break;
    }
    case D3DSIO_TEXDP3TEX:
        src = read_src(t, &ins->src[0]);
        u = dot3(t, tc_input(t, m), src);
        v = sample(t, m, vec4_of(t, u, cf32(t, 0), cf32(t, 0), cf32(t, 1)),
                   SAMPLE_IMPLICIT, 0, 0);
        break;
    case D3DSIO_TEXDP3:
        src = read_src(t, &ins->src[0]);
        v = splat4(t, dot3(t, tc_input(t, m), src));
        break;
    default:
        return (void)trfail(t, "not a ps_1_x texture instruction");
    }
    write_dst(t, ins, v, false);
}

/* texld of ps_1_4 and SM2+ (opcode D3DSIO_TEX), texldl, texldd. */
static void emit_texld(struct tr *t, const struct dxso_instruction *ins)
{
    uint32_t coord, v, w;
    unsigned s;

    if (t->ps && t->ver == VER(1, 4)) {
        /* texld r(n), src: sampler n; _dz/_dw project (applied by the
         * source modifier already). */
        s = ins->dst.index;
        coord = read_src(t, &ins->src[0]);
        v = sample(t, s, coord, SAMPLE_IMPLICIT, 0, 0);
        write_dst(t, ins, v, false);
        return;
    }
    s = ins->src[1].index;
    coord = read_src(t, &ins->src[0]);
    switch (ins->opcode) {
    case D3DSIO_TEXLDL:
        v = sample(t, s, coord, SAMPLE_LOD, ext(t, coord, 3), 0);
        break;
    case D3DSIO_TEXLDD:
        v = sample(t, s, coord, SAMPLE_GRAD, read_src(t, &ins->src[2]),
                   read_src(t, &ins->src[3]));
        break;
    default:
        if (ins->control & 1) { /* texldp */
            w = ext(t, coord, 3);
            coord = spv_fdiv(&t->b, t->t_v4, coord, splat4(t, w));
            v = sample(t, s, coord, SAMPLE_IMPLICIT, 0, 0);
        } else if (ins->control & 2) { /* texldb */
            v = sample(t, s, coord, SAMPLE_BIAS, ext(t, coord, 3), 0);
        } else {
            v = sample(t, s, coord, SAMPLE_IMPLICIT, 0, 0);
        }
        break;
    }
    /* The swizzle of the sampler operand selects result components. */
    v = apply_swizzle(t, v, ins->src[1].swizzle);
    write_dst(t, ins, v, false);
}

static void emit_call(struct tr *t, unsigned label)
{
    uint32_t fn = label < DXSO_MAX_LABELS ? t->label_fn[label] : 0;

    if (!fn) {
        trfail(t, "call to undefined label l%u", label);
        return;
    }
    spv_function_call(&t->b, t->t_void, fn, NULL, 0);
}

static uint32_t lit(struct tr *t, uint32_t a)
{
    uint32_t x = ext(t, a, 0), y = ext(t, a, 1), w = ext(t, a, 3);
    uint32_t xpos, ypos, both, p, z, yy;
    const float maxp = 127.9961f;

    xpos = spv_compare(&t->b, SpvOpFOrdGreaterThan, t->t_b, x, cf32(t, 0));
    ypos = spv_compare(&t->b, SpvOpFOrdGreaterThan, t->t_b, y, cf32(t, 0));
    both = spv_binop(&t->b, SpvOpLogicalAnd, t->t_b, xpos, ypos);
    p = glsl3(t, t->t_f, GLSLstd450FClamp, w, cf32(t, -maxp), cf32(t, maxp));
    z = glsl2(t, t->t_f, GLSLstd450Pow, y, p);
    z = spv_select(&t->b, t->t_f, both, z, cf32(t, 0));
    yy = spv_select(&t->b, t->t_f, xpos, x, cf32(t, 0));
    return vec4_of(t, cf32(t, 1), yy, z, cf32(t, 1));
}

static bool is_ps1_texop(uint16_t op)
{
    switch (op) {
    case D3DSIO_TEXBEM:
    case D3DSIO_TEXBEML:
    case D3DSIO_TEXREG2AR:
    case D3DSIO_TEXREG2GB:
    case D3DSIO_TEXREG2RGB:
    case D3DSIO_TEXM3x2PAD:
    case D3DSIO_TEXM3x2TEX:
    case D3DSIO_TEXM3x2DEPTH:
    case D3DSIO_TEXM3x3PAD:
    case D3DSIO_TEXM3x3TEX:
    case D3DSIO_TEXM3x3:
    case D3DSIO_TEXM3x3SPEC:
    case D3DSIO_TEXM3x3VSPEC:
    case D3DSIO_TEXDP3TEX:
    case D3DSIO_TEXDP3:
        return true;
    default:
        return false;
    }
}

static void emit_instruction(struct tr *t, const struct dxso_instruction *ins)
{
    const struct dxso_src *s = ins->src;
    uint32_t a, c, d, v = 0, x;

    if (ins->predicated && !ins->dst_count)
        return (void)trfail(t, "predicated flow control");

    switch (ins->opcode) {
    case D3DSIO_NOP:
    case D3DSIO_DCL:
    case D3DSIO_DEF:
    case D3DSIO_DEFI:
    case D3DSIO_DEFB:
    case D3DSIO_PHASE:
        return;
    case D3DSIO_MOV:
    case D3DSIO_MOVA:
        v = read_src(t, &s[0]);
        break;
    case D3DSIO_ADD:
        v = fbin(t, SpvOpFAdd, read_src(t, &s[0]), read_src(t, &s[1]));
        break;
    case D3DSIO_SUB:
        v = fbin(t, SpvOpFSub, read_src(t, &s[0]), read_src(t, &s[1]));
        break;
    case D3DSIO_MUL:
        v = fbin(t, SpvOpFMul, read_src(t, &s[0]), read_src(t, &s[1]));
        break;
    case D3DSIO_MAD:
        a = read_src(t, &s[0]);
        c = read_src(t, &s[1]);
        d = read_src(t, &s[2]);
        v = fbin(t, SpvOpFAdd, fbin(t, SpvOpFMul, a, c), d);
        break;
    case D3DSIO_RCP:
        x = read_scalar(t, &s[0]);
        v = splat4(t, spv_fdiv(&t->b, t->t_f, cf32(t, 1), x));
        break;
    case D3DSIO_RSQ:
        x = glsl1(t, t->t_f, GLSLstd450FAbs, read_scalar(t, &s[0]));
        v = splat4(t, glsl1(t, t->t_f, GLSLstd450InverseSqrt, x));
        break;
    case D3DSIO_DP3:
        v = splat4(t, dot3(t, read_src(t, &s[0]), read_src(t, &s[1])));
        break;
    case D3DSIO_DP4:
        a = read_src(t, &s[0]);
        c = read_src(t, &s[1]);
        v = splat4(t, spv_dot(&t->b, t->t_f, a, c));
        break;
    case D3DSIO_MIN:
    case D3DSIO_MAX:
        a = read_src(t, &s[0]);
        c = read_src(t, &s[1]);
        v = glsl2(t, t->t_v4,
                  ins->opcode == D3DSIO_MIN ? GLSLstd450FMin : GLSLstd450FMax,
                  a, c);
        break;
    case D3DSIO_SLT:
    case D3DSIO_SGE:
        a = read_src(t, &s[0]);
        c = read_src(t, &s[1]);
        v = spv_compare(&t->b,
                        ins->opcode == D3DSIO_SLT ? SpvOpFOrdLessThan
                                                  : SpvOpFOrdGreaterThanEqual,
                        t->t_bv4, a, c);
        v = bool_to_f4(t, v);
        break;
    case D3DSIO_EXP:
        v = splat4(t, glsl1(t, t->t_f, GLSLstd450Exp2, read_scalar(t, &s[0])));
        break;
    case D3DSIO_EXPP:
        x = read_scalar(t, &s[0]);
        if (t->vs && t->ver < VER(2, 0)) {
            /* (2^floor(w), fract(w), 2^w, 1) */
            uint32_t fl = glsl1(t, t->t_f, GLSLstd450Floor, x);
            v = vec4_of(t, glsl1(t, t->t_f, GLSLstd450Exp2, fl),
                        spv_fsub(&t->b, t->t_f, x, fl),
                        glsl1(t, t->t_f, GLSLstd450Exp2, x), cf32(t, 1));
        } else {
            v = splat4(t, glsl1(t, t->t_f, GLSLstd450Exp2, x));
        }
        break;
    case D3DSIO_LOG:
        x = glsl1(t, t->t_f, GLSLstd450FAbs, read_scalar(t, &s[0]));
        v = splat4(t, glsl1(t, t->t_f, GLSLstd450Log2, x));
        break;
    case D3DSIO_LOGP:
        x = glsl1(t, t->t_f, GLSLstd450FAbs, read_scalar(t, &s[0]));
        if (t->vs && t->ver < VER(2, 0)) {
            /* (exponent, mantissa, log2|w|, 1) */
            uint32_t l = glsl1(t, t->t_f, GLSLstd450Log2, x);
            uint32_t e = glsl1(t, t->t_f, GLSLstd450Floor, l);
            uint32_t m = spv_fdiv(&t->b, t->t_f, x,
                                  glsl1(t, t->t_f, GLSLstd450Exp2, e));
            uint32_t zero = spv_compare(&t->b, SpvOpFOrdEqual, t->t_b, x,
                                        cf32(t, 0));
            m = spv_select(&t->b, t->t_f, zero, cf32(t, 1), m);
            v = vec4_of(t, e, m, l, cf32(t, 1));
        } else {
            v = splat4(t, glsl1(t, t->t_f, GLSLstd450Log2, x));
        }
        break;
    case D3DSIO_LIT:
        v = lit(t, read_src(t, &s[0]));
        break;
    case D3DSIO_DST:
        a = read_src(t, &s[0]);
        c = read_src(t, &s[1]);
        v = vec4_of(t, cf32(t, 1),
                    spv_fmul(&t->b, t->t_f, ext(t, a, 1), ext(t, c, 1)),
                    ext(t, a, 2), ext(t, c, 3));
        break;
    case D3DSIO_LRP:
        a = read_src(t, &s[0]);
        c = read_src(t, &s[1]);
        d = read_src(t, &s[2]);
        /* src0 * (src1 - src2) + src2 */
        v = fbin(t, SpvOpFAdd, fbin(t, SpvOpFMul, a, fbin(t, SpvOpFSub, c, d)),
                 d);
        break;
    case D3DSIO_FRC:
        v = glsl1(t, t->t_v4, GLSLstd450Fract, read_src(t, &s[0]));
        break;
    case D3DSIO_M4x4:
        v = matrix_op(t, ins, 4, 4);
        break;
    case D3DSIO_M4x3:
        v = matrix_op(t, ins, 4, 3);
        break;
    case D3DSIO_M3x4:
        v = matrix_op(t, ins, 3, 4);
        break;
    case D3DSIO_M3x3:
        v = matrix_op(t, ins, 3, 3);
        break;
    case D3DSIO_M3x2:
        v = matrix_op(t, ins, 3, 2);
        break;
    case D3DSIO_POW:
        a = glsl1(t, t->t_f, GLSLstd450FAbs, read_scalar(t, &s[0]));
        c = read_scalar(t, &s[1]);
        v = splat4(t, glsl2(t, t->t_f, GLSLstd450Pow, a, c));
        break;
    case D3DSIO_CRS:
        a = xyz(t, read_src(t, &s[0]));
        c = xyz(t, read_src(t, &s[1]));
        v = v3_to_v4(t, glsl2(t, t->t_v3, GLSLstd450Cross, a, c), 0.0f);
        break;
    case D3DSIO_SGN:
        v = glsl1(t, t->t_v4, GLSLstd450FSign, read_src(t, &s[0]));
        break;
    case D3DSIO_ABS:
        v = glsl1(t, t->t_v4, GLSLstd450FAbs, read_src(t, &s[0]));
        break;
    case D3DSIO_NRM: {
        uint32_t l2, nz;
        a = read_src(t, &s[0]);
        l2 = dot3(t, a, a);
        nz = spv_compare(&t->b, SpvOpFOrdGreaterThan, t->t_b, l2, cf32(t, 0));
        v = spv_vector_times_scalar(&t->b, t->t_v4, a,
                                    glsl1(t, t->t_f, GLSLstd450InverseSqrt,
                                          l2));
        v = sel4(t, nz, v, cvec4(t, 0, 0, 0, 0));
        break;
    }
    case D3DSIO_SINCOS:
        x = read_scalar(t, &s[0]);
        v = vec4_of(t, glsl1(t, t->t_f, GLSLstd450Cos, x),
                    glsl1(t, t->t_f, GLSLstd450Sin, x), cf32(t, 0),
                    cf32(t, 0));
        break;
    case D3DSIO_CND:
        a = read_src(t, &s[0]);
        c = read_src(t, &s[1]);
        d = read_src(t, &s[2]);
        x = spv_compare(&t->b, SpvOpFOrdGreaterThan, t->t_bv4, a,
                        cvec4(t, 0.5f, 0.5f, 0.5f, 0.5f));
        v = spv_select(&t->b, t->t_v4, x, c, d);
        break;
    case D3DSIO_CMP:
        a = read_src(t, &s[0]);
        c = read_src(t, &s[1]);
        d = read_src(t, &s[2]);
        x = spv_compare(&t->b, SpvOpFOrdGreaterThanEqual, t->t_bv4, a,
                        cvec4(t, 0, 0, 0, 0));
        v = spv_select(&t->b, t->t_v4, x, c, d);
        break;
    case D3DSIO_DP2ADD:
        a = read_src(t, &s[0]);
        c = read_src(t, &s[1]);
        d = read_scalar(t, &s[2]);
        x = spv_dot(&t->b, t->t_f, xy(t, a), xy(t, c));
        v = splat4(t, spv_fadd(&t->b, t->t_f, x, d));
        break;
    case D3DSIO_DSX:
        v = spv_unop(&t->b, SpvOpDPdx, t->t_v4, read_src(t, &s[0]));
        break;
    case D3DSIO_DSY:
        v = spv_unop(&t->b, SpvOpDPdy, t->t_v4, read_src(t, &s[0]));
        break;
    case D3DSIO_BEM: {
        /* dst.rg = src0.rg + bumpenv(stage dst) * src1.rg */
        unsigned m = ins->dst.index;
        a = read_src(t, &s[0]);
        c = read_src(t, &s[1]);
        if (ins->dst.write_mask != 0x3)
            return (void)trfail(t, "bem writes .rg only");
        v = bumpenv(t, m, a, c);
        break;
    }
    case D3DSIO_SETP: {
        uint32_t bv;
        a = read_src(t, &s[0]);
        c = read_src(t, &s[1]);
        bv = spv_compare(&t->b, cmp_op(ins->control), t->t_bv4, a, c);
        store_masked(t, p0_var(t), t->t_bv4, bv, ins->dst.write_mask, ins);
        return;
    }
    case D3DSIO_TEX:
        if (t->ps && t->ver < VER(1, 4)) {
            emit_ps1_tex(t, ins);
            return;
        }
        emit_texld(t, ins);
        return;
    case D3DSIO_TEXLDL:
    case D3DSIO_TEXLDD:
        emit_texld(t, ins);
        return;
    case D3DSIO_TEXCOORD:
        if (t->ver < VER(1, 4)) {
            emit_ps1_tex(t, ins);
            return;
        }
        /* texcrd r#, t#[_dz|_dw]: copies, w = 1 */
        a = read_src(t, &s[0]);
        v = vec4_of(t, ext(t, a, 0), ext(t, a, 1), ext(t, a, 2), cf32(t, 1));
        write_dst(t, ins, v, false);
        return;
    case D3DSIO_TEXKILL:
        emit_texkill(t, ins);
        return;
    case D3DSIO_TEXDEPTH: {
        /* depth = r5.g == 0 ? 1 : r5.r / r5.g */
        a = read_reg(t, ins->dst.type, ins->dst.index, NULL);
        write_depth(t, safe_depth(t, ext(t, a, 0), ext(t, a, 1)));
        return;
    }
    case D3DSIO_IF:
        emit_if(t, read_cond(t, &s[0]));
        return;
    case D3DSIO_IFC:
        emit_if(t, compare_scalar(t, ins));
        return;
    case D3DSIO_ELSE:
        emit_else(t);
        return;
    case D3DSIO_ENDIF:
        emit_endif(t);
        return;
    case D3DSIO_LOOP:
    case D3DSIO_REP:
        emit_loop_begin(t, ins);
        return;
    case D3DSIO_ENDLOOP:
        emit_loop_end(t, true);
        return;
    case D3DSIO_ENDREP:
        emit_loop_end(t, false);
        return;
    case D3DSIO_BREAK:
        emit_break(t, spv_const_bool(&t->b, true));
        return;
    case D3DSIO_BREAKC:
        emit_break(t, compare_scalar(t, ins));
        return;
    case D3DSIO_BREAKP:
        emit_break(t, read_cond(t, &s[0]));
        return;
    case D3DSIO_CALL:
        emit_call(t, s[0].index);
        return;
    case D3DSIO_CALLNZ: {
        uint32_t after = cond_block_begin(t, read_cond(t, &s[1]));
        emit_call(t, s[0].index);
        spv_branch(&t->b, after);
        spv_label_at(&t->b, after);
        return;
    }
    case D3DSIO_LABEL:
    case D3DSIO_RET:
        return; /* handled by the function emitter */
    default:
        if (is_ps1_texop(ins->opcode)) {
            emit_ps1_tex(t, ins);
            return;
        }
        trfail(t, "opcode %#x not translated", ins->opcode);
        return;
    }
    write_dst(t, ins, v, true);
}

/* ---- pre-pass ------------------------------------------------------------------------ */

static void mark(struct tr *t, unsigned type, unsigned index, bool rel,
                 unsigned span)
{
    unsigned i;

    if (type >= 20)
        return;
    if (rel) {
        t->used[type] = 0xffffffffu;
        return;
    }
    for (i = 0; i < span && index + i < 32; i++)
        t->used[type] |= 1u << (index + i);
}

static bool prepass(struct tr *t)
{
    size_t i;
    unsigned k;

    for (i = 0; i < t->s->ins_count; i++) {
        const struct dxso_instruction *in = &t->s->ins[i];
        t->cur = i;
        switch (in->opcode) {
        case D3DSIO_DEF:
            t->def_c[in->dst.index] = true;
            memcpy(t->def_c_val[in->dst.index], in->value, 16);
            continue;
        case D3DSIO_DEFI:
            t->def_i[in->dst.index] = true;
            for (k = 0; k < 4; k++)
                t->def_i_val[in->dst.index][k] = (int32_t)in->value[k];
            continue;
        case D3DSIO_DEFB:
            t->def_b[in->dst.index] = true;
            t->def_b_val[in->dst.index] = in->value[0] != 0;
            continue;
        case D3DSIO_DCL:
            switch (in->dst.type) {
            case D3DSPR_INPUT:
                t->dcl_in[in->dst.index] = in;
                break;
            case D3DSPR_TEXTURE:
                if (t->ps)
                    t->dcl_tex[in->dst.index] = in;
                break;
            case D3DSPR_SAMPLER:
                t->dcl_sampler[in->dst.index] = in->sampler_type;
                break;
            case D3DSPR_OUTPUT:
                if (!t->dcl_out[in->dst.index])
                    t->dcl_out[in->dst.index] = in;
                if (in->usage == D3DDECLUSAGE_PSIZE && in->usage_index == 0)
                    t->writes_psize = true; /* vs_3_0 dcl_psize */
                break;
            default:
                break;
            }
            mark(t, in->dst.type, in->dst.index, false, 1);
            if (in->dst.type == D3DSPR_MISCTYPE && t->ps) {
                if (in->dst.index == 0 && !t->vpos)
                    t->vpos = private_var(t, t->t_v4, "vPos");
                if (in->dst.index == 1 && !t->vface)
                    t->vface = private_var(t, t->t_v4, "vFace");
            }
            continue;
        case D3DSIO_LABEL:
            if (t->label_start[in->src[0].index] != SIZE_MAX) {
                return trfail(t, "label l%u defined twice", in->src[0].index);
            }
            t->label_start[in->src[0].index] = i;
            continue;
        default:
            break;
        }
        if (in->dst_count) {
            mark(t, in->dst.type, in->dst.index, in->dst.rel.present, 1);
            if (in->dst.type == D3DSPR_RASTOUT && in->dst.index == 2)
                t->writes_psize = true;
        }
        for (k = 0; k < in->src_count; k++) {
            const struct dxso_src *s = &in->src[k];
            unsigned span = 1;
            if (k == 1 && in->opcode >= D3DSIO_M4x4 &&
                in->opcode <= D3DSIO_M3x2)
                span = 4;
            mark(t, s->type, s->index, s->rel.present, span);
            if (s->rel.present && s->type == D3DSPR_CONST)
                t->const_rel = true;
            if (s->rel.present && s->type == D3DSPR_INPUT)
                t->in_rel = true;
        }
        /* ps_1_x texture ops read texture coordinate sets directly */
    }
    /* vs_3_0 relative v[]: only declared inputs take part. */
    if (t->vs && t->in_rel) {
        t->used[D3DSPR_INPUT] = 0;
        for (k = 0; k < 16; k++)
            if (t->dcl_in[k])
                t->used[D3DSPR_INPUT] |= 1u << k;
    }
    return true;
}

/* ---- prologue / epilogue ------------------------------------------------------------------ */

static uint32_t frag_coord_var(struct tr *t)
{
    if (!t->frag_coord)
        t->frag_coord = builtin_var(t, t->t_v4, SpvStorageClassInput,
                                    SpvBuiltInFragCoord, "gl_FragCoord");
    return t->frag_coord;
}

static bool prologue(struct tr *t)
{
    uint32_t in_vars[DXSO_MAX_VARYING_LOCATIONS] = {0};
    unsigned k;

    if (!t->ps)
        return true;
    if (t->ver < VER(3, 0)) {
        /* t# registers start as the texture coordinates. */
        unsigned n = t->ver < VER(1, 4) ? 4 : t->ver == VER(1, 4) ? 6 : 8;
        for (k = 0; k < n; k++)
            if (t->used[D3DSPR_TEXTURE] & (1u << k))
                spv_store(&t->b, tex_var(t, k), tc_input(t, k));
        return true;
    }
    /* ps_3_0: v# from the varyings of their dcl (usage, index). */
    for (k = 0; k < t->s->ins_count; k++) {
        const struct dxso_instruction *in = &t->s->ins[k];
        uint32_t var, val, ptr;
        int loc;
        char name[32];

        if (in->opcode != D3DSIO_DCL)
            continue;
        if (in->dst.type == D3DSPR_MISCTYPE) {
            if (in->dst.index == 0) {
                val = spv_load(&t->b, t->t_v4, frag_coord_var(t));
                val = spv_fsub(&t->b, t->t_v4, val,
                               cvec4(t, 0.5f, 0.5f, 0, 0));
                spv_store(&t->b, t->vpos, val);
            } else {
                uint32_t ff = builtin_var(t, t->t_b, SpvStorageClassInput,
                                          SpvBuiltInFrontFacing,
                                          "gl_FrontFacing");
                val = spv_load(&t->b, t->t_b, ff);
                val = sel4(t, val, cvec4(t, 1, 1, 1, 1),
                           cvec4(t, -1, -1, -1, -1));
                spv_store(&t->b, t->vface, val);
            }
            continue;
        }
        if (in->dst.type != D3DSPR_INPUT)
            continue;
        t->cur = k;
        loc = dxso_varying_location(in->usage, in->usage_index);
        if (loc < 0)
            return trfail(t, "no varying location for usage %u index %u",
                          in->usage, in->usage_index);
        snprintf(name, sizeof(name), "in_%u_%u", in->usage, in->usage_index);
        /* A (usage, index) declared on two registers reads one input. */
        var = in_vars[loc];
        if (t->o.unfed_varyings >> loc & 1) {
            val = cvec4(t, 0, 0, 0, 0); /* nothing writes it */
        } else if (loc == (int)DXSO_VARYING_FOG_LOCATION) {
            if (!var)
                var = input_var(t, t->t_f, (unsigned)loc,
                                in->dst.modifiers & DXSO_DSTMOD_CENTROID,
                                name);
            val = spv_load(&t->b, t->t_f, var);
            val = vec4_of(t, val, cf32(t, 0), cf32(t, 0), cf32(t, 0));
        } else if (t->o.point_sprite && in->usage == D3DDECLUSAGE_TEXCOORD) {
            val = point_coord4(t);
        } else {
            if (!var) {
                var = input_var(t, t->t_v4, (unsigned)loc,
                                in->dst.modifiers & DXSO_DSTMOD_CENTROID,
                                name);
                if (t->o.flat_colors && in->usage == D3DDECLUSAGE_COLOR)
                    spv_decorate(&t->b, var, SpvDecorationFlat, NULL, 0);
            }
            val = spv_load(&t->b, t->t_v4, var);
        }
        in_vars[loc] = var;
        ptr = array_elem(t, ps3_in_var(t), ci32(t, in->dst.index));
        store_masked(t, ptr, t->t_v4, val, in->dst.write_mask, NULL);
    }
    return true;
}

static uint32_t load_or_zero(struct tr *t, uint32_t var)
{
    return var ? spv_load(&t->b, t->t_v4, var) : cvec4(t, 0, 0, 0, 0);
}

static uint32_t push_var(struct tr *t)
{
    if (!t->push) {
        /* With the texture table: the draw base too (binding.h). */
        const uint32_t members[2] = {t->t_v4, t->t_u};
        uint32_t st = spv_type_struct_unique(&t->b, members, t->o.texture_table ? 2 : 1);
        spv_decorate_block(&t->b, st);
        spv_member_offset(&t->b, st, 0, 0);
        spv_name(&t->b, st, "dxso_push");
        spv_member_name(&t->b, st, 0, "pos_fixup");
        if (t->o.texture_table) {
            spv_member_offset(&t->b, st, 1, NR_PUSH_DRAW_BASE);
            spv_member_name(&t->b, st, 1, "draw_base");
        }
        t->push = spv_global_variable(&t->b, st, SpvStorageClassPushConstant,
                                      0);
        spv_name(&t->b, t->push, "pc");
    }
    return t->push;
}

/* D3D9's user clip planes for shaders: in clip space, one distance per
 * enabled plane (dxso_spirv_options.clip_planes). */
static void write_clip_distances(struct tr *t, uint32_t pos)
{
    unsigned mask = t->o.clip_planes & 0x3fu, n = (unsigned)__builtin_popcount(mask), k = 0;
    uint32_t arr, var;

    if (!n)
        return;
    spv_capability(&t->b, SpvCapabilityClipDistance);
    arr = spv_type_array(&t->b, t->t_f, n);
    var = builtin_var(t, arr, SpvStorageClassOutput, SpvBuiltInClipDistance,
                      "gl_ClipDistance");
    for (unsigned i = 0; i < 6; i++) {
        uint32_t plane, d, idx, p;
        if (!(mask >> i & 1))
            continue;
        plane = ubo_load(t, UBO_VS_CLIP, ci32(t, (int32_t)i), t->t_v4);
        d = spv_dot(&t->b, t->t_f, pos, plane);
        idx = ci32(t, (int32_t)k++);
        p = spv_access_chain(&t->b, ptr_type(t, SpvStorageClassOutput, t->t_f), var, &idx, 1);
        spv_store(&t->b, p, d);
    }
}

/* gl_Position from a D3D9 clip-space position; see dxso.h. */
static void write_position(struct tr *t, uint32_t pos)
{
    write_clip_distances(t, pos);
    uint32_t var = builtin_var(t, t->t_v4, SpvStorageClassOutput,
                               SpvBuiltInPosition, "gl_Position");
    uint32_t idx0 = ci32(t, 0), p, fix, w, x, y;

    p = spv_access_chain(&t->b, ptr_type(t, SpvStorageClassPushConstant,
                                         t->t_v4),
                         push_var(t), &idx0, 1);
    fix = spv_load(&t->b, t->t_v4, p);
    w = ext(t, pos, 3);
    /* x + w * fix.x / 2,  -y + w * fix.y / 2 */
    x = spv_fmul(&t->b, t->t_f, w, ext(t, fix, 0));
    x = spv_fmul(&t->b, t->t_f, x, cf32(t, 0.5f));
    x = spv_fadd(&t->b, t->t_f, ext(t, pos, 0), x);
    y = spv_fmul(&t->b, t->t_f, w, ext(t, fix, 1));
    y = spv_fmul(&t->b, t->t_f, y, cf32(t, 0.5f));
    y = spv_fsub(&t->b, t->t_f, y, ext(t, pos, 1));
    spv_store(&t->b, var, vec4_of(t, x, y, ext(t, pos, 2), w));
}

/* gl_PointSize from .x of v4.  With force_point_size (point lists) the
 * size is clamped to D3DRS_POINTSIZE_MIN/MAX from the point vec4, as D3D9
 * clamps a shader's oPts too (Wine's visual test_pointsize). */
static void write_psize(struct tr *t, uint32_t v4)
{
    uint32_t var = builtin_var(t, t->t_f, SpvStorageClassOutput,
                               SpvBuiltInPointSize, "gl_PointSize");
    uint32_t size = ext(t, v4, 0);

    if (t->ubo_point) {
        uint32_t pt = ubo_load_vec4(t, UBO_VS_POINT);
        size = glsl2(t, t->t_f, GLSLstd450FMax, size, ext(t, pt, 1));
        size = glsl2(t, t->t_f, GLSLstd450FMin, size, ext(t, pt, 2));
    }
    spv_store(&t->b, var, size);
}

/* ---- fixed-function steps (dxso.h, "Fixed-function steps") --------------- */

/* force_point_size without a size of the shader's: D3DRS_POINTSIZE. */
static void write_forced_psize(struct tr *t)
{
    write_psize(t, ubo_load_vec4(t, UBO_VS_POINT));
}

static bool fog_applies(const struct tr *t)
{
    return t->ps && t->ver < VER(3, 0) &&
           (t->o.fog_table_mode != 0 || t->o.fog_vertex);
}

static uint32_t splat3(struct tr *t, uint32_t x)
{
    uint32_t c[3] = {x, x, x};
    return spv_composite_construct(&t->b, t->t_v3, c, 3);
}

/* C = f C + (1 - f) fog colour on rgb; the same formulas as ff.c. */
static uint32_t apply_fog(struct tr *t, uint32_t color)
{
    struct spv_builder *b = &t->b;
    uint32_t f, fc, rgb;

    if (t->o.fog_table_mode) {
        uint32_t fcoord = spv_load(b, t->t_v4, frag_coord_var(t));
        uint32_t fog = ubo_load_vec4(t, UBO_PS_FOG), d;

        d = t->o.fog_w ? spv_fdiv(b, t->t_f, cf32(t, 1.0f), ext(t, fcoord, 3))
                       : ext(t, fcoord, 2);
        switch (t->o.fog_table_mode) {
        case D3DFOG_LINEAR:
            f = spv_fmul(b, t->t_f, spv_fsub(b, t->t_f, ext(t, fog, 1), d),
                         ext(t, fog, 3));
            break;
        case D3DFOG_EXP:
            f = spv_fmul(b, t->t_f, d, ext(t, fog, 2));
            f = glsl1(t, t->t_f, GLSLstd450Exp, spv_fnegate(b, t->t_f, f));
            break;
        default: /* D3DFOG_EXP2 */
            f = spv_fmul(b, t->t_f, d, ext(t, fog, 2));
            f = spv_fmul(b, t->t_f, f, f);
            f = glsl1(t, t->t_f, GLSLstd450Exp, spv_fnegate(b, t->t_f, f));
            break;
        }
    } else {
        uint32_t var = input_var(t, t->t_f, DXSO_VARYING_FOG_LOCATION, false,
                                 "in_fog");
        f = spv_load(b, t->t_f, var);
    }
    f = glsl3(t, t->t_f, GLSLstd450FClamp, f, cf32(t, 0), cf32(t, 1));
    fc = ubo_load_vec4(t, UBO_PS_FOG_COLOR);
    rgb = glsl3(t, t->t_v3, GLSLstd450FMix, xyz(t, fc), xyz(t, color),
                splat3(t, f));
    return v3_to_v4_id(t, rgb, ext(t, color, 3));
}

static uint32_t push_ps_var(struct tr *t)
{
    if (!t->push_ps) {
        uint32_t st = spv_type_struct_unique(&t->b, &t->t_f, 1);
        spv_decorate_block(&t->b, st);
        spv_member_offset(&t->b, st, 0, DXSO_PUSH_ALPHA_REF_OFFSET);
        spv_name(&t->b, st, "dxso_ps_push");
        spv_member_name(&t->b, st, 0, "alpha_ref");
        t->push_ps = spv_global_variable(&t->b, st,
                                         SpvStorageClassPushConstant, 0);
        spv_name(&t->b, t->push_ps, "pc");
    }
    return t->push_ps;
}

/* Alpha test of oC0 against the push-constant reference, compared as
 * 8-bit values (round(alpha * 255)), as ff.c does. */
static void alpha_test(struct tr *t, uint32_t color)
{
    static const SpvOp cmp[] = {
        [D3DCMP_LESS] = SpvOpFOrdLessThan,
        [D3DCMP_EQUAL] = SpvOpFOrdEqual,
        [D3DCMP_LESSEQUAL] = SpvOpFOrdLessThanEqual,
        [D3DCMP_GREATER] = SpvOpFOrdGreaterThan,
        [D3DCMP_NOTEQUAL] = SpvOpFOrdNotEqual,
        [D3DCMP_GREATEREQUAL] = SpvOpFOrdGreaterThanEqual,
    };
    unsigned func = t->o.alpha_func;
    uint32_t pass;

    if (!func || func == D3DCMP_ALWAYS)
        return;
    if (func == D3DCMP_NEVER) {
        pass = spv_const_bool(&t->b, false);
    } else {
        uint32_t a = ext(t, color, 3), ref, idx = ci32(t, 0), p;
        a = glsl3(t, t->t_f, GLSLstd450FClamp, a, cf32(t, 0), cf32(t, 1));
        a = spv_fmul(&t->b, t->t_f, a, cf32(t, 255.0f));
        a = glsl1(t, t->t_f, GLSLstd450Floor,
                  spv_fadd(&t->b, t->t_f, a, cf32(t, 0.5f)));
        p = spv_access_chain(&t->b,
                             ptr_type(t, SpvStorageClassPushConstant, t->t_f),
                             push_ps_var(t), &idx, 1);
        ref = spv_load(&t->b, t->t_f, p);
        pass = spv_compare(&t->b, cmp[func], t->t_b, a, ref);
    }
    kill_if(t, spv_unop(&t->b, SpvOpLogicalNot, t->t_b, pass));
}

/* sRGB to linear on rgb (D3DSAMP_SRGBTEXTURE); alpha unchanged. */
static uint32_t srgb_to_linear(struct tr *t, uint32_t color)
{
    struct spv_builder *b = &t->b;
    uint32_t c = xyz(t, color), lo, hi, small;

    lo = spv_vector_times_scalar(b, t->t_v3, c, cf32(t, 1.0f / 12.92f));
    hi = spv_vector_times_scalar(b, t->t_v3,
                                 spv_fadd(b, t->t_v3, c, splat3(t, cf32(t, 0.055f))),
                                 cf32(t, 1.0f / 1.055f));
    hi = glsl2(t, t->t_v3, GLSLstd450FMax, hi, splat3(t, cf32(t, 0)));
    hi = glsl2(t, t->t_v3, GLSLstd450Pow, hi, splat3(t, cf32(t, 2.4f)));
    small = spv_compare(b, SpvOpFOrdLessThanEqual, spv_type_vec(b, t->t_b, 3), c,
                        splat3(t, cf32(t, 0.04045f)));
    return v3_to_v4_id(t, spv_select(b, t->t_v3, small, lo, hi), ext(t, color, 3));
}

/* Linear to sRGB on rgb (saturated first); alpha unchanged. */
static uint32_t linear_to_srgb(struct tr *t, uint32_t color)
{
    struct spv_builder *b = &t->b;
    uint32_t c = xyz(t, color), lo, hi, small, t_bv3;
    float k = 1.0f / 2.4f;

    t_bv3 = spv_type_vec(b, t->t_b, 3);
    c = glsl3(t, t->t_v3, GLSLstd450FClamp, c, splat3(t, cf32(t, 0)),
              splat3(t, cf32(t, 1)));
    lo = spv_vector_times_scalar(b, t->t_v3, c, cf32(t, 12.92f));
    hi = glsl2(t, t->t_v3, GLSLstd450Pow, c, splat3(t, cf32(t, k)));
    hi = spv_vector_times_scalar(b, t->t_v3, hi, cf32(t, 1.055f));
    hi = spv_fsub(b, t->t_v3, hi, splat3(t, cf32(t, 0.055f)));
    small = spv_compare(b, SpvOpFOrdLessThanEqual, t_bv3, c,
                        splat3(t, cf32(t, 0.0031308f)));
    c = spv_select(b, t->t_v3, small, lo, hi);
    return v3_to_v4_id(t, c, ext(t, color, 3));
}

static bool epilogue(struct tr *t)
{
    unsigned k;
    char name[32];

    if (t->vs && t->ver < VER(3, 0)) {
        uint32_t v, var;
        write_position(t, load_or_zero(t, t->vs_out_rast[0]));
        for (k = 0; k < 2; k++) {
            v = t->vs_out_d[k] ? spv_load(&t->b, t->t_v4, t->vs_out_d[k])
                : k ? cvec4(t, 0, 0, 0, 0)
                    : cvec4(t, 1, 1, 1, 1); /* oD0 starts white (dst_ptr) */
            v = glsl3(t, t->t_v4, GLSLstd450FClamp, v, cvec4(t, 0, 0, 0, 0),
                      cvec4(t, 1, 1, 1, 1));
            snprintf(name, sizeof(name), "out_oD%u", k);
            spv_store(&t->b, output_var(t, t->t_v4, k, name), v);
        }
        for (k = 0; k < 8; k++) {
            snprintf(name, sizeof(name), "out_oT%u", k);
            spv_store(&t->b, output_var(t, t->t_v4, 2 + k, name),
                      load_or_zero(t, t->vs_out_t[k]));
        }
        var = output_var(t, t->t_f, DXSO_VARYING_FOG_LOCATION, "out_oFog");
        spv_store(&t->b, var, ext(t, load_or_zero(t, t->vs_out_rast[1]), 0));
        if (t->writes_psize)
            write_psize(t, load_or_zero(t, t->vs_out_rast[2]));
        else if (t->o.force_point_size)
            write_forced_psize(t);
        return true;
    }
    if (t->vs) {
        uint32_t written = 0; /* varying locations */
        bool pos = false, psize = false;
        for (k = 0; k < t->s->ins_count; k++) {
            const struct dxso_instruction *in = &t->s->ins[k];
            uint32_t val, var;
            int loc;
            if (in->opcode != D3DSIO_DCL || in->dst.type != D3DSPR_OUTPUT)
                continue;
            t->cur = k;
            val = spv_load(&t->b, t->t_v4,
                           array_elem(t, vs3_out_var(t),
                                      ci32(t, in->dst.index)));
            if (in->usage == D3DDECLUSAGE_POSITION && in->usage_index == 0) {
                if (pos)
                    return trfail(t, "two position outputs");
                pos = true;
                write_position(t, val);
                continue;
            }
            if (in->usage == D3DDECLUSAGE_PSIZE && in->usage_index == 0) {
                if (psize)
                    return trfail(t, "two point size outputs");
                psize = true;
                write_psize(t, val);
                continue;
            }
            loc = dxso_varying_location(in->usage, in->usage_index);
            if (loc < 0)
                return trfail(t, "no varying location for usage %u index %u",
                              in->usage, in->usage_index);
            if (written & (1u << loc))
                return trfail(t, "usage %u index %u declared twice",
                              in->usage, in->usage_index);
            written |= 1u << loc;
            snprintf(name, sizeof(name), "out_%u_%u", in->usage,
                     in->usage_index);
            if (loc == (int)DXSO_VARYING_FOG_LOCATION) {
                var = output_var(t, t->t_f, (unsigned)loc, name);
                spv_store(&t->b, var, ext(t, val, 0));
            } else {
                uint32_t c[4], i;
                for (i = 0; i < 4; i++)
                    c[i] = in->dst.write_mask & (1u << i) ? 4 + i : i;
                val = shuf(t, t->t_v4, cvec4(t, 0, 0, 0, 0), val, c, 4);
                var = output_var(t, t->t_v4, (unsigned)loc, name);
                spv_store(&t->b, var, val);
            }
        }
        if (!psize && t->o.force_point_size)
            write_forced_psize(t);
        return true;
    }
    /* pixel shader: the colour outputs, through the fixed-function steps */
    {
        uint32_t col[4] = {0};
        if (t->ps1x) {
            col[0] = spv_load(&t->b, t->t_v4, temp_var(t, 0));
        } else {
            for (k = 0; k < 4; k++)
                if (t->ps_oc[k])
                    col[k] = spv_load(&t->b, t->t_v4, t->ps_oc[k]);
        }
        if (col[0] && fog_applies(t))
            col[0] = apply_fog(t, col[0]);
        if (col[0])
            alpha_test(t, col[0]);
        for (k = 0; k < 4; k++) {
            if (!col[k])
                continue;
            if (t->o.srgb_write)
                col[k] = linear_to_srgb(t, col[k]);
            if (t->ps1x)
                snprintf(name, sizeof(name), "oC0");
            else
                snprintf(name, sizeof(name), "out_oC%u", k);
            spv_store(&t->b, output_var(t, t->t_v4, k, name), col[k]);
        }
    }
    if (t->depth_written && t->ps_depth) {
        uint32_t var = builtin_var(t, t->t_f, SpvStorageClassOutput,
                                   SpvBuiltInFragDepth, "gl_FragDepth");
        spv_store(&t->b, var,
                  ext(t, spv_load(&t->b, t->t_v4, t->ps_depth), 0));
    }
    return true;
}

/* ---- functions ------------------------------------------------------------------------------ */

/* Emits instructions [begin, end) into the current function. */
static void emit_range(struct tr *t, size_t begin, size_t end)
{
    size_t i;

    t->depth = 0;
    t->pad_count = 0;
    for (i = begin; i < end && !t->failed && !t->b.error; i++) {
        const struct dxso_instruction *in = &t->s->ins[i];
        t->cur = i;
        if (in->opcode == D3DSIO_RET || in->opcode == D3DSIO_LABEL)
            break;
        if (i + 1 < end && t->s->ins[i + 1].coissue && !in->coissue) {
            /* The pair reads all its sources before either writes. */
            t->deferring = true;
            t->npending = 0;
            emit_instruction(t, in);
            t->cur = i + 1;
            emit_instruction(t, &t->s->ins[i + 1]);
            t->deferring = false;
            for (unsigned k = 0; k < t->npending; k++)
                write_now(t, t->pending[k].ins, t->pending[k].value,
                          t->pending[k].arith);
            t->npending = 0;
            i++;
            continue;
        }
        emit_instruction(t, in);
    }
    if (!t->failed && t->depth)
        trfail(t, "unclosed flow control");
}

/* End of the main program (index of its ret, or the count). */
static size_t main_end(const struct dxso_shader *s)
{
    size_t i;
    unsigned depth = 0;

    for (i = 0; i < s->ins_count; i++) {
        switch (s->ins[i].opcode) {
        case D3DSIO_IF:
        case D3DSIO_IFC:
        case D3DSIO_LOOP:
        case D3DSIO_REP:
            depth++;
            break;
        case D3DSIO_ENDIF:
        case D3DSIO_ENDLOOP:
        case D3DSIO_ENDREP:
            depth--;
            break;
        case D3DSIO_RET:
        case D3DSIO_LABEL:
            if (!depth)
                return i;
            break;
        default:
            break;
        }
    }
    return s->ins_count;
}

static bool emit_sub(struct tr *t, unsigned label);

/* Emits the subroutines called from [begin, end), callees first. */
static bool emit_callees(struct tr *t, size_t begin, size_t end)
{
    size_t i;

    for (i = begin; i < end; i++) {
        const struct dxso_instruction *in = &t->s->ins[i];
        if (in->opcode == D3DSIO_RET || in->opcode == D3DSIO_LABEL)
            break;
        if (in->opcode != D3DSIO_CALL && in->opcode != D3DSIO_CALLNZ)
            continue;
        t->cur = i;
        if (!emit_sub(t, in->src[0].index))
            return false;
    }
    return true;
}

static bool emit_sub(struct tr *t, unsigned label)
{
    size_t start;
    char name[24];
    uint32_t fn;

    if (label >= DXSO_MAX_LABELS ||
        t->label_start[label] == SIZE_MAX)
        return trfail(t, "call to undefined label l%u", label);
    if (t->label_state[label] == 2)
        return true;
    if (t->label_state[label] == 1)
        return trfail(t, "recursive call of l%u", label);
    t->label_state[label] = 1;
    start = t->label_start[label] + 1;
    if (!emit_callees(t, start, t->s->ins_count))
        return false;
    fn = spv_function_begin(&t->b, t->t_void, t->t_fn, 0);
    snprintf(name, sizeof(name), "l%u", label);
    spv_name(&t->b, fn, name);
    spv_label(&t->b);
    emit_range(t, start, t->s->ins_count);
    spv_return(&t->b);
    spv_function_end(&t->b);
    t->label_fn[label] = fn;
    t->label_state[label] = 2;
    return !t->failed;
}

/* ---- entry ------------------------------------------------------------------------------------ */

bool dxso_to_spirv(const struct dxso_shader *s,
                   const struct dxso_spirv_options *opts, uint32_t **words,
                   size_t *count, char *err, size_t err_size)
{
    struct tr *t;
    uint32_t fn;
    size_t mend, i;
    bool ok = false;

    *words = NULL;
    *count = 0;
    if (err && err_size)
        err[0] = 0;
    t = calloc(1, sizeof(*t));
    if (!t) {
        if (err && err_size)
            snprintf(err, err_size, "out of memory");
        return false;
    }
    t->s = s;
    t->err = err;
    t->err_size = err_size;
    t->cur = SIZE_MAX;
    if (opts)
        t->o = *opts;
    t->ver = VER(s->major, s->minor);
    t->vs = s->type == DXSO_VERTEX;
    t->ps = !t->vs;
    t->ps1x = t->ps && t->ver < VER(2, 0);
    t->ubo_fog = fog_applies(t);
    t->label_fn = calloc(DXSO_MAX_LABELS, sizeof(*t->label_fn));
    t->label_start = malloc(DXSO_MAX_LABELS * sizeof(*t->label_start));
    t->label_state = calloc(DXSO_MAX_LABELS, 1);
    spv_builder_init(&t->b);
    if (!t->label_fn || !t->label_start || !t->label_state) {
        trfail(t, "out of memory");
        goto done;
    }
    for (i = 0; i < DXSO_MAX_LABELS; i++)
        t->label_start[i] = SIZE_MAX;
    if (!s->ins && s->ins_count) {
        trfail(t, "empty shader");
        goto done;
    }
    if (t->o.alpha_func > D3DCMP_ALWAYS) {
        trfail(t, "alpha_func %u out of range (0..8)", t->o.alpha_func);
        goto done;
    }
    if (t->o.fog_table_mode > D3DFOG_LINEAR) {
        trfail(t, "fog_table_mode %u out of range (0..3)",
               t->o.fog_table_mode);
        goto done;
    }

    spv_capability(&t->b, SpvCapabilityShader);
    t->t_void = spv_type_void(&t->b);
    t->t_fn = spv_type_function(&t->b, t->t_void, NULL, 0);
    t->t_f = spv_type_float(&t->b, 32);
    t->t_v2 = spv_type_vec(&t->b, t->t_f, 2);
    t->t_v3 = spv_type_vec(&t->b, t->t_f, 3);
    t->t_v4 = spv_type_vec(&t->b, t->t_f, 4);
    t->t_i = spv_type_int(&t->b, 32, true);
    t->t_iv4 = spv_type_vec(&t->b, t->t_i, 4);
    t->t_u = spv_type_int(&t->b, 32, false);
    t->t_b = spv_type_bool(&t->b);
    t->t_bv4 = spv_type_vec(&t->b, t->t_b, 4);

    if (!prepass(t))
        goto done;
    t->ubo_point = t->vs && t->o.force_point_size;
    mend = main_end(s);
    t->cur = SIZE_MAX;
    if (!emit_callees(t, 0, mend))
        goto done;

    fn = spv_function_begin(&t->b, t->t_void, t->t_fn, 0);
    spv_name(&t->b, fn, "main");
    spv_label(&t->b);
    if (t->vs && t->o.texture_table) {
        /* The draw's bind set, for this stage's samplers and the next's. */
        uint32_t idx1 = ci32(t, 1);
        if (!t->tt.t_u32)
            spv_table_init(&t->tt, &t->b, true);
        spv_table_vs_begin(
            &t->tt, &t->b,
            spv_load(&t->b, t->t_u,
                     spv_access_chain(&t->b, ptr_type(t, SpvStorageClassPushConstant, t->t_u),
                                      push_var(t), &idx1, 1)));
    }
    if (!prologue(t))
        goto done;
    emit_range(t, 0, mend);
    if (t->failed)
        goto done;
    t->cur = mend;
    if (!epilogue(t))
        goto done;
    spv_return(&t->b);
    spv_function_end(&t->b);

    if (t->vs) {
        spv_entry_point(&t->b, SpvExecutionModelVertex, fn, "main", NULL, 0);
    } else {
        spv_entry_point(&t->b, SpvExecutionModelFragment, fn, "main", NULL, 0);
        spv_execution_mode(&t->b, fn, SpvExecutionModeOriginUpperLeft, NULL,
                           0);
        if (t->depth_written)
            spv_execution_mode(&t->b, fn, SpvExecutionModeDepthReplacing,
                               NULL, 0);
    }
    if (t->failed)
        goto done;
    if (!spv_finish(&t->b, words, count)) {
        t->cur = SIZE_MAX;
        trfail(t, "SPIR-V builder: %s",
               spv_error(&t->b) ? spv_error(&t->b) : "failed");
        goto done;
    }
    ok = true;

done:
    spv_builder_cleanup(&t->b);
    free(t->label_fn);
    free(t->label_start);
    free(t->label_state);
    free(t);
    return ok;
}
