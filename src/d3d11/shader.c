/* nereid D3D11: vertex and pixel shaders (DXBC, translated by the server),
 * input layouts, and the rasterizer, blend and depth-stencil states. */
#define _GNU_SOURCE
#include "d3d11/d3d11_private.h"
#include "d3d11/d3d11_child.h"
#include "shader/binding.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------ shaders */

D11_CHILD_METHODS(vs, ID3D11VertexShader, struct d11_shader, iface)
D11_CHILD_QI(vs, ID3D11VertexShader, &IID_ID3D11VertexShader, NULL, NULL)
D11_CHILD_METHODS(ps, ID3D11PixelShader, struct d11_shader, iface)
D11_CHILD_QI(ps, ID3D11PixelShader, &IID_ID3D11PixelShader, NULL, NULL)
D11_CHILD_METHODS(cs, ID3D11ComputeShader, struct d11_shader, iface)
D11_CHILD_QI(cs, ID3D11ComputeShader, &IID_ID3D11ComputeShader, NULL, NULL)
D11_CHILD_METHODS(gs, ID3D11GeometryShader, struct d11_shader, iface)
D11_CHILD_QI(gs, ID3D11GeometryShader, &IID_ID3D11GeometryShader, NULL, NULL)
D11_CHILD_METHODS(hs, ID3D11HullShader, struct d11_shader, iface)
D11_CHILD_QI(hs, ID3D11HullShader, &IID_ID3D11HullShader, NULL, NULL)
D11_CHILD_METHODS(ds, ID3D11DomainShader, struct d11_shader, iface)
D11_CHILD_QI(ds, ID3D11DomainShader, &IID_ID3D11DomainShader, NULL, NULL)

static void shader_free(struct d11_shader *s)
{
    d11_destroy_object(s->c.dev, WIRE_OBJ_SHADER, s->handle);
    if (!wire_handle_is_null(s->dual))
        d11_destroy_object(s->c.dev, WIRE_OBJ_SHADER, s->dual);
    for (unsigned i = 0; i < s->alpha_count; i++)
        d11_destroy_object(s->c.dev, WIRE_OBJ_SHADER, s->alpha[i].handle);
    free(s->code);
    free(s);
}

/* Another server module of a pixel shader's DXBC ({0, 0}: none made). */
static wire_handle create_variant(struct d11_device *dev, struct d11_shader *s,
                                  uint32_t source, uint8_t alpha_targets)
{
    struct transport_client *tc = dev->tc;
    void *stage;
    if (!s->code)
        return (wire_handle){0, 0};
    struct wire_create_shader cs = {d11_handle_alloc(dev, WIRE_OBJ_SHADER), WIRE_STAGE_FRAGMENT,
                                    source, 0, (uint32_t)s->code_size};
    cs.options.alpha_targets = alpha_targets;
    if (wire_handle_is_null(cs.shader))
        return cs.shader;
    if (tc->lost || !transport_stage_alloc(tc, (uint32_t)s->code_size, &cs.stage_offset, &stage))
        return (wire_handle){0, 0};
    memcpy(stage, s->code, s->code_size);
    if (!wire_emit_CREATE_SHADER(&tc->w, &cs))
        return (wire_handle){0, 0};
    return cs.shader;
}

wire_handle d11_shader_dual(struct d11_device *dev, struct d11_shader *s)
{
    if (wire_handle_is_null(s->dual) && (dev->tc->caps.features & WIRE_DEVFEAT_DUAL_SOURCE))
        s->dual = create_variant(dev, s, WIRE_SHADER_DXBC_DUAL_SOURCE, 0);
    return s->dual;
}

wire_handle d11_shader_alpha(struct d11_device *dev, struct d11_shader *s, uint8_t mask)
{
    wire_handle h;
    for (unsigned i = 0; i < s->alpha_count; i++)
        if (s->alpha[i].mask == mask)
            return s->alpha[i].handle;
    if (s->alpha_count == NR_ARRAY_SIZE(s->alpha) ||
        wire_handle_is_null(h = create_variant(dev, s, WIRE_SHADER_DXBC, mask)))
        return (wire_handle){0, 0};
    s->alpha[s->alpha_count].mask = mask;
    s->alpha[s->alpha_count++].handle = h;
    return h;
}

static void vs_destroy(struct d11_shader *s)
{
    shader_free(s);
}

static void ps_destroy(struct d11_shader *s)
{
    shader_free(s);
}

static void cs_destroy(struct d11_shader *s)
{
    shader_free(s);
}

static void gs_destroy(struct d11_shader *s)
{
    shader_free(s);
}

static void hs_destroy(struct d11_shader *s)
{
    shader_free(s);
}

static void ds_destroy(struct d11_shader *s)
{
    shader_free(s);
}

static const ID3D11VertexShaderVtbl vs_vtbl = {
    vs_QueryInterface, vs_AddRef,         vs_Release,
    vs_GetDevice,      vs_GetPrivateData, vs_SetPrivateData,
    vs_SetPrivateDataInterface,
};

static const ID3D11PixelShaderVtbl ps_vtbl = {
    ps_QueryInterface, ps_AddRef,         ps_Release,
    ps_GetDevice,      ps_GetPrivateData, ps_SetPrivateData,
    ps_SetPrivateDataInterface,
};

static const ID3D11ComputeShaderVtbl cs_vtbl = {
    cs_QueryInterface, cs_AddRef,         cs_Release,
    cs_GetDevice,      cs_GetPrivateData, cs_SetPrivateData,
    cs_SetPrivateDataInterface,
};

static const ID3D11GeometryShaderVtbl gs_vtbl = {
    gs_QueryInterface, gs_AddRef,         gs_Release,
    gs_GetDevice,      gs_GetPrivateData, gs_SetPrivateData,
    gs_SetPrivateDataInterface,
};

static const ID3D11HullShaderVtbl hs_vtbl = {
    hs_QueryInterface, hs_AddRef,         hs_Release,
    hs_GetDevice,      hs_GetPrivateData, hs_SetPrivateData,
    hs_SetPrivateDataInterface,
};

static const ID3D11DomainShaderVtbl ds_vtbl = {
    ds_QueryInterface, ds_AddRef,         ds_Release,
    ds_GetDevice,      ds_GetPrivateData, ds_SetPrivateData,
    ds_SetPrivateDataInterface,
};

static const void *const shader_vtbls[D11_STAGES] = {&vs_vtbl, &ps_vtbl, &cs_vtbl,
                                                     &gs_vtbl, &hs_vtbl, &ds_vtbl};

struct d11_shader *d11_shader_from(void *iface, enum d11_stage stage)
{
    const void *vtbl = iface ? *(const void **)iface : NULL;
    if (!iface || stage >= D11_STAGES || vtbl != shader_vtbls[stage])
        return NULL;
    return D11_IMPL(iface, struct d11_shader, iface);
}

/* Whether a program's outputs have this system value (D3D_NAME). */
static bool writes_system_value(const struct dxbc_shader *sh, uint32_t name)
{
    for (uint32_t i = 0; i < sh->outputs.count; i++)
        if (sh->outputs.e[i].system_value == name)
            return true;
    return false;
}

HRESULT d11_shader_create(struct d11_device *dev, enum d11_stage stage, const void *code,
                          SIZE_T size, void **out)
{
    static const char *const names[D11_STAGES] = {"Vertex",   "Pixel", "Compute",
                                                  "Geometry", "Hull",  "Domain"};
    static const uint32_t types[D11_STAGES] = {DXBC_VERTEX,   DXBC_PIXEL, DXBC_COMPUTE,
                                               DXBC_GEOMETRY, DXBC_HULL,  DXBC_DOMAIN};
    static const uint32_t wire_stages[D11_STAGES] = {WIRE_STAGE_VERTEX,   WIRE_STAGE_FRAGMENT,
                                                     WIRE_STAGE_COMPUTE,  WIRE_STAGE_GEOMETRY,
                                                     WIRE_STAGE_HULL,     WIRE_STAGE_DOMAIN};
    bool tess = stage == D11_HS || stage == D11_DS;
    /* the fragment stage's bindings: pixel and compute */
    bool pixel = stage == D11_PS || stage == D11_CS;
    struct transport_client *tc = dev->tc;
    struct dxbc_shader sh;
    struct dxbc_bindings bind;
    struct d11_shader *s;
    char err[160];
    HRESULT hr = S_OK;

    if (out)
        *out = NULL;
    if (!code || !size || size > (1u << 20))
        return E_INVALIDARG;
    if (!dxbc_parse(code, size, &sh, err, sizeof(err))) {
        NR_WARN(D3D9, "Create%sShader: %s", names[stage], err);
        return E_INVALIDARG;
    }
    if (sh.type != types[stage] || !d11_shader_model_ok(dev, &sh))
        return E_INVALIDARG;
    if (stage == D11_CS && !(tc->caps.features & WIRE_DEVFEAT_STORAGE))
        return E_NOTIMPL; /* the device has no compute and storage */
    if (stage == D11_GS && !(tc->caps.features & WIRE_DEVFEAT_GEOMETRY))
        return E_NOTIMPL; /* the device has no geometry shaders */
    if (tess && dev->level < D3D_FEATURE_LEVEL_11_0)
        return E_INVALIDARG; /* hull and domain shaders are level 11_0's */
    if (tess && !(tc->caps.features & WIRE_DEVFEAT_TESSELLATION))
        return E_NOTIMPL; /* the device has no tessellation */
    /* A render-target or viewport array index written before the geometry
     * stage: the device does not offer it (D3D11_OPTIONS3's
     * VPAndRTArrayIndexFromAnyShaderFeedingRasterizer), so D3D11 refuses
     * the program. */
    if ((stage == D11_VS || stage == D11_DS) &&
        (writes_system_value(&sh, 4 /* D3D_NAME_RENDER_TARGET_ARRAY_INDEX */) ||
         writes_system_value(&sh, 5 /* D3D_NAME_VIEWPORT_ARRAY_INDEX */)))
        return E_INVALIDARG;
    /* A viewport index from the geometry stage: on a device of one
     * viewport, not done rather than drawn into viewport 0. */
    if (stage == D11_GS && writes_system_value(&sh, 5 /* D3D_NAME_VIEWPORT_ARRAY_INDEX */) &&
        !(tc->caps.features & WIRE_DEVFEAT_MULTI_VIEWPORT)) {
        NR_WARN(D3D9, "CreateGeometryShader: SV_ViewportArrayIndex on a device of one "
                      "viewport");
        return E_NOTIMPL;
    }
    /* What it binds, by the list the server translates by. */
    if (!dxbc_bindings(&sh, &bind, err, sizeof(err))) {
        NR_WARN(D3D9, "Create%sShader: %s", names[stage], err);
        return E_NOTIMPL;
    }
    /* Raw and structured buffers are shader model 5's, or 4's at level
     * 11_0 (at 10_x only with D3D10_X_HARDWARE_OPTIONS, which the device
     * does not offer): E_INVALIDARG below. */
    if (dev->level < D3D_FEATURE_LEVEL_11_0)
        for (uint32_t k = 0; k < DXBC_MAX_TEXTURES; k++)
            if (bind.texture_dim[k] == DXBC_DIM_RAW_BUFFER ||
                bind.texture_dim[k] == DXBC_DIM_STRUCTURED_BUFFER)
                return E_INVALIDARG;
    /* UAVs: the pixel and compute stages', and from level 11_1 every
     * stage's (D3D11.1's; below it such a program is refused), where the
     * device writes storage there. */
    if (bind.uav_mask && stage != D11_PS && stage != D11_CS &&
        dev->level < D3D_FEATURE_LEVEL_11_1)
        return E_INVALIDARG;
    if (bind.uav_mask &&
        (!(tc->caps.features & WIRE_DEVFEAT_STORAGE) ||
         (stage != D11_PS && stage != D11_CS &&
          !(tc->caps.features & WIRE_DEVFEAT_VERTEX_STORAGE)))) {
        NR_WARN(D3D9, "Create%sShader: UAVs of this stage on this device are not done",
                names[stage]);
        return E_NOTIMPL;
    }
    /* Multisampled textures are read where the device has null descriptors
     * (an empty Texture2DMS slot is a null view), cube arrays where it has
     * them. */
    for (uint32_t t = 0; t < DXBC_MAX_TEXTURES; t++)
        if ((bind.texture_dim[t] == DXBC_DIM_TEXTURE2DMS &&
             !(tc->caps.features & WIRE_DEVFEAT_NULL_VERTEX_BUFFER)) ||
            (bind.texture_dim[t] == DXBC_DIM_TEXTURECUBEARRAY &&
             !(tc->caps.features & WIRE_DEVFEAT_CUBE_ARRAY))) {
            NR_WARN(D3D9, "Create%sShader: t%u of dimension %u: not on this device",
                    names[stage], t, bind.texture_dim[t]);
            return E_NOTIMPL;
        }
    if (bind.pair_count > (pixel             ? NR_MAX_FS_SAMPLERS
                           : stage == D11_VS ? NR_MAX_VS_SAMPLERS
                                             : NR_MAX_STAGE_SAMPLERS)) {
        NR_WARN(D3D9, "Create%sShader: %u texture and sampler pairs, more than the stage has",
                names[stage], bind.pair_count);
        return E_NOTIMPL;
    }
    if (bind.buffer_count > (pixel             ? NR_MAX_FS_TEXELS
                             : stage == D11_VS ? NR_MAX_VS_TEXELS
                                               : NR_MAX_STAGE_TEXELS)) {
        NR_WARN(D3D9, "Create%sShader: %u buffers, more than the stage has",
                names[stage], bind.buffer_count);
        return E_NOTIMPL;
    }
    if (!out)
        return S_FALSE;
    if (!(s = calloc(1, sizeof(*s))))
        return E_OUTOFMEMORY;
    s->iface.lpVtbl = shader_vtbls[stage];
    s->code_hash = nr_hash64(code, size, NR_HASH_SEED);
    s->pixel = stage == D11_PS;
    s->stage = stage;
    s->bind = bind;
    /* Kept for its other modules (d11_shader_dual, d11_shader_alpha). */
    if (s->pixel) {
        if (!(s->code = malloc(size))) {
            free(s);
            return E_OUTOFMEMORY;
        }
        memcpy(s->code, code, size);
        s->code_size = size;
    }
    d11_child_init(&s->c, dev,
                   stage == D11_CS   ? cs_destroy_child
                   : stage == D11_GS ? gs_destroy_child
                   : stage == D11_HS ? hs_destroy_child
                   : stage == D11_DS ? ds_destroy_child
                   : pixel           ? ps_destroy_child
                                     : vs_destroy_child);
    pthread_mutex_lock(&dev->lock);
    s->handle = d11_handle_alloc(dev, WIRE_OBJ_SHADER);
    if (wire_handle_is_null(s->handle)) {
        hr = E_OUTOFMEMORY;
    } else {
        struct wire_create_shader cs = {s->handle, wire_stages[stage], WIRE_SHADER_DXBC, 0,
                                        (uint32_t)size};
        void *stage;
        if (tc->lost || !transport_stage_alloc(tc, (uint32_t)size, &cs.stage_offset, &stage))
            hr = DXGI_ERROR_DEVICE_REMOVED;
        else {
            memcpy(stage, code, size);
            if (!wire_emit_CREATE_SHADER(&tc->w, &cs))
                hr = DXGI_ERROR_DEVICE_REMOVED;
        }
    }
    pthread_mutex_unlock(&dev->lock);
    if (FAILED(hr)) {
        d11_child_release(&s->c);
        return hr;
    }
    *out = &s->iface;
    return S_OK;
}

/* A feature level's shader models: 4.0 at 10_0, 4.1 at 10_1, 5.0 from
 * 11_0 (a later model's program is E_INVALIDARG, as D3D11 answers). */
bool d11_shader_model_ok(const struct d11_device *dev, const struct dxbc_shader *sh)
{
    uint32_t model = sh->major * 10 + sh->minor;
    return model <= (dev->level >= D3D_FEATURE_LEVEL_11_0   ? 50u
                     : dev->level >= D3D_FEATURE_LEVEL_10_1 ? 41u
                                                            : 40u);
}

/* ------------------------------------------------------------ stream output */

/* The components an output has (its mask's, counted from its first). */
static uint32_t element_components(const struct dxbc_signature_element *e)
{
    return (uint32_t)__builtin_popcount(e->mask & 0xf);
}

/* CreateGeometryShaderWithStreamOutput's declaration checked as D3D11
 * does (E_INVALIDARG), then against what is built (E_NOTIMPL: streams 1-3
 * where the server has only stream 0, at most WIRE_MAX_SO_ENTRIES
 * entries); on success the wire's entries and strides. */
static HRESULT so_layout(const struct dxbc_shader *sh, const D3D11_SO_DECLARATION_ENTRY *decl,
                         UINT n, const UINT *strides, UINT stride_count, UINT rasterized,
                         D3D_FEATURE_LEVEL level, uint32_t max_stride, bool streams,
                         struct wire_so_entry *out, uint32_t out_strides[4])
{
    uint32_t used[D3D11_SO_BUFFER_SLOT_COUNT] = {0}, slots = 0, named_slots = 0;
    uint32_t entries[D3D11_SO_BUFFER_SLOT_COUNT] = {0};
    uint8_t slot_stream[D3D11_SO_BUFFER_SLOT_COUNT] = {0};
    bool notimpl = false;

    if ((!decl) != (!n) || n > D3D11_SO_STREAM_COUNT * D3D11_SO_OUTPUT_COMPONENT_COUNT ||
        stride_count > D3D11_SO_BUFFER_SLOT_COUNT || (stride_count && !strides) ||
        (rasterized != D3D11_SO_NO_RASTERIZED_STREAM && rasterized >= D3D11_SO_STREAM_COUNT))
        return E_INVALIDARG;
    /* Feature levels 10_x: one stream, rasterized; one stride at most. */
    if (level < D3D_FEATURE_LEVEL_11_0 && (rasterized || stride_count > 1))
        return E_INVALIDARG;
    for (UINT i = 0; i < n; i++) {
        const D3D11_SO_DECLARATION_ENTRY *e = &decl[i];
        if (e->Stream >= D3D11_SO_STREAM_COUNT || e->OutputSlot >= D3D11_SO_BUFFER_SLOT_COUNT ||
            !e->ComponentCount)
            return E_INVALIDARG;
        if (e->Stream && level < D3D_FEATURE_LEVEL_11_0)
            return E_INVALIDARG;
        /* An output slot is one stream's. */
        if ((slots >> e->OutputSlot & 1) && slot_stream[e->OutputSlot] != e->Stream)
            return E_INVALIDARG;
        slot_stream[e->OutputSlot] = (uint8_t)e->Stream;
        slots |= 1u << e->OutputSlot;
        used[e->OutputSlot] += e->ComponentCount;
        entries[e->OutputSlot]++;
        if (!e->SemanticName) {
            /* A gap: components only. */
            if (e->SemanticIndex || e->StartComponent)
                return E_INVALIDARG;
            notimpl |= e->Stream && !streams;
            continue;
        }
        named_slots |= 1u << e->OutputSlot;
        /* Of the entry's stream (an output signature of one stream is
         * stream 0's). */
        const struct dxbc_signature_element *el =
            dxbc_signature_find_stream(&sh->outputs, e->SemanticName, e->SemanticIndex,
                                       e->Stream);
        if (!el ||
            e->StartComponent + e->ComponentCount > element_components(el))
            return E_INVALIDARG;
        /* The same components of one output twice. */
        for (UINT j = 0; j < i; j++) {
            const D3D11_SO_DECLARATION_ENTRY *f = &decl[j];
            if (f->SemanticName && f->Stream == e->Stream &&
                dxbc_signature_find_stream(&sh->outputs, f->SemanticName, f->SemanticIndex,
                                           f->Stream) == el &&
                f->StartComponent < e->StartComponent + e->ComponentCount &&
                e->StartComponent < f->StartComponent + f->ComponentCount)
                return E_INVALIDARG;
        }
        notimpl |= (e->Stream && !streams) || strlen(e->SemanticName) >= 32;
    }
    /* A slot written has an output, not only gaps. */
    if (slots != named_slots)
        return E_INVALIDARG;
    /* Feature levels 10_x: entries in one slot, or one entry a slot. */
    if (level < D3D_FEATURE_LEVEL_11_0 && slots != 1)
        for (uint32_t k = 0; k < D3D11_SO_BUFFER_SLOT_COUNT; k++)
            if (entries[k] > 1)
                return E_INVALIDARG;
    for (uint32_t k = 0; k < D3D11_SO_BUFFER_SLOT_COUNT; k++) {
        uint32_t bytes = used[k] * 4;
        out_strides[k] = bytes;
        if (!(slots >> k & 1))
            continue;
        if (stride_count) {
            /* Strides given: one for each slot written, a multiple of 4 that
             * holds its entries. */
            if (k >= stride_count || !strides[k] || strides[k] % 4 || strides[k] < bytes ||
                strides[k] > D3D11_SO_BUFFER_MAX_STRIDE_IN_BYTES)
                return E_INVALIDARG;
            out_strides[k] = strides[k];
        } else if (bytes > D3D11_SO_BUFFER_MAX_STRIDE_IN_BYTES) {
            return E_INVALIDARG;
        }
        if (out_strides[k] > max_stride)
            notimpl = true; /* past what the device captures */
    }
    if (n > WIRE_MAX_SO_ENTRIES || notimpl)
        return E_NOTIMPL;
    for (UINT i = 0; i < n; i++) {
        memset(&out[i], 0, sizeof(out[i]));
        if (decl[i].SemanticName)
            memcpy(out[i].semantic, decl[i].SemanticName, strlen(decl[i].SemanticName) + 1);
        out[i].semantic_index = decl[i].SemanticIndex;
        out[i].stream = (uint8_t)decl[i].Stream;
        out[i].start_component = decl[i].StartComponent;
        out[i].component_count = decl[i].ComponentCount;
        out[i].slot = decl[i].OutputSlot;
    }
    return S_OK;
}

HRESULT d11_so_shader_create(struct d11_device *dev, const void *code, SIZE_T size,
                             const D3D11_SO_DECLARATION_ENTRY *decl, UINT n,
                             const UINT *strides, UINT stride_count, UINT rasterized,
                             ID3D11GeometryShader **out)
{
    struct transport_client *tc = dev->tc;
    struct wire_so_entry entries[WIRE_MAX_SO_ENTRIES];
    struct wire_create_so_shader cs = {{0, 0}};
    struct dxbc_shader sh;
    struct d11_shader *s;
    char err[160];
    HRESULT hr;

    if (out)
        *out = NULL;
    if (!code || !size || size > (1u << 20))
        return E_INVALIDARG;
    if (!dxbc_parse(code, size, &sh, err, sizeof(err))) {
        NR_WARN(D3D9, "CreateGeometryShaderWithStreamOutput: %s", err);
        return E_INVALIDARG;
    }
    if ((sh.type != DXBC_GEOMETRY && sh.type != DXBC_VERTEX) || !d11_shader_model_ok(dev, &sh))
        return E_INVALIDARG;
    /* A geometry shader declaring nothing is one without stream output
     * (a vertex program needs a declaration). */
    if (!decl && !n && sh.type == DXBC_GEOMETRY) {
        if (rasterized != D3D11_SO_NO_RASTERIZED_STREAM && rasterized >= D3D11_SO_STREAM_COUNT)
            return E_INVALIDARG;
        /* Feature levels 10_x: stream 0 rasterized, and no strides without
         * entries. */
        if (dev->level < D3D_FEATURE_LEVEL_11_0 && (rasterized || stride_count))
            return E_INVALIDARG;
        return d11_shader_create(dev, D11_GS, code, size, (void **)out);
    }
    if (!decl || !n)
        return E_INVALIDARG;
    if ((hr = so_layout(&sh, decl, n, strides, stride_count, rasterized, dev->level,
                        tc->caps.max_so_stride,
                        tc->caps.features & WIRE_DEVFEAT_SO_STREAMS, entries,
                        cs.strides)) != S_OK)
        return hr;
    if (!(tc->caps.features & WIRE_DEVFEAT_STREAM_OUTPUT))
        return E_NOTIMPL; /* the compute-pass emulation is not built */
    if (sh.type == DXBC_GEOMETRY) {
        /* As a geometry shader's: b0..b4, four pairs and four buffers
         * (binding.h), a viewport index where the device has viewports. */
        if (writes_system_value(&sh, 5 /* D3D_NAME_VIEWPORT_ARRAY_INDEX */) &&
            !(tc->caps.features & WIRE_DEVFEAT_MULTI_VIEWPORT))
            return E_NOTIMPL;
        struct dxbc_bindings bind;
        if (!dxbc_bindings(&sh, &bind, err, sizeof(err)) ||
            bind.pair_count > NR_MAX_STAGE_SAMPLERS ||
            bind.buffer_count > NR_MAX_STAGE_TEXELS)
            return E_NOTIMPL;
        /* UAVs as CreateGeometryShader's rule (d11_shader_create). */
        if (bind.uav_mask && dev->level < D3D_FEATURE_LEVEL_11_1)
            return E_INVALIDARG;
        if (bind.uav_mask && !(tc->caps.features & WIRE_DEVFEAT_VERTEX_STORAGE))
            return E_NOTIMPL;
    }
    if (!out)
        return S_FALSE;
    if (!(s = calloc(1, sizeof(*s))))
        return E_OUTOFMEMORY;
    s->iface.lpVtbl = (const void *)&gs_vtbl;
    s->stage = D11_GS;
    s->so = true;
    s->so_vertex = sh.type == DXBC_VERTEX;
    s->so_rasterized = rasterized;
    s->so_streams = dxbc_streams(&sh);
    s->code_hash = nr_hash64(code, size, NR_HASH_SEED);
    /* A vertex program's bindings are the vertex shader's; a geometry
     * program's are the geometry stage's. */
    if (sh.type == DXBC_GEOMETRY)
        (void)dxbc_bindings(&sh, &s->bind, err, sizeof(err));
    d11_child_init(&s->c, dev, gs_destroy_child);
    hr = S_OK;
    pthread_mutex_lock(&dev->lock);
    s->handle = d11_handle_alloc(dev, WIRE_OBJ_SHADER);
    if (wire_handle_is_null(s->handle)) {
        hr = E_OUTOFMEMORY;
    } else {
        void *stage, *estage;
        cs.shader = s->handle;
        cs.stage = sh.type == DXBC_VERTEX ? WIRE_STAGE_VERTEX : WIRE_STAGE_GEOMETRY;
        cs.size = (uint32_t)size;
        cs.entry_count = n;
        /* A server without streams draws stream 0 (the state blocks
         * discard any other rasterized stream: so_discards). */
        if (tc->caps.features & WIRE_DEVFEAT_SO_STREAMS)
            cs.rasterized = rasterized < D3D11_SO_STREAM_COUNT ? rasterized
                                                              : WIRE_SO_NO_RASTERIZED_STREAM;
        if (tc->lost || !transport_stage_alloc(tc, (uint32_t)size, &cs.stage_offset, &stage) ||
            !transport_stage_alloc(tc, n * (uint32_t)sizeof(entries[0]), &cs.entries_offset,
                                   &estage)) {
            hr = DXGI_ERROR_DEVICE_REMOVED;
        } else {
            memcpy(stage, code, size);
            memcpy(estage, entries, n * sizeof(entries[0]));
            if (!wire_emit_CREATE_SO_SHADER(&tc->w, &cs))
                hr = DXGI_ERROR_DEVICE_REMOVED;
        }
    }
    pthread_mutex_unlock(&dev->lock);
    if (FAILED(hr)) {
        d11_child_release(&s->c);
        return hr;
    }
    *out = (ID3D11GeometryShader *)&s->iface;
    return S_OK;
}

/* ------------------------------------------------------------ input layouts */

D11_CHILD_METHODS(il, ID3D11InputLayout, struct d11_layout, iface)
D11_CHILD_QI(il, ID3D11InputLayout, &IID_ID3D11InputLayout, NULL, NULL)

static void il_destroy(struct d11_layout *l)
{
    free(l);
}

static const ID3D11InputLayoutVtbl il_vtbl = {
    il_QueryInterface, il_AddRef,         il_Release,
    il_GetDevice,      il_GetPrivateData, il_SetPrivateData,
    il_SetPrivateDataInterface,
};

struct d11_layout *d11_layout_from(ID3D11InputLayout *l)
{
    return l && l->lpVtbl == &il_vtbl ? il_impl(l) : NULL;
}

HRESULT d11_layout_create(struct d11_device *dev, const D3D11_INPUT_ELEMENT_DESC *e,
                          UINT count, const void *code, SIZE_T size, ID3D11InputLayout **out)
{
    struct dxbc_shader sh;
    struct d11_layout l = {0}, *o;
    uint32_t next[D11_MAX_VB] = {0}, matched = 0, stepped = 0, per_vertex = 0;
    char err[160];

    if (out)
        *out = NULL;
    if (!e || count > 32 /* D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT */ || !code ||
        !dxbc_parse(code, size, &sh, err, sizeof(err)))
        return E_INVALIDARG;
    /* Any program's input signature is matched (a compute program's is
     * empty), as D3D11 does. */
    for (UINT i = 0; i < count; i++) {
        const struct dxbc_signature_element *s;
        uint32_t bpp = 0, fmt = d11_wire_format(e[i].Format, &bpp), offset;
        if (!e[i].SemanticName || e[i].InputSlot >= D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT ||
            e[i].InputSlotClass > D3D11_INPUT_PER_INSTANCE_DATA)
            return E_INVALIDARG;
        if (e[i].InputSlot >= dev->tc->caps.max_vertex_inputs)
            return E_NOTIMPL; /* a device of fewer bindings than D3D11's */
        /* A slot's elements are all per vertex or all per instance. */
        if ((e[i].InputSlotClass == D3D11_INPUT_PER_INSTANCE_DATA
                 ? per_vertex : stepped) & (1u << e[i].InputSlot))
            return E_INVALIDARG;
        if (e[i].InputSlotClass != D3D11_INPUT_PER_INSTANCE_DATA)
            per_vertex |= 1u << e[i].InputSlot;
        if (!fmt || !(dev->tc->caps.format_features[fmt] & WIRE_FEAT_VERTEX))
            return E_INVALIDARG;
        if (e[i].InputSlotClass == D3D11_INPUT_PER_INSTANCE_DATA) {
            /* A step rate other than 1 is the slot's divisor (Vulkan's are
             * per binding: one rate a slot), where the device has them. */
            UINT rate = e[i].InstanceDataStepRate, slot = e[i].InputSlot;
            uint32_t feat = dev->tc->caps.features;
            if ((stepped & (1u << slot)) &&
                (rate != 1) != !!(l.divisor_bindings & (1u << slot)))
                return E_NOTIMPL;
            if ((l.divisor_bindings & (1u << slot)) && l.divisors[slot] != rate)
                return E_NOTIMPL;
            if (rate != 1) {
                if (!(feat & WIRE_DEVFEAT_INSTANCE_DIVISOR) ||
                    (!rate && !(feat & WIRE_DEVFEAT_ZERO_DIVISOR)))
                    return E_NOTIMPL;
                l.divisor_bindings |= 1u << slot;
                l.divisors[slot] = rate;
            }
            stepped |= 1u << slot;
            l.instance_bindings |= 1u << slot;
        } else if (e[i].InstanceDataStepRate) {
            return E_INVALIDARG;
        }
        /* An element lies at a multiple of its components' size (4 at
         * most): D3D11 refuses one off it, and an appended one is placed
         * after the one before at the next such multiple (Vulkan fetches
         * so too; a slot's offsets and strides are checked at the draw). */
        uint32_t align = wire_format_vertex_align(fmt);
        offset = e[i].AlignedByteOffset == D3D11_APPEND_ALIGNED_ELEMENT
                     ? (next[e[i].InputSlot] + align - 1) / align * align
                     : e[i].AlignedByteOffset;
        next[e[i].InputSlot] = offset + bpp;
        if (offset % align)
            return E_INVALIDARG;
        l.vb_align[e[i].InputSlot] =
            (uint8_t)NR_MAX(l.vb_align[e[i].InputSlot], wire_format_vertex_align(fmt));
        /* Elements the shader does not read are allowed, and unused. */
        if (!(s = dxbc_signature_find(&sh.inputs, e[i].SemanticName, e[i].SemanticIndex)))
            continue;
        if (matched & (1u << s->reg))
            return E_INVALIDARG;
        matched |= 1u << s->reg;
        if (l.attr_count >= dev->tc->caps.max_vertex_inputs ||
            s->reg >= dev->tc->caps.max_vertex_inputs)
            return E_NOTIMPL;
        l.attrs[l.attr_count++] =
            (struct wire_vertex_attr){s->reg, e[i].InputSlot, fmt, offset};
    }
    /* Every input the shader declares needs an element, read or not
     * (SV_VertexID, SV_PrimitiveID and SV_InstanceID excepted: they come
     * from the draw). */
    for (uint32_t i = 0; i < sh.inputs.count; i++) {
        const struct dxbc_signature_element *in = &sh.inputs.e[i];
        bool drawn = (in->system_value >= 6 /* D3D_NAME_VERTEX_ID */ &&
                      in->system_value <= 8 /* D3D_NAME_INSTANCE_ID */) ||
                     !strcasecmp(in->name, "SV_VertexID") ||
                     !strcasecmp(in->name, "SV_InstanceID");
        if (!drawn && !(matched & (1u << in->reg)))
            return E_INVALIDARG;
    }
    if (!out)
        return S_FALSE;
    if (!(o = calloc(1, sizeof(*o))))
        return E_OUTOFMEMORY;
    *o = l;
    o->iface.lpVtbl = &il_vtbl;
    d11_child_init(&o->c, dev, il_destroy_child);
    *out = &o->iface;
    return S_OK;
}

/* ------------------------------------------------------------ state objects */

const D3D11_RASTERIZER_DESC d11_default_rs = {
    D3D11_FILL_SOLID, D3D11_CULL_BACK, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE};

const D3D11_DEPTH_STENCIL_DESC d11_default_ds = {
    TRUE,
    D3D11_DEPTH_WRITE_MASK_ALL,
    D3D11_COMPARISON_LESS,
    FALSE,
    D3D11_DEFAULT_STENCIL_READ_MASK,
    D3D11_DEFAULT_STENCIL_WRITE_MASK,
    {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
     D3D11_COMPARISON_ALWAYS},
    {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
     D3D11_COMPARISON_ALWAYS}};

/* Every target's entry is filled, as CreateBlendState fills a description
 * without IndependentBlendEnable: draws read the entry of each target. */
#define D11_DEFAULT_RT_BLEND                                                                  \
    {FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE,           \
     D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL}
const D3D11_BLEND_DESC d11_default_bs = {
    FALSE,
    FALSE,
    {D11_DEFAULT_RT_BLEND, D11_DEFAULT_RT_BLEND, D11_DEFAULT_RT_BLEND, D11_DEFAULT_RT_BLEND,
     D11_DEFAULT_RT_BLEND, D11_DEFAULT_RT_BLEND, D11_DEFAULT_RT_BLEND, D11_DEFAULT_RT_BLEND}};

D11_CHILD_METHODS(rs, ID3D11RasterizerState, struct d11_state, iface.rs)
D11_CHILD_QI(rs, ID3D11RasterizerState, &IID_ID3D11RasterizerState,
             &IID_ID3D11RasterizerState1, &IID_ID3D11RasterizerState2)
D11_CHILD_METHODS(bs, ID3D11BlendState, struct d11_state, iface.bs)
D11_CHILD_QI(bs, ID3D11BlendState, &IID_ID3D11BlendState, &IID_ID3D11BlendState1, NULL)
D11_CHILD_METHODS(dss, ID3D11DepthStencilState, struct d11_state, iface.ds)
D11_CHILD_QI(dss, ID3D11DepthStencilState, &IID_ID3D11DepthStencilState, NULL, NULL)

static void rs_destroy(struct d11_state *s)
{
    free(s);
}

static void bs_destroy(struct d11_state *s)
{
    free(s);
}

static void dss_destroy(struct d11_state *s)
{
    free(s);
}

static void STDMETHODCALLTYPE rs_GetDesc(ID3D11RasterizerState *iface,
                                         D3D11_RASTERIZER_DESC *d)
{
    *d = rs_impl(iface)->desc.rs;
}

static void STDMETHODCALLTYPE bs_GetDesc(ID3D11BlendState *iface, D3D11_BLEND_DESC *d)
{
    *d = bs_impl(iface)->desc.bs.d;
}

static void STDMETHODCALLTYPE dss_GetDesc(ID3D11DepthStencilState *iface,
                                          D3D11_DEPTH_STENCIL_DESC *d)
{
    *d = dss_impl(iface)->desc.ds;
}

/* D3D11.1's descriptions: no forced sample count, no logic operation
 * (CreateRasterizerState1 and CreateBlendState1 make no other). */
static void STDMETHODCALLTYPE rs_GetDesc1(ID3D11RasterizerState1 *iface,
                                          D3D11_RASTERIZER_DESC1 *d)
{
    const D3D11_RASTERIZER_DESC *r = &rs_impl((ID3D11RasterizerState *)iface)->desc.rs;
    *d = (D3D11_RASTERIZER_DESC1){r->FillMode,          r->CullMode,
                                  r->FrontCounterClockwise, r->DepthBias,
                                  r->DepthBiasClamp,    r->SlopeScaledDepthBias,
                                  r->DepthClipEnable,   r->ScissorEnable,
                                  r->MultisampleEnable, r->AntialiasedLineEnable,
                                  0};
}

static void STDMETHODCALLTYPE bs_GetDesc1(ID3D11BlendState1 *iface, D3D11_BLEND_DESC1 *d)
{
    const struct d11_blend *bl = &bs_impl((ID3D11BlendState *)iface)->desc.bs;
    const D3D11_BLEND_DESC *b = &bl->d;
    d->AlphaToCoverageEnable = b->AlphaToCoverageEnable;
    d->IndependentBlendEnable = b->IndependentBlendEnable;
    for (int i = 0; i < 8; i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC *t = &b->RenderTarget[i];
        d->RenderTarget[i] = (D3D11_RENDER_TARGET_BLEND_DESC1){
            t->BlendEnable,    (BOOL)bl->logic_enable, t->SrcBlend,
            t->DestBlend,      t->BlendOp,     t->SrcBlendAlpha,
            t->DestBlendAlpha, t->BlendOpAlpha, bl->logic_op,
            t->RenderTargetWriteMask};
    }
}

/* D3D11.3's: no conservative rasterization either. */
static void STDMETHODCALLTYPE rs_GetDesc2(ID3D11RasterizerState2 *iface,
                                          D3D11_RASTERIZER_DESC2 *d)
{
    D3D11_RASTERIZER_DESC1 d1;
    rs_GetDesc1((ID3D11RasterizerState1 *)iface, &d1);
    *d = (D3D11_RASTERIZER_DESC2){d1.FillMode,          d1.CullMode,
                                  d1.FrontCounterClockwise, d1.DepthBias,
                                  d1.DepthBiasClamp,    d1.SlopeScaledDepthBias,
                                  d1.DepthClipEnable,   d1.ScissorEnable,
                                  d1.MultisampleEnable, d1.AntialiasedLineEnable,
                                  d1.ForcedSampleCount, D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF};
}

/* ID3D11RasterizerState2's and ID3D11BlendState1's vtables: the D3D11.0
 * ones and GetDesc1 (GetDesc2). */
static const struct {
    ID3D11RasterizerStateVtbl base;
    void(STDMETHODCALLTYPE *GetDesc1)(ID3D11RasterizerState1 *, D3D11_RASTERIZER_DESC1 *);
    void(STDMETHODCALLTYPE *GetDesc2)(ID3D11RasterizerState2 *, D3D11_RASTERIZER_DESC2 *);
} rs_vtbl = {{
    rs_QueryInterface, rs_AddRef,         rs_Release,
    rs_GetDevice,      rs_GetPrivateData, rs_SetPrivateData,
    rs_SetPrivateDataInterface,           rs_GetDesc,
}, rs_GetDesc1, rs_GetDesc2};
_Static_assert(sizeof(rs_vtbl) == sizeof(ID3D11RasterizerState2Vtbl), "slots");

static const struct {
    ID3D11BlendStateVtbl base;
    void(STDMETHODCALLTYPE *GetDesc1)(ID3D11BlendState1 *, D3D11_BLEND_DESC1 *);
} bs_vtbl = {{
    bs_QueryInterface, bs_AddRef,         bs_Release,
    bs_GetDevice,      bs_GetPrivateData, bs_SetPrivateData,
    bs_SetPrivateDataInterface,           bs_GetDesc,
}, bs_GetDesc1};
_Static_assert(sizeof(bs_vtbl) == sizeof(ID3D11BlendState1Vtbl), "slots");

static const ID3D11DepthStencilStateVtbl dss_vtbl = {
    dss_QueryInterface, dss_AddRef,         dss_Release,
    dss_GetDevice,      dss_GetPrivateData, dss_SetPrivateData,
    dss_SetPrivateDataInterface,            dss_GetDesc,
};

struct d11_state *d11_rs_from(ID3D11RasterizerState *s)
{
    return s && s->lpVtbl == &rs_vtbl.base ? rs_impl(s) : NULL;
}

struct d11_state *d11_bs_from(ID3D11BlendState *s)
{
    return s && s->lpVtbl == &bs_vtbl.base ? bs_impl(s) : NULL;
}

struct d11_state *d11_ds_from(ID3D11DepthStencilState *s)
{
    return s && s->lpVtbl == &dss_vtbl ? dss_impl(s) : NULL;
}

/* The cached object of kind with this description, with a new reference
 * of the application's; NULL when there is none.  The lock is held. */
static struct d11_child *cache_find(struct d11_device *dev, enum d11_state_kind kind,
                                    const void *desc, size_t size)
{
    struct d11_state_cache *c = &dev->states[kind];
    for (size_t i = 0; i < c->count; i++)
        if (!memcmp(c->entries[i].desc, desc, size)) {
            d11_child_addref(c->entries[i].obj);
            return c->entries[i].obj;
        }
    return NULL;
}

/* Keeps a new object (its description at desc, inside it) for the next
 * equal description; past D3D11's limit of unique objects it is not kept.
 * The lock is held. */
static void cache_add(struct d11_device *dev, enum d11_state_kind kind, struct d11_child *obj,
                      const void *desc)
{
    struct d11_state_cache *c = &dev->states[kind];
    if (c->count >= D11_MAX_UNIQUE_STATES ||
        !nr_array_reserve((void **)&c->entries, &c->cap, c->count + 1, sizeof(*c->entries)))
        return;
    d11_child_bind(obj);
    c->entries[c->count++] = (struct d11_state_entry){obj, desc};
}

void d11_state_cache_cleanup(struct d11_device *dev)
{
    for (int k = 0; k < D11_STATE_KINDS; k++) {
        struct d11_state_cache *c = &dev->states[k];
        for (size_t i = 0; i < c->count; i++)
            d11_child_unbind(c->entries[i].obj);
        free(c->entries);
        memset(c, 0, sizeof(*c));
    }
}

static struct d11_state *state_new(struct d11_device *dev, const void *vtbl,
                                   void (*destroy)(struct d11_child *))
{
    struct d11_state *s = calloc(1, sizeof(*s));
    if (!s)
        return NULL;
    s->iface.rs.lpVtbl = vtbl;
    d11_child_init(&s->c, dev, destroy);
    return s;
}

HRESULT d11_rs_create(struct d11_device *dev, const D3D11_RASTERIZER_DESC *d,
                      ID3D11RasterizerState **out)
{
    struct d11_state *s;
    if (out)
        *out = NULL;
    if (!d || d->FillMode < D3D11_FILL_WIREFRAME || d->FillMode > D3D11_FILL_SOLID ||
        d->CullMode < D3D11_CULL_NONE || d->CullMode > D3D11_CULL_BACK)
        return E_INVALIDARG;
    if ((d->FillMode == D3D11_FILL_WIREFRAME &&
         !(dev->tc->caps.features & WIRE_DEVFEAT_FILL_NON_SOLID)) ||
        (d->DepthBiasClamp != 0.0f && isfinite(d->DepthBiasClamp) &&
         !(dev->tc->caps.features & WIRE_DEVFEAT_DEPTH_BIAS_CLAMP)))
        return E_NOTIMPL; /* a device without a depth bias clamp */
    if (!out)
        return S_FALSE;
    pthread_mutex_lock(&dev->lock);
    struct d11_child *found = cache_find(dev, D11_STATE_RS, d, sizeof(*d));
    if (found) {
        pthread_mutex_unlock(&dev->lock);
        *out = &D11_IMPL(found, struct d11_state, c)->iface.rs;
        return S_OK;
    }
    if (!(s = state_new(dev, &rs_vtbl.base, rs_destroy_child))) {
        pthread_mutex_unlock(&dev->lock);
        return E_OUTOFMEMORY;
    }
    s->desc.rs = *d;
    cache_add(dev, D11_STATE_RS, &s->c, &s->desc.rs);
    pthread_mutex_unlock(&dev->lock);
    *out = &s->iface.rs;
    return S_OK;
}

/* D3D11's blend factors (the dual-source ones, SRC1_*, where the device
 * has dual-source blending). */
static bool blend_ok(const struct d11_device *dev, D3D11_BLEND b)
{
    if (b >= D3D11_BLEND_SRC1_COLOR && b <= D3D11_BLEND_INV_SRC1_ALPHA)
        return (dev->tc->caps.features & WIRE_DEVFEAT_DUAL_SOURCE) != 0;
    return b >= D3D11_BLEND_ZERO && b <= D3D11_BLEND_INV_BLEND_FACTOR && b != 12 && b != 13;
}

HRESULT d11_bs_create(struct d11_device *dev, const D3D11_BLEND_DESC *d,
                      const D3D11_LOGIC_OP *logic, ID3D11BlendState **out)
{
    struct d11_state *s;
    if (out)
        *out = NULL;
    if (!d)
        return E_INVALIDARG;
    for (int i = 0; i < (d->IndependentBlendEnable ? 8 : 1); i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC *t = &d->RenderTarget[i];
        if (!t->BlendEnable)
            continue;
        if (t->BlendOp < D3D11_BLEND_OP_ADD || t->BlendOp > D3D11_BLEND_OP_MAX ||
            t->BlendOpAlpha < D3D11_BLEND_OP_ADD || t->BlendOpAlpha > D3D11_BLEND_OP_MAX)
            return E_INVALIDARG;
        if (!blend_ok(dev, t->SrcBlend) || !blend_ok(dev, t->DestBlend) ||
            !blend_ok(dev, t->SrcBlendAlpha) || !blend_ok(dev, t->DestBlendAlpha))
            return (t->SrcBlend >= D3D11_BLEND_SRC1_COLOR &&
                    t->SrcBlend <= D3D11_BLEND_INV_SRC1_ALPHA) ||
                           (t->DestBlend >= D3D11_BLEND_SRC1_COLOR &&
                            t->DestBlend <= D3D11_BLEND_INV_SRC1_ALPHA) ||
                           (t->SrcBlendAlpha >= D3D11_BLEND_SRC1_COLOR &&
                            t->SrcBlendAlpha <= D3D11_BLEND_INV_SRC1_ALPHA) ||
                           (t->DestBlendAlpha >= D3D11_BLEND_SRC1_COLOR &&
                            t->DestBlendAlpha <= D3D11_BLEND_INV_SRC1_ALPHA)
                       ? E_NOTIMPL /* a device without dual-source blending */
                       : E_INVALIDARG;
    }
    if (!out)
        return S_FALSE;
    /* As D3D11 keeps it: without independent blending every target is
     * target 0's, and a target without blending has ONE, ZERO, ADD. */
    struct d11_blend bl;
    D3D11_BLEND_DESC *nd = &bl.d;
    memset(&bl, 0, sizeof(bl)); /* the padding too: descriptions compare as bytes */
    bl.logic_enable = logic != NULL;
    bl.logic_op = logic ? *logic : D3D11_LOGIC_OP_NOOP;
    nd->AlphaToCoverageEnable = !!d->AlphaToCoverageEnable;
    nd->IndependentBlendEnable = !!d->IndependentBlendEnable;
    for (int i = 0; i < 8; i++) {
        D3D11_RENDER_TARGET_BLEND_DESC *t = &nd->RenderTarget[i];
        const D3D11_RENDER_TARGET_BLEND_DESC *f = &d->RenderTarget[d->IndependentBlendEnable ? i : 0];
        t->BlendEnable = !!f->BlendEnable;
        t->SrcBlend = f->SrcBlend;
        t->DestBlend = f->DestBlend;
        t->BlendOp = f->BlendOp;
        t->SrcBlendAlpha = f->SrcBlendAlpha;
        t->DestBlendAlpha = f->DestBlendAlpha;
        t->BlendOpAlpha = f->BlendOpAlpha;
        t->RenderTargetWriteMask = f->RenderTargetWriteMask;
        if (!t->BlendEnable) {
            t->SrcBlend = t->SrcBlendAlpha = D3D11_BLEND_ONE;
            t->DestBlend = t->DestBlendAlpha = D3D11_BLEND_ZERO;
            t->BlendOp = t->BlendOpAlpha = D3D11_BLEND_OP_ADD;
        }
    }
    pthread_mutex_lock(&dev->lock);
    struct d11_child *found = cache_find(dev, D11_STATE_BS, &bl, sizeof(bl));
    if (found) {
        pthread_mutex_unlock(&dev->lock);
        *out = &D11_IMPL(found, struct d11_state, c)->iface.bs;
        return S_OK;
    }
    if (!(s = state_new(dev, &bs_vtbl.base, bs_destroy_child))) {
        pthread_mutex_unlock(&dev->lock);
        return E_OUTOFMEMORY;
    }
    s->desc.bs = bl;
    cache_add(dev, D11_STATE_BS, &s->c, &s->desc.bs);
    pthread_mutex_unlock(&dev->lock);
    *out = &s->iface.bs;
    return S_OK;
}

HRESULT d11_ds_create(struct d11_device *dev, const D3D11_DEPTH_STENCIL_DESC *d,
                      ID3D11DepthStencilState **out)
{
    struct d11_state *s;
    if (out)
        *out = NULL;
    if (!d || d->DepthWriteMask > D3D11_DEPTH_WRITE_MASK_ALL ||
        (d->DepthEnable && (d->DepthFunc < D3D11_COMPARISON_NEVER ||
                            d->DepthFunc > D3D11_COMPARISON_ALWAYS)))
        return E_INVALIDARG;
    if (d->StencilEnable)
        for (int f = 0; f < 2; f++) {
            const D3D11_DEPTH_STENCILOP_DESC *o = f ? &d->BackFace : &d->FrontFace;
            if (o->StencilFailOp < D3D11_STENCIL_OP_KEEP || o->StencilFailOp > D3D11_STENCIL_OP_DECR ||
                o->StencilDepthFailOp < D3D11_STENCIL_OP_KEEP ||
                o->StencilDepthFailOp > D3D11_STENCIL_OP_DECR ||
                o->StencilPassOp < D3D11_STENCIL_OP_KEEP || o->StencilPassOp > D3D11_STENCIL_OP_DECR ||
                o->StencilFunc < D3D11_COMPARISON_NEVER || o->StencilFunc > D3D11_COMPARISON_ALWAYS)
                return E_INVALIDARG;
        }
    if (!out)
        return S_FALSE;
    D3D11_DEPTH_STENCIL_DESC n;
    memset(&n, 0, sizeof(n)); /* the padding too: descriptions compare as bytes */
    n.DepthEnable = !!d->DepthEnable;
    n.DepthWriteMask = d->DepthWriteMask;
    n.DepthFunc = d->DepthFunc;
    n.StencilEnable = !!d->StencilEnable;
    n.StencilReadMask = d->StencilReadMask;
    n.StencilWriteMask = d->StencilWriteMask;
    n.FrontFace = d->FrontFace;
    n.BackFace = d->BackFace;
    /* What D3D11 keeps of a disabled test: its defaults (GetDesc answers
     * them, and equal states are one object). */
    if (!n.DepthEnable) {
        n.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
        n.DepthFunc = D3D11_COMPARISON_LESS;
    }
    if (!n.StencilEnable) {
        n.StencilReadMask = D3D11_DEFAULT_STENCIL_READ_MASK;
        n.StencilWriteMask = D3D11_DEFAULT_STENCIL_WRITE_MASK;
        n.FrontFace = n.BackFace = (D3D11_DEPTH_STENCILOP_DESC){
            D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
            D3D11_COMPARISON_ALWAYS};
    }
    d = &n;
    pthread_mutex_lock(&dev->lock);
    struct d11_child *found = cache_find(dev, D11_STATE_DS, d, sizeof(*d));
    if (found) {
        pthread_mutex_unlock(&dev->lock);
        *out = &D11_IMPL(found, struct d11_state, c)->iface.ds;
        return S_OK;
    }
    if (!(s = state_new(dev, &dss_vtbl, dss_destroy_child))) {
        pthread_mutex_unlock(&dev->lock);
        return E_OUTOFMEMORY;
    }
    s->desc.ds = *d;
    cache_add(dev, D11_STATE_DS, &s->c, &s->desc.ds);
    pthread_mutex_unlock(&dev->lock);
    *out = &s->iface.ds;
    return S_OK;
}

/* ------------------------------------------------------------ samplers */

const D3D11_SAMPLER_DESC d11_default_sampler = {
    D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP,
    D3D11_TEXTURE_ADDRESS_CLAMP, 0.0f, 1, D3D11_COMPARISON_NEVER, {1, 1, 1, 1}, -3.402823466e+38f,
    3.402823466e+38f};

D11_CHILD_METHODS(smp, ID3D11SamplerState, struct d11_sampler, iface)
D11_CHILD_QI(smp, ID3D11SamplerState, &IID_ID3D11SamplerState, NULL, NULL)

static void smp_destroy(struct d11_sampler *s)
{
    d11_destroy_object(s->c.dev, WIRE_OBJ_SAMPLER, s->handle);
    free(s);
}

static void STDMETHODCALLTYPE smp_GetDesc(ID3D11SamplerState *iface, D3D11_SAMPLER_DESC *d)
{
    *d = smp_impl(iface)->desc;
}

static const ID3D11SamplerStateVtbl smp_vtbl = {
    smp_QueryInterface, smp_AddRef,         smp_Release,
    smp_GetDevice,      smp_GetPrivateData, smp_SetPrivateData,
    smp_SetPrivateDataInterface,            smp_GetDesc,
};

struct d11_sampler *d11_sampler_from(ID3D11SamplerState *s)
{
    return s && s->lpVtbl == &smp_vtbl ? smp_impl(s) : NULL;
}

static float clampf(float v, float lo, float hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void d11_sampler_to_wire(struct d11_device *dev, const D3D11_SAMPLER_DESC *d,
                         struct wire_create_sampler *w)
{
    bool aniso = (d->Filter & 0x40) != 0;
    memset(w, 0, sizeof(*w));
    /* D3D11_FILTER: mip in bit 0, mag in bit 2, min in bit 4 (1: linear). */
    w->min_filter = (d->Filter >> 4) & 1 || aniso ? WIRE_FILTER_LINEAR : WIRE_FILTER_NEAREST;
    w->mag_filter = (d->Filter >> 2) & 1 || aniso ? WIRE_FILTER_LINEAR : WIRE_FILTER_NEAREST;
    w->mip_filter = d->Filter & 1 || aniso ? WIRE_MIP_LINEAR : WIRE_MIP_NEAREST;
    w->address_u = (uint8_t)(d->AddressU - 1); /* the same order, from 1 */
    w->address_v = (uint8_t)(d->AddressV - 1);
    w->address_w = (uint8_t)(d->AddressW - 1);
    w->max_anisotropy =
        aniso ? (uint8_t)NR_MIN(NR_MAX(d->MaxAnisotropy, 1u),
                                NR_MAX(dev->tc->caps.max_anisotropy, 1u))
              : 1;
    w->lod_bias = clampf(d->MipLODBias, -16.0f, 16.0f);
    w->min_lod = clampf(d->MinLOD, 0.0f, 1000.0f);
    w->max_lod = clampf(d->MaxLOD, w->min_lod, 1000.0f);
    memcpy(w->border, d->BorderColor, sizeof(w->border));
    /* Comparison filters compare with D3D11's function (its order is the
     * wire's, from 1). */
    if (d->Filter & 0x80)
        w->compare = (uint8_t)d->ComparisonFunc;
}

HRESULT d11_sampler_create(struct d11_device *dev, const D3D11_SAMPLER_DESC *d,
                           ID3D11SamplerState **out)
{
    struct wire_create_sampler w;
    struct d11_sampler *s;
    HRESULT hr = S_OK;
    if (out)
        *out = NULL;
    if (!d || d->AddressU < D3D11_TEXTURE_ADDRESS_WRAP ||
        d->AddressU > D3D11_TEXTURE_ADDRESS_MIRROR_ONCE ||
        d->AddressV < D3D11_TEXTURE_ADDRESS_WRAP ||
        d->AddressV > D3D11_TEXTURE_ADDRESS_MIRROR_ONCE ||
        d->AddressW < D3D11_TEXTURE_ADDRESS_WRAP ||
        d->AddressW > D3D11_TEXTURE_ADDRESS_MIRROR_ONCE || d->MaxAnisotropy > 16 ||
        !(d->MinLOD == d->MinLOD) || !(d->MaxLOD == d->MaxLOD) ||
        (d->Filter & ~0x1d5u))
        return E_INVALIDARG;
    if ((d->Filter & 0x80) && (d->ComparisonFunc < D3D11_COMPARISON_NEVER ||
                               d->ComparisonFunc > D3D11_COMPARISON_ALWAYS))
        return E_INVALIDARG;
    /* Min/max filters are not done yet. */
    if ((d->Filter & 0x100) ||
        ((d->AddressU == D3D11_TEXTURE_ADDRESS_MIRROR_ONCE ||
          d->AddressV == D3D11_TEXTURE_ADDRESS_MIRROR_ONCE ||
          d->AddressW == D3D11_TEXTURE_ADDRESS_MIRROR_ONCE) &&
         !(dev->tc->caps.features & WIRE_DEVFEAT_MIRROR_ONCE)))
        return E_NOTIMPL;
    if (!out)
        return S_FALSE;
    /* What the filter and address modes do not use is kept as D3D11 keeps
     * it (GetDesc answers it; equal states are one object): no
     * anisotropy unless anisotropic, NEVER unless comparing, a border
     * colour of zeros unless an address mode is BORDER. */
    D3D11_SAMPLER_DESC kept = *d;
    if (!D3D11_DECODE_IS_ANISOTROPIC_FILTER(kept.Filter))
        kept.MaxAnisotropy = 0;
    if (!D3D11_DECODE_IS_COMPARISON_FILTER(kept.Filter))
        kept.ComparisonFunc = D3D11_COMPARISON_NEVER;
    if (kept.AddressU != D3D11_TEXTURE_ADDRESS_BORDER &&
        kept.AddressV != D3D11_TEXTURE_ADDRESS_BORDER &&
        kept.AddressW != D3D11_TEXTURE_ADDRESS_BORDER)
        memset(kept.BorderColor, 0, sizeof(kept.BorderColor));
    d = &kept;
    pthread_mutex_lock(&dev->lock);
    struct d11_child *found = cache_find(dev, D11_STATE_SAMPLER, d, sizeof(*d));
    pthread_mutex_unlock(&dev->lock);
    if (found) {
        *out = &D11_IMPL(found, struct d11_sampler, c)->iface;
        return S_OK;
    }
    if (!(s = calloc(1, sizeof(*s))))
        return E_OUTOFMEMORY;
    s->iface.lpVtbl = &smp_vtbl;
    s->desc = *d;
    d11_child_init(&s->c, dev, smp_destroy_child);
    d11_sampler_to_wire(dev, d, &w);
    pthread_mutex_lock(&dev->lock);
    w.sampler = s->handle = d11_handle_alloc(dev, WIRE_OBJ_SAMPLER);
    if (wire_handle_is_null(s->handle))
        hr = E_OUTOFMEMORY;
    else if (dev->tc->lost || !wire_emit_CREATE_SAMPLER(&dev->tc->w, &w))
        hr = DXGI_ERROR_DEVICE_REMOVED;
    if (SUCCEEDED(hr)) {
        /* Another thread may have made its twin meanwhile: that one. */
        struct d11_child *twin = cache_find(dev, D11_STATE_SAMPLER, d, sizeof(*d));
        if (twin) {
            pthread_mutex_unlock(&dev->lock);
            smp_Release(&s->iface);
            *out = &D11_IMPL(twin, struct d11_sampler, c)->iface;
            return S_OK;
        }
        cache_add(dev, D11_STATE_SAMPLER, &s->c, &s->desc);
    }
    pthread_mutex_unlock(&dev->lock);
    if (FAILED(hr)) {
        smp_Release(&s->iface);
        return hr;
    }
    *out = &s->iface;
    return S_OK;
}
