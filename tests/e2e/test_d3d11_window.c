/* End to end: a DXGI swap chain presenting into the application's own X11
 * window (its id as OutputWindow, as a native program passes it) on a
 * private Xvfb display, in process and over shm to a nereid-server, with
 * the validation layer on.  The window's pixels are read back from the X
 * server: each frame shows, with and without a sync interval; a
 * ResizeBuffers is refused while the application holds the buffer and
 * then gives a buffer of the new size, stretched to the window; once the
 * window is destroyed Present still succeeds (headless).  DXGI 1.2's
 * CreateSwapChainForHwnd: its refusals, a flip-model swap chain with
 * DXGI_SCALING_NONE (the buffer at the window's top left, black around it)
 * and one with STRETCH, GetDesc1, Present1 and the background colour.
 * The adapter's output: its description, modes and closest mode.  A swap
 * chain on an SDL2 window, sized from SDL.
 * Without Xvfb, or in a build without libxcb, it prints a SKIP line. */
#define _GNU_SOURCE
#include <d3d11.h>
#include <d3d11_1.h>
#include <dxgi1_3.h>

#include "e2e_util.h"
#include "harness.h"

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef NEREID_HAVE_XCB
#include <png.h>
#include <xcb/xcb.h>

static xcb_connection_t *conn;
static xcb_screen_t *screen;

/* The window's pixel as 0xRRGGBB, polled until each channel is within
 * `tolerance` of `want` (the frame may show a little after Present
 * returns); the last value otherwise. */
static uint32_t window_pixel_near(xcb_window_t w, int x, int y, uint32_t want, int tolerance)
{
    uint32_t got = 0xdeadbeef;
    for (int i = 0; i < 100 && !e2e_color_near(got, want, tolerance); i++) {
        xcb_get_image_reply_t *img = xcb_get_image_reply(
            conn,
            xcb_get_image(conn, XCB_IMAGE_FORMAT_Z_PIXMAP, w, (int16_t)x, (int16_t)y, 1, 1,
                          ~0u),
            NULL);
        if (img && xcb_get_image_data_length(img) >= 4) {
            const uint8_t *d = xcb_get_image_data(img); /* B, G, R, pad */
            got = (uint32_t)d[2] << 16 | (uint32_t)d[1] << 8 | d[0];
        }
        free(img);
        if (!e2e_color_near(got, want, tolerance))
            usleep(50000);
    }
    return got;
}

/* The same, exactly `want`. */
static uint32_t window_pixel(xcb_window_t w, int x, int y, uint32_t want)
{
    return window_pixel_near(w, x, y, want, 0);
}

static void frame(ID3D11DeviceContext *ctx, IDXGISwapChain *sc, ID3D11Device *dev,
                  const float color[4], UINT interval, const char *what)
{
    ID3D11Texture2D *buffer = NULL;
    ID3D11RenderTargetView *rtv = NULL;
    HRESULT hr;
    if (FAILED(IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&buffer)) ||
        FAILED(ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)buffer, NULL, &rtv))) {
        ok(0, "%s: the buffer and its view", what);
    } else {
        ID3D11DeviceContext_ClearRenderTargetView(ctx, rtv, color);
        hr = IDXGISwapChain_Present(sc, interval, 0);
        ok(hr == S_OK, "%s: Present: %#x", what, (unsigned)hr);
    }
    if (rtv)
        ID3D11RenderTargetView_Release(rtv);
    if (buffer)
        ID3D11Texture2D_Release(buffer);
}

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    static const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1}, blue[4] = {0, 0, 1, 1};
    xcb_window_t win = xcb_generate_id(conn);
    uint32_t black = 0;
    DXGI_SWAP_CHAIN_DESC desc = {{64, 64, {60, 1}, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0},
                                 {1, 0},
                                 DXGI_USAGE_RENDER_TARGET_OUTPUT,
                                 1,
                                 (HWND)(uintptr_t)win,
                                 TRUE,
                                 DXGI_SWAP_EFFECT_DISCARD,
                                 0};
    IDXGISwapChain *sc = NULL;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    ID3D11Texture2D *held = NULL;
    D3D11_TEXTURE2D_DESC td;
    char what[96];
    HRESULT hr;

    xcb_create_window(conn, XCB_COPY_FROM_PARENT, win, screen->root, 10, 10, 64, 64, 0,
                      XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual, XCB_CW_BACK_PIXEL,
                      &black);
    xcb_map_window(conn, win);
    free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
    e2e_use_transport(t, server);
    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                       D3D11_SDK_VERSION, &desc, &sc, &dev, NULL, &ctx);
    if (!ok(hr == S_OK, "%s: a device and a swap chain on window %#x: %#x", name, win,
            (unsigned)hr))
        goto out;
    snprintf(what, sizeof(what), "%s: red, immediate", name);
    frame(ctx, sc, dev, red, 0, what);
    ok(window_pixel(win, 32, 32, 0xff0000) == 0xff0000, "%s: red in the window", name);
    snprintf(what, sizeof(what), "%s: green, interval 1", name);
    frame(ctx, sc, dev, green, 1, what);
    ok(window_pixel(win, 32, 32, 0x00ff00) == 0x00ff00, "%s: green in the window", name);

    IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&held);
    ok(IDXGISwapChain_ResizeBuffers(sc, 0, 32, 32, DXGI_FORMAT_UNKNOWN, 0) ==
           DXGI_ERROR_INVALID_CALL,
       "%s: no ResizeBuffers while the buffer is held", name);
    if (held)
        ID3D11Texture2D_Release(held);
    hr = IDXGISwapChain_ResizeBuffers(sc, 0, 32, 32, DXGI_FORMAT_UNKNOWN, 0);
    ok(hr == S_OK, "%s: ResizeBuffers to 32x32: %#x", name, (unsigned)hr);
    held = NULL;
    IDXGISwapChain_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&held);
    if (held) {
        ID3D11Texture2D_GetDesc(held, &td);
        ok(td.Width == 32 && td.Height == 32, "%s: a buffer of %ux%u", name, td.Width,
           td.Height);
        ID3D11Texture2D_Release(held);
    }
    snprintf(what, sizeof(what), "%s: blue, resized", name);
    frame(ctx, sc, dev, blue, 0, what);
    ok(window_pixel(win, 60, 60, 0x0000ff) == 0x0000ff,
       "%s: the 32x32 buffer fills the 64x64 window", name);

    xcb_destroy_window(conn, win);
    free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
    snprintf(what, sizeof(what), "%s: after the window went", name);
    frame(ctx, sc, dev, red, 0, what);
    frame(ctx, sc, dev, green, 0, what);
    win = 0;
out:
    if (ctx)
        ID3D11DeviceContext_Release(ctx);
    if (sc)
        ok(IDXGISwapChain_Release(sc) == 0, "%s: the swap chain goes", name);
    if (dev)
        ok(ID3D11Device_Release(dev) == 0, "%s: the device goes", name);
    if (win)
        xcb_destroy_window(conn, win);
}

/* A flip-model swap chain from CreateSwapChainForHwnd on a window of its
 * own: the 32x32 buffer shows unscaled at the top left with black around
 * it (NONE), or fills the 64x64 window (STRETCH). */
static void run_hwnd(enum e2e_transport t, const struct e2e_server *server, DXGI_SCALING scaling)
{
    const char *name = e2e_transport_names[t];
    const char *how = scaling == DXGI_SCALING_NONE ? "NONE" : "STRETCH";
    static const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
    xcb_window_t win = xcb_generate_id(conn);
    uint32_t black = 0;
    DXGI_SWAP_CHAIN_DESC1 d1 = {32, 32, DXGI_FORMAT_B8G8R8A8_UNORM, FALSE, {1, 0},
                                DXGI_USAGE_RENDER_TARGET_OUTPUT, 2, scaling,
                                DXGI_SWAP_EFFECT_FLIP_DISCARD, DXGI_ALPHA_MODE_IGNORE, 0};
    DXGI_SWAP_CHAIN_DESC1 bad, got;
    DXGI_SWAP_CHAIN_FULLSCREEN_DESC fsd;
    DXGI_ADAPTER_DESC1 ad1;
    DXGI_ADAPTER_DESC2 ad2;
    DXGI_RGBA color = {0, 0, 0, 1}, back;
    IDXGIFactory2 *f = NULL;
    IDXGIAdapter1 *a1 = NULL;
    IDXGIAdapter2 *a2 = NULL;
    IDXGISwapChain1 *sc = NULL;
    IDXGISwapChain *sc0 = NULL;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    HWND hwnd = (HWND)(uintptr_t)win, got_hwnd = NULL;
    char what[96];
    HRESULT hr;

    xcb_create_window(conn, XCB_COPY_FROM_PARENT, win, screen->root, 10, 10, 64, 64, 0,
                      XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual, XCB_CW_BACK_PIXEL,
                      &black);
    xcb_map_window(conn, win);
    free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
    e2e_use_transport(t, server);
    ok(CreateDXGIFactory2(0x2, &IID_IDXGIFactory2, (void **)&f) == DXGI_ERROR_INVALID_CALL && !f,
       "%s: CreateDXGIFactory2 with an unknown flag", name);
    hr = CreateDXGIFactory2(DXGI_CREATE_FACTORY_DEBUG, &IID_IDXGIFactory2, (void **)&f);
    if (!ok(hr == S_OK && f, "%s: CreateDXGIFactory2: %#x", name, (unsigned)hr))
        goto out;
    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION,
                           &dev, NULL, &ctx);
    if (!ok(hr == S_OK, "%s: a device: %#x", name, (unsigned)hr))
        goto out;
    if (ok(IDXGIFactory2_EnumAdapters1(f, 0, &a1) == S_OK, "%s: the adapter", name) &&
        ok(IDXGIAdapter1_QueryInterface(a1, &IID_IDXGIAdapter2, (void **)&a2) == S_OK,
           "%s: IDXGIAdapter2", name)) {
        memset(&ad2, 0xcc, sizeof(ad2));
        ok(IDXGIAdapter2_GetDesc1(a2, &ad1) == S_OK && IDXGIAdapter2_GetDesc2(a2, &ad2) == S_OK &&
               !memcmp(&ad1, &ad2, sizeof(ad1)) &&
               ad2.GraphicsPreemptionGranularity == DXGI_GRAPHICS_PREEMPTION_DMA_BUFFER_BOUNDARY,
           "%s: GetDesc2 is GetDesc1 and the preemption granularities", name);
        IDXGIAdapter2_Release(a2);
    }
    if (a1)
        IDXGIAdapter1_Release(a1);

    /* What no window's swap chain can be. */
    bad = d1, bad.Stereo = TRUE;
    ok(IDXGIFactory2_CreateSwapChainForHwnd(f, (IUnknown *)dev, hwnd, &bad, NULL, NULL, &sc) ==
           DXGI_ERROR_INVALID_CALL && !sc, "%s: no stereo", name);
    bad = d1, bad.BufferCount = 1;
    ok(IDXGIFactory2_CreateSwapChainForHwnd(f, (IUnknown *)dev, hwnd, &bad, NULL, NULL, &sc) ==
           DXGI_ERROR_INVALID_CALL && !sc, "%s: no flip model of one buffer", name);
    bad = d1, bad.Format = DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
    ok(IDXGIFactory2_CreateSwapChainForHwnd(f, (IUnknown *)dev, hwnd, &bad, NULL, NULL, &sc) ==
           DXGI_ERROR_INVALID_CALL && !sc, "%s: no flip model of an sRGB format", name);
    bad = d1, bad.Scaling = DXGI_SCALING_ASPECT_RATIO_STRETCH;
    ok(IDXGIFactory2_CreateSwapChainForHwnd(f, (IUnknown *)dev, hwnd, &bad, NULL, NULL, &sc) ==
           DXGI_ERROR_INVALID_CALL && !sc, "%s: no aspect-ratio stretch for a window", name);
    bad = d1, bad.AlphaMode = DXGI_ALPHA_MODE_PREMULTIPLIED;
    ok(IDXGIFactory2_CreateSwapChainForHwnd(f, (IUnknown *)dev, hwnd, &bad, NULL, NULL, &sc) ==
           DXGI_ERROR_INVALID_CALL && !sc, "%s: no premultiplied alpha for a window", name);
    ok(IDXGIFactory2_CreateSwapChainForHwnd(f, (IUnknown *)dev, NULL, &d1, NULL, NULL, &sc) ==
           DXGI_ERROR_INVALID_CALL && !sc, "%s: no swap chain without a window", name);
    ok(IDXGIFactory2_CreateSwapChainForHwnd(f, NULL, hwnd, &d1, NULL, NULL, &sc) ==
           DXGI_ERROR_INVALID_CALL && !sc, "%s: no swap chain without a device", name);

    hr = IDXGIFactory2_CreateSwapChainForHwnd(f, (IUnknown *)dev, hwnd, &d1, NULL, NULL, &sc);
    if (!ok(hr == S_OK && sc, "%s %s: CreateSwapChainForHwnd: %#x", name, how, (unsigned)hr))
        goto out;
    memset(&got, 0xcc, sizeof(got));
    ok(IDXGISwapChain1_GetDesc1(sc, &got) == S_OK && !memcmp(&got, &d1, sizeof(got)),
       "%s %s: GetDesc1 gives the description back", name, how);
    ok(IDXGISwapChain1_GetFullscreenDesc(sc, &fsd) == S_OK && fsd.Windowed,
       "%s %s: windowed", name, how);
    ok(IDXGISwapChain1_GetHwnd(sc, &got_hwnd) == S_OK && got_hwnd == hwnd, "%s %s: GetHwnd",
       name, how);
    ok(IDXGISwapChain1_QueryInterface(sc, &IID_IDXGISwapChain, (void **)&sc0) == S_OK &&
           (void *)sc0 == (void *)sc, "%s %s: the same object is IDXGISwapChain", name, how);
    if (sc0)
        IDXGISwapChain_Release(sc0);
    {
        IDXGIOutput *o = NULL;
        ok(IDXGISwapChain1_GetContainingOutput(sc, &o) == S_OK && o,
           "%s %s: the window's output", name, how);
        if (o)
            IDXGIOutput_Release(o);
    }
    ok(IDXGISwapChain1_SetBackgroundColor(sc, &color) == S_OK, "%s %s: a black background", name,
       how);
    color.r = 1;
    ok(IDXGISwapChain1_SetBackgroundColor(sc, &color) == E_NOTIMPL,
       "%s %s: another background colour is not made", name, how);
    color.r = 2;
    ok(IDXGISwapChain1_SetBackgroundColor(sc, &color) == E_INVALIDARG,
       "%s %s: a colour past 1", name, how);
    ok(IDXGISwapChain1_GetBackgroundColor(sc, &back) == S_OK && back.r == 0 && back.a == 1,
       "%s %s: GetBackgroundColor", name, how);

    snprintf(what, sizeof(what), "%s %s: red", name, how);
    frame(ctx, (IDXGISwapChain *)sc, dev, red, 0, what);
    ok(window_pixel(win, 16, 16, 0xff0000) == 0xff0000, "%s %s: red at the top left", name,
       how);
    if (scaling == DXGI_SCALING_NONE)
        ok(window_pixel(win, 48, 48, 0x000000) == 0x000000,
           "%s %s: black past the unscaled buffer", name, how);
    else
        ok(window_pixel(win, 60, 60, 0xff0000) == 0xff0000,
           "%s %s: the buffer stretched over the window", name, how);
    /* Present1 with a dirty rectangle: a hint; the frame shows. */
    {
        ID3D11Texture2D *buffer = NULL;
        ID3D11RenderTargetView *rtv = NULL;
        RECT dirty = {0, 0, 32, 32};
        DXGI_PRESENT_PARAMETERS pp = {1, &dirty, NULL, NULL};
        if (IDXGISwapChain1_GetBuffer(sc, 0, &IID_ID3D11Texture2D, (void **)&buffer) == S_OK &&
            ID3D11Device_CreateRenderTargetView(dev, (ID3D11Resource *)buffer, NULL, &rtv) ==
                S_OK) {
            ID3D11DeviceContext_ClearRenderTargetView(ctx, rtv, green);
            hr = IDXGISwapChain1_Present1(sc, 0, 0, &pp);
            ok(hr == S_OK, "%s %s: Present1: %#x", name, how, (unsigned)hr);
            ok(window_pixel(win, 16, 16, 0x00ff00) == 0x00ff00, "%s %s: green after Present1",
               name, how);
        } else {
            ok(0, "%s %s: the buffer and its view", name, how);
        }
        /* DXGI 1.3's source size: the buffer's green 16x16 corner alone. */
        if (rtv) {
            IDXGISwapChain2 *sc2 = NULL;
            ID3D11DeviceContext1 *ctx1 = NULL;
            D3D11_RECT corner = {0, 0, 16, 16};
            if (ok(IDXGISwapChain1_QueryInterface(sc, &IID_IDXGISwapChain2, (void **)&sc2) ==
                       S_OK,
                   "%s %s: IDXGISwapChain2", name, how) &&
                ok(ID3D11DeviceContext_QueryInterface(ctx, &IID_ID3D11DeviceContext1,
                                                      (void **)&ctx1) == S_OK,
                   "%s %s: ID3D11DeviceContext1", name, how)) {
                ID3D11DeviceContext1_ClearView(ctx1, (ID3D11View *)rtv, red, NULL, 0);
                ID3D11DeviceContext1_ClearView(ctx1, (ID3D11View *)rtv, green, &corner, 1);
                ok(IDXGISwapChain2_SetSourceSize(sc2, 16, 16) == S_OK, "%s %s: SetSourceSize",
                   name, how);
                ok(IDXGISwapChain2_Present(sc2, 0, 0) == S_OK, "%s %s: a present of 16x16",
                   name, how);
                if (scaling == DXGI_SCALING_NONE) {
                    ok(window_pixel(win, 8, 8, 0x00ff00) == 0x00ff00,
                       "%s %s: the source at the top left", name, how);
                    ok(window_pixel(win, 24, 24, 0x000000) == 0x000000,
                       "%s %s: black past the source", name, how);
                } else {
                    ok(window_pixel(win, 60, 60, 0x00ff00) == 0x00ff00,
                       "%s %s: the source stretched over the window", name, how);
                }
            }
            if (ctx1)
                ID3D11DeviceContext1_Release(ctx1);
            if (sc2)
                IDXGISwapChain2_Release(sc2);
        }
        if (rtv)
            ID3D11RenderTargetView_Release(rtv);
        if (buffer)
            ID3D11Texture2D_Release(buffer);
    }
    ok(IDXGISwapChain1_Release(sc) == 0, "%s %s: the swap chain goes", name, how);
    sc = NULL;
out:
    if (sc)
        IDXGISwapChain1_Release(sc);
    if (ctx)
        ID3D11DeviceContext_Release(ctx);
    if (dev)
        ok(ID3D11Device_Release(dev) == 0, "%s %s: the device goes", name, how);
    if (f)
        IDXGIFactory2_Release(f);
    xcb_destroy_window(conn, win);
    free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
}

/* The first frame's PNG dump in `dir` (named nereid-<context>-<present>.png)
 * of the newest context written since `since`: of the highest context
 * number, the lowest present number.  Each in-process session has a
 * server of its own, whose contexts count from 1 again: the time tells
 * this device's files from an earlier one's.  False without one. */
static bool first_dump(const char *dir, const struct timespec *since, char *path, size_t size)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    unsigned best = 0, first = 0;
    while (d && (e = readdir(d))) {
        unsigned c, p;
        struct stat st;
        char name[600];
        if (sscanf(e->d_name, "nereid-%u-%u.png", &c, &p) != 2)
            continue;
        snprintf(name, sizeof(name), "%s/%s", dir, e->d_name);
        if (stat(name, &st) || st.st_mtim.tv_sec < since->tv_sec ||
            (st.st_mtim.tv_sec == since->tv_sec && st.st_mtim.tv_nsec < since->tv_nsec))
            continue;
        if (c > best || (c == best && p < first)) {
            best = c;
            first = p;
        }
    }
    if (d)
        closedir(d);
    snprintf(path, size, "%s/nereid-%u-%05u.png", dir, best, first);
    return best != 0;
}

/* A dump's pixel as 0xAARRGGBB (0 when it cannot be read). */
static uint32_t dump_pixel(const char *path, unsigned x, unsigned y)
{
    png_image img;
    uint8_t *px = NULL;
    uint32_t got = 0;
    memset(&img, 0, sizeof(img));
    img.version = PNG_IMAGE_VERSION;
    if (png_image_begin_read_from_file(&img, path)) {
        img.format = PNG_FORMAT_RGBA;
        if (x < img.width && y < img.height && (px = malloc(PNG_IMAGE_SIZE(img))) &&
            png_image_finish_read(&img, NULL, px, 0, NULL)) {
            const uint8_t *p = px + ((size_t)y * img.width + x) * 4;
            got = (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
        }
    }
    png_image_free(&img);
    free(px);
    return got;
}

/* Swap chains of the 10-bit and the float display formats: a 32x32
 * buffer cleared to a known colour, stretched over a 64x64 window (the
 * bit-block model) or shown unscaled with black around it (the flip model,
 * DXGI_SCALING_NONE).  10-bit values are display values (0.25 is 0x40);
 * float ones are scRGB, linear, shown sRGB-encoded and clamped as
 * Windows shows them on an SDR display (a linear 0.5 is 0xbc).  In
 * process, the server's PNG dump of the frame (NEREID_DUMP) holds the same
 * colour. */
static void run_formats(enum e2e_transport t, const struct e2e_server *server,
                        const char *dump_dir)
{
    static const struct {
        DXGI_FORMAT format;
        bool flip;
        float color[4];
        uint32_t want; /* 0xRRGGBB */
        const char *what;
        UINT samples;
    } cases[] = {
        {DXGI_FORMAT_R10G10B10A2_UNORM, false, {0.25f, 0.5f, 1.0f, 1.0f}, 0x4080ff, "10-bit"},
        {DXGI_FORMAT_R10G10B10A2_UNORM, true, {1.0f, 0.75f, 0.0f, 1.0f}, 0xffbf00,
         "10-bit flip"},
        {DXGI_FORMAT_R16G16B16A16_FLOAT, false, {0.2140f, 0.5f, 1.0f, 1.0f}, 0x80bcff,
         "float"},
        {DXGI_FORMAT_R16G16B16A16_FLOAT, false, {4.0f, -0.5f, 0.0031308f, 1.0f}, 0xff000a,
         "float out of range"},
        {DXGI_FORMAT_R16G16B16A16_FLOAT, true, {0.0f, 0.2140f, 0.0f, 1.0f}, 0x008000,
         "float flip"},
        /* A multisampled buffer, resolved at Present. */
        {DXGI_FORMAT_R8G8B8A8_UNORM, false, {0.25f, 0.5f, 1.0f, 1.0f}, 0x4080ff,
         "4x multisampled", 4},
    };
    const char *name = e2e_transport_names[t];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        xcb_window_t win = xcb_generate_id(conn);
        uint32_t black = 0;
        DXGI_SWAP_CHAIN_DESC desc = {{32, 32, {60, 1}, cases[i].format, 0, 0},
                                     {cases[i].samples ? cases[i].samples : 1, 0},
                                     DXGI_USAGE_RENDER_TARGET_OUTPUT,
                                     1,
                                     (HWND)(uintptr_t)win,
                                     TRUE,
                                     DXGI_SWAP_EFFECT_DISCARD,
                                     0};
        DXGI_SWAP_CHAIN_DESC1 d1 = {32, 32, cases[i].format, FALSE, {1, 0},
                                    DXGI_USAGE_RENDER_TARGET_OUTPUT, 2, DXGI_SCALING_NONE,
                                    DXGI_SWAP_EFFECT_FLIP_DISCARD, DXGI_ALPHA_MODE_IGNORE, 0};
        IDXGISwapChain *sc = NULL;
        IDXGIFactory2 *f = NULL;
        ID3D11Device *dev = NULL;
        ID3D11DeviceContext *ctx = NULL;
        struct timespec since;
        char what[96];
        HRESULT hr;

        xcb_create_window(conn, XCB_COPY_FROM_PARENT, win, screen->root, 10, 10, 64, 64, 0,
                          XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual,
                          XCB_CW_BACK_PIXEL, &black);
        xcb_map_window(conn, win);
        free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
        e2e_use_transport(t, server);
        /* The coarse clock is the one file times come from. */
        clock_gettime(CLOCK_REALTIME_COARSE, &since);
        if (!cases[i].flip) {
            hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                               D3D11_SDK_VERSION, &desc, &sc, &dev, NULL, &ctx);
        } else if (SUCCEEDED(hr = CreateDXGIFactory2(0, &IID_IDXGIFactory2, (void **)&f)) &&
                   SUCCEEDED(hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0,
                                                    NULL, 0, D3D11_SDK_VERSION, &dev, NULL,
                                                    &ctx))) {
            hr = IDXGIFactory2_CreateSwapChainForHwnd(f, (IUnknown *)dev, (HWND)(uintptr_t)win,
                                                      &d1, NULL, NULL,
                                                      (IDXGISwapChain1 **)&sc);
        }
        if (!ok(hr == S_OK && sc, "%s %s: a swap chain: %#x", name, cases[i].what,
                (unsigned)hr))
            goto next;
        /* Twice: the second Present returns once the first frame is done
         * (its dump written). */
        snprintf(what, sizeof(what), "%s %s", name, cases[i].what);
        frame(ctx, sc, dev, cases[i].color, 0, what);
        frame(ctx, sc, dev, cases[i].color, 0, what);
        {
            uint32_t got = window_pixel_near(win, 8, 8, cases[i].want, 2);
            ok(e2e_color_near(got, cases[i].want, 2), "%s: %06x in the window, want %06x",
               what, (unsigned)got, (unsigned)cases[i].want);
        }
        if (cases[i].flip) {
            uint32_t got = window_pixel(win, 48, 48, 0);
            ok(got == 0, "%s: black past the unscaled buffer: %06x", what, (unsigned)got);
        } else {
            uint32_t got = window_pixel_near(win, 60, 60, cases[i].want, 2);
            ok(e2e_color_near(got, cases[i].want, 2),
               "%s: the buffer stretched over the window: %06x", what, (unsigned)got);
        }
        if (dump_dir) {
            char path[700];
            bool found = first_dump(dump_dir, &since, path, sizeof(path));
            uint32_t got = found ? dump_pixel(path, 8, 8) : 0;
            ok(found && e2e_color_near(got, 0xff000000u | cases[i].want, 2),
               "%s: the dump of the frame holds %08x, want %08x", what, (unsigned)got,
               0xff000000u | (unsigned)cases[i].want);
        }
    next:
        if (ctx)
            ID3D11DeviceContext_Release(ctx);
        if (sc)
            ok(IDXGISwapChain_Release(sc) == 0, "%s %s: the swap chain goes", name,
               cases[i].what);
        if (dev)
            ok(ID3D11Device_Release(dev) == 0, "%s %s: the device goes", name, cases[i].what);
        if (f)
            IDXGIFactory2_Release(f);
        xcb_destroy_window(conn, win);
        free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
    }
    /* The extended-range 10-bit format (HDR) is not shown: nothing made. */
    {
        DXGI_SWAP_CHAIN_DESC desc = {
            {32, 32, {60, 1}, DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM, 0, 0},
            {1, 0}, DXGI_USAGE_RENDER_TARGET_OUTPUT, 1, (HWND)(uintptr_t)screen->root, TRUE,
            DXGI_SWAP_EFFECT_DISCARD, 0};
        IDXGISwapChain *sc = NULL;
        ID3D11Device *dev = NULL;
        HRESULT hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL,
                                                   0, D3D11_SDK_VERSION, &desc, &sc, &dev, NULL,
                                                   NULL);
        ok(hr == E_NOTIMPL && !sc && !dev, "%s: no swap chain of R10G10B10_XR_BIAS_A2: %#x",
           name, (unsigned)hr);
        if (sc)
            IDXGISwapChain_Release(sc);
        if (dev)
            ID3D11Device_Release(dev);
    }
}

/* The adapter's output: one, its description, its modes (the 32-bit ones,
 * smallest first, in the 8-bit formats), the closest of them, and what a
 * windowed output does not do. */
static void run_output(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    IDXGIFactory1 *f = NULL;
    IDXGIAdapter1 *a = NULL;
    IDXGIOutput *o = NULL, *o2 = NULL;
    IUnknown *parent = NULL, *adapter_unk = NULL;
    DXGI_OUTPUT_DESC od = {0};
    DXGI_MODE_DESC *modes = NULL, want = {0}, got;
    DXGI_GAMMA_CONTROL_CAPABILITIES gcaps;
    UINT n = 0, m;
    bool sorted = true, desktop = false, formats = true;
    HRESULT hr;

    e2e_use_transport(t, server);
    if (!ok(CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)&f) == S_OK, "%s: a factory", name) ||
        !ok(IDXGIFactory1_EnumAdapters1(f, 0, &a) == S_OK, "%s: the adapter", name))
        goto out;
    ok(IDXGIAdapter1_EnumOutputs(a, 1, &o2) == DXGI_ERROR_NOT_FOUND && !o2, "%s: one output",
       name);
    hr = IDXGIAdapter1_EnumOutputs(a, 0, &o);
    if (!ok(hr == S_OK && o, "%s: EnumOutputs(0): %#x", name, (unsigned)hr))
        goto out;
    IDXGIAdapter1_QueryInterface(a, &IID_IUnknown, (void **)&adapter_unk);
    ok(IDXGIOutput_GetParent(o, &IID_IUnknown, (void **)&parent) == S_OK && parent == adapter_unk,
       "%s: the output's parent is the adapter", name);
    /* (Before ok(): its arguments may be evaluated first.) */
    hr = IDXGIOutput_GetDesc(o, &od);
    ok(hr == S_OK && od.AttachedToDesktop &&
           od.DesktopCoordinates.right > od.DesktopCoordinates.left &&
           od.DesktopCoordinates.bottom > od.DesktopCoordinates.top && od.DeviceName[0] == '\\',
       "%s: GetDesc: a desktop of %ldx%ld", name,
       (long)(od.DesktopCoordinates.right - od.DesktopCoordinates.left),
       (long)(od.DesktopCoordinates.bottom - od.DesktopCoordinates.top));
    ok(IDXGIOutput_GetDisplayModeList(o, DXGI_FORMAT_UNKNOWN, 0, &n, NULL) == S_OK && n == 0,
       "%s: no modes of no format", name);
    ok(IDXGIOutput_GetDisplayModeList(o, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, &n, NULL) == S_OK &&
           n == 0, "%s: no modes of a format no swap chain has", name);
    hr = IDXGIOutput_GetDisplayModeList(o, DXGI_FORMAT_B8G8R8A8_UNORM, 0, &n, NULL);
    if (!ok(hr == S_OK && n > 1, "%s: %u modes: %#x", name, n, (unsigned)hr))
        goto out;
    modes = calloc(n, sizeof(*modes));
    m = n - 1;
    ok(IDXGIOutput_GetDisplayModeList(o, DXGI_FORMAT_B8G8R8A8_UNORM, 0, &m, modes) ==
           DXGI_ERROR_MORE_DATA, "%s: room for fewer modes than there are", name);
    m = n + 5;
    ok(IDXGIOutput_GetDisplayModeList(o, DXGI_FORMAT_B8G8R8A8_UNORM, 0, &m, modes) == S_OK &&
           m == n, "%s: the modes, %u of them", name, m);
    for (UINT i = 0; i < n; i++) {
        formats = formats && modes[i].Format == DXGI_FORMAT_B8G8R8A8_UNORM;
        desktop = desktop ||
                  (modes[i].Width == (UINT)(od.DesktopCoordinates.right - od.DesktopCoordinates.left) &&
                   modes[i].Height == (UINT)(od.DesktopCoordinates.bottom - od.DesktopCoordinates.top));
        if (i && (modes[i].Width < modes[i - 1].Width ||
                  (modes[i].Width == modes[i - 1].Width && modes[i].Height < modes[i - 1].Height)))
            sorted = false;
    }
    ok(formats && sorted && desktop, "%s: the modes: in the format asked, smallest first, the "
                                     "desktop's among them", name);

    want.Width = modes[n - 1].Width - 1;
    want.Height = modes[n - 1].Height - 1;
    want.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    ok(IDXGIOutput_FindClosestMatchingMode(o, &want, &got, NULL) == S_OK &&
           got.Width == modes[n - 1].Width && got.Height == modes[n - 1].Height &&
           got.Format == DXGI_FORMAT_R8G8B8A8_UNORM,
       "%s: the closest mode to %ux%u is %ux%u", name, want.Width, want.Height, got.Width,
       got.Height);
    want.Width = want.Height = 0;
    ok(IDXGIOutput_FindClosestMatchingMode(o, &want, &got, NULL) == S_OK &&
           got.Width == (UINT)(od.DesktopCoordinates.right - od.DesktopCoordinates.left),
       "%s: no size: the desktop's", name);
    want.Width = 640;
    ok(IDXGIOutput_FindClosestMatchingMode(o, &want, &got, NULL) == DXGI_ERROR_INVALID_CALL,
       "%s: a width without a height", name);
    want.Height = 480;
    want.Format = DXGI_FORMAT_UNKNOWN;
    ok(IDXGIOutput_FindClosestMatchingMode(o, &want, &got, NULL) == DXGI_ERROR_INVALID_CALL,
       "%s: no format without a device", name);
    ok(IDXGIOutput_GetGammaControlCapabilities(o, &gcaps) == DXGI_ERROR_NOT_CURRENTLY_AVAILABLE,
       "%s: no gamma while windowed", name);
    ok(IDXGIOutput_WaitForVBlank(o) == S_OK, "%s: WaitForVBlank", name);
out:
    free(modes);
    if (parent)
        IUnknown_Release(parent);
    if (adapter_unk)
        IUnknown_Release(adapter_unk);
    if (o)
        ok(IDXGIOutput_Release(o) == 0, "%s: the output goes", name);
    if (a)
        IDXGIAdapter1_Release(a);
    if (f)
        IDXGIFactory1_Release(f);
}

/* An SDL2 window (an SDL_Window * as OutputWindow, as DXVK-native programs
 * pass it), where libSDL2 is installed: a swap chain of size 0 takes the
 * window's size from SDL, and its frames show in the window. */
struct sdl_version { uint8_t major, minor, patch; };
struct sdl_wminfo {
    struct sdl_version version;
    int subsystem;
    union {
        struct { void *display; unsigned long window; } x11;
        uint8_t dummy[64];
    } info;
    uint8_t spare[64];
};

static void run_sdl(void)
{
    void *lib = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_GLOBAL);
    int (*init)(uint32_t);
    void *(*create)(const char *, int, int, int, int, uint32_t);
    int (*wminfo)(void *, struct sdl_wminfo *);
    void (*version)(struct sdl_version *);
    void (*destroy)(void *), (*quit)(void), (*pump)(void);
    static const float green[4] = {0, 1, 0, 1};
    struct sdl_wminfo info;
    DXGI_SWAP_CHAIN_DESC desc = {{0, 0, {60, 1}, DXGI_FORMAT_B8G8R8A8_UNORM, 0, 0},
                                 {1, 0},
                                 DXGI_USAGE_RENDER_TARGET_OUTPUT,
                                 1,
                                 NULL,
                                 TRUE,
                                 DXGI_SWAP_EFFECT_DISCARD,
                                 0};
    IDXGISwapChain *sc = NULL;
    ID3D11Device *dev = NULL;
    ID3D11DeviceContext *ctx = NULL;
    void *win;
    HRESULT hr;

    if (!lib) {
        skip("no libSDL2: DXGI on an SDL_Window is not tested");
        return;
    }
    init = (int (*)(uint32_t))dlsym(lib, "SDL_Init");
    create = (void *(*)(const char *, int, int, int, int, uint32_t))dlsym(lib, "SDL_CreateWindow");
    wminfo = (int (*)(void *, struct sdl_wminfo *))dlsym(lib, "SDL_GetWindowWMInfo");
    version = (void (*)(struct sdl_version *))dlsym(lib, "SDL_GetVersion");
    destroy = (void (*)(void *))dlsym(lib, "SDL_DestroyWindow");
    quit = (void (*)(void))dlsym(lib, "SDL_Quit");
    pump = (void (*)(void))dlsym(lib, "SDL_PumpEvents");
    setenv("SDL_VIDEODRIVER", "x11", 1);
    if (!init || !create || !wminfo || !version || !destroy || !quit || !pump ||
        init(0x20 /* SDL_INIT_VIDEO */)) {
        ok(0, "SDL2 starts on the X display");
        return;
    }
    win = create("nereid test_d3d11_window SDL", 30, 40, 96, 72, 0x4 /* SDL_WINDOW_SHOWN */);
    memset(&info, 0, sizeof(info));
    version(&info.version);
    if (!ok(win && wminfo(win, &info) && info.subsystem == 2 && info.info.x11.window,
            "an SDL2 window on X11"))
        goto out;
    pump();
    e2e_use_transport(E2E_INPROC, NULL);
    desc.OutputWindow = (HWND)win;
    hr = D3D11CreateDeviceAndSwapChain(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0,
                                       D3D11_SDK_VERSION, &desc, &sc, &dev, NULL, &ctx);
    if (ok(hr == S_OK, "a swap chain of size 0 on an SDL_Window: %#x", (unsigned)hr)) {
        DXGI_SWAP_CHAIN_DESC got;
        IDXGISwapChain_GetDesc(sc, &got);
        ok(got.BufferDesc.Width == 96 && got.BufferDesc.Height == 72,
           "the window's size from SDL: %ux%u", got.BufferDesc.Width, got.BufferDesc.Height);
        frame(ctx, sc, dev, green, 0, "SDL");
        frame(ctx, sc, dev, green, 0, "SDL");
        ok(window_pixel((xcb_window_t)info.info.x11.window, 90, 66, 0x00ff00) == 0x00ff00,
           "green in the SDL window");
        ID3D11DeviceContext_Release(ctx);
        ok(IDXGISwapChain_Release(sc) == 0, "SDL: the swap chain goes");
        ok(ID3D11Device_Release(dev) == 0, "SDL: the device goes");
    }
out:
    if (win)
        destroy(win);
    quit();
}

static pid_t start_xvfb(char *display, size_t size)
{
    char path[64], lock[64];
    int n;
    pid_t pid;

    for (n = 260; n < 360; n++) {
        snprintf(path, sizeof(path), "/tmp/.X11-unix/X%d", n);
        snprintf(lock, sizeof(lock), "/tmp/.X%d-lock", n);
        if (access(path, F_OK) && access(lock, F_OK))
            break;
    }
    if (n == 360)
        return 0;
    snprintf(display, size, ":%d", n);
    if ((pid = fork()) < 0)
        return 0;
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        execlp("Xvfb", "Xvfb", display, "-screen", "0", "320x240x24", "-nolisten", "tcp",
               (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 100; i++) {
        if (!access(path, F_OK))
            return pid;
        if (waitpid(pid, NULL, WNOHANG) == pid)
            return 0;
        usleep(50000);
    }
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    return 0;
}

int main(void)
{
    struct e2e_server server;
    char display[16], dump_tmp[] = "/tmp/nereid-d3d11-window-XXXXXX";
    const char *dump_dir = getenv("NEREID_DUMP");
    bool own_dump = false;
    pid_t xvfb = start_xvfb(display, sizeof(display));
    int screen_no = 0;

    if (!xvfb) {
        skip("no Xvfb: presentation into a window not tested");
        return test_done();
    }
    setenv("DISPLAY", display, 1);
    /* The in-process server's dumps, read by run_formats (before any
     * server reads NEREID_DUMP). */
    if ((!dump_dir || !*dump_dir) && (own_dump = mkdtemp(dump_tmp) != NULL)) {
        setenv("NEREID_DUMP", dump_tmp, 1);
        dump_dir = dump_tmp;
    }
    if (dump_dir && !*dump_dir)
        dump_dir = NULL;
    conn = xcb_connect(display, &screen_no);
    ok(conn && !xcb_connection_has_error(conn), "connected to Xvfb on %s", display);
    if (conn && !xcb_connection_has_error(conn)) {
        screen = xcb_setup_roots_iterator(xcb_get_setup(conn)).data;
        if (ok(e2e_server_start(&server), "nereid-server started")) {
            run(E2E_INPROC, &server);
            run(E2E_SHM, &server);
            run_hwnd(E2E_INPROC, &server, DXGI_SCALING_NONE);
            run_hwnd(E2E_SHM, &server, DXGI_SCALING_NONE);
            run_hwnd(E2E_INPROC, &server, DXGI_SCALING_STRETCH);
            run_formats(E2E_INPROC, &server, dump_dir);
            run_formats(E2E_SHM, &server, NULL);
            run_output(E2E_INPROC, &server);
            run_sdl();
            ok(e2e_server_stop(&server) == 0,
               "nereid-server exits cleanly (3 means validation errors)");
        }
    }
    if (conn)
        xcb_disconnect(conn);
    kill(xvfb, SIGTERM);
    waitpid(xvfb, NULL, 0);
    if (own_dump) {
        char rm[128];
        snprintf(rm, sizeof(rm), "rm -rf '%s'", dump_tmp);
        if (system(rm) != 0)
            fprintf(stderr, "could not remove %s\n", dump_tmp);
    }
    return test_done();
}

#else /* !NEREID_HAVE_XCB */

int main(void)
{
    skip("built without libxcb: presentation into a window not tested");
    return test_done();
}

#endif
