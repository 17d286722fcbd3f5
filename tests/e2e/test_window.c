/* End to end: presentation in windows on a private Xvfb display, in
 * process and over shm to a nereid-server, with the validation layer on.
 *
 * First the application's own window: an X11 window this program makes
 * and passes as hDeviceWindow, as a native program does.  Frames must show
 * in it (its pixels read back from the X server), stretched to its size,
 * with Present's source and destination rectangles and hDestWindowOverride
 * honoured, following a resize, and going headless (never lost) once it is
 * destroyed; an id that names no window is headless from the start.
 *
 * Then an SDL2 window (SDL_Window *, what DXVK-native programs pass as
 * HWND), where libSDL2 is installed: SDL2 is loaded as such a program
 * has it (global symbols), and the frames must show in its X11 window.
 *
 * Then a window of the server's own (NEREID_WINDOW=1, for a program that
 * names none).  Frames are checked twice: through GetRenderTargetData as
 * everywhere, and in the window itself.  A Reset to another size must
 * resize the window, and a window closed as a window manager would close
 * it (WM_DELETE_WINDOW) must leave the context presenting headless.
 * Without Xvfb, or in a build without libxcb, it prints a SKIP line. */
#define _GNU_SOURCE
#include "e2e_util.h"
#include "harness.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef NEREID_HAVE_XCB
#include <xcb/xcb.h>

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

#define FVF (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)
#define TITLE_TAG "(test_window)"

static xcb_connection_t *conn;
static xcb_screen_t *screen;

static xcb_atom_t intern(const char *name)
{
    xcb_intern_atom_reply_t *r = xcb_intern_atom_reply(
        conn, xcb_intern_atom(conn, 0, (uint16_t)strlen(name), name), NULL);
    xcb_atom_t a = r ? r->atom : XCB_ATOM_NONE;
    free(r);
    return a;
}

/* The server's window for this program: a child of the root whose WM_NAME
 * carries the client's name.  0 when there is none. */
static xcb_window_t find_window(void)
{
    xcb_query_tree_reply_t *tree =
        xcb_query_tree_reply(conn, xcb_query_tree(conn, screen->root), NULL);
    xcb_window_t found = 0;

    if (!tree)
        return 0;
    xcb_window_t *kids = xcb_query_tree_children(tree);
    for (int i = 0; i < xcb_query_tree_children_length(tree) && !found; i++) {
        xcb_get_property_reply_t *p = xcb_get_property_reply(
            conn, xcb_get_property(conn, 0, kids[i], XCB_ATOM_WM_NAME, XCB_ATOM_STRING, 0, 64),
            NULL);
        if (p) {
            int n = xcb_get_property_value_length(p);
            char name[260];
            snprintf(name, sizeof(name), "%.*s", n, (const char *)xcb_get_property_value(p));
            if (strstr(name, TITLE_TAG))
                found = kids[i];
            free(p);
        }
    }
    free(tree);
    return found;
}

/* Polls for up to 5 s: the server makes, resizes and destroys its windows
 * on its own thread. */
static xcb_window_t wait_window(bool present)
{
    for (int i = 0; i < 100; i++) {
        xcb_window_t w = find_window();
        if (!!w == present)
            return w;
        usleep(50000);
    }
    return present ? 0 : find_window();
}

static bool window_size(xcb_window_t w, unsigned width, unsigned height)
{
    for (int i = 0; i < 100; i++) {
        xcb_get_geometry_reply_t *g =
            xcb_get_geometry_reply(conn, xcb_get_geometry(conn, w), NULL);
        bool same = g && g->width == width && g->height == height;
        free(g);
        if (same)
            return true;
        usleep(50000);
    }
    return false;
}

/* The window's pixel at (x, y) as 0xRRGGBB, polled until it is `want` (the
 * presentation engine may show the frame a little after Present returns);
 * the last value seen otherwise. */
static uint32_t window_pixel(xcb_window_t w, int x, int y, uint32_t want)
{
    uint32_t got = 0xdeadbeef;
    for (int i = 0; i < 100; i++) {
        xcb_get_image_reply_t *img = xcb_get_image_reply(
            conn,
            xcb_get_image(conn, XCB_IMAGE_FORMAT_Z_PIXMAP, w, (int16_t)x, (int16_t)y, 1, 1,
                          ~0u),
            NULL);
        if (img && xcb_get_image_data_length(img) >= 4) {
            const uint8_t *d = xcb_get_image_data(img);
            /* 24-bit TrueColor in 32-bit pixels, least significant byte first
             * (Xvfb on a little-endian host): B, G, R, pad. */
            got = (uint32_t)d[2] << 16 | (uint32_t)d[1] << 8 | d[0];
        }
        free(img);
        if (got == want)
            break;
        usleep(50000);
    }
    return got;
}

/* A frame: a clear, a triangle over the top-left corner, Present. */
static void frame(IDirect3DDevice9 *dev, const char *name, DWORD clear, DWORD tri)
{
    struct vertex v[3] = {{0, 0, 0.5f, 1, tri}, {16, 0, 0.5f, 1, tri}, {0, 16, 0.5f, 1, tri}};
    ok(IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, clear, 1.0f, 0) == D3D_OK,
       "%s: Clear", name);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    ok(IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0])) ==
           D3D_OK, "%s: DrawPrimitiveUP", name);
    IDirect3DDevice9_EndScene(dev);
    ok(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL) == D3D_OK, "%s: Present", name);
}

static void check_back_buffer(IDirect3DDevice9 *dev, const char *name, UINT w, UINT h,
                              DWORD clear, DWORD tri)
{
    DWORD *px = e2e_read_back(dev, w, h);
    ok(px != NULL, "%s: read back", name);
    if (!px)
        return;
    ok(e2e_color_near(px[2 * w + 2], tri, 0), "%s: triangle is %08x, expected %08x", name,
       (unsigned)px[2 * w + 2], (unsigned)tri);
    ok(e2e_color_near(px[(h - 2) * w + w - 2], clear, 0), "%s: clear is %08x, expected %08x",
       name, (unsigned)px[(h - 2) * w + w - 2], (unsigned)clear);
    free(px);
}

static void check_window(xcb_window_t win, const char *name, UINT w, UINT h, DWORD clear,
                         DWORD tri)
{
    uint32_t got;
    ok(window_size(win, w, h), "%s: the window is %ux%u", name, w, h);
    got = window_pixel(win, (int)w - 2, (int)h - 2, clear & 0xffffff);
    ok(got == (clear & 0xffffff), "%s: the window shows %06x at the clear, expected %06x",
       name, (unsigned)got, (unsigned)(clear & 0xffffff));
    got = window_pixel(win, 2, 2, tri & 0xffffff);
    ok(got == (tri & 0xffffff), "%s: the window shows %06x at the triangle, expected %06x",
       name, (unsigned)got, (unsigned)(tri & 0xffffff));
}

static void run(enum e2e_transport t, const struct e2e_server *server)
{
    const char *name = e2e_transport_names[t];
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    uint64_t errors = 1;
    xcb_window_t win;
    static const DWORD clears[] = {0xff2040c0, 0xff10a030, 0xffc03020, 0xff808000};
    HRESULT hr;

    e2e_use_transport(t, server);
    hr = e2e_create_device(&d3d, &dev, 64, 64, FALSE);
    ok(hr == D3D_OK, "%s: CreateDevice: %#x", name, (unsigned)hr);
    if (FAILED(hr))
        return;

    /* Several frames: each must reach the window. */
    for (unsigned i = 0; i < sizeof(clears) / sizeof(clears[0]); i++)
        frame(dev, name, clears[i], 0xffff0000);
    check_back_buffer(dev, name, 64, 64, clears[3], 0xffff0000);
    win = wait_window(true);
    ok(win != 0, "%s: the server made a window titled '... %s ...'", name, TITLE_TAG);
    if (win)
        check_window(win, name, 64, 64, clears[3], 0xffff0000);

    /* Resized by the user (here: this program, as a window manager would):
     * a new swap chain of the window's size, the back buffer scaled in. */
    if (win) {
        uint32_t size[2] = {96, 80}, got;
        xcb_configure_window(conn, win, XCB_CONFIG_WINDOW_WIDTH | XCB_CONFIG_WINDOW_HEIGHT,
                             size);
        xcb_flush(conn);
        ok(window_size(win, 96, 80), "%s: the window was resized to 96x80", name);
        usleep(100000); /* the server reads the resize at its next present */
        frame(dev, name, 0xff306090, 0xffff0000);
        got = window_pixel(win, 93, 77, 0x306090);
        ok(got == 0x306090, "%s: the resized window shows %06x at the clear, expected 306090",
           name, (unsigned)got);
        got = window_pixel(win, 3, 3, 0xff0000);
        ok(got == 0xff0000, "%s: the resized window shows %06x at the triangle, expected "
           "ff0000", name, (unsigned)got);
        check_back_buffer(dev, name, 64, 64, 0xff306090, 0xffff0000);
    }

    /* Reset to another size: the window follows the back buffer. */
    {
        D3DPRESENT_PARAMETERS pp = {0};
        pp.BackBufferWidth = 48;
        pp.BackBufferHeight = 40;
        pp.BackBufferFormat = D3DFMT_X8R8G8B8;
        pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
        pp.Windowed = TRUE;
        ok(IDirect3DDevice9_Reset(dev, &pp) == D3D_OK, "%s: Reset to 48x40", name);
        frame(dev, name, 0xff00ffff, 0xff0000ff);
        frame(dev, name, 0xffffff00, 0xff00ff00);
        check_back_buffer(dev, name, 48, 40, 0xffffff00, 0xff00ff00);
        if (win) {
            ok(find_window() == win, "%s: the same window after Reset", name);
            check_window(win, name, 48, 40, 0xffffff00, 0xff00ff00);
        }
    }

    /* Closed as a window manager closes it: the context goes on headless. */
    if (win) {
        xcb_client_message_event_t m = {
            .response_type = XCB_CLIENT_MESSAGE,
            .format = 32,
            .window = win,
            .type = intern("WM_PROTOCOLS"),
        };
        m.data.data32[0] = intern("WM_DELETE_WINDOW");
        m.data.data32[1] = XCB_CURRENT_TIME;
        xcb_send_event(conn, 0, win, XCB_EVENT_MASK_NO_EVENT, (const char *)&m);
        xcb_flush(conn);
        usleep(100000); /* the server reads it at its next present */
        frame(dev, name, 0xff404040, 0xffff00ff);
        frame(dev, name, 0xff505050, 0xffff00ff);
        ok(wait_window(false) == 0, "%s: the window is gone once closed", name);
        check_back_buffer(dev, name, 48, 40, 0xff505050, 0xffff00ff);
    }

    ok(nereid_device_sync(dev, &errors) == D3D_OK, "%s: sync", name);
    ok(errors == 0, "%s: %llu Vulkan validation errors", name, (unsigned long long)errors);
    ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3D_OK, "%s: not lost", name);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", name);
    ok(IDirect3D9_Release(d3d) == 0, "%s: d3d released", name);
    /* A window still open (the close above skipped) goes with the device. */
    ok(wait_window(false) == 0, "%s: no window left after the device", name);
}

/* ------------------------------------------------ the application's window */

/* A window of this program's, as an application makes one: w x h at
 * (x, y), mapped, its background `bg`. */
static xcb_window_t app_window(int x, int y, unsigned w, unsigned h, uint32_t bg)
{
    xcb_window_t win = xcb_generate_id(conn);
    uint32_t values[1] = {bg};
    xcb_create_window(conn, XCB_COPY_FROM_PARENT, win, screen->root, (int16_t)x, (int16_t)y,
                      (uint16_t)w, (uint16_t)h, 0, XCB_WINDOW_CLASS_INPUT_OUTPUT,
                      screen->root_visual, XCB_CW_BACK_PIXEL, values);
    xcb_map_window(conn, win);
    free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
    return win;
}

static HRESULT app_device(IDirect3D9 *d3d, HWND hwnd, UINT interval, D3DSWAPEFFECT effect,
                          IDirect3DDevice9 **dev)
{
    D3DPRESENT_PARAMETERS pp = {0};
    pp.BackBufferWidth = 64;
    pp.BackBufferHeight = 64;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.SwapEffect = effect;
    pp.Windowed = TRUE;
    pp.hDeviceWindow = hwnd;
    pp.PresentationInterval = interval;
    return IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL,
                                   D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, dev);
}

/* A frame presented with Present's arguments. */
static void frame_to(IDirect3DDevice9 *dev, const char *name, DWORD clear, DWORD tri,
                     const RECT *src, const RECT *dst, HWND override)
{
    struct vertex v[3] = {{0, 0, 0.5f, 1, tri}, {16, 0, 0.5f, 1, tri}, {0, 16, 0.5f, 1, tri}};
    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, clear, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, FVF);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 1, v, sizeof(v[0]));
    IDirect3DDevice9_EndScene(dev);
    ok(IDirect3DDevice9_Present(dev, src, dst, override, NULL) == D3D_OK, "%s: Present",
       name);
}

static void expect_pixel(xcb_window_t win, const char *name, const char *what, int x, int y,
                         uint32_t want)
{
    uint32_t got = window_pixel(win, x, y, want);
    ok(got == want, "%s: %s: the window shows %06x at (%d, %d), expected %06x", name, what,
       (unsigned)got, x, y, (unsigned)want);
}

static void run_app_window(enum e2e_transport t, const struct e2e_server *server,
                           UINT interval, D3DSWAPEFFECT effect)
{
    char name[64];
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev;
    uint64_t errors = 1;
    HRESULT hr;
    xcb_window_t win = app_window(20, 30, 120, 90, 0x777777);
    xcb_window_t other = app_window(200, 30, 50, 40, 0x555555);

    snprintf(name, sizeof(name), "%s, app window, interval %#x, swap effect %d",
             e2e_transport_names[t], (unsigned)interval, (int)effect);
    e2e_use_transport(t, server);
    ok((d3d = Direct3DCreate9(D3D_SDK_VERSION)) != NULL, "%s: Direct3DCreate9", name);
    if (!d3d)
        return;
    hr = app_device(d3d, (HWND)(uintptr_t)win, interval, effect, &dev);
    ok(hr == D3D_OK, "%s: CreateDevice: %#x", name, (unsigned)hr);
    if (FAILED(hr)) {
        IDirect3D9_Release(d3d);
        return;
    }
    ok(find_window() == 0, "%s: no window of the server's own", name);

    /* The 64x64 back buffer fills the 120x90 window, stretched. */
    frame_to(dev, name, 0xff2040c0, 0xffff0000, NULL, NULL, NULL);
    frame_to(dev, name, 0xff10a030, 0xffff0000, NULL, NULL, NULL);
    expect_pixel(win, name, "stretched", 117, 87, 0x10a030);
    expect_pixel(win, name, "stretched", 3, 3, 0xff0000);
    /* 16 back-buffer pixels of triangle edge are 30 window pixels wide. */
    expect_pixel(win, name, "stretched", 22, 2, 0xff0000);
    check_back_buffer(dev, name, 64, 64, 0xff10a030, 0xffff0000);

    /* A destination rectangle: with the copy swap effect the rest of the
     * window keeps what it had; with the others it is black here (D3D9
     * leaves it undefined). */
    {
        RECT dst = {60, 45, 120, 90};
        bool keep = effect == D3DSWAPEFFECT_COPY;
        frame_to(dev, name, 0xffc03020, 0xff00ff00, NULL, &dst, NULL);
        expect_pixel(win, name, "destination rectangle", 117, 87, 0xc03020);
        expect_pixel(win, name, "destination rectangle", 62, 47, 0x00ff00);
        expect_pixel(win, name, "outside the destination rectangle", 3, 3,
                     keep ? 0xff0000 : 0);
        expect_pixel(win, name, "outside the destination rectangle", 117, 40,
                     keep ? 0x10a030 : 0);
        frame_to(dev, name, 0xff2040c0, 0xff0000ff, NULL, &dst, NULL);
        expect_pixel(win, name, "the next destination rectangle", 117, 87, 0x2040c0);
        expect_pixel(win, name, "outside the next destination rectangle", 117, 40,
                     keep ? 0x10a030 : 0);
    }
    /* A source rectangle: its part of the back buffer fills the window. */
    {
        RECT src = {0, 0, 32, 32};
        frame_to(dev, name, 0xff808000, 0xff0000ff, &src, NULL, NULL);
        expect_pixel(win, name, "source rectangle", 3, 3, 0x0000ff);
        expect_pixel(win, name, "source rectangle", 117, 87, 0x808000);
        expect_pixel(win, name, "source rectangle", 117, 3, 0x808000);
        /* src (12, 1): triangle, which is outside it at window (50, 3) */
        expect_pixel(win, name, "source rectangle", 45, 2, 0x0000ff);
    }
    /* hDestWindowOverride: that window shows the frame, ours keeps its. */
    frame_to(dev, name, 0xff306090, 0xffffff00, NULL, NULL, (HWND)(uintptr_t)other);
    expect_pixel(other, name, "hDestWindowOverride", 47, 37, 0x306090);
    expect_pixel(other, name, "hDestWindowOverride", 2, 2, 0xffff00);
    expect_pixel(win, name, "not the override", 117, 87, 0x808000);

    /* Resized by the user: the picture follows the window's size. */
    {
        uint32_t size[2] = {160, 100};
        xcb_configure_window(conn, win, XCB_CONFIG_WINDOW_WIDTH | XCB_CONFIG_WINDOW_HEIGHT,
                             size);
        xcb_flush(conn);
        ok(window_size(win, 160, 100), "%s: the window was resized to 160x100", name);
        usleep(100000); /* the server reads the resize at its next present */
        frame_to(dev, name, 0xff00ffff, 0xffff00ff, NULL, NULL, NULL);
        frame_to(dev, name, 0xff00ffff, 0xffff00ff, NULL, NULL, NULL);
        expect_pixel(win, name, "resized", 157, 97, 0x00ffff);
        expect_pixel(win, name, "resized", 3, 3, 0xff00ff);
    }

    /* Destroyed under us: presents go on headless, the device is fine. */
    xcb_destroy_window(conn, win);
    xcb_flush(conn);
    usleep(100000);
    frame_to(dev, name, 0xff404040, 0xff00ff00, NULL, NULL, NULL);
    frame_to(dev, name, 0xff505050, 0xff00ff00, NULL, NULL, NULL);
    check_back_buffer(dev, name, 64, 64, 0xff505050, 0xff00ff00);
    ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3D_OK, "%s: not lost after the window "
       "went", name);
    ok(find_window() == 0, "%s: still no window of the server's own", name);

    ok(nereid_device_sync(dev, &errors) == D3D_OK, "%s: sync", name);
    ok(errors == 0, "%s: %llu Vulkan validation errors", name, (unsigned long long)errors);
    ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", name);

    /* An id that names no window (a pixmap's): headless from the start. */
    {
        xcb_pixmap_t pix = xcb_generate_id(conn);
        xcb_create_pixmap(conn, screen->root_depth, pix, screen->root, 8, 8);
        xcb_flush(conn);
        hr = app_device(d3d, (HWND)(uintptr_t)pix, interval, effect, &dev);
        ok(hr == D3D_OK, "%s: CreateDevice on a pixmap's id: %#x", name, (unsigned)hr);
        if (SUCCEEDED(hr)) {
            frame_to(dev, name, 0xff123456, 0xff00ff00, NULL, NULL, NULL);
            check_back_buffer(dev, name, 64, 64, 0xff123456, 0xff00ff00);
            ok(IDirect3DDevice9_TestCooperativeLevel(dev) == D3D_OK,
               "%s: not lost on a pixmap's id", name);
            ok(IDirect3DDevice9_Release(dev) == 0, "%s: device released", name);
        }
        xcb_free_pixmap(conn, pix);
    }
    xcb_destroy_window(conn, other);
    xcb_flush(conn);
    ok(IDirect3D9_Release(d3d) == 0, "%s: d3d released", name);
}

/* ------------------------------------------------------------ SDL2 window */

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

/* Waits (a second at most, pumping SDL's events) for the window to be
 * w x h, and checks it is. */
static void wait_size(xcb_window_t win, unsigned w, unsigned h, void (*pump)(void),
                      const char *what)
{
    for (int i = 0; i < 50; i++) {
        xcb_get_geometry_reply_t *g =
            xcb_get_geometry_reply(conn, xcb_get_geometry(conn, win), NULL);
        bool there = g && g->width == w && g->height == h;
        if (i == 49 || there)
            ok(there, "%s (%ux%u)", what, g ? g->width : 0, g ? g->height : 0);
        free(g);
        if (there)
            return;
        pump();
        usleep(20000);
    }
}

static void run_sdl_window(void)
{
    void *lib = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_GLOBAL);
    int (*init)(uint32_t);
    void *(*create)(const char *, int, int, int, int, uint32_t);
    int (*wminfo)(void *, struct sdl_wminfo *);
    void (*version)(struct sdl_version *);
    void (*destroy)(void *), (*quit)(void), (*pump)(void);
    struct sdl_wminfo info;
    IDirect3D9 *d3d;
    IDirect3DDevice9 *dev = NULL;
    void *win;
    HRESULT hr;

    if (!lib) {
        skip("no libSDL2: the SDL_Window path is not tested");
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
    win = create("nereid test_window SDL", 30, 40, 96, 72, 0x4 /* SDL_WINDOW_SHOWN */);
    memset(&info, 0, sizeof(info));
    version(&info.version);
    ok(win && wminfo(win, &info) && info.subsystem == 2 && info.info.x11.window,
       "an SDL2 window on X11");
    if (!win || !info.info.x11.window)
        goto out;
    pump();
    e2e_use_transport(E2E_INPROC, NULL);
    d3d = Direct3DCreate9(D3D_SDK_VERSION);
    hr = app_device(d3d, (HWND)win, D3DPRESENT_INTERVAL_IMMEDIATE, D3DSWAPEFFECT_DISCARD, &dev);
    ok(hr == D3D_OK, "CreateDevice on an SDL_Window: %#lx", (unsigned long)hr);
    if (dev) {
        frame_to(dev, "SDL", 0xff10a030, 0xffff0000, NULL, NULL, NULL);
        frame_to(dev, "SDL", 0xff10a030, 0xffff0000, NULL, NULL, NULL);
        expect_pixel((xcb_window_t)info.info.x11.window, "SDL", "the SDL window", 93, 69,
                     0x10a030);
        expect_pixel((xcb_window_t)info.info.x11.window, "SDL", "the SDL window", 2, 2,
                     0xff0000);
        ok(IDirect3DDevice9_Release(dev) == 0, "SDL: device released");
        dev = NULL;
    }
    /* Fullscreen on the SDL window: the display's modes are SDL's, and the
     * device makes the window SDL's fullscreen one at the mode. */
    {
        uint32_t (*flags)(void *) = (uint32_t (*)(void *))dlsym(lib, "SDL_GetWindowFlags");
        D3DPRESENT_PARAMETERS pp = {0};
        D3DDISPLAYMODE mode = {0};
        UINT count = IDirect3D9_GetAdapterModeCount(d3d, 0, D3DFMT_X8R8G8B8);
        bool found = false;
        for (UINT i = 0; i < count; i++) {
            IDirect3D9_EnumAdapterModes(d3d, 0, D3DFMT_X8R8G8B8, i, &mode);
            found |= mode.Width == 640 && mode.Height == 480;
        }
        ok(count >= 1 && found, "SDL: the adapter's modes are the display's (%u, 640x480 %s)",
           count, found ? "among them" : "missing");
        ok(IDirect3D9_CheckDeviceType(d3d, 0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_X8R8G8B8,
                                      FALSE) == D3D_OK, "SDL: fullscreen is offered");
        pp.BackBufferWidth = 640;
        pp.BackBufferHeight = 480;
        pp.BackBufferFormat = D3DFMT_X8R8G8B8;
        pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
        pp.Windowed = FALSE;
        pp.hDeviceWindow = (HWND)win;
        pp.PresentationInterval = D3DPRESENT_INTERVAL_IMMEDIATE;
        hr = IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, (HWND)win,
                                     D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev);
        ok(hr == D3D_OK, "SDL: a fullscreen device: %#lx", (unsigned long)hr);
        if (dev) {
            pump();
            ok(flags && (flags(win) & 0x1 /* SDL_WINDOW_FULLSCREEN */),
               "SDL: the window is fullscreen (flags %#x)", flags ? flags(win) : 0);
            frame_to(dev, "SDL fullscreen", 0xff2040c0, 0xffff0000, NULL, NULL, NULL);
            frame_to(dev, "SDL fullscreen", 0xff2040c0, 0xffff0000, NULL, NULL, NULL);
            pump();
            /* The window takes the screen's size once the X server says so. */
            wait_size((xcb_window_t)info.info.x11.window, 640, 480, pump,
                      "SDL: the window covers the screen");
            frame_to(dev, "SDL fullscreen", 0xff2040c0, 0xffff0000, NULL, NULL, NULL);
            frame_to(dev, "SDL fullscreen", 0xff2040c0, 0xffff0000, NULL, NULL, NULL);
            expect_pixel((xcb_window_t)info.info.x11.window, "SDL", "the fullscreen window",
                         600, 440, 0x2040c0);
            /* A gamma ramp: red inverted, green as it is, blue one value. */
            D3DGAMMARAMP ramp, got;
            for (int i = 0; i < 256; i++) {
                ramp.red[i] = (WORD)((255 - i) * 257);
                ramp.green[i] = (WORD)(i * 257);
                ramp.blue[i] = 0x8080;
            }
            IDirect3DDevice9_SetGammaRamp(dev, 0, D3DSGR_NO_CALIBRATION, &ramp);
            IDirect3DDevice9_GetGammaRamp(dev, 0, &got);
            ok(!memcmp(&got, &ramp, sizeof(ramp)), "SDL: GetGammaRamp answers the ramp set");
            frame_to(dev, "SDL fullscreen, gamma", 0xff2040c0, 0xffff0000, NULL, NULL, NULL);
            expect_pixel((xcb_window_t)info.info.x11.window, "SDL",
                         "the fullscreen window through the ramp", 600, 440, 0xdf4080);
            expect_pixel((xcb_window_t)info.info.x11.window, "SDL",
                         "the triangle through the ramp", 2, 2, 0x000080);
            pp.Windowed = TRUE;
            pp.BackBufferWidth = 96;
            pp.BackBufferHeight = 72;
            ok(IDirect3DDevice9_Reset(dev, &pp) == D3D_OK, "SDL: Reset to windowed");
            pump();
            ok(flags && !(flags(win) & 0x1), "SDL: the window is a window again");
            wait_size((xcb_window_t)info.info.x11.window, 96, 72, pump,
                      "SDL: with its size back");
            /* Windowed, the ramp (still set) changes nothing. */
            frame_to(dev, "SDL windowed, gamma set", 0xff2040c0, 0xffff0000, NULL, NULL, NULL);
            expect_pixel((xcb_window_t)info.info.x11.window, "SDL",
                         "the window again, without the ramp", 60, 50, 0x2040c0);
            ok(IDirect3DDevice9_Release(dev) == 0, "SDL: fullscreen device released");
            dev = NULL;
        }
        /* An X11 window id has no fullscreen here. */
        pp.Windowed = FALSE;
        pp.BackBufferWidth = 640;
        pp.BackBufferHeight = 480;
        pp.hDeviceWindow = (HWND)(uintptr_t)info.info.x11.window;
        ok(IDirect3D9_CreateDevice(d3d, 0, D3DDEVTYPE_HAL, pp.hDeviceWindow,
                                   D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &dev) ==
               D3DERR_NOTAVAILABLE && !dev,
           "an X11 window id's fullscreen device: D3DERR_NOTAVAILABLE");
    }
    IDirect3D9_Release(d3d);
out:
    if (win)
        destroy(win);
    quit();
}

/* Xvfb on a free display of our own; its pid, or 0. */
static pid_t start_xvfb(char *display, size_t size)
{
    char path[64], lock[64];
    int n;
    pid_t pid;

    for (n = 150; n < 250; n++) {
        snprintf(path, sizeof(path), "/tmp/.X11-unix/X%d", n);
        snprintf(lock, sizeof(lock), "/tmp/.X%d-lock", n);
        if (access(path, F_OK) && access(lock, F_OK))
            break;
    }
    if (n == 250)
        return 0;
    snprintf(display, size, ":%d", n);
    pid = fork();
    if (pid < 0)
        return 0;
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        execlp("Xvfb", "Xvfb", display, "-screen", "0", "640x480x24", "-nolisten", "tcp",
               (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 100; i++) {
        if (!access(path, F_OK))
            return pid;
        if (waitpid(pid, NULL, WNOHANG) == pid)
            return 0; /* not installed, or the display was taken */
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
    bool have_server;
    int screen_no = 0;

    if (!xvfb) {
        skip("no Xvfb: window presentation not tested");
        return test_done();
    }
    setenv("DISPLAY", display, 1);
    setenv("NEREID_WINDOW", "1", 1);
    conn = xcb_connect(display, &screen_no);
    ok(conn && !xcb_connection_has_error(conn), "connected to Xvfb on %s", display);
    if (conn && !xcb_connection_has_error(conn)) {
        xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(conn));
        screen = it.data;
        have_server = e2e_server_start(&server);
        ok(have_server, "nereid-server started (NEREID_SERVER_EXE=%s)",
           getenv("NEREID_SERVER_EXE") ? getenv("NEREID_SERVER_EXE") : "(unset)");
        run_app_window(E2E_INPROC, &server, D3DPRESENT_INTERVAL_IMMEDIATE,
                       D3DSWAPEFFECT_COPY);
        run_app_window(E2E_INPROC, &server, D3DPRESENT_INTERVAL_DEFAULT,
                       D3DSWAPEFFECT_DISCARD);
        run_sdl_window();
        run(E2E_INPROC, &server);
        if (have_server) {
            run_app_window(E2E_SHM, &server, D3DPRESENT_INTERVAL_IMMEDIATE,
                           D3DSWAPEFFECT_DISCARD);
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
    skip("built without libxcb: the server has no window support");
    return test_done();
}

#endif
