/* Direct3D 9Ex: IDirect3D9Ex, IDirect3DDevice9Ex, IDirect3DSwapChain9Ex.
 *
 * Every IDirect3D9, device and swap chain carries its Ex vtable: the plain
 * vtable (d3d9_main.c, device.c, swapchain.c) followed by the Ex methods
 * below, copied together once at load.  Only objects of Direct3DCreate9Ex
 * answer QueryInterface for the Ex interfaces (d3d->ex), as on Windows.
 *
 * What Ex changes elsewhere (where d3d->ex is read): no MANAGED pool;
 * Reset keeps DEFAULT-pool resources; TestCooperativeLevel answers D3D_OK
 * (CheckDeviceState says more); the FLIPEX swap effect (presented as FLIP). */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <pthread.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

union IDirect3D9ExVtbl_storage d3d9_ex_vtbl;
union IDirect3DDevice9ExVtbl_storage d3d9_device_ex_vtbl;
union IDirect3DSwapChain9ExVtbl_storage d3d9_swapchain_ex_vtbl;

static inline struct d3d9 *d3d_impl(IDirect3D9Ex *iface)
{
    return (struct d3d9 *)iface; /* IDirect3D9_iface is its first member */
}

static inline struct d3d9_device *dev_impl(IDirect3DDevice9Ex *iface)
{
    return impl_from_IDirect3DDevice9((IDirect3DDevice9 *)iface);
}

static inline IDirect3DDevice9 *plain(IDirect3DDevice9Ex *iface)
{
    return (IDirect3DDevice9 *)iface;
}

/* ------------------------------------------------------------ IDirect3D9Ex */

static bool filter_ok(const D3DDISPLAYMODEFILTER *f)
{
    return f && f->Size == sizeof(*f);
}

/* D3DSCANLINEORDERING_UNKNOWN in a filter matches every mode; ours are
 * progressive. */
static bool scanline_ok(D3DSCANLINEORDERING s)
{
    return s == D3DSCANLINEORDERING_UNKNOWN || s == D3DSCANLINEORDERING_PROGRESSIVE;
}

static UINT WINAPI d3d9ex_GetAdapterModeCountEx(IDirect3D9Ex *iface, UINT adapter,
                                                const D3DDISPLAYMODEFILTER *filter)
{
    if (!filter_ok(filter) || !scanline_ok(filter->ScanLineOrdering))
        return 0;
    return IDirect3D9_GetAdapterModeCount((IDirect3D9 *)iface, adapter, filter->Format);
}

static void mode_to_ex(const D3DDISPLAYMODE *m, D3DDISPLAYMODEEX *out)
{
    out->Width = m->Width;
    out->Height = m->Height;
    out->RefreshRate = m->RefreshRate;
    out->Format = m->Format;
    out->ScanLineOrdering = D3DSCANLINEORDERING_PROGRESSIVE;
}

static HRESULT WINAPI d3d9ex_EnumAdapterModesEx(IDirect3D9Ex *iface, UINT adapter,
                                                const D3DDISPLAYMODEFILTER *filter, UINT index,
                                                D3DDISPLAYMODEEX *out)
{
    D3DDISPLAYMODE m;
    HRESULT hr;

    if (!filter_ok(filter) || !out || out->Size != sizeof(*out) ||
        !scanline_ok(filter->ScanLineOrdering))
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = IDirect3D9_EnumAdapterModes((IDirect3D9 *)iface, adapter, filter->Format,
                                                index, &m)))
        return hr;
    mode_to_ex(&m, out);
    return D3D_OK;
}

static HRESULT WINAPI d3d9ex_GetAdapterDisplayModeEx(IDirect3D9Ex *iface, UINT adapter,
                                                     D3DDISPLAYMODEEX *out,
                                                     D3DDISPLAYROTATION *rotation)
{
    D3DDISPLAYMODE m;
    HRESULT hr;

    if (out && out->Size != sizeof(*out))
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = IDirect3D9_GetAdapterDisplayMode((IDirect3D9 *)iface, adapter, &m)))
        return hr;
    if (out)
        mode_to_ex(&m, out);
    if (rotation)
        *rotation = D3DDISPLAYROTATION_IDENTITY;
    return D3D_OK;
}

static HRESULT WINAPI d3d9ex_CreateDeviceEx(IDirect3D9Ex *iface, UINT adapter, D3DDEVTYPE type,
                                            HWND focus, DWORD flags, D3DPRESENT_PARAMETERS *pp,
                                            D3DDISPLAYMODEEX *mode, IDirect3DDevice9Ex **out)
{
    HRESULT hr;

    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    /* A mode exactly for fullscreen (D3D9Ex's rule). */
    if (!pp || !pp->Windowed == !mode)
        return D3DERR_INVALIDCALL;
    if (mode && (mode->Size != sizeof(*mode) || mode->Width != pp->BackBufferWidth ||
                 mode->Height != pp->BackBufferHeight))
        return D3DERR_INVALIDCALL;
    hr = IDirect3D9_CreateDevice((IDirect3D9 *)iface, adapter, type, focus, flags, pp,
                                 (IDirect3DDevice9 **)out);
    return hr;
}

static HRESULT WINAPI d3d9ex_GetAdapterLUID(IDirect3D9Ex *iface, UINT adapter, LUID *luid)
{
    struct d3d9 *d3d = d3d_impl(iface);
    uint64_t h;

    if (!luid || IDirect3D9_GetAdapterCount((IDirect3D9 *)iface) <= adapter)
        return D3DERR_INVALIDCALL;
    /* Stable for the adapter within the process, never 0. */
    h = nr_hash64(d3d->caps.device_name, strlen(d3d->caps.device_name), NR_HASH_SEED) | 1;
    luid->LowPart = (DWORD)h;
    luid->HighPart = (LONG)(h >> 32) & 0x7fffffff;
    return D3D_OK;
}

/* --------------------------------------------------------- IDirect3DDevice9Ex */

static HRESULT WINAPI dex_SetConvolutionMonoKernel(IDirect3DDevice9Ex *iface, UINT width,
                                                   UINT height, float *rows, float *columns)
{
    (void)iface, (void)width, (void)height, (void)rows, (void)columns;
    /* For D3DTEXF_CONVOLUTIONMONO, which the caps do not offer. */
    D3D9_STUB("IDirect3DDevice9Ex::SetConvolutionMonoKernel");
    return D3DERR_INVALIDCALL;
}

static HRESULT WINAPI dex_ComposeRects(IDirect3DDevice9Ex *iface, IDirect3DSurface9 *src,
                                       IDirect3DSurface9 *dst, IDirect3DVertexBuffer9 *descs,
                                       UINT count, IDirect3DVertexBuffer9 *offsets,
                                       D3DCOMPOSERECTSOP op, INT x, INT y)
{
    (void)iface, (void)src, (void)dst, (void)descs, (void)count, (void)offsets, (void)op;
    (void)x, (void)y;
    D3D9_STUB("IDirect3DDevice9Ex::ComposeRects");
    return D3DERR_INVALIDCALL;
}

static HRESULT WINAPI dex_PresentEx(IDirect3DDevice9Ex *iface, const RECT *src, const RECT *dst,
                                    HWND window, const RGNDATA *dirty, DWORD flags)
{
    struct d3d9_device *dev = dev_impl(iface);
    (void)dirty; /* a hint: the whole rectangle is copied */
    return d3d9_swapchain_present(dev->swapchain, src, dst, window, flags);
}

static HRESULT WINAPI dex_GetGPUThreadPriority(IDirect3DDevice9Ex *iface, INT *priority)
{
    if (!priority)
        return D3DERR_INVALIDCALL;
    *priority = dev_impl(iface)->gpu_thread_priority;
    return D3D_OK;
}

static HRESULT WINAPI dex_SetGPUThreadPriority(IDirect3DDevice9Ex *iface, INT priority)
{
    /* A scheduling hint between -7 and 7: kept and answered; the server
     * schedules contexts alike. */
    if (priority < -7 || priority > 7)
        return D3DERR_INVALIDCALL;
    dev_impl(iface)->gpu_thread_priority = priority;
    return D3D_OK;
}

static HRESULT WINAPI dex_WaitForVBlank(IDirect3DDevice9Ex *iface, UINT swapchain)
{
    struct timespec ts;
    uint64_t now, period = 1000000000ull / 60, wait;

    if (swapchain >= IDirect3DDevice9_GetNumberOfSwapChains(plain(iface)))
        return D3DERR_INVALIDCALL;
    /* The display's vertical blank is not known to the client: the next
     * 60 Hz tick of the monotonic clock stands for it. */
    clock_gettime(CLOCK_MONOTONIC, &ts);
    now = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
    wait = period - now % period;
    ts.tv_sec = (time_t)(wait / 1000000000ull);
    ts.tv_nsec = (long)(wait % 1000000000ull);
    nanosleep(&ts, NULL);
    return D3D_OK;
}

static HRESULT WINAPI dex_CheckResourceResidency(IDirect3DDevice9Ex *iface,
                                                 IDirect3DResource9 **resources, UINT32 count)
{
    (void)iface;
    if (count > 65535 || (count && !resources))
        return D3DERR_INVALIDCALL;
    return D3D_OK; /* nothing is ever evicted */
}

static HRESULT WINAPI dex_SetMaximumFrameLatency(IDirect3DDevice9Ex *iface, UINT latency)
{
    if (latency > 30)
        return D3DERR_INVALIDCALL;
    /* The client never runs more frames ahead than its present credits
     * (default 1), so every latency is honoured; 0 means the default, 3. */
    dev_impl(iface)->max_frame_latency = latency ? latency : 3;
    return D3D_OK;
}

static HRESULT WINAPI dex_GetMaximumFrameLatency(IDirect3DDevice9Ex *iface, UINT *latency)
{
    if (!latency)
        return D3DERR_INVALIDCALL;
    *latency = dev_impl(iface)->max_frame_latency;
    return D3D_OK;
}

static HRESULT WINAPI dex_CheckDeviceState(IDirect3DDevice9Ex *iface, HWND window)
{
    struct d3d9_device *dev = dev_impl(iface);
    (void)window;
    if (dev->tc->lost)
        return D3DERR_DEVICEREMOVED;
    return D3D_OK; /* windowed: never occluded by another device's fullscreen */
}

/* The Ex creators' usage names extra qualities (RESTRICTED_CONTENT, ...),
 * neither the kind nor DYNAMIC. */
static bool usage_refused(DWORD usage)
{
    return usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_DYNAMIC);
}

/* The Ex creators' usage shows in the surface's description. */
static HRESULT add_usage(HRESULT hr, IDirect3DSurface9 **out, DWORD usage)
{
    if (SUCCEEDED(hr) && out && *out)
        d3d9_surface_from_iface(*out)->desc.Usage |= usage;
    return hr;
}

static HRESULT WINAPI dex_CreateRenderTargetEx(IDirect3DDevice9Ex *iface, UINT w, UINT h,
                                               D3DFORMAT format, D3DMULTISAMPLE_TYPE ms,
                                               DWORD quality, BOOL lockable,
                                               IDirect3DSurface9 **out, HANDLE *shared,
                                               DWORD usage)
{
    HRESULT hr;
    /* A refusal leaves *out alone (Wine's d3d9ex tests, on Windows). */
    if (usage_refused(usage))
        return D3DERR_INVALIDCALL;
    hr = IDirect3DDevice9_CreateRenderTarget(plain(iface), w, h, format, ms, quality, lockable,
                                             out, shared);
    return add_usage(hr, out, usage);
}

static HRESULT WINAPI dex_CreateOffscreenPlainSurfaceEx(IDirect3DDevice9Ex *iface, UINT w,
                                                        UINT h, D3DFORMAT format, D3DPOOL pool,
                                                        IDirect3DSurface9 **out, HANDLE *shared,
                                                        DWORD usage)
{
    HRESULT hr;
    /* Unlike the target and depth creators, this one clears *out first
     * (Wine's d3d9ex test_format_unknown, on Windows). */
    if (out)
        *out = NULL;
    if (usage_refused(usage))
        return D3DERR_INVALIDCALL;
    hr = IDirect3DDevice9_CreateOffscreenPlainSurface(plain(iface), w, h, format, pool, out,
                                                      shared);
    return add_usage(hr, out, usage);
}

static HRESULT WINAPI dex_CreateDepthStencilSurfaceEx(IDirect3DDevice9Ex *iface, UINT w, UINT h,
                                                      D3DFORMAT format, D3DMULTISAMPLE_TYPE ms,
                                                      DWORD quality, BOOL discard,
                                                      IDirect3DSurface9 **out, HANDLE *shared,
                                                      DWORD usage)
{
    HRESULT hr;
    if (usage_refused(usage))
        return D3DERR_INVALIDCALL;
    hr = IDirect3DDevice9_CreateDepthStencilSurface(plain(iface), w, h, format, ms, quality,
                                                    discard, out, shared);
    return add_usage(hr, out, usage);
}

static HRESULT WINAPI dex_ResetEx(IDirect3DDevice9Ex *iface, D3DPRESENT_PARAMETERS *pp,
                                  D3DDISPLAYMODEEX *mode)
{
    if (!pp || !pp->Windowed == !mode)
        return D3DERR_INVALIDCALL;
    if (mode && (mode->Size != sizeof(*mode) || mode->Width != pp->BackBufferWidth ||
                 mode->Height != pp->BackBufferHeight))
        return D3DERR_INVALIDCALL;
    return IDirect3DDevice9_Reset(plain(iface), pp);
}

static HRESULT WINAPI dex_GetDisplayModeEx(IDirect3DDevice9Ex *iface, UINT swapchain,
                                           D3DDISPLAYMODEEX *mode, D3DDISPLAYROTATION *rotation)
{
    D3DDISPLAYMODE m;
    HRESULT hr;

    if (!mode || mode->Size != sizeof(*mode))
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = IDirect3DDevice9_GetDisplayMode(plain(iface), swapchain, &m)))
        return hr;
    mode_to_ex(&m, mode);
    if (rotation)
        *rotation = D3DDISPLAYROTATION_IDENTITY;
    return D3D_OK;
}

/* ------------------------------------------------------ IDirect3DSwapChain9Ex */

static inline struct d3d9_swapchain *sc_impl(IDirect3DSwapChain9Ex *iface)
{
    return (struct d3d9_swapchain *)iface;
}

static HRESULT WINAPI scex_GetLastPresentCount(IDirect3DSwapChain9Ex *iface, UINT *count)
{
    if (!count)
        return D3DERR_INVALIDCALL;
    *count = (UINT)sc_impl(iface)->frames;
    return D3D_OK;
}

static HRESULT WINAPI scex_GetPresentStats(IDirect3DSwapChain9Ex *iface, D3DPRESENTSTATS *stats)
{
    (void)iface, (void)stats;
    /* Documented for fullscreen and FLIPEX presentation statistics, which
     * need the display's vertical blank counts: not known here. */
    D3D9_STUB("IDirect3DSwapChain9Ex::GetPresentStats");
    return D3DERR_INVALIDCALL;
}

static HRESULT WINAPI scex_GetDisplayModeEx(IDirect3DSwapChain9Ex *iface, D3DDISPLAYMODEEX *mode,
                                            D3DDISPLAYROTATION *rotation)
{
    struct d3d9_swapchain *sc = sc_impl(iface);
    return dex_GetDisplayModeEx((IDirect3DDevice9Ex *)&sc->device->IDirect3DDevice9_iface, 0,
                                mode, rotation);
}

/* ----------------------------------------------------------------- vtables */

static void ex_vtables_init(void)
{
    _Static_assert(offsetof(IDirect3D9ExVtbl, GetAdapterModeCountEx) ==
                       sizeof(IDirect3D9Vtbl), "IDirect3D9Ex extends IDirect3D9");
    _Static_assert(offsetof(IDirect3DDevice9ExVtbl, SetConvolutionMonoKernel) ==
                       sizeof(IDirect3DDevice9Vtbl), "the device's Ex methods follow");
    _Static_assert(offsetof(IDirect3DSwapChain9ExVtbl, GetLastPresentCount) ==
                       sizeof(IDirect3DSwapChain9Vtbl), "the swap chain's Ex methods follow");

    /* Written as bytes: with CONST_VTABLE (mingw's headers) the members
     * are const; the storage is not (D3D9_VTBL_STORAGE). */
#define SET(tbl, type, field, fn)                                               \
    do {                                                                        \
        __typeof__(&fn) f_ = fn;                                                \
        memcpy((char *)&(tbl) + offsetof(type, field), &f_, sizeof(f_));        \
    } while (0)
    memcpy((void *)&d3d9_ex_vtbl, &d3d9_plain_vtbl, sizeof(d3d9_plain_vtbl));
#define M(name) SET(d3d9_ex_vtbl, IDirect3D9ExVtbl, name, d3d9ex_##name)
    M(GetAdapterModeCountEx); M(EnumAdapterModesEx); M(GetAdapterDisplayModeEx);
    M(CreateDeviceEx); M(GetAdapterLUID);
#undef M

    memcpy((void *)&d3d9_device_ex_vtbl, &d3d9_device_plain_vtbl,
           sizeof(d3d9_device_plain_vtbl));
#define M(name) SET(d3d9_device_ex_vtbl, IDirect3DDevice9ExVtbl, name, dex_##name)
    M(SetConvolutionMonoKernel); M(ComposeRects); M(PresentEx); M(GetGPUThreadPriority);
    M(SetGPUThreadPriority); M(WaitForVBlank); M(CheckResourceResidency);
    M(SetMaximumFrameLatency); M(GetMaximumFrameLatency); M(CheckDeviceState);
    M(CreateRenderTargetEx); M(CreateOffscreenPlainSurfaceEx); M(CreateDepthStencilSurfaceEx);
    M(ResetEx); M(GetDisplayModeEx);
#undef M

    memcpy((void *)&d3d9_swapchain_ex_vtbl, &d3d9_swapchain_plain_vtbl,
           sizeof(d3d9_swapchain_plain_vtbl));
#define M(name) SET(d3d9_swapchain_ex_vtbl, IDirect3DSwapChain9ExVtbl, name, scex_##name)
    M(GetLastPresentCount); M(GetPresentStats); M(GetDisplayModeEx);
#undef M
#undef SET
}

/* Once, before the first object: d3d9_create calls it (a constructor is
 * not run in every DLL startup). */
void d3d9_ex_vtables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, ex_vtables_init);
}
