/* Unit test for the fixed-function generator (src/shader/ff.c).
 *
 * Builds hundreds of vertex and fragment modules over the key space (every
 * light type, texture coordinate generation mode, texture transform,
 * texture operation with every argument and modifier, fog mode, alpha
 * function, blending setup, vertex layout) and runs every one of them
 * through `spirv-val --target-env vulkan1.3`.  A missing spirv-val is a
 * failure, not a skip.  The modules are written to a temporary folder and
 * validated in one shell loop (one system() call), which keeps the run
 * short.
 *
 * Set NEREID_SPV_DUMP_DIR=/some/dir to keep the modules (as NAME.spv). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "spirv_util.h"
#include "shader/ff.h"
#include "shader/spv.h"

static char tmpdir[4096];
static unsigned module_count;

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

/* True when an OpCapability of `cap` is present. */
static int has_capability(const uint32_t *w, size_t count, SpvCapability cap)
{
    size_t pos = 5;

    while (pos < count && (w[pos] >> 16)) {
        if ((w[pos] & 0xFFFFu) == SpvOpCapability && w[pos + 1] == cap)
            return 1;
        pos += w[pos] >> 16;
    }
    return 0;
}

/* Well formed: a header and instructions that end exactly at count. */
static int well_formed(const uint32_t *w, size_t count)
{
    size_t pos = 5;

    if (count <= 5 || w[0] != 0x07230203u || w[1] != 0x00010300u)
        return 0;
    while (pos < count) {
        uint32_t n = w[pos] >> 16;
        if (n == 0 || pos + n > count)
            return 0;
        pos += n;
    }
    return pos == count;
}

/* Queues a module for validation (and the dump folder, if asked). */
static void queue(const char *name, const uint32_t *w, size_t n)
{
    const char *dump = getenv("NEREID_SPV_DUMP_DIR");
    char path[8192];

    ok(well_formed(w, n), "%s: well formed", name);
    snprintf(path, sizeof(path), "%s/%04u_%s.spv", tmpdir, module_count,
             name);
    ok(write_file(path, w, n), "%s: written to %s", name, path);
    module_count++;
    if (dump && *dump) {
        snprintf(path, sizeof(path), "%s/%s.spv", dump, name);
        write_file(path, w, n);
    }
}

static char last_name[256];

static uint32_t *build_vs(const struct ff_vs_key *k, const char *name,
                          size_t *n)
{
    uint32_t *w = NULL;
    char desc[512];

    *n = 0;
    snprintf(last_name, sizeof(last_name), "vs_%s_table", name);
    if (ok(ff_build_vs(k, FF_GEN_TEXTURE_TABLE, &w, n) && w, "%s: ff_build_vs (%s)",
           last_name, ff_vs_key_describe(k, desc, sizeof(desc))))
        queue(last_name, w, *n);
    free(w);
    w = NULL;
    snprintf(last_name, sizeof(last_name), "vs_%s", name);
    if (!ok(ff_build_vs(k, 0, &w, n) && w, "%s: ff_build_vs (%s)", last_name,
            ff_vs_key_describe(k, desc, sizeof(desc))))
        return NULL;
    queue(last_name, w, *n);
    return w;
}

static uint32_t *build_fs(const struct ff_fs_key *k, const char *name,
                          size_t *n)
{
    uint32_t *w = NULL;
    char desc[1024];

    *n = 0;
    snprintf(last_name, sizeof(last_name), "fs_%s_table", name);
    if (ok(ff_build_fs(k, FF_GEN_TEXTURE_TABLE, &w, n) && w, "%s: ff_build_fs (%s)",
           last_name, ff_fs_key_describe(k, desc, sizeof(desc))))
        queue(last_name, w, *n);
    free(w);
    w = NULL;
    snprintf(last_name, sizeof(last_name), "fs_%s", name);
    if (!ok(ff_build_fs(k, 0, &w, n) && w, "%s: ff_build_fs (%s)", last_name,
            ff_fs_key_describe(k, desc, sizeof(desc))))
        return NULL;
    queue(last_name, w, *n);
    return w;
}

static void vs(const struct ff_vs_key *k, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void vs(const struct ff_vs_key *k, const char *fmt, ...)
{
    char name[200];
    va_list ap;
    size_t n;

    va_start(ap, fmt);
    vsnprintf(name, sizeof(name), fmt, ap);
    va_end(ap);
    free(build_vs(k, name, &n));
}

static void fs(const struct ff_fs_key *k, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void fs(const struct ff_fs_key *k, const char *fmt, ...)
{
    char name[200];
    va_list ap;
    size_t n;

    va_start(ap, fmt);
    vsnprintf(name, sizeof(name), fmt, ap);
    va_end(ap);
    free(build_fs(k, name, &n));
}

/* ---- keys ---------------------------------------------------------------- */

static struct ff_vs_key vs_base(void)
{
    struct ff_vs_key k;
    unsigned i;

    memset(&k, 0, sizeof(k));
    k.position = FF_POS_XYZ;
    k.has_diffuse = 1;
    k.texcoord_count = 1;
    k.texcoord_dim[0] = 2;
    for (i = 0; i < FF_MAX_STAGES; i++)
        k.tex_coord_index[i] = 0;
    return k;
}

static struct ff_vs_key vs_lit(void)
{
    struct ff_vs_key k = vs_base();

    k.has_normal = 1;
    k.lighting = 1;
    k.color_vertex = 1;
    k.diffuse_source = FF_MCS_COLOR1;
    k.specular_source = FF_MCS_COLOR2;
    return k;
}

static struct ff_fs_key fs_base(void)
{
    struct ff_fs_key k;
    unsigned i;

    memset(&k, 0, sizeof(k));
    for (i = 0; i < FF_MAX_STAGES; i++) {
        k.stage[i].color_op = FF_TOP_DISABLE;
        k.stage[i].alpha_op = FF_TOP_DISABLE;
        k.stage[i].color_arg1 = FF_TA_TEXTURE;
        k.stage[i].color_arg2 = FF_TA_CURRENT;
        k.stage[i].alpha_arg1 = FF_TA_TEXTURE;
        k.stage[i].alpha_arg2 = FF_TA_CURRENT;
    }
    /* D3D9's defaults: stage 0 MODULATE texture x diffuse, SELECTARG1. */
    k.stage[0].color_op = FF_TOP_MODULATE;
    k.stage[0].alpha_op = FF_TOP_SELECTARG1;
    k.stage[0].texture = FF_TEX_2D;
    return k;
}

/* ---- vertex key coverage -------------------------------------------------- */

static void test_vs_layouts(void)
{
    struct ff_vs_key k;
    unsigned pos, lb, blend, idx, dim, set, cnt;

    /* Every position type, last-beta kind, blend count, indexed or not. */
    for (pos = FF_POS_XYZ; pos <= FF_POS_XYZB5; pos++) {
        for (lb = 0; lb <= 2; lb++) {
            if (lb && pos < FF_POS_XYZB1)
                continue;
            for (blend = 0; blend <= 4; blend++) {
                for (idx = 0; idx <= 1; idx++) {
                    if (pos < FF_POS_XYZB1 && (blend > 1 || idx))
                        continue;
                    k = vs_lit();
                    k.position = (uint8_t)pos;
                    k.last_beta = (uint8_t)lb;
                    k.blend_matrices = (uint8_t)blend;
                    k.indexed_blend = (uint8_t)idx;
                    k.light_count = 1;
                    k.light_type[0] = FF_LIGHT_DIRECTIONAL;
                    vs(&k, "layout_p%u_lb%u_b%u_i%u", pos, lb, blend, idx);
                }
            }
        }
    }

    /* Every texcoord dimension in every set, passed through. */
    for (cnt = 1; cnt <= 8; cnt++) {
        for (dim = 1; dim <= 4; dim++) {
            k = vs_base();
            k.texcoord_count = (uint8_t)cnt;
            for (set = 0; set < cnt; set++) {
                k.texcoord_dim[set] = (uint8_t)(((dim + set - 1) % 4) + 1);
                k.tex_coord_index[set] = (uint8_t)(cnt - 1 - set);
            }
            vs(&k, "texdims_c%u_d%u", cnt, dim);
        }
    }

    /* Component presence: every subset of normal/psize/diffuse/specular,
     * transformed and pre-transformed. */
    for (pos = 0; pos < 2; pos++) {
        for (set = 0; set < 16; set++) {
            k = vs_base();
            k.position = pos ? FF_POS_XYZRHW : FF_POS_XYZ;
            k.has_normal = set & 1;
            k.has_psize = (set >> 1) & 1;
            k.has_diffuse = (set >> 2) & 1;
            k.has_specular = (set >> 3) & 1;
            k.texcoord_count = 0;
            k.texcoord_dim[0] = 0;
            vs(&k, "components_%s_%x", pos ? "rhw" : "xyz", set);
        }
    }

    /* XYZW. */
    k = vs_lit();
    k.position = FF_POS_XYZW;
    k.light_count = 2;
    k.light_type[0] = FF_LIGHT_POINT;
    k.light_type[1] = FF_LIGHT_SPOT;
    vs(&k, "xyzw_lit");
}

static void test_vs_lighting(void)
{
    struct ff_vs_key k;
    unsigned t, n, f, src, which;

    /* Each light type alone, with every lighting flag combination. */
    for (t = FF_LIGHT_POINT; t <= FF_LIGHT_DIRECTIONAL; t++) {
        for (f = 0; f < 16; f++) {
            k = vs_lit();
            k.light_count = 1;
            k.light_type[0] = (uint8_t)t;
            k.local_viewer = f & 1;
            k.normalize_normals = (f >> 1) & 1;
            k.specular_enable = (f >> 2) & 1;
            k.has_normal = (f >> 3) & 1 ? 0 : 1;
            k.has_specular = 1;
            vs(&k, "light_t%u_f%x", t, f);
        }
    }
    /* 0..8 lights of mixed types. */
    for (n = 0; n <= FF_MAX_LIGHTS; n++) {
        k = vs_lit();
        k.light_count = (uint8_t)n;
        k.specular_enable = 1;
        k.local_viewer = 1;
        for (t = 0; t < n; t++)
            k.light_type[t] = (uint8_t)(1 + t % 3);
        vs(&k, "lights_%u", n);
    }
    /* Material sources: each of the four from each source, with and
     * without COLORVERTEX and vertex colours. */
    for (which = 0; which < 4; which++) {
        for (src = 0; src <= 2; src++) {
            for (f = 0; f < 4; f++) {
                k = vs_lit();
                k.light_count = 1;
                k.light_type[0] = FF_LIGHT_POINT;
                k.specular_enable = 1;
                k.diffuse_source = k.specular_source = FF_MCS_MATERIAL;
                k.color_vertex = f & 1;
                k.has_diffuse = (f >> 1) & 1;
                k.has_specular = (f >> 1) & 1;
                (&k.diffuse_source)[which] = (uint8_t)src;
                vs(&k, "mcs_w%u_s%u_f%u", which, src, f);
            }
        }
    }
    /* Lighting with vertex blending. */
    k = vs_lit();
    k.position = FF_POS_XYZB4;
    k.last_beta = FF_LASTBETA_D3DCOLOR;
    k.blend_matrices = 4;
    k.indexed_blend = 1;
    k.light_count = 3;
    k.light_type[0] = FF_LIGHT_POINT;
    k.light_type[1] = FF_LIGHT_SPOT;
    k.light_type[2] = FF_LIGHT_DIRECTIONAL;
    k.specular_enable = 1;
    k.normalize_normals = 1;
    vs(&k, "lit_indexed_blend");
    /* Lighting requested on pre-transformed vertices is ignored. */
    k.position = FF_POS_XYZRHW;
    k.last_beta = 0;
    vs(&k, "lit_rhw");
}

static void test_vs_texgen(void)
{
    struct ff_vs_key k;
    unsigned gen, cnt, proj, pre;

    for (pre = 0; pre <= 1; pre++) {
        for (gen = FF_TCI_PASSTHRU; gen <= FF_TCI_SPHEREMAP; gen++) {
            for (cnt = 0; cnt <= 4; cnt++) {
                for (proj = 0; proj <= 1; proj++) {
                    k = vs_base();
                    k.position = pre ? FF_POS_XYZRHW : FF_POS_XYZ;
                    k.has_normal = 1;
                    k.normalize_normals = (uint8_t)(cnt & 1);
                    k.tex_gen[0] = (uint8_t)gen;
                    k.tex_gen[3] = (uint8_t)gen;
                    k.tex_transform[0] =
                        (uint8_t)(cnt | (proj ? FF_TTFF_PROJECTED : 0));
                    k.tex_transform[3] = k.tex_transform[0];
                    vs(&k, "texgen_%s_g%u_c%u_p%u", pre ? "rhw" : "xyz", gen,
                       cnt, proj);
                }
            }
        }
    }
    /* Generation without a normal in the vertex. */
    for (gen = FF_TCI_CAMERASPACENORMAL; gen <= FF_TCI_SPHEREMAP; gen++) {
        k = vs_base();
        k.tex_gen[1] = (uint8_t)gen;
        vs(&k, "texgen_nonormal_g%u", gen);
    }
    /* A texcoord index beyond the vertex's sets. */
    k = vs_base();
    k.tex_coord_index[2] = 7;
    k.tex_transform[2] = 3 | FF_TTFF_PROJECTED;
    vs(&k, "texcoord_missing_set");
}

static void test_vs_fog_points_clip(void)
{
    struct ff_vs_key k;
    unsigned vm, tm, range, pre, spec, ps, scale, mask;

    for (pre = 0; pre <= 1; pre++)
        for (vm = 0; vm <= 3; vm++)
            for (tm = 0; tm <= 3; tm += 3)
                for (range = 0; range <= 1; range++)
                    for (spec = 0; spec <= 1; spec++) {
                        k = vs_base();
                        k.position = pre ? FF_POS_XYZRHW : FF_POS_XYZ;
                        k.fog_enable = 1;
                        k.fog_vertex_mode = (uint8_t)vm;
                        k.fog_table_mode = (uint8_t)tm;
                        k.range_fog = (uint8_t)range;
                        k.has_specular = (uint8_t)spec;
                        vs(&k, "fog_%s_v%u_t%u_r%u_s%u", pre ? "rhw" : "xyz",
                           vm, tm, range, spec);
                    }
    for (pre = 0; pre <= 1; pre++)
        for (ps = 0; ps <= 1; ps++)
            for (scale = 0; scale <= 1; scale++) {
                k = vs_base();
                k.position = pre ? FF_POS_XYZRHW : FF_POS_XYZ;
                k.has_psize = (uint8_t)ps;
                k.point_scale = (uint8_t)scale;
                vs(&k, "point_%s_ps%u_sc%u", pre ? "rhw" : "xyz", ps, scale);
            }
    for (mask = 1; mask <= 0x3f; mask = mask * 2 + (mask & 1 ? 0 : 1)) {
        uint32_t *w;
        size_t n;

        k = vs_base();
        k.clip_plane_mask = (uint8_t)mask;
        w = build_vs(&k, "clip", &n);
        if (w) {
            ok(has_capability(w, n, SpvCapabilityClipDistance),
               "clip mask %#x: ClipDistance capability", mask);
            free(w);
        }
    }
    for (mask = 0; mask <= 0x3f; mask += 0x15) {
        k = vs_lit();
        k.position = FF_POS_XYZB2;
        k.blend_matrices = 3;
        k.clip_plane_mask = (uint8_t)mask;
        vs(&k, "clip_blend_%x", mask);
    }
    /* Clip planes with pre-transformed vertices: none declared. */
    {
        uint32_t *w;
        size_t n;

        k = vs_base();
        k.position = FF_POS_XYZRHW;
        k.clip_plane_mask = 0x3f;
        w = build_vs(&k, "clip_rhw", &n);
        if (w) {
            ok(!has_capability(w, n, SpvCapabilityClipDistance),
               "pre-transformed: no ClipDistance");
            free(w);
        }
    }
}

/* Everything at once. */
static void test_vs_kitchen_sink(void)
{
    struct ff_vs_key k;
    unsigned i;

    memset(&k, 0, sizeof(k));
    k.position = FF_POS_XYZB5;
    k.last_beta = FF_LASTBETA_UBYTE4;
    k.has_normal = k.has_psize = k.has_diffuse = k.has_specular = 1;
    k.texcoord_count = 8;
    for (i = 0; i < 8; i++) {
        k.texcoord_dim[i] = (uint8_t)(1 + i % 4);
        k.tex_coord_index[i] = (uint8_t)(7 - i);
        k.tex_gen[i] = (uint8_t)(i % 5);
        k.tex_transform[i] = (uint8_t)((i % 5) | (i & 1 ? FF_TTFF_PROJECTED : 0));
    }
    k.blend_matrices = 4;
    k.indexed_blend = 1;
    k.lighting = 1;
    k.light_count = 8;
    for (i = 0; i < 8; i++)
        k.light_type[i] = (uint8_t)(1 + (i * 7) % 3);
    k.local_viewer = k.normalize_normals = k.color_vertex = 1;
    k.diffuse_source = FF_MCS_COLOR1;
    k.ambient_source = FF_MCS_COLOR2;
    k.specular_source = FF_MCS_COLOR2;
    k.emissive_source = FF_MCS_COLOR1;
    k.specular_enable = 1;
    k.fog_enable = 1;
    k.fog_vertex_mode = FF_FOG_EXP2;
    k.range_fog = 1;
    k.point_scale = 1;
    k.clip_plane_mask = 0x3f;
    vs(&k, "kitchen_sink");
}

/* ---- fragment key coverage ------------------------------------------------ */

static const uint8_t modifiers[4] = {0, FF_TA_COMPLEMENT, FF_TA_ALPHAREPLICATE,
                                     FF_TA_COMPLEMENT | FF_TA_ALPHAREPLICATE};

static void test_fs_ops(void)
{
    struct ff_fs_key k;
    unsigned op, m, a, tex;

    /* Every operation, as colour and alpha op, with each modifier on its
     * arguments, on stage 0 and on stage 1 after another stage. */
    for (op = FF_TOP_DISABLE; op <= FF_TOP_LERP; op++) {
        for (m = 0; m < 4; m++) {
            k = fs_base();
            k.stage[0].color_op = (uint8_t)op;
            k.stage[0].color_arg0 = FF_TA_SPECULAR | modifiers[m];
            k.stage[0].color_arg1 = FF_TA_TEXTURE | modifiers[m];
            k.stage[0].color_arg2 = FF_TA_DIFFUSE | modifiers[(m + 1) % 4];
            k.stage[0].alpha_op = (uint8_t)op;
            k.stage[0].alpha_arg0 = FF_TA_TFACTOR | modifiers[(m + 2) % 4];
            k.stage[0].alpha_arg1 = FF_TA_TEXTURE | modifiers[m];
            k.stage[0].alpha_arg2 = FF_TA_CURRENT | modifiers[(m + 3) % 4];
            k.stage[1].color_op = (uint8_t)op;
            k.stage[1].color_arg0 = FF_TA_TEMP | modifiers[m];
            k.stage[1].color_arg1 = FF_TA_CURRENT | modifiers[m];
            k.stage[1].color_arg2 = FF_TA_TEXTURE | modifiers[m];
            k.stage[1].alpha_op = FF_TOP_MODULATE;
            k.stage[1].alpha_arg1 = FF_TA_CONSTANT | modifiers[m];
            k.stage[1].texture = FF_TEX_2D;
            k.stage[2].color_op = FF_TOP_ADD;
            k.stage[2].alpha_op = FF_TOP_ADD;
            k.stage[2].color_arg1 = FF_TA_TEMP;
            k.stage[2].alpha_arg1 = FF_TA_TEMP;
            fs(&k, "top%u_m%u", op, m);
        }
    }
    /* Every argument source with every modifier, colour and alpha, with
     * the stage's texture bound and unbound. */
    for (a = 0; a <= FF_TA_CONSTANT; a++) {
        for (m = 0; m < 4; m++) {
            for (tex = 0; tex <= 1; tex++) {
                k = fs_base();
                k.stage[0].texture = tex ? FF_TEX_2D : FF_TEX_NONE;
                k.stage[0].color_op = FF_TOP_MODULATE2X;
                k.stage[0].color_arg1 = (uint8_t)(a | modifiers[m]);
                k.stage[0].color_arg2 = FF_TA_TEXTURE;
                k.stage[0].alpha_op = FF_TOP_ADDSIGNED;
                k.stage[0].alpha_arg1 = FF_TA_DIFFUSE;
                k.stage[0].alpha_arg2 = (uint8_t)(a | modifiers[m]);
                k.stage[0].result_temp = (uint8_t)(m & 1);
                k.stage[1].color_op = FF_TOP_SELECTARG1;
                k.stage[1].color_arg1 = FF_TA_TEMP;
                k.stage[1].alpha_op = FF_TOP_SELECTARG2;
                k.stage[1].alpha_arg2 = FF_TA_CURRENT;
                fs(&k, "arg%u_m%u_t%u", a, m, tex);
            }
        }
    }
}

static void test_fs_textures(void)
{
    struct ff_fs_key k;
    unsigned t, proj, bump, lum, sprite, s;

    for (t = FF_TEX_NONE; t <= FF_TEX_3D; t++)
        for (proj = 0; proj <= 1; proj++)
            for (sprite = 0; sprite <= 1; sprite++) {
                k = fs_base();
                k.stage[0].texture = (uint8_t)t;
                k.stage[0].projected = (uint8_t)proj;
                k.point_sprite = (uint8_t)sprite;
                fs(&k, "tex_t%u_p%u_s%u", t, proj, sprite);
                if (t != FF_TEX_NONE) {
                    /* D3DSAMP_SRGBTEXTURE: decoded after the sample;
                     * D3DRS_SRGBWRITEENABLE: encoded on the way out. */
                    k.stage[0].srgb = 1;
                    fs(&k, "tex_t%u_p%u_s%u_srgb", t, proj, sprite);
                    k.srgb_write = 1;
                    fs(&k, "tex_t%u_p%u_s%u_srgb_rw", t, proj, sprite);
                }
            }
    /* Bump mapping into each texture type of the next stage. */
    for (bump = 0; bump <= 1; bump++)
        for (lum = 0; lum <= 1; lum++)
            for (t = FF_TEX_2D; t <= FF_TEX_3D; t++)
                for (proj = 0; proj <= 1; proj++) {
                    k = fs_base();
                    s = bump ? 1 : 0; /* bump stage at 0 or 1 */
                    if (s) {
                        k.stage[0].color_op = FF_TOP_SELECTARG2;
                        k.stage[0].alpha_op = FF_TOP_SELECTARG2;
                    }
                    k.stage[s].color_op = lum ? FF_TOP_BUMPENVMAPLUMINANCE
                                              : FF_TOP_BUMPENVMAP;
                    k.stage[s].alpha_op = FF_TOP_SELECTARG2;
                    k.stage[s].texture = FF_TEX_2D;
                    k.stage[s + 1].color_op = FF_TOP_MODULATE;
                    k.stage[s + 1].alpha_op = FF_TOP_BUMPENVMAP;
                    k.stage[s + 1].texture = (uint8_t)t;
                    k.stage[s + 1].projected = (uint8_t)proj;
                    fs(&k, "bump_s%u_l%u_t%u_p%u", s, lum, t, proj);
                }
    /* Bump stage without a texture, and as the last stage. */
    k = fs_base();
    k.stage[0].color_op = FF_TOP_BUMPENVMAP;
    k.stage[0].texture = FF_TEX_NONE;
    k.stage[1].color_op = FF_TOP_MODULATE;
    k.stage[1].alpha_op = FF_TOP_SELECTARG1;
    k.stage[1].texture = FF_TEX_CUBE;
    fs(&k, "bump_unbound");
    k = fs_base();
    k.stage[0].color_op = FF_TOP_BUMPENVMAPLUMINANCE;
    fs(&k, "bump_last");
    /* PREMODULATE with and without a next texture. */
    for (t = FF_TEX_NONE; t <= FF_TEX_3D; t++) {
        k = fs_base();
        k.stage[0].color_op = FF_TOP_PREMODULATE;
        k.stage[0].alpha_op = FF_TOP_PREMODULATE;
        k.stage[1].texture = (uint8_t)t;
        fs(&k, "premodulate_next%u", t);
    }
    /* All eight stages, mixed texture types and ops, temp results. */
    k = fs_base();
    for (s = 0; s < FF_MAX_STAGES; s++) {
        k.stage[s].color_op = (uint8_t)(FF_TOP_SELECTARG1 + (s * 5) % 20);
        k.stage[s].alpha_op = (uint8_t)(FF_TOP_SELECTARG1 + (s * 3) % 20);
        k.stage[s].color_arg0 = (uint8_t)(s % 7);
        k.stage[s].color_arg1 = FF_TA_TEXTURE;
        k.stage[s].color_arg2 = (uint8_t)((s + 1) % 7);
        k.stage[s].alpha_arg1 = (uint8_t)((s + 2) % 7);
        k.stage[s].texture = (uint8_t)(s % 4);
        k.stage[s].projected = s & 1;
        k.stage[s].result_temp = (s % 3) == 1;
    }
    fs(&k, "eight_stages");
    /* Stage 0 disabled: diffuse (plus specular and fog). */
    k = fs_base();
    k.stage[0].color_op = FF_TOP_DISABLE;
    k.specular_enable = 1;
    k.fog_vertex = 1;
    fs(&k, "disabled");
}

static void test_fs_fixed(void)
{
    struct ff_fs_key k;
    unsigned f, w, func, flat, spec;

    for (f = FF_FOG_NONE; f <= FF_FOG_LINEAR; f++)
        for (w = 0; w <= 1; w++) {
            k = fs_base();
            k.fog_table_mode = (uint8_t)f;
            k.fog_w = (uint8_t)w;
            k.fog_vertex = f == FF_FOG_NONE && w;
            fs(&k, "fog_t%u_w%u", f, w);
        }
    for (func = 0; func <= FF_CMP_ALWAYS; func++) {
        uint32_t *wds;
        size_t n;

        k = fs_base();
        k.alpha_func = (uint8_t)func;
        wds = build_fs(&k, "alphatest", &n);
        if (wds) {
            ok(count_op(wds, n, SpvOpKill) ==
                   (func && func != FF_CMP_ALWAYS ? 1u : 0u),
               "alpha func %u: OpKill count", func);
            free(wds);
        }
    }
    for (flat = 0; flat <= 1; flat++)
        for (spec = 0; spec <= 1; spec++) {
            uint32_t *wds;
            size_t n;

            k = fs_base();
            k.flat_shade = (uint8_t)flat;
            k.specular_enable = (uint8_t)spec;
            wds = build_fs(&k, "shade", &n);
            if (wds) {
                unsigned flats = 0;
                size_t pos = 5;

                while (pos < n && (wds[pos] >> 16)) {
                    if ((wds[pos] & 0xFFFFu) == SpvOpDecorate &&
                        wds[pos + 2] == SpvDecorationFlat)
                        flats++;
                    pos += wds[pos] >> 16;
                }
                ok(flats == (flat ? 1u + spec : 0u),
                   "flat %u spec %u: %u Flat decorations", flat, spec, flats);
                free(wds);
            }
        }
}

static void test_invalid_and_misc(void)
{
    struct ff_vs_key v;
    struct ff_fs_key f;
    uint32_t *w = (uint32_t *)1, *w2 = NULL;
    size_t n = 1, n2;
    char buf[8];

    v = vs_base();
    v.position = 9;
    ok(!ff_build_vs(&v, 0, &w, &n) && !w && !n, "bad position type refused");
    v = vs_base();
    v.light_count = 1;
    v.light_type[0] = 0;
    ok(!ff_build_vs(&v, 0, &w, &n) && !w, "bad light type refused");
    v = vs_base();
    v.texcoord_count = 2;
    v.texcoord_dim[1] = 5;
    ok(!ff_build_vs(&v, 0, &w, &n) && !w, "bad texcoord dimension refused");
    v = vs_base();
    v.tex_gen[0] = 5;
    ok(!ff_build_vs(&v, 0, &w, &n) && !w, "bad TCI refused");
    ok(!ff_build_vs(NULL, 0, &w, &n), "NULL vs key refused");
    f = fs_base();
    f.stage[0].color_op = 27;
    ok(!ff_build_fs(&f, 0, &w, &n) && !w, "bad colour op refused");
    f = fs_base();
    f.stage[0].color_arg1 = 7;
    ok(!ff_build_fs(&f, 0, &w, &n) && !w, "bad argument refused");
    f = fs_base();
    f.alpha_func = 9;
    ok(!ff_build_fs(&f, 0, &w, &n) && !w, "bad alpha func refused");
    ok(!ff_build_fs(NULL, 0, &w, &n), "NULL fs key refused");

    /* Same key, same words (cacheable by key). */
    v = vs_lit();
    v.light_count = 2;
    v.light_type[0] = FF_LIGHT_SPOT;
    v.light_type[1] = FF_LIGHT_POINT;
    ok(ff_build_vs(&v, 0, &w, &n) && ff_build_vs(&v, 0, &w2, &n2) && n == n2 &&
           !memcmp(w, w2, n * 4),
       "vs: deterministic");
    free(w);
    free(w2);
    f = fs_base();
    ok(ff_build_fs(&f, 0, &w, &n) && ff_build_fs(&f, 0, &w2, &n2) && n == n2 &&
           !memcmp(w, w2, n * 4),
       "fs: deterministic");
    free(w);
    free(w2);

    v = vs_base();
    ok(ff_vs_constants_size(&v) == 1712 + 4 * 112, "non-indexed size %zu",
       ff_vs_constants_size(&v));
    v.indexed_blend = 1;
    ok(ff_vs_constants_size(&v) == sizeof(struct ff_vs_constants),
       "indexed size %zu", ff_vs_constants_size(&v));
    ok(strlen(ff_vs_key_describe(&v, buf, sizeof(buf))) < sizeof(buf),
       "describe truncates");
    ok(strlen(ff_fs_key_describe(&f, buf, sizeof(buf))) < sizeof(buf),
       "fs describe truncates");
}

/* The walking skeleton's pair, still used by the device. */
static void test_legacy(void)
{
    uint32_t *w = NULL;
    size_t n = 0;

    ok(ff_build_xyzrhw_diffuse_vs(&w, &n) && w, "xyzrhw/diffuse VS");
    if (w) {
        queue("legacy_xyzrhw_diffuse_vs", w, n);
        free(w);
    }
    w = NULL;
    ok(ff_build_diffuse_fs(&w, &n) && w, "diffuse FS");
    if (w) {
        queue("legacy_diffuse_fs", w, n);
        free(w);
    }
}

/* Runs spirv-val on every .spv in `dir`, in one shell loop; a failing
 * module's name and spirv-val's message go to dir/failed.txt, printed
 * when `show`.  Returns the number of failing modules, -1 on trouble. */
static int validate_dir(const char *dir, int show)
{
    char cmd[12288], path[4200], line[4096];
    int failed = 0;
    FILE *f;
    int rc;

    snprintf(cmd, sizeof(cmd),
             "cd '%s' && rm -f failed.txt && for f in *.spv; do "
             "if ! spirv-val --target-env vulkan1.3 \"$f\" >\"$f.log\" 2>&1; "
             "then echo \"$f\" >>failed.txt; cat \"$f.log\" >>failed.txt; fi; "
             "rm -f \"$f.log\"; done; true",
             dir);
    rc = system(cmd);
    if (rc == -1 || !WIFEXITED(rc) || WEXITSTATUS(rc) != 0)
        return -1;
    snprintf(path, sizeof(path), "%s/failed.txt", dir);
    f = fopen(path, "r");
    if (f) {
        while (fgets(line, sizeof(line), f)) {
            if (show)
                fputs(line, stdout);
            if (strstr(line, ".spv\n"))
                failed++;
        }
        fclose(f);
    }
    return failed;
}

static void validate_all(void)
{
    char bad_dir[4200], path[4300];
    uint32_t *w = NULL;
    size_t n = 0;
    int failed;

    /* The loop is live: a corrupted module in a folder of its own is
     * caught. */
    snprintf(bad_dir, sizeof(bad_dir), "%s/bad", tmpdir);
    snprintf(path, sizeof(path), "%s/bad.spv", bad_dir);
    if (mkdir(bad_dir, 0700) == 0 && ff_build_diffuse_fs(&w, &n) && n > 8) {
        w[n - 2] = 0xdeadbeefu; /* clobber an operand of the last ops */
        w[7] = 0x7777u;
        write_file(path, w, n);
        ok(validate_dir(bad_dir, 0) == 1, "spirv-val rejects a bad module");
    } else {
        ok(0, "could not set up the bad-module check");
    }
    free(w);

    failed = validate_dir(tmpdir, 1);
    ok(module_count > 0 && failed == 0, "%d of %u modules fail spirv-val", failed,
       module_count);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    int have_spirv_val;
    char cmd[4200];

    have_spirv_val = system("command -v spirv-val >/dev/null 2>&1") == 0;
    ok(have_spirv_val,
       "spirv-val is required (every generated module must pass it)");

    snprintf(tmpdir, sizeof(tmpdir), "%s/nereid_ff_XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    if (!ok(mkdtemp(tmpdir) != NULL, "temporary folder"))
        return test_done();

    test_legacy();
    test_vs_layouts();
    test_vs_lighting();
    test_vs_texgen();
    test_vs_fog_points_clip();
    test_vs_kitchen_sink();
    test_fs_ops();
    test_fs_textures();
    test_fs_fixed();
    test_invalid_and_misc();

    printf("%u modules generated\n", module_count);
    if (have_spirv_val)
        validate_all();

    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    return test_done();
}
