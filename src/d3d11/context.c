/* nereid D3D11: the immediate context.  Setters keep the state and mark
 * what changed (enum d11_dirty); a draw sends what is marked: render
 * targets, the state block (found in the device's cache of blocks by
 * content, made once), vertex and index buffers, viewport, scissor,
 * dynamic state and the b0 constant buffer of each stage (uploaded as the
 * stage's uniforms when it or its bytes changed).  With
 * NEREID_REFERENCE_STATE=1 every draw sends everything, the reference run
 * test frames are compared against.
 *
 * A dispatch sends the compute shader's constant buffers, resources,
 * samplers and UAVs over the pixel stage's (the server's compute
 * pipelines read the fragment stage's bindings) and marks them for the
 * next draw to send again.
 *
 * The setters and getters here only keep and read a struct d11_context:
 * deferred contexts (deferred.c) keep their state with the same functions
 * (d11_immediate_vtbl's), and their command lists replay onto this
 * context through its methods. */
#define _GNU_SOURCE
#include "d3d11/d3d11_private.h"
#include "shader/binding.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static inline struct d11_context *ctx_from(ID3D11DeviceContext *iface)
{
    return D11_IMPL(iface, struct d11_context, iface);
}

/* Replaces a bound object: bindings hold the object (its internal count),
 * not the device. */
#define BIND_STATE(slot, obj) BIND_EXPR(slot, obj)
#define BIND_SHADER(slot, obj) BIND_EXPR(slot, obj)
#define BIND_EXPR(slot, obj)                                                               \
    do {                                                                                   \
        __typeof__(slot) o_ = (obj);                                                       \
        BIND(slot, o_);                                                                    \
    } while (0)
#define BIND(slot, obj)                                                                    \
    do {                                                                                   \
        if (obj)                                                                           \
            d11_child_bind(&(obj)->c);                                                     \
        if (slot)                                                                          \
            d11_child_unbind(&(slot)->c);                                                  \
        (slot) = (obj);                                                                    \
    } while (0)

/* ------------------------------------------------------------ IUnknown */

static HRESULT STDMETHODCALLTYPE ctx_QueryInterface(ID3D11DeviceContext *iface, REFIID riid,
                                                    void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D11DeviceChild) ||
        IsEqualGUID(riid, &IID_ID3D11DeviceContext) ||
        IsEqualGUID(riid, &IID_ID3D11DeviceContext1) ||
        IsEqualGUID(riid, &IID_ID3D11DeviceContext2) ||
        IsEqualGUID(riid, &IID_ID3D11DeviceContext3) ||
        IsEqualGUID(riid, &IID_ID3D11DeviceContext4)) {
        ID3D11DeviceContext_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    if (IsEqualGUID(riid, &IID_ID3DUserDefinedAnnotation)) {
        ID3D11DeviceContext_AddRef(iface);
        *out = &ctx_from(iface)->annotation;
        return S_OK;
    }
    /* The immediate context's alone (Windows' deferred contexts answer
     * E_NOINTERFACE). */
    if (IsEqualGUID(riid, &IID_ID3D11Multithread) &&
        ID3D11DeviceContext_GetType(iface) == D3D11_DEVICE_CONTEXT_IMMEDIATE) {
        ID3D11DeviceContext_AddRef(iface);
        *out = &ctx_from(iface)->multithread;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

/* The immediate context lives in the device: while the application holds
 * it, it holds one reference of the device (taken by its first reference,
 * given back by its last, as Windows counts). */
static ULONG STDMETHODCALLTYPE ctx_AddRef(ID3D11DeviceContext *iface)
{
    struct d11_context *ctx = ctx_from(iface);
    ULONG n = (ULONG)__atomic_add_fetch(&ctx->refcount, 1, __ATOMIC_SEQ_CST);
    if (n == 1)
        ID3D11Device_AddRef(&ctx->dev->iface);
    return n;
}

/* The context's own count is answered (as Windows does); its last
 * reference lets the device go, which may take the context with it. */
static ULONG STDMETHODCALLTYPE ctx_Release(ID3D11DeviceContext *iface)
{
    struct d11_context *ctx = ctx_from(iface);
    ULONG n = (ULONG)__atomic_sub_fetch(&ctx->refcount, 1, __ATOMIC_SEQ_CST);
    if (!n)
        ID3D11Device_Release(&ctx->dev->iface);
    return n;
}

static void STDMETHODCALLTYPE ctx_GetDevice(ID3D11DeviceContext *iface, ID3D11Device **out)
{
    if (!out)
        return;
    *out = &ctx_from(iface)->dev->iface;
    ID3D11Device_AddRef(*out);
}

static HRESULT STDMETHODCALLTYPE ctx_GetPrivateData(ID3D11DeviceContext *iface, REFGUID guid,
                                                    UINT *size, void *data)
{
    return d11_private_get(&ctx_from(iface)->pd, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE ctx_SetPrivateData(ID3D11DeviceContext *iface, REFGUID guid,
                                                    UINT size, const void *data)
{
    return d11_private_set(&ctx_from(iface)->pd, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE ctx_SetPrivateDataInterface(ID3D11DeviceContext *iface,
                                                             REFGUID guid,
                                                             const IUnknown *data)
{
    return d11_private_set_iface(&ctx_from(iface)->pd, guid, data);
}

/* ------------------------------------------------------------ setters */

/* Constant buffers of a stage, whole (first, count NULL) or D3D11.1's
 * ranges of 16-byte constants: each a multiple of 16 constants, at most
 * 4096 of them (else the call changes nothing, as the runtime drops it). */
void d11_set_cbs1(struct d11_context *ctx, int stage, UINT start, UINT n,
                  ID3D11Buffer *const *bufs, const UINT *first, const UINT *count)
{
    if (start >= D11_MAX_CB || n > D11_MAX_CB - start || !first != !count)
        return; /* one of the ranges' arrays without the other: dropped */
    if (first && count)
        for (UINT i = 0; i < n; i++)
            if (first[i] % 16 || count[i] % 16 || !count[i] ||
                count[i] > D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT)
                return;
    for (UINT i = 0; i < n; i++) {
        struct d11_buffer *b = bufs ? d11_buffer_from((ID3D11Resource *)bufs[i]) : NULL;
        if (b && !(b->desc.BindFlags & D3D11_BIND_CONSTANT_BUFFER))
            b = NULL; /* not a constant buffer: unbinds, as the runtime does */
        BIND(ctx->cb[stage][start + i], b);
        ctx->cb_first[stage][start + i] = b && first && count ? first[i] : 0;
        ctx->cb_count[stage][start + i] = b && first && count ? count[i] : 0;
    }
}

static void set_cbs(struct d11_context *ctx, int stage, UINT start, UINT n,
                    ID3D11Buffer *const *bufs)
{
    d11_set_cbs1(ctx, stage, start, n, bufs, NULL, NULL);
}

/* A whole buffer's range, and an empty slot's, reads as 0 and 4096
 * constants (as Windows answers). */
void d11_get_cbs1(struct d11_context *ctx, int stage, UINT start, UINT n, ID3D11Buffer **out,
                  UINT *first, UINT *count)
{
    for (UINT i = 0; i < n; i++) {
        bool in = start + i < D11_MAX_CB;
        struct d11_buffer *b = in ? ctx->cb[stage][start + i] : NULL;
        if (out) {
            out[i] = b ? &b->iface : NULL;
            if (b)
                ID3D11Buffer_AddRef(&b->iface);
        }
        if (first)
            first[i] = b ? ctx->cb_first[stage][start + i] : 0;
        if (count)
            count[i] = b && ctx->cb_count[stage][start + i]
                           ? ctx->cb_count[stage][start + i]
                           : D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT;
    }
}

static void get_cbs(struct d11_context *ctx, int stage, UINT start, UINT n, ID3D11Buffer **out)
{
    if (out)
        d11_get_cbs1(ctx, stage, start, n, out, NULL, NULL);
}

static void STDMETHODCALLTYPE ctx_VSSetConstantBuffers(ID3D11DeviceContext *iface, UINT start,
                                                       UINT n, ID3D11Buffer *const *bufs)
{
    set_cbs(ctx_from(iface), 0, start, n, bufs);
}

static void STDMETHODCALLTYPE ctx_PSSetConstantBuffers(ID3D11DeviceContext *iface, UINT start,
                                                       UINT n, ID3D11Buffer *const *bufs)
{
    set_cbs(ctx_from(iface), 1, start, n, bufs);
}

static void STDMETHODCALLTYPE ctx_VSGetConstantBuffers(ID3D11DeviceContext *iface, UINT start,
                                                       UINT n, ID3D11Buffer **out)
{
    get_cbs(ctx_from(iface), 0, start, n, out);
}

static void STDMETHODCALLTYPE ctx_PSGetConstantBuffers(ID3D11DeviceContext *iface, UINT start,
                                                       UINT n, ID3D11Buffer **out)
{
    get_cbs(ctx_from(iface), 1, start, n, out);
}

static void STDMETHODCALLTYPE ctx_CSSetConstantBuffers(ID3D11DeviceContext *iface, UINT start,
                                                       UINT n, ID3D11Buffer *const *bufs)
{
    set_cbs(ctx_from(iface), D11_CS, start, n, bufs);
}

static void STDMETHODCALLTYPE ctx_CSGetConstantBuffers(ID3D11DeviceContext *iface, UINT start,
                                                       UINT n, ID3D11Buffer **out)
{
    get_cbs(ctx_from(iface), D11_CS, start, n, out);
}

/* Whether the view reads the texture's level and layer. */
static bool srv_reads(const struct d11_srv *v, const struct d11_texture *t, uint32_t level,
                      uint32_t layer)
{
    return v->tex == t && level >= v->first_level && level - v->first_level < v->levels &&
           layer >= v->first_layer && layer - v->first_layer < v->layers;
}

/* Whether the view reads a layer of [layer, + layers) of the level (a
 * volume's view: any slice of it). */
static bool srv_reads_layers(const struct d11_srv *v, const struct d11_texture *t,
                             uint32_t level, uint32_t layer, uint32_t layers)
{
    if (t && t->volume)
        return srv_reads(v, t, level, 0);
    for (uint32_t l = 0; l < NR_MAX(layers, 1u); l++)
        if (srv_reads(v, t, level, layer + l))
            return true;
    return false;
}

/* Whether the shader-resource view reads what the UAV writes: the same
 * buffer, or a layer of the same texture level. */
static bool srv_overlaps_uav(const struct d11_srv *v, const struct d11_uav *u)
{
    if (v->buf || u->buf)
        return v->buf && v->buf == u->buf;
    return srv_reads_layers(v, u->tex, u->level, u->first_layer, u->layers);
}

/* Whether an output of the stage's pipeline writes what the view reads: a
 * bound render-target, depth-stencil or unordered-access view (the
 * graphics stages'), or a compute UAV (the compute stage's). */
static bool srv_is_output(const struct d11_context *ctx, int stage, const struct d11_srv *v)
{
    const int uavs = stage == D11_CS;
    for (UINT i = 0; i < D3D11_PS_CS_UAV_REGISTER_COUNT; i++)
        if (ctx->uav[uavs][i] && srv_overlaps_uav(v, ctx->uav[uavs][i]))
            return true;
    if (stage == D11_CS)
        return false;
    for (UINT i = 0; i < D11_MAX_RT; i++)
        if (ctx->rtv[i] && (ctx->rtv[i]->buf ? v->buf == ctx->rtv[i]->buf
                                             : srv_reads_layers(v, ctx->rtv[i]->tex,
                                                                ctx->rtv[i]->level,
                                                                ctx->rtv[i]->layer,
                                                                ctx->rtv[i]->layers)))
            return true;
    /* A read-only depth (stencil) view writes no depth (stencil): a view
     * reading the texture's depth (its stencil: X24_G8 and X32_G8X24
     * views) may be bound with it. */
    UINT keeps = v->wire_format == WIRE_FORMAT_X24_G8_UINT ? D3D11_DSV_READ_ONLY_STENCIL
                                                           : D3D11_DSV_READ_ONLY_DEPTH;
    return ctx->dsv && !(ctx->dsv->desc.Flags & keeps) &&
           srv_reads_layers(v, ctx->dsv->tex, ctx->dsv->level, ctx->dsv->layer,
                            ctx->dsv->layers);
}

/* Whether a render-target view of buffer b is bound. */
static bool buffer_is_target(const struct d11_context *ctx, const struct d11_buffer *b)
{
    for (UINT i = 0; b && i < D11_MAX_RT; i++)
        if (ctx->rtv[i] && ctx->rtv[i]->buf == b)
            return true;
    return false;
}

/* The hazard rule after an output changed: the views of the stages that
 * read what an output now writes go, and the vertex and index buffers
 * that a target's buffer is. */
static void unbind_outputs_read(struct d11_context *ctx)
{
    for (UINT k = 0; k < D11_MAX_VB; k++)
        if (ctx->vb[k] && buffer_is_target(ctx, ctx->vb[k])) {
            BIND_EXPR(ctx->vb[k], NULL);
            ctx->dirty |= D11_DIRTY_VB | D11_DIRTY_BLOCK;
        }
    if (ctx->ib && buffer_is_target(ctx, ctx->ib)) {
        BIND_EXPR(ctx->ib, NULL);
        ctx->dirty |= D11_DIRTY_IB;
    }
    for (int stage = 0; stage < D11_STAGES; stage++)
        for (UINT k = 0; k < DXBC_MAX_TEXTURES; k++)
            if (ctx->srv[stage][k] && srv_is_output(ctx, stage, ctx->srv[stage][k])) {
                BIND_EXPR(ctx->srv[stage][k], NULL);
                ctx->dirty |= D11_DIRTY_TEXTURES;
            }
}

/* D3D11's hazard rule: a subresource is never bound for reading and for
 * writing at once.  A shader-resource view of what a bound target writes
 * is bound as NULL (and binding a target unbinds the views that read it:
 * ctx_OMSetRenderTargets). */
static void set_srvs(struct d11_context *ctx, int stage, UINT start, UINT n,
                     ID3D11ShaderResourceView *const *views)
{
    if (start >= DXBC_MAX_TEXTURES || n > DXBC_MAX_TEXTURES - start)
        return;
    for (UINT i = 0; i < n; i++) {
        struct d11_srv *v = views ? d11_srv_from(views[i]) : NULL;
        if (v && srv_is_output(ctx, stage, v))
            v = NULL;
        BIND(ctx->srv[stage][start + i], v);
    }
    ctx->dirty |= D11_DIRTY_TEXTURES;
}

static void get_srvs(struct d11_context *ctx, int stage, UINT start, UINT n,
                     ID3D11ShaderResourceView **out)
{
    for (UINT i = 0; i < n && out; i++) {
        struct d11_srv *v = start + i < DXBC_MAX_TEXTURES ? ctx->srv[stage][start + i] : NULL;
        out[i] = v ? &v->iface : NULL;
        if (v)
            ID3D11ShaderResourceView_AddRef(&v->iface);
    }
}

static void set_samplers(struct d11_context *ctx, int stage, UINT start, UINT n,
                         ID3D11SamplerState *const *smps)
{
    if (start >= D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT ||
        n > D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT - start)
        return;
    for (UINT i = 0; i < n; i++) {
        struct d11_sampler *s = smps ? d11_sampler_from(smps[i]) : NULL;
        BIND(ctx->smp[stage][start + i], s);
    }
    ctx->dirty |= D11_DIRTY_TEXTURES;
}

static void get_samplers(struct d11_context *ctx, int stage, UINT start, UINT n,
                         ID3D11SamplerState **out)
{
    for (UINT i = 0; i < n && out; i++) {
        struct d11_sampler *s =
            start + i < D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT ? ctx->smp[stage][start + i] : NULL;
        out[i] = s ? &s->iface : NULL;
        if (s)
            ID3D11SamplerState_AddRef(&s->iface);
    }
}

#define STAGE_RESOURCES(S, stage)                                                           \
    static void STDMETHODCALLTYPE ctx_##S##SetShaderResources(                              \
        ID3D11DeviceContext *iface, UINT start, UINT n,                                     \
        ID3D11ShaderResourceView *const *views)                                             \
    {                                                                                       \
        set_srvs(ctx_from(iface), stage, start, n, views);                                  \
    }                                                                                       \
    static void STDMETHODCALLTYPE ctx_##S##GetShaderResources(                              \
        ID3D11DeviceContext *iface, UINT start, UINT n, ID3D11ShaderResourceView **views)   \
    {                                                                                       \
        get_srvs(ctx_from(iface), stage, start, n, views);                                  \
    }                                                                                       \
    static void STDMETHODCALLTYPE ctx_##S##SetSamplers(ID3D11DeviceContext *iface,          \
                                                       UINT start, UINT n,                  \
                                                       ID3D11SamplerState *const *smps)     \
    {                                                                                       \
        set_samplers(ctx_from(iface), stage, start, n, smps);                               \
    }                                                                                       \
    static void STDMETHODCALLTYPE ctx_##S##GetSamplers(ID3D11DeviceContext *iface,          \
                                                       UINT start, UINT n,                  \
                                                       ID3D11SamplerState **smps)           \
    {                                                                                       \
        get_samplers(ctx_from(iface), stage, start, n, smps);                               \
    }
STAGE_RESOURCES(VS, D11_VS)
STAGE_RESOURCES(PS, D11_PS)
STAGE_RESOURCES(CS, D11_CS)
STAGE_RESOURCES(GS, D11_GS)
STAGE_RESOURCES(HS, D11_HS)
STAGE_RESOURCES(DS, D11_DS)
#undef STAGE_RESOURCES

/* The hull and domain stages (their shaders read b0 alone, which the
 * shaders' creation checks; resources and samplers are kept for the
 * getters). */
#define TESS_STAGE(S, stage, Shader, m)                                                     \
    static void STDMETHODCALLTYPE ctx_##S##SetConstantBuffers(                              \
        ID3D11DeviceContext *iface, UINT start, UINT n, ID3D11Buffer *const *bufs)          \
    {                                                                                       \
        set_cbs(ctx_from(iface), stage, start, n, bufs);                                    \
    }                                                                                       \
    static void STDMETHODCALLTYPE ctx_##S##GetConstantBuffers(                              \
        ID3D11DeviceContext *iface, UINT start, UINT n, ID3D11Buffer **out)                 \
    {                                                                                       \
        get_cbs(ctx_from(iface), stage, start, n, out);                                     \
    }                                                                                       \
    static void STDMETHODCALLTYPE ctx_##S##SetShader(ID3D11DeviceContext *iface, Shader *s, \
                                                     ID3D11ClassInstance *const *inst,      \
                                                     UINT n)                                \
    {                                                                                       \
        struct d11_context *ctx = ctx_from(iface);                                          \
        (void)inst, (void)n;                                                                \
        BIND_SHADER(ctx->m, d11_shader_from(s, stage));                              \
        ctx->dirty |= D11_DIRTY_BLOCK | D11_DIRTY_TEXTURES;                                 \
    }                                                                                       \
    static void STDMETHODCALLTYPE ctx_##S##GetShader(ID3D11DeviceContext *iface,            \
                                                     Shader **out,                          \
                                                     ID3D11ClassInstance **inst, UINT *n)   \
    {                                                                                       \
        struct d11_context *ctx = ctx_from(iface);                                          \
        (void)inst;                                                                         \
        if (n)                                                                              \
            *n = 0;                                                                         \
        if (!out)                                                                           \
            return;                                                                         \
        *out = ctx->m ? (Shader *)&ctx->m->iface : NULL;                      \
        if (*out)                                                                           \
            ID3D11DeviceChild_AddRef((ID3D11DeviceChild *)*out);                            \
    }
TESS_STAGE(HS, D11_HS, ID3D11HullShader, hull)
TESS_STAGE(DS, D11_DS, ID3D11DomainShader, domain)
#undef TESS_STAGE

static void STDMETHODCALLTYPE ctx_GSSetConstantBuffers(ID3D11DeviceContext *iface, UINT start,
                                                       UINT n, ID3D11Buffer *const *bufs)
{
    set_cbs(ctx_from(iface), D11_GS, start, n, bufs);
}

static void STDMETHODCALLTYPE ctx_GSGetConstantBuffers(ID3D11DeviceContext *iface, UINT start,
                                                       UINT n, ID3D11Buffer **out)
{
    get_cbs(ctx_from(iface), D11_GS, start, n, out);
}

static void STDMETHODCALLTYPE ctx_GSSetShader(ID3D11DeviceContext *iface,
                                              ID3D11GeometryShader *s,
                                              ID3D11ClassInstance *const *inst, UINT n)
{
    struct d11_context *ctx = ctx_from(iface);
    (void)inst, (void)n;
    BIND_SHADER(ctx->gs, d11_shader_from(s, D11_GS));
    ctx->dirty |= D11_DIRTY_BLOCK | D11_DIRTY_TEXTURES;
}

static void STDMETHODCALLTYPE ctx_GSGetShader(ID3D11DeviceContext *iface,
                                              ID3D11GeometryShader **out,
                                              ID3D11ClassInstance **inst, UINT *n)
{
    struct d11_context *ctx = ctx_from(iface);
    (void)inst;
    if (n)
        *n = 0;
    if (!out)
        return;
    *out = ctx->gs ? (ID3D11GeometryShader *)&ctx->gs->iface : NULL;
    if (*out)
        ID3D11GeometryShader_AddRef(*out);
}

static void STDMETHODCALLTYPE ctx_VSSetShader(ID3D11DeviceContext *iface,
                                              ID3D11VertexShader *s,
                                              ID3D11ClassInstance *const *inst, UINT n)
{
    struct d11_context *ctx = ctx_from(iface);
    (void)inst, (void)n;
    BIND_SHADER(ctx->vs, d11_shader_from(s, D11_VS));
    ctx->dirty |= D11_DIRTY_BLOCK | D11_DIRTY_TEXTURES;
}

static void STDMETHODCALLTYPE ctx_PSSetShader(ID3D11DeviceContext *iface, ID3D11PixelShader *s,
                                              ID3D11ClassInstance *const *inst, UINT n)
{
    struct d11_context *ctx = ctx_from(iface);
    (void)inst, (void)n;
    BIND_SHADER(ctx->ps, d11_shader_from(s, D11_PS));
    ctx->dirty |= D11_DIRTY_BLOCK | D11_DIRTY_TEXTURES;
}

static void STDMETHODCALLTYPE ctx_CSSetShader(ID3D11DeviceContext *iface,
                                              ID3D11ComputeShader *s,
                                              ID3D11ClassInstance *const *inst, UINT n)
{
    struct d11_context *ctx = ctx_from(iface);
    (void)inst, (void)n;
    BIND_SHADER(ctx->cs, d11_shader_from(s, D11_CS));
}

static void STDMETHODCALLTYPE ctx_CSGetShader(ID3D11DeviceContext *iface,
                                              ID3D11ComputeShader **out,
                                              ID3D11ClassInstance **inst, UINT *n)
{
    struct d11_context *ctx = ctx_from(iface);
    (void)inst;
    if (n)
        *n = 0;
    if (!out)
        return;
    *out = ctx->cs ? (ID3D11ComputeShader *)&ctx->cs->iface : NULL;
    if (*out)
        ID3D11ComputeShader_AddRef(*out);
}

/* UAVs of the output merger (which = 0: the pixel shaders') or of the
 * compute shaders (1), slots [start, start + n); a view bound at one
 * slot leaves the others it was bound at (D3D11 binds a view once per
 * pipeline). */
static void set_uavs(struct d11_context *ctx, int which, UINT start, UINT n,
                     ID3D11UnorderedAccessView *const *uavs)
{
    if (start >= D3D11_PS_CS_UAV_REGISTER_COUNT || n > D3D11_PS_CS_UAV_REGISTER_COUNT - start)
        return;
    for (UINT i = 0; i < n; i++) {
        struct d11_uav *v = uavs ? d11_uav_from(uavs[i]) : NULL;
        for (UINT k = 0; v && k < D3D11_PS_CS_UAV_REGISTER_COUNT; k++)
            if (ctx->uav[which][k] == v && (k < start || k >= start + n))
                BIND_EXPR(ctx->uav[which][k], NULL);
        BIND(ctx->uav[which][start + i], v);
    }
    ctx->dirty |= D11_DIRTY_TEXTURES;
    unbind_outputs_read(ctx);
}

static void get_uavs(struct d11_context *ctx, int which, UINT start, UINT n,
                     ID3D11UnorderedAccessView **out)
{
    for (UINT i = 0; i < n && out; i++) {
        struct d11_uav *v =
            start + i < D3D11_PS_CS_UAV_REGISTER_COUNT ? ctx->uav[which][start + i] : NULL;
        out[i] = v ? &v->iface : NULL;
        if (v)
            ID3D11UnorderedAccessView_AddRef(&v->iface);
    }
}

/* The initial counts of the views' hidden counters (-1: kept), on the
 * immediate context (a deferred context records them with its setter,
 * deferred.c, and the list's replay sets them here). */
static void set_counts(struct d11_context *ctx, UINT n, ID3D11UnorderedAccessView *const *uavs,
                       const UINT *counts)
{
    if (ctx != &ctx->dev->imm)
        return;
    for (UINT i = 0; counts && uavs && i < n; i++) {
        struct d11_uav *v = d11_uav_from(uavs[i]);
        if (v && !wire_handle_is_null(v->counter) && counts[i] != (UINT)-1)
            (void)d11_counter_write(ctx->dev, v->counter, counts[i]);
    }
}

static void STDMETHODCALLTYPE ctx_CSSetUnorderedAccessViews(
    ID3D11DeviceContext *iface, UINT start, UINT n, ID3D11UnorderedAccessView *const *uavs,
    const UINT *counts)
{
    struct d11_context *ctx = ctx_from(iface);
    set_uavs(ctx, 1, start, n, uavs);
    if (start < D3D11_PS_CS_UAV_REGISTER_COUNT && n <= D3D11_PS_CS_UAV_REGISTER_COUNT - start)
        set_counts(ctx, n, uavs, counts);
}

static void STDMETHODCALLTYPE ctx_CSGetUnorderedAccessViews(ID3D11DeviceContext *iface,
                                                            UINT start, UINT n,
                                                            ID3D11UnorderedAccessView **uavs)
{
    get_uavs(ctx_from(iface), 1, start, n, uavs);
}

static void STDMETHODCALLTYPE ctx_VSGetShader(ID3D11DeviceContext *iface,
                                              ID3D11VertexShader **out,
                                              ID3D11ClassInstance **inst, UINT *n)
{
    struct d11_context *ctx = ctx_from(iface);
    (void)inst;
    if (n)
        *n = 0;
    if (!out)
        return;
    *out = ctx->vs ? &ctx->vs->iface : NULL;
    if (*out)
        ID3D11VertexShader_AddRef(*out);
}

static void STDMETHODCALLTYPE ctx_PSGetShader(ID3D11DeviceContext *iface,
                                              ID3D11PixelShader **out,
                                              ID3D11ClassInstance **inst, UINT *n)
{
    struct d11_context *ctx = ctx_from(iface);
    (void)inst;
    if (n)
        *n = 0;
    if (!out)
        return;
    *out = ctx->ps ? (ID3D11PixelShader *)&ctx->ps->iface : NULL;
    if (*out)
        ID3D11PixelShader_AddRef(*out);
}

static void STDMETHODCALLTYPE ctx_IASetInputLayout(ID3D11DeviceContext *iface,
                                                   ID3D11InputLayout *l)
{
    struct d11_context *ctx = ctx_from(iface);
    struct d11_layout *o = d11_layout_from(l);
    BIND(ctx->layout, o);
    ctx->dirty |= D11_DIRTY_BLOCK;
}

static void STDMETHODCALLTYPE ctx_IAGetInputLayout(ID3D11DeviceContext *iface,
                                                   ID3D11InputLayout **out)
{
    struct d11_context *ctx = ctx_from(iface);
    if (!out)
        return;
    *out = ctx->layout ? &ctx->layout->iface : NULL;
    if (*out)
        ID3D11InputLayout_AddRef(*out);
}

static void STDMETHODCALLTYPE ctx_IASetVertexBuffers(ID3D11DeviceContext *iface, UINT start,
                                                     UINT n, ID3D11Buffer *const *bufs,
                                                     const UINT *strides, const UINT *offsets)
{
    struct d11_context *ctx = ctx_from(iface);
    if (start >= D11_MAX_VB || n > D11_MAX_VB - start)
        return;
    for (UINT i = 0; i < n; i++) {
        struct d11_buffer *b = bufs ? d11_buffer_from((ID3D11Resource *)bufs[i]) : NULL;
        if (b && !(b->desc.BindFlags & D3D11_BIND_VERTEX_BUFFER))
            b = NULL;
        /* D3D11's hazard rule: bound for stream output or as a render
         * target, it is no input. */
        for (UINT k = 0; b && k < D3D11_SO_BUFFER_SLOT_COUNT; k++)
            if (ctx->so[k] == b)
                b = NULL;
        if (buffer_is_target(ctx, b))
            b = NULL;
        BIND(ctx->vb[start + i], b);
        ctx->vb_stride[start + i] = strides ? strides[i] : 0;
        ctx->vb_offset[start + i] = offsets ? offsets[i] : 0;
    }
    ctx->dirty |= D11_DIRTY_VB | D11_DIRTY_BLOCK;
}

static void STDMETHODCALLTYPE ctx_IAGetVertexBuffers(ID3D11DeviceContext *iface, UINT start,
                                                     UINT n, ID3D11Buffer **bufs, UINT *strides,
                                                     UINT *offsets)
{
    struct d11_context *ctx = ctx_from(iface);
    for (UINT i = 0; i < n; i++) {
        UINT s = start + i;
        struct d11_buffer *b = s < D11_MAX_VB ? ctx->vb[s] : NULL;
        if (bufs) {
            bufs[i] = b ? &b->iface : NULL;
            if (b)
                ID3D11Buffer_AddRef(&b->iface);
        }
        if (strides)
            strides[i] = s < D11_MAX_VB ? ctx->vb_stride[s] : 0;
        if (offsets)
            offsets[i] = s < D11_MAX_VB ? ctx->vb_offset[s] : 0;
    }
}

static void STDMETHODCALLTYPE ctx_IASetIndexBuffer(ID3D11DeviceContext *iface, ID3D11Buffer *buf,
                                                   DXGI_FORMAT format, UINT offset)
{
    struct d11_context *ctx = ctx_from(iface);
    struct d11_buffer *b = d11_buffer_from((ID3D11Resource *)buf);
    if (b && (!(b->desc.BindFlags & D3D11_BIND_INDEX_BUFFER) || buffer_is_target(ctx, b)))
        b = NULL; /* (the hazard rule: a target's buffer is no input) */
    BIND(ctx->ib, b);
    ctx->ib_format = format;
    ctx->ib_offset = offset;
    ctx->dirty |= D11_DIRTY_IB;
}

static void STDMETHODCALLTYPE ctx_IAGetIndexBuffer(ID3D11DeviceContext *iface,
                                                   ID3D11Buffer **buf, DXGI_FORMAT *format,
                                                   UINT *offset)
{
    struct d11_context *ctx = ctx_from(iface);
    if (buf) {
        *buf = ctx->ib ? &ctx->ib->iface : NULL;
        if (*buf)
            ID3D11Buffer_AddRef(*buf);
    }
    if (format)
        *format = ctx->ib_format;
    if (offset)
        *offset = ctx->ib_offset;
}

static void STDMETHODCALLTYPE ctx_IASetPrimitiveTopology(ID3D11DeviceContext *iface,
                                                         D3D11_PRIMITIVE_TOPOLOGY t)
{
    struct d11_context *ctx = ctx_from(iface);
    ctx->topology = t;
    ctx->dirty |= D11_DIRTY_BLOCK;
}

static void STDMETHODCALLTYPE ctx_IAGetPrimitiveTopology(ID3D11DeviceContext *iface,
                                                         D3D11_PRIMITIVE_TOPOLOGY *t)
{
    if (t)
        *t = ctx_from(iface)->topology;
}

static void STDMETHODCALLTYPE ctx_OMSetRenderTargets(ID3D11DeviceContext *iface, UINT n,
                                                     ID3D11RenderTargetView *const *views,
                                                     ID3D11DepthStencilView *dsv)
{
    struct d11_context *ctx = ctx_from(iface);
    struct d11_dsv *d = d11_dsv_from(dsv);
    if (n > D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT)
        return;
    for (UINT i = 0; i < D11_MAX_RT; i++) {
        struct d11_view *v = i < n && views ? d11_rtv_from(views[i]) : NULL;
        BIND(ctx->rtv[i], v);
    }
    BIND(ctx->dsv, d);
    ctx->rtv_count = NR_MIN(n, (UINT)D11_MAX_RT);
    ctx->dirty |= D11_DIRTY_TARGETS | D11_DIRTY_BLOCK | D11_DIRTY_DYNAMIC;
    /* The hazard rule (set_srvs): the views that read a target go. */
    unbind_outputs_read(ctx);
}

static void STDMETHODCALLTYPE ctx_OMGetRenderTargets(ID3D11DeviceContext *iface, UINT n,
                                                     ID3D11RenderTargetView **views,
                                                     ID3D11DepthStencilView **dsv)
{
    struct d11_context *ctx = ctx_from(iface);
    for (UINT i = 0; i < n && views; i++) {
        struct d11_view *v = i < D11_MAX_RT ? ctx->rtv[i] : NULL;
        views[i] = v ? &v->iface : NULL;
        if (v)
            ID3D11RenderTargetView_AddRef(&v->iface);
    }
    if (dsv) {
        *dsv = ctx->dsv ? &ctx->dsv->iface : NULL;
        if (*dsv)
            ID3D11DepthStencilView_AddRef(*dsv);
    }
}

static void STDMETHODCALLTYPE ctx_OMSetRenderTargetsAndUnorderedAccessViews(
    ID3D11DeviceContext *iface, UINT n, ID3D11RenderTargetView *const *views,
    ID3D11DepthStencilView *dsv, UINT uav_start, UINT uav_n,
    ID3D11UnorderedAccessView *const *uavs, const UINT *counts)
{
    struct d11_context *ctx = ctx_from(iface);
    if (n != D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL)
        ctx_OMSetRenderTargets(iface, n, views, dsv);
    if (uav_n == D3D11_KEEP_UNORDERED_ACCESS_VIEWS)
        return;
    if (uav_start >= D3D11_PS_CS_UAV_REGISTER_COUNT ||
        uav_n > D3D11_PS_CS_UAV_REGISTER_COUNT - uav_start)
        return;
    /* The slots outside [uav_start, + uav_n) are unbound. */
    for (UINT k = 0; k < D3D11_PS_CS_UAV_REGISTER_COUNT; k++)
        if (k < uav_start || k >= uav_start + uav_n)
            BIND_EXPR(ctx->uav[0][k], NULL);
    set_uavs(ctx, 0, uav_start, uav_n, uavs);
    set_counts(ctx, uav_n, uavs, counts);
}

static void STDMETHODCALLTYPE ctx_OMGetRenderTargetsAndUnorderedAccessViews(
    ID3D11DeviceContext *iface, UINT n, ID3D11RenderTargetView **views,
    ID3D11DepthStencilView **dsv, UINT uav_start, UINT uav_n, ID3D11UnorderedAccessView **uavs)
{
    ctx_OMGetRenderTargets(iface, n, views, dsv);
    get_uavs(ctx_from(iface), 0, uav_start, uav_n, uavs);
}

static void STDMETHODCALLTYPE ctx_OMSetBlendState(ID3D11DeviceContext *iface,
                                                  ID3D11BlendState *bs, const FLOAT factor[4],
                                                  UINT mask)
{
    struct d11_context *ctx = ctx_from(iface);
    static const FLOAT ones[4] = {1, 1, 1, 1};
    BIND_STATE(ctx->bs, d11_bs_from(bs));
    memcpy(ctx->blend_factor, factor ? factor : ones, sizeof(ctx->blend_factor));
    ctx->sample_mask = mask;
    ctx->dirty |= D11_DIRTY_BLOCK | D11_DIRTY_DYNAMIC;
}

static void STDMETHODCALLTYPE ctx_OMGetBlendState(ID3D11DeviceContext *iface,
                                                  ID3D11BlendState **bs, FLOAT factor[4],
                                                  UINT *mask)
{
    struct d11_context *ctx = ctx_from(iface);
    if (bs) {
        *bs = ctx->bs ? &ctx->bs->iface.bs : NULL;
        if (*bs)
            ID3D11BlendState_AddRef(*bs);
    }
    if (factor)
        memcpy(factor, ctx->blend_factor, sizeof(ctx->blend_factor));
    if (mask)
        *mask = ctx->sample_mask;
}

static void STDMETHODCALLTYPE ctx_OMSetDepthStencilState(ID3D11DeviceContext *iface,
                                                         ID3D11DepthStencilState *ds, UINT ref)
{
    struct d11_context *ctx = ctx_from(iface);
    BIND_STATE(ctx->ds, d11_ds_from(ds));
    ctx->stencil_ref = ref;
    ctx->dirty |= D11_DIRTY_BLOCK | D11_DIRTY_DYNAMIC;
}

static void STDMETHODCALLTYPE ctx_OMGetDepthStencilState(ID3D11DeviceContext *iface,
                                                         ID3D11DepthStencilState **ds,
                                                         UINT *ref)
{
    struct d11_context *ctx = ctx_from(iface);
    if (ds) {
        *ds = ctx->ds ? &ctx->ds->iface.ds : NULL;
        if (*ds)
            ID3D11DepthStencilState_AddRef(*ds);
    }
    if (ref)
        *ref = ctx->stencil_ref;
}

static void STDMETHODCALLTYPE ctx_RSSetState(ID3D11DeviceContext *iface,
                                             ID3D11RasterizerState *rs)
{
    struct d11_context *ctx = ctx_from(iface);
    BIND_STATE(ctx->rs, d11_rs_from(rs));
    ctx->dirty |= D11_DIRTY_BLOCK | D11_DIRTY_SCISSOR | D11_DIRTY_DYNAMIC;
}

static void STDMETHODCALLTYPE ctx_RSGetState(ID3D11DeviceContext *iface,
                                             ID3D11RasterizerState **rs)
{
    struct d11_context *ctx = ctx_from(iface);
    if (!rs)
        return;
    *rs = ctx->rs ? &ctx->rs->iface.rs : NULL;
    if (*rs)
        ID3D11RasterizerState_AddRef(*rs);
}

static void STDMETHODCALLTYPE ctx_RSSetViewports(ID3D11DeviceContext *iface, UINT n,
                                                 const D3D11_VIEWPORT *vp)
{
    struct d11_context *ctx = ctx_from(iface);
    if (n > D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE || (n && !vp))
        return;
    if (n)
        memcpy(ctx->vp, vp, n * sizeof(*vp));
    ctx->vp_count = n;
    /* (A scissor counts where its viewport does: both are sent.) */
    ctx->dirty |= D11_DIRTY_VIEWPORT | D11_DIRTY_SCISSOR;
}

static void STDMETHODCALLTYPE ctx_RSGetViewports(ID3D11DeviceContext *iface, UINT *n,
                                                 D3D11_VIEWPORT *vp)
{
    struct d11_context *ctx = ctx_from(iface);
    if (!n)
        return;
    if (vp) {
        for (UINT i = 0; i < *n; i++)
            vp[i] = i < ctx->vp_count ? ctx->vp[i] : (D3D11_VIEWPORT){0};
    }
    *n = ctx->vp_count;
}

static void STDMETHODCALLTYPE ctx_RSSetScissorRects(ID3D11DeviceContext *iface, UINT n,
                                                    const D3D11_RECT *r)
{
    struct d11_context *ctx = ctx_from(iface);
    if (n > D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE || (n && !r))
        return;
    if (n)
        memcpy(ctx->scissor, r, n * sizeof(*r));
    ctx->scissor_count = n;
    ctx->dirty |= D11_DIRTY_SCISSOR;
}

static void STDMETHODCALLTYPE ctx_RSGetScissorRects(ID3D11DeviceContext *iface, UINT *n,
                                                    D3D11_RECT *r)
{
    struct d11_context *ctx = ctx_from(iface);
    if (!n)
        return;
    if (r) {
        for (UINT i = 0; i < *n; i++)
            r[i] = i < ctx->scissor_count ? ctx->scissor[i] : (D3D11_RECT){0};
    }
    *n = ctx->scissor_count;
}

/* ------------------------------------------------------------ the state a draw sends */

static uint8_t wire_blend(D3D11_BLEND b)
{
    switch (b) {
    case D3D11_BLEND_ZERO: return WIRE_BLEND_ZERO;
    case D3D11_BLEND_ONE: return WIRE_BLEND_ONE;
    case D3D11_BLEND_SRC_COLOR: return WIRE_BLEND_SRC_COLOR;
    case D3D11_BLEND_INV_SRC_COLOR: return WIRE_BLEND_ONE_MINUS_SRC_COLOR;
    case D3D11_BLEND_SRC_ALPHA: return WIRE_BLEND_SRC_ALPHA;
    case D3D11_BLEND_INV_SRC_ALPHA: return WIRE_BLEND_ONE_MINUS_SRC_ALPHA;
    case D3D11_BLEND_DEST_ALPHA: return WIRE_BLEND_DST_ALPHA;
    case D3D11_BLEND_INV_DEST_ALPHA: return WIRE_BLEND_ONE_MINUS_DST_ALPHA;
    case D3D11_BLEND_DEST_COLOR: return WIRE_BLEND_DST_COLOR;
    case D3D11_BLEND_INV_DEST_COLOR: return WIRE_BLEND_ONE_MINUS_DST_COLOR;
    case D3D11_BLEND_SRC_ALPHA_SAT: return WIRE_BLEND_SRC_ALPHA_SATURATE;
    case D3D11_BLEND_BLEND_FACTOR: return WIRE_BLEND_CONSTANT_COLOR;
    case D3D11_BLEND_INV_BLEND_FACTOR: return WIRE_BLEND_ONE_MINUS_CONSTANT_COLOR;
    case D3D11_BLEND_SRC1_COLOR: return WIRE_BLEND_SRC1_COLOR;
    case D3D11_BLEND_INV_SRC1_COLOR: return WIRE_BLEND_ONE_MINUS_SRC1_COLOR;
    case D3D11_BLEND_SRC1_ALPHA: return WIRE_BLEND_SRC1_ALPHA;
    case D3D11_BLEND_INV_SRC1_ALPHA: return WIRE_BLEND_ONE_MINUS_SRC1_ALPHA;
    default: return WIRE_BLEND_ONE; /* refused by CreateBlendState */
    }
}

/* A target's blending reads the pixel shader's second source. */
static bool blend_src1(const D3D11_RENDER_TARGET_BLEND_DESC *t)
{
    return t->BlendEnable &&
           (wire_blend(t->SrcBlend) >= WIRE_BLEND_SRC1_COLOR ||
            wire_blend(t->DestBlend) >= WIRE_BLEND_SRC1_COLOR ||
            wire_blend(t->SrcBlendAlpha) >= WIRE_BLEND_SRC1_COLOR ||
            wire_blend(t->DestBlendAlpha) >= WIRE_BLEND_SRC1_COLOR);
}

/* Dual-source blending, as D3D11 has it: target 0's blending reads the
 * pixel shader's o1, which its dual-source module makes the second source
 * of location 0 (the block names that module); no other target may be
 * bound.  False: the draw cannot be made (said once). */
static bool dual_source_ready(struct d11_context *ctx, bool *dual)
{
    const D3D11_BLEND_DESC *bs = ctx->bs ? &ctx->bs->desc.bs.d : &d11_default_bs;
    bool any = false;
    *dual = false;
    for (int i = 0; i < D11_MAX_RT; i++)
        if (ctx->rtv[i] && blend_src1(&bs->RenderTarget[i])) {
            any = true;
            *dual = i == 0;
        }
    if (!any)
        return true;
    if (!*dual || ctx->rtv[1] || ctx->rtv[2] || ctx->rtv[3] || !ctx->ps ||
        wire_handle_is_null(d11_shader_dual(ctx->dev, ctx->ps))) {
        static bool warned;
        if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
            NR_WARN(D3D9, "dual-source blending of a target other than 0, or with more "
                          "targets bound: the draw is dropped");
        return false;
    }
    return true;
}

static bool wire_topology(D3D11_PRIMITIVE_TOPOLOGY t, uint32_t *out)
{
    switch (t) {
    case D3D11_PRIMITIVE_TOPOLOGY_POINTLIST: *out = WIRE_TOPOLOGY_POINT_LIST; return true;
    case D3D11_PRIMITIVE_TOPOLOGY_LINELIST: *out = WIRE_TOPOLOGY_LINE_LIST; return true;
    case D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP: *out = WIRE_TOPOLOGY_LINE_STRIP; return true;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST: *out = WIRE_TOPOLOGY_TRIANGLE_LIST; return true;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP: *out = WIRE_TOPOLOGY_TRIANGLE_STRIP; return true;
    default:
        if (t >= D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST &&
            t <= D3D11_PRIMITIVE_TOPOLOGY_32_CONTROL_POINT_PATCHLIST) {
            *out = WIRE_TOPOLOGY_PATCH_LIST;
            return true;
        }
        return false; /* adjacency lists: not done */
    }
}

/* Whether the pixel shader's draw writes only UAVs (no target). */
static bool uav_only_draw(const struct d11_context *ctx)
{
    bool uav_only = false;
    for (UINT k = 0; ctx->ps && k < D3D11_PS_CS_UAV_REGISTER_COUNT; k++)
        uav_only |= ctx->uav[0][k] && (ctx->ps->bind.uav_mask >> k & 1);
    return uav_only;
}

/* A draw of a stream-output shader that rasterizes nothing: no stream
 * rasterized, one the program does not write (the server draws the
 * rasterized one: wire_create_so_shader.rasterized; one without streams
 * stream 0), or nothing that would write anything. */
static bool so_rasterizes_none(const struct d11_context *ctx)
{
    const struct d11_shader *gs = ctx->gs;
    if (!(ctx->dev->tc->caps.features & WIRE_DEVFEAT_SO_STREAMS))
        return gs->so_rasterized != 0;
    return gs->so_rasterized >= D3D11_SO_STREAM_COUNT ||
           !(gs->so_streams >> gs->so_rasterized & 1);
}

static bool so_discards(const struct d11_context *ctx)
{
    return ctx->gs && ctx->gs->so &&
           (so_rasterizes_none(ctx) ||
            (!ctx->dsv && (!ctx->ps || (!ctx->rtv[0] && !ctx->rtv[1] && !ctx->rtv[2] &&
                                        !ctx->rtv[3] && !uav_only_draw(ctx)))));
}

/* The bound targets of A8_UNORM views, a bit per slot: stored as R8, they
 * take the pixel shader's alpha in red (d11_shader_alpha) and blend it with
 * the alpha factors moved to colour (a8_factor). */
static uint8_t a8_targets(const struct d11_context *ctx)
{
    uint8_t mask = 0;
    for (int i = 0; i < D11_MAX_RT; i++)
        if (ctx->rtv[i] && ctx->rtv[i]->desc.Format == DXGI_FORMAT_A8_UNORM)
            mask |= (uint8_t)(1u << i);
    return mask;
}

/* An alpha blend factor as the colour factor of an A8 target's red: the
 * destination's alpha is its red, the constant's its alpha; the source's
 * alpha stays (every component of the output is its alpha). */
static uint8_t a8_factor(uint8_t f)
{
    switch (f) {
    case WIRE_BLEND_DST_ALPHA: return WIRE_BLEND_DST_COLOR;
    case WIRE_BLEND_ONE_MINUS_DST_ALPHA: return WIRE_BLEND_ONE_MINUS_DST_COLOR;
    case WIRE_BLEND_CONSTANT_COLOR: return WIRE_BLEND_CONSTANT_ALPHA;
    case WIRE_BLEND_ONE_MINUS_CONSTANT_COLOR: return WIRE_BLEND_ONE_MINUS_CONSTANT_ALPHA;
    case WIRE_BLEND_SRC_ALPHA_SATURATE: return WIRE_BLEND_ONE; /* of the alpha channel */
    default: return f;
    }
}

static void make_block_key(struct d11_context *ctx, struct wire_create_state_block *b,
                           uint32_t topology)
{
    const D3D11_RASTERIZER_DESC *rs = ctx->rs ? &ctx->rs->desc.rs : &d11_default_rs;
    const D3D11_BLEND_DESC *bs = ctx->bs ? &ctx->bs->desc.bs.d : &d11_default_bs;
    memset(b, 0, sizeof(*b));
    b->vs = ctx->vs->handle;
    b->fs = ctx->ps ? ctx->ps->handle : (wire_handle){0, 0};
    if (ctx->gs) {
        b->gs = ctx->gs->handle;
        /* Stream output with nothing rasterized: no stream is, no pixel
         * shader or no target would write anything. */
        if (so_discards(ctx)) {
            b->rasterizer_discard = 1;
            b->fs = (wire_handle){0, 0};
        }
    }
    b->topology = topology;
    if (topology == WIRE_TOPOLOGY_PATCH_LIST) {
        b->patch_points =
            (uint32_t)(ctx->topology - D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST + 1);
        b->hs = ctx->hull->handle;
        b->ds = ctx->domain->handle;
    }
    if (ctx->layout) {
        b->attr_count = ctx->layout->attr_count;
        memcpy(b->attrs, ctx->layout->attrs, sizeof(b->attrs));
        b->instance_bindings = ctx->layout->instance_bindings;
        b->divisor_bindings = ctx->layout->divisor_bindings;
        memcpy(b->divisors, ctx->layout->divisors, sizeof(b->divisors));
        for (uint32_t i = 0; i < b->attr_count; i++) {
            uint32_t s = b->attrs[i].binding;
            b->binding_count = NR_MAX(b->binding_count, s + 1);
            b->binding_strides[s] = ctx->vb_stride[s];
        }
    }
    for (int i = 0; i < D11_MAX_RT; i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC *t = &bs->RenderTarget[i];
        struct d11_view *v = ctx->rtv[i];
        if (!v)
            continue;
        b->color_formats[i] = v->wire_format;
        b->blend[i] = (struct wire_blend_target){
            (uint8_t)(t->BlendEnable ? 1 : 0), wire_blend(t->SrcBlend), wire_blend(t->DestBlend),
            (uint8_t)(t->BlendOp - 1), wire_blend(t->SrcBlendAlpha), wire_blend(t->DestBlendAlpha),
            (uint8_t)(t->BlendOpAlpha - 1), (uint8_t)(t->RenderTargetWriteMask & 0xf)};
        /* A target whose alpha is not kept (B8G8R8X8, stored with an
         * alpha byte) reads its alpha as 1. */
        if (d11_format_no_alpha(v->desc.Format)) {
            uint8_t *f[4] = {&b->blend[i].src_color, &b->blend[i].dst_color,
                             &b->blend[i].src_alpha, &b->blend[i].dst_alpha};
            for (int k = 0; k < 4; k++)
                *f[k] = *f[k] == WIRE_BLEND_DST_ALPHA             ? WIRE_BLEND_ONE
                        : *f[k] == WIRE_BLEND_ONE_MINUS_DST_ALPHA ? WIRE_BLEND_ZERO
                                                                  : *f[k];
        }
        /* Integer targets are never blended (D3D11 ignores their blend
         * enable; Vulkan forbids it). */
        bool blend = t->BlendEnable && !wire_format_get(v->wire_format)->integer;
        b->blend[i].enable = blend;
        if (!blend) {
            /* Blending off: the rest of the description is unused, and may
             * be zeros (valid in D3D11). */
            b->blend[i].src_color = b->blend[i].src_alpha = WIRE_BLEND_ONE;
            b->blend[i].dst_color = b->blend[i].dst_alpha = WIRE_BLEND_ZERO;
            b->blend[i].color_op = b->blend[i].alpha_op = WIRE_BLEND_OP_ADD;
        }
        /* An A8 target: its alpha is the stored red. */
        if (v->desc.Format == DXGI_FORMAT_A8_UNORM) {
            struct wire_blend_target *t8 = &b->blend[i];
            t8->src_color = a8_factor(t8->src_alpha);
            t8->dst_color = a8_factor(t8->dst_alpha);
            t8->color_op = t8->alpha_op;
            t8->write_mask = t8->write_mask >> 3 & 1;
        }
        /* No pixel shader: the targets keep their texels (depth only). */
        if (!ctx->ps) {
            b->blend[i].enable = 0;
            b->blend[i].write_mask = 0;
        }
    }
    if (ctx->dsv) {
        const D3D11_DEPTH_STENCIL_DESC *ds = ctx->ds ? &ctx->ds->desc.ds : &d11_default_ds;
        b->depth_format = ctx->dsv->tex->wire_format;
        b->depth_test = ds->DepthEnable ? 1 : 0;
        b->depth_write = ds->DepthEnable && ds->DepthWriteMask == D3D11_DEPTH_WRITE_MASK_ALL &&
                         !(ctx->dsv->desc.Flags & D3D11_DSV_READ_ONLY_DEPTH);
        /* D3D11's comparisons and stencil operations are the wire's, from 1. */
        b->depth_compare = ds->DepthEnable ? (uint8_t)(ds->DepthFunc - 1) : WIRE_COMPARE_ALWAYS;
        if (ds->StencilEnable && wire_format_get(b->depth_format)->stencil) {
            b->stencil_test = 1;
            b->stencil_front = (struct wire_stencil_face){
                (uint8_t)(ds->FrontFace.StencilFailOp - 1),
                (uint8_t)(ds->FrontFace.StencilDepthFailOp - 1),
                (uint8_t)(ds->FrontFace.StencilPassOp - 1),
                (uint8_t)(ds->FrontFace.StencilFunc - 1)};
            b->stencil_back = (struct wire_stencil_face){
                (uint8_t)(ds->BackFace.StencilFailOp - 1),
                (uint8_t)(ds->BackFace.StencilDepthFailOp - 1),
                (uint8_t)(ds->BackFace.StencilPassOp - 1),
                (uint8_t)(ds->BackFace.StencilFunc - 1)};
        }
        b->depth_bias = rs->DepthBias || rs->SlopeScaledDepthBias;
    } else {
        b->depth_format = WIRE_FORMAT_UNDEFINED; /* no DSV: no depth test */
    }
    b->cull = rs->CullMode == D3D11_CULL_NONE    ? WIRE_CULL_NONE
              : rs->CullMode == D3D11_CULL_FRONT ? WIRE_CULL_FRONT
                                                 : WIRE_CULL_BACK;
    /* The viewport goes in upside down (WIRE_VIEWPORT_Y_UP), so the
     * framebuffer's winding is the screen's, as D3D11 defines it. */
    b->front_face = rs->FrontCounterClockwise ? WIRE_FRONT_CCW : WIRE_FRONT_CW;
    b->fill = rs->FillMode == D3D11_FILL_WIREFRAME ? WIRE_FILL_WIREFRAME : WIRE_FILL_SOLID;
    b->flat_first_vertex = 1; /* D3D11's provoking vertex is the first */
    b->samples = 1;
    for (int i = 0; i < D11_MAX_RT; i++)
        if (ctx->rtv[i])
            b->samples = d11_view_samples(ctx->rtv[i]);
    if (ctx->dsv)
        b->samples = ctx->dsv->tex->desc.SampleDesc.Count;
    b->depth_clamp = !rs->DepthClipEnable &&
                     (ctx->dev->tc->caps.features & WIRE_DEVFEAT_DEPTH_CLAMP);
    b->sample_mask = ctx->sample_mask;
    /* Alpha to coverage makes coverage of the first target's alpha, which
     * a draw without a colour target has none of. */
    b->alpha_to_coverage = bs->AlphaToCoverageEnable && b->color_formats[0] && ctx->ps;
    /* D3D10+'s strips restart at an index of all ones. */
    b->strip_cut = topology == WIRE_TOPOLOGY_LINE_STRIP ||
                   topology == WIRE_TOPOLOGY_TRIANGLE_STRIP;
    /* D3D11.1's logic operation (of every target: CreateBlendState1 took
     * it only without independent blending, and no target blends). */
    if (ctx->bs && ctx->bs->desc.bs.logic_enable) {
        static const uint8_t ops[16] = {
            [D3D11_LOGIC_OP_CLEAR] = WIRE_LOGIC_CLEAR,
            [D3D11_LOGIC_OP_SET] = WIRE_LOGIC_SET,
            [D3D11_LOGIC_OP_COPY] = WIRE_LOGIC_COPY,
            [D3D11_LOGIC_OP_COPY_INVERTED] = WIRE_LOGIC_COPY_INVERTED,
            [D3D11_LOGIC_OP_NOOP] = WIRE_LOGIC_NOOP,
            [D3D11_LOGIC_OP_INVERT] = WIRE_LOGIC_INVERT,
            [D3D11_LOGIC_OP_AND] = WIRE_LOGIC_AND,
            [D3D11_LOGIC_OP_NAND] = WIRE_LOGIC_NAND,
            [D3D11_LOGIC_OP_OR] = WIRE_LOGIC_OR,
            [D3D11_LOGIC_OP_NOR] = WIRE_LOGIC_NOR,
            [D3D11_LOGIC_OP_XOR] = WIRE_LOGIC_XOR,
            [D3D11_LOGIC_OP_EQUIV] = WIRE_LOGIC_EQUIVALENT,
            [D3D11_LOGIC_OP_AND_REVERSE] = WIRE_LOGIC_AND_REVERSE,
            [D3D11_LOGIC_OP_AND_INVERTED] = WIRE_LOGIC_AND_INVERTED,
            [D3D11_LOGIC_OP_OR_REVERSE] = WIRE_LOGIC_OR_REVERSE,
            [D3D11_LOGIC_OP_OR_INVERTED] = WIRE_LOGIC_OR_INVERTED,
        };
        b->logic_op_enable = 1;
        b->logic_op = ops[ctx->bs->desc.bs.logic_op & 15];
    }
}

/* The block for the current state: the device's cache, or a new one. */
static bool bind_block(struct d11_context *ctx, uint32_t topology)
{
    struct d11_device *dev = ctx->dev;
    struct d11_block_key key;
    struct d11_block *blk;
    uint64_t hash;

    bool dual;
    if (!dual_source_ready(ctx, &dual))
        return false;
    make_block_key(ctx, &key.b, topology);
    if (dual && !wire_handle_is_null(key.b.fs))
        key.b.fs = ctx->ps->dual;
    else if (a8_targets(ctx) && !wire_handle_is_null(key.b.fs) &&
             wire_handle_is_null(key.b.fs = d11_shader_alpha(dev, ctx->ps, a8_targets(ctx)))) {
        static bool warned;
        if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
            NR_WARN(D3D9, "a pixel shader drawn into more than four sets of A8 targets: "
                          "the draw is dropped");
        return false;
    }
    hash = nr_hash64(&key, sizeof(key), NR_HASH_SEED);
    for (size_t i = 0; i < dev->block_count; i++)
        if (dev->blocks[i].hash == hash && !memcmp(&dev->blocks[i].key, &key, sizeof(key))) {
            ctx->block = dev->blocks[i].handle;
            return true;
        }
    if (!nr_array_reserve((void **)&dev->blocks, &dev->block_cap, dev->block_count + 1,
                          sizeof(*dev->blocks)))
        return false;
    blk = &dev->blocks[dev->block_count];
    blk->hash = hash;
    blk->key = key;
    blk->handle = d11_handle_alloc(dev, WIRE_OBJ_STATE_BLOCK);
    key.b.block = blk->handle;
    if (wire_handle_is_null(blk->handle) || !wire_emit_CREATE_STATE_BLOCK(&dev->tc->w, &key.b))
        return false;
    dev->block_count++;
    ctx->block = blk->handle;
    return true;
}

/* What an unbound slot reads: a 1x1 texture of zeros and the default
 * sampler, made at first need.  False when they cannot be had. */
static bool defaults_ready(struct d11_device *dev)
{
    struct transport_client *tc = dev->tc;
    /* Zeros of each texture type (an array view reads the type's one). */
    for (uint32_t type = 0; type < D11_ZERO_TEXTURES; type++) {
        /* (An empty multisampled slot is the server's null view.) */
        if (type == WIRE_TEX_2D_ARRAY || type == WIRE_TEX_1D_ARRAY || type == WIRE_TEX_2D_MS ||
            type == WIRE_TEX_CUBE_ARRAY)
            continue;
        static const uint32_t zero = 0;
        struct wire_create_texture ct = {
            .format = WIRE_FORMAT_R8G8B8A8_UNORM, .type = type, .width = 1,
            .height = 1, .depth = 1, .levels = 1, .usage = WIRE_TEX_SAMPLED,
            .swizzle = {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B, WIRE_SWIZZLE_A},
            .samples = 1};
        if (!wire_handle_is_null(dev->zero_texture[type]))
            continue;
        ct.texture = d11_handle_alloc(dev, WIRE_OBJ_TEXTURE);
        if (wire_handle_is_null(ct.texture) || !wire_emit_CREATE_TEXTURE(&tc->w, &ct))
            return false;
        for (uint32_t layer = 0; layer < (type == WIRE_TEX_CUBE ? 6u : 1u); layer++) {
            struct wire_write_texture wt = {{ct.texture, 0, layer, 0, 0, 0, 1, 1, 1, 0, 4, 4, 0}};
            void *stage;
            if (!transport_stage_alloc(tc, 4, &wt.r.stage_offset, &stage))
                return false;
            memcpy(stage, &zero, 4);
            if (!wire_emit_WRITE_TEXTURE(&tc->w, &wt))
                return false;
        }
        dev->zero_texture[type] = ct.texture;
    }
    if (wire_handle_is_null(dev->default_sampler)) {
        struct wire_create_sampler s;
        d11_sampler_to_wire(dev, &d11_default_sampler, &s);
        s.sampler = d11_handle_alloc(dev, WIRE_OBJ_SAMPLER);
        if (wire_handle_is_null(s.sampler) || !wire_emit_CREATE_SAMPLER(&tc->w, &s))
            return false;
        dev->default_sampler = s.sampler;
    }
    if (wire_handle_is_null(dev->zero_buffer)) {
        struct wire_create_buffer cb = {{0, 0}, 16, WIRE_BUF_TEXEL, 0};
        cb.buffer = d11_handle_alloc(dev, WIRE_OBJ_BUFFER);
        if (wire_handle_is_null(cb.buffer) || !wire_emit_CREATE_BUFFER(&tc->w, &cb))
            return false;
        dev->zero_buffer = cb.buffer; /* the server zeroes new buffers */
    }
    for (int cube = 0; cube < 2; cube++) {
        struct wire_create_texture ct = {
            .format = WIRE_FORMAT_D16_UNORM, .type = cube ? WIRE_TEX_CUBE : WIRE_TEX_2D,
            .width = 1, .height = 1, .depth = 1, .levels = 1,
            .usage = WIRE_TEX_SAMPLED | WIRE_TEX_DEPTH_TARGET,
            .swizzle = {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B, WIRE_SWIZZLE_A},
            .samples = 1};
        if (!wire_handle_is_null(dev->zero_depth[cube]))
            continue;
        ct.texture = d11_handle_alloc(dev, WIRE_OBJ_TEXTURE);
        if (wire_handle_is_null(ct.texture) || !wire_emit_CREATE_TEXTURE(&tc->w, &ct))
            return false;
        dev->zero_depth[cube] = ct.texture; /* never read: the sampler never passes */
    }
    if (wire_handle_is_null(dev->never_sampler)) {
        struct wire_create_sampler s;
        d11_sampler_to_wire(dev, &d11_default_sampler, &s);
        s.compare = 1 + WIRE_COMPARE_NEVER;
        s.sampler = d11_handle_alloc(dev, WIRE_OBJ_SAMPLER);
        if (wire_handle_is_null(s.sampler) || !wire_emit_CREATE_SAMPLER(&tc->w, &s))
            return false;
        dev->never_sampler = s.sampler;
    }
    if (wire_handle_is_null(dev->load_sampler)) {
        /* Loads read no sampler, but the combined slot needs one that any
         * format allows (integer formats filter nothing). */
        D3D11_SAMPLER_DESC point = d11_default_sampler;
        struct wire_create_sampler s;
        point.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
        d11_sampler_to_wire(dev, &point, &s);
        s.sampler = d11_handle_alloc(dev, WIRE_OBJ_SAMPLER);
        if (wire_handle_is_null(s.sampler) || !wire_emit_CREATE_SAMPLER(&tc->w, &s))
            return false;
        dev->load_sampler = s.sampler;
    }
    return true;
}

/* Each buffer the stage's shader declares into its texel buffer slot (the
 * fragment and compute stages' from 0, the vertex stage's from 8, the
 * geometry, hull and domain stages' from 12, 16 and 20): the bound view's
 * range, or zeros of the type the shader reads when the slot is unbound
 * or holds a texture's view or another kind of buffer view (raw and
 * structured against typed: undefined in D3D11). */
static bool send_buffers(struct d11_context *ctx, int stage, const struct d11_shader *sh)
{
    /* Compute shaders read the fragment stage's slots. */
    static const uint32_t zero_formats[] = {
        [DXBC_BUFFER_FLOAT] = WIRE_FORMAT_R32G32B32A32_SFLOAT,
        [DXBC_BUFFER_UINT] = WIRE_FORMAT_R32G32B32A32_UINT,
        [DXBC_BUFFER_SINT] = WIRE_FORMAT_R32G32B32A32_SINT,
    };
    struct d11_device *dev = ctx->dev;
    uint32_t first = stage == D11_VS   ? NR_BIND_VS_TEXEL0
                     : stage == D11_GS ? WIRE_STAGE_TEXEL_SLOT0
                     : stage == D11_HS ? WIRE_STAGE_TEXEL_SLOT0 + NR_MAX_STAGE_TEXELS
                     : stage == D11_DS ? WIRE_STAGE_TEXEL_SLOT0 + 2 * NR_MAX_STAGE_TEXELS
                                       : 0;
    for (uint32_t k = 0; k < sh->bind.buffer_count; k++) {
        const struct d11_srv *v = ctx->srv[stage][sh->bind.buffer[k]];
        bool words = sh->bind.texture_dim[sh->bind.buffer[k]] != DXBC_DIM_BUFFER;
        struct wire_set_texel_buffer t = {first + k, zero_formats[sh->bind.buffer_type[k]],
                                          dev->zero_buffer, 0, 16};
        if (v && v->buf && v->words == words) {
            t.format = v->wire_format;
            t.buffer = v->buf->handle;
            t.offset = v->offset;
            t.size = v->size;
        }
        if (!wire_emit_SET_TEXEL_BUFFER(&dev->tc->w, &t))
            return false;
    }
    return true;
}

/* The UAVs the shader declares (uavs: the views bound for its pipeline)
 * into the storage slots of their registers: the bound view when it is of
 * the kind the shader declares (a buffer's typed or word view, a
 * texture's view of the type), else an empty slot of that type. */
static bool send_uavs(struct d11_context *ctx, const struct d11_shader *sh,
                      struct d11_uav *const *uavs)
{
    static const uint32_t empty_formats[] = {
        [DXBC_BUFFER_FLOAT] = WIRE_FORMAT_R32_SFLOAT,
        [DXBC_BUFFER_UINT] = WIRE_FORMAT_R32_UINT,
        [DXBC_BUFFER_SINT] = WIRE_FORMAT_R32_SINT,
    };
    for (uint32_t mask = sh->bind.uav_mask; mask; mask &= mask - 1) {
        uint32_t k = (uint32_t)__builtin_ctz(mask), dim = sh->bind.uav_dim[k];
        const struct d11_uav *v = uavs[k];
        uint32_t type = dim == DXBC_DIM_TEXTURE1D        ? WIRE_TEX_1D
                        : dim == DXBC_DIM_TEXTURE1DARRAY ? WIRE_TEX_1D_ARRAY
                        : dim == DXBC_DIM_TEXTURE2DARRAY ? WIRE_TEX_2D_ARRAY
                        : dim == DXBC_DIM_TEXTURE3D      ? WIRE_TEX_3D
                                                         : WIRE_TEX_2D;
        struct wire_set_storage w = {k, WIRE_STORAGE_NONE, {0, 0},
                                     empty_formats[sh->bind.uav_type[k]], type};
        if (dxbc_dim_is_buffer(dim)) {
            const struct wire_caps *caps = &ctx->dev->tc->caps;
            if (v && v->buf &&
                (v->offset % NR_MAX(caps->texel_buffer_align, 1u) ||
                 v->size / wire_format_get(v->wire_format)->block_bytes >
                     caps->max_texel_elements)) {
                static bool warned;
                if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
                    NR_WARN(D3D9, "a buffer UAV from byte %llu, or of more texels than the "
                                  "device's texel buffers hold, is not done: an empty slot",
                            (unsigned long long)v->offset);
                v = NULL;
            }
            if (v && v->buf && v->words == (dim != DXBC_DIM_BUFFER)) {
                w.kind = WIRE_STORAGE_BUFFER;
                w.resource = v->buf->handle;
                w.counter = v->counter;
                w.format = v->wire_format;
                w.view_type = 0;
                w.offset = v->offset;
                w.size = v->size;
            }
        } else if (v && v->tex && v->view_type == type) {
            w.kind = WIRE_STORAGE_IMAGE;
            w.resource = v->tex->handle;
            w.format = v->wire_format;
            w.level = v->level;
            w.first_layer = type == WIRE_TEX_3D ? 0 : v->first_layer;
            w.layers = type == WIRE_TEX_3D ? 0 : v->layers;
        }
        if (!wire_emit_SET_STORAGE(&ctx->dev->tc->w, &w))
            return false;
    }
    return true;
}

/* Each pair of the stage's shader into its combined-sampler slot (the
 * fragment and compute stages' from 0, the vertex stage's from 16, the
 * geometry, hull and domain stages' from 20, 24 and 28), each buffer into
 * its texel buffer slot, each UAV into its storage slot. */
static bool send_stage(struct d11_context *ctx, int stage, const struct d11_shader *sh)
{
    struct d11_device *dev = ctx->dev;
    {
        uint32_t first = stage == D11_VS   ? NR_BIND_VS_SAMPLER0 - NR_BIND_FS_SAMPLER0
                         : stage == D11_GS ? WIRE_STAGE_TEXTURE_SLOT0
                         : stage == D11_HS ? WIRE_STAGE_TEXTURE_SLOT0 + WIRE_STAGE_TEXTURE_SLOTS
                         : stage == D11_DS
                             ? WIRE_STAGE_TEXTURE_SLOT0 + 2 * WIRE_STAGE_TEXTURE_SLOTS
                             : 0;
        if (!sh || (!sh->bind.pair_count && !sh->bind.buffer_count && !sh->bind.uav_mask))
            return true;
        if (!defaults_ready(dev) || !send_buffers(ctx, stage, sh) ||
            !send_uavs(ctx, sh, ctx->uav[stage == D11_CS]))
            return false;
        for (uint32_t k = 0; k < sh->bind.pair_count; k++) {
            const struct d11_srv *v = ctx->srv[stage][sh->bind.texture[k]];
            const struct d11_sampler *s = sh->bind.sampler[k] == DXBC_NO_SAMPLER
                                              ? NULL
                                              : ctx->smp[stage][sh->bind.sampler[k]];
            uint32_t dim = sh->bind.texture_dim[sh->bind.texture[k]];
            uint32_t type = dim == DXBC_DIM_TEXTURECUBE        ? WIRE_TEX_CUBE
                            : dim == DXBC_DIM_TEXTURE2DARRAY ? WIRE_TEX_2D_ARRAY
                            : dim == DXBC_DIM_TEXTURE3D      ? WIRE_TEX_3D
                            : dim == DXBC_DIM_TEXTURE1D      ? WIRE_TEX_1D
                            : dim == DXBC_DIM_TEXTURE1DARRAY ? WIRE_TEX_1D_ARRAY
                            : dim == DXBC_DIM_TEXTURE2DMS    ? WIRE_TEX_2D_MS
                            : dim == DXBC_DIM_TEXTURECUBEARRAY ? WIRE_TEX_CUBE_ARRAY
                                                             : WIRE_TEX_2D;
            /* An unbound slot, or a view of another type than the shader
             * reads (undefined in D3D11): zeros of the type. */
            bool bound = v && v->tex && v->view_type == type;
            wire_handle tex = bound ? v->tex->handle
                                    : dev->zero_texture[type == WIRE_TEX_2D_ARRAY   ? WIRE_TEX_2D
                                                        : type == WIRE_TEX_1D_ARRAY ? WIRE_TEX_1D
                                                        : type == WIRE_TEX_CUBE_ARRAY
                                                            ? WIRE_TEX_CUBE
                                                            : type];
            wire_handle smp = s ? s->handle
                              : sh->bind.sampler[k] == DXBC_NO_SAMPLER ? dev->load_sampler
                                                                       : dev->default_sampler;
            /* A comparison reads a depth texture's view through a
             * comparison sampler; without either it reads 0. */
            if (sh->bind.sampler[k] != DXBC_NO_SAMPLER &&
                (sh->bind.cmp_samplers >> sh->bind.sampler[k] & 1)) {
                if (!bound || !wire_format_get(v->tex->wire_format)->depth) {
                    bound = false;
                    tex = dev->zero_depth[type == WIRE_TEX_CUBE];
                }
                if (!bound || !s || !(s->desc.Filter & 0x80))
                    smp = dev->never_sampler;
            }
            struct wire_set_texture t = {first + k, type, tex, smp};
            if (bound) {
                t.first_level = (uint16_t)v->first_level;
                t.levels = (uint16_t)v->levels;
                t.first_layer = (uint16_t)v->first_layer;
                t.layers = (uint16_t)v->layers;
                t.format = v->wire_format;
            }
            if (!wire_emit_SET_TEXTURE(&dev->tc->w, &t))
                return false;
        }
    }
    return true;
}

static bool send_textures(struct d11_context *ctx)
{
    /* (A geometry shader made from a vertex program reads nothing of its
     * own.) */
    return send_stage(ctx, D11_VS, ctx->vs) && send_stage(ctx, D11_PS, ctx->ps) &&
           send_stage(ctx, D11_GS, ctx->gs && !ctx->gs->so_vertex ? ctx->gs : NULL) &&
           send_stage(ctx, D11_HS, ctx->hull) && send_stage(ctx, D11_DS, ctx->domain);
}

/* The constant buffers the stage's shader declares, each as the stage's
 * uniform buffer of its slot, when the buffer bound or its bytes changed:
 * at least the declared size, zeros past the buffer's end (D3D11 reads 0
 * out of range), all zeros for an unbound slot. */
static bool upload_cbs(struct d11_context *ctx, int stage)
{
    struct transport_client *tc = ctx->dev->tc;
    const struct d11_shader *sh = stage == D11_CS   ? ctx->cs
                                  : stage == D11_GS ? ctx->gs
                                  : stage == D11_HS ? ctx->hull
                                  : stage == D11_DS ? ctx->domain
                                  : stage           ? ctx->ps
                                                    : ctx->vs;
    /* the wire stage: compute is the fragment stage's; a geometry shader
     * made from a vertex program has no buffer of its own */
    const int ws = stage == D11_GS   ? 2
                   : stage == D11_HS ? 3
                   : stage == D11_DS ? 4
                                     : stage != D11_VS;
    static const uint32_t wire_stages[5] = {WIRE_STAGE_VERTEX, WIRE_STAGE_FRAGMENT,
                                            WIRE_STAGE_GEOMETRY, WIRE_STAGE_HULL,
                                            WIRE_STAGE_DOMAIN};
    if (stage == D11_GS && sh && sh->so_vertex)
        sh = NULL;
    for (uint32_t k = 0; sh && k < DXBC_MAX_CB; k++) {
        const struct d11_buffer *b = ctx->cb[stage][k];
        /* The bound range (D3D11.1's: from its first constant, at most its
         * count of them; bytes past the buffer's end read 0). */
        uint32_t first = b ? ctx->cb_first[stage][k] * 16 : 0;
        uint32_t declared = sh->bind.cb_vec4[k] * 16,
                 have = b && b->desc.ByteWidth > first ? b->desc.ByteWidth - first : 0;
        if (b && ctx->cb_count[stage][k])
            have = NR_MIN(have, ctx->cb_count[stage][k] * 16);
        uint32_t size = NR_MIN(NR_MAX(NR_MAX(declared, have), 16u), WIRE_MAX_UNIFORM_BYTES);
        struct wire_set_uniforms u;
        uint8_t *dst;
        if (!(sh->bind.cb_mask & (1u << k)))
            continue;
        if (!ctx->dev->reference && ctx->cb_sent[ws][k].buffer == b &&
            (!b || (ctx->cb_sent[ws][k].serial == b->serial &&
                    ctx->cb_sent[ws][k].first == first)) &&
            ctx->cb_sent[ws][k].size >= size)
            continue;
        u = (struct wire_set_uniforms){wire_stages[ws], 0, size, 0, size, k};
        if (!transport_stage_alloc(tc, size, &u.stage_offset, (void **)&dst))
            return false;
        have = NR_MIN(have, size);
        if (have)
            memcpy(dst, b->cpu + first, have);
        memset(dst + have, 0, size - have);
        if (!wire_emit_SET_UNIFORMS(&tc->w, &u))
            return false;
        ctx->cb_sent[ws][k].buffer = b;
        ctx->cb_sent[ws][k].serial = b ? b->serial : 0;
        ctx->cb_sent[ws][k].size = size;
        ctx->cb_sent[ws][k].first = first;
    }
    return true;
}

/* Sends what changed; false: the draw is dropped (said why in the log
 * once per reason where it is the application's doing). */
static bool flush_state(struct d11_context *ctx, bool indexed)
{
    struct d11_device *dev = ctx->dev;
    struct transport_client *tc = dev->tc;
    const D3D11_RASTERIZER_DESC *rs = ctx->rs ? &ctx->rs->desc.rs : &d11_default_rs;
    uint32_t topology;

    if (tc->lost || !ctx->vs || !wire_topology(ctx->topology, &topology))
        return false;
    /* A draw without a pixel shader writes depth and stencil only (a block
     * with no fragment shader, its targets' write masks 0); one with
     * neither a pixel shader nor a depth view leaves nothing behind but is
     * drawn all the same (queries count its vertices and samples).  A
     * draw with no target writes through the pixel shader's UAVs only: the
     * server renders it over the viewport.  A pixel shader with nothing to
     * write to is not drawn (dropped, said once). */
    bool uav_only = uav_only_draw(ctx), discard = so_discards(ctx);
    /* Patches go to the hull and domain shaders, and only they take them
     * (otherwise D3D11 draws nothing); a geometry stage (and its stream
     * output) may follow them, not the capture of a vertex program's
     * outputs (the domain stage's would be the ones). */
    if ((topology == WIRE_TOPOLOGY_PATCH_LIST) != (ctx->hull && ctx->domain) ||
        !ctx->hull != !ctx->domain)
        return false;
    if (ctx->hull && ctx->gs && ctx->gs->so_vertex) {
        static bool warned;
        if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
            NR_WARN(D3D9, "stream output of a vertex program after tessellation is not done: "
                          "dropped");
        return false;
    }
    /* Stream output of a vertex program captures the vertex shader's
     * outputs: the same program, which the server checks. */
    if (ctx->gs && ctx->gs->so_vertex && ctx->gs->code_hash != ctx->vs->code_hash) {
        static bool warned;
        if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
            NR_WARN(D3D9, "stream output of a vertex program drawn with another vertex "
                          "shader is not done: dropped");
        return false;
    }
    /* Targets of one sample count (D3D11 leaves others undefined; the
     * server refuses them). */
    {
        UINT n = ctx->dsv ? ctx->dsv->tex->desc.SampleDesc.Count : 0;
        for (int i = 0; i < D11_MAX_RT; i++) {
            UINT m = ctx->rtv[i] ? d11_view_samples(ctx->rtv[i]) : 0;
            if (m && n && m != n) {
                static bool warned;
                if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
                    NR_WARN(D3D9, "a draw into targets of %u and %u samples: dropped", m, n);
                return false;
            }
            if (m)
                n = m;
        }
    }
    bool any_rtv = false;
    for (UINT i = 0; i < D11_MAX_RT; i++) {
        if (!ctx->rtv[i])
            continue;
        any_rtv = true;
        if (i >= tc->caps.max_color_targets) {
            static bool warned;
            if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
                NR_WARN(D3D9, "a draw into render target %u, past the device's %u: dropped", i,
                        tc->caps.max_color_targets);
            return false;
        }
    }
    if (!discard && ctx->ps && !any_rtv && !ctx->dsv && !uav_only) {
        static bool warned;
        if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
            NR_WARN(D3D9, "a draw without a render target, depth view or UAV is not done "
                          "yet: dropped");
        return false;
    }
    /* D3D11 draws nothing without a viewport (stream output with nothing
     * rasterized draws anyway); a pass without attachments renders over
     * viewport 0's reach, so it needs one of some area.  Empty viewports
     * and scissors otherwise go to the server, which draws nothing
     * through them (the draw's other stages still run, as queries see). */
    if (!discard && (!ctx->vp_count || (!any_rtv && !ctx->dsv && !(ctx->vp[0].Width > 0 &&
                                                                  ctx->vp[0].Height > 0))))
        return false;
    if (ctx->layout) {
        for (uint32_t i = 0; i < ctx->layout->attr_count; i++) {
            uint32_t slot = ctx->layout->attrs[i].binding;
            if (!ctx->vb[slot]) {
                /* D3D11 reads zeros from an unbound slot: so does a device
                 * with null vertex bindings; elsewhere the draw goes. */
                if (tc->caps.features & WIRE_DEVFEAT_NULL_VERTEX_BUFFER)
                    continue;
                static bool warned;
                if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
                    NR_WARN(D3D9, "a draw reads vertex buffer slot %u, which is unbound, on a "
                                  "device without null vertex bindings: dropped", slot);
                return false;
            }
            uint32_t align = NR_MAX(ctx->layout->vb_align[slot], 1u);
            if (ctx->vb_stride[slot] % align || ctx->vb_stride[slot] > 2048 ||
                ctx->vb_offset[slot] % align) {
                /* D3D11 fetches unaligned attributes; Vulkan does not. */
                static bool warned;
                if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
                    NR_WARN(D3D9, "a draw with a vertex stride of %u, offset %u, is not done: "
                                  "dropped", ctx->vb_stride[slot], ctx->vb_offset[slot]);
                return false;
            }
        }
    }
    if (indexed && !ctx->ib)
        return false;
    if (dev->reference) {
        ctx->dirty = D11_DIRTY_ALL;
    }
    if (ctx->dirty & D11_DIRTY_TARGETS) {
        struct wire_set_render_targets t = {0};
        for (int i = 0; i < D11_MAX_RT; i++)
            if (ctx->rtv[i])
                t.color[i] = d11_view_target(ctx->rtv[i]);
        if (ctx->dsv)
            t.depth = (struct wire_target){ctx->dsv->tex->handle, ctx->dsv->level,
                                           ctx->dsv->layer, 0, ctx->dsv->layers};
        if (!wire_emit_SET_RENDER_TARGETS(&tc->w, &t))
            return false;
        /* The viewport and scissor follow the targets' size on the server. */
        ctx->dirty |= D11_DIRTY_VIEWPORT | D11_DIRTY_SCISSOR;
    }
    if ((ctx->dirty & D11_DIRTY_BLOCK) && !bind_block(ctx, topology))
        return false;
    if (ctx->dirty & D11_DIRTY_VB)
        for (uint32_t s = 0; s < D11_MAX_VB; s++) {
            struct wire_set_vertex_buffer v = {s, ctx->vb_stride[s], {0, 0}, ctx->vb_offset[s]};
            /* (Alignment is the layout's: each draw checks it, above, and
             * the server again against its block.) */
            if (!ctx->vb[s] || ctx->vb_stride[s] > 2048) {
                /* A slot no draw can read as it is (see above), or an
                 * unbound one: the server's goes where it had a buffer. */
                if (ctx->vb_sent & (1u << s)) {
                    v = (struct wire_set_vertex_buffer){s, 0, {0, 0}, 0};
                    if (!wire_emit_SET_VERTEX_BUFFER(&tc->w, &v))
                        return false;
                    ctx->vb_sent &= ~(1u << s);
                }
                continue;
            }
            ctx->vb_sent |= 1u << s;
            v.buffer = ctx->vb[s]->handle;
            /* An offset past the end reads zeros in D3D11: the end does. */
            if (v.offset > ctx->vb[s]->desc.ByteWidth)
                v.offset = ctx->vb[s]->desc.ByteWidth;
            if (!wire_emit_SET_VERTEX_BUFFER(&tc->w, &v))
                return false;
        }
    if (indexed && (ctx->dirty & D11_DIRTY_IB)) {
        struct wire_set_index_buffer ib = {
            ctx->ib->handle, ctx->ib_offset, ctx->ib_format == DXGI_FORMAT_R32_UINT ? 4u : 2u,
            0};
        if (!wire_emit_SET_INDEX_BUFFER(&tc->w, &ib))
            return false;
        ctx->dirty &= ~D11_DIRTY_IB;
    }
    /* Viewports and scissors: each index the context has set, and those
     * the server still has open past them closed (WIRE_VIEWPORT_NONE: a
     * geometry program's primitives of an index past the count are not
     * drawn); index 0 alone on a device of one viewport. */
    if (ctx->dirty & (D11_DIRTY_VIEWPORT | D11_DIRTY_SCISSOR)) {
        bool multi = (tc->caps.features & WIRE_DEVFEAT_MULTI_VIEWPORT) != 0;
        uint32_t n = multi ? NR_MAX(ctx->vp_count, ctx->vp_sent) : 1;
        for (uint32_t i = 0; i < n && (ctx->dirty & D11_DIRTY_VIEWPORT); i++) {
            const D3D11_VIEWPORT *v = &ctx->vp[i];
            struct wire_set_viewport w = {0, 0, 0, 0, 0, 1, WIRE_VIEWPORT_NONE, i};
            /* From level 11_0 a negative corner is floored, the size kept:
             * the bottom right moves by what the corner did (Windows'
             * rasterizer; Wine's test_negative_viewports). */
            bool floored = ctx->dev->level >= D3D_FEATURE_LEVEL_11_0;
            float x = floored && v->TopLeftX < 0 ? floorf(v->TopLeftX) : v->TopLeftX;
            float y = floored && v->TopLeftY < 0 ? floorf(v->TopLeftY) : v->TopLeftY;
            if (i < ctx->vp_count && v->Width > 0 && v->Height > 0)
                w = (struct wire_set_viewport){x, y, v->Width, v->Height,
                                               NR_MIN(NR_MAX(v->MinDepth, 0.0f), 1.0f),
                                               NR_MIN(NR_MAX(v->MaxDepth, 0.0f), 1.0f),
                                               WIRE_VIEWPORT_Y_UP, i};
            if (!wire_emit_SET_VIEWPORT(&tc->w, &w))
                return false;
        }
        for (uint32_t i = 0; i < NR_MIN(n, NR_MAX(ctx->vp_count, 1u)) &&
                             (ctx->dirty & D11_DIRTY_SCISSOR);
             i++) {
            /* Without ScissorEnable the whole target; with it each index's
             * rectangle, one not set passing nothing. */
            struct wire_set_scissor w = {0, 0, 0, 0, WIRE_SCISSOR_WHOLE, i};
            if (rs->ScissorEnable) {
                D3D11_RECT r = i < ctx->scissor_count ? ctx->scissor[i] : (D3D11_RECT){0};
                LONG l = NR_MIN(NR_MAX(r.left, 0), WIRE_MAX_EXTENT);
                LONG t = NR_MIN(NR_MAX(r.top, 0), WIRE_MAX_EXTENT);
                w = (struct wire_set_scissor){
                    l, t, (uint32_t)(NR_MIN(NR_MAX(r.right, l), WIRE_MAX_EXTENT) - l),
                    (uint32_t)(NR_MIN(NR_MAX(r.bottom, t), WIRE_MAX_EXTENT) - t), 0, i};
            }
            if (!wire_emit_SET_SCISSOR(&tc->w, &w))
                return false;
        }
        if (ctx->dirty & D11_DIRTY_VIEWPORT)
            ctx->vp_sent = multi ? ctx->vp_count : 1;
    }
    if ((ctx->dirty & D11_DIRTY_TEXTURES) && !send_textures(ctx))
        return false;
    if (ctx->dirty & D11_DIRTY_DYNAMIC) {
        const D3D11_DEPTH_STENCIL_DESC *ds = ctx->ds ? &ctx->ds->desc.ds : &d11_default_ds;
        struct wire_set_dynamic_state d = {ctx->stencil_ref & 0xff, ds->StencilReadMask,
                                           ds->StencilWriteMask, {0}, 0, 0, 0};
        /* A read-only stencil view writes no stencil. */
        if (ctx->dsv && (ctx->dsv->desc.Flags & D3D11_DSV_READ_ONLY_STENCIL))
            d.stencil_write_mask = 0;
        memcpy(d.blend_constants, ctx->blend_factor, sizeof(d.blend_constants));
        if (ctx->dsv) {
            /* DepthBias counts the format's smallest step (a float
             * format's: of the primitive's exponent, as Vulkan's constant
             * factor does); the server measured what factor moves a
             * fixed-point format by 1.0. */
            const float *units = ctx->dev->tc->caps.depth_bias_units;
            uint32_t f = ctx->dsv->tex->wire_format;
            d.depth_bias_constant =
                f == WIRE_FORMAT_D32_SFLOAT || f == WIRE_FORMAT_D32_SFLOAT_S8_UINT
                    ? (float)rs->DepthBias
                : f == WIRE_FORMAT_D16_UNORM
                    ? (float)rs->DepthBias / 65535.0f * (units[0] > 0 ? units[0] : 65535.0f)
                    : (float)rs->DepthBias / 16777215.0f * (units[1] > 0 ? units[1] : 16777215.0f);
            d.depth_bias_slope = isfinite(rs->SlopeScaledDepthBias) ? rs->SlopeScaledDepthBias : 0;
            d.depth_bias_clamp = isfinite(rs->DepthBiasClamp) ? rs->DepthBiasClamp : 0;
        }
        if (!wire_emit_SET_DYNAMIC_STATE(&tc->w, &d))
            return false;
    }
    if ((ctx->dirty & D11_DIRTY_SO) && (tc->caps.features & WIRE_DEVFEAT_STREAM_OUTPUT)) {
        /* The offsets set apply once: later draws append. */
        struct wire_set_so_targets t = {0};
        for (UINT k = 0; k < D3D11_SO_BUFFER_SLOT_COUNT; k++) {
            if (!ctx->so[k])
                continue;
            t.target[k].buffer = ctx->so[k]->handle;
            t.target[k].offset = ctx->so_offset[k] == (UINT)-1 ? WIRE_SO_APPEND
                                                               : ctx->so_offset[k];
            ctx->so_offset[k] = (UINT)-1;
        }
        if (!wire_emit_SET_SO_TARGETS(&tc->w, &t))
            return false;
    }
    ctx->dirty &= indexed ? 0 : D11_DIRTY_IB;
    return upload_cbs(ctx, 0) && upload_cbs(ctx, 1) && upload_cbs(ctx, D11_GS) &&
           upload_cbs(ctx, D11_HS) && upload_cbs(ctx, D11_DS);
}

/* ------------------------------------------------------------ draws */

/* Rendering and resource manipulation under SetPredication's predicate
 * (D3D11's list: draws, copies, updates, clears, GenerateMips,
 * ResolveSubresource) is not sent when the predicate's result equals its
 * value (query.c says how that is known). */
#define PREDICATED(ctx) ((ctx)->predicate && d11_predicated_away(ctx))

static void STDMETHODCALLTYPE ctx_Draw(ID3D11DeviceContext *iface, UINT count, UINT first)
{
    struct d11_context *ctx = ctx_from(iface);
    struct wire_draw d;
    if (PREDICATED(ctx))
        return;
    if (!count)
        return;
    pthread_mutex_lock(&ctx->dev->lock);
    if (flush_state(ctx, false)) {
        d = (struct wire_draw){ctx->block, count, first};
        (void)wire_emit_DRAW(&ctx->dev->tc->w, &d);
    }
    pthread_mutex_unlock(&ctx->dev->lock);
}

static void draw_indexed(struct d11_context *ctx, UINT count, UINT instances, UINT first,
                         INT base, UINT first_instance)
{
    struct wire_draw_indexed d;
    if (!count || !instances || PREDICATED(ctx))
        return;
    pthread_mutex_lock(&ctx->dev->lock);
    if (flush_state(ctx, true)) {
        d = (struct wire_draw_indexed){ctx->block, count, first, base,
                                       instances > 1 ? instances : 0, first_instance, 0};
        (void)wire_emit_DRAW_INDEXED(&ctx->dev->tc->w, &d);
    }
    pthread_mutex_unlock(&ctx->dev->lock);
}

static void STDMETHODCALLTYPE ctx_DrawIndexed(ID3D11DeviceContext *iface, UINT count,
                                              UINT first, INT base)
{
    draw_indexed(ctx_from(iface), count, 1, first, base, 0);
}

static void STDMETHODCALLTYPE ctx_DrawIndexedInstanced(ID3D11DeviceContext *iface, UINT count,
                                                       UINT instances, UINT first, INT base,
                                                       UINT first_instance)
{
    draw_indexed(ctx_from(iface), count, instances, first, base, first_instance);
}

static void STDMETHODCALLTYPE ctx_DrawInstanced(ID3D11DeviceContext *iface, UINT count,
                                                UINT instances, UINT first,
                                                UINT first_instance)
{
    struct d11_context *ctx = ctx_from(iface);
    struct wire_draw_instanced d;
    if (PREDICATED(ctx))
        return;
    if (instances == 1 && !first_instance) {
        ctx_Draw(iface, count, first);
        return;
    }
    if (!count || !instances)
        return;
    pthread_mutex_lock(&ctx->dev->lock);
    if (flush_state(ctx, false)) {
        d = (struct wire_draw_instanced){ctx->block, count, first, instances, first_instance};
        (void)wire_emit_DRAW_INSTANCED(&ctx->dev->tc->w, &d);
    }
    pthread_mutex_unlock(&ctx->dev->lock);
}

/* ------------------------------------------------------------ resources */

/* Whether a resource of CPU access flags maps as type (READ, WRITE or
 * READ_WRITE as the flags allow). */
static bool cpu_map_ok(UINT access, D3D11_MAP type)
{
    return type >= D3D11_MAP_READ && type <= D3D11_MAP_READ_WRITE &&
           (type == D3D11_MAP_WRITE || (access & D3D11_CPU_ACCESS_READ)) &&
           (type == D3D11_MAP_READ || (access & D3D11_CPU_ACCESS_WRITE));
}

static HRESULT STDMETHODCALLTYPE ctx_Map(ID3D11DeviceContext *iface, ID3D11Resource *res,
                                         UINT sub, D3D11_MAP type, UINT flags,
                                         D3D11_MAPPED_SUBRESOURCE *out)
{
    struct d11_context *ctx = ctx_from(iface);
    struct d11_buffer *b = d11_buffer_from(res);
    struct d11_texture *t = d11_texture_from(res);
    (void)flags; /* nothing here waits: DO_NOT_WAIT changes nothing */
    if (!out)
        return E_INVALIDARG;
    /* A refused map leaves the pitches as they were, as D3D11 does. */
    out->pData = NULL;
    if (b && b->desc.Usage == D3D11_USAGE_STAGING) {
        /* Its bytes are the client's: the copies into it have read them. */
        if (sub || b->map_type || !cpu_map_ok(b->desc.CPUAccessFlags, type))
            return E_INVALIDARG;
        out->pData = b->cpu;
        out->RowPitch = out->DepthPitch = b->desc.ByteWidth;
        b->map_type = type;
        return d11_lost_hr(ctx->dev);
    }
    if (b && b->desc.Usage == D3D11_USAGE_DEFAULT) {
        /* D3D11.2's CPU access: its bytes as the work before left them. */
        HRESULT hr;
        if (sub || b->map_type || !cpu_map_ok(b->desc.CPUAccessFlags, type))
            return E_INVALIDARG;
        if (!b->map && !(b->map = calloc(1, b->desc.ByteWidth)))
            return E_OUTOFMEMORY;
        pthread_mutex_lock(&ctx->dev->lock);
        hr = d11_buffer_read(ctx->dev, b, 0, b->map, b->desc.ByteWidth);
        pthread_mutex_unlock(&ctx->dev->lock);
        if (FAILED(hr))
            return hr;
        out->pData = b->map;
        out->RowPitch = out->DepthPitch = b->desc.ByteWidth;
        b->map_type = type;
        return S_OK;
    }
    if (b) {
        if (sub || b->desc.Usage != D3D11_USAGE_DYNAMIC ||
            (type != D3D11_MAP_WRITE_DISCARD && type != D3D11_MAP_WRITE_NO_OVERWRITE) ||
            b->map_type)
            return E_INVALIDARG;
        if (b->cpu) {
            out->pData = b->cpu;
        } else {
            if (!b->map && !(b->map = calloc(1, b->desc.ByteWidth)))
                return E_OUTOFMEMORY;
            out->pData = b->map;
        }
        out->RowPitch = out->DepthPitch = b->desc.ByteWidth;
        b->map_type = type;
        return S_OK;
    }
    if (t && t->desc.Usage == D3D11_USAGE_DYNAMIC) {
        /* WRITE_DISCARD: the CPU writes the subresource anew (other map
         * types of DYNAMIC textures are refused); Unmap sends it, in the
         * stream's order (draws before it read the old texels). */
        uint32_t row, rows;
        if (sub >= t->levels * t->layers || t->mapped[sub] || type != D3D11_MAP_WRITE_DISCARD)
            return E_INVALIDARG;
        if (!t->map) {
            uint32_t last = t->levels * t->layers - 1;
            d11_texture_level(t, last % t->levels, NULL, NULL, &row, &rows);
            if (!(t->map = calloc(1, t->sub_offset[last] + (size_t)row * rows *
                                                             d11_texture_slices(t, last % t->levels))))
                return E_OUTOFMEMORY;
        }
        d11_texture_level(t, sub % t->levels, NULL, NULL, &row, &rows);
        out->pData = t->map + t->sub_offset[sub];
        out->RowPitch = row;
        out->DepthPitch = row * rows;
        t->mapped[sub] = true;
        return d11_lost_hr(ctx->dev);
    }
    if (t) {
        uint32_t row, rows;
        if (!t->cpu || sub >= t->levels * t->layers || t->mapped[sub] ||
            !cpu_map_ok(t->desc.CPUAccessFlags, type))
            return E_INVALIDARG;
        d11_texture_level(t, sub % t->levels, NULL, NULL, &row, &rows);
        out->pData = t->cpu + t->sub_offset[sub];
        out->RowPitch = row;
        out->DepthPitch = row * rows;
        t->mapped[sub] = true;
        return d11_lost_hr(ctx->dev);
    }
    return E_INVALIDARG;
}

static void STDMETHODCALLTYPE ctx_Unmap(ID3D11DeviceContext *iface, ID3D11Resource *res,
                                        UINT sub)
{
    struct d11_context *ctx = ctx_from(iface);
    struct d11_buffer *b = d11_buffer_from(res);
    struct d11_texture *t = d11_texture_from(res);
    if (b && b->map_type) {
        if (b->cpu) {
            b->serial = d11_new_serial(ctx->dev);
        } else if (b->map_type != D3D11_MAP_READ) {
            /* (A DEFAULT buffer's write lands in the stream's order.) */
            pthread_mutex_lock(&ctx->dev->lock);
            (void)d11_buffer_write(ctx->dev, b, 0, b->map, b->desc.ByteWidth,
                                   b->map_type == D3D11_MAP_WRITE_DISCARD ? WIRE_WRITE_DISCARD
                                   : b->map_type == D3D11_MAP_WRITE_NO_OVERWRITE
                                       ? WIRE_WRITE_NO_OVERWRITE
                                       : 0);
            pthread_mutex_unlock(&ctx->dev->lock);
        }
        b->map_type = 0;
    } else if (t && sub < t->levels * t->layers && t->mapped[sub]) {
        t->mapped[sub] = false;
        if (t->map) {
            uint32_t row, rows;
            d11_texture_level(t, sub % t->levels, NULL, NULL, &row, &rows);
            pthread_mutex_lock(&ctx->dev->lock);
            (void)d11_texture_write(ctx->dev, t, sub, NULL, t->map + t->sub_offset[sub], row,
                                    row * rows);
            pthread_mutex_unlock(&ctx->dev->lock);
        }
    }
}

static void STDMETHODCALLTYPE ctx_UpdateSubresource(ID3D11DeviceContext *iface,
                                                    ID3D11Resource *res, UINT sub,
                                                    const D3D11_BOX *box, const void *data,
                                                    UINT pitch, UINT depth_pitch)
{
    struct d11_context *ctx = ctx_from(iface);
    struct d11_buffer *b = d11_buffer_from(res);
    struct d11_texture *t = d11_texture_from(res);
    if (!data || PREDICATED(ctx))
        return;
    if (box && (box->right <= box->left || box->bottom <= box->top || box->back <= box->front))
        return; /* an empty box writes nothing */
    pthread_mutex_lock(&ctx->dev->lock);
    if (b && !sub && b->desc.Usage == D3D11_USAGE_DEFAULT) {
        UINT from = box ? box->left : 0, to = box ? box->right : b->desc.ByteWidth;
        if (to <= b->desc.ByteWidth && from < to)
            (void)d11_buffer_write(ctx->dev, b, from, data, to - from, 0);
    } else if (t && sub < t->levels * t->layers && t->desc.Usage == D3D11_USAGE_DEFAULT &&
               !wire_format_get(t->wire_format)->depth) {
        uint32_t lw, lh, ld = d11_texture_slices(t, sub % t->levels);
        d11_texture_level(t, sub % t->levels, &lw, &lh, NULL, NULL);
        if (!box || (box->right <= lw && box->bottom <= lh && box->back <= ld))
            (void)d11_texture_write(ctx->dev, t, sub, box, data, pitch, depth_pitch);
    }
    pthread_mutex_unlock(&ctx->dev->lock);
}

/* Texels may be copied between the two: D3D11's rule (d11_copy_formats_ok),
 * and for the server formats of the same blocks (a format and its casts),
 * a block-compressed format and an uncompressed one of its block's bytes
 * (a block to a texel, as D3D10.1 allows), D24S8 only to itself, D16 and
 * D32 also to and from colour formats of their bytes (the server copies
 * those through a buffer; a STAGING texture holds the same bytes for
 * both: R32_TYPELESS is D32_FLOAT there). */
static bool copy_compatible(const struct d11_texture *d, const struct d11_texture *s)
{
    const struct wire_format_info *df = wire_format_get(d->wire_format),
                                  *sf = wire_format_get(s->wire_format);
    if (!d11_copy_formats_ok(d->desc.Format, s->desc.Format, d->c.dev->level))
        return false;
    if (df->stencil || sf->stencil || (df->depth && sf->depth))
        return d->wire_format == s->wire_format;
    if (df->depth || sf->depth)
        return df->block_bytes == sf->block_bytes && !df->compressed && !sf->compressed;
    return df->block_bytes == sf->block_bytes &&
           ((df->block_w == sf->block_w && df->block_h == sf->block_h) ||
            df->compressed != sf->compressed);
}

/* A level's size in blocks. */
static void level_blocks(const struct d11_texture *t, uint32_t level, uint32_t *bw,
                         uint32_t *bh)
{
    const struct wire_format_info *f = wire_format_get(t->wire_format);
    uint32_t w, h;
    d11_texture_level(t, level, &w, &h, NULL, NULL);
    *bw = (w + f->block_w - 1) / f->block_w;
    *bh = (h + f->block_h - 1) / f->block_h;
}

static void STDMETHODCALLTYPE ctx_CopyResource(ID3D11DeviceContext *iface, ID3D11Resource *dst,
                                               ID3D11Resource *src)
{
    struct d11_context *ctx = ctx_from(iface);
    struct d11_texture *d = d11_texture_from(dst), *s = d11_texture_from(src);
    struct d11_buffer *db = d11_buffer_from(dst), *sb = d11_buffer_from(src);
    if (PREDICATED(ctx))
        return;
    if (db && sb) {
        /* Buffers of one size (D3D11 ignores the rest). */
        if (db != sb && db->desc.ByteWidth == sb->desc.ByteWidth &&
            db->desc.Usage != D3D11_USAGE_IMMUTABLE) {
            pthread_mutex_lock(&ctx->dev->lock);
            (void)d11_buffer_copy(ctx->dev, db, 0, sb, 0, sb->desc.ByteWidth);
            pthread_mutex_unlock(&ctx->dev->lock);
        }
        return;
    }
    uint32_t dbw = 0, dbh = 0, sbw = 0, sbh = 0;
    if (d && s) {
        level_blocks(d, 0, &dbw, &dbh);
        level_blocks(s, 0, &sbw, &sbh);
    }
    /* Of one size in blocks (in texels for formats of one block size). */
    if (!d || !s || d == s || dbw != sbw || dbh != sbh ||
        (wire_format_get(d->wire_format)->compressed ==
             wire_format_get(s->wire_format)->compressed &&
         (d->desc.Width != s->desc.Width || d->desc.Height != s->desc.Height)) ||
        d->depth != s->depth || d->volume != s->volume || d->linear != s->linear ||
        !copy_compatible(d, s) ||
        d->levels != s->levels || d->layers != s->layers ||
        d->desc.Usage == D3D11_USAGE_IMMUTABLE)
        return;
    pthread_mutex_lock(&ctx->dev->lock);
    for (uint32_t l = 0; l < s->levels * s->layers; l++) {
        uint32_t w, h;
        d11_texture_level(s, l % s->levels, &w, &h, NULL, NULL);
        if (FAILED(d11_texture_copy(ctx->dev, d, l, 0, 0, 0, s, l, 0, 0, 0, w, h,
                                    d11_texture_slices(s, l % s->levels))))
            break;
    }
    pthread_mutex_unlock(&ctx->dev->lock);
}

static void STDMETHODCALLTYPE ctx_CopySubresourceRegion(ID3D11DeviceContext *iface,
                                                        ID3D11Resource *dst, UINT dst_sub,
                                                        UINT x, UINT y, UINT z,
                                                        ID3D11Resource *src, UINT src_sub,
                                                        const D3D11_BOX *box)
{
    struct d11_texture *d = d11_texture_from(dst), *s = d11_texture_from(src);
    struct d11_buffer *db = d11_buffer_from(dst), *sb = d11_buffer_from(src);
    if (PREDICATED(ctx_from(iface)))
        return;
    if (db && sb) {
        /* Bytes [left, right) of the source to x; a box past either
         * buffer, or ranges of one buffer that overlap, copy nothing. */
        UINT from = box ? box->left : 0, to = box ? box->right : sb->desc.ByteWidth;
        if (dst_sub || src_sub || y || z || from >= to || to > sb->desc.ByteWidth ||
            x > db->desc.ByteWidth || to - from > db->desc.ByteWidth - x ||
            (box && (box->top || box->bottom != 1 || box->front || box->back != 1)) ||
            db->desc.Usage == D3D11_USAGE_IMMUTABLE ||
            (db == sb && x < to && from < x + (to - from)))
            return;
        pthread_mutex_lock(&ctx_from(iface)->dev->lock);
        (void)d11_buffer_copy(ctx_from(iface)->dev, db, x, sb, from, to - from);
        pthread_mutex_unlock(&ctx_from(iface)->dev->lock);
        return;
    }
    if (d && s) {
        /* A box of the source subresource (all of it without one) to
         * (x, y); formats of the same blocks (a format and its casts);
         * a box past either level, off block edges, or overlapping in one
         * subresource copies nothing. */
        const struct wire_format_info *df = wire_format_get(d->wire_format),
                                      *sf = wire_format_get(s->wire_format);
        uint32_t sw, sh, dw, dh;
        if (dst_sub >= d->levels * d->layers || src_sub >= s->levels * s->layers ||
            d->desc.Usage == D3D11_USAGE_IMMUTABLE || !copy_compatible(d, s))
            return;
        /* Depth-stencil textures copy whole subresources only (no box, to
         * the origin). */
        if (((d->desc.BindFlags | s->desc.BindFlags) & D3D11_BIND_DEPTH_STENCIL) &&
            (box || x || y || z))
            return;
        d11_texture_level(s, src_sub % s->levels, &sw, &sh, NULL, NULL);
        d11_texture_level(d, dst_sub % d->levels, &dw, &dh, NULL, NULL);
        uint32_t sd = d11_texture_slices(s, src_sub % s->levels),
                 dd = d11_texture_slices(d, dst_sub % d->levels);
        UINT left = box ? box->left : 0, top = box ? box->top : 0, front = box ? box->front : 0;
        UINT right = box ? box->right : sw, bottom = box ? box->bottom : sh;
        UINT back = box ? box->back : sd;
        if (left >= right || top >= bottom || front >= back || right > sw || bottom > sh ||
            back > sd)
            return;
        UINT w = right - left, h = bottom - top, depth = back - front;
        /* The destination's box: as many blocks of its format. */
        UINT ow = (w + sf->block_w - 1) / sf->block_w * df->block_w,
             oh = (h + sf->block_h - 1) / sf->block_h * df->block_h;
        if (x > dw || y > dh || z > dd || depth > dd - z ||
            (ow > dw - x && !(df->compressed && x + ow - dw < df->block_w)) ||
            (oh > dh - y && !(df->compressed && y + oh - dh < df->block_h)))
            return;
        bool mixed = sf->compressed != df->compressed;
        if (left % sf->block_w || top % sf->block_h || x % df->block_w || y % df->block_h ||
            (w % sf->block_w && (right != sw || (!mixed && x + w != dw))) ||
            (h % sf->block_h && (bottom != sh || (!mixed && y + h != dh))))
            return;
        if (d == s && dst_sub == src_sub && x < right && left < x + w && y < bottom &&
            top < y + h && z < back && front < z + depth)
            return;
        pthread_mutex_lock(&ctx_from(iface)->dev->lock);
        (void)d11_texture_copy(ctx_from(iface)->dev, d, dst_sub, x, y, z, s, src_sub, left, top,
                               front, w, h, depth);
        pthread_mutex_unlock(&ctx_from(iface)->dev->lock);
    }
}

/* A render-target view cleared alone (the draws' targets come back at the
 * next draw), whole or inside rectangles cut to it (ClearView's). */
void d11_clear_rtv(struct d11_context *ctx, struct d11_view *v, const FLOAT color[4],
                   const D3D11_RECT *rects, UINT n)
{
    struct transport_client *tc = ctx->dev->tc;
    struct wire_set_render_targets t = {0};
    struct wire_clear c = {WIRE_CLEAR_COLOR, 0, 0, 0, {0}, 0, 0};
    uint32_t w, h, done = 0;
    if (v->buf) {
        w = v->elements;
        h = 1;
    } else {
        d11_texture_level(v->tex, v->level, &w, &h, NULL, NULL);
    }
    memcpy(c.color, color, sizeof(c.color));
    if (v->desc.Format == DXGI_FORMAT_A8_UNORM) /* its alpha is the stored red */
        c.color[0] = color[3];
    t.color[0] = d11_view_target(v);
    pthread_mutex_lock(&ctx->dev->lock);
    /* The view alone; the draws' targets come back at the next draw. */
    if (!tc->lost && wire_emit_SET_RENDER_TARGETS(&tc->w, &t)) {
        if (!n) {
            (void)wire_emit_CLEAR(&tc->w, &c);
        } else {
            /* Each rectangle cut to the view (empty ones: nothing), at most
             * WIRE_MAX_CLEAR_RECTS a record. */
            while (done < n) {
                uint32_t batch = NR_MIN(n - done, (uint32_t)WIRE_MAX_CLEAR_RECTS), k = 0;
                int32_t *out;
                if (!transport_stage_alloc(tc, batch * 16, &c.stage_offset, (void **)&out))
                    break;
                for (uint32_t i = 0; i < batch; i++) {
                    const D3D11_RECT *r = &rects[done + i];
                    LONG x0 = NR_MAX(r->left, 0), y0 = NR_MAX(r->top, 0);
                    LONG x1 = NR_MIN(r->right, (LONG)w), y1 = NR_MIN(r->bottom, (LONG)h);
                    if (x1 <= x0 || y1 <= y0)
                        continue;
                    out[4 * k + 0] = x0;
                    out[4 * k + 1] = y0;
                    out[4 * k + 2] = x1;
                    out[4 * k + 3] = y1;
                    k++;
                }
                done += batch;
                c.rect_count = k;
                if (k && !wire_emit_CLEAR(&tc->w, &c))
                    break;
            }
        }
    }
    ctx->dirty |= D11_DIRTY_TARGETS;
    pthread_mutex_unlock(&ctx->dev->lock);
}

static void STDMETHODCALLTYPE ctx_ClearRenderTargetView(ID3D11DeviceContext *iface,
                                                        ID3D11RenderTargetView *view,
                                                        const FLOAT color[4])
{
    struct d11_context *ctx = ctx_from(iface);
    struct d11_view *v = d11_rtv_from(view);
    if (PREDICATED(ctx))
        return;
    if (!v || !color)
        return;
    d11_clear_rtv(ctx, v, color, NULL, 0);
}

static void STDMETHODCALLTYPE ctx_Flush(ID3D11DeviceContext *iface)
{
    struct d11_context *ctx = ctx_from(iface);
    struct wire_flush f = {0};
    struct wire_reply reply;
    pthread_mutex_lock(&ctx->dev->lock);
    /* With shared textures, once the server has submitted: the other
     * devices holding them see the work from then on. */
    if (ctx->dev->shares && !ctx->dev->tc->lost && wire_emit_FLUSH(&ctx->dev->tc->w, &f))
        (void)transport_wait_reply(ctx->dev->tc, &reply);
    else
        (void)transport_flush(ctx->dev->tc);
    pthread_mutex_unlock(&ctx->dev->lock);
}

static void STDMETHODCALLTYPE ctx_SetPredication(ID3D11DeviceContext *iface, ID3D11Predicate *p,
                                                 BOOL value);

static void STDMETHODCALLTYPE ctx_SOSetTargets(ID3D11DeviceContext *iface, UINT n,
                                               ID3D11Buffer *const *bufs, const UINT *offsets);

static void STDMETHODCALLTYPE ctx_ClearState(ID3D11DeviceContext *iface)
{
    struct d11_context *ctx = ctx_from(iface);
    static const FLOAT ones[4] = {1, 1, 1, 1};
    ctx_IASetInputLayout(iface, NULL);
    for (UINT i = 0; i < D11_MAX_VB; i++) {
        BIND(ctx->vb[i], (struct d11_buffer *)NULL);
        ctx->vb_stride[i] = ctx->vb_offset[i] = 0;
    }
    ctx_IASetIndexBuffer(iface, NULL, DXGI_FORMAT_UNKNOWN, 0);
    ctx->topology = D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED;
    ctx_VSSetShader(iface, NULL, NULL, 0);
    ctx_PSSetShader(iface, NULL, NULL, 0);
    ctx_CSSetShader(iface, NULL, NULL, 0);
    ctx_GSSetShader(iface, NULL, NULL, 0);
    ctx_HSSetShader(iface, NULL, NULL, 0);
    ctx_DSSetShader(iface, NULL, NULL, 0);
    ctx_SOSetTargets(iface, 0, NULL, NULL);
    for (int w = 0; w < 2; w++)
        for (UINT i = 0; i < D3D11_PS_CS_UAV_REGISTER_COUNT; i++)
            BIND(ctx->uav[w][i], (struct d11_uav *)NULL);
    for (int s = 0; s < D11_STAGES; s++) {
        for (UINT i = 0; i < D11_MAX_CB; i++)
            BIND(ctx->cb[s][i], (struct d11_buffer *)NULL);
        for (UINT i = 0; i < DXBC_MAX_TEXTURES; i++)
            BIND(ctx->srv[s][i], (struct d11_srv *)NULL);
        for (UINT i = 0; i < D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT; i++)
            BIND(ctx->smp[s][i], (struct d11_sampler *)NULL);
    }
    ctx_OMSetRenderTargets(iface, 0, NULL, NULL);
    ctx_OMSetBlendState(iface, NULL, ones, 0xffffffffu);
    ctx_OMSetDepthStencilState(iface, NULL, 0);
    ctx_RSSetState(iface, NULL);
    ctx_SetPredication(iface, NULL, FALSE);
    ctx->vp_count = ctx->scissor_count = 0;
    ctx->dirty = D11_DIRTY_ALL;
}

static D3D11_DEVICE_CONTEXT_TYPE STDMETHODCALLTYPE ctx_GetType(ID3D11DeviceContext *iface)
{
    (void)iface;
    return D3D11_DEVICE_CONTEXT_IMMEDIATE;
}

static UINT STDMETHODCALLTYPE ctx_GetContextFlags(ID3D11DeviceContext *iface)
{
    (void)iface;
    return 0;
}

static HRESULT STDMETHODCALLTYPE ctx_FinishCommandList(ID3D11DeviceContext *iface, BOOL restore,
                                                       ID3D11CommandList **out)
{
    (void)iface, (void)restore;
    if (out)
        *out = NULL;
    return DXGI_ERROR_INVALID_CALL; /* an immediate context has no command list */
}


static void STDMETHODCALLTYPE ctx_Begin(ID3D11DeviceContext *iface, ID3D11Asynchronous *a)
{
    d11_query_begin(ctx_from(iface)->dev, a);
}

static void STDMETHODCALLTYPE ctx_End(ID3D11DeviceContext *iface, ID3D11Asynchronous *a)
{
    d11_query_end(ctx_from(iface)->dev, a);
}

static HRESULT STDMETHODCALLTYPE ctx_GetData(ID3D11DeviceContext *iface, ID3D11Asynchronous *a,
                                             void *data, UINT size, UINT flags)
{
    return d11_query_get_data(ctx_from(iface)->dev, a, data, size, flags);
}

static void STDMETHODCALLTYPE ctx_SetPredication(ID3D11DeviceContext *iface, ID3D11Predicate *p,
                                                 BOOL value)
{
    struct d11_context *ctx = ctx_from(iface);
    /* Only an occlusion predicate predicates (nothing else is one). */
    if (p && !d11_is_predicate(p))
        p = NULL;
    d11_predicate_bind(p, true);
    d11_predicate_bind(ctx->predicate, false);
    ctx->predicate = p;
    ctx->predicate_value = value;
}

static void STDMETHODCALLTYPE ctx_GetPredication(ID3D11DeviceContext *iface,
                                                 ID3D11Predicate **p, BOOL *value)
{
    struct d11_context *ctx = ctx_from(iface);
    if (p && (*p = ctx->predicate))
        ID3D11Predicate_AddRef(*p);
    if (value)
        *value = ctx->predicate_value;
}

/* Stream-output targets: slots [0, n) take the buffers (made with
 * BIND_STREAM_OUTPUT; others bind as NULL), the rest are unbound.  An
 * offset of -1 appends where the buffer's last stream output stopped;
 * others are taken as whole words within the buffer (D3D11 leaves other
 * offsets undefined).  Bound for output, a buffer is no vertex input
 * (D3D11's hazard rule). */
static void STDMETHODCALLTYPE ctx_SOSetTargets(ID3D11DeviceContext *iface, UINT n,
                                               ID3D11Buffer *const *bufs, const UINT *offsets)
{
    struct d11_context *ctx = ctx_from(iface);
    if (n > D3D11_SO_BUFFER_SLOT_COUNT)
        return;
    for (UINT k = 0; k < D3D11_SO_BUFFER_SLOT_COUNT; k++) {
        struct d11_buffer *b =
            k < n && bufs ? d11_buffer_from((ID3D11Resource *)bufs[k]) : NULL;
        UINT off = k < n && offsets ? offsets[k] : 0;
        if (b && !(b->desc.BindFlags & D3D11_BIND_STREAM_OUTPUT))
            b = NULL;
        if (b && off != (UINT)-1)
            off = NR_MIN(off, (b->desc.ByteWidth + 3) & ~3u) & ~3u;
        BIND(ctx->so[k], b);
        ctx->so_offset[k] = b ? off : (UINT)-1;
        for (UINT i = 0; b && i < D11_MAX_VB; i++)
            if (ctx->vb[i] == b) {
                BIND_EXPR(ctx->vb[i], NULL);
                ctx->dirty |= D11_DIRTY_VB | D11_DIRTY_BLOCK;
            }
    }
    ctx->dirty |= D11_DIRTY_SO;
}

static void STDMETHODCALLTYPE ctx_SOGetTargets(ID3D11DeviceContext *iface, UINT n,
                                               ID3D11Buffer **bufs)
{
    struct d11_context *ctx = ctx_from(iface);
    for (UINT i = 0; i < n && bufs; i++) {
        struct d11_buffer *b = i < D3D11_SO_BUFFER_SLOT_COUNT ? ctx->so[i] : NULL;
        bufs[i] = b ? &b->iface : NULL;
        if (b)
            ID3D11Buffer_AddRef(bufs[i]);
    }
}

/* The vertices stream output wrote into the buffer at vertex slot 0, from
 * its offset (the server reads where the last output stopped). */
static void STDMETHODCALLTYPE ctx_DrawAuto(ID3D11DeviceContext *iface)
{
    struct d11_context *ctx = ctx_from(iface);
    if (PREDICATED(ctx) || !ctx->vb[0] ||
        !(ctx->vb[0]->desc.BindFlags & D3D11_BIND_STREAM_OUTPUT) ||
        !(ctx->dev->tc->caps.features & WIRE_DEVFEAT_STREAM_OUTPUT))
        return;
    pthread_mutex_lock(&ctx->dev->lock);
    if (flush_state(ctx, false)) {
        struct wire_draw_auto d = {ctx->block};
        (void)wire_emit_DRAW_AUTO(&ctx->dev->tc->w, &d);
    }
    pthread_mutex_unlock(&ctx->dev->lock);
}

/* A draw of the arguments a DRAWINDIRECT_ARGS buffer holds at off: the
 * server reads them when the work before is done. */
static void draw_indirect(struct d11_context *ctx, ID3D11Buffer *args, UINT off, bool indexed)
{
    struct d11_buffer *b = args ? d11_buffer_from((ID3D11Resource *)args) : NULL;
    UINT n = indexed ? 20 : 16;
    if (!b || !(b->desc.MiscFlags & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS) || off % 4 ||
        off > b->desc.ByteWidth || n > b->desc.ByteWidth - off ||
        wire_handle_is_null(b->handle) || PREDICATED(ctx))
        return;
    pthread_mutex_lock(&ctx->dev->lock);
    if (flush_state(ctx, indexed)) {
        struct wire_draw_indirect d = {ctx->block, b->handle, off, indexed, 0};
        (void)wire_emit_DRAW_INDIRECT(&ctx->dev->tc->w, &d);
    }
    pthread_mutex_unlock(&ctx->dev->lock);
}

static void STDMETHODCALLTYPE ctx_DrawIndexedInstancedIndirect(ID3D11DeviceContext *iface,
                                                               ID3D11Buffer *b, UINT off)
{
    draw_indirect(ctx_from(iface), b, off, true);
}

static void STDMETHODCALLTYPE ctx_DrawInstancedIndirect(ID3D11DeviceContext *iface,
                                                        ID3D11Buffer *b, UINT off)
{
    draw_indirect(ctx_from(iface), b, off, false);
}

/* The compute shader's bindings over the pixel stage's (the server's
 * compute pipelines read the fragment stage's): sent whole for every
 * dispatch, and the next draw sends the pixel stage's again.  False:
 * the dispatch is dropped. */
static bool flush_compute(struct d11_context *ctx)
{
    if (ctx->dev->tc->lost || !ctx->cs)
        return false;
    ctx->dirty |= D11_DIRTY_TEXTURES;
    return send_stage(ctx, D11_CS, ctx->cs) && upload_cbs(ctx, D11_CS);
}

static void STDMETHODCALLTYPE ctx_Dispatch(ID3D11DeviceContext *iface, UINT x, UINT y, UINT z)
{
    struct d11_context *ctx = ctx_from(iface);
    /* Past D3D11's limit the result is undefined: nothing runs. */
    if (!x || !y || !z || x > WIRE_MAX_DISPATCH_GROUPS || y > WIRE_MAX_DISPATCH_GROUPS ||
        z > WIRE_MAX_DISPATCH_GROUPS || PREDICATED(ctx))
        return;
    pthread_mutex_lock(&ctx->dev->lock);
    if (flush_compute(ctx)) {
        struct wire_dispatch d = {ctx->cs->handle, x, y, z, 0};
        (void)wire_emit_DISPATCH(&ctx->dev->tc->w, &d);
    }
    pthread_mutex_unlock(&ctx->dev->lock);
}

/* A dispatch of the group counts a DRAWINDIRECT_ARGS buffer holds at
 * off: the server reads them when the work before is done. */
static void STDMETHODCALLTYPE ctx_DispatchIndirect(ID3D11DeviceContext *iface, ID3D11Buffer *args,
                                                   UINT off)
{
    struct d11_context *ctx = ctx_from(iface);
    struct d11_buffer *b = args ? d11_buffer_from((ID3D11Resource *)args) : NULL;
    if (!b || !(b->desc.MiscFlags & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS) || off % 4 ||
        off > b->desc.ByteWidth || 12 > b->desc.ByteWidth - off ||
        wire_handle_is_null(b->handle) || PREDICATED(ctx))
        return;
    pthread_mutex_lock(&ctx->dev->lock);
    if (flush_compute(ctx)) {
        struct wire_dispatch_indirect d = {ctx->cs->handle, b->handle, off};
        (void)wire_emit_DISPATCH_INDIRECT(&ctx->dev->tc->w, &d);
    }
    pthread_mutex_unlock(&ctx->dev->lock);
}

/* An append or counter view's hidden count into 4 bytes of a buffer, in
 * the order of the stream (a view without a counter, an offset off a
 * word or past the buffer: nothing). */
static void STDMETHODCALLTYPE ctx_CopyStructureCount(ID3D11DeviceContext *iface,
                                                     ID3D11Buffer *b, UINT off,
                                                     ID3D11UnorderedAccessView *view)
{
    struct d11_context *ctx = ctx_from(iface);
    struct d11_buffer *dst = d11_buffer_from((ID3D11Resource *)b);
    struct d11_uav *v = d11_uav_from(view);
    if (!dst || !v || wire_handle_is_null(v->counter) || off % 4 ||
        (uint64_t)off + 4 > dst->desc.ByteWidth)
        return;
    /* The counter as a source buffer of 4 bytes, not the application's. */
    struct d11_buffer src = {.handle = v->counter};
    pthread_mutex_lock(&ctx->dev->lock);
    (void)d11_buffer_copy(ctx->dev, dst, off, &src, 0, 4);
    pthread_mutex_unlock(&ctx->dev->lock);
}

/* Every texel of the view (a buffer's range, a texture level's layers or
 * a volume's slices) set to the values packed as its format: a
 * FILL_TEXELS, ordered with the work around it. */
static void clear_uav(struct d11_context *ctx, ID3D11UnorderedAccessView *view,
                      const void *values, bool is_float)
{
    struct d11_uav *v = d11_uav_from(view);
    struct wire_fill_texels f = {0};
    if (!v || !values || PREDICATED(ctx))
        return;
    if (!(f.texel_bytes = d11_uav_clear_texel(v, values, is_float, f.texel)))
        return;
    if (v->buf) {
        f.kind = WIRE_STORAGE_BUFFER;
        f.resource = v->buf->handle;
        f.offset = v->offset;
        f.size = v->size;
    } else {
        f.kind = WIRE_STORAGE_IMAGE;
        f.resource = v->tex->handle;
        f.level = v->level;
        f.first_layer = v->first_layer;
        f.layers = v->layers;
        /* The texture's bytes a texel (a view of its family has them). */
        f.texel_bytes = wire_format_get(v->tex->wire_format)->block_bytes;
    }
    pthread_mutex_lock(&ctx->dev->lock);
    if (!ctx->dev->tc->lost)
        (void)wire_emit_FILL_TEXELS(&ctx->dev->tc->w, &f);
    pthread_mutex_unlock(&ctx->dev->lock);
}

static void STDMETHODCALLTYPE ctx_ClearUnorderedAccessViewUint(ID3D11DeviceContext *iface,
                                                               ID3D11UnorderedAccessView *v,
                                                               const UINT values[4])
{
    clear_uav(ctx_from(iface), v, values, false);
}

static void STDMETHODCALLTYPE ctx_ClearUnorderedAccessViewFloat(ID3D11DeviceContext *iface,
                                                                ID3D11UnorderedAccessView *v,
                                                                const FLOAT values[4])
{
    clear_uav(ctx_from(iface), v, values, true);
}

static void STDMETHODCALLTYPE ctx_ClearDepthStencilView(ID3D11DeviceContext *iface,
                                                        ID3D11DepthStencilView *view,
                                                        UINT flags, FLOAT depth, UINT8 stencil)
{
    struct d11_context *ctx = ctx_from(iface);
    struct d11_dsv *v = d11_dsv_from(view);
    struct transport_client *tc = ctx->dev->tc;
    struct wire_set_render_targets t = {0};
    struct wire_clear c = {0, 0, 0, stencil, {0}, NR_MIN(NR_MAX(depth, 0.0f), 1.0f), 0};
    if (PREDICATED(ctx))
        return;
    if (!v)
        return;
    if (flags & D3D11_CLEAR_DEPTH)
        c.flags |= WIRE_CLEAR_DEPTH;
    if ((flags & D3D11_CLEAR_STENCIL) && wire_format_get(v->tex->wire_format)->stencil)
        c.flags |= WIRE_CLEAR_STENCIL;
    if (!c.flags)
        return;
    t.depth = (struct wire_target){v->tex->handle, v->level, v->layer, 0, v->layers};
    pthread_mutex_lock(&ctx->dev->lock);
    /* The view alone, cleared whole, as ClearRenderTargetView does. */
    if (!tc->lost && wire_emit_SET_RENDER_TARGETS(&tc->w, &t))
        (void)wire_emit_CLEAR(&tc->w, &c);
    ctx->dirty |= D11_DIRTY_TARGETS;
    pthread_mutex_unlock(&ctx->dev->lock);
}

static void STDMETHODCALLTYPE ctx_GenerateMips(ID3D11DeviceContext *iface,
                                               ID3D11ShaderResourceView *view)
{
    struct d11_context *ctx = ctx_from(iface);
    struct d11_srv *v = d11_srv_from(view);
    if (PREDICATED(ctx))
        return;
    /* Only a texture made with D3D11_RESOURCE_MISC_GENERATE_MIPS (the
     * runtime ignores the call for others). */
    if (!v || !v->tex || !(v->tex->desc.MiscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS) ||
        v->levels < 2)
        return;
    /* A format the server cannot blit with a linear filter (an integer
     * one: D3D11 makes such a texture and generates nothing) is left as it
     * is; sending it would cut the device off. */
    {
        uint32_t f = v->tex->wire_format, need = WIRE_FEAT_BLIT | WIRE_FEAT_FILTER;
        if ((ctx->dev->tc->caps.format_features[f] & need) != need ||
            wire_format_get(f)->depth)
            return;
    }
    /* The view's levels (from its most detailed) of its layers. */
    struct wire_generate_mips g = {v->tex->handle, v->first_level, v->levels, v->first_layer,
                                   v->layers};
    pthread_mutex_lock(&ctx->dev->lock);
    /* GCC 12 at -O3 sees a dangling &g in the inlined encoder (it is
     * copied into the ring and not kept); the warning is false there. */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
#endif
    if (!ctx->dev->tc->lost)
        (void)wire_emit_GENERATE_MIPS(&ctx->dev->tc->w, &g);
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#pragma GCC diagnostic pop
#endif
    pthread_mutex_unlock(&ctx->dev->lock);
}

static void STDMETHODCALLTYPE ctx_SetResourceMinLOD(ID3D11DeviceContext *iface,
                                                    ID3D11Resource *r, FLOAT lod)
{
    (void)iface, (void)r, (void)lod; /* one level: nothing to clamp */
}

static FLOAT STDMETHODCALLTYPE ctx_GetResourceMinLOD(ID3D11DeviceContext *iface,
                                                     ID3D11Resource *r)
{
    (void)iface, (void)r;
    return 0.0f;
}

/* A multisampled texture's samples averaged into a single-sampled one of
 * the same size: a BLIT the server makes a resolve.  D3D11 names the
 * format both are read and written as: each must be viewable as it (its
 * own, or a member of its typeless family), and it must be one that
 * resolves. */
void d11_resolve(struct d11_device *dev, struct d11_texture *d, UINT dst_sub,
                 struct d11_texture *s, UINT src_sub, DXGI_FORMAT format)
{
    struct transport_client *tc = dev->tc;
    uint32_t w, h, wf = format ? d11_wire_format(format, NULL) : 0;
    if (!d || !s || s->desc.SampleDesc.Count < 2 || d->desc.SampleDesc.Count != 1 ||
        d->volume || d->linear || src_sub || dst_sub >= d->levels * d->layers ||
        !(d->desc.BindFlags & D3D11_BIND_RENDER_TARGET) || d->desc.Usage != D3D11_USAGE_DEFAULT)
        return;
    d11_texture_level(d, dst_sub % d->levels, &w, &h, NULL, NULL);
    if (w != s->desc.Width || h != s->desc.Height || !wf ||
        (format != s->desc.Format && !d11_view_format_ok(s, format, true)) ||
        (format != d->desc.Format && !d11_view_format_ok(d, format, false)) ||
        wire_format_get(wf)->integer || wire_format_get(s->wire_format)->depth ||
        wire_format_get(wf)->block_bytes != wire_format_get(s->wire_format)->block_bytes) {
        static bool warned;
        if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
            NR_WARN(D3D9, "ResolveSubresource between formats %u and %u as %u is not done: "
                          "skipped", s->desc.Format, d->desc.Format, format);
        return;
    }
    /* Both read and written as the format (a typeless pair's: an sRGB one
     * averages linear values). */
    /* Between textures of two storage formats the server resolves by a
     * draw that samples the source: where the device cannot, not done. */
    if (s->wire_format != d->wire_format &&
        !(tc->caps.format_load_samples[s->wire_format] & s->desc.SampleDesc.Count)) {
        static bool warned;
        if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
            NR_WARN(D3D9, "ResolveSubresource between formats %u and %u on a device that "
                          "cannot sample the source: skipped",
                    s->desc.Format, d->desc.Format);
        return;
    }
    struct wire_blit b = {
        {s->handle, 0, 0, wf != s->wire_format ? wf : 0, 0}, {0, 0, (int32_t)w, (int32_t)h},
        {d->handle, dst_sub % d->levels, dst_sub / d->levels, wf != d->wire_format ? wf : 0, 0},
        {0, 0, (int32_t)w, (int32_t)h}, WIRE_FILTER_NEAREST, 0};
    pthread_mutex_lock(&dev->lock);
    if (!tc->lost)
        (void)wire_emit_BLIT(&tc->w, &b);
    pthread_mutex_unlock(&dev->lock);
}

static void STDMETHODCALLTYPE ctx_ResolveSubresource(ID3D11DeviceContext *iface,
                                                     ID3D11Resource *dst, UINT dst_sub,
                                                     ID3D11Resource *src, UINT src_sub,
                                                     DXGI_FORMAT format)
{
    struct d11_context *ctx = ctx_from(iface);
    if (PREDICATED(ctx))
        return;
    d11_resolve(ctx->dev, d11_texture_from(dst), dst_sub, d11_texture_from(src), src_sub,
                format);
}

static void STDMETHODCALLTYPE ctx_ExecuteCommandList(ID3D11DeviceContext *iface,
                                                     ID3D11CommandList *l, BOOL restore)
{
    d11_command_list_execute(ctx_from(iface), l, restore);
}

const struct d11_context_vtbl d11_immediate_vtbl = {{
    ctx_QueryInterface,
    ctx_AddRef,
    ctx_Release,
    ctx_GetDevice,
    ctx_GetPrivateData,
    ctx_SetPrivateData,
    ctx_SetPrivateDataInterface,
    ctx_VSSetConstantBuffers,
    ctx_PSSetShaderResources,
    ctx_PSSetShader,
    ctx_PSSetSamplers,
    ctx_VSSetShader,
    ctx_DrawIndexed,
    ctx_Draw,
    ctx_Map,
    ctx_Unmap,
    ctx_PSSetConstantBuffers,
    ctx_IASetInputLayout,
    ctx_IASetVertexBuffers,
    ctx_IASetIndexBuffer,
    ctx_DrawIndexedInstanced,
    ctx_DrawInstanced,
    ctx_GSSetConstantBuffers,
    ctx_GSSetShader,
    ctx_IASetPrimitiveTopology,
    ctx_VSSetShaderResources,
    ctx_VSSetSamplers,
    ctx_Begin,
    ctx_End,
    ctx_GetData,
    ctx_SetPredication,
    ctx_GSSetShaderResources,
    ctx_GSSetSamplers,
    ctx_OMSetRenderTargets,
    ctx_OMSetRenderTargetsAndUnorderedAccessViews,
    ctx_OMSetBlendState,
    ctx_OMSetDepthStencilState,
    ctx_SOSetTargets,
    ctx_DrawAuto,
    ctx_DrawIndexedInstancedIndirect,
    ctx_DrawInstancedIndirect,
    ctx_Dispatch,
    ctx_DispatchIndirect,
    ctx_RSSetState,
    ctx_RSSetViewports,
    ctx_RSSetScissorRects,
    ctx_CopySubresourceRegion,
    ctx_CopyResource,
    ctx_UpdateSubresource,
    ctx_CopyStructureCount,
    ctx_ClearRenderTargetView,
    ctx_ClearUnorderedAccessViewUint,
    ctx_ClearUnorderedAccessViewFloat,
    ctx_ClearDepthStencilView,
    ctx_GenerateMips,
    ctx_SetResourceMinLOD,
    ctx_GetResourceMinLOD,
    ctx_ResolveSubresource,
    ctx_ExecuteCommandList,
    ctx_HSSetShaderResources,
    ctx_HSSetShader,
    ctx_HSSetSamplers,
    ctx_HSSetConstantBuffers,
    ctx_DSSetShaderResources,
    ctx_DSSetShader,
    ctx_DSSetSamplers,
    ctx_DSSetConstantBuffers,
    ctx_CSSetShaderResources,
    ctx_CSSetUnorderedAccessViews,
    ctx_CSSetShader,
    ctx_CSSetSamplers,
    ctx_CSSetConstantBuffers,
    ctx_VSGetConstantBuffers,
    ctx_PSGetShaderResources,
    ctx_PSGetShader,
    ctx_PSGetSamplers,
    ctx_VSGetShader,
    ctx_PSGetConstantBuffers,
    ctx_IAGetInputLayout,
    ctx_IAGetVertexBuffers,
    ctx_IAGetIndexBuffer,
    ctx_GSGetConstantBuffers,
    ctx_GSGetShader,
    ctx_IAGetPrimitiveTopology,
    ctx_VSGetShaderResources,
    ctx_VSGetSamplers,
    ctx_GetPredication,
    ctx_GSGetShaderResources,
    ctx_GSGetSamplers,
    ctx_OMGetRenderTargets,
    ctx_OMGetRenderTargetsAndUnorderedAccessViews,
    ctx_OMGetBlendState,
    ctx_OMGetDepthStencilState,
    ctx_SOGetTargets,
    ctx_RSGetState,
    ctx_RSGetViewports,
    ctx_RSGetScissorRects,
    ctx_HSGetShaderResources,
    ctx_HSGetShader,
    ctx_HSGetSamplers,
    ctx_HSGetConstantBuffers,
    ctx_DSGetShaderResources,
    ctx_DSGetShader,
    ctx_DSGetSamplers,
    ctx_DSGetConstantBuffers,
    ctx_CSGetShaderResources,
    ctx_CSGetUnorderedAccessViews,
    ctx_CSGetShader,
    ctx_CSGetSamplers,
    ctx_CSGetConstantBuffers,
    ctx_ClearState,
    ctx_Flush,
    ctx_GetType,
    ctx_GetContextFlags,
    ctx_FinishCommandList,
}, D11_CONTEXT1_METHODS, D11_CONTEXT4_METHODS};
/* The layout of ID3D11DeviceContext4's vtable. */
_Static_assert(sizeof(struct d11_context_vtbl) == sizeof(ID3D11DeviceContext4Vtbl),
               "ID3D11DeviceContext4's slots");
_Static_assert(offsetof(struct d11_context_vtbl, v4.UpdateTileMappings) ==
                   offsetof(ID3D11DeviceContext4Vtbl, UpdateTileMappings),
               "ID3D11DeviceContext2::UpdateTileMappings");
_Static_assert(offsetof(struct d11_context_vtbl, v4.Wait) ==
                   offsetof(ID3D11DeviceContext4Vtbl, Wait),
               "ID3D11DeviceContext4::Wait");
_Static_assert(offsetof(struct d11_context_vtbl, v1.ClearView) ==
                   offsetof(ID3D11DeviceContext1Vtbl, ClearView),
               "ID3D11DeviceContext1::ClearView");

void d11_context_init(struct d11_context *ctx, struct d11_device *dev)
{
    const char *ref = getenv("NEREID_REFERENCE_STATE");
    memset(ctx, 0, sizeof(*ctx));
    ctx->iface.lpVtbl = &d11_immediate_vtbl.base;
    ctx->annotation.lpVtbl = &d11_annotation_vtbl;
    ctx->multithread.lpVtbl = &d11_multithread_vtbl;
    ctx->dev = dev;
    ctx->sample_mask = 0xffffffffu;
    for (int i = 0; i < 4; i++)
        ctx->blend_factor[i] = 1.0f;
    ctx->dirty = D11_DIRTY_ALL;
    dev->reference = ref && *ref && *ref != '0';
}

/* Everything a setter sets, src's into dst: dst takes src's bindings and
 * lets go of its own; all of it is sent again at the next draw.  What the
 * wire was sent (block, cb_sent) is dst's and stays. */
void d11_context_copy_state(struct d11_context *dst, const struct d11_context *src)
{
#define COPY(f) BIND_EXPR(dst->f, src->f)
    COPY(layout);
    for (UINT i = 0; i < D11_MAX_VB; i++)
        COPY(vb[i]);
    memcpy(dst->vb_stride, src->vb_stride, sizeof(dst->vb_stride));
    memcpy(dst->vb_offset, src->vb_offset, sizeof(dst->vb_offset));
    COPY(ib);
    dst->ib_format = src->ib_format;
    dst->ib_offset = src->ib_offset;
    dst->topology = src->topology;
    COPY(vs);
    COPY(ps);
    COPY(cs);
    COPY(gs);
    COPY(hull);
    COPY(domain);
    for (UINT i = 0; i < D3D11_SO_BUFFER_SLOT_COUNT; i++)
        COPY(so[i]);
    memcpy(dst->so_offset, src->so_offset, sizeof(dst->so_offset));
    d11_predicate_bind(src->predicate, true);
    d11_predicate_bind(dst->predicate, false);
    dst->predicate = src->predicate;
    dst->predicate_value = src->predicate_value;
    for (int s = 0; s < D11_STAGES; s++) {
        for (UINT i = 0; i < D11_MAX_CB; i++)
            COPY(cb[s][i]);
        for (UINT i = 0; i < DXBC_MAX_TEXTURES; i++)
            COPY(srv[s][i]);
        for (UINT i = 0; i < D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT; i++)
            COPY(smp[s][i]);
    }
    memcpy(dst->cb_first, src->cb_first, sizeof(dst->cb_first));
    memcpy(dst->cb_count, src->cb_count, sizeof(dst->cb_count));
    for (int w = 0; w < 2; w++)
        for (UINT i = 0; i < D3D11_PS_CS_UAV_REGISTER_COUNT; i++)
            COPY(uav[w][i]);
    for (UINT i = 0; i < D11_MAX_RT; i++)
        COPY(rtv[i]);
    dst->rtv_count = src->rtv_count;
    COPY(dsv);
    memcpy(dst->vp, src->vp, sizeof(dst->vp));
    dst->vp_count = src->vp_count;
    memcpy(dst->scissor, src->scissor, sizeof(dst->scissor));
    dst->scissor_count = src->scissor_count;
    COPY(rs);
    COPY(bs);
    COPY(ds);
    memcpy(dst->blend_factor, src->blend_factor, sizeof(dst->blend_factor));
    dst->sample_mask = src->sample_mask;
    dst->stencil_ref = src->stencil_ref;
    dst->dirty = D11_DIRTY_ALL;
#undef COPY
}

/* Unbinds everything: what only the bindings kept is destroyed. */
void d11_context_cleanup(struct d11_context *ctx)
{
    ctx_ClearState(&ctx->iface);
}
