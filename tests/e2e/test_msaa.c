/* Multisampling over every transport, with the validation layer on:
 * CheckDeviceMultiSampleType's answers, 4x render targets drawn into and
 * resolved by StretchRect (an edge pixel must come out a blend strictly
 * between the two colours, which a single-sampled target cannot give),
 * scaled resolves, D3DRS_MULTISAMPLEMASK, a 4x depth surface with depth
 * testing, a 4x back buffer resolved at Present (read with
 * GetFrontBufferData), and D3D9's documented error returns. */
#define _GNU_SOURCE
#include "e2e_util.h"
#ifndef _WIN32
#include "d3d9/testhooks.h" /* libnereid_d3d9_test.so */
#endif
#include "harness.h"
#ifndef _WIN32
#include "wire/wire.h" /* raw records (not in the PE build's include path) */
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 64
#define H 64
#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)
#define RED 0xffff0000u
#define BLUE 0xff0000ffu

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

static HRESULT tri(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1, float x2,
                   float y2, float z, DWORD c)
{
    struct vertex v[3] = {{x0, y0, z, 1, c}, {x1, y1, z, 1, c}, {x2, y2, z, 1, c}};
    return IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0]));
}

static HRESULT quad(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1, float z,
                    DWORD c)
{
    struct vertex v[4] = {{x0, y0, z, 1, c}, {x1, y0, z, 1, c}, {x0, y1, z, 1, c},
                          {x1, y1, z, 1, c}};
    return IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0]));
}

/* A single-sampled render target's texels (GetRenderTargetData). */
static DWORD *read_surface(IDirect3DDevice9 *dev, IDirect3DSurface9 *rt, UINT w, UINT h,
                           D3DFORMAT format)
{
    IDirect3DSurface9 *sys = NULL;
    D3DLOCKED_RECT lr;
    DWORD *out = NULL;
    if (FAILED(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, w, h, format,
                                                            D3DPOOL_SYSTEMMEM, &sys, NULL)))
        return NULL;
    if (SUCCEEDED(IDirect3DDevice9_GetRenderTargetData(dev, rt, sys)) &&
        SUCCEEDED(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY))) {
        out = malloc((size_t)w * h * sizeof(DWORD));
        for (UINT y = 0; out && y < h; y++)
            for (UINT x = 0; x < w; x++)
                out[y * w + x] =
                    ((const DWORD *)((const char *)lr.pBits + (size_t)y * lr.Pitch))[x] |
                    0xff000000u;
        IDirect3DSurface9_UnlockRect(sys);
    }
    IDirect3DSurface9_Release(sys);
    return out;
}

/* Strictly between red and blue in both channels: some samples of each. */
static bool blended(DWORD c)
{
    int r = (int)((c >> 16) & 0xff), b = (int)(c & 0xff);
    return r > 0x10 && r < 0xf0 && b > 0x10 && b < 0xf0 && ((c >> 8) & 0xff) < 0x10;
}

static void check(const char *name, const DWORD *px, UINT w, int x, int y, DWORD want,
                  const char *what)
{
    DWORD got = px[y * (int)w + x];
    ok(e2e_color_near(got, want, 0), "%s: %s: pixel (%d,%d) is %08x, expected %08x", name,
       what, x, y, (unsigned)got, (unsigned)want);
}

/* The red triangle below the diagonal x + y = 64 over blue.  D3D9 puts
 * pixel centres on integer coordinates: the pixels with x + y = 64 have
 * that edge through them (two of the four standard sample positions on
 * each side), which single sampling would make all red or all blue. */
static void check_edge_scene(const char *name, const DWORD *px, const char *what)
{
    check(name, px, W, 10, 10, RED, what);
    check(name, px, W, 50, 50, BLUE, what);
    for (int x = 20; x < 44; x += 11) {
        DWORD c = px[(64 - x) * W + x];
        ok(blended(c), "%s: %s: edge pixel (%d,%d) is %08x, a blend of red and blue",
           name, what, x, 64 - x, (unsigned)c);
        check(name, px, W, x, 62 - x, RED, what);
        check(name, px, W, x, 66 - x, BLUE, what);
    }
}

static void api_checks(const char *name, IDirect3D9 *d3d, IDirect3DDevice9 *dev)
{
    IDirect3DSurface9 *s = NULL, *sys = NULL;
    DWORD q = 77;

    ok(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, TRUE,
                                             D3DMULTISAMPLE_4_SAMPLES, &q) == D3D_OK &&
           q == 1, "%s: 4 samples of X8R8G8B8, one quality level (%u)", name, (unsigned)q);
    q = 77;
    ok(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_D24S8, TRUE,
                                             D3DMULTISAMPLE_4_SAMPLES, &q) == D3D_OK &&
           q == 1, "%s: 4 samples of D24S8 (%u)", name, (unsigned)q);
    q = 77;
    ok(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, TRUE,
                                             D3DMULTISAMPLE_NONMASKABLE, &q) == D3D_OK &&
           q == 1, "%s: NONMASKABLE, one quality level (%u)", name, (unsigned)q);
    q = 77;
    ok(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, TRUE,
                                             D3DMULTISAMPLE_NONE, &q) == D3D_OK && q == 1,
       "%s: NONE, one quality level", name);
    q = 77;
    ok(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, TRUE,
                                             D3DMULTISAMPLE_3_SAMPLES, &q) ==
               D3DERR_NOTAVAILABLE && q == 0,
       "%s: 3 samples do not exist in Vulkan (quality levels %u)", name, (unsigned)q);
    ok(IDirect3D9_CheckDeviceMultiSampleType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_DXT1, TRUE,
                                             D3DMULTISAMPLE_4_SAMPLES, NULL) ==
           D3DERR_NOTAVAILABLE, "%s: no multisampled DXT1", name);

    ok(IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_X8R8G8B8,
                                           D3DMULTISAMPLE_4_SAMPLES, 0, TRUE, &s, NULL) ==
           D3DERR_INVALIDCALL && !s, "%s: a lockable multisampled target is refused", name);
    ok(IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_X8R8G8B8,
                                           D3DMULTISAMPLE_4_SAMPLES, 1, FALSE, &s, NULL) ==
           D3DERR_INVALIDCALL && !s, "%s: quality 1 of 4 samples is refused", name);
    ok(IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, D3DFMT_D24S8,
                                                  D3DMULTISAMPLE_NONMASKABLE, 1, FALSE, &s,
                                                  NULL) == D3DERR_INVALIDCALL && !s,
       "%s: quality 1 of NONMASKABLE is refused", name);
    ok(IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_X8R8G8B8,
                                           D3DMULTISAMPLE_3_SAMPLES, 0, FALSE, &s, NULL) ==
           D3DERR_INVALIDCALL && !s,
       "%s: 3 samples are not available: a bad call, as Windows answers", name);
    ok(IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_X8R8G8B8,
                                           D3DMULTISAMPLE_NONMASKABLE, 0, FALSE, &s, NULL) ==
           D3D_OK && s, "%s: a NONMASKABLE target", name);
    if (s) {
        D3DSURFACE_DESC d;
        D3DLOCKED_RECT lr;
        ok(IDirect3DSurface9_GetDesc(s, &d) == D3D_OK &&
               d.MultiSampleType == D3DMULTISAMPLE_NONMASKABLE && d.MultiSampleQuality == 0,
           "%s: its description", name);
        ok(IDirect3DSurface9_LockRect(s, &lr, NULL, 0) == D3DERR_INVALIDCALL,
           "%s: it cannot be locked", name);
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, W, H, D3DFMT_X8R8G8B8,
                                                     D3DPOOL_SYSTEMMEM, &sys, NULL);
        ok(sys && IDirect3DDevice9_GetRenderTargetData(dev, s, sys) == D3DERR_INVALIDCALL,
           "%s: GetRenderTargetData from it is INVALIDCALL", name);
        if (sys)
            IDirect3DSurface9_Release(sys);
        IDirect3DSurface9_Release(s);
    }
}

#ifndef _WIN32
/* A CREATE_TEXTURE record with a sample count the server must refuse as
 * malformed: the session is cut off with the reason, the server goes on.
 * (nereid_device_inject: libnereid_d3d9_test.so, native only.) */
static void bad_samples(const char *name, uint32_t samples, uint32_t usage)
{
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    struct nereid_device_info info;
    struct wire_create_texture ct = {
        .texture = {900, 1}, .format = WIRE_FORMAT_B8G8R8A8_UNORM, .type = WIRE_TEX_2D,
        .width = 8, .height = 8, .depth = 1, .levels = 1, .usage = usage,
        .swizzle = {0, 1, 2, 3}, .samples = samples};
    struct wire_header h = {WIRE_OP_CREATE_TEXTURE, 0, sizeof(ct)};
    uint8_t bytes[sizeof(h) + sizeof(ct)];

    if (e2e_create_device(&d3d, &dev, W, H, FALSE) != D3D_OK) {
        ok(0, "%s: a device to send %u samples", name, (unsigned)samples);
        return;
    }
    memcpy(bytes, &h, sizeof(h));
    memcpy(bytes + sizeof(h), &ct, sizeof(ct));
    ok(nereid_device_inject(dev, bytes, sizeof(bytes)) == D3D_OK &&
           nereid_device_sync(dev, NULL) == D3DERR_DEVICELOST,
       "%s: a texture of %u samples (usage %#x) cuts the session off", name,
       (unsigned)samples, (unsigned)usage);
    nereid_device_get_info(dev, &info);
    ok(info.lost && strstr(info.lost_reason, "samples"), "%s: the reason: '%s'", name,
       info.lost_reason);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);
}
#endif

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    IDirect3DSurface9 *ms = NULL, *ms_depth = NULL, *depth = NULL, *bb = NULL;
    IDirect3DTexture9 *small = NULL;
    DWORD *px;
    HRESULT hr;

    e2e_use_transport(t, server);
    hr = e2e_create_device(&d3d, &dev, W, H, FALSE);
    ok(hr == D3D_OK, "%s: CreateDevice: %#x", name, (unsigned)hr);
    if (FAILED(hr))
        return;
    api_checks(name, d3d, dev);
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);

    /* A 4x target: a red triangle with an edge through pixels, resolved
     * into the back buffer. */
    ok(IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_X8R8G8B8,
                                           D3DMULTISAMPLE_4_SAMPLES, 0, FALSE, &ms,
                                           NULL) == D3D_OK, "%s: a 4x target", name);
    if (!ms || !bb)
        goto done;
    IDirect3DDevice9_SetRenderTarget(dev, 0, ms);
    ok(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, BLUE, 1.0f, 0) == D3D_OK,
       "%s: Clear of the 4x target", name);
    IDirect3DDevice9_BeginScene(dev);
    ok(tri(dev, 0, 0, 64, 0, 0, 64, 0.5f, RED) == D3D_OK, "%s: draw into 4x", name);
    IDirect3DDevice9_EndScene(dev);
    ok(IDirect3DDevice9_StretchRect(dev, ms, NULL, bb, NULL, D3DTEXF_NONE) == D3D_OK,
       "%s: StretchRect resolves", name);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    if ((px = e2e_read_back(dev, W, H))) {
        check_edge_scene(name, px, "resolved");
        free(px);
    } else {
        ok(0, "%s: read back", name);
    }

    /* A scaled resolve into a render-target texture of another size. */
    ok(IDirect3DDevice9_CreateTexture(dev, 32, 32, 1, D3DUSAGE_RENDERTARGET,
                                      D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &small,
                                      NULL) == D3D_OK, "%s: a 32x32 target texture", name);
    if (small) {
        IDirect3DSurface9 *level = NULL;
        IDirect3DTexture9_GetSurfaceLevel(small, 0, &level);
        ok(IDirect3DDevice9_StretchRect(dev, ms, NULL, level, NULL, D3DTEXF_POINT) ==
               D3D_OK, "%s: a scaled, converting resolve", name);
        if ((px = read_surface(dev, level, 32, 32, D3DFMT_A8R8G8B8))) {
            ok(px[4 * 32 + 4] == RED && px[28 * 32 + 28] == BLUE,
               "%s: scaled resolve: %08x %08x", name, (unsigned)px[4 * 32 + 4],
               (unsigned)px[28 * 32 + 28]);
            free(px);
        } else {
            ok(0, "%s: scaled read back", name);
        }
        IDirect3DSurface9_Release(level);
        IDirect3DTexture9_Release(small);
    }
    ok(IDirect3DDevice9_StretchRect(dev, bb, NULL, ms, NULL, D3DTEXF_NONE) ==
           D3DERR_INVALIDCALL, "%s: no StretchRect into a multisampled target", name);

    /* ColorFill of a rectangle of the 4x target, resolved. */
    {
        RECT r = {8, 40, 16, 48};
        ok(IDirect3DDevice9_ColorFill(dev, ms, &r, 0xff00ff00) == D3D_OK,
           "%s: ColorFill of the 4x target", name);
        IDirect3DDevice9_StretchRect(dev, ms, NULL, bb, NULL, D3DTEXF_NONE);
        if ((px = e2e_read_back(dev, W, H))) {
            check(name, px, W, 12, 44, 0xff00ff00, "filled");
            check(name, px, W, 4, 44, RED, "filled");
            free(px);
        }
    }

    /* D3DRS_MULTISAMPLEMASK: two of the four samples written give half. */
    IDirect3DDevice9_SetRenderTarget(dev, 0, ms);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, BLUE, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    /* A draw with the whole mask first: the mask must change the pipeline
     * without a target change. */
    ok(quad(dev, 0, 0, 64, 64, 0.5f, BLUE) == D3D_OK, "%s: draw with the whole mask", name);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_MULTISAMPLEMASK, 0x5);
    ok(quad(dev, 0, 0, 64, 64, 0.5f, RED) == D3D_OK, "%s: draw with a sample mask", name);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_MULTISAMPLEMASK, 0xffffffff);
    IDirect3DDevice9_StretchRect(dev, ms, NULL, bb, NULL, D3DTEXF_NONE);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    if ((px = e2e_read_back(dev, W, H))) {
        ok(blended(px[32 * W + 32]), "%s: half the samples written: %08x", name,
           (unsigned)px[32 * W + 32]);
        free(px);
    }

    /* A 4x depth surface: a near green left half, then a red full quad
     * behind it. */
    ok(IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, D3DFMT_D24S8,
                                                  D3DMULTISAMPLE_4_SAMPLES, 0, FALSE,
                                                  &ms_depth, NULL) == D3D_OK,
       "%s: a 4x depth surface", name);
    IDirect3DDevice9_CreateDepthStencilSurface(dev, W, H, D3DFMT_D24S8, D3DMULTISAMPLE_NONE,
                                               0, FALSE, &depth, NULL);
    if (ms_depth && depth) {
        IDirect3DDevice9_SetRenderTarget(dev, 0, ms);
        IDirect3DDevice9_SetDepthStencilSurface(dev, depth);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_TRUE);
        IDirect3DDevice9_BeginScene(dev);
        ok(quad(dev, 0, 0, 64, 64, 0.5f, RED) == D3DERR_INVALIDCALL,
           "%s: a 4x target with a 1x depth surface does not draw", name);
        ok(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, BLUE, 1.0f, 0) ==
               D3DERR_INVALIDCALL, "%s: nor clears", name);
        IDirect3DDevice9_SetDepthStencilSurface(dev, ms_depth);
        ok(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, BLUE,
                                  1.0f, 0) == D3D_OK, "%s: Clear of 4x colour and depth",
           name);
        ok(quad(dev, 0, 0, 32, 64, 0.3f, 0xff00ff00) == D3D_OK &&
               quad(dev, 0, 0, 64, 64, 0.6f, RED) == D3D_OK,
           "%s: draws with a 4x depth surface", name);
        IDirect3DDevice9_EndScene(dev);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_ZENABLE, D3DZB_FALSE);
        IDirect3DDevice9_SetDepthStencilSurface(dev, NULL);
        IDirect3DDevice9_StretchRect(dev, ms, NULL, bb, NULL, D3DTEXF_NONE);
        IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
        if ((px = e2e_read_back(dev, W, H))) {
            check(name, px, W, 10, 32, 0xff00ff00, "depth tested");
            check(name, px, W, 50, 32, RED, "depth tested");
            free(px);
        }
    }
    if (depth)
        IDirect3DDevice9_Release(depth);
    if (ms_depth)
        IDirect3DDevice9_Release(ms_depth);

    /* MULTISAMPLEANTIALIAS FALSE on a 4x target is refused, not ignored. */
    IDirect3DDevice9_SetRenderTarget(dev, 0, ms);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_MULTISAMPLEANTIALIAS, FALSE);
    IDirect3DDevice9_BeginScene(dev);
    ok(quad(dev, 0, 0, 64, 64, 0.5f, RED) == D3DERR_INVALIDCALL,
       "%s: MULTISAMPLEANTIALIAS FALSE on 4x is refused", name);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_MULTISAMPLEANTIALIAS, TRUE);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
done:
    if (ms)
        IDirect3DSurface9_Release(ms);
    if (bb)
        IDirect3DSurface9_Release(bb);
    IDirect3DDevice9_Release(dev);
    IDirect3D9_Release(d3d);

#ifndef _WIN32
    bad_samples(name, 3, WIRE_TEX_COLOR_TARGET);
    bad_samples(name, 4, WIRE_TEX_SAMPLED); /* sampled, and no target */
    bad_samples(name, 128, WIRE_TEX_COLOR_TARGET);
    bad_samples(name, 4, 0);
#endif

    /* A 4x back buffer, resolved at Present. */
    {
        D3DPRESENT_PARAMETERS pp = {0};
        IDirect3DSurface9 *front = NULL;
        D3DLOCKED_RECT lr;
        pp.BackBufferWidth = W;
        pp.BackBufferHeight = H;
        pp.BackBufferFormat = D3DFMT_X8R8G8B8;
        pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
        pp.Windowed = TRUE;
        pp.EnableAutoDepthStencil = TRUE;
        pp.AutoDepthStencilFormat = D3DFMT_D24S8;
        pp.MultiSampleType = D3DMULTISAMPLE_4_SAMPLES;
        d3d = Direct3DCreate9(D3D_SDK_VERSION);
        pp.MultiSampleQuality = 1;
        ok(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, NULL,
                                   D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev) ==
               D3DERR_INVALIDCALL, "%s: a 4x back buffer of quality 1 is refused", name);
        pp.MultiSampleQuality = 0;
        hr = IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, NULL,
                                     D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev);
        ok(hr == D3D_OK, "%s: a device with a 4x back buffer: %#x", name, (unsigned)hr);
        if (FAILED(hr)) {
            IDirect3D9_Release(d3d);
            return;
        }
        IDirect3DDevice9_SetFVF(dev, FVF);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
        ok(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, BLUE,
                                  1.0f, 0) == D3D_OK, "%s: Clear of the 4x back buffer",
           name);
        IDirect3DDevice9_BeginScene(dev);
        ok(tri(dev, 0, 0, 64, 0, 0, 64, 0.5f, RED) == D3D_OK,
           "%s: draw into the 4x back buffer (with its 4x depth)", name);
        IDirect3DDevice9_EndScene(dev);
        ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK,
           "%s: Present resolves", name);
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, W, H, D3DFMT_A8R8G8B8,
                                                     D3DPOOL_SYSTEMMEM, &front, NULL);
        ok(front && IDirect3DDevice9_GetFrontBufferData(dev, 0, front) == D3D_OK,
           "%s: GetFrontBufferData", name);
        if (front && SUCCEEDED(IDirect3DSurface9_LockRect(front, &lr, NULL,
                                                          D3DLOCK_READONLY))) {
            px = malloc(W * H * sizeof(DWORD));
            for (int y = 0; px && y < H; y++)
                for (int x = 0; x < W; x++)
                    px[y * W + x] =
                        ((const DWORD *)((const char *)lr.pBits + (size_t)y * lr.Pitch))[x] |
                        0xff000000u;
            IDirect3DSurface9_UnlockRect(front);
            if (px)
                check_edge_scene(name, px, "front buffer");
            free(px);
        }
        if (front)
            IDirect3DSurface9_Release(front);
        /* Reset to a single-sampled back buffer: it reads back directly. */
        pp.MultiSampleType = D3DMULTISAMPLE_NONE;
        ok(IDirect3DDevice9_Reset(dev, &pp) == D3D_OK, "%s: Reset to 1x", name);
        IDirect3DDevice9_SetFVF(dev, FVF);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
        IDirect3DDevice9_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, BLUE,
                               1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        ok(tri(dev, 0, 0, 64, 0, 0, 64, 0.5f, RED) == D3D_OK, "%s: draw after Reset", name);
        IDirect3DDevice9_EndScene(dev);
        ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK,
           "%s: Present after Reset", name);
        if ((px = e2e_read_back(dev, W, H))) {
            DWORD c = px[(64 - 32) * W + 32];
            ok(c == RED || c == BLUE, "%s: 1x again: the edge pixel is %08x", name,
               (unsigned)c);
            free(px);
        } else {
            ok(0, "%s: read back after Reset", name);
        }
        IDirect3DDevice9_Release(dev);
        IDirect3D9_Release(d3d);
    }
}

int main(void)
{
    struct e2e_server server;
    bool have_server = e2e_server_start(&server);

    ok(have_server, "nereid-server started (NEREID_SERVER_EXE=%s)",
       getenv("NEREID_SERVER_EXE") ? getenv("NEREID_SERVER_EXE") : "(unset)");
    for (int t = 0; t < E2E_COUNT; t++) {
        if ((t != E2E_INPROC && !have_server) ||
            !e2e_transport_supported((enum e2e_transport)t))
            continue;
        run((enum e2e_transport)t, &server);
    }
    if (have_server)
        ok(e2e_server_stop(&server) == 0,
           "nereid-server exits cleanly (3 means validation errors)");
    return test_done();
}
