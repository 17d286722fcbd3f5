/* nereid DXGI: the factory, the one adapter (the server's device) and
 * swap chains, presenting into their OutputWindow where the server can
 * reach it (client/window.c: under Wine an HWND's X11 window, natively an
 * X11 window id or an SDL2 window) and headless otherwise.  libdxgi.so's CreateDXGIFactory* come here
 * (nereid_dxgi_create_factory); the objects live in libd3d11.so, next to
 * the device they present with. */
#define _GNU_SOURCE
#include "d3d11/d3d11_private.h"
#include "client/display.h"
#include "client/window.h"

#include <dxgi1_5.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct d11_factory {
    IDXGIFactory2 iface; /* IDXGIFactory3, 4 and 5 too */
    LONG refcount;
    struct nr_private_data pd;
    UINT flags; /* CreateDXGIFactory2's */
};

struct d11_adapter {
    IDXGIAdapter2 iface;
    LONG refcount;
    struct nr_private_data pd;
    struct d11_factory *factory; /* referenced */
    struct wire_caps caps;
};

struct d11_swapchain {
    IDXGISwapChain1 iface;
    LONG refcount;
    struct nr_private_data pd;
    struct d11_device *dev;   /* referenced */
    IDXGIFactory *factory;    /* referenced */
    DXGI_SWAP_CHAIN_DESC desc;
    /* DXGI 1.2's: how the buffer meets the window (STRETCH, or NONE: at the
     * client area's top left, unscaled, black around it) and the alpha
     * mode (UNSPECIFIED or IGNORE: a window shows no alpha). */
    DXGI_SCALING scaling;
    DXGI_ALPHA_MODE alpha;
    /* DXGI 1.3's: the part of the buffer shown (SetSourceSize), and with
     * DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT the frames that
     * may be queued and, under Wine, the semaphore each Present releases
     * once (when Present n returns, frame n - 1 is done). */
    UINT source_w, source_h;
    UINT max_latency;
    HANDLE latency;
    struct d11_texture *buffer; /* referenced */
    /* The sequential models' buffers 1 .. BufferCount - 1 (referenced):
     * each Present moves them up one place, buffer 0 to the last (the
     * texture objects keep their places and views; the server textures
     * behind them rotate). */
    struct d11_texture *more[DXGI_MAX_SWAP_CHAIN_BUFFERS - 1];
    UINT more_count;
    /* A multisampled buffer's resolve at Present (the one presented). */
    struct d11_texture *resolved;
    uint64_t frames;
    /* Fullscreen (under Wine): the output it covers (referenced), and the
     * window's place before, given back when it leaves. */
    bool fullscreen;
    IDXGIOutput *target;
#ifdef _WIN32
    RECT saved_rect;
    bool saved_topmost;
#endif
};

/* The swap chain holds its buffers by a binding, not a reference of the
 * application's: as on Windows, a buffer's public count is the
 * application's alone (GetBuffer's). */
static void let_go(struct d11_texture *t)
{
    if (t)
        d11_child_unbind(&t->c);
}

static void release_more(struct d11_swapchain *sc);

#ifdef _WIN32
static void leave_fullscreen(struct d11_swapchain *sc);
#endif

/* The factory's vtable: IDXGIFactory2's, then what IDXGIFactory3, 4 and 5
 * add (their layout: checked below). */
static const struct d11_factory_vtbl {
    IDXGIFactory2Vtbl base;
    UINT(STDMETHODCALLTYPE *GetCreationFlags)(IDXGIFactory3 *);
    HRESULT(STDMETHODCALLTYPE *EnumAdapterByLuid)(IDXGIFactory4 *, LUID, REFIID, void **);
    HRESULT(STDMETHODCALLTYPE *EnumWarpAdapter)(IDXGIFactory4 *, REFIID, void **);
    HRESULT(STDMETHODCALLTYPE *CheckFeatureSupport)(IDXGIFactory5 *, DXGI_FEATURE, void *, UINT);
} factory_vtbl;
_Static_assert(sizeof(struct d11_factory_vtbl) == sizeof(IDXGIFactory5Vtbl), "factory slots");
_Static_assert(offsetof(struct d11_factory_vtbl, EnumWarpAdapter) ==
                   offsetof(IDXGIFactory5Vtbl, EnumWarpAdapter),
               "IDXGIFactory4::EnumWarpAdapter");
static const IDXGIAdapter2Vtbl adapter_vtbl;

static HRESULT swapchain_create(struct d11_device *dev, IDXGIFactory *factory,
                                const DXGI_SWAP_CHAIN_DESC *desc, DXGI_SCALING scaling,
                                DXGI_ALPHA_MODE alpha, IDXGISwapChain1 **out);

/* ------------------------------------------------------------ the factory */

static struct d11_factory *factory_from(IDXGIFactory2 *iface)
{
    return D11_IMPL(iface, struct d11_factory, iface);
}

static HRESULT STDMETHODCALLTYPE fac_QueryInterface(IDXGIFactory2 *iface, REFIID riid,
                                                    void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDXGIObject) ||
        IsEqualGUID(riid, &IID_IDXGIFactory) || IsEqualGUID(riid, &IID_IDXGIFactory1) ||
        IsEqualGUID(riid, &IID_IDXGIFactory2) || IsEqualGUID(riid, &IID_IDXGIFactory3) ||
        IsEqualGUID(riid, &IID_IDXGIFactory4) || IsEqualGUID(riid, &IID_IDXGIFactory5)) {
        IDXGIFactory2_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE fac_AddRef(IDXGIFactory2 *iface)
{
    return (ULONG)__atomic_add_fetch(&factory_from(iface)->refcount, 1, __ATOMIC_SEQ_CST);
}

static ULONG STDMETHODCALLTYPE fac_Release(IDXGIFactory2 *iface)
{
    struct d11_factory *f = factory_from(iface);
    LONG n = __atomic_sub_fetch(&f->refcount, 1, __ATOMIC_SEQ_CST);
    if (!n) {
        nr_private_clear(&f->pd);
        free(f);
    }
    return (ULONG)n;
}

DXGI_PRIVATE_DATA(fac, IDXGIFactory2, factory_from)

static HRESULT STDMETHODCALLTYPE fac_GetParent(IDXGIFactory2 *iface, REFIID riid, void **out)
{
    (void)iface, (void)riid;
    if (out)
        *out = NULL;
    return E_NOINTERFACE;
}

static HRESULT STDMETHODCALLTYPE fac_EnumAdapters1(IDXGIFactory2 *iface, UINT i,
                                                   IDXGIAdapter1 **out)
{
    struct d11_factory *f = factory_from(iface);
    struct transport_client *probe;
    struct d11_adapter *a;
    char reason[160] = "";
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    if (i)
        return DXGI_ERROR_NOT_FOUND; /* one server, one device */
    /* What the server's device is: a short session of its own. */
    if (!(probe = transport_connect_small("nereid dxgi adapter probe", reason, sizeof(reason)))) {
        NR_WARN(D3D9, "EnumAdapters: no server: %s", reason);
        return DXGI_ERROR_NOT_FOUND;
    }
    if (!(a = calloc(1, sizeof(*a)))) {
        transport_disconnect(probe);
        return E_OUTOFMEMORY;
    }
    a->caps = probe->caps;
    transport_disconnect(probe);
    a->iface.lpVtbl = &adapter_vtbl;
    a->refcount = 1;
    a->factory = f;
    fac_AddRef(iface);
    *out = (IDXGIAdapter1 *)&a->iface;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE fac_EnumAdapters(IDXGIFactory2 *iface, UINT i,
                                                  IDXGIAdapter **out)
{
    return fac_EnumAdapters1(iface, i, (IDXGIAdapter1 **)out);
}

static HRESULT STDMETHODCALLTYPE fac_MakeWindowAssociation(IDXGIFactory2 *iface, HWND w,
                                                           UINT flags)
{
    /* No window of ours takes keys: there is nothing to associate. */
    (void)iface, (void)w;
    return flags & ~(DXGI_MWA_NO_WINDOW_CHANGES | DXGI_MWA_NO_ALT_ENTER |
                     DXGI_MWA_NO_PRINT_SCREEN)
               ? DXGI_ERROR_INVALID_CALL
               : S_OK;
}

static HRESULT STDMETHODCALLTYPE fac_GetWindowAssociation(IDXGIFactory2 *iface, HWND *w)
{
    (void)iface;
    if (!w)
        return DXGI_ERROR_INVALID_CALL;
    *w = NULL;
    return S_OK;
}

/* The nereid device behind a swap chain's pDevice (referenced), or NULL. */
static ID3D11Device *swapchain_device(IUnknown *device, struct d11_device **dev)
{
    ID3D11Device *d = NULL;
    if (!device || FAILED(IUnknown_QueryInterface(device, &IID_ID3D11Device, (void **)&d)))
        return NULL;
    if (!(*dev = d11_device_from(d))) {
        ID3D11Device_Release(d);
        return NULL;
    }
    return d;
}

static HRESULT STDMETHODCALLTYPE fac_CreateSwapChain(IDXGIFactory2 *iface, IUnknown *device,
                                                     DXGI_SWAP_CHAIN_DESC *desc,
                                                     IDXGISwapChain **out)
{
    ID3D11Device *d;
    struct d11_device *dev;
    HRESULT hr;
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    if (!desc || !(d = swapchain_device(device, &dev)))
        return DXGI_ERROR_INVALID_CALL;
    hr = d11_swapchain_create(dev, (IDXGIFactory *)iface, desc, out);
    ID3D11Device_Release(d);
    return hr;
}

static HRESULT STDMETHODCALLTYPE fac_CreateSoftwareAdapter(IDXGIFactory2 *iface, HMODULE m,
                                                           IDXGIAdapter **out)
{
    (void)iface, (void)m;
    if (out)
        *out = NULL;
    return DXGI_ERROR_UNSUPPORTED;
}

static BOOL STDMETHODCALLTYPE fac_IsCurrent(IDXGIFactory2 *iface)
{
    (void)iface;
    return TRUE;
}

/* ---- DXGI 1.2 */

static BOOL STDMETHODCALLTYPE fac_IsWindowedStereoEnabled(IDXGIFactory2 *iface)
{
    (void)iface;
    return FALSE; /* no stereo swap chains */
}

/* A DXGI_SWAP_CHAIN_DESC1 for a window, checked as DXGI checks it
 * (DXGI_ERROR_INVALID_CALL for what no swap chain of a window can be),
 * made the DXGI_SWAP_CHAIN_DESC that CreateSwapChain takes. */
static HRESULT STDMETHODCALLTYPE fac_CreateSwapChainForHwnd(
    IDXGIFactory2 *iface, IUnknown *device, HWND window, const DXGI_SWAP_CHAIN_DESC1 *d1,
    const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *fs, IDXGIOutput *restrict_to, IDXGISwapChain1 **out)
{
    DXGI_SWAP_CHAIN_DESC desc = {0};
    ID3D11Device *d;
    struct d11_device *dev;
    bool flip;
    HRESULT hr;
    (void)restrict_to; /* no outputs: the application has none to name */
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    if (!window || !d1)
        return DXGI_ERROR_INVALID_CALL;
    flip = d1->SwapEffect == DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL ||
           d1->SwapEffect == DXGI_SWAP_EFFECT_FLIP_DISCARD;
    /* A window shows no stereo (IsWindowedStereoEnabled), no alpha and no
     * aspect-kept stretch (that one is for CoreWindow and composition
     * swap chains); the flip model has two buffers or more, one sample
     * and one of four formats. */
    if (d1->Stereo || (d1->Scaling != DXGI_SCALING_STRETCH && d1->Scaling != DXGI_SCALING_NONE) ||
        (d1->AlphaMode != DXGI_ALPHA_MODE_UNSPECIFIED && d1->AlphaMode != DXGI_ALPHA_MODE_IGNORE))
        return DXGI_ERROR_INVALID_CALL;
    if (flip && (d1->BufferCount < 2 || d1->SampleDesc.Count != 1 ||
                 (d1->Format != DXGI_FORMAT_R16G16B16A16_FLOAT &&
                  d1->Format != DXGI_FORMAT_B8G8R8A8_UNORM &&
                  d1->Format != DXGI_FORMAT_R8G8B8A8_UNORM &&
                  d1->Format != DXGI_FORMAT_R10G10B10A2_UNORM)))
        return DXGI_ERROR_INVALID_CALL;
    if (!(d = swapchain_device(device, &dev)))
        return DXGI_ERROR_INVALID_CALL;
    desc.BufferDesc.Width = d1->Width;
    desc.BufferDesc.Height = d1->Height;
    desc.BufferDesc.Format = d1->Format;
    if (fs) {
        desc.BufferDesc.RefreshRate = fs->RefreshRate;
        desc.BufferDesc.ScanlineOrdering = fs->ScanlineOrdering;
        desc.BufferDesc.Scaling = fs->Scaling;
    }
    desc.SampleDesc = d1->SampleDesc;
    desc.BufferUsage = d1->BufferUsage;
    desc.BufferCount = d1->BufferCount;
    desc.OutputWindow = window;
    desc.Windowed = fs ? fs->Windowed : TRUE;
    desc.SwapEffect = d1->SwapEffect;
    desc.Flags = d1->Flags;
    hr = swapchain_create(dev, (IDXGIFactory *)iface, &desc, d1->Scaling, d1->AlphaMode, out);
    ID3D11Device_Release(d);
    return hr;
}

/* CoreWindow swap chains belong to UWP, which programs under Wine and
 * native ones do not have (DXGI answers INVALID_CALL for a window that is
 * not one); composition ones to DirectComposition, not offered. */
static HRESULT STDMETHODCALLTYPE fac_CreateSwapChainForCoreWindow(
    IDXGIFactory2 *iface, IUnknown *device, IUnknown *window, const DXGI_SWAP_CHAIN_DESC1 *d1,
    IDXGIOutput *restrict_to, IDXGISwapChain1 **out)
{
    (void)iface, (void)device, (void)window, (void)d1, (void)restrict_to;
    if (out)
        *out = NULL;
    return DXGI_ERROR_INVALID_CALL;
}

static HRESULT STDMETHODCALLTYPE fac_CreateSwapChainForComposition(
    IDXGIFactory2 *iface, IUnknown *device, const DXGI_SWAP_CHAIN_DESC1 *d1,
    IDXGIOutput *restrict_to, IDXGISwapChain1 **out)
{
    (void)iface, (void)device, (void)d1, (void)restrict_to;
    if (out)
        *out = NULL;
    return E_NOTIMPL;
}

/* NT handles of shared resources are not made (MISC_SHARED_NTHANDLE). */
static HRESULT STDMETHODCALLTYPE fac_GetSharedResourceAdapterLuid(IDXGIFactory2 *iface,
                                                                  HANDLE resource, LUID *luid)
{
    (void)iface, (void)resource;
    if (luid)
        memset(luid, 0, sizeof(*luid));
    return E_NOTIMPL;
}

/* Stereo and occlusion status notifications: not sent (no stereo; a
 * window's occlusion is not watched), so nothing can be registered. */
static HRESULT STDMETHODCALLTYPE fac_RegisterStereoStatusWindow(IDXGIFactory2 *iface, HWND w,
                                                                UINT msg, DWORD *cookie)
{
    (void)iface, (void)w, (void)msg;
    if (cookie)
        *cookie = 0;
    return E_NOTIMPL;
}

static HRESULT STDMETHODCALLTYPE fac_RegisterStereoStatusEvent(IDXGIFactory2 *iface,
                                                               HANDLE event, DWORD *cookie)
{
    (void)iface, (void)event;
    if (cookie)
        *cookie = 0;
    return E_NOTIMPL;
}

static void STDMETHODCALLTYPE fac_UnregisterStereoStatus(IDXGIFactory2 *iface, DWORD cookie)
{
    (void)iface, (void)cookie; /* nothing was registered */
}

static HRESULT STDMETHODCALLTYPE fac_RegisterOcclusionStatusWindow(IDXGIFactory2 *iface, HWND w,
                                                                   UINT msg, DWORD *cookie)
{
    (void)iface, (void)w, (void)msg;
    if (cookie)
        *cookie = 0;
    return E_NOTIMPL;
}

static HRESULT STDMETHODCALLTYPE fac_RegisterOcclusionStatusEvent(IDXGIFactory2 *iface,
                                                                  HANDLE event, DWORD *cookie)
{
    (void)iface, (void)event;
    if (cookie)
        *cookie = 0;
    return E_NOTIMPL;
}

static void STDMETHODCALLTYPE fac_UnregisterOcclusionStatus(IDXGIFactory2 *iface, DWORD cookie)
{
    (void)iface, (void)cookie; /* nothing was registered */
}

/* ---- DXGI 1.3 to 1.5 */

static struct d11_factory *factory_from3(void *iface)
{
    return factory_from((IDXGIFactory2 *)iface);
}

static UINT STDMETHODCALLTYPE fac_GetCreationFlags(IDXGIFactory3 *iface)
{
    return factory_from3(iface)->flags;
}

/* The one adapter's LUID (fill_desc's), or none. */
/* The one adapter as the interface riid names. */
static HRESULT adapter_as(IDXGIFactory2 *iface, REFIID riid, void **out)
{
    IDXGIAdapter1 *a;
    HRESULT hr = fac_EnumAdapters1(iface, 0, &a);
    if (FAILED(hr))
        return hr;
    hr = IDXGIAdapter1_QueryInterface(a, riid, out);
    IDXGIAdapter1_Release(a);
    return hr;
}

static HRESULT STDMETHODCALLTYPE fac_EnumAdapterByLuid(IDXGIFactory4 *iface, LUID luid,
                                                       REFIID riid, void **out)
{
    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if (luid.LowPart != 0x6e657265u || luid.HighPart)
        return DXGI_ERROR_NOT_FOUND;
    return adapter_as((IDXGIFactory2 *)iface, riid, out);
}

/* WARP is the server's device too (as D3D_DRIVER_TYPE_WARP is). */
static HRESULT STDMETHODCALLTYPE fac_EnumWarpAdapter(IDXGIFactory4 *iface, REFIID riid,
                                                     void **out)
{
    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    return adapter_as((IDXGIFactory2 *)iface, riid, out);
}

/* Tearing presentation (DXGI_PRESENT_ALLOW_TEARING) is not offered. */
static HRESULT STDMETHODCALLTYPE fac_CheckFeatureSupport(IDXGIFactory5 *iface, DXGI_FEATURE f,
                                                         void *data, UINT size)
{
    (void)iface;
    if (f != DXGI_FEATURE_PRESENT_ALLOW_TEARING || !data || size != sizeof(BOOL))
        return E_INVALIDARG;
    *(BOOL *)data = FALSE;
    return S_OK;
}

static const struct d11_factory_vtbl factory_vtbl = {{
    fac_QueryInterface, fac_AddRef,        fac_Release,
    fac_SetPrivateData, fac_SetPrivateDataInterface, fac_GetPrivateData,
    fac_GetParent,      fac_EnumAdapters,  fac_MakeWindowAssociation,
    fac_GetWindowAssociation, fac_CreateSwapChain, fac_CreateSoftwareAdapter,
    fac_EnumAdapters1,  fac_IsCurrent,
    fac_IsWindowedStereoEnabled, fac_CreateSwapChainForHwnd, fac_CreateSwapChainForCoreWindow,
    fac_GetSharedResourceAdapterLuid, fac_RegisterStereoStatusWindow,
    fac_RegisterStereoStatusEvent, fac_UnregisterStereoStatus,
    fac_RegisterOcclusionStatusWindow, fac_RegisterOcclusionStatusEvent,
    fac_UnregisterOcclusionStatus, fac_CreateSwapChainForComposition,
}, fac_GetCreationFlags, fac_EnumAdapterByLuid, fac_EnumWarpAdapter, fac_CheckFeatureSupport};

static HRESULT factory_create(UINT flags, REFIID riid, void **out)
{
    struct d11_factory *f;
    HRESULT hr;
    if (!out)
        return E_POINTER;
    *out = NULL;
    if (!(f = calloc(1, sizeof(*f))))
        return E_OUTOFMEMORY;
    f->iface.lpVtbl = &factory_vtbl.base;
    f->refcount = 1;
    f->flags = flags;
    hr = fac_QueryInterface(&f->iface, riid, out);
    fac_Release(&f->iface);
    return hr;
}

HRESULT d11_factory_create(REFIID riid, void **out)
{
    return factory_create(0, riid, out);
}

/* CreateDXGIFactory2's (libdxgi.so's and dxgi.dll's): the flags are
 * checked there. */
NR_EXPORT HRESULT nereid_dxgi_create_factory2(UINT flags, REFIID riid, void **out)
{
    return factory_create(flags, riid, out);
}

NR_EXPORT HRESULT nereid_dxgi_create_factory(REFIID riid, void **out)
{
    return d11_factory_create(riid, out);
}

/* ------------------------------------------------------------ the adapter */

static struct d11_adapter *adapter_from(IDXGIAdapter2 *iface)
{
    return D11_IMPL(iface, struct d11_adapter, iface);
}

static HRESULT STDMETHODCALLTYPE ad_QueryInterface(IDXGIAdapter2 *iface, REFIID riid,
                                                   void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDXGIObject) ||
        IsEqualGUID(riid, &IID_IDXGIAdapter) || IsEqualGUID(riid, &IID_IDXGIAdapter1) ||
        IsEqualGUID(riid, &IID_IDXGIAdapter2)) {
        IDXGIAdapter2_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE ad_AddRef(IDXGIAdapter2 *iface)
{
    return (ULONG)__atomic_add_fetch(&adapter_from(iface)->refcount, 1, __ATOMIC_SEQ_CST);
}

static ULONG STDMETHODCALLTYPE ad_Release(IDXGIAdapter2 *iface)
{
    struct d11_adapter *a = adapter_from(iface);
    LONG n = __atomic_sub_fetch(&a->refcount, 1, __ATOMIC_SEQ_CST);
    if (!n) {
        fac_Release(&a->factory->iface);
        nr_private_clear(&a->pd);
        free(a);
    }
    return (ULONG)n;
}

DXGI_PRIVATE_DATA(ad, IDXGIAdapter2, adapter_from)

static HRESULT STDMETHODCALLTYPE ad_GetParent(IDXGIAdapter2 *iface, REFIID riid, void **out)
{
    return fac_QueryInterface(&adapter_from(iface)->factory->iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE ad_EnumOutputs(IDXGIAdapter2 *iface, UINT i,
                                                IDXGIOutput **out)
{
    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if (i) /* one: the display the application's windows are on */
        return DXGI_ERROR_NOT_FOUND;
    return d11_output_create((IDXGIAdapter *)iface, out);
}

static void fill_desc(const struct d11_adapter *a, DXGI_ADAPTER_DESC1 *d)
{
    memset(d, 0, sizeof(*d));
    for (size_t i = 0; i < NR_ARRAY_SIZE(d->Description) - 1 && a->caps.device_name[i]; i++)
        d->Description[i] = (WCHAR)(unsigned char)a->caps.device_name[i];
    d->VendorId = a->caps.vendor_id;
    d->DeviceId = a->caps.device_id;
    d->DedicatedVideoMemory = (SIZE_T)a->caps.device_memory_bytes;
    d->AdapterLuid.LowPart = 0x6e657265u; /* one adapter: any fixed LUID */
    /* VK_PHYSICAL_DEVICE_TYPE_CPU (4): a software device. */
    d->Flags = a->caps.device_type == 4 ? DXGI_ADAPTER_FLAG_SOFTWARE : 0;
}

static HRESULT STDMETHODCALLTYPE ad_GetDesc1(IDXGIAdapter2 *iface, DXGI_ADAPTER_DESC1 *d)
{
    if (!d)
        return E_INVALIDARG;
    fill_desc(adapter_from(iface), d);
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE ad_GetDesc(IDXGIAdapter2 *iface, DXGI_ADAPTER_DESC *d)
{
    DXGI_ADAPTER_DESC1 d1;
    if (!d)
        return E_INVALIDARG;
    fill_desc(adapter_from(iface), &d1);
    memcpy(d, &d1, sizeof(*d));
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE ad_GetDesc2(IDXGIAdapter2 *iface, DXGI_ADAPTER_DESC2 *d)
{
    DXGI_ADAPTER_DESC1 d1;
    if (!d)
        return E_INVALIDARG;
    fill_desc(adapter_from(iface), &d1);
    memset(d, 0, sizeof(*d));
    memcpy(d, &d1, sizeof(d1)); /* DESC2 begins as DESC1 */
    /* What Vulkan lets the server promise: work is preempted between
     * submissions at the finest. */
    d->GraphicsPreemptionGranularity = DXGI_GRAPHICS_PREEMPTION_DMA_BUFFER_BOUNDARY;
    d->ComputePreemptionGranularity = DXGI_COMPUTE_PREEMPTION_DMA_BUFFER_BOUNDARY;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE ad_CheckInterfaceSupport(IDXGIAdapter2 *iface, REFGUID guid,
                                                          LARGE_INTEGER *version)
{
    (void)iface, (void)guid, (void)version;
    return DXGI_ERROR_UNSUPPORTED; /* D3D10 devices: not offered */
}

static const IDXGIAdapter2Vtbl adapter_vtbl = {
    ad_QueryInterface,  ad_AddRef,   ad_Release,
    ad_SetPrivateData,  ad_SetPrivateDataInterface, ad_GetPrivateData,
    ad_GetParent,       ad_EnumOutputs, ad_GetDesc,
    ad_CheckInterfaceSupport, ad_GetDesc1, ad_GetDesc2,
};

HRESULT d11_adapter_get(IDXGIAdapter1 **out)
{
    IDXGIFactory1 *f;
    HRESULT hr = d11_factory_create(&IID_IDXGIFactory1, (void **)&f);
    if (FAILED(hr))
        return hr;
    hr = IDXGIFactory1_EnumAdapters1(f, 0, out);
    IDXGIFactory1_Release(f);
    return hr == DXGI_ERROR_NOT_FOUND ? DXGI_ERROR_UNSUPPORTED : hr;
}

/* ------------------------------------------------------------ swap chains */

static struct d11_swapchain *sc_from(IDXGISwapChain1 *iface)
{
    return D11_IMPL(iface, struct d11_swapchain, iface);
}

static HRESULT STDMETHODCALLTYPE sc_QueryInterface(IDXGISwapChain1 *iface, REFIID riid,
                                                   void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_IDXGIObject) ||
        IsEqualGUID(riid, &IID_IDXGIDeviceSubObject) || IsEqualGUID(riid, &IID_IDXGISwapChain) ||
        IsEqualGUID(riid, &IID_IDXGISwapChain1) || IsEqualGUID(riid, &IID_IDXGISwapChain2)) {
        IDXGISwapChain1_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG STDMETHODCALLTYPE sc_AddRef(IDXGISwapChain1 *iface)
{
    return (ULONG)__atomic_add_fetch(&sc_from(iface)->refcount, 1, __ATOMIC_SEQ_CST);
}

static ULONG STDMETHODCALLTYPE sc_Release(IDXGISwapChain1 *iface)
{
    struct d11_swapchain *sc = sc_from(iface);
    LONG n = __atomic_sub_fetch(&sc->refcount, 1, __ATOMIC_SEQ_CST);
    if (!n) {
        nr_private_clear(&sc->pd);
#ifdef _WIN32
        /* Windows asks the application to leave fullscreen first; the
         * display and the window come back anyway. */
        leave_fullscreen(sc);
        if (sc->latency)
            CloseHandle(sc->latency);
#endif
        if (sc->target)
            IDXGIOutput_Release(sc->target);
        let_go(sc->buffer);
        release_more(sc);
        let_go(sc->resolved);
        IDXGIFactory_Release(sc->factory);
        ID3D11Device_Release(&sc->dev->iface);
        free(sc);
    }
    return (ULONG)n;
}

DXGI_PRIVATE_DATA(sc, IDXGISwapChain1, sc_from)

static HRESULT STDMETHODCALLTYPE sc_GetParent(IDXGISwapChain1 *iface, REFIID riid, void **out)
{
    return IDXGIFactory_QueryInterface(sc_from(iface)->factory, riid, out);
}

static HRESULT STDMETHODCALLTYPE sc_GetDevice(IDXGISwapChain1 *iface, REFIID riid, void **out)
{
    return ID3D11Device_QueryInterface(&sc_from(iface)->dev->iface, riid, out);
}

static HRESULT STDMETHODCALLTYPE sc_Present(IDXGISwapChain1 *iface, UINT interval, UINT flags)
{
    struct d11_swapchain *sc = sc_from(iface);
    struct d11_device *dev = sc->dev;
    struct wire_present p;
    bool ok;
    if (interval > 4)
        return DXGI_ERROR_INVALID_CALL;
    if (dev->tc->lost)
        return DXGI_ERROR_DEVICE_REMOVED;
    if (flags & DXGI_PRESENT_TEST)
        return S_OK; /* headless: never occluded */
    /* A multisampled buffer is resolved, and its resolve presented. */
    if (sc->resolved)
        d11_resolve(dev, sc->resolved, 0, sc->buffer, 0, sc->desc.BufferDesc.Format);
    p = (struct wire_present){(sc->resolved ? sc->resolved : sc->buffer)->handle, ++sc->frames};
    /* Into the window where there is one the server reaches (the buffer
     * stretched to its client area); headless otherwise (NEREID_DUMP). */
    if (nr_window_target(sc->desc.OutputWindow, &p) && interval)
        p.flags |= WIRE_PRESENT_VSYNC;
    /* DXGI_SCALING_NONE: the buffer at the window's top left, as it is
     * (the server cuts it to the window and shows black around it, the
     * background colour, which is black here). */
    if (sc->scaling == DXGI_SCALING_NONE) {
        p.flags |= WIRE_PRESENT_DST_RECT;
        p.dst[2] = (int32_t)NR_MIN(sc->source_w, (UINT)WIRE_PRESENT_MAX_COORD);
        p.dst[3] = (int32_t)NR_MIN(sc->source_h, (UINT)WIRE_PRESENT_MAX_COORD);
    }
    /* SetSourceSize's part of the buffer (its top left). */
    if (sc->source_w != sc->desc.BufferDesc.Width || sc->source_h != sc->desc.BufferDesc.Height) {
        p.flags |= WIRE_PRESENT_SRC_RECT;
        p.src[2] = (int32_t)NR_MIN(sc->source_w, (UINT)WIRE_PRESENT_MAX_COORD);
        p.src[3] = (int32_t)NR_MIN(sc->source_h, (UINT)WIRE_PRESENT_MAX_COORD);
    }
    pthread_mutex_lock(&dev->lock);
    ok = wire_emit_PRESENT(&dev->tc->w, &p) && transport_present_wait(dev->tc);
    if (sc->more_count) {
        /* Buffer 1 becomes buffer 0, ..., buffer 0 the last: the server
         * textures move under the objects, which every binding reads
         * anew. */
        wire_handle first = sc->buffer->handle;
        sc->buffer->handle = sc->more[0]->handle;
        for (UINT i = 0; i + 1 < sc->more_count; i++)
            sc->more[i]->handle = sc->more[i + 1]->handle;
        sc->more[sc->more_count - 1]->handle = first;
        dev->imm.dirty |= D11_DIRTY_TARGETS | D11_DIRTY_TEXTURES;
    }
    pthread_mutex_unlock(&dev->lock);
#ifdef _WIN32
    /* The frame before this one is done: one more may be queued. */
    if (ok && sc->latency)
        ReleaseSemaphore(sc->latency, 1, NULL);
#endif
    return ok ? S_OK : DXGI_ERROR_DEVICE_REMOVED;
}

static HRESULT STDMETHODCALLTYPE sc_GetBuffer(IDXGISwapChain1 *iface, UINT i, REFIID riid,
                                              void **out)
{
    struct d11_swapchain *sc = sc_from(iface);
    if (!out)
        return DXGI_ERROR_INVALID_CALL;
    *out = NULL;
    /* The discard models' buffer 0 alone (the server keeps the rest);
     * each of the sequential models'. */
    if (i > sc->more_count)
        return DXGI_ERROR_INVALID_CALL;
    return ID3D11Texture2D_QueryInterface(&(i ? sc->more[i - 1] : sc->buffer)->iface, riid,
                                          out);
}

#ifdef _WIN32
/* Fullscreen as DXGI does it under Wine: the display set to the mode
 * closest to the buffer's size (and refresh rate), the output window
 * moved and sized to cover it, above the others; frames go into the
 * window as in windowed mode.  Leaving gives back the registry's mode
 * and the window's place.  Its style is left as it is (D3D9's rule:
 * client/window.c's frames land in the client area wherever it is). */
static HRESULT enter_fullscreen(struct d11_swapchain *sc)
{
    HWND hwnd = sc->desc.OutputWindow;
    const DXGI_MODE_DESC *b = &sc->desc.BufferDesc;
    UINT refresh = b->RefreshRate.Denominator
                       ? (b->RefreshRate.Numerator + b->RefreshRate.Denominator / 2) /
                             b->RefreshRate.Denominator
                       : 0;
    struct nr_mode m;
    if (!hwnd || !IsWindow(hwnd))
        return DXGI_ERROR_INVALID_CALL;
    if (!nr_display_closest(b->Width, b->Height, refresh, &m) || !nr_display_set(&m, 32))
        return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
    GetWindowRect(hwnd, &sc->saved_rect);
    sc->saved_topmost = (GetWindowLongW(hwnd, GWL_EXSTYLE) & WS_EX_TOPMOST) != 0;
    SetWindowPos(hwnd, HWND_TOPMOST, 0, 0, (int)m.w, (int)m.h,
                 SWP_NOACTIVATE | SWP_SHOWWINDOW | SWP_FRAMECHANGED);
    sc->fullscreen = true;
    sc->desc.Windowed = FALSE;
    return S_OK;
}

static void leave_fullscreen(struct d11_swapchain *sc)
{
    HWND hwnd = sc->desc.OutputWindow;
    if (!sc->fullscreen)
        return;
    nr_display_set(NULL, 0);
    if (hwnd && IsWindow(hwnd)) {
        const RECT *r = &sc->saved_rect;
        SetWindowPos(hwnd, sc->saved_topmost ? HWND_TOPMOST : HWND_NOTOPMOST, r->left, r->top,
                     r->right - r->left, r->bottom - r->top, SWP_NOACTIVATE | SWP_FRAMECHANGED);
    }
    sc->fullscreen = false;
    sc->desc.Windowed = TRUE;
}
#endif

/* An output of ours (the adapter's one), or NULL for the window's. */
static bool our_output(struct d11_swapchain *sc, IDXGIOutput *output)
{
    IDXGIOutput *mine = NULL;
    bool same = !output;
    if (output && SUCCEEDED(IDXGISwapChain1_GetContainingOutput(&sc->iface, &mine))) {
        DXGI_OUTPUT_DESC a, b;
        same = output->lpVtbl == mine->lpVtbl && SUCCEEDED(IDXGIOutput_GetDesc(output, &a)) &&
               SUCCEEDED(IDXGIOutput_GetDesc(mine, &b)) && a.Monitor == b.Monitor;
        IDXGIOutput_Release(mine);
    }
    return same;
}

static HRESULT STDMETHODCALLTYPE sc_SetFullscreenState(IDXGISwapChain1 *iface, BOOL fullscreen,
                                                       IDXGIOutput *output)
{
    struct d11_swapchain *sc = sc_from(iface);
    if (!fullscreen && output)
        return DXGI_ERROR_INVALID_CALL;
    if (!our_output(sc, output))
        return DXGI_ERROR_INVALID_CALL;
#ifdef _WIN32
    HRESULT hr;
    if (!fullscreen == !sc->fullscreen)
        return S_OK;
    if (!fullscreen) {
        leave_fullscreen(sc);
        if (sc->target)
            IDXGIOutput_Release(sc->target);
        sc->target = NULL;
        return S_OK;
    }
    if (FAILED(hr = enter_fullscreen(sc)))
        return hr;
    if (output) {
        sc->target = output;
        IDXGIOutput_AddRef(output);
    } else if (FAILED(IDXGISwapChain1_GetContainingOutput(iface, &sc->target))) {
        sc->target = NULL;
    }
    return S_OK;
#else
    /* Natively the client does not see the display (docs/STATUS.md). */
    return fullscreen ? DXGI_ERROR_NOT_CURRENTLY_AVAILABLE : S_OK;
#endif
}

static HRESULT STDMETHODCALLTYPE sc_GetFullscreenState(IDXGISwapChain1 *iface, BOOL *fullscreen,
                                                       IDXGIOutput **output)
{
    struct d11_swapchain *sc = sc_from(iface);
    if (fullscreen)
        *fullscreen = sc->fullscreen;
    if (output) {
        *output = sc->fullscreen ? sc->target : NULL;
        if (*output)
            IDXGIOutput_AddRef(*output);
    }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetDesc(IDXGISwapChain1 *iface, DXGI_SWAP_CHAIN_DESC *d)
{
    if (!d)
        return E_INVALIDARG;
    *d = sc_from(iface)->desc;
    return S_OK;
}

static HRESULT make_buffer(struct d11_swapchain *sc, struct d11_texture **out,
                           struct d11_texture **resolved);

static void release_more(struct d11_swapchain *sc)
{
    for (UINT i = 0; i < sc->more_count; i++)
        let_go(sc->more[i]);
    sc->more_count = 0;
}

/* The sequential models' (one sample) buffers past the first, made as
 * buffer 0 is. */
static HRESULT make_more(struct d11_swapchain *sc)
{
    DXGI_SWAP_EFFECT e = sc->desc.SwapEffect;
    struct d11_texture *r;
    HRESULT hr;
    sc->more_count = 0;
    if ((e != DXGI_SWAP_EFFECT_SEQUENTIAL && e != DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL) ||
        sc->resolved)
        return S_OK;
    for (UINT i = 1; i < sc->desc.BufferCount; i++) {
        if (FAILED(hr = make_buffer(sc, &sc->more[sc->more_count], &r))) {
            release_more(sc);
            return hr;
        }
        sc->more[sc->more_count++]->no_rtv = true;
    }
    return S_OK;
}

/* New buffers of the size, count and format given (0: as they are; a
 * size of 0: the window's client size).  The application must hold no
 * reference to the old buffer, nor any view of it. */
static HRESULT STDMETHODCALLTYPE sc_ResizeBuffers(IDXGISwapChain1 *iface, UINT count, UINT w,
                                                  UINT h, DXGI_FORMAT format, UINT flags)
{
    struct d11_swapchain *sc = sc_from(iface);
    DXGI_SWAP_CHAIN_DESC old = sc->desc;
    struct d11_texture *t, *r;
    HRESULT hr;
    if (count > DXGI_MAX_SWAP_CHAIN_BUFFERS)
        return DXGI_ERROR_INVALID_CALL;
    /* (The swap chain's binding alone: no reference, no view.) */
    if (__atomic_load_n(&sc->buffer->c.counts, __ATOMIC_SEQ_CST) != D11_BINDING)
        return DXGI_ERROR_INVALID_CALL; /* the buffer is still referenced */
    for (UINT i = 0; i < sc->more_count; i++)
        if (__atomic_load_n(&sc->more[i]->c.counts, __ATOMIC_SEQ_CST) != D11_BINDING)
            return DXGI_ERROR_INVALID_CALL;
    if ((!w || !h) && !nr_window_client_size(sc->desc.OutputWindow, w ? &(UINT){0} : &w,
                                              h ? &(UINT){0} : &h))
        return E_NOTIMPL; /* the window's size is the server's to know natively */
    if (count)
        sc->desc.BufferCount = count;
    if (format)
        sc->desc.BufferDesc.Format = format;
    sc->desc.BufferDesc.Width = w;
    sc->desc.BufferDesc.Height = h;
    sc->desc.Flags = flags;
    if (FAILED(hr = make_buffer(sc, &t, &r))) {
        sc->desc = old;
        return hr;
    }
    let_go(sc->buffer);
    let_go(sc->resolved);
    sc->buffer = t;
    sc->resolved = r;
    release_more(sc);
    if (FAILED(hr = make_more(sc)))
        return hr; /* buffer 0 alone */
    sc->source_w = sc->desc.BufferDesc.Width;
    sc->source_h = sc->desc.BufferDesc.Height;
    return S_OK;
}

/* Windowed: the window's client area takes the mode's size (its frame
 * around it); fullscreen: the display takes the closest mode, and the
 * window covers it.  Natively the window is the server's: E_NOTIMPL. */
static HRESULT STDMETHODCALLTYPE sc_ResizeTarget(IDXGISwapChain1 *iface,
                                                 const DXGI_MODE_DESC *mode)
{
    struct d11_swapchain *sc = sc_from(iface);
    if (!mode)
        return DXGI_ERROR_INVALID_CALL;
#ifdef _WIN32
    HWND hwnd = sc->desc.OutputWindow;
    if (!hwnd || !IsWindow(hwnd))
        return DXGI_ERROR_INVALID_CALL;
    if (sc->fullscreen) {
        UINT refresh = mode->RefreshRate.Denominator
                           ? (mode->RefreshRate.Numerator + mode->RefreshRate.Denominator / 2) /
                                 mode->RefreshRate.Denominator
                           : 0;
        struct nr_mode m, cur;
        unsigned bpp;
        if (!mode->Width || !mode->Height) /* the buffer's size */
            return S_OK;
        if (!nr_display_closest(mode->Width, mode->Height, refresh, &m) ||
            !nr_display_set(&m, 32) || !nr_display_current(&cur, &bpp))
            return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
        SetWindowPos(hwnd, HWND_TOPMOST, 0, 0, (int)cur.w, (int)cur.h, SWP_NOACTIVATE);
        return S_OK;
    }
    if (mode->Width && mode->Height) {
        RECT r = {0, 0, (LONG)mode->Width, (LONG)mode->Height};
        AdjustWindowRectEx(&r, (DWORD)GetWindowLongW(hwnd, GWL_STYLE),
                           GetMenu(hwnd) != NULL, (DWORD)GetWindowLongW(hwnd, GWL_EXSTYLE));
        SetWindowPos(hwnd, NULL, 0, 0, r.right - r.left, r.bottom - r.top,
                     SWP_NOMOVE | SWP_NOZORDER | SWP_NOACTIVATE);
    }
    return S_OK;
#else
    (void)sc;
    return E_NOTIMPL;
#endif
}

/* The output the window is on: the adapter's one. */
static HRESULT STDMETHODCALLTYPE sc_GetContainingOutput(IDXGISwapChain1 *iface,
                                                        IDXGIOutput **out)
{
    struct d11_swapchain *sc = sc_from(iface);
    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    return IDXGIAdapter1_EnumOutputs(sc->dev->adapter, 0, out);
}

static HRESULT STDMETHODCALLTYPE sc_GetFrameStatistics(IDXGISwapChain1 *iface,
                                                       DXGI_FRAME_STATISTICS *s)
{
    (void)iface, (void)s;
    return DXGI_ERROR_FRAME_STATISTICS_DISJOINT;
}

static HRESULT STDMETHODCALLTYPE sc_GetLastPresentCount(IDXGISwapChain1 *iface, UINT *count)
{
    if (!count)
        return E_INVALIDARG;
    *count = (UINT)sc_from(iface)->frames;
    return S_OK;
}

/* ---- DXGI 1.2 */

static HRESULT STDMETHODCALLTYPE sc_GetDesc1(IDXGISwapChain1 *iface, DXGI_SWAP_CHAIN_DESC1 *d)
{
    struct d11_swapchain *sc = sc_from(iface);
    if (!d)
        return E_INVALIDARG;
    memset(d, 0, sizeof(*d));
    d->Width = sc->desc.BufferDesc.Width;
    d->Height = sc->desc.BufferDesc.Height;
    d->Format = sc->desc.BufferDesc.Format;
    d->SampleDesc = sc->desc.SampleDesc;
    d->BufferUsage = sc->desc.BufferUsage;
    d->BufferCount = sc->desc.BufferCount;
    d->Scaling = sc->scaling;
    d->SwapEffect = sc->desc.SwapEffect;
    d->AlphaMode = sc->alpha;
    d->Flags = sc->desc.Flags;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetFullscreenDesc(IDXGISwapChain1 *iface,
                                                      DXGI_SWAP_CHAIN_FULLSCREEN_DESC *d)
{
    struct d11_swapchain *sc = sc_from(iface);
    if (!d)
        return E_INVALIDARG;
    d->RefreshRate = sc->desc.BufferDesc.RefreshRate;
    d->ScanlineOrdering = sc->desc.BufferDesc.ScanlineOrdering;
    d->Scaling = sc->desc.BufferDesc.Scaling;
    d->Windowed = sc->desc.Windowed;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetHwnd(IDXGISwapChain1 *iface, HWND *w)
{
    if (!w)
        return DXGI_ERROR_INVALID_CALL;
    *w = sc_from(iface)->desc.OutputWindow;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetCoreWindow(IDXGISwapChain1 *iface, REFIID riid,
                                                  void **out)
{
    (void)iface, (void)riid;
    if (out)
        *out = NULL;
    return DXGI_ERROR_INVALID_CALL; /* every swap chain here is a window's */
}

/* The dirty and scroll rectangles are hints: the whole buffer is shown,
 * which is what they describe. */
static HRESULT STDMETHODCALLTYPE sc_Present1(IDXGISwapChain1 *iface, UINT interval, UINT flags,
                                             const DXGI_PRESENT_PARAMETERS *params)
{
    (void)params;
    return sc_Present(iface, interval, flags);
}

static BOOL STDMETHODCALLTYPE sc_IsTemporaryMonoSupported(IDXGISwapChain1 *iface)
{
    (void)iface;
    return FALSE;
}

static HRESULT STDMETHODCALLTYPE sc_GetRestrictToOutput(IDXGISwapChain1 *iface,
                                                        IDXGIOutput **out)
{
    (void)iface;
    if (!out)
        return E_INVALIDARG;
    *out = NULL; /* none: no outputs to name */
    return S_OK;
}

/* Only black: it is what the server shows around a DXGI_SCALING_NONE
 * buffer (and the default); another colour would be a picture we do not
 * make. */
static HRESULT STDMETHODCALLTYPE sc_SetBackgroundColor(IDXGISwapChain1 *iface,
                                                       const DXGI_RGBA *c)
{
    (void)iface;
    if (!c || !(c->r >= 0 && c->r <= 1) || !(c->g >= 0 && c->g <= 1) ||
        !(c->b >= 0 && c->b <= 1) || !(c->a >= 0 && c->a <= 1))
        return E_INVALIDARG;
    if (c->r != 0 || c->g != 0 || c->b != 0) {
        NR_WARN(D3D9, "SetBackgroundColor(%g, %g, %g): only black is shown", c->r, c->g, c->b);
        return E_NOTIMPL;
    }
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetBackgroundColor(IDXGISwapChain1 *iface, DXGI_RGBA *c)
{
    (void)iface;
    if (!c)
        return E_INVALIDARG;
    c->r = c->g = c->b = 0;
    c->a = 1;
    return S_OK;
}

/* Rotation is for flip-model swap chains in fullscreen, which are not
 * made; IDENTITY is what a window has. */
static HRESULT STDMETHODCALLTYPE sc_SetRotation(IDXGISwapChain1 *iface, DXGI_MODE_ROTATION r)
{
    (void)iface;
    return r == DXGI_MODE_ROTATION_IDENTITY ? S_OK : DXGI_ERROR_INVALID_CALL;
}

static HRESULT STDMETHODCALLTYPE sc_GetRotation(IDXGISwapChain1 *iface, DXGI_MODE_ROTATION *r)
{
    (void)iface;
    if (!r)
        return E_INVALIDARG;
    *r = DXGI_MODE_ROTATION_IDENTITY;
    return S_OK;
}

/* ---- DXGI 1.3 */

static struct d11_swapchain *sc_from2(IDXGISwapChain2 *iface)
{
    return sc_from((IDXGISwapChain1 *)iface);
}

static HRESULT STDMETHODCALLTYPE sc_SetSourceSize(IDXGISwapChain2 *iface, UINT w, UINT h)
{
    struct d11_swapchain *sc = sc_from2(iface);
    if (!w || !h || w > sc->desc.BufferDesc.Width || h > sc->desc.BufferDesc.Height)
        return E_INVALIDARG;
    sc->source_w = w;
    sc->source_h = h;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetSourceSize(IDXGISwapChain2 *iface, UINT *w, UINT *h)
{
    struct d11_swapchain *sc = sc_from2(iface);
    if (!w || !h)
        return E_INVALIDARG;
    *w = sc->source_w;
    *h = sc->source_h;
    return S_OK;
}

static bool latency_chain(const struct d11_swapchain *sc)
{
    return sc->desc.Flags & DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT;
}

static HRESULT STDMETHODCALLTYPE sc_SetMaximumFrameLatency(IDXGISwapChain2 *iface, UINT n)
{
    struct d11_swapchain *sc = sc_from2(iface);
    if (!latency_chain(sc))
        return DXGI_ERROR_INVALID_CALL;
    if (!n || n > DXGI_MAX_SWAP_CHAIN_BUFFERS)
        return E_INVALIDARG;
#ifdef _WIN32
    if (sc->latency && n > sc->max_latency)
        ReleaseSemaphore(sc->latency, (LONG)(n - sc->max_latency), NULL);
#endif
    sc->max_latency = n;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE sc_GetMaximumFrameLatency(IDXGISwapChain2 *iface, UINT *n)
{
    struct d11_swapchain *sc = sc_from2(iface);
    if (!n)
        return E_INVALIDARG;
    if (!latency_chain(sc))
        return DXGI_ERROR_INVALID_CALL;
    *n = sc->max_latency;
    return S_OK;
}

/* A new handle of the semaphore (the application closes it); natively
 * there are no waitable handles: NULL. */
static HANDLE STDMETHODCALLTYPE sc_GetFrameLatencyWaitableObject(IDXGISwapChain2 *iface)
{
    struct d11_swapchain *sc = sc_from2(iface);
#ifdef _WIN32
    HANDLE dup = NULL;
    if (sc->latency && DuplicateHandle(GetCurrentProcess(), sc->latency, GetCurrentProcess(),
                                       &dup, 0, FALSE, DUPLICATE_SAME_ACCESS))
        return dup;
#else
    (void)sc;
#endif
    return NULL;
}

/* Transforms are for composition swap chains. */
static HRESULT STDMETHODCALLTYPE sc_SetMatrixTransform(IDXGISwapChain2 *iface,
                                                       const DXGI_MATRIX_3X2_F *m)
{
    (void)iface, (void)m;
    return DXGI_ERROR_INVALID_CALL;
}

static HRESULT STDMETHODCALLTYPE sc_GetMatrixTransform(IDXGISwapChain2 *iface,
                                                       DXGI_MATRIX_3X2_F *m)
{
    (void)iface, (void)m;
    return DXGI_ERROR_INVALID_CALL;
}

/* IDXGISwapChain1's vtable, then what IDXGISwapChain2 adds. */
static const struct {
    IDXGISwapChain1Vtbl base;
    HRESULT(STDMETHODCALLTYPE *SetSourceSize)(IDXGISwapChain2 *, UINT, UINT);
    HRESULT(STDMETHODCALLTYPE *GetSourceSize)(IDXGISwapChain2 *, UINT *, UINT *);
    HRESULT(STDMETHODCALLTYPE *SetMaximumFrameLatency)(IDXGISwapChain2 *, UINT);
    HRESULT(STDMETHODCALLTYPE *GetMaximumFrameLatency)(IDXGISwapChain2 *, UINT *);
    HANDLE(STDMETHODCALLTYPE *GetFrameLatencyWaitableObject)(IDXGISwapChain2 *);
    HRESULT(STDMETHODCALLTYPE *SetMatrixTransform)(IDXGISwapChain2 *, const DXGI_MATRIX_3X2_F *);
    HRESULT(STDMETHODCALLTYPE *GetMatrixTransform)(IDXGISwapChain2 *, DXGI_MATRIX_3X2_F *);
} swapchain_vtbl = {{
    sc_QueryInterface,  sc_AddRef,        sc_Release,
    sc_SetPrivateData,  sc_SetPrivateDataInterface, sc_GetPrivateData,
    sc_GetParent,       sc_GetDevice,     sc_Present,
    sc_GetBuffer,       sc_SetFullscreenState, sc_GetFullscreenState,
    sc_GetDesc,         sc_ResizeBuffers, sc_ResizeTarget,
    sc_GetContainingOutput, sc_GetFrameStatistics, sc_GetLastPresentCount,
    sc_GetDesc1,        sc_GetFullscreenDesc, sc_GetHwnd,
    sc_GetCoreWindow,   sc_Present1,      sc_IsTemporaryMonoSupported,
    sc_GetRestrictToOutput, sc_SetBackgroundColor, sc_GetBackgroundColor,
    sc_SetRotation,     sc_GetRotation,
}, sc_SetSourceSize, sc_GetSourceSize, sc_SetMaximumFrameLatency, sc_GetMaximumFrameLatency,
   sc_GetFrameLatencyWaitableObject, sc_SetMatrixTransform, sc_GetMatrixTransform};
_Static_assert(sizeof(swapchain_vtbl) == sizeof(IDXGISwapChain2Vtbl), "swap chain slots");

/* The buffer the application draws into, as the desc says (and where it is
 * multisampled, the single-sampled texture Present resolves it into). */
static HRESULT make_buffer(struct d11_swapchain *sc, struct d11_texture **out,
                           struct d11_texture **resolved)
{
    const DXGI_SWAP_CHAIN_DESC *desc = &sc->desc;
    D3D11_TEXTURE2D_DESC td = {0};
    DXGI_FORMAT store_as = 0;
    bool srgb_views = false;
    switch (desc->BufferDesc.Format) {
    case DXGI_FORMAT_R8G8B8A8_UNORM:
    case DXGI_FORMAT_B8G8R8A8_UNORM:
        /* DXGI lets a UNORM buffer's render-target views be of its sRGB
         * format (the flip models have no sRGB buffers): stored as itself,
         * viewed either way. */
        store_as = desc->BufferDesc.Format;
        srgb_views = true;
        break;
    case DXGI_FORMAT_R8G8B8A8_UNORM_SRGB:
        store_as = DXGI_FORMAT_R8G8B8A8_UNORM;
        break;
    case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB:
        store_as = DXGI_FORMAT_B8G8R8A8_UNORM;
        break;
    /* 10-bit display values, shown converted to the display's 8 bits, and
     * 16-bit float scRGB (linear, 1.0 the SDR white), which the server
     * shows sRGB-encoded and clamped to [0, 1] as Windows does on an SDR
     * display (vkx.c's picture_record). */
    case DXGI_FORMAT_R10G10B10A2_UNORM:
    case DXGI_FORMAT_R16G16B16A16_FLOAT:
        break;
    /* Extended range with a bias (a fullscreen, HDR format): not shown. */
    case DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM:
        return E_NOTIMPL;
    default:
        return E_INVALIDARG; /* not a display format */
    }
    td.Width = desc->BufferDesc.Width;
    td.Height = desc->BufferDesc.Height;
    td.MipLevels = td.ArraySize = 1;
    td.Format = desc->BufferDesc.Format;
    td.SampleDesc.Count = 1;
    td.Usage = D3D11_USAGE_DEFAULT;
    td.BindFlags = D3D11_BIND_RENDER_TARGET;
    *resolved = NULL;
    if (desc->SampleDesc.Count > 1) {
        HRESULT hr = store_as ? d11_texture_create_stored(sc->dev, &td, store_as, resolved)
                              : d11_texture_create(sc->dev, &td, NULL, resolved);
        if (FAILED(hr))
            return hr;
        td.SampleDesc = desc->SampleDesc;
    }
    if (desc->BufferUsage & DXGI_USAGE_SHADER_INPUT)
        td.BindFlags |= D3D11_BIND_SHADER_RESOURCE;
    HRESULT hr = store_as ? d11_texture_create_stored(sc->dev, &td, store_as, out)
                          : d11_texture_create(sc->dev, &td, NULL, out);
    if (SUCCEEDED(hr))
        (*out)->srgb_rtv = srgb_views;
    if (FAILED(hr) && *resolved) {
        ID3D11Texture2D_Release(&(*resolved)->iface);
        *resolved = NULL;
    }
    /* Held by the swap chain's binding from here on (let_go). */
    for (int i = 0; SUCCEEDED(hr) && i < 2; i++) {
        struct d11_texture *t = i ? *resolved : *out;
        if (t) {
            d11_child_bind(&t->c);
            ID3D11Texture2D_Release(&t->iface);
        }
    }
    return hr;
}

HRESULT d11_swapchain_create(struct d11_device *dev, IDXGIFactory *factory,
                             const DXGI_SWAP_CHAIN_DESC *desc, IDXGISwapChain **out)
{
    return swapchain_create(dev, factory, desc, DXGI_SCALING_STRETCH,
                            DXGI_ALPHA_MODE_UNSPECIFIED, (IDXGISwapChain1 **)out);
}

static HRESULT swapchain_create(struct d11_device *dev, IDXGIFactory *factory,
                                const DXGI_SWAP_CHAIN_DESC *desc, DXGI_SCALING scaling,
                                DXGI_ALPHA_MODE alpha, IDXGISwapChain1 **out)
{
    struct d11_swapchain *sc;
    HRESULT hr;

    *out = NULL;
    /* Multisampled buffers with the blt models (DISCARD, SEQUENTIAL), of a
     * count the format has (CheckMultisampleQualityLevels), resolved at
     * Present; the flip models take one sample. */
    if (!desc->BufferCount || desc->BufferCount > DXGI_MAX_SWAP_CHAIN_BUFFERS ||
        !desc->SampleDesc.Count || desc->SwapEffect > DXGI_SWAP_EFFECT_FLIP_DISCARD ||
        (desc->SampleDesc.Count > 1 &&
         (desc->SwapEffect >= DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL ||
          desc->SampleDesc.Count > 32 ||
          (desc->SampleDesc.Count & (desc->SampleDesc.Count - 1)) ||
          !(d11_format_samples(dev, desc->BufferDesc.Format) & desc->SampleDesc.Count) ||
          desc->SampleDesc.Quality)))
        return DXGI_ERROR_INVALID_CALL;
#ifndef _WIN32
    if (!desc->Windowed)
        return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE; /* natively: no fullscreen */
#else
    /* Under Windows a swap chain has a window (natively none: headless). */
    if (!desc->OutputWindow)
        return DXGI_ERROR_INVALID_CALL;
#endif
    if (!(sc = calloc(1, sizeof(*sc))))
        return E_OUTOFMEMORY;
    sc->desc = *desc;
    sc->scaling = scaling;
    sc->alpha = alpha;
    sc->dev = dev;
    /* A size of 0: the window's client area (where the client can know it:
     * under Wine; natively the server knows the window, not us). */
    if ((!sc->desc.BufferDesc.Width || !sc->desc.BufferDesc.Height) &&
        !nr_window_client_size(desc->OutputWindow,
                               sc->desc.BufferDesc.Width ? &(UINT){0}
                                                         : &sc->desc.BufferDesc.Width,
                               sc->desc.BufferDesc.Height ? &(UINT){0}
                                                          : &sc->desc.BufferDesc.Height)) {
        free(sc);
        return E_NOTIMPL;
    }
    if (FAILED(hr = make_buffer(sc, &sc->buffer, &sc->resolved))) {
        free(sc);
        return hr;
    }
    if (FAILED(hr = make_more(sc))) {
        let_go(sc->buffer);
        let_go(sc->resolved);
        free(sc);
        return hr;
    }
    sc->iface.lpVtbl = &swapchain_vtbl.base;
    sc->source_w = sc->desc.BufferDesc.Width;
    sc->source_h = sc->desc.BufferDesc.Height;
    sc->max_latency = 1;
#ifdef _WIN32
    if (latency_chain(sc) &&
        !(sc->latency = CreateSemaphoreW(NULL, 1, DXGI_MAX_SWAP_CHAIN_BUFFERS, NULL))) {
        let_go(sc->buffer);
        release_more(sc);
        let_go(sc->resolved);
        free(sc);
        return E_OUTOFMEMORY;
    }
#endif
    sc->refcount = 1;
    ID3D11Device_AddRef(&dev->iface);
    sc->factory = factory;
    IDXGIFactory_AddRef(factory);
#ifdef _WIN32
    /* Made fullscreen: made windowed, then taken fullscreen. */
    if (!desc->Windowed) {
        sc->desc.Windowed = TRUE;
        if (FAILED(hr = IDXGISwapChain1_SetFullscreenState(&sc->iface, TRUE, NULL))) {
            IDXGISwapChain1_Release(&sc->iface);
            return hr;
        }
    }
#endif
    *out = &sc->iface;
    return S_OK;
}
