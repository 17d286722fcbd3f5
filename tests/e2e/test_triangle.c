/* End to end: clear plus triangles through D3D9, the wire and the server,
 * read back with GetRenderTargetData + LockRect and checked at known pixels,
 * over every transport (inproc, shm, stream over a unix socket and over TCP)
 * with the Khronos validation layer on (NEREID_VALIDATION=1 from the test
 * runner; a validation error fails the test). */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#ifndef _WIN32
#include <dlfcn.h>
#endif

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

#define W 64
#define H 64
#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

static void tri(IDirect3DDevice9 *dev, float x0, float y0, float x1, float y1,
                float x2, float y2, DWORD c0, DWORD c1, DWORD c2)
{
    struct vertex v[3] = {{x0, y0, 0.5f, 1, c0}, {x1, y1, 0.5f, 1, c1},
                          {x2, y2, 0.5f, 1, c2}};
    HRESULT hr = IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v,
                                                  sizeof(v[0]));
    ok(hr == D3D_OK, "DrawPrimitiveUP: %#x", (unsigned)hr);
}

static void check(const DWORD *px, const char *t, int x, int y, DWORD want, int tol)
{
    DWORD got = px[y * W + x];
    ok(e2e_color_near(got, want, tol), "%s: pixel (%d,%d) is %08x, expected %08x",
       t, x, y, (unsigned)got, (unsigned)want);
}

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    struct nereid_device_info info;
    uint64_t errors = 1;
    D3DRECT r = {48, 20, 52, 24};
    D3DVIEWPORT9 vp = {16, 16, 16, 16, 0.0f, 1.0f};
    DWORD *px;
    HRESULT hr;

    e2e_use_transport(t, server);
    hr = e2e_create_device(&d3d, &dev, W, H, FALSE);
    ok(hr == D3D_OK, "%s: CreateDevice: %#x", name, (unsigned)hr);
    if (FAILED(hr))
        return;
    ok(nereid_device_get_info(dev, &info) == D3D_OK, "%s: info", name);
    ok(!strcmp(info.transport, name), "%s: runs over %s", name, info.transport);

    /* Frame 1: a scene whose colours can be computed. */
    ok(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1.0f, 0) ==
           D3D_OK, "%s: Clear", name);
    ok(IDirect3DDevice9_BeginScene(dev) == D3D_OK, "%s: BeginScene", name);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    tri(dev, 0, 0, 32, 0, 0, 32, 0xffff0000, 0xffff0000, 0xffff0000);
    tri(dev, 32, 32, 64, 32, 32, 64, 0xff00ff00, 0xff00ff00, 0xff00ff00);
    /* Gouraud: the centroid is the mean of the three colours. */
    tri(dev, 0, 34, 30, 34, 0, 64, 0xffff0000, 0xff00ff00, 0xff0000ff);
    /* Alpha blending over the blue background. */
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, TRUE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
    tri(dev, 40, 0, 64, 0, 64, 24, 0x80ff0000, 0x80ff0000, 0x80ff0000);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_ALPHABLENDENABLE, FALSE);
    ok(IDirect3DDevice9_EndScene(dev) == D3D_OK, "%s: EndScene", name);
    ok(IDirect3DDevice9_Clear(dev, 1, &r, D3DCLEAR_TARGET, 0xffffffff, 1.0f, 0) ==
           D3D_OK, "%s: Clear with a rectangle", name);
    ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK,
       "%s: Present", name);

    px = e2e_read_back(dev, W, H);
    ok(px != NULL, "%s: read back", name);
    if (px) {
        check(px, name, 4, 4, 0xffff0000, 2);
        check(px, name, 36, 36, 0xff00ff00, 2);
        check(px, name, 20, 20, 0xff0000ff, 2);
        check(px, name, 9, 44, 0xff555555, 10);
        check(px, name, 60, 4, 0xff800080, 3);
        check(px, name, 50, 22, 0xffffffff, 0);
        check(px, name, 47, 22, 0xff0000ff, 0);
        check(px, name, 63, 63, 0xff0000ff, 0);
        free(px);
    }

    /* Frame 2: the viewport limits Clear and clips pre-transformed draws. */
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    ok(IDirect3DDevice9_SetViewport(dev, &vp) == D3D_OK, "%s: SetViewport", name);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xffffffff, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    tri(dev, 0, 0, 40, 0, 0, 40, 0xffffff00, 0xffffff00, 0xffffff00);
    IDirect3DDevice9_EndScene(dev);
    px = e2e_read_back(dev, W, H);
    ok(px != NULL, "%s: read back 2", name);
    if (px) {
        check(px, name, 10, 10, 0xff000000, 0);
        check(px, name, 18, 18, 0xffffff00, 0);
        check(px, name, 30, 30, 0xffffffff, 0);
        check(px, name, 40, 40, 0xff000000, 0);
        free(px);
    }
    ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK,
       "%s: Present 2", name);

    /* Reset: refused while a DEFAULT-pool resource lives, then a new size. */
    {
        D3DPRESENT_PARAMETERS pp = {0};
        IDirect3DSurface9 *rt = NULL, *bb = NULL;
        D3DSURFACE_DESC desc;
        pp.BackBufferWidth = 32;
        pp.BackBufferHeight = 32;
        pp.BackBufferFormat = D3DFMT_X8R8G8B8;
        pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
        pp.Windowed = TRUE;
        ok(IDirect3DDevice9_CreateRenderTarget(dev, 8, 8, D3DFMT_X8R8G8B8,
                                               D3DMULTISAMPLE_NONE, 0, FALSE, &rt,
                                               NULL) == D3D_OK, "%s: a render target", name);
        ok(IDirect3DDevice9_Reset(dev, &pp) == D3DERR_INVALIDCALL,
           "%s: Reset refused while a DEFAULT-pool surface lives", name);
        if (rt)
            IDirect3DSurface9_Release(rt);
        IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
        ok(IDirect3DDevice9_Reset(dev, &pp) == D3DERR_INVALIDCALL,
           "%s: Reset refused while the back buffer is held", name);
        if (bb)
            IDirect3DSurface9_Release(bb);
        ok(IDirect3DDevice9_Reset(dev, &pp) == D3D_OK, "%s: Reset", name);
        bb = NULL;
        ok(IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb) == D3D_OK &&
               IDirect3DSurface9_GetDesc(bb, &desc) == D3D_OK && desc.Width == 32 &&
               desc.Height == 32, "%s: the new back buffer is 32x32", name);
        if (bb)
            IDirect3DSurface9_Release(bb);
        IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff123456, 1.0f, 0);
        IDirect3DDevice9_BeginScene(dev);
        IDirect3DDevice9_SetFVF(dev, FVF); /* Reset reset the FVF */
        IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
        tri(dev, 0, 0, 16, 0, 0, 16, 0xffff0000, 0xffff0000, 0xffff0000);
        IDirect3DDevice9_EndScene(dev);
        px = e2e_read_back(dev, 32, 32);
        ok(px && e2e_color_near(px[2 * 32 + 2], 0xffff0000, 1) &&
               e2e_color_near(px[30 * 32 + 30], 0xff123456, 1),
           "%s: rendering after Reset (%08x %08x)", name, px ? (unsigned)px[2 * 32 + 2] : 0,
           px ? (unsigned)px[30 * 32 + 30] : 0);
        free(px);
    }
    ok(nereid_device_sync(dev, &errors) == D3D_OK, "%s: sync", name);
    ok(errors == 0, "%s: %llu Vulkan validation errors", name,
       (unsigned long long)errors);
    ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3D_OK, "%s: not lost", name);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", name);
    ok(IDirect3D9_Release(d3d) == 0, "%s: d3d released", name);
}

/* Every export of the retail d3d9.dll is there: a program that imports
 * one loads (the PE d3d9.dll, and libd3d9.so for DXVK-native's users). */
static void test_exports(void)
{
    static const char *const names[] = {
        "Direct3DCreate9", "Direct3DCreate9Ex", "Direct3DShaderValidatorCreate9",
        "Direct3D9EnableMaximizedWindowedModeShim", "DebugSetLevel", "DebugSetMute",
        "PSGPError", "PSGPSampleTexture", "D3DPERF_BeginEvent", "D3DPERF_EndEvent",
        "D3DPERF_GetStatus", "D3DPERF_QueryRepeatFrame", "D3DPERF_SetMarker",
        "D3DPERF_SetOptions", "D3DPERF_SetRegion"};
#ifdef _WIN32
    HMODULE m = GetModuleHandleA("d3d9.dll");
#endif
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
#ifdef _WIN32
        void *f = m ? (void *)GetProcAddress(m, names[i]) : NULL;
#else
        void *f = dlsym(RTLD_DEFAULT, names[i]);
#endif
        ok(f != NULL, "d3d9 exports %s", names[i]);
    }
    /* The test hooks are libnereid_d3d9_test.so's (nereid_d3d9_test.dll's)
     * only: the library programs load does not export them. */
#ifdef _WIN32
    ok(m && !GetProcAddress(m, "nereid_device_inject"), "d3d9.dll has no test hook");
#else
    ok(!dlsym(RTLD_DEFAULT, "nereid_device_inject"), "libd3d9.so has no test hook");
#endif
}

/* Direct3DShaderValidatorCreate9's validator (its interface is not in the
 * SDK headers; its layout and the answers below are those Wine's device
 * test test_shader_validator pins on Windows). */
typedef HRESULT(WINAPI *validator_cb)(const char *file, int line, DWORD_PTR arg,
                                      DWORD_PTR id, const char *message, void *context);
struct validator {
    const struct {
        HRESULT(WINAPI *QueryInterface)(struct validator *v, REFIID iid, void **out);
        ULONG(WINAPI *AddRef)(struct validator *v);
        ULONG(WINAPI *Release)(struct validator *v);
        HRESULT(WINAPI *Begin)(struct validator *v, validator_cb cb, void *ctx, DWORD_PTR a);
        HRESULT(WINAPI *Instruction)(struct validator *v, const char *file, int line,
                                     const DWORD *tokens, unsigned int count);
        HRESULT(WINAPI *End)(struct validator *v);
    } *vtbl;
};
struct validator_log {
    unsigned calls;
    DWORD_PTR ids[4];
    int lines[4];
};
static HRESULT WINAPI validator_log_cb(const char *file, int line, DWORD_PTR arg, DWORD_PTR id,
                                       const char *message, void *context)
{
    struct validator_log *l = context;
    (void)file; (void)arg;
    if (l && l->calls < 4 && message) {
        l->ids[l->calls] = id;
        l->lines[l->calls++] = line;
    }
    return S_OK;
}

static void test_validator(void)
{
    static const DWORD vs[] = {0xfffe0101, 0x0000001f, 0x80000000, 0x900f0000,
                               0x00000009, 0xc0010000, 0x90e40000, 0xa0e40000, 0x0000ffff};
    static const DWORD ps_3_0 = 0xffff0300, end = 0x0000ffff;
    static const DWORD mov_r2_v9[] = {0x02000001, 0x80220002, 0x90ff0009};
    static const DWORD mov_r2_v10[] = {0x02000001, 0x80220002, 0x90ff000a};
#ifdef _WIN32
    HMODULE m = GetModuleHandleA("d3d9.dll");
    void *(WINAPI *create)(void) =
        m ? (void *(WINAPI *)(void))(void *)GetProcAddress(m, "Direct3DShaderValidatorCreate9")
          : NULL;
#else
    void *(WINAPI *create)(void) =
        (void *(WINAPI *)(void))dlsym(RTLD_DEFAULT, "Direct3DShaderValidatorCreate9");
#endif
    struct validator_log log = {0};
    struct validator *v = create ? create() : NULL;

    if (!ok(v != NULL, "Direct3DShaderValidatorCreate9 makes a validator"))
        return;
    ok(v->vtbl->Begin(v, validator_log_cb, &log, 0) == S_OK &&
           v->vtbl->Instruction(v, NULL, 0, &vs[0], 1) == S_OK &&
           v->vtbl->Instruction(v, NULL, 0, &vs[1], 3) == S_OK &&
           v->vtbl->Instruction(v, NULL, 0, &vs[4], 4) == S_OK &&
           v->vtbl->Instruction(v, NULL, 0, &vs[8], 1) == S_OK && v->vtbl->End(v) == S_OK &&
           !log.calls,
       "validator: a valid vs_1_1 passes silently");
    ok(v->vtbl->Begin(v, validator_log_cb, &log, 0) == S_OK &&
           v->vtbl->Instruction(v, "f", 1, &ps_3_0, 1) == S_OK &&
           v->vtbl->Instruction(v, "f", 3, mov_r2_v9, 3) == S_OK &&
           v->vtbl->Instruction(v, "f", 5, &end, 1) == S_OK && v->vtbl->End(v) == S_OK &&
           !log.calls,
       "validator: ps_3_0 reads v9");
    ok(v->vtbl->Begin(v, validator_log_cb, &log, 0) == S_OK &&
           v->vtbl->Instruction(v, "f", 1, &ps_3_0, 1) == S_OK &&
           v->vtbl->Instruction(v, "f", 3, mov_r2_v10, 3) == S_OK &&
           v->vtbl->End(v) == E_FAIL && log.calls == 1 && log.ids[0] == 0x167 &&
           log.lines[0] == 3,
       "validator: v10 of ps_3_0 is reported (0x167) and fails End (%u calls)", log.calls);
    log.calls = 0;
    ok(v->vtbl->Begin(v, validator_log_cb, &log, 0) == S_OK &&
           v->vtbl->Instruction(v, "f", 28, &vs[1], 3) == E_FAIL && log.calls == 2 &&
           log.ids[0] == 0xef && log.ids[1] == 0xf0 && log.lines[0] == -1 &&
           v->vtbl->End(v) == E_FAIL,
       "validator: an instruction before the version is fatal (%u calls)", log.calls);
    log.calls = 0;
    ok(v->vtbl->Begin(v, validator_log_cb, &log, 0) == E_FAIL && log.calls == 1 &&
           log.ids[0] == 0xeb,
       "validator: and no Begin follows it");
    ok(v->vtbl->Release(v) == 0, "validator released");
}

int main(void)
{
    struct e2e_server server;
    bool have_server = e2e_server_start(&server);

    test_exports();
    test_validator();
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
