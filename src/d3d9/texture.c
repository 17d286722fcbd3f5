/* Textures: IDirect3DTexture9, IDirect3DCubeTexture9, IDirect3DVolumeTexture9,
 * their surfaces and volumes, and the device methods that copy between
 * them.  Not built yet: every call fails cleanly. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

struct d3d9_texture {
    IDirect3DBaseTexture9 IDirect3DBaseTexture9_iface;
};

struct d3d9_texture *d3d9_texture_from_base(IDirect3DBaseTexture9 *iface)
{
    (void)iface;
    return NULL; /* no texture can exist yet */
}

IDirect3DBaseTexture9 *d3d9_texture_base(struct d3d9_texture *t)
{
    return &t->IDirect3DBaseTexture9_iface;
}

wire_handle d3d9_texture_prepare(struct d3d9_texture *t)
{
    (void)t;
    return (wire_handle){0, 0};
}

enum wire_texture_type d3d9_texture_type(const struct d3d9_texture *t)
{
    (void)t;
    return WIRE_TEX_2D;
}

D3DFORMAT d3d9_texture_format(const struct d3d9_texture *t)
{
    (void)t;
    return D3DFMT_UNKNOWN;
}

UINT d3d9_texture_levels(const struct d3d9_texture *t)
{
    (void)t;
    return 0;
}

HRESULT WINAPI d3d9_device_CreateTexture(IDirect3DDevice9 *iface, UINT w, UINT h,
                                         UINT levels, DWORD usage, D3DFORMAT format,
                                         D3DPOOL pool, IDirect3DTexture9 **out,
                                         HANDLE *shared)
{
    (void)iface; (void)w; (void)h; (void)levels; (void)usage; (void)format;
    (void)pool; (void)shared;
    if (out)
        *out = NULL;
    D3D9_STUB("IDirect3DDevice9::CreateTexture");
    return D3DERR_NOTAVAILABLE;
}

HRESULT WINAPI d3d9_device_CreateVolumeTexture(IDirect3DDevice9 *iface, UINT w, UINT h,
                                               UINT d, UINT levels, DWORD usage,
                                               D3DFORMAT format, D3DPOOL pool,
                                               IDirect3DVolumeTexture9 **out,
                                               HANDLE *shared)
{
    (void)iface; (void)w; (void)h; (void)d; (void)levels; (void)usage;
    (void)format; (void)pool; (void)shared;
    if (out)
        *out = NULL;
    D3D9_STUB("IDirect3DDevice9::CreateVolumeTexture");
    return D3DERR_NOTAVAILABLE;
}

HRESULT WINAPI d3d9_device_CreateCubeTexture(IDirect3DDevice9 *iface, UINT edge,
                                             UINT levels, DWORD usage, D3DFORMAT format,
                                             D3DPOOL pool, IDirect3DCubeTexture9 **out,
                                             HANDLE *shared)
{
    (void)iface; (void)edge; (void)levels; (void)usage; (void)format;
    (void)pool; (void)shared;
    if (out)
        *out = NULL;
    D3D9_STUB("IDirect3DDevice9::CreateCubeTexture");
    return D3DERR_NOTAVAILABLE;
}

HRESULT WINAPI d3d9_device_UpdateSurface(IDirect3DDevice9 *iface,
                                         IDirect3DSurface9 *src, const RECT *r,
                                         IDirect3DSurface9 *dst, const POINT *p)
{
    (void)iface; (void)src; (void)r; (void)dst; (void)p;
    D3D9_STUB("IDirect3DDevice9::UpdateSurface");
    return D3DERR_NOTAVAILABLE;
}

HRESULT WINAPI d3d9_device_UpdateTexture(IDirect3DDevice9 *iface,
                                         IDirect3DBaseTexture9 *src,
                                         IDirect3DBaseTexture9 *dst)
{
    (void)iface; (void)src; (void)dst;
    return D3DERR_INVALIDCALL; /* no texture can exist yet */
}

HRESULT WINAPI d3d9_device_StretchRect(IDirect3DDevice9 *iface, IDirect3DSurface9 *src,
                                       const RECT *sr, IDirect3DSurface9 *dst,
                                       const RECT *dr, D3DTEXTUREFILTERTYPE filter)
{
    (void)iface; (void)src; (void)sr; (void)dst; (void)dr; (void)filter;
    D3D9_STUB("IDirect3DDevice9::StretchRect");
    return D3DERR_NOTAVAILABLE;
}

HRESULT WINAPI d3d9_device_ColorFill(IDirect3DDevice9 *iface, IDirect3DSurface9 *surface,
                                     const RECT *r, D3DCOLOR color)
{
    (void)iface; (void)surface; (void)r; (void)color;
    D3D9_STUB("IDirect3DDevice9::ColorFill");
    return D3DERR_NOTAVAILABLE;
}
