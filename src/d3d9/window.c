/* The display as D3D9 sees it: modes, fullscreen, gamma (the application's
 * window as the server reaches it is src/client/window.c). */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <string.h>

#ifdef _WIN32



/* ---- the display (Wine: the X server's modes, as user32 reports them) */

bool d3d9_display_fullscreen_supported(void)
{
    return true;
}

size_t d3d9_display_modes(unsigned bpp, struct d3d9_mode *out, size_t max)
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
            out[n++] = (struct d3d9_mode){dm.dmPelsWidth, dm.dmPelsHeight,
                                          dm.dmDisplayFrequency};
    }
    return n;
}

bool d3d9_display_current(struct d3d9_mode *m, unsigned *bpp)
{
    DEVMODEW dm = {.dmSize = sizeof(dm)};
    if (!EnumDisplaySettingsW(NULL, ENUM_CURRENT_SETTINGS, &dm))
        return false;
    *m = (struct d3d9_mode){dm.dmPelsWidth, dm.dmPelsHeight, dm.dmDisplayFrequency};
    *bpp = dm.dmBitsPerPel;
    return true;
}

bool d3d9_display_set(const struct d3d9_mode *m, unsigned bpp)
{
    DEVMODEW dm = {.dmSize = sizeof(dm)};
    struct d3d9_mode cur;
    unsigned cur_bpp;

    if (!m) /* back to the registry's mode */
        return ChangeDisplaySettingsExW(NULL, NULL, NULL, 0, NULL) == DISP_CHANGE_SUCCESSFUL;
    if (d3d9_display_current(&cur, &cur_bpp) && cur.w == m->w && cur.h == m->h &&
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

/* A fullscreen device window covers the screen, above the others, without
 * a frame; what it was is kept for the way back. */
void d3d9_window_enter_fullscreen(struct d3d9_window_state *st, HWND hwnd, UINT w, UINT h)
{
    LONG style, exstyle;
    if (!hwnd || !IsWindow(hwnd))
        return;
    if (!st->saved) {
        st->style = GetWindowLongW(hwnd, GWL_STYLE);
        st->exstyle = GetWindowLongW(hwnd, GWL_EXSTYLE);
        GetWindowRect(hwnd, &st->rect);
        st->saved = true;
        st->hwnd = hwnd;
    }
    style = (st->style | WS_POPUP | WS_SYSMENU) & ~(WS_CAPTION | WS_THICKFRAME);
    exstyle = (st->exstyle | WS_EX_TOPMOST) &
              ~(WS_EX_DLGMODALFRAME | WS_EX_WINDOWEDGE | WS_EX_CLIENTEDGE);
    SetWindowLongW(hwnd, GWL_STYLE, style);
    SetWindowLongW(hwnd, GWL_EXSTYLE, exstyle);
    SetWindowPos(hwnd, HWND_TOPMOST, 0, 0, (int)w, (int)h,
                 SWP_FRAMECHANGED | SWP_SHOWWINDOW | SWP_NOACTIVATE);
}

void d3d9_window_leave_fullscreen(struct d3d9_window_state *st)
{
    if (!st->saved)
        return;
    st->saved = false;
    if (!IsWindow(st->hwnd))
        return;
    SetWindowLongW(st->hwnd, GWL_STYLE, st->style);
    SetWindowLongW(st->hwnd, GWL_EXSTYLE, st->exstyle);
    SetWindowPos(st->hwnd, (st->exstyle & WS_EX_TOPMOST) ? HWND_TOPMOST : HWND_NOTOPMOST,
                 st->rect.left, st->rect.top, st->rect.right - st->rect.left,
                 st->rect.bottom - st->rect.top, SWP_FRAMECHANGED | SWP_NOACTIVATE);
}


static WORD saved_gamma[3][256];
static bool gamma_saved;

bool d3d9_display_set_gamma(const D3DGAMMARAMP *ramp)
{
    HDC dc = GetDC(NULL);
    BOOL done;
    if (!dc)
        return false;
    if (!gamma_saved && ramp)
        gamma_saved = GetDeviceGammaRamp(dc, saved_gamma);
    if (ramp) {
        WORD r[3][256];
        memcpy(r[0], ramp->red, sizeof(r[0]));
        memcpy(r[1], ramp->green, sizeof(r[1]));
        memcpy(r[2], ramp->blue, sizeof(r[2]));
        done = SetDeviceGammaRamp(dc, r);
    } else {
        done = gamma_saved && SetDeviceGammaRamp(dc, saved_gamma);
        gamma_saved = false;
    }
    ReleaseDC(NULL, dc);
    return done;
}


HMONITOR d3d9_display_monitor(void)
{
    const POINT origin = {0, 0};
    return MonitorFromPoint(origin, MONITOR_DEFAULTTOPRIMARY);
}

#else



/* ---- the display: natively the client does not see it; a virtual
 * monitor's modes, and no fullscreen (docs/STATUS.md). */

static const struct d3d9_mode native_modes[] = {
    {640, 480, 60}, {800, 600, 60}, {1024, 768, 60}, {1280, 720, 60}, {1280, 1024, 60},
    {1920, 1080, 60},
};

bool d3d9_display_fullscreen_supported(void)
{
    return false;
}

size_t d3d9_display_modes(unsigned bpp, struct d3d9_mode *out, size_t max)
{
    size_t n = 0;
    if (bpp != 32 && bpp != 16)
        return 0;
    for (; n < max && n < NR_ARRAY_SIZE(native_modes); n++)
        out[n] = native_modes[n];
    return n;
}

bool d3d9_display_current(struct d3d9_mode *m, unsigned *bpp)
{
    *m = native_modes[2];
    *bpp = 32;
    return true;
}

bool d3d9_display_set(const struct d3d9_mode *m, unsigned bpp)
{
    (void)m, (void)bpp;
    return false;
}

void d3d9_window_enter_fullscreen(struct d3d9_window_state *st, HWND hwnd, UINT w, UINT h)
{
    (void)st, (void)hwnd, (void)w, (void)h;
}

void d3d9_window_leave_fullscreen(struct d3d9_window_state *st)
{
    (void)st;
}


bool d3d9_display_set_gamma(const D3DGAMMARAMP *ramp)
{
    (void)ramp;
    return false;
}


HMONITOR d3d9_display_monitor(void)
{
    return NULL; /* no monitor natively */
}

#endif
