/* nereid Direct3D 11.1: what ID3D11Device1 and ID3D11DeviceContext1 add
 * (their vtables are the device's and the immediate context's, extended:
 * d3d11_private.h), and ID3DUserDefinedAnnotation of the context.
 *
 * Constant buffer ranges are the client's to make (constant buffers live
 * in the client and each draw uploads what its shaders read: context.c's
 * upload_cbs), ClearView clears a render-target view inside rectangles as
 * the CLEAR record does D3D9's, and the copy flags and discards are the
 * hints D3D11.1 defines them to be.  Logic operations are made where the
 * device has logicOp (D3D11_OPTIONS says so); forced sample counts are
 * not done (E_NOTIMPL).
 *
 * Device context states keep a whole context's state (a struct
 * d11_context of their own, holding its objects as bindings do):
 * SwapDeviceContextState saves the immediate context's state into the
 * active one and loads the new one's (d11_context_copy_state). */
#include "d3d11/d3d11_private.h"
#include "d3d11/d3d11_child.h"

#include <stdlib.h>
#include <string.h>

static struct d11_context *ctx1(ID3D11DeviceContext1 *iface)
{
    return D11_IMPL((ID3D11DeviceContext *)iface, struct d11_context, iface);
}

#define BASE(iface) ((ID3D11DeviceContext *)(iface))

/* ------------------------------------------------------------ copies */

void STDMETHODCALLTYPE d11_ctx1_CopySubresourceRegion1(ID3D11DeviceContext1 *iface,
                                                       ID3D11Resource *dst, UINT dst_sub, UINT x,
                                                       UINT y, UINT z, ID3D11Resource *src,
                                                       UINT src_sub, const D3D11_BOX *box,
                                                       UINT flags)
{
    /* NO_OVERWRITE and DISCARD promise what the copy may assume; an
     * ordered copy keeps either promise.  Other bits: an invalid call. */
    if (flags & ~(UINT)(D3D11_COPY_NO_OVERWRITE | D3D11_COPY_DISCARD))
        return;
    ID3D11DeviceContext_CopySubresourceRegion(BASE(iface), dst, dst_sub, x, y, z, src, src_sub,
                                              box);
}

void STDMETHODCALLTYPE d11_ctx1_UpdateSubresource1(ID3D11DeviceContext1 *iface,
                                                   ID3D11Resource *dst, UINT sub,
                                                   const D3D11_BOX *box, const void *data,
                                                   UINT pitch, UINT depth_pitch, UINT flags)
{
    if (flags & ~(UINT)(D3D11_COPY_NO_OVERWRITE | D3D11_COPY_DISCARD))
        return;
    ID3D11DeviceContext_UpdateSubresource(BASE(iface), dst, sub, box, data, pitch, depth_pitch);
}

/* A discarded resource's contents are undefined: the ones it has are some
 * of them. */
void STDMETHODCALLTYPE d11_ctx1_DiscardResource(ID3D11DeviceContext1 *iface, ID3D11Resource *r)
{
    (void)iface, (void)r;
}

void STDMETHODCALLTYPE d11_ctx1_DiscardView(ID3D11DeviceContext1 *iface, ID3D11View *v)
{
    (void)iface, (void)v;
}

void STDMETHODCALLTYPE d11_ctx1_DiscardView1(ID3D11DeviceContext1 *iface, ID3D11View *v,
                                             const D3D11_RECT *rects, UINT n)
{
    (void)iface, (void)v, (void)rects, (void)n;
}

/* ------------------------------------------------------------ constant buffers */

/* Every stage keeps its ranges. */
#define D11_CB1(S, stage)                                                                      \
    void STDMETHODCALLTYPE d11_ctx1_##S##SetConstantBuffers1(                                  \
        ID3D11DeviceContext1 *iface, UINT start, UINT n, ID3D11Buffer *const *bufs,            \
        const UINT *first, const UINT *count)                                                  \
    {                                                                                          \
        d11_set_cbs1(ctx1(iface), (stage), start, n, bufs, first, count);                      \
    }                                                                                          \
    void STDMETHODCALLTYPE d11_ctx1_##S##GetConstantBuffers1(                                  \
        ID3D11DeviceContext1 *iface, UINT start, UINT n, ID3D11Buffer **bufs, UINT *first,     \
        UINT *count)                                                                           \
    {                                                                                          \
        d11_get_cbs1(ctx1(iface), (stage), start, n, bufs, first, count);                      \
    }

D11_CB1(VS, D11_VS)
D11_CB1(HS, D11_HS)
D11_CB1(DS, D11_DS)
D11_CB1(GS, D11_GS)
D11_CB1(PS, D11_PS)
D11_CB1(CS, D11_CS)

/* ------------------------------------------------------------ the rest */

/* ------------------------------------------------------------ context states */

/* {9B7E4C0F-342C-4106-A19F-4F2704F689F0}, {9B7E4C8F-...}: the D3D10
 * devices' interfaces, which a context state may say it emulates. */
static const GUID iid_d3d10_device = {0x9b7e4c0f, 0x342c, 0x4106,
                                      {0xa1, 0x9f, 0x4f, 0x27, 0x04, 0xf6, 0x89, 0xf0}};
static const GUID iid_d3d10_device1 = {0x9b7e4c8f, 0x342c, 0x4106,
                                       {0xa1, 0x9f, 0x4f, 0x27, 0x04, 0xf6, 0x89, 0xf0}};

struct d11_context_state {
    ID3DDeviceContextState iface;
    struct d11_child c;
    GUID emulated;
    D3D_FEATURE_LEVEL level;
    struct d11_context saved; /* the state it holds while not active */
};

D11_CHILD_METHODS(dcs, ID3DDeviceContextState, struct d11_context_state, iface)
D11_CHILD_QI(dcs, ID3DDeviceContextState, &IID_ID3DDeviceContextState, NULL, NULL)

static void dcs_destroy(struct d11_context_state *s)
{
    d11_context_cleanup(&s->saved);
    free(s);
}

static const ID3DDeviceContextStateVtbl dcs_vtbl = {
    dcs_QueryInterface, dcs_AddRef,         dcs_Release,
    dcs_GetDevice,      dcs_GetPrivateData, dcs_SetPrivateData,
    dcs_SetPrivateDataInterface,
};

static bool dcs_is_d3d10(const struct d11_context_state *s)
{
    return IsEqualGUID(&s->emulated, &iid_d3d10_device) ||
           IsEqualGUID(&s->emulated, &iid_d3d10_device1);
}

static struct d11_context_state *dcs_from(ID3DDeviceContextState *iface)
{
    return iface && iface->lpVtbl == &dcs_vtbl ? dcs_impl(iface) : NULL;
}

/* A state of the default values (ClearState's). */
static struct d11_context_state *dcs_create(struct d11_device *dev, const GUID *emulated,
                                            D3D_FEATURE_LEVEL level)
{
    struct d11_context_state *s = calloc(1, sizeof(*s));
    if (!s)
        return NULL;
    s->iface.lpVtbl = &dcs_vtbl;
    s->emulated = *emulated;
    s->level = level;
    d11_context_init(&s->saved, dev);
    d11_child_init(&s->c, dev, dcs_destroy_child);
    return s;
}

void d11_context_states_cleanup(struct d11_device *dev)
{
    struct d11_context_state *s = dev->dcs;
    dev->dcs = NULL;
    if (s)
        d11_child_unbind(&s->c);
}

/* A state emulating a D3D10 device turns most of the D3D11 context's
 * methods off while it is active (context_off.c); its feature level is
 * kept, not applied. */
HRESULT STDMETHODCALLTYPE d11_dev1_CreateDeviceContextState(
    ID3D11Device1 *iface, UINT flags, const D3D_FEATURE_LEVEL *levels, UINT level_count,
    UINT sdk, REFIID emulated, D3D_FEATURE_LEVEL *chosen, ID3DDeviceContextState **out)
{
    struct d11_device *dev = d11_device_from((ID3D11Device *)iface);
    D3D_FEATURE_LEVEL level = 0;
    struct d11_context_state *s;
    (void)sdk;

    if (chosen)
        *chosen = 0;
    if (out)
        *out = NULL;
    if ((flags & ~(UINT)D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED) || !levels ||
        !emulated)
        return E_INVALIDARG;
    /* The first level of the list this device has. */
    for (UINT i = 0; i < level_count && !level; i++)
        if (levels[i] >= D3D_FEATURE_LEVEL_10_0 && levels[i] <= dev->level)
            level = levels[i];
    if (!level || (!IsEqualGUID(emulated, &IID_ID3D11Device) &&
                   !IsEqualGUID(emulated, &IID_ID3D11Device1) &&
                   !IsEqualGUID(emulated, &iid_d3d10_device) &&
                   !IsEqualGUID(emulated, &iid_d3d10_device1)))
        return E_INVALIDARG;
    if (chosen)
        *chosen = level;
    if (!out)
        return S_FALSE;
    if (!(s = dcs_create(dev, emulated, level)))
        return E_OUTOFMEMORY;
    *out = &s->iface;
    return S_OK;
}

/* The state of the immediate context goes into the active state object
 * (the device's own, made at the first swap, holding the state from
 * before it) and the new one's state comes out of it.  NULL: nothing
 * happens; a deferred context: nothing either (not supported there). */
void STDMETHODCALLTYPE d11_ctx1_SwapDeviceContextState(ID3D11DeviceContext1 *iface,
                                                       ID3DDeviceContextState *state,
                                                       ID3DDeviceContextState **previous)
{
    struct d11_context *ctx = ctx1(iface);
    struct d11_device *dev = ctx->dev;
    struct d11_context_state *s = dcs_from(state), *cur;

    if (previous)
        *previous = NULL;
    if (ctx != &dev->imm || !s)
        return;
    if (!(cur = dev->dcs)) {
        if (!(cur = dcs_create(dev, &IID_ID3D11Device1, dev->level)))
            return;
        d11_child_bind(&cur->c);
        d11_child_release(&cur->c); /* the binding alone keeps it */
        dev->dcs = cur;
    }
    if (previous) {
        *previous = &cur->iface;
        dcs_AddRef(&cur->iface);
    }
    if (s == cur)
        return;
    d11_context_copy_state(&cur->saved, ctx);
    d11_context_copy_state(ctx, &s->saved);
    /* While active it holds nothing: its state is the context's. */
    d11_context_cleanup(&s->saved);
    d11_child_bind(&s->c);
    dev->dcs = s;
    d11_child_unbind(&cur->c);
    ctx->iface.lpVtbl = dcs_is_d3d10(s) ? d11_context_off_vtbl() : &d11_immediate_vtbl.base;
}

struct d11_context *d11_context_state_cleared(struct d11_device *dev)
{
    return &dev->dcs->saved;
}
/* A render-target view cleared inside rectangles (all of it without), or
 * an unordered-access view cleared whole as ClearUnorderedAccessViewFloat
 * does.  Rectangles of an unordered-access view and views of other kinds
 * (D3D11.1 refuses depth-stencil views) are dropped with a warning. */
void STDMETHODCALLTYPE d11_ctx1_ClearView(ID3D11DeviceContext1 *iface, ID3D11View *view,
                                          const FLOAT color[4], const D3D11_RECT *rects, UINT n)
{
    struct d11_context *ctx = ctx1(iface);
    struct d11_view *v = d11_rtv_from((ID3D11RenderTargetView *)view);
    struct d11_uav *u = v ? NULL : d11_uav_from((ID3D11UnorderedAccessView *)view);
    if (!view || !color || (n && !rects) || (ctx->predicate && d11_predicated_away(ctx)))
        return;
    if (u && !n) {
        ID3D11DeviceContext_ClearUnorderedAccessViewFloat(
            BASE(iface), (ID3D11UnorderedAccessView *)view, color);
        return;
    }
    if (!v) {
        static bool warned;
        if (!warned) {
            warned = true;
            NR_WARN(D3D9, "ClearView of %s: not done (dropped)",
                    u ? "an unordered-access view inside rectangles" : "this kind of view");
        }
        return;
    }
    d11_clear_rtv(ctx, v, color, rects, n);
}

/* ------------------------------------------------------------ annotations */

/* Events and markers are for a capture tool; none is attached (GetStatus
 * FALSE), and BeginEvent and EndEvent answer -1 as they do then. */
static struct d11_context *ann_ctx(ID3DUserDefinedAnnotation *iface)
{
    return D11_IMPL(iface, struct d11_context, annotation);
}

static HRESULT STDMETHODCALLTYPE ann_QueryInterface(ID3DUserDefinedAnnotation *iface,
                                                    REFIID riid, void **out)
{
    return ID3D11DeviceContext_QueryInterface(&ann_ctx(iface)->iface, riid, out);
}

static ULONG STDMETHODCALLTYPE ann_AddRef(ID3DUserDefinedAnnotation *iface)
{
    return ID3D11DeviceContext_AddRef(&ann_ctx(iface)->iface);
}

static ULONG STDMETHODCALLTYPE ann_Release(ID3DUserDefinedAnnotation *iface)
{
    return ID3D11DeviceContext_Release(&ann_ctx(iface)->iface);
}

static INT STDMETHODCALLTYPE ann_BeginEvent(ID3DUserDefinedAnnotation *iface, LPCWSTR name)
{
    (void)iface, (void)name;
    return -1;
}

static INT STDMETHODCALLTYPE ann_EndEvent(ID3DUserDefinedAnnotation *iface)
{
    (void)iface;
    return -1;
}

static void STDMETHODCALLTYPE ann_SetMarker(ID3DUserDefinedAnnotation *iface, LPCWSTR name)
{
    (void)iface, (void)name;
}

static BOOL STDMETHODCALLTYPE ann_GetStatus(ID3DUserDefinedAnnotation *iface)
{
    (void)iface;
    return FALSE;
}

const ID3DUserDefinedAnnotationVtbl d11_annotation_vtbl = {
    ann_QueryInterface, ann_AddRef,   ann_Release, ann_BeginEvent,
    ann_EndEvent,       ann_SetMarker, ann_GetStatus,
};

/* ------------------------------------------------------------ ID3D11Device1 */

#define DEV(iface) ((ID3D11Device *)(iface))

void STDMETHODCALLTYPE d11_dev1_GetImmediateContext1(ID3D11Device1 *iface,
                                                     ID3D11DeviceContext1 **out)
{
    ID3D11Device_GetImmediateContext(DEV(iface), (ID3D11DeviceContext **)out);
}

HRESULT STDMETHODCALLTYPE d11_dev1_CreateDeferredContext1(ID3D11Device1 *iface, UINT flags,
                                                          ID3D11DeviceContext1 **out)
{
    return ID3D11Device_CreateDeferredContext(DEV(iface), flags, (ID3D11DeviceContext **)out);
}

/* D3D11.1's blend description: a logic operation excludes blending and
 * independent targets (E_INVALIDARG), and is every target's where the
 * device has logic operations (D3D11_OPTIONS' OutputMergerLogicOp; else
 * E_NOTIMPL); without one it is the D3D11.0 description, and the same
 * object. */
HRESULT STDMETHODCALLTYPE d11_dev1_CreateBlendState1(ID3D11Device1 *iface,
                                                     const D3D11_BLEND_DESC1 *d1,
                                                     ID3D11BlendState1 **out)
{
    D3D11_BLEND_DESC d;
    bool logic = false;
    D3D11_LOGIC_OP op = D3D11_LOGIC_OP_NOOP;
    if (out)
        *out = NULL;
    if (!d1)
        return E_INVALIDARG;
    for (int i = 0; i < 8; i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC1 *t = &d1->RenderTarget[i];
        if (!t->LogicOpEnable || (i && !d1->IndependentBlendEnable))
            continue;
        if (t->BlendEnable || d1->IndependentBlendEnable || (UINT)t->LogicOp > 15)
            return E_INVALIDARG;
        logic = true;
        op = t->LogicOp;
    }
    if (logic && !(d11_device_from(DEV(iface))->tc->caps.features & WIRE_DEVFEAT_LOGIC_OP))
        return E_NOTIMPL;
    d.AlphaToCoverageEnable = d1->AlphaToCoverageEnable;
    d.IndependentBlendEnable = d1->IndependentBlendEnable;
    for (int i = 0; i < 8; i++) {
        const D3D11_RENDER_TARGET_BLEND_DESC1 *t = &d1->RenderTarget[i];
        d.RenderTarget[i] = (D3D11_RENDER_TARGET_BLEND_DESC){
            t->BlendEnable,    t->SrcBlend,     t->DestBlend,
            t->BlendOp,        t->SrcBlendAlpha, t->DestBlendAlpha,
            t->BlendOpAlpha,   t->RenderTargetWriteMask};
    }
    return d11_bs_create(d11_device_from(DEV(iface)), &d, logic ? &op : NULL,
                         (ID3D11BlendState **)out);
}

/* A forced sample count (UAV-only rendering at a sample count) is not
 * done: D3D11_OPTIONS' UAVOnlyRenderingForcedSampleCount is FALSE. */
HRESULT STDMETHODCALLTYPE d11_dev1_CreateRasterizerState1(ID3D11Device1 *iface,
                                                          const D3D11_RASTERIZER_DESC1 *d1,
                                                          ID3D11RasterizerState1 **out)
{
    D3D11_RASTERIZER_DESC d;
    if (out)
        *out = NULL;
    if (!d1)
        return E_INVALIDARG;
    switch (d1->ForcedSampleCount) {
    case 0: break;
    case 1: case 4: case 8: case 16: return E_NOTIMPL;
    default: return E_INVALIDARG;
    }
    d = (D3D11_RASTERIZER_DESC){d1->FillMode,          d1->CullMode,
                                d1->FrontCounterClockwise, d1->DepthBias,
                                d1->DepthBiasClamp,    d1->SlopeScaledDepthBias,
                                d1->DepthClipEnable,   d1->ScissorEnable,
                                d1->MultisampleEnable, d1->AntialiasedLineEnable};
    return ID3D11Device_CreateRasterizerState(DEV(iface), &d, (ID3D11RasterizerState **)out);
}


/* A name's code units before its terminator: 0 for an empty name or one
 * longer than WIRE_MAX_SHARE_NAME (Windows' MAX_PATH). */
static uint32_t share_name_length(LPCWSTR name)
{
    uint32_t n = 0;
    while (n <= WIRE_MAX_SHARE_NAME && name[n])
        n++;
    return n <= WIRE_MAX_SHARE_NAME ? n : 0;
}

HRESULT d11_share_name(struct d11_device *dev, uint32_t kind, wire_handle object, LPCWSTR name)
{
    struct wire_name_share ns = {object, kind, share_name_length(name), {0}};
    struct wire_reply reply;

    if (!ns.length)
        return DXGI_ERROR_INVALID_CALL;
    memcpy(ns.name, name, ns.length * sizeof(*ns.name));
    if (dev->tc->lost || !wire_emit_NAME_SHARE(&dev->tc->w, &ns) ||
        !transport_wait_reply(dev->tc, &reply))
        return DXGI_ERROR_DEVICE_REMOVED;
    switch (reply.status) {
    case WIRE_OK: return S_OK;
    case WIRE_ERR_EXISTS: return DXGI_ERROR_NAME_ALREADY_EXISTS;
    case WIRE_ERR_UNSUPPORTED: return E_NOTIMPL; /* a second name of one share */
    default: return DXGI_ERROR_DEVICE_REMOVED;
    }
}

static HRESULT open_nt(ID3D11Device1 *iface, HANDLE handle, REFIID riid, void **out)
{
    struct d11_texture *t;
    HRESULT hr;
    if (FAILED(hr = d11_texture_open_shared(d11_device_from((ID3D11Device *)iface), handle,
                                            true, &t)))
        return hr;
    hr = ID3D11Texture2D_QueryInterface(&t->iface, riid, out);
    ID3D11Texture2D_Release(&t->iface);
    return hr;
}

/* An NT handle of a MISC_SHARED_NTHANDLE texture (IDXGIResource1's
 * CreateSharedHandle): the share id, as OpenSharedResource's handles. */
HRESULT STDMETHODCALLTYPE d11_dev1_OpenSharedResource1(ID3D11Device1 *iface, HANDLE handle,
                                                       REFIID riid, void **out)
{
    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    return open_nt(iface, handle, riid, out);
}

/* A texture by the name CreateSharedHandle gave its share (the access
 * rights are not kept: every opener may read and write). */
HRESULT STDMETHODCALLTYPE d11_dev1_OpenSharedResourceByName(ID3D11Device1 *iface, LPCWSTR name,
                                                            DWORD access, REFIID riid, void **out)
{
    struct d11_device *dev = d11_device_from((ID3D11Device *)iface);
    struct wire_find_share fs = {0};
    struct wire_reply reply;
    HRESULT hr = S_OK;
    (void)access;

    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if (!name || !(fs.length = share_name_length(name)))
        return E_INVALIDARG;
    memcpy(fs.name, name, fs.length * sizeof(*fs.name));
    pthread_mutex_lock(&dev->lock);
    if (dev->tc->lost || !wire_emit_FIND_SHARE(&dev->tc->w, &fs) ||
        !transport_wait_reply(dev->tc, &reply))
        hr = DXGI_ERROR_DEVICE_REMOVED;
    else if (reply.status != WIRE_OK || reply.values[1] != WIRE_OBJ_TEXTURE)
        hr = E_INVALIDARG; /* no such name, or a fence's */
    pthread_mutex_unlock(&dev->lock);
    if (FAILED(hr))
        return hr;
    return open_nt(iface, (HANDLE)(uintptr_t)reply.values[0], riid, out);
}
