/* Swap chains and lockable targets over every transport, with the
 * validation layer on: the present parameters D3D9 accepts and completes
 * (back buffer counts, the copy effect's single buffer, the focus window
 * as device window), several back buffers with the flip effect rotating
 * their contents at Present while the surfaces keep their identity,
 * additional swap chains (their own back buffers, Present and front
 * buffer, outliving back buffers, Reset refused while one lives), and
 * render targets and back buffers made lockable: a lock reads what the GPU
 * drew and an unlock sends what the application wrote. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 32
#define H 32
#define RED 0xffff0000u
#define GREEN 0xff00ff00u
#define BLUE 0xff0000ffu
#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)
#define FOCUS ((HWND)(uintptr_t)0x1234) /* headless: never dereferenced */

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

static HRESULT draw_quad(IDirect3DDevice9 *dev, DWORD c)
{
    struct vertex v[4] = {{0, 0, 0, 1, c}, {W, 0, 0, 1, c}, {0, H, 0, 1, c},
                          {W, H, 0, 1, c}};
    IDirect3DDevice9_SetFVF(dev, FVF);
    return IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLESTRIP, 2, v, sizeof(v[0]));
}

/* A pixel of a single-sampled X8R8G8B8 target (GetRenderTargetData). */
static DWORD rt_pixel(IDirect3DDevice9 *dev, IDirect3DSurface9 *rt, UINT x, UINT y)
{
    IDirect3DSurface9 *sys = NULL;
    D3DSURFACE_DESC d;
    D3DLOCKED_RECT lr;
    DWORD c = 0xdeadbeef;
    IDirect3DSurface9_GetDesc(rt, &d);
    if (FAILED(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, d.Width, d.Height,
                                                            d.Format, D3DPOOL_SYSTEMMEM,
                                                            &sys, NULL)))
        return c;
    if (SUCCEEDED(IDirect3DDevice9_GetRenderTargetData(dev, rt, sys)) &&
        SUCCEEDED(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY))) {
        c = ((DWORD *)((BYTE *)lr.pBits + (size_t)y * lr.Pitch))[x] | 0xff000000u;
        IDirect3DSurface9_UnlockRect(sys);
    }
    IDirect3DSurface9_Release(sys);
    return c;
}

/* The centre pixel of what a swap chain last presented. */
static DWORD front_pixel(IDirect3DDevice9 *dev, IDirect3DSwapChain9 *sc)
{
    IDirect3DSurface9 *sys = NULL;
    D3DLOCKED_RECT lr;
    DWORD c = 0xdeadbeef;
    if (FAILED(IDirect3DDevice9_CreateOffscreenPlainSurface(dev, W, H, D3DFMT_A8R8G8B8,
                                                            D3DPOOL_SYSTEMMEM, &sys, NULL)))
        return c;
    if (SUCCEEDED(IDirect3DSwapChain9_GetFrontBufferData(sc, sys)) &&
        SUCCEEDED(IDirect3DSurface9_LockRect(sys, &lr, NULL, D3DLOCK_READONLY))) {
        c = ((DWORD *)((BYTE *)lr.pBits + (size_t)(H / 2) * lr.Pitch))[W / 2];
        IDirect3DSurface9_UnlockRect(sys);
    }
    IDirect3DSurface9_Release(sys);
    return c;
}

static D3DPRESENT_PARAMETERS params(UINT count, D3DSWAPEFFECT effect, DWORD flags)
{
    D3DPRESENT_PARAMETERS pp = {0};
    pp.BackBufferWidth = W;
    pp.BackBufferHeight = H;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.BackBufferCount = count;
    pp.SwapEffect = effect;
    pp.Windowed = TRUE;
    pp.Flags = flags;
    return pp;
}

static IDirect3DDevice9 *create(IDirect3D9 *d3d, D3DPRESENT_PARAMETERS *pp, HRESULT *hr)
{
    IDirect3DDevice9 *dev = NULL;
    *hr = IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, FOCUS,
                                  D3DCREATE_SOFTWARE_VERTEXPROCESSING, pp, &dev);
    return SUCCEEDED(*hr) ? dev : NULL;
}

static void test_params(IDirect3D9 *d3d, const char *tn)
{
    static const struct {
        UINT count;
        D3DSWAPEFFECT effect;
        HRESULT hr;
    } cases[] = {
        {0, D3DSWAPEFFECT_COPY, D3D_OK},          {1, D3DSWAPEFFECT_COPY, D3D_OK},
        {2, D3DSWAPEFFECT_COPY, D3DERR_INVALIDCALL}, {2, D3DSWAPEFFECT_DISCARD, D3D_OK},
        {2, D3DSWAPEFFECT_FLIP, D3D_OK},          {3, D3DSWAPEFFECT_FLIP, D3D_OK},
        {4, D3DSWAPEFFECT_DISCARD, D3DERR_INVALIDCALL},
        {4, D3DSWAPEFFECT_FLIP, D3DERR_INVALIDCALL}, {1, 0, D3DERR_INVALIDCALL},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        D3DPRESENT_PARAMETERS pp = params(cases[i].count, cases[i].effect, 0), got;
        IDirect3DSwapChain9 *sc = NULL;
        IDirect3DSurface9 *bb = NULL;
        HRESULT hr;
        IDirect3DDevice9 *dev = create(d3d, &pp, &hr);
        ok(hr == cases[i].hr, "%s: %u back buffers, effect %u: hr %#lx, want %#lx", tn,
           cases[i].count, cases[i].effect, (unsigned long)hr,
           (unsigned long)cases[i].hr);
        if (!dev)
            continue;
        UINT want = cases[i].count ? cases[i].count : 1;
        ok(pp.BackBufferCount == want, "%s: count %u written back as %u", tn,
           cases[i].count, pp.BackBufferCount);
        IDirect3DDevice9_GetSwapChain(dev, 0, &sc);
        IDirect3DSwapChain9_GetPresentParameters(sc, &got);
        ok(got.BackBufferCount == want && got.hDeviceWindow == FOCUS,
           "%s: the chain keeps %u back buffers (%u) and the focus window as its own",
           tn, want, got.BackBufferCount);
        for (UINT b = 0; b < 4; b++) {
            /* A refused index leaves the pointer as it was. */
            bb = (void *)0x1234;
            hr = IDirect3DSwapChain9_GetBackBuffer(sc, b, D3DBACKBUFFER_TYPE_MONO, &bb);
            ok(b < want ? hr == D3D_OK && bb : hr == D3DERR_INVALIDCALL && bb == (void *)0x1234,
               "%s: %u of %u back buffers: GetBackBuffer(%u) hr %#lx", tn, want, want, b,
               (unsigned long)hr);
            if (b < want && bb)
                IDirect3DSurface9_Release(bb);
            bb = NULL;
        }
        IDirect3DSwapChain9_Release(sc);
        ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", tn);
    }
    /* Presentation intervals: DEFAULT, IMMEDIATE and those the caps name
     * (ONE); 3, TWO and the rest are refused (Wine's
     * test_swapchain_parameters, on Windows). */
    static const struct {
        UINT interval;
        HRESULT hr;
    } intervals[] = {
        {D3DPRESENT_INTERVAL_DEFAULT, D3D_OK}, {D3DPRESENT_INTERVAL_ONE, D3D_OK},
        {D3DPRESENT_INTERVAL_IMMEDIATE, D3D_OK}, {D3DPRESENT_INTERVAL_TWO, D3DERR_INVALIDCALL},
        {3, D3DERR_INVALIDCALL}, {0x40000000, D3DERR_INVALIDCALL},
    };
    for (size_t i = 0; i < sizeof(intervals) / sizeof(intervals[0]); i++) {
        D3DPRESENT_PARAMETERS pp = params(1, D3DSWAPEFFECT_DISCARD, 0);
        HRESULT hr;
        pp.PresentationInterval = intervals[i].interval;
        IDirect3DDevice9 *dev = create(d3d, &pp, &hr);
        ok(hr == intervals[i].hr, "%s: presentation interval %#x: hr %#lx", tn,
           intervals[i].interval, (unsigned long)hr);
        if (dev)
            IDirect3DDevice9_Release(dev);
    }
}

/* Flip with two back buffers: Present shows back buffer 0, which then holds
 * what back buffer 1 held; the surfaces stay the same objects, and drawing
 * goes to back buffer 0's new contents. */
static void test_flip(IDirect3D9 *d3d, const char *tn, D3DSWAPEFFECT effect)
{
    D3DPRESENT_PARAMETERS pp = params(2, effect, 0);
    IDirect3DSurface9 *bb0 = NULL, *bb1 = NULL, *again = NULL;
    IDirect3DSwapChain9 *sc = NULL;
    HRESULT hr;
    IDirect3DDevice9 *dev = create(d3d, &pp, &hr);

    ok(dev != NULL, "%s: a flipping device with 2 back buffers (hr %#lx)", tn,
       (unsigned long)hr);
    if (!dev)
        return;
    IDirect3DDevice9_GetSwapChain(dev, 0, &sc);
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb0);
    IDirect3DDevice9_GetBackBuffer(dev, 0, 1, D3DBACKBUFFER_TYPE_MONO, &bb1);
    ok(bb0 && bb1 && bb0 != bb1, "%s: two distinct back buffers", tn);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb1);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, GREEN, 1, 0);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb0);
    IDirect3DDevice9_BeginScene(dev);
    draw_quad(dev, RED);
    IDirect3DDevice9_EndScene(dev);
    ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK, "%s: Present",
       tn);
    ok(front_pixel(dev, sc) == RED, "%s: the front buffer shows back buffer 0 (%08lx)",
       tn, (unsigned long)front_pixel(dev, sc));
    ok(rt_pixel(dev, bb0, 3, 3) == GREEN,
       "%s: after Present back buffer 0 holds what back buffer 1 held (%08lx)", tn,
       (unsigned long)rt_pixel(dev, bb0, 3, 3));
    ok(rt_pixel(dev, bb1, 3, 3) != RED && rt_pixel(dev, bb1, 3, 3) != GREEN,
       "%s: and back buffer 1 the old front buffer (%08lx)", tn,
       (unsigned long)rt_pixel(dev, bb1, 3, 3));
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &again);
    ok(again == bb0, "%s: back buffer 0 is the same surface after Present", tn);
    if (again)
        IDirect3DSurface9_Release(again);
    /* Still render target 0: the next draw lands in its new contents. */
    IDirect3DDevice9_BeginScene(dev);
    draw_quad(dev, BLUE);
    IDirect3DDevice9_EndScene(dev);
    IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
    ok(front_pixel(dev, sc) == BLUE,
       "%s: a draw after Present goes to the new back buffer 0 and is shown (%08lx)", tn,
       (unsigned long)front_pixel(dev, sc));
    ok(rt_pixel(dev, bb1, 3, 3) == RED, "%s: the red picture went back to buffer 1 (%08lx)",
       tn, (unsigned long)rt_pixel(dev, bb1, 3, 3));
    IDirect3DSurface9_Release(bb0);
    IDirect3DSurface9_Release(bb1);
    IDirect3DSwapChain9_Release(sc);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: flipping device released", tn);
}

static void test_additional(IDirect3D9 *d3d, const char *tn)
{
    D3DPRESENT_PARAMETERS pp = params(1, D3DSWAPEFFECT_DISCARD, 0), p2, got;
    IDirect3DSwapChain9 *sc0 = NULL, *sc = NULL, *none = (void *)0xdeadbeef;
    IDirect3DSurface9 *bb0 = NULL, *bb = NULL, *bb2 = NULL;
    IDirect3DDevice9 *dev = create(d3d, &pp, &(HRESULT){0}), *owner = NULL;
    HRESULT hr;
    ULONG ref;

    ok(dev != NULL, "%s: device", tn);
    if (!dev)
        return;
    p2 = params(0, D3DSWAPEFFECT_COPY, 0);
    p2.hDeviceWindow = NULL;
    p2.Windowed = FALSE;
    hr = IDirect3DDevice9_CreateAdditionalSwapChain(dev, &p2, &sc);
    ok(hr == D3DERR_INVALIDCALL && !sc, "%s: a fullscreen additional chain: hr %#lx", tn,
       (unsigned long)hr);
    p2.Windowed = TRUE;
    hr = IDirect3DDevice9_CreateAdditionalSwapChain(dev, &p2, &sc);
    ok(hr == D3D_OK && sc, "%s: CreateAdditionalSwapChain: hr %#lx", tn,
       (unsigned long)hr);
    if (!sc) {
        IDirect3DDevice9_Release(dev);
        return;
    }
    ok(p2.BackBufferCount == 1, "%s: its count of 0 written back as 1 (%u)", tn,
       p2.BackBufferCount);
    IDirect3DSwapChain9_GetPresentParameters(sc, &got);
    ok(got.hDeviceWindow == FOCUS, "%s: its window is the focus window", tn);
    IDirect3DSwapChain9_GetDevice(sc, &owner);
    ok(owner == dev, "%s: GetDevice", tn);
    if (owner)
        IDirect3DDevice9_Release(owner);
    ok(IDirect3DDevice9_GetNumberOfSwapChains(dev) == 1 &&
           IDirect3DDevice9_GetSwapChain(dev, 1, &none) == D3DERR_INVALIDCALL && !none,
       "%s: the device counts only its implicit chain", tn);
    IDirect3DDevice9_GetSwapChain(dev, 0, &sc0);
    ok(sc0 && sc0 != sc, "%s: a chain of its own", tn);
    IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb0);
    ok(bb && bb0 && bb != bb0, "%s: with a back buffer of its own", tn);
    if (bb) {
        IDirect3DSwapChain9 *container = NULL;
        IDirect3DSurface9_GetContainer(bb, &IID_IDirect3DSwapChain9, (void **)&container);
        ok(container == sc, "%s: its back buffer's container is the chain", tn);
        if (container)
            IDirect3DSwapChain9_Release(container);
    }
    /* Each chain draws and presents its own picture. */
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, RED, 1, 0);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DDevice9_BeginScene(dev);
    draw_quad(dev, GREEN);
    IDirect3DDevice9_EndScene(dev);
    ok(IDirect3DSwapChain9_Present(sc, NULL, NULL, NULL, NULL, 0) == D3D_OK,
       "%s: the additional chain presents", tn);
    ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK,
       "%s: the device presents", tn);
    ok(front_pixel(dev, sc) == GREEN, "%s: the additional chain shows its picture (%08lx)",
       tn, (unsigned long)front_pixel(dev, sc));
    ok(front_pixel(dev, sc0) == RED, "%s: the implicit chain shows its own (%08lx)", tn,
       (unsigned long)front_pixel(dev, sc0));
    /* Reset is refused while an additional chain lives. */
    pp = params(1, D3DSWAPEFFECT_DISCARD, 0);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb0);
    IDirect3DSurface9_Release(bb0);
    IDirect3DSwapChain9_Release(sc0);
    hr = IDirect3DDevice9_Reset(dev, &pp);
    ok(hr == D3DERR_INVALIDCALL, "%s: Reset with an additional chain alive: hr %#lx", tn,
       (unsigned long)hr);
    /* Its back buffer outlives the chain while held, and still draws. */
    IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, &bb2);
    ok(bb2 == bb, "%s: the same back buffer", tn);
    if (bb2)
        IDirect3DSurface9_Release(bb2);
    ref = IDirect3DSwapChain9_Release(sc);
    ok(ref == 0, "%s: the chain's last Release (%lu)", tn, (unsigned long)ref);
    hr = IDirect3DDevice9_Reset(dev, &pp);
    ok(hr == D3DERR_INVALIDCALL, "%s: Reset while its back buffer is held: hr %#lx", tn,
       (unsigned long)hr);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, BLUE, 1, 0);
    ok(rt_pixel(dev, bb, 1, 1) == BLUE, "%s: the orphaned back buffer still renders (%08lx)",
       tn, (unsigned long)rt_pixel(dev, bb, 1, 1));
    IDirect3DSurface9_Release(bb); /* still render target 0 */
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb0);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb0); /* frees the orphan */
    IDirect3DSurface9_Release(bb0);
    hr = IDirect3DDevice9_Reset(dev, &pp);
    ok(hr == D3D_OK, "%s: Reset once everything is released: hr %#lx", tn,
       (unsigned long)hr);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", tn);
}

static void test_lockable(IDirect3D9 *d3d, const char *tn)
{
    D3DPRESENT_PARAMETERS pp = params(1, D3DSWAPEFFECT_DISCARD, 0);
    IDirect3DSurface9 *rt = NULL, *bb = NULL;
    D3DLOCKED_RECT lr;
    RECT r = {4, 8, 12, 16};
    HRESULT hr;
    IDirect3DDevice9 *dev = create(d3d, &pp, &hr);

    ok(dev != NULL, "%s: device", tn);
    if (!dev)
        return;
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    hr = IDirect3DSurface9_LockRect(bb, &lr, NULL, 0);
    ok(hr == D3DERR_INVALIDCALL, "%s: a back buffer without the flag does not lock (%#lx)",
       tn, (unsigned long)hr);
    ok(IDirect3DDevice9_SetDialogBoxMode(dev, TRUE) == D3DERR_INVALIDCALL,
       "%s: nor does SetDialogBoxMode succeed", tn);
    IDirect3DSurface9_Release(bb);
    hr = IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_X8R8G8B8,
                                             D3DMULTISAMPLE_NONE, 0, FALSE, &rt, NULL);
    ok(hr == D3D_OK, "%s: a target that is not lockable", tn);
    if (rt) {
        ok(IDirect3DSurface9_LockRect(rt, &lr, NULL, 0) == D3DERR_INVALIDCALL,
           "%s: does not lock", tn);
        IDirect3DSurface9_Release(rt);
        rt = NULL;
    }
    hr = IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_X8R8G8B8,
                                             D3DMULTISAMPLE_NONE, 0, TRUE, &rt, NULL);
    ok(hr == D3D_OK && rt, "%s: a lockable target (hr %#lx)", tn, (unsigned long)hr);
    if (!rt) {
        IDirect3DDevice9_Release(dev);
        return;
    }
    /* Drawn by the GPU, then locked: the lock sees the drawing. */
    IDirect3DDevice9_SetRenderTarget(dev, 0, rt);
    IDirect3DDevice9_BeginScene(dev);
    draw_quad(dev, RED);
    IDirect3DDevice9_EndScene(dev);
    hr = IDirect3DSurface9_LockRect(rt, &lr, NULL, D3DLOCK_READONLY);
    ok(hr == D3D_OK, "%s: LockRect of the lockable target: hr %#lx", tn, (unsigned long)hr);
    if (SUCCEEDED(hr)) {
        DWORD c = ((DWORD *)((BYTE *)lr.pBits + 20 * lr.Pitch))[20] | 0xff000000u;
        ok(c == RED, "%s: the lock reads what was drawn (%08lx)", tn, (unsigned long)c);
        ok(IDirect3DSurface9_LockRect(rt, &lr, NULL, 0) == D3DERR_INVALIDCALL,
           "%s: a second lock is refused", tn);
        IDirect3DSurface9_UnlockRect(rt);
    }
    /* Written through a rectangle's lock: the GPU sees the writes. */
    hr = IDirect3DSurface9_LockRect(rt, &lr, &r, 0);
    ok(hr == D3D_OK, "%s: LockRect of a rectangle: hr %#lx", tn, (unsigned long)hr);
    if (SUCCEEDED(hr)) {
        DWORD c = *(DWORD *)lr.pBits | 0xff000000u;
        ok(c == RED, "%s: the rectangle's pointer is at its corner (%08lx)", tn,
           (unsigned long)c);
        for (int y = 0; y < r.bottom - r.top; y++)
            for (int x = 0; x < r.right - r.left; x++)
                ((DWORD *)((BYTE *)lr.pBits + (size_t)y * lr.Pitch))[x] = GREEN;
        IDirect3DSurface9_UnlockRect(rt);
    }
    ok(rt_pixel(dev, rt, 4, 8) == GREEN && rt_pixel(dev, rt, 11, 15) == GREEN,
       "%s: the written rectangle reaches the GPU (%08lx)", tn,
       (unsigned long)rt_pixel(dev, rt, 4, 8));
    ok(rt_pixel(dev, rt, 3, 8) == RED && rt_pixel(dev, rt, 12, 15) == RED &&
           rt_pixel(dev, rt, 4, 16) == RED,
       "%s: and nothing outside it", tn);
    /* Drawn over again: the next lock sees the new drawing. */
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, BLUE, 1, 0);
    if (SUCCEEDED(IDirect3DSurface9_LockRect(rt, &lr, &r, D3DLOCK_READONLY))) {
        DWORD c = *(DWORD *)lr.pBits | 0xff000000u;
        ok(c == BLUE, "%s: a later lock sees the later drawing (%08lx)", tn,
           (unsigned long)c);
        IDirect3DSurface9_UnlockRect(rt);
    } else {
        ok(0, "%s: the third lock", tn);
    }
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    IDirect3DDevice9_SetRenderTarget(dev, 0, bb);
    IDirect3DSurface9_Release(bb);
    IDirect3DSurface9_Release(rt);
    ok(IDirect3DDevice9_CreateRenderTarget(dev, W, H, D3DFMT_X8R8G8B8,
                                           D3DMULTISAMPLE_4_SAMPLES, 0, TRUE, &rt,
                                           NULL) == D3DERR_INVALIDCALL,
       "%s: a lockable multisampled target is refused", tn);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", tn);

    /* A lockable back buffer. */
    pp = params(1, D3DSWAPEFFECT_DISCARD, D3DPRESENTFLAG_LOCKABLE_BACKBUFFER);
    if (!(dev = create(d3d, &pp, &hr))) {
        ok(0, "%s: a device with a lockable back buffer (hr %#lx)", tn, (unsigned long)hr);
        return;
    }
    ok(IDirect3DDevice9_SetDialogBoxMode(dev, TRUE) == D3D_OK,
       "%s: SetDialogBoxMode with a lockable back buffer", tn);
    IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, GREEN, 1, 0);
    hr = IDirect3DSurface9_LockRect(bb, &lr, NULL, 0);
    ok(hr == D3D_OK, "%s: the lockable back buffer locks: hr %#lx", tn, (unsigned long)hr);
    if (SUCCEEDED(hr)) {
        DWORD *p = (DWORD *)((BYTE *)lr.pBits + (H / 2) * lr.Pitch) + W / 2;
        ok((*p | 0xff000000u) == GREEN, "%s: and reads the clear (%08lx)", tn,
           (unsigned long)*p);
        *p = BLUE;
        IDirect3DSurface9_UnlockRect(bb);
    }
    IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL);
    {
        IDirect3DSwapChain9 *sc = NULL;
        IDirect3DDevice9_GetSwapChain(dev, 0, &sc);
        ok(front_pixel(dev, sc) == BLUE, "%s: the pixel written is presented (%08lx)", tn,
           (unsigned long)front_pixel(dev, sc));
        IDirect3DSwapChain9_Release(sc);
    }
    IDirect3DSurface9_Release(bb);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", tn);
}

/* Gamma ramps: the identity at first, then what was set (windowed they
 * change no pixel, as D3D9 documents; fullscreen is test_hwnd's). */
static void test_gamma(IDirect3D9 *d3d, const char *tn)
{
    D3DPRESENT_PARAMETERS pp = params(1, D3DSWAPEFFECT_DISCARD, 0);
    D3DGAMMARAMP ramp, got;
    IDirect3DDevice9 *dev;
    HRESULT hr;
    bool identity = true;

    if (!(dev = create(d3d, &pp, &hr))) {
        ok(0, "%s: a device (hr %#lx)", tn, (unsigned long)hr);
        return;
    }
    IDirect3DDevice9_GetGammaRamp(dev, 0, &got);
    for (int i = 0; i < 256; i++)
        identity = identity && got.red[i] == i * 257 && got.green[i] == i * 257 &&
                   got.blue[i] == i * 257;
    ok(identity, "%s: the gamma ramp starts as the identity", tn);
    for (int i = 0; i < 256; i++) {
        ramp.red[i] = (WORD)(65535 - i * 257);
        ramp.green[i] = (WORD)(i * 100);
        ramp.blue[i] = (WORD)i;
    }
    IDirect3DDevice9_SetGammaRamp(dev, 0, D3DSGR_NO_CALIBRATION, &ramp);
    IDirect3DDevice9_GetGammaRamp(dev, 0, &got);
    ok(!memcmp(&got, &ramp, sizeof(ramp)), "%s: GetGammaRamp answers the ramp set", tn);
    IDirect3DDevice9_SetGammaRamp(dev, 1, D3DSGR_NO_CALIBRATION, &got); /* no such chain */
    IDirect3DDevice9_GetGammaRamp(dev, 0, &got);
    ok(!memcmp(&got, &ramp, sizeof(ramp)), "%s: a swap chain that is not there changes "
       "nothing", tn);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", tn);
}

static void run(enum e2e_transport t, const struct e2e_server *s)
{
    const char *tn = e2e_transport_names[t];
    IDirect3D9 *d3d;

    e2e_use_transport(t, s);
    if (!(d3d = Direct3DCreate9(D3D_SDK_VERSION))) {
        ok(0, "%s: Direct3DCreate9", tn);
        return;
    }
    test_params(d3d, tn);
    test_flip(d3d, tn, D3DSWAPEFFECT_FLIP);
    /* Discard with several back buffers rotates too (Wine's visual
     * test_flip, on Windows). */
    test_flip(d3d, tn, D3DSWAPEFFECT_DISCARD);
    test_additional(d3d, tn);
    test_lockable(d3d, tn);
    test_gamma(d3d, tn);
    IDirect3D9_Release(d3d);
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
