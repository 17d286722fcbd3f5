/* The fixed-function pipeline: D3D9 state -> generated shader keys, their
 * uniform buffers, samplers, texture bindings and dynamic state.  The
 * shaders themselves come from src/shader/ff.c; this file decides what they
 * must do and what they read. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"
#include "shader/ff.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static float dw2f(DWORD d)
{
    float f;
    memcpy(&f, &d, sizeof(f));
    return f;
}

static DWORD f2dw(float f)
{
    DWORD d;
    memcpy(&d, &f, sizeof(d));
    return d;
}

static void color4(D3DCOLOR c, float out[4])
{
    out[0] = ((c >> 16) & 0xff) / 255.0f;
    out[1] = ((c >> 8) & 0xff) / 255.0f;
    out[2] = (c & 0xff) / 255.0f;
    out[3] = ((c >> 24) & 0xff) / 255.0f;
}

/* ------------------------------------------------------------- defaults */

void d3d9_ffp_init_state(struct d3d9_device *dev)
{
    for (int s = 0; s < D3D9_MAX_STAGES; s++) {
        DWORD *t = dev->tss[s];
        memset(t, 0, sizeof(dev->tss[s]));
        t[D3DTSS_COLOROP] = s ? D3DTOP_DISABLE : D3DTOP_MODULATE;
        t[D3DTSS_ALPHAOP] = s ? D3DTOP_DISABLE : D3DTOP_SELECTARG1;
        t[D3DTSS_COLORARG1] = D3DTA_TEXTURE;
        t[D3DTSS_COLORARG2] = D3DTA_CURRENT;
        t[D3DTSS_ALPHAARG1] = D3DTA_TEXTURE;
        t[D3DTSS_ALPHAARG2] = D3DTA_CURRENT;
        t[D3DTSS_COLORARG0] = D3DTA_CURRENT;
        t[D3DTSS_ALPHAARG0] = D3DTA_CURRENT;
        t[D3DTSS_RESULTARG] = D3DTA_CURRENT;
        t[D3DTSS_TEXCOORDINDEX] = (DWORD)s;
        t[D3DTSS_TEXTURETRANSFORMFLAGS] = D3DTTFF_DISABLE;
    }
    for (int s = 0; s < D3D9_MAX_SAMPLERS; s++) {
        DWORD *p = dev->samp[s];
        dev->samp_serial[s]++;
        memset(p, 0, sizeof(dev->samp[s]));
        p[D3DSAMP_ADDRESSU] = p[D3DSAMP_ADDRESSV] = p[D3DSAMP_ADDRESSW] = D3DTADDRESS_WRAP;
        p[D3DSAMP_MAGFILTER] = D3DTEXF_POINT;
        p[D3DSAMP_MINFILTER] = D3DTEXF_POINT;
        p[D3DSAMP_MIPFILTER] = D3DTEXF_NONE;
        p[D3DSAMP_MAXANISOTROPY] = 1;
    }
    memset(&dev->material, 0, sizeof(dev->material));
    memset(dev->clip_planes, 0, sizeof(dev->clip_planes));
    for (int i = 0; i < 512; i++) {
        memset(&dev->transforms[i], 0, sizeof(D3DMATRIX));
        for (int j = 0; j < 4; j++)
            dev->transforms[i].m[j][j] = 1.0f;
    }
}

/* What each render state changes. */
uint32_t d3d9_render_state_dirty(D3DRENDERSTATETYPE s)
{
    switch (s) {
    case D3DRS_ZENABLE: case D3DRS_FILLMODE: case D3DRS_ZWRITEENABLE:
    case D3DRS_SRCBLEND: case D3DRS_DESTBLEND: case D3DRS_CULLMODE:
    case D3DRS_ZFUNC: case D3DRS_ALPHABLENDENABLE: case D3DRS_STENCILENABLE:
    case D3DRS_STENCILFAIL: case D3DRS_STENCILZFAIL: case D3DRS_STENCILPASS:
    case D3DRS_STENCILFUNC: case D3DRS_COLORWRITEENABLE: case D3DRS_BLENDOP:
    case D3DRS_TWOSIDEDSTENCILMODE: case D3DRS_CCW_STENCILFAIL:
    case D3DRS_CCW_STENCILZFAIL: case D3DRS_CCW_STENCILPASS: case D3DRS_CCW_STENCILFUNC:
    case D3DRS_COLORWRITEENABLE1: case D3DRS_COLORWRITEENABLE2:
    case D3DRS_COLORWRITEENABLE3: case D3DRS_SEPARATEALPHABLENDENABLE:
    case D3DRS_SRCBLENDALPHA: case D3DRS_DESTBLENDALPHA: case D3DRS_BLENDOPALPHA:
    case D3DRS_ANTIALIASEDLINEENABLE:
    case D3DRS_MULTISAMPLEANTIALIAS: case D3DRS_MULTISAMPLEMASK:
        return D3D9_DIRTY_BLOCK;
    case D3DRS_DEPTHBIAS: case D3DRS_SLOPESCALEDEPTHBIAS:
        return D3D9_DIRTY_BLOCK | D3D9_DIRTY_DYNAMIC;
    case D3DRS_STENCILREF: case D3DRS_STENCILMASK: case D3DRS_STENCILWRITEMASK:
    case D3DRS_BLENDFACTOR:
        return D3D9_DIRTY_DYNAMIC;
    case D3DRS_SCISSORTESTENABLE:
        return D3D9_DIRTY_VIEWPORT;
    case D3DRS_ALPHAREF:
        return D3D9_DIRTY_FF_FS | D3D9_DIRTY_VIEWPORT; /* also a push constant */
    case D3DRS_SRGBWRITEENABLE:
        return D3D9_DIRTY_BLOCK | D3D9_DIRTY_FF_FS;
    case D3DRS_ALPHATESTENABLE: case D3DRS_ALPHAFUNC:
    case D3DRS_FOGCOLOR: case D3DRS_TEXTUREFACTOR:
    case D3DRS_SHADEMODE: case D3DRS_POINTSPRITEENABLE:
        return D3D9_DIRTY_FF_FS;
    /* Table fog replaces the vertex fog factor: both stages' keys. */
    case D3DRS_FOGENABLE: case D3DRS_FOGSTART: case D3DRS_FOGEND: case D3DRS_FOGTABLEMODE:
    case D3DRS_FOGDENSITY: case D3DRS_SPECULARENABLE:
        return D3D9_DIRTY_FF_FS | D3D9_DIRTY_FF_VS;
    case D3DRS_LIGHTING: case D3DRS_AMBIENT: case D3DRS_FOGVERTEXMODE:
    case D3DRS_COLORVERTEX: case D3DRS_LOCALVIEWER: case D3DRS_NORMALIZENORMALS:
    case D3DRS_DIFFUSEMATERIALSOURCE: case D3DRS_SPECULARMATERIALSOURCE:
    case D3DRS_AMBIENTMATERIALSOURCE: case D3DRS_EMISSIVEMATERIALSOURCE:
    case D3DRS_VERTEXBLEND: case D3DRS_CLIPPLANEENABLE: case D3DRS_POINTSIZE:
    case D3DRS_POINTSIZE_MIN: case D3DRS_POINTSIZE_MAX: case D3DRS_POINTSCALEENABLE:
    case D3DRS_POINTSCALE_A: case D3DRS_POINTSCALE_B: case D3DRS_POINTSCALE_C:
    case D3DRS_INDEXEDVERTEXBLENDENABLE: case D3DRS_RANGEFOGENABLE:
        return D3D9_DIRTY_FF_VS;
    default:
        return 0; /* stored; nothing here reads it */
    }
}

/* ---------------------------------------------------------------- layout */

bool d3d9_fvf_layout(DWORD fvf, struct d3d9_vertex_layout *l, struct ff_vs_key *k)
{
    uint32_t off = 0, pos = fvf & D3DFVF_POSITION_MASK, betas = 0;
    uint32_t tex = (fvf & D3DFVF_TEXCOUNT_MASK) >> D3DFVF_TEXCOUNT_SHIFT;
    uint32_t last_beta = fvf & (D3DFVF_LASTBETA_UBYTE4 | D3DFVF_LASTBETA_D3DCOLOR);
    static const uint32_t float_formats[4] = {
        WIRE_FORMAT_R32_SFLOAT, WIRE_FORMAT_R32G32_SFLOAT, WIRE_FORMAT_R32G32B32_SFLOAT,
        WIRE_FORMAT_R32G32B32A32_SFLOAT};

    memset(l, 0, sizeof(*l));
    memset(k, 0, sizeof(*k));
#define ATTR(loc, fmt, size)                                                   \
    do {                                                                       \
        l->attrs[l->count++] = (struct wire_vertex_attr){loc, 0, fmt, off};     \
        off += size;                                                           \
    } while (0)
    switch (pos) {
    case D3DFVF_XYZ:
        k->position = FF_POS_XYZ;
        ATTR(FF_LOC_POSITION, WIRE_FORMAT_R32G32B32_SFLOAT, 12);
        break;
    case D3DFVF_XYZRHW:
        k->position = FF_POS_XYZRHW;
        ATTR(FF_LOC_POSITION, WIRE_FORMAT_R32G32B32A32_SFLOAT, 16);
        break;
    case D3DFVF_XYZW:
        k->position = FF_POS_XYZW;
        ATTR(FF_LOC_POSITION, WIRE_FORMAT_R32G32B32A32_SFLOAT, 16);
        break;
    case D3DFVF_XYZB1: case D3DFVF_XYZB2: case D3DFVF_XYZB3: case D3DFVF_XYZB4:
    case D3DFVF_XYZB5:
        betas = (pos - D3DFVF_XYZB1) / 2 + 1;
        k->position = (uint8_t)(FF_POS_XYZB1 + betas - 1);
        ATTR(FF_LOC_POSITION, WIRE_FORMAT_R32G32B32_SFLOAT, 12);
        break;
    default:
        return false;
    }
    if (last_beta == (D3DFVF_LASTBETA_UBYTE4 | D3DFVF_LASTBETA_D3DCOLOR) ||
        (last_beta && !betas))
        return false;
    if (betas) {
        uint32_t weights = last_beta ? betas - 1 : betas;
        if (weights > 4)
            return false;
        if (weights)
            ATTR(FF_LOC_BLENDWEIGHT, float_formats[weights - 1], weights * 4);
        if (last_beta == D3DFVF_LASTBETA_UBYTE4) {
            k->last_beta = FF_LASTBETA_UBYTE4;
            ATTR(FF_LOC_BLENDINDICES, WIRE_FORMAT_R8G8B8A8_UINT, 4);
        } else if (last_beta == D3DFVF_LASTBETA_D3DCOLOR) {
            k->last_beta = FF_LASTBETA_D3DCOLOR;
            ATTR(FF_LOC_BLENDINDICES, WIRE_FORMAT_B8G8R8A8_UNORM, 4);
        }
    }
    if (fvf & D3DFVF_NORMAL) {
        k->has_normal = 1;
        ATTR(FF_LOC_NORMAL, WIRE_FORMAT_R32G32B32_SFLOAT, 12);
    }
    if (fvf & D3DFVF_PSIZE) {
        k->has_psize = 1;
        ATTR(FF_LOC_PSIZE, WIRE_FORMAT_R32_SFLOAT, 4);
    }
    if (fvf & D3DFVF_DIFFUSE) {
        k->has_diffuse = 1;
        ATTR(FF_LOC_DIFFUSE, WIRE_FORMAT_B8G8R8A8_UNORM, 4);
    }
    if (fvf & D3DFVF_SPECULAR) {
        k->has_specular = 1;
        ATTR(FF_LOC_SPECULAR, WIRE_FORMAT_B8G8R8A8_UNORM, 4);
    }
    if (tex > 8)
        return false;
    k->texcoord_count = (uint8_t)tex;
    for (uint32_t i = 0; i < tex; i++) {
        /* D3DFVF_TEXCOORDSIZEn: 0 -> 2 floats, 1 -> 3, 2 -> 4, 3 -> 1. */
        static const uint8_t dims[4] = {2, 3, 4, 1};
        uint8_t d = dims[(fvf >> (16 + 2 * i)) & 3];
        k->texcoord_dim[i] = d;
        ATTR(FF_LOC_TEXCOORD0 + i, float_formats[d - 1], d * 4u);
    }
#undef ATTR
    l->stride = off;
    l->binding_count = 1;
    return true;
}

/* ------------------------------------------------------------------ keys */

static bool is_pretransformed(const struct ff_vs_key *k)
{
    return k->position == FF_POS_XYZRHW;
}

bool d3d9_ffp_vs_key(struct d3d9_device *dev, struct ff_vs_key *k, const char **why)
{
    const DWORD *rs = dev->render_states;
    struct d3d9_vertex_layout l;
    unsigned n = 0;

    if (!d3d9_current_layout(dev, &l, k, why))
        return false;
    switch (rs[D3DRS_VERTEXBLEND]) {
    case D3DVBF_DISABLE: k->blend_matrices = 0; break;
    case D3DVBF_0WEIGHTS: k->blend_matrices = 1; break;
    case D3DVBF_1WEIGHTS: k->blend_matrices = 2; break;
    case D3DVBF_2WEIGHTS: k->blend_matrices = 3; break;
    case D3DVBF_3WEIGHTS: k->blend_matrices = 4; break;
    default:
        *why = "vertex tweening (D3DVBF_TWEENING)";
        return false;
    }
    if (k->position < FF_POS_XYZB1 && k->blend_matrices > 1)
        k->blend_matrices = 0;
    k->indexed_blend = rs[D3DRS_INDEXEDVERTEXBLENDENABLE] && k->last_beta ? 1 : 0;
    if (!is_pretransformed(k)) {
        k->lighting = rs[D3DRS_LIGHTING] ? 1 : 0;
        for (size_t i = 0; k->lighting && i < dev->light_count && n < FF_MAX_LIGHTS; i++)
            if (dev->lights[i].enabled)
                k->light_type[n++] = (uint8_t)dev->lights[i].light.Type;
        k->light_count = (uint8_t)n;
        k->local_viewer = rs[D3DRS_LOCALVIEWER] ? 1 : 0;
        k->normalize_normals = rs[D3DRS_NORMALIZENORMALS] ? 1 : 0;
        k->color_vertex = rs[D3DRS_COLORVERTEX] ? 1 : 0;
        k->diffuse_source = (uint8_t)NR_MIN(rs[D3DRS_DIFFUSEMATERIALSOURCE], 2u);
        k->ambient_source = (uint8_t)NR_MIN(rs[D3DRS_AMBIENTMATERIALSOURCE], 2u);
        k->specular_source = (uint8_t)NR_MIN(rs[D3DRS_SPECULARMATERIALSOURCE], 2u);
        k->emissive_source = (uint8_t)NR_MIN(rs[D3DRS_EMISSIVEMATERIALSOURCE], 2u);
        k->clip_plane_mask = (uint8_t)(rs[D3DRS_CLIPPLANEENABLE] & 0x3f);
        if (k->clip_plane_mask && !(dev->tc->caps.features & WIRE_DEVFEAT_CLIP_DISTANCE)) {
            *why = "user clip planes on a device without clip distances";
            return false;
        }
    }
    k->specular_enable = rs[D3DRS_SPECULARENABLE] ? 1 : 0;
    k->fog_enable = rs[D3DRS_FOGENABLE] ? 1 : 0;
    k->fog_vertex_mode = (uint8_t)NR_MIN(rs[D3DRS_FOGVERTEXMODE], 3u);
    k->fog_table_mode = (uint8_t)NR_MIN(rs[D3DRS_FOGTABLEMODE], 3u);
    k->range_fog = rs[D3DRS_RANGEFOGENABLE] ? 1 : 0;
    k->point_scale = rs[D3DRS_POINTSCALEENABLE] ? 1 : 0;
    for (int s = 0; s < FF_MAX_STAGES; s++) {
        DWORD tci = dev->tss[s][D3DTSS_TEXCOORDINDEX];
        DWORD ttff = dev->tss[s][D3DTSS_TEXTURETRANSFORMFLAGS];
        /* The fixed-function fragment stages stop at the first disabled
         * one; a pixel shader reads all eight sets. */
        if (dev->tss[s][D3DTSS_COLOROP] == D3DTOP_DISABLE && !dev->ps)
            break;
        k->tex_coord_index[s] = (uint8_t)(tci & 7);
        k->tex_gen[s] = (uint8_t)NR_MIN(tci >> 16, 4u);
        /* Counts past 4 are not D3D9's: they are 4 (the server refuses
         * other values; Wine's visual projected_textures_test sets 7). */
        k->tex_transform[s] = (uint8_t)(NR_MIN(ttff & 7, 4u) |
                                        ((ttff & D3DTTFF_PROJECTED) ? FF_TTFF_PROJECTED : 0));
    }
    return true;
}

static uint8_t texture_kind(struct d3d9_texture *t)
{
    if (!t)
        return FF_TEX_NONE;
    switch (d3d9_texture_type(t)) {
    case WIRE_TEX_CUBE: return FF_TEX_CUBE;
    case WIRE_TEX_3D: return FF_TEX_3D;
    default: return FF_TEX_2D;
    }
}

bool d3d9_ffp_fs_key(struct d3d9_device *dev, struct ff_fs_key *k, const char **why)
{
    const DWORD *rs = dev->render_states;
    const D3DMATRIX *proj = &dev->transforms[D3DTS_PROJECTION];

    memset(k, 0, sizeof(*k));
    for (int s = 0; s < FF_MAX_STAGES; s++) {
        const DWORD *t = dev->tss[s];
        struct ff_fs_stage *st = &k->stage[s];
        if (t[D3DTSS_COLOROP] < D3DTOP_DISABLE || t[D3DTSS_COLOROP] > D3DTOP_LERP ||
            t[D3DTSS_ALPHAOP] < D3DTOP_DISABLE || t[D3DTSS_ALPHAOP] > D3DTOP_LERP) {
            *why = "an unknown texture operation";
            return false;
        }
        st->color_op = (uint8_t)t[D3DTSS_COLOROP];
        if (st->color_op == D3DTOP_DISABLE)
            break; /* later stages stay zero: one key per cascade */
        st->color_arg0 = (uint8_t)t[D3DTSS_COLORARG0];
        st->color_arg1 = (uint8_t)t[D3DTSS_COLORARG1];
        st->color_arg2 = (uint8_t)t[D3DTSS_COLORARG2];
        st->alpha_op = (uint8_t)t[D3DTSS_ALPHAOP];
        st->alpha_arg0 = (uint8_t)t[D3DTSS_ALPHAARG0];
        st->alpha_arg1 = (uint8_t)t[D3DTSS_ALPHAARG1];
        st->alpha_arg2 = (uint8_t)t[D3DTSS_ALPHAARG2];
        st->result_temp = (t[D3DTSS_RESULTARG] & D3DTA_SELECTMASK) == D3DTA_TEMP;
        st->texture = texture_kind(dev->textures[s]);
        st->projected = (t[D3DTSS_TEXTURETRANSFORMFLAGS] & D3DTTFF_PROJECTED) ? 1 : 0;
        st->srgb = st->texture && dev->samp[s][D3DSAMP_SRGBTEXTURE] ? 1 : 0;
    }
    k->specular_enable = rs[D3DRS_SPECULARENABLE] ? 1 : 0;
    if (rs[D3DRS_FOGENABLE]) {
        if (rs[D3DRS_FOGTABLEMODE] != D3DFOG_NONE)
            k->fog_table_mode = (uint8_t)NR_MIN(rs[D3DRS_FOGTABLEMODE], 3u);
        else
            k->fog_vertex = 1;
    }
    /* D3D9 fogs on w when the projection is not affine in z. */
    k->fog_w = (proj->_14 != 0.0f || proj->_24 != 0.0f || proj->_34 != 0.0f ||
                proj->_44 != 1.0f) ? 1 : 0;
    if (rs[D3DRS_ALPHATESTENABLE])
        k->alpha_func = (uint8_t)NR_MIN(NR_MAX(rs[D3DRS_ALPHAFUNC], 1u), 8u);
    k->flat_shade = rs[D3DRS_SHADEMODE] == D3DSHADE_FLAT ? 1 : 0;
    k->point_sprite = rs[D3DRS_POINTSPRITEENABLE] ? 1 : 0;
    k->srgb_write = d3d9_srgb_write(dev) ? 1 : 0;
    return true;
}

/* ------------------------------------------------------------- constants */

static void mat_mul(const D3DMATRIX *a, const D3DMATRIX *b, D3DMATRIX *out)
{
    D3DMATRIX r;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            float s = 0;
            for (int k = 0; k < 4; k++)
                s += a->m[i][k] * b->m[k][j];
            r.m[i][j] = s;
        }
    *out = r;
}

/* General 4x4 inverse (cofactors); the identity when singular. */
static void mat_inverse(const D3DMATRIX *a, D3DMATRIX *out)
{
    const float *m = &a->m[0][0];
    float inv[16], det;
    inv[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] +
             m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10];
    inv[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] -
             m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10];
    inv[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] +
             m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9];
    inv[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] -
              m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9];
    inv[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] -
             m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10];
    inv[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] +
             m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10];
    inv[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] -
             m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9];
    inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] +
              m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9];
    inv[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] +
             m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3] * m[6];
    inv[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] -
             m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6];
    inv[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] +
              m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5];
    inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] -
              m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5];
    inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] -
             m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6];
    inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] +
             m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6];
    inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] -
              m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5];
    inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] +
              m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5];
    det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12];
    if (det == 0.0f) {
        memset(out, 0, sizeof(*out));
        for (int i = 0; i < 4; i++)
            out->m[i][i] = 1.0f;
        return;
    }
    for (int i = 0; i < 16; i++)
        (&out->m[0][0])[i] = inv[i] / det;
}

static void vec_mat(const float v[4], const D3DMATRIX *m, float out[4])
{
    float r[4];
    for (int j = 0; j < 4; j++)
        r[j] = v[0] * m->m[0][j] + v[1] * m->m[1][j] + v[2] * m->m[2][j] + v[3] * m->m[3][j];
    memcpy(out, r, sizeof(r));
}

static void colorvalue(const D3DCOLORVALUE *c, float out[4])
{
    out[0] = c->r;
    out[1] = c->g;
    out[2] = c->b;
    out[3] = c->a;
}

size_t d3d9_ffp_vs_constants(struct d3d9_device *dev, const struct ff_vs_key *k,
                             struct ff_vs_constants *c)
{
    const DWORD *rs = dev->render_states;
    const D3DMATRIX *view = &dev->transforms[D3DTS_VIEW];
    D3DMATRIX view_inv, wv, inv;
    unsigned n = 0, matrices;
    size_t size = ff_vs_constants_size(k);

    memset(c, 0, size);
    memcpy(c->projection, &dev->transforms[D3DTS_PROJECTION], 64);
    colorvalue(&dev->material.Diffuse, c->material_diffuse);
    colorvalue(&dev->material.Ambient, c->material_ambient);
    colorvalue(&dev->material.Specular, c->material_specular);
    colorvalue(&dev->material.Emissive, c->material_emissive);
    c->material_power[0] = dev->material.Power;
    color4(rs[D3DRS_AMBIENT], c->global_ambient);
    c->fog[0] = dw2f(rs[D3DRS_FOGSTART]);
    c->fog[1] = dw2f(rs[D3DRS_FOGEND]);
    c->fog[2] = dw2f(rs[D3DRS_FOGDENSITY]);
    c->fog[3] = c->fog[1] != c->fog[0] ? 1.0f / (c->fog[1] - c->fog[0]) : 0.0f;
    c->point[0] = dw2f(rs[D3DRS_POINTSIZE]);
    c->point[1] = dw2f(rs[D3DRS_POINTSIZE_MIN]);
    c->point[2] = dw2f(rs[D3DRS_POINTSIZE_MAX]);
    c->point[3] = (float)dev->viewport.Height;
    c->point_scale[0] = dw2f(rs[D3DRS_POINTSCALE_A]);
    c->point_scale[1] = dw2f(rs[D3DRS_POINTSCALE_B]);
    c->point_scale[2] = dw2f(rs[D3DRS_POINTSCALE_C]);
    mat_inverse(view, &view_inv);
    for (int i = 0, slot = 0; i < 6; i++) {
        if (!(k->clip_plane_mask & (1u << i)))
            continue;
        /* A plane moves with the transpose of the inverse: p' = p * inv(V)^T,
         * that is p'_j = sum_k p_k * inv(V)[j][k]. */
        for (int j = 0; j < 4; j++) {
            float s = 0;
            for (int kk = 0; kk < 4; kk++)
                s += dev->clip_planes[i][kk] * view_inv.m[j][kk];
            c->clip_plane[slot][j] = s;
        }
        slot++;
    }
    for (int s = 0; s < FF_MAX_STAGES; s++)
        memcpy(c->texture_matrix[s], &dev->transforms[D3DTS_TEXTURE0 + s], 64);
    for (size_t i = 0; i < dev->light_count && n < k->light_count; i++) {
        const D3DLIGHT9 *l = &dev->lights[i].light;
        struct ff_light *o = &c->light[n];
        float p[4] = {l->Position.x, l->Position.y, l->Position.z, 1.0f};
        float d[4] = {l->Direction.x, l->Direction.y, l->Direction.z, 0.0f};
        if (!dev->lights[i].enabled)
            continue;
        colorvalue(&l->Diffuse, o->diffuse);
        colorvalue(&l->Specular, o->specular);
        colorvalue(&l->Ambient, o->ambient);
        vec_mat(p, view, o->position);
        o->position[3] = l->Range;
        vec_mat(d, view, o->direction);
        o->attenuation[0] = l->Attenuation0;
        o->attenuation[1] = l->Attenuation1;
        o->attenuation[2] = l->Attenuation2;
        o->spot[0] = cosf(l->Theta * 0.5f);
        o->spot[1] = cosf(l->Phi * 0.5f);
        o->spot[2] = l->Falloff;
        n++;
    }
    matrices = k->indexed_blend ? FF_MAX_INDEXED_MATRICES : NR_MAX(k->blend_matrices, 1u);
    for (unsigned i = 0; i < matrices; i++) {
        struct ff_blend_matrix *b = &c->blend[i];
        if ((const uint8_t *)(b + 1) > (const uint8_t *)c + size)
            break;
        mat_mul(&dev->transforms[D3DTS_WORLDMATRIX(i)], view, &wv);
        memcpy(b->world_view, &wv, 64);
        mat_inverse(&wv, &inv);
        for (int r = 0; r < 3; r++)
            for (int cc = 0; cc < 3; cc++)
                b->normal[r][cc] = inv.m[cc][r];
    }
    return size;
}

void d3d9_table_fog(const struct d3d9_device *dev, float fog[4])
{
    const DWORD *rs = dev->render_states;
    fog[0] = dw2f(rs[D3DRS_FOGSTART]);
    fog[1] = dw2f(rs[D3DRS_FOGEND]);
    fog[2] = dw2f(rs[D3DRS_FOGDENSITY]);
    /* Start and end equal is a step at the end (unfogged before it, fogged
     * from it: Wine's visual fog_special_test); a large factor gives that
     * after the clamp.  Vertex fog (the vertex constants) is all fog. */
    fog[3] = fog[1] != fog[0] ? 1.0f / (fog[1] - fog[0]) : 1e30f;
}

void d3d9_ffp_fs_constants(struct d3d9_device *dev, struct ff_fs_constants *c)
{
    const DWORD *rs = dev->render_states;
    memset(c, 0, sizeof(*c));
    color4(rs[D3DRS_TEXTUREFACTOR], c->texture_factor);
    for (int s = 0; s < FF_MAX_STAGES; s++) {
        const DWORD *t = dev->tss[s];
        color4(t[D3DTSS_CONSTANT], c->stage_constant[s]);
        c->bump_matrix[s][0] = dw2f(t[D3DTSS_BUMPENVMAT00]);
        c->bump_matrix[s][1] = dw2f(t[D3DTSS_BUMPENVMAT01]);
        c->bump_matrix[s][2] = dw2f(t[D3DTSS_BUMPENVMAT10]);
        c->bump_matrix[s][3] = dw2f(t[D3DTSS_BUMPENVMAT11]);
        c->bump_luminance[s][0] = dw2f(t[D3DTSS_BUMPENVLSCALE]);
        c->bump_luminance[s][1] = dw2f(t[D3DTSS_BUMPENVLOFFSET]);
    }
    color4(rs[D3DRS_FOGCOLOR], c->fog_color);
    d3d9_table_fog(dev, c->fog);
    c->alpha_ref[0] = (float)(rs[D3DRS_ALPHAREF] & 0xff);
}

/* ---------------------------------------------------------------- caches */

void d3d9_cache_init(struct d3d9_cache *c, size_t key_size)
{
    memset(c, 0, sizeof(*c));
    c->key_size = key_size;
}

void d3d9_cache_cleanup(struct d3d9_cache *c)
{
    free(c->keys);
    free(c->values);
    memset(c, 0, sizeof(*c));
}

/* The slot for key: found (true) or where it goes (false). */
static bool cache_slot(const struct d3d9_cache *c, const void *key, size_t *slot)
{
    size_t i = nr_hash64(key, c->key_size, NR_HASH_SEED) & (c->cap - 1);
    for (;; i = (i + 1) & (c->cap - 1)) {
        if (wire_handle_is_null(c->values[i])) {
            *slot = i;
            return false;
        }
        if (!memcmp(c->keys + i * c->key_size, key, c->key_size)) {
            *slot = i;
            return true;
        }
    }
}

bool d3d9_cache_get(const struct d3d9_cache *c, const void *key, wire_handle *out)
{
    size_t i;
    if (!c->cap || !cache_slot(c, key, &i))
        return false;
    *out = c->values[i];
    return true;
}

bool d3d9_cache_put(struct d3d9_cache *c, const void *key, wire_handle value)
{
    size_t i;
    if ((c->count + 1) * 2 > c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 64;
        uint8_t *keys = calloc(cap, c->key_size);
        wire_handle *values = calloc(cap, sizeof(*values));
        struct d3d9_cache n = {keys, values, c->key_size, cap, 0};
        if (!keys || !values) {
            free(keys);
            free(values);
            return false;
        }
        for (size_t j = 0; j < c->cap; j++)
            if (!wire_handle_is_null(c->values[j])) {
                cache_slot(&n, c->keys + j * c->key_size, &i);
                memcpy(keys + i * c->key_size, c->keys + j * c->key_size, c->key_size);
                values[i] = c->values[j];
            }
        free(c->keys);
        free(c->values);
        c->keys = keys;
        c->values = values;
        c->cap = cap;
    }
    if (!cache_slot(c, key, &i))
        c->count++;
    memcpy(c->keys + i * c->key_size, key, c->key_size);
    c->values[i] = value;
    return true;
}

/* --------------------------------------------------------------- sending */

/* A fixed-function module: the key crosses the wire and the server
 * generates the module (the API thread translates nothing). */
static bool send_shader(struct d3d9_device *dev, enum wire_shader_stage stage,
                        const void *key, size_t size, wire_handle *out)
{
    struct wire_create_shader cs = {
        .shader = d3d9_handle_alloc(dev, WIRE_OBJ_SHADER),
        .stage = stage,
        .source = stage == WIRE_STAGE_VERTEX ? WIRE_SHADER_FF_VS_KEY : WIRE_SHADER_FF_FS_KEY,
        .size = (uint32_t)size,
    };
    void *stage_ptr;
    bool ok = transport_stage_alloc(dev->tc, cs.size, &cs.stage_offset, &stage_ptr);
    if (ok) {
        memcpy(stage_ptr, key, cs.size);
        ok = wire_emit_CREATE_SHADER(&dev->tc->w, &cs);
    }
    *out = cs.shader;
    return ok;
}

static bool send_uniforms(struct d3d9_device *dev, enum wire_shader_stage stage,
                          const void *data, size_t size)
{
    uint32_t total = (uint32_t)NR_ALIGN(size, (size_t)16);
    struct wire_set_uniforms u = {.stage = stage, .offset = 0, .size = total,
                                  .total = total};
    void *p;
    if (!transport_stage_alloc(dev->tc, u.size, &u.stage_offset, &p))
        return false;
    memset(p, 0, u.size);
    memcpy(p, data, size);
    return wire_emit_SET_UNIFORMS(&dev->tc->w, &u);
}

/* Brings the fixed-function shaders and their constants up to date.
 * Sets D3D9_DIRTY_BLOCK when a shader changed. */
HRESULT d3d9_ffp_flush(struct d3d9_device *dev, const char **why)
{
    /* Programmable stages are shader.c's. */
    if (dev->vs)
        dev->dirty &= ~D3D9_DIRTY_FF_VS;
    if (dev->ps)
        dev->dirty &= ~D3D9_DIRTY_FF_FS;
    if (dev->dirty & D3D9_DIRTY_FF_VS) {
        struct ff_vs_key k;
        struct ff_vs_constants *c = malloc(sizeof(*c));
        wire_handle h;
        size_t size;

        if (!c)
            return E_OUTOFMEMORY;
        if (!d3d9_ffp_vs_key(dev, &k, why)) {
            free(c);
            return D3DERR_INVALIDCALL;
        }
        if (!d3d9_cache_get(&dev->vs_cache, &k, &h)) {
            if (!send_shader(dev, WIRE_STAGE_VERTEX, &k, sizeof(k), &h) ||
                !d3d9_cache_put(&dev->vs_cache, &k, h)) {
                free(c);
                return D3DERR_DEVICELOST;
            }
        }
        if (memcmp(&h, &dev->cur_vs, sizeof(h))) {
            dev->cur_vs = h;
            dev->dirty |= D3D9_DIRTY_BLOCK;
        }
        dev->pretransformed = is_pretransformed(&k);
        dev->consts_owner[0] = 0;
        size = d3d9_ffp_vs_constants(dev, &k, c);
        if (size != dev->sent_vs_size || memcmp(c, dev->sent_vs_consts, size)) {
            if (!send_uniforms(dev, WIRE_STAGE_VERTEX, c, size)) {
                free(c);
                return D3DERR_DEVICELOST;
            }
            memcpy(dev->sent_vs_consts, c, size);
            dev->sent_vs_size = size;
        }
        free(c);
        dev->dirty &= ~D3D9_DIRTY_FF_VS;
    }
    if (dev->dirty & D3D9_DIRTY_FF_FS) {
        struct ff_fs_key k;
        struct ff_fs_constants c;
        wire_handle h;

        if (!d3d9_ffp_fs_key(dev, &k, why))
            return D3DERR_INVALIDCALL;
        if (!d3d9_cache_get(&dev->fs_cache, &k, &h)) {
            if (!send_shader(dev, WIRE_STAGE_FRAGMENT, &k, sizeof(k), &h) ||
                !d3d9_cache_put(&dev->fs_cache, &k, h))
                return D3DERR_DEVICELOST;
        }
        if (memcmp(&h, &dev->cur_fs, sizeof(h))) {
            dev->cur_fs = h;
            dev->dirty |= D3D9_DIRTY_BLOCK;
        }
        d3d9_ffp_fs_constants(dev, &c);
        dev->consts_owner[1] = 0;
        if (memcmp(&c, dev->sent_fs_consts, sizeof(c))) {
            if (!send_uniforms(dev, WIRE_STAGE_FRAGMENT, &c, sizeof(c)))
                return D3DERR_DEVICELOST;
            memcpy(dev->sent_fs_consts, &c, sizeof(c));
        }
        dev->dirty &= ~D3D9_DIRTY_FF_FS;
    }
    return D3D_OK;
}

/* The sampler for a slot's states. */
static void sampler_desc(struct d3d9_device *dev, unsigned slot,
                         struct wire_create_sampler *d)
{
    const DWORD *s = dev->samp[slot];
    static const uint8_t address[6] = {WIRE_ADDRESS_WRAP, WIRE_ADDRESS_WRAP,
                                       WIRE_ADDRESS_MIRROR, WIRE_ADDRESS_CLAMP,
                                       WIRE_ADDRESS_BORDER, WIRE_ADDRESS_MIRROR_ONCE};
    uint32_t aniso = NR_MAX(NR_MIN(s[D3DSAMP_MAXANISOTROPY],
                                   NR_MAX(dev->tc->caps.max_anisotropy, 1u)), 1u);
    bool aniso_on = s[D3DSAMP_MINFILTER] == D3DTEXF_ANISOTROPIC ||
                    s[D3DSAMP_MAGFILTER] == D3DTEXF_ANISOTROPIC;

    memset(d, 0, sizeof(*d));
    d->mag_filter = s[D3DSAMP_MAGFILTER] >= D3DTEXF_LINEAR ? WIRE_FILTER_LINEAR
                                                           : WIRE_FILTER_NEAREST;
    d->min_filter = s[D3DSAMP_MINFILTER] >= D3DTEXF_LINEAR ? WIRE_FILTER_LINEAR
                                                           : WIRE_FILTER_NEAREST;
    d->mip_filter = s[D3DSAMP_MIPFILTER] == D3DTEXF_NONE    ? WIRE_MIP_NONE
                    : s[D3DSAMP_MIPFILTER] == D3DTEXF_POINT ? WIRE_MIP_NEAREST
                                                            : WIRE_MIP_LINEAR;
    d->address_u = address[NR_MIN(s[D3DSAMP_ADDRESSU], 5u)];
    d->address_v = address[NR_MIN(s[D3DSAMP_ADDRESSV], 5u)];
    d->address_w = address[NR_MIN(s[D3DSAMP_ADDRESSW], 5u)];
    if (!(dev->tc->caps.features & WIRE_DEVFEAT_MIRROR_ONCE)) {
        if (d->address_u == WIRE_ADDRESS_MIRROR_ONCE) d->address_u = WIRE_ADDRESS_MIRROR;
        if (d->address_v == WIRE_ADDRESS_MIRROR_ONCE) d->address_v = WIRE_ADDRESS_MIRROR;
        if (d->address_w == WIRE_ADDRESS_MIRROR_ONCE) d->address_w = WIRE_ADDRESS_MIRROR;
    }
    d->max_anisotropy = (uint8_t)(aniso_on ? NR_MIN(aniso, 16u) : 1);
    d->lod_bias = NR_MAX(NR_MIN(dw2f(s[D3DSAMP_MIPMAPLODBIAS]), 15.0f), -15.0f);
    if (!isfinite(d->lod_bias))
        d->lod_bias = 0;
    /* D3D9's "max mip level" is the most detailed level used; SetLOD on a
     * managed texture sets another floor. */
    /* Without a mip filter only the top level is sampled: MAXMIPLEVEL is
     * ignored then (Wine's visual maxmip_test, on Windows). */
    d->min_lod = (float)NR_MIN(NR_MAX(s[D3DSAMP_MIPFILTER] == D3DTEXF_NONE
                                          ? 0u
                                          : s[D3DSAMP_MAXMIPLEVEL],
                                      dev->textures[slot] ? d3d9_texture_lod(dev->textures[slot]) : 0),
                               15u);
    d->max_lod = 1000.0f;
    color4(s[D3DSAMP_BORDERCOLOR], d->border);
    d->compare = d3d9_shadow_slot(dev, slot) ? 1 + WIRE_COMPARE_LESS_EQUAL : 0;
}

bool d3d9_srgb_write(const struct d3d9_device *dev)
{
    const struct d3d9_surface *rt = dev->render_targets[0];
    return dev->render_states[D3DRS_SRGBWRITEENABLE] && rt &&
           (rt->desc.Format == D3DFMT_A8R8G8B8 || rt->desc.Format == D3DFMT_X8R8G8B8);
}

bool d3d9_shadow_slot(struct d3d9_device *dev, unsigned slot)
{
    struct d3d9_texture *t = slot < 16 ? dev->textures[slot] : NULL;
    /* The texture's own format record: no table search on the draw path. */
    return dev->ps && t && d3d9_texture_type(t) == WIRE_TEX_2D &&
           d3d9_texture_format_info(t)->depth &&
           d3d9_texture_format_info(t)->format != D3D9_FMT_INTZ;
}

/* Whether the shader declares the sampler of another type than *type (a
 * bound texture's): D3D9 leaves the read undefined, and a Vulkan view must
 * be of the module's type, so the slot reads as empty, of the declared
 * type (*type becomes it). */
static bool declared_otherwise(const struct d3d9_device *dev, unsigned slot, uint32_t *type)
{
    const struct d3d9_shader *sh = slot < 16 ? dev->ps : dev->vs;
    unsigned s = slot < 16 ? slot : slot - 16;
    if (!sh || !(sh->sampler_dcl & (1u << s)) || sh->sampler_type[s] == *type)
        return false;
    *type = sh->sampler_type[s];
    return true;
}

/* The check mode's look at textures and samplers: with D3D9_DIRTY_TEXTURES
 * clear, every slot must hold what the server has (the texture, a sampler
 * made for the slot's states, the view type), and no bound texture may
 * wait for its mips.  The slot that differs, or -1. */
int d3d9_ffp_check_textures(struct d3d9_device *dev, uint32_t slots)
{
    for (unsigned slot = 0; slot < D3D9_MAX_SAMPLERS; slot++) {
        struct d3d9_texture *t = dev->textures[slot];
        if (!(slots & (1u << slot)))
            continue;
        wire_handle th = {0, 0}, sh = {0, 0};
        uint32_t type = d3d9_empty_slot_type(dev, slot);
        struct wire_create_sampler d;

        if (t && !wire_handle_is_null(d3d9_texture_handle(t))) {
            if (d3d9_texture_mips_pending(t))
                return (int)slot;
            th = d3d9_texture_handle(t);
            type = d3d9_texture_type(t);
            if (declared_otherwise(dev, slot, &type))
                th = (wire_handle){0, 0};
            sampler_desc(dev, slot, &d);
            if (!d3d9_cache_get(&dev->sampler_cache, &d, &sh))
                return (int)slot;
        }
        if (memcmp(&th, &dev->sent_tex[slot].texture, sizeof(th)) ||
            memcmp(&sh, &dev->sent_tex[slot].sampler, sizeof(sh)) ||
            type != dev->sent_tex[slot].type)
            return (int)slot;
    }
    return -1;
}

uint32_t d3d9_empty_slot_type(const struct d3d9_device *dev, unsigned slot)
{
    const struct d3d9_shader *sh = slot < 16 ? dev->ps : dev->vs;
    unsigned s = slot < 16 ? slot : slot - 16;
    return sh && (sh->sampler_dcl & (1u << s)) ? sh->sampler_type[s] : WIRE_TEX_2D;
}

bool d3d9_ffp_flush_textures(struct d3d9_device *dev, uint32_t slots)
{
    while (slots) {
        unsigned slot = (unsigned)__builtin_ctz(slots);
        struct d3d9_texture *t = dev->textures[slot];
        wire_handle th = {0, 0}, sh = {0, 0};
        uint32_t type = d3d9_empty_slot_type(dev, slot);
        struct wire_create_sampler d;

        slots &= slots - 1;
        if (t && (th = d3d9_texture_prepare(t), !wire_handle_is_null(th))) {
            uint32_t lod = d3d9_texture_lod(t);
            bool shadow = d3d9_shadow_slot(dev, slot);
            type = d3d9_texture_type(t);
            if (declared_otherwise(dev, slot, &type)) {
                static bool warned;
                if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
                    NR_WARN(D3D9, "sampler %u holds a texture of another type than the "
                                  "shader declares: it reads as empty", slot);
                th = (wire_handle){0, 0};
            }
            if (dev->slot_sampler[slot].serial == dev->samp_serial[slot] &&
                dev->slot_sampler[slot].lod == lod && dev->slot_sampler[slot].shadow == shadow &&
                !wire_handle_is_null(dev->slot_sampler[slot].sampler)) {
                sh = dev->slot_sampler[slot].sampler;
            } else {
                sampler_desc(dev, slot, &d);
                if (!d3d9_cache_get(&dev->sampler_cache, &d, &sh)) {
                    d.sampler = d3d9_handle_alloc(dev, WIRE_OBJ_SAMPLER);
                    sh = d.sampler;
                    if (!wire_emit_CREATE_SAMPLER(&dev->tc->w, &d))
                        return false;
                    d.sampler = (wire_handle){0, 0};
                    if (!d3d9_cache_put(&dev->sampler_cache, &d, sh))
                        return false;
                }
                dev->slot_sampler[slot].serial = dev->samp_serial[slot];
                dev->slot_sampler[slot].lod = lod;
                dev->slot_sampler[slot].shadow = shadow;
                dev->slot_sampler[slot].sampler = sh;
            }
        }
        if (memcmp(&th, &dev->sent_tex[slot].texture, sizeof(th)) ||
            memcmp(&sh, &dev->sent_tex[slot].sampler, sizeof(sh)) ||
            type != dev->sent_tex[slot].type) {
            struct wire_set_texture st = {slot, type, th, sh};
            if (!wire_emit_SET_TEXTURE(&dev->tc->w, &st))
                return false;
            dev->sent_tex[slot].texture = th;
            dev->sent_tex[slot].sampler = sh;
            dev->sent_tex[slot].type = type;
        }
    }
    dev->dirty &= ~D3D9_DIRTY_TEXTURES;
    dev->tex_dirty = 0;
    return true;
}

void d3d9_ffp_dynamic(struct d3d9_device *dev, struct wire_set_dynamic_state *d)
{
    const DWORD *rs = dev->render_states;
    const struct d3d9_format_info *df = dev->depth_stencil ? dev->depth_stencil->fmt : NULL;
    /* D3DRS_DEPTHBIAS is in depth units; Vulkan's constant factor counts
     * steps of the implementation's choosing, which the server measured
     * for the fixed-point formats (wire_caps.depth_bias_units). */
    const float *units = dev->tc->caps.depth_bias_units;
    float scale = !df                          ? 0.0f
                  : df->format == D3DFMT_D32   ? 8388608.0f
                  : df->wire == WIRE_FORMAT_D16_UNORM ? (units[0] > 0 ? units[0] : 65535.0f)
                                               : (units[1] > 0 ? units[1] : 16777215.0f);

    memset(d, 0, sizeof(*d));
    d->stencil_reference = rs[D3DRS_STENCILREF] & 0xff;
    d->stencil_compare_mask = rs[D3DRS_STENCILMASK] & 0xff;
    d->stencil_write_mask = rs[D3DRS_STENCILWRITEMASK] & 0xff;
    color4(rs[D3DRS_BLENDFACTOR], d->blend_constants);
    d->depth_bias_constant = dw2f(rs[D3DRS_DEPTHBIAS]) * scale;
    d->depth_bias_slope = dw2f(rs[D3DRS_SLOPESCALEDEPTHBIAS]);
    if (!isfinite(d->depth_bias_constant))
        d->depth_bias_constant = 0;
    if (!isfinite(d->depth_bias_slope))
        d->depth_bias_slope = 0;
}

bool d3d9_ffp_flush_dynamic(struct d3d9_device *dev)
{
    struct wire_set_dynamic_state d;
    d3d9_ffp_dynamic(dev, &d);
    if (memcmp(&d, &dev->sent_dynamic, sizeof(d))) {
        if (!wire_emit_SET_DYNAMIC_STATE(&dev->tc->w, &d))
            return false;
        dev->sent_dynamic = d;
    }
    dev->dirty &= ~D3D9_DIRTY_DYNAMIC;
    return true;
}

/* What a new server session has of fixed function: no module, no sampler,
 * zero vertex constants (as a new context's uniforms); the rest cannot be
 * there yet, so the first draw sends it. */
void d3d9_ffp_forget_server(struct d3d9_device *dev)
{
    d3d9_cache_cleanup(&dev->vs_cache);
    d3d9_cache_cleanup(&dev->fs_cache);
    d3d9_cache_cleanup(&dev->sampler_cache);
    d3d9_cache_init(&dev->vs_cache, sizeof(struct ff_vs_key));
    d3d9_cache_init(&dev->fs_cache, sizeof(struct ff_fs_key));
    d3d9_cache_init(&dev->sampler_cache, sizeof(struct wire_create_sampler));
    memset(dev->slot_sampler, 0, sizeof(dev->slot_sampler)); /* their handles are gone */
    memset(&dev->sent_dynamic, 0xff, sizeof(dev->sent_dynamic));
    if (dev->sent_vs_consts)
        memset(dev->sent_vs_consts, 0, sizeof(struct ff_vs_constants));
    if (dev->sent_fs_consts)
        memset(dev->sent_fs_consts, 0xff, sizeof(struct ff_fs_constants));
}

bool d3d9_ffp_device_init(struct d3d9_device *dev)
{
    dev->sent_vs_consts = calloc(1, sizeof(struct ff_vs_constants));
    dev->sent_fs_consts = calloc(1, sizeof(struct ff_fs_constants));
    d3d9_ffp_forget_server(dev);
    d3d9_ffp_init_state(dev);
    (void)f2dw;
    return dev->sent_vs_consts && dev->sent_fs_consts;
}

void d3d9_ffp_device_cleanup(struct d3d9_device *dev)
{
    d3d9_cache_cleanup(&dev->vs_cache);
    d3d9_cache_cleanup(&dev->fs_cache);
    d3d9_cache_cleanup(&dev->sampler_cache);
    free(dev->sent_vs_consts);
    free(dev->sent_fs_consts);
    free(dev->lights);
}

/* ------------------------------------------------------ ProcessVertices */

/* The byte offsets of an FVF's parts in a vertex; -1 where it has none. */
struct fvf_parts {
    int pos, rhw, psize, diffuse, specular, tex[8];
    unsigned pos_floats, tex_count, tex_dim[8], stride;
};

static bool fvf_parts(DWORD fvf, struct fvf_parts *p)
{
    static const uint8_t dims[4] = {2, 3, 4, 1};
    unsigned off = 0, weights = 0;
    DWORD pos = fvf & D3DFVF_POSITION_MASK;

    memset(p, -1, sizeof(*p));
    p->pos = 0;
    switch (pos) {
    case D3DFVF_XYZ: p->pos_floats = 3; break;
    case D3DFVF_XYZRHW: p->pos_floats = 3; p->rhw = 12; break;
    case D3DFVF_XYZB1: case D3DFVF_XYZB2: case D3DFVF_XYZB3: case D3DFVF_XYZB4:
    case D3DFVF_XYZB5:
        p->pos_floats = 3;
        weights = (pos - D3DFVF_XYZB1) / 2 + 1;
        break;
    default: return false; /* XYZW and none */
    }
    off = 12 + (p->rhw >= 0 ? 4 : 0) + weights * 4;
    if (fvf & D3DFVF_NORMAL)
        off += 12;
    if (fvf & D3DFVF_PSIZE) {
        p->psize = (int)off;
        off += 4;
    }
    if (fvf & D3DFVF_DIFFUSE) {
        p->diffuse = (int)off;
        off += 4;
    }
    if (fvf & D3DFVF_SPECULAR) {
        p->specular = (int)off;
        off += 4;
    }
    p->tex_count = (fvf & D3DFVF_TEXCOUNT_MASK) >> D3DFVF_TEXCOUNT_SHIFT;
    if (p->tex_count > 8)
        return false;
    for (unsigned t = 0; t < p->tex_count; t++) {
        p->tex[t] = (int)off;
        p->tex_dim[t] = dims[(fvf >> (16 + 2 * t)) & 3];
        off += 4 * p->tex_dim[t];
    }
    p->stride = off;
    return true;
}

/* ProcessVertices: the fixed-function vertex stage on the CPU, into a
 * vertex buffer of pre-transformed vertices.  Built: an FVF source on
 * stream 0 without blending, lighting off; positions through world, view,
 * projection and the viewport, the diffuse and specular colours, point
 * size and texture coordinates copied (without D3DPV_DONOTCOPYDATA).  Not
 * built (D3DERR_INVALIDCALL): vertex shaders, lighting, vertex blending,
 * declarations, texture transforms and generated coordinates. */
HRESULT d3d9_ffp_process_vertices(struct d3d9_device *dev, UINT src_start, UINT dst_index,
                                  UINT count, IDirect3DVertexBuffer9 *dst_iface,
                                  IDirect3DVertexDeclaration9 *decl, DWORD flags)
{
    struct d3d9_buffer *dst = d3d9_vertex_buffer_from_iface(dst_iface);
    const struct d3d9_stream *st = &dev->streams[0];
    const DWORD *rs = dev->render_states;
    const D3DVIEWPORT9 *vp = &dev->viewport;
    struct fvf_parts sp, dp;
    D3DMATRIX wvp;
    const uint8_t *src;
    uint8_t *out;

    if (!dst || dst->device != dev || !st->buffer || !count || decl || dev->vs ||
        (dev->decl && !dev->fvf) || !fvf_parts(dev->fvf, &sp) || !fvf_parts(dst->fvf, &dp) ||
        sp.rhw >= 0 || (dev->fvf & D3DFVF_POSITION_MASK) != D3DFVF_XYZ ||
        (dst->fvf & D3DFVF_POSITION_MASK) != D3DFVF_XYZRHW || rs[D3DRS_LIGHTING] ||
        rs[D3DRS_VERTEXBLEND] || (flags & ~(DWORD)D3DPV_DONOTCOPYDATA))
        return D3DERR_INVALIDCALL;
    for (unsigned t = 0; t < dp.tex_count; t++)
        if (dev->tss[t][D3DTSS_TEXCOORDINDEX] != t ||
            (dev->tss[t][D3DTSS_TEXTURETRANSFORMFLAGS] & ~(DWORD)D3DTTFF_PROJECTED) > 1)
            return D3DERR_INVALIDCALL;
    if ((uint64_t)st->offset + (uint64_t)(src_start + count) * st->stride > st->buffer->size ||
        st->stride < sp.stride || (uint64_t)(dst_index + count) * dp.stride > dst->size)
        return D3DERR_INVALIDCALL;
    mat_mul(&dev->transforms[D3DTS_WORLD], &dev->transforms[D3DTS_VIEW], &wvp);
    mat_mul(&wvp, &dev->transforms[D3DTS_PROJECTION], &wvp);
    src = st->buffer->shadow + st->offset + (size_t)src_start * st->stride;
    if (IDirect3DVertexBuffer9_Lock(dst_iface, dst_index * dp.stride, count * dp.stride,
                                    (void **)&out, 0) != D3D_OK)
        return D3DERR_INVALIDCALL;
    for (UINT i = 0; i < count; i++, src += st->stride, out += dp.stride) {
        float in[3], c[4], w;
        memcpy(in, src, sizeof(in));
        for (int j = 0; j < 4; j++)
            c[j] = in[0] * wvp.m[0][j] + in[1] * wvp.m[1][j] + in[2] * wvp.m[2][j] + wvp.m[3][j];
        w = c[3] != 0.0f ? 1.0f / c[3] : 0.0f;
        {
            float o[4] = {(c[0] * w + 1.0f) * 0.5f * (float)vp->Width + (float)vp->X,
                          (1.0f - c[1] * w) * 0.5f * (float)vp->Height + (float)vp->Y,
                          c[2] * w * (vp->MaxZ - vp->MinZ) + vp->MinZ, w};
            memcpy(out, o, sizeof(o));
        }
        if (flags & D3DPV_DONOTCOPYDATA)
            continue;
        if (dp.psize >= 0) {
            float ps = dw2f(rs[D3DRS_POINTSIZE]);
            if (sp.psize >= 0)
                memcpy(&ps, src + sp.psize, 4);
            memcpy(out + dp.psize, &ps, 4);
        }
        if (dp.diffuse >= 0) {
            DWORD d = 0xffffffff;
            if (sp.diffuse >= 0)
                memcpy(&d, src + sp.diffuse, 4);
            memcpy(out + dp.diffuse, &d, 4);
        }
        if (dp.specular >= 0) {
            DWORD s = 0xff000000;
            if (sp.specular >= 0)
                memcpy(&s, src + sp.specular, 4);
            memcpy(out + dp.specular, &s, 4);
        }
        for (unsigned t = 0; t < dp.tex_count; t++) {
            float tc[4] = {0, 0, 0, 1};
            if (t < sp.tex_count)
                memcpy(tc, src + sp.tex[t], 4 * sp.tex_dim[t]);
            memcpy(out + dp.tex[t], tc, 4 * dp.tex_dim[t]);
        }
    }
    IDirect3DVertexBuffer9_Unlock(dst_iface);
    return D3D_OK;
}
