/* D3D9 formats and the wire formats they travel as.
 *
 * Each D3D9 format is stored in a wire format whose bytes are laid out the
 * same way in memory, so locks, uploads and read-backs copy bytes without
 * converting them.  The exceptions are formats no wire format lays out
 * alike (L6V5U5, X8L8V8U8) and YUY2/UYVY, whose server copy is RGB: their
 * rows are converted as they are sent (to_wire), and they are never read
 * back.  Where the wire format has other channels than the D3D9 format, the texture's swizzle makes a sampled texel read as D3D9 says:
 * L8 is R8 read as (R, R, R, 1), A8 is R8 read as (0, 0, 0, R), and so on.
 * Missing channels read as D3D9 defines them: "a DirectX 9.0 driver should
 * set the default values for the unused channels in ... D3DFMT_R16F,
 * D3DFMT_G16R16F, D3DFMT_R32F, D3DFMT_G32R32F to 1.0f ... the alpha channel
 * to 1.0f" (Recommended DirectX 9.0 driver support); V8U8 reads B and A as
 * 1 as the reference rasterizer does for V16U16.
 *
 * A format whose sampled channels come through a swizzle other than "alpha
 * reads 1" cannot be rendered to: a draw would write D3D9's red into the
 * storage's R (for A8, D3D9's alpha lives there).  Such formats are not
 * targets whatever the wire format could do. */
#include "d3d9/d3d9_private.h"

#define D3DFMT_INTZ D3D9_FMT_INTZ

#define R WIRE_SWIZZLE_R
#define G WIRE_SWIZZLE_G
#define B WIRE_SWIZZLE_B
#define A WIRE_SWIZZLE_A
#define ZERO WIRE_SWIZZLE_ZERO
#define ONE WIRE_SWIZZLE_ONE

/* name, wire format, bytes per block, block size, depth, has alpha, can be a
 * target, swizzle */
#define FMT(f, w, bytes, block, depth, alpha, target, r, g, b, a)               \
    {D3DFMT_##f, WIRE_FORMAT_##w, bytes, depth, alpha, "D3DFMT_" #f, block,      \
     {r, g, b, a}, target, NULL, 0, 0, false, NULL}
/* The same for a format converted on its way to the server. */
#define FMT_CONVERTED(f, w, bytes, wbytes, fn, r, g, b, a)                      \
    {D3DFMT_##f, WIRE_FORMAT_##w, bytes, false, false, "D3DFMT_" #f, 1,           \
     {r, g, b, a}, false, fn, wbytes, 0, false, NULL}
/* A vendor format of 4x4 blocks that D3D9 lays out as a byte a texel. */
#define FMT_PACKED(name, fourcc, w, pbytes, r, g, b, a)                        \
    {fourcc, WIRE_FORMAT_##w, 1, false, true, name, 1, {r, g, b, a}, false, NULL, 0, pbytes,   \
     false, NULL}
/* A YUV format of texel pairs, sent as B8G8R8A8 texels. */
#define FMT_YUV(f, fn)                                                          \
    {D3DFMT_##f, WIRE_FORMAT_B8G8R8A8_UNORM, 2, false, false, "D3DFMT_" #f, 1,    \
     {R, G, B, ONE}, false, fn, 4, 0, true, NULL}
/* A planar YUV format: its Y plane is one byte a texel. */
#define FMT_PLANAR(name, fourcc, fn)                                             \
    {fourcc, WIRE_FORMAT_B8G8R8A8_UNORM, 1, false, false, name, 1, {R, G, B, ONE}, false, \
     NULL, 4, 0, false, fn}

/* Signed 8-bit normalized from a D3D9 channel: -1.0 is -127. */
static int8_t snorm8(float f)
{
    f = f < -1.0f ? -1.0f : f > 1.0f ? 1.0f : f;
    return (int8_t)(f * 127.0f + (f < 0 ? -0.5f : 0.5f));
}

/* L6V5U5 (U, V signed 5 bits, L unsigned 6 bits, from bit 0): 15 is 1.0
 * and -16 is -1.0 (Wine's visual test_signed_formats, on Windows), into
 * R8G8B8A8_SNORM as (U, V, L, 1). */
static void l6v5u5_to_wire(uint8_t *dst, const uint8_t *src, uint32_t w)
{
    for (uint32_t i = 0; i < w; i++, src += 2, dst += 4) {
        unsigned v16 = src[0] | (unsigned)src[1] << 8;
        int u = (int)(v16 & 31), v = (int)((v16 >> 5) & 31), l = (int)(v16 >> 10);
        u = u >= 16 ? u - 32 : u;
        v = v >= 16 ? v - 32 : v;
        dst[0] = (uint8_t)snorm8(u < 0 ? u / 16.0f : u / 15.0f);
        dst[1] = (uint8_t)snorm8(v < 0 ? v / 16.0f : v / 15.0f);
        dst[2] = (uint8_t)snorm8(l / 63.0f);
        dst[3] = 127;
    }
}

/* X8L8V8U8 (U, V signed bytes, L an unsigned one) into R8G8B8A8_SNORM as
 * (U, V, L, 1): U and V keep their bytes, L loses its lowest bit. */
static void x8l8v8u8_to_wire(uint8_t *dst, const uint8_t *src, uint32_t w)
{
    for (uint32_t i = 0; i < w; i++, src += 4, dst += 4) {
        dst[0] = src[0];
        dst[1] = src[1];
        dst[2] = (uint8_t)snorm8(src[2] / 255.0f);
        dst[3] = 127;
    }
}

/* One texel of YCbCr as B8G8R8A8, full-range BT.601 (what Windows' drivers
 * show: Wine's visual yuv_color_test and yuv_layout_test). */
static void yuv_texel(uint8_t *dst, int y, int u, int v)
{
    float c[3] = {y + 1.772f * (u - 128), y - 0.344f * (u - 128) - 0.714f * (v - 128),
                  y + 1.402f * (v - 128)};
    for (int i = 0; i < 3; i++)
        dst[i] = (uint8_t)(c[i] < 0 ? 0 : c[i] > 255 ? 255 : c[i] + 0.5f);
    dst[3] = 255;
}

/* YUY2 pairs are Y0 U Y1 V, UYVY pairs U Y0 V Y1; `src` starts a pair. */
static void yuy2_to_wire(uint8_t *dst, const uint8_t *src, uint32_t w)
{
    for (uint32_t i = 0; i < w; i++, dst += 4) {
        const uint8_t *p = src + (i / 2) * 4;
        yuv_texel(dst, p[(i & 1) * 2], p[1], p[3]);
    }
}

static void uyvy_to_wire(uint8_t *dst, const uint8_t *src, uint32_t w)
{
    for (uint32_t i = 0; i < w; i++, dst += 4) {
        const uint8_t *p = src + (i / 2) * 4;
        yuv_texel(dst, p[1 + (i & 1) * 2], p[0], p[2]);
    }
}

/* The planes under a planar surface's Y: rows of chroma at half the
 * height, rounded up. */
static uint32_t chroma_rows(uint32_t height)
{
    return (height + 1) / 2;
}

/* YV12: V plane, then U plane, each at half the pitch. */
static void yv12_to_wire(uint8_t *dst, const uint8_t *base, uint32_t pitch, uint32_t height,
                         uint32_t row, uint32_t w)
{
    const uint8_t *y = base + (size_t)row * pitch;
    const uint8_t *v = base + (size_t)pitch * height + (size_t)(row / 2) * (pitch / 2);
    const uint8_t *u = v + (size_t)chroma_rows(height) * (pitch / 2);
    for (uint32_t i = 0; i < w; i++, dst += 4)
        yuv_texel(dst, y[i], u[i / 2], v[i / 2]);
}

/* NV12: one plane of U V pairs at the pitch. */
static void nv12_to_wire(uint8_t *dst, const uint8_t *base, uint32_t pitch, uint32_t height,
                         uint32_t row, uint32_t w)
{
    const uint8_t *y = base + (size_t)row * pitch;
    const uint8_t *uv = base + (size_t)pitch * height + (size_t)(row / 2) * pitch;
    for (uint32_t i = 0; i < w; i++, dst += 4)
        yuv_texel(dst, y[i], uv[(i / 2) * 2], uv[(i / 2) * 2 + 1]);
}

static const struct d3d9_format_info formats[] = {
    FMT(A8R8G8B8, B8G8R8A8_UNORM, 4, 1, false, true, true, R, G, B, A),
    /* Render targets and the back buffer of this format existed before
     * textures did: it keeps its wire format, which the server stores as
     * B8G8R8A8; sampling reads alpha as 1. */
    FMT(X8R8G8B8, B8G8R8X8_UNORM, 4, 1, false, false, true, R, G, B, ONE),
    FMT(A8B8G8R8, R8G8B8A8_UNORM, 4, 1, false, true, true, R, G, B, A),
    FMT(X8B8G8R8, R8G8B8A8_UNORM, 4, 1, false, false, true, R, G, B, ONE),
    FMT(R5G6B5, R5G6B5_UNORM, 2, 1, false, false, true, R, G, B, ONE),
    FMT(X1R5G5B5, A1R5G5B5_UNORM, 2, 1, false, false, true, R, G, B, ONE),
    FMT(A1R5G5B5, A1R5G5B5_UNORM, 2, 1, false, true, true, R, G, B, A),
    FMT(A4R4G4B4, A4R4G4B4_UNORM, 2, 1, false, true, true, R, G, B, A),
    FMT(A2R10G10B10, A2R10G10B10_UNORM, 4, 1, false, true, true, R, G, B, A),
    FMT(A16B16G16R16, R16G16B16A16_UNORM, 8, 1, false, true, true, R, G, B, A),
    FMT(G16R16, R16G16_UNORM, 4, 1, false, false, true, R, G, ONE, ONE),
    FMT(A8, R8_UNORM, 1, 1, false, true, false, ZERO, ZERO, ZERO, R),
    FMT(L8, R8_UNORM, 1, 1, false, false, false, R, R, R, ONE),
    FMT(A8L8, R8G8_UNORM, 2, 1, false, true, false, R, R, R, G),
    FMT(L16, R16_UNORM, 2, 1, false, false, false, R, R, R, ONE),
    FMT(V8U8, R8G8_SNORM, 2, 1, false, false, false, R, G, ONE, ONE),
    FMT(V16U16, R16G16_SNORM, 4, 1, false, false, false, R, G, ONE, ONE),
    /* U, V, W, Q in byte order: RGBA of R8G8B8A8_SNORM. */
    FMT(Q8W8V8U8, R8G8B8A8_SNORM, 4, 1, false, true, false, R, G, B, A),
    /* Signed with an unsigned luminance: no wire format has the mix. */
    FMT_CONVERTED(L6V5U5, R8G8B8A8_SNORM, 2, 4, l6v5u5_to_wire, R, G, B, ONE),
    FMT_CONVERTED(X8L8V8U8, R8G8B8A8_SNORM, 4, 4, x8l8v8u8_to_wire, R, G, B, ONE),
    FMT(R16F, R16_SFLOAT, 2, 1, false, false, true, R, ONE, ONE, ONE),
    FMT(G16R16F, R16G16_SFLOAT, 4, 1, false, false, true, R, G, ONE, ONE),
    FMT(A16B16G16R16F, R16G16B16A16_SFLOAT, 8, 1, false, true, true, R, G, B, A),
    FMT(R32F, R32_SFLOAT, 4, 1, false, false, true, R, ONE, ONE, ONE),
    FMT(G32R32F, R32G32_SFLOAT, 8, 1, false, false, true, R, G, ONE, ONE),
    FMT(A32B32G32R32F, R32G32B32A32_SFLOAT, 16, 1, false, true, true, R, G, B, A),
    /* DXT2 and DXT4 are DXT3 and DXT5 with premultiplied colour: the same
     * blocks, decoded the same way (premultiplying is the content's
     * business, as on every D3D9 driver). */
    FMT(DXT1, BC1_UNORM, 8, 4, false, true, false, R, G, B, A),
    FMT(DXT2, BC2_UNORM, 16, 4, false, true, false, R, G, B, A),
    FMT(DXT3, BC2_UNORM, 16, 4, false, true, false, R, G, B, A),
    FMT(DXT4, BC3_UNORM, 16, 4, false, true, false, R, G, B, A),
    FMT(DXT5, BC3_UNORM, 16, 4, false, true, false, R, G, B, A),
    /* YUY2 and UYVY (pairs of texels sharing U and V): plain surfaces,
     * which StretchRect shows (what D3D9 drivers offer them for), laid out
     * two bytes a texel as D3D9 does; SCRATCH ones in every resource. */
    FMT_YUV(YUY2, yuy2_to_wire),
    FMT_YUV(UYVY, uyvy_to_wire),
    FMT_PLANAR("D3DFMT_YV12", MAKEFOURCC('Y', 'V', '1', '2'), yv12_to_wire),
    FMT_PLANAR("D3DFMT_NV12", MAKEFOURCC('N', 'V', '1', '2'), nv12_to_wire),
    /* ATI1N: one channel, read in every component as AMD's parts do (one
     * of the results Wine's visual test_3dc_formats takes from Windows);
     * ATI2N: two, read as (second, first, 1, 1) by every vendor there. */
    FMT_PACKED("D3DFMT_ATI1", MAKEFOURCC('A', 'T', 'I', '1'), BC4_UNORM, 8, R, R, R, R),
    FMT_PACKED("D3DFMT_ATI2", MAKEFOURCC('A', 'T', 'I', '2'), BC5_UNORM, 16, G, R, ONE, ONE),
    FMT(D16, D16_UNORM, 2, 1, true, false, false, R, R, R, ONE),
    FMT(D24S8, D24_UNORM_S8_UINT, 4, 1, true, false, false, R, R, R, ONE),
    FMT(D24X8, D24_UNORM_S8_UINT, 4, 1, true, false, false, R, R, R, ONE),
    /* INTZ: a D24S8 depth texture whose samples are the depth itself in
     * every component, never a comparison (d3d9_shadow_slot). */
    FMT(INTZ, D24_UNORM_S8_UINT, 4, 1, true, false, false, R, R, R, R),
    /* D3DFMT_D32 is a 32-bit depth; Vulkan has no 32-bit unorm depth, so it
     * is stored as 32-bit float, which holds at least as much precision in
     * [0, 1] where it matters. */
    FMT(D32, D32_SFLOAT, 4, 1, true, false, false, R, R, R, ONE),
    /* NULL: render targets (surfaces and 2D textures) only; a lock hands
     * out four bytes a texel that nothing reads. */
    {D3D9_FMT_NULL, WIRE_FORMAT_UNDEFINED, 4, false, false, "D3DFMT_NULL", 1,
     {R, G, B, A}, false, NULL, 0, 0, false, NULL, true},
};

#undef R
#undef G
#undef B
#undef A
#undef ZERO
#undef ONE

const struct d3d9_format_info *d3d9_format_info(D3DFORMAT format)
{
    for (size_t i = 0; i < NR_ARRAY_SIZE(formats); i++)
        if (formats[i].format == format)
            return &formats[i];
    return NULL;
}

const char *d3d9_format_name(D3DFORMAT format)
{
    const struct d3d9_format_info *f = d3d9_format_info(format);
    return f ? f->name : "(unsupported format)";
}

uint32_t d3d9_format_features(const struct wire_caps *caps, D3DFORMAT format)
{
    const struct d3d9_format_info *f = d3d9_format_info(format);
    uint32_t feat;
    if (!f)
        return 0;
    if (f->null_target)
        return WIRE_FEAT_COLOR_TARGET;
    /* X8R8G8B8 is stored as B8G8R8A8. */
    feat = caps->format_features[f->wire == WIRE_FORMAT_B8G8R8X8_UNORM
                                     ? WIRE_FORMAT_B8G8R8A8_UNORM
                                     : f->wire];
    if (!f->target)
        feat &= ~(uint32_t)(WIRE_FEAT_COLOR_TARGET | WIRE_FEAT_BLEND);
    return feat;
}

uint32_t d3d9_format_pitch(const struct d3d9_format_info *f, uint32_t width)
{
    /* Block formats: a row of blocks.  Others: rows aligned to 4 bytes, as
     * D3D9 drivers lay out system-memory surfaces. */
    if (f->block > 1)
        return (width + f->block - 1) / f->block * f->bytes;
    return NR_ALIGN(width * f->bytes, 4u);
}

uint32_t d3d9_format_rows(const struct d3d9_format_info *f, uint32_t height)
{
    return (height + f->block - 1) / f->block;
}

uint64_t d3d9_format_packed_slice(const struct d3d9_format_info *f, uint32_t w, uint32_t h)
{
    return (uint64_t)((w + 3) / 4) * ((h + 3) / 4) * f->packed_bytes;
}

uint64_t d3d9_format_slice_bytes(const struct d3d9_format_info *f, uint32_t w, uint32_t h)
{
    uint64_t laid = (uint64_t)d3d9_format_pitch(f, w) * d3d9_format_rows(f, h);
    if (f->planar_to_wire) /* and the chroma under the Y plane */
        laid += (uint64_t)d3d9_format_pitch(f, w) * chroma_rows(h);
    return NR_MAX(laid, d3d9_format_packed_slice(f, w, h));
}

/* D3D9's multisample type as the sample count of a target of the format:
 * 1 for none, 0 where the server's device has no such count.  NONMASKABLE
 * is the lowest count above one that the device has (one quality level). */
uint32_t d3d9_multisample_count(const struct wire_caps *caps, D3DFORMAT format,
                                D3DMULTISAMPLE_TYPE ms)
{
    const struct d3d9_format_info *f = d3d9_format_info(format);
    uint32_t have;
    if (ms == D3DMULTISAMPLE_NONE)
        return 1;
    if (!f || (!f->target && !f->depth) || (uint32_t)ms > D3DMULTISAMPLE_16_SAMPLES)
        return 0;
    have = caps->format_samples[f->wire == WIRE_FORMAT_B8G8R8X8_UNORM
                                    ? WIRE_FORMAT_B8G8R8A8_UNORM
                                    : f->wire];
    if (ms == D3DMULTISAMPLE_NONMASKABLE) {
        have &= ~1u;
        return have ? have & -have : 0; /* the lowest bit set */
    }
    /* Vulkan has only powers of two: 3, 5, 6, 7, 9.. samples do not exist. */
    if ((uint32_t)ms & ((uint32_t)ms - 1))
        return 0;
    return (have & (uint32_t)ms) ? (uint32_t)ms : 0;
}
