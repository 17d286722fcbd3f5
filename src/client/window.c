/* The application's window as the server reaches it: an X11 window of the
 * server's display (struct wire_present).
 *
 * Under Wine an HWND is a window of user32's; winex11 keeps the X11 window
 * behind each top-level one as its property "__wine_x11_whole_window"
 * (that window may hold the frame Wine draws, so the client area is sent
 * in screen coordinates, which Wine's X11 root coordinates equal, and the
 * server shows the picture in a child window there).  A child HWND has no
 * X11 window of its own: its top-level one's is used, at its client area.
 *
 * Natively HWND is what the program passes: an X11 window id (a value
 * below 2^32), or an SDL_Window pointer as DXVK-native programs pass,
 * whose X11 window SDL2 tells (SDL_GetWindowWMInfo, looked up in the
 * process: we do not link SDL).  Anything else is no window: headless. */
#define _GNU_SOURCE
#include "client/window.h"

#include <string.h>

#ifdef _WIN32

bool nr_window_target(HWND hwnd, struct wire_present *p)
{
    HWND top;
    HANDLE x11;
    RECT client;
    POINT origin = {0, 0};

    if (!hwnd || !IsWindow(hwnd) || !(top = GetAncestor(hwnd, GA_ROOT)))
        return false;
    if (!(x11 = GetPropA(top, "__wine_x11_whole_window")))
        return false; /* not Wine's X11 driver, or no X11 window yet */
    if ((uintptr_t)x11 > UINT32_MAX || !GetClientRect(hwnd, &client) ||
        !ClientToScreen(hwnd, &origin))
        return false;
    p->window = (uint32_t)(uintptr_t)x11;
    p->window_key = (uint64_t)(uintptr_t)hwnd;
    p->flags |= WIRE_PRESENT_SCREEN_AREA;
    p->area[0] = origin.x;
    p->area[1] = origin.y;
    p->area[2] = client.right - client.left;
    p->area[3] = client.bottom - client.top;
    if (IsIconic(top) || !IsWindowVisible(hwnd) || p->area[2] <= 0 || p->area[3] <= 0) {
        p->flags |= WIRE_PRESENT_HIDDEN;
        p->area[2] = p->area[3] = 1;
    }
    return true;
}

bool nr_window_client_size(HWND hwnd, UINT *width, UINT *height)
{
    RECT r;
    if (!hwnd || !GetClientRect(hwnd, &r))
        return false;
    *width = (UINT)(r.right - r.left);
    *height = (UINT)(r.bottom - r.top);
    return true;
}

#else

#include <dlfcn.h>

/* SDL2's SDL_SysWMinfo, as far as its X11 member (SDL_syswm.h). */
struct sdl_version { uint8_t major, minor, patch; };
struct sdl_wminfo {
    struct sdl_version version;
    int subsystem; /* SDL_SYSWM_X11 is 2 */
    union {
        struct { void *display; unsigned long window; } x11;
        uint8_t dummy[64];
    } info;
    uint8_t spare[64]; /* a later SDL's union may be larger */
};

static bool sdl_x11_window(void *sdl_window, uint32_t *xid)
{
    void (*get_version)(struct sdl_version *) =
        (void (*)(struct sdl_version *))dlsym(RTLD_DEFAULT, "SDL_GetVersion");
    int (*get_info)(void *, struct sdl_wminfo *) =
        (int (*)(void *, struct sdl_wminfo *))dlsym(RTLD_DEFAULT, "SDL_GetWindowWMInfo");
    struct sdl_wminfo info;

    if (!get_version || !get_info)
        return false;
    memset(&info, 0, sizeof(info));
    get_version(&info.version);
    if (info.version.major != 2 || !get_info(sdl_window, &info))
        return false;
    if (info.subsystem != 2 || !info.info.x11.window || info.info.x11.window > UINT32_MAX) {
        static bool warned;
        if (!__atomic_exchange_n(&warned, true, __ATOMIC_RELAXED))
            NR_WARN(PRESENT, "the SDL window is not an X11 one (SDL subsystem %d): presenting "
                    "headless", info.subsystem);
        return false;
    }
    *xid = (uint32_t)info.info.x11.window;
    return true;
}

bool nr_window_target(HWND hwnd, struct wire_present *p)
{
    uintptr_t v = (uintptr_t)hwnd;
    uint32_t xid;

    if (!v)
        return false;
    if (v <= UINT32_MAX)
        xid = (uint32_t)v;
    else if (!sdl_x11_window(hwnd, &xid))
        return false;
    p->window = xid;
    p->window_key = (uint64_t)v;
    /* All of it, following its size (area width 0). */
    return true;
}

/* An SDL_Window's drawable size, as SDL2 knows it; an X11 window id's is
 * the server's to know (the client does not see the display). */
bool nr_window_client_size(HWND hwnd, UINT *width, UINT *height)
{
    void (*size)(void *, int *, int *);
    uint32_t xid;
    int w = 0, h = 0;

    if ((uintptr_t)hwnd <= UINT32_MAX || !sdl_x11_window(hwnd, &xid))
        return false;
    /* SDL 2.26's pixel size where there is one, else the window's. */
    if (!(size = (void (*)(void *, int *, int *))dlsym(RTLD_DEFAULT,
                                                        "SDL_GetWindowSizeInPixels")) &&
        !(size = (void (*)(void *, int *, int *))dlsym(RTLD_DEFAULT, "SDL_GetWindowSize")))
        return false;
    size(hwnd, &w, &h);
    if (w <= 0 || h <= 0)
        return false;
    *width = (UINT)w;
    *height = (UINT)h;
    return true;
}

#endif
