/* IDirect3DStateBlock9: CreateStateBlock, BeginStateBlock/EndStateBlock,
 * Capture and Apply.
 *
 * A block is a set of marks (which states it holds) and their values.
 * CreateStateBlock marks the set its type names and captures; a recorded
 * block marks what the setters record while BeginStateBlock is active (they
 * call d3d9_sb_record_* instead of changing the device).  Capture refreshes
 * the marked values from the device; Apply sends them back through the
 * device's own public setters, so the dirty flags, the check mode and the
 * recording of an enclosing BeginStateBlock all see an ordinary call.
 *
 * The sets of D3DSBT_PIXELSTATE and D3DSBT_VERTEXSTATE are those Direct3D 9
 * really captures, as Wine's d3d9 tests (dlls/d3d9/tests/stateblock.c) show
 * them on Windows; where they differ from the "Saving Pixel/Vertex State
 * With a StateBlock" pages, the runtime wins:
 *   - pixel: the pixel render states below (BLENDFACTOR is one of them,
 *     CCW_STENCILFUNC is not), the texture stage states of the pixel
 *     cascade, every sampler state but DMAPOFFSET, the pixel shader and its
 *     constants.  Not the textures.
 *   - vertex: the vertex render states below, TEXCOORDINDEX and
 *     TEXTURETRANSFORMFLAGS of every stage, DMAPOFFSET, the lights and their
 *     enables, the FVF and vertex declaration, the vertex shader and its
 *     constants.  Not the transforms, streams or indices.
 *   - all: everything, including the textures, transforms, material, clip
 *     planes, viewport, scissor rectangle, streams (and frequencies) and
 *     indices.
 * Two quirks of the runtime are kept: Capture does not update a stream's
 * offset (only its buffer and stride), and a recorded block does not
 * capture the vertex declaration (it records and applies it).
 *
 * References: a block holds a device reference (so does every object of
 * the device).  D3D9 keeps the objects a block captured (textures, buffers,
 * shaders, declarations) alive with an internal reference that does not
 * show in their COM count; nereid's objects have no internal count, so the
 * block holds a COM reference on each, released when the block releases or
 * recaptures it.  The visible difference: an object's Release returns one
 * more per block that holds it. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <stdlib.h>
#include <string.h>

#define SB_MAX_TRANSFORMS 512
#define SB_VS_CONSTS_F 256
#define SB_PS_CONSTS_F 224
#define SB_CONSTS_IB 16

struct sb_light {
    DWORD index;
    D3DLIGHT9 light;
    BOOL enabled;
    bool has_light, has_enable;
};

struct sb_stream {
    IDirect3DVertexBuffer9 *vb;
    UINT offset, stride, freq;
};

struct d3d9_stateblock {
    IDirect3DStateBlock9 IDirect3DStateBlock9_iface;
    LONG refcount;
    struct d3d9_device *device;
    DWORD type; /* D3DSBT_*, or 0 for a recorded block */

    /* Marks: what the block holds. */
    uint32_t rs_mask[D3D9_MAX_RENDER_STATE / 32];
    uint64_t tss_mask[D3D9_MAX_STAGES];
    uint32_t samp_mask[D3D9_MAX_SAMPLERS];
    uint32_t tex_mask;
    uint32_t xform_mask[SB_MAX_TRANSFORMS / 32];
    uint32_t stream_mask, freq_mask;
    uint32_t clip_mask;
    uint32_t vs_f_mask[SB_VS_CONSTS_F / 32], ps_f_mask[SB_PS_CONSTS_F / 32];
    uint32_t vs_i_mask, vs_b_mask, ps_i_mask, ps_b_mask;
    bool has_material, has_viewport, has_scissor, has_fvf, has_indices;
    bool has_decl, has_vs, has_ps;
    bool all_lights; /* capture adds the device's lights (ALL, VERTEX) */

    /* Values. */
    DWORD rs[D3D9_MAX_RENDER_STATE];
    DWORD tss[D3D9_MAX_STAGES][D3D9_MAX_TSS];
    DWORD samp[D3D9_MAX_SAMPLERS][D3D9_MAX_SAMPLER_STATE];
    IDirect3DBaseTexture9 *tex[D3D9_MAX_SAMPLERS];
    D3DMATRIX *xforms; /* SB_MAX_TRANSFORMS, allocated with the first mark */
    D3DMATERIAL9 material;
    D3DVIEWPORT9 viewport;
    RECT scissor;
    DWORD fvf;
    IDirect3DIndexBuffer9 *indices;
    struct sb_stream streams[D3D9_MAX_STREAMS];
    float clip[6][4];
    struct sb_light *lights;
    size_t light_count, light_cap;
    IDirect3DVertexDeclaration9 *decl;
    IDirect3DVertexShader9 *vs;
    IDirect3DPixelShader9 *ps;
    float vs_f[SB_VS_CONSTS_F][4], ps_f[SB_PS_CONSTS_F][4];
    int vs_i[SB_CONSTS_IB][4], ps_i[SB_CONSTS_IB][4];
    BOOL vs_b[SB_CONSTS_IB], ps_b[SB_CONSTS_IB];
};

/* The render states of each type, as the runtime captures them. */
static const D3DRENDERSTATETYPE pixel_states[] = {
    D3DRS_ALPHABLENDENABLE, D3DRS_ALPHAFUNC, D3DRS_ALPHAREF, D3DRS_ALPHATESTENABLE,
    D3DRS_ANTIALIASEDLINEENABLE, D3DRS_BLENDFACTOR, D3DRS_BLENDOP, D3DRS_BLENDOPALPHA,
    D3DRS_CCW_STENCILFAIL, D3DRS_CCW_STENCILPASS, D3DRS_CCW_STENCILZFAIL,
    D3DRS_COLORWRITEENABLE, D3DRS_COLORWRITEENABLE1, D3DRS_COLORWRITEENABLE2,
    D3DRS_COLORWRITEENABLE3, D3DRS_DEPTHBIAS, D3DRS_DESTBLEND, D3DRS_DESTBLENDALPHA,
    D3DRS_DITHERENABLE, D3DRS_FILLMODE, D3DRS_FOGDENSITY, D3DRS_FOGEND, D3DRS_FOGSTART,
    D3DRS_LASTPIXEL, D3DRS_SCISSORTESTENABLE, D3DRS_SEPARATEALPHABLENDENABLE,
    D3DRS_SHADEMODE, D3DRS_SLOPESCALEDEPTHBIAS, D3DRS_SRCBLEND, D3DRS_SRCBLENDALPHA,
    D3DRS_SRGBWRITEENABLE, D3DRS_STENCILENABLE, D3DRS_STENCILFAIL, D3DRS_STENCILFUNC,
    D3DRS_STENCILMASK, D3DRS_STENCILPASS, D3DRS_STENCILREF, D3DRS_STENCILWRITEMASK,
    D3DRS_STENCILZFAIL, D3DRS_TEXTUREFACTOR, D3DRS_TWOSIDEDSTENCILMODE, D3DRS_WRAP0,
    D3DRS_WRAP1, D3DRS_WRAP2, D3DRS_WRAP3, D3DRS_WRAP4, D3DRS_WRAP5, D3DRS_WRAP6,
    D3DRS_WRAP7, D3DRS_WRAP8, D3DRS_WRAP9, D3DRS_WRAP10, D3DRS_WRAP11, D3DRS_WRAP12,
    D3DRS_WRAP13, D3DRS_WRAP14, D3DRS_WRAP15, D3DRS_ZENABLE, D3DRS_ZFUNC,
    D3DRS_ZWRITEENABLE,
};

static const D3DRENDERSTATETYPE vertex_states[] = {
    D3DRS_ADAPTIVETESS_W, D3DRS_ADAPTIVETESS_X, D3DRS_ADAPTIVETESS_Y,
    D3DRS_ADAPTIVETESS_Z, D3DRS_AMBIENT, D3DRS_AMBIENTMATERIALSOURCE, D3DRS_CLIPPING,
    D3DRS_CLIPPLANEENABLE, D3DRS_COLORVERTEX, D3DRS_CULLMODE,
    D3DRS_DIFFUSEMATERIALSOURCE, D3DRS_EMISSIVEMATERIALSOURCE,
    D3DRS_ENABLEADAPTIVETESSELLATION, D3DRS_FOGCOLOR, D3DRS_FOGDENSITY,
    D3DRS_FOGENABLE, D3DRS_FOGEND, D3DRS_FOGSTART, D3DRS_FOGTABLEMODE,
    D3DRS_FOGVERTEXMODE, D3DRS_INDEXEDVERTEXBLENDENABLE, D3DRS_LIGHTING,
    D3DRS_LOCALVIEWER, D3DRS_MAXTESSELLATIONLEVEL, D3DRS_MINTESSELLATIONLEVEL,
    D3DRS_MULTISAMPLEANTIALIAS, D3DRS_MULTISAMPLEMASK, D3DRS_NORMALDEGREE,
    D3DRS_NORMALIZENORMALS, D3DRS_PATCHEDGESTYLE, D3DRS_POINTSCALE_A,
    D3DRS_POINTSCALE_B, D3DRS_POINTSCALE_C, D3DRS_POINTSCALEENABLE, D3DRS_POINTSIZE,
    D3DRS_POINTSIZE_MAX, D3DRS_POINTSIZE_MIN, D3DRS_POINTSPRITEENABLE,
    D3DRS_POSITIONDEGREE, D3DRS_RANGEFOGENABLE, D3DRS_SHADEMODE,
    D3DRS_SPECULARENABLE, D3DRS_SPECULARMATERIALSOURCE, D3DRS_TWEENFACTOR,
    D3DRS_VERTEXBLEND,
};

/* Every render state D3D9 defines but DEBUGMONITORTOKEN, which the runtime
 * does not keep in blocks. */
static bool defined_render_state(unsigned s)
{
    switch (s) {
    case D3DRS_ZENABLE: case D3DRS_FILLMODE: case D3DRS_SHADEMODE:
    case D3DRS_ZWRITEENABLE: case D3DRS_ALPHATESTENABLE: case D3DRS_LASTPIXEL:
    case D3DRS_SRCBLEND: case D3DRS_DESTBLEND: case D3DRS_CULLMODE: case D3DRS_ZFUNC:
    case D3DRS_ALPHAREF: case D3DRS_ALPHAFUNC: case D3DRS_DITHERENABLE:
    case D3DRS_ALPHABLENDENABLE: case D3DRS_FOGENABLE: case D3DRS_SPECULARENABLE:
    case D3DRS_FOGCOLOR: case D3DRS_FOGTABLEMODE: case D3DRS_FOGSTART: case D3DRS_FOGEND:
    case D3DRS_FOGDENSITY: case D3DRS_RANGEFOGENABLE:
        return true;
    default:
        break;
    }
    return (s >= D3DRS_STENCILENABLE && s <= D3DRS_TEXTUREFACTOR) ||
           (s >= D3DRS_WRAP0 && s <= D3DRS_LIGHTING) ||
           (s >= D3DRS_AMBIENT && s <= D3DRS_NORMALIZENORMALS) ||
           (s >= D3DRS_DIFFUSEMATERIALSOURCE && s <= D3DRS_EMISSIVEMATERIALSOURCE) ||
           s == D3DRS_VERTEXBLEND || s == D3DRS_CLIPPLANEENABLE ||
           (s >= D3DRS_POINTSIZE && s <= D3DRS_PATCHEDGESTYLE) ||
           (s >= D3DRS_POINTSIZE_MAX && s <= D3DRS_COLORWRITEENABLE) ||
           (s >= D3DRS_TWEENFACTOR && s <= D3DRS_ANTIALIASEDLINEENABLE) ||
           (s >= D3DRS_MINTESSELLATIONLEVEL && s <= D3DRS_DEPTHBIAS) ||
           (s >= D3DRS_WRAP8 && s <= D3DRS_BLENDOPALPHA);
}

static const D3DTEXTURESTAGESTATETYPE all_tss[] = {
    D3DTSS_COLOROP, D3DTSS_COLORARG1, D3DTSS_COLORARG2, D3DTSS_ALPHAOP,
    D3DTSS_ALPHAARG1, D3DTSS_ALPHAARG2, D3DTSS_BUMPENVMAT00, D3DTSS_BUMPENVMAT01,
    D3DTSS_BUMPENVMAT10, D3DTSS_BUMPENVMAT11, D3DTSS_TEXCOORDINDEX,
    D3DTSS_BUMPENVLSCALE, D3DTSS_BUMPENVLOFFSET, D3DTSS_TEXTURETRANSFORMFLAGS,
    D3DTSS_COLORARG0, D3DTSS_ALPHAARG0, D3DTSS_RESULTARG, D3DTSS_CONSTANT,
};
/* The pixel cascade's stage states (all but CONSTANT, as the runtime). */
static const D3DTEXTURESTAGESTATETYPE pixel_tss[] = {
    D3DTSS_COLOROP, D3DTSS_COLORARG1, D3DTSS_COLORARG2, D3DTSS_ALPHAOP,
    D3DTSS_ALPHAARG1, D3DTSS_ALPHAARG2, D3DTSS_BUMPENVMAT00, D3DTSS_BUMPENVMAT01,
    D3DTSS_BUMPENVMAT10, D3DTSS_BUMPENVMAT11, D3DTSS_TEXCOORDINDEX,
    D3DTSS_BUMPENVLSCALE, D3DTSS_BUMPENVLOFFSET, D3DTSS_TEXTURETRANSFORMFLAGS,
    D3DTSS_COLORARG0, D3DTSS_ALPHAARG0, D3DTSS_RESULTARG,
};

#define MARK(mask, i) ((mask)[(i) / 32] |= 1u << ((i) % 32))
#define MARKED(mask, i) (((mask)[(i) / 32] >> ((i) % 32)) & 1u)

/* D3D9 sampler numbers of the device's sampler slots. */
static DWORD slot_sampler(unsigned slot)
{
    return slot < 16 ? slot : D3DVERTEXTEXTURESAMPLER0 + (slot - 16);
}

static bool valid_transform(unsigned t)
{
    return t == D3DTS_VIEW || t == D3DTS_PROJECTION ||
           (t >= D3DTS_TEXTURE0 && t <= D3DTS_TEXTURE7) || (t >= 256 && t < 512);
}

static inline struct d3d9_stateblock *impl_from_iface(IDirect3DStateBlock9 *iface)
{
    return (struct d3d9_stateblock *)iface;
}

static IDirect3DDevice9 *dev_iface(struct d3d9_stateblock *sb)
{
    return &sb->device->IDirect3DDevice9_iface;
}

/* The block keeps what it captured or recorded alive with an internal
 * reference (d3d9_object_pin), as D3D9 does: the object's own count does
 * not change. */
static void hold(IUnknown **slot, IUnknown *obj)
{
    IUnknown *old = *slot;
    if (obj)
        d3d9_object_pin(obj, 1);
    *slot = obj;
    if (old)
        d3d9_object_pin(old, -1);
}
/* Takes a Get* result: pinned, and the reference Get* gave back. */
static void take(IUnknown **slot, IUnknown *obj)
{
    hold(slot, obj);
    if (obj)
        obj->lpVtbl->Release(obj);
}
#define HOLD(slot, obj) hold((IUnknown **)&(slot), (IUnknown *)(obj))
#define TAKE(slot, obj) take((IUnknown **)&(slot), (IUnknown *)(obj))

static bool ensure_xforms(struct d3d9_stateblock *sb)
{
    if (!sb->xforms)
        sb->xforms = calloc(SB_MAX_TRANSFORMS, sizeof(*sb->xforms));
    return sb->xforms != NULL;
}

static struct sb_light *block_light(struct d3d9_stateblock *sb, DWORD index, bool add)
{
    for (size_t i = 0; i < sb->light_count; i++)
        if (sb->lights[i].index == index)
            return &sb->lights[i];
    if (!add || !nr_array_reserve((void **)&sb->lights, &sb->light_cap,
                                  sb->light_count + 1, sizeof(*sb->lights)))
        return NULL;
    memset(&sb->lights[sb->light_count], 0, sizeof(*sb->lights));
    sb->lights[sb->light_count].index = index;
    return &sb->lights[sb->light_count++];
}

/* ------------------------------------------------------------- capture */

static void capture_lights(struct d3d9_stateblock *sb)
{
    struct d3d9_device *dev = sb->device;

    if (sb->all_lights)
        for (size_t i = 0; i < dev->light_count; i++) {
            struct sb_light *l = block_light(sb, dev->lights[i].index, true);
            if (l)
                l->has_light = l->has_enable = true;
        }
    for (size_t i = 0; i < sb->light_count; i++) {
        struct sb_light *l = &sb->lights[i];
        const struct d3d9_light *d = NULL;
        for (size_t j = 0; j < dev->light_count; j++)
            if (dev->lights[j].index == l->index)
                d = &dev->lights[j];
        if (d) {
            l->light = d->light;
            l->enabled = d->enabled;
        } else {
            /* Not on the device (yet): D3D9's default light, off. */
            memset(&l->light, 0, sizeof(l->light));
            l->light.Type = D3DLIGHT_DIRECTIONAL;
            l->light.Diffuse = (D3DCOLORVALUE){1.0f, 1.0f, 1.0f, 0.0f};
            l->light.Direction = (D3DVECTOR){0.0f, 0.0f, 1.0f};
            l->enabled = FALSE;
        }
    }
}

/* Shader constants through the public getters: D3DERR_NOTAVAILABLE (or any
 * failure) leaves them uncaptured. */
static void capture_constants(struct d3d9_stateblock *sb)
{
    IDirect3DDevice9 *d = dev_iface(sb);

    for (unsigned i = 0; i < SB_VS_CONSTS_F; i++)
        if (MARKED(sb->vs_f_mask, i) &&
            FAILED(IDirect3DDevice9_GetVertexShaderConstantF(d, i, sb->vs_f[i], 1)))
            sb->vs_f_mask[i / 32] &= ~(1u << (i % 32));
    for (unsigned i = 0; i < SB_PS_CONSTS_F; i++)
        if (MARKED(sb->ps_f_mask, i) &&
            FAILED(IDirect3DDevice9_GetPixelShaderConstantF(d, i, sb->ps_f[i], 1)))
            sb->ps_f_mask[i / 32] &= ~(1u << (i % 32));
    for (unsigned i = 0; i < SB_CONSTS_IB; i++) {
        if ((sb->vs_i_mask >> i & 1) &&
            FAILED(IDirect3DDevice9_GetVertexShaderConstantI(d, i, sb->vs_i[i], 1)))
            sb->vs_i_mask &= ~(1u << i);
        if ((sb->ps_i_mask >> i & 1) &&
            FAILED(IDirect3DDevice9_GetPixelShaderConstantI(d, i, sb->ps_i[i], 1)))
            sb->ps_i_mask &= ~(1u << i);
        if ((sb->vs_b_mask >> i & 1) &&
            FAILED(IDirect3DDevice9_GetVertexShaderConstantB(d, i, &sb->vs_b[i], 1)))
            sb->vs_b_mask &= ~(1u << i);
        if ((sb->ps_b_mask >> i & 1) &&
            FAILED(IDirect3DDevice9_GetPixelShaderConstantB(d, i, &sb->ps_b[i], 1)))
            sb->ps_b_mask &= ~(1u << i);
    }
}

static void capture(struct d3d9_stateblock *sb, bool creating)
{
    struct d3d9_device *dev = sb->device;
    IDirect3DDevice9 *d = dev_iface(sb);

    for (unsigned s = 0; s < D3D9_MAX_RENDER_STATE; s++)
        if (MARKED(sb->rs_mask, s))
            sb->rs[s] = dev->render_states[s];
    for (unsigned st = 0; st < D3D9_MAX_STAGES; st++)
        for (unsigned t = 0; sb->tss_mask[st] && t < D3D9_MAX_TSS; t++)
            if (sb->tss_mask[st] >> t & 1)
                sb->tss[st][t] = dev->tss[st][t];
    for (unsigned i = 0; i < D3D9_MAX_SAMPLERS; i++)
        for (unsigned t = 0; sb->samp_mask[i] && t < D3D9_MAX_SAMPLER_STATE; t++)
            if (sb->samp_mask[i] >> t & 1)
                sb->samp[i][t] = dev->samp[i][t];
    for (unsigned i = 0; i < D3D9_MAX_SAMPLERS; i++)
        if (sb->tex_mask >> i & 1) {
            IDirect3DBaseTexture9 *t = NULL;
            IDirect3DDevice9_GetTexture(d, slot_sampler(i), &t);
            TAKE(sb->tex[i], t);
        }
    if (sb->xforms)
        for (unsigned i = 0; i < SB_MAX_TRANSFORMS; i++)
            if (MARKED(sb->xform_mask, i))
                sb->xforms[i] = dev->transforms[i];
    if (sb->has_material)
        sb->material = dev->material;
    if (sb->has_viewport)
        sb->viewport = dev->viewport;
    if (sb->has_scissor)
        sb->scissor = dev->scissor;
    if (sb->has_fvf)
        sb->fvf = dev->fvf;
    if (sb->has_indices) {
        IDirect3DIndexBuffer9 *ib = NULL;
        IDirect3DDevice9_GetIndices(d, &ib);
        TAKE(sb->indices, ib);
    }
    for (unsigned i = 0; i < D3D9_MAX_STREAMS; i++) {
        if (sb->stream_mask >> i & 1) {
            IDirect3DVertexBuffer9 *vb = NULL;
            UINT offset = 0, stride = 0;
            if (SUCCEEDED(IDirect3DDevice9_GetStreamSource(d, i, &vb, &offset, &stride))) {
                TAKE(sb->streams[i].vb, vb);
                sb->streams[i].stride = stride;
                /* The runtime's Capture leaves the offset as it was. */
                if (creating)
                    sb->streams[i].offset = offset;
            }
        }
        if ((sb->freq_mask >> i & 1) &&
            FAILED(IDirect3DDevice9_GetStreamSourceFreq(d, i, &sb->streams[i].freq)))
            sb->freq_mask &= ~(1u << i);
    }
    for (unsigned i = 0; i < 6; i++)
        if (sb->clip_mask >> i & 1)
            memcpy(sb->clip[i], dev->clip_planes[i], sizeof(sb->clip[i]));
    capture_lights(sb);
    /* Every block captures the declaration (NULL too: a block with a NULL
     * declaration then applies none, as Wine's test_vdecl_apply saw on
     * Windows). */
    if (sb->has_decl) {
        /* The bound declaration itself: with an FVF bound there is none
         * (GetVertexDeclaration would make one of the FVF, and applying it
         * would replace the FVF). */
        IDirect3DVertexDeclaration9 *decl =
            dev->decl ? &dev->decl->IDirect3DVertexDeclaration9_iface : NULL;
        if (decl)
            IDirect3DVertexDeclaration9_AddRef(decl);
        TAKE(sb->decl, decl);
    }
    if (sb->has_vs) {
        IDirect3DVertexShader9 *vs = NULL;
        if (SUCCEEDED(IDirect3DDevice9_GetVertexShader(d, &vs)))
            TAKE(sb->vs, vs);
        else
            sb->has_vs = false;
    }
    if (sb->has_ps) {
        IDirect3DPixelShader9 *ps = NULL;
        if (SUCCEEDED(IDirect3DDevice9_GetPixelShader(d, &ps)))
            TAKE(sb->ps, ps);
        else
            sb->has_ps = false;
    }
    capture_constants(sb);
}

/* --------------------------------------------------------------- apply */

/* Runs of marked constants, applied with one call each. */
#define APPLY_RUNS(mask_test, count, call)                                     \
    for (unsigned i_ = 0; i_ < (count);) {                                     \
        unsigned n_ = 0;                                                       \
        while (i_ + n_ < (count) && (mask_test(i_ + n_)))                      \
            n_++;                                                              \
        if (n_) {                                                              \
            unsigned start = i_, n = n_;                                       \
            call;                                                              \
            i_ += n_;                                                          \
        } else {                                                               \
            i_++;                                                              \
        }                                                                      \
    }

static void apply(struct d3d9_stateblock *sb)
{
    struct d3d9_device *dev = sb->device;
    IDirect3DDevice9 *d = dev_iface(sb);
    /* Unchanged values are skipped unless an enclosing BeginStateBlock
     * must record them. */
    bool all = dev->recording != NULL;

    for (unsigned s = 0; s < D3D9_MAX_RENDER_STATE; s++)
        if (MARKED(sb->rs_mask, s))
            IDirect3DDevice9_SetRenderState(d, (D3DRENDERSTATETYPE)s, sb->rs[s]);
    for (unsigned st = 0; st < D3D9_MAX_STAGES; st++)
        for (unsigned t = 0; sb->tss_mask[st] && t < D3D9_MAX_TSS; t++)
            if (sb->tss_mask[st] >> t & 1)
                IDirect3DDevice9_SetTextureStageState(d, st, (D3DTEXTURESTAGESTATETYPE)t,
                                                      sb->tss[st][t]);
    for (unsigned i = 0; i < D3D9_MAX_SAMPLERS; i++)
        for (unsigned t = 0; sb->samp_mask[i] && t < D3D9_MAX_SAMPLER_STATE; t++)
            if (sb->samp_mask[i] >> t & 1)
                IDirect3DDevice9_SetSamplerState(d, slot_sampler(i),
                                                 (D3DSAMPLERSTATETYPE)t, sb->samp[i][t]);
    for (unsigned i = 0; i < D3D9_MAX_SAMPLERS; i++)
        if (sb->tex_mask >> i & 1)
            IDirect3DDevice9_SetTexture(d, slot_sampler(i), sb->tex[i]);
    if (sb->xforms)
        for (unsigned i = 0; i < SB_MAX_TRANSFORMS; i++)
            if (MARKED(sb->xform_mask, i) &&
                (all || memcmp(&dev->transforms[i], &sb->xforms[i], sizeof(D3DMATRIX))))
                IDirect3DDevice9_SetTransform(d, (D3DTRANSFORMSTATETYPE)i, &sb->xforms[i]);
    if (sb->has_material &&
        (all || memcmp(&dev->material, &sb->material, sizeof(sb->material))))
        IDirect3DDevice9_SetMaterial(d, &sb->material);
    for (size_t i = 0; i < sb->light_count; i++) {
        const struct sb_light *l = &sb->lights[i];
        if (l->has_light)
            IDirect3DDevice9_SetLight(d, l->index, &l->light);
        if (l->has_enable)
            IDirect3DDevice9_LightEnable(d, l->index, l->enabled);
    }
    for (unsigned i = 0; i < 6; i++)
        if ((sb->clip_mask >> i & 1) &&
            (all || memcmp(dev->clip_planes[i], sb->clip[i], sizeof(sb->clip[i]))))
            IDirect3DDevice9_SetClipPlane(d, i, sb->clip[i]);
    if (sb->has_viewport)
        IDirect3DDevice9_SetViewport(d, &sb->viewport);
    if (sb->has_scissor)
        IDirect3DDevice9_SetScissorRect(d, &sb->scissor);
    for (unsigned i = 0; i < D3D9_MAX_STREAMS; i++) {
        if (sb->stream_mask >> i & 1)
            IDirect3DDevice9_SetStreamSource(d, i, sb->streams[i].vb, sb->streams[i].offset,
                                             sb->streams[i].stride);
        if (sb->freq_mask >> i & 1)
            IDirect3DDevice9_SetStreamSourceFreq(d, i, sb->streams[i].freq);
    }
    if (sb->has_indices)
        IDirect3DDevice9_SetIndices(d, sb->indices);
    if (sb->has_fvf)
        IDirect3DDevice9_SetFVF(d, sb->fvf);
    /* A declaration wins over the FVF only when one was bound; a NULL one
     * is not applied. */
    if (sb->has_decl && sb->decl)
        IDirect3DDevice9_SetVertexDeclaration(d, sb->decl);
    if (sb->has_vs)
        IDirect3DDevice9_SetVertexShader(d, sb->vs);
    if (sb->has_ps)
        IDirect3DDevice9_SetPixelShader(d, sb->ps);
#define VSF(i) MARKED(sb->vs_f_mask, i)
#define PSF(i) MARKED(sb->ps_f_mask, i)
#define VSI(i) (sb->vs_i_mask >> (i) & 1)
#define PSI(i) (sb->ps_i_mask >> (i) & 1)
#define VSB(i) (sb->vs_b_mask >> (i) & 1)
#define PSB(i) (sb->ps_b_mask >> (i) & 1)
    APPLY_RUNS(VSF, SB_VS_CONSTS_F,
               IDirect3DDevice9_SetVertexShaderConstantF(d, start, sb->vs_f[start], n));
    APPLY_RUNS(PSF, SB_PS_CONSTS_F,
               IDirect3DDevice9_SetPixelShaderConstantF(d, start, sb->ps_f[start], n));
    APPLY_RUNS(VSI, SB_CONSTS_IB,
               IDirect3DDevice9_SetVertexShaderConstantI(d, start, sb->vs_i[start], n));
    APPLY_RUNS(PSI, SB_CONSTS_IB,
               IDirect3DDevice9_SetPixelShaderConstantI(d, start, sb->ps_i[start], n));
    APPLY_RUNS(VSB, SB_CONSTS_IB,
               IDirect3DDevice9_SetVertexShaderConstantB(d, start, &sb->vs_b[start], n));
    APPLY_RUNS(PSB, SB_CONSTS_IB,
               IDirect3DDevice9_SetPixelShaderConstantB(d, start, &sb->ps_b[start], n));
#undef VSF
#undef PSF
#undef VSI
#undef PSI
#undef VSB
#undef PSB
}

/* ------------------------------------------------------------ the object */

static const IDirect3DStateBlock9Vtbl stateblock_vtbl;

static HRESULT WINAPI sb_QueryInterface(IDirect3DStateBlock9 *iface, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IDirect3DStateBlock9) || IsEqualGUID(riid, &IID_IUnknown)) {
        IDirect3DStateBlock9_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG WINAPI sb_AddRef(IDirect3DStateBlock9 *iface)
{
    return (ULONG)__atomic_add_fetch(&impl_from_iface(iface)->refcount, 1, __ATOMIC_SEQ_CST);
}

static void sb_free(struct d3d9_stateblock *sb)
{
    for (unsigned i = 0; i < D3D9_MAX_SAMPLERS; i++)
        TAKE(sb->tex[i], NULL);
    for (unsigned i = 0; i < D3D9_MAX_STREAMS; i++)
        TAKE(sb->streams[i].vb, NULL);
    TAKE(sb->indices, NULL);
    TAKE(sb->decl, NULL);
    TAKE(sb->vs, NULL);
    TAKE(sb->ps, NULL);
    free(sb->xforms);
    free(sb->lights);
    free(sb);
}

static ULONG WINAPI sb_Release(IDirect3DStateBlock9 *iface)
{
    struct d3d9_stateblock *sb = impl_from_iface(iface);
    LONG ref = __atomic_sub_fetch(&sb->refcount, 1, __ATOMIC_SEQ_CST);
    if (!ref) {
        struct d3d9_device *dev = sb->device;
        sb_free(sb);
        d3d9_device_release(dev);
    }
    return (ULONG)ref;
}

static HRESULT WINAPI sb_GetDevice(IDirect3DStateBlock9 *iface, IDirect3DDevice9 **out)
{
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = dev_iface(impl_from_iface(iface));
    IDirect3DDevice9_AddRef(*out);
    return D3D_OK;
}

static HRESULT WINAPI sb_Capture(IDirect3DStateBlock9 *iface)
{
    struct d3d9_stateblock *sb = impl_from_iface(iface);
    if (sb->device->recording)
        return D3DERR_INVALIDCALL; /* as the runtime, while recording */
    capture(sb, false);
    return D3D_OK;
}

static HRESULT WINAPI sb_Apply(IDirect3DStateBlock9 *iface)
{
    struct d3d9_stateblock *sb = impl_from_iface(iface);
    if (sb->device->recording)
        return D3DERR_INVALIDCALL;
    apply(sb);
    return D3D_OK;
}

static const IDirect3DStateBlock9Vtbl stateblock_vtbl = {
    sb_QueryInterface, sb_AddRef, sb_Release, sb_GetDevice, sb_Capture, sb_Apply,
};

static struct d3d9_stateblock *sb_alloc(struct d3d9_device *dev, DWORD type)
{
    struct d3d9_stateblock *sb = calloc(1, sizeof(*sb));
    if (!sb)
        return NULL;
    sb->IDirect3DStateBlock9_iface.lpVtbl = &stateblock_vtbl;
    sb->refcount = 1;
    sb->device = dev;
    sb->type = type;
    return sb;
}

static void mark_pixel(struct d3d9_stateblock *sb)
{
    for (size_t i = 0; i < NR_ARRAY_SIZE(pixel_states); i++)
        MARK(sb->rs_mask, pixel_states[i]);
    for (unsigned st = 0; st < D3D9_MAX_STAGES; st++)
        for (size_t i = 0; i < NR_ARRAY_SIZE(pixel_tss); i++)
            sb->tss_mask[st] |= 1ull << pixel_tss[i];
    for (unsigned i = 0; i < D3D9_MAX_SAMPLERS; i++)
        sb->samp_mask[i] |= ((1u << D3DSAMP_DMAPOFFSET) - 1) & ~1u;
    sb->has_ps = true;
    memset(sb->ps_f_mask, 0xff, sizeof(sb->ps_f_mask));
    sb->ps_i_mask = sb->ps_b_mask = 0xffff;
}

static void mark_vertex(struct d3d9_stateblock *sb)
{
    for (size_t i = 0; i < NR_ARRAY_SIZE(vertex_states); i++)
        MARK(sb->rs_mask, vertex_states[i]);
    for (unsigned st = 0; st < D3D9_MAX_STAGES; st++)
        sb->tss_mask[st] |= 1ull << D3DTSS_TEXCOORDINDEX |
                            1ull << D3DTSS_TEXTURETRANSFORMFLAGS;
    for (unsigned i = 0; i < D3D9_MAX_SAMPLERS; i++)
        sb->samp_mask[i] |= 1u << D3DSAMP_DMAPOFFSET;
    sb->all_lights = true;
    sb->has_fvf = sb->has_decl = sb->has_vs = true;
    memset(sb->vs_f_mask, 0xff, sizeof(sb->vs_f_mask));
    sb->vs_i_mask = sb->vs_b_mask = 0xffff;
}

static bool mark_all(struct d3d9_stateblock *sb)
{
    mark_pixel(sb);
    mark_vertex(sb);
    for (unsigned s = 0; s < D3D9_MAX_RENDER_STATE; s++)
        if (defined_render_state(s))
            MARK(sb->rs_mask, s);
    for (unsigned st = 0; st < D3D9_MAX_STAGES; st++)
        for (size_t i = 0; i < NR_ARRAY_SIZE(all_tss); i++)
            sb->tss_mask[st] |= 1ull << all_tss[i];
    sb->tex_mask = (1u << D3D9_MAX_SAMPLERS) - 1;
    if (!ensure_xforms(sb))
        return false;
    for (unsigned i = 0; i < SB_MAX_TRANSFORMS; i++)
        if (valid_transform(i))
            MARK(sb->xform_mask, i);
    sb->has_material = sb->has_viewport = sb->has_scissor = sb->has_indices = true;
    sb->stream_mask = sb->freq_mask = (1u << D3D9_MAX_STREAMS) - 1;
    sb->clip_mask = (1u << 6) - 1;
    return true;
}

HRESULT d3d9_stateblock_create(struct d3d9_device *dev, D3DSTATEBLOCKTYPE type,
                               IDirect3DStateBlock9 **out)
{
    struct d3d9_stateblock *sb;

    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (type != D3DSBT_ALL && type != D3DSBT_PIXELSTATE && type != D3DSBT_VERTEXSTATE)
        return D3DERR_INVALIDCALL;
    if (dev->recording)
        return D3DERR_INVALIDCALL; /* as the runtime, while recording */
    if (!(sb = sb_alloc(dev, type)))
        return E_OUTOFMEMORY;
    if (type == D3DSBT_ALL) {
        if (!mark_all(sb)) {
            sb_free(sb);
            return E_OUTOFMEMORY;
        }
    } else if (type == D3DSBT_PIXELSTATE) {
        mark_pixel(sb);
    } else {
        mark_vertex(sb);
    }
    capture(sb, true);
    d3d9_device_addref(dev);
    *out = &sb->IDirect3DStateBlock9_iface;
    return D3D_OK;
}

HRESULT d3d9_stateblock_begin(struct d3d9_device *dev)
{
    if (dev->recording)
        return D3DERR_INVALIDCALL;
    /* The recording block holds no device reference until EndStateBlock
     * hands it out (BeginStateBlock leaves the device's count alone). */
    if (!(dev->recording = sb_alloc(dev, 0)))
        return E_OUTOFMEMORY;
    return D3D_OK;
}

HRESULT d3d9_stateblock_end(struct d3d9_device *dev, IDirect3DStateBlock9 **out)
{
    /* Without a recording the pointer is left as it was (Wine's
     * test_begin_end_state_block, on Windows). */
    if (!out || !dev->recording)
        return D3DERR_INVALIDCALL;
    *out = &dev->recording->IDirect3DStateBlock9_iface;
    dev->recording = NULL;
    d3d9_device_addref(dev);
    return D3D_OK;
}

struct d3d9_stateblock *d3d9_stateblock_from_iface(IDirect3DStateBlock9 *iface)
{
    if (!iface || d3d9_base_vtbl(iface->lpVtbl) != (const void *)&stateblock_vtbl)
        return NULL;
    return impl_from_iface(iface);
}

/* ----------------------------------------------------------- recording */

HRESULT d3d9_sb_record_render_state(struct d3d9_stateblock *sb, D3DRENDERSTATETYPE s,
                                    DWORD v)
{
    if ((unsigned)s >= D3D9_MAX_RENDER_STATE)
        return D3DERR_INVALIDCALL;
    MARK(sb->rs_mask, s);
    sb->rs[s] = v;
    return D3D_OK;
}

HRESULT d3d9_sb_record_texture_stage_state(struct d3d9_stateblock *sb, DWORD stage,
                                           D3DTEXTURESTAGESTATETYPE t, DWORD v)
{
    if (stage >= D3D9_MAX_STAGES || (unsigned)t >= D3D9_MAX_TSS)
        return D3DERR_INVALIDCALL;
    sb->tss_mask[stage] |= 1ull << t;
    sb->tss[stage][t] = v;
    return D3D_OK;
}

HRESULT d3d9_sb_record_sampler_state(struct d3d9_stateblock *sb, int slot,
                                     D3DSAMPLERSTATETYPE t, DWORD v)
{
    if (slot < 0 || slot >= D3D9_MAX_SAMPLERS || (unsigned)t >= D3D9_MAX_SAMPLER_STATE)
        return D3DERR_INVALIDCALL;
    sb->samp_mask[slot] |= 1u << t;
    sb->samp[slot][t] = v;
    return D3D_OK;
}

HRESULT d3d9_sb_record_texture(struct d3d9_stateblock *sb, int slot,
                               IDirect3DBaseTexture9 *tex)
{
    if (slot < 0 || slot >= D3D9_MAX_SAMPLERS)
        return D3DERR_INVALIDCALL;
    sb->tex_mask |= 1u << slot;
    HOLD(sb->tex[slot], tex);
    return D3D_OK;
}

HRESULT d3d9_sb_record_transform(struct d3d9_stateblock *sb, D3DTRANSFORMSTATETYPE t,
                                 const D3DMATRIX *m)
{
    if ((unsigned)t >= SB_MAX_TRANSFORMS || !m)
        return D3DERR_INVALIDCALL;
    if (!ensure_xforms(sb))
        return E_OUTOFMEMORY;
    MARK(sb->xform_mask, t);
    sb->xforms[t] = *m;
    return D3D_OK;
}

HRESULT d3d9_sb_record_viewport(struct d3d9_stateblock *sb, const D3DVIEWPORT9 *vp)
{
    sb->has_viewport = true;
    sb->viewport = *vp;
    return D3D_OK;
}

HRESULT d3d9_sb_record_scissor_rect(struct d3d9_stateblock *sb, const RECT *r)
{
    sb->has_scissor = true;
    sb->scissor = *r;
    return D3D_OK;
}

HRESULT d3d9_sb_record_material(struct d3d9_stateblock *sb, const D3DMATERIAL9 *m)
{
    sb->has_material = true;
    sb->material = *m;
    return D3D_OK;
}

HRESULT d3d9_sb_record_light(struct d3d9_stateblock *sb, DWORD index, const D3DLIGHT9 *l)
{
    struct sb_light *bl = block_light(sb, index, true);
    if (!bl)
        return E_OUTOFMEMORY;
    bl->has_light = true;
    bl->light = *l;
    return D3D_OK;
}

HRESULT d3d9_sb_record_light_enable(struct d3d9_stateblock *sb, DWORD index, BOOL enable)
{
    struct sb_light *bl = block_light(sb, index, true);
    if (!bl)
        return E_OUTOFMEMORY;
    if (!bl->has_light) {
        /* Capture and GetLight* see D3D9's default light until set. */
        bl->light.Type = D3DLIGHT_DIRECTIONAL;
        bl->light.Diffuse = (D3DCOLORVALUE){1.0f, 1.0f, 1.0f, 0.0f};
        bl->light.Direction = (D3DVECTOR){0.0f, 0.0f, 1.0f};
    }
    bl->has_enable = true;
    bl->enabled = enable ? TRUE : FALSE;
    return D3D_OK;
}

HRESULT d3d9_sb_record_clip_plane(struct d3d9_stateblock *sb, DWORD index,
                                  const float *plane)
{
    if (index >= 6 || !plane)
        return D3DERR_INVALIDCALL;
    sb->clip_mask |= 1u << index;
    memcpy(sb->clip[index], plane, sizeof(sb->clip[index]));
    return D3D_OK;
}

HRESULT d3d9_sb_record_stream_source(struct d3d9_stateblock *sb, UINT stream,
                                     IDirect3DVertexBuffer9 *vb, UINT offset, UINT stride)
{
    if (stream >= D3D9_MAX_STREAMS)
        return D3DERR_INVALIDCALL;
    sb->stream_mask |= 1u << stream;
    HOLD(sb->streams[stream].vb, vb);
    sb->streams[stream].offset = offset;
    sb->streams[stream].stride = stride;
    return D3D_OK;
}

HRESULT d3d9_sb_record_stream_source_freq(struct d3d9_stateblock *sb, UINT stream,
                                          UINT setting)
{
    if (stream >= D3D9_MAX_STREAMS)
        return D3DERR_INVALIDCALL;
    sb->freq_mask |= 1u << stream;
    sb->streams[stream].freq = setting;
    return D3D_OK;
}

HRESULT d3d9_sb_record_indices(struct d3d9_stateblock *sb, IDirect3DIndexBuffer9 *ib)
{
    sb->has_indices = true;
    HOLD(sb->indices, ib);
    return D3D_OK;
}

HRESULT d3d9_sb_record_fvf(struct d3d9_stateblock *sb, DWORD fvf)
{
    sb->has_fvf = true;
    sb->fvf = fvf;
    /* SetFVF replaces the declaration: the later of the two wins. */
    if (sb->has_decl) {
        sb->has_decl = false;
        TAKE(sb->decl, NULL);
    }
    return D3D_OK;
}

HRESULT d3d9_sb_record_vertex_declaration(struct d3d9_stateblock *sb,
                                          IDirect3DVertexDeclaration9 *decl)
{
    sb->has_decl = true;
    HOLD(sb->decl, decl);
    sb->has_fvf = false;
    return D3D_OK;
}

HRESULT d3d9_sb_record_vertex_shader(struct d3d9_stateblock *sb,
                                     IDirect3DVertexShader9 *vs)
{
    sb->has_vs = true;
    HOLD(sb->vs, vs);
    return D3D_OK;
}

HRESULT d3d9_sb_record_pixel_shader(struct d3d9_stateblock *sb, IDirect3DPixelShader9 *ps)
{
    sb->has_ps = true;
    HOLD(sb->ps, ps);
    return D3D_OK;
}

/* Constants past what a block keeps (software vertex processing's 8192
 * vertex constants) are not recorded. */
#define RECORD_CONSTANTS(name, type, width, limit, mask_set, dst)              \
    HRESULT name(struct d3d9_stateblock *sb, UINT start, const type *data,     \
                 UINT count)                                                   \
    {                                                                          \
        if (!data && count)                                                    \
            return D3DERR_INVALIDCALL;                                         \
        for (UINT i = 0; i < count && start + i < (limit); i++) {              \
            UINT r = start + i;                                                \
            mask_set;                                                          \
            memcpy(&dst[r], data + (size_t)i * (width), sizeof(type) * (width)); \
        }                                                                      \
        return D3D_OK;                                                         \
    }
RECORD_CONSTANTS(d3d9_sb_record_vs_constants_f, float, 4, SB_VS_CONSTS_F,
                 MARK(sb->vs_f_mask, r), sb->vs_f)
RECORD_CONSTANTS(d3d9_sb_record_ps_constants_f, float, 4, SB_PS_CONSTS_F,
                 MARK(sb->ps_f_mask, r), sb->ps_f)
RECORD_CONSTANTS(d3d9_sb_record_vs_constants_i, int, 4, SB_CONSTS_IB,
                 sb->vs_i_mask |= 1u << r, sb->vs_i)
RECORD_CONSTANTS(d3d9_sb_record_ps_constants_i, int, 4, SB_CONSTS_IB,
                 sb->ps_i_mask |= 1u << r, sb->ps_i)
RECORD_CONSTANTS(d3d9_sb_record_vs_constants_b, BOOL, 1, SB_CONSTS_IB,
                 sb->vs_b_mask |= 1u << r, sb->vs_b)
RECORD_CONSTANTS(d3d9_sb_record_ps_constants_b, BOOL, 1, SB_CONSTS_IB,
                 sb->ps_b_mask |= 1u << r, sb->ps_b)
