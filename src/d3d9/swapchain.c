/* IDirect3DSwapChain9: the implicit swap chain and additional ones.
 * Headless: Present hands the back buffer to the server, which keeps it (and
 * dumps it as a PNG when NEREID_DUMP names a folder). */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <stdlib.h>

static inline struct d3d9_swapchain *impl(IDirect3DSwapChain9 *iface)
{
    return (struct d3d9_swapchain *)iface;
}

static HRESULT WINAPI swapchain_QueryInterface(IDirect3DSwapChain9 *iface,
                                               REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IDirect3DSwapChain9) || IsEqualGUID(riid, &IID_IUnknown) ||
        (IsEqualGUID(riid, &IID_IDirect3DSwapChain9Ex) && impl(iface)->device->d3d->ex)) {
        IDirect3DSwapChain9_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static void swapchain_free(struct d3d9_swapchain *sc);
void d3d9_swapchain_release_buffers(struct d3d9_swapchain *sc);

/* The implicit swap chain starts at 0 and holds a device reference only
 * while the application holds it; it is freed with the device.  An
 * additional one starts at 1, holds a device reference throughout and is
 * freed at its last Release. */
static ULONG WINAPI swapchain_AddRef(IDirect3DSwapChain9 *iface)
{
    struct d3d9_swapchain *sc = impl(iface);
    LONG ref = __atomic_add_fetch(&sc->refcount, 1, __ATOMIC_SEQ_CST);
    if (ref == 1 && sc->implicit)
        d3d9_device_addref(sc->device);
    return (ULONG)ref;
}

static ULONG WINAPI swapchain_Release(IDirect3DSwapChain9 *iface)
{
    struct d3d9_swapchain *sc = impl(iface);
    struct d3d9_device *dev = sc->device;
    LONG ref;
    /* The implicit chain at 0 stays at 0 (Wine's device test_refcount). */
    if (sc->implicit && !__atomic_load_n(&sc->refcount, __ATOMIC_SEQ_CST))
        return 0;
    ref = __atomic_sub_fetch(&sc->refcount, 1, __ATOMIC_SEQ_CST);
    if (ref)
        return (ULONG)ref;
    if (!sc->implicit) {
        dev->default_objects--;
        swapchain_free(sc);
    }
    d3d9_device_release(dev);
    return 0;
}

struct d3d9_surface *d3d9_swapchain_front(struct d3d9_swapchain *sc)
{
    return sc->front ? sc->front : sc->resolved ? sc->resolved : sc->back_buffer;
}

/* FLIP: the picture just presented becomes the front buffer, and each back
 * buffer takes the texture of the one behind it (the last takes the old
 * front buffer's).  The surfaces keep their identity, as in D3D9; a bound
 * one gets its new texture at the next draw. */
static void swapchain_rotate(struct d3d9_swapchain *sc)
{
    struct d3d9_device *dev = sc->device;
    uint32_t n = sc->pp.BackBufferCount;
    wire_handle presented = sc->buffers[0]->texture;

    for (uint32_t i = 0; i + 1 < n; i++)
        sc->buffers[i]->texture = sc->buffers[i + 1]->texture;
    sc->buffers[n - 1]->texture = sc->front->texture;
    sc->front->texture = presented;
    for (uint32_t i = 0; i < NR_ARRAY_SIZE(dev->render_targets); i++)
        for (uint32_t j = 0; j < n; j++)
            if (dev->render_targets[i] == sc->buffers[j])
                dev->dirty |= D3D9_DIRTY_TARGETS;
}

static void rect_to_wire(const RECT *r, int32_t out[4])
{
    const LONG v[4] = {r->left, r->top, r->right, r->bottom};
    for (int i = 0; i < 4; i++)
        out[i] = v[i] < -WIRE_PRESENT_MAX_COORD ? -WIRE_PRESENT_MAX_COORD
                 : v[i] > WIRE_PRESENT_MAX_COORD ? WIRE_PRESENT_MAX_COORD
                                                 : (int32_t)v[i];
}

HRESULT d3d9_swapchain_present(struct d3d9_swapchain *sc, const RECT *src, const RECT *dst,
                               HWND window, DWORD flags)
{
    struct d3d9_device *dev = sc->device;
    struct transport_client *tc = dev->tc;
    struct wire_present p;

    /* Lost: the session is gone, or a fullscreen device was deactivated
     * (window.c). */
    if (tc->lost || dev->window_state.focus_lost)
        return D3DERR_DEVICELOST;
    if (sc->resolved) {
        struct d3d9_surface *bb = sc->back_buffer;
        struct wire_blit b = {
            {bb->texture, 0, 0}, {0, 0, (int32_t)bb->desc.Width, (int32_t)bb->desc.Height},
            {sc->resolved->texture, 0, 0},
            {0, 0, (int32_t)bb->desc.Width, (int32_t)bb->desc.Height},
            WIRE_FILTER_NEAREST, 0};
        if (!wire_emit_BLIT(&tc->w, &b))
            return D3DERR_DEVICELOST;
    }
    p = (struct wire_present){(sc->resolved ? sc->resolved : sc->back_buffer)->texture,
                              ++sc->frames};
    /* D3DPRESENT_DONOTWAIT and D3DPRESENT_LINEAR_CONTENT change nothing
     * here: a present never finds the GPU too busy to queue it. */
    (void)flags;
    /* The window: hDestWindowOverride, or the swap chain's.  None (or none
     * the server can reach): headless. */
    if (nr_window_target(window ? window : sc->pp.hDeviceWindow, &p)) {
        if (sc->pp.PresentationInterval != D3DPRESENT_INTERVAL_IMMEDIATE)
            p.flags |= WIRE_PRESENT_VSYNC;
        /* D3DSWAPEFFECT_COPY defines the window outside the destination
         * rectangle: what was there.  The others leave it undefined. */
        if (sc->pp.SwapEffect == D3DSWAPEFFECT_COPY)
            p.flags |= WIRE_PRESENT_KEEP;
        if (src) {
            p.flags |= WIRE_PRESENT_SRC_RECT;
            rect_to_wire(src, p.src);
        }
        if (dst) {
            p.flags |= WIRE_PRESENT_DST_RECT;
            rect_to_wire(dst, p.dst);
        }
        if (dev->fullscreen && !sc->pp.Windowed && !dev->gamma_identity) {
            if (dev->gamma_sent != dev->session + 1) {
                struct wire_set_gamma g;
                memcpy(g.ramp, dev->gamma.red, 512);
                memcpy(g.ramp + 256, dev->gamma.green, 512);
                memcpy(g.ramp + 512, dev->gamma.blue, 512);
                if (!wire_emit_SET_GAMMA(&tc->w, &g))
                    return D3DERR_DEVICELOST;
                dev->gamma_sent = dev->session + 1;
            }
            p.flags |= WIRE_PRESENT_GAMMA;
        }
    }
    if (!wire_emit_PRESENT(&tc->w, &p) || !transport_present_wait(tc))
        return D3DERR_DEVICELOST;
    if (sc->front)
        swapchain_rotate(sc);
    return D3D_OK;
}

static HRESULT WINAPI swapchain_Present(IDirect3DSwapChain9 *iface, const RECT *src,
                                        const RECT *dst, HWND wnd,
                                        const RGNDATA *dirty, DWORD flags)
{
    (void)dirty; /* a hint: the whole rectangle is copied */
    return d3d9_swapchain_present(impl(iface), src, dst, wnd, flags);
}

static HRESULT WINAPI swapchain_GetFrontBufferData(IDirect3DSwapChain9 *iface,
                                                   IDirect3DSurface9 *dst)
{
    return d3d9_swapchain_get_front_buffer_data(impl(iface), dst);
}

static HRESULT WINAPI swapchain_GetBackBuffer(IDirect3DSwapChain9 *iface, UINT index,
                                              D3DBACKBUFFER_TYPE type,
                                              IDirect3DSurface9 **out)
{
    struct d3d9_swapchain *sc = impl(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    /* The type is ignored, as the runtime does (LEFT and RIGHT give the
     * mono back buffer; Wine's device tests check it on Windows). */
    (void)type;
    if (index >= sc->pp.BackBufferCount)
        return D3DERR_INVALIDCALL;
    *out = &sc->buffers[index]->IDirect3DSurface9_iface;
    IDirect3DSurface9_AddRef(*out);
    return D3D_OK;
}

static HRESULT WINAPI swapchain_GetRasterStatus(IDirect3DSwapChain9 *iface,
                                                D3DRASTER_STATUS *status)
{
    (void)iface; (void)status;
    return D3DERR_INVALIDCALL; /* D3DCAPS_READ_SCANLINE is not set */
}

static HRESULT WINAPI swapchain_GetDisplayMode(IDirect3DSwapChain9 *iface,
                                               D3DDISPLAYMODE *mode)
{
    struct d3d9_swapchain *sc = impl(iface);
    return IDirect3DDevice9_GetDisplayMode(&sc->device->IDirect3DDevice9_iface, 0, mode);
}

static HRESULT WINAPI swapchain_GetDevice(IDirect3DSwapChain9 *iface,
                                          IDirect3DDevice9 **out)
{
    struct d3d9_swapchain *sc = impl(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = &sc->device->IDirect3DDevice9_iface;
    IDirect3DDevice9_AddRef(*out);
    return D3D_OK;
}

static HRESULT WINAPI swapchain_GetPresentParameters(IDirect3DSwapChain9 *iface,
                                                     D3DPRESENT_PARAMETERS *pp)
{
    if (!pp)
        return D3DERR_INVALIDCALL;
    *pp = impl(iface)->pp;
    return D3D_OK;
}

const IDirect3DSwapChain9Vtbl d3d9_swapchain_plain_vtbl = {
    swapchain_QueryInterface, swapchain_AddRef, swapchain_Release,
    swapchain_Present, swapchain_GetFrontBufferData, swapchain_GetBackBuffer,
    swapchain_GetRasterStatus, swapchain_GetDisplayMode, swapchain_GetDevice,
    swapchain_GetPresentParameters,
};

HRESULT d3d9_swapchain_create(struct d3d9_device *dev,
                              const D3DPRESENT_PARAMETERS *pp, bool implicit,
                              struct d3d9_swapchain **out)
{
    struct d3d9_swapchain *sc = calloc(1, sizeof(*sc));
    IUnknown *container;
    HRESULT hr = D3D_OK;

    if (!sc)
        return E_OUTOFMEMORY;
    sc->IDirect3DSwapChain9_iface.lpVtbl =
        (const IDirect3DSwapChain9Vtbl *)&d3d9_swapchain_ex_vtbl;
    sc->device = dev;
    sc->implicit = implicit;
    sc->refcount = implicit ? 0 : 1;
    sc->pp = *pp;
    container = (IUnknown *)&sc->IDirect3DSwapChain9_iface;
    for (uint32_t i = 0; i < pp->BackBufferCount && SUCCEEDED(hr); i++) {
        hr = d3d9_surface_create_ms(dev, pp->BackBufferWidth, pp->BackBufferHeight,
                                    pp->BackBufferFormat, D3DUSAGE_RENDERTARGET,
                                    pp->MultiSampleType, pp->MultiSampleQuality, true,
                                    container, &sc->buffers[i]);
        if (SUCCEEDED(hr))
            sc->buffers[i]->lockable =
                (pp->Flags & D3DPRESENTFLAG_LOCKABLE_BACKBUFFER) != 0;
    }
    sc->back_buffer = sc->buffers[0];
    /* A multisampled back buffer is resolved into a single-sampled one at
     * Present, which the server presents (and GetFrontBufferData reads). */
    if (SUCCEEDED(hr) && sc->back_buffer->samples > 1)
        hr = d3d9_surface_create(dev, pp->BackBufferWidth, pp->BackBufferHeight,
                                 pp->BackBufferFormat, D3DUSAGE_RENDERTARGET,
                                 D3DPOOL_DEFAULT, true, container, &sc->resolved);
    /* Flip rotates; so does discard with several back buffers (Wine's
     * visual test_flip pins it on Windows). */
    else if (SUCCEEDED(hr) && (pp->SwapEffect == D3DSWAPEFFECT_FLIP ||
                               pp->SwapEffect == D3DSWAPEFFECT_FLIPEX ||
                               (pp->SwapEffect == D3DSWAPEFFECT_DISCARD &&
                                pp->BackBufferCount > 1)))
        hr = d3d9_surface_create(dev, pp->BackBufferWidth, pp->BackBufferHeight,
                                 pp->BackBufferFormat, D3DUSAGE_RENDERTARGET,
                                 D3DPOOL_DEFAULT, true, container, &sc->front);
    if (FAILED(hr)) {
        d3d9_swapchain_destroy(sc);
        return hr;
    }
    if (!implicit) {
        d3d9_device_addref(dev);
        dev->default_objects++; /* Reset needs it released */
    }
    *out = sc;
    return D3D_OK;
}

void d3d9_swapchain_destroy(struct d3d9_swapchain *sc)
{
    for (uint32_t i = 0; i < D3D9EX_MAX_BACK_BUFFERS; i++)
        if (sc->buffers[i])
            d3d9_surface_destroy(sc->buffers[i]);
    if (sc->resolved)
        d3d9_surface_destroy(sc->resolved);
    if (sc->front)
        d3d9_surface_destroy(sc->front);
    free(sc);
}

/* An additional swap chain's last Release.  A back buffer the application
 * still holds, or that is still a render target, outlives the chain as a
 * surface of the device's (as in D3D9, where a surface holds its own
 * resource): it is freed at its own last Release or unbinding. */
void d3d9_surface_outlive_container(struct d3d9_surface *s)
{
    LONG ref = __atomic_load_n(&s->refcount, __ATOMIC_SEQ_CST);
    s->implicit = false;
    s->container = NULL;
    if (ref)
        s->device->default_objects++; /* its Release counts it out */
}

static void swapchain_free(struct d3d9_swapchain *sc)
{
    d3d9_swapchain_release_buffers(sc);
    d3d9_swapchain_destroy(sc);
}

void d3d9_swapchain_release_buffers(struct d3d9_swapchain *sc)
{
    for (uint32_t i = 0; i < D3D9EX_MAX_BACK_BUFFERS; i++) {
        struct d3d9_surface *s = sc->buffers[i];
        if (!s)
            continue;
        if (!__atomic_load_n(&s->refcount, __ATOMIC_SEQ_CST) && !s->binds)
            continue; /* freed with the chain */
        d3d9_surface_outlive_container(s);
        sc->buffers[i] = NULL;
    }
}
