/* A Windows program's own window (Windows build, run under Wine on Xvfb):
 * d3d9.dll must present into the HWND the program gives, the way a game
 * runs.  The frames are read back from the screen (GDI's screen DC, which
 * Wine reads from the X server) at the window's client area:
 *   - BackBufferWidth/Height 0 take the client area's size;
 *   - frames show in the client area and follow the window when it moves
 *     and when it is resized (stretched in);
 *   - a child window as hDestWindowOverride shows the frame in that child
 *     only;
 *   - a minimized window and a destroyed one: Present still succeeds, the
 *     device is not lost;
 *   - the adapter's modes are the display's (EnumDisplaySettings);
 *   - fullscreen: the device window covers the screen, with its frame and
 *     style as Windows keeps them
 *     and shows the frames, Reset to windowed gives the window back as it
 *     was, a mode the display lacks is refused, another mode of the
 *     display is set and the registry's comes back at Release.
 * Without Wine's X11 driver (no "__wine_x11_whole_window" property) it
 * prints a SKIP line. */
#include <windows.h>

#include "e2e_util.h"
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

static void pump(void)
{
    MSG m;
    while (PeekMessageA(&m, NULL, 0, 0, PM_REMOVE)) {
        TranslateMessage(&m);
        DispatchMessageA(&m);
    }
}

/* The last frame presented, presented again while a check waits: as a
 * program does, which presents all the time (Wine repaints a resized
 * window over the last frame until the next Present: docs/STATUS.md). */
static struct {
    IDirect3DDevice9 *dev;
    DWORD clear, tri;
    HWND override;
} last;

static HRESULT frame(IDirect3DDevice9 *dev, DWORD clear, DWORD tri, HWND override)
{
    last.dev = dev, last.clear = clear, last.tri = tri, last.override = override;
    struct vertex v[3] = {{0, 0, 0.5f, 1, tri}, {16, 0, 0.5f, 1, tri}, {0, 16, 0.5f, 1, tri}};
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, clear, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0]));
    IDirect3DDevice9_EndScene(dev);
    return IDirect3DDevice9_Present(dev, NULL, NULL, override, NULL);
}

/* The screen's pixel at (x, y) of hwnd's client area, as 0xRRGGBB, polled
 * until it is `want` (the server shows a frame a little after Present
 * returns); the last value seen otherwise. */
static bool represent = true; /* off where a check is that nothing changed */

static DWORD screen_pixel(HWND hwnd, int x, int y, DWORD want)
{
    DWORD got = 0xdeadbeef;
    POINT pt = {x, y};
    ClientToScreen(hwnd, &pt);
    for (int i = 0; i < 100; i++) {
        HDC dc = GetDC(NULL);
        COLORREF c = GetPixel(dc, pt.x, pt.y);
        ReleaseDC(NULL, dc);
        got = (DWORD)(GetRValue(c) << 16 | GetGValue(c) << 8 | GetBValue(c));
        if (got == want)
            break;
        Sleep(50);
        pump();
        if (last.dev && represent)
            frame(last.dev, last.clear, last.tri, last.override);
    }
    return got;
}

static void expect(HWND hwnd, const char *what, int x, int y, DWORD want)
{
    DWORD got = screen_pixel(hwnd, x, y, want);
    ok(got == want, "%s: the screen shows %06lx at client (%d, %d), expected %06lx", what,
       (unsigned long)got, x, y, (unsigned long)want);
}


static HWND make_window(int w, int h)
{
    RECT r = {0, 0, w, h};
    HWND hwnd;
    AdjustWindowRect(&r, WS_OVERLAPPEDWINDOW, FALSE);
    hwnd = CreateWindowA("static", "nereid test_hwnd", WS_OVERLAPPEDWINDOW | WS_VISIBLE, 40,
                         40, r.right - r.left, r.bottom - r.top, NULL, NULL, NULL, NULL);
    if (hwnd) {
        ShowWindow(hwnd, SW_SHOW);
        UpdateWindow(hwnd);
        pump();
    }
    return hwnd;
}

static bool display_has_mode(DWORD w, DWORD h, DWORD bpp)
{
    DEVMODEW dm;
    for (DWORD i = 0;; i++) {
        memset(&dm, 0, sizeof(dm));
        dm.dmSize = sizeof(dm);
        if (!EnumDisplaySettingsW(NULL, i, &dm))
            return false;
        if (dm.dmPelsWidth == w && dm.dmPelsHeight == h && dm.dmBitsPerPel == bpp)
            return true;
    }
}

static void test_fullscreen(IDirect3D9 *d3d)
{
    DEVMODEW cur = {.dmSize = sizeof(cur)};
    D3DPRESENT_PARAMETERS pp = {0};
    D3DDISPLAYMODE mode, other = {0};
    IDirect3DDevice9 *dev = NULL;
    HWND hwnd = make_window(200, 150);
    RECT before, rc;
    LONG style;
    UINT count = IDirect3D9_GetAdapterModeCount(d3d, 0, D3DFMT_X8R8G8B8);
    HRESULT hr;
    bool all = true;

    ok(EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &cur), "EnumDisplaySettings");
    {
        const POINT origin = {0, 0};
        ok(IDirect3D9_GetAdapterMonitor(d3d, 0) ==
               MonitorFromPoint(origin, MONITOR_DEFAULTTOPRIMARY),
           "the adapter's monitor is the primary one");
        ok(!IDirect3D9_GetAdapterMonitor(d3d, 1), "no second adapter's monitor");
    }
    ok(count > 0, "the adapter has %u X8R8G8B8 modes", count);
    for (UINT i = 0; i < count; i++) {
        IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_X8R8G8B8, i, &mode);
        if (!display_has_mode(mode.Width, mode.Height, 32))
            all = false;
        else if (!other.Width && (mode.Width != cur.dmPelsWidth ||
                                  mode.Height != cur.dmPelsHeight))
            other = mode;
    }
    ok(all, "every adapter mode is one of the display's");
    ok(IDirect3D9_GetAdapterDisplayMode(d3d, 0, &mode) == D3D_OK &&
           mode.Width == cur.dmPelsWidth && mode.Height == cur.dmPelsHeight,
       "the adapter's mode is the display's: %ux%u, %lux%lu", mode.Width, mode.Height,
       (unsigned long)cur.dmPelsWidth, (unsigned long)cur.dmPelsHeight);
    ok(IDirect3D9_CheckDeviceType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_A8R8G8B8,
                                  FALSE) == D3D_OK, "CheckDeviceType: fullscreen A8R8G8B8");
    if (!hwnd)
        return;
    GetWindowRect(hwnd, &before);
    LONG_PTR proc = GetWindowLongPtrW(hwnd, GWLP_WNDPROC);

    pp.BackBufferWidth = 123;
    pp.BackBufferHeight = 77;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.hDeviceWindow = hwnd;
    pp.Windowed = FALSE;
    pp.PresentationInterval = D3DPRESENT_INTERVAL_IMMEDIATE;
    ok(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, hwnd,
                               D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev) ==
           D3DERR_INVALIDCALL, "fullscreen in a mode the display lacks is refused");

    pp.BackBufferWidth = cur.dmPelsWidth;
    pp.BackBufferHeight = cur.dmPelsHeight;
    hr = IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, hwnd,
                                 D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev);
    ok(hr == D3D_OK, "a fullscreen device at the display's mode: %#lx", (unsigned long)hr);
    if (FAILED(hr)) {
        DestroyWindow(hwnd);
        return;
    }
    pump();
    GetWindowRect(hwnd, &rc);
    ok(rc.left == 0 && rc.top == 0 && rc.right == (LONG)cur.dmPelsWidth &&
           rc.bottom == (LONG)cur.dmPelsHeight, "the window covers the screen: (%ld,%ld)-(%ld,%ld)",
       (long)rc.left, (long)rc.top, (long)rc.right, (long)rc.bottom);
    ok(GetWindowLongPtrW(hwnd, GWLP_WNDPROC) != proc,
       "the focus window's procedure is the device's while fullscreen");
    style = GetWindowLongW(hwnd, GWL_STYLE);
    ok((style & WS_CAPTION) && (style & WS_VISIBLE),
       "with its caption, as Windows keeps it, and shown (style %#lx)", (unsigned long)style);
    {
        RECT client;
        GetClientRect(hwnd, &client);
        ok(client.right < rc.right - rc.left, "the frame is in the screen's rectangle");
    }
    /* As a game loop does: messages first (Wine repaints the resized
     * window's frame and background, over the last frame shown). */
    Sleep(100);
    pump();
    ok(frame(dev, 0xff2040c0, 0xffff0000, NULL) == D3D_OK, "fullscreen Present");
    ok(frame(dev, 0xff10a030, 0xffff0000, NULL) == D3D_OK, "fullscreen Present");
    {
        /* The frame stays: the back buffer fills the client area. */
        RECT client;
        GetClientRect(hwnd, &client);
        expect(hwnd, "fullscreen", (int)client.right - 3, (int)client.bottom - 3, 0x10a030);
    }
    expect(hwnd, "fullscreen", 2, 2, 0xff0000);

    /* A gamma ramp: the window shows the frame through it (red inverted,
     * green as it is, blue one value); the display's own ramp stays. */
    {
        D3DGAMMARAMP ramp, got;
        RECT client;
        for (int i = 0; i < 256; i++) {
            ramp.red[i] = (WORD)((255 - i) * 257);
            ramp.green[i] = (WORD)(i * 257);
            ramp.blue[i] = 0x8080;
        }
        IDirect3DDevice9_SetGammaRamp(dev, 0, D3DSGR_NO_CALIBRATION, &ramp);
        IDirect3DDevice9_GetGammaRamp(dev, 0, &got);
        ok(!memcmp(&got, &ramp, sizeof(ramp)), "GetGammaRamp answers the ramp set");
        ok(frame(dev, 0xff10a030, 0xffff0000, NULL) == D3D_OK, "fullscreen Present, gamma");
        GetClientRect(hwnd, &client);
        expect(hwnd, "fullscreen through the ramp", (int)client.right - 3,
               (int)client.bottom - 3, 0xefa080);
        expect(hwnd, "fullscreen through the ramp", 2, 2, 0x000080);
    }

    /* Deactivated, a fullscreen device is lost; active again, it can be
     * reset (Wine's test_lost_device, on Windows). */
    if (SetForegroundWindow(GetDesktopWindow())) {
        pump();
        ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3DERR_DEVICELOST,
           "deactivated: the device is lost");
        ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3DERR_DEVICELOST,
           "deactivated: Present answers D3DERR_DEVICELOST");
        ok(IDirect3DDevice9_Reset(dev, &pp) == D3DERR_DEVICELOST,
           "deactivated: Reset answers D3DERR_DEVICELOST");
        ok(SetForegroundWindow(hwnd), "activated again");
        pump();
        ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3DERR_DEVICENOTRESET,
           "active again: the device can be reset");
        ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3DERR_DEVICELOST,
           "and Present still answers D3DERR_DEVICELOST");
    } else {
        skip("the desktop cannot be made the foreground window");
    }

    /* Back to a window: as it was. */
    pp.Windowed = TRUE;
    pp.BackBufferWidth = 200;
    pp.BackBufferHeight = 150;
    ok(IDirect3DDevice9_Reset(dev, &pp) == D3D_OK, "Reset to windowed");
    pump();
    GetWindowRect(hwnd, &rc);
    ok(EqualRect(&rc, &before), "the window's place is back: (%ld,%ld)-(%ld,%ld)",
       (long)rc.left, (long)rc.top, (long)rc.right, (long)rc.bottom);
    ok(GetWindowLongW(hwnd, GWL_STYLE) & WS_CAPTION, "and its caption");
    ok(GetWindowLongPtrW(hwnd, GWLP_WNDPROC) == proc, "and its window procedure");
    Sleep(100);
    pump();
    ok(frame(dev, 0xff808000, 0xff0000ff, NULL) == D3D_OK, "windowed Present");
    expect(hwnd, "windowed again", 197, 147, 0x808000);

    /* Another mode of the display, where it can change modes. */
    if (other.Width) {
        DEVMODEW dm = {.dmSize = sizeof(dm)};
        pp.Windowed = FALSE;
        pp.BackBufferWidth = other.Width;
        pp.BackBufferHeight = other.Height;
        hr = IDirect3DDevice9_Reset(dev, &pp);
        ok(hr == D3D_OK || hr == D3DERR_NOTAVAILABLE, "Reset to fullscreen %ux%u: %#lx",
           other.Width, other.Height, (unsigned long)hr);
        if (hr == D3D_OK) {
            EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &dm);
            ok(dm.dmPelsWidth == other.Width && dm.dmPelsHeight == other.Height,
               "the display is in that mode (%lux%lu)", (unsigned long)dm.dmPelsWidth,
               (unsigned long)dm.dmPelsHeight);
            ok(IDirect3D9_GetAdapterDisplayMode(d3d, 0, &mode) == D3D_OK &&
                   mode.Width == other.Width, "GetAdapterDisplayMode follows (%u)", mode.Width);
        } else {
            skip("the display did not change modes");
        }
    }
    ok(IDirect3DDevice9_Release(dev) == 0, "the fullscreen device released");
    {
        DEVMODEW dm = {.dmSize = sizeof(dm)};
        EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &dm);
        ok(dm.dmPelsWidth == cur.dmPelsWidth && dm.dmPelsHeight == cur.dmPelsHeight,
           "the display's mode is back (%lux%lu)", (unsigned long)dm.dmPelsWidth,
           (unsigned long)dm.dmPelsHeight);
    }
    ok(GetWindowLongW(hwnd, GWL_STYLE) & WS_CAPTION, "the window has its caption back");
    {
        WORD now[3][256];
        HDC dc = GetDC(NULL);
        if (GetDeviceGammaRamp(dc, now))
            ok(now[0][255] != 0, "the display's gamma ramp is not the device's (red %u)",
               now[0][255]);
        ReleaseDC(NULL, dc);
    }
    DestroyWindow(hwnd);
}

int main(void)
{
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    D3DPRESENT_PARAMETERS pp = {0};
    IDirect3DSwapChain9 *sc;
    HWND hwnd, child;
    RECT rc;
    HRESULT hr;

    if (!(hwnd = make_window(160, 120))) {
        skip("cannot make a window");
        return test_done();
    }
    Sleep(200);
    pump();
    if (!GetPropA(hwnd, "__wine_x11_whole_window")) {
        skip("no X11 window behind the HWND (not Wine's X11 driver, or no display)");
        DestroyWindow(hwnd);
        return test_done();
    }
    ok((d3d = Direct3DCreate9(D3D_SDK_VERSION)) != NULL, "Direct3DCreate9");
    if (!d3d)
        return test_done();
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.Windowed = TRUE;
    pp.PresentationInterval = D3DPRESENT_INTERVAL_IMMEDIATE;
    hr = IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, hwnd,
                                 D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev);
    ok(hr == D3D_OK, "CreateDevice on the window: %#lx", (unsigned long)hr);
    if (FAILED(hr)) {
        IDirect3D9_Release(d3d);
        return test_done();
    }
    /* 0 x 0: the client area's size. */
    ok(SUCCEEDED(IDirect3DDevice9_GetSwapChain(dev, 0, &sc)), "GetSwapChain");
    IDirect3DSwapChain9_GetPresentParameters(sc, &pp);
    IDirect3DSwapChain9_Release(sc);
    GetClientRect(hwnd, &rc);
    ok(pp.BackBufferWidth == (UINT)rc.right && pp.BackBufferHeight == (UINT)rc.bottom,
       "the back buffer is %ux%u, the client area %ldx%ld", pp.BackBufferWidth,
       pp.BackBufferHeight, (long)rc.right, (long)rc.bottom);
    ok(rc.right == 160 && rc.bottom == 120, "the client area is 160x120 (%ldx%ld)",
       (long)rc.right, (long)rc.bottom);

    /* Frames in the client area. */
    ok(frame(dev, 0xff2040c0, 0xffff0000, NULL) == D3D_OK, "Present");
    ok(frame(dev, 0xff10a030, 0xffff0000, NULL) == D3D_OK, "Present");
    expect(hwnd, "in the window", 150, 110, 0x10a030);
    expect(hwnd, "in the window", 3, 3, 0xff0000);
    expect(hwnd, "in the window", 1, 1, 0xff0000);

    /* The cursor (Wine's test_cursor, on Windows): hidden at first and
     * without a surface; an A8R8G8B8 surface of power-of-two sides becomes
     * the window system's cursor once ShowCursor says so. */
    {
        IDirect3DSurface9 *cur = NULL, *odd = NULL;
        CURSORINFO info = {.cbSize = sizeof(info)};
        HCURSOR before;
        GetCursorInfo(&info);
        before = info.hCursor;
        ok(!IDirect3DDevice9_ShowCursor(dev, TRUE) && !IDirect3DDevice9_ShowCursor(dev, TRUE),
           "no cursor shows without a surface");
        ok(IDirect3DDevice9_SetCursorProperties(dev, 0, 0, NULL) == D3DERR_INVALIDCALL,
           "SetCursorProperties(NULL)");
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 32, 32, D3DFMT_A8R8G8B8,
                                                     D3DPOOL_SCRATCH, &cur, NULL);
        IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 24, 32, D3DFMT_A8R8G8B8,
                                                     D3DPOOL_SCRATCH, &odd, NULL);
        ok(cur && IDirect3DDevice9_SetCursorProperties(dev, 1, 2, cur) == D3D_OK,
           "SetCursorProperties of a 32x32 surface");
        ok(odd && IDirect3DDevice9_SetCursorProperties(dev, 0, 0, odd) == D3DERR_INVALIDCALL,
           "a side of 24 is refused");
        {
            /* Wider than the display: refused. */
            IDirect3DSurface9 *wide = NULL;
            UINT w = 1;
            while (w <= (UINT)GetSystemMetrics(SM_CXSCREEN))
                w *= 2;
            IDirect3DDevice9_CreateOffscreenPlainSurface(dev, w, 32, D3DFMT_A8R8G8B8,
                                                         D3DPOOL_SCRATCH, &wide, NULL);
            ok(wide && IDirect3DDevice9_SetCursorProperties(dev, 0, 0, wide) ==
                           D3DERR_INVALIDCALL,
               "a cursor wider than the display (%u) is refused", w);
            if (wide)
                IDirect3DSurface9_Release(wide);
        }
        ok(!IDirect3DDevice9_ShowCursor(dev, TRUE), "still hidden");
        ok(IDirect3DDevice9_ShowCursor(dev, TRUE), "shown now");
        GetCursorInfo(&info);
        ok(info.hCursor && info.hCursor != before, "the cursor is the device's (%p, was %p)",
           (void *)info.hCursor, (void *)before);
        IDirect3DDevice9_ShowCursor(dev, FALSE);
        SetCursor(before);
        if (cur)
            IDirect3DSurface9_Release(cur);
        if (odd)
            IDirect3DSurface9_Release(odd);
    }

    /* Moved: the frames follow. */
    SetWindowPos(hwnd, NULL, 300, 200, 0, 0, SWP_NOSIZE | SWP_NOZORDER);
    pump();
    Sleep(100);
    ok(frame(dev, 0xff808000, 0xff0000ff, NULL) == D3D_OK, "Present after a move");
    expect(hwnd, "moved", 150, 110, 0x808000);
    expect(hwnd, "moved", 3, 3, 0x0000ff);

    /* Resized: the back buffer stretched into the new client area. */
    GetWindowRect(hwnd, &rc);
    SetWindowPos(hwnd, NULL, 0, 0, rc.right - rc.left + 80, rc.bottom - rc.top + 40,
                 SWP_NOMOVE | SWP_NOZORDER);
    pump();
    Sleep(100);
    ok(frame(dev, 0xff306090, 0xffffff00, NULL) == D3D_OK, "Present after a resize");
    GetClientRect(hwnd, &rc);
    ok(rc.right == 240 && rc.bottom == 160, "the client area is 240x160 (%ldx%ld)",
       (long)rc.right, (long)rc.bottom);
    expect(hwnd, "resized", 237, 157, 0x306090);
    /* The triangle's 16 pixels are 24 wide now. */
    expect(hwnd, "resized", 20, 1, 0xffff00);

    /* A child window as hDestWindowOverride: the frame in it only. */
    child = CreateWindowA("static", "", WS_CHILD | WS_VISIBLE, 100, 60, 64, 48, hwnd, NULL,
                          NULL, NULL);
    ok(child != NULL, "a child window");
    pump();
    if (child) {
        /* Wine repaints the parent for its new child: the parent's frame
         * again first, then the child's. */
        Sleep(100);
        pump();
        ok(frame(dev, 0xff306090, 0xffffff00, NULL) == D3D_OK, "Present to the window");
        expect(hwnd, "the parent with a child", 237, 157, 0x306090);
        ok(frame(dev, 0xffc03020, 0xff00ff00, child) == D3D_OK, "Present to the child");
        expect(child, "the child", 60, 44, 0xc03020);
        expect(child, "the child", 1, 1, 0x00ff00);
        /* The override left the parent's last frame alone (not presented
         * again while this waits). */
        represent = false;
        expect(hwnd, "the parent beside the child", 237, 157, 0x306090);
        represent = true;
        ok(frame(dev, 0xff00ffff, 0xffff00ff, NULL) == D3D_OK, "Present to the window");
        expect(hwnd, "the parent again", 237, 157, 0x00ffff);
    }

    /* Minimized, then restored. */
    ShowWindow(hwnd, SW_MINIMIZE);
    pump();
    ok(frame(dev, 0xff404040, 0xffff00ff, NULL) == D3D_OK, "Present while minimized");
    ShowWindow(hwnd, SW_RESTORE);
    pump();
    Sleep(100);
    ok(frame(dev, 0xff505050, 0xff00ff00, NULL) == D3D_OK, "Present after a restore");
    ok(frame(dev, 0xff505050, 0xff00ff00, NULL) == D3D_OK, "Present after a restore");
    expect(hwnd, "restored", 237, 157, 0x505050);

    /* Destroyed under the device: presents go on headless. */
    DestroyWindow(hwnd);
    pump();
    ok(frame(dev, 0xff606060, 0xff00ff00, NULL) == D3D_OK, "Present after DestroyWindow");
    ok(frame(dev, 0xff606060, 0xff00ff00, NULL) == D3D_OK, "Present after DestroyWindow");
    ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3D_OK, "not lost");
    {
        uint64_t errors = 1;
        ok(nereid_device_sync(dev, &errors) == D3D_OK, "sync");
        ok(errors == 0, "%llu Vulkan validation errors", (unsigned long long)errors);
    }
    ok(IDirect3DDevice9_Release(dev) == 0, "device released");
    test_fullscreen(d3d);
    ok(IDirect3D9_Release(d3d) == 0, "d3d released");
    return test_done();
}
