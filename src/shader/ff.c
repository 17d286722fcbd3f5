/* nereid: fixed-function shader generation.  See ff.h for the keys, the
 * uniform layouts and the interface; the D3D9 rules each piece follows are
 * quoted where the code applies them. */
#include "ff.h"

#include <stdio.h>
#include <string.h>

#include "binding.h"
#include "spv.h"
#include "table.h"

/* The keys are hashed and compared as bytes: no padding anywhere. */
_Static_assert(sizeof(struct ff_vs_key) == 72, "ff_vs_key has padding");
_Static_assert(sizeof(struct ff_fs_stage) == 12, "ff_fs_stage has padding");
_Static_assert(sizeof(struct ff_fs_key) == 104, "ff_fs_key has padding");
/* The uniform layouts match what the modules declare. */
_Static_assert(sizeof(struct ff_light) == 112, "ff_light");
_Static_assert(sizeof(struct ff_blend_matrix) == 112, "ff_blend_matrix");
_Static_assert(offsetof(struct ff_vs_constants, material_diffuse) == 64, "");
_Static_assert(offsetof(struct ff_vs_constants, fog) == 160, "");
_Static_assert(offsetof(struct ff_vs_constants, clip_plane) == 208, "");
_Static_assert(offsetof(struct ff_vs_constants, texture_matrix) == 304, "");
_Static_assert(offsetof(struct ff_vs_constants, light) == 816, "");
_Static_assert(offsetof(struct ff_vs_constants, blend) == 1712, "");
_Static_assert(sizeof(struct ff_vs_constants) == 30384, "");
_Static_assert(offsetof(struct ff_fs_constants, bump_matrix) == 144, "");
_Static_assert(offsetof(struct ff_fs_constants, bump_luminance) == 272, "");
_Static_assert(offsetof(struct ff_fs_constants, fog_color) == 400, "");
_Static_assert(offsetof(struct ff_fs_constants, alpha_ref) == 432, "");
_Static_assert(sizeof(struct ff_fs_constants) == 448, "");

static bool ff_finish(struct spv_builder *b, uint32_t **words, size_t *count)
{
    bool ok = spv_finish(b, words, count);
    spv_builder_cleanup(b);
    return ok;
}

/* ---- a thin layer of helpers over the builder ----------------------------
 * The generator works on float scalars and vectors of 2..4; n below is the
 * component count (1 = scalar). */

struct ffg {
    struct spv_builder b;
    uint32_t t_void, t_bool, t_f, t_i, t_u, t_v2, t_v3, t_v4, t_uv4;
    uint32_t t_m3, t_m4;
    bool table; /* FF_GEN_TEXTURE_TABLE */
    struct spv_table tt;
};

static void ffg_init(struct ffg *g)
{
    struct spv_builder *b = &g->b;

    spv_builder_init(b);
    g->table = false;
    memset(&g->tt, 0, sizeof(g->tt));
    spv_capability(b, SpvCapabilityShader);
    g->t_void = spv_type_void(b);
    g->t_bool = spv_type_bool(b);
    g->t_f = spv_type_float(b, 32);
    g->t_i = spv_type_int(b, 32, true);
    g->t_u = spv_type_int(b, 32, false);
    g->t_v2 = spv_type_vec(b, g->t_f, 2);
    g->t_v3 = spv_type_vec(b, g->t_f, 3);
    g->t_v4 = spv_type_vec(b, g->t_f, 4);
    g->t_uv4 = spv_type_vec(b, g->t_u, 4);
    g->t_m3 = spv_type_mat(b, g->t_v3, 3);
    g->t_m4 = spv_type_mat(b, g->t_v4, 4);
}

static uint32_t vt(struct ffg *g, unsigned n)
{
    switch (n) {
    case 1:
        return g->t_f;
    case 2:
        return g->t_v2;
    case 3:
        return g->t_v3;
    default:
        return g->t_v4;
    }
}

static uint32_t cf(struct ffg *g, float x)
{
    return spv_const_f32(&g->b, x);
}

static uint32_t ci(struct ffg *g, int32_t x)
{
    return spv_const_i32(&g->b, x);
}

/* A constant vector with every component x (a scalar for n = 1). */
static uint32_t cvec(struct ffg *g, unsigned n, float x)
{
    uint32_t c[4], s = cf(g, x);
    unsigned i;

    if (n == 1)
        return s;
    for (i = 0; i < n; i++)
        c[i] = s;
    return spv_const_composite(&g->b, vt(g, n), c, n);
}

static uint32_t cv4(struct ffg *g, float x, float y, float z, float w)
{
    const float v[4] = {x, y, z, w};
    return spv_const_vec_f32(&g->b, v, 4);
}

static uint32_t cv3(struct ffg *g, float x, float y, float z)
{
    const float v[3] = {x, y, z};
    return spv_const_vec_f32(&g->b, v, 3);
}

static uint32_t fadd(struct ffg *g, unsigned n, uint32_t a, uint32_t c)
{
    return spv_fadd(&g->b, vt(g, n), a, c);
}

static uint32_t fsub(struct ffg *g, unsigned n, uint32_t a, uint32_t c)
{
    return spv_fsub(&g->b, vt(g, n), a, c);
}

static uint32_t fmul(struct ffg *g, unsigned n, uint32_t a, uint32_t c)
{
    return spv_fmul(&g->b, vt(g, n), a, c);
}

static uint32_t fdiv(struct ffg *g, unsigned n, uint32_t a, uint32_t c)
{
    return spv_fdiv(&g->b, vt(g, n), a, c);
}

/* vector * scalar (plain multiply for n = 1) */
static uint32_t fscale(struct ffg *g, unsigned n, uint32_t v, uint32_t s)
{
    if (n == 1)
        return fmul(g, 1, v, s);
    return spv_vector_times_scalar(&g->b, vt(g, n), v, s);
}

/* A vector made of n copies of a scalar id. */
static uint32_t splat(struct ffg *g, unsigned n, uint32_t s)
{
    uint32_t c[4] = {s, s, s, s};

    if (n == 1)
        return s;
    return spv_composite_construct(&g->b, vt(g, n), c, n);
}

static uint32_t ext(struct ffg *g, uint32_t v, uint32_t i)
{
    return spv_composite_extract1(&g->b, g->t_f, v, i);
}

/* Picks n components (indices into v) of v. */
static uint32_t swz(struct ffg *g, unsigned n, uint32_t v, uint32_t c0,
                    uint32_t c1, uint32_t c2, uint32_t c3)
{
    const uint32_t c[4] = {c0, c1, c2, c3};

    if (n == 1)
        return ext(g, v, c0);
    return spv_vector_shuffle(&g->b, vt(g, n), v, v, c, n);
}

static uint32_t xyz(struct ffg *g, uint32_t v4)
{
    return swz(g, 3, v4, 0, 1, 2, 0);
}

static uint32_t vec4_of(struct ffg *g, uint32_t v3, uint32_t w)
{
    const uint32_t c[2] = {v3, w};
    return spv_composite_construct(&g->b, g->t_v4, c, 2);
}

static uint32_t vec4_4(struct ffg *g, uint32_t x, uint32_t y, uint32_t z,
                       uint32_t w)
{
    const uint32_t c[4] = {x, y, z, w};
    return spv_composite_construct(&g->b, g->t_v4, c, 4);
}

static uint32_t glsl1(struct ffg *g, unsigned n, uint32_t op, uint32_t x)
{
    return spv_glsl1(&g->b, vt(g, n), op, x);
}

static uint32_t glsl2(struct ffg *g, unsigned n, uint32_t op, uint32_t x,
                      uint32_t y)
{
    return spv_glsl2(&g->b, vt(g, n), op, x, y);
}

static uint32_t glsl3(struct ffg *g, unsigned n, uint32_t op, uint32_t x,
                      uint32_t y, uint32_t z)
{
    return spv_glsl3(&g->b, vt(g, n), op, x, y, z);
}

/* clamp(v, 0, 1): D3D9's saturation of colours and factors. */
static uint32_t sat(struct ffg *g, unsigned n, uint32_t v)
{
    return glsl3(g, n, GLSLstd450FClamp, v, cvec(g, n, 0.0f),
                 cvec(g, n, 1.0f));
}

static uint32_t fmaxv(struct ffg *g, unsigned n, uint32_t a, uint32_t c)
{
    return glsl2(g, n, GLSLstd450FMax, a, c);
}

static uint32_t fminv(struct ffg *g, unsigned n, uint32_t a, uint32_t c)
{
    return glsl2(g, n, GLSLstd450FMin, a, c);
}

/* a * (1 - t) + c * t */
static uint32_t fmix(struct ffg *g, unsigned n, uint32_t a, uint32_t c,
                     uint32_t t)
{
    return glsl3(g, n, GLSLstd450FMix, a, c, t);
}

static uint32_t one_minus(struct ffg *g, unsigned n, uint32_t v)
{
    return fsub(g, n, cvec(g, n, 1.0f), v);
}

static uint32_t dot3(struct ffg *g, uint32_t a, uint32_t c)
{
    return spv_dot(&g->b, g->t_f, a, c);
}

static uint32_t dot4(struct ffg *g, uint32_t a, uint32_t c)
{
    return spv_dot(&g->b, g->t_f, a, c);
}

static uint32_t len3(struct ffg *g, uint32_t v)
{
    return spv_glsl1(&g->b, g->t_f, GLSLstd450Length, v);
}

static uint32_t norm3(struct ffg *g, uint32_t v)
{
    return glsl1(g, 3, GLSLstd450Normalize, v);
}

/* Scalar select. */
static uint32_t sel(struct ffg *g, uint32_t cond, uint32_t a, uint32_t c)
{
    return spv_select(&g->b, g->t_f, cond, a, c);
}

static uint32_t fcmp(struct ffg *g, SpvOp op, uint32_t a, uint32_t c)
{
    return spv_compare(&g->b, op, g->t_bool, a, c);
}

/* Linear to sRGB on rgb (D3DRS_SRGBWRITEENABLE), saturated first; alpha
 * unchanged. */
static uint32_t linear_to_srgb(struct ffg *g, uint32_t c4)
{
    struct spv_builder *b = &g->b;
    uint32_t c = glsl3(g, 3, GLSLstd450FClamp, xyz(g, c4), splat(g, 3, cf(g, 0)),
                       splat(g, 3, cf(g, 1)));
    uint32_t lo = fscale(g, 3, c, cf(g, 12.92f)), hi, small;

    hi = glsl2(g, 3, GLSLstd450Pow, c, splat(g, 3, cf(g, 1.0f / 2.4f)));
    hi = fadd(g, 3, fscale(g, 3, hi, cf(g, 1.055f)), splat(g, 3, cf(g, -0.055f)));
    small = spv_compare(b, SpvOpFOrdLessThanEqual, spv_type_vec(b, g->t_bool, 3), c,
                        splat(g, 3, cf(g, 0.0031308f)));
    return vec4_of(g, spv_select(b, g->t_v3, small, lo, hi), ext(g, c4, 3));
}

/* sRGB to linear on rgb (D3DSAMP_SRGBTEXTURE), alpha unchanged.  Applied to
 * the filtered value, as many D3D9-era parts did. */
static uint32_t srgb_to_linear(struct ffg *g, uint32_t c4)
{
    struct spv_builder *b = &g->b;
    uint32_t c = xyz(g, c4), lo, hi, small;

    lo = fscale(g, 3, c, cf(g, 1.0f / 12.92f));
    hi = fscale(g, 3, fadd(g, 3, c, splat(g, 3, cf(g, 0.055f))), cf(g, 1.0f / 1.055f));
    hi = glsl2(g, 3, GLSLstd450Pow, glsl2(g, 3, GLSLstd450FMax, hi, splat(g, 3, cf(g, 0))),
               splat(g, 3, cf(g, 2.4f)));
    small = spv_compare(b, SpvOpFOrdLessThanEqual, spv_type_vec(b, g->t_bool, 3), c,
                        splat(g, 3, cf(g, 0.04045f)));
    return vec4_of(g, spv_select(b, g->t_v3, small, lo, hi), ext(g, c4, 3));
}

/* ---- interface variables --------------------------------------------- */

static uint32_t var_in(struct ffg *g, uint32_t type, uint32_t loc,
                       const char *name)
{
    uint32_t v = spv_global_variable(&g->b, type, SpvStorageClassInput, 0);
    spv_decorate_location(&g->b, v, loc);
    spv_name(&g->b, v, name);
    return v;
}

static uint32_t var_out(struct ffg *g, uint32_t type, uint32_t loc,
                        const char *name)
{
    uint32_t v = spv_global_variable(&g->b, type, SpvStorageClassOutput, 0);
    spv_decorate_location(&g->b, v, loc);
    spv_name(&g->b, v, name);
    return v;
}

static uint32_t var_builtin(struct ffg *g, uint32_t type, SpvStorageClass sc,
                            SpvBuiltIn bi, const char *name)
{
    uint32_t v = spv_global_variable(&g->b, type, sc, 0);
    spv_decorate_builtin(&g->b, v, bi);
    spv_name(&g->b, v, name);
    return v;
}

/* An array of `len` vec4 (or other 16-byte-strided elements), decorated. */
static uint32_t arr_strided(struct ffg *g, uint32_t elem, uint32_t len,
                            uint32_t stride)
{
    uint32_t t = spv_type_array_unique(&g->b, elem, len);
    spv_decorate_array_stride(&g->b, t, stride);
    return t;
}

/* Struct member helpers: offset, plus matrix layout for matrix members. */
static void member(struct ffg *g, uint32_t st, uint32_t m, uint32_t offset,
                   bool matrix, const char *name)
{
    spv_member_offset(&g->b, st, m, offset);
    if (matrix) {
        spv_member_col_major(&g->b, st, m);
        spv_member_matrix_stride(&g->b, st, m, 16);
    }
    spv_member_name(&g->b, st, m, name);
}

/* Loads a value of `type` through an access chain (index ids). */
static uint32_t uload(struct ffg *g, uint32_t var, SpvStorageClass sc,
                      uint32_t type, const uint32_t *ids, unsigned n)
{
    uint32_t pt = spv_type_pointer(&g->b, sc, type);
    uint32_t p = spv_access_chain(&g->b, pt, var, ids, n);
    return spv_load(&g->b, type, p);
}

/* Uniform-buffer load with integer-literal indices. */
static uint32_t uget(struct ffg *g, uint32_t var, uint32_t type, unsigned n,
                     int i0, int i1, int i2)
{
    uint32_t ids[3];
    const int lit[3] = {i0, i1, i2};
    unsigned i;

    for (i = 0; i < n; i++)
        ids[i] = ci(g, lit[i]);
    return uload(g, var, SpvStorageClassUniform, type, ids, n);
}

static uint32_t fn_begin(struct ffg *g)
{
    uint32_t t_fn = spv_type_function(&g->b, g->t_void, NULL, 0);
    uint32_t fn =
        spv_function_begin(&g->b, g->t_void, t_fn, SpvFunctionControlMaskNone);
    spv_name(&g->b, fn, "main");
    spv_label(&g->b);
    return fn;
}

/* The push constant block of binding.h: vec4 screen_to_ndc at 0, and with
 * the texture table the u32 draw base. */
static uint32_t push_block(struct ffg *g)
{
    const uint32_t members[2] = {g->t_v4, g->t_u};
    uint32_t t = spv_type_struct_unique(&g->b, members, g->table ? 2 : 1), v;

    spv_decorate_block(&g->b, t);
    spv_member_offset(&g->b, t, 0, NR_PUSH_SCREEN_TO_NDC);
    spv_name(&g->b, t, "ff_push");
    spv_member_name(&g->b, t, 0, "screen_to_ndc");
    if (g->table) {
        spv_member_offset(&g->b, t, 1, NR_PUSH_DRAW_BASE);
        spv_member_name(&g->b, t, 1, "draw_base");
    }
    v = spv_global_variable(&g->b, t, SpvStorageClassPushConstant, 0);
    spv_name(&g->b, v, "pc");
    return v;
}

/* ---- vertex pipeline ------------------------------------------------------ */

/* Members of the vertex uniform block, in struct ff_vs_constants order. */
enum {
    VSC_PROJECTION,
    VSC_MAT_DIFFUSE,
    VSC_MAT_AMBIENT,
    VSC_MAT_SPECULAR,
    VSC_MAT_EMISSIVE,
    VSC_MAT_POWER,
    VSC_GLOBAL_AMBIENT,
    VSC_FOG,
    VSC_POINT,
    VSC_POINT_SCALE,
    VSC_CLIP_PLANE,
    VSC_TEXTURE_MATRIX,
    VSC_LIGHT,
    VSC_BLEND,
    VSC_COUNT
};

/* Members of struct ff_light. */
enum {
    L_DIFFUSE,
    L_SPECULAR,
    L_AMBIENT,
    L_POSITION,
    L_DIRECTION,
    L_ATTENUATION,
    L_SPOT,
    L_COUNT
};

static bool vs_uses_indices(const struct ff_vs_key *k)
{
    return k->position >= FF_POS_XYZB1 && k->last_beta != FF_LASTBETA_NONE;
}

size_t ff_vs_constants_size(const struct ff_vs_key *k)
{
    if (k && k->indexed_blend)
        return sizeof(struct ff_vs_constants);
    return offsetof(struct ff_vs_constants, blend) +
           FF_MAX_BLEND_MATRICES * sizeof(struct ff_blend_matrix);
}

static bool vs_key_valid(const struct ff_vs_key *k)
{
    unsigned i;

    if (k->position > FF_POS_XYZB5 || k->last_beta > FF_LASTBETA_D3DCOLOR ||
        k->texcoord_count > FF_MAX_TEXCOORDS || k->blend_matrices > 4 ||
        k->light_count > FF_MAX_LIGHTS || k->diffuse_source > 2 ||
        k->ambient_source > 2 || k->specular_source > 2 ||
        k->emissive_source > 2 || k->fog_vertex_mode > FF_FOG_LINEAR ||
        k->fog_table_mode > FF_FOG_LINEAR || k->clip_plane_mask > 0x3f)
        return false;
    for (i = 0; i < k->texcoord_count; i++)
        if (k->texcoord_dim[i] > 4)
            return false;
    for (i = 0; i < k->light_count; i++)
        if (k->light_type[i] < FF_LIGHT_POINT ||
            k->light_type[i] > FF_LIGHT_DIRECTIONAL)
            return false;
    for (i = 0; i < FF_MAX_STAGES; i++)
        if (k->tex_coord_index[i] >= FF_MAX_TEXCOORDS ||
            k->tex_gen[i] > FF_TCI_SPHEREMAP ||
            (k->tex_transform[i] & FF_TTFF_COUNT_MASK) > 4 ||
            (k->tex_transform[i] & ~(FF_TTFF_COUNT_MASK | FF_TTFF_PROJECTED)))
            return false;
    return true;
}

/* Declares the vertex uniform block (binding 0); the blend array has
 * `blend_len` entries. */
static uint32_t vs_ubo(struct ffg *g, unsigned blend_len)
{
    struct spv_builder *b = &g->b;
    uint32_t m[VSC_COUNT], lm[L_COUNT], bm[2];
    uint32_t t_light, t_blend, t_block, v;
    unsigned i;

    for (i = 0; i < L_COUNT; i++)
        lm[i] = g->t_v4;
    t_light = spv_type_struct_unique(b, lm, L_COUNT);
    for (i = 0; i < L_COUNT; i++)
        spv_member_offset(b, t_light, i, 16 * i);
    spv_name(b, t_light, "ff_light");

    bm[0] = g->t_m4;
    bm[1] = g->t_m3;
    t_blend = spv_type_struct_unique(b, bm, 2);
    member(g, t_blend, 0, 0, true, "world_view");
    member(g, t_blend, 1, 64, true, "normal");
    spv_name(b, t_blend, "ff_blend_matrix");

    m[VSC_PROJECTION] = g->t_m4;
    for (i = VSC_MAT_DIFFUSE; i <= VSC_POINT_SCALE; i++)
        m[i] = g->t_v4;
    m[VSC_CLIP_PLANE] = arr_strided(g, g->t_v4, FF_MAX_CLIP_PLANES, 16);
    m[VSC_TEXTURE_MATRIX] = arr_strided(g, g->t_m4, FF_MAX_STAGES, 64);
    m[VSC_LIGHT] = arr_strided(g, t_light, FF_MAX_LIGHTS, 112);
    m[VSC_BLEND] = arr_strided(g, t_blend, blend_len, 112);
    t_block = spv_type_struct_unique(b, m, VSC_COUNT);
    spv_decorate_block(b, t_block);
    spv_name(b, t_block, "ff_vs_constants");
    member(g, t_block, VSC_PROJECTION, 0, true, "projection");
    member(g, t_block, VSC_MAT_DIFFUSE, 64, false, "material_diffuse");
    member(g, t_block, VSC_MAT_AMBIENT, 80, false, "material_ambient");
    member(g, t_block, VSC_MAT_SPECULAR, 96, false, "material_specular");
    member(g, t_block, VSC_MAT_EMISSIVE, 112, false, "material_emissive");
    member(g, t_block, VSC_MAT_POWER, 128, false, "material_power");
    member(g, t_block, VSC_GLOBAL_AMBIENT, 144, false, "global_ambient");
    member(g, t_block, VSC_FOG, 160, false, "fog");
    member(g, t_block, VSC_POINT, 176, false, "point");
    member(g, t_block, VSC_POINT_SCALE, 192, false, "point_scale");
    member(g, t_block, VSC_CLIP_PLANE, 208, false, "clip_plane");
    member(g, t_block, VSC_TEXTURE_MATRIX, 304, true, "texture_matrix");
    member(g, t_block, VSC_LIGHT, 816, false, "light");
    member(g, t_block, VSC_BLEND, 1712, false, "blend");

    v = spv_global_variable(b, t_block, SpvStorageClassUniform, 0);
    spv_decorate_descriptor_set(b, v, 0);
    spv_decorate_binding(b, v, NR_BIND_VS_UBO);
    spv_name(b, v, "vsc");
    return v;
}

struct vs_state {
    struct ffg *g;
    const struct ff_vs_key *k;
    uint32_t ubo, pc;
    uint32_t in_pos, in_weight, in_index, in_normal, in_psize, in_diffuse,
        in_specular, in_tc[FF_MAX_TEXCOORDS];
    /* values */
    uint32_t pos;      /* vec4 input position */
    uint32_t cam;      /* vec4 camera-space position */
    uint32_t cam3;     /* its xyz */
    uint32_t nrm;      /* vec3 camera-space normal (0 when none) */
    uint32_t diffuse;  /* vec4 vertex diffuse (or the default) */
    uint32_t specular; /* vec4 vertex specular (or the default) */
    uint32_t tc[FF_MAX_TEXCOORDS]; /* padded texcoord sets, once loaded */
};

/* Texture coordinate set `i` of the vertex, padded as D3D9 pads it:
 * the component after the last one given is 1, the rest 0 -- a 2D set is
 * (u, v, 1, 0), so a texture matrix's third row translates it.  A set the
 * vertex does not have reads (0, 0, 0, 1). */
static uint32_t vs_texcoord_in(struct vs_state *s, unsigned i)
{
    struct ffg *g = s->g;
    uint32_t t, c[4];
    unsigned dim, j;

    if (i >= s->k->texcoord_count || !s->k->texcoord_dim[i])
        return cv4(g, 0, 0, 0, 1);
    if (s->tc[i])
        return s->tc[i];
    dim = s->k->texcoord_dim[i];
    t = spv_load(&g->b, g->t_v4, s->in_tc[i]);
    if (dim < 4) {
        for (j = 0; j < 4; j++)
            c[j] = j < dim ? ext(g, t, j) : cf(g, j == dim ? 1.0f : 0.0f);
        t = vec4_4(g, c[0], c[1], c[2], c[3]);
    }
    s->tc[i] = t;
    return t;
}

/* The texture coordinates of stage `st` (D3DTSS_TEXCOORDINDEX,
 * D3DTSS_TEXTURETRANSFORMFLAGS). */
static uint32_t vs_stage_texcoord(struct vs_state *s, unsigned st,
                                  bool pretransformed)
{
    struct ffg *g = s->g;
    const struct ff_vs_key *k = s->k;
    unsigned gen = pretransformed ? FF_TCI_PASSTHRU : k->tex_gen[st];
    unsigned count = k->tex_transform[st] & FF_TTFF_COUNT_MASK;
    bool projected = (k->tex_transform[st] & FF_TTFF_PROJECTED) != 0;
    unsigned src_dim = 3, div;
    uint32_t t, r, m, rx, ry, rz;

    switch (gen) {
    case FF_TCI_CAMERASPACENORMAL:
        t = vec4_of(g, s->nrm, cf(g, 1.0f));
        break;
    case FF_TCI_CAMERASPACEPOSITION:
        t = vec4_of(g, s->cam3, cf(g, 1.0f));
        break;
    case FF_TCI_CAMERASPACEREFLECTIONVECTOR:
    case FF_TCI_SPHEREMAP:
        /* R = 2 (E.N) N - E with E the unit vector from the vertex to the
         * eye, i.e. reflect(I, N) for I = normalize(position). */
        r = glsl2(g, 3, GLSLstd450Reflect, norm3(g, s->cam3),
                  k->has_normal ? norm3(g, s->nrm) : cv3(g, 0, 0, 0));
        if (gen == FF_TCI_CAMERASPACEREFLECTIONVECTOR) {
            t = vec4_of(g, r, cf(g, 1.0f));
            break;
        }
        /* Sphere map: D3D9 documents no formula.  This is OpenGL's
         * GL_SPHERE_MAP carried into D3D9's left-handed camera space
         * (the eye looks down +z, v grows downwards):
         * m = 2 sqrt(rx^2 + ry^2 + (rz - 1)^2),
         * (u, v) = (rx / m + 1/2, -ry / m + 1/2). */
        rx = ext(g, r, 0);
        ry = ext(g, r, 1);
        rz = fsub(g, 1, ext(g, r, 2), cf(g, 1.0f));
        m = fadd(g, 1, fadd(g, 1, fmul(g, 1, rx, rx), fmul(g, 1, ry, ry)),
                 fmul(g, 1, rz, rz));
        m = fmul(g, 1, cf(g, 2.0f), glsl1(g, 1, GLSLstd450Sqrt, m));
        m = fmaxv(g, 1, m, cf(g, 1e-20f));
        t = vec4_4(g, fadd(g, 1, fdiv(g, 1, rx, m), cf(g, 0.5f)),
                   fsub(g, 1, cf(g, 0.5f), fdiv(g, 1, ry, m)), cf(g, 0.0f),
                   cf(g, 1.0f));
        break;
    default: {
        unsigned set = k->tex_coord_index[st];
        t = vs_texcoord_in(s, set);
        src_dim = set < k->texcoord_count && k->texcoord_dim[set] ? k->texcoord_dim[set] : 2;
        /* Untransformed, the rasterizer gets the set as the vertex has
         * it: missing components (0, 0, 0, 1), not the matrix's padding
         * (a ps_1_4 texcrd of a 2D set reads z = 0 on Windows: Wine's
         * visual cnd_test). */
        if ((pretransformed || count < 2) && set < k->texcoord_count &&
            k->texcoord_dim[set] && k->texcoord_dim[set] < 4) {
            unsigned dim = k->texcoord_dim[set];
            t = vec4_4(g, ext(g, t, 0), dim > 1 ? ext(g, t, 1) : cf(g, 0.0f),
                       dim > 2 ? ext(g, t, 2) : cf(g, 0.0f), cf(g, 1.0f));
        }
        break;
    }
    }

    /* The texture matrix (row vector times matrix).  Like Windows
     * drivers (as Wine found), COUNT1 leaves the coordinates untouched,
     * and pre-transformed vertices are never transformed. */
    if (!pretransformed && count >= 2) {
        m = uget(g, s->ubo, g->t_m4, 2, VSC_TEXTURE_MATRIX, (int)st, 0);
        t = spv_matrix_times_vector(&g->b, g->t_v4, m, t);
    }
    /* PROJECTED: the fragment stage divides by w; move the divisor there.
     * It is the last coordinate the rasterizer gets: component COUNTn - 1,
     * or the last one of the source when the count is DISABLE. */
    if (projected) {
        /* COUNT1 | PROJECTED is invalid in D3D9 (nothing to divide by):
         * a divisor of 1 keeps the fragment side's division harmless. */
        div = (count ? count : src_dim) - 1;
        if (count == 1)
            t = spv_composite_insert(&g->b, g->t_v4, cf(g, 1.0f), t,
                                     (const uint32_t[]){3}, 1);
        else if (div < 3)
            t = spv_composite_insert(&g->b, g->t_v4, ext(g, t, div), t,
                                     (const uint32_t[]){3}, 1);
    }
    return t;
}

/* Material source (D3DMCS_*): with D3DRS_COLORVERTEX, COLOR1/COLOR2 pick
 * the vertex diffuse/specular; "if the vertex does not contain the color,
 * the material color is used". */
static uint32_t vs_material(struct vs_state *s, unsigned source,
                            unsigned member_index)
{
    const struct ff_vs_key *k = s->k;

    if (k->color_vertex) {
        if (source == FF_MCS_COLOR1 && k->has_diffuse)
            return s->diffuse;
        if (source == FF_MCS_COLOR2 && k->has_specular)
            return s->specular;
    }
    return uget(s->g, s->ubo, s->g->t_v4, 1, (int)member_index, 0, 0);
}

/* D3D9 lighting ("Mathematics of Lighting"), in camera space:
 *   diffuse out  = Ca*(Ga + sum Atten*Spot*La) + sum Cd*Ld*(N.L)*Atten*Spot
 *                  + Ce, saturated; alpha = Cd alpha
 *   specular out = Cs * sum Ls*(N.H)^P*Atten*Spot, saturated
 * L points from the vertex to the light (minus the direction for a
 * directional light); H = norm(norm(eye - V) + L) with LOCALVIEWER, else
 * norm((0,0,-1) + L) (DirectX 8 documentation: the viewer straight down
 * the camera's -z); dot products clamp at 0 and the specular term of a
 * light is only taken where N.L > 0.
 * Atten = 1/(a0 + a1 d + a2 d^2) for point and spot lights, 0 beyond
 * Range; Spot = 1 inside the cone (rho > cos(Theta/2)), 0 outside the
 * penumbra (rho <= cos(Phi/2)), else ((rho - cos(Phi/2)) /
 * (cos(Theta/2) - cos(Phi/2)))^Falloff, rho = norm(-Direction) . L. */
static void vs_lighting(struct vs_state *s, uint32_t *diffuse_out,
                        uint32_t *specular_out)
{
    struct ffg *g = s->g;
    const struct ff_vs_key *k = s->k;
    uint32_t Ca, Cd, Cs, Ce, Ga, power = 0, view = 0;
    uint32_t amb = cv3(g, 0, 0, 0), dif = cv3(g, 0, 0, 0),
             spe = cv3(g, 0, 0, 0);
    uint32_t zero = cf(g, 0.0f), one = cf(g, 1.0f);
    unsigned i;

    Cd = vs_material(s, k->diffuse_source, VSC_MAT_DIFFUSE);
    Ca = vs_material(s, k->ambient_source, VSC_MAT_AMBIENT);
    Cs = vs_material(s, k->specular_source, VSC_MAT_SPECULAR);
    Ce = vs_material(s, k->emissive_source, VSC_MAT_EMISSIVE);
    Ga = uget(g, s->ubo, g->t_v4, 1, VSC_GLOBAL_AMBIENT, 0, 0);

    if (k->specular_enable) {
        power = ext(g, uget(g, s->ubo, g->t_v4, 1, VSC_MAT_POWER, 0, 0), 0);
        view = k->local_viewer
                   ? norm3(g, spv_fnegate(&g->b, g->t_v3, s->cam3))
                   : cv3(g, 0, 0, -1);
    }

    for (i = 0; i < k->light_count; i++) {
        uint32_t La, Ld, Ls, ldir, att, ndotl;
#define LGET(mem) uget(g, s->ubo, g->t_v4, 3, VSC_LIGHT, (int)i, (mem))
        La = xyz(g, LGET(L_AMBIENT));
        Ld = xyz(g, LGET(L_DIFFUSE));
        Ls = xyz(g, LGET(L_SPECULAR));
        if (k->light_type[i] == FF_LIGHT_DIRECTIONAL) {
            ldir = norm3(g, spv_fnegate(&g->b, g->t_v3,
                                        xyz(g, LGET(L_DIRECTION))));
            att = one;
        } else {
            uint32_t lp = LGET(L_POSITION), a = LGET(L_ATTENUATION);
            uint32_t d3 = fsub(g, 3, xyz(g, lp), s->cam3);
            uint32_t dist = len3(g, d3), den;

            ldir = fscale(g, 3, d3,
                          fdiv(g, 1, one, fmaxv(g, 1, dist, cf(g, 1e-20f))));
            den = fadd(g, 1, ext(g, a, 0),
                       fmul(g, 1, dist,
                            fadd(g, 1, ext(g, a, 1),
                                 fmul(g, 1, dist, ext(g, a, 2)))));
            att = fdiv(g, 1, one, den);
            att = sel(g, fcmp(g, SpvOpFOrdGreaterThan, dist, ext(g, lp, 3)),
                      zero, att);
            if (k->light_type[i] == FF_LIGHT_SPOT) {
                uint32_t sp = LGET(L_SPOT);
                uint32_t ct = ext(g, sp, 0), cp = ext(g, sp, 1);
                uint32_t rho, f;

                rho = dot3(g, norm3(g, spv_fnegate(&g->b, g->t_v3,
                                                   xyz(g, LGET(L_DIRECTION)))),
                           ldir);
                f = fdiv(g, 1, fsub(g, 1, rho, cp), fsub(g, 1, ct, cp));
                f = glsl2(g, 1, GLSLstd450Pow, fmaxv(g, 1, f, zero),
                          ext(g, sp, 2));
                f = sel(g, fcmp(g, SpvOpFOrdLessThanEqual, rho, cp), zero, f);
                f = sel(g, fcmp(g, SpvOpFOrdGreaterThan, rho, ct), one, f);
                att = fmul(g, 1, att, f);
            }
        }
        amb = fadd(g, 3, amb, fscale(g, 3, La, att));
        ndotl = k->has_normal ? fmaxv(g, 1, dot3(g, s->nrm, ldir), zero) : zero;
        dif = fadd(g, 3, dif, fscale(g, 3, Ld, fmul(g, 1, att, ndotl)));
        if (k->specular_enable && k->has_normal) {
            uint32_t h = norm3(g, fadd(g, 3, view, ldir));
            uint32_t ndoth = fmaxv(g, 1, dot3(g, s->nrm, h), zero);
            uint32_t p = glsl2(g, 1, GLSLstd450Pow, ndoth, power);
            /* P = 0 is (N.H)^0 = 1, also where N.H = 0. */
            p = sel(g, fcmp(g, SpvOpFOrdEqual, power, zero), one, p);
            p = sel(g, fcmp(g, SpvOpFOrdGreaterThan, ndotl, zero), p, zero);
            spe = fadd(g, 3, spe, fscale(g, 3, Ls, fmul(g, 1, att, p)));
        }
#undef LGET
    }

    {
        uint32_t rgb = fmul(g, 3, xyz(g, Ca), fadd(g, 3, xyz(g, Ga), amb));
        rgb = fadd(g, 3, rgb, fmul(g, 3, xyz(g, Cd), dif));
        rgb = fadd(g, 3, rgb, xyz(g, Ce));
        *diffuse_out = vec4_of(g, sat(g, 3, rgb), ext(g, Cd, 3));
    }
    if (k->specular_enable)
        *specular_out = vec4_of(g, sat(g, 3, fmul(g, 3, xyz(g, Cs), spe)),
                                ext(g, s->specular, 3));
    else
        *specular_out = vec4_of(g, cv3(g, 0, 0, 0), ext(g, s->specular, 3));
}

/* World-view (and normal) transform with vertex blending:
 * V = sum_i w_i V*M_i with the last weight 1 - sum of the others
 * ("Geometry Blending"); the matrices are WORLDMATRIX(index_i) for
 * indexed blending, WORLD..WORLD3 otherwise. */
static void vs_transform(struct vs_state *s)
{
    struct ffg *g = s->g;
    const struct ff_vs_key *k = s->k;
    unsigned betas = k->position >= FF_POS_XYZB1
                         ? (unsigned)(k->position - FF_POS_XYZB1 + 1)
                         : 0;
    bool indices = vs_uses_indices(k) && k->indexed_blend;
    unsigned float_weights = betas - (vs_uses_indices(k) ? 1 : 0);
    unsigned nmat = k->blend_matrices ? k->blend_matrices : 1, i;
    uint32_t n_in = 0, weights = 0, idx = 0, wsum = cf(g, 0.0f);
    uint32_t cam = 0, nrm = 0;

    if (k->blend_matrices == 0)
        indices = false; /* D3DVBF_DISABLE: WORLD only */
    if (k->has_normal)
        n_in = xyz(g, spv_load(&g->b, g->t_v4, s->in_normal));
    if (nmat > 1 && float_weights)
        weights = spv_load(&g->b, g->t_v4, s->in_weight);
    if (indices) {
        if (k->last_beta == FF_LASTBETA_UBYTE4) {
            idx = spv_load(&g->b, g->t_uv4, s->in_index);
        } else {
            /* D3DCOLOR: unorm in the shader, the index is the byte. */
            uint32_t f = spv_load(&g->b, g->t_v4, s->in_index);
            f = fadd(g, 4, fmul(g, 4, f, cvec(g, 4, 255.0f)),
                     cvec(g, 4, 0.5f));
            idx = spv_convert(&g->b, SpvOpConvertFToU, g->t_uv4, f);
        }
    }

    for (i = 0; i < nmat; i++) {
        uint32_t w, index, ids[3], wv, nm, p, n = 0;

        if (i + 1 < nmat) {
            w = i < float_weights && weights ? ext(g, weights, i)
                                             : cf(g, 0.0f);
            wsum = fadd(g, 1, wsum, w);
        } else {
            w = nmat > 1 ? fsub(g, 1, cf(g, 1.0f), wsum) : 0;
        }
        index = indices ? spv_composite_extract1(&g->b, g->t_u, idx, i)
                        : ci(g, (int32_t)i);
        ids[0] = ci(g, VSC_BLEND);
        ids[1] = index;
        ids[2] = ci(g, 0);
        wv = uload(g, s->ubo, SpvStorageClassUniform, g->t_m4, ids, 3);
        p = spv_matrix_times_vector(&g->b, g->t_v4, wv, s->pos);
        if (k->has_normal) {
            ids[2] = ci(g, 1);
            nm = uload(g, s->ubo, SpvStorageClassUniform, g->t_m3, ids, 3);
            n = spv_matrix_times_vector(&g->b, g->t_v3, nm, n_in);
        }
        if (nmat > 1) {
            p = fscale(g, 4, p, w);
            if (n)
                n = fscale(g, 3, n, w);
        }
        cam = i ? fadd(g, 4, cam, p) : p;
        if (n)
            nrm = i ? fadd(g, 3, nrm, n) : n;
    }
    s->cam = cam;
    s->cam3 = xyz(g, cam);
    if (!k->has_normal)
        s->nrm = cv3(g, 0, 0, 0);
    else if (k->normalize_normals)
        s->nrm = norm3(g, nrm);
    else
        s->nrm = nrm;
}

/* Vertex fog factor: 1 = none, 0 = fog colour.  With vertex fog mode NONE
 * or pre-transformed vertices D3D9 takes the application's factor from
 * the specular alpha (1 when the vertex has no specular).  Otherwise the
 * distance is the camera-space depth |z|, or with D3DRS_RANGEFOGENABLE the
 * distance from the eye, and
 *   LINEAR f = (end - d) / (end - start), EXP f = e^-(d density),
 *   EXP2 f = e^-(d density)^2, saturated. */
static uint32_t vs_fog(struct vs_state *s, bool pretransformed)
{
    struct ffg *g = s->g;
    const struct ff_vs_key *k = s->k;
    uint32_t fog, d, f;

    if (!k->fog_enable || k->fog_table_mode != FF_FOG_NONE)
        return cf(g, 1.0f);
    if (pretransformed || k->fog_vertex_mode == FF_FOG_NONE)
        return k->has_specular ? ext(g, s->specular, 3) : cf(g, 1.0f);
    fog = uget(g, s->ubo, g->t_v4, 1, VSC_FOG, 0, 0);
    d = k->range_fog ? len3(g, s->cam3)
                     : glsl1(g, 1, GLSLstd450FAbs, ext(g, s->cam, 2));
    switch (k->fog_vertex_mode) {
    case FF_FOG_LINEAR:
        f = fmul(g, 1, fsub(g, 1, ext(g, fog, 1), d), ext(g, fog, 3));
        break;
    case FF_FOG_EXP:
        f = glsl1(g, 1, GLSLstd450Exp,
                  spv_fnegate(&g->b, g->t_f, fmul(g, 1, d, ext(g, fog, 2))));
        break;
    default: /* EXP2 */
        f = fmul(g, 1, d, ext(g, fog, 2));
        f = glsl1(g, 1, GLSLstd450Exp,
                  spv_fnegate(&g->b, g->t_f, fmul(g, 1, f, f)));
        break;
    }
    return sat(g, 1, f);
}

/* Point size: D3DRS_POINTSIZE or the vertex's PSIZE; with
 * D3DRS_POINTSCALEENABLE (transformed vertices only)
 * S = Vh * Si * sqrt(1 / (A + B De + C De^2)), De the distance from the
 * eye; then clamped to [POINTSIZE_MIN, POINTSIZE_MAX]. */
static uint32_t vs_point_size(struct vs_state *s, bool pretransformed)
{
    struct ffg *g = s->g;
    const struct ff_vs_key *k = s->k;
    uint32_t pt = uget(g, s->ubo, g->t_v4, 1, VSC_POINT, 0, 0), size;

    size = k->has_psize
               ? ext(g, spv_load(&g->b, g->t_v4, s->in_psize), 0)
               : ext(g, pt, 0);
    if (k->point_scale && !pretransformed) {
        uint32_t sc = uget(g, s->ubo, g->t_v4, 1, VSC_POINT_SCALE, 0, 0);
        uint32_t de = len3(g, s->cam3), q;

        q = fadd(g, 1, ext(g, sc, 0),
                 fmul(g, 1, de,
                      fadd(g, 1, ext(g, sc, 1), fmul(g, 1, de, ext(g, sc, 2)))));
        q = glsl1(g, 1, GLSLstd450InverseSqrt, q);
        size = fmul(g, 1, fmul(g, 1, ext(g, pt, 3), size), q);
    }
    size = fmaxv(g, 1, size, ext(g, pt, 1));
    return fminv(g, 1, size, ext(g, pt, 2));
}

bool ff_build_vs(const struct ff_vs_key *k, uint32_t flags, uint32_t **words,
                 size_t *count)
{
    struct ffg G, *g = &G;
    struct spv_builder *b = &g->b;
    struct vs_state S = {0}, *s = &S;
    bool pretransformed;
    unsigned i, nclip = 0;
    uint32_t fn, o_pos, o_psize, o_diffuse, o_specular, o_tc[FF_MAX_STAGES],
        o_fog, o_clip = 0;
    uint32_t position, diffuse, specular;
    static const char *tc_names[FF_MAX_TEXCOORDS] = {
        "in_texcoord0", "in_texcoord1", "in_texcoord2", "in_texcoord3",
        "in_texcoord4", "in_texcoord5", "in_texcoord6", "in_texcoord7"};
    static const char *otc_names[FF_MAX_STAGES] = {
        "out_texcoord0", "out_texcoord1", "out_texcoord2", "out_texcoord3",
        "out_texcoord4", "out_texcoord5", "out_texcoord6", "out_texcoord7"};

    if (words)
        *words = NULL;
    if (count)
        *count = 0;
    if (!k || !words || !count || !vs_key_valid(k))
        return false;

    ffg_init(g);
    g->table = flags & FF_GEN_TEXTURE_TABLE;
    s->g = g;
    s->k = k;
    pretransformed = k->position == FF_POS_XYZRHW;

    /* Inputs: only what the module reads, a subset of the FVF. */
    s->in_pos = var_in(g, g->t_v4, FF_LOC_POSITION, "in_position");
    if (!pretransformed) {
        unsigned betas = k->position >= FF_POS_XYZB1
                             ? (unsigned)(k->position - FF_POS_XYZB1 + 1)
                             : 0;
        if (k->blend_matrices > 1 && betas > (vs_uses_indices(k) ? 1u : 0u))
            s->in_weight =
                var_in(g, g->t_v4, FF_LOC_BLENDWEIGHT, "in_blendweight");
        if (vs_uses_indices(k) && k->indexed_blend && k->blend_matrices)
            s->in_index =
                var_in(g,
                       k->last_beta == FF_LASTBETA_UBYTE4 ? g->t_uv4 : g->t_v4,
                       FF_LOC_BLENDINDICES, "in_blendindices");
        if (k->has_normal)
            s->in_normal = var_in(g, g->t_v4, FF_LOC_NORMAL, "in_normal");
    }
    if (k->has_psize)
        s->in_psize = var_in(g, g->t_v4, FF_LOC_PSIZE, "in_psize");
    if (k->has_diffuse)
        s->in_diffuse = var_in(g, g->t_v4, FF_LOC_DIFFUSE, "in_diffuse");
    if (k->has_specular)
        s->in_specular = var_in(g, g->t_v4, FF_LOC_SPECULAR, "in_specular");
    for (i = 0; i < k->texcoord_count; i++)
        if (k->texcoord_dim[i]) /* 0: a set the declaration skips */
            s->in_tc[i] = var_in(g, g->t_v4, FF_LOC_TEXCOORD0 + i, tc_names[i]);

    /* Outputs: always the full set, so any fragment module pairs. */
    o_pos = var_builtin(g, g->t_v4, SpvStorageClassOutput, SpvBuiltInPosition,
                        "gl_Position");
    o_psize = var_builtin(g, g->t_f, SpvStorageClassOutput,
                          SpvBuiltInPointSize, "gl_PointSize");
    if (!pretransformed) {
        for (i = 0; i < FF_MAX_CLIP_PLANES; i++)
            nclip += (k->clip_plane_mask >> i) & 1;
        if (nclip) {
            spv_capability(b, SpvCapabilityClipDistance);
            o_clip = var_builtin(g, spv_type_array(b, g->t_f, nclip),
                                 SpvStorageClassOutput, SpvBuiltInClipDistance,
                                 "gl_ClipDistance");
        }
    }
    o_diffuse = var_out(g, g->t_v4, FF_VARYING_DIFFUSE, "out_diffuse");
    o_specular = var_out(g, g->t_v4, FF_VARYING_SPECULAR, "out_specular");
    for (i = 0; i < FF_MAX_STAGES; i++)
        o_tc[i] = var_out(g, g->t_v4, FF_VARYING_TEXCOORD0 + i, otc_names[i]);
    o_fog = var_out(g, g->t_f, FF_VARYING_FOG, "out_fog");

    s->pc = push_block(g);
    s->ubo = vs_ubo(g, k->indexed_blend ? FF_MAX_INDEXED_MATRICES
                                        : FF_MAX_BLEND_MATRICES);
    if (g->table)
        spv_table_init(&g->tt, b, true);

    fn = fn_begin(g);
    if (g->table) {
        uint32_t ids[1] = {ci(g, 1)};
        spv_table_vs_begin(&g->tt, b,
                           uload(g, s->pc, SpvStorageClassPushConstant, g->t_u, ids, 1));
    }
    s->pos = spv_load(b, g->t_v4, s->in_pos);
    s->diffuse = k->has_diffuse ? spv_load(b, g->t_v4, s->in_diffuse)
                                : cv4(g, 1, 1, 1, 1);
    s->specular = k->has_specular ? spv_load(b, g->t_v4, s->in_specular)
                                  : cv4(g, 0, 0, 0, 0);
    {
        uint32_t ids[1] = {ci(g, 0)};
        uint32_t s2n = uload(g, s->pc, SpvStorageClassPushConstant, g->t_v4,
                             ids, 1);

        if (pretransformed) {
            /* Screen pixels to NDC, w = 1/rhw (see ff.h). */
            uint32_t rhw = ext(g, s->pos, 3), w, ndc;
            uint32_t nz = fcmp(g, SpvOpFUnordNotEqual, rhw, cf(g, 0.0f));

            w = sel(g, nz, fdiv(g, 1, cf(g, 1.0f), rhw), cf(g, 1.0f));
            ndc = fadd(g, 2,
                       fmul(g, 2, swz(g, 2, s->pos, 0, 1, 0, 0),
                            swz(g, 2, s2n, 0, 1, 0, 0)),
                       swz(g, 2, s2n, 2, 3, 0, 0));
            ndc = fscale(g, 2, ndc, w);
            position = vec4_4(g, ext(g, ndc, 0), ext(g, ndc, 1),
                              fmul(g, 1, ext(g, s->pos, 2), w), w);
            s->cam = s->pos;
            s->cam3 = xyz(g, s->pos);
            s->nrm = cv3(g, 0, 0, 0);
        } else {
            uint32_t proj, c, cw, half;

            vs_transform(s);
            proj = uget(g, s->ubo, g->t_m4, 1, VSC_PROJECTION, 0, 0);
            c = spv_matrix_times_vector(b, g->t_v4, proj, s->cam);
            /* D3D9 clip space to Vulkan's (see ff.h):
             * (x + w/W, -y + w/H, z, w), 1/W = (2/W)/2 from the push
             * constants. */
            cw = ext(g, c, 3);
            half = fmul(g, 2, swz(g, 2, s2n, 0, 1, 0, 0), cvec(g, 2, 0.5f));
            half = fscale(g, 2, half, cw);
            position = vec4_4(
                g, fadd(g, 1, ext(g, c, 0), ext(g, half, 0)),
                fadd(g, 1, spv_fnegate(b, g->t_f, ext(g, c, 1)),
                     ext(g, half, 1)),
                ext(g, c, 2), cw);
        }
    }
    spv_store(b, o_pos, position);

    if (!pretransformed && k->lighting) {
        vs_lighting(s, &diffuse, &specular);
    } else {
        diffuse = s->diffuse;
        specular = s->specular;
    }
    spv_store(b, o_diffuse, diffuse);
    spv_store(b, o_specular, specular);

    for (i = 0; i < FF_MAX_STAGES; i++)
        spv_store(b, o_tc[i], vs_stage_texcoord(s, i, pretransformed));
    spv_store(b, o_fog, vs_fog(s, pretransformed));
    spv_store(b, o_psize, vs_point_size(s, pretransformed));

    /* User clip planes.  "When the fixed function pipeline is used the
     * plane equations are assumed to be in world space" (SetClipPlane);
     * the front end hands them over in camera space (ff.h), where
     * dot(plane, position) is the same distance.  Pre-transformed
     * vertices are not clipped against them. */
    if (nclip) {
        unsigned slot = 0;
        uint32_t pt = spv_type_pointer(b, SpvStorageClassOutput, g->t_f);

        for (i = 0; i < FF_MAX_CLIP_PLANES; i++) {
            uint32_t plane, idx, p;

            if (!((k->clip_plane_mask >> i) & 1))
                continue;
            plane = uget(g, s->ubo, g->t_v4, 2, VSC_CLIP_PLANE, (int)slot, 0);
            idx = ci(g, (int32_t)slot);
            p = spv_access_chain(b, pt, o_clip, &idx, 1);
            spv_store(b, p, dot4(g, plane, s->cam));
            slot++;
        }
    }

    spv_return(b);
    spv_function_end(b);
    spv_entry_point(b, SpvExecutionModelVertex, fn, "main", NULL, 0);
    return ff_finish(b, words, count);
}

/* ---- pixel pipeline ------------------------------------------------------- */

enum {
    FSC_TFACTOR,
    FSC_STAGE_CONSTANT,
    FSC_BUMP_MATRIX,
    FSC_BUMP_LUMINANCE,
    FSC_FOG_COLOR,
    FSC_FOG,
    FSC_ALPHA_REF,
    FSC_COUNT
};

static bool fs_arg_valid(uint8_t a)
{
    return (a & FF_TA_SELECTMASK) <= FF_TA_CONSTANT &&
           !(a & ~(FF_TA_SELECTMASK | FF_TA_COMPLEMENT | FF_TA_ALPHAREPLICATE));
}

static bool fs_key_valid(const struct ff_fs_key *k)
{
    unsigned i;

    for (i = 0; i < FF_MAX_STAGES; i++) {
        const struct ff_fs_stage *st = &k->stage[i];
        if (st->color_op < FF_TOP_DISABLE || st->color_op > FF_TOP_LERP)
            return false;
        if (st->color_op == FF_TOP_DISABLE)
            break; /* nothing after a disabled stage is looked at */
        if (st->alpha_op < FF_TOP_DISABLE || st->alpha_op > FF_TOP_LERP ||
            !fs_arg_valid(st->color_arg0) || !fs_arg_valid(st->color_arg1) ||
            !fs_arg_valid(st->color_arg2) || !fs_arg_valid(st->alpha_arg0) ||
            !fs_arg_valid(st->alpha_arg1) || !fs_arg_valid(st->alpha_arg2) ||
            st->texture > FF_TEX_3D)
            return false;
    }
    return k->fog_table_mode <= FF_FOG_LINEAR &&
           k->alpha_func <= FF_CMP_ALWAYS;
}

/* Which of arg0/arg1/arg2 an operation reads (bit n = argn). */
static unsigned top_args(unsigned op)
{
    switch (op) {
    case FF_TOP_DISABLE:
    case FF_TOP_BUMPENVMAP:
    case FF_TOP_BUMPENVMAPLUMINANCE:
        return 0;
    case FF_TOP_SELECTARG1:
    case FF_TOP_PREMODULATE:
        return 2;
    case FF_TOP_SELECTARG2:
        return 4;
    case FF_TOP_MULTIPLYADD:
    case FF_TOP_LERP:
        return 7;
    default:
        return 6;
    }
}

/* A stage without a texture whose operation reads D3DTA_TEXTURE: like
 * the drivers Wine matched, the operation becomes SELECTARG1(CURRENT), so
 * the stage passes the colour (or alpha) through. */
static void fs_fix_unbound(bool bound, uint8_t *op, uint8_t args[3])
{
    unsigned used = top_args(*op), i;

    if (bound)
        return;
    for (i = 0; i < 3; i++) {
        if ((used >> i) & 1 && (args[i] & FF_TA_SELECTMASK) == FF_TA_TEXTURE) {
            *op = FF_TOP_SELECTARG1;
            args[1] = FF_TA_CURRENT;
            return;
        }
    }
}

/* The resolved operations of one stage. */
struct fs_stage_ops {
    uint8_t cop, carg[3], aop, aarg[3];
};

struct fs_state {
    struct ffg *g;
    const struct ff_fs_key *k;
    uint32_t ubo;
    uint32_t diffuse, specular, tfactor;
    uint32_t cur, tmp;
    uint32_t tex[FF_MAX_STAGES];
    bool sampled[FF_MAX_STAGES];
    unsigned stage;
};

static bool fs_is_bump(unsigned op)
{
    return op == FF_TOP_BUMPENVMAP || op == FF_TOP_BUMPENVMAPLUMINANCE;
}

/* An argument as a vec4, with its modifiers:
 * D3DTA_COMPLEMENT 1 - x, D3DTA_ALPHAREPLICATE x.aaaa. */
static uint32_t fs_arg(struct fs_state *s, uint8_t a)
{
    struct ffg *g = s->g;
    uint32_t v;

    switch (a & FF_TA_SELECTMASK) {
    case FF_TA_DIFFUSE:
        v = s->diffuse;
        break;
    case FF_TA_CURRENT:
        v = s->cur;
        break;
    case FF_TA_TEXTURE:
        v = s->tex[s->stage];
        break;
    case FF_TA_TFACTOR:
        v = s->tfactor;
        break;
    case FF_TA_SPECULAR:
        v = s->specular;
        break;
    case FF_TA_TEMP:
        v = s->tmp;
        break;
    default: /* FF_TA_CONSTANT */
        v = uget(g, s->ubo, g->t_v4, 2, FSC_STAGE_CONSTANT, (int)s->stage, 0);
        break;
    }
    if (a & FF_TA_ALPHAREPLICATE)
        v = swz(g, 4, v, 3, 3, 3, 3);
    if (a & FF_TA_COMPLEMENT)
        v = one_minus(g, 4, v);
    return v;
}

/* The n components of v the operation works on: rgb (n = 3) or a. */
static uint32_t part(struct ffg *g, unsigned n, uint32_t v4)
{
    return n == 3 ? xyz(g, v4) : ext(g, v4, 3);
}

/* One D3DTEXTUREOP on the colour (n = 3) or alpha (n = 1) channels, args
 * already resolved to vec4 (a[i] for arg i, 0 where unused).  The result
 * is saturated, as every stage's result is in D3D9. */
static uint32_t fs_top(struct fs_state *s, unsigned op, const uint32_t a[3],
                       unsigned n)
{
    struct ffg *g = s->g;
    uint32_t x0 = a[0] ? part(g, n, a[0]) : 0;
    uint32_t x1 = a[1] ? part(g, n, a[1]) : 0;
    uint32_t x2 = a[2] ? part(g, n, a[2]) : 0;
    uint32_t r, f;

    switch (op) {
    case FF_TOP_SELECTARG1:
        r = x1;
        break;
    case FF_TOP_SELECTARG2:
        r = x2;
        break;
    case FF_TOP_MODULATE:
        r = fmul(g, n, x1, x2);
        break;
    case FF_TOP_MODULATE2X:
        r = fmul(g, n, fmul(g, n, x1, x2), cvec(g, n, 2.0f));
        break;
    case FF_TOP_MODULATE4X:
        r = fmul(g, n, fmul(g, n, x1, x2), cvec(g, n, 4.0f));
        break;
    case FF_TOP_ADD:
        r = fadd(g, n, x1, x2);
        break;
    case FF_TOP_ADDSIGNED:
        r = fsub(g, n, fadd(g, n, x1, x2), cvec(g, n, 0.5f));
        break;
    case FF_TOP_ADDSIGNED2X:
        r = fsub(g, n, fadd(g, n, x1, x2), cvec(g, n, 0.5f));
        r = fmul(g, n, r, cvec(g, n, 2.0f));
        break;
    case FF_TOP_SUBTRACT:
        r = fsub(g, n, x1, x2);
        break;
    case FF_TOP_ADDSMOOTH: /* a1 + a2 - a1 a2 = a1 + a2 (1 - a1) */
        r = fadd(g, n, x1, fmul(g, n, x2, one_minus(g, n, x1)));
        break;
    case FF_TOP_BLENDDIFFUSEALPHA: /* a1 alpha + a2 (1 - alpha) */
    case FF_TOP_BLENDTEXTUREALPHA:
    case FF_TOP_BLENDFACTORALPHA:
    case FF_TOP_BLENDCURRENTALPHA:
        f = op == FF_TOP_BLENDDIFFUSEALPHA   ? s->diffuse
            : op == FF_TOP_BLENDTEXTUREALPHA ? s->tex[s->stage]
            : op == FF_TOP_BLENDFACTORALPHA  ? s->tfactor
                                             : s->cur;
        f = splat(g, n, ext(g, f, 3));
        r = fmix(g, n, x2, x1, f);
        break;
    case FF_TOP_BLENDTEXTUREALPHAPM: /* a1 + a2 (1 - texture alpha) */
        f = splat(g, n, one_minus(g, 1, ext(g, s->tex[s->stage], 3)));
        r = fadd(g, n, x1, fmul(g, n, x2, f));
        break;
    case FF_TOP_PREMODULATE:
        /* "Modulate this texture stage with the next texture stage": arg1
         * times the next stage's texture where one is bound. */
        r = x1;
        if (s->stage + 1 < FF_MAX_STAGES && s->sampled[s->stage + 1])
            r = fmul(g, n, r, part(g, n, s->tex[s->stage + 1]));
        break;
    case FF_TOP_MODULATEALPHA_ADDCOLOR: /* a1.rgb + a1.a a2.rgb */
        r = fadd(g, n, x1, fmul(g, n, splat(g, n, ext(g, a[1], 3)), x2));
        break;
    case FF_TOP_MODULATECOLOR_ADDALPHA: /* a1.rgb a2.rgb + a1.a */
        r = fadd(g, n, fmul(g, n, x1, x2), splat(g, n, ext(g, a[1], 3)));
        break;
    case FF_TOP_MODULATEINVALPHA_ADDCOLOR: /* (1 - a1.a) a2.rgb + a1.rgb */
        f = splat(g, n, one_minus(g, 1, ext(g, a[1], 3)));
        r = fadd(g, n, fmul(g, n, f, x2), x1);
        break;
    case FF_TOP_MODULATEINVCOLOR_ADDALPHA: /* (1 - a1.rgb) a2.rgb + a1.a */
        r = fadd(g, n, fmul(g, n, one_minus(g, n, x1), x2),
                 splat(g, n, ext(g, a[1], 3)));
        break;
    case FF_TOP_DOTPRODUCT3:
        /* 4 ((a1.r - .5)(a2.r - .5) + (g..) + (b..)), in every channel. */
        f = dot3(g, fsub(g, 3, xyz(g, a[1]), cvec(g, 3, 0.5f)),
                 fsub(g, 3, xyz(g, a[2]), cvec(g, 3, 0.5f)));
        r = splat(g, n, fmul(g, 1, f, cf(g, 4.0f)));
        break;
    case FF_TOP_MULTIPLYADD: /* a0 + a1 a2 */
        r = fadd(g, n, x0, fmul(g, n, x1, x2));
        break;
    case FF_TOP_LERP: /* a0 a1 + (1 - a0) a2 */
        r = fmix(g, n, x2, x1, x0);
        break;
    default:
        return 0;
    }
    return sat(g, n, r);
}

static uint32_t fs_ubo(struct ffg *g)
{
    struct spv_builder *b = &g->b;
    uint32_t m[FSC_COUNT], t, v;

    m[FSC_TFACTOR] = g->t_v4;
    m[FSC_STAGE_CONSTANT] = arr_strided(g, g->t_v4, FF_MAX_STAGES, 16);
    m[FSC_BUMP_MATRIX] = arr_strided(g, g->t_v4, FF_MAX_STAGES, 16);
    m[FSC_BUMP_LUMINANCE] = arr_strided(g, g->t_v4, FF_MAX_STAGES, 16);
    m[FSC_FOG_COLOR] = g->t_v4;
    m[FSC_FOG] = g->t_v4;
    m[FSC_ALPHA_REF] = g->t_v4;
    t = spv_type_struct_unique(b, m, FSC_COUNT);
    spv_decorate_block(b, t);
    spv_name(b, t, "ff_fs_constants");
    member(g, t, FSC_TFACTOR, 0, false, "texture_factor");
    member(g, t, FSC_STAGE_CONSTANT, 16, false, "stage_constant");
    member(g, t, FSC_BUMP_MATRIX, 144, false, "bump_matrix");
    member(g, t, FSC_BUMP_LUMINANCE, 272, false, "bump_luminance");
    member(g, t, FSC_FOG_COLOR, 400, false, "fog_color");
    member(g, t, FSC_FOG, 416, false, "fog");
    member(g, t, FSC_ALPHA_REF, 432, false, "alpha_ref");
    v = spv_global_variable(b, t, SpvStorageClassUniform, 0);
    spv_decorate_descriptor_set(b, v, 0);
    spv_decorate_binding(b, v, NR_BIND_FS_UBO);
    spv_name(b, v, "fsc");
    return v;
}

bool ff_build_fs(const struct ff_fs_key *k, uint32_t flags, uint32_t **words,
                 size_t *count)
{
    struct ffg G, *g = &G;
    struct spv_builder *b = &g->b;
    struct fs_state S = {0}, *s = &S;
    struct fs_stage_ops ops[FF_MAX_STAGES];
    bool sample[FF_MAX_STAGES] = {0};
    bool need_spec, need_tfactor = false;
    unsigned nstages = 0, i, j;
    uint32_t fn, v_diffuse, v_specular = 0, v_tc[FF_MAX_STAGES] = {0};
    uint32_t v_fog = 0, v_fragcoord = 0, v_pointcoord = 0, v_out;
    uint32_t v_sampler[FF_MAX_STAGES] = {0}, t_img[FF_MAX_STAGES] = {0};
    uint32_t color;
    static const char *tc_names[FF_MAX_STAGES] = {
        "in_texcoord0", "in_texcoord1", "in_texcoord2", "in_texcoord3",
        "in_texcoord4", "in_texcoord5", "in_texcoord6", "in_texcoord7"};
    static const char *smp_names[FF_MAX_STAGES] = {
        "sampler0", "sampler1", "sampler2", "sampler3",
        "sampler4", "sampler5", "sampler6", "sampler7"};

    if (words)
        *words = NULL;
    if (count)
        *count = 0;
    if (!k || !words || !count || !fs_key_valid(k))
        return false;

    /* Resolve the cascade: it ends at the first COLOROP DISABLE. */
    for (i = 0; i < FF_MAX_STAGES; i++) {
        const struct ff_fs_stage *st = &k->stage[i];
        struct fs_stage_ops *o = &ops[i];
        bool bound = st->texture != FF_TEX_NONE;

        if (st->color_op == FF_TOP_DISABLE)
            break;
        o->cop = st->color_op;
        o->carg[0] = st->color_arg0;
        o->carg[1] = st->color_arg1;
        o->carg[2] = st->color_arg2;
        o->aop = st->alpha_op;
        o->aarg[0] = st->alpha_arg0;
        o->aarg[1] = st->alpha_arg1;
        o->aarg[2] = st->alpha_arg2;
        fs_fix_unbound(bound, &o->cop, o->carg);
        fs_fix_unbound(bound, &o->aop, o->aarg);
        /* BUMPENVMAP is a colour operation only; as an alpha operation,
         * like DISABLE after an enabled colour operation (undefined in
         * D3D9), the alpha passes through. */
        if (fs_is_bump(o->aop))
            o->aop = FF_TOP_DISABLE;
        nstages++;
    }

    /* Which stages sample their texture. */
    for (i = 0; i < nstages; i++) {
        const struct fs_stage_ops *o = &ops[i];
        unsigned cu = top_args(o->cop), au = top_args(o->aop);
        bool t = false;

        for (j = 0; j < 3; j++) {
            if (((cu >> j) & 1) &&
                (o->carg[j] & FF_TA_SELECTMASK) == FF_TA_TEXTURE)
                t = true;
            if (((au >> j) & 1) &&
                (o->aarg[j] & FF_TA_SELECTMASK) == FF_TA_TEXTURE)
                t = true;
            if ((((cu >> j) & 1) &&
                 (o->carg[j] & FF_TA_SELECTMASK) == FF_TA_TFACTOR) ||
                (((au >> j) & 1) &&
                 (o->aarg[j] & FF_TA_SELECTMASK) == FF_TA_TFACTOR))
                need_tfactor = true;
        }
        if (o->cop == FF_TOP_BLENDTEXTUREALPHA ||
            o->cop == FF_TOP_BLENDTEXTUREALPHAPM ||
            o->aop == FF_TOP_BLENDTEXTUREALPHA ||
            o->aop == FF_TOP_BLENDTEXTUREALPHAPM || fs_is_bump(o->cop))
            t = true;
        if (o->cop == FF_TOP_BLENDFACTORALPHA ||
            o->aop == FF_TOP_BLENDFACTORALPHA)
            need_tfactor = true;
        if (t)
            sample[i] = true;
        if ((o->cop == FF_TOP_PREMODULATE || o->aop == FF_TOP_PREMODULATE) &&
            i + 1 < FF_MAX_STAGES)
            sample[i + 1] = true;
        /* The stage after a bump map stage reads its texture through the
         * perturbed coordinates; the bump stage's own texture holds du, dv
         * (and the luminance). */
    }
    for (i = 0; i < FF_MAX_STAGES; i++)
        if (k->stage[i].texture == FF_TEX_NONE || k->stage[i].texture > FF_TEX_3D)
            sample[i] = false;

    need_spec = k->specular_enable != 0;
    for (i = 0; i < nstages; i++)
        for (j = 0; j < 3; j++)
            if ((ops[i].carg[j] & FF_TA_SELECTMASK) == FF_TA_SPECULAR ||
                (ops[i].aarg[j] & FF_TA_SELECTMASK) == FF_TA_SPECULAR)
                need_spec = true;

    ffg_init(g);
    g->table = flags & FF_GEN_TEXTURE_TABLE;
    s->g = g;
    s->k = k;

    /* Interface. */
    v_diffuse = var_in(g, g->t_v4, FF_VARYING_DIFFUSE, "in_diffuse");
    if (k->flat_shade)
        spv_decorate_flat(b, v_diffuse);
    if (need_spec) {
        v_specular = var_in(g, g->t_v4, FF_VARYING_SPECULAR, "in_specular");
        if (k->flat_shade)
            spv_decorate_flat(b, v_specular);
    }
    for (i = 0; i < FF_MAX_STAGES; i++) {
        uint32_t t_si;
        SpvDim dim;

        if (!sample[i])
            continue;
        if (k->point_sprite) {
            if (!v_pointcoord)
                v_pointcoord =
                    var_builtin(g, g->t_v2, SpvStorageClassInput,
                                SpvBuiltInPointCoord, "gl_PointCoord");
        } else {
            v_tc[i] = var_in(g, g->t_v4, FF_VARYING_TEXCOORD0 + i, tc_names[i]);
        }
        dim = k->stage[i].texture == FF_TEX_CUBE ? SpvDimCube
              : k->stage[i].texture == FF_TEX_3D ? SpvDim3D
                                                 : SpvDim2D;
        t_img[i] = spv_type_image(b, g->t_f, dim, 0, false, false, 1,
                                  SpvImageFormatUnknown);
        t_si = spv_type_sampled_image(b, t_img[i]);
        if (g->table) {
            if (!g->tt.t_u32)
                spv_table_init(&g->tt, b, false);
            continue;
        }
        v_sampler[i] =
            spv_global_variable(b, t_si, SpvStorageClassUniformConstant, 0);
        spv_decorate_descriptor_set(b, v_sampler[i], 0);
        spv_decorate_binding(b, v_sampler[i], NR_BIND_FS_SAMPLER0 + i);
        spv_name(b, v_sampler[i], smp_names[i]);
    }
    if (k->fog_table_mode != FF_FOG_NONE)
        v_fragcoord = var_builtin(g, g->t_v4, SpvStorageClassInput,
                                  SpvBuiltInFragCoord, "gl_FragCoord");
    else if (k->fog_vertex)
        v_fog = var_in(g, g->t_f, FF_VARYING_FOG, "in_fog");
    v_out = var_out(g, g->t_v4, 0, "out_color");

    s->ubo = fs_ubo(g);

    fn = fn_begin(g);
    s->diffuse = spv_load(b, g->t_v4, v_diffuse);
    s->specular = need_spec ? spv_load(b, g->t_v4, v_specular)
                            : cv4(g, 0, 0, 0, 0);
    s->tfactor = need_tfactor ? uget(g, s->ubo, g->t_v4, 1, FSC_TFACTOR, 0, 0)
                              : cv4(g, 0, 0, 0, 0);

    /* Textures, in stage order (a bump stage feeds the next one). */
    for (i = 0; i < FF_MAX_STAGES; i++) {
        uint32_t tc, coord, si, t;
        bool bumped = i > 0 && i - 1 < nstages && fs_is_bump(ops[i - 1].cop);
        unsigned ncoord = k->stage[i].texture == FF_TEX_2D ? 2 : 3;

        if (!sample[i]) {
            /* Unbound: a read sees (0, 0, 0, 1). */
            s->tex[i] = i < nstages ? cv4(g, 0, 0, 0, 1) : 0;
            continue;
        }
        if (k->point_sprite) {
            uint32_t pc = spv_load(b, g->t_v2, v_pointcoord);
            tc = vec4_4(g, ext(g, pc, 0), ext(g, pc, 1), cf(g, 0.0f),
                        cf(g, 1.0f));
        } else {
            tc = spv_load(b, g->t_v4, v_tc[i]);
        }
        coord = swz(g, ncoord, tc, 0, 1, 2, 0);
        if (k->stage[i].projected && !k->point_sprite)
            coord = fscale(g, ncoord, coord,
                           fdiv(g, 1, cf(g, 1.0f), ext(g, tc, 3)));
        if (bumped) {
            /* u' = u + M00 du + M10 dv, v' = v + M01 du + M11 dv with
             * (du, dv) the bump map's red and green, M the bump stage's
             * D3DTSS_BUMPENVMATxx. */
            uint32_t bm = uget(g, s->ubo, g->t_v4, 2, FSC_BUMP_MATRIX,
                               (int)(i - 1), 0);
            uint32_t du = ext(g, s->tex[i - 1], 0), dv = ext(g, s->tex[i - 1], 1);
            uint32_t off[2], o;

            off[0] = fadd(g, 1, fmul(g, 1, ext(g, bm, 0), du),
                          fmul(g, 1, ext(g, bm, 2), dv));
            off[1] = fadd(g, 1, fmul(g, 1, ext(g, bm, 1), du),
                          fmul(g, 1, ext(g, bm, 3), dv));
            if (ncoord == 2)
                o = spv_composite_construct(b, g->t_v2, off, 2);
            else
                o = spv_composite_construct(
                    b, g->t_v3, (const uint32_t[]){off[0], off[1], cf(g, 0)},
                    3);
            coord = fadd(g, ncoord, coord, o);
        }
        si = g->table ? spv_table_sampler(&g->tt, b, spv_type_sampled_image(b, t_img[i]), i)
                      : spv_load(b, spv_type_sampled_image(b, t_img[i]), v_sampler[i]);
        t = spv_op(b, SpvOpImageSampleImplicitLod, g->t_v4,
                   (const uint32_t[]){si, coord}, 2);
        if (k->stage[i].srgb)
            t = srgb_to_linear(g, t);
        if (bumped && ops[i - 1].cop == FF_TOP_BUMPENVMAPLUMINANCE) {
            /* L = saturate(l LSCALE + LOFFSET) scales the colour. */
            uint32_t lum = uget(g, s->ubo, g->t_v4, 2, FSC_BUMP_LUMINANCE,
                                (int)(i - 1), 0);
            uint32_t l = fadd(g, 1, fmul(g, 1, ext(g, s->tex[i - 1], 2),
                                         ext(g, lum, 0)),
                              ext(g, lum, 1));
            l = sat(g, 1, l);
            t = vec4_of(g, fscale(g, 3, xyz(g, t), l), ext(g, t, 3));
        }
        s->tex[i] = t;
        s->sampled[i] = true;
    }

    /* The cascade.  CURRENT starts as the diffuse colour, TEMP as 0. */
    s->cur = s->diffuse;
    s->tmp = cv4(g, 0, 0, 0, 0);
    for (i = 0; i < nstages; i++) {
        const struct fs_stage_ops *o = &ops[i];
        uint32_t a[3] = {0, 0, 0}, rgb, alpha, dst;
        unsigned used;

        s->stage = i;
        dst = k->stage[i].result_temp ? s->tmp : s->cur;
        if (fs_is_bump(o->cop)) {
            /* The bump map only perturbs the next stage (Wine writes
             * nothing for it either): the register keeps its colour. */
            rgb = xyz(g, dst);
        } else {
            used = top_args(o->cop);
            for (j = 0; j < 3; j++)
                a[j] = (used >> j) & 1 ? fs_arg(s, o->carg[j]) : 0;
            if (o->cop == FF_TOP_MODULATEALPHA_ADDCOLOR ||
                o->cop == FF_TOP_MODULATECOLOR_ADDALPHA ||
                o->cop == FF_TOP_MODULATEINVALPHA_ADDCOLOR ||
                o->cop == FF_TOP_MODULATEINVCOLOR_ADDALPHA ||
                o->cop == FF_TOP_DOTPRODUCT3)
                a[1] = a[1] ? a[1] : fs_arg(s, o->carg[1]);
            rgb = fs_top(s, o->cop, a, 3);
        }
        if (o->cop == FF_TOP_DOTPRODUCT3) {
            /* "...then replicate the sum to all color channels, including
             * alpha": the alpha operation is overridden. */
            alpha = ext(g, rgb, 0);
        } else if (fs_is_bump(o->cop)) {
            /* Its alpha operation is ignored too: the register keeps its
             * alpha (Wine's visual test_texture_blending, on Windows). */
            alpha = ext(g, dst, 3);
        } else if (o->aop == FF_TOP_DISABLE) {
            alpha = ext(g, s->cur, 3);
        } else {
            used = top_args(o->aop);
            for (j = 0; j < 3; j++)
                a[j] = (used >> j) & 1 ? fs_arg(s, o->aarg[j]) : 0;
            if (o->aop == FF_TOP_DOTPRODUCT3 ||
                o->aop == FF_TOP_MODULATEALPHA_ADDCOLOR ||
                o->aop == FF_TOP_MODULATECOLOR_ADDALPHA ||
                o->aop == FF_TOP_MODULATEINVALPHA_ADDCOLOR ||
                o->aop == FF_TOP_MODULATEINVCOLOR_ADDALPHA) {
                a[1] = a[1] ? a[1] : fs_arg(s, o->aarg[1]);
                a[2] = a[2] ? a[2] : fs_arg(s, o->aarg[2]);
            }
            alpha = fs_top(s, o->aop, a, 1);
        }
        if (k->stage[i].result_temp)
            s->tmp = vec4_of(g, rgb, alpha);
        else
            s->cur = vec4_of(g, rgb, alpha);
    }
    color = s->cur;

    /* Specular is added after the texture stages (SPECULARENABLE). */
    if (k->specular_enable)
        color = vec4_of(g, sat(g, 3, fadd(g, 3, xyz(g, color),
                                          xyz(g, s->specular))),
                        ext(g, color, 3));

    /* Fog: C = f C + (1 - f) fog colour, on rgb. */
    if (k->fog_table_mode != FF_FOG_NONE || k->fog_vertex) {
        uint32_t f, fc;

        if (k->fog_table_mode != FF_FOG_NONE) {
            /* Per-pixel ("table") fog on device z, or on eye w for a
             * perspective projection (see ff.h, fog_w). */
            uint32_t fcoord = spv_load(b, g->t_v4, v_fragcoord);
            uint32_t fog = uget(g, s->ubo, g->t_v4, 1, FSC_FOG, 0, 0), d;

            d = k->fog_w ? fdiv(g, 1, cf(g, 1.0f), ext(g, fcoord, 3))
                         : ext(g, fcoord, 2);
            switch (k->fog_table_mode) {
            case FF_FOG_LINEAR:
                f = fmul(g, 1, fsub(g, 1, ext(g, fog, 1), d), ext(g, fog, 3));
                break;
            case FF_FOG_EXP:
                f = glsl1(g, 1, GLSLstd450Exp,
                          spv_fnegate(b, g->t_f,
                                      fmul(g, 1, d, ext(g, fog, 2))));
                break;
            default:
                f = fmul(g, 1, d, ext(g, fog, 2));
                f = glsl1(g, 1, GLSLstd450Exp,
                          spv_fnegate(b, g->t_f, fmul(g, 1, f, f)));
                break;
            }
        } else {
            f = spv_load(b, g->t_f, v_fog);
        }
        f = sat(g, 1, f);
        fc = uget(g, s->ubo, g->t_v4, 1, FSC_FOG_COLOR, 0, 0);
        color = vec4_of(g, fmix(g, 3, xyz(g, fc), xyz(g, color), splat(g, 3, f)),
                        ext(g, color, 3));
    }

    /* Alpha test against D3DRS_ALPHAREF, compared as 8-bit values
     * (round(alpha * 255) against the reference byte), as the 8-bit
     * reference makes EQUAL / NOTEQUAL meaningful. */
    if (k->alpha_func && k->alpha_func != FF_CMP_ALWAYS) {
        uint32_t pass, kill = spv_id(b), merge = spv_id(b);

        if (k->alpha_func == FF_CMP_NEVER) {
            pass = spv_const_bool(b, false);
        } else {
            static const SpvOp cmp[] = {
                [FF_CMP_LESS] = SpvOpFOrdLessThan,
                [FF_CMP_EQUAL] = SpvOpFOrdEqual,
                [FF_CMP_LESSEQUAL] = SpvOpFOrdLessThanEqual,
                [FF_CMP_GREATER] = SpvOpFOrdGreaterThan,
                [FF_CMP_NOTEQUAL] = SpvOpFOrdNotEqual,
                [FF_CMP_GREATEREQUAL] = SpvOpFOrdGreaterThanEqual,
            };
            uint32_t a = sat(g, 1, ext(g, color, 3)), ref;

            a = glsl1(g, 1, GLSLstd450Floor,
                      fadd(g, 1, fmul(g, 1, a, cf(g, 255.0f)), cf(g, 0.5f)));
            ref = ext(g, uget(g, s->ubo, g->t_v4, 1, FSC_ALPHA_REF, 0, 0), 0);
            pass = fcmp(g, cmp[k->alpha_func], a, ref);
        }
        spv_selection_merge(b, merge, 0);
        spv_branch_cond(b, pass, merge, kill);
        spv_label_at(b, kill);
        spv_kill(b);
        spv_label_at(b, merge);
    }

    /* D3D9 converts what the pixel stage writes (after fog, before
     * blending). */
    if (k->srgb_write)
        color = linear_to_srgb(g, color);
    spv_store(b, v_out, color);
    spv_return(b);
    spv_function_end(b);
    spv_entry_point(b, SpvExecutionModelFragment, fn, "main", NULL, 0);
    spv_execution_mode(b, fn, SpvExecutionModeOriginUpperLeft, NULL, 0);
    return ff_finish(b, words, count);
}

/* ---- descriptions for logs ------------------------------------------------ */

const char *ff_vs_key_describe(const struct ff_vs_key *k, char *buf,
                               size_t size)
{
    static const char *pos[] = {"xyz",   "xyzrhw", "xyzw",  "xyzb1",
                                "xyzb2", "xyzb3",  "xyzb4", "xyzb5"};
    size_t n;
    unsigned i;

    if (!size)
        return buf;
    n = (size_t)snprintf(buf, size, "%s%s%s%s%s%s tex%u",
                         k->position < 8 ? pos[k->position] : "?",
                         k->last_beta ? "+idx" : "", k->has_normal ? " n" : "",
                         k->has_psize ? " psize" : "",
                         k->has_diffuse ? " d" : "",
                         k->has_specular ? " s" : "", k->texcoord_count);
    if (n < size && k->blend_matrices)
        n += (size_t)snprintf(buf + n, size - n, " blend%u%s",
                              k->blend_matrices, k->indexed_blend ? "i" : "");
    if (n < size && k->lighting) {
        n += (size_t)snprintf(buf + n, size - n, " light[");
        for (i = 0; i < k->light_count && n < size; i++)
            n += (size_t)snprintf(buf + n, size - n, "%c",
                                  "?psd"[k->light_type[i] & 3]);
        if (n < size)
            n += (size_t)snprintf(buf + n, size - n, "]%s%s mcs%u%u%u%u",
                                  k->specular_enable ? " spec" : "",
                                  k->local_viewer ? " local" : "",
                                  k->diffuse_source, k->ambient_source,
                                  k->specular_source, k->emissive_source);
    }
    if (n < size && k->fog_enable)
        n += (size_t)snprintf(buf + n, size - n, " fog v%u t%u%s",
                              k->fog_vertex_mode, k->fog_table_mode,
                              k->range_fog ? " range" : "");
    for (i = 0; i < FF_MAX_STAGES && n < size; i++)
        if (k->tex_coord_index[i] != i || k->tex_gen[i] || k->tex_transform[i])
            n += (size_t)snprintf(buf + n, size - n, " t%u=%u/%u/%#x", i,
                                  k->tex_coord_index[i], k->tex_gen[i],
                                  k->tex_transform[i]);
    if (n < size && k->clip_plane_mask)
        snprintf(buf + n, size - n, " clip%#x", k->clip_plane_mask);
    return buf;
}

const char *ff_fs_key_describe(const struct ff_fs_key *k, char *buf,
                               size_t size)
{
    size_t n = 0;
    unsigned i;

    if (!size)
        return buf;
    buf[0] = 0;
    for (i = 0; i < FF_MAX_STAGES && n < size; i++) {
        const struct ff_fs_stage *st = &k->stage[i];
        if (st->color_op == FF_TOP_DISABLE || !st->color_op)
            break;
        n += (size_t)snprintf(
            buf + n, size - n, "%s%u:c%u(%x,%x,%x)a%u(%x,%x,%x)%s%s%s",
            i ? " " : "", i, st->color_op, st->color_arg0, st->color_arg1,
            st->color_arg2, st->alpha_op, st->alpha_arg0, st->alpha_arg1,
            st->alpha_arg2, st->result_temp ? ">temp" : "",
            st->texture ? (const char *[]){"", " 2d", " cube", " 3d"}[st->texture & 3]
                        : "",
            st->projected ? " proj" : "");
    }
    if (n < size)
        snprintf(buf + n, size - n, "%s%s fog t%u v%u%s atest%u%s%s%s",
                 n ? " |" : "|", k->specular_enable ? " spec" : "",
                 k->fog_table_mode, k->fog_vertex, k->fog_w ? " w" : "",
                 k->alpha_func, k->flat_shade ? " flat" : "",
                 k->point_sprite ? " sprite" : "", k->srgb_write ? " srgb" : "");
    return buf;
}

/* ---- the walking skeleton's pair ----------------------------------------- */

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
