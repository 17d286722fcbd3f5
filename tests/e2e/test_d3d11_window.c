/* End to end: a DXGI swap chain presenting into the application's own X11
 * window (its id as OutputWindow, as a native program passes it) on a
 * private Xvfb display, in process and over shm to a nereid-server, with
 * the validation layer on.  The window's pixels are read back from the X
 * server: each frame shows, with and without a sync interval; a
 * ResizeBuffers is refused while the application holds the buffer and
 * then gives a buffer of the new size, stretched to the window; once the
 * window is destroyed Present still succeeds (headless).  Without Xvfb, or
 * in a build without libxcb, it prints a SKIP line. */
#define _GNU_SOURCE
#include <d3d11.h>

#include "e2e_util.h"
#include "harness.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef NEREID_HAVE_XCB
#include <xcb/xcb.h>

static xcb_connection_t *conn;
static xcb_screen_t *screen;

/* The window's pixel as 0xRRGGBB, polled until it is `want` (the frame
 * may show a little after Present returns); the last value otherwise. */
static uint32_t window_pixel(xcb_window_t w, int x, int y, uint32_t want)
{
    uint32_t got = 0xdeadbeef;
    for (int i = 0; i < 100 && got != want; i++) {
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
        if (got != want)
            usleep(50000);
    }
    return got;
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
    char display[16];
    pid_t xvfb = start_xvfb(display, sizeof(display));
    int screen_no = 0;

    if (!xvfb) {
        skip("no Xvfb: presentation into a window not tested");
        return test_done();
    }
    setenv("DISPLAY", display, 1);
    conn = xcb_connect(display, &screen_no);
    ok(conn && !xcb_connection_has_error(conn), "connected to Xvfb on %s", display);
    if (conn && !xcb_connection_has_error(conn)) {
        screen = xcb_setup_roots_iterator(xcb_get_setup(conn)).data;
        if (ok(e2e_server_start(&server), "nereid-server started")) {
            run(E2E_INPROC, &server);
            run(E2E_SHM, &server);
            ok(e2e_server_stop(&server) == 0,
               "nereid-server exits cleanly (3 means validation errors)");
        }
    }
    if (conn)
        xcb_disconnect(conn);
    kill(xvfb, SIGTERM);
    waitpid(xvfb, NULL, 0);
    return test_done();
}

#else /* !NEREID_HAVE_XCB */

int main(void)
{
    skip("built without libxcb: presentation into a window not tested");
    return test_done();
}

#endif
