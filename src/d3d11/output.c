/* nereid DXGI: the adapter's output, the display the application's windows
 * are on (client/display.c: under Wine the modes user32 reports, the
 * primary monitor; natively SDL2's display 0, or a virtual monitor's
 * modes).  Its mode list is what swap chains can be made of: the 32-bit
 * modes, in the four formats of 8 bits a channel.  Fullscreen is not
 * offered yet, so what only a fullscreen output does (gamma, ownership,
 * scan-out surfaces, frame statistics) answers
 * DXGI_ERROR_NOT_CURRENTLY_AVAILABLE. */
#define _GNU_SOURCE
#include "d3d11/d3d11_private.h"
#include "client/display.h"
#include "common/platform.h"

#include <stdlib.h>
#include <string.h>

#define D11_MAX_MODES 512

struct d11_output {
    IDXGIOutput iface;
    LONG refcount;
    struct nr_private_data pd;
    IDXGIAdapter *adapter; /* referenced: the parent */
};

static struct d11_output *output_from(IDXGIOutput *iface)
{
    return D11_IMPL(iface, struct d11_output, iface);
}

static HRESULT STDMETHODCALLTYPE out_QueryInterface(IDXGIOutput *iface, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDXGIObject) ||
        IsEqualGUID(riid, &IID_IDXGIOutput)) {
        IDXGIOutput_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE out_AddRef(IDXGIOutput *iface)
{
    return (ULONG)__atomic_add_fetch(&output_from(iface)->refcount, 1, __ATOMIC_SEQ_CST);
}

static ULONG STDMETHODCALLTYPE out_Release(IDXGIOutput *iface)
{
    struct d11_output *o = output_from(iface);
    LONG n = __atomic_sub_fetch(&o->refcount, 1, __ATOMIC_SEQ_CST);
    if (!n) {
        IDXGIAdapter_Release(o->adapter);
        nr_private_clear(&o->pd);
        free(o);
    }
    return (ULONG)n;
}

DXGI_PRIVATE_DATA(out, IDXGIOutput, output_from)

static HRESULT STDMETHODCALLTYPE out_GetParent(IDXGIOutput *iface, REFIID riid, void **out)
{
    return IDXGIAdapter_QueryInterface(output_from(iface)->adapter, riid, out);
}

static HRESULT STDMETHODCALLTYPE out_GetDesc(IDXGIOutput *iface, DXGI_OUTPUT_DESC *d)
{
    static const char name[] = "\\\\.\\DISPLAY1";
    struct nr_mode m;
    unsigned bpp;
    (void)iface;
    if (!d)
        return E_INVALIDARG;
    memset(d, 0, sizeof(*d));
    for (size_t i = 0; name[i]; i++)
        d->DeviceName[i] = (WCHAR)name[i];
    nr_display_current(&m, &bpp);
    d->DesktopCoordinates.right = (LONG)m.w;
    d->DesktopCoordinates.bottom = (LONG)m.h;
    d->AttachedToDesktop = TRUE;
    d->Rotation = DXGI_MODE_ROTATION_IDENTITY;
    d->Monitor = nr_display_monitor();
#ifdef _WIN32
    {
        MONITORINFOEXW mi = {.cbSize = sizeof(mi)};
        if (d->Monitor && GetMonitorInfoW(d->Monitor, (MONITORINFO *)&mi)) {
            memcpy(d->DeviceName, mi.szDevice, sizeof(d->DeviceName));
            d->DesktopCoordinates = mi.rcMonitor;
        }
    }
#endif
    return S_OK;
}

/* The formats of the 32-bit modes: what a swap chain can be made of. */
static bool mode_format(DXGI_FORMAT f)
{
    return f == DXGI_FORMAT_R8G8B8A8_UNORM || f == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB ||
           f == DXGI_FORMAT_B8G8R8A8_UNORM || f == DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
}

static int mode_cmp(const void *a, const void *b)
{
    const struct nr_mode *x = a, *y = b;
    if (x->w != y->w)
        return x->w < y->w ? -1 : 1;
    if (x->h != y->h)
        return x->h < y->h ? -1 : 1;
    return x->refresh < y->refresh ? -1 : x->refresh > y->refresh;
}

/* The 32-bit modes, smallest first (as DXGI lists them). */
static size_t modes(struct nr_mode *m)
{
    size_t n = nr_display_modes(32, m, D11_MAX_MODES);
    qsort(m, n, sizeof(*m), mode_cmp);
    return n;
}

static DXGI_MODE_DESC mode_desc(const struct nr_mode *m, DXGI_FORMAT f)
{
    DXGI_MODE_DESC d = {0};
    d.Width = m->w;
    d.Height = m->h;
    d.RefreshRate.Numerator = m->refresh;
    d.RefreshRate.Denominator = 1;
    d.Format = f;
    d.ScanlineOrdering = DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE;
    d.Scaling = DXGI_MODE_SCALING_UNSPECIFIED;
    return d;
}

static HRESULT STDMETHODCALLTYPE out_GetDisplayModeList(IDXGIOutput *iface, DXGI_FORMAT f,
                                                       UINT flags, UINT *count,
                                                       DXGI_MODE_DESC *d)
{
    struct nr_mode *m;
    size_t n;
    (void)iface, (void)flags; /* no interlaced modes; no scaled copies of the list */
    if (!count)
        return DXGI_ERROR_INVALID_CALL;
    if (!mode_format(f)) {
        *count = 0; /* no mode of this format (DXGI_FORMAT_UNKNOWN too) */
        return S_OK;
    }
    if (!(m = malloc(D11_MAX_MODES * sizeof(*m))))
        return E_OUTOFMEMORY;
    n = modes(m);
    if (!d) {
        *count = (UINT)n;
        free(m);
        return S_OK;
    }
    for (size_t i = 0; i < n && i < *count; i++)
        d[i] = mode_desc(&m[i], f);
    free(m);
    if (*count < n)
        return DXGI_ERROR_MORE_DATA;
    *count = (UINT)n;
    return S_OK;
}

static uint64_t distance(UINT a, UINT b)
{
    return a > b ? a - b : b - a;
}

/* The mode nearest the one asked for: its size (or the desktop's, for a
 * size of 0), then its refresh rate (or the desktop's, for a rate of 0).
 * A format of UNKNOWN takes the device's, R8G8B8A8_UNORM, and needs a
 * device. */
static HRESULT STDMETHODCALLTYPE out_FindClosestMatchingMode(IDXGIOutput *iface,
                                                            const DXGI_MODE_DESC *want,
                                                            DXGI_MODE_DESC *closest,
                                                            IUnknown *device)
{
    struct nr_mode *m, cur;
    unsigned bpp;
    DXGI_FORMAT f;
    UINT w, h, rate;
    size_t n, best = 0;
    (void)iface;
    if (!want || !closest)
        return DXGI_ERROR_INVALID_CALL;
    if ((!want->Width) != (!want->Height))
        return DXGI_ERROR_INVALID_CALL; /* both sizes or neither */
    f = want->Format;
    if (f == DXGI_FORMAT_UNKNOWN) {
        if (!device)
            return DXGI_ERROR_INVALID_CALL;
        f = DXGI_FORMAT_R8G8B8A8_UNORM;
    }
    if (!mode_format(f))
        return DXGI_ERROR_NOT_FOUND;
    if (!(m = malloc(D11_MAX_MODES * sizeof(*m))))
        return E_OUTOFMEMORY;
    if (!(n = modes(m))) {
        free(m);
        return DXGI_ERROR_NOT_FOUND;
    }
    nr_display_current(&cur, &bpp);
    w = want->Width ? want->Width : cur.w;
    h = want->Width ? want->Height : cur.h;
    rate = want->RefreshRate.Numerator && want->RefreshRate.Denominator
               ? (UINT)((want->RefreshRate.Numerator + want->RefreshRate.Denominator / 2) /
                        want->RefreshRate.Denominator)
               : cur.refresh;
    for (size_t i = 1; i < n; i++) {
        uint64_t di = distance(m[i].w, w) + distance(m[i].h, h),
                 db = distance(m[best].w, w) + distance(m[best].h, h);
        if (di < db || (di == db && distance(m[i].refresh, rate) <
                                        distance(m[best].refresh, rate)))
            best = i;
    }
    *closest = mode_desc(&m[best], f);
    free(m);
    return S_OK;
}

/* The display's vertical blank is not reported to the client: the next
 * tick of its refresh rate (60 Hz when unknown) stands for it. */
static HRESULT STDMETHODCALLTYPE out_WaitForVBlank(IDXGIOutput *iface)
{
    struct nr_mode cur;
    unsigned bpp;
    uint64_t period, now = nr_time_ns();
    (void)iface;
    nr_display_current(&cur, &bpp);
    period = 1000000000ull / (cur.refresh ? cur.refresh : 60);
    nr_sleep_ms((unsigned)((period - now % period + 999999) / 1000000));
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE out_TakeOwnership(IDXGIOutput *iface, IUnknown *device,
                                                  BOOL exclusive)
{
    (void)iface, (void)device, (void)exclusive;
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE; /* no fullscreen */
}

static void STDMETHODCALLTYPE out_ReleaseOwnership(IDXGIOutput *iface)
{
    (void)iface; /* never taken */
}

static HRESULT STDMETHODCALLTYPE out_GetGammaControlCapabilities(
    IDXGIOutput *iface, DXGI_GAMMA_CONTROL_CAPABILITIES *caps)
{
    (void)iface, (void)caps;
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE; /* fullscreen only */
}

static HRESULT STDMETHODCALLTYPE out_SetGammaControl(IDXGIOutput *iface,
                                                    const DXGI_GAMMA_CONTROL *g)
{
    (void)iface, (void)g;
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
}

static HRESULT STDMETHODCALLTYPE out_GetGammaControl(IDXGIOutput *iface, DXGI_GAMMA_CONTROL *g)
{
    (void)iface, (void)g;
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
}

static HRESULT STDMETHODCALLTYPE out_SetDisplaySurface(IDXGIOutput *iface, IDXGISurface *s)
{
    (void)iface, (void)s;
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
}

static HRESULT STDMETHODCALLTYPE out_GetDisplaySurfaceData(IDXGIOutput *iface, IDXGISurface *s)
{
    (void)iface, (void)s;
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
}

static HRESULT STDMETHODCALLTYPE out_GetFrameStatistics(IDXGIOutput *iface,
                                                       DXGI_FRAME_STATISTICS *s)
{
    (void)iface, (void)s;
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
}

static const IDXGIOutputVtbl output_vtbl = {
    out_QueryInterface,  out_AddRef,          out_Release,
    out_SetPrivateData,  out_SetPrivateDataInterface, out_GetPrivateData,
    out_GetParent,       out_GetDesc,         out_GetDisplayModeList,
    out_FindClosestMatchingMode, out_WaitForVBlank, out_TakeOwnership,
    out_ReleaseOwnership, out_GetGammaControlCapabilities, out_SetGammaControl,
    out_GetGammaControl, out_SetDisplaySurface, out_GetDisplaySurfaceData,
    out_GetFrameStatistics,
};

HRESULT d11_output_create(IDXGIAdapter *adapter, IDXGIOutput **out)
{
    struct d11_output *o;
    if (!(o = calloc(1, sizeof(*o))))
        return E_OUTOFMEMORY;
    o->iface.lpVtbl = &output_vtbl;
    o->refcount = 1;
    o->adapter = adapter;
    IDXGIAdapter_AddRef(adapter);
    *out = &o->iface;
    return S_OK;
}
