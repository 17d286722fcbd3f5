/* nereid Direct3D 11.2 to 11.4: what ID3D11Device2..5 and
 * ID3D11DeviceContext2..4 add to the device's and the immediate context's
 * vtables (d3d11_private.h), ID3D11Fence and ID3D11Multithread.
 *
 * A fence is a server object (wire.h, CREATE_FENCE): a timeline
 * semaphore the server's contexts signal and wait for on the GPU.
 * Signal and Wait travel in the context's records like any command;
 * GetCompletedValue and SetEventOnCompletion ask the server (FENCE_VALUE).
 * A shared fence is named by the server's share id, which any client of
 * the same server opens (OpenSharedFence), in this process or another.
 * Tiled resources, the "1" textures, views, rasterizer states and
 * queries of ID3D11Device3, and the device-removed event are not made
 * (E_NOTIMPL / E_INVALIDARG: docs/STATUS.md). */
#include "d3d11/d3d11_private.h"
#include "d3d11/d3d11_child.h"

#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#endif

static struct d11_context *ctx4(ID3D11DeviceContext4 *iface)
{
    return D11_IMPL((ID3D11DeviceContext *)iface, struct d11_context, iface);
}

static struct d11_device *dev5(ID3D11Device5 *iface)
{
    return d11_device_from((ID3D11Device *)iface);
}


/* ----------------------------------------------------------------- fences */

struct d11_fence_wait {
    uint64_t value;
    HANDLE event;
};

struct d11_fence {
    ID3D11Fence iface;
    struct d11_child c;
    wire_handle handle;
    bool shareable;
    uint32_t share; /* the server's share id, once asked for */
    /* Events to set (SetEventOnCompletion), under lock; a thread of the
     * fence's own polls the server for them while there are any. */
    pthread_mutex_t lock;
    struct d11_fence_wait *waits;
    size_t wait_count, wait_cap;
    bool waiter_running, stopping;
    pthread_t waiter;
};

D11_CHILD_METHODS(fence, ID3D11Fence, struct d11_fence, iface)
D11_CHILD_QI(fence, ID3D11Fence, &IID_ID3D11Fence, NULL, NULL)

/* The fence's value as the server reads it once it reached `wait` or
 * timeout_ms passed (0: at once); UINT64_MAX when the device is lost, as
 * D3D answers for a removed device. */
static uint64_t fence_query(struct d11_fence *f, uint64_t wait, uint32_t timeout_ms)
{
    struct d11_device *dev = f->c.dev;
    struct wire_fence_value q = {f->handle, wait, timeout_ms, 0};
    struct wire_reply reply;
    uint64_t v = UINT64_MAX;
    pthread_mutex_lock(&dev->lock);
    if (!dev->tc->lost && wire_emit_FENCE_VALUE(&dev->tc->w, &q) &&
        transport_wait_reply(dev->tc, &reply) && reply.status == WIRE_OK)
        v = reply.values[0];
    pthread_mutex_unlock(&dev->lock);
    return v;
}

static void fence_destroy(struct d11_fence *f)
{
    pthread_mutex_lock(&f->lock);
    f->stopping = true;
    bool joined = f->waiter_running;
    pthread_mutex_unlock(&f->lock);
    if (joined)
        pthread_join(f->waiter, NULL);
    d11_destroy_object(f->c.dev, WIRE_OBJ_FENCE, f->handle);
    pthread_mutex_destroy(&f->lock);
    free(f->waits);
    free(f);
}

static HRESULT STDMETHODCALLTYPE fence_CreateSharedHandle(ID3D11Fence *iface,
                                                          const SECURITY_ATTRIBUTES *attr,
                                                          DWORD access, LPCWSTR name,
                                                          HANDLE *out)
{
    struct d11_fence *f = fence_impl(iface);
    struct d11_device *dev = f->c.dev;
    struct wire_share_fence sf = {f->handle, 0};
    struct wire_reply reply;
    HRESULT hr = S_OK;
    (void)attr, (void)access;

    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if (!f->shareable)
        return E_INVALIDARG; /* made without D3D11_FENCE_FLAG_SHARED */
    pthread_mutex_lock(&dev->lock);
    if (!f->share) {
        if (dev->tc->lost || !wire_emit_SHARE_FENCE(&dev->tc->w, &sf) ||
            !transport_wait_reply(dev->tc, &reply) || reply.status != WIRE_OK)
            hr = DXGI_ERROR_DEVICE_REMOVED;
        else
            f->share = (uint32_t)reply.values[0];
    }
    /* A name goes in the server's namespace of shares, textures' too (no
     * D3D11 call opens a fence by name; D3D12's would). */
    if (SUCCEEDED(hr) && name)
        hr = d11_share_name(dev, WIRE_OBJ_FENCE, f->handle, name);
    pthread_mutex_unlock(&dev->lock);
    if (SUCCEEDED(hr))
        *out = (HANDLE)(uintptr_t)f->share;
    return hr;
}

static UINT64 STDMETHODCALLTYPE fence_GetCompletedValue(ID3D11Fence *iface)
{
    return fence_query(fence_impl(iface), 0, 0);
}

#ifdef _WIN32
/* Polls the server for the lowest value waited for; sets the events whose
 * values were reached; ends when none is left (or the fence goes). */
static void *fence_waiter(void *arg)
{
    struct d11_fence *f = arg;
    unsigned pause = 1;
    for (;;) {
        uint64_t low = UINT64_MAX, v;
        pthread_mutex_lock(&f->lock);
        if (f->stopping || !f->wait_count) {
            f->waiter_running = f->stopping; /* joined by fence_destroy */
            if (!f->stopping)
                pthread_detach(pthread_self());
            pthread_mutex_unlock(&f->lock);
            return NULL;
        }
        for (size_t i = 0; i < f->wait_count; i++)
            low = NR_MIN(low, f->waits[i].value);
        pthread_mutex_unlock(&f->lock);
        v = fence_query(f, low, 0);
        pthread_mutex_lock(&f->lock);
        for (size_t i = 0; i < f->wait_count;) {
            if (f->waits[i].value <= v) {
                SetEvent(f->waits[i].event);
                f->waits[i] = f->waits[--f->wait_count];
            } else {
                i++;
            }
        }
        pthread_mutex_unlock(&f->lock);
        if (v < low) {
            Sleep(pause);
            pause = NR_MIN(pause * 2, 4u);
        } else {
            pause = 1;
        }
    }
}
#endif

/* Blocks (event NULL) until the value is reached; with an event, sets it
 * then.  Natively there are no events to set: E_NOTIMPL. */
static HRESULT fence_on_completion(struct d11_fence *f, uint64_t value, HANDLE event)
{
    uint64_t v;
    if (!event) {
        /* Slices of 50 ms, the device's lock let go between them. */
        while ((v = fence_query(f, value, 50)) < value)
            ;
        return v == UINT64_MAX && f->c.dev->tc->lost ? DXGI_ERROR_DEVICE_REMOVED : S_OK;
    }
#ifdef _WIN32
    if ((v = fence_query(f, value, 0)) >= value) {
        SetEvent(event);
        return S_OK;
    }
    pthread_mutex_lock(&f->lock);
    if (!nr_array_reserve((void **)&f->waits, &f->wait_cap, f->wait_count + 1,
                          sizeof(*f->waits))) {
        pthread_mutex_unlock(&f->lock);
        return E_OUTOFMEMORY;
    }
    f->waits[f->wait_count++] = (struct d11_fence_wait){value, event};
    if (!f->waiter_running) {
        if (pthread_create(&f->waiter, NULL, fence_waiter, f)) {
            f->wait_count--;
            pthread_mutex_unlock(&f->lock);
            return E_OUTOFMEMORY;
        }
        f->waiter_running = true;
    }
    pthread_mutex_unlock(&f->lock);
    return S_OK;
#else
    (void)v;
    return E_NOTIMPL;
#endif
}

static HRESULT STDMETHODCALLTYPE fence_SetEventOnCompletion(ID3D11Fence *iface, UINT64 value,
                                                            HANDLE event)
{
    return fence_on_completion(fence_impl(iface), value, event);
}

static const ID3D11FenceVtbl fence_vtbl = {
    fence_QueryInterface,      fence_AddRef,           fence_Release,
    fence_GetDevice,           fence_GetPrivateData,   fence_SetPrivateData,
    fence_SetPrivateDataInterface,
    fence_CreateSharedHandle,  fence_GetCompletedValue, fence_SetEventOnCompletion,
};

static struct d11_fence *fence_from(ID3D11Fence *iface)
{
    return iface && iface->lpVtbl == &fence_vtbl ? fence_impl(iface) : NULL;
}

/* A fence made on the server (share 0: a new one at `initial`; else the
 * fence of that share id, opened), not yet anyone's child: the device's
 * flush fence stays so, holding no reference on its device. */
static HRESULT fence_make(struct d11_device *dev, uint64_t initial, uint32_t share,
                          struct d11_fence **out)
{
    struct d11_fence *f = calloc(1, sizeof(*f));
    wire_handle h;
    struct wire_reply reply;
    HRESULT hr = S_OK;

    if (!f)
        return E_OUTOFMEMORY;
    f->iface.lpVtbl = &fence_vtbl;
    f->c.dev = dev;
    pthread_mutex_init(&f->lock, NULL);
    pthread_mutex_lock(&dev->lock);
    h = d11_handle_alloc(dev, WIRE_OBJ_FENCE);
    if (wire_handle_is_null(h)) {
        hr = E_OUTOFMEMORY;
    } else if (!share) {
        struct wire_create_fence cf = {h, initial};
        if (dev->tc->lost || !wire_emit_CREATE_FENCE(&dev->tc->w, &cf))
            hr = DXGI_ERROR_DEVICE_REMOVED;
    } else {
        struct wire_open_shared_fence os = {h, share, 0};
        if (dev->tc->lost || !wire_emit_OPEN_SHARED_FENCE(&dev->tc->w, &os) ||
            !transport_wait_reply(dev->tc, &reply))
            hr = DXGI_ERROR_DEVICE_REMOVED;
        else if (reply.status != WIRE_OK)
            hr = E_INVALIDARG; /* not a fence share of this server's */
    }
    /* A handle the server never made: only its slot goes. */
    if (FAILED(hr) && !wire_handle_is_null(h))
        wire_handle_pool_free(&dev->handles[WIRE_OBJ_FENCE], h);
    pthread_mutex_unlock(&dev->lock);
    if (FAILED(hr)) {
        pthread_mutex_destroy(&f->lock);
        free(f);
        return hr;
    }
    f->handle = h;
    f->share = share;
    f->shareable = share != 0;
    *out = f;
    return S_OK;
}

/* The fence's interface asked for (ID3D11Fence, ID3D11DeviceChild or
 * IUnknown), the creation's reference handed on. */
static HRESULT fence_hand_out(struct d11_fence *f, REFIID riid, void **out)
{
    HRESULT hr = fence_QueryInterface(&f->iface, riid, out);
    fence_Release(&f->iface);
    return hr;
}

HRESULT STDMETHODCALLTYPE d11_dev5_CreateFence(ID3D11Device5 *iface, UINT64 initial,
                                               D3D11_FENCE_FLAG flags, REFIID riid, void **out)
{
    struct d11_device *dev = dev5(iface);
    struct d11_fence *f;
    HRESULT hr;
    /* mingw-w64's headers give D3D11_FENCE_FLAG_NONE the value 1. */
    const UINT known = 0x1 | D3D11_FENCE_FLAG_SHARED | D3D11_FENCE_FLAG_SHARED_CROSS_ADAPTER |
                       D3D11_FENCE_FLAG_NON_MONITORED;

    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if ((UINT)flags & ~known)
        return E_INVALIDARG;
    if (FAILED(hr = fence_make(dev, initial, 0, &f)))
        return hr;
    /* One adapter: a fence shared across adapters is a shared one. */
    f->shareable = (flags & (D3D11_FENCE_FLAG_SHARED | D3D11_FENCE_FLAG_SHARED_CROSS_ADAPTER)) != 0;
    d11_child_init(&f->c, dev, fence_destroy_child);
    return fence_hand_out(f, riid, out);
}

HRESULT STDMETHODCALLTYPE d11_dev5_OpenSharedFence(ID3D11Device5 *iface, HANDLE h, REFIID riid,
                                                   void **out)
{
    struct d11_device *dev = dev5(iface);
    uintptr_t id = (uintptr_t)h;
    struct d11_fence *f;
    HRESULT hr;

    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if (!id || id > UINT32_MAX)
        return E_INVALIDARG;
    if (FAILED(hr = fence_make(dev, 0, (uint32_t)id, &f)))
        return hr;
    d11_child_init(&f->c, dev, fence_destroy_child);
    return fence_hand_out(f, riid, out);
}

/* --------------------------------------------- ID3D11DeviceContext2 to 4 */

HRESULT STDMETHODCALLTYPE d11_ctx4_Signal(ID3D11DeviceContext4 *iface, ID3D11Fence *fence,
                                          UINT64 value)
{
    struct d11_context *ctx = ctx4(iface);
    struct d11_fence *f = fence_from(fence);
    struct wire_fence_signal s;
    HRESULT hr = S_OK;
    if (!f)
        return E_INVALIDARG;
    s = (struct wire_fence_signal){f->handle, value};
    pthread_mutex_lock(&ctx->dev->lock);
    if (ctx->dev->tc->lost || !wire_emit_FENCE_SIGNAL(&ctx->dev->tc->w, &s))
        hr = DXGI_ERROR_DEVICE_REMOVED;
    else
        (void)transport_flush(ctx->dev->tc); /* the signal is work for the GPU now */
    pthread_mutex_unlock(&ctx->dev->lock);
    return hr;
}

HRESULT STDMETHODCALLTYPE d11_ctx4_Wait(ID3D11DeviceContext4 *iface, ID3D11Fence *fence,
                                        UINT64 value)
{
    struct d11_context *ctx = ctx4(iface);
    struct d11_fence *f = fence_from(fence);
    struct wire_fence_signal w;
    HRESULT hr = S_OK;
    if (!f)
        return E_INVALIDARG;
    w = (struct wire_fence_signal){f->handle, value};
    pthread_mutex_lock(&ctx->dev->lock);
    if (ctx->dev->tc->lost || !wire_emit_FENCE_WAIT(&ctx->dev->tc->w, &w))
        hr = DXGI_ERROR_DEVICE_REMOVED;
    pthread_mutex_unlock(&ctx->dev->lock);
    return hr;
}

/* Flush, and with an event, sets it once the work flushed is done (an
 * internal fence of the device's, signalled after it). */
void STDMETHODCALLTYPE d11_ctx4_Flush1(ID3D11DeviceContext4 *iface, D3D11_CONTEXT_TYPE type,
                                       HANDLE event)
{
    struct d11_context *ctx = ctx4(iface);
    struct d11_device *dev = ctx->dev;
    (void)type; /* one queue: every type of work is the same work */
    ID3D11DeviceContext_Flush((ID3D11DeviceContext *)iface);
    if (!event)
        return;
#ifdef _WIN32
    pthread_mutex_lock(&dev->fence_lock);
    if (!dev->flush_fence && FAILED(fence_make(dev, 0, 0, &dev->flush_fence)))
        dev->flush_fence = NULL;
    struct d11_fence *f = dev->flush_fence;
    uint64_t value = ++dev->flush_value;
    pthread_mutex_unlock(&dev->fence_lock);
    if (f && SUCCEEDED(d11_ctx4_Signal(iface, &f->iface, value)))
        (void)fence_on_completion(f, value, event);
#else
    (void)dev;
#endif
}

/* The device's flush fence goes with the device (before its transport). */
void d11_device_release_fences(struct d11_device *dev)
{
    if (dev->flush_fence)
        fence_destroy(dev->flush_fence);
    dev->flush_fence = NULL;
}

void STDMETHODCALLTYPE d11_ctx4_SetHardwareProtectionState(ID3D11DeviceContext4 *iface,
                                                           BOOL enable)
{
    (void)iface, (void)enable; /* no protected content */
}

void STDMETHODCALLTYPE d11_ctx4_GetHardwareProtectionState(ID3D11DeviceContext4 *iface,
                                                           BOOL *enabled)
{
    (void)iface;
    if (enabled)
        *enabled = FALSE;
}

/* Tiled resources: none can be made, so no call names one. */
HRESULT STDMETHODCALLTYPE d11_ctx4_UpdateTileMappings(
    ID3D11DeviceContext4 *iface, ID3D11Resource *r, UINT n,
    const D3D11_TILED_RESOURCE_COORDINATE *coords, const D3D11_TILE_REGION_SIZE *sizes,
    ID3D11Buffer *pool, UINT ranges, const UINT *range_flags, const UINT *offsets,
    const UINT *counts, UINT flags)
{
    (void)iface, (void)r, (void)n, (void)coords, (void)sizes, (void)pool, (void)ranges;
    (void)range_flags, (void)offsets, (void)counts, (void)flags;
    return E_INVALIDARG;
}

HRESULT STDMETHODCALLTYPE d11_ctx4_CopyTileMappings(ID3D11DeviceContext4 *iface,
                                                    ID3D11Resource *dst,
                                                    const D3D11_TILED_RESOURCE_COORDINATE *dc,
                                                    ID3D11Resource *src,
                                                    const D3D11_TILED_RESOURCE_COORDINATE *sc,
                                                    const D3D11_TILE_REGION_SIZE *size,
                                                    UINT flags)
{
    (void)iface, (void)dst, (void)dc, (void)src, (void)sc, (void)size, (void)flags;
    return E_INVALIDARG;
}

void STDMETHODCALLTYPE d11_ctx4_CopyTiles(ID3D11DeviceContext4 *iface, ID3D11Resource *r,
                                          const D3D11_TILED_RESOURCE_COORDINATE *c,
                                          const D3D11_TILE_REGION_SIZE *size, ID3D11Buffer *b,
                                          UINT64 offset, UINT flags)
{
    (void)iface, (void)r, (void)c, (void)size, (void)b, (void)offset, (void)flags;
}

void STDMETHODCALLTYPE d11_ctx4_UpdateTiles(ID3D11DeviceContext4 *iface, ID3D11Resource *r,
                                            const D3D11_TILED_RESOURCE_COORDINATE *c,
                                            const D3D11_TILE_REGION_SIZE *size,
                                            const void *data, UINT flags)
{
    (void)iface, (void)r, (void)c, (void)size, (void)data, (void)flags;
}

HRESULT STDMETHODCALLTYPE d11_ctx4_ResizeTilePool(ID3D11DeviceContext4 *iface,
                                                  ID3D11Buffer *pool, UINT64 size)
{
    (void)iface, (void)pool, (void)size;
    return E_INVALIDARG;
}

void STDMETHODCALLTYPE d11_ctx4_TiledResourceBarrier(ID3D11DeviceContext4 *iface,
                                                     ID3D11DeviceChild *before,
                                                     ID3D11DeviceChild *after)
{
    (void)iface, (void)before, (void)after; /* work is ordered anyway */
}

/* No capture tool listens (as ID3DUserDefinedAnnotation answers). */
BOOL STDMETHODCALLTYPE d11_ctx4_IsAnnotationEnabled(ID3D11DeviceContext4 *iface)
{
    (void)iface;
    return FALSE;
}

void STDMETHODCALLTYPE d11_ctx4_SetMarkerInt(ID3D11DeviceContext4 *iface, LPCWSTR label, INT data)
{
    (void)iface, (void)label, (void)data;
}

void STDMETHODCALLTYPE d11_ctx4_BeginEventInt(ID3D11DeviceContext4 *iface, LPCWSTR label,
                                              INT data)
{
    (void)iface, (void)label, (void)data;
}

void STDMETHODCALLTYPE d11_ctx4_EndEvent(ID3D11DeviceContext4 *iface)
{
    (void)iface;
}

/* ------------------------------------------------------ ID3D11Device2 to 5 */

void STDMETHODCALLTYPE d11_dev5_GetImmediateContext2(ID3D11Device5 *iface,
                                                     ID3D11DeviceContext2 **out)
{
    ID3D11Device_GetImmediateContext((ID3D11Device *)iface, (ID3D11DeviceContext **)out);
}

HRESULT STDMETHODCALLTYPE d11_dev5_CreateDeferredContext2(ID3D11Device5 *iface, UINT flags,
                                                          ID3D11DeviceContext2 **out)
{
    return ID3D11Device_CreateDeferredContext((ID3D11Device *)iface, flags,
                                              (ID3D11DeviceContext **)out);
}

void STDMETHODCALLTYPE d11_dev5_GetResourceTiling(ID3D11Device5 *iface, ID3D11Resource *r,
                                                  UINT *tiles, D3D11_PACKED_MIP_DESC *mips,
                                                  D3D11_TILE_SHAPE *shape, UINT *count,
                                                  UINT first, D3D11_SUBRESOURCE_TILING *tilings)
{
    (void)iface, (void)r, (void)first, (void)tilings;
    /* Not a tiled resource (none is): no tiles. */
    if (tiles)
        *tiles = 0;
    if (mips)
        memset(mips, 0, sizeof(*mips));
    if (shape)
        memset(shape, 0, sizeof(*shape));
    if (count)
        *count = 0;
}

HRESULT STDMETHODCALLTYPE d11_dev5_CheckMultisampleQualityLevels1(ID3D11Device5 *iface,
                                                                  DXGI_FORMAT format, UINT samples,
                                                                  UINT flags, UINT *levels)
{
    if (!levels)
        return E_INVALIDARG;
    *levels = 0;
    if (flags & ~(UINT)D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE)
        return E_INVALIDARG;
    if (flags) /* no tiled resources */
        return S_OK;
    return ID3D11Device_CheckMultisampleQualityLevels((ID3D11Device *)iface, format, samples,
                                                      levels);
}

#define NOT_MADE(out)                                                                      \
    do {                                                                                   \
        if (out)                                                                           \
            *(out) = NULL;                                                                 \
        return E_NOTIMPL;                                                                  \
    } while (0)

/* D3D11.3's textures: the driver's layout (UNDEFINED) only, as a device
 * without D3D11_OPTIONS2's standard swizzle or mapped default textures
 * answers for the others (E_INVALIDARG); the object is the D3D11.0 one,
 * which answers ID3D11Texture2D1 / ID3D11Texture3D1 (GetDesc1). */
HRESULT STDMETHODCALLTYPE d11_dev5_CreateTexture2D1(ID3D11Device5 *iface,
                                                    const D3D11_TEXTURE2D_DESC1 *desc,
                                                    const D3D11_SUBRESOURCE_DATA *data,
                                                    ID3D11Texture2D1 **out)
{
    D3D11_TEXTURE2D_DESC d;
    if (out)
        *out = NULL;
    if (!desc || desc->TextureLayout != D3D11_TEXTURE_LAYOUT_UNDEFINED)
        return E_INVALIDARG;
    d = (D3D11_TEXTURE2D_DESC){desc->Width,     desc->Height,    desc->MipLevels,
                               desc->ArraySize, desc->Format,    desc->SampleDesc,
                               desc->Usage,     desc->BindFlags, desc->CPUAccessFlags,
                               desc->MiscFlags};
    return ID3D11Device_CreateTexture2D((ID3D11Device *)iface, &d, data,
                                        (ID3D11Texture2D **)out);
}

HRESULT STDMETHODCALLTYPE d11_dev5_CreateTexture3D1(ID3D11Device5 *iface,
                                                    const D3D11_TEXTURE3D_DESC1 *desc,
                                                    const D3D11_SUBRESOURCE_DATA *data,
                                                    ID3D11Texture3D1 **out)
{
    D3D11_TEXTURE3D_DESC d;
    if (out)
        *out = NULL;
    if (!desc || desc->TextureLayout != D3D11_TEXTURE_LAYOUT_UNDEFINED)
        return E_INVALIDARG;
    d = (D3D11_TEXTURE3D_DESC){desc->Width,     desc->Height,    desc->Depth,
                               desc->MipLevels, desc->Format,    desc->Usage,
                               desc->BindFlags, desc->CPUAccessFlags, desc->MiscFlags};
    return ID3D11Device_CreateTexture3D((ID3D11Device *)iface, &d, data,
                                        (ID3D11Texture3D **)out);
}

/* Conservative rasterization: none (D3D11_OPTIONS2's tier is
 * NOT_SUPPORTED: E_INVALIDARG for any other mode). */
HRESULT STDMETHODCALLTYPE d11_dev5_CreateRasterizerState2(ID3D11Device5 *iface,
                                                          const D3D11_RASTERIZER_DESC2 *desc,
                                                          ID3D11RasterizerState2 **out)
{
    D3D11_RASTERIZER_DESC1 d;
    if (out)
        *out = NULL;
    if (!desc || desc->ConservativeRaster != D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF)
        return E_INVALIDARG;
    d = (D3D11_RASTERIZER_DESC1){desc->FillMode,          desc->CullMode,
                                 desc->FrontCounterClockwise, desc->DepthBias,
                                 desc->DepthBiasClamp,    desc->SlopeScaledDepthBias,
                                 desc->DepthClipEnable,   desc->ScissorEnable,
                                 desc->MultisampleEnable, desc->AntialiasedLineEnable,
                                 desc->ForcedSampleCount};
    return ID3D11Device1_CreateRasterizerState1((ID3D11Device1 *)iface, &d,
                                                (ID3D11RasterizerState1 **)out);
}

/* D3D11.3's views: the D3D11.0 ones with a plane for 2D views, which is
 * 0 here (no planar format is offered): another plane is E_INVALIDARG.
 * The views answer their "1" interfaces (GetDesc1). */
void d11_srv_desc1(const D3D11_SHADER_RESOURCE_VIEW_DESC *d, D3D11_SHADER_RESOURCE_VIEW_DESC1 *d1)
{
    memset(d1, 0, sizeof(*d1));
    d1->Format = d->Format;
    d1->ViewDimension = d->ViewDimension;
    if (d->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2D)
        d1->Texture2D = (D3D11_TEX2D_SRV1){d->Texture2D.MostDetailedMip, d->Texture2D.MipLevels, 0};
    else if (d->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DARRAY)
        d1->Texture2DArray = (D3D11_TEX2D_ARRAY_SRV1){
            d->Texture2DArray.MostDetailedMip, d->Texture2DArray.MipLevels,
            d->Texture2DArray.FirstArraySlice, d->Texture2DArray.ArraySize, 0};
    else
        memcpy(&d1->Buffer, &d->Buffer, sizeof(*d) - offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, Buffer));
}

void d11_rtv_desc1(const D3D11_RENDER_TARGET_VIEW_DESC *d, D3D11_RENDER_TARGET_VIEW_DESC1 *d1)
{
    memset(d1, 0, sizeof(*d1));
    d1->Format = d->Format;
    d1->ViewDimension = d->ViewDimension;
    if (d->ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2D)
        d1->Texture2D = (D3D11_TEX2D_RTV1){d->Texture2D.MipSlice, 0};
    else if (d->ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY)
        d1->Texture2DArray = (D3D11_TEX2D_ARRAY_RTV1){d->Texture2DArray.MipSlice,
                                                      d->Texture2DArray.FirstArraySlice,
                                                      d->Texture2DArray.ArraySize, 0};
    else
        memcpy(&d1->Buffer, &d->Buffer, sizeof(*d) - offsetof(D3D11_RENDER_TARGET_VIEW_DESC, Buffer));
}

void d11_uav_desc1(const D3D11_UNORDERED_ACCESS_VIEW_DESC *d,
                   D3D11_UNORDERED_ACCESS_VIEW_DESC1 *d1)
{
    memset(d1, 0, sizeof(*d1));
    d1->Format = d->Format;
    d1->ViewDimension = d->ViewDimension;
    if (d->ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2D)
        d1->Texture2D = (D3D11_TEX2D_UAV1){d->Texture2D.MipSlice, 0};
    else if (d->ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2DARRAY)
        d1->Texture2DArray = (D3D11_TEX2D_ARRAY_UAV1){d->Texture2DArray.MipSlice,
                                                      d->Texture2DArray.FirstArraySlice,
                                                      d->Texture2DArray.ArraySize, 0};
    else
        memcpy(&d1->Buffer, &d->Buffer,
               sizeof(*d) - offsetof(D3D11_UNORDERED_ACCESS_VIEW_DESC, Buffer));
}

HRESULT STDMETHODCALLTYPE d11_dev5_CreateShaderResourceView1(
    ID3D11Device5 *iface, ID3D11Resource *r, const D3D11_SHADER_RESOURCE_VIEW_DESC1 *desc,
    ID3D11ShaderResourceView1 **out)
{
    D3D11_SHADER_RESOURCE_VIEW_DESC d;
    if (out)
        *out = NULL;
    if (desc) {
        memset(&d, 0, sizeof(d));
        d.Format = desc->Format;
        d.ViewDimension = desc->ViewDimension;
        if (desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2D) {
            if (desc->Texture2D.PlaneSlice)
                return E_INVALIDARG;
            d.Texture2D = (D3D11_TEX2D_SRV){desc->Texture2D.MostDetailedMip,
                                            desc->Texture2D.MipLevels};
        } else if (desc->ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DARRAY) {
            if (desc->Texture2DArray.PlaneSlice)
                return E_INVALIDARG;
            d.Texture2DArray = (D3D11_TEX2D_ARRAY_SRV){
                desc->Texture2DArray.MostDetailedMip, desc->Texture2DArray.MipLevels,
                desc->Texture2DArray.FirstArraySlice, desc->Texture2DArray.ArraySize};
        } else {
            memcpy(&d.Buffer, &desc->Buffer,
                   sizeof(d) - offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, Buffer));
        }
    }
    return ID3D11Device_CreateShaderResourceView((ID3D11Device *)iface, r, desc ? &d : NULL,
                                                 (ID3D11ShaderResourceView **)out);
}

HRESULT STDMETHODCALLTYPE d11_dev5_CreateUnorderedAccessView1(
    ID3D11Device5 *iface, ID3D11Resource *r, const D3D11_UNORDERED_ACCESS_VIEW_DESC1 *desc,
    ID3D11UnorderedAccessView1 **out)
{
    D3D11_UNORDERED_ACCESS_VIEW_DESC d;
    if (out)
        *out = NULL;
    if (desc) {
        memset(&d, 0, sizeof(d));
        d.Format = desc->Format;
        d.ViewDimension = desc->ViewDimension;
        if (desc->ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2D) {
            if (desc->Texture2D.PlaneSlice)
                return E_INVALIDARG;
            d.Texture2D = (D3D11_TEX2D_UAV){desc->Texture2D.MipSlice};
        } else if (desc->ViewDimension == D3D11_UAV_DIMENSION_TEXTURE2DARRAY) {
            if (desc->Texture2DArray.PlaneSlice)
                return E_INVALIDARG;
            d.Texture2DArray = (D3D11_TEX2D_ARRAY_UAV){desc->Texture2DArray.MipSlice,
                                                       desc->Texture2DArray.FirstArraySlice,
                                                       desc->Texture2DArray.ArraySize};
        } else {
            memcpy(&d.Buffer, &desc->Buffer,
                   sizeof(d) - offsetof(D3D11_UNORDERED_ACCESS_VIEW_DESC, Buffer));
        }
    }
    return ID3D11Device_CreateUnorderedAccessView((ID3D11Device *)iface, r, desc ? &d : NULL,
                                                  (ID3D11UnorderedAccessView **)out);
}

HRESULT STDMETHODCALLTYPE d11_dev5_CreateRenderTargetView1(
    ID3D11Device5 *iface, ID3D11Resource *r, const D3D11_RENDER_TARGET_VIEW_DESC1 *desc,
    ID3D11RenderTargetView1 **out)
{
    D3D11_RENDER_TARGET_VIEW_DESC d;
    if (out)
        *out = NULL;
    if (desc) {
        memset(&d, 0, sizeof(d));
        d.Format = desc->Format;
        d.ViewDimension = desc->ViewDimension;
        if (desc->ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2D) {
            if (desc->Texture2D.PlaneSlice)
                return E_INVALIDARG;
            d.Texture2D = (D3D11_TEX2D_RTV){desc->Texture2D.MipSlice};
        } else if (desc->ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY) {
            if (desc->Texture2DArray.PlaneSlice)
                return E_INVALIDARG;
            d.Texture2DArray = (D3D11_TEX2D_ARRAY_RTV){desc->Texture2DArray.MipSlice,
                                                       desc->Texture2DArray.FirstArraySlice,
                                                       desc->Texture2DArray.ArraySize};
        } else {
            memcpy(&d.Buffer, &desc->Buffer,
                   sizeof(d) - offsetof(D3D11_RENDER_TARGET_VIEW_DESC, Buffer));
        }
    }
    return ID3D11Device_CreateRenderTargetView((ID3D11Device *)iface, r, desc ? &d : NULL,
                                               (ID3D11RenderTargetView **)out);
}

HRESULT STDMETHODCALLTYPE d11_dev5_CreateQuery1(ID3D11Device5 *iface,
                                                const D3D11_QUERY_DESC1 *desc,
                                                ID3D11Query1 **out)
{
    return d11_query_create1(d11_device_from((ID3D11Device *)iface), desc, out);
}

void STDMETHODCALLTYPE d11_dev5_GetImmediateContext3(ID3D11Device5 *iface,
                                                     ID3D11DeviceContext3 **out)
{
    ID3D11Device_GetImmediateContext((ID3D11Device *)iface, (ID3D11DeviceContext **)out);
}

HRESULT STDMETHODCALLTYPE d11_dev5_CreateDeferredContext3(ID3D11Device5 *iface, UINT flags,
                                                          ID3D11DeviceContext3 **out)
{
    return ID3D11Device_CreateDeferredContext((ID3D11Device *)iface, flags,
                                              (ID3D11DeviceContext **)out);
}

/* Only textures of a CPU-accessible layout (CreateTexture2D1's
 * D3D11_TEXTURE_LAYOUT_ROW_MAJOR with DEFAULT usage) take these: none is
 * made. */
void STDMETHODCALLTYPE d11_dev5_WriteToSubresource(ID3D11Device5 *iface, ID3D11Resource *r,
                                                   UINT sub, const D3D11_BOX *box,
                                                   const void *data, UINT pitch, UINT depth_pitch)
{
    (void)iface, (void)r, (void)sub, (void)box, (void)data, (void)pitch, (void)depth_pitch;
}

void STDMETHODCALLTYPE d11_dev5_ReadFromSubresource(ID3D11Device5 *iface, void *data, UINT pitch,
                                                    UINT depth_pitch, ID3D11Resource *r, UINT sub,
                                                    const D3D11_BOX *box)
{
    (void)iface, (void)data, (void)pitch, (void)depth_pitch, (void)r, (void)sub, (void)box;
}

HRESULT STDMETHODCALLTYPE d11_dev5_RegisterDeviceRemovedEvent(ID3D11Device5 *iface,
                                                              HANDLE event, DWORD *cookie)
{
    (void)iface, (void)event;
    if (cookie)
        *cookie = 0;
    return E_NOTIMPL;
}

void STDMETHODCALLTYPE d11_dev5_UnregisterDeviceRemoved(ID3D11Device5 *iface, DWORD cookie)
{
    (void)iface, (void)cookie;
}

/* ------------------------------------------------------ ID3D11Multithread */

static struct d11_context *mt_ctx(ID3D11Multithread *iface)
{
    return D11_IMPL(iface, struct d11_context, multithread);
}

static HRESULT STDMETHODCALLTYPE mt_QueryInterface(ID3D11Multithread *iface, REFIID riid,
                                                   void **out)
{
    return ID3D11DeviceContext_QueryInterface(&mt_ctx(iface)->iface, riid, out);
}

static ULONG STDMETHODCALLTYPE mt_AddRef(ID3D11Multithread *iface)
{
    return ID3D11DeviceContext_AddRef(&mt_ctx(iface)->iface);
}

static ULONG STDMETHODCALLTYPE mt_Release(ID3D11Multithread *iface)
{
    return ID3D11DeviceContext_Release(&mt_ctx(iface)->iface);
}

/* The device is thread-safe whatever is set; Enter and Leave are the
 * application's own critical section of the device, as documented. */
static void STDMETHODCALLTYPE mt_Enter(ID3D11Multithread *iface)
{
    pthread_mutex_lock(&mt_ctx(iface)->dev->mt_lock);
}

static void STDMETHODCALLTYPE mt_Leave(ID3D11Multithread *iface)
{
    pthread_mutex_unlock(&mt_ctx(iface)->dev->mt_lock);
}

static BOOL STDMETHODCALLTYPE mt_SetMultithreadProtected(ID3D11Multithread *iface, BOOL on)
{
    struct d11_device *dev = mt_ctx(iface)->dev;
    return __atomic_exchange_n(&dev->mt_protected, on ? TRUE : FALSE, __ATOMIC_SEQ_CST);
}

static BOOL STDMETHODCALLTYPE mt_GetMultithreadProtected(ID3D11Multithread *iface)
{
    return __atomic_load_n(&mt_ctx(iface)->dev->mt_protected, __ATOMIC_SEQ_CST);
}

const ID3D11MultithreadVtbl d11_multithread_vtbl = {
    mt_QueryInterface, mt_AddRef, mt_Release, mt_Enter, mt_Leave,
    mt_SetMultithreadProtected, mt_GetMultithreadProtected,
};
