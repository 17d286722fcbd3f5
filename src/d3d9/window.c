/* The display as D3D9 sees it: modes, fullscreen, the cursor (the application's
 * window as the server reaches it is src/client/window.c). */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <stdlib.h>
#include <string.h>

#ifdef _WIN32



/* ---- the display (Wine: the X server's modes, as user32 reports them) */

bool d3d9_display_fullscreen_supported(void)
{
    return true;
}

bool d3d9_display_set(const struct nr_mode *m, unsigned bpp)
{
    return nr_display_set(m, bpp);
}

bool d3d9_window_fullscreen_ok(HWND device_window)
{
    (void)device_window;
    return true;
}

/* What Windows does with a fullscreen device's windows (Wine's
 * test_window_style and test_wndproc, run on Windows):
 *  - the device window keeps its style and frame and is moved and sized
 *    to cover the screen (its window rectangle, the frame in it);
 *  - plain D3D9 shows it, above the others when it was hidden, and above
 *    the others at every Reset into fullscreen;
 *  - D3D9Ex changes nothing of its style the first time a window is made
 *    fullscreen, and shows it above the others the times after;
 *  - leaving fullscreen leaves the window's style as it is; plain D3D9
 *    gives it back its place and size, D3D9Ex leaves it covering the
 *    screen;
 *  - while fullscreen the device replaces the focus window's procedure,
 *    to minimize the device window when the application is deactivated
 *    (plain D3D9's device is lost then) and restore it when it is active
 *    again, and gives it back when it leaves fullscreen. */
static const WCHAR seen_prop[] = L"nereid.d3d9ex.fullscreen";
static const WCHAR state_prop[] = L"nereid.d3d9.focus";

/* Lives as long as the focus window's procedure is ours: when another
 * replaced it after us, ours stays in the chain (device_window NULL once
 * the device is gone) and forwards. */
struct d3d9_window_hook {
    HWND device_window;
    LONG_PTR old_proc;
    struct d3d9_window_state *st; /* NULL once the device let go */
};

static LRESULT CALLBACK focus_proc(HWND hwnd, UINT msg, WPARAM wp, LPARAM lp)
{
    struct d3d9_window_hook *h = GetPropW(hwnd, state_prop);
    if (!h)
        return DefWindowProcW(hwnd, msg, wp, lp);
    if (msg == WM_ACTIVATEAPP && h->st) {
        /* Plain D3D9's fullscreen device is lost while the application is
         * inactive, and answers NOTRESET once it is active again; D3D9Ex's
         * never is. */
        h->st->inactive = !wp;
        if (!wp && !h->st->ex)
            h->st->focus_lost = true;
    }
    if (msg == WM_ACTIVATEAPP && !wp && h->device_window && IsWindowVisible(h->device_window))
        ShowWindow(h->device_window, SW_MINIMIZE);
    else if (msg == WM_ACTIVATEAPP && wp && h->device_window && IsIconic(h->device_window))
        ShowWindow(h->device_window, SW_RESTORE); /* active again: shown again */
    return CallWindowProcW((WNDPROC)h->old_proc, hwnd, msg, wp, lp);
}

void d3d9_window_enter_fullscreen(struct d3d9_window_state *st, HWND device_window,
                                  HWND focus, UINT w, UINT h, bool ex, bool reset)
{
    bool visible, show, topmost;
    if (!device_window || !IsWindow(device_window))
        return;
    visible = (GetWindowLongW(device_window, GWL_STYLE) & WS_VISIBLE) != 0;
    if (!st->saved) {
        GetWindowRect(device_window, &st->rect);
        st->saved = true;
    }
    st->ex = ex;
    if (ex) {
        show = topmost = GetPropW(device_window, seen_prop) != NULL;
        SetPropW(device_window, seen_prop, (HANDLE)1);
    } else {
        show = true;
        topmost = !visible || reset;
    }
    SetWindowPos(device_window, HWND_TOPMOST, 0, 0, (int)w, (int)h,
                 SWP_NOACTIVATE | (topmost ? 0 : SWP_NOZORDER) | (show ? SWP_SHOWWINDOW : 0));
    st->device_window = device_window;
    if (!st->hook && focus && IsWindow(focus) && !GetPropW(focus, state_prop) &&
        (st->hook = calloc(1, sizeof(*st->hook)))) {
        st->hook->device_window = device_window;
        st->hook->st = st;
        SetPropW(focus, state_prop, st->hook);
        st->focus = focus;
        st->hook->old_proc = SetWindowLongPtrW(focus, GWLP_WNDPROC, (LONG_PTR)focus_proc);
    }
}

void d3d9_window_leave_fullscreen(struct d3d9_window_state *st)
{
    if (st->hook) {
        if (!IsWindow(st->focus)) {
            free(st->hook);
        } else if (GetWindowLongPtrW(st->focus, GWLP_WNDPROC) == (LONG_PTR)focus_proc) {
            SetWindowLongPtrW(st->focus, GWLP_WNDPROC, st->hook->old_proc);
            RemovePropW(st->focus, state_prop);
            free(st->hook);
        } else {
            st->hook->device_window = NULL; /* replaced after us: ours forwards */
            st->hook->st = NULL;
        }
    }
    if (st->saved && !st->ex && st->device_window && IsWindow(st->device_window))
        SetWindowPos(st->device_window, NULL, st->rect.left, st->rect.top,
                     st->rect.right - st->rect.left, st->rect.bottom - st->rect.top,
                     SWP_NOZORDER | SWP_NOACTIVATE);
    st->saved = false;
    st->hook = NULL;
    st->focus = NULL;
    st->device_window = NULL;
}


void *d3d9_cursor_create(const void *pixels, UINT pitch, UINT w, UINT h, UINT x, UINT y)
{
    BITMAPV5HEADER bi = {.bV5Size = sizeof(bi), .bV5Width = (LONG)w, .bV5Height = -(LONG)h,
                         .bV5Planes = 1, .bV5BitCount = 32, .bV5Compression = BI_BITFIELDS,
                         .bV5RedMask = 0x00ff0000, .bV5GreenMask = 0x0000ff00,
                         .bV5BlueMask = 0x000000ff, .bV5AlphaMask = 0xff000000};
    HDC dc = GetDC(NULL);
    void *bits = NULL;
    HBITMAP color = CreateDIBSection(dc, (BITMAPINFO *)&bi, DIB_RGB_COLORS, &bits, NULL, 0);
    /* A monochrome mask of zeros: the colour's alpha is the shape. */
    size_t mask_bytes = (size_t)((w + 15) / 16 * 2) * h;
    void *zeros = calloc(1, mask_bytes);
    HBITMAP mask = zeros ? CreateBitmap((int)w, (int)h, 1, 1, zeros) : NULL;
    HCURSOR cursor = NULL;
    ReleaseDC(NULL, dc);
    if (color && mask && bits) {
        for (UINT r = 0; r < h; r++)
            memcpy((uint8_t *)bits + (size_t)r * w * 4,
                   (const uint8_t *)pixels + (size_t)r * pitch, (size_t)w * 4);
        ICONINFO ii = {FALSE, x, y, mask, color};
        cursor = (HCURSOR)CreateIconIndirect(&ii);
    }
    if (color)
        DeleteObject(color);
    if (mask)
        DeleteObject(mask);
    free(zeros);
    return cursor;
}

void d3d9_cursor_show(void *cursor)
{
    SetCursor((HCURSOR)cursor);
}

void d3d9_cursor_destroy(void *cursor)
{
    if (cursor)
        DestroyCursor((HCURSOR)cursor);
}

#else



/* ---- the display natively: the client does not see the X server.  A
 * program of SDL2 (what DXVK-native programs are) has it in the process:
 * then the modes are SDL's of display 0, and a fullscreen device on an
 * SDL_Window is SDL's fullscreen window at that mode (looked up with
 * dlsym, as client/window.c does; we do not link SDL).  Without SDL, a
 * virtual monitor's modes and no fullscreen (docs/STATUS.md). */


bool d3d9_display_fullscreen_supported(void)
{
    return nr_sdl_mode_count() > 0 && nr_sdl_fn("SDL_SetWindowFullscreen") &&
           nr_sdl_fn("SDL_SetWindowDisplayMode");
}

/* SDL changes the mode with the fullscreen window (below). */
bool d3d9_display_set(const struct nr_mode *m, unsigned bpp)
{
    (void)bpp;
    return !m || d3d9_display_fullscreen_supported();
}

/* The device window of a fullscreen device: an SDL_Window (a pointer;
 * an X11 window id is below 2^32 and has no fullscreen here). */
static bool sdl_window(HWND hwnd)
{
    uint32_t (*id)(void *) = (uint32_t (*)(void *))nr_sdl_fn("SDL_GetWindowID");
    return (uintptr_t)hwnd > UINT32_MAX && id && id(hwnd);
}

bool d3d9_window_fullscreen_ok(HWND device_window)
{
    return d3d9_display_fullscreen_supported() && sdl_window(device_window);
}

void d3d9_window_enter_fullscreen(struct d3d9_window_state *st, HWND device_window,
                                  HWND focus, UINT w, UINT h, bool ex, bool reset)
{
    int (*set_mode)(void *, const struct nr_sdl_mode *) =
        (int (*)(void *, const struct nr_sdl_mode *))nr_sdl_fn("SDL_SetWindowDisplayMode");
    int (*set_fullscreen)(void *, uint32_t) =
        (int (*)(void *, uint32_t))nr_sdl_fn("SDL_SetWindowFullscreen");
    void (*get_size)(void *, int *, int *) =
        (void (*)(void *, int *, int *))nr_sdl_fn("SDL_GetWindowSize");
    void (*get_pos)(void *, int *, int *) =
        (void (*)(void *, int *, int *))nr_sdl_fn("SDL_GetWindowPosition");
    void (*set_size)(void *, int, int) = (void (*)(void *, int, int))nr_sdl_fn("SDL_SetWindowSize");
    void (*set_pos)(void *, int, int) =
        (void (*)(void *, int, int))nr_sdl_fn("SDL_SetWindowPosition");
    struct nr_sdl_mode m = {0, (int)w, (int)h, 0, NULL};
    (void)focus, (void)ex, (void)reset;
    if (!set_mode || !set_fullscreen || !sdl_window(device_window))
        return;
    /* The window covers the screen itself too: without a window manager
     * (which SDL's fullscreen asks) nobody else moves it. */
    if (!st->saved && get_size && get_pos) {
        int x, y, ww, wh;
        get_pos(device_window, &x, &y);
        get_size(device_window, &ww, &wh);
        st->rect = (RECT){x, y, x + ww, y + wh};
        st->saved = true;
    }
    if (set_size && set_pos) {
        set_pos(device_window, 0, 0);
        set_size(device_window, (int)w, (int)h);
    }
    if (set_mode(device_window, &m) || set_fullscreen(device_window, 1 /* FULLSCREEN */))
        NR_WARN(D3D9, "fullscreen: SDL did not make the window fullscreen at %ux%u", w, h);
    st->device_window = device_window;
}

void d3d9_window_leave_fullscreen(struct d3d9_window_state *st)
{
    int (*set_fullscreen)(void *, uint32_t) =
        (int (*)(void *, uint32_t))nr_sdl_fn("SDL_SetWindowFullscreen");
    void (*set_size)(void *, int, int) = (void (*)(void *, int, int))nr_sdl_fn("SDL_SetWindowSize");
    void (*set_pos)(void *, int, int) =
        (void (*)(void *, int, int))nr_sdl_fn("SDL_SetWindowPosition");
    if (st->device_window && set_fullscreen && sdl_window(st->device_window)) {
        set_fullscreen(st->device_window, 0);
        if (st->saved && set_size && set_pos) {
            set_size(st->device_window, st->rect.right - st->rect.left,
                     st->rect.bottom - st->rect.top);
            set_pos(st->device_window, st->rect.left, st->rect.top);
        }
    }
    st->saved = false;
    st->device_window = NULL;
}


void *d3d9_cursor_create(const void *pixels, UINT pitch, UINT w, UINT h, UINT x, UINT y)
{
    (void)pixels, (void)pitch, (void)w, (void)h, (void)x, (void)y;
    return NULL; /* natively the client does not see the display */
}

void d3d9_cursor_show(void *cursor)
{
    (void)cursor;
}

void d3d9_cursor_destroy(void *cursor)
{
    (void)cursor;
}

#endif
