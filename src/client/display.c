/* The display as the front ends see it (display.h).  Under Wine: the X
 * server's modes, as user32 reports them.  Natively the client does not
 * see the X server; a program of SDL2 (what DXVK-native programs are) has
 * it in the process: then the modes are SDL's of display 0 (looked up with
 * dlsym, as window.c does; we do not link SDL).  Without SDL, a virtual
 * monitor's modes (docs/STATUS.md). */
#define _GNU_SOURCE
#include "client/display.h"

#include <string.h>

#include "common/common.h"

#ifdef _WIN32

size_t nr_display_modes(unsigned bpp, struct nr_mode *out, size_t max)
{
    DEVMODEW dm;
    size_t n = 0;

    for (DWORD i = 0; n < max; i++) {
        memset(&dm, 0, sizeof(dm));
        dm.dmSize = sizeof(dm);
        if (!EnumDisplaySettingsW(NULL, i, &dm))
            break;
        if (dm.dmBitsPerPel != bpp || !dm.dmPelsWidth || !dm.dmPelsHeight)
            continue;
        size_t k;
        for (k = 0; k < n; k++)
            if (out[k].w == dm.dmPelsWidth && out[k].h == dm.dmPelsHeight &&
                out[k].refresh == dm.dmDisplayFrequency)
                break;
        if (k == n)
            out[n++] = (struct nr_mode){dm.dmPelsWidth, dm.dmPelsHeight,
                                          dm.dmDisplayFrequency};
    }
    return n;
}

bool nr_display_current(struct nr_mode *m, unsigned *bpp)
{
    DEVMODEW dm = {.dmSize = sizeof(dm)};
    if (!EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &dm))
        return false;
    *m = (struct nr_mode){dm.dmPelsWidth, dm.dmPelsHeight, dm.dmDisplayFrequency};
    *bpp = dm.dmBitsPerPel;
    return true;
}

HMONITOR nr_display_monitor(void)
{
    const POINT origin = {0, 0};
    return MonitorFromPoint(origin, MONITOR_DEFAULTTOPRIMARY);
}

bool nr_display_set(const struct nr_mode *m, unsigned bpp)
{
    DEVMODEW dm = {.dmSize = sizeof(dm)};
    struct nr_mode cur;
    unsigned cur_bpp;

    if (!m) /* back to the registry's mode */
        return ChangeDisplaySettingsExW(NULL, NULL, NULL, 0, NULL) == DISP_CHANGE_SUCCESSFUL;
    if (nr_display_current(&cur, &cur_bpp) && cur.w == m->w && cur.h == m->h &&
        cur_bpp == bpp && (!m->refresh || cur.refresh == m->refresh))
        return true;
    dm.dmPelsWidth = m->w;
    dm.dmPelsHeight = m->h;
    dm.dmBitsPerPel = bpp;
    dm.dmFields = DM_PELSWIDTH | DM_PELSHEIGHT | DM_BITSPERPEL;
    if (m->refresh) {
        dm.dmDisplayFrequency = m->refresh;
        dm.dmFields |= DM_DISPLAYFREQUENCY;
    }
    return ChangeDisplaySettingsExW(NULL, &dm, NULL, CDS_FULLSCREEN, NULL) ==
           DISP_CHANGE_SUCCESSFUL;
}

bool nr_display_closest(UINT w, UINT h, UINT refresh, struct nr_mode *out)
{
    struct nr_mode modes[256];
    size_t n = nr_display_modes(32, modes, NR_ARRAY_SIZE(modes));
    const struct nr_mode *best = NULL;
    for (size_t i = 0; i < n; i++) {
        const struct nr_mode *m = &modes[i];
        bool same = m->w == w && m->h == h, covers = m->w >= w && m->h >= h;
        if (!best) {
            best = m;
            continue;
        }
        bool best_same = best->w == w && best->h == h, best_covers = best->w >= w && best->h >= h;
        uint64_t area = (uint64_t)m->w * m->h, best_area = (uint64_t)best->w * best->h;
        if (same != best_same ? same
            : same            ? refresh && m->refresh == refresh && best->refresh != refresh
            : covers != best_covers ? covers
            : covers                ? area < best_area
                                    : area > best_area)
            best = m;
    }
    if (best)
        *out = *best;
    return best != NULL;
}

#else

#include <dlfcn.h>

void *nr_sdl_fn(const char *name)
{
    return dlsym(RTLD_DEFAULT, name);
}

int nr_sdl_mode_count(void)
{
    int (*num)(int) = (int (*)(int))nr_sdl_fn("SDL_GetNumDisplayModes");
    int n = num ? num(0) : 0;
    return n > 0 ? n : 0;
}

static const struct nr_mode native_modes[] = {
    {640, 480, 60}, {800, 600, 60}, {1024, 768, 60}, {1280, 720, 60}, {1280, 1024, 60},
    {1920, 1080, 60},
};

size_t nr_display_modes(unsigned bpp, struct nr_mode *out, size_t max)
{
    int (*get)(int, int, struct nr_sdl_mode *) =
        (int (*)(int, int, struct nr_sdl_mode *))nr_sdl_fn("SDL_GetDisplayMode");
    int count = nr_sdl_mode_count();
    size_t n = 0;
    if (bpp != 32 && bpp != 16)
        return 0;
    if (count && get) {
        for (int i = 0; i < count && n < max; i++) {
            struct nr_sdl_mode m;
            size_t k;
            if (get(0, i, &m) || (m.format & 0xff) != bpp / 8 || m.w <= 0 || m.h <= 0)
                continue;
            for (k = 0; k < n; k++)
                if (out[k].w == (UINT)m.w && out[k].h == (UINT)m.h &&
                    out[k].refresh == (UINT)m.refresh_rate)
                    break;
            if (k == n)
                out[n++] = (struct nr_mode){(UINT)m.w, (UINT)m.h, (UINT)m.refresh_rate};
        }
        return n;
    }
    for (; n < max && n < NR_ARRAY_SIZE(native_modes); n++)
        out[n] = native_modes[n];
    return n;
}

bool nr_display_current(struct nr_mode *m, unsigned *bpp)
{
    int (*desktop)(int, struct nr_sdl_mode *) =
        (int (*)(int, struct nr_sdl_mode *))nr_sdl_fn("SDL_GetDesktopDisplayMode");
    struct nr_sdl_mode sm;
    if (nr_sdl_mode_count() && desktop && !desktop(0, &sm) && sm.w > 0 && sm.h > 0) {
        *m = (struct nr_mode){(UINT)sm.w, (UINT)sm.h, (UINT)sm.refresh_rate};
        *bpp = (sm.format & 0xff) == 2 ? 16 : 32;
        return true;
    }
    *m = native_modes[2];
    *bpp = 32;
    return true;
}

HMONITOR nr_display_monitor(void)
{
    return NULL; /* no monitor natively */
}

#endif
