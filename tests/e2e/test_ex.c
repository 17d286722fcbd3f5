/* Direct3D 9Ex over every transport, with the validation layer on, as the
 * D3D9Ex documentation and Wine's d3d9ex tests (checked on Windows) have
 * it: Direct3DCreate9Ex and the Ex interfaces answered only by objects it
 * made; the Ex adapter queries and their Size checks; CreateDeviceEx's
 * fullscreen mode rule; no MANAGED pool; Reset keeping DEFAULT-pool
 * resources; PresentEx rendering; frame latency, GPU thread priority,
 * WaitForVBlank, CheckDeviceState, residency; the Ex surface creators'
 * usage rule; the swap chain's present count and display mode; FLIPEX;
 * and the same through a D3DCREATE_MULTITHREADED device's locking vtable. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 32
#define H 32
#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

static D3DPRESENT_PARAMETERS params(D3DSWAPEFFECT effect, UINT count)
{
    D3DPRESENT_PARAMETERS pp = {0};
    pp.BackBufferWidth = W;
    pp.BackBufferHeight = H;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.BackBufferCount = count;
    pp.SwapEffect = effect;
    pp.Windowed = TRUE;
    return pp;
}

static DWORD bb_pixel(IDirect3DDevice9 *dev)
{
    DWORD *px = e2e_read_back(dev, W, H);
    DWORD c = px ? px[(H / 2) * W + W / 2] | 0xff000000u : 0xdeadbeef;
    free(px);
    return c;
}

static void test_factory(const char *tn)
{
    IDirect3D9Ex *ex = NULL;
    IDirect3D9 *plain = NULL, *got = NULL;
    IDirect3D9Ex *got_ex = NULL;
    D3DDISPLAYMODEFILTER filter = {sizeof(filter), D3DFMT_X8R8G8B8,
                                   D3DSCANLINEORDERING_PROGRESSIVE};
    D3DDISPLAYMODEEX mode = {sizeof(mode)};
    D3DDISPLAYMODE plain_mode;
    D3DDISPLAYROTATION rot = 0;
    LUID luid = {0, 0};
    UINT count;

    ok(Direct3DCreate9Ex(D3D_SDK_VERSION, NULL) == D3DERR_INVALIDCALL,
       "%s: Direct3DCreate9Ex(NULL)", tn);
    ok(Direct3DCreate9Ex(D3D_SDK_VERSION, &ex) == D3D_OK && ex, "%s: Direct3DCreate9Ex", tn);
    if (!ex)
        return;
    ok(IDirect3D9Ex_QueryInterface(ex, &IID_IDirect3D9, (void **)&got) == S_OK &&
           got == (IDirect3D9 *)ex, "%s: an IDirect3D9Ex is its IDirect3D9", tn);
    if (got)
        IDirect3D9_Release(got);
    plain = Direct3DCreate9(D3D_SDK_VERSION);
    ok(IDirect3D9_QueryInterface(plain, &IID_IDirect3D9Ex, (void **)&got_ex) ==
           E_NOINTERFACE && !got_ex, "%s: Direct3DCreate9's object is not an IDirect3D9Ex", tn);
    IDirect3D9_Release(plain);

    count = IDirect3D9Ex_GetAdapterModeCountEx(ex, 0, &filter);
    ok(count > 0 && count == IDirect3D9Ex_GetAdapterModeCount(ex, 0, D3DFMT_X8R8G8B8),
       "%s: GetAdapterModeCountEx matches GetAdapterModeCount (%u)", tn, count);
    filter.Size = 0;
    ok(IDirect3D9Ex_GetAdapterModeCountEx(ex, 0, &filter) == 0,
       "%s: a filter of the wrong size counts no mode", tn);
    filter.Size = sizeof(filter);
    ok(IDirect3D9Ex_EnumAdapterModesEx(ex, 0, &filter, 0, &mode) == D3D_OK &&
           mode.Width && mode.Height && mode.Format == D3DFMT_X8R8G8B8 &&
           mode.ScanLineOrdering == D3DSCANLINEORDERING_PROGRESSIVE,
       "%s: EnumAdapterModesEx", tn);
    ok(IDirect3D9Ex_EnumAdapterModesEx(ex, 0, &filter, count, &mode) == D3DERR_INVALIDCALL,
       "%s: EnumAdapterModesEx past the last mode", tn);
    mode.Size = 1;
    ok(IDirect3D9Ex_EnumAdapterModesEx(ex, 0, &filter, 0, &mode) == D3DERR_INVALIDCALL,
       "%s: EnumAdapterModesEx into a mode of the wrong size", tn);
    ok(IDirect3D9Ex_GetAdapterDisplayModeEx(ex, 0, &mode, &rot) == D3DERR_INVALIDCALL,
       "%s: GetAdapterDisplayModeEx into a mode of the wrong size", tn);
    mode.Size = sizeof(mode);
    IDirect3D9Ex_GetAdapterDisplayMode(ex, 0, &plain_mode);
    ok(IDirect3D9Ex_GetAdapterDisplayModeEx(ex, 0, &mode, &rot) == D3D_OK &&
           mode.Width == plain_mode.Width && mode.Height == plain_mode.Height &&
           rot == D3DDISPLAYROTATION_IDENTITY,
       "%s: GetAdapterDisplayModeEx is the display mode, unrotated", tn);
    ok(IDirect3D9Ex_GetAdapterLUID(ex, 0, &luid) == D3D_OK && (luid.LowPart || luid.HighPart),
       "%s: GetAdapterLUID", tn);
    ok(IDirect3D9Ex_GetAdapterLUID(ex, 1, &luid) == D3DERR_INVALIDCALL,
       "%s: GetAdapterLUID of a second adapter", tn);
    ok(IDirect3D9Ex_Release(ex) == 0, "%s: released", tn);
}

static IDirect3DDevice9Ex *create_ex(IDirect3D9Ex *ex, D3DPRESENT_PARAMETERS *pp, DWORD flags,
                                     HRESULT *hr)
{
    IDirect3DDevice9Ex *dev = NULL;
    *hr = IDirect3D9Ex_CreateDeviceEx(ex, 0, D3DDEVTYPE_HAL, NULL,
                                      D3DCREATE_SOFTWARE_VERTEXPROCESSING | flags, pp, NULL,
                                      &dev);
    return SUCCEEDED(*hr) ? dev : NULL;
}

/* Makes the device's recorded work visible to other devices: an event
 * query's GetData with D3DGETDATA_FLUSH submits it (as on Windows, where
 * the kernel then orders the devices' work on a shared resource). */
static void flush_device(IDirect3DDevice9 *dev)
{
    IDirect3DQuery9 *q = NULL;
    if (IDirect3DDevice9_CreateQuery(dev, D3DQUERYTYPE_EVENT, &q) == D3D_OK) {
        IDirect3DQuery9_Issue(q, D3DISSUE_END);
        IDirect3DQuery9_GetData(q, NULL, 0, D3DGETDATA_FLUSH);
        IDirect3DQuery9_Release(q);
    }
}

/* D3D9Ex shared resources: a DEFAULT render-target texture, a render
 * target and a plain surface made shareable by one device (pSharedHandle
 * pointing at NULL gets the handle) and opened by another (pointing at
 * the handle), with the same description; what one clears the other
 * copies out. */
static void test_shared(IDirect3D9Ex *ex, IDirect3DDevice9Ex *a, const char *tn)
{
    D3DPRESENT_PARAMETERS pp = params(D3DSWAPEFFECT_DISCARD, 1);
    IDirect3DDevice9Ex *b;
    IDirect3DTexture9 *ta = NULL, *tb = NULL, *other = NULL;
    IDirect3DSurface9 *sa = NULL, *sb = NULL, *bb = NULL, *ra = NULL, *rb = NULL;
    HANDLE h = NULL, h2 = NULL, bogus = (HANDLE)(uintptr_t)0x4444;
    HRESULT hr;

    if (!(b = create_ex(ex, &pp, 0, &hr))) {
        ok(0, "%s: a second Ex device: %#lx", tn, (unsigned long)hr);
        return;
    }
    hr = IDirect3DDevice9Ex_CreateTexture(a, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                          D3DPOOL_DEFAULT, &ta, &h);
    ok(hr == D3D_OK && ta && h, "%s: a shared texture: %#lx, handle %p", tn,
       (unsigned long)hr, h);
    hr = IDirect3DDevice9Ex_CreateTexture(b, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                          D3DPOOL_DEFAULT, &tb, &h);
    ok(hr == D3D_OK && tb, "%s: opened by another device: %#lx", tn, (unsigned long)hr);
    /* An open must describe the resource as it was made. */
    hr = IDirect3DDevice9Ex_CreateTexture(b, 8, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                          D3DPOOL_DEFAULT, &other, &h);
    ok(hr == D3DERR_INVALIDCALL && !other, "%s: opened with another width: %#lx", tn,
       (unsigned long)hr);
    hr = IDirect3DDevice9Ex_CreateTexture(b, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8,
                                          D3DPOOL_DEFAULT, &other, &h);
    ok(hr == D3DERR_INVALIDCALL && !other, "%s: opened with another format: %#lx", tn,
       (unsigned long)hr);
    hr = IDirect3DDevice9Ex_CreateRenderTarget(b, 16, 16, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE,
                                               0, FALSE, &sb, &h);
    ok(hr == D3DERR_INVALIDCALL && !sb, "%s: a texture's handle opened as a surface: %#lx",
       tn, (unsigned long)hr);
    hr = IDirect3DDevice9Ex_CreateTexture(b, 16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                          D3DPOOL_DEFAULT, &other, &bogus);
    ok(hr == D3DERR_INVALIDCALL && !other, "%s: a handle that names nothing: %#lx", tn,
       (unsigned long)hr);
    hr = IDirect3DDevice9Ex_CreateRenderTarget(a, 16, 16, D3DFMT_A8R8G8B8,
                                               D3DMULTISAMPLE_2_SAMPLES, 0, FALSE, &sb, &h2);
    ok(hr == D3DERR_NOTAVAILABLE && !sb, "%s: a shared multisampled target: %#lx", tn,
       (unsigned long)hr);
    h2 = NULL;
    /* The frames: a clear by A, copied by B into its back buffer. */
    if (ta && tb && IDirect3DTexture9_GetSurfaceLevel(ta, 0, &sa) == D3D_OK &&
        IDirect3DTexture9_GetSurfaceLevel(tb, 0, &sb) == D3D_OK &&
        IDirect3DDevice9Ex_GetBackBuffer(b, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb) == D3D_OK) {
        static const DWORD colors[3] = {0xff20c040, 0xffe01080, 0xff0000ff};
        for (int i = 0; i < 3; i++) {
            IDirect3DDevice9Ex_ColorFill(a, sa, NULL, colors[i]);
            flush_device((IDirect3DDevice9 *)a);
            IDirect3DDevice9Ex_StretchRect(b, sb, NULL, bb, NULL, D3DTEXF_POINT);
            DWORD got = bb_pixel((IDirect3DDevice9 *)b);
            ok(got == colors[i], "%s: frame %d: B sees %08lx, A filled %08lx", tn, i,
               (unsigned long)got, (unsigned long)colors[i]);
        }
    } else {
        ok(0, "%s: the shared texture's surfaces", tn);
    }
    /* A render target likewise; it lives while the opener holds it. */
    hr = IDirect3DDevice9Ex_CreateRenderTarget(a, 16, 16, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE,
                                               0, FALSE, &ra, &h2);
    ok(hr == D3D_OK && h2 && h2 != h, "%s: a shared render target: %#lx", tn,
       (unsigned long)hr);
    hr = IDirect3DDevice9Ex_CreateRenderTarget(b, 16, 16, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE,
                                               0, FALSE, &rb, &h2);
    ok(hr == D3D_OK && rb, "%s: opened: %#lx", tn, (unsigned long)hr);
    if (ra && rb && bb) {
        IDirect3DDevice9Ex_ColorFill(a, ra, NULL, 0xff336699);
        flush_device((IDirect3DDevice9 *)a);
        IDirect3DSurface9_Release(ra);
        ra = NULL;
        IDirect3DDevice9Ex_StretchRect(b, rb, NULL, bb, NULL, D3DTEXF_POINT);
        DWORD got = bb_pixel((IDirect3DDevice9 *)b);
        ok(got == 0xff336699, "%s: B's target after A let go: %08lx", tn, (unsigned long)got);
    }
    IUnknown *all[] = {(IUnknown *)ra, (IUnknown *)rb, (IUnknown *)bb, (IUnknown *)sb,
                       (IUnknown *)sa, (IUnknown *)tb, (IUnknown *)ta};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
        if (all[i])
            all[i]->lpVtbl->Release(all[i]);
    ok(IDirect3DDevice9Ex_Release(b) == 0, "%s: second device released", tn);
}

static void test_device(const char *tn, DWORD flags)
{
    IDirect3D9Ex *ex = NULL;
    IDirect3D9 *plain;
    IDirect3DDevice9Ex *dev, *got_ex = NULL;
    IDirect3DDevice9 *pdev = NULL;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DSurface9 *s = NULL;
    IDirect3DSwapChain9 *sc = NULL;
    IDirect3DSwapChain9Ex *scex = NULL;
    D3DPRESENT_PARAMETERS pp = params(D3DSWAPEFFECT_DISCARD, 1);
    D3DDISPLAYMODEEX mode = {sizeof(mode), W, H, 60, D3DFMT_X8R8G8B8,
                             D3DSCANLINEORDERING_PROGRESSIVE};
    struct vertex quad[4] = {{0, 0, 0, 1, 0xff00ff00}, {W, 0, 0, 1, 0xff00ff00},
                             {0, H, 0, 1, 0xff00ff00}, {W, H, 0, 1, 0xff00ff00}};
    char name[96];
    UINT u = 0;
    INT prio = 99;
    HRESULT hr;

    snprintf(name, sizeof(name), "%s%s", tn, flags ? " (multithreaded)" : "");
    tn = name;
    if (FAILED(Direct3DCreate9Ex(D3D_SDK_VERSION, &ex)))
        return;
    /* A fullscreen mode for a windowed device is a bad call. */
    ok(IDirect3D9Ex_CreateDeviceEx(ex, 0, D3DDEVTYPE_HAL, NULL,
                                   D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &mode,
                                   &dev) == D3DERR_INVALIDCALL,
       "%s: CreateDeviceEx with a mode and Windowed", tn);
    if (!(dev = create_ex(ex, &pp, flags, &hr))) {
        ok(0, "%s: CreateDeviceEx: %#lx", tn, (unsigned long)hr);
        IDirect3D9Ex_Release(ex);
        return;
    }
    ok(IDirect3DDevice9Ex_QueryInterface(dev, &IID_IDirect3DDevice9Ex, (void **)&got_ex) ==
           S_OK && got_ex, "%s: the device is an IDirect3DDevice9Ex", tn);
    if (got_ex)
        IDirect3DDevice9Ex_Release(got_ex);

    if (!flags)
        test_shared(ex, dev, tn);

    /* No MANAGED pool. */
    ok(IDirect3DDevice9Ex_CreateTexture(dev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                        &tex, NULL) == D3DERR_INVALIDCALL && !tex,
       "%s: a MANAGED texture is refused", tn);
    ok(IDirect3DDevice9Ex_CreateVertexBuffer(dev, 64, 0, 0, D3DPOOL_MANAGED, &vb, NULL) ==
           D3DERR_INVALIDCALL && !vb, "%s: a MANAGED vertex buffer is refused", tn);

    /* PresentEx shows what was drawn. */
    IDirect3DDevice9Ex_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff0000ff, 1, 0);
    IDirect3DDevice9Ex_BeginScene(dev);
    IDirect3DDevice9Ex_SetFVF(dev, FVF);
    IDirect3DDevice9Ex_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, quad, sizeof(quad[0]));
    IDirect3DDevice9Ex_EndScene(dev);
    ok(bb_pixel((IDirect3DDevice9 *)dev) == 0xff00ff00, "%s: drawn", tn);
    ok(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0) == D3D_OK, "%s: PresentEx",
       tn);
    ok(IDirect3DDevice9Ex_GetSwapChain(dev, 0, &sc) == D3D_OK, "%s: GetSwapChain", tn);
    ok(sc && IDirect3DSwapChain9_QueryInterface(sc, &IID_IDirect3DSwapChain9Ex,
                                                (void **)&scex) == S_OK && scex,
       "%s: its swap chain is an IDirect3DSwapChain9Ex", tn);
    if (scex) {
        ok(IDirect3DSwapChain9Ex_GetLastPresentCount(scex, &u) == D3D_OK && u == 1,
           "%s: GetLastPresentCount after one present (%u)", tn, u);
        IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, D3DPRESENT_DONOTWAIT);
        ok(IDirect3DSwapChain9Ex_GetLastPresentCount(scex, &u) == D3D_OK && u == 2,
           "%s: GetLastPresentCount after two (%u)", tn, u);
        mode.Size = sizeof(mode);
        ok(IDirect3DSwapChain9Ex_GetDisplayModeEx(scex, &mode, NULL) == D3D_OK && mode.Width,
           "%s: the swap chain's GetDisplayModeEx", tn);
        IDirect3DSwapChain9Ex_Release(scex);
    }
    if (sc)
        IDirect3DSwapChain9_Release(sc);

    /* Latency, priority, vertical blank, state, residency. */
    ok(IDirect3DDevice9Ex_GetMaximumFrameLatency(dev, &u) == D3D_OK && u == 3,
       "%s: the default frame latency is 3 (%u)", tn, u);
    ok(IDirect3DDevice9Ex_SetMaximumFrameLatency(dev, 31) == D3DERR_INVALIDCALL,
       "%s: a frame latency of 31 is refused", tn);
    ok(IDirect3DDevice9Ex_SetMaximumFrameLatency(dev, 1) == D3D_OK &&
           IDirect3DDevice9Ex_GetMaximumFrameLatency(dev, &u) == D3D_OK && u == 1,
       "%s: a frame latency of 1", tn);
    ok(IDirect3DDevice9Ex_SetMaximumFrameLatency(dev, 0) == D3D_OK &&
           IDirect3DDevice9Ex_GetMaximumFrameLatency(dev, &u) == D3D_OK && u == 3,
       "%s: a frame latency of 0 is the default", tn);
    ok(IDirect3DDevice9Ex_SetGPUThreadPriority(dev, 8) == D3DERR_INVALIDCALL,
       "%s: a GPU thread priority of 8 is refused", tn);
    ok(IDirect3DDevice9Ex_SetGPUThreadPriority(dev, -3) == D3D_OK &&
           IDirect3DDevice9Ex_GetGPUThreadPriority(dev, &prio) == D3D_OK && prio == -3,
       "%s: GPU thread priority -3 (%d)", tn, prio);
    ok(IDirect3DDevice9Ex_WaitForVBlank(dev, 0) == D3D_OK, "%s: WaitForVBlank", tn);
    ok(IDirect3DDevice9Ex_WaitForVBlank(dev, 1) == D3DERR_INVALIDCALL,
       "%s: WaitForVBlank of a swap chain that is not there", tn);
    ok(IDirect3DDevice9Ex_CheckDeviceState(dev, NULL) == D3D_OK, "%s: CheckDeviceState", tn);
    ok(IDirect3DDevice9Ex_TestCooperativeLevel(dev) == D3D_OK, "%s: TestCooperativeLevel", tn);
    ok(IDirect3DDevice9Ex_CheckResourceResidency(dev, NULL, 0) == D3D_OK,
       "%s: CheckResourceResidency of nothing", tn);
    mode.Size = 0;
    ok(IDirect3DDevice9Ex_GetDisplayModeEx(dev, 0, &mode, NULL) == D3DERR_INVALIDCALL,
       "%s: GetDisplayModeEx into a mode of the wrong size", tn);

    /* The Ex creators: usage flags that name the kind are refused. */
    ok(IDirect3DDevice9Ex_CreateRenderTargetEx(dev, 16, 16, D3DFMT_X8R8G8B8,
                                               D3DMULTISAMPLE_NONE, 0, FALSE, &s, NULL,
                                               D3DUSAGE_RENDERTARGET) == D3DERR_INVALIDCALL &&
           !s, "%s: CreateRenderTargetEx with D3DUSAGE_RENDERTARGET", tn);
    ok(IDirect3DDevice9Ex_CreateRenderTargetEx(dev, 16, 16, D3DFMT_X8R8G8B8,
                                               D3DMULTISAMPLE_NONE, 0, FALSE, &s, NULL,
                                               D3DUSAGE_DYNAMIC) == D3DERR_INVALIDCALL &&
           !s, "%s: CreateRenderTargetEx with D3DUSAGE_DYNAMIC", tn);
    {
        IDirect3DCubeTexture9 *cube = NULL;
        ok(IDirect3DDevice9Ex_CreateCubeTexture(dev, 16, 1, D3DUSAGE_DEPTHSTENCIL, D3DFMT_D24S8,
                                                D3DPOOL_DEFAULT, &cube, NULL) ==
               D3DERR_INVALIDCALL && !cube, "%s: a depth cube map is refused", tn);
    }
    ok(IDirect3DDevice9Ex_CreateRenderTargetEx(dev, 16, 16, D3DFMT_X8R8G8B8,
                                               D3DMULTISAMPLE_NONE, 0, FALSE, &s, NULL, 0) ==
           D3D_OK && s, "%s: CreateRenderTargetEx", tn);
    if (s)
        IDirect3DSurface9_Release(s);
    s = NULL;
    ok(IDirect3DDevice9Ex_CreateDepthStencilSurfaceEx(dev, 16, 16, D3DFMT_D24S8,
                                                      D3DMULTISAMPLE_NONE, 0, FALSE, &s, NULL,
                                                      0) == D3D_OK && s,
       "%s: CreateDepthStencilSurfaceEx", tn);
    if (s)
        IDirect3DSurface9_Release(s);
    s = NULL;
    ok(IDirect3DDevice9Ex_CreateOffscreenPlainSurfaceEx(dev, 16, 16, D3DFMT_X8R8G8B8,
                                                        D3DPOOL_SYSTEMMEM, &s, NULL, 0) ==
           D3D_OK && s, "%s: CreateOffscreenPlainSurfaceEx", tn);
    {
        /* A refusal: the target and depth creators leave *out, this one
         * clears it (Windows, as Wine's d3d9ex tests have it). */
        IDirect3DSurface9 *bad = (IDirect3DSurface9 *)(uintptr_t)0xdeadbeef;
        ok(IDirect3DDevice9Ex_CreateOffscreenPlainSurfaceEx(dev, 16, 16, D3DFMT_X8R8G8B8,
                                                            D3DPOOL_SYSTEMMEM, &bad, NULL,
                                                            D3DUSAGE_DYNAMIC) ==
               D3DERR_INVALIDCALL && !bad, "%s: a refused plain Ex surface is NULL", tn);
        bad = (IDirect3DSurface9 *)(uintptr_t)0xdeadbeef;
        ok(IDirect3DDevice9Ex_CreateDepthStencilSurfaceEx(dev, 16, 16, D3DFMT_D24S8,
                                                          D3DMULTISAMPLE_NONE, 0, FALSE, &bad,
                                                          NULL, D3DUSAGE_DEPTHSTENCIL) ==
                   D3DERR_INVALIDCALL &&
               bad == (IDirect3DSurface9 *)(uintptr_t)0xdeadbeef,
           "%s: a refused depth Ex surface is left alone", tn);
    }
    if (s)
        IDirect3DSurface9_Release(s);

    /* Reset keeps DEFAULT-pool resources. */
    ok(IDirect3DDevice9Ex_CreateTexture(dev, 8, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8,
                                        D3DPOOL_DEFAULT, &tex, NULL) == D3D_OK,
       "%s: a DEFAULT render target texture", tn);
    pp = params(D3DSWAPEFFECT_DISCARD, 1);
    ok(IDirect3DDevice9Ex_ResetEx(dev, &pp, &mode) == D3DERR_INVALIDCALL,
       "%s: ResetEx with a mode and Windowed", tn);
    ok(IDirect3DDevice9Ex_ResetEx(dev, &pp, NULL) == D3D_OK,
       "%s: ResetEx with a DEFAULT texture alive", tn);
    ok(IDirect3DDevice9Ex_Reset(dev, &pp) == D3D_OK, "%s: Reset with it alive", tn);
    if (tex) {
        IDirect3DSurface9 *level = NULL;
        IDirect3DTexture9_GetSurfaceLevel(tex, 0, &level);
        ok(level && IDirect3DDevice9Ex_SetRenderTarget(dev, 0, level) == D3D_OK &&
               IDirect3DDevice9Ex_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xffff0000, 1, 0) ==
                   D3D_OK, "%s: the texture still renders after Reset", tn);
        if (level)
            IDirect3DSurface9_Release(level);
        IDirect3DTexture9_Release(tex);
    }
    /* Reset keeps states and bindings but the targets; the viewport
     * covers the new back buffer with its depth range kept; a back buffer
     * the application holds lives on with its old size. */
    {
        IDirect3DVertexBuffer9 *vb2 = NULL, *got_vb = NULL;
        IDirect3DSurface9 *old_bb = NULL, *new_bb = NULL;
        D3DVIEWPORT9 vp = {2, 3, 10, 10, 0.25f, 0.75f};
        D3DSURFACE_DESC d;
        DWORD value = 0;
        UINT offset = 9, stride = 0;
        IDirect3DDevice9Ex_CreateVertexBuffer(dev, 64, 0, 0, D3DPOOL_DEFAULT, &vb2, NULL);
        IDirect3DDevice9Ex_SetStreamSource(dev, 0, vb2, 0, 16);
        IDirect3DDevice9Ex_SetRenderState(dev, D3DRS_LIGHTING, FALSE);
        IDirect3DDevice9Ex_SetViewport(dev, &vp);
        IDirect3DDevice9Ex_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &old_bb);
        pp = params(D3DSWAPEFFECT_DISCARD, 1);
        pp.BackBufferWidth = 2 * W;
        ok(IDirect3DDevice9Ex_Reset(dev, &pp) == D3D_OK,
           "%s: Reset with a back buffer held and a vertex buffer bound", tn);
        IDirect3DDevice9Ex_GetRenderState(dev, D3DRS_LIGHTING, &value);
        ok(value == FALSE, "%s: Reset keeps render states (%lu)", tn, (unsigned long)value);
        ok(IDirect3DDevice9Ex_GetStreamSource(dev, 0, &got_vb, &offset, &stride) == D3D_OK &&
               got_vb == vb2 && stride == 16, "%s: Reset keeps the stream source", tn);
        if (got_vb)
            IDirect3DVertexBuffer9_Release(got_vb);
        IDirect3DDevice9Ex_GetViewport(dev, &vp);
        ok(vp.X == 0 && vp.Y == 0 && vp.Width == 2 * W && vp.Height == H && vp.MinZ == 0.25f &&
               vp.MaxZ == 0.75f, "%s: the viewport after Reset: %lu,%lu %lux%lu %g-%g", tn,
           (unsigned long)vp.X, (unsigned long)vp.Y, (unsigned long)vp.Width,
           (unsigned long)vp.Height, vp.MinZ, vp.MaxZ);
        IDirect3DDevice9Ex_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &new_bb);
        ok(new_bb && new_bb != old_bb, "%s: a new back buffer", tn);
        if (old_bb) {
            IDirect3DSurface9_GetDesc(old_bb, &d);
            ok(d.Width == W, "%s: the held back buffer keeps its size (%u)", tn, d.Width);
            ok(IDirect3DSurface9_Release(old_bb) == 0, "%s: and is released", tn);
        }
        if (new_bb)
            IDirect3DSurface9_Release(new_bb);
        IDirect3DDevice9Ex_SetStreamSource(dev, 0, NULL, 0, 0);
        if (vb2)
            IDirect3DVertexBuffer9_Release(vb2);
    }

    /* SYSTEMMEM textures and surfaces on the application's memory. */
    {
        static DWORD mem[16 * 16];
        void *p = mem;
        D3DLOCKED_RECT lr = {0};
        IDirect3DCubeTexture9 *cube = NULL;
        tex = NULL;
        ok(IDirect3DDevice9Ex_CreateTexture(dev, 16, 16, 0, 0, D3DFMT_A8R8G8B8,
                                            D3DPOOL_SYSTEMMEM, &tex, &p) ==
               D3DERR_INVALIDCALL, "%s: user memory needs one level", tn);
        ok(IDirect3DDevice9Ex_CreateTexture(dev, 16, 16, 1, 0, D3DFMT_A8R8G8B8,
                                            D3DPOOL_SCRATCH, &tex, &p) == D3DERR_INVALIDCALL,
           "%s: user memory is for SYSTEMMEM", tn);
        ok(IDirect3DDevice9Ex_CreateCubeTexture(dev, 2, 1, 0, D3DFMT_A8R8G8B8,
                                                D3DPOOL_SYSTEMMEM, &cube, &p) ==
               D3DERR_INVALIDCALL, "%s: user memory is for 2D textures", tn);
        ok(IDirect3DDevice9Ex_CreateVertexBuffer(dev, 16, 0, 0, D3DPOOL_SYSTEMMEM, &vb, &p) ==
               D3DERR_NOTAVAILABLE, "%s: buffers on user memory are not available", tn);
        ok(IDirect3DDevice9Ex_CreateTexture(dev, 15, 16, 1, 0, D3DFMT_L8, D3DPOOL_SYSTEMMEM,
                                            &tex, &p) == D3D_OK && tex,
           "%s: an L8 texture on user memory", tn);
        if (tex) {
            ok(IDirect3DTexture9_LockRect(tex, 0, &lr, NULL, 0) == D3D_OK &&
                   lr.pBits == p && lr.Pitch == 15,
               "%s: it locks at that memory with packed rows (%p, pitch %d)", tn, lr.pBits,
               lr.Pitch);
            IDirect3DTexture9_UnlockRect(tex, 0);
            ok(IDirect3DTexture9_Release(tex) == 0, "%s: released", tn);
        }
        ok(IDirect3DDevice9Ex_CreateOffscreenPlainSurface(dev, 16, 16, D3DFMT_A8R8G8B8,
                                                          D3DPOOL_SYSTEMMEM, &s, &p) ==
               D3D_OK && s, "%s: a surface on user memory", tn);
        if (s) {
            ok(IDirect3DSurface9_LockRect(s, &lr, NULL, 0) == D3D_OK && lr.pBits == p &&
                   lr.Pitch == 64, "%s: it locks at that memory", tn);
            IDirect3DSurface9_UnlockRect(s);
            IDirect3DSurface9_Release(s);
        }
    }
    ok(IDirect3DDevice9Ex_Release(dev) == 0, "%s: device released", tn);

    /* FLIPEX: an Ex swap effect. */
    pp = params(D3DSWAPEFFECT_FLIPEX, 2);
    dev = create_ex(ex, &pp, flags, &hr);
    ok(dev != NULL, "%s: a FLIPEX device: %#lx", tn, (unsigned long)hr);
    if (dev) {
        IDirect3DDevice9Ex_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xffff00ff, 1, 0);
        ok(IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0) == D3D_OK,
           "%s: FLIPEX PresentEx", tn);
        ok(IDirect3DDevice9Ex_Release(dev) == 0, "%s: FLIPEX device released", tn);
    }
    /* D3D9Ex allows 30 back buffers (D3DPRESENT_BACK_BUFFERS_MAX_EX). */
    pp = params(D3DSWAPEFFECT_FLIP, 30);
    dev = create_ex(ex, &pp, flags, &hr);
    ok(dev != NULL, "%s: 30 back buffers: %#lx", tn, (unsigned long)hr);
    if (dev) {
        IDirect3DSurface9 *bb = NULL;
        ok(IDirect3DDevice9Ex_GetBackBuffer(dev, 0, 29, D3DBACKBUFFER_TYPE_MONO, &bb) ==
               D3D_OK && bb, "%s: the 30th back buffer", tn);
        if (bb)
            IDirect3DSurface9_Release(bb);
        for (int i = 0; i < 31; i++)
            IDirect3DDevice9Ex_PresentEx(dev, NULL, NULL, NULL, NULL, 0);
        ok(IDirect3DDevice9Ex_Release(dev) == 0, "%s: 30-buffer device released", tn);
    }
    pp = params(D3DSWAPEFFECT_FLIP, 31);
    ok(!create_ex(ex, &pp, flags, &hr) && hr == D3DERR_INVALIDCALL,
       "%s: 31 back buffers are refused", tn);
    ok(IDirect3D9Ex_Release(ex) == 0, "%s: IDirect3D9Ex released", tn);

    /* The plain interfaces: no Ex, a MANAGED pool, FLIPEX refused. */
    plain = Direct3DCreate9(D3D_SDK_VERSION);
    pp = params(D3DSWAPEFFECT_FLIPEX, 2);
    ok(IDirect3D9_CreateDevice(plain, 0, D3DDEVTYPE_HAL, NULL,
                               D3DCREATE_SOFTWARE_VERTEXPROCESSING | flags, &pp, &pdev) ==
           D3DERR_INVALIDCALL, "%s: FLIPEX without Ex is refused", tn);
    pp = params(D3DSWAPEFFECT_FLIP, 4);
    ok(IDirect3D9_CreateDevice(plain, 0, D3DDEVTYPE_HAL, NULL,
                               D3DCREATE_SOFTWARE_VERTEXPROCESSING | flags, &pp, &pdev) ==
           D3DERR_INVALIDCALL, "%s: 4 back buffers without Ex are refused", tn);
    pp = params(D3DSWAPEFFECT_DISCARD, 1);
    if (SUCCEEDED(IDirect3D9_CreateDevice(plain, 0, D3DDEVTYPE_HAL, NULL,
                                          D3DCREATE_SOFTWARE_VERTEXPROCESSING | flags, &pp,
                                          &pdev))) {
        got_ex = NULL;
        ok(IDirect3DDevice9_QueryInterface(pdev, &IID_IDirect3DDevice9Ex, (void **)&got_ex) ==
               E_NOINTERFACE && !got_ex, "%s: a plain device is no IDirect3DDevice9Ex", tn);
        tex = NULL;
        ok(IDirect3DDevice9_CreateTexture(pdev, 8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED,
                                          &tex, NULL) == D3D_OK,
           "%s: a plain device has MANAGED textures", tn);
        if (tex)
            IDirect3DTexture9_Release(tex);
        ok(IDirect3DDevice9_CreateTexture(pdev, 8, 8, 1, D3DUSAGE_RENDERTARGET,
                                          D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &tex, NULL) ==
               D3D_OK, "%s: a DEFAULT texture", tn);
        ok(IDirect3DDevice9_Reset(pdev, &pp) == D3DERR_INVALIDCALL,
           "%s: a plain Reset refuses a DEFAULT texture alive", tn);
        IDirect3DTexture9_Release(tex);
        /* pSharedHandle is reserved for plain D3D9: E_NOTIMPL (Windows XP's
         * answer, which Wine's device test expects). */
        {
            HANDLE handle = NULL;
            IDirect3DSurface9 *ps = NULL;
            IDirect3DVertexBuffer9 *pvb = NULL;
            IDirect3DCubeTexture9 *cube = NULL;
            tex = NULL;
            ok(IDirect3DDevice9_CreateTexture(pdev, 8, 8, 1, 0, D3DFMT_A8R8G8B8,
                                              D3DPOOL_DEFAULT, &tex, &handle) == E_NOTIMPL &&
                   !tex,
               "%s: a plain device's shared texture is E_NOTIMPL", tn);
            ok(IDirect3DDevice9_CreateTexture(pdev, 8, 8, 1, 0, D3DFMT_A8R8G8B8,
                                              D3DPOOL_SYSTEMMEM, &tex, &handle) == E_NOTIMPL,
               "%s: and its user-memory texture", tn);
            ok(IDirect3DDevice9_CreateOffscreenPlainSurface(pdev, 8, 8, D3DFMT_A8R8G8B8,
                                                            D3DPOOL_SYSTEMMEM, &ps,
                                                            &handle) == E_NOTIMPL,
               "%s: its shared plain surface", tn);
            ok(IDirect3DDevice9_CreateRenderTarget(pdev, 8, 8, D3DFMT_A8R8G8B8,
                                                   D3DMULTISAMPLE_NONE, 0, TRUE, &ps,
                                                   &handle) == E_NOTIMPL,
               "%s: its shared render target", tn);
            ok(IDirect3DDevice9_CreateDepthStencilSurface(pdev, 8, 8, D3DFMT_D24X8,
                                                          D3DMULTISAMPLE_NONE, 0, TRUE, &ps,
                                                          &handle) == E_NOTIMPL,
               "%s: its shared depth surface", tn);
            ok(IDirect3DDevice9_CreateVertexBuffer(pdev, 16, 0, 0, D3DPOOL_DEFAULT, &pvb,
                                                   &handle) == E_NOTIMPL,
               "%s: its shared vertex buffer", tn);
            ok(IDirect3DDevice9_CreateCubeTexture(pdev, 8, 1, 0, D3DFMT_A8R8G8B8,
                                                  D3DPOOL_DEFAULT, &cube, &handle) ==
                   E_NOTIMPL,
               "%s: its shared cube texture", tn);
        }
        ok(IDirect3DDevice9_Release(pdev) == 0, "%s: plain device released", tn);
    } else {
        ok(0, "%s: a plain device", tn);
    }
    IDirect3D9_Release(plain);
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
        e2e_use_transport((enum e2e_transport)t, &server);
        test_factory(e2e_transport_names[t]);
        test_device(e2e_transport_names[t], 0);
        test_device(e2e_transport_names[t], D3DCREATE_MULTITHREADED);
    }
    if (have_server)
        ok(e2e_server_stop(&server) == 0,
           "nereid-server exits cleanly (3 means validation errors)");
    return test_done();
}
