/* X11 windows through libxcb, for Vulkan WSI (VK_KHR_xcb_surface).  See
 * xwin.h.  xcb rather than Xlib: its connections are thread-safe without
 * XInitThreads, which a library-free server could not promise to call
 * before anything else. */
#define _GNU_SOURCE
#include "vk/xwin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef NEREID_HAVE_XCB
#include <xcb/xcb.h>
#include <vulkan/vulkan_xcb.h>

struct xwin {
    xcb_connection_t *conn;
    xcb_window_t window;
    xcb_atom_t wm_protocols, wm_delete;
    uint32_t width, height; /* the last size asked for or told of */
    bool gone;
    /* Attached (xwin_attach): the application's window we are a child of,
     * and the place last asked for, as asked. */
    xcb_window_t parent, root;
    bool follow_parent;
    int32_t place[4];
    bool place_screen;
};

const char *xwin_surface_extension(void)
{
    return VK_KHR_XCB_SURFACE_EXTENSION_NAME;
}

bool xwin_display_available(char *why, size_t why_size)
{
    const char *d = getenv("DISPLAY");
    xcb_connection_t *c;
    bool okay;

    if (!d || !*d) {
        snprintf(why, why_size, "DISPLAY is not set");
        return false;
    }
    c = xcb_connect(NULL, NULL);
    okay = c && !xcb_connection_has_error(c);
    if (!okay)
        snprintf(why, why_size, "cannot connect to the X display '%s'", d);
    if (c)
        xcb_disconnect(c);
    return okay;
}

static xcb_atom_t intern(xcb_connection_t *c, const char *name)
{
    xcb_intern_atom_reply_t *r =
        xcb_intern_atom_reply(c, xcb_intern_atom(c, 0, (uint16_t)strlen(name), name), NULL);
    xcb_atom_t a = r ? r->atom : XCB_ATOM_NONE;
    free(r);
    return a;
}

/* A connection of the window's own to DISPLAY. */
static bool connect_display(struct xwin *x, int *screen_no, char *why, size_t why_size)
{
    x->conn = xcb_connect(NULL, screen_no);
    if (x->conn && !xcb_connection_has_error(x->conn))
        return true;
    snprintf(why, why_size, "cannot connect to the X display '%s'",
             getenv("DISPLAY") ? getenv("DISPLAY") : "");
    return false;
}

/* X limits a window to 16 bits a side (the swap chain is then scaled
 * into what the window has). */
static uint16_t side(uint32_t v)
{
    return (uint16_t)(v < 1 ? 1 : v > 32767 ? 32767 : v);
}

struct xwin *xwin_open(const char *title, uint32_t w, uint32_t h, char *why,
                       size_t why_size)
{
    struct xwin *x = calloc(1, sizeof(*x));
    const xcb_setup_t *setup;
    xcb_screen_t *screen;
    int screen_no = 0;
    uint32_t values[2];
    xcb_atom_t utf8, net_wm_name;

    if (!x) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    if (!connect_display(x, &screen_no, why, why_size))
        goto fail;
    setup = xcb_get_setup(x->conn);
    {
        xcb_screen_iterator_t it = xcb_setup_roots_iterator(setup);
        for (int i = 0; i < screen_no && it.rem; i++)
            xcb_screen_next(&it);
        screen = it.rem ? it.data : NULL;
    }
    if (!screen) {
        snprintf(why, why_size, "the X display has no screen %d", screen_no);
        goto fail;
    }
    x->width = w = side(w);
    x->height = h = side(h);
    x->window = xcb_generate_id(x->conn);
    values[0] = screen->black_pixel;
    values[1] = XCB_EVENT_MASK_STRUCTURE_NOTIFY;
    xcb_create_window(x->conn, XCB_COPY_FROM_PARENT, x->window, screen->root, 0, 0,
                      (uint16_t)w, (uint16_t)h, 0, XCB_WINDOW_CLASS_INPUT_OUTPUT,
                      screen->root_visual, XCB_CW_BACK_PIXEL | XCB_CW_EVENT_MASK,
                      values);
    xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->window, XCB_ATOM_WM_NAME,
                        XCB_ATOM_STRING, 8, (uint32_t)strlen(title), title);
    utf8 = intern(x->conn, "UTF8_STRING");
    net_wm_name = intern(x->conn, "_NET_WM_NAME");
    if (utf8 && net_wm_name)
        xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->window, net_wm_name,
                            utf8, 8, (uint32_t)strlen(title), title);
    /* A window manager's close button then sends a message instead of
     * killing the server's connection. */
    x->wm_protocols = intern(x->conn, "WM_PROTOCOLS");
    x->wm_delete = intern(x->conn, "WM_DELETE_WINDOW");
    if (x->wm_protocols && x->wm_delete)
        xcb_change_property(x->conn, XCB_PROP_MODE_REPLACE, x->window, x->wm_protocols,
                            XCB_ATOM_ATOM, 32, 1, &x->wm_delete);
    xcb_map_window(x->conn, x->window);
    xcb_flush(x->conn);
    if (xcb_connection_has_error(x->conn)) {
        snprintf(why, why_size, "the X connection failed while making the window");
        goto fail;
    }
    return x;
fail:
    xwin_close(x);
    return NULL;
}

static int16_t coord(int64_t v)
{
    return (int16_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v);
}

/* Where (x, y) of the request is in the parent's coordinates. */
static void parent_origin(struct xwin *x, bool screen, int32_t *px, int32_t *py)
{
    if (screen) {
        xcb_translate_coordinates_reply_t *t = xcb_translate_coordinates_reply(
            x->conn, xcb_translate_coordinates(x->conn, x->parent, x->root, 0, 0), NULL);
        if (t) {
            *px -= t->dst_x;
            *py -= t->dst_y;
        }
        free(t);
    }
}

struct xwin *xwin_attach(uint32_t parent, bool screen, int32_t px, int32_t py, uint32_t w,
                         uint32_t h, char *why, size_t why_size)
{
    struct xwin *x = calloc(1, sizeof(*x));
    xcb_get_geometry_reply_t *g;
    xcb_generic_error_t *err = NULL;
    uint32_t values[2];
    int32_t ox = px, oy = py;

    if (!x) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    if (!connect_display(x, NULL, why, why_size))
        goto fail;
    /* The id comes from the client: it must name a window of this display
     * (a pixmap or anything else answers an error here). */
    g = xcb_get_geometry_reply(x->conn, xcb_get_geometry(x->conn, parent), &err);
    if (!g) {
        snprintf(why, why_size, "0x%x is not a window of the X display '%s'", parent,
                 getenv("DISPLAY") ? getenv("DISPLAY") : "");
        free(err);
        goto fail;
    }
    x->parent = parent;
    x->root = g->root;
    x->follow_parent = !w;
    x->place[0] = px, x->place[1] = py, x->place[2] = (int32_t)w, x->place[3] = (int32_t)h;
    x->place_screen = screen;
    if (x->follow_parent) {
        ox = oy = 0;
        w = g->width;
        h = g->height;
        /* Its resizes come to us as ConfigureNotify (xwin_poll). */
        values[0] = XCB_EVENT_MASK_STRUCTURE_NOTIFY;
        xcb_change_window_attributes(x->conn, parent, XCB_CW_EVENT_MASK, values);
    } else {
        parent_origin(x, screen, &ox, &oy);
    }
    free(g);
    x->width = side(w);
    x->height = side(h);
    x->window = xcb_generate_id(x->conn);
    /* No background: what the last present showed stays until the next. */
    values[0] = XCB_BACK_PIXMAP_NONE;
    values[1] = XCB_EVENT_MASK_STRUCTURE_NOTIFY;
    xcb_create_window(x->conn, XCB_COPY_FROM_PARENT, x->window, parent, coord(ox),
                      coord(oy), (uint16_t)x->width, (uint16_t)x->height, 0,
                      XCB_WINDOW_CLASS_INPUT_OUTPUT, XCB_COPY_FROM_PARENT,
                      XCB_CW_BACK_PIXMAP | XCB_CW_EVENT_MASK, values);
    xcb_map_window(x->conn, x->window);
    /* The window must exist before a surface names it. */
    free(xcb_get_input_focus_reply(x->conn, xcb_get_input_focus(x->conn), NULL));
    if (xcb_connection_has_error(x->conn)) {
        snprintf(why, why_size, "the X connection failed while making the window");
        goto fail;
    }
    return x;
fail:
    xwin_close(x);
    return NULL;
}

void xwin_place(struct xwin *x, bool screen, int32_t px, int32_t py, uint32_t w,
                uint32_t h)
{
    uint32_t values[4];
    int32_t ox = px, oy = py;

    if (x->gone || !x->parent || x->follow_parent)
        return;
    if (x->place[0] == px && x->place[1] == py && x->place[2] == (int32_t)w &&
        x->place[3] == (int32_t)h && x->place_screen == screen)
        return;
    x->place[0] = px, x->place[1] = py, x->place[2] = (int32_t)w, x->place[3] = (int32_t)h;
    x->place_screen = screen;
    parent_origin(x, screen, &ox, &oy);
    x->width = side(w);
    x->height = side(h);
    values[0] = (uint32_t)(int32_t)coord(ox);
    values[1] = (uint32_t)(int32_t)coord(oy);
    values[2] = x->width;
    values[3] = x->height;
    xcb_configure_window(x->conn, x->window,
                         XCB_CONFIG_WINDOW_X | XCB_CONFIG_WINDOW_Y | XCB_CONFIG_WINDOW_WIDTH |
                             XCB_CONFIG_WINDOW_HEIGHT,
                         values);
    xcb_flush(x->conn);
}

void xwin_resize(struct xwin *x, uint32_t w, uint32_t h)
{
    uint32_t values[2] = {side(w), side(h)};
    if (x->gone)
        return;
    x->width = values[0];
    x->height = values[1];
    xcb_configure_window(x->conn, x->window,
                         XCB_CONFIG_WINDOW_WIDTH | XCB_CONFIG_WINDOW_HEIGHT, values);
    xcb_flush(x->conn);
}

bool xwin_poll(struct xwin *x, char *why, size_t why_size)
{
    xcb_generic_event_t *ev;

    if (x->gone) {
        snprintf(why, why_size, "the window is gone");
        return false;
    }
    while ((ev = xcb_poll_for_event(x->conn))) {
        uint8_t type = ev->response_type & 0x7f;
        if (type == XCB_CLIENT_MESSAGE) {
            const xcb_client_message_event_t *m = (const xcb_client_message_event_t *)ev;
            if (m->type == x->wm_protocols && m->format == 32 &&
                m->data.data32[0] == x->wm_delete) {
                snprintf(why, why_size, "the window was closed");
                x->gone = true;
            }
        } else if (type == XCB_CONFIGURE_NOTIFY) {
            /* Resized by the user or a window manager. */
            const xcb_configure_notify_event_t *c = (const xcb_configure_notify_event_t *)ev;
            if (c->window == x->window) {
                x->width = c->width;
                x->height = c->height;
            } else if (x->follow_parent && c->window == x->parent &&
                       (c->width != x->width || c->height != x->height)) {
                /* The application's window changed size: ours follows. */
                uint32_t values[2] = {side(c->width), side(c->height)};
                x->width = values[0];
                x->height = values[1];
                xcb_configure_window(x->conn, x->window,
                                     XCB_CONFIG_WINDOW_WIDTH | XCB_CONFIG_WINDOW_HEIGHT,
                                     values);
                xcb_flush(x->conn);
            }
        } else if (type == XCB_DESTROY_NOTIFY) {
            const xcb_destroy_notify_event_t *d = (const xcb_destroy_notify_event_t *)ev;
            if (d->window == x->window || (x->parent && d->window == x->parent)) {
                snprintf(why, why_size, d->window == x->window
                                            ? "the window was destroyed"
                                            : "the application's window was destroyed");
                x->gone = true;
                x->window = XCB_WINDOW_NONE; /* nothing left to destroy */
            }
        }
        free(ev);
    }
    if (!x->gone && xcb_connection_has_error(x->conn)) {
        snprintf(why, why_size, "the connection to the X server was lost");
        x->gone = true;
    }
    return !x->gone;
}

uint32_t xwin_id(const struct xwin *x)
{
    return x->window;
}

void xwin_size(const struct xwin *x, uint32_t *width, uint32_t *height)
{
    *width = x->width;
    *height = x->height;
}

VkResult xwin_create_surface(struct xwin *x, VkInstance instance, VkSurfaceKHR *surface)
{
    PFN_vkCreateXcbSurfaceKHR create = (PFN_vkCreateXcbSurfaceKHR)
        vkGetInstanceProcAddr(instance, "vkCreateXcbSurfaceKHR");
    VkXcbSurfaceCreateInfoKHR ci = {
        .sType = VK_STRUCTURE_TYPE_XCB_SURFACE_CREATE_INFO_KHR,
        .connection = x->conn,
        .window = x->window,
    };
    if (!create)
        return VK_ERROR_EXTENSION_NOT_PRESENT;
    return create(instance, &ci, NULL, surface);
}

void xwin_close(struct xwin *x)
{
    if (!x)
        return;
    if (x->conn) {
        if (x->window && !xcb_connection_has_error(x->conn))
            xcb_destroy_window(x->conn, x->window);
        xcb_disconnect(x->conn); /* flushes */
    }
    free(x);
}

#else /* !NEREID_HAVE_XCB */

const char *xwin_surface_extension(void)
{
    return NULL;
}

bool xwin_display_available(char *why, size_t why_size)
{
    snprintf(why, why_size, "this nereid-server was built without window support "
                            "(libxcb was missing; Debian: libxcb1-dev)");
    return false;
}

struct xwin *xwin_open(const char *title, uint32_t w, uint32_t h, char *why,
                       size_t why_size)
{
    (void)title, (void)w, (void)h;
    xwin_display_available(why, why_size);
    return NULL;
}

struct xwin *xwin_attach(uint32_t parent, bool screen, int32_t x, int32_t y, uint32_t w,
                         uint32_t h, char *why, size_t why_size)
{
    (void)parent, (void)screen, (void)x, (void)y, (void)w, (void)h;
    xwin_display_available(why, why_size);
    return NULL;
}

void xwin_place(struct xwin *w, bool screen, int32_t x, int32_t y, uint32_t width,
                uint32_t height)
{
    (void)w, (void)screen, (void)x, (void)y, (void)width, (void)height;
}

void xwin_resize(struct xwin *x, uint32_t w, uint32_t h)
{
    (void)x, (void)w, (void)h;
}

bool xwin_poll(struct xwin *x, char *why, size_t why_size)
{
    (void)x;
    snprintf(why, why_size, "no window support");
    return false;
}

uint32_t xwin_id(const struct xwin *x)
{
    (void)x;
    return 0;
}

void xwin_size(const struct xwin *x, uint32_t *width, uint32_t *height)
{
    (void)x;
    *width = *height = 0;
}

VkResult xwin_create_surface(struct xwin *x, VkInstance instance, VkSurfaceKHR *surface)
{
    (void)x, (void)instance, (void)surface;
    return VK_ERROR_EXTENSION_NOT_PRESENT;
}

void xwin_close(struct xwin *x)
{
    (void)x;
}

#endif
