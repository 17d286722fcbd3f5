/* IDirect3DSurface9: render targets and depth-stencil surfaces (server
 * textures), offscreen plain surfaces (system memory; in the DEFAULT pool a
 * server texture with a shadow the application locks) and the levels of
 * textures (texture.c owns those: their count and memory are the
 * texture's). */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"
#include "client/kmt.h"

#include <stdlib.h>
#include <string.h>

static const IDirect3DSurface9Vtbl surface_vtbl;

struct d3d9_surface *d3d9_surface_from_iface(IDirect3DSurface9 *iface)
{
    /* An interface the application hands in may not be ours. */
    if (!iface || d3d9_base_vtbl(iface->lpVtbl) != (const void *)&surface_vtbl)
        return NULL;
    return (struct d3d9_surface *)iface;
}

static struct d3d9_surface *impl(IDirect3DSurface9 *iface)
{
    return (struct d3d9_surface *)iface;
}

void d3d9_surface_pin(struct d3d9_surface *s, int delta)
{
    if (s->parent) {
        /* A level of a texture: the texture lives on for it. */
        d3d9_texture_pin(s->parent, delta);
        return;
    }
    s->binds += (uint32_t)delta;
    /* Implicit surfaces go with their swap chain or the device. */
    if (!s->binds && !s->implicit && !__atomic_load_n(&s->refcount, __ATOMIC_SEQ_CST))
        d3d9_surface_destroy(s);
}

void d3d9_surface_destroy(struct d3d9_surface *s)
{
    nr_private_clear(&s->private_data);
    if (!s->parent) { /* a level's texture and memory are its texture's */
        if (!wire_handle_is_null(s->texture))
            d3d9_device_destroy_object(s->device, WIRE_OBJ_TEXTURE, s->texture);
        d3d9_vidmem(s->device, -(int64_t)s->vidmem);
        if (!s->user_memory)
            free(s->memory);
    }
    free(s);
}

void d3d9_surface_use_memory(struct d3d9_surface *s, void *memory)
{
    const struct d3d9_format_info *f = s->fmt;
    if (!s->user_memory)
        free(s->memory);
    s->memory = memory;
    s->user_memory = true;
    s->pitch = (s->desc.Width + f->block - 1) / f->block * f->bytes;
}

static HRESULT WINAPI surface_QueryInterface(IDirect3DSurface9 *iface, REFIID riid,
                                             void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IDirect3DSurface9) ||
        IsEqualGUID(riid, &IID_IDirect3DResource9) ||
        IsEqualGUID(riid, &IID_IUnknown)) {
        IDirect3DSurface9_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG WINAPI surface_AddRef(IDirect3DSurface9 *iface)
{
    struct d3d9_surface *s = impl(iface);
    LONG ref;
    /* The levels of a texture count as the texture (Wine's tests of
     * GetSurfaceLevel: only texture sub-levels forward). */
    if (s->container && s->parent)
        return s->container->lpVtbl->AddRef(s->container);
    ref = __atomic_add_fetch(&s->refcount, 1, __ATOMIC_SEQ_CST);
    /* Every surface the application holds keeps the device alive; implicit
     * ones take that reference when their count leaves 0, and so do others
     * the device kept bound after their last Release (Get*). */
    if (ref == 1) {
        d3d9_device_addref(s->device);
        if (!s->implicit && s->desc.Pool == D3DPOOL_DEFAULT)
            s->device->default_objects++;
    }
    return (ULONG)ref;
}

static ULONG WINAPI surface_Release(IDirect3DSurface9 *iface)
{
    struct d3d9_surface *s = impl(iface);
    struct d3d9_device *dev = s->device;
    LONG ref;

    if (s->container && s->parent)
        return s->container->lpVtbl->Release(s->container);
    /* An implicit surface at 0 stays at 0 (Wine's device test_refcount:
     * Windows answers 0 to such a Release). */
    if (s->implicit && !__atomic_load_n(&s->refcount, __ATOMIC_SEQ_CST))
        return 0;
    ref = __atomic_sub_fetch(&s->refcount, 1, __ATOMIC_SEQ_CST);
    if (ref)
        return (ULONG)ref;
    if (s->implicit) {
        d3d9_device_release(dev); /* the surface lives on with the device */
        return 0;
    }
    if (s->desc.Pool == D3DPOOL_DEFAULT)
        dev->default_objects--;
    /* Still a render target or depth surface: it lives on there. */
    if (!s->binds)
        d3d9_surface_destroy(s);
    d3d9_device_release(dev);
    return 0;
}

static HRESULT WINAPI surface_GetDevice(IDirect3DSurface9 *iface,
                                        IDirect3DDevice9 **out)
{
    struct d3d9_surface *s = impl(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = &s->device->IDirect3DDevice9_iface;
    IDirect3DDevice9_AddRef(*out);
    return D3D_OK;
}

static HRESULT WINAPI surface_SetPrivateData(IDirect3DSurface9 *iface, REFGUID g,
                                             const void *data, DWORD size, DWORD flags)
{
    return d3d9_private_set(&impl(iface)->private_data, g, data, size, flags);
}

static HRESULT WINAPI surface_GetPrivateData(IDirect3DSurface9 *iface, REFGUID g,
                                             void *data, DWORD *size)
{
    return d3d9_private_get(&impl(iface)->private_data, g, data, size);
}

static HRESULT WINAPI surface_FreePrivateData(IDirect3DSurface9 *iface, REFGUID g)
{
    return d3d9_private_free(&impl(iface)->private_data, g);
}

static DWORD WINAPI surface_SetPriority(IDirect3DSurface9 *iface, DWORD priority)
{
    struct d3d9_surface *s = impl(iface);
    DWORD old = s->priority;
    /* Priority only applies to managed resources, and a texture's level
     * surfaces have none of their own (Wine's test_resource_priority, on
     * Windows); others keep 0. */
    if (s->desc.Pool == D3DPOOL_MANAGED && !s->parent)
        s->priority = priority;
    return old;
}

static DWORD WINAPI surface_GetPriority(IDirect3DSurface9 *iface)
{
    return impl(iface)->priority;
}

static void WINAPI surface_PreLoad(IDirect3DSurface9 *iface)
{
    (void)iface;
}

static D3DRESOURCETYPE WINAPI surface_GetType(IDirect3DSurface9 *iface)
{
    (void)iface;
    return D3DRTYPE_SURFACE;
}

static HRESULT WINAPI surface_GetContainer(IDirect3DSurface9 *iface, REFIID riid,
                                           void **out)
{
    struct d3d9_surface *s = impl(iface);
    IUnknown *container = s->container ? s->container
                                       : (IUnknown *)&s->device->IDirect3DDevice9_iface;
    if (!out)
        return D3DERR_INVALIDCALL;
    return container->lpVtbl->QueryInterface(container, riid, out);
}

static HRESULT WINAPI surface_GetDesc(IDirect3DSurface9 *iface, D3DSURFACE_DESC *desc)
{
    if (!desc)
        return D3DERR_INVALIDCALL;
    *desc = impl(iface)->desc;
    return D3D_OK;
}

/* A rectangle inside the surface, on block boundaries except at its edges.
 * Outside the DEFAULT pool a lock may cut blocks (Wine's device tests pin
 * it on Windows): the rectangle is widened to the blocks it touches. */
static bool valid_rect(const struct d3d9_surface *s, RECT *r)
{
    UINT bh = s->fmt->block, bw = s->fmt->pairs ? 2 : bh; /* YUY2: 2x1 */
    if (r->left < 0 || r->top < 0 || r->left >= r->right || r->top >= r->bottom ||
        (UINT)r->right > s->desc.Width || (UINT)r->bottom > s->desc.Height)
        return false;
    if (s->desc.Pool != D3DPOOL_DEFAULT && bw > 1) {
        r->left -= r->left % (LONG)bw;
        r->top -= r->top % (LONG)bh;
        r->right = NR_MIN(NR_ALIGN((UINT)r->right, bw), s->desc.Width);
        r->bottom = NR_MIN(NR_ALIGN((UINT)r->bottom, bh), s->desc.Height);
        return true;
    }
    return !(r->left % bw) && !(r->top % bh) &&
           (!(r->right % bw) || (UINT)r->right == s->desc.Width) &&
           (!(r->bottom % bh) || (UINT)r->bottom == s->desc.Height);
}

static HRESULT WINAPI surface_LockRect(IDirect3DSurface9 *iface, D3DLOCKED_RECT *lr,
                                       const RECT *rect, DWORD flags)
{
    struct d3d9_surface *s = impl(iface);
    RECT all = {0, 0, (LONG)s->desc.Width, (LONG)s->desc.Height};
    const RECT *outside = NULL;

    if (!lr)
        return D3DERR_INVALIDCALL;
    if (s->parent)
        return d3d9_texture_lock_sub(s->parent, s->sub, lr, rect, flags);
    /* A refused lock leaves *lr as it was (Wine's device tests check it on
     * Windows).  Targets lock only when made lockable, never multisampled. */
    if (s->locked || (!s->memory && !s->lockable && !s->dc_lock) || s->samples > 1)
        return D3DERR_INVALIDCALL;
    if (rect) {
        RECT r = *rect;
        if (valid_rect(s, &r))
            all = r;
        else if (s->desc.Pool == D3DPOOL_DEFAULT)
            return D3DERR_INVALIDCALL;
        else
            outside = rect; /* see below */
    }
    rect = &all;
    if (!s->memory) {
        if (!(s->memory = calloc(1, (size_t)d3d9_format_slice_bytes(s->fmt, s->desc.Width,
                                                                      s->desc.Height))))
            return E_OUTOFMEMORY;
        s->pitch = d3d9_format_pitch(s->fmt, s->desc.Width);
    }
    /* A target may have been drawn into since the last lock, and a DEFAULT
     * plain surface the server wrote is newer than its shadow: bring the
     * locked rectangle up to date first, unless the application throws the
     * contents away. */
    if ((s->gpu_newer || s->lockable || s->dc_lock) && !wire_handle_is_null(s->texture) &&
        !(flags & D3DLOCK_DISCARD) &&
        !s->device->tc->lost) {
        HRESULT hr;
        if ((s->lockable || s->dc_lock) && !s->fmt->packed_bytes)
            hr = d3d9_surface_read(s, rect,
                                   s->memory + (size_t)(rect->top / s->fmt->block) * s->pitch +
                                       (size_t)(rect->left / s->fmt->block) * s->fmt->bytes,
                                   s->pitch);
        else
            hr = d3d9_surface_read(s, NULL, s->memory, s->pitch);
        if (FAILED(hr))
            return hr;
        s->gpu_newer = false;
    }
    lr->Pitch = (INT)s->pitch;
    lr->pBits = s->memory + (size_t)(rect->top / s->fmt->block) * s->pitch +
                (size_t)(rect->left / s->fmt->block) * s->fmt->bytes;
    /* Outside the DEFAULT pool Windows XP accepts a rectangle that is not
     * inside the surface and points where it says (Wine's device
     * test_lockrect_invalid); such surfaces send nothing at unlock. */
    if (outside)
        lr->pBits = s->memory +
                    (ptrdiff_t)(outside->top / (LONG)s->fmt->block) * (ptrdiff_t)s->pitch +
                    (ptrdiff_t)(outside->left / (LONG)s->fmt->block) *
                        (ptrdiff_t)s->fmt->bytes;
    s->lock_flags = flags;
    /* A packed format's unlock sends the whole surface (see level_box). */
    s->lock_rect = d3d9_format_whole(s->fmt)
                       ? (RECT){0, 0, (LONG)s->desc.Width, (LONG)s->desc.Height}
                       : *rect;
    s->locked = true;
    return D3D_OK;
}

static HRESULT WINAPI surface_UnlockRect(IDirect3DSurface9 *iface)
{
    struct d3d9_surface *s = impl(iface);
    const RECT *r = &s->lock_rect;

    if (s->parent)
        return d3d9_texture_unlock_sub(s->parent, s->sub);
    if (!s->locked)
        return D3DERR_INVALIDCALL;
    s->locked = false;
    /* A DEFAULT plain surface or a lockable target sends what the lock may
     * have changed. */
    if (!wire_handle_is_null(s->texture) && !(s->lock_flags & D3DLOCK_READONLY) &&
        !s->device->tc->lost) {
        UINT b = s->fmt->block;
        d3d9_texture_write_box(s->device, s->texture, s->fmt, s->level, s->layer,
                               (uint32_t)r->left, (uint32_t)r->top, 0,
                               (uint32_t)(r->right - r->left),
                               (uint32_t)(r->bottom - r->top), 1,
                               s->memory + (size_t)(r->top / b) * s->pitch +
                                   (size_t)(r->left / b) * s->fmt->bytes,
                               s->pitch, 0);
    }
    return D3D_OK;
}

/* GetDC: a GDI memory DC over a DIB section holding a copy of the
 * surface's texels, for the formats GDI draws (32-bit RGB and the 16-bit
 * 5-6-5 and 5-5-5 layouts).  The surface is locked while the DC exists, and
 * only one surface of a texture may have a DC, none while another level is
 * locked (Wine's device test_getdc pins these on Windows).  ReleaseDC
 * copies the DIB back and unlocks, which sends it to the server as an
 * unlock does.  Natively there is no GDI: GetDC fails. */
#ifdef _WIN32
static bool dc_format(D3DFORMAT f, WORD *bits, DWORD masks[3])
{
    switch (f) {
    case D3DFMT_A8R8G8B8:
    case D3DFMT_X8R8G8B8:
        *bits = 32;
        masks[0] = masks[1] = masks[2] = 0;
        return true;
    case D3DFMT_R5G6B5:
        *bits = 16;
        masks[0] = 0xf800, masks[1] = 0x07e0, masks[2] = 0x001f;
        return true;
    case D3DFMT_X1R5G5B5:
    case D3DFMT_A1R5G5B5:
        *bits = 16;
        masks[0] = 0x7c00, masks[1] = 0x03e0, masks[2] = 0x001f;
        return true;
    default:
        return false;
    }
}
#endif


#ifdef _WIN32
/* The surface has a DC (its texture counts it). */
static HRESULT dc_made(struct d3d9_surface *s, HDC dc, HDC *out)
{
    s->dc = dc;
    if (s->parent)
        d3d9_texture_dc(s->parent, 1);
    *out = dc;
    return D3D_OK;
}
#endif

static HRESULT WINAPI surface_GetDC(IDirect3DSurface9 *iface, HDC *hdc)
{
#ifdef _WIN32
    struct d3d9_surface *s = impl(iface);
    struct {
        BITMAPINFOHEADER h;
        DWORD masks[3];
    } bi = {{sizeof(BITMAPINFOHEADER)}};
    D3DLOCKED_RECT lr;
    void *bits = NULL;
    HBITMAP bitmap;
    HDC dc;
    HRESULT hr;

    if (!hdc)
        return D3DERR_INVALIDCALL;
    if (s->dc || s->samples > 1 || !dc_format(s->desc.Format, &bi.h.biBitCount, bi.masks) ||
        (s->parent && d3d9_texture_any_locked(s->parent)))
        return D3DERR_INVALIDCALL;
    /* A target without a lockable shadow gets one for the DC. */
    s->dc_lock = true;
    hr = IDirect3DSurface9_LockRect(iface, &lr, NULL, 0);
    s->dc_lock = false;
    if (FAILED(hr))
        return D3DERR_INVALIDCALL;
    {
        HDC screen = GetDC(NULL);
        nr_kmt_create_dc kd = {lr.pBits, s->desc.Format, s->desc.Width, s->desc.Height,
                               (UINT)lr.Pitch, screen, NULL, NULL, NULL};
        LONG status = D3DKMTCreateDCFromMemory(&kd);
        ReleaseDC(NULL, screen);
        if (!status && kd.hDc) {
            s->dc_bitmap = kd.hBitmap;
            s->dc_kmt = true;
            return dc_made(s, kd.hDc, hdc);
        }
    }
    /* Otherwise a DIB section of ours, copied to and from the lock. */
    s->dc_kmt = false;
    bi.h.biWidth = (LONG)s->desc.Width;
    bi.h.biHeight = -(LONG)s->desc.Height; /* top-down, as the surface */
    bi.h.biPlanes = 1;
    bi.h.biCompression = bi.h.biBitCount == 16 ? BI_BITFIELDS : BI_RGB;
    if (!(dc = CreateCompatibleDC(NULL))) {
        IDirect3DSurface9_UnlockRect(iface);
        return D3DERR_INVALIDCALL;
    }
    bitmap = CreateDIBSection(dc, (BITMAPINFO *)&bi, DIB_RGB_COLORS, &bits, NULL, 0);
    if (!bitmap || !bits) {
        DeleteDC(dc);
        IDirect3DSurface9_UnlockRect(iface);
        return D3DERR_INVALIDCALL;
    }
    s->dc_row = ((s->desc.Width * bi.h.biBitCount + 31) / 32) * 4;
    for (UINT y = 0; y < s->desc.Height; y++)
        memcpy((uint8_t *)bits + (size_t)y * s->dc_row, (uint8_t *)lr.pBits + (size_t)y * lr.Pitch,
               s->desc.Width * bi.h.biBitCount / 8);
    s->dc_old = SelectObject(dc, bitmap);
    s->dc_bitmap = bitmap;
    s->dc_bits = bits;
    s->dc_lock_bits = lr.pBits;
    s->dc_lock_pitch = lr.Pitch;
    return dc_made(s, dc, hdc);
#else
    (void)iface;
    (void)hdc;
    return D3DERR_INVALIDCALL; /* no GDI here */
#endif
}

static HRESULT WINAPI surface_ReleaseDC(IDirect3DSurface9 *iface, HDC hdc)
{
#ifdef _WIN32
    struct d3d9_surface *s = impl(iface);
    UINT bytes;

    if (!s->dc || hdc != s->dc)
        return D3DERR_INVALIDCALL;
    GdiFlush();
    if (s->dc_kmt) {
        nr_kmt_destroy_dc kd = {s->dc, s->dc_bitmap};
        D3DKMTDestroyDCFromMemory(&kd);
        s->dc = NULL;
        s->dc_kmt = false;
        if (s->parent)
            d3d9_texture_dc(s->parent, -1);
        IDirect3DSurface9_UnlockRect(iface);
        return D3D_OK;
    }
    bytes = s->desc.Format == D3DFMT_A8R8G8B8 || s->desc.Format == D3DFMT_X8R8G8B8 ? 4 : 2;
    for (UINT y = 0; y < s->desc.Height; y++)
        memcpy((uint8_t *)s->dc_lock_bits + (size_t)y * s->dc_lock_pitch,
               (uint8_t *)s->dc_bits + (size_t)y * s->dc_row, s->desc.Width * bytes);
    SelectObject(s->dc, s->dc_old);
    DeleteObject(s->dc_bitmap);
    DeleteDC(s->dc);
    s->dc = NULL;
    if (s->parent)
        d3d9_texture_dc(s->parent, -1);
    IDirect3DSurface9_UnlockRect(iface);
    return D3D_OK;
#else
    (void)iface;
    (void)hdc;
    return D3DERR_INVALIDCALL;
#endif
}

static const IDirect3DSurface9Vtbl surface_vtbl = {
    surface_QueryInterface, surface_AddRef, surface_Release, surface_GetDevice,
    surface_SetPrivateData, surface_GetPrivateData, surface_FreePrivateData,
    surface_SetPriority, surface_GetPriority, surface_PreLoad, surface_GetType,
    surface_GetContainer, surface_GetDesc, surface_LockRect, surface_UnlockRect,
    surface_GetDC, surface_ReleaseDC,
};

static HRESULT surface_create(struct d3d9_device *dev, UINT width, UINT height,
                              D3DFORMAT format, DWORD usage, D3DPOOL pool,
                              bool implicit, IUnknown *container,
                              D3DMULTISAMPLE_TYPE ms, DWORD quality, uint32_t samples,
                              HANDLE *shared, struct d3d9_surface **out);

HRESULT d3d9_surface_create(struct d3d9_device *dev, UINT width, UINT height,
                            D3DFORMAT format, DWORD usage, D3DPOOL pool,
                            bool implicit, IUnknown *container,
                            struct d3d9_surface **out)
{
    return surface_create(dev, width, height, format, usage, pool, implicit, container,
                          D3DMULTISAMPLE_NONE, 0, 1, NULL, out);
}

HRESULT d3d9_surface_create_shared(struct d3d9_device *dev, UINT width, UINT height,
                                   D3DFORMAT format, DWORD usage, HANDLE *shared,
                                   struct d3d9_surface **out)
{
    return surface_create(dev, width, height, format, usage, D3DPOOL_DEFAULT, false, NULL,
                          D3DMULTISAMPLE_NONE, 0, 1, shared, out);
}

HRESULT d3d9_surface_create_ms(struct d3d9_device *dev, UINT width, UINT height,
                               D3DFORMAT format, DWORD usage, D3DMULTISAMPLE_TYPE ms,
                               DWORD quality, bool implicit, IUnknown *container,
                               struct d3d9_surface **out)
{
    uint32_t samples;
    if (ms == D3DMULTISAMPLE_NONE)
        return quality ? D3DERR_INVALIDCALL
                       : d3d9_surface_create(dev, width, height, format, usage,
                                             D3DPOOL_DEFAULT, implicit, container, out);
    if ((uint32_t)ms > D3DMULTISAMPLE_16_SAMPLES)
        return D3DERR_INVALIDCALL;
    if (!(usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL)))
        return D3DERR_INVALIDCALL;
    /* CheckDeviceMultiSampleType reports one quality level for every type
     * there is: quality must be below it, as D3D9 documents. */
    if (quality >= 1)
        return D3DERR_INVALIDCALL;
    /* A type the device lacks is a bad call (Wine's
     * test_invalid_multisample, on Windows). */
    if (!(samples = d3d9_multisample_count(&dev->tc->caps, format, ms)))
        return D3DERR_INVALIDCALL;
    return surface_create(dev, width, height, format, usage, D3DPOOL_DEFAULT, implicit,
                          container, ms, quality, samples, NULL, out);
}

static HRESULT surface_create(struct d3d9_device *dev, UINT width, UINT height,
                              D3DFORMAT format, DWORD usage, D3DPOOL pool,
                              bool implicit, IUnknown *container,
                              D3DMULTISAMPLE_TYPE ms, DWORD quality, uint32_t samples,
                              HANDLE *shared, struct d3d9_surface **out)
{
    const struct d3d9_format_info *f = d3d9_format_info(format);
    const struct wire_caps *caps = &dev->tc->caps;
    struct d3d9_surface *s;
    uint64_t pitch;
    bool plain;

    if (!f || !width || !height)
        return D3DERR_INVALIDCALL;
    /* Block-compressed surfaces are whole blocks (as on Windows). */
    if (f->block > 1 && (width % f->block || height % f->block))
        return D3DERR_INVALIDCALL;
    if (width > caps->max_texture_extent || height > caps->max_texture_extent)
        return D3DERR_INVALIDCALL;
    if ((usage & D3DUSAGE_DEPTHSTENCIL) != (f->depth ? D3DUSAGE_DEPTHSTENCIL : 0u))
        return D3DERR_INVALIDCALL;
    /* A format that cannot be a target: INVALIDCALL, as Windows answers
     * (Wine's d3d9ex test_resource_access). */
    if ((usage & D3DUSAGE_RENDERTARGET) &&
        !(d3d9_format_features(caps, format) & WIRE_FEAT_COLOR_TARGET))
        return D3DERR_INVALIDCALL;
    if ((usage & D3DUSAGE_DEPTHSTENCIL) &&
        !(d3d9_format_features(caps, format) & WIRE_FEAT_DEPTH_TARGET))
        return D3DERR_INVALIDCALL;
    /* NULL: render targets only, with no texels on the server. */
    if (f->null_target && (!(usage & D3DUSAGE_RENDERTARGET) || pool != D3DPOOL_DEFAULT))
        return D3DERR_INVALIDCALL;
    /* Plain surfaces (neither target nor depth) keep the memory a lock
     * hands out; in the DEFAULT pool also a server texture, which blits,
     * fills and UpdateSurface use.  Such a texture is a colour target where
     * the format can be one, so that ColorFill can fill it. */
    plain = !(usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL));
    /* Only SCRATCH takes a format the device lacks; the others answer
     * INVALIDCALL, CreateOffscreenPlainSurface's one documented failure. */
    if (pool != D3DPOOL_SCRATCH && plain &&
        (!(d3d9_format_features(caps, format) & WIRE_FEAT_TRANSFER) || f->packed_bytes))
        return D3DERR_INVALIDCALL;
    if (!(s = calloc(1, sizeof(*s))))
        return E_OUTOFMEMORY;
    s->IDirect3DSurface9_iface.lpVtbl = &surface_vtbl;
    s->device = dev;
    s->implicit = implicit;
    s->refcount = implicit ? 0 : 1;
    s->container = container;
    s->fmt = f;
    s->desc = (D3DSURFACE_DESC){format, D3DRTYPE_SURFACE, usage, pool,
                                ms, quality, width, height};
    s->samples = samples;
    if (plain) {
        pitch = d3d9_format_pitch(f, width);
        if (d3d9_format_slice_bytes(f, width, height) > (1ull << 31) ||
            !(s->memory = calloc(1, (size_t)d3d9_format_slice_bytes(f, width, height)))) {
            free(s);
            return E_OUTOFMEMORY;
        }
        s->pitch = (uint32_t)pitch;
    }
    if (pool == D3DPOOL_DEFAULT && !f->null_target) {
        uint32_t feat = d3d9_format_features(caps, format);
        struct wire_create_texture t = {
            .texture = d3d9_handle_alloc(dev, WIRE_OBJ_TEXTURE),
            .format = f->wire, .type = WIRE_TEX_2D, .width = width, .height = height,
            .depth = 1, .levels = 1,
            .usage = (usage & D3DUSAGE_DEPTHSTENCIL)   ? WIRE_TEX_DEPTH_TARGET
                     : !plain                          ? WIRE_TEX_COLOR_TARGET
                     : (feat & WIRE_FEAT_COLOR_TARGET) ? WIRE_TEX_COLOR_TARGET
                                                       : 0,
            .swizzle = {f->swizzle[0], f->swizzle[1], f->swizzle[2], f->swizzle[3]},
            .samples = samples};
        if (wire_handle_is_null(t.texture)) {
            free(s->memory);
            free(s);
            return E_OUTOFMEMORY;
        }
        s->texture = t.texture;
        HRESULT hr = d3d9_texture_emit(dev, &t, D3DRTYPE_SURFACE, format, usage, 1, shared);
        if (FAILED(hr)) {
            free(s->memory);
            free(s);
            return hr;
        }
        s->vidmem = d3d9_format_slice_bytes(f, width, height) * NR_MAX(samples, 1u);
        d3d9_vidmem(dev, (int64_t)s->vidmem);
    }
    if (!implicit) {
        d3d9_device_addref(dev);
        if (pool == D3DPOOL_DEFAULT)
            dev->default_objects++; /* Reset needs them gone */
    }
    *out = s;
    return D3D_OK;
}

struct d3d9_surface *d3d9_surface_create_level(struct d3d9_device *dev,
                                               struct d3d9_texture *parent,
                                               IUnknown *container, uint32_t sub,
                                               const D3DSURFACE_DESC *desc,
                                               wire_handle texture, uint32_t level,
                                               uint32_t layer, uint8_t *memory,
                                               uint32_t pitch)
{
    struct d3d9_surface *s = calloc(1, sizeof(*s));
    if (!s)
        return NULL;
    s->samples = 1; /* textures are never multisampled */
    s->IDirect3DSurface9_iface.lpVtbl = &surface_vtbl;
    s->device = dev;
    s->container = container;
    s->parent = parent;
    s->sub = sub;
    s->desc = *desc;
    s->fmt = d3d9_format_info(desc->Format);
    s->texture = texture;
    s->level = level;
    s->layer = layer;
    s->memory = memory;
    s->pitch = pitch;
    return s;
}

HRESULT d3d9_surface_read(struct d3d9_surface *s, const RECT *rect, uint8_t *dst,
                          uint32_t pitch)
{
    RECT all = {0, 0, (LONG)s->desc.Width, (LONG)s->desc.Height};
    if (!rect)
        rect = &all;
    if (wire_handle_is_null(s->texture))
        return D3DERR_INVALIDCALL;
    if (s->device->tc->lost)
        return D3DERR_DEVICELOST;
    return d3d9_texture_read_box(s->device, s->texture, s->fmt, s->level, s->layer,
                                 (uint32_t)rect->left, (uint32_t)rect->top, 0,
                                 (uint32_t)(rect->right - rect->left),
                                 (uint32_t)(rect->bottom - rect->top), 1, dst, pitch, 0)
               ? D3D_OK
               : D3DERR_DEVICELOST;
}

/* D3D9 copies the front buffer into an A8R8G8B8 system-memory surface.
 * Headless, the front buffer is what Present last showed: a flipping
 * chain's front buffer, or else the back buffer's texture, which holds that
 * picture until the application draws into it again (the copy and discard
 * effects keep no separate copy).  The
 * surface may be larger than the back buffer (D3D9 asks for one of the
 * screen's size): the picture goes to its top-left corner, the rest black. */
HRESULT d3d9_swapchain_get_front_buffer_data(struct d3d9_swapchain *sc,
                                             IDirect3DSurface9 *dst_iface)
{
    struct d3d9_device *dev = sc->device;
    struct d3d9_surface *dst = d3d9_surface_from_iface(dst_iface);
    /* The presented image: the resolved one of a multisampled back buffer,
     * the front buffer of a flipping chain. */
    struct d3d9_surface *bb = d3d9_swapchain_front(sc);
    UINT w = bb->desc.Width, h = bb->desc.Height;
    uint32_t row = w * bb->fmt->bytes;
    uint8_t *tmp;
    HRESULT hr;

    if (!dst || dst->device != dev || !dst->memory || dst->locked ||
        dst->desc.Format != D3DFMT_A8R8G8B8 ||
        (dst->desc.Pool != D3DPOOL_SYSTEMMEM && dst->desc.Pool != D3DPOOL_SCRATCH) ||
        dst->desc.Width < w || dst->desc.Height < h)
        return D3DERR_INVALIDCALL;
    if (bb->fmt->format != D3DFMT_X8R8G8B8 && bb->fmt->format != D3DFMT_A8R8G8B8 &&
        bb->fmt->format != D3DFMT_R5G6B5)
        return D3DERR_NOTAVAILABLE;
    if (dev->tc->lost)
        return D3DERR_DEVICELOST;
    if (!(tmp = malloc((size_t)row * h)))
        return E_OUTOFMEMORY;
    if (FAILED(hr = d3d9_surface_read(bb, NULL, tmp, row))) {
        free(tmp);
        return hr;
    }
    for (UINT y = 0; y < dst->desc.Height; y++) {
        uint32_t *out = (uint32_t *)(dst->memory + (size_t)y * dst->pitch);
        for (UINT x = 0; x < dst->desc.Width; x++) {
            uint32_t c = 0;
            if (x < w && y < h) {
                const uint8_t *in = tmp + (size_t)y * row + (size_t)x * bb->fmt->bytes;
                if (bb->fmt->bytes == 4) {
                    memcpy(&c, in, 4);
                } else {
                    uint16_t p;
                    memcpy(&p, in, 2);
                    c = (uint32_t)((p >> 11) * 255 / 31) << 16 |
                        (uint32_t)(((p >> 5) & 63) * 255 / 63) << 8 |
                        (uint32_t)((p & 31) * 255 / 31);
                }
            }
            out[x] = c | 0xff000000u; /* the front buffer has no alpha */
        }
    }
    free(tmp);
    return D3D_OK;
}
