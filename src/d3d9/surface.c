/* IDirect3DSurface9: render targets and depth-stencil surfaces (server
 * textures) and offscreen plain surfaces (system memory). */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <stdlib.h>
#include <string.h>

static const IDirect3DSurface9Vtbl surface_vtbl;

struct d3d9_surface *d3d9_surface_from_iface(IDirect3DSurface9 *iface)
{
    /* An interface the application hands in may not be ours. */
    if (!iface || iface->lpVtbl != &surface_vtbl)
        return NULL;
    return (struct d3d9_surface *)iface;
}

static struct d3d9_surface *impl(IDirect3DSurface9 *iface)
{
    return (struct d3d9_surface *)iface;
}

static bool surface_is_bound(struct d3d9_surface *s)
{
    struct d3d9_device *dev = s->device;
    for (int i = 0; i < 4; i++)
        if (dev->render_targets[i] == s)
            return true;
    return dev->depth_stencil == s;
}

void d3d9_surface_destroy(struct d3d9_surface *s)
{
    if (!wire_handle_is_null(s->texture))
        d3d9_device_destroy_object(s->device, WIRE_OBJ_TEXTURE, s->texture);
    free(s->memory);
    free(s);
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
    LONG ref = __atomic_add_fetch(&s->refcount, 1, __ATOMIC_SEQ_CST);
    /* Every surface the application holds keeps the device alive; implicit
     * ones take that reference when their count leaves 0. */
    if (ref == 1 && s->implicit)
        d3d9_device_addref(s->device);
    return (ULONG)ref;
}

static ULONG WINAPI surface_Release(IDirect3DSurface9 *iface)
{
    struct d3d9_surface *s = impl(iface);
    struct d3d9_device *dev = s->device;
    LONG ref = __atomic_sub_fetch(&s->refcount, 1, __ATOMIC_SEQ_CST);

    if (ref)
        return (ULONG)ref;
    if (s->implicit) {
        d3d9_device_release(dev); /* the surface lives on with the device */
        return 0;
    }
    if (surface_is_bound(s)) {
        /* Still a render target or depth surface of the device: D3D9 keeps
         * it alive there; unbind it so nothing can reach freed memory. */
        for (int i = 0; i < 4; i++)
            if (dev->render_targets[i] == s)
                dev->render_targets[i] = i == 0 ? dev->swapchain->back_buffer : NULL;
        if (dev->depth_stencil == s)
            dev->depth_stencil = NULL;
        dev->dirty |= D3D9_DIRTY_TARGETS | D3D9_DIRTY_VIEWPORT | D3D9_DIRTY_BLOCK;
    }
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
    (void)iface; (void)g; (void)data; (void)size; (void)flags;
    D3D9_STUB("IDirect3DResource9::SetPrivateData");
    return E_OUTOFMEMORY; /* nothing stored: never claims success */
}

static HRESULT WINAPI surface_GetPrivateData(IDirect3DSurface9 *iface, REFGUID g,
                                             void *data, DWORD *size)
{
    (void)iface; (void)g; (void)data; (void)size;
    return D3DERR_NOTFOUND;
}

static HRESULT WINAPI surface_FreePrivateData(IDirect3DSurface9 *iface, REFGUID g)
{
    (void)iface; (void)g;
    return D3DERR_NOTFOUND;
}

static DWORD WINAPI surface_SetPriority(IDirect3DSurface9 *iface, DWORD priority)
{
    struct d3d9_surface *s = impl(iface);
    DWORD old = s->priority;
    /* Priority only applies to managed resources; others keep 0. */
    if (s->desc.Pool == D3DPOOL_MANAGED)
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

static HRESULT WINAPI surface_LockRect(IDirect3DSurface9 *iface, D3DLOCKED_RECT *lr,
                                       const RECT *rect, DWORD flags)
{
    struct d3d9_surface *s = impl(iface);
    (void)flags;

    if (!lr)
        return D3DERR_INVALIDCALL;
    lr->pBits = NULL;
    lr->Pitch = 0;
    if (!s->memory || s->locked)
        return D3DERR_INVALIDCALL; /* render targets are not lockable (yet) */
    if (rect && (rect->left < 0 || rect->top < 0 || rect->left >= rect->right ||
                 rect->top >= rect->bottom || (UINT)rect->right > s->desc.Width ||
                 (UINT)rect->bottom > s->desc.Height))
        return D3DERR_INVALIDCALL;
    lr->Pitch = (INT)s->pitch;
    lr->pBits = s->memory + (rect ? (size_t)rect->top * s->pitch +
                                        (size_t)rect->left * s->fmt->bytes
                                  : 0);
    s->locked = true;
    return D3D_OK;
}

static HRESULT WINAPI surface_UnlockRect(IDirect3DSurface9 *iface)
{
    struct d3d9_surface *s = impl(iface);
    if (!s->locked)
        return D3DERR_INVALIDCALL;
    s->locked = false;
    return D3D_OK;
}

static HRESULT WINAPI surface_GetDC(IDirect3DSurface9 *iface, HDC *hdc)
{
    (void)iface;
    if (hdc)
        *hdc = NULL;
    D3D9_STUB("IDirect3DSurface9::GetDC");
    return D3DERR_INVALIDCALL; /* no GDI here */
}

static HRESULT WINAPI surface_ReleaseDC(IDirect3DSurface9 *iface, HDC hdc)
{
    (void)iface; (void)hdc;
    return D3DERR_INVALIDCALL;
}

static const IDirect3DSurface9Vtbl surface_vtbl = {
    surface_QueryInterface, surface_AddRef, surface_Release, surface_GetDevice,
    surface_SetPrivateData, surface_GetPrivateData, surface_FreePrivateData,
    surface_SetPriority, surface_GetPriority, surface_PreLoad, surface_GetType,
    surface_GetContainer, surface_GetDesc, surface_LockRect, surface_UnlockRect,
    surface_GetDC, surface_ReleaseDC,
};

HRESULT d3d9_surface_create(struct d3d9_device *dev, UINT width, UINT height,
                            D3DFORMAT format, DWORD usage, D3DPOOL pool,
                            bool implicit, IUnknown *container,
                            struct d3d9_surface **out)
{
    const struct d3d9_format_info *f = d3d9_format_info(format);
    const struct wire_caps *caps = &dev->tc->caps;
    struct d3d9_surface *s;
    uint64_t pitch;

    if (!f || !width || !height)
        return D3DERR_INVALIDCALL;
    if (width > caps->max_texture_extent || height > caps->max_texture_extent)
        return D3DERR_INVALIDCALL;
    if ((usage & D3DUSAGE_DEPTHSTENCIL) != (f->depth ? D3DUSAGE_DEPTHSTENCIL : 0u))
        return D3DERR_INVALIDCALL;
    if ((usage & D3DUSAGE_RENDERTARGET) &&
        !(d3d9_format_features(caps, format) & WIRE_FEAT_COLOR_TARGET))
        return D3DERR_NOTAVAILABLE;
    if ((usage & D3DUSAGE_DEPTHSTENCIL) &&
        !(d3d9_format_features(caps, format) & WIRE_FEAT_DEPTH_TARGET))
        return D3DERR_NOTAVAILABLE;
    if (!(s = calloc(1, sizeof(*s))))
        return E_OUTOFMEMORY;
    s->IDirect3DSurface9_iface.lpVtbl = &surface_vtbl;
    s->device = dev;
    s->implicit = implicit;
    s->refcount = implicit ? 0 : 1;
    s->container = container;
    s->fmt = f;
    s->desc = (D3DSURFACE_DESC){format, D3DRTYPE_SURFACE, usage, pool,
                                D3DMULTISAMPLE_NONE, 0, width, height};
    if (pool == D3DPOOL_DEFAULT) {
        struct wire_create_texture t = {
            .texture = d3d9_handle_alloc(dev, WIRE_OBJ_TEXTURE),
            .format = f->wire, .type = WIRE_TEX_2D, .width = width, .height = height,
            .depth = 1, .levels = 1,
            .usage = (usage & D3DUSAGE_DEPTHSTENCIL) ? WIRE_TEX_DEPTH_TARGET
                                                     : WIRE_TEX_COLOR_TARGET,
            .swizzle = {WIRE_SWIZZLE_R, WIRE_SWIZZLE_G, WIRE_SWIZZLE_B, WIRE_SWIZZLE_A}};
        if (wire_handle_is_null(t.texture)) {
            free(s);
            return E_OUTOFMEMORY;
        }
        s->texture = t.texture;
        if (!dev->tc->lost)
            wire_emit_CREATE_TEXTURE(&dev->tc->w, &t);
    } else {
        pitch = NR_ALIGN((uint64_t)width * f->bytes, 4u);
        if (pitch * height > (1ull << 31) ||
            !(s->memory = calloc(1, (size_t)(pitch * height)))) {
            free(s);
            return E_OUTOFMEMORY;
        }
        s->pitch = (uint32_t)pitch;
    }
    if (!implicit)
        d3d9_device_addref(dev);
    *out = s;
    return D3D_OK;
}
