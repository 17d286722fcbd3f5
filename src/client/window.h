/* What the front ends (D3D9, D3D11/DXGI) share of the application's
 * window: where the server can present into it (window.c). */
#ifndef NEREID_CLIENT_WINDOW_H
#define NEREID_CLIENT_WINDOW_H

#include <nereid/win_base.h>
#include <stdbool.h>

#include "wire/wire.h"

/* Fills p's window, window_key, area and flags (SCREEN_AREA, HIDDEN) for
 * presenting into hwnd; false: no window the server can reach (headless). */
bool nr_window_target(HWND hwnd, struct wire_present *p);
/* The window's client size, where the client can know it. */
bool nr_window_client_size(HWND hwnd, UINT *width, UINT *height);

#endif
