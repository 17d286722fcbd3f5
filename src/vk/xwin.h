/* nereid's own X11 windows (xwin.c), for presentation through Vulkan WSI
 * (NEREID_WINDOW=1).  One window per client context, on a connection of
 * its own, used by that context's thread only.  A build without libxcb has
 * the same functions: they answer that windows are not supported. */
#ifndef NEREID_XWIN_H
#define NEREID_XWIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

struct xwin;

/* The instance extension the surfaces need ("VK_KHR_xcb_surface"), or NULL
 * in a build without window support. */
const char *xwin_surface_extension(void);
/* Whether a display can be reached (DISPLAY set, X server answering);
 * otherwise why not. */
bool xwin_display_available(char *why, size_t why_size);

/* Maps a w x h window titled `title`; NULL with the reason on failure. */
struct xwin *xwin_open(const char *title, uint32_t w, uint32_t h, char *why,
                       size_t why_size);
/* Shows in the application's window `parent` instead: a child window of
 * ours at (x, y) in it, w x h, or covering it and following its size when
 * w is 0.  `screen` says that x and y are root-window coordinates (where
 * Wine puts a client area) to be made relative to the parent.  NULL with
 * the reason when the parent is not a window of this display. */
struct xwin *xwin_attach(uint32_t parent, bool screen, int32_t x, int32_t y, uint32_t w,
                         uint32_t h, char *why, size_t why_size);
/* Moves an attached window to a new place in its parent (same arguments);
 * nothing when it is already there. */
void xwin_place(struct xwin *w, bool screen, int32_t x, int32_t y, uint32_t width,
                uint32_t height);
/* Asks for a new size of the client area (a Reset). */
void xwin_resize(struct xwin *w, uint32_t width, uint32_t height);
/* Reads the pending events without waiting.  False once the window is gone:
 * closed by the user (WM_DELETE_WINDOW), destroyed, or the connection to
 * the X server lost; `why` says which. */
bool xwin_poll(struct xwin *w, char *why, size_t why_size);
/* The window's id, for logs. */
uint32_t xwin_id(const struct xwin *w);
/* The size of its client area as last asked for (xwin_resize) or told of
 * by the X server (a resize by the user or a window manager, seen by
 * xwin_poll). */
void xwin_size(const struct xwin *w, uint32_t *width, uint32_t *height);
VkResult xwin_create_surface(struct xwin *w, VkInstance instance,
                             VkSurfaceKHR *surface);
void xwin_close(struct xwin *w);

#endif
