/* The display as the front ends (D3D9's adapter modes, DXGI's output) see
 * it (display.c): under Wine the modes user32 reports; natively SDL2's of
 * display 0 where the program has SDL's video up, else a virtual
 * monitor's. */
#ifndef NEREID_CLIENT_DISPLAY_H
#define NEREID_CLIENT_DISPLAY_H

#include <nereid/win_base.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nr_mode {
    UINT w, h, refresh; /* refresh in Hz; 0: the display's default */
};

/* The modes of bpp (32 or 16) bits per pixel, each once; their count. */
size_t nr_display_modes(unsigned bpp, struct nr_mode *out, size_t max);
/* The mode the display has now, and its bits per pixel. */
bool nr_display_current(struct nr_mode *m, unsigned *bpp);
/* The adapter's monitor (Wine: the primary one); NULL natively. */
HMONITOR nr_display_monitor(void);

#ifdef _WIN32
/* Under Wine: the display set to mode m at bpp bits (CDS_FULLSCREEN: the
 * registry keeps its own), or back to the registry's mode (m NULL);
 * false when the display refuses. */
bool nr_display_set(const struct nr_mode *m, unsigned bpp);
/* The mode of the display closest to w x h (and refresh, 0: any): the
 * same size where there is one, else the smallest that covers it, else
 * the largest; false when the display lists none. */
bool nr_display_closest(UINT w, UINT h, UINT refresh, struct nr_mode *out);
#endif

#ifndef _WIN32
/* SDL2 in the process (looked up with dlsym: nereid does not link SDL). */
struct nr_sdl_mode {
    uint32_t format; /* SDL_PIXELFORMAT_*: its low byte is the bytes a pixel */
    int w, h, refresh_rate;
    void *driverdata;
};
void *nr_sdl_fn(const char *name);
/* Display 0's modes (SDL video initialized), or 0. */
int nr_sdl_mode_count(void);
#endif

#endif
