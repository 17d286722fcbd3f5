/* A Windows program's DXGI swap chain on its own window (Windows build,
 * run under Wine on Xvfb), as a game uses one: frames are read back from
 * the screen (GDI's screen DC, which Wine reads from the X server).
 *   - windowed: the frame shows in the client area; ResizeTarget gives the
 *     client area the mode's size;
 *   - SetFullscreenState(TRUE): GetFullscreenState says so with the
 *     output, GetDesc's Windowed is FALSE, the window covers the screen and
 *     shows the frames, and FALSE gives the window its place back;
 *     FALSE with an output is DXGI_ERROR_INVALID_CALL;
 *   - a swap chain made fullscreen (Windowed FALSE) covers the screen at
 *     once, and its release gives the window and the display back;
 *   - a buffer of another size than the display's: the display takes the
 *     closest mode it has, where it changes modes, and the registry's
 *     mode comes back when fullscreen ends.
 * Without Wine's X11 driver it prints a SKIP line. */
#include <windows.h>
#include <d3d11.h>
#include <dxgi.h>

#include "harness.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static void pump(void)
{
    MSG m;
    while (PeekMessageA(&m, NULL, 0, 0, PM_REMOVE)) {
        TranslateMessage(&m);
        DispatchMessageA(&m);
    }
}

struct chain {
    ID3D11Device *dev;
    ID3D11DeviceContext *ctx;
    IDXGISwapChain *sc;
    ID3D11RenderTargetView *rtv;
};

/* A frame of one colour (0xRRGGBB) presented. */
static HRESULT frame(struct chain *c, DWORD rgb)
{
    const FLOAT col[4] = {(rgb >> 16 & 0xff) / 255.0f, (rgb >> 8 & 0xff) / 255.0f,
                          (rgb & 0xff) / 255.0f, 1.0f};
    ID3D11DeviceContext_ClearRenderTargetView(c->ctx, c->rtv, col);
    return IDXGISwapChain_Present(c->sc, 0, 0);
}

/* The screen's pixel at (x, y) as 0xRRGGBB, polled (and the frame
 * presented again meanwhile, as a program presents all the time) until it
 * is `want`; the last value otherwise. */
static DWORD screen_pixel(struct chain *c, int x, int y, DWORD want)
{
    DWORD got = 0xdeadbeef;
    for (int i = 0; i < 100; i++) {
        HDC dc = GetDC(NULL);
        COLORREF px = GetPixel(dc, x, y);
        ReleaseDC(NULL, dc);
        got = (DWORD)(GetRValue(px) << 16 | GetGValue(px) << 8 | GetBValue(px));
        if (got == want)
            break;
        Sleep(50);
        pump();
        frame(c, want);
    }
    return got;
}

static bool chain_make(struct chain *c, HWND hwnd, UINT w, UINT h, BOOL windowed)
{
    DXGI_SWAP_CHAIN_DESC d = {{w, h, {60, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0},
                              {1, 0},
                              DXGI_USAGE_RENDER_TARGET_OUTPUT,
                              1,
                              hwnd,
                              windowed,
                              DXGI_SWAP_EFFECT_DISCARD,
                              0};
    ID3D11Texture2D *buf = NULL;
    HRESULT hr;
    memset(c, 0, sizeof(*c));
    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                       D3D11_SDK_VERSION, &d, &c->sc, &c->dev, NULL, &c->ctx);
    if (!ok(hr == S_OK, "D3D11CreateDeviceAndSwapChain (%ux%u, windowed %d): %#lx", w, h,
            windowed, (unsigned long)hr))
        return false;
    IDXGISwapChain_GetBuffer(c->sc, 0, &IID_ID3D11Texture2D, (void **)&buf);
    if (buf) {
        ID3D11Device_CreateRenderTargetView(c->dev, (ID3D11Resource *)buf, NULL, &c->rtv);
        ID3D11Texture2D_Release(buf);
    }
    if (!ok(c->rtv != NULL, "the back buffer's view"))
        return false;
    ID3D11DeviceContext_OMSetRenderTargets(c->ctx, 1, &c->rtv, NULL);
    return true;
}

static void chain_free(struct chain *c)
{
    if (c->rtv)
        ID3D11RenderTargetView_Release(c->rtv);
    if (c->ctx) {
        ID3D11DeviceContext_ClearState(c->ctx);
        ID3D11DeviceContext_Release(c->ctx);
    }
    if (c->sc)
        ok(IDXGISwapChain_Release(c->sc) == 0, "the swap chain released");
    if (c->dev)
        ID3D11Device_Release(c->dev);
}

static bool same_rect(const RECT *a, const RECT *b)
{
    return a->left == b->left && a->top == b->top && a->right == b->right &&
           a->bottom == b->bottom;
}

static DEVMODEW current_mode(void)
{
    DEVMODEW dm = {.dmSize = sizeof(dm)};
    EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &dm);
    return dm;
}

int main(void)
{
    RECT r = {0, 0, 160, 120}, before, now;
    struct chain c;
    DEVMODEW desk;
    IDXGIOutput *out = NULL;
    DXGI_SWAP_CHAIN_DESC d;
    BOOL fs = TRUE;
    HWND hwnd;
    HRESULT hr;

    AdjustWindowRect(&r, WS_OVERLAPPEDWINDOW, FALSE);
    hwnd = CreateWindowA("static", "nereid test_dxgi_window", WS_OVERLAPPEDWINDOW | WS_VISIBLE,
                         40, 40, r.right - r.left, r.bottom - r.top, NULL, NULL, NULL, NULL);
    if (!hwnd) {
        skip("cannot make a window");
        return test_done();
    }
    ShowWindow(hwnd, SW_SHOW);
    UpdateWindow(hwnd);
    Sleep(200);
    pump();
    if (!GetPropA(hwnd, "__wine_x11_whole_window")) {
        skip("no X11 window behind the HWND (not Wine's X11 driver, or no display)");
        DestroyWindow(hwnd);
        return test_done();
    }
    desk = current_mode();

    /* Windowed, then fullscreen at the display's size, then back. */
    if (chain_make(&c, hwnd, desk.dmPelsWidth, desk.dmPelsHeight, TRUE)) {
        POINT mid = {80, 60};
        ClientToScreen(hwnd, &mid);
        ok(frame(&c, 0x00ff00) == S_OK, "windowed Present");
        ok(screen_pixel(&c, mid.x, mid.y, 0x00ff00) == 0x00ff00, "windowed: the frame shows");
        ok(IDXGISwapChain_GetFullscreenState(c.sc, &fs, &out) == S_OK && !fs && !out,
           "windowed: GetFullscreenState FALSE, no output");
        ok(IDXGISwapChain_GetContainingOutput(c.sc, &out) == S_OK && out,
           "GetContainingOutput");
        ok(IDXGISwapChain_SetFullscreenState(c.sc, FALSE, out) == DXGI_ERROR_INVALID_CALL,
           "FALSE with an output is DXGI_ERROR_INVALID_CALL");
        if (out)
            IDXGIOutput_Release(out);
        out = NULL;
        GetWindowRect(hwnd, &before);
        hr = IDXGISwapChain_SetFullscreenState(c.sc, TRUE, NULL);
        ok(hr == S_OK, "SetFullscreenState(TRUE): %#lx", (unsigned long)hr);
        pump();
        ok(IDXGISwapChain_GetFullscreenState(c.sc, &fs, &out) == S_OK && fs && out,
           "GetFullscreenState: TRUE and its output");
        if (out)
            IDXGIOutput_Release(out);
        ok(IDXGISwapChain_GetDesc(c.sc, &d) == S_OK && !d.Windowed,
           "GetDesc: Windowed FALSE");
        GetWindowRect(hwnd, &now);
        ok(now.left == 0 && now.top == 0 && now.right == (LONG)desk.dmPelsWidth &&
               now.bottom == (LONG)desk.dmPelsHeight,
           "the window covers the screen: (%ld,%ld)-(%ld,%ld)", now.left, now.top, now.right,
           now.bottom);
        ok(frame(&c, 0xff0000) == S_OK, "fullscreen Present");
        ok(screen_pixel(&c, (int)desk.dmPelsWidth / 2, (int)desk.dmPelsHeight / 2, 0xff0000) ==
               0xff0000,
           "fullscreen: the frame shows at the screen's middle");
        ok(IDXGISwapChain_SetFullscreenState(c.sc, TRUE, NULL) == S_OK,
           "SetFullscreenState(TRUE) again");
        ok(IDXGISwapChain_SetFullscreenState(c.sc, FALSE, NULL) == S_OK,
           "SetFullscreenState(FALSE)");
        pump();
        GetWindowRect(hwnd, &now);
        ok(same_rect(&now, &before), "the window's place is back: (%ld,%ld)-(%ld,%ld)",
           now.left, now.top, now.right, now.bottom);
        ok(IDXGISwapChain_GetFullscreenState(c.sc, &fs, NULL) == S_OK && !fs,
           "GetFullscreenState FALSE again");
        /* ResizeTarget, windowed: the client area takes the size. */
        {
            DXGI_MODE_DESC m = {200, 150, {0, 0}, DXGI_FORMAT_UNKNOWN, 0, 0};
            ok(IDXGISwapChain_ResizeTarget(c.sc, NULL) == DXGI_ERROR_INVALID_CALL,
               "ResizeTarget(NULL) is DXGI_ERROR_INVALID_CALL");
            ok(IDXGISwapChain_ResizeTarget(c.sc, &m) == S_OK, "ResizeTarget(200x150)");
            pump();
            GetClientRect(hwnd, &now);
            ok(now.right == 200 && now.bottom == 150, "the client area is 200x150: %ldx%ld",
               now.right, now.bottom);
            m.Width = 160, m.Height = 120;
            IDXGISwapChain_ResizeTarget(c.sc, &m);
            pump();
        }
    }
    chain_free(&c);

    /* Made fullscreen; its release gives the window back. */
    GetWindowRect(hwnd, &before);
    if (chain_make(&c, hwnd, desk.dmPelsWidth, desk.dmPelsHeight, FALSE)) {
        ok(IDXGISwapChain_GetFullscreenState(c.sc, &fs, NULL) == S_OK && fs,
           "a swap chain made fullscreen is");
        GetWindowRect(hwnd, &now);
        ok(now.left == 0 && now.top == 0 && now.right == (LONG)desk.dmPelsWidth,
           "and its window covers the screen");
        ok(frame(&c, 0x0000ff) == S_OK, "its Present");
        ok(screen_pixel(&c, 10, (int)desk.dmPelsHeight - 10, 0x0000ff) == 0x0000ff,
           "its frame shows at the screen's corner");
    }
    chain_free(&c);
    pump();
    GetWindowRect(hwnd, &now);
    ok(same_rect(&now, &before), "released fullscreen: the window's place is back");

    /* Another mode: the closest the display has to a small buffer. */
    if (chain_make(&c, hwnd, 320, 240, TRUE)) {
        DEVMODEW dm;
        hr = IDXGISwapChain_SetFullscreenState(c.sc, TRUE, NULL);
        ok(hr == S_OK || hr == DXGI_ERROR_NOT_CURRENTLY_AVAILABLE,
           "fullscreen at 320x240: %#lx", (unsigned long)hr);
        dm = current_mode();
        if (hr == S_OK && (dm.dmPelsWidth != desk.dmPelsWidth ||
                           dm.dmPelsHeight != desk.dmPelsHeight)) {
            ok(dm.dmPelsWidth >= 320 && dm.dmPelsHeight >= 240,
               "a mode covering the buffer: %lux%lu", (unsigned long)dm.dmPelsWidth,
               (unsigned long)dm.dmPelsHeight);
            GetWindowRect(hwnd, &now);
            ok(now.right == (LONG)dm.dmPelsWidth && now.bottom == (LONG)dm.dmPelsHeight,
               "the window covers the mode");
        } else {
            skip("the display did not change modes");
        }
        IDXGISwapChain_SetFullscreenState(c.sc, FALSE, NULL);
        dm = current_mode();
        ok(dm.dmPelsWidth == desk.dmPelsWidth && dm.dmPelsHeight == desk.dmPelsHeight,
           "the display's mode is back: %lux%lu", (unsigned long)dm.dmPelsWidth,
           (unsigned long)dm.dmPelsHeight);
    }
    chain_free(&c);
    DestroyWindow(hwnd);
    return test_done();
}
