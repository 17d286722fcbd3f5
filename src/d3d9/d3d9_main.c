/* IDirect3D9: the adapter (one: the server's Vulkan device), its modes,
 * format checks and caps, and CreateDevice.
 *
 * The object opens a session with the server when it is created and keeps
 * it: the caps come from its handshake, and an inproc server stays up for
 * the devices created from it.  When no server can be had the object still
 * exists, with no adapter, and CreateDevice fails with D3DERR_NOTAVAILABLE. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline struct d3d9 *impl_from_IDirect3D9(IDirect3D9 *iface)
{
    return (struct d3d9 *)iface;
}

/* Display formats: X8R8G8B8 (the display's 32-bit modes) and R5G6B5 (its
 * 16-bit ones); the modes are the display's (window.c), read when the
 * object is made, as D3D9 does. */
static bool adapter_format_ok(D3DFORMAT f)
{
    return f == D3DFMT_X8R8G8B8 || f == D3DFMT_R5G6B5;
}

static unsigned format_index(D3DFORMAT f)
{
    return f == D3DFMT_R5G6B5;
}

unsigned d3d9_format_bpp(D3DFORMAT f)
{
    return f == D3DFMT_R5G6B5 || f == D3DFMT_X1R5G5B5 || f == D3DFMT_A1R5G5B5 ? 16 : 32;
}

/* The display format a back buffer format shows on in fullscreen (alpha
 * dropped); UNKNOWN where there is none. */
D3DFORMAT d3d9_display_format_of(D3DFORMAT bb)
{
    switch (bb) {
    case D3DFMT_X8R8G8B8:
    case D3DFMT_A8R8G8B8:
        return D3DFMT_X8R8G8B8;
    case D3DFMT_R5G6B5:
        return D3DFMT_R5G6B5;
    default:
        return D3DFMT_UNKNOWN;
    }
}

bool d3d9_mode_exists(const struct d3d9 *d3d, D3DFORMAT display, UINT w, UINT h,
                      UINT refresh)
{
    unsigned fi;
    if (!adapter_format_ok(display))
        return false;
    fi = format_index(display);
    for (size_t i = 0; i < d3d->mode_count[fi]; i++)
        if (d3d->modes[fi][i].w == w && d3d->modes[fi][i].h == h &&
            (!refresh || d3d->modes[fi][i].refresh == refresh))
            return true;
    return false;
}

static HRESULT WINAPI d3d9_QueryInterface(IDirect3D9 *iface, REFIID riid, void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IDirect3D9) || IsEqualGUID(riid, &IID_IUnknown) ||
        (IsEqualGUID(riid, &IID_IDirect3D9Ex) && impl_from_IDirect3D9(iface)->ex)) {
        IDirect3D9_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG WINAPI d3d9_AddRef(IDirect3D9 *iface)
{
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    return (ULONG)__atomic_add_fetch(&d3d->refcount, 1, __ATOMIC_SEQ_CST);
}

static ULONG WINAPI d3d9_Release(IDirect3D9 *iface)
{
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    LONG ref = __atomic_sub_fetch(&d3d->refcount, 1, __ATOMIC_SEQ_CST);
    if (!ref) {
        transport_disconnect(d3d->probe);
        free(d3d);
    }
    return (ULONG)ref;
}

static HRESULT WINAPI d3d9_RegisterSoftwareDevice(IDirect3D9 *iface, void *init)
{
    (void)iface;
    (void)init;
    D3D9_STUB("IDirect3D9::RegisterSoftwareDevice");
    return D3DERR_NOTAVAILABLE;
}

static UINT WINAPI d3d9_GetAdapterCount(IDirect3D9 *iface)
{
    return impl_from_IDirect3D9(iface)->probe ? 1 : 0;
}

static bool adapter_ok(struct d3d9 *d3d, UINT adapter)
{
    return d3d->probe && adapter == 0;
}

static HRESULT WINAPI d3d9_GetAdapterIdentifier(IDirect3D9 *iface, UINT adapter,
                                                DWORD flags,
                                                D3DADAPTER_IDENTIFIER9 *id)
{
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    uint64_t h;
    (void)flags;

    if (!adapter_ok(d3d, adapter) || !id)
        return D3DERR_INVALIDCALL;
    memset(id, 0, sizeof(*id));
    snprintf(id->Driver, sizeof(id->Driver), "nereid.dll");
    snprintf(id->Description, sizeof(id->Description), "%s (nereid)",
             d3d->caps.device_name);
    snprintf(id->DeviceName, sizeof(id->DeviceName), "\\\\.\\DISPLAY1");
    id->DriverVersion.QuadPart = d3d->caps.driver_version;
    id->VendorId = d3d->caps.vendor_id;
    id->DeviceId = d3d->caps.device_id;
    h = nr_hash64(d3d->caps.device_name, strlen(d3d->caps.device_name),
                  NR_HASH_SEED);
    memcpy(&id->DeviceIdentifier, &h, sizeof(h));
    memcpy((uint8_t *)&id->DeviceIdentifier + 8, &d3d->caps.vendor_id, 4);
    memcpy((uint8_t *)&id->DeviceIdentifier + 12, &d3d->caps.device_id, 4);
    id->WHQLLevel = 0;
    return D3D_OK;
}

static UINT WINAPI d3d9_GetAdapterModeCount(IDirect3D9 *iface, UINT adapter,
                                            D3DFORMAT format)
{
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    if (!adapter_ok(d3d, adapter) || !adapter_format_ok(format))
        return 0;
    return (UINT)d3d->mode_count[format_index(format)];
}

static HRESULT WINAPI d3d9_EnumAdapterModes(IDirect3D9 *iface, UINT adapter,
                                            D3DFORMAT format, UINT mode,
                                            D3DDISPLAYMODE *out)
{
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    if (!adapter_ok(d3d, adapter) || !out)
        return D3DERR_INVALIDCALL;
    /* A format that is no display format is a bad call (Wine's device
     * test_display_modes pins INVALIDCALL on Windows). */
    if (!adapter_format_ok(format) || mode >= d3d->mode_count[format_index(format)])
        return D3DERR_INVALIDCALL;
    out->Width = d3d->modes[format_index(format)][mode].w;
    out->Height = d3d->modes[format_index(format)][mode].h;
    out->RefreshRate = d3d->modes[format_index(format)][mode].refresh;
    out->Format = format;
    return D3D_OK;
}

static HRESULT WINAPI d3d9_GetAdapterDisplayMode(IDirect3D9 *iface, UINT adapter,
                                                 D3DDISPLAYMODE *out)
{
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    struct nr_mode m;
    unsigned bpp;
    if (!adapter_ok(d3d, adapter) || !out)
        return D3DERR_INVALIDCALL;
    if (!nr_display_current(&m, &bpp))
        return D3DERR_NOTAVAILABLE;
    out->Width = m.w;
    out->Height = m.h;
    out->RefreshRate = m.refresh;
    out->Format = bpp == 16 ? D3DFMT_R5G6B5 : D3DFMT_X8R8G8B8;
    return D3D_OK;
}

static HRESULT check_adapter_type(struct d3d9 *d3d, UINT adapter, D3DDEVTYPE type)
{
    if (!adapter_ok(d3d, adapter))
        return D3DERR_INVALIDCALL;
    if (type != D3DDEVTYPE_HAL)
        return D3DERR_NOTAVAILABLE; /* no REF or software rasterizer device */
    return D3D_OK;
}

static HRESULT WINAPI d3d9_CheckDeviceType(IDirect3D9 *iface, UINT adapter,
                                           D3DDEVTYPE type, D3DFORMAT adapter_format,
                                           D3DFORMAT bb_format, BOOL windowed)
{
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    HRESULT hr = check_adapter_type(d3d, adapter, type);

    if (FAILED(hr))
        return hr;
    if (!windowed) {
        /* Fullscreen: the back buffer is the display format, alpha aside;
         * natively there is no fullscreen (docs/STATUS.md). */
        if (!d3d9_display_fullscreen_supported())
            return D3DERR_NOTAVAILABLE;
        if (bb_format == D3DFMT_UNKNOWN)
            return D3DERR_INVALIDCALL;
        if (!adapter_format_ok(adapter_format) ||
            d3d9_display_format_of(bb_format) != adapter_format ||
            !d3d->mode_count[format_index(adapter_format)])
            return D3DERR_NOTAVAILABLE;
        return (d3d9_format_features(&d3d->caps, bb_format) & WIRE_FEAT_COLOR_TARGET)
                   ? D3D_OK
                   : D3DERR_NOTAVAILABLE;
    }
    if (!adapter_format_ok(adapter_format))
        return D3DERR_NOTAVAILABLE;
    if (bb_format == D3DFMT_UNKNOWN)
        bb_format = adapter_format;
    /* Windowed, a back buffer is a render-target format the present can
     * convert to the display's (the rule Wine's device test
     * test_check_device_type checks on Windows). */
    if (bb_format != D3DFMT_X8R8G8B8 && bb_format != D3DFMT_A8R8G8B8 &&
        bb_format != D3DFMT_R5G6B5 && bb_format != D3DFMT_X1R5G5B5 &&
        bb_format != D3DFMT_A1R5G5B5 && bb_format != D3DFMT_A2R10G10B10)
        return D3DERR_NOTAVAILABLE;
    if (!(d3d9_format_features(&d3d->caps, bb_format) & WIRE_FEAT_COLOR_TARGET))
        return D3DERR_NOTAVAILABLE;
    if (bb_format != adapter_format &&
        FAILED(IDirect3D9_CheckDeviceFormatConversion(iface, adapter, type, bb_format,
                                                      adapter_format)))
        return D3DERR_NOTAVAILABLE;
    return D3D_OK;
}

static HRESULT WINAPI d3d9_CheckDeviceFormat(IDirect3D9 *iface, UINT adapter,
                                             D3DDEVTYPE type, D3DFORMAT adapter_format,
                                             DWORD usage, D3DRESOURCETYPE rtype,
                                             D3DFORMAT format)
{
    const DWORD queries = D3DUSAGE_QUERY_LEGACYBUMPMAP | D3DUSAGE_QUERY_SRGBREAD |
                          D3DUSAGE_QUERY_FILTER | D3DUSAGE_QUERY_SRGBWRITE |
                          D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING |
                          D3DUSAGE_QUERY_VERTEXTEXTURE | D3DUSAGE_QUERY_WRAPANDMIP;
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    const struct d3d9_format_info *f = d3d9_format_info(format);
    HRESULT hr = adapter_format == D3DFMT_UNKNOWN ? D3DERR_INVALIDCALL
                                                  : check_adapter_type(d3d, adapter, type);
    DWORD use = usage & ~queries & ~(DWORD)D3DUSAGE_SOFTWAREPROCESSING;
    DWORD allowed;
    uint32_t feat;
    bool texture = rtype == D3DRTYPE_TEXTURE || rtype == D3DRTYPE_CUBETEXTURE ||
                   rtype == D3DRTYPE_VOLUMETEXTURE;

    if (FAILED(hr))
        return hr;
    if (!adapter_format_ok(adapter_format))
        return D3DERR_NOTAVAILABLE;
    /* Buffers have no formats to check: a bad call (Wine's
     * test_check_device_format, on Windows). */
    if (rtype == D3DRTYPE_VERTEXBUFFER || rtype == D3DRTYPE_INDEXBUFFER)
        return D3DERR_INVALIDCALL;
    if (!f)
        return D3DERR_NOTAVAILABLE;
    feat = d3d9_format_features(&d3d->caps, format);
    /* NULL: a render-target surface or 2D texture, nothing else. */
    if (f->null_target)
        return usage == D3DUSAGE_RENDERTARGET &&
                       (rtype == D3DRTYPE_SURFACE || rtype == D3DRTYPE_TEXTURE)
                   ? D3D_OK
                   : D3DERR_NOTAVAILABLE;
    /* What each resource type can be, as texture.c and surface.c build it. */
    /* ATI1N and ATI2N are 2D and cube texture formats, whose plain surfaces
     * and volumes are SCRATCH (Wine's d3d9ex test_resource_access, on
     * Windows; volumes of them are AMD's only); YUY2 and UYVY are
     * plain-surface formats (texture.c). */
    if (((rtype == D3DRTYPE_SURFACE || rtype == D3DRTYPE_VOLUMETEXTURE) && f->packed_bytes) ||
        (texture && d3d9_format_yuv(f)))
        return D3DERR_NOTAVAILABLE;
    switch (rtype) {
    case D3DRTYPE_SURFACE:
        allowed = D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_DYNAMIC;
        break;
    case D3DRTYPE_TEXTURE:
        allowed = D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL | D3DUSAGE_DYNAMIC |
                  D3DUSAGE_AUTOGENMIPMAP;
        break;
    case D3DRTYPE_CUBETEXTURE:
        allowed = D3DUSAGE_RENDERTARGET | D3DUSAGE_DYNAMIC | D3DUSAGE_AUTOGENMIPMAP;
        break;
    case D3DRTYPE_VOLUMETEXTURE:
        allowed = D3DUSAGE_DYNAMIC;
        break;
    default:
        return D3DERR_NOTAVAILABLE; /* buffers are not formats */
    }
    if (use & ~allowed)
        return D3DERR_NOTAVAILABLE;
    if (!(feat & WIRE_FEAT_TRANSFER))
        return D3DERR_NOTAVAILABLE;
    if ((use & D3DUSAGE_RENDERTARGET) &&
        (f->depth || !(feat & WIRE_FEAT_COLOR_TARGET) || (use & D3DUSAGE_DYNAMIC)))
        return D3DERR_NOTAVAILABLE;
    /* Depth formats are depth-stencil surfaces and textures only. */
    if (!!(use & D3DUSAGE_DEPTHSTENCIL) != f->depth)
        return D3DERR_NOTAVAILABLE;
    if ((use & D3DUSAGE_DEPTHSTENCIL) &&
        (!(feat & WIRE_FEAT_DEPTH_TARGET) || (use & D3DUSAGE_DYNAMIC)))
        return D3DERR_NOTAVAILABLE;
    if (texture && !(feat & WIRE_FEAT_SAMPLED))
        return D3DERR_NOTAVAILABLE;
    if (rtype == D3DRTYPE_VOLUMETEXTURE && !(feat & WIRE_FEAT_VOLUME))
        return D3DERR_NOTAVAILABLE;
    /* The queries, from the server's feature bits.  Not built: sRGB
     * conversions for sRGB writes, legacy bump mapping. */
    if ((usage & D3DUSAGE_QUERY_FILTER) && !(feat & WIRE_FEAT_FILTER))
        return D3DERR_NOTAVAILABLE;
    if ((usage & D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING) && !(feat & WIRE_FEAT_BLEND))
        return D3DERR_NOTAVAILABLE;
    if ((usage & D3DUSAGE_QUERY_WRAPANDMIP) && !(feat & WIRE_FEAT_SAMPLED))
        return D3DERR_NOTAVAILABLE;
    /* sRGB reads decode in the shader after sampling: the 8-bit unsigned
     * colour formats and the 16-bit RGB ones (what D3D9 parts offered it
     * for; Wine's visual srgbtexture_test has Windows' values for
     * R5G6B5, A1R5G5B5 and X1R5G5B5). */
    if ((usage & D3DUSAGE_QUERY_SRGBREAD) &&
        (!(feat & WIRE_FEAT_SAMPLED) || f->depth ||
         (format != D3DFMT_A8R8G8B8 && format != D3DFMT_X8R8G8B8 &&
          format != D3DFMT_A8B8G8R8 && format != D3DFMT_X8B8G8R8 &&
          format != D3DFMT_DXT1 && format != D3DFMT_DXT2 && format != D3DFMT_DXT3 &&
          format != D3DFMT_DXT4 && format != D3DFMT_DXT5 && format != D3DFMT_L8 &&
          format != D3DFMT_A8L8 && format != D3DFMT_R5G6B5 && format != D3DFMT_A1R5G5B5 &&
          format != D3DFMT_X1R5G5B5)))
        return D3DERR_NOTAVAILABLE;
    /* vs_3_0 samples what a pixel shader samples. */
    if ((usage & D3DUSAGE_QUERY_VERTEXTEXTURE) && (!(feat & WIRE_FEAT_SAMPLED) || f->depth))
        return D3DERR_NOTAVAILABLE;
    /* sRGB writes: A8R8G8B8 and X8R8G8B8 targets (d3d9_srgb_write). */
    if ((usage & D3DUSAGE_QUERY_SRGBWRITE) &&
        ((format != D3DFMT_A8R8G8B8 && format != D3DFMT_X8R8G8B8) ||
         !(feat & WIRE_FEAT_COLOR_TARGET) ||
         (rtype == D3DRTYPE_SURFACE && !(use & D3DUSAGE_RENDERTARGET))))
        return D3DERR_NOTAVAILABLE;
    if (usage & D3DUSAGE_QUERY_LEGACYBUMPMAP)
        return D3DERR_NOTAVAILABLE;
    /* The format works, but its mips cannot be generated: D3D9's answer is
     * a success code.  Windows generates only formats it can render to
     * (Wine's device test_mipmap_gen): A8 and L8 answer NOAUTOGEN. */
    if ((use & D3DUSAGE_AUTOGENMIPMAP) &&
        (!(feat & WIRE_FEAT_BLIT) || !(feat & WIRE_FEAT_FILTER) || f->depth ||
         !(feat & WIRE_FEAT_COLOR_TARGET)))
        return D3DOK_NOAUTOGEN; /* the server generates with linear blits */
    return D3D_OK;
}

static HRESULT WINAPI d3d9_CheckDeviceMultiSampleType(IDirect3D9 *iface,
                                                      UINT adapter, D3DDEVTYPE type,
                                                      D3DFORMAT format, BOOL windowed,
                                                      D3DMULTISAMPLE_TYPE ms,
                                                      DWORD *quality)
{
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    HRESULT hr = check_adapter_type(d3d, adapter, type);
    (void)windowed;

    if (FAILED(hr))
        return hr;
    if (quality)
        *quality = 0; /* what D3D9 answers with a failure */
    if (!d3d9_format_info(format))
        return D3DERR_NOTAVAILABLE;
    if ((uint32_t)ms > D3DMULTISAMPLE_16_SAMPLES)
        return D3DERR_INVALIDCALL;
    /* A count the server's device has for the format as a colour or depth
     * target (its caps' format_samples); one quality level each, so only
     * quality 0 of NONMASKABLE, which is the lowest count above one. */
    if (!d3d9_multisample_count(&d3d->caps, format, ms))
        return D3DERR_NOTAVAILABLE;
    if (quality)
        *quality = 1;
    return D3D_OK;
}

static HRESULT WINAPI d3d9_CheckDepthStencilMatch(IDirect3D9 *iface, UINT adapter,
                                                  D3DDEVTYPE type,
                                                  D3DFORMAT adapter_format,
                                                  D3DFORMAT rt_format,
                                                  D3DFORMAT ds_format)
{
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    const struct d3d9_format_info *rt = d3d9_format_info(rt_format);
    const struct d3d9_format_info *ds = d3d9_format_info(ds_format);
    HRESULT hr = check_adapter_type(d3d, adapter, type);

    if (FAILED(hr))
        return hr;
    if (!adapter_format_ok(adapter_format) || !rt || rt->depth || !ds || !ds->depth)
        return D3DERR_NOTAVAILABLE;
    if (!(d3d9_format_features(&d3d->caps, rt_format) & WIRE_FEAT_COLOR_TARGET) ||
        !(d3d9_format_features(&d3d->caps, ds_format) & WIRE_FEAT_DEPTH_TARGET))
        return D3DERR_NOTAVAILABLE;
    return D3D_OK;
}

/* Whether StretchRect converts src to dst (texture.c's rules). */
static HRESULT WINAPI d3d9_CheckDeviceFormatConversion(IDirect3D9 *iface,
                                                       UINT adapter, D3DDEVTYPE type,
                                                       D3DFORMAT src, D3DFORMAT dst)
{
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    const struct d3d9_format_info *s = d3d9_format_info(src);
    const struct d3d9_format_info *d = d3d9_format_info(dst);
    HRESULT hr = check_adapter_type(d3d, adapter, type);
    if (FAILED(hr))
        return hr;
    if (!s || !d || s->depth || d->depth || d3d9_format_blocky(s) || d3d9_format_blocky(d) ||
        d3d9_format_converted(d) || (src != dst && (!d3d9_format_blit_source(s) || !d->target)))
        return D3DERR_NOTAVAILABLE;
    if (!(d3d9_format_features(&d3d->caps, src) & WIRE_FEAT_BLIT) ||
        (d3d9_format_features(&d3d->caps, dst) & (WIRE_FEAT_BLIT | WIRE_FEAT_COLOR_TARGET)) !=
            (WIRE_FEAT_BLIT | WIRE_FEAT_COLOR_TARGET))
        return D3DERR_NOTAVAILABLE;
    return D3D_OK;
}

void d3d9_fill_caps(const struct d3d9 *d3d, D3DCAPS9 *c)
{
    memset(c, 0, sizeof(*c));
    c->DeviceType = D3DDEVTYPE_HAL;
    c->AdapterOrdinal = 0;
    /* Gamma ramps: a fullscreen swap chain's frames are shown through
     * them (the server's gamma pass). */
    c->Caps2 = D3DCAPS2_DYNAMICTEXTURES | D3DCAPS2_FULLSCREENGAMMA;
    c->Caps3 = D3DCAPS3_ALPHA_FULLSCREEN_FLIP_OR_DISCARD;
    c->PresentationIntervals = D3DPRESENT_INTERVAL_IMMEDIATE | D3DPRESENT_INTERVAL_ONE;
    c->DevCaps = D3DDEVCAPS_EXECUTESYSTEMMEMORY |
                 D3DDEVCAPS_TLVERTEXSYSTEMMEMORY | D3DDEVCAPS_DRAWPRIMTLVERTEX |
                 D3DDEVCAPS_HWRASTERIZATION | D3DDEVCAPS_DRAWPRIMITIVES2 |
                 D3DDEVCAPS_DRAWPRIMITIVES2EX;
    c->DevCaps |= D3DDEVCAPS_HWTRANSFORMANDLIGHT;
    c->PrimitiveMiscCaps = D3DPMISCCAPS_CULLNONE | D3DPMISCCAPS_CULLCW |
                           D3DPMISCCAPS_CULLCCW | D3DPMISCCAPS_COLORWRITEENABLE |
                           D3DPMISCCAPS_BLENDOP | D3DPMISCCAPS_SEPARATEALPHABLEND |
                           D3DPMISCCAPS_MASKZ | D3DPMISCCAPS_TSSARGTEMP |
                           D3DPMISCCAPS_PERSTAGECONSTANT | D3DPMISCCAPS_FOGANDSPECULARALPHA;
    c->RasterCaps = D3DPRASTERCAPS_SCISSORTEST | D3DPRASTERCAPS_ZTEST |
                    D3DPRASTERCAPS_FOGVERTEX | D3DPRASTERCAPS_FOGTABLE |
                    D3DPRASTERCAPS_FOGRANGE | D3DPRASTERCAPS_ZFOG | D3DPRASTERCAPS_WFOG |
                    D3DPRASTERCAPS_DEPTHBIAS | D3DPRASTERCAPS_SLOPESCALEDEPTHBIAS |
                    D3DPRASTERCAPS_MIPMAPLODBIAS | D3DPRASTERCAPS_ANISOTROPY;
    c->ZCmpCaps = D3DPCMPCAPS_NEVER | D3DPCMPCAPS_LESS | D3DPCMPCAPS_EQUAL |
                  D3DPCMPCAPS_LESSEQUAL | D3DPCMPCAPS_GREATER |
                  D3DPCMPCAPS_NOTEQUAL | D3DPCMPCAPS_GREATEREQUAL |
                  D3DPCMPCAPS_ALWAYS;
    c->SrcBlendCaps = D3DPBLENDCAPS_ZERO | D3DPBLENDCAPS_ONE |
                      D3DPBLENDCAPS_SRCCOLOR | D3DPBLENDCAPS_INVSRCCOLOR |
                      D3DPBLENDCAPS_SRCALPHA | D3DPBLENDCAPS_INVSRCALPHA |
                      D3DPBLENDCAPS_DESTALPHA | D3DPBLENDCAPS_INVDESTALPHA |
                      D3DPBLENDCAPS_DESTCOLOR | D3DPBLENDCAPS_INVDESTCOLOR |
                      D3DPBLENDCAPS_SRCALPHASAT | D3DPBLENDCAPS_BOTHSRCALPHA |
                      D3DPBLENDCAPS_BOTHINVSRCALPHA | D3DPBLENDCAPS_BLENDFACTOR;
    c->DestBlendCaps = c->SrcBlendCaps;
    c->AlphaCmpCaps = c->ZCmpCaps;
    c->ShadeCaps = D3DPSHADECAPS_COLORGOURAUDRGB | D3DPSHADECAPS_ALPHAGOURAUDBLEND |
                   D3DPSHADECAPS_SPECULARGOURAUDRGB | D3DPSHADECAPS_FOGGOURAUD;
    /* Textures as texture.c builds them: any size (no POW2 flags), mip
     * chains of every type, AUTOGENMIPMAP where the format blits. */
    c->TextureCaps = D3DPTEXTURECAPS_PERSPECTIVE | D3DPTEXTURECAPS_ALPHA |
                     D3DPTEXTURECAPS_TEXREPEATNOTSCALEDBYSIZE | D3DPTEXTURECAPS_MIPMAP |
                     D3DPTEXTURECAPS_CUBEMAP | D3DPTEXTURECAPS_MIPCUBEMAP |
                     D3DPTEXTURECAPS_VOLUMEMAP | D3DPTEXTURECAPS_MIPVOLUMEMAP;
    c->MaxTextureWidth = c->MaxTextureHeight = d3d->caps.max_texture_extent;
    c->MaxVolumeExtent = NR_MIN(d3d->caps.max_texture_extent, 2048u);
    c->Caps2 |= D3DCAPS2_CANAUTOGENMIPMAP;
    c->StretchRectFilterCaps = D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MAGFPOINT |
                               D3DPTFILTERCAPS_MINFLINEAR | D3DPTFILTERCAPS_MAGFLINEAR;
    c->MaxVertexW = 1e10f;
    c->GuardBandLeft = -32768.0f;
    c->GuardBandTop = -32768.0f;
    c->GuardBandRight = 32767.0f;
    c->GuardBandBottom = 32767.0f;
    c->StencilCaps = D3DSTENCILCAPS_KEEP | D3DSTENCILCAPS_ZERO | D3DSTENCILCAPS_REPLACE |
                     D3DSTENCILCAPS_INCRSAT | D3DSTENCILCAPS_DECRSAT |
                     D3DSTENCILCAPS_INVERT | D3DSTENCILCAPS_INCR | D3DSTENCILCAPS_DECR |
                     D3DSTENCILCAPS_TWOSIDED;
    c->FVFCaps = 8 | D3DFVFCAPS_PSIZE; /* eight texture coordinate sets */
    /* Every D3DTOP but PREMODULATE, which the generator approximates. */
    c->TextureOpCaps = D3DTEXOPCAPS_DISABLE | D3DTEXOPCAPS_SELECTARG1 |
                       D3DTEXOPCAPS_SELECTARG2 | D3DTEXOPCAPS_MODULATE |
                       D3DTEXOPCAPS_MODULATE2X | D3DTEXOPCAPS_MODULATE4X |
                       D3DTEXOPCAPS_ADD | D3DTEXOPCAPS_ADDSIGNED |
                       D3DTEXOPCAPS_ADDSIGNED2X | D3DTEXOPCAPS_SUBTRACT |
                       D3DTEXOPCAPS_ADDSMOOTH | D3DTEXOPCAPS_BLENDDIFFUSEALPHA |
                       D3DTEXOPCAPS_BLENDTEXTUREALPHA | D3DTEXOPCAPS_BLENDFACTORALPHA |
                       D3DTEXOPCAPS_BLENDTEXTUREALPHAPM | D3DTEXOPCAPS_BLENDCURRENTALPHA |
                       D3DTEXOPCAPS_MODULATEALPHA_ADDCOLOR |
                       D3DTEXOPCAPS_MODULATECOLOR_ADDALPHA |
                       D3DTEXOPCAPS_MODULATEINVALPHA_ADDCOLOR |
                       D3DTEXOPCAPS_MODULATEINVCOLOR_ADDALPHA | D3DTEXOPCAPS_BUMPENVMAP |
                       D3DTEXOPCAPS_BUMPENVMAPLUMINANCE | D3DTEXOPCAPS_DOTPRODUCT3 |
                       D3DTEXOPCAPS_MULTIPLYADD | D3DTEXOPCAPS_LERP;
    c->MaxTextureBlendStages = 8;
    c->MaxSimultaneousTextures = 8;
    c->VertexProcessingCaps = D3DVTXPCAPS_TEXGEN | D3DVTXPCAPS_MATERIALSOURCE7 |
                              D3DVTXPCAPS_DIRECTIONALLIGHTS |
                              D3DVTXPCAPS_POSITIONALLIGHTS | D3DVTXPCAPS_LOCALVIEWER |
                              D3DVTXPCAPS_TEXGEN_SPHEREMAP;
    c->MaxActiveLights = 8;
    c->MaxUserClipPlanes = (d3d->caps.features & WIRE_DEVFEAT_CLIP_DISTANCE) ? 6 : 0;
    c->MaxVertexBlendMatrices = 4;
    c->MaxVertexBlendMatrixIndex = d3d->caps.max_uniform_bytes >= 30384 ? 255 : 0;
    c->MaxPrimitiveCount = 0xffffff;
    c->MaxVertexIndex = 0xffffff;
    c->MaxStreams = D3D9_MAX_STREAMS;
    c->MaxStreamStride = 2048;
    c->DevCaps2 = D3DDEVCAPS2_STREAMOFFSET | D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET |
                  D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES;
    /* The optional D3DDECLTYPEs whose Vulkan vertex format the device reads
     * (shader.c's decl_format maps each one). */
    {
        static const struct { DWORD cap; uint32_t format; } decl_types[] = {
            {D3DDTCAPS_UBYTE4, WIRE_FORMAT_R8G8B8A8_USCALED},
            {D3DDTCAPS_UBYTE4N, WIRE_FORMAT_R8G8B8A8_UNORM},
            {D3DDTCAPS_SHORT2N, WIRE_FORMAT_R16G16_SNORM},
            {D3DDTCAPS_SHORT4N, WIRE_FORMAT_R16G16B16A16_SNORM},
            {D3DDTCAPS_USHORT2N, WIRE_FORMAT_R16G16_UNORM},
            {D3DDTCAPS_USHORT4N, WIRE_FORMAT_R16G16B16A16_UNORM},
            {D3DDTCAPS_UDEC3, WIRE_FORMAT_A2B10G10R10_USCALED},
            {D3DDTCAPS_DEC3N, WIRE_FORMAT_A2B10G10R10_SNORM},
            {D3DDTCAPS_FLOAT16_2, WIRE_FORMAT_R16G16_SFLOAT},
            {D3DDTCAPS_FLOAT16_4, WIRE_FORMAT_R16G16B16A16_SFLOAT},
        };
        for (size_t i = 0; i < NR_ARRAY_SIZE(decl_types); i++)
            if (d3d->caps.format_features[decl_types[i].format] & WIRE_FEAT_VERTEX)
                c->DeclTypes |= decl_types[i].cap;
    }

    /* Samplers as vkx.c builds them (anisotropy where the device has it). */
    c->TextureFilterCaps = D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MINFLINEAR |
                           D3DPTFILTERCAPS_MIPFPOINT | D3DPTFILTERCAPS_MIPFLINEAR |
                           D3DPTFILTERCAPS_MAGFPOINT | D3DPTFILTERCAPS_MAGFLINEAR;
    if (d3d->caps.max_anisotropy > 1)
        c->TextureFilterCaps |= D3DPTFILTERCAPS_MINFANISOTROPIC |
                                D3DPTFILTERCAPS_MAGFANISOTROPIC;
    c->MaxAnisotropy = NR_MAX(d3d->caps.max_anisotropy, 1u);
    c->CubeTextureFilterCaps = c->TextureFilterCaps;
    c->VolumeTextureFilterCaps = c->TextureFilterCaps;
    c->VertexTextureFilterCaps = D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MINFLINEAR |
                                 D3DPTFILTERCAPS_MAGFPOINT | D3DPTFILTERCAPS_MAGFLINEAR;
    c->TextureAddressCaps = D3DPTADDRESSCAPS_WRAP | D3DPTADDRESSCAPS_MIRROR |
                            D3DPTADDRESSCAPS_CLAMP | D3DPTADDRESSCAPS_BORDER |
                            D3DPTADDRESSCAPS_INDEPENDENTUV;
    if (d3d->caps.features & WIRE_DEVFEAT_MIRROR_ONCE)
        c->TextureAddressCaps |= D3DPTADDRESSCAPS_MIRRORONCE;
    c->VolumeTextureAddressCaps = c->TextureAddressCaps;
    c->LineCaps = D3DLINECAPS_TEXTURE | D3DLINECAPS_ZTEST | D3DLINECAPS_BLEND |
                  D3DLINECAPS_ALPHACMP | D3DLINECAPS_FOG;

    /* Shaders: the DXSO translator takes every model up to 3.0. */
    c->VertexShaderVersion = D3DVS_VERSION(3, 0);
    c->MaxVertexShaderConst = DXSO_VS_CONSTS;
    c->PixelShaderVersion = D3DPS_VERSION(3, 0);
    /* ps_1_1..1_3 arithmetic is clamped to [-1, 1] (ps_1_4 to [-8, 8]). */
    /* ps_1_x arithmetic is not clamped (shader.c sends the same value), as
     * on the drivers of D3D10-class hardware and in wined3d; a ps_1_1 that
     * multiplies by 4 keeps its range. */
    c->PixelShader1xMaxValue = FLT_MAX;
    c->VS20Caps.Caps = D3DVS20CAPS_PREDICATION;
    c->VS20Caps.DynamicFlowControlDepth = D3DVS20_MAX_DYNAMICFLOWCONTROLDEPTH;
    c->VS20Caps.NumTemps = D3DVS20_MAX_NUMTEMPS;
    c->VS20Caps.StaticFlowControlDepth = D3DVS20_MAX_STATICFLOWCONTROLDEPTH;
    c->PS20Caps.Caps = D3DPS20CAPS_ARBITRARYSWIZZLE | D3DPS20CAPS_GRADIENTINSTRUCTIONS |
                       D3DPS20CAPS_PREDICATION | D3DPS20CAPS_NODEPENDENTREADLIMIT |
                       D3DPS20CAPS_NOTEXINSTRUCTIONLIMIT;
    c->PS20Caps.DynamicFlowControlDepth = D3DPS20_MAX_DYNAMICFLOWCONTROLDEPTH;
    c->PS20Caps.NumTemps = D3DPS20_MAX_NUMTEMPS;
    c->PS20Caps.StaticFlowControlDepth = D3DPS20_MAX_STATICFLOWCONTROLDEPTH;
    c->PS20Caps.NumInstructionSlots = D3DPS20_MAX_NUMINSTRUCTIONSLOTS;
    c->MaxVShaderInstructionsExecuted = 65535;
    c->MaxPShaderInstructionsExecuted = 65535;
    c->MaxVertexShader30InstructionSlots = 32768;
    c->MaxPixelShader30InstructionSlots = 32768;
    c->MaxPointSize = 64.0f;
    c->NumSimultaneousRTs = NR_MIN(d3d->caps.max_color_targets, 4u);
    c->PrimitiveMiscCaps |= D3DPMISCCAPS_INDEPENDENTWRITEMASKS |
                            D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING;
    c->MasterAdapterOrdinal = 0;
    c->MaxTextureRepeat = 8192;
    c->MaxTextureAspectRatio = 8192;
    c->AdapterOrdinalInGroup = 0;
    c->NumberOfAdaptersInGroup = 1;
}

static HRESULT WINAPI d3d9_GetDeviceCaps(IDirect3D9 *iface, UINT adapter,
                                         D3DDEVTYPE type, D3DCAPS9 *caps)
{
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    HRESULT hr;

    if (!caps)
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = check_adapter_type(d3d, adapter, type)))
        return hr;
    d3d9_fill_caps(d3d, caps);
    return D3D_OK;
}

static HMONITOR WINAPI d3d9_GetAdapterMonitor(IDirect3D9 *iface, UINT adapter)
{
    if (!adapter_ok(impl_from_IDirect3D9(iface), adapter))
        return NULL;
    return nr_display_monitor(); /* NULL natively: no monitor */
}

static HRESULT WINAPI d3d9_CreateDevice(IDirect3D9 *iface, UINT adapter,
                                        D3DDEVTYPE type, HWND focus, DWORD flags,
                                        D3DPRESENT_PARAMETERS *pp,
                                        IDirect3DDevice9 **out)
{
    struct d3d9 *d3d = impl_from_IDirect3D9(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (!d3d->probe) {
        NR_ERR(D3D9, "CreateDevice: no nereid server: %s", d3d->unavailable);
        return D3DERR_NOTAVAILABLE;
    }
    return d3d9_device_create(d3d, adapter, type, focus, flags, pp, out);
}

const IDirect3D9Vtbl d3d9_plain_vtbl = {
    d3d9_QueryInterface,
    d3d9_AddRef,
    d3d9_Release,
    d3d9_RegisterSoftwareDevice,
    d3d9_GetAdapterCount,
    d3d9_GetAdapterIdentifier,
    d3d9_GetAdapterModeCount,
    d3d9_EnumAdapterModes,
    d3d9_GetAdapterDisplayMode,
    d3d9_CheckDeviceType,
    d3d9_CheckDeviceFormat,
    d3d9_CheckDeviceMultiSampleType,
    d3d9_CheckDepthStencilMatch,
    d3d9_CheckDeviceFormatConversion,
    d3d9_GetDeviceCaps,
    d3d9_GetAdapterMonitor,
    d3d9_CreateDevice,
};

struct d3d9 *d3d9_create(bool ex)
{
    struct d3d9 *d3d;
    d3d9_ex_vtables_init(); /* every device and swap chain comes after */
    if (!(d3d = calloc(1, sizeof(*d3d))))
        return NULL;
    d3d->IDirect3D9_iface.lpVtbl = (const IDirect3D9Vtbl *)&d3d9_ex_vtbl;
    d3d->ex = ex;
    d3d->mode_count[0] = nr_display_modes(32, d3d->modes[0], NR_ARRAY_SIZE(d3d->modes[0]));
    d3d->mode_count[1] = nr_display_modes(16, d3d->modes[1], NR_ARRAY_SIZE(d3d->modes[1]));
    d3d->refcount = 1;
    d3d->probe = transport_connect_small("nereid adapter probe", d3d->unavailable,
                                         sizeof(d3d->unavailable));
    if (d3d->probe)
        d3d->caps = d3d->probe->caps;
    else
        NR_ERR(D3D9, "no nereid server: %s", d3d->unavailable);
    return d3d;
}
