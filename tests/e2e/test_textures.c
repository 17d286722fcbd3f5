/* Textures and surfaces over every transport: 2D, cube and volume textures
 * in every pool, every format of issue 3 (creation, locks and D3D9's
 * pitches, and a round trip through the server wherever the API can
 * observe one: UpdateSurface, StretchRect, GetRenderTargetData and locks of
 * DEFAULT plain surfaces), texture levels and cube faces as render targets,
 * ColorFill, UpdateTexture with dirty regions and level matching,
 * AUTOGENMIPMAP, bands larger than a stage-ring record, reference counts of
 * texture surfaces and volumes, CheckDeviceFormat, and the documented error
 * returns. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "d3d9/testhooks.h" /* libnereid_d3d9_test.so, nereid_d3d9_test.dll */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#define W 64
#define H 64
#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

/* The formats of issue 3 and how to make test texels for them. */
enum kind { RAW, SNORM8, HALF, FLOAT32, BLOCK };
static const struct tfmt {
    D3DFORMAT f;
    const char *name;
    UINT bytes; /* per texel, or per 4x4 block */
    enum kind kind;
} formats[] = {
    {D3DFMT_A8R8G8B8, "A8R8G8B8", 4, RAW},
    {D3DFMT_X8R8G8B8, "X8R8G8B8", 4, RAW},
    {D3DFMT_R5G6B5, "R5G6B5", 2, RAW},
    {D3DFMT_X1R5G5B5, "X1R5G5B5", 2, RAW},
    {D3DFMT_A1R5G5B5, "A1R5G5B5", 2, RAW},
    {D3DFMT_A4R4G4B4, "A4R4G4B4", 2, RAW},
    {D3DFMT_A8, "A8", 1, RAW},
    {D3DFMT_L8, "L8", 1, RAW},
    {D3DFMT_A8L8, "A8L8", 2, RAW},
    {D3DFMT_L16, "L16", 2, RAW},
    {D3DFMT_V8U8, "V8U8", 2, SNORM8},
    {D3DFMT_A2R10G10B10, "A2R10G10B10", 4, RAW},
    {D3DFMT_A16B16G16R16, "A16B16G16R16", 8, RAW},
    {D3DFMT_R16F, "R16F", 2, HALF},
    {D3DFMT_G16R16F, "G16R16F", 4, HALF},
    {D3DFMT_A16B16G16R16F, "A16B16G16R16F", 8, HALF},
    {D3DFMT_R32F, "R32F", 4, FLOAT32},
    {D3DFMT_G32R32F, "G32R32F", 8, FLOAT32},
    {D3DFMT_A32B32G32R32F, "A32B32G32R32F", 16, FLOAT32},
    {D3DFMT_DXT1, "DXT1", 8, BLOCK},
    {D3DFMT_DXT2, "DXT2", 16, BLOCK},
    {D3DFMT_DXT3, "DXT3", 16, BLOCK},
    {D3DFMT_DXT4, "DXT4", 16, BLOCK},
    {D3DFMT_DXT5, "DXT5", 16, BLOCK},
    {D3DFMT_Q8W8V8U8, "Q8W8V8U8", 4, SNORM8},
};

/* Test bytes for texel (or block) x, y: values every format keeps exactly
 * through a same-format blit (no snorm -128, floats normal). */
static void texel(const struct tfmt *t, UINT x, UINT y, UINT seed, uint8_t *out)
{
    UINT v = x * 7 + y * 13 + seed * 31;
    switch (t->kind) {
    case RAW:
    case BLOCK:
        for (UINT i = 0; i < t->bytes; i++)
            out[i] = (uint8_t)(v + i * 29);
        break;
    case SNORM8:
        for (UINT i = 0; i < t->bytes; i++) {
            out[i] = (uint8_t)(v + i * 29);
            if (out[i] == 0x80)
                out[i] = 0x81;
        }
        break;
    case HALF:
        for (UINT i = 0; i < t->bytes / 2; i++) {
            uint16_t h = (uint16_t)(((v + i) & 1) << 15 | 0x3c00 | ((v + i * 37) & 0x3ff));
            memcpy(out + 2 * i, &h, 2);
        }
        break;
    case FLOAT32:
        for (UINT i = 0; i < t->bytes / 4; i++) {
            uint32_t f = ((v + i) & 1u) << 31 | 0x3f800000u | ((v * 977 + i * 37) & 0x7fffff);
            memcpy(out + 4 * i, &f, 4);
        }
        break;
    }
}

/* Fills a locked rectangle of w x h texels (blocks counted for BLOCK). */
static void fill_rect(const struct tfmt *t, uint8_t *bits, INT pitch, UINT w, UINT h,
                      UINT seed)
{
    UINT bw = t->kind == BLOCK ? (w + 3) / 4 : w, bh = t->kind == BLOCK ? (h + 3) / 4 : h;
    for (UINT y = 0; y < bh; y++)
        for (UINT x = 0; x < bw; x++)
            texel(t, x, y, seed, bits + (size_t)y * pitch + (size_t)x * t->bytes);
}

/* Compares w x h texels of memory with the pattern; reports the first
 * difference. */
static bool check_rect(const struct tfmt *t, const uint8_t *bits, INT pitch, UINT w,
                       UINT h, UINT seed, const char *what)
{
    uint8_t want[16];
    for (UINT y = 0; y < h; y++)
        for (UINT x = 0; x < w; x++) {
            texel(t, x, y, seed, want);
            if (memcmp(bits + (size_t)y * pitch + (size_t)x * t->bytes, want, t->bytes)) {
                ok(0, "%s: %s: texel (%u,%u) differs", what, t->name, x, y);
                return false;
            }
        }
    ok(1, "%s", what);
    return true;
}

static HRESULT check_format(IDirect3D9 *d3d, DWORD usage, D3DRESOURCETYPE rt, D3DFORMAT f)
{
    return IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, usage,
                                        rt, f);
}

/* Reads a colour surface (a render target, a texture level or face, a
 * DEFAULT plain surface) by StretchRect into a render target of its format
 * and GetRenderTargetData.  Returns rows of w * bytes, malloc'd. */
static uint8_t *read_surface(IDirect3DDevice9 *dev, IDirect3DSurface9 *s, D3DFORMAT f,
                             UINT bytes)
{
    IDirect3DSurface9 *rt = NULL, *sys = NULL;
    D3DSURFACE_DESC d;
    D3DLOCKED_RECT lr;
    uint8_t *out = NULL;

    IDirect3DSurface9_GetDesc(s, &d);
    if (FAILED(IDirect3DDevice9_CreateRenderTarget(dev, d.Width, d.Height, f,
                                                   D3DMULTISAMPLE_NONE, 0, FALSE, &rt,
                                                   NULL)) ||
        FAILED(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, d.Width, d.Height, f,
                                                            D3DPOOL_SYSTEMMEM, &sys, NULL)))
        goto done;
    if (FAILED(IDirect3DDevice9_StretchRect(dev, s, NULL, rt, NULL, D3DTEXF_POINT)) ||
        FAILED(IDirect3DDevice9_GetRenderTargetData(dev, rt, sys)) ||
        FAILED(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY)))
        goto done;
    out = malloc((size_t)d.Width * d.Height * bytes);
    for (UINT y = 0; out && y < d.Height; y++)
        memcpy(out + (size_t)y * d.Width * bytes, (uint8_t *)lr.pBits + (size_t)y * lr.Pitch,
               (size_t)d.Width * bytes);
    IDirect3DSurface9_UnlockRect(sys);
done:
    if (rt)
        IDirect3DSurface9_Release(rt);
    if (sys)
        IDirect3DSurface9_Release(sys);
    return out;
}

/* An A8R8G8B8 pixel of read_surface's result. */
static DWORD px(const uint8_t *rows, UINT w, UINT x, UINT y)
{
    DWORD c;
    memcpy(&c, rows + ((size_t)y * w + x) * 4, 4);
    return c;
}

static void check_px(const uint8_t *rows, UINT w, UINT x, UINT y, DWORD want,
                     const char *t, const char *what)
{
    DWORD got = rows ? px(rows, w, x, y) : 0xdeadbeef;
    ok(rows && e2e_color_near(got, want, 1), "%s: %s: pixel (%u,%u) is %08x, expected %08x",
       t, what, x, y, (unsigned)got, (unsigned)want);
}

static ULONG count_of(IUnknown *o)
{
    o->lpVtbl->AddRef(o);
    return o->lpVtbl->Release(o);
}

static void quad(struct vertex *v, float x0, float y0, float x1, float y1, DWORD c)
{
    v[0] = (struct vertex){x0, y0, 0, 1, c};
    v[1] = (struct vertex){x1, y0, 0, 1, c};
    v[2] = (struct vertex){x0, y1, 0, 1, c};
    v[3] = (struct vertex){x1, y0, 0, 1, c};
    v[4] = (struct vertex){x1, y1, 0, 1, c};
    v[5] = (struct vertex){x0, y1, 0, 1, c};
}

/* ------------------------------------------------------------ errors */

/* GetDC: under Wine a GDI DC over the surface's texels that GDI draws
 * into and ReleaseDC hands back; natively (no GDI) it fails cleanly. */
static void test_getdc(IDirect3DDevice9 *dev, const char *t)
{
    IDirect3DSurface9 *s = NULL, *rt = NULL;
    D3DLOCKED_RECT lr;
    HDC dc = (HDC)0x1234;
    HRESULT hr;

    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_R5G6B5,
                                                 D3DPOOL_SYSTEMMEM, &s, NULL);
    IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE,
                                        0, FALSE, &rt, NULL);
    if (!s || !rt) {
        ok(0, "%s: GetDC surfaces", t);
        goto out;
    }
    hr = IDirect3DSurface9_GetDC(s, &dc);
#ifdef _WIN32
    ok(hr == D3D_OK && dc && dc != (HDC)0x1234, "%s: GetDC of an R5G6B5 surface: %#lx", t,
       (unsigned long)hr);
    if (SUCCEEDED(hr)) {
        RECT r = {0, 0, 8, 16};
        HBRUSH red = CreateSolidBrush(RGB(255, 0, 0));
        HDC dc2 = (HDC)0x1234;
        ok(IDirect3DSurface9_GetDC(s, &dc2) == D3DERR_INVALIDCALL && dc2 == (HDC)0x1234,
           "%s: a second GetDC is refused", t);
        ok(IDirect3DSurface9_LockRect(s, &lr, NULL, 0) == D3DERR_INVALIDCALL,
           "%s: so is a lock while the DC lives", t);
        {
            /* The runtime's DIB, as Windows makes it (Wine's test_getdc). */
            DIBSECTION dib;
            ok(GetObjectW(GetCurrentObject(dc, OBJ_BITMAP), sizeof(dib), &dib) ==
                       sizeof(dib) &&
                   dib.dsBmih.biWidth == 16 && dib.dsBmih.biBitCount == 16 &&
                   !dib.dsBmih.biSizeImage,
               "%s: the DC's DIB: %ld wide, %u bits, biSizeImage %lu", t,
               (long)dib.dsBmih.biWidth, dib.dsBmih.biBitCount,
               (unsigned long)dib.dsBmih.biSizeImage);
        }
        FillRect(dc, &r, red);
        DeleteObject(red);
        ok(IDirect3DSurface9_ReleaseDC(s, dc) == D3D_OK, "%s: ReleaseDC", t);
        ok(IDirect3DSurface9_ReleaseDC(s, dc) == D3DERR_INVALIDCALL,
           "%s: a second ReleaseDC is refused", t);
        if (SUCCEEDED(IDirect3DSurface9_LockRect(s, &lr, NULL, D3DLOCK_READONLY))) {
            const WORD *row = (const WORD *)((const uint8_t *)lr.pBits + 5 * lr.Pitch);
            ok(row[2] == 0xf800 && row[12] == 0, "%s: GDI's red reached the texels (%04x %04x)",
               t, row[2], row[12]);
            IDirect3DSurface9_UnlockRect(s);
        }
    }
    /* A render target: the DC holds what the GPU drew, and what GDI draws
     * goes back to the GPU. */
    IDirect3DDevice9_ColorFill(dev, rt, NULL, 0xff0000ff);
    dc = NULL;
    hr = IDirect3DSurface9_GetDC(rt, &dc);
    ok(hr == D3D_OK, "%s: GetDC of a render target: %#lx", t, (unsigned long)hr);
    if (SUCCEEDED(hr)) {
        RECT r = {0, 0, 16, 4};
        HBRUSH green = CreateSolidBrush(RGB(0, 255, 0));
        COLORREF c = GetPixel(dc, 8, 8);
        ok(c == RGB(0, 0, 255), "%s: the DC shows the GPU's blue (%06lx)", t,
           (unsigned long)c);
        FillRect(dc, &r, green);
        DeleteObject(green);
        IDirect3DSurface9_ReleaseDC(rt, dc);
        {
            IDirect3DSurface9 *sys = NULL;
            IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_X8R8G8B8,
                                                         D3DPOOL_SYSTEMMEM, &sys, NULL);
            if (sys && SUCCEEDED(IDirect3DDevice9_GetRenderTargetData(dev, rt, sys)) &&
                SUCCEEDED(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY))) {
                DWORD top = ((DWORD *)lr.pBits)[8] & 0xffffff;
                DWORD below = ((DWORD *)((uint8_t *)lr.pBits + 8 * lr.Pitch))[8] & 0xffffff;
                ok(top == 0x00ff00 && below == 0x0000ff,
                   "%s: GDI's green reached the GPU, the rest stayed (%06lx %06lx)", t,
                   (unsigned long)top, (unsigned long)below);
                IDirect3DSurface9_UnlockRect(sys);
            } else {
                ok(0, "%s: reading the target back", t);
            }
            if (sys)
                IDirect3DSurface9_Release(sys);
        }
    }
    /* A DC on one surface of a texture: no other level locks, and their
     * unlocks succeed as no-ops (Wine's device test_getdc, on Windows). */
    {
        IDirect3DCubeTexture9 *cube = NULL;
        IDirect3DSurface9 *f0 = NULL, *f1 = NULL;
        IDirect3DDevice9_CreateCubeTexture(dev, 16, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                           &cube, NULL);
        if (cube) {
            IDirect3DCubeTexture9_GetCubeMapSurface(cube, D3DCUBEMAP_FACE_POSITIVE_X, 0, &f0);
            IDirect3DCubeTexture9_GetCubeMapSurface(cube, D3DCUBEMAP_FACE_NEGATIVE_Y, 1, &f1);
            ok(IDirect3DSurface9_GetDC(f0, &dc) == D3D_OK, "%s: GetDC of a cube face", t);
            ok(IDirect3DSurface9_LockRect(f1, &lr, NULL, 0) == D3DERR_INVALIDCALL,
               "%s: another level does not lock while the DC lives", t);
            ok(IDirect3DSurface9_UnlockRect(f1) == D3D_OK,
               "%s: and its unlock succeeds", t);
            ok(IDirect3DSurface9_ReleaseDC(f0, dc) == D3D_OK, "%s: ReleaseDC", t);
            ok(IDirect3DSurface9_UnlockRect(f1) == D3DERR_INVALIDCALL,
               "%s: without the DC an unlock without a lock fails again", t);
            IDirect3DSurface9_Release(f1);
            IDirect3DSurface9_Release(f0);
            IDirect3DCubeTexture9_Release(cube);
        } else {
            ok(0, "%s: a cube for GetDC", t);
        }
    }
#else
    ok(hr == D3DERR_INVALIDCALL && dc == (HDC)0x1234, "%s: no GDI natively: GetDC fails", t);
    (void)lr;
#endif
out:
    if (s)
        IDirect3DSurface9_Release(s);
    if (rt)
        IDirect3DSurface9_Release(rt);
}

static void test_errors(IDirect3DDevice9 *dev, const char *t)
{
    IDirect3DTexture9 *tex = (void *)1, *def = NULL, *sys = NULL, *man = NULL, *dxt = NULL;
    IDirect3DCubeTexture9 *cube = NULL;
    IDirect3DVolumeTexture9 *vol = (void *)1;
    IDirect3DSurface9 *s = (void *)1, *rt = NULL, *plain = NULL, *sysrf = NULL, *lvl = NULL;
    D3DLOCKED_RECT lr;
    D3DSURFACE_DESC desc;
    RECT r;

#define CT(w, h, l, u, f, p) IDirect3DDevice9_CreateTexture(dev, w, h, l, u, f, p, &tex, NULL)
    ok(CT(0, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED) == D3DERR_INVALIDCALL && !tex,
       "%s: a zero-sized texture is refused", t);
    ok(CT(16, 16, 1, 0, D3DFMT_A8R8G8B8, (D3DPOOL)7) == D3DERR_INVALIDCALL,
       "%s: an unknown pool is refused", t);
    ok(CT(16, 16, 1, 0, (D3DFORMAT)0x12345, D3DPOOL_MANAGED) == D3DERR_INVALIDCALL,
       "%s: an unknown format is refused", t);
    ok(CT(16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED) ==
           D3DERR_INVALIDCALL, "%s: a managed render target is refused", t);
    ok(CT(16, 16, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED) ==
           D3DERR_INVALIDCALL, "%s: a dynamic managed texture is refused", t);
    ok(CT(16, 16, 6, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED) == D3DERR_INVALIDCALL,
       "%s: more levels than the chain has are refused", t);
    ok(CT(16, 16, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM) ==
           D3DERR_INVALIDCALL, "%s: AUTOGENMIPMAP in SYSTEMMEM is refused", t);
    ok(CT(16, 16, 2, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED) ==
           D3DERR_INVALIDCALL, "%s: AUTOGENMIPMAP with 2 levels is refused", t);
    ok(CT(16, 16, 1, 0, D3DFMT_D16, D3DPOOL_DEFAULT) == D3DERR_INVALIDCALL,
       "%s: a depth format needs D3DUSAGE_DEPTHSTENCIL", t);
    ok(CT(16, 16, 1, D3DUSAGE_DEPTHSTENCIL, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT) ==
           D3DERR_INVALIDCALL, "%s: D3DUSAGE_DEPTHSTENCIL needs a depth format", t);
    ok(CT(16, 16, 1, D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL, D3DFMT_D16,
          D3DPOOL_DEFAULT) == D3DERR_INVALIDCALL, "%s: target and depth at once", t);
    ok(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                      NULL, NULL) == D3DERR_INVALIDCALL,
       "%s: a NULL out pointer is refused", t);
#undef CT
    ok(IDirect3DDevice9_CreateVolumeTexture(dev, 8, 8, 8, 1, D3DUSAGE_RENDERTARGET,
                                            D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &vol,
                                            NULL) == D3DERR_INVALIDCALL && !vol,
       "%s: a volume render target is refused", t);
    /* Dynamic volumes: not SCRATCH; a DEFAULT volume that is not dynamic
     * does not lock, and a refused lock leaves no pointer (Wine's
     * test_volume_locking, on Windows). */
    ok(IDirect3DDevice9_CreateVolumeTexture(dev, 4, 4, 4, 1, D3DUSAGE_DYNAMIC,
                                            D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH, &vol,
                                            NULL) == D3DERR_INVALIDCALL && !vol,
       "%s: a dynamic SCRATCH volume is refused", t);
    if (IDirect3DDevice9_CreateVolumeTexture(dev, 4, 4, 4, 1, 0, D3DFMT_A8R8G8B8,
                                             D3DPOOL_DEFAULT, &vol, NULL) == D3D_OK) {
        D3DLOCKED_BOX lb = {1, 1, (void *)(uintptr_t)0xdeadbeef};
        ok(IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, NULL, 0) == D3DERR_INVALIDCALL &&
               !lb.pBits,
           "%s: a DEFAULT volume's refused lock leaves no pointer", t);
        IDirect3DVolumeTexture9_Release(vol);
        vol = NULL;
    }
    ok(IDirect3DDevice9_CreateCubeTexture(dev, 0, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                          &cube, NULL) == D3DERR_INVALIDCALL,
       "%s: a zero-sized cube is refused", t);

    IDirect3DDevice9_CreateTexture(dev, 16, 16, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                   &def, NULL);
    IDirect3DDevice9_CreateTexture(dev, 16, 16, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                   &sys, NULL);
    IDirect3DDevice9_CreateTexture(dev, 16, 16, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                   &man, NULL);
    IDirect3DDevice9_CreateCubeTexture(dev, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                       &cube, NULL);
    IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE,
                                        0, FALSE, &rt, NULL);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_DEFAULT, &plain, NULL);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_SYSTEMMEM, &sysrf, NULL);
    if (!def || !sys || !man || !cube || !rt || !plain || !sysrf) {
        ok(0, "%s: error-test objects", t);
        goto out;
    }
    ok(IDirect3DTexture9_LockRect(def, 0, &lr, NULL, 0) == D3DERR_INVALIDCALL,
       "%s: a DEFAULT texture without DYNAMIC is not lockable", t);
    ok(IDirect3DTexture9_UnlockRect(def, 0) == D3DERR_INVALIDCALL,
       "%s: nor unlockable", t);
    {
        IDirect3DTexture9 *dyn_rt = NULL;
        ok(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1,
                                          D3DUSAGE_DYNAMIC | D3DUSAGE_RENDERTARGET,
                                          D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &dyn_rt,
                                          NULL) == D3DERR_INVALIDCALL,
           "%s: a dynamic render-target texture is INVALIDCALL", t);
    }
    ok(IDirect3DTexture9_LockRect(man, 5, &lr, NULL, 0) == D3DERR_INVALIDCALL,
       "%s: a lock of a level past the chain is refused", t);
    /* Outside the DEFAULT pool, Windows XP's answer to a rectangle beyond
     * the level: D3D_OK and a pointer where the rectangle says (Wine's
     * device test_lockrect_invalid; programs rely on it). */
    {
        D3DLOCKED_RECT whole;
        ok(IDirect3DTexture9_LockRect(man, 0, &whole, NULL, 0) == D3D_OK, "%s: lock", t);
        IDirect3DTexture9_UnlockRect(man, 0);
        r = (RECT){8, 8, 24, 12};
        ok(IDirect3DTexture9_LockRect(man, 0, &lr, &r, 0) == D3D_OK &&
               (uint8_t *)lr.pBits == (uint8_t *)whole.pBits + 8 * whole.Pitch + 8 * 4,
           "%s: a managed lock past the level's edge points where it says", t);
        IDirect3DTexture9_UnlockRect(man, 0);
        r = (RECT){8, 8, 4, 12};
        ok(IDirect3DTexture9_LockRect(man, 0, &lr, &r, 0) == D3D_OK,
           "%s: so does an inverted one", t);
        IDirect3DTexture9_UnlockRect(man, 0);
    }
    /* Windows answers D3D_OK to a 2D texture's unlock without a lock
     * (Wine's device test_lockrect_invalid), and so does a cube's own
     * UnlockRect; the cube's face surface refuses. */
    ok(IDirect3DTexture9_UnlockRect(man, 0) == D3D_OK,
       "%s: a 2D texture's unlock without a lock succeeds", t);
    ok(IDirect3DCubeTexture9_UnlockRect(cube, D3DCUBEMAP_FACE_POSITIVE_X, 0) == D3D_OK,
       "%s: a cube's unlock without a lock succeeds", t);
    {
        IDirect3DSurface9 *face = NULL;
        IDirect3DCubeTexture9_GetCubeMapSurface(cube, D3DCUBEMAP_FACE_POSITIVE_X, 0, &face);
        ok(face && IDirect3DSurface9_UnlockRect(face) == D3DERR_INVALIDCALL,
           "%s: its face surface's unlock without a lock is refused", t);
        if (face)
            IDirect3DSurface9_Release(face);
    }
    lr.pBits = (void *)0x1234;
    lr.Pitch = 7;
    ok(IDirect3DTexture9_LockRect(man, 0, &lr, NULL, 0) == D3D_OK, "%s: lock", t);
    {
        D3DLOCKED_RECT lr2 = {7, (void *)0x1234};
        ok(IDirect3DTexture9_LockRect(man, 0, &lr2, NULL, 0) == D3DERR_INVALIDCALL &&
               lr2.pBits == (void *)0x1234 && lr2.Pitch == 7,
           "%s: a second lock of a level is refused and leaves its output alone", t);
    }
    ok(IDirect3DTexture9_UnlockRect(man, 0) == D3D_OK, "%s: unlock", t);
    ok(IDirect3DTexture9_GetSurfaceLevel(man, 5, &s) == D3DERR_INVALIDCALL && !s,
       "%s: GetSurfaceLevel past the chain", t);
    ok(IDirect3DTexture9_GetLevelDesc(man, 5, &desc) == D3DERR_INVALIDCALL,
       "%s: GetLevelDesc past the chain", t);
    ok(IDirect3DCubeTexture9_GetCubeMapSurface(cube, (D3DCUBEMAP_FACES)6, 0, &s) ==
           D3DERR_INVALIDCALL, "%s: cube face 6 does not exist", t);
    ok(IDirect3DCubeTexture9_LockRect(cube, (D3DCUBEMAP_FACES)6, 0, &lr, NULL, 0) ==
           D3DERR_INVALIDCALL, "%s: a lock of cube face 6 is refused", t);
    if (SUCCEEDED(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_DXT1,
                                                 D3DPOOL_MANAGED, &dxt, NULL))) {
        D3DLOCKED_RECT whole;
        /* Outside the DEFAULT pool a lock may cut blocks, as on Windows: it
         * gets the block holding its corner. */
        IDirect3DTexture9_LockRect(dxt, 0, &whole, NULL, 0);
        IDirect3DTexture9_UnlockRect(dxt, 0);
        r = (RECT){6, 5, 8, 12};
        ok(IDirect3DTexture9_LockRect(dxt, 0, &lr, &r, 0) == D3D_OK && lr.Pitch == 32 &&
               (uint8_t *)lr.pBits == (uint8_t *)whole.pBits + 32 + 8,
           "%s: a managed DXT lock off the 4x4 blocks gets its block (pitch %d)", t,
           lr.Pitch);
        IDirect3DTexture9_UnlockRect(dxt, 0);
        r = (RECT){4, 4, 8, 12};
        ok(IDirect3DTexture9_LockRect(dxt, 0, &lr, &r, 0) == D3D_OK && lr.Pitch == 32,
           "%s: a DXT lock on blocks (pitch %d)", t, lr.Pitch);
        IDirect3DTexture9_UnlockRect(dxt, 0);
        IDirect3DTexture9_Release(dxt);
        dxt = NULL;
    }
    ok(IDirect3DDevice9_CreateTexture(dev, 6, 8, 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED, &dxt,
                                      NULL) == D3DERR_INVALIDCALL && !dxt,
       "%s: a DXT texture must be whole blocks", t);
    {
        IDirect3DSurface9 *ds = NULL;
        ok(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 2, D3DFMT_DXT5,
                                                        D3DPOOL_SCRATCH, &ds, NULL) ==
                   D3DERR_INVALIDCALL && !ds,
           "%s: so must a DXT surface", t);
    }
    ok(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_DYNAMIC, D3DFMT_DXT1,
                                      D3DPOOL_DEFAULT, &dxt, NULL) == D3D_OK,
       "%s: a dynamic DXT texture", t);
    if (dxt) {
        r = (RECT){2, 0, 8, 4};
        lr.pBits = (void *)0x1234;
        ok(IDirect3DTexture9_LockRect(dxt, 0, &lr, &r, 0) == D3DERR_INVALIDCALL &&
               lr.pBits == (void *)0x1234,
           "%s: in the DEFAULT pool a DXT lock off the blocks is refused", t);
        r = (RECT){8, 8, 24, 12};
        ok(IDirect3DTexture9_LockRect(dxt, 0, &lr, &r, 0) == D3DERR_INVALIDCALL,
           "%s: and so is one past the level's edge", t);
    }
    /* StretchRect between DEFAULT plain surfaces converts colour formats
     * unscaled, as on Windows (Wine's device test_stretch_rect). */
    {
        IDirect3DSurface9 *a = NULL, *b = NULL;
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_A8R8G8B8,
                                                     D3DPOOL_DEFAULT, &a, NULL);
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_R5G6B5,
                                                     D3DPOOL_DEFAULT, &b, NULL);
        if (a && b) {
            RECT half = {0, 0, 4, 4};
            IDirect3DDevice9_ColorFill(dev, a, NULL, 0xffff0000);
            ok(IDirect3DDevice9_StretchRect(dev, a, NULL, b, NULL, D3DTEXF_NONE) == D3D_OK,
               "%s: plain A8R8G8B8 to plain R5G6B5", t);
            ok(IDirect3DDevice9_StretchRect(dev, a, NULL, b, &half, D3DTEXF_NONE) ==
                   D3DERR_INVALIDCALL,
               "%s: but not scaled", t);
            if (SUCCEEDED(IDirect3DSurface9_LockRect(b, &lr, NULL, D3DLOCK_READONLY))) {
                ok(((WORD *)lr.pBits)[3] == 0xf800, "%s: converted red %04x", t,
                   ((WORD *)lr.pBits)[3]);
                IDirect3DSurface9_UnlockRect(b);
            }
        } else {
            ok(0, "%s: plain surfaces for StretchRect", t);
        }
        if (a)
            IDirect3DSurface9_Release(a);
        if (b)
            IDirect3DSurface9_Release(b);
    }
    /* YUY2 and UYVY: plain surfaces in every pool, textures SCRATCH only,
     * INVALIDCALL elsewhere, as Windows answers. */
    {
        IDirect3DSurface9 *yuv = NULL, *yuv_sys = NULL;
        IDirect3DTexture9 *yuv_tex = NULL;
        D3DLOCKED_RECT ylr;
        ok(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 6, 4, D3DFMT_YUY2,
                                                        D3DPOOL_SCRATCH, &yuv, NULL) == D3D_OK &&
               yuv && IDirect3DSurface9_LockRect(yuv, &ylr, NULL, 0) == D3D_OK &&
               ylr.Pitch == 12,
           "%s: a SCRATCH YUY2 surface, pitch 12", t);
        if (yuv) {
            IDirect3DSurface9_UnlockRect(yuv);
            IDirect3DSurface9_Release(yuv);
        }
        ok(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 6, 4, D3DFMT_YUY2,
                                                        D3DPOOL_SYSTEMMEM, &yuv_sys,
                                                        NULL) == D3D_OK &&
               yuv_sys,
           "%s: a SYSTEMMEM YUY2 surface", t);
        if (yuv_sys)
            IDirect3DSurface9_Release(yuv_sys);
        ok(IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_UYVY, D3DPOOL_MANAGED,
                                          &yuv_tex, NULL) == D3DERR_INVALIDCALL && !yuv_tex,
           "%s: nor a MANAGED UYVY texture", t);
        ok(IDirect3DDevice9_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_UYVY, D3DPOOL_SCRATCH,
                                          &yuv_tex, NULL) == D3D_OK && yuv_tex,
           "%s: but a SCRATCH one", t);
        if (yuv_tex)
            IDirect3DTexture9_Release(yuv_tex);
    }
    {
        IDirect3DTexture9 *wo = NULL;
        ok(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_WRITEONLY, D3DFMT_A8R8G8B8,
                                          D3DPOOL_MANAGED, &wo, NULL) == D3DERR_INVALIDCALL,
           "%s: WRITEONLY is no texture usage", t);
    }

    /* UpdateTexture: SYSTEMMEM to DEFAULT, same type, format and sizes. */
    ok(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)man,
                                      (IDirect3DBaseTexture9 *)def) == D3DERR_INVALIDCALL,
       "%s: UpdateTexture from MANAGED is refused", t);
    ok(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)sys,
                                      (IDirect3DBaseTexture9 *)man) == D3DERR_INVALIDCALL,
       "%s: UpdateTexture into MANAGED is refused", t);
    ok(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)sys,
                                      (IDirect3DBaseTexture9 *)cube) == D3DERR_INVALIDCALL,
       "%s: UpdateTexture between types is refused", t);
    if (dxt)
        ok(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)sys,
                                          (IDirect3DBaseTexture9 *)dxt) == D3DERR_INVALIDCALL,
           "%s: UpdateTexture between formats is refused", t);
    {
        IDirect3DTexture9 *small = NULL;
        IDirect3DDevice9_CreateTexture(dev, 8, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                       &small, NULL);
        /* Windows takes it (Wine's visual test_updatetexture): stretched. */
        ok(small && IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)sys,
                                                   (IDirect3DBaseTexture9 *)small) == D3D_OK,
           "%s: UpdateTexture between sizes that match no level", t);
        if (small)
            IDirect3DTexture9_Release(small);
    }
    ok(IDirect3DDevice9_UpdateTexture(dev, NULL, (IDirect3DBaseTexture9 *)def) ==
           D3DERR_INVALIDCALL, "%s: UpdateTexture from NULL is refused", t);

    /* UpdateSurface: SYSTEMMEM to DEFAULT, same format, inside both. */
    ok(IDirect3DDevice9_UpdateSurface(dev, plain, NULL, rt, NULL) == D3DERR_INVALIDCALL,
       "%s: UpdateSurface from DEFAULT is refused", t);
    {
        POINT p = {8, 8};
        ok(IDirect3DDevice9_UpdateSurface(dev, sysrf, NULL, rt, &p) == D3DERR_INVALIDCALL,
           "%s: UpdateSurface past the destination is refused", t);
        r = (RECT){0, 0, 17, 4};
        ok(IDirect3DDevice9_UpdateSurface(dev, sysrf, &r, rt, NULL) == D3DERR_INVALIDCALL,
           "%s: UpdateSurface from outside the source is refused", t);
    }
    IDirect3DTexture9_GetSurfaceLevel(def, 0, &lvl);

    /* StretchRect's restrictions. */
    ok(IDirect3DDevice9_StretchRect(dev, rt, NULL, rt, NULL, D3DTEXF_NONE) ==
           D3DERR_INVALIDCALL, "%s: StretchRect onto itself is refused", t);
    ok(IDirect3DDevice9_StretchRect(dev, sysrf, NULL, rt, NULL, D3DTEXF_NONE) ==
           D3DERR_INVALIDCALL, "%s: StretchRect from SYSTEMMEM is refused", t);
    ok(lvl && IDirect3DDevice9_StretchRect(dev, rt, NULL, lvl, NULL, D3DTEXF_NONE) ==
                  D3DERR_INVALIDCALL,
       "%s: StretchRect into a texture that is no render target is refused", t);
    ok(IDirect3DDevice9_StretchRect(dev, rt, NULL, plain, NULL, D3DTEXF_NONE) ==
           D3DERR_INVALIDCALL, "%s: StretchRect from a target into a plain surface", t);
    ok(IDirect3DDevice9_StretchRect(dev, plain, NULL, rt, NULL, D3DTEXF_ANISOTROPIC) ==
           D3DERR_INVALIDCALL, "%s: StretchRect with an anisotropic filter", t);
    r = (RECT){0, 0, 32, 8};
    ok(IDirect3DDevice9_StretchRect(dev, plain, &r, rt, NULL, D3DTEXF_NONE) ==
           D3DERR_INVALIDCALL, "%s: StretchRect from outside the source", t);

    /* ColorFill: DEFAULT targets and plain surfaces. */
    ok(IDirect3DDevice9_ColorFill(dev, sysrf, NULL, 0) == D3DERR_INVALIDCALL,
       "%s: ColorFill of a SYSTEMMEM surface is refused", t);
    ok(lvl && IDirect3DDevice9_ColorFill(dev, lvl, NULL, 0) == D3DERR_INVALIDCALL,
       "%s: ColorFill of a texture that is no render target is refused", t);
    r = (RECT){0, 0, 17, 1};
    ok(IDirect3DDevice9_ColorFill(dev, rt, &r, 0) == D3DERR_INVALIDCALL,
       "%s: ColorFill outside the surface is refused", t);
    /* A DXT1 plain surface fills in whole blocks (Wine's visual
     * color_fill_test): both endpoints the colour, indices 0. */
    {
        IDirect3DSurface9 *d1 = NULL;
        if (IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_DXT1,
                                                         D3DPOOL_DEFAULT, &d1, NULL) == D3D_OK) {
            RECT quarter = {4, 4, 8, 8}, cut = {2, 2, 6, 6};
            ok(IDirect3DDevice9_ColorFill(dev, d1, NULL, 0xffff0000) == D3D_OK,
               "%s: ColorFill of a DXT1 plain surface", t);
            ok(IDirect3DDevice9_ColorFill(dev, d1, &quarter, 0xff00ff00) == D3D_OK,
               "%s: ColorFill of a DXT1 block", t);
            ok(IDirect3DDevice9_ColorFill(dev, d1, &cut, 0xff0000ff) == D3DERR_INVALIDCALL,
               "%s: ColorFill that cuts DXT1 blocks is refused", t);
            if (IDirect3DSurface9_LockRect(d1, &lr, NULL, D3DLOCK_READONLY) == D3D_OK) {
                const BYTE *b0 = lr.pBits, *b3 = (const BYTE *)lr.pBits + lr.Pitch + 8;
                ok(b0[0] == 0x00 && b0[1] == 0xf8 && b0[2] == 0x00 && b0[3] == 0xf8 &&
                       !b0[4] && !b0[5] && !b0[6] && !b0[7],
                   "%s: DXT1 fill block 0 is red (%02x%02x %02x%02x)", t, b0[1], b0[0], b0[3],
                   b0[2]);
                ok(b3[0] == 0xe0 && b3[1] == 0x07 && b3[2] == 0xe0 && b3[3] == 0x07,
                   "%s: DXT1 fill of the last block is green (%02x%02x)", t, b3[1], b3[0]);
                IDirect3DSurface9_UnlockRect(d1);
            } else {
                ok(0, "%s: lock of the filled DXT1 surface", t);
            }
            IDirect3DSurface9_Release(d1);
        }
    }
    ok(lvl && IDirect3DSurface9_LockRect(lvl, &lr, NULL, 0) == D3DERR_INVALIDCALL,
       "%s: the level surface of a DEFAULT texture is not lockable", t);
    ok(lvl && IDirect3DDevice9_SetRenderTarget(dev, 0, lvl) == D3DERR_INVALIDCALL,
       "%s: a texture without D3DUSAGE_RENDERTARGET is no render target", t);
out:
    if (lvl)
        IDirect3DSurface9_Release(lvl);
    if (def)
        IDirect3DTexture9_Release(def);
    if (sys)
        IDirect3DTexture9_Release(sys);
    if (man)
        IDirect3DTexture9_Release(man);
    if (dxt)
        IDirect3DTexture9_Release(dxt);
    if (cube)
        IDirect3DCubeTexture9_Release(cube);
    if (rt)
        IDirect3DSurface9_Release(rt);
    if (plain)
        IDirect3DSurface9_Release(plain);
    if (sysrf)
        IDirect3DSurface9_Release(sysrf);
}

/* ------------------------------------------------------------ formats */

static void test_format(IDirect3D9 *d3d, IDirect3DDevice9 *dev, const struct tfmt *f,
                        const char *t)
{
    IDirect3DTexture9 *man = NULL, *sys = NULL, *def = NULL, *dyn = NULL;
    IDirect3DSurface9 *src = NULL, *a = NULL, *b = NULL;
    bool tex_ok = check_format(d3d, 0, D3DRTYPE_TEXTURE, f->f) == D3D_OK;
    bool rt_ok = check_format(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, f->f) == D3D_OK;
    bool blit_ok = IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_HAL, f->f,
                                                          f->f) == D3D_OK;
    UINT block = f->kind == BLOCK ? 4 : 1;
    char what[128];
    HRESULT hr;

    /* CheckDeviceFormat says exactly what creation does. */
    hr = IDirect3DDevice9_CreateTexture(dev, 32, 16, 0, 0, f->f, D3DPOOL_MANAGED, &man, NULL);
    ok(tex_ok ? hr == D3D_OK : hr == D3DERR_NOTAVAILABLE,
       "%s: %s: CreateTexture MANAGED %#x, CheckDeviceFormat %s", t, f->name,
       (unsigned)hr, tex_ok ? "ok" : "not available");
    if (!tex_ok) {
        skip("%s: %s is not a texture format on this device", t, f->name);
        return;
    }
    ok(IDirect3DDevice9_CreateTexture(dev, 32, 16, 0, 0, f->f, D3DPOOL_SYSTEMMEM, &sys,
                                      NULL) == D3D_OK, "%s: %s: SYSTEMMEM", t, f->name);
    ok(IDirect3DDevice9_CreateTexture(dev, 32, 16, 0, 0, f->f, D3DPOOL_DEFAULT, &def,
                                      NULL) == D3D_OK, "%s: %s: DEFAULT", t, f->name);
    ok(IDirect3DDevice9_CreateTexture(dev, 32, 16, 2, D3DUSAGE_DYNAMIC, f->f,
                                      D3DPOOL_DEFAULT, &dyn, NULL) == D3D_OK,
       "%s: %s: DEFAULT dynamic", t, f->name);
    if (!man || !sys || !def || !dyn)
        goto out;
    ok(IDirect3DTexture9_GetLevelCount(man) == 6, "%s: %s: 6 levels", t, f->name);

    /* Every level: D3D9's pitch, a rectangle lock at the right address. */
    for (UINT l = 0; l < 6; l++) {
        UINT w = 32 >> l ? 32 >> l : 1, h = 16 >> l ? 16 >> l : 1;
        UINT pitch = block > 1 ? (w + 3) / 4 * f->bytes : (w * f->bytes + 3) & ~3u;
        D3DSURFACE_DESC d;
        D3DLOCKED_RECT lr, lr2;
        ok(IDirect3DTexture9_GetLevelDesc(man, l, &d) == D3D_OK && d.Width == w &&
               d.Height == h && d.Format == f->f && d.Pool == D3DPOOL_MANAGED &&
               d.Type == D3DRTYPE_SURFACE,
           "%s: %s: level %u desc %ux%u", t, f->name, l, d.Width, d.Height);
        if (IDirect3DTexture9_LockRect(man, l, &lr, NULL, 0) != D3D_OK) {
            ok(0, "%s: %s: lock level %u", t, f->name, l);
            continue;
        }
        ok(lr.Pitch == (INT)pitch, "%s: %s: level %u pitch %d, expected %u", t, f->name, l,
           lr.Pitch, pitch);
        fill_rect(f, lr.pBits, lr.Pitch, w, h, l);
        IDirect3DTexture9_UnlockRect(man, l);
        if (w >= 8 && h >= 8) {
            RECT r = {4, 4, 8, 8};
            ok(IDirect3DTexture9_LockRect(man, l, &lr2, &r, D3DLOCK_READONLY) == D3D_OK &&
                   (uint8_t *)lr2.pBits ==
                       (uint8_t *)lr.pBits + 4 / block * lr.Pitch + 4 / block * f->bytes,
               "%s: %s: a rectangle lock points into the level", t, f->name);
            IDirect3DTexture9_UnlockRect(man, l);
        }
        /* The dynamic texture gets other texels (its locks upload as a
         * MANAGED texture's do), the SYSTEMMEM one others again, for
         * UpdateTexture. */
        if (l < 2 && IDirect3DTexture9_LockRect(dyn, l, &lr, NULL, D3DLOCK_DISCARD) == D3D_OK) {
            fill_rect(f, lr.pBits, lr.Pitch, w, h, l + 20);
            IDirect3DTexture9_UnlockRect(dyn, l);
        }
        if (IDirect3DTexture9_LockRect(sys, l, &lr, NULL, 0) == D3D_OK) {
            fill_rect(f, lr.pBits, lr.Pitch, w, h, l + 10);
            IDirect3DTexture9_UnlockRect(sys, l);
        }
    }
    ok(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)sys,
                                      (IDirect3DBaseTexture9 *)def) == D3D_OK,
       "%s: %s: UpdateTexture", t, f->name);

    /* What the server holds, where the API shows it: a level through
     * StretchRect into a render target of the format. */
    if (rt_ok && blit_ok) {
        for (UINT i = 0; i < 4; i++) {
            IDirect3DSurface9 *lvl = NULL;
            uint8_t *rows;
            UINT l = i & 1, w = 32 >> l, h = 16 >> l;
            IDirect3DTexture9_GetSurfaceLevel(i < 2 ? def : dyn, l, &lvl);
            rows = lvl ? read_surface(dev, lvl, f->f, f->bytes) : NULL;
            snprintf(what, sizeof(what), "%s: %s: %s level %u read back", t, f->name,
                     i < 2 ? "UpdateTexture'd DEFAULT" : "dynamic DEFAULT", l);
            ok(rows != NULL, "%s", what);
            if (rows)
                check_rect(f, rows, (INT)(w * f->bytes), w, h, l + (i < 2 ? 10 : 20), what);
            free(rows);
            if (lvl)
                IDirect3DSurface9_Release(lvl);
        }
    }
    /* Plain surfaces: SYSTEMMEM -> UpdateSurface -> DEFAULT plain ->
     * StretchRect -> DEFAULT plain -> LockRect (a read-back). */
    if (block == 1) {
        D3DLOCKED_RECT lr;
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 8, f->f, D3DPOOL_SYSTEMMEM,
                                                     &src, NULL);
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 8, f->f, D3DPOOL_DEFAULT, &a,
                                                     NULL);
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 8, f->f, D3DPOOL_DEFAULT, &b,
                                                     NULL);
        if (!src || !a || !b) {
            ok(0, "%s: %s: plain surfaces", t, f->name);
            goto out;
        }
        IDirect3DSurface9_LockRect(src, &lr, NULL, 0);
        fill_rect(f, lr.pBits, lr.Pitch, 16, 8, 3);
        IDirect3DSurface9_UnlockRect(src);
        ok(IDirect3DDevice9_UpdateSurface(dev, src, NULL, a, NULL) == D3D_OK,
           "%s: %s: UpdateSurface", t, f->name);
        /* Same-format blits of plain surfaces need the device's blits. */
        hr = IDirect3DDevice9_StretchRect(dev, a, NULL, b, NULL, D3DTEXF_NONE);
        ok(hr == D3D_OK || hr == D3DERR_INVALIDCALL, "%s: %s: StretchRect plain to plain",
           t, f->name);
        if (hr != D3D_OK) {
            skip("%s: %s: no same-format blits here: no round trip to observe", t, f->name);
        } else if (IDirect3DSurface9_LockRect(b, &lr, NULL, D3DLOCK_READONLY) == D3D_OK) {
            snprintf(what, sizeof(what), "%s: %s: DEFAULT plain surface round trip", t,
                     f->name);
            check_rect(f, lr.pBits, lr.Pitch, 16, 8, 3, what);
            IDirect3DSurface9_UnlockRect(b);
        } else {
            ok(0, "%s: %s: lock of a DEFAULT plain surface", t, f->name);
        }
    }
out:
    if (man)
        IDirect3DTexture9_Release(man);
    if (sys)
        IDirect3DTexture9_Release(sys);
    if (def)
        IDirect3DTexture9_Release(def);
    if (dyn)
        IDirect3DTexture9_Release(dyn);
    if (src)
        IDirect3DSurface9_Release(src);
    if (a)
        IDirect3DSurface9_Release(a);
    if (b)
        IDirect3DSurface9_Release(b);
}

/* ------------------------------------------------------------ targets */

static void test_targets(IDirect3DDevice9 *dev, const char *t)
{
    IDirect3DTexture9 *tex = NULL;
    IDirect3DCubeTexture9 *cube = NULL;
    IDirect3DSurface9 *bb = NULL, *l0 = NULL, *l1 = NULL, *face2 = NULL, *face0 = NULL;
    IDirect3DSurface9 *plain = NULL, *sys = NULL;
    struct vertex v[6];
    uint8_t *rows;
    D3DLOCKED_RECT lr;
    RECT r;

    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    ok(IDirect3DDevice9_CreateTexture(dev, 64, 32, 3, D3DUSAGE_RENDERTARGET,
                                      D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &tex,
                                      NULL) == D3D_OK, "%s: a render-target texture", t);
    ok(IDirect3DDevice9_CreateCubeTexture(dev, 16, 1, D3DUSAGE_RENDERTARGET,
                                          D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &cube,
                                          NULL) == D3D_OK, "%s: a render-target cube", t);
    if (!bb || !tex || !cube)
        goto out;
    IDirect3DTexture9_GetSurfaceLevel(tex, 0, &l0);
    IDirect3DTexture9_GetSurfaceLevel(tex, 1, &l1);
    IDirect3DCubeTexture9_GetCubeMapSurface(cube, D3DCUBEMAP_FACE_NEGATIVE_Y, 0, &face2);
    IDirect3DCubeTexture9_GetCubeMapSurface(cube, D3DCUBEMAP_FACE_POSITIVE_X, 0, &face0);
    if (!l0 || !l1 || !face2 || !face0)
        goto out;

    /* Level 1 as the render target: clear, then a draw into part of it. */
    ok(IDirect3DDevice9_SetRenderTarget(dev, 0, l1) == D3D_OK, "%s: level 1 as target", t);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xffff0000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    quad(v, 0, 0, 16, 8, 0xff00ff00);
    ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0])) ==
           D3D_OK, "%s: a draw into a texture level", t);
    IDirect3DDevice9_EndScene(dev);
    /* Level 0: a clear of its own. */
    IDirect3DDevice9_SetRenderTarget(dev, 0, l0);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0);
    /* Cube faces. */
    ok(IDirect3DDevice9_SetRenderTarget(dev, 0, face2) == D3D_OK, "%s: a cube face", t);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff123456, 1.0f, 0);
    IDirect3DDevice9_SetRenderTarget(dev, 0, face0);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff654321, 1.0f, 0);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);

    rows = read_surface(dev, l1, D3DFMT_A8R8G8B8, 4);
    check_px(rows, 32, 4, 4, 0xff00ff00, t, "the draw into level 1");
    check_px(rows, 32, 24, 12, 0xffff0000, t, "the clear of level 1");
    free(rows);
    rows = read_surface(dev, l0, D3DFMT_A8R8G8B8, 4);
    check_px(rows, 64, 40, 20, 0xff0000ff, t, "the clear of level 0");
    free(rows);
    rows = read_surface(dev, face2, D3DFMT_X8R8G8B8, 4);
    check_px(rows, 16, 3, 3, 0xff123456, t, "cube face -Y");
    free(rows);
    rows = read_surface(dev, face0, D3DFMT_X8R8G8B8, 4);
    check_px(rows, 16, 3, 3, 0xff654321, t, "cube face +X");
    free(rows);

    /* GetRenderTargetData straight from a level: level 0 ... */
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 64, 32, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_SYSTEMMEM, &sys, NULL);
    if (sys && IDirect3DDevice9_GetRenderTargetData(dev, l0, sys) == D3D_OK &&
        IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY) == D3D_OK) {
        DWORD c = *(DWORD *)((uint8_t *)lr.pBits + 5 * lr.Pitch + 5 * 4);
        ok(e2e_color_near(c, 0xff0000ff, 1), "%s: GetRenderTargetData of level 0: %08x", t,
           (unsigned)c);
        IDirect3DSurface9_UnlockRect(sys);
    } else {
        ok(0, "%s: GetRenderTargetData of level 0", t);
    }
    if (sys)
        IDirect3DSurface9_Release(sys);
    sys = NULL;
    /* ... and level 1, which needs the device to read the right level. */
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 32, 16, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_SYSTEMMEM, &sys, NULL);
    if (sys && IDirect3DDevice9_GetRenderTargetData(dev, l1, sys) == D3D_OK &&
        IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY) == D3D_OK) {
        DWORD c = *(DWORD *)((uint8_t *)lr.pBits + 12 * lr.Pitch + 24 * 4);
        ok(e2e_color_near(c, 0xffff0000, 1), "%s: GetRenderTargetData of level 1 is %08x", t,
           (unsigned)c);
        IDirect3DSurface9_UnlockRect(sys);
    } else {
        ok(0, "%s: GetRenderTargetData of level 1", t);
    }
    if (sys)
        IDirect3DSurface9_Release(sys);
    sys = NULL;

    /* ColorFill: a texture level, a rectangle of the back buffer, a DEFAULT
     * plain surface (its lock reads the fill back). */
    r = (RECT){8, 8, 24, 16};
    ok(IDirect3DDevice9_ColorFill(dev, l1, &r, 0xff808000) == D3D_OK, "%s: ColorFill", t);
    rows = read_surface(dev, l1, D3DFMT_A8R8G8B8, 4);
    check_px(rows, 32, 10, 10, 0xff808000, t, "ColorFill inside the rectangle");
    check_px(rows, 32, 4, 4, 0xff00ff00, t, "ColorFill outside the rectangle");
    free(rows);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_DEFAULT, &plain, NULL);
    ok(plain != NULL, "%s: a DEFAULT plain surface", t);
    if (plain) {
        ok(IDirect3DDevice9_ColorFill(dev, plain, NULL, 0x80402010) == D3D_OK,
           "%s: ColorFill of a DEFAULT plain surface", t);
        if (IDirect3DSurface9_LockRect(plain, &lr, NULL, 0) == D3D_OK) {
            DWORD *p = (DWORD *)((uint8_t *)lr.pBits + 3 * lr.Pitch);
            ok(e2e_color_near(p[3], 0x80402010, 1), "%s: the lock sees the fill: %08x", t,
               (unsigned)p[3]);
            /* Write a row through the lock; StretchRect shows it. */
            for (int x = 0; x < 16; x++)
                p[x] = 0xff00c0c0;
            IDirect3DSurface9_UnlockRect(plain);
        }
        r = (RECT){0, 0, 16, 16};
        ok(IDirect3DDevice9_StretchRect(dev, plain, NULL, l1, &r, D3DTEXF_NONE) == D3D_OK,
           "%s: StretchRect from a plain surface into a texture level", t);
        rows = read_surface(dev, l1, D3DFMT_A8R8G8B8, 4);
        check_px(rows, 32, 7, 3, 0xff00c0c0, t, "the row written through the lock");
        check_px(rows, 32, 7, 5, 0x80402010, t, "the fill around it");
        free(rows);
    }

    /* StretchRect with scaling: level 1's 32x16 onto the back buffer's
     * 64x64, point and linear. */
    ok(IDirect3DDevice9_StretchRect(dev, l1, NULL, bb, NULL, D3DTEXF_POINT) == D3D_OK,
       "%s: StretchRect scaled, point", t);
    rows = read_surface(dev, bb, D3DFMT_X8R8G8B8, 4);
    check_px(rows, W, 62, 60, 0xffff0000, t, "a scaled blit (red corner)");
    check_px(rows, W, 41, 50, 0xff808000, t, "a scaled blit (the fill)");
    free(rows);
    r = (RECT){0, 0, 32, 32};
    ok(IDirect3DDevice9_StretchRect(dev, face2, NULL, bb, &r, D3DTEXF_LINEAR) == D3D_OK,
       "%s: StretchRect from a cube face, linear", t);
    rows = read_surface(dev, bb, D3DFMT_X8R8G8B8, 4);
    check_px(rows, W, 16, 16, 0xff123456, t, "a linear blit of a uniform face");
    free(rows);

    /* UpdateSurface into a render target, with a rectangle and a point. */
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 8, 8, D3DFMT_X8R8G8B8,
                                                 D3DPOOL_SYSTEMMEM, &sys, NULL);
    if (sys && IDirect3DSurface9_LockRect(sys, &lr, NULL, 0) == D3D_OK) {
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 8; x++)
                ((DWORD *)((uint8_t *)lr.pBits + y * lr.Pitch))[x] =
                    x < 4 ? 0xff00ffff : 0xffffff00;
        IDirect3DSurface9_UnlockRect(sys);
        POINT p = {40, 50};
        r = (RECT){4, 0, 8, 8};
        ok(IDirect3DDevice9_UpdateSurface(dev, sys, &r, bb, &p) == D3D_OK,
           "%s: UpdateSurface with a rectangle and a point", t);
        rows = read_surface(dev, bb, D3DFMT_X8R8G8B8, 4);
        check_px(rows, W, 41, 51, 0xffffff00, t, "UpdateSurface's rectangle");
        check_px(rows, W, 44, 51, 0xff808000, t, "beside UpdateSurface's rectangle");
        free(rows);
    }
    if (sys)
        IDirect3DSurface9_Release(sys);
    sys = NULL;

    /* GetFrontBufferData: what the last Present showed. */
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff203040, 1.0f, 0);
    IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 1024, 768, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_SYSTEMMEM, &sys, NULL);
    if (sys) {
        ok(IDirect3DDevice9_GetFrontBufferData(dev, 0, sys) == D3D_OK,
           "%s: GetFrontBufferData", t);
        if (IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY) == D3D_OK) {
            DWORD c = ((DWORD *)((uint8_t *)lr.pBits + 10 * lr.Pitch))[10];
            ok(e2e_color_near(c, 0xff203040, 1), "%s: the front buffer: %08x", t,
               (unsigned)c);
            IDirect3DSurface9_UnlockRect(sys);
        }
        IDirect3DSurface9_Release(sys);
        sys = NULL;
    }
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_SYSTEMMEM, &sys, NULL);
    ok(sys && IDirect3DDevice9_GetFrontBufferData(dev, 0, sys) == D3DERR_INVALIDCALL,
       "%s: GetFrontBufferData into a surface smaller than the picture", t);
    if (sys)
        IDirect3DSurface9_Release(sys);
out:
    if (plain)
        IDirect3DSurface9_Release(plain);
    if (l0)
        IDirect3DSurface9_Release(l0);
    if (l1)
        IDirect3DSurface9_Release(l1);
    if (face0)
        IDirect3DSurface9_Release(face0);
    if (face2)
        IDirect3DSurface9_Release(face2);
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (cube)
        IDirect3DCubeTexture9_Release(cube);
    if (bb)
        IDirect3DSurface9_Release(bb);
}

/* Depth textures as depth-stencil surfaces: a nearer quad wins. */
static void test_depth_textures(IDirect3D9 *d3d, IDirect3DDevice9 *dev, const char *t)
{
    static const struct { D3DFORMAT f; const char *name; } fmts[] = {
        {D3DFMT_D16, "D16"}, {D3DFMT_D24S8, "D24S8"}, {D3DFMT_D24X8, "D24X8"},
        {D3DFMT_D32, "D32"}};
    for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
        IDirect3DTexture9 *tex = NULL;
        IDirect3DSurface9 *ds = NULL;
        bool avail = check_format(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, fmts[i].f) ==
                     D3D_OK;
        HRESULT hr = IDirect3DDevice9_CreateTexture(dev, W, H, 1, D3DUSAGE_DEPTHSTENCIL,
                                                    fmts[i].f, D3DPOOL_DEFAULT, &tex, NULL);
        struct vertex v[6];
        DWORD *px;

        ok(avail ? hr == D3D_OK : hr == D3DERR_NOTAVAILABLE,
           "%s: %s depth texture: %#x", t, fmts[i].name, (unsigned)hr);
        if (!tex)
            continue;
        IDirect3DTexture9_GetSurfaceLevel(tex, 0, &ds);
        ok(IDirect3DDevice9_SetDepthStencilSurface(dev, ds) == D3D_OK,
           "%s: %s texture as the depth surface", t, fmts[i].name);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff000000,
                               1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        quad(v, 0, 0, W, H, 0xff00ff00);
        for (int k = 0; k < 6; k++)
            v[k].z = 0.25f;
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0]));
        quad(v, 0, 0, W, H, 0xffff0000);
        for (int k = 0; k < 6; k++)
            v[k].z = 0.75f;
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0]));
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
        px = e2e_read_back(dev, W, H);
        ok(px && e2e_color_near(px[20 * W + 20], 0xff00ff00, 1),
           "%s: %s: the nearer quad wins: %08x", t, fmts[i].name, px ? (unsigned)px[20 * W + 20] : 0);
        free(px);
        IDirect3DSurface9_Release(ds);
        IDirect3DTexture9_Release(tex);
    }
    /* StretchRect between depth-stencil surfaces: whole surfaces only,
     * with NULL rectangles or ones that name the whole surface, the filter
     * ignored (Wine's visual depth_blit_test); the copy carries depth. */
    {
        IDirect3DSurface9 *a = NULL, *b = NULL;
        RECT whole = {0, 0, W, H}, part = {0, 0, W / 2, H / 2}, flip = {0, H, W, 0};
        struct vertex v[6];
        DWORD *px;
        IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, D3DFMT_D24S8, D3DMULTISAMPLE_NONE,
                                                   0, FALSE, &a, NULL);
        IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, D3DFMT_D24S8, D3DMULTISAMPLE_NONE,
                                                   0, FALSE, &b, NULL);
        if (!ok(a && b, "%s: two D24S8 surfaces", t))
            goto depth_out;
        IDirect3DDevice9_SetDepthStencilSurface(dev, a);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 0.5f, 0);
        IDirect3DDevice9_SetDepthStencilSurface(dev, b);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
        ok(IDirect3DDevice9_StretchRect(dev, a, &part, b, &part, D3DTEXF_POINT) ==
               D3DERR_INVALIDCALL, "%s: a partial depth blit is refused", t);
        ok(IDirect3DDevice9_StretchRect(dev, a, &whole, b, &flip, D3DTEXF_POINT) ==
               D3DERR_INVALIDCALL, "%s: a flipped depth blit is refused", t);
        ok(IDirect3DDevice9_StretchRect(dev, a, &whole, b, &whole, D3DTEXF_POINT) == D3D_OK,
           "%s: a depth blit with whole-surface rectangles", t);
        ok(IDirect3DDevice9_StretchRect(dev, a, NULL, b, NULL, D3DTEXF_LINEAR) == D3D_OK,
           "%s: a depth blit with D3DTEXF_LINEAR", t);
        /* b holds 0.5 now: a quad at 0.75 fails LESSEQUAL, one at 0.25 passes. */
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZWRITEENABLE, FALSE);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        quad(v, 0, 0, W / 2, H, 0xff00ff00);
        for (int k = 0; k < 6; k++)
            v[k].z = 0.25f;
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0]));
        quad(v, W / 2, 0, W, H, 0xffff0000);
        for (int k = 0; k < 6; k++)
            v[k].z = 0.75f;
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0]));
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZWRITEENABLE, TRUE);
        IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
        px = e2e_read_back(dev, W, H);
        ok(px && e2e_color_near(px[8 * W + 4], 0xff00ff00, 1) &&
               e2e_color_near(px[8 * W + W - 4], 0xff000000, 1),
           "%s: the blit copied depth 0.5: %08x %08x", t, px ? (unsigned)px[8 * W + 4] : 0,
           px ? (unsigned)px[8 * W + W - 4] : 0);
        free(px);
    depth_out:
        if (a)
            IDirect3DSurface9_Release(a);
        if (b)
            IDirect3DSurface9_Release(b);
    }
}

/* D3DRS_DEPTHBIAS is in depth units whatever the device's own steps
 * (Wine's visual test_depthbias): against a depth of 0.5 and LESSEQUAL,
 * a quad at 0.35 biased by 0.1 passes (twice the bias would not), one at
 * 0.45 biased by 0.1 fails, and one at 0.65 biased by -0.1 fails (twice
 * would pass). */
static void test_depth_bias(IDirect3D9 *d3d, IDirect3DDevice9 *dev, const char *t)
{
    static const struct { D3DFORMAT f; const char *name; } fmts[] = {
        {D3DFMT_D16, "D16"}, {D3DFMT_D24S8, "D24S8"}, {D3DFMT_D24X8, "D24X8"}};
    static const struct { float z, bias; bool drawn; } cases[] = {
        {0.35f, 0.1f, true}, {0.45f, 0.1f, false}, {0.65f, -0.1f, false}, {0.55f, -0.1f, true}};
    union { float f; DWORD d; } bias;
    for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
        IDirect3DSurface9 *ds = NULL;
        struct vertex v[6];
        DWORD *px;

        if (check_format(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, fmts[i].f) != D3D_OK)
            continue;
        IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, fmts[i].f, D3DMULTISAMPLE_NONE,
                                                   0, FALSE, &ds, NULL);
        if (!ok(ds != NULL, "%s: %s depth surface", t, fmts[i].name))
            continue;
        IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZWRITEENABLE, FALSE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESSEQUAL);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff000000,
                               0.5f, 0);
        IDirect3DDevice9_BeginScene(dev);
        for (int c = 0; c < 4; c++) {
            quad(v, (float)(c * W / 4), 0, (float)((c + 1) * W / 4), H, 0xff00ff00);
            for (int k = 0; k < 6; k++)
                v[k].z = cases[c].z;
            bias.f = cases[c].bias;
            IDirect3DDevice9_SetRenderState(dev, D3DRS_DEPTHBIAS, bias.d);
            IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0]));
        }
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_DEPTHBIAS, 0);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZWRITEENABLE, TRUE);
        IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
        px = e2e_read_back(dev, W, H);
        for (int c = 0; px && c < 4; c++) {
            DWORD got = px[8 * W + c * W / 4 + W / 8];
            ok(e2e_color_near(got, cases[c].drawn ? 0xff00ff00 : 0xff000000, 1),
               "%s: %s: a quad at %.2f biased by %.1f is %s: %08x", t, fmts[i].name,
               cases[c].z, cases[c].bias, cases[c].drawn ? "drawn" : "not drawn",
               (unsigned)got);
        }
        free(px);
        IDirect3DSurface9_Release(ds);
    }
}

/* ------------------------------------------------------------ uploads */

static void fill_level(IDirect3DTexture9 *tex, UINT level, UINT w, UINT h, DWORD c,
                       DWORD flags)
{
    D3DLOCKED_RECT lr;
    if (IDirect3DTexture9_LockRect(tex, level, &lr, NULL, flags) != D3D_OK)
        return;
    for (UINT y = 0; y < h; y++)
        for (UINT x = 0; x < w; x++)
            ((DWORD *)((uint8_t *)lr.pBits + y * lr.Pitch))[x] = c;
    IDirect3DTexture9_UnlockRect(tex, level);
}

static void test_uploads(IDirect3DDevice9 *dev, const char *t)
{
    IDirect3DTexture9 *man = NULL, *sys = NULL, *def = NULL, *dyn = NULL, *big = NULL;
    IDirect3DCubeTexture9 *csys = NULL, *cdef = NULL;
    IDirect3DSurface9 *s = NULL;
    struct nereid_stats before, after;
    D3DLOCKED_RECT lr;
    uint8_t *rows;
    RECT r;

    /* A small lock of a big texture sends the small rectangle only.
     * (Dynamic DEFAULT textures upload as MANAGED ones do, and StretchRect
     * can read them.) */
    IDirect3DDevice9_CreateTexture(dev, 256, 256, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8,
                                   D3DPOOL_DEFAULT, &man, NULL);
    if (!man) {
        ok(0, "%s: managed texture", t);
        goto out;
    }
    fill_level(man, 0, 256, 256, 0xff0000ff, 0);
    nereid_device_get_stats(dev, &before);
    r = (RECT){16, 16, 20, 20};
    if (IDirect3DTexture9_LockRect(man, 0, &lr, &r, 0) == D3D_OK) {
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++)
                ((DWORD *)((uint8_t *)lr.pBits + y * lr.Pitch))[x] = 0xffffffff;
        IDirect3DTexture9_UnlockRect(man, 0);
    }
    nereid_device_get_stats(dev, &after);
    ok(after.stage_bytes - before.stage_bytes < 1024 &&
           after.records_by_op[5] - before.records_by_op[5] == 1,
       "%s: a 4x4 lock sends %llu stage bytes in %llu records", t,
       (unsigned long long)(after.stage_bytes - before.stage_bytes),
       (unsigned long long)(after.records_by_op[5] - before.records_by_op[5]));
    IDirect3DTexture9_GetSurfaceLevel(man, 0, &s);
    rows = s ? read_surface(dev, s, D3DFMT_A8R8G8B8, 4) : NULL;
    check_px(rows, 256, 17, 17, 0xffffffff, t, "the small lock");
    check_px(rows, 256, 21, 17, 0xff0000ff, t, "beside the small lock");
    free(rows);
    if (s)
        IDirect3DSurface9_Release(s);
    s = NULL;

    /* A level larger than a record's 8 MiB goes in bands, both ways. */
    IDirect3DDevice9_CreateTexture(dev, 2048, 1536, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8,
                                   D3DPOOL_DEFAULT, &big, NULL);
    if (big && IDirect3DTexture9_LockRect(big, 0, &lr, NULL, 0) == D3D_OK) {
        for (UINT y = 0; y < 1536; y++)
            for (UINT x = 0; x < 2048; x++)
                ((DWORD *)((uint8_t *)lr.pBits + y * lr.Pitch))[x] =
                    0xff000000u | (y << 12) | x;
        nereid_device_get_stats(dev, &before);
        IDirect3DTexture9_UnlockRect(big, 0);
        nereid_device_get_stats(dev, &after);
        ok(after.records_by_op[5] - before.records_by_op[5] >= 2,
           "%s: 12 MiB go in %llu WRITE_TEXTURE records", t,
           (unsigned long long)(after.records_by_op[5] - before.records_by_op[5]));
        IDirect3DTexture9_GetSurfaceLevel(big, 0, &s);
        rows = s ? read_surface(dev, s, D3DFMT_A8R8G8B8, 4) : NULL;
        check_px(rows, 2048, 5, 3, 0xff003005, t, "a big texture's first band");
        check_px(rows, 2048, 2047, 1535, 0xff5ff7ff, t, "a big texture's last band");
        check_px(rows, 2048, 1000, 1024, 0xff4003e8, t, "a big texture's middle");
        free(rows);
        if (s)
            IDirect3DSurface9_Release(s);
        s = NULL;
    } else {
        ok(0, "%s: a 2048x1536 texture", t);
    }

    /* UpdateTexture: dirty regions only, levels matched by size. */
    IDirect3DDevice9_CreateTexture(dev, 64, 64, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                   &sys, NULL);
    IDirect3DDevice9_CreateTexture(dev, 32, 32, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                   &def, NULL);
    if (!sys || !def) {
        ok(0, "%s: UpdateTexture textures", t);
        goto out;
    }
    for (UINT l = 0; l < 7; l++)
        fill_level(sys, l, 64 >> l, 64 >> l, 0xff000000u | (0x10u * (l + 1)), 0);
    ok(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)sys,
                                      (IDirect3DBaseTexture9 *)def) == D3D_OK,
       "%s: UpdateTexture 64 -> 32", t);
    IDirect3DTexture9_GetSurfaceLevel(def, 0, &s);
    rows = s ? read_surface(dev, s, D3DFMT_A8R8G8B8, 4) : NULL;
    check_px(rows, 32, 5, 5, 0xff000020, t, "the source level of the destination's size");
    free(rows);
    if (s)
        IDirect3DSurface9_Release(s);
    IDirect3DTexture9_GetSurfaceLevel(def, 2, &s);
    rows = s ? read_surface(dev, s, D3DFMT_A8R8G8B8, 4) : NULL;
    check_px(rows, 8, 1, 1, 0xff000040, t, "level 2 from source level 3");
    free(rows);
    if (s)
        IDirect3DSurface9_Release(s);
    s = NULL;
    /* New texels everywhere, but only a rectangle marked dirty. */
    for (UINT l = 0; l < 7; l++)
        fill_level(sys, l, 64 >> l, 64 >> l, 0xffc0c0c0, D3DLOCK_NO_DIRTY_UPDATE);
    /* A rectangle past level 0's edge is refused (Wine's visual
     * add_dirty_rect_test). */
    r = (RECT){0, 0, 65, 16};
    ok(IDirect3DTexture9_AddDirtyRect(sys, &r) == D3DERR_INVALIDCALL,
       "%s: AddDirtyRect past the right edge is refused", t);
    r = (RECT){0, 60, 16, 70};
    ok(IDirect3DTexture9_AddDirtyRect(sys, &r) == D3DERR_INVALIDCALL,
       "%s: AddDirtyRect past the bottom edge is refused", t);
    r = (RECT){0, 0, 16, 16};
    ok(IDirect3DTexture9_AddDirtyRect(sys, &r) == D3D_OK, "%s: AddDirtyRect", t);
    IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)sys,
                                   (IDirect3DBaseTexture9 *)def);
    IDirect3DTexture9_GetSurfaceLevel(def, 0, &s);
    rows = s ? read_surface(dev, s, D3DFMT_A8R8G8B8, 4) : NULL;
    check_px(rows, 32, 3, 3, 0xffc0c0c0, t, "UpdateTexture's dirty rectangle");
    check_px(rows, 32, 20, 20, 0xff000020, t, "UpdateTexture left the clean texels");
    free(rows);
    if (s)
        IDirect3DSurface9_Release(s);
    s = NULL;
    /* Nothing dirty: nothing sent. */
    nereid_device_get_stats(dev, &before);
    IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)sys,
                                   (IDirect3DBaseTexture9 *)def);
    nereid_device_get_stats(dev, &after);
    ok(after.records_by_op[5] == before.records_by_op[5],
       "%s: UpdateTexture of a clean texture sends nothing", t);

    /* A dynamic DEFAULT texture: DISCARD locks; UpdateSurface into it and a
     * lock sees that. */
    ok(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8,
                                      D3DPOOL_DEFAULT, &dyn, NULL) == D3D_OK,
       "%s: a dynamic texture", t);
    if (dyn) {
        fill_level(dyn, 0, 16, 16, 0xff102030, D3DLOCK_DISCARD);
        IDirect3DTexture9_GetSurfaceLevel(dyn, 0, &s);
        rows = s ? read_surface(dev, s, D3DFMT_A8R8G8B8, 4) : NULL;
        check_px(rows, 16, 9, 9, 0xff102030, t, "a DISCARD lock of a dynamic texture");
        free(rows);
        if (s)
            IDirect3DSurface9_Release(s);
        s = NULL;
    }

    /* Cube textures: every face its own texels. */
    IDirect3DDevice9_CreateCubeTexture(dev, 8, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                       &csys, NULL);
    IDirect3DDevice9_CreateCubeTexture(dev, 8, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &cdef,
                                       NULL);
    if (csys && cdef) {
        ok(IDirect3DCubeTexture9_GetLevelCount(cdef) == 4, "%s: a cube's chain", t);
        for (int f = 0; f < 6; f++)
            for (UINT l = 0; l < 4; l++)
                if (IDirect3DCubeTexture9_LockRect(csys, (D3DCUBEMAP_FACES)f, l, &lr, NULL,
                                                   0) == D3D_OK) {
                    for (UINT y = 0; y < (8u >> l); y++)
                        for (UINT x = 0; x < (8u >> l); x++)
                            ((DWORD *)((uint8_t *)lr.pBits + y * lr.Pitch))[x] =
                                0xff000000u | (uint32_t)f << 16 | l << 8 | 0x33;
                    IDirect3DCubeTexture9_UnlockRect(csys, (D3DCUBEMAP_FACES)f, l);
                }
        ok(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)csys,
                                          (IDirect3DBaseTexture9 *)cdef) == D3D_OK,
           "%s: UpdateTexture of a cube", t);
        for (int f = 0; f < 6; f += 5) {
            IDirect3DCubeTexture9_GetCubeMapSurface(cdef, (D3DCUBEMAP_FACES)f, 1, &s);
            rows = s ? read_surface(dev, s, D3DFMT_A8R8G8B8, 4) : NULL;
            check_px(rows, 4, 2, 2, 0xff000133u | (uint32_t)f << 16, t, "a cube face level");
            free(rows);
            if (s)
                IDirect3DSurface9_Release(s);
            s = NULL;
        }
    } else {
        ok(0, "%s: cube textures", t);
    }
out:
    if (man)
        IDirect3DTexture9_Release(man);
    if (big)
        IDirect3DTexture9_Release(big);
    if (sys)
        IDirect3DTexture9_Release(sys);
    if (def)
        IDirect3DTexture9_Release(def);
    if (dyn)
        IDirect3DTexture9_Release(dyn);
    if (csys)
        IDirect3DCubeTexture9_Release(csys);
    if (cdef)
        IDirect3DCubeTexture9_Release(cdef);
}

/* ------------------------------------------------------------ volumes */

static void test_volumes(IDirect3DDevice9 *dev, const char *t)
{
    IDirect3DVolumeTexture9 *vol = NULL, *vsys = NULL, *vdef = NULL;
    IDirect3DVolume9 *v1 = NULL;
    D3DVOLUME_DESC d;
    D3DLOCKED_BOX lb;
    D3DBOX box;
    IUnknown *container = NULL;

    ok(IDirect3DDevice9_CreateVolumeTexture(dev, 16, 8, 4, 0, 0, D3DFMT_A8R8G8B8,
                                            D3DPOOL_MANAGED, &vol, NULL) == D3D_OK,
       "%s: a volume texture", t);
    if (!vol)
        return;
    ok(IDirect3DVolumeTexture9_GetLevelCount(vol) == 5, "%s: a volume's chain", t);
    ok(IDirect3DVolumeTexture9_GetLevelDesc(vol, 1, &d) == D3D_OK && d.Width == 8 &&
           d.Height == 4 && d.Depth == 2 && d.Type == D3DRTYPE_VOLUME,
       "%s: a volume level's desc", t);
    ok(IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, NULL, 0) == D3D_OK &&
           lb.RowPitch == 64 && lb.SlicePitch == 64 * 8,
       "%s: LockBox pitches %d, %d", t, lb.RowPitch, lb.SlicePitch);
    if (lb.pBits)
        memset(lb.pBits, 0x5a, 64 * 8 * 4);
    IDirect3DVolumeTexture9_UnlockBox(vol, 0);
    box = (D3DBOX){4, 2, 8, 4, 1, 3};
    ok(IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, &box, 0) == D3D_OK, "%s: a box lock", t);
    IDirect3DVolumeTexture9_UnlockBox(vol, 0);
    box = (D3DBOX){4, 2, 8, 4, 1, 5};
    ok(IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, &box, 0) == D3DERR_INVALIDCALL,
       "%s: a box past the depth is refused", t);
    ok(IDirect3DVolumeTexture9_GetVolumeLevel(vol, 1, &v1) == D3D_OK, "%s: GetVolumeLevel",
       t);
    if (v1) {
        ok(count_of((IUnknown *)vol) == 2, "%s: GetVolumeLevel counts the texture", t);
        ok(IDirect3DVolume9_GetDesc(v1, &d) == D3D_OK && d.Depth == 2, "%s: volume desc", t);
        ok(IDirect3DVolume9_GetContainer(v1, &IID_IDirect3DVolumeTexture9,
                                         (void **)&container) == D3D_OK &&
               container == (IUnknown *)vol,
           "%s: a volume's container is its texture", t);
        if (container)
            container->lpVtbl->Release(container);
        ok(IDirect3DVolume9_LockBox(v1, &lb, NULL, 0) == D3D_OK && lb.RowPitch == 32,
           "%s: IDirect3DVolume9::LockBox", t);
        ok(IDirect3DVolume9_UnlockBox(v1) == D3D_OK, "%s: IDirect3DVolume9::UnlockBox", t);
        ok(IDirect3DVolume9_Release(v1) == 1, "%s: a volume's Release is its texture's", t);
    }
    IDirect3DDevice9_CreateVolumeTexture(dev, 16, 8, 4, 0, 0, D3DFMT_L8, D3DPOOL_SYSTEMMEM,
                                         &vsys, NULL);
    IDirect3DDevice9_CreateVolumeTexture(dev, 16, 8, 4, 0, 0, D3DFMT_L8, D3DPOOL_DEFAULT,
                                         &vdef, NULL);
    if (vsys && vdef) {
        box = (D3DBOX){0, 0, 4, 4, 0, 1};
        ok(IDirect3DVolumeTexture9_AddDirtyBox(vsys, &box) == D3D_OK, "%s: AddDirtyBox", t);
        ok(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)vsys,
                                          (IDirect3DBaseTexture9 *)vdef) == D3D_OK,
           "%s: UpdateTexture of a volume", t);
    }
    if (vsys)
        IDirect3DVolumeTexture9_Release(vsys);
    if (vdef)
        IDirect3DVolumeTexture9_Release(vdef);
    ok(IDirect3DVolumeTexture9_Release(vol) == 0, "%s: volume texture released", t);
}

/* The shadow of a lockable mip chain is one block laid out as D3D9 does:
 * levels one after the other, cube faces at 16-byte boundaries; a program
 * may write every level through level 0's pointer. */
static void test_mip_layout(IDirect3DDevice9 *dev, const char *t)
{
    static const D3DPOOL pools[] = {D3DPOOL_MANAGED, D3DPOOL_SYSTEMMEM, D3DPOOL_SCRATCH};
    for (size_t p = 0; p < sizeof(pools) / sizeof(pools[0]); p++) {
        IDirect3DTexture9 *tex = NULL;
        IDirect3DCubeTexture9 *cube = NULL;
        D3DLOCKED_RECT lr;
        uint8_t *base = NULL;
        size_t offset = 0;
        bool laid_out = true;
        IDirect3DDevice9_CreateTexture(dev, 37, 37, 0, 0, D3DFMT_L8, pools[p], &tex, NULL);
        if (!tex) {
            ok(0, "%s: an L8 chain in pool %d", t, pools[p]);
            continue;
        }
        for (UINT l = 0; l < IDirect3DTexture9_GetLevelCount(tex); l++) {
            if (FAILED(IDirect3DTexture9_LockRect(tex, l, &lr, NULL, 0))) {
                laid_out = false;
                break;
            }
            if (!l)
                base = lr.pBits;
            else if ((uint8_t *)lr.pBits != base + offset)
                laid_out = false;
            offset += (size_t)(37u >> l) * (size_t)lr.Pitch;
            if (l == 1)
                memset(lr.pBits, 0x5a, 4); /* written while locked */
            IDirect3DTexture9_UnlockRect(tex, l);
        }
        ok(laid_out, "%s: pool %d: each level follows the one before", t, pools[p]);
        /* Level 2's first row, written through level 0's lock. */
        if (laid_out && SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
            uint8_t *l2 = (uint8_t *)lr.pBits + 37 * lr.Pitch + 18 * 20; /* 20: L8 18 wide */
            IDirect3DTexture9_UnlockRect(tex, 0);
            IDirect3DTexture9_LockRect(tex, 2, &lr, NULL, 0);
            ok(lr.pBits == l2, "%s: pool %d: level 2 sits after levels 0 and 1", t, pools[p]);
            IDirect3DTexture9_UnlockRect(tex, 2);
        }
        IDirect3DTexture9_Release(tex);

        IDirect3DDevice9_CreateCubeTexture(dev, 9, 0, 0, D3DFMT_L8, pools[p], &cube, NULL);
        if (!cube) {
            ok(0, "%s: an L8 cube in pool %d", t, pools[p]);
            continue;
        }
        laid_out = true;
        offset = 0;
        for (UINT f = 0; f < 6; f++) {
            for (UINT l = 0; l < IDirect3DCubeTexture9_GetLevelCount(cube); l++) {
                if (FAILED(IDirect3DCubeTexture9_LockRect(cube, f, l, &lr, NULL, 0))) {
                    laid_out = false;
                    continue;
                }
                if (!f && !l)
                    base = lr.pBits;
                else if ((uint8_t *)lr.pBits != base + offset)
                    laid_out = false;
                offset += (size_t)(9u >> l) * (size_t)lr.Pitch;
                IDirect3DCubeTexture9_UnlockRect(cube, f, l);
            }
            offset = (offset + 15) & ~(size_t)15;
        }
        ok(laid_out, "%s: pool %d: cube faces follow each other at 16 bytes", t, pools[p]);
        IDirect3DCubeTexture9_Release(cube);
    }
}

/* ------------------------------------------------------------ autogen */

static void test_autogen(IDirect3D9 *d3d, IDirect3DDevice9 *dev, const char *t)
{
    IDirect3DTexture9 *tex = NULL, *man = NULL, *dxt = NULL;
    IDirect3DSurface9 *s = (void *)1;
    HRESULT hr = check_format(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8);

    ok(hr == D3D_OK, "%s: AUTOGENMIPMAP of A8R8G8B8: %#x", t, (unsigned)hr);
    ok(IDirect3DDevice9_CreateTexture(dev, 64, 64, 0,
                                      D3DUSAGE_AUTOGENMIPMAP | D3DUSAGE_RENDERTARGET,
                                      D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &tex, NULL) == D3D_OK,
       "%s: an AUTOGENMIPMAP render target", t);
    if (tex) {
        ok(IDirect3DTexture9_GetLevelCount(tex) == 1, "%s: AUTOGENMIPMAP shows one level", t);
        ok(IDirect3DTexture9_GetSurfaceLevel(tex, 1, &s) == D3DERR_INVALIDCALL,
           "%s: no level 1 to the application", t);
        ok(IDirect3DTexture9_GetAutoGenFilterType(tex) == D3DTEXF_LINEAR,
           "%s: the default generation filter", t);
        ok(IDirect3DTexture9_SetAutoGenFilterType(tex, D3DTEXF_NONE) == D3DERR_INVALIDCALL,
           "%s: D3DTEXF_NONE is no generation filter", t);
        ok(IDirect3DTexture9_SetAutoGenFilterType(tex, D3DTEXF_POINT) == D3D_OK &&
               IDirect3DTexture9_GetAutoGenFilterType(tex) == D3DTEXF_POINT,
           "%s: SetAutoGenFilterType", t);
        IDirect3DTexture9_GetSurfaceLevel(tex, 0, &s);
        IDirect3DDevice9_ColorFill(dev, s, NULL, 0xff00ff00);
        IDirect3DTexture9_GenerateMipSubLevels(tex);
        IDirect3DSurface9_Release(s);
        IDirect3DTexture9_Release(tex);
    }
    ok(IDirect3DDevice9_CreateTexture(dev, 32, 32, 1, D3DUSAGE_AUTOGENMIPMAP,
                                      D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &man, NULL) == D3D_OK,
       "%s: a managed AUTOGENMIPMAP texture", t);
    if (man) {
        fill_level(man, 0, 32, 32, 0xff808080, 0);
        IDirect3DTexture9_PreLoad(man);
        ok(IDirect3DTexture9_SetLOD(man, 3) == 0 && IDirect3DTexture9_GetLOD(man) == 0,
           "%s: SetLOD clamps to the levels the application sees", t);
        IDirect3DTexture9_Release(man);
    }
    /* Windows generates mips only of formats it renders to. */
    ok(check_format(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_L8) ==
           D3DOK_NOAUTOGEN, "%s: L8 AUTOGENMIPMAP: NOAUTOGEN", t);
    /* Block formats cannot generate: a success code, and one level. */
    hr = check_format(d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_DXT1);
    if (hr == D3DOK_NOAUTOGEN) {
        ok(IDirect3DDevice9_CreateTexture(dev, 32, 32, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_DXT1,
                                          D3DPOOL_MANAGED, &dxt, NULL) == D3D_OK &&
               IDirect3DTexture9_GetLevelCount(dxt) == 1,
           "%s: AUTOGENMIPMAP without generation: one level", t);
        if (dxt)
            IDirect3DTexture9_Release(dxt);
    } else {
        ok(hr == D3DERR_NOTAVAILABLE, "%s: DXT1 AUTOGENMIPMAP answer %#x", t, (unsigned)hr);
    }
    {
        IDirect3DTexture9 *m2 = NULL;
        IDirect3DDevice9_CreateTexture(dev, 32, 32, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                       &m2, NULL);
        if (m2) {
            ok(IDirect3DTexture9_SetLOD(m2, 2) == 0 && IDirect3DTexture9_GetLOD(m2) == 2 &&
                   IDirect3DTexture9_SetLOD(m2, 9) == 2 && IDirect3DTexture9_GetLOD(m2) == 5,
               "%s: SetLOD of a managed texture", t);
            IDirect3DTexture9_Release(m2);
        }
    }
}

/* ------------------------------------------------------------ counts */

/* GetAvailableTextureMem falls by what DEFAULT-pool textures and surfaces
 * take and comes back as they go (Wine's device test_vidmem_accounting
 * checks the fall on Windows); MANAGED and SYSTEMMEM ones take none. */
static void test_vidmem(IDirect3DDevice9 *dev, const char *t)
{
    IDirect3DTexture9 *tex[4] = {0}, *managed = NULL;
    IDirect3DSurface9 *rt = NULL;
    UINT start = IDirect3DDevice9_GetAvailableTextureMem(dev), now;

    ok(start >= (64u << 20), "%s: %u MiB of texture memory", t, start >> 20);
    for (int i = 0; i < 4; i++)
        IDirect3DDevice9_CreateTexture(dev, 1024, 1024, 1, D3DUSAGE_RENDERTARGET,
                                       D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &tex[i], NULL);
    now = IDirect3DDevice9_GetAvailableTextureMem(dev);
    ok(tex[3] && start - now >= (16u << 20) && start - now <= (17u << 20),
       "%s: four 4 MiB textures take %u MiB", t, (start - now) >> 20);
    IDirect3DDevice9_CreateRenderTarget(dev, 1024, 1024, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0,
                                        FALSE, &rt, NULL);
    ok(rt && now - IDirect3DDevice9_GetAvailableTextureMem(dev) >= (4u << 20),
       "%s: a 4 MiB render target takes its part", t);
    IDirect3DDevice9_CreateTexture(dev, 1024, 1024, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_MANAGED,
                                   &managed, NULL);
    ok(managed && now - IDirect3DDevice9_GetAvailableTextureMem(dev) < (5u << 20),
       "%s: a MANAGED texture takes none", t);
    for (int i = 0; i < 4; i++)
        if (tex[i])
            IDirect3DTexture9_Release(tex[i]);
    if (rt)
        IDirect3DSurface9_Release(rt);
    if (managed)
        IDirect3DTexture9_Release(managed);
    ok(IDirect3DDevice9_GetAvailableTextureMem(dev) == start,
       "%s: all of it back once they are gone (%u MiB)", t,
       IDirect3DDevice9_GetAvailableTextureMem(dev) >> 20);
}

static void test_refcounts(IDirect3DDevice9 *dev, const char *t)
{
    IDirect3DTexture9 *tex = NULL, *got = NULL;
    IDirect3DCubeTexture9 *cube = NULL;
    IDirect3DSurface9 *s = NULL, *s2 = NULL;
    IDirect3DBaseTexture9 *base = NULL;
    ULONG dev_count = count_of((IUnknown *)dev);

    IDirect3DDevice9_CreateTexture(dev, 16, 16, 2, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                   D3DPOOL_DEFAULT, &tex, NULL);
    if (!tex) {
        ok(0, "%s: texture", t);
        return;
    }
    ok(count_of((IUnknown *)dev) == dev_count + 1, "%s: a texture holds the device", t);
    ok(count_of((IUnknown *)tex) == 1, "%s: a new texture has count 1", t);
    ok(IDirect3DTexture9_GetSurfaceLevel(tex, 1, &s) == D3D_OK, "%s: GetSurfaceLevel", t);
    ok(count_of((IUnknown *)tex) == 2, "%s: GetSurfaceLevel counts the texture", t);
    ok(IDirect3DSurface9_AddRef(s) == 3 && IDirect3DSurface9_Release(s) == 2,
       "%s: a level's AddRef and Release are the texture's", t);
    IDirect3DTexture9_GetSurfaceLevel(tex, 1, &s2);
    ok(s2 == s, "%s: the same surface each time", t);
    IDirect3DSurface9_Release(s2);
    ok(IDirect3DSurface9_GetContainer(s, &IID_IDirect3DTexture9, (void **)&got) == D3D_OK &&
           got == tex,
       "%s: a level's container is its texture", t);
    if (got)
        IDirect3DTexture9_Release(got);
    ok(IDirect3DTexture9_QueryInterface(tex, &IID_IDirect3DBaseTexture9, (void **)&base) ==
               D3D_OK &&
           (void *)base == (void *)tex,
       "%s: QueryInterface IDirect3DBaseTexture9", t);
    if (base)
        IDirect3DBaseTexture9_Release(base);
    ok(IDirect3DTexture9_QueryInterface(tex, &IID_IDirect3DCubeTexture9, (void **)&cube) ==
               E_NOINTERFACE && !cube,
       "%s: a 2D texture is no cube", t);
    /* The application lets the texture go first: the level keeps it. */
    ok(IDirect3DTexture9_Release(tex) == 1, "%s: the level still holds the texture", t);
    {
        D3DSURFACE_DESC d;
        ok(IDirect3DSurface9_GetDesc(s, &d) == D3D_OK && d.Width == 8 &&
               d.Usage == D3DUSAGE_RENDERTARGET,
           "%s: the level lives on", t);
    }
    ok(IDirect3DSurface9_Release(s) == 0, "%s: the last Release frees both", t);
    ok(count_of((IUnknown *)dev) == dev_count, "%s: the device reference is back", t);

    /* A render-target level released while it is the render target: the
     * device keeps it (and its texture) alive, as D3D9 does. */
    IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                   D3DPOOL_DEFAULT, &tex, NULL);
    if (tex) {
        IDirect3DSurface9 *cur = NULL, *bb = NULL;
        IDirect3DTexture9_GetSurfaceLevel(tex, 0, &s);
        IDirect3DDevice9_SetRenderTarget(dev, 0, s);
        IDirect3DSurface9_Release(s);
        ok(IDirect3DTexture9_Release(tex) == 0, "%s: the application let go of the target", t);
        ok(count_of((IUnknown *)dev) == dev_count, "%s: with its device reference", t);
        ok(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff00ff00, 1.0f, 0) ==
               D3D_OK, "%s: a clear of the released target", t);
        IDirect3DDevice9_GetRenderTarget(dev, 0, &cur);
        ok(cur == s, "%s: the released level is still the target", t);
        if (cur) {
            /* Get* revived it: it still holds what the clear wrote. */
            IDirect3DSurface9 *sys = NULL;
            D3DLOCKED_RECT lr;
            if (IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                             D3DPOOL_SYSTEMMEM, &sys,
                                                             NULL) == D3D_OK) {
                ok(IDirect3DDevice9_GetRenderTargetData(dev, cur, sys) == D3D_OK &&
                       IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY) ==
                           D3D_OK &&
                       ((DWORD *)lr.pBits)[0] == 0xff00ff00,
                   "%s: the kept target holds the clear", t);
                IDirect3DSurface9_UnlockRect(sys);
                IDirect3DSurface9_Release(sys);
            }
            IDirect3DSurface9_Release(cur);
        }
        /* Unbinding frees it; render target 0 goes back to the back buffer. */
        IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
        if (bb) {
            IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
            IDirect3DSurface9_Release(bb);
        }
        ok(count_of((IUnknown *)dev) == dev_count, "%s: the device count is back", t);
    }
}

/* ------------------------------------------------------------ caps */

static void test_check_format(IDirect3D9 *d3d, const char *t)
{
    ok(check_format(d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8) == D3D_OK,
       "%s: A8R8G8B8 textures", t);
    ok(check_format(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8) == D3D_OK,
       "%s: A8R8G8B8 render-target textures", t);
    ok(check_format(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_CUBETEXTURE, D3DFMT_X8R8G8B8) ==
           D3D_OK, "%s: X8R8G8B8 render-target cubes", t);
    ok(check_format(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_VOLUMETEXTURE, D3DFMT_A8R8G8B8) ==
           D3DERR_NOTAVAILABLE, "%s: no volume render targets", t);
    ok(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_UNKNOWN, 0,
                                    D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8) == D3DERR_INVALIDCALL,
       "%s: no adapter format: INVALIDCALL", t);
    /* EnumAdapterModes of a format that is no display format, or past the
     * modes: INVALIDCALL (Windows: Wine's device test_display_modes). */
    {
        D3DDISPLAYMODE m;
        UINT n = IDirect3D9_GetAdapterModeCount(d3d, 0, D3DFMT_X8R8G8B8);
        ok(n > 0 && IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_X8R8G8B8, 0, &m) == D3D_OK,
           "%s: X8R8G8B8 display modes (%u)", t, n);
        ok(IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_X8R8G8B8, n, &m) == D3DERR_INVALIDCALL,
           "%s: past the modes: INVALIDCALL", t);
        ok(IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_A8R8G8B8, 0, &m) == D3DERR_INVALIDCALL &&
               IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_DXT1, 0, &m) == D3DERR_INVALIDCALL,
           "%s: no display format: INVALIDCALL", t);
    }
    /* Windowed back buffers: render-target formats that convert to the
     * display's (X1R5G5B5 where the device blits it). */
    ok(IDirect3D9_CheckDeviceType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_X1R5G5B5,
                                  TRUE) ==
           (IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X1R5G5B5,
                                                   D3DFMT_X8R8G8B8) == D3D_OK
                ? D3D_OK
                : D3DERR_NOTAVAILABLE),
       "%s: a windowed X1R5G5B5 back buffer as its conversion says", t);
    ok(IDirect3D9_CheckDeviceType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_L8, TRUE) ==
           D3DERR_NOTAVAILABLE,
       "%s: no L8 back buffer", t);
    ok(IDirect3D9_CheckDeviceFormat(d3d, 0, D3DDEVTYPE_REF, D3DFMT_UNKNOWN, 0,
                                    D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8) == D3DERR_INVALIDCALL,
       "%s: no adapter format: INVALIDCALL for every device type", t);
    ok(check_format(d3d, D3DUSAGE_QUERY_SRGBWRITE, D3DRTYPE_SURFACE, D3DFMT_A8R8G8B8) ==
           D3DERR_NOTAVAILABLE,
       "%s: sRGB writes to a surface only as a render target", t);
    ok(check_format(d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_YUY2) == D3DERR_NOTAVAILABLE,
       "%s: YUY2 is the runtime's, not the device's", t);
    ok(check_format(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_L8) ==
           D3DERR_NOTAVAILABLE, "%s: L8 is no render target", t);
    ok(check_format(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_DXT1) ==
           D3DERR_NOTAVAILABLE, "%s: DXT1 is no render target", t);
    /* DXT volumes where the device has block-compressed 3D images (lavapipe
     * and the H200 both do; test_sampled_formats samples one). */
    ok(check_format(d3d, 0, D3DRTYPE_VOLUMETEXTURE, D3DFMT_DXT5) == D3D_OK,
       "%s: DXT volumes", t);
    ok(check_format(d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_D16) == D3DERR_NOTAVAILABLE,
       "%s: a depth texture needs DEPTHSTENCIL", t);
    ok(check_format(d3d, D3DUSAGE_QUERY_SRGBREAD, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8) ==
           D3D_OK, "%s: sRGB reads of A8R8G8B8", t);
    ok(check_format(d3d, D3DUSAGE_QUERY_SRGBREAD, D3DRTYPE_TEXTURE, D3DFMT_R5G6B5) == D3D_OK &&
           check_format(d3d, D3DUSAGE_QUERY_SRGBREAD, D3DRTYPE_TEXTURE, D3DFMT_A1R5G5B5) ==
               D3D_OK &&
           check_format(d3d, D3DUSAGE_QUERY_SRGBREAD, D3DRTYPE_TEXTURE, D3DFMT_X1R5G5B5) ==
               D3D_OK,
       "%s: sRGB reads of the 16-bit RGB formats", t);
    ok(check_format(d3d, D3DUSAGE_QUERY_SRGBREAD, D3DRTYPE_TEXTURE, D3DFMT_V8U8) ==
           D3DERR_NOTAVAILABLE, "%s: no sRGB reads of V8U8", t);
    ok(check_format(d3d, D3DUSAGE_QUERY_VERTEXTEXTURE, D3DRTYPE_TEXTURE, D3DFMT_R32F) ==
           D3D_OK, "%s: R32F vertex textures", t);
    ok(check_format(d3d, D3DUSAGE_QUERY_FILTER, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8) == D3D_OK,
       "%s: A8R8G8B8 filters", t);
    ok(check_format(d3d, D3DUSAGE_QUERY_WRAPANDMIP, D3DRTYPE_CUBETEXTURE, D3DFMT_L8) ==
           D3D_OK, "%s: wrap and mip on L8", t);
    ok(check_format(d3d, 0, D3DRTYPE_TEXTURE, (D3DFORMAT)0x12345) == D3DERR_NOTAVAILABLE,
       "%s: an unknown format", t);
    ok(check_format(d3d, 0, D3DRTYPE_VERTEXBUFFER, D3DFMT_A8R8G8B8) == D3DERR_INVALIDCALL &&
           check_format(d3d, 0, D3DRTYPE_INDEXBUFFER, D3DFMT_INDEX16) == D3DERR_INVALIDCALL,
       "%s: buffers have no formats: a bad call, as Windows answers", t);
    ok(check_format(d3d, 0, D3DRTYPE_SURFACE, D3DFMT_A8R8G8B8) == D3D_OK,
       "%s: A8R8G8B8 plain surfaces", t);
    ok(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_A8R8G8B8,
                                              D3DFMT_X8R8G8B8) == D3D_OK,
       "%s: StretchRect converts A8R8G8B8 to X8R8G8B8", t);
    ok(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_DXT1,
                                              D3DFMT_X8R8G8B8) == D3DERR_NOTAVAILABLE,
       "%s: StretchRect does not decompress", t);
}

/* ------------------------------------------------------------ sampling */

/* Sampling needs the fixed-function texture stages; it runs only where
 * SetTexture takes a texture. */
static bool test_sampling(IDirect3DDevice9 *dev, const char *t)
{
    IDirect3DTexture9 *tex = NULL;
    IDirect3DBaseTexture9 *got = NULL;
    struct {
        float x, y, z, rhw;
        DWORD c;
        float u, v;
    } q[4] = {{0, 0, 0, 1, 0xffffffff, 0, 0},
              {W, 0, 0, 1, 0xffffffff, 1, 0},
              {0, H, 0, 1, 0xffffffff, 0, 1},
              {W, H, 0, 1, 0xffffffff, 1, 1}};
    D3DLOCKED_RECT lr;
    DWORD *rows;

    IDirect3DDevice9_CreateTexture(dev, 2, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex,
                                   NULL);
    if (!tex)
        return false;
    if (IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex) != D3D_OK ||
        IDirect3DDevice9_GetTexture(dev, 0, &got) != D3D_OK || got != (void *)tex) {
        skip("%s: SetTexture does not take textures yet: no sampling test", t);
        if (got)
            IDirect3DBaseTexture9_Release(got);
        IDirect3DTexture9_Release(tex);
        return false;
    }
    IDirect3DBaseTexture9_Release(got);
    if (IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0) == D3D_OK) {
        DWORD c[4] = {0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff};
        for (int i = 0; i < 4; i++)
            ((DWORD *)((uint8_t *)lr.pBits + (i / 2) * lr.Pitch))[i % 2] = c[i];
        IDirect3DTexture9_UnlockRect(tex, 0);
    }
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0])) ==
           D3D_OK, "%s: a textured draw", t);
    IDirect3DDevice9_EndScene(dev);
    rows = e2e_read_back(dev, W, H);
    ok(rows != NULL, "%s: read back", t);
    if (rows) {
        ok(e2e_color_near(rows[8 * W + 8], 0xffff0000, 2), "%s: texel (0,0): %08x", t,
           (unsigned)rows[8 * W + 8]);
        ok(e2e_color_near(rows[8 * W + 56], 0xff00ff00, 2), "%s: texel (1,0): %08x", t,
           (unsigned)rows[8 * W + 56]);
        ok(e2e_color_near(rows[56 * W + 8], 0xff0000ff, 2), "%s: texel (0,1): %08x", t,
           (unsigned)rows[56 * W + 8]);
        free(rows);
    }
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DTexture9_Release(tex);
    return true;
}

/* Sampling each format shows its swizzle: D3D9's channels, with missing
 * ones as D3D9 defines them.  Drawn into an A8R8G8B8 render-target texture
 * (so alpha shows) and read back. */
static const struct sample_case {
    D3DFORMAT f;
    const char *name;
    uint8_t texel[16]; /* one texel, or one 4x4 block */
    UINT bytes;
    DWORD want;
} sample_cases[] = {
    {D3DFMT_A8R8G8B8, "A8R8G8B8", {0x10, 0x20, 0x40, 0x80}, 4, 0x80402010},
    {D3DFMT_X8R8G8B8, "X8R8G8B8", {0x10, 0x20, 0x40, 0x00}, 4, 0xff402010},
    {D3DFMT_R5G6B5, "R5G6B5", {0x1f, 0xf8}, 2, 0xffff00ff},
    {D3DFMT_X1R5G5B5, "X1R5G5B5", {0x00, 0x7c}, 2, 0xffff0000},
    {D3DFMT_A1R5G5B5, "A1R5G5B5", {0xe0, 0x03}, 2, 0x0000ff00},
    {D3DFMT_A4R4G4B4, "A4R4G4B4", {0x0f, 0x8f}, 2, 0x88ff00ff},
    {D3DFMT_A8, "A8", {0x80}, 1, 0x80000000},
    {D3DFMT_L8, "L8", {0x40}, 1, 0xff404040},
    {D3DFMT_A8L8, "A8L8", {0x40, 0x80}, 2, 0x80404040},
    {D3DFMT_L16, "L16", {0x00, 0x40}, 2, 0xff404040},
    {D3DFMT_V8U8, "V8U8", {0x40, 0x20}, 2, 0xff8040ff},
    {D3DFMT_A2R10G10B10, "A2R10G10B10", {0x00, 0x02, 0xf0, 0xff}, 4, 0xffff0080},
    {D3DFMT_A16B16G16R16, "A16B16G16R16", {0x00, 0x40, 0x00, 0x80, 0xff, 0xff, 0xff, 0xff},
     8, 0xff4080ff},
    {D3DFMT_R16F, "R16F", {0x00, 0x38}, 2, 0xff80ffff},
    {D3DFMT_G16R16F, "G16R16F", {0x00, 0x38, 0x00, 0x34}, 4, 0xff8040ff},
    {D3DFMT_A16B16G16R16F, "A16B16G16R16F", {0x00, 0x38, 0x00, 0x34, 0x00, 0x3c, 0x00, 0x38},
     8, 0x808040ff},
    {D3DFMT_R32F, "R32F", {0x00, 0x00, 0x80, 0x3e}, 4, 0xff40ffff},
    {D3DFMT_G32R32F, "G32R32F", {0x00, 0x00, 0x80, 0x3e, 0x00, 0x00, 0x00, 0x3f}, 8,
     0xff4080ff},
    {D3DFMT_A32B32G32R32F, "A32B32G32R32F",
     {0x00, 0x00, 0x80, 0x3e, 0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x40, 0x3f, 0x00, 0x00,
      0x80, 0x3f},
     16, 0xff4080bf},
    /* colour0 red, colour1 blue, every index 0 */
    {D3DFMT_DXT1, "DXT1", {0x00, 0xf8, 0x1f, 0x00}, 8, 0xffff0000},
    {D3DFMT_DXT2, "DXT2",
     {0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x00, 0xf8, 0x1f, 0x00}, 16,
     0x88ff0000},
    {D3DFMT_DXT3, "DXT3",
     {0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x00, 0xf8, 0x1f, 0x00}, 16,
     0x88ff0000},
    {D3DFMT_DXT4, "DXT4", {0x80, 0x00, 0, 0, 0, 0, 0, 0, 0x00, 0xf8, 0x1f, 0x00}, 16,
     0x80ff0000},
    {D3DFMT_DXT5, "DXT5", {0x80, 0x00, 0, 0, 0, 0, 0, 0, 0x00, 0xf8, 0x1f, 0x00}, 16,
     0x80ff0000},
    {D3DFMT_Q8W8V8U8, "Q8W8V8U8", {0x40, 0x20, 0x10, 0x7f}, 4, 0xff804020},
    /* converted on the client (no Vulkan format mixes signed and unsigned
     * channels): U 15 (1.0), V -16 (-1.0, 0 in the target), L 63 (1.0) */
    {D3DFMT_L6V5U5, "L6V5U5", {0x0f, 0xfe}, 2, 0xffff00ff},
    {D3DFMT_X8L8V8U8, "X8L8V8U8", {0x40, 0x20, 0x80, 0x00}, 4, 0xff804080},
};

struct tvertex {
    float x, y, z, rhw;
    DWORD c;
    float u, v, w;
};

/* Draws a 16x16 quad sampling stage 0 into `target` (A8R8G8B8, 16x16 at
 * least) and returns pixel (x, y). */
static DWORD draw_sampled(IDirect3DDevice9 *dev, IDirect3DSurface9 *target,
                          IDirect3DBaseTexture9 *tex, DWORD fvf, const float uvw[4][3],
                          float size, UINT x, UINT y)
{
    IDirect3DSurface9 *bb = NULL, *sys = NULL;
    D3DSURFACE_DESC d;
    D3DLOCKED_RECT lr;
    struct tvertex q[4];
    DWORD c = 0xdeadbeef;

    for (int i = 0; i < 4; i++)
        q[i] = (struct tvertex){(i & 1) ? size : 0, (i & 2) ? size : 0, 0, 1, 0xffffffff,
                                uvw[i][0], uvw[i][1], uvw[i][2]};
    IDirect3DSurface9_GetDesc(target, &d);
    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
    IDirect3DDevice9_SetRenderTarget(dev, 0, target);
    IDirect3DDevice9_SetTexture(dev, 0, tex);
    IDirect3DDevice9_SetFVF(dev, fvf);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0x00000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DSurface9_Release(bb);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, d.Width, d.Height, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_SYSTEMMEM, &sys, NULL);
    if (sys && IDirect3DDevice9_GetRenderTargetData(dev, target, sys) == D3D_OK &&
        IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY) == D3D_OK) {
        c = ((DWORD *)((uint8_t *)lr.pBits + y * lr.Pitch))[x];
        IDirect3DSurface9_UnlockRect(sys);
    }
    if (sys)
        IDirect3DSurface9_Release(sys);
    return c;
}

/* INTZ: a depth texture that is drawn into as the depth surface and then
 * sampled as its depth values, in every component and never compared
 * (Wine's visual intz_test), by the fixed-function stage and ps_2_0. */
static void test_intz(IDirect3D9 *d3d, IDirect3DDevice9 *dev, const char *t)
{
    static const float uv[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
    const DWORD fvf2 = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0);
    const D3DFORMAT intz = (D3DFORMAT)MAKEFOURCC('I', 'N', 'T', 'Z');
    static const DWORD ps[] = {0xffff0200, 0x0200001f, 0x80000000, 0xb00f0000, /* dcl t0 */
                               0x0200001f, 0x90000000, 0xa00f0800,             /* dcl_2d s0 */
                               0x03010042, 0x800f0000, 0xb0e40000, 0xa0e40800, /* texldp */
                               0x02000001, 0x800f0800, 0x80e40000, 0x0000ffff};
    IDirect3DTexture9 *tex = NULL, *rt = NULL;
    IDirect3DSurface9 *ds = NULL, *target = NULL;
    IDirect3DPixelShader9 *shader = NULL;
    struct vertex v[6];
    DWORD c;

    if (!ok(check_format(d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, intz) == D3D_OK,
            "%s: INTZ depth textures", t))
        return;
    IDirect3DDevice9_CreateTexture(dev, W, H, 1, D3DUSAGE_DEPTHSTENCIL, intz, D3DPOOL_DEFAULT,
                                   &tex, NULL);
    IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                   D3DPOOL_DEFAULT, &rt, NULL);
    if (!ok(tex && rt, "%s: an INTZ texture and a target", t))
        goto out;
    IDirect3DTexture9_GetSurfaceLevel(tex, 0, &ds);
    IDirect3DTexture9_GetSurfaceLevel(rt, 0, &target);
    IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    quad(v, 0, 0, W, H, 0xff00ff00);
    for (int k = 0; k < 6; k++)
        v[k].z = 0.25f;
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0]));
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
    ok(e2e_color_near(c, 0x40404040, 2), "%s: INTZ samples its depth (fixed function): %08x",
       t, (unsigned)c);
    if (ok(IDirect3DDevice9_CreatePixelShader(dev, ps, &shader) == D3D_OK, "%s: texldp shader",
           t)) {
        IDirect3DDevice9_SetPixelShader(dev, shader);
        c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
        ok(e2e_color_near(c, 0x40404040, 2), "%s: INTZ under texldp is no comparison: %08x",
           t, (unsigned)c);
        IDirect3DDevice9_SetPixelShader(dev, NULL);
        IDirect3DPixelShader9_Release(shader);
    }
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
out:
    if (ds)
        IDirect3DSurface9_Release(ds);
    if (target)
        IDirect3DSurface9_Release(target);
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (rt)
        IDirect3DTexture9_Release(rt);
}

/* YUY2 and UYVY plain surfaces shown by StretchRect: full-range BT.601,
 * each texel with its pair's U and V; Wine's visual yuv_color_test has the
 * colours, from Windows.  A DEFAULT surface locks whole pairs. */
static void test_yuv_surfaces(IDirect3D9 *d3d, IDirect3DDevice9 *dev, const char *t)
{
    static const struct {
        D3DFORMAT f;
        DWORD in, left, right;
    } cases[] = {
        {D3DFMT_YUY2, 0x4cff4c54, 0x000b8b00, 0x00b6ffa3},
        {D3DFMT_YUY2, 0x1c6b1cff, 0x006dff45, 0x0000d500},
        {D3DFMT_YUY2, 0xff80ff80, 0x00ff00ff, 0x00ff00ff},
        {D3DFMT_UYVY, 0x4cff4c54, 0x00ff0000, 0x00ff0000},
        {D3DFMT_UYVY, 0xff0000ff, 0x000030e1, 0x004bffff},
        {D3DFMT_UYVY, 0x1c6b1cff, 0x000000fd, 0x000000fd},
    };
    IDirect3DSurface9 *rt = NULL, *sys = NULL;
    const RECT half = {1, 0, 2, 1}, pair = {2, 0, 4, 1};
    D3DLOCKED_RECT lr;

    ok(check_format(d3d, 0, D3DRTYPE_SURFACE, D3DFMT_YUY2) == D3D_OK &&
           IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_UYVY,
                                                  D3DFMT_X8R8G8B8) == D3D_OK,
       "%s: YUY2 surfaces, and StretchRect shows UYVY", t);
    ok(IDirect3D9_CheckDeviceFormatConversion(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                              D3DFMT_YUY2) == D3DERR_NOTAVAILABLE,
       "%s: nothing is converted into YUY2", t);
    if (FAILED(IDirect3DDevice9_CreateRenderTarget(dev, 16, 4, D3DFMT_X8R8G8B8,
                                                   D3DMULTISAMPLE_NONE, 0, FALSE, &rt, NULL)) ||
        FAILED(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 4, D3DFMT_X8R8G8B8,
                                                            D3DPOOL_SYSTEMMEM, &sys, NULL))) {
        ok(0, "%s: a target for YUV surfaces", t);
        goto out;
    }
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        IDirect3DSurface9 *yuv = NULL;
        DWORD got[2] = {0, 0};
        if (FAILED(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 1, cases[i].f,
                                                                D3DPOOL_DEFAULT, &yuv, NULL)) ||
            FAILED(IDirect3DSurface9_LockRect(yuv, &lr, NULL, 0))) {
            ok(0, "%s: a DEFAULT YUV surface (case %u)", t, (unsigned)i);
            if (yuv)
                IDirect3DSurface9_Release(yuv);
            continue;
        }
        ((DWORD *)lr.pBits)[0] = cases[i].in;
        ((DWORD *)lr.pBits)[1] = 0x00800080;
        IDirect3DSurface9_UnlockRect(yuv);
        if (i == 0) {
            ok(IDirect3DSurface9_LockRect(yuv, &lr, &half, 0) == D3DERR_INVALIDCALL,
               "%s: a DEFAULT YUY2 surface does not lock half a pair", t);
            ok(IDirect3DSurface9_LockRect(yuv, &lr, &pair, 0) == D3D_OK,
               "%s: but a whole one", t);
            IDirect3DSurface9_UnlockRect(yuv);
        }
        IDirect3DDevice9_StretchRect(dev, yuv, NULL, rt, NULL, D3DTEXF_POINT);
        if (IDirect3DDevice9_GetRenderTargetData(dev, rt, sys) == D3D_OK &&
            IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY) == D3D_OK) {
            got[0] = ((DWORD *)((uint8_t *)lr.pBits + lr.Pitch))[1] & 0xffffff;
            got[1] = ((DWORD *)((uint8_t *)lr.pBits + lr.Pitch))[6] & 0xffffff;
            IDirect3DSurface9_UnlockRect(sys);
        }
        /* Windows' drivers differ by up to 18 (Wine's comment); ours is 9
         * off at most on these. */
        ok(e2e_color_near(got[0], cases[i].left, 10) &&
               e2e_color_near(got[1], cases[i].right, 10),
           "%s: %s %08x shows as %06x %06x, expected %06x %06x", t,
           cases[i].f == D3DFMT_YUY2 ? "YUY2" : "UYVY", (unsigned)cases[i].in,
           (unsigned)got[0], (unsigned)got[1], (unsigned)cases[i].left,
           (unsigned)cases[i].right);
        IDirect3DSurface9_Release(yuv);
    }
    /* YV12 and NV12: the Y plane, then the chroma at half resolution (YV12:
     * V then U at half the pitch; NV12: U V pairs), as Wine's visual
     * yuv_layout_test writes them; its colours: (Y, U, V) 00 ff 00 shows
     * as 0024ee, ff 00 00 as 4aff14 (left half), ff 00 ff as ffe114, 00 ff
     * ff as b800ee (right half).  Those are one Windows driver's, and
     * drivers differ by up to 18 (Wine's comment, and its tolerance); ours
     * is 17 off at most on these. */
    for (int planar = 0; planar < 2; planar++) {
        static const uint8_t yuv[2][2][3] = {{{0, 0xff, 0}, {0xff, 0, 0xff}},
                                             {{0xff, 0, 0}, {0, 0xff, 0xff}}};
        static const DWORD want[2][2] = {{0x0024ee, 0xffe114}, {0x4aff14, 0xb800ee}};
        const D3DFORMAT f = planar ? (D3DFORMAT)MAKEFOURCC('N', 'V', '1', '2')
                                   : (D3DFORMAT)MAKEFOURCC('Y', 'V', '1', '2');
        const char *fname = planar ? "NV12" : "YV12";
        IDirect3DSurface9 *s = NULL;
        if (check_format(d3d, 0, D3DRTYPE_SURFACE, f) != D3D_OK ||
            check_format(d3d, 0, D3DRTYPE_TEXTURE, f) != D3DERR_NOTAVAILABLE ||
            FAILED(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 2, f, D3DPOOL_DEFAULT, &s,
                                                                NULL))) {
            ok(0, "%s: %s plain surfaces (not textures)", t, fname);
            continue;
        }
        for (int c = 0; c < 2; c++) {
            DWORD got[2] = {0, 0};
            uint8_t *buf, *chroma;
            if (FAILED(IDirect3DSurface9_LockRect(s, &lr, NULL, 0)))
                break;
            buf = lr.pBits;
            chroma = buf + lr.Pitch * 2;
            for (int y = 0; y < 2; y++)
                for (int x = 0; x < 4; x++) {
                    const uint8_t *p = yuv[c][x >= 2];
                    buf[y * lr.Pitch + x] = p[0];
                    if (!planar) {
                        chroma[(y / 2) * (lr.Pitch / 2) + x / 2] = p[2];         /* V */
                        chroma[lr.Pitch / 2 + (y / 2) * (lr.Pitch / 2) + x / 2] = p[1]; /* U */
                    } else {
                        chroma[(y / 2) * lr.Pitch + 2 * (x / 2)] = p[1];
                        chroma[(y / 2) * lr.Pitch + 2 * (x / 2) + 1] = p[2];
                    }
                }
            IDirect3DSurface9_UnlockRect(s);
            IDirect3DDevice9_StretchRect(dev, s, NULL, rt, NULL, D3DTEXF_POINT);
            if (IDirect3DDevice9_GetRenderTargetData(dev, rt, sys) == D3D_OK &&
                IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY) == D3D_OK) {
                got[0] = ((DWORD *)((uint8_t *)lr.pBits + lr.Pitch))[2] & 0xffffff;
                got[1] = ((DWORD *)((uint8_t *)lr.pBits + lr.Pitch))[13] & 0xffffff;
                IDirect3DSurface9_UnlockRect(sys);
            }
            ok(e2e_color_near(got[0], want[c][0], 18) && e2e_color_near(got[1], want[c][1], 18),
               "%s: %s case %d shows as %06x %06x, expected %06x %06x", t, fname, c,
               (unsigned)got[0], (unsigned)got[1], (unsigned)want[c][0], (unsigned)want[c][1]);
        }
        IDirect3DSurface9_Release(s);
    }
out:
    if (rt)
        IDirect3DSurface9_Release(rt);
    if (sys)
        IDirect3DSurface9_Release(sys);
}

/* ATI1N and ATI2N, as Windows has them: D3D9 lays a level out as one byte a
 * texel (pitch, lock offsets, the chain's level offsets, any size: Wine's
 * device test_lockrect_offset, test_miptree_layout, test_surface_blocks),
 * the bytes being BC4/BC5 blocks one after the other from the level's first
 * byte (Wine's visual test_3dc_formats).  ATI1N reads its channel in every
 * component, ATI2N reads (second, first, 1, 1). */
static void test_ati_formats(IDirect3D9 *d3d, IDirect3DDevice9 *dev, const char *t)
{
    static const float uv[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
    const DWORD fvf2 = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0);
    const D3DFORMAT ati1 = (D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '1');
    const D3DFORMAT ati2 = (D3DFORMAT)MAKEFOURCC('A', 'T', 'I', '2');
    /* ATI1N 4x4 at 50%; ATI2N 8x4: (50%, 0) then (0, 50%); a 2x2 level's
     * one block of ATI2N: (0, 100%). */
    static const uint8_t b4[8] = {0x7f, 0x7f};
    static const uint8_t b5[32] = {0x7f, 0x7f, [16 + 8] = 0x7f, [16 + 9] = 0x7f};
    static const uint8_t b5_small[16] = {0, 0, [8] = 0xff, [9] = 0xff};
    IDirect3DTexture9 *rt = NULL, *tex = NULL, *tex2 = NULL, *chain = NULL;
    IDirect3DSurface9 *target = NULL, *scratch = NULL;
    D3DLOCKED_RECT lr;
    const RECT rect = {60, 60, 68, 68};
    uint8_t *base = NULL;
    DWORD c;

    if (check_format(d3d, 0, D3DRTYPE_TEXTURE, ati1) != D3D_OK ||
        check_format(d3d, 0, D3DRTYPE_TEXTURE, ati2) != D3D_OK) {
        skip("%s: no BC4/BC5 textures here", t);
        return;
    }
    ok(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 128, 128, ati2, D3DPOOL_SCRATCH,
                                                    &scratch, NULL) == D3D_OK,
       "%s: an ATI2N scratch surface", t);
    if (scratch && IDirect3DSurface9_LockRect(scratch, &lr, NULL, 0) == D3D_OK) {
        base = lr.pBits;
        ok(lr.Pitch == 128, "%s: ATI2N's pitch is a byte a texel: %d", t, lr.Pitch);
        IDirect3DSurface9_UnlockRect(scratch);
        ok(IDirect3DSurface9_LockRect(scratch, &lr, &rect, 0) == D3D_OK &&
               (uint8_t *)lr.pBits - base == 60 * 128 + 60,
           "%s: an ATI2N lock's offset is a byte a texel", t);
        IDirect3DSurface9_UnlockRect(scratch);
    }
    if (scratch)
        IDirect3DSurface9_Release(scratch);
    /* Texture formats only; INVALIDCALL for the rest, as on Windows. */
    ok(check_format(d3d, 0, D3DRTYPE_SURFACE, ati2) == D3DERR_NOTAVAILABLE,
       "%s: ATI2N is no plain-surface format", t);
    scratch = (IDirect3DSurface9 *)0x1;
    ok(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, ati2, D3DPOOL_DEFAULT,
                                                    &scratch, NULL) == D3DERR_INVALIDCALL &&
           !scratch,
       "%s: no DEFAULT ATI2N plain surface", t);
    ok(IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, ati2, D3DMULTISAMPLE_NONE, 0, FALSE,
                                           &scratch, NULL) == D3DERR_INVALIDCALL,
       "%s: no ATI2N render target", t);
    {
        IDirect3DVolumeTexture9 *vol = NULL;
        ok(check_format(d3d, 0, D3DRTYPE_VOLUMETEXTURE, ati1) == D3DERR_NOTAVAILABLE &&
               IDirect3DDevice9_CreateVolumeTexture(dev, 4, 4, 4, 1, 0, ati1, D3DPOOL_MANAGED,
                                                    &vol, NULL) == D3DERR_INVALIDCALL,
           "%s: no ATI1N volumes (AMD's alone)", t);
        ok(IDirect3DDevice9_CreateVolumeTexture(dev, 4, 4, 4, 1, 0, ati1, D3DPOOL_SCRATCH, &vol,
                                                NULL) == D3D_OK,
           "%s: but SCRATCH ones", t);
        if (vol)
            IDirect3DVolumeTexture9_Release(vol);
    }
    /* Any size, and a chain laid out level after level at a byte a texel. */
    ok(IDirect3DDevice9_CreateTexture(dev, 5, 7, 0, 0, ati1, D3DPOOL_MANAGED, &chain, NULL) ==
           D3D_OK,
       "%s: a 5x7 ATI1N chain", t);
    if (chain) {
        UINT offset = 0, good = 0, levels = IDirect3DTexture9_GetLevelCount(chain);
        for (UINT l = 0; l < levels; l++) {
            if (IDirect3DTexture9_LockRect(chain, l, &lr, NULL, 0) != D3D_OK)
                break;
            if (!l)
                base = lr.pBits;
            good += (uint8_t *)lr.pBits == base + offset;
            offset += (7u >> l ? 7u >> l : 1u) * (UINT)lr.Pitch;
            IDirect3DTexture9_UnlockRect(chain, l);
        }
        ok(levels == 3 && good == levels, "%s: ATI1N levels follow one another (%u of %u)", t,
           good, levels);
        IDirect3DTexture9_Release(chain);
    }

    IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                   D3DPOOL_DEFAULT, &rt, NULL);
    if (!rt || FAILED(IDirect3DTexture9_GetSurfaceLevel(rt, 0, &target))) {
        ok(0, "%s: a target for sampling ATI formats", t);
        goto out;
    }
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    /* A DEFAULT ATI1N texture locks, dynamic or not (Wine's d3d9ex
     * test_resource_access, on Windows). */
    if (IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, ati1, D3DPOOL_DEFAULT, &tex, NULL) ==
            D3D_OK &&
        IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0) == D3D_OK) {
        memcpy(lr.pBits, b4, sizeof(b4));
        IDirect3DTexture9_UnlockRect(tex, 0);
        c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
        ok(e2e_color_near(c, 0x7f7f7f7f, 1), "%s: ATI1N samples as %08x", t, (unsigned)c);
    } else {
        ok(0, "%s: an ATI1N texture", t);
    }
    /* Two levels: a lock of the 2x2 level writes a block twice its D3D9
     * size (into the slack after the chain). */
    if (IDirect3DDevice9_CreateTexture(dev, 8, 4, 2, 0, ati2, D3DPOOL_MANAGED, &tex2, NULL) ==
            D3D_OK &&
        IDirect3DTexture9_LockRect(tex2, 0, &lr, NULL, 0) == D3D_OK) {
        memcpy(lr.pBits, b5, sizeof(b5));
        IDirect3DTexture9_UnlockRect(tex2, 0);
        if (IDirect3DTexture9_LockRect(tex2, 1, &lr, NULL, 0) == D3D_OK) {
            memcpy(lr.pBits, b5_small, sizeof(b5_small));
            IDirect3DTexture9_UnlockRect(tex2, 1);
        }
        c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex2, fvf2, uv, 16, 4, 8);
        ok(e2e_color_near(c, 0xff007fff, 1), "%s: ATI2N's first block samples as %08x", t,
           (unsigned)c);
        c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex2, fvf2, uv, 16, 12, 8);
        ok(e2e_color_near(c, 0xff7f00ff, 1), "%s: ATI2N's second block samples as %08x", t,
           (unsigned)c);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXMIPLEVEL, 1);
        c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex2, fvf2, uv, 16, 8, 8);
        IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXMIPLEVEL, 0);
        ok(e2e_color_near(c, 0xffff00ff, 1), "%s: ATI2N's 2x2 level samples as %08x", t,
           (unsigned)c);
    } else {
        ok(0, "%s: an ATI2N texture", t);
    }
out:
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (tex2)
        IDirect3DTexture9_Release(tex2);
    if (target)
        IDirect3DSurface9_Release(target);
    if (rt)
        IDirect3DTexture9_Release(rt);
}

static void test_sampled_formats(IDirect3D9 *d3d, IDirect3DDevice9 *dev, const char *t)
{
    static const float uv[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
    const DWORD fvf2 = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0);
    IDirect3DTexture9 *rt = NULL;
    IDirect3DSurface9 *target = NULL;
    D3DLOCKED_RECT lr;
    DWORD c;

    IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                   D3DPOOL_DEFAULT, &rt, NULL);
    if (!rt || FAILED(IDirect3DTexture9_GetSurfaceLevel(rt, 0, &target))) {
        ok(0, "%s: a target for sampling", t);
        goto out;
    }
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    for (size_t i = 0; i < sizeof(sample_cases) / sizeof(sample_cases[0]); i++) {
        const struct sample_case *sc = &sample_cases[i];
        IDirect3DTexture9 *tex = NULL;
        bool block = sc->f == D3DFMT_DXT1 || sc->f == D3DFMT_DXT2 || sc->f == D3DFMT_DXT3 ||
                     sc->f == D3DFMT_DXT4 || sc->f == D3DFMT_DXT5;
        if (check_format(d3d, 0, D3DRTYPE_TEXTURE, sc->f) != D3D_OK) {
            skip("%s: %s cannot be sampled here", t, sc->name);
            continue;
        }
        IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, sc->f, D3DPOOL_MANAGED, &tex, NULL);
        if (!tex || IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0) != D3D_OK) {
            ok(0, "%s: %s texture", t, sc->name);
            if (tex)
                IDirect3DTexture9_Release(tex);
            continue;
        }
        for (UINT y = 0; y < (block ? 1u : 4u); y++)
            for (UINT x = 0; x < (block ? 1u : 4u); x++)
                memcpy((uint8_t *)lr.pBits + y * lr.Pitch + x * sc->bytes, sc->texel,
                       sc->bytes);
        IDirect3DTexture9_UnlockRect(tex, 0);
        c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
        ok(e2e_color_near(c, sc->want, 2), "%s: %s samples as %08x, expected %08x", t,
           sc->name, (unsigned)c, (unsigned)sc->want);
        IDirect3DTexture9_Release(tex);
    }

    /* UpdateTexture from a one-level A8R8G8B8 source into a four-level
     * X8R8G8B8 texture: Windows copies the level both have (Wine's visual
     * test_updatetexture, cases 8 and 12). */
    {
        IDirect3DTexture9 *src = NULL, *dst = NULL;
        IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                       &src, NULL);
        IDirect3DDevice9_CreateTexture(dev, 16, 16, 4, 0, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT,
                                       &dst, NULL);
        if (src && dst) {
            fill_level(src, 0, 16, 16, 0xff00ff00, 0);
            ok(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)src,
                                              (IDirect3DBaseTexture9 *)dst) == D3D_OK,
               "%s: UpdateTexture of fewer levels, A8R8G8B8 to X8R8G8B8", t);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)dst, fvf2, uv, 16, 8, 8);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
            ok(e2e_color_near(c, 0xff00ff00, 1), "%s: its level 0 arrived: %08x", t,
               (unsigned)c);
        } else {
            ok(0, "%s: UpdateTexture textures", t);
        }
        if (src)
            IDirect3DTexture9_Release(src);
        if (dst)
            IDirect3DTexture9_Release(dst);
    }

    /* Every level written through a whole lock of level 0 (the chain is
     * one block): a 16x16 quad of the 64x64 texture reads level 2. */
    {
        IDirect3DTexture9 *tex = NULL;
        IDirect3DDevice9_CreateTexture(dev, 64, 64, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                       &tex, NULL);
        if (tex && SUCCEEDED(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0))) {
            DWORD *p = lr.pBits;
            for (UINT l = 0; l < 7; l++)
                for (UINT i = 0; i < (64u >> l) * (64u >> l); i++)
                    *p++ = l == 2 ? 0xff00ff00 : 0xffff0000;
            IDirect3DTexture9_UnlockRect(tex, 0);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xff00ff00, 2),
               "%s: levels written through level 0's lock are sampled: %08x", t, (unsigned)c);
        } else {
            ok(0, "%s: a managed chain to write through level 0", t);
        }
        if (tex)
            IDirect3DTexture9_Release(tex);
    }

    /* A MANAGED texture honours D3DLOCK_NO_DIRTY_UPDATE: the GPU keeps the
     * old texels until AddDirtyRect (Wine's visual add_dirty_rect_test). */
    {
        IDirect3DTexture9 *tex = NULL;
        IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                       &tex, NULL);
        if (tex) {
            fill_level(tex, 0, 16, 16, 0xffff0000, 0);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xffff0000, 1), "%s: managed red: %08x", t, (unsigned)c);
            fill_level(tex, 0, 16, 16, 0xff00ff00, D3DLOCK_NO_DIRTY_UPDATE);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xffff0000, 1),
               "%s: a NO_DIRTY_UPDATE lock does not reach the GPU: %08x", t, (unsigned)c);
            IDirect3DTexture9_AddDirtyRect(tex, NULL);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xff00ff00, 1), "%s: AddDirtyRect sends it: %08x", t,
               (unsigned)c);
            /* A rectangle sends that part only... */
            fill_level(tex, 0, 16, 16, 0xff0000ff, D3DLOCK_NO_DIRTY_UPDATE);
            {
                RECT left = {0, 0, 8, 16};
                IDirect3DTexture9_AddDirtyRect(tex, &left);
            }
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 2, 8);
            ok(e2e_color_near(c, 0xff0000ff, 1), "%s: AddDirtyRect of the left half sends it: "
               "%08x", t, (unsigned)c);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 12, 8);
            ok(e2e_color_near(c, 0xff00ff00, 1), "%s: and not the right half: %08x", t,
               (unsigned)c);
            /* ...and EvictManagedResources everything. */
            fill_level(tex, 0, 16, 16, 0xffffff00, D3DLOCK_NO_DIRTY_UPDATE);
            ok(IDirect3DDevice9_EvictManagedResources(dev) == D3D_OK, "%s: EvictManagedResources",
               t);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 12, 8);
            ok(e2e_color_near(c, 0xffffff00, 1), "%s: EvictManagedResources sends the shadow: "
               "%08x", t, (unsigned)c);
            IDirect3DTexture9_Release(tex);
        } else {
            ok(0, "%s: a managed texture", t);
        }
    }

    /* A SYSTEMMEM texture is sampled too, as on Windows (Wine's visual
     * test_mipmap_upload), and follows its locks. */
    {
        IDirect3DTexture9 *tex = NULL;
        IDirect3DDevice9_CreateTexture(dev, 16, 16, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                       &tex, NULL);
        if (tex) {
            fill_level(tex, 0, 16, 16, 0xffff0000, 0);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xffff0000, 1), "%s: a SYSTEMMEM texture is sampled: %08x", t,
               (unsigned)c);
            fill_level(tex, 0, 16, 16, 0xff00ff00, 0);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xff00ff00, 1), "%s: and its next lock is: %08x", t,
               (unsigned)c);
            IDirect3DTexture9_Release(tex);
        } else {
            ok(0, "%s: a SYSTEMMEM texture", t);
        }
    }

    /* A DXT1 volume: slice 0 a red block, slice 1 a green one. */
    {
        static const uint8_t red[8] = {0x00, 0xf8, 0x1f, 0x00}, green[8] = {0xe0, 0x07, 0x1f, 0x00};
        static const float w0[4][3] = {{0, 0, 0.25f}, {1, 0, 0.25f}, {0, 1, 0.25f}, {1, 1, 0.25f}};
        static const float w1[4][3] = {{0, 0, 0.75f}, {1, 0, 0.75f}, {0, 1, 0.75f}, {1, 1, 0.75f}};
        IDirect3DVolumeTexture9 *vol = NULL;
        D3DLOCKED_BOX lb;
        D3DBOX half = {2, 0, 4, 4, 0, 1};
        IDirect3DDevice9_CreateVolumeTexture(dev, 4, 4, 2, 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED,
                                             &vol, NULL);
        ok(vol != NULL, "%s: a DXT1 volume texture", t);
        if (vol && IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, NULL, 0) == D3D_OK) {
            ok(lb.RowPitch == 8 && lb.SlicePitch == 8, "%s: DXT1 volume pitches %d, %d", t,
               lb.RowPitch, lb.SlicePitch);
            memcpy(lb.pBits, red, 8);
            memcpy((uint8_t *)lb.pBits + lb.SlicePitch, green, 8);
            IDirect3DVolumeTexture9_UnlockBox(vol, 0);
            ok(IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, &half, 0) == D3DERR_INVALIDCALL,
               "%s: a volume's lock off the blocks is refused", t);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSW, D3DTADDRESS_CLAMP);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)vol, fvf2, w0, 16, 8, 8);
            ok(e2e_color_near(c, 0xffff0000, 2), "%s: DXT1 volume slice 0: %08x", t,
               (unsigned)c);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)vol, fvf2, w1, 16, 8, 8);
            ok(e2e_color_near(c, 0xff00ff00, 2), "%s: DXT1 volume slice 1: %08x", t,
               (unsigned)c);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_ADDRESSW, D3DTADDRESS_WRAP);
        }
        if (vol)
            IDirect3DVolumeTexture9_Release(vol);
    }

    /* Mip levels of a MANAGED chain: a 16x16 quad of a 64x64 texture reads
     * level 2. */
    {
        IDirect3DTexture9 *tex = NULL;
        IDirect3DDevice9_CreateTexture(dev, 64, 64, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                       &tex, NULL);
        if (tex) {
            for (UINT l = 0; l < 7; l++)
                fill_level(tex, l, 64 >> l, 64 >> l, l == 2 ? 0xff00ff00 : 0xffff0000, 0);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xff00ff00, 2), "%s: a minified quad reads level 2: %08x",
               t, (unsigned)c);
            /* Without a mip filter only level 0 is read, whatever
             * MAXMIPLEVEL says (Wine's visual maxmip_test, on Windows). */
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXMIPLEVEL, 2);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xffff0000, 2),
               "%s: no mip filter: level 0 despite MAXMIPLEVEL 2: %08x", t, (unsigned)c);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MAXMIPLEVEL, 0);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
            IDirect3DTexture9_Release(tex);
        }
    }
    /* AUTOGENMIPMAP: a fill of the top level reaches the generated ones. */
    {
        IDirect3DTexture9 *tex = NULL;
        IDirect3DSurface9 *top = NULL;
        IDirect3DDevice9_CreateTexture(dev, 64, 64, 0,
                                       D3DUSAGE_RENDERTARGET | D3DUSAGE_AUTOGENMIPMAP,
                                       D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &tex, NULL);
        if (tex && SUCCEEDED(IDirect3DTexture9_GetSurfaceLevel(tex, 0, &top))) {
            IDirect3DDevice9_ColorFill(dev, top, NULL, 0xff0000ff);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xff0000ff, 2), "%s: generated level 2 after a fill: %08x",
               t, (unsigned)c);
            IDirect3DDevice9_ColorFill(dev, top, NULL, 0xffffff00);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xffffff00, 2), "%s: generated again after another: %08x",
               t, (unsigned)c);
            IDirect3DSurface9_Release(top);
        }
        if (tex)
            IDirect3DTexture9_Release(tex);
    }
    /* A cube: the face a direction points at. */
    {
        IDirect3DCubeTexture9 *cube = NULL;
        IDirect3DDevice9_CreateCubeTexture(dev, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                           &cube, NULL);
        if (cube) {
            static const float nx[4][3] = {{-1, 0, 0}, {-1, 0, 0}, {-1, 0, 0}, {-1, 0, 0}};
            static const float py[4][3] = {{0, 1, 0}, {0, 1, 0}, {0, 1, 0}, {0, 1, 0}};
            for (int f = 0; f < 6; f++)
                if (IDirect3DCubeTexture9_LockRect(cube, (D3DCUBEMAP_FACES)f, 0, &lr, NULL,
                                                   0) == D3D_OK) {
                    for (int y = 0; y < 4; y++)
                        for (int x = 0; x < 4; x++)
                            ((DWORD *)((uint8_t *)lr.pBits + y * lr.Pitch))[x] =
                                0xff000000u | (uint32_t)(f * 40) << 8;
                    IDirect3DCubeTexture9_UnlockRect(cube, (D3DCUBEMAP_FACES)f, 0);
                }
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)cube, fvf2, nx, 16, 8, 8);
            ok(e2e_color_near(c, 0xff002800, 2), "%s: the cube's -X face: %08x", t,
               (unsigned)c);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)cube, fvf2, py, 16, 8, 8);
            ok(e2e_color_near(c, 0xff005000, 2), "%s: the cube's +Y face: %08x", t,
               (unsigned)c);
            IDirect3DCubeTexture9_Release(cube);
        }
    }
    /* A volume: the slice w points at. */
    {
        IDirect3DVolumeTexture9 *vol = NULL;
        D3DLOCKED_BOX lb;
        IDirect3DDevice9_CreateVolumeTexture(dev, 2, 2, 2, 1, 0, D3DFMT_A8R8G8B8,
                                             D3DPOOL_MANAGED, &vol, NULL);
        if (vol && IDirect3DVolumeTexture9_LockBox(vol, 0, &lb, NULL, 0) == D3D_OK) {
            static const float w0[4][3] = {{0, 0, 0.25f}, {1, 0, 0.25f}, {0, 1, 0.25f},
                                           {1, 1, 0.25f}};
            static const float w1[4][3] = {{0, 0, 0.75f}, {1, 0, 0.75f}, {0, 1, 0.75f},
                                           {1, 1, 0.75f}};
            for (int z = 0; z < 2; z++)
                for (int y = 0; y < 2; y++)
                    for (int x = 0; x < 2; x++)
                        ((DWORD *)((uint8_t *)lb.pBits + z * lb.SlicePitch +
                                   y * lb.RowPitch))[x] = z ? 0xff00ffff : 0xffff00ff;
            IDirect3DVolumeTexture9_UnlockBox(vol, 0);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)vol, fvf2, w0, 16, 8, 8);
            ok(e2e_color_near(c, 0xffff00ff, 2), "%s: volume slice 0: %08x", t, (unsigned)c);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)vol, fvf2, w1, 16, 8, 8);
            ok(e2e_color_near(c, 0xff00ffff, 2), "%s: volume slice 1: %08x", t, (unsigned)c);
        }
        if (vol)
            IDirect3DVolumeTexture9_Release(vol);
    }
    /* D3DSAMP_SRGBTEXTURE decodes rgb (0x80, 0xc0, 0x40 -> 0x37, 0x86, 0x0d),
     * through the fixed-function stage and through a ps_2_0 texld. */
    {
        static const DWORD ps[] = {
            0xffff0200,                                     /* ps_2_0 */
            0x0200001f, 0x80000000, 0xb0030000,             /* dcl t0.xy */
            0x0200001f, 0x90000000, 0xa00f0800,             /* dcl_2d s0 */
            0x03000042, 0x800f0000, 0xb0e40000, 0xa0e40800, /* texld r0, t0, s0 */
            0x02000001, 0x800f0800, 0x80e40000,             /* mov oC0, r0 */
            0x0000ffff};
        IDirect3DTexture9 *tex = NULL;
        IDirect3DPixelShader9 *shader = NULL;
        IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                       &tex, NULL);
        if (tex) {
            fill_level(tex, 0, 4, 4, 0xff80c040, 0);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xff80c040, 2), "%s: without SRGBTEXTURE: %08x", t,
               (unsigned)c);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_SRGBTEXTURE, TRUE);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xff37860d, 2), "%s: an sRGB read (fixed function): %08x",
               t, (unsigned)c);
            /* D3DRS_SRGBWRITEENABLE encodes what the stage writes: with the
             * read, the texel comes back; alone, 0x80c040 -> 0xbce189. */
            IDirect3DDevice9_SetRenderState(dev, D3DRS_SRGBWRITEENABLE, TRUE);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xff80c040, 2), "%s: sRGB read and write: %08x", t,
               (unsigned)c);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_SRGBTEXTURE, FALSE);
            c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8, 8);
            ok(e2e_color_near(c, 0xffbce189, 2), "%s: an sRGB write (fixed function): %08x",
               t, (unsigned)c);
            IDirect3DDevice9_SetRenderState(dev, D3DRS_SRGBWRITEENABLE, FALSE);
            /* A 16-bit texel decodes alike: R5G6B5 0x7bef is (0x7b, 0x7d, 0x7b),
             * read as 0x333433 (Windows' value in Wine's srgbtexture_test). */
            {
                IDirect3DTexture9 *t16 = NULL;
                D3DLOCKED_RECT l16;
                IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_R5G6B5,
                                               D3DPOOL_MANAGED, &t16, NULL);
                if (t16 && IDirect3DTexture9_LockRect(t16, 0, &l16, NULL, 0) == D3D_OK) {
                    for (int y = 0; y < 4; y++)
                        for (int x = 0; x < 4; x++)
                            ((WORD *)((uint8_t *)l16.pBits + y * l16.Pitch))[x] = 0x7bef;
                    IDirect3DTexture9_UnlockRect(t16, 0);
                    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_SRGBTEXTURE, TRUE);
                    c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)t16, fvf2, uv, 16,
                                     8, 8);
                    IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_SRGBTEXTURE, FALSE);
                    ok(e2e_color_near(c, 0xff333433, 2), "%s: an sRGB read of R5G6B5: %08x",
                       t, (unsigned)c);
                }
                ok(t16 != NULL, "%s: an R5G6B5 texture", t);
                if (t16)
                    IDirect3DTexture9_Release(t16);
            }
            IDirect3DDevice9_SetRenderState(dev, D3DRS_SRGBWRITEENABLE, TRUE);
            /* Clear writes through it too (Wine's visual clear_test). */
            {
                IDirect3DSurface9 *bb = NULL, *sys = NULL;
                D3DLOCKED_RECT l;
                IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                             D3DPOOL_SYSTEMMEM, &sys, NULL);
                IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
                IDirect3DDevice9_SetRenderTarget(dev, 0, target);
                IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff7f7f7f, 1.0f, 0);
                IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
                if (bb)
                    IDirect3DSurface9_Release(bb);
                if (sys && IDirect3DDevice9_GetRenderTargetData(dev, target, sys) == D3D_OK &&
                    IDirect3DSurface9_LockRect(sys, &l, NULL, D3DLOCK_READONLY) == D3D_OK) {
                    DWORD px = ((DWORD *)l.pBits)[0];
                    ok(e2e_color_near(px, 0xffbbbbbb, 1),
                       "%s: Clear under SRGBWRITEENABLE encodes 0x7f: %08x", t, (unsigned)px);
                    IDirect3DSurface9_UnlockRect(sys);
                } else {
                    ok(0, "%s: read back of the sRGB clear", t);
                }
                if (sys)
                    IDirect3DSurface9_Release(sys);
            }
            /* A target format without sRGB writes ignores the state, as on
             * Windows (Wine's visual srgbwrite_format_test). */
            ok(check_format(d3d, D3DUSAGE_RENDERTARGET | D3DUSAGE_QUERY_SRGBWRITE,
                            D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8) == D3D_OK &&
                   check_format(d3d, D3DUSAGE_RENDERTARGET | D3DUSAGE_QUERY_SRGBWRITE,
                                D3DRTYPE_TEXTURE, D3DFMT_R5G6B5) == D3DERR_NOTAVAILABLE,
               "%s: sRGB writes to A8R8G8B8, not R5G6B5", t);
            {
                IDirect3DSurface9 *rt565 = NULL, *sys565 = NULL, *bb = NULL;
                struct tvertex q[4];
                IDirect3DDevice9_CreateRenderTarget(dev, 16, 16, D3DFMT_R5G6B5,
                                                    D3DMULTISAMPLE_NONE, 0, FALSE, &rt565,
                                                    NULL);
                IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_R5G6B5,
                                                             D3DPOOL_SYSTEMMEM, &sys565, NULL);
                for (int i = 0; i < 4; i++)
                    q[i] = (struct tvertex){(i & 1) ? 16.0f : 0, (i & 2) ? 16.0f : 0, 0, 1,
                                            0xffffffff, uv[i][0], uv[i][1], 0};
                if (rt565 && sys565) {
                    D3DLOCKED_RECT l5;
                    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
                    IDirect3DDevice9_SetRenderTarget(dev, 0, rt565);
                    IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
                    IDirect3DDevice9_SetFVF(dev, fvf2);
                    IDirect3DDevice9_BeginScene(dev);
                    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q,
                                                     sizeof(q[0]));
                    IDirect3DDevice9_EndScene(dev);
                    IDirect3DDevice9_SetTexture(dev, 0, NULL);
                    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
                    IDirect3DSurface9_Release(bb);
                    if (IDirect3DDevice9_GetRenderTargetData(dev, rt565, sys565) == D3D_OK &&
                        IDirect3DSurface9_LockRect(sys565, &l5, NULL, D3DLOCK_READONLY) ==
                            D3D_OK) {
                        WORD p = ((WORD *)((uint8_t *)l5.pBits + 8 * l5.Pitch))[8];
                        int r5 = p >> 11, g6 = (p >> 5) & 63, b5 = p & 31;
                        /* 0x80c040 unconverted: (16, 47, 8); encoded it would be
                         * (23, 56, 17). */
                        ok(abs(r5 - 16) <= 1 && abs(g6 - 47) <= 1 && abs(b5 - 8) <= 1,
                           "%s: R5G6B5 ignores SRGBWRITEENABLE (%04x)", t, p);
                        IDirect3DSurface9_UnlockRect(sys565);
                    }
                } else {
                    ok(0, "%s: an R5G6B5 target", t);
                }
                if (rt565)
                    IDirect3DSurface9_Release(rt565);
                if (sys565)
                    IDirect3DSurface9_Release(sys565);
            }
            IDirect3DDevice9_SetRenderState(dev, D3DRS_SRGBWRITEENABLE, FALSE);
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_SRGBTEXTURE, TRUE);
            if (ok(IDirect3DDevice9_CreatePixelShader(dev, ps, &shader) == D3D_OK,
                   "%s: the texld shader", t)) {
                IDirect3DDevice9_SetPixelShader(dev, shader);
                c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8,
                                 8);
                ok(e2e_color_near(c, 0xff37860d, 2), "%s: an sRGB read (ps_2_0): %08x", t,
                   (unsigned)c);
                IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_SRGBTEXTURE, FALSE);
                c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)tex, fvf2, uv, 16, 8,
                                 8);
                ok(e2e_color_near(c, 0xff80c040, 2), "%s: and off again (ps_2_0): %08x", t,
                   (unsigned)c);
                IDirect3DDevice9_SetPixelShader(dev, NULL);
                IDirect3DPixelShader9_Release(shader);
            }
            IDirect3DDevice9_SetSamplerState(dev, 0, D3DSAMP_SRGBTEXTURE, FALSE);
            IDirect3DTexture9_Release(tex);
        }
    }
    /* UpdateTexture into another format converts, into other level sizes
     * stretches (Windows accepts both: Wine's visual test_updatetexture). */
    {
        static const struct { UINT sw, sh, dw, dh; D3DFORMAT df; const char *what; } ups[] = {
            {8, 8, 8, 8, D3DFMT_R5G6B5, "A8R8G8B8 into R5G6B5"},
            {8, 8, 8, 8, D3DFMT_A16B16G16R16F, "A8R8G8B8 into A16B16G16R16F"},
            {8, 4, 2, 4, D3DFMT_A8R8G8B8, "8x4 into 2x4"}};
        for (size_t i = 0; i < sizeof(ups) / sizeof(ups[0]); i++) {
            IDirect3DTexture9 *sys = NULL, *def = NULL;
            if (check_format(d3d, 0, D3DRTYPE_TEXTURE, ups[i].df) != D3D_OK)
                continue;
            IDirect3DDevice9_CreateTexture(dev, ups[i].sw, ups[i].sh, 1, 0, D3DFMT_A8R8G8B8,
                                           D3DPOOL_SYSTEMMEM, &sys, NULL);
            IDirect3DDevice9_CreateTexture(dev, ups[i].dw, ups[i].dh, 1, 0, ups[i].df,
                                           D3DPOOL_DEFAULT, &def, NULL);
            if (ok(sys && def, "%s: textures for UpdateTexture %s", t, ups[i].what)) {
                fill_level(sys, 0, ups[i].sw, ups[i].sh, 0xffff0000, 0);
                ok(IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)sys,
                                                  (IDirect3DBaseTexture9 *)def) == D3D_OK,
                   "%s: UpdateTexture %s", t, ups[i].what);
                c = draw_sampled(dev, target, (IDirect3DBaseTexture9 *)def, fvf2, uv, 16, 8, 8);
                ok(e2e_color_near(c, 0xffff0000, 2), "%s: UpdateTexture %s samples red: %08x",
                   t, ups[i].what, (unsigned)c);
            }
            if (sys)
                IDirect3DTexture9_Release(sys);
            if (def)
                IDirect3DTexture9_Release(def);
        }
    }
out:
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    if (target)
        IDirect3DSurface9_Release(target);
    if (rt)
        IDirect3DTexture9_Release(rt);
}

/* A lost device (its session cut off by a malformed record): locks work on
 * the shadows, copies and fills succeed silently, read-backs say lost. */
static void test_lost(IDirect3DDevice9 *dev, const char *t)
{
    static const uint8_t unknown_opcode[8] = {0x01, 0x10, 0, 0, 0, 0, 0, 0};
    IDirect3DTexture9 *rtt = NULL, *man = NULL, *sys = NULL, *def = NULL;
    IDirect3DSurface9 *lvl = NULL, *plain = NULL, *sysrf = NULL;
    D3DLOCKED_RECT lr;

    IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                   D3DPOOL_DEFAULT, &rtt, NULL);
    IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                   &sys, NULL);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_DEFAULT, &plain, NULL);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_SYSTEMMEM, &sysrf, NULL);
    if (!rtt || !sys || !plain || !sysrf) {
        ok(0, "%s: objects for the lost device", t);
        goto out;
    }
    IDirect3DTexture9_GetSurfaceLevel(rtt, 0, &lvl);
    ok(nereid_device_inject(dev, unknown_opcode, sizeof(unknown_opcode)) == D3D_OK &&
           nereid_device_sync(dev, NULL) == D3DERR_DEVICELOST,
       "%s: the device is lost", t);
    ok(IDirect3DDevice9_CreateTexture(dev, 16, 16, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                      &man, NULL) == D3D_OK,
       "%s: lost: CreateTexture MANAGED", t);
    ok(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                      &def, NULL) == D3D_OK,
       "%s: lost: CreateTexture DEFAULT", t);
    if (man && IDirect3DTexture9_LockRect(man, 1, &lr, NULL, 0) == D3D_OK) {
        ((DWORD *)lr.pBits)[3] = 0x12345678;
        ok(IDirect3DTexture9_UnlockRect(man, 1) == D3D_OK, "%s: lost: unlock", t);
        ok(IDirect3DTexture9_LockRect(man, 1, &lr, NULL, D3DLOCK_READONLY) == D3D_OK &&
               ((DWORD *)lr.pBits)[3] == 0x12345678,
           "%s: lost: a lock reads the shadow", t);
        IDirect3DTexture9_UnlockRect(man, 1);
    } else {
        ok(0, "%s: lost: lock", t);
    }
    ok(IDirect3DDevice9_ColorFill(dev, plain, NULL, 0xff00ff00) == D3D_OK,
       "%s: lost: ColorFill succeeds silently", t);
    ok(IDirect3DSurface9_LockRect(plain, &lr, NULL, 0) == D3D_OK &&
           IDirect3DSurface9_UnlockRect(plain) == D3D_OK,
       "%s: lost: a DEFAULT plain surface locks", t);
    ok(lvl && IDirect3DDevice9_StretchRect(dev, plain, NULL, lvl, NULL, D3DTEXF_LINEAR) ==
                  D3D_OK, "%s: lost: StretchRect succeeds silently", t);
    ok(IDirect3DDevice9_UpdateSurface(dev, sysrf, NULL, plain, NULL) == D3D_OK,
       "%s: lost: UpdateSurface succeeds silently", t);
    ok(def && IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)sys,
                                             (IDirect3DBaseTexture9 *)def) == D3D_OK,
       "%s: lost: UpdateTexture succeeds silently", t);
    ok(lvl && IDirect3DDevice9_GetRenderTargetData(dev, lvl, sysrf) == D3DERR_DEVICELOST,
       "%s: lost: GetRenderTargetData answers D3DERR_DEVICELOST", t);
out:
    if (lvl)
        IDirect3DSurface9_Release(lvl);
    if (rtt)
        IDirect3DTexture9_Release(rtt);
    if (man)
        IDirect3DTexture9_Release(man);
    if (sys)
        IDirect3DTexture9_Release(sys);
    if (def)
        IDirect3DTexture9_Release(def);
    if (plain)
        IDirect3DSurface9_Release(plain);
    if (sysrf)
        IDirect3DSurface9_Release(sysrf);
}

/* A new texture holds zeros, never the bytes of a texture released before
 * it (the server's memory is reused between objects and clients): DXT5
 * textures filled with white and released, then new DEFAULT-pool ones that
 * nothing wrote, sampled: zero blocks decode to transparent black. */
static void test_fresh_dxt(IDirect3D9 *d3d, IDirect3DDevice9 *dev, const char *t)
{
    struct uvertex {
        float x, y, z, rhw;
        float u, v;
    } q[4] = {{0, 0, 0, 1, 0, 0}, {W, 0, 0, 1, 1, 0}, {0, H, 0, 1, 0, 1}, {W, H, 0, 1, 1, 1}};
    int dirty = 0;

    if (FAILED(IDirect3D9_CheckDeviceFormat(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL,
                                            D3DFMT_X8R8G8B8, 0, D3DRTYPE_TEXTURE,
                                            D3DFMT_DXT5))) {
        skip("%s: no DXT5 textures here", t);
        return;
    }
    for (int round = 0; round < 4; round++) {
        IDirect3DTexture9 *sys = NULL, *old = NULL, *fresh = NULL;
        D3DLOCKED_RECT lr;
        DWORD *px;

        /* A white, opaque DXT5 texture in DEFAULT memory, then released. */
        if (IDirect3DDevice9_CreateTexture(dev, 64, 64, 1, 0, D3DFMT_DXT5, D3DPOOL_SYSTEMMEM,
                                           &sys, NULL) == D3D_OK &&
            IDirect3DDevice9_CreateTexture(dev, 64, 64, 1, 0, D3DFMT_DXT5, D3DPOOL_DEFAULT,
                                           &old, NULL) == D3D_OK &&
            IDirect3DTexture9_LockRect(sys, 0, &lr, NULL, 0) == D3D_OK) {
            for (int y = 0; y < 16; y++)
                memset((uint8_t *)lr.pBits + y * lr.Pitch, 0xff, 16 * 16);
            IDirect3DTexture9_UnlockRect(sys, 0);
            IDirect3DDevice9_UpdateTexture(dev, (IDirect3DBaseTexture9 *)sys,
                                           (IDirect3DBaseTexture9 *)old);
        }
        if (sys)
            IDirect3DTexture9_Release(sys);
        if (old)
            IDirect3DTexture9_Release(old);
        nereid_device_sync(dev, NULL);
        if (IDirect3DDevice9_CreateTexture(dev, 64, 64, 1, 0, D3DFMT_DXT5, D3DPOOL_DEFAULT,
                                           &fresh, NULL) != D3D_OK) {
            ok(0, "%s: a fresh DXT5 texture", t);
            return;
        }
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff00ff00, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1);
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)fresh);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
        IDirect3DDevice9_SetTexture(dev, 0, NULL);
        IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
        IDirect3DDevice9_SetFVF(dev, FVF);
        IDirect3DDevice9_EndScene(dev);
        px = e2e_read_back(dev, W, H);
        for (int i = 0; px && i < W * H; i++)
            dirty += (px[i] & 0xffffff) != 0;
        free(px);
        IDirect3DTexture9_Release(fresh);
    }
    ok(dirty == 0, "%s: fresh DXT5 textures sample as zero (%d pixels are not)", t, dirty);
}

/* Two draws of one state but the texture, back to back: the second samples
 * the new texture (the server's draw fast path must see the change). */
static void test_texture_switch(IDirect3DDevice9 *dev, const char *t)
{
    struct uvertex {
        float x, y, z, rhw;
        float u, v;
    } q[4];
    IDirect3DTexture9 *tex[2] = {0};
    const DWORD colors[2] = {0xffff0000, 0xff00ff00};
    DWORD *px;

    for (int i = 0; i < 2; i++) {
        D3DLOCKED_RECT lr;
        if (IDirect3DDevice9_CreateTexture(dev, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                           &tex[i], NULL) != D3D_OK ||
            IDirect3DTexture9_LockRect(tex[i], 0, &lr, NULL, 0) != D3D_OK) {
            ok(0, "%s: texture switch: textures", t);
            goto out;
        }
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++)
                ((DWORD *)((uint8_t *)lr.pBits + y * lr.Pitch))[x] = colors[i];
        IDirect3DTexture9_UnlockRect(tex[i], 0);
    }
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_TEX1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    for (int i = 0; i < 2; i++) {
        float x0 = (float)(i * 16);
        q[0] = (struct uvertex){x0, 0, 0, 1, 0, 0};
        q[1] = (struct uvertex){x0 + 16, 0, 0, 1, 1, 0};
        q[2] = (struct uvertex){x0, 16, 0, 1, 0, 1};
        q[3] = (struct uvertex){x0 + 16, 16, 0, 1, 1, 1};
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex[i]);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, q, sizeof(q[0]));
    }
    IDirect3DDevice9_SetTexture(dev, 0, NULL);
    IDirect3DDevice9_SetTextureStageState(dev, 0, D3DTSS_COLOROP, D3DTOP_MODULATE);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    if (ok(px != NULL, "%s: texture switch: read back", t)) {
        ok(e2e_color_near(px[8 * W + 8], colors[0], 1), "%s: first texture: %08x", t,
           (unsigned)px[8 * W + 8]);
        ok(e2e_color_near(px[8 * W + 24], colors[1], 1), "%s: the switched texture: %08x", t,
           (unsigned)px[8 * W + 24]);
        free(px);
    }
out:
    for (int i = 0; i < 2; i++)
        if (tex[i])
            IDirect3DTexture9_Release(tex[i]);
}

/* A pre-transformed quad of one colour at depth z. */
static void draw_at(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1, float z,
                    DWORD c)
{
    struct vertex v[6];
    quad(v, x0, y0, x1, y1, c);
    for (int k = 0; k < 6; k++)
        v[k].z = z;
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0]));
}

/* D3DFMT_NULL, the depth-only target: render-target surfaces and 2D
 * textures with no texels, whose draws write depth as far as the depth
 * surface reaches (not only the NULL target's size: Wine's visual
 * test_null_format, on Windows), and with nothing to draw into at all
 * succeed and draw nothing. */
static void test_null_format(IDirect3D9 *d3d, IDirect3DDevice9 *dev, const char *t)
{
    const D3DFORMAT null_fmt = (D3DFORMAT)MAKEFOURCC('N', 'U', 'L', 'L');
    IDirect3DSurface9 *nrt = NULL, *bb = NULL, *ds = NULL, *plain = NULL, *sys = NULL;
    IDirect3DTexture9 *tex = NULL;
    D3DLOCKED_RECT lr = {0};
    D3DVIEWPORT9 full = {0, 0, W, H, 0.0f, 1.0f};
    struct vertex v[6];
    DWORD *px;

    ok(check_format(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, null_fmt) == D3D_OK &&
           check_format(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, null_fmt) == D3D_OK,
       "%s: NULL: render-target surfaces and textures", t);
    ok(check_format(d3d, 0, D3DRTYPE_SURFACE, null_fmt) == D3DERR_NOTAVAILABLE &&
           check_format(d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_CUBETEXTURE, null_fmt) ==
               D3DERR_NOTAVAILABLE &&
           check_format(d3d, 0, D3DRTYPE_TEXTURE, null_fmt) == D3DERR_NOTAVAILABLE,
       "%s: NULL: nothing else", t);
    ok(IDirect3D9_CheckDepthStencilMatch(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, null_fmt,
                                         D3DFMT_D24S8) == D3D_OK,
       "%s: NULL: matches a depth format", t);
    ok(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 16, 16, null_fmt, D3DPOOL_DEFAULT,
                                                    &plain, NULL) == D3DERR_INVALIDCALL &&
           !plain, "%s: NULL: no plain surfaces", t);
    ok(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, 0, null_fmt, D3DPOOL_DEFAULT, &tex,
                                      NULL) == D3DERR_INVALIDCALL,
       "%s: NULL: no textures without RENDERTARGET", t);
    ok(IDirect3DDevice9_CreateTexture(dev, 16, 16, 1, D3DUSAGE_RENDERTARGET, null_fmt,
                                      D3DPOOL_DEFAULT, &tex, NULL) == D3D_OK && tex,
       "%s: NULL: a render-target texture", t);
    if (tex)
        IDirect3DTexture9_Release(tex);
    if (!ok(IDirect3DDevice9_CreateRenderTarget(dev, W / 2, H / 2, null_fmt,
                                                D3DMULTISAMPLE_NONE, 0, TRUE, &nrt, NULL) ==
                    D3D_OK && nrt, "%s: NULL: a render target", t))
        return;
    ok(IDirect3DSurface9_LockRect(nrt, &lr, NULL, 0) == D3D_OK && lr.pBits && lr.Pitch,
       "%s: NULL: a lockable one locks", t);
    IDirect3DSurface9_UnlockRect(nrt);
    IDirect3DDevice9_GetRenderTarget(dev, 0, &bb);
    IDirect3DDevice9_CreateOffscreenPlainSurface(dev, W / 2, H / 2, D3DFMT_A8R8G8B8,
                                                 D3DPOOL_SYSTEMMEM, &sys, NULL);
    ok(IDirect3DDevice9_StretchRect(dev, nrt, NULL, bb, NULL, D3DTEXF_POINT) ==
               D3DERR_INVALIDCALL &&
           IDirect3DDevice9_ColorFill(dev, nrt, NULL, 0xffffffff) == D3DERR_INVALIDCALL &&
           (!sys || IDirect3DDevice9_GetRenderTargetData(dev, nrt, sys) == D3DERR_INVALIDCALL),
       "%s: NULL: no texels to copy or fill", t);
    if (sys)
        IDirect3DSurface9_Release(sys);

    IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, D3DFMT_D24S8, D3DMULTISAMPLE_NONE,
                                               0, FALSE, &ds, NULL);
    if (!ok(ds != NULL, "%s: NULL: a depth surface", t))
        goto out;
    IDirect3DDevice9_SetDepthStencilSurface(dev, ds);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZWRITEENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZFUNC, D3DCMP_LESSEQUAL);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xff000000,
                           1.0f, 0);
    /* Depth only, through a NULL target half the depth surface's size and
     * a viewport over all of it: the depth reaches (W, H). */
    ok(IDirect3DDevice9_SetRenderTarget(dev, 0, nrt) == D3D_OK, "%s: NULL: bound", t);
    ok(IDirect3DDevice9_SetViewport(dev, &full) == D3D_OK &&
           IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xffffffff, 0.0f, 0) ==
               D3D_OK,
       "%s: NULL: a viewport past it, a colour clear of nothing", t);
    /* Transformed vertices (the viewport maps them). */
    {
        static const struct { float x, y, z; DWORD c; } xq[4] = {
            {-1, 1, 0.5f, 0xffffffff}, {1, 1, 0.5f, 0xffffffff},
            {-1, -1, 0.5f, 0xffffffff}, {1, -1, 0.5f, 0xffffffff}};
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
        IDirect3DDevice9_BeginScene(dev);
        ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, xq, sizeof(xq[0])) ==
               D3D_OK, "%s: NULL: a depth-only draw", t);
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_SetFVF(dev, FVF);
    }
    /* Then colour: green behind that depth fails everywhere, red in front
     * of it on the left half passes. */
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DDevice9_BeginScene(dev);
    draw_at(dev, 0, 0, W, H, 0.7f, 0xff00ff00);
    draw_at(dev, 0, 0, W / 2, H, 0.3f, 0xffff0000);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    px = e2e_read_back(dev, W, H);
    ok(px && e2e_color_near(px[8 * W + 8], 0xffff0000, 1) &&
           e2e_color_near(px[8 * W + W - 8], 0xff000000, 1) &&
           e2e_color_near(px[(H - 8) * W + W - 8], 0xff000000, 1),
       "%s: NULL: depth written past the NULL target, no colour (%08x %08x %08x)", t,
       px ? (unsigned)px[8 * W + 8] : 0, px ? (unsigned)px[8 * W + W - 8] : 0,
       px ? (unsigned)px[(H - 8) * W + W - 8] : 0);
    free(px);
    /* A depth clear through a NULL target reaches the depth surface's size:
     * green behind 1.0 then passes everywhere. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
    IDirect3DDevice9_SetRenderTarget(dev, 0, nrt);
    IDirect3DDevice9_SetViewport(dev, &full); /* Clear clears the viewport */
    ok(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 1.0f, 0) == D3D_OK,
       "%s: NULL: a depth clear", t);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DDevice9_BeginScene(dev);
    draw_at(dev, 0, 0, W, H, 0.7f, 0xff00ff00);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
    px = e2e_read_back(dev, W, H);
    ok(px && e2e_color_near(px[8 * W + 8], 0xff00ff00, 1) &&
           e2e_color_near(px[(H - 8) * W + W - 8], 0xff00ff00, 1),
       "%s: NULL: a depth clear through it (%08x %08x)", t, px ? (unsigned)px[8 * W + 8] : 0,
       px ? (unsigned)px[(H - 8) * W + W - 8] : 0);
    free(px);
    /* Wine's visual test_null_format's order, scaled to W x H: targets of
     * both kinds, smaller than the depth surface, transformed quads. */
    {
        static const struct { float x, y, z; DWORD c; } red[4] = {
            {-1, 1, 0.5f, 0xffff0000}, {1, 1, 0.5f, 0xffff0000},
            {-1, -1, 0.5f, 0xffff0000}, {1, -1, 0.5f, 0xffff0000}},
            blue[4] = {{-1, 0.5f, 0.1f, 0xff0000ff}, {0.5f, 0.5f, 0.1f, 0xff0000ff},
                       {-1, -1, 0.1f, 0xff0000ff}, {0.5f, -1, 0.1f, 0xff0000ff}};
        D3DVIEWPORT9 lower = {0, 8, W, H - 8, 0, 1}, part = {0, 24, 56, 40, 0, 1};
        IDirect3DSurface9 *small = NULL, *small_null = NULL;
        IDirect3DDevice9_CreateRenderTarget(dev, 40, 40, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE,
                                            0, FALSE, &small, NULL);
        IDirect3DDevice9_CreateRenderTarget(dev, 40, 40, null_fmt, D3DMULTISAMPLE_NONE, 0,
                                            FALSE, &small_null, NULL);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
        IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZ | D3DFVF_DIFFUSE);
        IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
        IDirect3DDevice9_SetRenderTarget(dev, 0, nrt);
        IDirect3DDevice9_SetViewport(dev, &full);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_ZBUFFER, 0, 1.0f, 0);
        IDirect3DDevice9_SetRenderTarget(dev, 0, small);
        IDirect3DDevice9_SetViewport(dev, &lower);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, red, sizeof(red[0]));
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_SetRenderTarget(dev, 0, small_null);
        IDirect3DDevice9_SetViewport(dev, &part);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, red, sizeof(red[0]));
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, blue, sizeof(blue[0]));
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice9_SetFVF(dev, FVF);
        px = e2e_read_back(dev, W, H);
        ok(px && e2e_color_near(px[20 * W + 20], 0xff0000ff, 1) &&
               e2e_color_near(px[50 * W + 20], 0xff0000ff, 1),
           "%s: NULL: Wine's order (%08x %08x)", t, px ? (unsigned)px[20 * W + 20] : 0,
           px ? (unsigned)px[50 * W + 20] : 0);
        free(px);
        if (small)
            IDirect3DSurface9_Release(small);
        if (small_null)
            IDirect3DSurface9_Release(small_null);
    }
    /* Nothing to draw into: a NULL target and no depth surface. */
    IDirect3DDevice9_SetRenderTarget(dev, 0, nrt);
    IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
    quad(v, 0, 0, W, H, 0xffffffff);
    IDirect3DDevice9_BeginScene(dev);
    ok(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xffffffff, 0.0f, 0) == D3D_OK &&
           IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0])) ==
               D3D_OK,
       "%s: NULL: with nothing bound, clears and draws succeed", t);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3D_OK,
       "%s: NULL: the server took every record", t);
out:
    if (ds)
        IDirect3DSurface9_Release(ds);
    if (bb)
        IDirect3DSurface9_Release(bb);
    IDirect3DSurface9_Release(nrt);
}

static void run(enum e2e_transport tr, const struct e2e_server *server)
{
    const char *t = e2e_transport_names[tr];
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    uint64_t errors = 1;

    e2e_use_transport(tr, server);
    if (e2e_create_device(&d3d, &dev, W, H, FALSE) != D3D_OK) {
        ok(0, "%s: device", t);
        return;
    }
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);

    test_check_format(d3d, t);
    test_errors(dev, t);
    test_getdc(dev, t);
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
        test_format(d3d, dev, &formats[i], t);
    test_targets(dev, t);
    test_depth_textures(d3d, dev, t);
    test_intz(d3d, dev, t);
    test_depth_bias(d3d, dev, t);
    test_null_format(d3d, dev, t);
    test_uploads(dev, t);
    test_mip_layout(dev, t);
    test_volumes(dev, t);
    test_autogen(d3d, dev, t);
    test_refcounts(dev, t);
    test_vidmem(dev, t);
    test_fresh_dxt(d3d, dev, t);
    test_texture_switch(dev, t);
    if (test_sampling(dev, t)) {
        test_sampled_formats(d3d, dev, t);
        test_ati_formats(d3d, dev, t);
        test_yuv_surfaces(d3d, dev, t);
    }

    ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3D_OK,
       "%s: the server took every record", t);
    ok(nereid_device_sync(dev, &errors) == D3D_OK && errors == 0,
       "%s: no validation errors (%llu)", t, (unsigned long long)errors);
    test_lost(dev, t);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released last", t);
    IDirect3D9_Release(d3d);
}

int main(void)
{
    struct e2e_server server;
    bool have_server = e2e_server_start(&server);

    ok(have_server, "nereid-server started");
    for (int t = 0; t < E2E_COUNT; t++)
        if ((t == E2E_INPROC || have_server) &&
            e2e_transport_supported((enum e2e_transport)t))
            run((enum e2e_transport)t, &server);
    if (have_server)
        ok(e2e_server_stop(&server) == 0, "nereid-server exits cleanly");
    return test_done();
}
