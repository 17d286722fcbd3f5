/* nereid D3D11: the device (ID3D11Device, and IDXGIDevice1 on the same
 * object), D3D11CreateDevice and D3D11CreateDeviceAndSwapChain. */
#define _GNU_SOURCE
#include "d3d11/d3d11_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct d11_device_vtbl device_vtbl;
static const IDXGIDevice1Vtbl dxgi_device_vtbl;

struct d11_device *d11_device_from(ID3D11Device *iface)
{
    return iface && iface->lpVtbl == &device_vtbl.base ? D11_IMPL(iface, struct d11_device, iface)
                                                  : NULL;
}

/* ------------------------------------------------------------ helpers */

void d11_child_init(struct d11_child *c, struct d11_device *dev,
                    void (*destroy)(struct d11_child *c))
{
    c->counts = D11_APP_REF;
    c->dev = dev;
    c->destroy = destroy;
    c->pd.head = NULL;
    ID3D11Device_AddRef(&dev->iface);
}

ULONG d11_child_addref(struct d11_child *c)
{
    uint32_t n = (uint32_t)__atomic_add_fetch(&c->counts, D11_APP_REF, __ATOMIC_SEQ_CST);
    if (n == 1) /* back from the bindings alone: the device again */
        ID3D11Device_AddRef(&c->dev->iface);
    return n;
}

static void child_destroy(struct d11_child *c)
{
    nr_private_clear(&c->pd);
    c->destroy(c);
}

ULONG d11_child_release(struct d11_child *c)
{
    struct d11_device *dev = c->dev; /* c may go with the other count's last unbind */
    uint64_t n = __atomic_sub_fetch(&c->counts, D11_APP_REF, __ATOMIC_SEQ_CST);
    if (!(uint32_t)n) {
        if (!n)
            child_destroy(c);
        ID3D11Device_Release(&dev->iface);
    }
    return (uint32_t)n;
}

void d11_child_bind(struct d11_child *c)
{
    __atomic_add_fetch(&c->counts, D11_BINDING, __ATOMIC_SEQ_CST);
}

void d11_child_unbind(struct d11_child *c)
{
    if (c && !__atomic_sub_fetch(&c->counts, D11_BINDING, __ATOMIC_SEQ_CST))
        child_destroy(c);
}

wire_handle d11_handle_alloc(struct d11_device *dev, enum wire_object_kind kind)
{
    return wire_handle_pool_alloc(&dev->handles[kind]);
}

void d11_destroy_object(struct d11_device *dev, enum wire_object_kind kind, wire_handle h)
{
    struct wire_destroy d = {h, kind, 0};
    if (wire_handle_is_null(h))
        return;
    pthread_mutex_lock(&dev->lock);
    if (!dev->tc->lost)
        (void)wire_emit_DESTROY(&dev->tc->w, &d);
    wire_handle_pool_free(&dev->handles[kind], h);
    pthread_mutex_unlock(&dev->lock);
}

HRESULT d11_private_set(struct nr_private_data *pd, REFGUID guid, UINT size, const void *data)
{
    if (!guid)
        return E_INVALIDARG;
    /* No data removes the entry, whatever the size: S_FALSE when there
     * was none (as Windows answers). */
    if (!data)
        return nr_private_free(pd, guid) == NR_PRIVATE_OK ? S_OK : S_FALSE;
    switch (nr_private_set(pd, guid, data, size, false, NULL)) {
    case NR_PRIVATE_OK: return S_OK;
    case NR_PRIVATE_NO_MEMORY: return E_OUTOFMEMORY;
    default: return E_INVALIDARG;
    }
}

HRESULT d11_private_set_iface(struct nr_private_data *pd, REFGUID guid, const IUnknown *obj)
{
    static const IUnknown *const none = NULL;
    if (!guid)
        return E_INVALIDARG;
    /* A NULL interface is kept as one: GetPrivateData gives NULL back. */
    if (!obj) {
        switch (nr_private_set(pd, guid, &none, sizeof(none), false, NULL)) {
        case NR_PRIVATE_OK: return S_OK;
        case NR_PRIVATE_NO_MEMORY: return E_OUTOFMEMORY;
        default: return E_INVALIDARG;
        }
    }
    switch (nr_private_set(pd, guid, NULL, 0, true, (IUnknown *)obj)) {
    case NR_PRIVATE_OK: return S_OK;
    case NR_PRIVATE_NO_MEMORY: return E_OUTOFMEMORY;
    default: return E_INVALIDARG;
    }
}

HRESULT d11_private_get(struct nr_private_data *pd, REFGUID guid, UINT *size, void *data)
{
    uint32_t n;
    if (!guid || !size)
        return E_INVALIDARG;
    n = *size;
    switch (nr_private_get(pd, guid, data, &n)) {
    case NR_PRIVATE_OK: *size = n; return S_OK;
    case NR_PRIVATE_MORE_DATA: *size = n; return DXGI_ERROR_MORE_DATA;
    case NR_PRIVATE_NOT_FOUND: *size = 0; return DXGI_ERROR_NOT_FOUND;
    default: return E_INVALIDARG;
    }
}

HRESULT d11_lost_hr(struct d11_device *dev)
{
    return dev->tc->lost ? DXGI_ERROR_DEVICE_REMOVED : S_OK;
}

/* DXGI formats the slice knows and their wire formats (bpp: the bytes a
 * texel of a non-block format has). */
static const struct {
    DXGI_FORMAT dxgi;
    uint8_t wire, bpp;
} format_map[] = {
    {DXGI_FORMAT_R8G8B8A8_UNORM, WIRE_FORMAT_R8G8B8A8_UNORM, 4},
    {DXGI_FORMAT_R8G8B8A8_UINT, WIRE_FORMAT_R8G8B8A8_UINT, 4},
    {DXGI_FORMAT_R8G8B8A8_SNORM, WIRE_FORMAT_R8G8B8A8_SNORM, 4},
    {DXGI_FORMAT_B8G8R8A8_UNORM, WIRE_FORMAT_B8G8R8A8_UNORM, 4},
    {DXGI_FORMAT_B8G8R8X8_UNORM, WIRE_FORMAT_B8G8R8X8_UNORM, 4},
    {DXGI_FORMAT_B5G6R5_UNORM, WIRE_FORMAT_R5G6B5_UNORM, 2},
    {DXGI_FORMAT_B5G5R5A1_UNORM, WIRE_FORMAT_A1R5G5B5_UNORM, 2},
    {DXGI_FORMAT_R32G32B32A32_FLOAT, WIRE_FORMAT_R32G32B32A32_SFLOAT, 16},
    {DXGI_FORMAT_R32G32B32_FLOAT, WIRE_FORMAT_R32G32B32_SFLOAT, 12},
    {DXGI_FORMAT_R32G32_FLOAT, WIRE_FORMAT_R32G32_SFLOAT, 8},
    {DXGI_FORMAT_R32_FLOAT, WIRE_FORMAT_R32_SFLOAT, 4},
    {DXGI_FORMAT_R16G16B16A16_FLOAT, WIRE_FORMAT_R16G16B16A16_SFLOAT, 8},
    {DXGI_FORMAT_R16G16_FLOAT, WIRE_FORMAT_R16G16_SFLOAT, 4},
    {DXGI_FORMAT_R16_FLOAT, WIRE_FORMAT_R16_SFLOAT, 2},
    {DXGI_FORMAT_R16G16B16A16_UNORM, WIRE_FORMAT_R16G16B16A16_UNORM, 8},
    {DXGI_FORMAT_R16G16_UNORM, WIRE_FORMAT_R16G16_UNORM, 4},
    {DXGI_FORMAT_R16_UNORM, WIRE_FORMAT_R16_UNORM, 2},
    {DXGI_FORMAT_R16G16B16A16_SNORM, WIRE_FORMAT_R16G16B16A16_SNORM, 8},
    {DXGI_FORMAT_R16G16_SNORM, WIRE_FORMAT_R16G16_SNORM, 4},
    {DXGI_FORMAT_R8G8_UNORM, WIRE_FORMAT_R8G8_UNORM, 2},
    {DXGI_FORMAT_R8G8_SNORM, WIRE_FORMAT_R8G8_SNORM, 2},
    {DXGI_FORMAT_R8_UNORM, WIRE_FORMAT_R8_UNORM, 1},
    {DXGI_FORMAT_D24_UNORM_S8_UINT, WIRE_FORMAT_D24_UNORM_S8_UINT, 4},
    {DXGI_FORMAT_D32_FLOAT, WIRE_FORMAT_D32_SFLOAT, 4},
    {DXGI_FORMAT_D16_UNORM, WIRE_FORMAT_D16_UNORM, 2},
    {DXGI_FORMAT_D32_FLOAT_S8X24_UINT, WIRE_FORMAT_D32_SFLOAT_S8_UINT, 8},
    /* Block formats (their bytes: wire_format_get). */
    {DXGI_FORMAT_BC1_UNORM, WIRE_FORMAT_BC1_UNORM, 0},
    {DXGI_FORMAT_BC2_UNORM, WIRE_FORMAT_BC2_UNORM, 0},
    {DXGI_FORMAT_BC3_UNORM, WIRE_FORMAT_BC3_UNORM, 0},
    {DXGI_FORMAT_BC4_UNORM, WIRE_FORMAT_BC4_UNORM, 0},
    {DXGI_FORMAT_BC5_UNORM, WIRE_FORMAT_BC5_UNORM, 0},
    {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, WIRE_FORMAT_R8G8B8A8_SRGB, 4},
    {DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, WIRE_FORMAT_B8G8R8A8_SRGB, 4},
    /* B8G8R8X8's sRGB twin: B8G8R8A8_SRGB, alpha read as 1 (after the
     * A8 twin, which the wire format names first). */
    {DXGI_FORMAT_B8G8R8X8_UNORM_SRGB, WIRE_FORMAT_B8G8R8A8_SRGB, 4},
    {DXGI_FORMAT_R10G10B10A2_UNORM, WIRE_FORMAT_A2B10G10R10_UNORM, 4},
    {DXGI_FORMAT_R11G11B10_FLOAT, WIRE_FORMAT_B10G11R11_UFLOAT, 4},
    {DXGI_FORMAT_R9G9B9E5_SHAREDEXP, WIRE_FORMAT_E5B9G9R9_UFLOAT, 4},
    {DXGI_FORMAT_B4G4R4A4_UNORM, WIRE_FORMAT_A4R4G4B4_UNORM, 2},
    {DXGI_FORMAT_R8_SNORM, WIRE_FORMAT_R8_SNORM, 1},
    {DXGI_FORMAT_R16_SNORM, WIRE_FORMAT_R16_SNORM, 2},
    {DXGI_FORMAT_BC1_UNORM_SRGB, WIRE_FORMAT_BC1_SRGB, 0},
    {DXGI_FORMAT_BC2_UNORM_SRGB, WIRE_FORMAT_BC2_SRGB, 0},
    {DXGI_FORMAT_BC3_UNORM_SRGB, WIRE_FORMAT_BC3_SRGB, 0},
    {DXGI_FORMAT_BC4_SNORM, WIRE_FORMAT_BC4_SNORM, 0},
    {DXGI_FORMAT_BC5_SNORM, WIRE_FORMAT_BC5_SNORM, 0},
    {DXGI_FORMAT_BC6H_UF16, WIRE_FORMAT_BC6H_UFLOAT, 0},
    {DXGI_FORMAT_BC6H_SF16, WIRE_FORMAT_BC6H_SFLOAT, 0},
    {DXGI_FORMAT_BC7_UNORM, WIRE_FORMAT_BC7_UNORM, 0},
    {DXGI_FORMAT_BC7_UNORM_SRGB, WIRE_FORMAT_BC7_SRGB, 0},
    /* A8: R8 sampled through the swizzle (0, 0, 0, R); no target. */
    {DXGI_FORMAT_A8_UNORM, WIRE_FORMAT_R8_UNORM, 1},
    /* Integer formats: shader inputs and vertex data (not targets yet). */
    {DXGI_FORMAT_R8_UINT, WIRE_FORMAT_R8_UINT, 1},
    {DXGI_FORMAT_R8_SINT, WIRE_FORMAT_R8_SINT, 1},
    {DXGI_FORMAT_R8G8_UINT, WIRE_FORMAT_R8G8_UINT, 2},
    {DXGI_FORMAT_R8G8_SINT, WIRE_FORMAT_R8G8_SINT, 2},
    {DXGI_FORMAT_R8G8B8A8_SINT, WIRE_FORMAT_R8G8B8A8_SINT, 4},
    {DXGI_FORMAT_R16_UINT, WIRE_FORMAT_R16_UINT, 2},
    {DXGI_FORMAT_R16_SINT, WIRE_FORMAT_R16_SINT, 2},
    {DXGI_FORMAT_R16G16_UINT, WIRE_FORMAT_R16G16_UINT, 4},
    {DXGI_FORMAT_R16G16_SINT, WIRE_FORMAT_R16G16_SINT, 4},
    {DXGI_FORMAT_R16G16B16A16_UINT, WIRE_FORMAT_R16G16B16A16_UINT, 8},
    {DXGI_FORMAT_R16G16B16A16_SINT, WIRE_FORMAT_R16G16B16A16_SINT, 8},
    {DXGI_FORMAT_R32_UINT, WIRE_FORMAT_R32_UINT, 4},
    {DXGI_FORMAT_R32_SINT, WIRE_FORMAT_R32_SINT, 4},
    {DXGI_FORMAT_R32G32_UINT, WIRE_FORMAT_R32G32_UINT, 8},
    {DXGI_FORMAT_R32G32_SINT, WIRE_FORMAT_R32G32_SINT, 8},
    {DXGI_FORMAT_R32G32B32_UINT, WIRE_FORMAT_R32G32B32_UINT, 12},
    {DXGI_FORMAT_R32G32B32_SINT, WIRE_FORMAT_R32G32B32_SINT, 12},
    {DXGI_FORMAT_R32G32B32A32_UINT, WIRE_FORMAT_R32G32B32A32_UINT, 16},
    {DXGI_FORMAT_R32G32B32A32_SINT, WIRE_FORMAT_R32G32B32A32_SINT, 16},
    {DXGI_FORMAT_R10G10B10A2_UINT, WIRE_FORMAT_A2B10G10R10_UINT, 4},
};

uint32_t d11_wire_format(DXGI_FORMAT f, uint32_t *bpp)
{
    for (size_t i = 0; i < NR_ARRAY_SIZE(format_map); i++)
        if (format_map[i].dxgi == f) {
            if (bpp)
                *bpp = format_map[i].bpp;
            return format_map[i].wire;
        }
    return WIRE_FORMAT_UNDEFINED;
}

DXGI_FORMAT d11_dxgi_format(uint32_t wire)
{
    for (size_t i = 0; i < NR_ARRAY_SIZE(format_map); i++)
        if (format_map[i].wire == wire)
            return format_map[i].dxgi;
    return DXGI_FORMAT_UNKNOWN;
}

/* The typeless depth formats a texture may have, and their views: the
 * depth-stencil view's format, the shader-resource view's of the depth
 * and that of the stencil (WIRE_FORMAT_X24_G8_UINT). */
static const struct {
    DXGI_FORMAT typeless, dsv, srv, stencil;
} typeless_depth[] = {
    {DXGI_FORMAT_R24G8_TYPELESS, DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_R24_UNORM_X8_TYPELESS,
     DXGI_FORMAT_X24_TYPELESS_G8_UINT},
    {DXGI_FORMAT_R32_TYPELESS, DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_R32_FLOAT},
    {DXGI_FORMAT_R16_TYPELESS, DXGI_FORMAT_D16_UNORM, DXGI_FORMAT_R16_UNORM},
    {DXGI_FORMAT_R32G8X24_TYPELESS, DXGI_FORMAT_D32_FLOAT_S8X24_UINT,
     DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, DXGI_FORMAT_X32_TYPELESS_G8X24_UINT},
};

DXGI_FORMAT d11_typeless_depth(DXGI_FORMAT f)
{
    for (size_t i = 0; i < NR_ARRAY_SIZE(typeless_depth); i++)
        if (typeless_depth[i].typeless == f)
            return typeless_depth[i].dsv;
    return DXGI_FORMAT_UNKNOWN;
}

/* The typeless colour formats and the formats of their views; a texture
 * of one is made of the first (the server's image may be viewed as any of
 * them: WIRE_TEX_MUTABLE). */
#define F(x) DXGI_FORMAT_##x
static const struct {
    DXGI_FORMAT typeless, members[5];
} typeless_colour[] = {
    {F(R32G32B32A32_TYPELESS), {F(R32G32B32A32_FLOAT), F(R32G32B32A32_UINT), F(R32G32B32A32_SINT)}},
    {F(R32G32B32_TYPELESS), {F(R32G32B32_FLOAT), F(R32G32B32_UINT), F(R32G32B32_SINT)}},
    {F(R16G16B16A16_TYPELESS), {F(R16G16B16A16_FLOAT), F(R16G16B16A16_UNORM),
                                F(R16G16B16A16_UINT), F(R16G16B16A16_SNORM),
                                F(R16G16B16A16_SINT)}},
    {F(R32G32_TYPELESS), {F(R32G32_FLOAT), F(R32G32_UINT), F(R32G32_SINT)}},
    {F(R10G10B10A2_TYPELESS), {F(R10G10B10A2_UNORM), F(R10G10B10A2_UINT)}},
    {F(R8G8B8A8_TYPELESS), {F(R8G8B8A8_UNORM), F(R8G8B8A8_UNORM_SRGB), F(R8G8B8A8_UINT),
                            F(R8G8B8A8_SNORM), F(R8G8B8A8_SINT)}},
    {F(R16G16_TYPELESS), {F(R16G16_FLOAT), F(R16G16_UNORM), F(R16G16_UINT), F(R16G16_SNORM),
                          F(R16G16_SINT)}},
    {F(R32_TYPELESS), {F(R32_FLOAT), F(R32_UINT), F(R32_SINT)}},
    {F(R8G8_TYPELESS), {F(R8G8_UNORM), F(R8G8_UINT), F(R8G8_SNORM), F(R8G8_SINT)}},
    {F(R16_TYPELESS), {F(R16_FLOAT), F(R16_UNORM), F(R16_UINT), F(R16_SNORM), F(R16_SINT)}},
    {F(R8_TYPELESS), {F(R8_UNORM), F(R8_UINT), F(R8_SNORM), F(R8_SINT)}},
    {F(BC1_TYPELESS), {F(BC1_UNORM), F(BC1_UNORM_SRGB)}},
    {F(BC2_TYPELESS), {F(BC2_UNORM), F(BC2_UNORM_SRGB)}},
    {F(BC3_TYPELESS), {F(BC3_UNORM), F(BC3_UNORM_SRGB)}},
    {F(BC4_TYPELESS), {F(BC4_UNORM), F(BC4_SNORM)}},
    {F(BC5_TYPELESS), {F(BC5_UNORM), F(BC5_SNORM)}},
    {F(BC6H_TYPELESS), {F(BC6H_UF16), F(BC6H_SF16)}},
    {F(BC7_TYPELESS), {F(BC7_UNORM), F(BC7_UNORM_SRGB)}},
    {F(B8G8R8A8_TYPELESS), {F(B8G8R8A8_UNORM), F(B8G8R8A8_UNORM_SRGB)}},
    {F(B8G8R8X8_TYPELESS), {F(B8G8R8X8_UNORM), F(B8G8R8X8_UNORM_SRGB)}},
};
#undef F

bool d11_format_no_alpha(DXGI_FORMAT f)
{
    return f == DXGI_FORMAT_B8G8R8X8_UNORM || f == DXGI_FORMAT_B8G8R8X8_UNORM_SRGB ||
           f == DXGI_FORMAT_B8G8R8X8_TYPELESS;
}

DXGI_FORMAT d11_typeless_colour(DXGI_FORMAT f)
{
    for (size_t i = 0; i < NR_ARRAY_SIZE(typeless_colour); i++)
        if (typeless_colour[i].typeless == f)
            return typeless_colour[i].members[0];
    return DXGI_FORMAT_UNKNOWN;
}

uint32_t d11_format_samples(struct d11_device *dev, DXGI_FORMAT f)
{
    uint32_t w = d11_wire_format(f, NULL);
    if (!w && d11_typeless_depth(f))
        w = d11_wire_format(d11_typeless_depth(f), NULL);
    if (!w && d11_typeless_colour(f))
        w = d11_wire_format(d11_typeless_colour(f), NULL);
    if (!w)
        return 0;
    if (f == DXGI_FORMAT_A8_UNORM) /* a swizzle's view, its targets one sample */
        return 1;
    return 1u | dev->tc->caps.format_samples[w];
}

/* The typeless format of f's family (f itself for a typeless format or
 * one of no family). */
static DXGI_FORMAT format_family(DXGI_FORMAT f)
{
    static const struct {
        DXGI_FORMAT format, family;
    } depth[] = {
        {DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_R32_TYPELESS},
        {DXGI_FORMAT_D16_UNORM, DXGI_FORMAT_R16_TYPELESS},
        {DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_R24G8_TYPELESS},
        {DXGI_FORMAT_R24_UNORM_X8_TYPELESS, DXGI_FORMAT_R24G8_TYPELESS},
        {DXGI_FORMAT_X24_TYPELESS_G8_UINT, DXGI_FORMAT_R24G8_TYPELESS},
        {DXGI_FORMAT_D32_FLOAT_S8X24_UINT, DXGI_FORMAT_R32G8X24_TYPELESS},
        {DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, DXGI_FORMAT_R32G8X24_TYPELESS},
        {DXGI_FORMAT_X32_TYPELESS_G8X24_UINT, DXGI_FORMAT_R32G8X24_TYPELESS},
    };
    for (size_t i = 0; i < NR_ARRAY_SIZE(typeless_colour); i++)
        for (size_t m = 0; m < NR_ARRAY_SIZE(typeless_colour[i].members); m++)
            if (typeless_colour[i].members[m] == f)
                return typeless_colour[i].typeless;
    for (size_t i = 0; i < NR_ARRAY_SIZE(depth); i++)
        if (depth[i].format == f)
            return depth[i].family;
    return f;
}

/* The wire format of f, of its family's first for a typeless one. */
static uint32_t typed_wire_format(DXGI_FORMAT f)
{
    DXGI_FORMAT t = d11_typeless_colour(f) ? d11_typeless_colour(f) : d11_typeless_depth(f);
    return d11_wire_format(t ? t : f, NULL);
}

bool d11_copy_formats_ok(DXGI_FORMAT dst, DXGI_FORMAT src, D3D_FEATURE_LEVEL level)
{
    DXGI_FORMAT d = format_family(dst), s = format_family(src);
    const struct wire_format_info *dw = wire_format_get(typed_wire_format(dst)),
                                  *sw = wire_format_get(typed_wire_format(src));
    if (d == s)
        return true;
    /* R9G9B9E5 is a 32-bit format of R32's. */
    if ((d == DXGI_FORMAT_R9G9B9E5_SHAREDEXP && s == DXGI_FORMAT_R32_TYPELESS) ||
        (s == DXGI_FORMAT_R9G9B9E5_SHAREDEXP && d == DXGI_FORMAT_R32_TYPELESS))
        return true;
    /* A block to a texel of its bytes, of the 64- and 128-bit families
     * of 16- and 32-bit channels (from feature level 10_1). */
    if (!dw || !sw || dw->compressed == sw->compressed || dw->block_bytes != sw->block_bytes ||
        level < D3D_FEATURE_LEVEL_10_1)
        return false;
    DXGI_FORMAT texel = dw->compressed ? s : d;
    return texel == DXGI_FORMAT_R32G32B32A32_TYPELESS ||
           texel == DXGI_FORMAT_R16G16B16A16_TYPELESS || texel == DXGI_FORMAT_R32G32_TYPELESS;
}

bool d11_view_format_ok(const struct d11_texture *t, DXGI_FORMAT view, bool srv)
{
    DXGI_FORMAT texture = t->desc.Format;
    if (!srv && t->srgb_rtv &&
        ((texture == DXGI_FORMAT_R8G8B8A8_UNORM && view == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB) ||
         (texture == DXGI_FORMAT_B8G8R8A8_UNORM && view == DXGI_FORMAT_B8G8R8A8_UNORM_SRGB)))
        return true;
    if (wire_format_get(t->wire_format)->depth) {
        for (size_t i = 0; i < NR_ARRAY_SIZE(typeless_depth); i++)
            if (typeless_depth[i].typeless == texture)
                return srv ? view == typeless_depth[i].srv ||
                                 (typeless_depth[i].stencil && view == typeless_depth[i].stencil)
                           : view == typeless_depth[i].dsv;
    }
    for (size_t i = 0; i < NR_ARRAY_SIZE(typeless_colour); i++)
        if (typeless_colour[i].typeless == texture) {
            for (size_t m = 0; view && m < NR_ARRAY_SIZE(typeless_colour[i].members); m++)
                if (typeless_colour[i].members[m] == view)
                    return true;
            return false;
        }
    return !view || view == texture;
}

uint32_t d11_view_wire_format(const struct d11_texture *t, DXGI_FORMAT view)
{
    for (size_t i = 0; view && i < NR_ARRAY_SIZE(typeless_depth); i++)
        if (view == typeless_depth[i].stencil)
            return WIRE_FORMAT_X24_G8_UINT; /* the stencil (d11_view_format_ok allowed it) */
    uint32_t w = view ? d11_wire_format(view, NULL) : 0;
    return !w || wire_format_get(t->wire_format)->depth ? t->wire_format : w;
}

/* ------------------------------------------------------------ IUnknown */

static HRESULT STDMETHODCALLTYPE dev_QueryInterface(ID3D11Device *iface, REFIID riid,
                                                    void **out)
{
    struct d11_device *dev = d11_device_from(iface);
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IUnknown) || IsEqualGUID(riid, &IID_ID3D11Device) ||
        IsEqualGUID(riid, &IID_ID3D11Device1) || IsEqualGUID(riid, &IID_ID3D11Device2) ||
        IsEqualGUID(riid, &IID_ID3D11Device3) || IsEqualGUID(riid, &IID_ID3D11Device4) ||
        IsEqualGUID(riid, &IID_ID3D11Device5)) {
        *out = &dev->iface;
    } else if (IsEqualGUID(riid, &IID_IDXGIObject) || IsEqualGUID(riid, &IID_IDXGIDevice) ||
               IsEqualGUID(riid, &IID_IDXGIDevice1)) {
        *out = &dev->dxgi;
    } else {
        *out = NULL;
        return E_NOINTERFACE;
    }
    ID3D11Device_AddRef(&dev->iface);
    return S_OK;
}

static ULONG STDMETHODCALLTYPE dev_AddRef(ID3D11Device *iface)
{
    struct d11_device *dev = d11_device_from(iface);
    return (ULONG)__atomic_add_fetch(&dev->refcount, 1, __ATOMIC_SEQ_CST);
}

static void device_destroy(struct d11_device *dev)
{
    /* The bindings go first: what only they kept is destroyed now, while
     * the session still stands. */
    d11_context_cleanup(&dev->imm);
    d11_context_states_cleanup(dev);
    d11_state_cache_cleanup(dev);
    nr_private_clear(&dev->imm.pd);
    nr_private_clear(&dev->pd);
    for (size_t i = 0; i < dev->block_count; i++)
        d11_destroy_object(dev, WIRE_OBJ_STATE_BLOCK, dev->blocks[i].handle);
    for (int i = 0; i < D11_ZERO_TEXTURES; i++)
        d11_destroy_object(dev, WIRE_OBJ_TEXTURE, dev->zero_texture[i]);
    d11_destroy_object(dev, WIRE_OBJ_SAMPLER, dev->default_sampler);
    d11_destroy_object(dev, WIRE_OBJ_SAMPLER, dev->load_sampler);
    d11_destroy_object(dev, WIRE_OBJ_BUFFER, dev->zero_buffer);
    d11_destroy_object(dev, WIRE_OBJ_TEXTURE, dev->zero_depth[0]);
    d11_destroy_object(dev, WIRE_OBJ_TEXTURE, dev->zero_depth[1]);
    d11_destroy_object(dev, WIRE_OBJ_SAMPLER, dev->never_sampler);
    d11_device_release_fences(dev);
    free(dev->blocks);
    free(dev->query_free);
    transport_disconnect(dev->tc);
    for (int k = 0; k < WIRE_OBJ_KIND_COUNT; k++)
        wire_handle_pool_cleanup(&dev->handles[k]);
    if (dev->adapter)
        IDXGIAdapter1_Release(dev->adapter);
    pthread_mutex_destroy(&dev->lock);
    pthread_mutex_destroy(&dev->fence_lock);
    pthread_mutex_destroy(&dev->mt_lock);
    free(dev);
}

static ULONG STDMETHODCALLTYPE dev_Release(ID3D11Device *iface)
{
    struct d11_device *dev = d11_device_from(iface);
    LONG n = __atomic_sub_fetch(&dev->refcount, 1, __ATOMIC_SEQ_CST);
    if (!n)
        device_destroy(dev);
    return (ULONG)n;
}

/* ------------------------------------------------------------ creation */

static HRESULT STDMETHODCALLTYPE dev_CreateBuffer(ID3D11Device *iface,
                                                  const D3D11_BUFFER_DESC *desc,
                                                  const D3D11_SUBRESOURCE_DATA *data,
                                                  ID3D11Buffer **out)
{
    return d11_buffer_create(d11_device_from(iface), desc, data, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateTexture1D(ID3D11Device *iface,
                                                     const D3D11_TEXTURE1D_DESC *desc,
                                                     const D3D11_SUBRESOURCE_DATA *data,
                                                     ID3D11Texture1D **out)
{
    struct d11_texture *t;
    HRESULT hr = d11_texture1d_create(d11_device_from(iface), desc, data, out ? &t : NULL);
    if (out)
        *out = SUCCEEDED(hr) && hr != S_FALSE ? (ID3D11Texture1D *)(void *)&t->iface : NULL;
    return hr;
}

static HRESULT STDMETHODCALLTYPE dev_CreateTexture2D(ID3D11Device *iface,
                                                     const D3D11_TEXTURE2D_DESC *desc,
                                                     const D3D11_SUBRESOURCE_DATA *data,
                                                     ID3D11Texture2D **out)
{
    struct d11_texture *t;
    HRESULT hr = d11_texture_create(d11_device_from(iface), desc, data, out ? &t : NULL);
    if (out)
        *out = SUCCEEDED(hr) && hr != S_FALSE ? &t->iface : NULL;
    return hr;
}

static HRESULT STDMETHODCALLTYPE dev_CreateTexture3D(ID3D11Device *iface,
                                                     const D3D11_TEXTURE3D_DESC *desc,
                                                     const D3D11_SUBRESOURCE_DATA *data,
                                                     ID3D11Texture3D **out)
{
    struct d11_texture *t;
    HRESULT hr = d11_texture3d_create(d11_device_from(iface), desc, data, out ? &t : NULL);
    if (out)
        *out = SUCCEEDED(hr) && hr != S_FALSE ? (ID3D11Texture3D *)(void *)&t->iface : NULL;
    return hr;
}

static HRESULT STDMETHODCALLTYPE dev_CreateShaderResourceView(
    ID3D11Device *iface, ID3D11Resource *res, const D3D11_SHADER_RESOURCE_VIEW_DESC *desc,
    ID3D11ShaderResourceView **out)
{
    return d11_srv_create(d11_device_from(iface), res, desc, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateUnorderedAccessView(
    ID3D11Device *iface, ID3D11Resource *res, const D3D11_UNORDERED_ACCESS_VIEW_DESC *desc,
    ID3D11UnorderedAccessView **out)
{
    return d11_uav_create(d11_device_from(iface), res, desc, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateRenderTargetView(
    ID3D11Device *iface, ID3D11Resource *res, const D3D11_RENDER_TARGET_VIEW_DESC *desc,
    ID3D11RenderTargetView **out)
{
    return d11_rtv_create(d11_device_from(iface), res, desc, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateDepthStencilView(
    ID3D11Device *iface, ID3D11Resource *res, const D3D11_DEPTH_STENCIL_VIEW_DESC *desc,
    ID3D11DepthStencilView **out)
{
    return d11_dsv_create(d11_device_from(iface), res, desc, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateInputLayout(ID3D11Device *iface,
                                                       const D3D11_INPUT_ELEMENT_DESC *e,
                                                       UINT count, const void *code,
                                                       SIZE_T size, ID3D11InputLayout **out)
{
    return d11_layout_create(d11_device_from(iface), e, count, code, size, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateVertexShader(ID3D11Device *iface, const void *code,
                                                        SIZE_T size,
                                                        ID3D11ClassLinkage *linkage,
                                                        ID3D11VertexShader **out)
{
    if (linkage) {
        if (out)
            *out = NULL;
        return E_NOTIMPL;
    }
    return d11_shader_create(d11_device_from(iface), D11_VS, code, size, (void **)out);
}

#define TESS_SHADER(name, type, stage)                                                     \
    static HRESULT STDMETHODCALLTYPE dev_##name(ID3D11Device *iface, const void *code,   \
                                                SIZE_T size, ID3D11ClassLinkage *linkage, \
                                                type **out)                               \
    {                                                                                      \
        if (linkage) {                                                                     \
            if (out)                                                                       \
                *out = NULL;                                                               \
            return E_NOTIMPL;                                                              \
        }                                                                                  \
        return d11_shader_create(d11_device_from(iface), stage, code, size, (void **)out); \
    }
TESS_SHADER(CreateHullShader, ID3D11HullShader, D11_HS)
TESS_SHADER(CreateDomainShader, ID3D11DomainShader, D11_DS)
#undef TESS_SHADER

static HRESULT STDMETHODCALLTYPE dev_CreateGeometryShader(ID3D11Device *iface,
                                                          const void *code, SIZE_T size,
                                                          ID3D11ClassLinkage *linkage,
                                                          ID3D11GeometryShader **out)
{
    if (linkage) {
        if (out)
            *out = NULL;
        return E_NOTIMPL;
    }
    return d11_shader_create(d11_device_from(iface), D11_GS, code, size, (void **)out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateComputeShader(ID3D11Device *iface, const void *code,
                                                         SIZE_T size,
                                                         ID3D11ClassLinkage *linkage,
                                                         ID3D11ComputeShader **out)
{
    struct d11_device *dev = d11_device_from(iface);
    if (linkage || dev->level < D3D_FEATURE_LEVEL_11_0) {
        /* Compute at 10_x (shader model 4's) is not offered. */
        if (out)
            *out = NULL;
        return linkage ? E_NOTIMPL : E_INVALIDARG;
    }
    return d11_shader_create(dev, D11_CS, code, size, (void **)out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateGeometryShaderWithStreamOutput(
    ID3D11Device *iface, const void *code, SIZE_T size, const D3D11_SO_DECLARATION_ENTRY *decl,
    UINT entries, const UINT *strides, UINT stride_count, UINT rasterized,
    ID3D11ClassLinkage *linkage, ID3D11GeometryShader **out)
{
    if (linkage) {
        if (out)
            *out = NULL;
        return E_NOTIMPL;
    }
    return d11_so_shader_create(d11_device_from(iface), code, size, decl, entries, strides,
                                stride_count, rasterized, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreatePixelShader(ID3D11Device *iface, const void *code,
                                                       SIZE_T size, ID3D11ClassLinkage *linkage,
                                                       ID3D11PixelShader **out)
{
    if (linkage) {
        if (out)
            *out = NULL;
        return E_NOTIMPL;
    }
    return d11_shader_create(d11_device_from(iface), D11_PS, code, size, (void **)out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateClassLinkage(ID3D11Device *iface,
                                                        ID3D11ClassLinkage **out)
{
    (void)iface;
    if (out)
        *out = NULL;
    return E_NOTIMPL;
}

static HRESULT STDMETHODCALLTYPE dev_CreateBlendState(ID3D11Device *iface,
                                                      const D3D11_BLEND_DESC *d,
                                                      ID3D11BlendState **out)
{
    return d11_bs_create(d11_device_from(iface), d, NULL, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateDepthStencilState(ID3D11Device *iface,
                                                             const D3D11_DEPTH_STENCIL_DESC *d,
                                                             ID3D11DepthStencilState **out)
{
    return d11_ds_create(d11_device_from(iface), d, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateRasterizerState(ID3D11Device *iface,
                                                           const D3D11_RASTERIZER_DESC *d,
                                                           ID3D11RasterizerState **out)
{
    return d11_rs_create(d11_device_from(iface), d, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateSamplerState(ID3D11Device *iface,
                                                        const D3D11_SAMPLER_DESC *d,
                                                        ID3D11SamplerState **out)
{
    return d11_sampler_create(d11_device_from(iface), d, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateQuery(ID3D11Device *iface, const D3D11_QUERY_DESC *d,
                                                 ID3D11Query **out)
{
    return d11_query_create(d11_device_from(iface), d, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreatePredicate(ID3D11Device *iface,
                                                     const D3D11_QUERY_DESC *d,
                                                     ID3D11Predicate **out)
{
    return d11_predicate_create(d11_device_from(iface), d, out);
}

static HRESULT STDMETHODCALLTYPE dev_CreateCounter(ID3D11Device *iface,
                                                   const D3D11_COUNTER_DESC *d,
                                                   ID3D11Counter **out)
{
    (void)iface, (void)d;
    if (out)
        *out = NULL;
    /* No counters: CheckCounterInfo reports none. */
    return DXGI_ERROR_UNSUPPORTED;
}

/* Deferred contexts record command lists (deferred.c); D3D11 refuses them
 * on a single-threaded device. */
static HRESULT STDMETHODCALLTYPE dev_CreateDeferredContext(ID3D11Device *iface, UINT flags,
                                                           ID3D11DeviceContext **out)
{
    struct d11_device *dev = d11_device_from(iface);
    if (out && (dev->flags & D3D11_CREATE_DEVICE_SINGLETHREADED)) {
        *out = NULL;
        return DXGI_ERROR_INVALID_CALL;
    }
    return d11_deferred_create(dev, flags, out);
}

/* A texture another device of the same server shared (its legacy
 * handle: IDXGIResource::GetSharedHandle). */
static HRESULT STDMETHODCALLTYPE dev_OpenSharedResource(ID3D11Device *iface, HANDLE h,
                                                        REFIID riid, void **out)
{
    struct d11_texture *t;
    HRESULT hr;
    if (!out)
        return E_INVALIDARG;
    *out = NULL;
    if (FAILED(hr = d11_texture_open_shared(d11_device_from(iface), h, false, &t)))
        return hr;
    hr = ID3D11Texture2D_QueryInterface(&t->iface, riid, out);
    ID3D11Texture2D_Release(&t->iface);
    return hr;
}

static HRESULT STDMETHODCALLTYPE dev_CheckFormatSupport(ID3D11Device *iface, DXGI_FORMAT f,
                                                        UINT *support)
{
    struct d11_device *dev = d11_device_from(iface);
    uint32_t w = d11_wire_format(f, NULL), feat;
    UINT s = 0;
    if (!support)
        return E_INVALIDARG;
    *support = 0;
    /* The colour formats through which shaders read a depth family's
     * texture (R24_UNORM_X8_TYPELESS has no wire format of its own), with
     * comparisons where the depth format is sampled. */
    for (size_t i = 0; i < NR_ARRAY_SIZE(typeless_depth); i++) {
        uint32_t dw = d11_wire_format(typeless_depth[i].dsv, NULL);
        uint32_t df = dw ? dev->tc->caps.format_features[dw] : 0;
        /* Its stencil, loaded as an unsigned integer. */
        if (typeless_depth[i].stencil && f == typeless_depth[i].stencil &&
            (df & WIRE_FEAT_SAMPLED) && (df & WIRE_FEAT_DEPTH_TARGET)) {
            *support = D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_TEXTURECUBE |
                       D3D11_FORMAT_SUPPORT_MIP | D3D11_FORMAT_SUPPORT_SHADER_LOAD;
            return S_OK;
        }
        if (f != typeless_depth[i].srv || !(df & WIRE_FEAT_SAMPLED) ||
            !(df & WIRE_FEAT_DEPTH_TARGET))
            continue;
        if (!w) {
            *support = D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_TEXTURECUBE |
                       D3D11_FORMAT_SUPPORT_MIP | D3D11_FORMAT_SUPPORT_SHADER_LOAD |
                       D3D11_FORMAT_SUPPORT_SHADER_SAMPLE |
                       D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON;
            return S_OK;
        }
        s |= D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON;
    }
    if (!w && (d11_typeless_colour(f) || d11_typeless_depth(f))) {
        /* A typeless format: textures of it (their views have the typed
         * formats), as its family's first format has them. */
        w = d11_wire_format(d11_typeless_colour(f) ? d11_typeless_colour(f)
                                                   : d11_typeless_depth(f), NULL);
        feat = dev->tc->caps.format_features[w];
        if (feat & (WIRE_FEAT_TRANSFER | WIRE_FEAT_DEPTH_TARGET))
            s |= D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_MIP |
                 D3D11_FORMAT_SUPPORT_CAST_WITHIN_BIT_LAYOUT;
        if ((feat & WIRE_FEAT_TRANSFER) && d11_typeless_colour(f))
            s |= D3D11_FORMAT_SUPPORT_TEXTURECUBE | D3D11_FORMAT_SUPPORT_CPU_LOCKABLE;
        if ((feat & WIRE_FEAT_VOLUME) && d11_typeless_colour(f))
            s |= D3D11_FORMAT_SUPPORT_TEXTURE3D;
        *support = s;
        return s ? S_OK : E_FAIL;
    }
    if (!w)
        return E_FAIL;
    feat = dev->tc->caps.format_features[w];
    if (feat & WIRE_FEAT_VERTEX)
        s |= D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER;
    if (feat & WIRE_FEAT_TEXEL_BUFFER)
        s |= D3D11_FORMAT_SUPPORT_BUFFER | D3D11_FORMAT_SUPPORT_SHADER_LOAD;
    if (f == DXGI_FORMAT_R16_UINT || f == DXGI_FORMAT_R32_UINT)
        s |= D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER;
    if (feat & WIRE_FEAT_TRANSFER)
        s |= D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_TEXTURECUBE |
             D3D11_FORMAT_SUPPORT_MIP | D3D11_FORMAT_SUPPORT_CPU_LOCKABLE;
    if ((feat & WIRE_FEAT_VOLUME) && !wire_format_get(w)->depth)
        s |= D3D11_FORMAT_SUPPORT_TEXTURE3D;
    if (wire_format_get(w)->integer)
        feat &= ~(uint32_t)WIRE_FEAT_BLEND;
    if (feat & WIRE_FEAT_COLOR_TARGET)
        s |= D3D11_FORMAT_SUPPORT_RENDER_TARGET | D3D11_FORMAT_SUPPORT_DISPLAY;
    if ((feat & WIRE_FEAT_COLOR_TARGET) && (feat & WIRE_FEAT_BLIT))
        s |= D3D11_FORMAT_SUPPORT_MIP_AUTOGEN;
    if (feat & WIRE_FEAT_BLEND)
        s |= D3D11_FORMAT_SUPPORT_BLENDABLE;
    if (feat & WIRE_FEAT_DEPTH_TARGET)
        s |= D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_DEPTH_STENCIL;
    /* A depth format's texture is not bound for shaders (CreateTexture's
     * E_INVALIDARG): its typeless family's colour views (R24_UNORM_X8_
     * TYPELESS and the like, on the same wire format) read it. */
    bool depth_format = false;
    for (size_t i = 0; i < NR_ARRAY_SIZE(typeless_depth); i++)
        depth_format |= f == typeless_depth[i].dsv;
    if ((feat & WIRE_FEAT_SAMPLED) && !depth_format)
        s |= D3D11_FORMAT_SUPPORT_SHADER_LOAD |
             (wire_format_get(w)->integer ? 0 : D3D11_FORMAT_SUPPORT_SHADER_SAMPLE);
    if (d11_uav_format_ok(dev, f))
        s |= D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW;
    /* Multisampled targets, read by sample where the device samples a
     * count of them, resolved where the format is not an integer or depth
     * one. */
    if ((dev->tc->caps.format_samples[w] & ~1u) &&
        (feat & (WIRE_FEAT_COLOR_TARGET | WIRE_FEAT_DEPTH_TARGET))) {
        s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET;
        if (dev->tc->caps.format_load_samples[w])
            s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD;
        if ((feat & WIRE_FEAT_COLOR_TARGET) && (feat & WIRE_FEAT_BLIT) &&
            !wire_format_get(w)->integer)
            s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE;
    }
    *support = s;
    return s ? S_OK : E_FAIL;
}

static HRESULT STDMETHODCALLTYPE dev_CheckMultisampleQualityLevels(ID3D11Device *iface,
                                                                   DXGI_FORMAT f, UINT samples,
                                                                   UINT *levels)
{
    struct d11_device *dev = d11_device_from(iface);
    if (!levels)
        return E_INVALIDARG;
    /* One quality level for each count a target of the format has on the
     * server's device (a power of two: Vulkan's counts), none otherwise. */
    *levels = samples && samples <= 32 && !(samples & (samples - 1)) &&
                      (d11_format_samples(dev, f) & samples)
                  ? 1
                  : 0;
    return S_OK;
}

static void STDMETHODCALLTYPE dev_CheckCounterInfo(ID3D11Device *iface, D3D11_COUNTER_INFO *info)
{
    (void)iface;
    if (info)
        memset(info, 0, sizeof(*info));
}

static HRESULT STDMETHODCALLTYPE dev_CheckCounter(ID3D11Device *iface,
                                                  const D3D11_COUNTER_DESC *d,
                                                  D3D11_COUNTER_TYPE *type, UINT *active,
                                                  LPSTR name, UINT *name_len, LPSTR units,
                                                  UINT *units_len, LPSTR description,
                                                  UINT *description_len)
{
    (void)iface, (void)d, (void)type, (void)active, (void)name, (void)name_len;
    (void)units, (void)units_len, (void)description, (void)description_len;
    return E_INVALIDARG; /* no device-dependent counters */
}

static HRESULT STDMETHODCALLTYPE dev_CheckFeatureSupport(ID3D11Device *iface,
                                                         D3D11_FEATURE feature, void *data,
                                                         UINT size)
{
    switch (feature) {
    case D3D11_FEATURE_FORMAT_SUPPORT: {
        D3D11_FEATURE_DATA_FORMAT_SUPPORT *f = data;
        if (!f || size != sizeof(*f))
            return E_INVALIDARG;
        return dev_CheckFormatSupport(iface, f->InFormat, &f->OutFormatSupport);
    }
    case D3D11_FEATURE_FORMAT_SUPPORT2: {
        /* Typed UAV stores; loads and atomics of the 32-bit formats (what
         * D3D11 guarantees, and what vkd3d-shader declares typed loads as). */
        D3D11_FEATURE_DATA_FORMAT_SUPPORT2 *f = data;
        UINT support;
        if (!f || size != sizeof(*f))
            return E_INVALIDARG;
        f->OutFormatSupport2 = 0;
        if (d11_uav_format_ok(d11_device_from(iface), f->InFormat)) {
            f->OutFormatSupport2 = D3D11_FORMAT_SUPPORT2_UAV_TYPED_STORE;
            if (f->InFormat == DXGI_FORMAT_R32_UINT || f->InFormat == DXGI_FORMAT_R32_SINT ||
                f->InFormat == DXGI_FORMAT_R32_FLOAT)
                f->OutFormatSupport2 |= D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD;
            if (f->InFormat == DXGI_FORMAT_R32_UINT || f->InFormat == DXGI_FORMAT_R32_SINT)
                f->OutFormatSupport2 |=
                    D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_ADD |
                    D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_BITWISE_OPS |
                    D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_COMPARE_STORE_OR_COMPARE_EXCHANGE |
                    D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_EXCHANGE |
                    D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_SIGNED_MIN_OR_MAX |
                    D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_UNSIGNED_MIN_OR_MAX;
        }
        return dev_CheckFormatSupport(iface, f->InFormat, &support);
    }
    case D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS: {
        D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS *o = data;
        if (!o || size != sizeof(*o))
            return E_INVALIDARG;
        o->ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x = FALSE; /* no compute */
        return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS: {
        /* D3D11.1's (d3d11_1.c): constant buffer ranges and partial
         * updates (the client's bytes), NO_OVERWRITE maps of dynamic
         * constant buffers, ClearView, the copy flags and discards seen as
         * hints, logic operations where the device has them.  Not: forced
         * sample counts, copies with overlap, NO_OVERWRITE of buffers read
         * as shader resources, extended sharing, SAD4 and the extended
         * doubles. */
        D3D11_FEATURE_DATA_D3D11_OPTIONS *o = data;
        if (!o || size != sizeof(*o))
            return E_INVALIDARG;
        memset(o, 0, sizeof(*o));
        o->DiscardAPIsSeenByDriver = TRUE;
        o->FlagsForUpdateAndCopySeenByDriver = TRUE;
        o->ClearView = TRUE;
        o->ConstantBufferPartialUpdate = TRUE;
        o->ConstantBufferOffsetting = TRUE;
        o->MapNoOverwriteOnDynamicConstantBuffer = TRUE;
        o->OutputMergerLogicOp =
            (d11_device_from(iface)->tc->caps.features & WIRE_DEVFEAT_LOGIC_OP) != 0;
        return S_OK;
    }
    case D3D11_FEATURE_ARCHITECTURE_INFO: {
        D3D11_FEATURE_DATA_ARCHITECTURE_INFO *a = data;
        if (!a || size != sizeof(*a))
            return E_INVALIDARG;
        a->TileBasedDeferredRenderer = FALSE;
        return S_OK;
    }
    case D3D11_FEATURE_D3D9_OPTIONS: {
        D3D11_FEATURE_DATA_D3D9_OPTIONS *o = data;
        if (!o || size != sizeof(*o))
            return E_INVALIDARG;
        o->FullNonPow2TextureSupport = TRUE;
        return S_OK;
    }
    case D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT: {
        /* Shaders compute at full precision. */
        D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT *p = data;
        if (!p || size != sizeof(*p))
            return E_INVALIDARG;
        p->PixelShaderMinPrecision = p->AllOtherShaderStagesMinPrecision = 0;
        return S_OK;
    }
    case D3D11_FEATURE_THREADING: {
        D3D11_FEATURE_DATA_THREADING *t = data;
        if (!t || size != sizeof(*t))
            return E_INVALIDARG;
        /* Resources may be made on any thread; command lists are the
         * runtime's (deferred.c records and replays them), as D3D11's
         * runtime does for a driver without them. */
        t->DriverConcurrentCreates = TRUE;
        t->DriverCommandLists = FALSE;
        return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS1: {
        D3D11_FEATURE_DATA_D3D11_OPTIONS1 *o = data;
        if (!o || size != sizeof(*o))
            return E_INVALIDARG;
        memset(o, 0, sizeof(*o));
        o->MapOnDefaultBuffers = d11_device_from(iface)->level >= D3D_FEATURE_LEVEL_11_0;
        return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS3: {
        /* A layer or viewport index from the vertex and domain stages (no
         * geometry shader): not offered, their programs are refused. */
        D3D11_FEATURE_DATA_D3D11_OPTIONS3 *o = data;
        if (!o || size != sizeof(*o))
            return E_INVALIDARG;
        o->VPAndRTArrayIndexFromAnyShaderFeedingRasterizer = FALSE;
        return S_OK;
    }
    case D3D11_FEATURE_DOUBLES: {
        D3D11_FEATURE_DATA_DOUBLES *d = data;
        if (!d || size != sizeof(*d))
            return E_INVALIDARG;
        d->DoublePrecisionFloatShaderOps = FALSE;
        return S_OK;
    }
    default:
        return E_NOTIMPL;
    }
}

static HRESULT STDMETHODCALLTYPE dev_GetPrivateData(ID3D11Device *iface, REFGUID guid,
                                                    UINT *size, void *data)
{
    return d11_private_get(&d11_device_from(iface)->pd, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE dev_SetPrivateData(ID3D11Device *iface, REFGUID guid,
                                                    UINT size, const void *data)
{
    return d11_private_set(&d11_device_from(iface)->pd, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE dev_SetPrivateDataInterface(ID3D11Device *iface,
                                                             REFGUID guid, const IUnknown *data)
{
    return d11_private_set_iface(&d11_device_from(iface)->pd, guid, data);
}

static D3D_FEATURE_LEVEL STDMETHODCALLTYPE dev_GetFeatureLevel(ID3D11Device *iface)
{
    return d11_device_from(iface)->level;
}

static UINT STDMETHODCALLTYPE dev_GetCreationFlags(ID3D11Device *iface)
{
    return d11_device_from(iface)->flags;
}

static HRESULT STDMETHODCALLTYPE dev_GetDeviceRemovedReason(ID3D11Device *iface)
{
    return d11_lost_hr(d11_device_from(iface));
}

static void STDMETHODCALLTYPE dev_GetImmediateContext(ID3D11Device *iface,
                                                      ID3D11DeviceContext **out)
{
    struct d11_device *dev = d11_device_from(iface);
    if (!out)
        return;
    *out = &dev->imm.iface;
    ID3D11DeviceContext_AddRef(*out); /* the context's, and one of the device's */
}

static HRESULT STDMETHODCALLTYPE dev_SetExceptionMode(ID3D11Device *iface, UINT flags)
{
    (void)iface;
    return flags ? E_NOTIMPL : S_OK;
}

static UINT STDMETHODCALLTYPE dev_GetExceptionMode(ID3D11Device *iface)
{
    (void)iface;
    return 0;
}

static const struct d11_device_vtbl device_vtbl = {{
    dev_QueryInterface,
    dev_AddRef,
    dev_Release,
    dev_CreateBuffer,
    dev_CreateTexture1D,
    dev_CreateTexture2D,
    dev_CreateTexture3D,
    dev_CreateShaderResourceView,
    dev_CreateUnorderedAccessView,
    dev_CreateRenderTargetView,
    dev_CreateDepthStencilView,
    dev_CreateInputLayout,
    dev_CreateVertexShader,
    dev_CreateGeometryShader,
    dev_CreateGeometryShaderWithStreamOutput,
    dev_CreatePixelShader,
    dev_CreateHullShader,
    dev_CreateDomainShader,
    dev_CreateComputeShader,
    dev_CreateClassLinkage,
    dev_CreateBlendState,
    dev_CreateDepthStencilState,
    dev_CreateRasterizerState,
    dev_CreateSamplerState,
    dev_CreateQuery,
    dev_CreatePredicate,
    dev_CreateCounter,
    dev_CreateDeferredContext,
    dev_OpenSharedResource,
    dev_CheckFormatSupport,
    dev_CheckMultisampleQualityLevels,
    dev_CheckCounterInfo,
    dev_CheckCounter,
    dev_CheckFeatureSupport,
    dev_GetPrivateData,
    dev_SetPrivateData,
    dev_SetPrivateDataInterface,
    dev_GetFeatureLevel,
    dev_GetCreationFlags,
    dev_GetDeviceRemovedReason,
    dev_GetImmediateContext,
    dev_SetExceptionMode,
    dev_GetExceptionMode,
}, D11_DEVICE1_METHODS, D11_DEVICE5_METHODS};
/* The layout of ID3D11Device5's vtable. */
_Static_assert(sizeof(struct d11_device_vtbl) == sizeof(ID3D11Device5Vtbl),
               "ID3D11Device5's slots");
_Static_assert(offsetof(struct d11_device_vtbl, v5.GetImmediateContext2) ==
                   offsetof(ID3D11Device5Vtbl, GetImmediateContext2),
               "ID3D11Device2::GetImmediateContext2");
_Static_assert(offsetof(struct d11_device_vtbl, v5.CreateFence) ==
                   offsetof(ID3D11Device5Vtbl, CreateFence),
               "ID3D11Device5::CreateFence");
_Static_assert(offsetof(struct d11_device_vtbl, v1.OpenSharedResourceByName) ==
                   offsetof(ID3D11Device1Vtbl, OpenSharedResourceByName),
               "ID3D11Device1::OpenSharedResourceByName");

/* ------------------------------------------------------------ IDXGIDevice1 */

static struct d11_device *from_dxgi(IDXGIDevice1 *iface)
{
    return D11_IMPL(iface, struct d11_device, dxgi);
}

static HRESULT STDMETHODCALLTYPE dxgi_QueryInterface(IDXGIDevice1 *iface, REFIID riid,
                                                     void **out)
{
    return dev_QueryInterface(&from_dxgi(iface)->iface, riid, out);
}

static ULONG STDMETHODCALLTYPE dxgi_AddRef(IDXGIDevice1 *iface)
{
    return dev_AddRef(&from_dxgi(iface)->iface);
}

static ULONG STDMETHODCALLTYPE dxgi_Release(IDXGIDevice1 *iface)
{
    return dev_Release(&from_dxgi(iface)->iface);
}

static HRESULT STDMETHODCALLTYPE dxgi_SetPrivateData(IDXGIDevice1 *iface, REFGUID guid,
                                                     UINT size, const void *data)
{
    return dev_SetPrivateData(&from_dxgi(iface)->iface, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE dxgi_SetPrivateDataInterface(IDXGIDevice1 *iface,
                                                              REFGUID guid,
                                                              const IUnknown *data)
{
    return dev_SetPrivateDataInterface(&from_dxgi(iface)->iface, guid, data);
}

static HRESULT STDMETHODCALLTYPE dxgi_GetPrivateData(IDXGIDevice1 *iface, REFGUID guid,
                                                     UINT *size, void *data)
{
    return dev_GetPrivateData(&from_dxgi(iface)->iface, guid, size, data);
}

static HRESULT STDMETHODCALLTYPE dxgi_GetAdapter(IDXGIDevice1 *iface, IDXGIAdapter **out)
{
    struct d11_device *dev = from_dxgi(iface);
    if (!out)
        return E_INVALIDARG;
    IDXGIAdapter1_AddRef(dev->adapter);
    *out = (IDXGIAdapter *)dev->adapter;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_GetParent(IDXGIDevice1 *iface, REFIID riid, void **out)
{
    struct d11_device *dev = from_dxgi(iface);
    return IDXGIAdapter1_QueryInterface(dev->adapter, riid, out);
}

static HRESULT STDMETHODCALLTYPE dxgi_CreateSurface(IDXGIDevice1 *iface,
                                                    const DXGI_SURFACE_DESC *desc, UINT count,
                                                    DXGI_USAGE usage,
                                                    const DXGI_SHARED_RESOURCE *shared,
                                                    IDXGISurface **out)
{
    (void)iface, (void)desc, (void)count, (void)usage, (void)shared;
    if (out)
        *out = NULL;
    return E_NOTIMPL;
}

static HRESULT STDMETHODCALLTYPE dxgi_QueryResourceResidency(IDXGIDevice1 *iface,
                                                             IUnknown *const *resources,
                                                             DXGI_RESIDENCY *status, UINT count)
{
    (void)iface;
    if (!resources || !status)
        return E_INVALIDARG;
    for (UINT i = 0; i < count; i++)
        status[i] = DXGI_RESIDENCY_FULLY_RESIDENT;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_SetGPUThreadPriority(IDXGIDevice1 *iface, INT priority)
{
    (void)iface;
    /* The server schedules its contexts itself; only 0 is honoured. */
    return priority < -7 || priority > 7 ? E_INVALIDARG : priority ? E_NOTIMPL : S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_GetGPUThreadPriority(IDXGIDevice1 *iface, INT *priority)
{
    (void)iface;
    if (!priority)
        return E_POINTER;
    *priority = 0;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_SetMaximumFrameLatency(IDXGIDevice1 *iface, UINT latency)
{
    struct d11_device *dev = from_dxgi(iface);
    if (latency > 16)
        return E_INVALIDARG;
    dev->frame_latency = latency ? latency : 3;
    return S_OK;
}

static HRESULT STDMETHODCALLTYPE dxgi_GetMaximumFrameLatency(IDXGIDevice1 *iface, UINT *latency)
{
    if (!latency)
        return E_POINTER;
    *latency = from_dxgi(iface)->frame_latency;
    return S_OK;
}

static const IDXGIDevice1Vtbl dxgi_device_vtbl = {
    dxgi_QueryInterface,
    dxgi_AddRef,
    dxgi_Release,
    dxgi_SetPrivateData,
    dxgi_SetPrivateDataInterface,
    dxgi_GetPrivateData,
    dxgi_GetParent,
    dxgi_GetAdapter,
    dxgi_CreateSurface,
    dxgi_QueryResourceResidency,
    dxgi_SetGPUThreadPriority,
    dxgi_GetGPUThreadPriority,
    dxgi_SetMaximumFrameLatency,
    dxgi_GetMaximumFrameLatency,
};

/* ------------------------------------------------------------ creation */

HRESULT d11_device_create(IDXGIAdapter1 *adapter, UINT flags, D3D_FEATURE_LEVEL level,
                          struct d11_device **out)
{
    struct d11_device *dev = calloc(1, sizeof(*dev));
    char reason[160] = "", name[96];
    if (!dev)
        return E_OUTOFMEMORY;
    snprintf(name, sizeof(name), "%s (d3d11)", nr_program_name());
    if (!(dev->tc = transport_connect(name, reason, sizeof(reason)))) {
        NR_ERR(D3D9, "D3D11CreateDevice: no server: %s", reason);
        free(dev);
        return DXGI_ERROR_UNSUPPORTED;
    }
    if (!(dev->tc->caps.features & WIRE_DEVFEAT_DXBC)) {
        NR_ERR(D3D9, "D3D11CreateDevice: the server does not translate DXBC");
        transport_disconnect(dev->tc);
        free(dev);
        return DXGI_ERROR_UNSUPPORTED;
    }
    dev->iface.lpVtbl = &device_vtbl.base;
    dev->dxgi.lpVtbl = &dxgi_device_vtbl;
    dev->refcount = 1;
    dev->level = level;
    dev->flags = flags;
    dev->frame_latency = 3;
    pthread_mutex_init(&dev->lock, NULL);
    pthread_mutex_init(&dev->fence_lock, NULL);
    {
        pthread_mutexattr_t a;
        pthread_mutexattr_init(&a);
        pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
        pthread_mutex_init(&dev->mt_lock, &a);
        pthread_mutexattr_destroy(&a);
    }
    /* ID3D11Multithread's flag: off until the application sets it, as
     * Windows answers; the device locks its work either way. */
    dev->mt_protected = FALSE;
    dev->adapter = adapter;
    IDXGIAdapter1_AddRef(adapter);
    d11_context_init(&dev->imm, dev);
    /* The server's half of the check and reference modes, as D3D9's
     * devices ask for it: with NEREID_CHECK_STATE=1 it checks before every
     * draw that the command buffer holds everything the draw reads, with
     * NEREID_REFERENCE_STATE=1 it records all of it anew for every draw. */
    if (nr_env_flag("NEREID_CHECK_STATE") || dev->reference) {
        struct wire_set_context_options o = {
            (dev->reference ? WIRE_CONTEXT_REFERENCE : 0u) |
                (nr_env_flag("NEREID_CHECK_STATE") ? WIRE_CONTEXT_CHECK : 0u),
            0};
        wire_emit_SET_CONTEXT_OPTIONS(&dev->tc->w, &o);
    }
    *out = dev;
    return S_OK;
}

static bool level_supported(D3D_FEATURE_LEVEL l)
{
    return l == D3D_FEATURE_LEVEL_10_0 || l == D3D_FEATURE_LEVEL_10_1 ||
           l == D3D_FEATURE_LEVEL_11_0 || l == D3D_FEATURE_LEVEL_11_1;
}

NR_EXPORT HRESULT WINAPI D3D11CreateDevice(IDXGIAdapter *adapter, D3D_DRIVER_TYPE type,
                                           HMODULE software, UINT flags,
                                           const D3D_FEATURE_LEVEL *levels, UINT level_count,
                                           UINT sdk_version, ID3D11Device **device,
                                           D3D_FEATURE_LEVEL *level_out,
                                           ID3D11DeviceContext **context)
{
    static const D3D_FEATURE_LEVEL defaults[] = {
        D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_10_0,
        D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_1};
    D3D_FEATURE_LEVEL level = 0;
    IDXGIAdapter1 *a = NULL;
    struct d11_device *dev;
    HRESULT hr;

    (void)sdk_version;
    if (device)
        *device = NULL;
    if (context)
        *context = NULL;
    if (level_out)
        *level_out = 0;
    /* An adapter comes with D3D_DRIVER_TYPE_UNKNOWN, and only then. */
    if ((adapter != NULL) != (type == D3D_DRIVER_TYPE_UNKNOWN))
        return E_INVALIDARG;
    if (software && type != D3D_DRIVER_TYPE_SOFTWARE)
        return E_INVALIDARG;
    if (type != D3D_DRIVER_TYPE_UNKNOWN && type != D3D_DRIVER_TYPE_HARDWARE &&
        type != D3D_DRIVER_TYPE_WARP)
        return DXGI_ERROR_UNSUPPORTED;
    if (!levels) {
        levels = defaults;
        level_count = NR_ARRAY_SIZE(defaults);
    }
    for (UINT i = 0; i < level_count && !level; i++)
        if (level_supported(levels[i]))
            level = levels[i];
    if (!level)
        return E_INVALIDARG;
    if (adapter) {
        hr = IDXGIAdapter_QueryInterface(adapter, &IID_IDXGIAdapter1, (void **)&a);
        if (FAILED(hr))
            return E_INVALIDARG;
    } else if (FAILED(hr = d11_adapter_get(&a))) {
        return hr;
    }
    if (!device && !context) {
        /* Only asked whether it would work. */
        IDXGIAdapter1_Release(a);
        if (level_out)
            *level_out = level;
        return S_FALSE;
    }
    hr = d11_device_create(a, flags, level, &dev);
    IDXGIAdapter1_Release(a);
    if (FAILED(hr))
        return hr;
    if (level_out)
        *level_out = level;
    if (context)
        dev_GetImmediateContext(&dev->iface, context);
    if (device)
        *device = &dev->iface;
    else
        ID3D11Device_Release(&dev->iface);
    return S_OK;
}

NR_EXPORT HRESULT WINAPI D3D11CreateDeviceAndSwapChain(
    IDXGIAdapter *adapter, D3D_DRIVER_TYPE type, HMODULE software, UINT flags,
    const D3D_FEATURE_LEVEL *levels, UINT level_count, UINT sdk_version,
    const DXGI_SWAP_CHAIN_DESC *desc, IDXGISwapChain **swapchain, ID3D11Device **device_out,
    D3D_FEATURE_LEVEL *level_out, ID3D11DeviceContext **context)
{
    ID3D11Device *device = NULL;
    IDXGIFactory *factory = NULL;
    IDXGIAdapter *a = NULL;
    IDXGIDevice *dxgi = NULL;
    HRESULT hr;

    if (swapchain)
        *swapchain = NULL;
    if (device_out)
        *device_out = NULL;
    if (swapchain && !desc)
        return E_INVALIDARG;
    /* Nothing asked for: whether it would work (S_FALSE). */
    if (!swapchain && !device_out && !context)
        return D3D11CreateDevice(adapter, type, software, flags, levels, level_count,
                                 sdk_version, NULL, level_out, NULL);
    hr = D3D11CreateDevice(adapter, type, software, flags, levels, level_count, sdk_version,
                           &device, level_out, context);
    if (FAILED(hr))
        return hr;
    if (swapchain) {
        ID3D11Device_QueryInterface(device, &IID_IDXGIDevice, (void **)&dxgi);
        IDXGIDevice_GetAdapter(dxgi, &a);
        hr = IDXGIAdapter_GetParent(a, &IID_IDXGIFactory, (void **)&factory);
        if (SUCCEEDED(hr)) {
            hr = IDXGIFactory_CreateSwapChain(factory, (IUnknown *)device,
                                              (DXGI_SWAP_CHAIN_DESC *)desc, swapchain);
            IDXGIFactory_Release(factory);
        }
        IDXGIAdapter_Release(a);
        IDXGIDevice_Release(dxgi);
        if (FAILED(hr)) {
            /* Nothing made: every output as it was set above. */
            if (context && *context) {
                ID3D11DeviceContext_Release(*context);
                *context = NULL;
            }
            if (level_out)
                *level_out = 0;
            ID3D11Device_Release(device);
            return hr;
        }
    }
    if (device_out)
        *device_out = device;
    else
        ID3D11Device_Release(device);
    return S_OK;
}

/* The runtime's own entry (Windows' d3d10core and the layers call it): a
 * device of the adapter (the default one without), no context asked for.
 * The factory is the adapter's parent; it is not looked at. */
NR_EXPORT HRESULT WINAPI D3D11CoreCreateDevice(IDXGIFactory *factory, IDXGIAdapter *adapter,
                                               UINT flags, const D3D_FEATURE_LEVEL *levels,
                                               UINT level_count, ID3D11Device **device)
{
    (void)factory;
    return D3D11CreateDevice(adapter, adapter ? D3D_DRIVER_TYPE_UNKNOWN : D3D_DRIVER_TYPE_HARDWARE,
                             NULL, flags, levels, level_count, D3D11_SDK_VERSION, device, NULL,
                             NULL);
}

/* D3D11 on a Direct3D 12 device: there is no Direct3D 12 here, so no
 * device given can be one of ours (docs/STATUS.md). */
NR_EXPORT HRESULT WINAPI D3D11On12CreateDevice(IUnknown *d3d12, UINT flags,
                                               const D3D_FEATURE_LEVEL *levels, UINT level_count,
                                               IUnknown *const *queues, UINT queue_count,
                                               UINT node_mask, ID3D11Device **device,
                                               ID3D11DeviceContext **context,
                                               D3D_FEATURE_LEVEL *level_out)
{
    (void)d3d12, (void)flags, (void)levels, (void)level_count, (void)queues, (void)queue_count;
    (void)node_mask;
    if (device)
        *device = NULL;
    if (context)
        *context = NULL;
    if (level_out)
        *level_out = 0;
    return E_NOTIMPL;
}
