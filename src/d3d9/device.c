/* IDirect3DDevice9.
 *
 * The API thread records: every setter stores D3D9 state and sets a dirty
 * flag; a draw turns dirty state into records (render targets, viewport and
 * scissor, push constants, a pipeline state block looked up by key) and then
 * emits one draw record.  Nothing here waits for the server except the calls
 * whose answer is not derivable (read-backs) and Present (credits). */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"
#include "shader/ff.h"

#include <nereid/nereid.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FVF_XYZRHW_DIFFUSE (D3DFVF_XYZRHW | D3DFVF_DIFFUSE)

bool d3d9_is_device_iface(IDirect3DDevice9 *iface)
{
    return iface && d3d9_base_vtbl(iface->lpVtbl) == (const void *)&d3d9_device_ex_vtbl;
}

/* ------------------------------------------------------------ handles */

wire_handle d3d9_handle_alloc(struct d3d9_device *dev, enum wire_object_kind kind)
{
    return wire_handle_pool_alloc(&dev->handles[kind]);
}

void d3d9_handle_free(struct d3d9_device *dev, enum wire_object_kind kind,
                      wire_handle h)
{
    wire_handle_pool_free(&dev->handles[kind], h);
}

void d3d9_device_destroy_object(struct d3d9_device *dev,
                                enum wire_object_kind kind, wire_handle h)
{
    struct wire_destroy d = {h, kind, 0};
    if (wire_handle_is_null(h))
        return;
    if (!dev->tc->lost)
        wire_emit_DESTROY(&dev->tc->w, &d);
    d3d9_handle_free(dev, kind, h);
}

bool d3d9_device_lost(struct d3d9_device *dev)
{
    return dev->tc->lost;
}

/* --------------------------------------------------------- render states */

static void init_render_states(struct d3d9_device *dev, BOOL auto_depth)
{
    DWORD *rs = dev->render_states;
    const float one = 1.0f, zero = 0.0f, sixty_four = 64.0f;
    DWORD f1, f0, f64;

    memcpy(&f1, &one, 4);
    memcpy(&f0, &zero, 4);
    memcpy(&f64, &sixty_four, 4);
    memset(rs, 0, sizeof(dev->render_states));
    rs[D3DRS_ZENABLE] = auto_depth ? D3DZB_TRUE : D3DZB_FALSE;
    rs[D3DRS_FILLMODE] = D3DFILL_SOLID;
    rs[D3DRS_SHADEMODE] = D3DSHADE_GOURAUD;
    rs[D3DRS_ZWRITEENABLE] = TRUE;
    rs[D3DRS_ALPHATESTENABLE] = FALSE;
    rs[D3DRS_LASTPIXEL] = TRUE;
    rs[D3DRS_SRCBLEND] = D3DBLEND_ONE;
    rs[D3DRS_DESTBLEND] = D3DBLEND_ZERO;
    rs[D3DRS_CULLMODE] = D3DCULL_CCW;
    rs[D3DRS_ZFUNC] = D3DCMP_LESSEQUAL;
    rs[D3DRS_ALPHAFUNC] = D3DCMP_ALWAYS;
    rs[D3DRS_FOGSTART] = f0;
    rs[D3DRS_FOGEND] = f1;
    rs[D3DRS_FOGDENSITY] = f1;
    rs[D3DRS_STENCILFAIL] = D3DSTENCILOP_KEEP;
    rs[D3DRS_STENCILZFAIL] = D3DSTENCILOP_KEEP;
    rs[D3DRS_STENCILPASS] = D3DSTENCILOP_KEEP;
    rs[D3DRS_STENCILFUNC] = D3DCMP_ALWAYS;
    rs[D3DRS_STENCILMASK] = 0xffffffff;
    rs[D3DRS_STENCILWRITEMASK] = 0xffffffff;
    rs[D3DRS_TEXTUREFACTOR] = 0xffffffff;
    rs[D3DRS_CLIPPING] = TRUE;
    rs[D3DRS_LIGHTING] = TRUE;
    rs[D3DRS_FOGVERTEXMODE] = D3DFOG_NONE;
    rs[D3DRS_FOGTABLEMODE] = D3DFOG_NONE;
    rs[D3DRS_COLORVERTEX] = TRUE;
    rs[D3DRS_LOCALVIEWER] = TRUE;
    rs[D3DRS_DIFFUSEMATERIALSOURCE] = D3DMCS_COLOR1;
    rs[D3DRS_SPECULARMATERIALSOURCE] = D3DMCS_COLOR2;
    rs[D3DRS_AMBIENTMATERIALSOURCE] = D3DMCS_MATERIAL;
    rs[D3DRS_EMISSIVEMATERIALSOURCE] = D3DMCS_MATERIAL;
    rs[D3DRS_POINTSIZE] = f1;
    rs[D3DRS_POINTSIZE_MIN] = f1;
    rs[D3DRS_POINTSCALE_A] = f1;
    rs[D3DRS_MULTISAMPLEANTIALIAS] = TRUE;
    rs[D3DRS_MULTISAMPLEMASK] = 0xffffffff;
    rs[D3DRS_DEBUGMONITORTOKEN] = 0xbaadcafe;
    rs[D3DRS_POINTSIZE_MAX] = f64;
    rs[D3DRS_COLORWRITEENABLE] = 0xf;
    rs[D3DRS_BLENDOP] = D3DBLENDOP_ADD;
    rs[D3DRS_POSITIONDEGREE] = D3DDEGREE_CUBIC;
    rs[D3DRS_NORMALDEGREE] = D3DDEGREE_LINEAR;
    rs[D3DRS_MINTESSELLATIONLEVEL] = f1;
    rs[D3DRS_MAXTESSELLATIONLEVEL] = f1;
    rs[D3DRS_ADAPTIVETESS_Z] = f1;
    rs[D3DRS_CCW_STENCILFAIL] = D3DSTENCILOP_KEEP;
    rs[D3DRS_CCW_STENCILZFAIL] = D3DSTENCILOP_KEEP;
    rs[D3DRS_CCW_STENCILPASS] = D3DSTENCILOP_KEEP;
    rs[D3DRS_CCW_STENCILFUNC] = D3DCMP_ALWAYS;
    rs[D3DRS_COLORWRITEENABLE1] = 0xf;
    rs[D3DRS_COLORWRITEENABLE2] = 0xf;
    rs[D3DRS_COLORWRITEENABLE3] = 0xf;
    rs[D3DRS_BLENDFACTOR] = 0xffffffff;
    rs[D3DRS_SRCBLENDALPHA] = D3DBLEND_ONE;
    rs[D3DRS_DESTBLENDALPHA] = D3DBLEND_ZERO;
    rs[D3DRS_BLENDOPALPHA] = D3DBLENDOP_ADD;
}

/* Render states that change pixels and that nereid does not apply yet: a
 * draw with any of them away from its default fails (D3DERR_INVALIDCALL)
 * rather than rendering wrong pixels. */
static const D3DRENDERSTATETYPE unapplied_states[] = {
    D3DRS_WRAP0, D3DRS_WRAP1, D3DRS_WRAP2, D3DRS_WRAP3,
    D3DRS_WRAP4, D3DRS_WRAP5, D3DRS_WRAP6, D3DRS_WRAP7,
};

static bool valid_render_state(D3DRENDERSTATETYPE s)
{
    return s > 0 && s < D3D9_MAX_RENDER_STATE;
}

/* ------------------------------------------------------------- IUnknown */

static HRESULT WINAPI device_QueryInterface(IDirect3DDevice9 *iface, REFIID riid,
                                            void **out)
{
    if (!out)
        return E_POINTER;
    if (IsEqualGUID(riid, &IID_IDirect3DDevice9) || IsEqualGUID(riid, &IID_IUnknown) ||
        (IsEqualGUID(riid, &IID_IDirect3DDevice9Ex) &&
         impl_from_IDirect3DDevice9(iface)->d3d->ex)) {
        IDirect3DDevice9_AddRef(iface);
        *out = iface;
        return S_OK;
    }
    *out = NULL;
    return E_NOINTERFACE;
}

static ULONG WINAPI device_AddRef(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    return (ULONG)__atomic_add_fetch(&dev->refcount, 1, __ATOMIC_SEQ_CST);
}

/* Fullscreen (docs/ARCHITECTURE.md): the display's mode becomes the back
 * buffer's and the device window covers the screen (unless
 * D3DCREATE_NOWINDOWCHANGES); leaving gives back the registry's mode. */
static HRESULT enter_fullscreen(struct d3d9_device *dev, const D3DPRESENT_PARAMETERS *p,
                                bool reset)
{
    struct nr_mode m = {p->BackBufferWidth, p->BackBufferHeight,
                          p->FullScreen_RefreshRateInHz};
    if (!d3d9_display_set(&m, d3d9_format_bpp(d3d9_display_format_of(p->BackBufferFormat)))) {
        NR_WARN(D3D9, "fullscreen: the display refused the mode %ux%u", m.w, m.h);
        return D3DERR_NOTAVAILABLE;
    }
    dev->fullscreen = true;
    if (!(dev->create.BehaviorFlags & D3DCREATE_NOWINDOWCHANGES))
        d3d9_window_enter_fullscreen(&dev->window_state, p->hDeviceWindow,
                                     dev->create.hFocusWindow ? dev->create.hFocusWindow
                                                              : p->hDeviceWindow,
                                     m.w, m.h, dev->d3d->ex, reset);
    return D3D_OK;
}

static void leave_fullscreen(struct d3d9_device *dev)
{
    if (!dev->fullscreen)
        return;
    dev->fullscreen = false;
    d3d9_display_set(NULL, 0);
    d3d9_window_leave_fullscreen(&dev->window_state);
}

static void device_destroy(struct d3d9_device *dev)
{
    struct d3d9 *d3d = dev->d3d;

    if (nr_env_flag("NEREID_STATS")) {
        struct nereid_stats st;
        d3d9_device_get_stats(dev, &st);
        nereid_stats_print(&st, stderr);
    }
    leave_fullscreen(dev);
    d3d9_cursor_destroy(dev->cursor);
    free(dev->palettes);
    free(dev->palette_set);
    /* What only the device kept alive goes now, while the session is up. */
    d3d9_device_unbind_all(dev);
    d3d9_shader_device_cleanup(dev);
    if (dev->auto_depth)
        d3d9_surface_destroy(dev->auto_depth);
    if (dev->swapchain)
        d3d9_swapchain_destroy(dev->swapchain);
    transport_disconnect(dev->tc);
    for (int k = 0; k < WIRE_OBJ_KIND_COUNT; k++) {
        wire_handle_pool_cleanup(&dev->handles[k]);
    }
    free(dev->blocks);
    d3d9_ffp_device_cleanup(dev);
    free(dev->consts[0].sent);
    free(dev->consts[1].sent);
    free(dev);
    IDirect3D9_Release(&d3d->IDirect3D9_iface);
}

static ULONG WINAPI device_Release(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    LONG ref = __atomic_sub_fetch(&dev->refcount, 1, __ATOMIC_SEQ_CST);
    if (!ref)
        device_destroy(dev);
    return (ULONG)ref;
}

/* --------------------------------------------------------- device basics */

static HRESULT WINAPI device_TestCooperativeLevel(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!dev->tc->lost)
        transport_flush(dev->tc); /* takes in what the server reported */
    /* Fullscreen and deactivated (window.c). */
    if (dev->window_state.focus_lost)
        return dev->window_state.inactive ? D3DERR_DEVICELOST : D3DERR_DEVICENOTRESET;
    /* D3D9Ex devices answer D3D_OK (CheckDeviceState tells more). */
    if (!dev->tc->lost || dev->d3d->ex)
        return D3D_OK;
    /* Lost: NOTRESET once a server answers (at most a look every 200 ms;
     * one the client or d3d9.dll starts, as at CreateDevice), and Reset
     * brings the device back there (new_session). */
    if (!dev->server_back && nr_time_ns() - dev->last_probe_ns >= 200000000ull) {
        char reason[256];
        struct transport_client *probe;
        dev->last_probe_ns = nr_time_ns();
        if ((probe = transport_connect_small("nereid lost-device probe", reason,
                                             sizeof(reason)))) {
            transport_disconnect(probe);
            dev->server_back = true;
        }
    }
    return dev->server_back ? D3DERR_DEVICENOTRESET : D3DERR_DEVICELOST;
}

static UINT WINAPI device_GetAvailableTextureMem(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    uint64_t mem = NR_MIN(dev->tc->caps.device_memory_bytes, 0xfff00000ull);
    uint64_t used = __atomic_load_n(&dev->vidmem_used, __ATOMIC_RELAXED);
    /* The device's memory, capped to what a UINT says (so that the figure
     * falls on a device of more than 4 GiB too), less what the DEFAULT-pool
     * textures and surfaces take (d3d9_vidmem), rounded down to 1 MiB as
     * applications expect. */
    mem = mem > used ? mem - used : 0;
    return (UINT)(mem & ~((1ull << 20) - 1));
}

static HRESULT WINAPI device_EvictManagedResources(IDirect3DDevice9 *iface)
{
    d3d9_textures_evict(impl_from_IDirect3DDevice9(iface));
    return D3D_OK;
}

static HRESULT WINAPI device_GetDirect3D(IDirect3DDevice9 *iface, IDirect3D9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = &dev->d3d->IDirect3D9_iface;
    IDirect3D9_AddRef(*out);
    return D3D_OK;
}

static HRESULT WINAPI device_GetDeviceCaps(IDirect3DDevice9 *iface, D3DCAPS9 *caps)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!caps)
        return D3DERR_INVALIDCALL;
    d3d9_fill_caps(dev->d3d, caps);
    return D3D_OK;
}

static HRESULT WINAPI device_GetDisplayMode(IDirect3DDevice9 *iface, UINT swapchain,
                                            D3DDISPLAYMODE *mode)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (swapchain != 0 || !mode)
        return D3DERR_INVALIDCALL;
    return IDirect3D9_GetAdapterDisplayMode(&dev->d3d->IDirect3D9_iface, 0, mode);
}

static HRESULT WINAPI device_GetCreationParameters(IDirect3DDevice9 *iface,
                                                   D3DDEVICE_CREATION_PARAMETERS *p)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!p)
        return D3DERR_INVALIDCALL;
    *p = dev->create;
    return D3D_OK;
}

/* The cursor: an A8R8G8B8 surface of power-of-two sides with the hot
 * spot in it becomes the window system's cursor while ShowCursor says so
 * (Wine's test_cursor, on Windows); natively there is no display to show
 * it on (D3DERR_NOTAVAILABLE, docs/STATUS.md). */
static HRESULT WINAPI device_SetCursorProperties(IDirect3DDevice9 *iface, UINT x,
                                                 UINT y, IDirect3DSurface9 *bitmap)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_surface *s = d3d9_surface_from_iface(bitmap);
    D3DLOCKED_RECT lr;
    void *cursor;
    UINT w, h;

    if (!s || s->desc.Format != D3DFMT_A8R8G8B8)
        return D3DERR_INVALIDCALL;
    w = s->desc.Width;
    h = s->desc.Height;
    if ((w & (w - 1)) || (h & (h - 1)) || x >= w || y >= h)
        return D3DERR_INVALIDCALL;
    /* Not larger than the display (Wine's test_cursor, on Windows). */
    {
        struct nr_mode m;
        unsigned bpp;
        if (nr_display_current(&m, &bpp) && (w > m.w || h > m.h))
            return D3DERR_INVALIDCALL;
    }
    if (FAILED(IDirect3DSurface9_LockRect(bitmap, &lr, NULL, D3DLOCK_READONLY)))
        return D3DERR_INVALIDCALL;
    cursor = d3d9_cursor_create(lr.pBits, (UINT)lr.Pitch, w, h, x, y);
    IDirect3DSurface9_UnlockRect(bitmap);
    if (!cursor) {
        D3D9_STUB("IDirect3DDevice9::SetCursorProperties without a display");
        return D3DERR_NOTAVAILABLE;
    }
    d3d9_cursor_destroy(dev->cursor);
    dev->cursor = cursor;
    if (dev->cursor_visible)
        d3d9_cursor_show(cursor);
    return D3D_OK;
}

static void WINAPI device_SetCursorPosition(IDirect3DDevice9 *iface, int x, int y,
                                            DWORD flags)
{
    (void)iface; (void)x; (void)y; (void)flags; /* the window system's cursor moves itself */
}

static BOOL WINAPI device_ShowCursor(IDirect3DDevice9 *iface, BOOL show)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    BOOL was = dev->cursor_visible;
    /* Without a cursor there is nothing to show. */
    dev->cursor_visible = show && dev->cursor;
    if (dev->cursor_visible)
        d3d9_cursor_show(dev->cursor);
    return was;
}

static HRESULT check_present_params(struct d3d9 *d3d, const D3DPRESENT_PARAMETERS *in,
                                    HWND focus, D3DPRESENT_PARAMETERS *p);

static HRESULT WINAPI device_CreateAdditionalSwapChain(IDirect3DDevice9 *iface,
                                                       D3DPRESENT_PARAMETERS *pp,
                                                       IDirect3DSwapChain9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_swapchain *sc;
    D3DPRESENT_PARAMETERS p;
    HRESULT hr;

    if (!out || !pp)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    /* Additional swap chains are windowed, and only beside a windowed
     * implicit one (Wine's device tests check both on Windows). */
    if (!pp->Windowed || !dev->swapchain->pp.Windowed)
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = check_present_params(dev->d3d, pp, dev->create.hFocusWindow, &p)))
        return hr;
    if (FAILED(hr = d3d9_swapchain_create(dev, &p, false, &sc)))
        return hr;
    *pp = p; /* D3D9 writes back the values it chose */
    *out = &sc->IDirect3DSwapChain9_iface;
    return D3D_OK;
}

static HRESULT WINAPI device_GetSwapChain(IDirect3DDevice9 *iface, UINT index,
                                          IDirect3DSwapChain9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    if (index != 0) {
        *out = NULL;
        return D3DERR_INVALIDCALL;
    }
    *out = &dev->swapchain->IDirect3DSwapChain9_iface;
    IDirect3DSwapChain9_AddRef(*out);
    return D3D_OK;
}

static UINT WINAPI device_GetNumberOfSwapChains(IDirect3DDevice9 *iface)
{
    (void)iface;
    return 1;
}

static void reset_viewport(struct d3d9_device *dev, struct d3d9_surface *rt);
static void init_render_states(struct d3d9_device *dev, BOOL auto_depth);

/* A lost device's Reset (docs/ARCHITECTURE.md, "Lost devices"): a new
 * session with a server (one the client or d3d9.dll starts, as at
 * CreateDevice, when none answers), and everything the old session held
 * for the application made there again: textures (MANAGED ones refilled
 * from their shadows), buffers (from theirs), shaders (their modules
 * remade at the next draw), with new handles.  The client's caches of
 * server objects (pipeline state blocks, samplers, fixed-function modules)
 * and of what the server has start empty, as at CreateDevice.  The old
 * session's implicit swap chain and depth surface go first, unsent. */
static HRESULT new_session(struct d3d9_device *dev)
{
    char reason[256], name[96];
    struct transport_client *tc;

    snprintf(name, sizeof(name), "d3d9 device (%s)", nr_program_name());
    if (!(tc = transport_connect(name, reason, sizeof(reason)))) {
        NR_WARN(D3D9, "Reset of a lost device: no server: %s", reason);
        dev->server_back = false;
        return D3DERR_DEVICELOST;
    }
    d3d9_device_unbind_all(dev);
    if (dev->auto_depth)
        d3d9_surface_destroy(dev->auto_depth);
    if (dev->swapchain)
        d3d9_swapchain_destroy(dev->swapchain);
    dev->auto_depth = NULL;
    dev->swapchain = NULL;
    NR_WARN(D3D9, "Reset of a lost device (%s): a new server session",
            dev->tc->lost_reason[0] ? dev->tc->lost_reason : "session gone");
    transport_disconnect(dev->tc);
    dev->tc = tc;
    dev->draw_run = (struct wire_draw_run){0};
    dev->server_back = false;
    dev->session++;
    for (int k = 0; k < WIRE_OBJ_KIND_COUNT; k++) {
        wire_handle_pool_cleanup(&dev->handles[k]);
    }
    d3d9_ffp_forget_server(dev);
    free(dev->blocks);
    dev->blocks = NULL;
    dev->block_cap = dev->block_count = 0;
    dev->block = dev->cur_vs = dev->cur_fs = dev->ff_vs = dev->ff_fs = (wire_handle){0, 0};
    memset(dev->sent_tex, 0, sizeof(dev->sent_tex));
    memset(dev->sent_streams, 0, sizeof(dev->sent_streams));
    memset(&dev->sent_targets, 0, sizeof(dev->sent_targets));
    memset(&dev->sent_viewport, 0, sizeof(dev->sent_viewport));
    /* (A new session's scissor is the whole target.) */
    dev->sent_scissor = (struct wire_set_scissor){.flags = WIRE_SCISSOR_WHOLE};
    dev->sent_indices = (wire_handle){0, 0};
    dev->push_width = dev->push_height = dev->push_alpha_ref = 0;
    for (int st = 0; st < 2; st++) {
        if (dev->consts[st].sent) /* NEREID_CHECK_STATE: the new server has zeros */
            memset(dev->consts[st].sent, 0, sizeof(dev->consts[st].image));
        dev->consts[st].dirty_lo = 0;
        dev->consts[st].dirty_hi = st ? DXSO_PS_UBO_SIZE : DXSO_VS_UBO_SIZE;
    }
    d3d9_textures_revive(dev);
    d3d9_buffers_revive(dev);
    d3d9_shaders_revive(dev);
    d3d9_queries_revive(dev);
    dev->dirty = D3D9_DIRTY_ALL;
    dev->streams_dirty = (1u << D3D9_MAX_STREAMS) - 1;
    dev->indices_dirty = true;
    dev->last_key.topology = UINT32_MAX;
    return D3D_OK;
}

/* Reset: a new implicit swap chain and depth surface, and every state back
 * to its default, as D3D9 documents.  The application must have released
 * its DEFAULT-pool resources and its references to the implicit objects. */
static HRESULT WINAPI device_Reset(IDirect3DDevice9 *iface, D3DPRESENT_PARAMETERS *pp)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_swapchain *sc;
    struct d3d9_surface *depth = NULL;
    D3DPRESENT_PARAMETERS p;
    HRESULT hr;

    if (!pp)
        return D3DERR_INVALIDCALL;
    /* Lost by deactivation: no Reset until the application is active. */
    if (dev->window_state.focus_lost && dev->window_state.inactive)
        return D3DERR_DEVICELOST;
    /* A D3D9Ex device whose session is gone is removed, not lost. */
    if (dev->tc->lost && dev->d3d->ex)
        return D3DERR_DEVICELOST;
    if (FAILED(hr = check_present_params(dev->d3d, pp, dev->create.hFocusWindow, &p)))
        return hr;
    /* D3D9Ex keeps them across a Reset. */
    if (dev->default_objects && !dev->d3d->ex) {
        NR_WARN(D3D9, "Reset: %u DEFAULT-pool resources are still alive",
                dev->default_objects);
        return D3DERR_INVALIDCALL;
    }
    /* D3D9Ex lets held back buffers and depth surfaces live on. */
    for (uint32_t i = 0; i < dev->swapchain->pp.BackBufferCount && !dev->d3d->ex; i++)
        if (dev->swapchain->buffers[i]->refcount) {
            NR_WARN(D3D9, "Reset: the application still holds back buffer %u", i);
            return D3DERR_INVALIDCALL;
        }
    if (dev->swapchain->refcount ||
        (!dev->d3d->ex && dev->auto_depth && dev->auto_depth->refcount)) {
        NR_WARN(D3D9, "Reset: the application still holds the swap chain, the back "
                      "buffer or the depth surface");
        return D3DERR_INVALIDCALL;
    }
    /* A lost device: a new session, given the objects the old one held. */
    if (dev->tc->lost && FAILED(hr = new_session(dev)))
        return hr;
    /* To fullscreen, or back to a window. */
    if (!p.Windowed) {
        if (FAILED(hr = enter_fullscreen(dev, &p, true)))
            return hr;
    } else {
        leave_fullscreen(dev);
    }
    if (FAILED(hr = d3d9_swapchain_create(dev, &p, true, &sc)))
        return hr;
    if (p.EnableAutoDepthStencil &&
        FAILED(hr = d3d9_surface_create_ms(dev, p.BackBufferWidth, p.BackBufferHeight,
                                           p.AutoDepthStencilFormat, D3DUSAGE_DEPTHSTENCIL,
                                           p.MultiSampleType, p.MultiSampleQuality, true,
                                           NULL, &depth))) {
        d3d9_swapchain_destroy(sc);
        return hr;
    }
    /* D3D9 unbinds everything (states go to their defaults below).  D3D9Ex
     * keeps every state and binding but the targets: render target 0 is
     * the new back buffer, the others go, the depth stencil is the new
     * automatic one (or none); the viewport and scissor cover the back
     * buffer, the viewport's depth range stays (Wine's d3d9ex test_reset,
     * on Windows).  A back buffer or depth surface still held (D3D9Ex
     * only: D3D9 refused above) outlives its chain. */
    const bool keep = dev->d3d->ex;
    const D3DVIEWPORT9 vp = dev->viewport;
    if (keep) {
        for (int i = 0; i < 4; i++)
            d3d9_bind_surface(&dev->render_targets[i], NULL);
        d3d9_bind_surface(&dev->depth_stencil, NULL);
    } else {
        d3d9_device_unbind_all(dev);
    }
    if (dev->auto_depth && dev->auto_depth->refcount)
        d3d9_surface_outlive_container(dev->auto_depth);
    else if (dev->auto_depth)
        d3d9_surface_destroy(dev->auto_depth);
    if (dev->swapchain) { /* none after a new session */
        d3d9_swapchain_release_buffers(dev->swapchain);
        d3d9_swapchain_destroy(dev->swapchain);
    }
    dev->swapchain = sc;
    dev->auto_depth = depth;
    d3d9_bind_surface(&dev->render_targets[0], sc->back_buffer);
    d3d9_bind_surface(&dev->depth_stencil, depth);
    dev->in_scene = false;

    if (!keep) { /* every state to its default */
        init_render_states(dev, p.EnableAutoDepthStencil);
        d3d9_ffp_init_state(dev);
        dev->light_count = 0;
        for (int i = 0; i < D3D9_MAX_STREAMS; i++)
            dev->streams[i] = (struct d3d9_stream){NULL, 0, 0, 1};
        dev->streams_dirty = (1u << D3D9_MAX_STREAMS) - 1;
        dev->indices_dirty = true;
        dev->fvf = 0;
        dev->fvf_size = 0;
        for (int st = 0; st < 2; st++) {
            memset(dev->consts[st].image, 0, sizeof(dev->consts[st].image));
            dev->consts[st].dirty_lo = 0;
            dev->consts[st].dirty_hi = st ? DXSO_PS_UBO_SIZE : DXSO_VS_UBO_SIZE;
        }
    }
    reset_viewport(dev, sc->back_buffer);
    if (keep) {
        dev->viewport.MinZ = vp.MinZ;
        dev->viewport.MaxZ = vp.MaxZ;
    }
    dev->dirty = D3D9_DIRTY_ALL;
    dev->last_key.topology = UINT32_MAX;
    dev->window_state.focus_lost = false;
    *pp = p;
    return D3D_OK;
}

static HRESULT WINAPI device_Present(IDirect3DDevice9 *iface, const RECT *src,
                                     const RECT *dst, HWND wnd, const RGNDATA *dirty)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    (void)dirty; /* a hint: the whole rectangle is copied */
    return d3d9_swapchain_present(dev->swapchain, src, dst, wnd, 0);
}

static HRESULT WINAPI device_GetBackBuffer(IDirect3DDevice9 *iface, UINT swapchain,
                                           UINT index, D3DBACKBUFFER_TYPE type,
                                           IDirect3DSurface9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    /* The device's answer clears the pointer; the swap chain's leaves it
     * (both as Wine's device test_swapchain pins them on Windows). */
    if (out)
        *out = NULL;
    if (swapchain != 0)
        return D3DERR_INVALIDCALL;
    return IDirect3DSwapChain9_GetBackBuffer(&dev->swapchain->IDirect3DSwapChain9_iface,
                                             index, type, out);
}

static HRESULT WINAPI device_GetRasterStatus(IDirect3DDevice9 *iface, UINT swapchain,
                                             D3DRASTER_STATUS *status)
{
    (void)iface; (void)swapchain; (void)status;
    return D3DERR_INVALIDCALL; /* D3DCAPS_READ_SCANLINE is not set */
}

static HRESULT WINAPI device_SetDialogBoxMode(IDirect3DDevice9 *iface, BOOL enable)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    /* Documented to fail unless the back buffer is lockable; windowed (all
     * there is headless) it changes nothing. */
    (void)enable;
    return (dev->swapchain->pp.Flags & D3DPRESENTFLAG_LOCKABLE_BACKBUFFER)
               ? D3D_OK
               : D3DERR_INVALIDCALL;
}

/* Gamma ramps: kept and answered; a fullscreen swap chain's frames are
 * shown through them (the server applies the ramp on the way to the
 * window: swapchain.c), windowed ones not, as D3D9 documents
 * (D3DCAPS2_FULLSCREENGAMMA only).  The display's own ramp is never
 * touched: it would outlive a program that dies with it set.
 * D3DSGR_CALIBRATE is accepted without a calibrator, as on Windows
 * without one. */
static void WINAPI device_SetGammaRamp(IDirect3DDevice9 *iface, UINT swapchain,
                                       DWORD flags, const D3DGAMMARAMP *ramp)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    (void)flags;
    if (swapchain != 0 || !ramp)
        return;
    dev->gamma = *ramp;
    dev->gamma_identity = true;
    for (int i = 0; i < 256 && dev->gamma_identity; i++)
        dev->gamma_identity = ramp->red[i] == i * 257 && ramp->green[i] == i * 257 &&
                              ramp->blue[i] == i * 257;
    dev->gamma_sent = 0;
}

static void WINAPI device_GetGammaRamp(IDirect3DDevice9 *iface, UINT swapchain,
                                       D3DGAMMARAMP *ramp)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (swapchain != 0 || !ramp)
        return;
    *ramp = dev->gamma;
}

/* --------------------------------------------------- resources: not yet */




static HRESULT WINAPI device_CreateVertexBuffer(IDirect3DDevice9 *iface, UINT len,
                                                DWORD usage, DWORD fvf, D3DPOOL pool,
                                                IDirect3DVertexBuffer9 **out,
                                                HANDLE *shared)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_buffer *b;
    HRESULT hr;

    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (shared)
        return d3d9_shared_refused(dev);
    if (SUCCEEDED(hr = d3d9_buffer_create(dev, false, len, usage, fvf,
                                          D3DFMT_VERTEXDATA, pool, &b)))
        *out = &b->IDirect3DVertexBuffer9_iface;
    return hr;
}

static HRESULT WINAPI device_CreateIndexBuffer(IDirect3DDevice9 *iface, UINT len,
                                               DWORD usage, D3DFORMAT format,
                                               D3DPOOL pool,
                                               IDirect3DIndexBuffer9 **out,
                                               HANDLE *shared)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_buffer *b;
    HRESULT hr;

    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (shared)
        return d3d9_shared_refused(dev);
    if (SUCCEEDED(hr = d3d9_buffer_create(dev, true, len, usage, 0, format, pool, &b)))
        *out = &b->IDirect3DIndexBuffer9_iface;
    return hr;
}

static HRESULT WINAPI device_CreateRenderTarget(IDirect3DDevice9 *iface, UINT w,
                                                UINT h, D3DFORMAT format,
                                                D3DMULTISAMPLE_TYPE ms, DWORD quality,
                                                BOOL lockable,
                                                IDirect3DSurface9 **out,
                                                HANDLE *shared)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_surface *s;
    HRESULT hr;

    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    /* D3D9Ex shares single-sampled targets between devices. */
    if (shared && (!dev->d3d->ex || ms != D3DMULTISAMPLE_NONE))
        return d3d9_shared_refused(dev);
    /* A multisampled target cannot be locked: D3D9 refuses the pair. */
    if (lockable && ms != D3DMULTISAMPLE_NONE)
        return D3DERR_INVALIDCALL;
    if (shared) {
        hr = d3d9_surface_create_shared(dev, w, h, format, D3DUSAGE_RENDERTARGET, shared, &s);
        if (SUCCEEDED(hr)) {
            s->lockable = lockable != FALSE;
            *out = &s->IDirect3DSurface9_iface;
        }
        return hr;
    }
    hr = d3d9_surface_create_ms(dev, w, h, format, D3DUSAGE_RENDERTARGET, ms, quality,
                                false, NULL, &s);
    if (SUCCEEDED(hr)) {
        s->lockable = lockable != FALSE;
        *out = &s->IDirect3DSurface9_iface;
    }
    return hr;
}

static HRESULT WINAPI device_CreateDepthStencilSurface(IDirect3DDevice9 *iface,
                                                       UINT w, UINT h,
                                                       D3DFORMAT format,
                                                       D3DMULTISAMPLE_TYPE ms,
                                                       DWORD quality, BOOL discard,
                                                       IDirect3DSurface9 **out,
                                                       HANDLE *shared)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_surface *s;
    HRESULT hr;
    (void)discard;

    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (shared)
        return d3d9_shared_refused(dev);
    hr = d3d9_surface_create_ms(dev, w, h, format, D3DUSAGE_DEPTHSTENCIL, ms, quality,
                                false, NULL, &s);
    if (SUCCEEDED(hr))
        *out = &s->IDirect3DSurface9_iface;
    return hr;
}



void d3d9_frame_log(const void *bytes, size_t size)
{
    static unsigned seq;
    const char *dir = getenv("NEREID_TEST_FRAMES");
    char path[600];
    FILE *f;

    if (__builtin_expect(!dir || !*dir, 1))
        return;
    snprintf(path, sizeof(path), "%s/readback-%05u.raw", dir, seq++);
    if ((f = fopen(path, "wb"))) {
        fwrite(bytes, 1, size, f);
        fclose(f);
    }
}

HRESULT d3d9_device_read_texture(struct d3d9_device *dev, wire_handle texture,
                                 UINT width, UINT height, uint32_t bpp,
                                 uint8_t *dst, uint32_t pitch)
{
    struct transport_client *tc = dev->tc;
    uint32_t row = width * bpp;
    /* Read in bands that fit the stage ring comfortably. */
    uint32_t band = NR_MAX(1u, (8u << 20) / NR_MAX(row, 1u));

    for (UINT y = 0; y < height; y += band) {
        uint32_t h = NR_MIN(band, height - y), offset;
        struct wire_reply reply;
        void *stage;
        struct wire_read_texture r = {{.texture = texture, .y = y, .width = width,
                                       .height = h, .depth = 1, .row_pitch = row}};

        if (tc->lost || !transport_stage_reserve(tc, row * h, &offset, &stage))
            return D3DERR_DEVICELOST;
        r.r.stage_offset = offset;
        if (!wire_emit_READ_TEXTURE(&tc->w, &r) ||
            !transport_wait_reply(tc, &reply) || reply.status != WIRE_OK)
            return D3DERR_DEVICELOST;
        for (uint32_t i = 0; i < h; i++)
            memcpy(dst + (size_t)(y + i) * pitch, (uint8_t *)stage + (size_t)i * row,
                   row);
        d3d9_frame_log(stage, (size_t)row * h);
    }
    return D3D_OK;
}

static HRESULT WINAPI device_GetRenderTargetData(IDirect3DDevice9 *iface,
                                                 IDirect3DSurface9 *rt_iface,
                                                 IDirect3DSurface9 *dst_iface)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_surface *rt = d3d9_surface_from_iface(rt_iface);
    struct d3d9_surface *dst = d3d9_surface_from_iface(dst_iface);

    if (!rt || !dst || rt->device != dev || dst->device != dev || rt->fmt->null_target)
        return D3DERR_INVALIDCALL;
    /* D3D9 documents INVALIDCALL for a multisampled source: resolve it
     * with StretchRect first. */
    if (!(rt->desc.Usage & D3DUSAGE_RENDERTARGET) || rt->fmt->depth || rt->samples > 1 ||
        dst->desc.Pool != D3DPOOL_SYSTEMMEM || dst->locked ||
        rt->desc.Format != dst->desc.Format || rt->desc.Width != dst->desc.Width ||
        rt->desc.Height != dst->desc.Height)
        return D3DERR_INVALIDCALL;
    if (dev->tc->lost)
        return D3DERR_DEVICELOST;
    /* The surface's own level and face of its texture. */
    {
        HRESULT hr = d3d9_surface_read(rt, NULL, dst->memory, dst->pitch);
        if (SUCCEEDED(hr) && dst->parent)
            d3d9_texture_cpu_wrote(dst->parent, dst->sub);
        return hr;
    }
}

static HRESULT WINAPI device_GetFrontBufferData(IDirect3DDevice9 *iface,
                                                UINT swapchain,
                                                IDirect3DSurface9 *dst)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (swapchain != 0)
        return D3DERR_INVALIDCALL;
    return d3d9_swapchain_get_front_buffer_data(dev->swapchain, dst); /* surface.c */
}



static HRESULT WINAPI device_CreateOffscreenPlainSurface(IDirect3DDevice9 *iface,
                                                         UINT w, UINT h,
                                                         D3DFORMAT format,
                                                         D3DPOOL pool,
                                                         IDirect3DSurface9 **out,
                                                         HANDLE *shared)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_surface *s;
    HRESULT hr;

    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (pool == D3DPOOL_MANAGED)
        return D3DERR_INVALIDCALL; /* documented: not allowed */
    /* D3D9Ex: a SYSTEMMEM surface on the application's memory, or a
     * DEFAULT one shared between devices. */
    if (shared && !dev->d3d->ex)
        return d3d9_shared_refused(dev);
    if (shared && pool != D3DPOOL_DEFAULT && (pool != D3DPOOL_SYSTEMMEM || !*shared))
        return D3DERR_INVALIDCALL;
    if (shared && pool == D3DPOOL_DEFAULT) {
        hr = d3d9_surface_create_shared(dev, w, h, format, 0, shared, &s);
        if (SUCCEEDED(hr))
            *out = &s->IDirect3DSurface9_iface;
        return hr;
    }
    if (pool != D3DPOOL_DEFAULT && pool != D3DPOOL_SYSTEMMEM && pool != D3DPOOL_SCRATCH)
        return D3DERR_INVALIDCALL;
    hr = d3d9_surface_create(dev, w, h, format, 0, pool, false, NULL, &s);
    if (SUCCEEDED(hr) && shared)
        d3d9_surface_use_memory(s, *shared);
    if (SUCCEEDED(hr))
        *out = &s->IDirect3DSurface9_iface;
    return hr;
}

/* --------------------------------------------------------- render targets */

static void reset_viewport(struct d3d9_device *dev, struct d3d9_surface *rt)
{
    D3D9_SET(dev, dev->viewport,
             ((D3DVIEWPORT9){0, 0, rt->desc.Width, rt->desc.Height, 0.0f, 1.0f}),
             D3D9_DIRTY_VIEWPORT | D3D9_DIRTY_FF_VS, D3D9_SETTER_RENDER_TARGET);
    D3D9_SET(dev, dev->scissor, ((RECT){0, 0, (LONG)rt->desc.Width, (LONG)rt->desc.Height}),
             D3D9_DIRTY_VIEWPORT, D3D9_SETTER_RENDER_TARGET);
}

/* A texture level that stops being a target may have been drawn to: its
 * generated mips must follow. */
static void surface_done_as_target(struct d3d9_surface *s)
{
    if (s && s->parent)
        d3d9_texture_gpu_wrote(s->parent, s->sub);
}

static HRESULT WINAPI device_SetRenderTarget(IDirect3DDevice9 *iface, DWORD index,
                                             IDirect3DSurface9 *surface)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_surface *s = d3d9_surface_from_iface(surface);

    if (index >= NR_MIN(dev->tc->caps.max_color_targets, 4u))
        return D3DERR_INVALIDCALL;
    /* Only render target 0 cannot be unset. */
    if ((!s && (index == 0 || surface)) ||
        (s && (s->device != dev || !(s->desc.Usage & D3DUSAGE_RENDERTARGET))))
        return D3DERR_INVALIDCALL;
    if (dev->render_targets[index] != s)
        surface_done_as_target(dev->render_targets[index]);
    /* FF_FS too: whether sRGB writes apply follows target 0's format. */
    D3D9_SET_BOUND(dev, surface, &dev->render_targets[index], s,
                   D3D9_DIRTY_TARGETS | D3D9_DIRTY_VIEWPORT | D3D9_DIRTY_BLOCK |
                       D3D9_DIRTY_FF_VS | D3D9_DIRTY_FF_FS,
                   D3D9_SETTER_RENDER_TARGET);
    /* D3D9: setting render target 0 resets the viewport and scissor. */
    if (index == 0)
        reset_viewport(dev, s);
    return D3D_OK;
}

static HRESULT WINAPI device_GetRenderTarget(IDirect3DDevice9 *iface, DWORD index,
                                             IDirect3DSurface9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!out || index >= 4)
        return D3DERR_INVALIDCALL;
    if (!dev->render_targets[index]) {
        *out = NULL;
        return D3DERR_NOTFOUND;
    }
    *out = &dev->render_targets[index]->IDirect3DSurface9_iface;
    IDirect3DSurface9_AddRef(*out);
    return D3D_OK;
}

static HRESULT WINAPI device_SetDepthStencilSurface(IDirect3DDevice9 *iface,
                                                    IDirect3DSurface9 *surface)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_surface *s = d3d9_surface_from_iface(surface);

    if (surface && (!s || s->device != dev || !(s->desc.Usage & D3DUSAGE_DEPTHSTENCIL)))
        return D3DERR_INVALIDCALL;
    if (dev->depth_stencil != s)
        surface_done_as_target(dev->depth_stencil);
    D3D9_SET_BOUND(dev, surface, &dev->depth_stencil, s,
                   D3D9_DIRTY_TARGETS | D3D9_DIRTY_BLOCK | D3D9_DIRTY_DYNAMIC,
                   D3D9_SETTER_DEPTH_STENCIL);
    return D3D_OK;
}

static HRESULT WINAPI device_GetDepthStencilSurface(IDirect3DDevice9 *iface,
                                                    IDirect3DSurface9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!out)
        return D3DERR_INVALIDCALL;
    if (!dev->depth_stencil) {
        *out = NULL;
        return D3DERR_NOTFOUND;
    }
    *out = &dev->depth_stencil->IDirect3DSurface9_iface;
    IDirect3DSurface9_AddRef(*out);
    return D3D_OK;
}

static HRESULT WINAPI device_BeginScene(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (dev->in_scene)
        return D3DERR_INVALIDCALL;
    dev->in_scene = true;
    return D3D_OK;
}

static HRESULT WINAPI device_EndScene(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!dev->in_scene)
        return D3DERR_INVALIDCALL;
    dev->in_scene = false;
    /* The GPU can start on the scene now. */
    transport_flush(dev->tc);
    return D3D_OK;
}

/* --------------------------------------------------------- state to wire */

static void current_targets(struct d3d9_device *dev, struct wire_set_render_targets *t)
{
    memset(t, 0, sizeof(*t));
    for (int i = 0; i < 4; i++)
        if (dev->render_targets[i])
            t->color[i] = (struct wire_target){dev->render_targets[i]->texture,
                                               dev->render_targets[i]->level,
                                               dev->render_targets[i]->layer};
    if (dev->depth_stencil)
        t->depth = (struct wire_target){dev->depth_stencil->texture,
                                        dev->depth_stencil->level,
                                        dev->depth_stencil->layer};
}

/* D3D9 draws only into targets and a depth surface of one multisample
 * type; the server refuses others (Vulkan renders one sample count). */
static bool targets_agree(struct d3d9_device *dev)
{
    uint32_t samples = dev->render_targets[0]->samples;
    for (int i = 1; i < 4; i++)
        if (dev->render_targets[i] && dev->render_targets[i]->samples != samples)
            return false;
    return !dev->depth_stencil || dev->depth_stencil->samples == samples;
}

static bool send_targets(struct d3d9_device *dev)
{
    struct wire_set_render_targets t;
    if (!(dev->dirty & D3D9_DIRTY_TARGETS))
        return true;
    current_targets(dev, &t);
    if (!wire_emit_SET_RENDER_TARGETS(&dev->tc->w, &t))
        return false;
    dev->sent_targets = t;
    dev->dirty &= ~D3D9_DIRTY_TARGETS;
    dev->dirty |= D3D9_DIRTY_VIEWPORT; /* the target size may have changed */
    return true;
}

/* The area D3D9 draws and clears into: the viewport, cut by the scissor
 * rectangle when the scissor test is on, cut by the render target. */
/* How far draws reach: render target 0's size, or where it is a NULL
 * target (no texels, nothing bound on the server), the other targets' and
 * the depth surface's (0 x 0 with none of them: nothing is drawn). */
static void target_bounds(const struct d3d9_device *dev, UINT *w, UINT *h)
{
    const struct d3d9_surface *rt = dev->render_targets[0];
    if (__builtin_expect(!rt->fmt->null_target, 1)) {
        *w = rt->desc.Width;
        *h = rt->desc.Height;
        return;
    }
    *w = *h = UINT32_MAX;
    for (int i = 0; i <= 4; i++) {
        const struct d3d9_surface *s = i < 4 ? dev->render_targets[i] : dev->depth_stencil;
        if (s && !s->fmt->null_target) {
            *w = NR_MIN(*w, s->desc.Width);
            *h = NR_MIN(*h, s->desc.Height);
        }
    }
    if (*w == UINT32_MAX)
        *w = *h = 0;
}

static RECT draw_area(struct d3d9_device *dev)
{
    UINT tw, th;
    RECT r = {(LONG)dev->viewport.X, (LONG)dev->viewport.Y,
              (LONG)(dev->viewport.X + dev->viewport.Width),
              (LONG)(dev->viewport.Y + dev->viewport.Height)};
    if (dev->render_states[D3DRS_SCISSORTESTENABLE]) {
        r.left = NR_MAX(r.left, dev->scissor.left);
        r.top = NR_MAX(r.top, dev->scissor.top);
        r.right = NR_MIN(r.right, dev->scissor.right);
        r.bottom = NR_MIN(r.bottom, dev->scissor.bottom);
    }
    target_bounds(dev, &tw, &th);
    r.right = NR_MIN(r.right, (LONG)tw);
    r.bottom = NR_MIN(r.bottom, (LONG)th);
    if (r.right < r.left)
        r.right = r.left;
    if (r.bottom < r.top)
        r.bottom = r.top;
    return r;
}

static bool blend_factor(DWORD b, bool dst_has_alpha, uint8_t *src_out, bool is_src,
                         uint8_t *other_out)
{
    switch (b) {
    case D3DBLEND_ZERO: *src_out = WIRE_BLEND_ZERO; return true;
    case D3DBLEND_ONE: *src_out = WIRE_BLEND_ONE; return true;
    case D3DBLEND_SRCCOLOR: *src_out = WIRE_BLEND_SRC_COLOR; return true;
    case D3DBLEND_INVSRCCOLOR: *src_out = WIRE_BLEND_ONE_MINUS_SRC_COLOR; return true;
    case D3DBLEND_SRCALPHA: *src_out = WIRE_BLEND_SRC_ALPHA; return true;
    case D3DBLEND_INVSRCALPHA: *src_out = WIRE_BLEND_ONE_MINUS_SRC_ALPHA; return true;
    /* A target without alpha reads its alpha as 1. */
    case D3DBLEND_DESTALPHA:
        *src_out = dst_has_alpha ? WIRE_BLEND_DST_ALPHA : WIRE_BLEND_ONE;
        return true;
    case D3DBLEND_INVDESTALPHA:
        *src_out = dst_has_alpha ? WIRE_BLEND_ONE_MINUS_DST_ALPHA : WIRE_BLEND_ZERO;
        return true;
    case D3DBLEND_DESTCOLOR: *src_out = WIRE_BLEND_DST_COLOR; return true;
    case D3DBLEND_INVDESTCOLOR: *src_out = WIRE_BLEND_ONE_MINUS_DST_COLOR; return true;
    case D3DBLEND_SRCALPHASAT: *src_out = WIRE_BLEND_SRC_ALPHA_SATURATE; return true;
    /* BOTH(INV)SRCALPHA, as a source factor, sets the destination too. */
    case D3DBLEND_BOTHSRCALPHA:
        if (!is_src)
            return false;
        *src_out = WIRE_BLEND_SRC_ALPHA;
        *other_out = WIRE_BLEND_ONE_MINUS_SRC_ALPHA;
        return true;
    case D3DBLEND_BOTHINVSRCALPHA:
        if (!is_src)
            return false;
        *src_out = WIRE_BLEND_ONE_MINUS_SRC_ALPHA;
        *other_out = WIRE_BLEND_SRC_ALPHA;
        return true;
    case D3DBLEND_BLENDFACTOR: *src_out = WIRE_BLEND_CONSTANT_COLOR; return true;
    case D3DBLEND_INVBLENDFACTOR: *src_out = WIRE_BLEND_ONE_MINUS_CONSTANT_COLOR; return true;
    default:
        return false; /* dual-source (SRCCOLOR2): not yet */
    }
}

static bool blend_op(DWORD op, uint8_t *out)
{
    if (op < D3DBLENDOP_ADD || op > D3DBLENDOP_MAX)
        return false;
    *out = (uint8_t)(op - D3DBLENDOP_ADD); /* ADD, SUBTRACT, REVSUBTRACT, MIN, MAX */
    return true;
}

static bool stencil_face(DWORD fail, DWORD zfail, DWORD pass, DWORD func,
                         struct wire_stencil_face *f)
{
    /* D3DSTENCILOP: KEEP 1, ZERO, REPLACE, INCRSAT, DECRSAT, INVERT, INCR, DECR. */
    if (fail < D3DSTENCILOP_KEEP || fail > D3DSTENCILOP_DECR || zfail < D3DSTENCILOP_KEEP ||
        zfail > D3DSTENCILOP_DECR || pass < D3DSTENCILOP_KEEP || pass > D3DSTENCILOP_DECR ||
        func < D3DCMP_NEVER || func > D3DCMP_ALWAYS)
        return false;
    f->fail = (uint8_t)(fail - 1);
    f->depth_fail = (uint8_t)(zfail - 1);
    f->pass = (uint8_t)(pass - 1);
    f->compare = (uint8_t)(func - 1);
    return true;
}

/* The colour channels of a target format (D3DCOLORWRITEENABLE bits): those
 * it stores as its own.  Writes of the others cannot be seen through D3D9
 * (X8R8G8B8's alpha reads as 1 and blends as 1, an R16F target has no
 * green), so a write mask is cut to these: masks that differ only in the
 * channels a target lacks make one state block, and switching between
 * them changes no state on the device.  A NULL target keeps its mask. */
static uint8_t target_channels(const struct d3d9_format_info *f)
{
    uint8_t m = 0;
    if (f->null_target)
        return 0xf;
    for (unsigned c = 0; c < 4; c++)
        if (f->swizzle[c] == WIRE_SWIZZLE_R + c)
            m |= (uint8_t)(1u << c);
    return m;
}

/* Fills the key from D3D9 state; false (with why) when the state asks for
 * something nereid does not do yet. */
static bool build_key(struct d3d9_device *dev, uint32_t topology,
                      struct d3d9_block_key *k, const char **why)
{
    const DWORD *rs = dev->render_states;
    struct d3d9_surface *rt = dev->render_targets[0];
    bool alpha = rt->fmt->has_alpha;
    (void)topology;

    memset(k, 0, sizeof(*k));
    for (size_t i = 0; i < NR_ARRAY_SIZE(unapplied_states); i++)
        if (rs[unapplied_states[i]]) {
            *why = "a render state that is not applied yet (texture wrapping "
                   "D3DRS_WRAPn)";
            return false;
        }
    k->fvf = dev->decl ? 0 : dev->fvf;
    k->decl = dev->decl ? dev->decl->id : 0;
    k->topology = topology;
    k->vs = dev->cur_vs;
    k->fs = dev->cur_fs;
    if (!d3d9_current_layout(dev, &dev->cur_layout, NULL, why))
        return false;
    k->instance_bindings = dev->cur_layout.instance_bindings;
    for (int i = 0; i < 4; i++) {
        static const D3DRENDERSTATETYPE masks[4] = {
            D3DRS_COLORWRITEENABLE, D3DRS_COLORWRITEENABLE1, D3DRS_COLORWRITEENABLE2,
            D3DRS_COLORWRITEENABLE3};
        struct d3d9_surface *t = dev->render_targets[i];
        if (!t)
            continue;
        k->color_formats[i] = t->fmt->wire;
        /* Targets the pixel stage does not write keep their contents. */
        k->write_masks[i] = (uint8_t)(rs[masks[i]] & target_channels(t->fmt));
        if (i > 0 && (!dev->ps || !(dev->ps->color_outputs & (1u << i))))
            k->write_masks[i] = 0;
    }
    k->color_format = rt->fmt->wire;
    k->depth_format = dev->depth_stencil ? dev->depth_stencil->fmt->wire : 0;
    /* The pipeline rasterizes with the targets' sample count (flush_state
     * made them agree); D3DRS_MULTISAMPLEMASK picks the samples written. */
    k->samples = (uint8_t)rt->samples;
    /* Pre-transformed vertices are not clipped by depth: D3D9 draws those
     * outside [0, 1] (Wine's visual zenable_test, on Windows); their depth
     * is clamped where the device can, else they are clipped. */
    k->depth_clamp = dev->pretransformed &&
                     (dev->tc->caps.features & WIRE_DEVFEAT_DEPTH_CLAMP) ? 1 : 0;
    k->sample_mask = rt->samples > 1
                         ? (uint32_t)rs[D3DRS_MULTISAMPLEMASK] & ((1u << rt->samples) - 1)
                         : 1u;
    if (rt->samples > 1 && !rs[D3DRS_MULTISAMPLEANTIALIAS]) {
        /* Single-sample rasterization into a multisampled target has no
         * Vulkan pipeline state of its own. */
        *why = "D3DRS_MULTISAMPLEANTIALIAS FALSE on a multisampled target";
        return false;
    }
    k->write_mask = (uint8_t)(rs[D3DRS_COLORWRITEENABLE] & target_channels(rt->fmt));
    if (rs[D3DRS_ALPHABLENDENABLE]) {
        k->blend_enable = 1;
        if (!blend_factor(rs[D3DRS_SRCBLEND], alpha, &k->src_blend, true, &k->dst_blend) ||
            (rs[D3DRS_SRCBLEND] != D3DBLEND_BOTHSRCALPHA &&
             rs[D3DRS_SRCBLEND] != D3DBLEND_BOTHINVSRCALPHA &&
             !blend_factor(rs[D3DRS_DESTBLEND], alpha, &k->dst_blend, false, NULL)) ||
            !blend_op(rs[D3DRS_BLENDOP], &k->blend_op)) {
            *why = "a blend factor or blend op that is not supported yet";
            return false;
        }
        if (rs[D3DRS_SEPARATEALPHABLENDENABLE]) {
            if (!blend_factor(rs[D3DRS_SRCBLENDALPHA], alpha, &k->src_blend_alpha, true,
                              &k->dst_blend_alpha) ||
                (rs[D3DRS_SRCBLENDALPHA] != D3DBLEND_BOTHSRCALPHA &&
                 rs[D3DRS_SRCBLENDALPHA] != D3DBLEND_BOTHINVSRCALPHA &&
                 !blend_factor(rs[D3DRS_DESTBLENDALPHA], alpha, &k->dst_blend_alpha,
                               false, NULL)) ||
                !blend_op(rs[D3DRS_BLENDOPALPHA], &k->blend_op_alpha)) {
                *why = "a separate alpha blend factor that is not supported yet";
                return false;
            }
        } else {
            k->src_blend_alpha = k->src_blend;
            k->dst_blend_alpha = k->dst_blend;
            k->blend_op_alpha = k->blend_op;
        }
    }
    if (dev->depth_stencil && rs[D3DRS_ZENABLE]) {
        if (rs[D3DRS_ZENABLE] != D3DZB_TRUE || rs[D3DRS_ZFUNC] < D3DCMP_NEVER ||
            rs[D3DRS_ZFUNC] > D3DCMP_ALWAYS) {
            *why = "W-buffering or an invalid depth function";
            return false;
        }
        k->depth_test = 1;
        k->depth_write = rs[D3DRS_ZWRITEENABLE] ? 1 : 0;
        k->depth_func = (uint8_t)(rs[D3DRS_ZFUNC] - D3DCMP_NEVER);
    }
    if (dev->depth_stencil && rs[D3DRS_STENCILENABLE] &&
        (dev->depth_stencil->fmt->format == D3DFMT_D24S8 ||
         dev->depth_stencil->fmt->format == D3D9_FMT_INTZ)) {
        /* D3D9's counter-clockwise stencil state applies to counter-clockwise
         * faces on screen: the back faces here (front face is clockwise). */
        if (!stencil_face(rs[D3DRS_STENCILFAIL], rs[D3DRS_STENCILZFAIL],
                          rs[D3DRS_STENCILPASS], rs[D3DRS_STENCILFUNC],
                          &k->stencil_front)) {
            *why = "an invalid stencil operation";
            return false;
        }
        if (rs[D3DRS_TWOSIDEDSTENCILMODE]) {
            if (!stencil_face(rs[D3DRS_CCW_STENCILFAIL], rs[D3DRS_CCW_STENCILZFAIL],
                              rs[D3DRS_CCW_STENCILPASS], rs[D3DRS_CCW_STENCILFUNC],
                              &k->stencil_back)) {
                *why = "an invalid stencil operation";
                return false;
            }
        } else {
            k->stencil_back = k->stencil_front;
        }
        k->stencil_test = 1;
    }
    k->depth_bias = (rs[D3DRS_DEPTHBIAS] || rs[D3DRS_SLOPESCALEDEPTHBIAS]) &&
                    dev->depth_stencil ? 1 : 0;
    /* D3D9 winding is seen on screen (y down), as Vulkan's framebuffer
     * coordinates are: CCW culling culls what is counter-clockwise there. */
    switch (rs[D3DRS_CULLMODE]) {
    case D3DCULL_NONE: k->cull = WIRE_CULL_NONE; break;
    case D3DCULL_CW: k->cull = WIRE_CULL_FRONT; break;
    default: k->cull = WIRE_CULL_BACK; break;
    }
    switch (rs[D3DRS_FILLMODE]) {
    case D3DFILL_POINT: k->fill = WIRE_FILL_POINT; break;
    case D3DFILL_WIREFRAME: k->fill = WIRE_FILL_WIREFRAME; break;
    default: k->fill = WIRE_FILL_SOLID; break;
    }
    return true;
}

static bool create_block(struct d3d9_device *dev, const struct d3d9_block_key *k,
                         wire_handle *out)
{
    struct wire_create_state_block b;
    const struct d3d9_vertex_layout *l = &dev->cur_layout;

    memset(&b, 0, sizeof(b));
    b.block = d3d9_handle_alloc(dev, WIRE_OBJ_STATE_BLOCK);
    b.vs = dev->cur_vs;
    b.fs = dev->cur_fs;
    b.topology = k->topology;
    /* The strides are dynamic state: the streams' own are used. */
    b.binding_count = NR_MAX(l->binding_count, 1u);
    b.instance_bindings = l->instance_bindings;
    b.attr_count = l->count;
    memcpy(b.attrs, l->attrs, sizeof(l->attrs[0]) * l->count);
    for (int i = 0; i < 4; i++) {
        if (!k->color_formats[i])
            continue; /* a gap: no target there */
        b.color_formats[i] = k->color_formats[i];
        b.blend[i] = (struct wire_blend_target){
            k->blend_enable, k->src_blend, k->dst_blend, k->blend_op,
            k->src_blend_alpha, k->dst_blend_alpha, k->blend_op_alpha, k->write_masks[i]};
    }
    b.depth_format = k->depth_format;
    b.depth_test = k->depth_test;
    b.depth_write = k->depth_write;
    b.depth_compare = k->depth_func;
    b.cull = k->cull;
    b.front_face = WIRE_FRONT_CW;
    b.fill = k->fill;
    b.stencil_test = k->stencil_test;
    b.stencil_front = k->stencil_front;
    b.stencil_back = k->stencil_back;
    b.depth_bias = k->depth_bias;
    b.flat_first_vertex = 1;
    b.depth_clamp = k->depth_clamp;
    b.samples = k->samples;
    b.sample_mask = k->sample_mask;
    if (!wire_emit_CREATE_STATE_BLOCK(&dev->tc->w, &b))
        return false;
    dev->blocks_created++;
    *out = b.block;
    return true;
}

/* The block for a key: looked up in an open-addressing table, created and
 * sent once. */
static bool lookup_block(struct d3d9_device *dev, const struct d3d9_block_key *k,
                         wire_handle *out)
{
    uint64_t h;
    size_t i;

    if (dev->block_count * 2 >= dev->block_cap) {
        size_t cap = dev->block_cap ? dev->block_cap * 2 : 64;
        struct d3d9_block_entry *t = calloc(cap, sizeof(*t));
        if (!t)
            return false;
        for (size_t j = 0; j < dev->block_cap; j++) {
            if (!dev->blocks[j].used)
                continue;
            h = nr_hash64(&dev->blocks[j].key, sizeof(*k), NR_HASH_SEED);
            for (i = h & (cap - 1); t[i].used; i = (i + 1) & (cap - 1))
                ;
            t[i] = dev->blocks[j];
        }
        free(dev->blocks);
        dev->blocks = t;
        dev->block_cap = cap;
    }
    h = nr_hash64(k, sizeof(*k), NR_HASH_SEED);
    for (i = h & (dev->block_cap - 1); dev->blocks[i].used;
         i = (i + 1) & (dev->block_cap - 1))
        if (!memcmp(&dev->blocks[i].key, k, sizeof(*k))) {
            *out = dev->blocks[i].handle;
            return true;
        }
    if (!create_block(dev, k, out))
        return false;
    dev->blocks[i].used = true;
    dev->blocks[i].key = *k;
    dev->blocks[i].handle = *out;
    dev->block_count++;
    return true;
}

/* What the server should have for the viewport, scissor and push constants. */
struct viewport_state {
    struct wire_set_viewport vp;
    struct wire_set_scissor sc;
    uint32_t width, height;
};

static void current_viewport(struct d3d9_device *dev, struct viewport_state *v)
{
    RECT a = draw_area(dev);
    UINT tw, th;

    memset(v, 0, sizeof(*v));
    if (dev->pretransformed) {
        /* Pre-transformed vertices are in render-target pixels: the Vulkan
         * viewport is the whole target; the D3D9 viewport clips (scissor). */
        target_bounds(dev, &tw, &th);
        v->width = NR_MAX(tw, 1u);
        v->height = NR_MAX(th, 1u);
        v->vp = (struct wire_set_viewport){0, 0, (float)v->width, (float)v->height,
                                           0.0f, 1.0f};
    } else {
        /* Transformed vertices: the D3D9 viewport is the Vulkan one, and the
         * shaders' half-pixel fix-up is relative to its size. */
        const D3DVIEWPORT9 *p = &dev->viewport;
        /* D3D9 takes any MinZ/MaxZ (GetViewport answers them); the depth
         * range Vulkan can have is [0, 1], which is where drivers clamp. */
        float min_z = p->MinZ > 0.0f ? NR_MIN(p->MinZ, 1.0f) : 0.0f;
        float max_z = p->MaxZ > 0.0f ? NR_MIN(p->MaxZ, 1.0f) : 0.0f;
        /* An empty or inverted depth range is MinZ to MinZ + 0.001, as the
         * runtime makes it (Wine's visual test_viewport, on Windows: a
         * viewport whose MaxZ is left 0 still draws). */
        if (max_z <= min_z)
            max_z = NR_MIN(min_z + 0.001f, 1.0f);
        v->width = NR_MAX(p->Width, 1u);
        v->height = NR_MAX(p->Height, 1u);
        v->vp = (struct wire_set_viewport){(float)p->X, (float)p->Y, (float)v->width,
                                           (float)v->height, min_z, max_z};
    }
    v->sc = (struct wire_set_scissor){a.left, a.top, (uint32_t)(a.right - a.left),
                                      (uint32_t)(a.bottom - a.top)};
}

static bool send_viewport(struct d3d9_device *dev)
{
    struct transport_client *tc = dev->tc;
    struct viewport_state v;

    current_viewport(dev, &v);
    if (v.width != dev->push_width || v.height != dev->push_height ||
        (dev->render_states[D3DRS_ALPHAREF] & 0xff) != dev->push_alpha_ref) {
        float w = (float)v.width, h = (float)v.height;
        /* Bytes 16..19: the alpha reference translated pixel shaders test. */
        float c[5] = {2.0f / w, 2.0f / h, 1.0f / w - 1.0f, 1.0f / h - 1.0f,
                      (float)(dev->render_states[D3DRS_ALPHAREF] & 0xff)};
        struct wire_set_push_constants pc = {0, sizeof(c), {0}};
        memcpy(pc.data, c, sizeof(c));
        if (!wire_emit_SET_PUSH_CONSTANTS(&tc->w, &pc))
            return false;
        dev->push_width = v.width;
        dev->push_height = v.height;
        dev->push_alpha_ref = dev->render_states[D3DRS_ALPHAREF] & 0xff;
    }
    if (memcmp(&v.vp, &dev->sent_viewport, sizeof(v.vp))) {
        if (!wire_emit_SET_VIEWPORT(&tc->w, &v.vp))
            return false;
        dev->sent_viewport = v.vp;
    }
    if (memcmp(&v.sc, &dev->sent_scissor, sizeof(v.sc))) {
        if (!wire_emit_SET_SCISSOR(&tc->w, &v.sc))
            return false;
        dev->sent_scissor = v.sc;
    }
    dev->dirty &= ~D3D9_DIRTY_VIEWPORT;
    return true;
}

/* The names of the key's fields, for the check mode's reports. */
#define KEY_FIELD(f) {offsetof(struct d3d9_block_key, f), sizeof(((struct d3d9_block_key *)0)->f), #f}
static const struct { size_t off, size; const char *name; } key_fields[] = {
    KEY_FIELD(fvf), KEY_FIELD(topology), KEY_FIELD(color_format), KEY_FIELD(color_formats),
    KEY_FIELD(write_masks),
    KEY_FIELD(depth_format), KEY_FIELD(blend_enable), KEY_FIELD(src_blend),
    KEY_FIELD(dst_blend), KEY_FIELD(blend_op), KEY_FIELD(src_blend_alpha),
    KEY_FIELD(dst_blend_alpha), KEY_FIELD(blend_op_alpha), KEY_FIELD(write_mask),
    KEY_FIELD(depth_test), KEY_FIELD(depth_write), KEY_FIELD(depth_func),
    KEY_FIELD(cull), KEY_FIELD(fill), KEY_FIELD(vs), KEY_FIELD(fs),
    KEY_FIELD(stencil_test), KEY_FIELD(depth_bias), KEY_FIELD(stencil_front),
    KEY_FIELD(stencil_back), KEY_FIELD(decl), KEY_FIELD(instance_bindings),
    KEY_FIELD(samples), KEY_FIELD(sample_mask),
};

static void state_check_report(struct d3d9_device *dev, const char *what)
{
    size_t len = strlen(dev->state_check_last);
    /* Keeps the reports of the first and of the latest draw, joined. */
    if (dev->state_check_failures++ == 0)
        dev->state_check_first_draw = dev->draws;
    if (dev->state_check_draw != dev->draws) {
        dev->state_check_draw = dev->draws;
        len = 0;
    }
    if (dev->draws == dev->state_check_first_draw)
        snprintf(dev->state_check_first + len, sizeof(dev->state_check_first) - len, "%s%s",
                 len ? "; " : "", what);
    snprintf(dev->state_check_last + len, sizeof(dev->state_check_last) - len, "%s%s",
             len ? "; " : "", what);
    NR_ERR(D3D9, "NEREID_CHECK_STATE: %s changed without its dirty flag", what);
}

/* The check mode: builds everything anew and compares it with what the
 * server has; anything that differs while its dirty flag is clear is a
 * setter that forgot its flag.  Then it sets the flags, so the draw is still
 * right. */
static void check_state(struct d3d9_device *dev, uint32_t topology)
{
    struct wire_set_render_targets t;
    struct viewport_state v;
    struct d3d9_block_key k;
    const char *why;
    char what[128];

    if (!(dev->dirty & D3D9_DIRTY_TARGETS)) {
        current_targets(dev, &t);
        if (memcmp(&t, &dev->sent_targets, sizeof(t))) {
            state_check_report(dev, "the render targets (SetRenderTarget / "
                                    "SetDepthStencilSurface)");
            dev->dirty |= D3D9_DIRTY_TARGETS;
        }
    }
    if (!(dev->dirty & (D3D9_DIRTY_TARGETS | D3D9_DIRTY_VIEWPORT))) {
        current_viewport(dev, &v);
        if (memcmp(&v.vp, &dev->sent_viewport, sizeof(v.vp)) ||
            memcmp(&v.sc, &dev->sent_scissor, sizeof(v.sc)) ||
            v.width != dev->push_width || v.height != dev->push_height) {
            state_check_report(dev, "the viewport or scissor (SetViewport / "
                                    "SetScissorRect / D3DRS_SCISSORTESTENABLE)");
            dev->dirty |= D3D9_DIRTY_VIEWPORT;
        }
    }
    if (!(dev->dirty & D3D9_DIRTY_BLOCK) && topology == dev->last_key.topology &&
        build_key(dev, topology, &k, &why) && memcmp(&k, &dev->last_key, sizeof(k))) {
        for (size_t i = 0; i < NR_ARRAY_SIZE(key_fields); i++)
            if (memcmp((const char *)&k + key_fields[i].off,
                       (const char *)&dev->last_key + key_fields[i].off,
                       key_fields[i].size)) {
                snprintf(what, sizeof(what), "pipeline state '%s' (SetRenderState / "
                                             "SetFVF)", key_fields[i].name);
                state_check_report(dev, what);
                break;
            }
        dev->dirty |= D3D9_DIRTY_BLOCK;
    }
    /* Fixed-function state does not count while a shader replaces it. */
    if (!(dev->dirty & D3D9_DIRTY_FF_VS) && !dev->vs) {
        struct ff_vs_key vk;
        struct ff_vs_constants *c = malloc(sizeof(*c));
        wire_handle h = {0, 0};
        if (c && d3d9_ffp_vs_key(dev, &vk, &why)) {
            size_t size = d3d9_ffp_vs_constants(dev, &vk, c);
            if (!d3d9_cache_get(&dev->vs_cache, &vk, &h) || memcmp(&h, &dev->cur_vs, sizeof(h)) ||
                size != dev->sent_vs_size || memcmp(c, dev->sent_vs_consts, size)) {
                state_check_report(dev, "fixed-function vertex state (SetTransform / "
                                        "SetLight / SetMaterial / SetRenderState / SetFVF / "
                                        "SetPixelShader: the coordinates a pixel shader "
                                        "reads)");
                dev->dirty |= D3D9_DIRTY_FF_VS;
            }
        }
        free(c);
    }
    if (!(dev->dirty & D3D9_DIRTY_FF_FS) && !dev->ps) {
        struct ff_fs_key fk;
        struct ff_fs_constants c;
        wire_handle h = {0, 0};
        if (d3d9_ffp_fs_key(dev, &fk, &why)) {
            d3d9_ffp_fs_constants(dev, &c);
            if (!d3d9_cache_get(&dev->fs_cache, &fk, &h) || memcmp(&h, &dev->cur_fs, sizeof(h)) ||
                memcmp(&c, dev->sent_fs_consts, sizeof(c))) {
                state_check_report(dev, "fixed-function pixel state (SetTextureStageState "
                                        "/ SetTexture / SetRenderState)");
                dev->dirty |= D3D9_DIRTY_FF_FS;
            }
        }
    }
    if (!(dev->dirty & D3D9_DIRTY_DYNAMIC)) {
        struct wire_set_dynamic_state d;
        d3d9_ffp_dynamic(dev, &d);
        if (memcmp(&d, &dev->sent_dynamic, sizeof(d))) {
            state_check_report(dev, "stencil reference/masks, blend factor or depth bias "
                                    "(SetRenderState)");
            dev->dirty |= D3D9_DIRTY_DYNAMIC;
        }
    }
    for (unsigned i = 0; i < D3D9_MAX_STREAMS; i++) {
        struct d3d9_stream *s = &dev->streams[i];
        wire_handle h = s->buffer ? s->buffer->handle : (wire_handle){0, 0};
        if ((dev->streams_dirty & (1u << i)) || i >= NR_ARRAY_SIZE(dev->sent_streams))
            continue;
        if (memcmp(&h, &dev->sent_streams[i].buffer, sizeof(h)) ||
            s->offset != dev->sent_streams[i].offset ||
            s->stride != dev->sent_streams[i].stride) {
            snprintf(what, sizeof(what), "stream %u (SetStreamSource)", i);
            state_check_report(dev, what);
            dev->streams_dirty |= 1u << i;
        }
    }
    if (!dev->indices_dirty) {
        wire_handle h = dev->indices ? dev->indices->handle : (wire_handle){0, 0};
        if (memcmp(&h, &dev->sent_indices, sizeof(h))) {
            state_check_report(dev, "the index buffer (SetIndices)");
            dev->indices_dirty = true;
        }
    }
    if (!(dev->dirty & D3D9_DIRTY_TEXTURES)) {
        int slot = d3d9_ffp_check_textures(dev, ~dev->tex_dirty);
        if (slot >= 0) {
            snprintf(what, sizeof(what), "texture slot %d (SetTexture / SetSamplerState / "
                                         "SetLOD / a texture's mips)", slot);
            state_check_report(dev, what);
            dev->dirty |= D3D9_DIRTY_TEXTURES;
        }
    }
    /* Shader constants set without their flag (a stage without a shader
     * keeps its range until one is bound, which sends everything).  Any of
     * the flags below makes the draw flush the shader stages, which sends
     * the pending ranges of both. */
    for (int st = 0; st < 2; st++)
        if (!(dev->dirty & (D3D9_DIRTY_SHADERS | D3D9_DIRTY_CONSTANTS | D3D9_DIRTY_TEXTURES |
                            D3D9_DIRTY_FF_FS | D3D9_DIRTY_FF_VS)) && !dev->tex_dirty &&
            (st ? dev->ps : dev->vs) &&
            dev->consts[st].dirty_hi > dev->consts[st].dirty_lo) {
            state_check_report(dev, st ? "pixel shader constants (SetPixelShaderConstant*)"
                                       : "vertex shader constants (SetVertexShaderConstant*)");
            dev->dirty |= D3D9_DIRTY_CONSTANTS;
        }
    if (!(dev->dirty & (D3D9_DIRTY_SHADERS | D3D9_DIRTY_CONSTANTS | D3D9_DIRTY_TEXTURES |
                        D3D9_DIRTY_FF_FS | D3D9_DIRTY_FF_VS)) && !dev->tex_dirty &&
        (why = d3d9_shader_check(dev))) {
        state_check_report(dev, why);
        dev->dirty |= D3D9_DIRTY_SHADERS | D3D9_DIRTY_CONSTANTS;
        for (int st = 0; st < 2; st++) {
            dev->consts[st].dirty_lo = 0;
            dev->consts[st].dirty_hi = UINT32_MAX;
        }
    }
}

/* Reference mode (NEREID_REFERENCE_STATE=1): forgets what the server has,
 * so the draw sends every state and every constant anew, whatever the
 * dirty flags say.  Frames drawn so must be identical to frames drawn with
 * the flags; the server, told so at device creation, binds and uploads
 * everything anew for every draw too. */
static void forget_sent_state(struct d3d9_device *dev)
{
    dev->dirty = D3D9_DIRTY_ALL;
    dev->streams_dirty = (1u << D3D9_MAX_STREAMS) - 1;
    dev->indices_dirty = true;
    memset(&dev->sent_targets, 0xff, sizeof(dev->sent_targets));
    memset(&dev->sent_viewport, 0xff, sizeof(dev->sent_viewport));
    memset(&dev->sent_scissor, 0xff, sizeof(dev->sent_scissor));
    dev->push_width = dev->push_height = dev->push_alpha_ref = UINT32_MAX;
    memset(dev->sent_tex, 0xff, sizeof(dev->sent_tex));
    memset(&dev->sent_dynamic, 0xff, sizeof(dev->sent_dynamic));
    memset(dev->sent_streams, 0xff, sizeof(dev->sent_streams));
    memset(&dev->sent_indices, 0xff, sizeof(dev->sent_indices));
    dev->sent_vs_size = 0;
    memset(dev->sent_fs_consts, 0xff, sizeof(struct ff_fs_constants));
    memset(&dev->cur_vs, 0, sizeof(dev->cur_vs));
    memset(&dev->cur_fs, 0, sizeof(dev->cur_fs));
    memset(&dev->last_key, 0xff, sizeof(dev->last_key));
    for (int st = 0; st < 2; st++) {
        dev->consts[st].dirty_lo = 0;
        dev->consts[st].dirty_hi = UINT32_MAX; /* cut to the stage's size */
    }
}

/* Brings the server up to date before a draw.  Returns D3D_OK, or the error
 * the draw must return.  With nothing dirty this is one test. */
static HRESULT flush_state_slow(struct d3d9_device *dev, uint32_t topology)
{
    if (__builtin_expect(dev->locked_buffers != 0, 0)) {
        for (int i = 0; i < D3D9_MAX_STREAMS; i++)
            if (dev->streams[i].buffer)
                d3d9_buffer_flush_locked(dev->streams[i].buffer);
        if (dev->indices)
            d3d9_buffer_flush_locked(dev->indices);
    }
    const char *why = NULL;

    if (__builtin_expect(dev->check_state, 0))
        check_state(dev, topology);
    if (__builtin_expect(dev->reference_state, 0))
        forget_sent_state(dev);
    if (__builtin_expect(!dev->dirty && !dev->tex_dirty && topology == dev->last_key.topology,
                         1))
        return D3D_OK;
    /* Textures changed and nothing else (one a draw, in some programs): the
     * fixed-function key saw it already (SetTexture marks a change of type),
     * and a shader's variant, which may depend on them, is not in play. */
    if (!dev->dirty && !dev->vs && !dev->ps && topology == dev->last_key.topology)
        return d3d9_ffp_flush_textures(dev, dev->tex_dirty) ? D3D_OK : D3DERR_DEVICELOST;
    /* NULL targets and no depth surface: nothing to draw into (and the
     * server has no render area); D3D9 draws nothing and succeeds.  Off
     * the fast path: only SetRenderTarget and SetDepthStencilSurface get
     * here, and they leave D3D9_DIRTY_TARGETS set until the targets are
     * sent, which a skipped draw never does. */
    if (__builtin_expect(dev->render_targets[0]->fmt->null_target, 0) &&
        (dev->dirty & D3D9_DIRTY_TARGETS)) {
        UINT tw, th;
        target_bounds(dev, &tw, &th);
        if (!tw)
            return S_FALSE;
    }
    if ((dev->dirty & D3D9_DIRTY_TARGETS) && !targets_agree(dev))
        return D3DERR_INVALIDCALL;
    if (!send_targets(dev))
        return D3DERR_DEVICELOST;
    /* A shader's variant may depend on the textures bound (their types,
     * depth textures as shadow maps, sRGB reads). */
    if ((dev->vs || dev->ps) &&
        ((dev->dirty & (D3D9_DIRTY_SHADERS | D3D9_DIRTY_CONSTANTS | D3D9_DIRTY_TEXTURES |
                        D3D9_DIRTY_FF_FS | D3D9_DIRTY_FF_VS)) ||
         dev->tex_dirty)) {
        HRESULT hr = d3d9_shader_flush(dev, &why);
        if (FAILED(hr)) {
            if (hr == D3DERR_INVALIDCALL)
                NR_WARN(D3D9, "draw refused: %s", why);
            return hr;
        }
    }
    dev->dirty &= ~(D3D9_DIRTY_SHADERS | D3D9_DIRTY_CONSTANTS);
    if (dev->dirty & (D3D9_DIRTY_FF_VS | D3D9_DIRTY_FF_FS)) {
        HRESULT hr = d3d9_ffp_flush(dev, &why);
        if (FAILED(hr)) {
            if (hr == D3DERR_INVALIDCALL)
                NR_WARN(D3D9, "draw refused: %s is not implemented yet", why);
            return hr;
        }
    }
    if ((dev->dirty & D3D9_DIRTY_VIEWPORT) && !send_viewport(dev))
        return D3DERR_DEVICELOST;
    if ((dev->dirty & D3D9_DIRTY_TEXTURES) || dev->tex_dirty) {
        uint32_t slots = dev->dirty & D3D9_DIRTY_TEXTURES ? (1u << D3D9_MAX_SAMPLERS) - 1
                                                          : dev->tex_dirty;
        if (!d3d9_ffp_flush_textures(dev, slots))
            return D3DERR_DEVICELOST;
    }
    if ((dev->dirty & D3D9_DIRTY_DYNAMIC) && !d3d9_ffp_flush_dynamic(dev))
        return D3DERR_DEVICELOST;
    if ((dev->dirty & D3D9_DIRTY_BLOCK) || dev->last_key.topology != topology) {
        struct d3d9_block_key k;
        dev->key_builds++;
        if (!build_key(dev, topology, &k, &why)) {
            static bool warned;
            if (!warned) {
                warned = true;
                NR_WARN(D3D9, "draw refused: %s is not implemented yet", why);
            }
            return D3DERR_INVALIDCALL;
        }
        if (memcmp(&k, &dev->last_key, sizeof(k)) && !lookup_block(dev, &k, &dev->block))
            return D3DERR_DEVICELOST;
        dev->last_key = k;
        dev->dirty &= ~D3D9_DIRTY_BLOCK;
    }
    return D3D_OK;
}

/* What a draw sends first: nothing at all in the steady state (no locked
 * buffer to flush, no check or reference mode, nothing dirty, the same
 * topology), which is decided here, inline in every draw. */
static inline bool state_clean(const struct d3d9_device *dev, uint32_t topology)
{
    return !(dev->locked_buffers | dev->dirty | dev->tex_dirty | dev->check_state |
             dev->reference_state) &&
           topology == dev->last_key.topology;
}

static inline HRESULT flush_state(struct d3d9_device *dev, uint32_t topology)
{
    if (__builtin_expect(state_clean(dev, topology), 1))
        return D3D_OK;
    return flush_state_slow(dev, topology);
}

/* ---------------------------------------------------------------- clear */

static HRESULT WINAPI device_Clear(IDirect3DDevice9 *iface, DWORD count,
                                   const D3DRECT *rects, DWORD flags, D3DCOLOR color,
                                   float z, DWORD stencil)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct transport_client *tc = dev->tc;
    struct wire_clear c = {0};
    RECT area;
    int32_t *out = NULL;
    uint32_t n = 0, offset = 0;

    if (!flags || (flags & ~(D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL)))
        return D3DERR_INVALIDCALL;
    /* Windows clears everything for a count without rectangles and
     * nothing for rectangles with a count of 0 (Wine's visual clear_test). */
    if (!count && rects)
        return D3D_OK;
    if ((flags & (D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL)) && !dev->depth_stencil)
        return D3DERR_INVALIDCALL;
    if ((flags & D3DCLEAR_STENCIL) &&
        dev->depth_stencil->fmt->format != D3DFMT_D24S8 &&
        dev->depth_stencil->fmt->format != D3D9_FMT_INTZ)
        return D3DERR_INVALIDCALL;
    if (!(z >= 0.0f && z <= 1.0f))
        return D3DERR_INVALIDCALL;
    if (tc->lost)
        return D3D_OK; /* a lost device drops rendering silently */
    if ((dev->dirty & D3D9_DIRTY_TARGETS) && !targets_agree(dev))
        return D3DERR_INVALIDCALL;
    area = draw_area(dev);
    if (area.right <= area.left || area.bottom <= area.top)
        return D3D_OK;
    /* NULL targets have no texels to clear. */
    if ((flags & D3DCLEAR_TARGET) && dev->render_targets[0]->fmt->null_target) {
        bool any = false;
        for (int i = 1; i < 4; i++)
            any |= dev->render_targets[i] && !dev->render_targets[i]->fmt->null_target;
        if (!any && !(flags &= ~(DWORD)D3DCLEAR_TARGET))
            return D3D_OK;
    }
    if (!send_targets(dev))
        return D3D_OK;
    if (!rects)
        count = 0;
    {
        uint32_t want = count ? count : 1;
        void *stage;
        if (want > WIRE_MAX_CLEAR_RECTS)
            want = WIRE_MAX_CLEAR_RECTS; /* more rectangles: split below */
        if (!transport_stage_alloc(tc, want * 16, &offset, &stage))
            return D3D_OK;
        out = stage;
    }
    if (!count) {
        out[0] = area.left;
        out[1] = area.top;
        out[2] = area.right;
        out[3] = area.bottom;
        n = 1;
    } else {
        for (DWORD i = 0; i < count && n < WIRE_MAX_CLEAR_RECTS; i++) {
            LONG x0 = NR_MAX(rects[i].x1, area.left), y0 = NR_MAX(rects[i].y1, area.top);
            LONG x1 = NR_MIN(rects[i].x2, area.right), y1 = NR_MIN(rects[i].y2, area.bottom);
            if (x1 <= x0 || y1 <= y0)
                continue;
            out[4 * n + 0] = x0;
            out[4 * n + 1] = y0;
            out[4 * n + 2] = x1;
            out[4 * n + 3] = y1;
            n++;
        }
        if (!n)
            return D3D_OK;
    }
    c.flags = ((flags & D3DCLEAR_TARGET) ? WIRE_CLEAR_COLOR : 0) |
              ((flags & D3DCLEAR_ZBUFFER) ? WIRE_CLEAR_DEPTH : 0) |
              ((flags & D3DCLEAR_STENCIL) ? WIRE_CLEAR_STENCIL : 0);
    c.rect_count = n;
    c.stage_offset = offset;
    c.stencil = stencil & 0xff;
    c.color[0] = ((color >> 16) & 0xff) / 255.0f;
    c.color[1] = ((color >> 8) & 0xff) / 255.0f;
    c.color[2] = (color & 0xff) / 255.0f;
    c.color[3] = ((color >> 24) & 0xff) / 255.0f;
    /* Clear writes through D3DRS_SRGBWRITEENABLE as draws do (Wine's
     * visual clear_test): the colour is taken as linear. */
    if (d3d9_srgb_write(dev))
        for (int i = 0; i < 3; i++)
            c.color[i] = c.color[i] <= 0.0031308f ? 12.92f * c.color[i]
                                                  : 1.055f * powf(c.color[i], 1.0f / 2.4f) -
                                                        0.055f;
    c.depth = z;
    wire_emit_CLEAR(&tc->w, &c);
    return D3D_OK;
}

/* ------------------------------------------------------- stored state */

static HRESULT WINAPI device_SetTransform(IDirect3DDevice9 *iface,
                                          D3DTRANSFORMSTATETYPE state,
                                          const D3DMATRIX *m)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!m || (unsigned)state >= NR_ARRAY_SIZE(dev->transforms))
        return D3DERR_INVALIDCALL;
    if (dev->recording) return d3d9_sb_record_transform(dev->recording, state, m);
    D3D9_SET(dev, dev->transforms[state], *m,
             D3D9_DIRTY_FF_VS | (state == D3DTS_PROJECTION ? D3D9_DIRTY_FF_FS : 0),
             D3D9_SETTER_TRANSFORM);
    return D3D_OK;
}

static HRESULT WINAPI device_GetTransform(IDirect3DDevice9 *iface,
                                          D3DTRANSFORMSTATETYPE state, D3DMATRIX *m)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!m || (unsigned)state >= NR_ARRAY_SIZE(dev->transforms))
        return D3DERR_INVALIDCALL;
    *m = dev->transforms[state];
    return D3D_OK;
}

static HRESULT WINAPI device_MultiplyTransform(IDirect3DDevice9 *iface,
                                               D3DTRANSFORMSTATETYPE state,
                                               const D3DMATRIX *m)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    D3DMATRIX r, a;
    if (!m || (unsigned)state >= NR_ARRAY_SIZE(dev->transforms))
        return D3DERR_INVALIDCALL;
    /* Not recorded: while a state block records, it goes to the device
     * (Wine's device test_multiply_transform pins it on Windows).  The new
     * transform is current * m, with row vectors. */
    a = dev->transforms[state];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            float s = 0;
            for (int k = 0; k < 4; k++)
                s += a.m[i][k] * m->m[k][j];
            r.m[i][j] = s;
        }
    D3D9_SET(dev, dev->transforms[state], r,
             D3D9_DIRTY_FF_VS | (state == D3DTS_PROJECTION ? D3D9_DIRTY_FF_FS : 0),
             D3D9_SETTER_TRANSFORM);
    return D3D_OK;
}

static HRESULT WINAPI device_SetViewport(IDirect3DDevice9 *iface,
                                         const D3DVIEWPORT9 *vp)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    /* A viewport may reach past the target (Windows draws the part inside:
     * Wine's visual test_viewport); what Vulkan's viewport cannot hold is
     * refused. */
    if (!vp || vp->Width > WIRE_MAX_EXTENT || vp->Height > WIRE_MAX_EXTENT ||
        vp->X > WIRE_MAX_EXTENT || vp->Y > WIRE_MAX_EXTENT)
        return D3DERR_INVALIDCALL;
    if (dev->recording) return d3d9_sb_record_viewport(dev->recording, vp);
    D3D9_SET(dev, dev->viewport, *vp, D3D9_DIRTY_VIEWPORT | D3D9_DIRTY_FF_VS,
             D3D9_SETTER_VIEWPORT);
    return D3D_OK;
}

static HRESULT WINAPI device_GetViewport(IDirect3DDevice9 *iface, D3DVIEWPORT9 *vp)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!vp)
        return D3DERR_INVALIDCALL;
    *vp = dev->viewport;
    return D3D_OK;
}

static HRESULT WINAPI device_SetMaterial(IDirect3DDevice9 *iface, const D3DMATERIAL9 *m)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!m)
        return D3DERR_INVALIDCALL;
    if (dev->recording) return d3d9_sb_record_material(dev->recording, m);
    D3D9_SET(dev, dev->material, *m, D3D9_DIRTY_FF_VS, D3D9_SETTER_MATERIAL);
    return D3D_OK;
}

static HRESULT WINAPI device_GetMaterial(IDirect3DDevice9 *iface, D3DMATERIAL9 *m)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!m)
        return D3DERR_INVALIDCALL;
    *m = dev->material;
    return D3D_OK;
}

static struct d3d9_light *find_light(struct d3d9_device *dev, DWORD index)
{
    for (size_t i = 0; i < dev->light_count; i++)
        if (dev->lights[i].index == index)
            return &dev->lights[i];
    return NULL;
}

/* A light slot, created with D3D9's default light when new; kept sorted by
 * index so the active lights are taken in index order. */
static struct d3d9_light *get_light(struct d3d9_device *dev, DWORD index)
{
    struct d3d9_light *l = find_light(dev, index);
    size_t i;
    if (l)
        return l;
    if (!nr_array_reserve((void **)&dev->lights, &dev->light_cap, dev->light_count + 1,
                          sizeof(*dev->lights)))
        return NULL;
    for (i = dev->light_count; i > 0 && dev->lights[i - 1].index > index; i--)
        dev->lights[i] = dev->lights[i - 1];
    l = &dev->lights[i];
    memset(l, 0, sizeof(*l));
    l->index = index;
    l->light.Type = D3DLIGHT_DIRECTIONAL;
    l->light.Diffuse = (D3DCOLORVALUE){1.0f, 1.0f, 1.0f, 0.0f};
    l->light.Direction = (D3DVECTOR){0.0f, 0.0f, 1.0f};
    dev->light_count++;
    return l;
}

static HRESULT WINAPI device_SetLight(IDirect3DDevice9 *iface, DWORD i, const D3DLIGHT9 *l)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_light *slot;
    if (!l || l->Type < D3DLIGHT_POINT || l->Type > D3DLIGHT_DIRECTIONAL ||
        (l->Type != D3DLIGHT_DIRECTIONAL && l->Range < 0.0f))
        return D3DERR_INVALIDCALL;
    if (dev->recording) return d3d9_sb_record_light(dev->recording, i, l);
    if (!(slot = get_light(dev, i)))
        return E_OUTOFMEMORY;
    D3D9_SET(dev, slot->light, *l, D3D9_DIRTY_FF_VS, D3D9_SETTER_LIGHT);
    return D3D_OK;
}

static HRESULT WINAPI device_GetLight(IDirect3DDevice9 *iface, DWORD i, D3DLIGHT9 *l)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_light *slot = find_light(dev, i);
    if (!l || !slot)
        return D3DERR_INVALIDCALL;
    *l = slot->light;
    return D3D_OK;
}

static HRESULT WINAPI device_LightEnable(IDirect3DDevice9 *iface, DWORD i, BOOL e)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (dev->recording) return d3d9_sb_record_light_enable(dev->recording, i, e);
    struct d3d9_light *slot = get_light(dev, i);
    if (!slot)
        return E_OUTOFMEMORY;
    D3D9_SET(dev, slot->enabled, e ? TRUE : FALSE, D3D9_DIRTY_FF_VS, D3D9_SETTER_LIGHT);
    return D3D_OK;
}

static HRESULT WINAPI device_GetLightEnable(IDirect3DDevice9 *iface, DWORD i, BOOL *e)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_light *slot = find_light(dev, i);
    if (!e || !slot)
        return D3DERR_INVALIDCALL;
    /* D3D9 reports a nonzero value for enabled lights. */
    *e = slot->enabled ? 128 : 0;
    return D3D_OK;
}

static HRESULT WINAPI device_SetClipPlane(IDirect3DDevice9 *iface, DWORD i, const float *p)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!p)
        return D3DERR_INVALIDCALL;
    /* Any index is accepted; those past the last plane name the last one
     * (Wine's device test_clip_planes_limits pins it on Windows). */
    i = NR_MIN(i, (DWORD)NR_ARRAY_SIZE(dev->clip_planes) - 1);
    if (dev->recording) return d3d9_sb_record_clip_plane(dev->recording, i, p);
    D3D9_SET_BYTES(dev, dev->clip_planes[i], p, sizeof(dev->clip_planes[i]),
                   D3D9_DIRTY_FF_VS, D3D9_SETTER_CLIP_PLANE);
    return D3D_OK;
}

static HRESULT WINAPI device_GetClipPlane(IDirect3DDevice9 *iface, DWORD i, float *p)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!p)
        return D3DERR_INVALIDCALL;
    i = NR_MIN(i, (DWORD)NR_ARRAY_SIZE(dev->clip_planes) - 1);
    memcpy(p, dev->clip_planes[i], sizeof(dev->clip_planes[i]));
    return D3D_OK;
}

static HRESULT WINAPI device_SetRenderState(IDirect3DDevice9 *iface,
                                            D3DRENDERSTATETYPE state, DWORD value)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!valid_render_state(state))
        return D3DERR_INVALIDCALL;
    uint32_t bits;
    int mask_target = state == D3DRS_COLORWRITEENABLE    ? 0
                      : state == D3DRS_COLORWRITEENABLE1 ? 1
                      : state == D3DRS_COLORWRITEENABLE2 ? 2
                      : state == D3DRS_COLORWRITEENABLE3 ? 3
                                                         : -1;
    if (dev->recording) return d3d9_sb_record_render_state(dev->recording, state, value);
    bits = d3d9_render_state_dirty(state);
    /* A write mask that changes only in channels its target lacks (or
     * without a target) leaves the pipeline key as it was (build_key cuts
     * masks to the target's channels): the next draw rebuilds nothing. */
    if (mask_target >= 0 &&
        (!dev->render_targets[mask_target] ||
         !((dev->render_states[state] ^ value) &
           target_channels(dev->render_targets[mask_target]->fmt))))
        bits &= ~(uint32_t)D3D9_DIRTY_BLOCK;
    D3D9_SET(dev, dev->render_states[state], value, bits, D3D9_SETTER_RENDER_STATE);
    return D3D_OK;
}

static HRESULT WINAPI device_GetRenderState(IDirect3DDevice9 *iface,
                                            D3DRENDERSTATETYPE state, DWORD *value)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!value || !valid_render_state(state))
        return D3DERR_INVALIDCALL;
    *value = dev->render_states[state];
    return D3D_OK;
}

static HRESULT WINAPI device_CreateStateBlock(IDirect3DDevice9 *iface,
                                              D3DSTATEBLOCKTYPE type,
                                              IDirect3DStateBlock9 **out)
{
    return d3d9_stateblock_create(impl_from_IDirect3DDevice9(iface), type, out);
}
static HRESULT WINAPI device_BeginStateBlock(IDirect3DDevice9 *iface)
{
    return d3d9_stateblock_begin(impl_from_IDirect3DDevice9(iface));
}
static HRESULT WINAPI device_EndStateBlock(IDirect3DDevice9 *iface,
                                           IDirect3DStateBlock9 **out)
{
    return d3d9_stateblock_end(impl_from_IDirect3DDevice9(iface), out);
}
static HRESULT WINAPI device_SetClipStatus(IDirect3DDevice9 *iface,
                                           const D3DCLIPSTATUS9 *s)
{
    (void)iface; (void)s;
    return D3DERR_NOTAVAILABLE;
}
static HRESULT WINAPI device_GetClipStatus(IDirect3DDevice9 *iface, D3DCLIPSTATUS9 *s)
{
    (void)iface; (void)s;
    return D3DERR_NOTAVAILABLE;
}

/* Sampler numbers: 0-15 for pixels, D3DVERTEXTEXTURESAMPLER0-3 (257-260)
 * for vertices; D3DDMAPSAMPLER (256) has no slot. */
static int sampler_slot(DWORD sampler)
{
    if (sampler < 16)
        return (int)sampler;
    if (sampler >= D3DVERTEXTEXTURESAMPLER0 && sampler <= D3DVERTEXTEXTURESAMPLER3)
        return (int)(sampler - D3DVERTEXTEXTURESAMPLER0 + 16);
    return -1;
}

static HRESULT WINAPI device_GetTexture(IDirect3DDevice9 *iface, DWORD stage,
                                        IDirect3DBaseTexture9 **out)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    int slot = sampler_slot(stage);
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (slot < 0)
        return stage == D3DDMAPSAMPLER ? D3D_OK : D3DERR_INVALIDCALL;
    if (dev->textures[slot]) {
        *out = d3d9_texture_base(dev->textures[slot]);
        (*out)->lpVtbl->AddRef(*out);
    }
    return D3D_OK;
}

static HRESULT WINAPI device_SetTexture(IDirect3DDevice9 *iface, DWORD stage,
                                        IDirect3DBaseTexture9 *tex)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_texture *t = d3d9_texture_from_base(tex);
    int slot = sampler_slot(stage);

    if (slot < 0)
        return stage == D3DDMAPSAMPLER && !tex ? D3D_OK : D3DERR_INVALIDCALL;
    if (tex && !t)
        return D3DERR_INVALIDCALL;
    if (dev->recording) return d3d9_sb_record_texture(dev->recording, slot, tex);
    if (dev->textures[slot] != t) {
        struct d3d9_texture *old = dev->textures[slot];
        /* The fixed-function key sees only whether a stage has a texture
         * and of which type: switching between textures of one type
         * leaves the generated shader alone. */
        bool kind = !old != !t || (t && d3d9_texture_type(old) != d3d9_texture_type(t));
        D3D9_SET_BOUND_IN(dev, &dev->tex_dirty, texture, &dev->textures[slot], t,
                          1u << slot, D3D9_SETTER_TEXTURE);
        if (kind)
            d3d9_mark_dirty(dev, D3D9_DIRTY_FF_FS, D3D9_SETTER_TEXTURE);
    }
    return D3D_OK;
}

void d3d9_device_unbind_all(struct d3d9_device *dev)
{
    for (int i = 0; i < D3D9_MAX_SAMPLERS; i++)
        d3d9_bind_texture(&dev->textures[i], NULL);
    for (int i = 0; i < D3D9_MAX_STREAMS; i++)
        d3d9_bind_buffer(&dev->streams[i].buffer, NULL);
    d3d9_bind_buffer(&dev->indices, NULL);
    for (int i = 0; i < 4; i++)
        d3d9_bind_surface(&dev->render_targets[i], NULL);
    d3d9_bind_surface(&dev->depth_stencil, NULL);
    d3d9_bind_shader(&dev->vs, NULL);
    d3d9_bind_shader(&dev->ps, NULL);
    d3d9_bind_vdecl(&dev->decl, NULL);
    dev->dirty = D3D9_DIRTY_ALL;
    dev->streams_dirty = (1u << D3D9_MAX_STREAMS) - 1;
    dev->indices_dirty = true;
}

/* The internal reference of a state block, by interface. */
void d3d9_object_pin(IUnknown *obj, int delta)
{
    struct d3d9_texture *t = d3d9_texture_from_base((IDirect3DBaseTexture9 *)obj);
    struct d3d9_buffer *b;
    struct d3d9_shader *sh;
    struct d3d9_vdecl *d;
    struct d3d9_surface *s;

    if (t)
        d3d9_texture_pin(t, delta);
    else if ((b = d3d9_vertex_buffer_from_iface((IDirect3DVertexBuffer9 *)obj)) ||
             (b = d3d9_index_buffer_from_iface((IDirect3DIndexBuffer9 *)obj)))
        d3d9_buffer_pin(b, delta);
    else if ((sh = d3d9_vertex_shader_from_iface((IDirect3DVertexShader9 *)obj)) ||
             (sh = d3d9_pixel_shader_from_iface((IDirect3DPixelShader9 *)obj)))
        d3d9_shader_pin(sh, delta);
    else if ((d = d3d9_vdecl_from_iface((IDirect3DVertexDeclaration9 *)obj)))
        d3d9_vdecl_pin(d, delta);
    else if ((s = d3d9_surface_from_iface((IDirect3DSurface9 *)obj)))
        d3d9_surface_pin(s, delta);
}

static HRESULT WINAPI device_GetTextureStageState(IDirect3DDevice9 *iface, DWORD stage,
                                                  D3DTEXTURESTAGESTATETYPE type,
                                                  DWORD *value)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!value || stage >= D3D9_MAX_STAGES || (unsigned)type >= D3D9_MAX_TSS)
        return D3DERR_INVALIDCALL;
    *value = dev->tss[stage][type];
    return D3D_OK;
}

static HRESULT WINAPI device_SetTextureStageState(IDirect3DDevice9 *iface, DWORD stage,
                                                  D3DTEXTURESTAGESTATETYPE type,
                                                  DWORD value)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (stage >= D3D9_MAX_STAGES || (unsigned)type >= D3D9_MAX_TSS || !type)
        return D3DERR_INVALIDCALL;
    if (dev->recording) return d3d9_sb_record_texture_stage_state(dev->recording, stage, type, value);
    D3D9_SET(dev, dev->tss[stage][type], value, D3D9_DIRTY_FF_VS | D3D9_DIRTY_FF_FS,
             D3D9_SETTER_TEXTURE_STAGE_STATE);
    return D3D_OK;
}

static HRESULT WINAPI device_GetSamplerState(IDirect3DDevice9 *iface, DWORD sampler,
                                             D3DSAMPLERSTATETYPE type, DWORD *value)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    int slot = sampler_slot(sampler);
    if (!value || slot < 0 || (unsigned)type >= D3D9_MAX_SAMPLER_STATE)
        return D3DERR_INVALIDCALL;
    *value = dev->samp[slot][type];
    return D3D_OK;
}

static HRESULT WINAPI device_SetSamplerState(IDirect3DDevice9 *iface, DWORD sampler,
                                             D3DSAMPLERSTATETYPE type, DWORD value)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    int slot = sampler_slot(sampler);
    if (slot < 0 || (unsigned)type >= D3D9_MAX_SAMPLER_STATE || !type)
        return D3DERR_INVALIDCALL;
    if (dev->recording) return d3d9_sb_record_sampler_state(dev->recording, slot, type, value);
    if (D3D9_SET_IN(dev, &dev->tex_dirty, dev->samp[slot][type], value, 1u << slot,
                    D3D9_SETTER_SAMPLER_STATE)) {
        dev->samp_serial[slot]++;
        if (type == D3DSAMP_SRGBTEXTURE)
            d3d9_mark_dirty(dev, D3D9_DIRTY_FF_FS, D3D9_SETTER_SAMPLER_STATE);
    }
    return D3D_OK;
}

static HRESULT WINAPI device_ValidateDevice(IDirect3DDevice9 *iface, DWORD *passes)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_block_key k;
    const char *why;
    if (!passes)
        return D3DERR_INVALIDCALL;
    *passes = 0;
    if (!build_key(dev, WIRE_TOPOLOGY_TRIANGLE_LIST, &k, &why))
        return D3DERR_UNSUPPORTEDCOLOROPERATION; /* nearest documented code */
    *passes = 1;
    return D3D_OK;
}

/* Palettes are state the device keeps and answers (no palettized format
 * is offered to sample them).  Without D3DPTEXTURECAPS_ALPHAPALETTE every
 * entry's peFlags must be 0xff (Wine's test_set_palette, on Windows);
 * numbers are bounded (D3D9_MAX_PALETTES) so that an absurd one cannot
 * take the memory. */
#define D3D9_MAX_PALETTES 4096
static HRESULT WINAPI device_SetPaletteEntries(IDirect3DDevice9 *iface, UINT n,
                                               const PALETTEENTRY *e)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!e || n >= D3D9_MAX_PALETTES)
        return D3DERR_INVALIDCALL;
    for (int i = 0; i < 256; i++)
        if (e[i].peFlags != 0xff)
            return D3DERR_INVALIDCALL;
    if (n >= dev->palette_count) {
        UINT count = NR_MAX(n + 1, dev->palette_count * 2);
        void *p = realloc(dev->palettes, (size_t)count * sizeof(*dev->palettes));
        uint8_t *set = p ? realloc(dev->palette_set, count) : NULL;
        if (p)
            dev->palettes = p;
        if (!set)
            return E_OUTOFMEMORY;
        memset(set + dev->palette_count, 0, count - dev->palette_count);
        dev->palette_set = set;
        dev->palette_count = count;
    }
    memcpy(dev->palettes[n], e, sizeof(dev->palettes[n]));
    dev->palette_set[n] = 1;
    return D3D_OK;
}
static HRESULT WINAPI device_GetPaletteEntries(IDirect3DDevice9 *iface, UINT n,
                                               PALETTEENTRY *e)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!e || n >= dev->palette_count || !dev->palette_set[n])
        return D3DERR_INVALIDCALL;
    memcpy(e, dev->palettes[n], sizeof(dev->palettes[n]));
    return D3D_OK;
}
static HRESULT WINAPI device_SetCurrentTexturePalette(IDirect3DDevice9 *iface, UINT n)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (n >= dev->palette_count || !dev->palette_set[n])
        return D3DERR_INVALIDCALL;
    dev->current_palette = n;
    return D3D_OK;
}
static HRESULT WINAPI device_GetCurrentTexturePalette(IDirect3DDevice9 *iface, UINT *n)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!n)
        return D3DERR_INVALIDCALL;
    *n = dev->current_palette;
    return D3D_OK;
}

static HRESULT WINAPI device_SetScissorRect(IDirect3DDevice9 *iface, const RECT *r)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!r)
        return D3DERR_INVALIDCALL;
    if (dev->recording) return d3d9_sb_record_scissor_rect(dev->recording, r);
    D3D9_SET(dev, dev->scissor, *r, D3D9_DIRTY_VIEWPORT, D3D9_SETTER_SCISSOR_RECT);
    return D3D_OK;
}

static HRESULT WINAPI device_GetScissorRect(IDirect3DDevice9 *iface, RECT *r)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!r)
        return D3DERR_INVALIDCALL;
    *r = dev->scissor;
    return D3D_OK;
}

static HRESULT WINAPI device_SetSoftwareVertexProcessing(IDirect3DDevice9 *iface,
                                                         BOOL sw)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    (void)sw;
    /* Only meaningful on a mixed-processing device. */
    return (dev->create.BehaviorFlags & D3DCREATE_MIXED_VERTEXPROCESSING)
               ? D3D_OK : D3DERR_INVALIDCALL;
}
static BOOL WINAPI device_GetSoftwareVertexProcessing(IDirect3DDevice9 *iface)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    return (dev->create.BehaviorFlags & D3DCREATE_SOFTWARE_VERTEXPROCESSING) != 0;
}
static HRESULT WINAPI device_SetNPatchMode(IDirect3DDevice9 *iface, float n)
{
    (void)iface;
    return n == 0.0f ? D3D_OK : D3DERR_INVALIDCALL; /* no N-patch caps */
}
static float WINAPI device_GetNPatchMode(IDirect3DDevice9 *iface)
{
    (void)iface;
    return 0.0f;
}

/* ----------------------------------------------------------------- draws */

static inline bool prim_topology(D3DPRIMITIVETYPE type, UINT count, uint32_t *topology,
                          uint32_t *vertices)
{
    uint64_t v;
    switch (type) {
    case D3DPT_POINTLIST: *topology = WIRE_TOPOLOGY_POINT_LIST; v = count; break;
    case D3DPT_LINELIST: *topology = WIRE_TOPOLOGY_LINE_LIST; v = 2ull * count; break;
    case D3DPT_LINESTRIP: *topology = WIRE_TOPOLOGY_LINE_STRIP; v = count + 1ull; break;
    case D3DPT_TRIANGLELIST: *topology = WIRE_TOPOLOGY_TRIANGLE_LIST; v = 3ull * count; break;
    case D3DPT_TRIANGLESTRIP: *topology = WIRE_TOPOLOGY_TRIANGLE_STRIP; v = count + 2ull; break;
    case D3DPT_TRIANGLEFAN: *topology = WIRE_TOPOLOGY_TRIANGLE_FAN; v = count + 2ull; break;
    default: return false;
    }
    if (v > 0xffffff)
        return false;
    *vertices = (uint32_t)v;
    return true;
}

/* Lists: draws of consecutive vertices may join into one (wire_run_join). */
static inline bool topology_joins(uint32_t topology)
{
    return topology == WIRE_TOPOLOGY_POINT_LIST || topology == WIRE_TOPOLOGY_LINE_LIST ||
           topology == WIRE_TOPOLOGY_TRIANGLE_LIST;
}

/* Sends the stream bindings the server does not have yet. */
static bool send_streams_slow(struct d3d9_device *dev)
{
    while (dev->streams_dirty) {
        unsigned i = (unsigned)__builtin_ctz(dev->streams_dirty);
        struct d3d9_stream *s = &dev->streams[i];
        struct wire_set_vertex_buffer v = {
            i, s->stride, s->buffer ? s->buffer->handle : (wire_handle){0, 0},
            s->offset};
        dev->streams_dirty &= dev->streams_dirty - 1;
        if (!wire_emit_SET_VERTEX_BUFFER(&dev->tc->w, &v))
            return false;
        dev->sent_streams[i].buffer = v.buffer;
        dev->sent_streams[i].offset = s->offset;
        dev->sent_streams[i].stride = s->stride;
    }
    return true;
}

static inline bool send_streams(struct d3d9_device *dev)
{
    return __builtin_expect(!dev->streams_dirty, 1) || send_streams_slow(dev);
}

static HRESULT draw_primitive(struct d3d9_device *dev, D3DPRIMITIVETYPE type, UINT start,
                              UINT count) __attribute__((noinline));
static HRESULT draw_send(struct d3d9_device *dev, uint32_t topology, UINT start,
                         uint32_t vertices) __attribute__((noinline));

/* The steady state of a run of draws, apart so that it needs no stack
 * frame: a triangle list in a scene, inside stream 0, with nothing to
 * send, continuing the last DRAW's vertices, joins it in place
 * (wire_run_join); such a draw with state to send goes to draw_send, its
 * checks made.  Anything else is draw_primitive's, which checks all. */
static HRESULT WINAPI device_DrawPrimitive(IDirect3DDevice9 *iface,
                                           D3DPRIMITIVETYPE type, UINT start,
                                           UINT count)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    const struct d3d9_stream *s0 = &dev->streams[0];
    uint32_t vertices = 3 * count;
    if (type == D3DPT_TRIANGLELIST && count && count <= 0xffffff / 3 && dev->in_scene &&
        s0->buffer && s0->stride &&
        s0->offset + ((uint64_t)start + vertices) * s0->stride <= s0->buffer->size &&
        !dev->tc->lost) {
        if (!dev->streams_dirty && state_clean(dev, WIRE_TOPOLOGY_TRIANGLE_LIST) &&
            (dev->draw_run.op == WIRE_OP_DRAW || dev->draw_run.op == WIRE_OP_DRAW_MULTI) &&
            wire_run_join(&dev->tc->w, &dev->draw_run, true, dev->block, 0, start, vertices,
                          vertices)) {
            dev->draws++;
            return D3D_OK;
        }
        return draw_send(dev, WIRE_TOPOLOGY_TRIANGLE_LIST, start, vertices);
    }
    return draw_primitive(dev, type, start, count);
}

static HRESULT draw_primitive(struct d3d9_device *dev, D3DPRIMITIVETYPE type, UINT start,
                              UINT count)
{
    struct d3d9_stream *s0 = &dev->streams[0];
    uint32_t topology, vertices;

    if (!dev->in_scene)
        return D3DERR_INVALIDCALL;
    if (!count)
        return D3D_OK;
    if (!prim_topology(type, count, &topology, &vertices))
        return D3DERR_INVALIDCALL;
    /* No stream 0 buffer: nothing to draw, which succeeds where the
     * vertices are described (Wine's test_draw_primitive, on Windows). */
    if (!s0->buffer)
        return dev->decl || dev->fvf ? D3D_OK : D3DERR_INVALIDCALL;
    /* The application's vertices must lie inside stream 0. */
    if (!s0->stride ||
        s0->offset + ((uint64_t)start + vertices) * s0->stride > s0->buffer->size)
        return D3DERR_INVALIDCALL;
    if (dev->tc->lost)
        return D3D_OK;
    return draw_send(dev, topology, start, vertices);
}

/* A checked DrawPrimitive: the state the server lacks, then the DRAW. */
static HRESULT draw_send(struct d3d9_device *dev, uint32_t topology, UINT start,
                         uint32_t vertices)
{
    HRESULT hr;
    if ((hr = flush_state(dev, topology)) != D3D_OK) /* S_FALSE: nothing to draw */
        return hr == D3DERR_DEVICELOST || hr == S_FALSE ? D3D_OK : hr;
    if (!send_streams(dev))
        return D3D_OK;
    /* Draws of one block back to back travel as one DRAW_MULTI record;
     * a list's draw of the vertices that follow the last one's joins it. */
    struct wire_draw d = {dev->block, vertices, start};
    wire_emit_draw_merged(&dev->tc->w, &dev->draw_run, &d, topology_joins(topology));
    dev->draws++;
    return D3D_OK;
}

static HRESULT WINAPI device_DrawIndexedPrimitive(IDirect3DDevice9 *iface,
                                                  D3DPRIMITIVETYPE type, INT base,
                                                  UINT min, UINT n, UINT start,
                                                  UINT count)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_buffer *ib = dev->indices;
    struct wire_draw_indexed d;
    uint32_t topology, indices, isize;
    HRESULT hr;
    (void)min;
    (void)n;

    if (!dev->in_scene)
        return D3DERR_INVALIDCALL;
    /* No indices or no stream 0 buffer: as DrawPrimitive, nothing drawn. */
    if (!ib || !dev->streams[0].buffer)
        return dev->decl || dev->fvf ? D3D_OK : D3DERR_INVALIDCALL;
    if (!dev->streams[0].stride)
        return D3DERR_INVALIDCALL;
    if (!count)
        return D3D_OK;
    if (!prim_topology(type, count, &topology, &indices))
        return D3DERR_INVALIDCALL;
    isize = ib->format == D3DFMT_INDEX32 ? 4 : 2;
    if (((uint64_t)start + indices) * isize > ib->size)
        return D3DERR_INVALIDCALL;
    if (dev->tc->lost)
        return D3D_OK;
    if ((hr = flush_state(dev, topology)) != D3D_OK) /* S_FALSE: nothing to draw */
        return hr == D3DERR_DEVICELOST || hr == S_FALSE ? D3D_OK : hr;
    if (!send_streams(dev))
        return D3D_OK;
    if (dev->indices_dirty) {
        struct wire_set_index_buffer sib = {ib->handle, 0, isize, 0};
        if (!wire_emit_SET_INDEX_BUFFER(&dev->tc->w, &sib))
            return D3D_OK;
        dev->sent_indices = ib->handle;
        dev->indices_dirty = false;
    }
    /* Instancing: stream 0 marked INDEXEDDATA | n draws the geometry n
     * times (instance streams step once per instance: the block's
     * instance_bindings). */
    {
        UINT f0 = dev->streams[0].freq;
        uint32_t instances = (f0 & D3DSTREAMSOURCE_INDEXEDDATA) ? (f0 & 0x3fffffffu) : 0;
        d = (struct wire_draw_indexed){dev->block, indices, start, base,
                                       instances > 1 ? instances : 0};
    }
    /* A list's draw of the indices that follow the last one's, with the
     * same base vertex, joins it. */
    wire_emit_draw_indexed_joined(&dev->tc->w, &dev->draw_run, &d, topology_joins(topology));
    dev->draws++;
    return D3D_OK;
}

/* Stream 0 without its buffer (an *UP draw's doing); the server is told
 * at the next draw from buffers, or by the *UP draw itself. */
static void unset_stream0(struct d3d9_device *dev)
{
    if (dev->streams[0].buffer || dev->streams[0].offset) {
        d3d9_bind_buffer(&dev->streams[0].buffer, NULL);
        dev->streams[0].offset = 0;
        dev->streams_dirty |= 1u;
    }
}

static HRESULT WINAPI device_DrawPrimitiveUP(IDirect3DDevice9 *iface,
                                             D3DPRIMITIVETYPE type, UINT count,
                                             const void *data, UINT stride)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct transport_client *tc = dev->tc;
    struct wire_draw_up d;
    uint32_t topology, vertices, offset;
    void *stage;
    bool joins;
    HRESULT hr;

    /* Strides are multiples of 4, as every FVF and declaration type is:
     * Vulkan needs its attributes aligned (docs/STATUS.md). */
    if (!data || !stride || stride > 2048 || (stride & 3) || !dev->in_scene)
        return D3DERR_INVALIDCALL;
    if (!count)
        return D3D_OK;
    if (!prim_topology(type, count, &topology, &vertices))
        return D3DERR_INVALIDCALL;
    /* Stream 0's buffer is unset even when the draw then fails (its
     * stride stays until one succeeds), as Windows does. */
    unset_stream0(dev);
    if (tc->lost)
        return D3D_OK; /* rendering on a lost device succeeds silently */
    if ((hr = flush_state(dev, topology)) != D3D_OK) /* S_FALSE: nothing to draw */
        return hr == D3DERR_DEVICELOST || hr == S_FALSE ? D3D_OK : hr;
    if (stride < dev->fvf_size) /* smaller than the vertex the FVF describes */
        return D3DERR_INVALIDCALL;
    /* A list's vertices go right after the last draw's where they can, so
     * that the two join; back to back with the same block and stride
     * otherwise: one DRAW_UP_MULTI. */
    joins = topology_joins(topology);
    stage = NULL;
    if (joins && dev->draw_run.joins &&
        (dev->draw_run.op == WIRE_OP_DRAW_UP || dev->draw_run.op == WIRE_OP_DRAW_UP_MULTI) &&
        wire_run_same(&tc->w, &dev->draw_run, dev->block, stride) &&
        (stage = transport_stage_continue(tc, dev->draw_run.next, vertices * stride)))
        offset = (uint32_t)dev->draw_run.next;
    if (!stage && !transport_stage_alloc(tc, vertices * stride, &offset, &stage))
        return D3D_OK;
    memcpy(stage, data, (size_t)vertices * stride);
    d = (struct wire_draw_up){dev->block, vertices, stride, offset, 0};
    wire_emit_draw_up_merged(&tc->w, &dev->draw_run, &d, joins);
    /* D3D9: afterwards stream 0 is unset (on the server too). */
    d3d9_bind_buffer(&dev->streams[0].buffer, NULL);
    dev->streams[0].offset = dev->streams[0].stride = 0;
    memset(&dev->sent_streams[0], 0, sizeof(dev->sent_streams[0]));
    dev->streams_dirty &= ~1u;
    dev->draws++;
    return D3D_OK;
}

static HRESULT WINAPI device_DrawIndexedPrimitiveUP(IDirect3DDevice9 *iface,
                                                    D3DPRIMITIVETYPE type, UINT min,
                                                    UINT n, UINT count,
                                                    const void *idx, D3DFORMAT fmt,
                                                    const void *data, UINT stride)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct transport_client *tc = dev->tc;
    struct wire_draw_indexed_up d;
    uint32_t topology, indices, isize, voff, ioff, vcount;
    void *vstage, *istage;
    HRESULT hr;

    if (!idx || !data || !stride || stride > 2048 || (stride & 3) || !dev->in_scene ||
        (fmt != D3DFMT_INDEX16 && fmt != D3DFMT_INDEX32))
        return D3DERR_INVALIDCALL;
    if (!count)
        return D3D_OK;
    if (!prim_topology(type, count, &topology, &indices) ||
        (uint64_t)min + n > 0xffffff)
        return D3DERR_INVALIDCALL;
    /* As DrawPrimitiveUP, and the indices too. */
    unset_stream0(dev);
    if (dev->indices) {
        d3d9_bind_buffer(&dev->indices, NULL);
        dev->indices_dirty = true;
    }
    if (tc->lost)
        return D3D_OK;
    if ((hr = flush_state(dev, topology)) != D3D_OK) /* S_FALSE: nothing to draw */
        return hr == D3DERR_DEVICELOST || hr == S_FALSE ? D3D_OK : hr;
    if (stride < dev->fvf_size)
        return D3DERR_INVALIDCALL;
    isize = fmt == D3DFMT_INDEX32 ? 4 : 2;
    /* Indices count from the start of the vertex data. */
    vcount = min + n;
    if (!transport_stage_alloc(tc, vcount * stride, &voff, &vstage) ||
        !transport_stage_alloc(tc, indices * isize, &ioff, &istage))
        return D3D_OK;
    memcpy(vstage, data, (size_t)vcount * stride);
    memcpy(istage, idx, (size_t)indices * isize);
    d = (struct wire_draw_indexed_up){dev->block, vcount, stride, voff, indices,
                                      ioff, isize};
    wire_emit_DRAW_INDEXED_UP(&tc->w, &d);
    /* D3D9: afterwards stream 0 and the indices are unset. */
    d3d9_bind_buffer(&dev->streams[0].buffer, NULL);
    dev->streams[0].offset = dev->streams[0].stride = 0;
    d3d9_bind_buffer(&dev->indices, NULL);
    /* The server unset them too. */
    memset(&dev->sent_streams[0], 0, sizeof(dev->sent_streams[0]));
    dev->streams_dirty &= ~1u;
    dev->sent_indices = (wire_handle){0, 0};
    dev->indices_dirty = false;
    dev->draws++;
    return D3D_OK;
}

static HRESULT WINAPI device_ProcessVertices(IDirect3DDevice9 *iface, UINT s, UINT d,
                                             UINT n, IDirect3DVertexBuffer9 *b,
                                             IDirect3DVertexDeclaration9 *decl,
                                             DWORD flags)
{
    return d3d9_ffp_process_vertices(impl_from_IDirect3DDevice9(iface), s, d, n, b, decl,
                                     flags);
}


static HRESULT WINAPI device_SetFVF(IDirect3DDevice9 *iface, DWORD fvf)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (dev->recording) return d3d9_sb_record_fvf(dev->recording, fvf);
    /* The FVF and the declaration are one piece of state: the last one set
     * describes the vertices.  SetFVF(0) describes nothing and is ignored,
     * as the runtime does. */
    if (!fvf)
        return D3D_OK;
    D3D9_SET_BOUND(dev, vdecl, &dev->decl, NULL,
                   D3D9_DIRTY_BLOCK | D3D9_DIRTY_FF_VS | D3D9_DIRTY_SHADERS | D3D9_DIRTY_VIEWPORT,
                   D3D9_SETTER_FVF);
    if (D3D9_SET(dev, dev->fvf, fvf,
                 D3D9_DIRTY_BLOCK | D3D9_DIRTY_FF_VS | D3D9_DIRTY_VIEWPORT,
                 D3D9_SETTER_FVF)) {
        struct d3d9_vertex_layout l;
        struct ff_vs_key k;
        dev->fvf_size = d3d9_fvf_layout(fvf, &l, &k) ? l.stride : 0; /* derived */
    }
    return D3D_OK;
}

static HRESULT WINAPI device_GetFVF(IDirect3DDevice9 *iface, DWORD *fvf)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!fvf)
        return D3DERR_INVALIDCALL;
    *fvf = dev->fvf;
    if (!*fvf && dev->decl)
        *fvf = d3d9_vdecl_fvf(dev->decl);
    return D3D_OK;
}

/* Shaders: not built yet (the caps report no shader model). */


static HRESULT WINAPI device_SetStreamSource(IDirect3DDevice9 *iface, UINT stream,
                                             IDirect3DVertexBuffer9 *vb, UINT offset,
                                             UINT stride)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_buffer *b = d3d9_vertex_buffer_from_iface(vb);
    struct d3d9_stream *s;

    if (stream >= D3D9_MAX_STREAMS || (vb && (!b || b->device != dev)) ||
        stride > 2048 || (stride & 3) || (offset & 3))
        return D3DERR_INVALIDCALL;
    if (dev->recording) return d3d9_sb_record_stream_source(dev->recording, stream, vb, offset, stride);
    s = &dev->streams[stream];
    /* D3D9 keeps the offset and stride of a stream set to NULL
     * (GetStreamSource says so: Wine's device test_set_stream_source, on
     * Windows); binding does not change the buffer's reference count. */
    D3D9_SET_BOUND_IN(dev, &dev->streams_dirty, buffer, &s->buffer, b, 1u << stream,
                      D3D9_SETTER_STREAM_SOURCE);
    if (!b)
        return D3D_OK;
    D3D9_SET_IN(dev, &dev->streams_dirty, s->offset, offset, 1u << stream,
                D3D9_SETTER_STREAM_SOURCE);
    D3D9_SET_IN(dev, &dev->streams_dirty, s->stride, stride, 1u << stream,
                D3D9_SETTER_STREAM_SOURCE);
    return D3D_OK;
}

static HRESULT WINAPI device_GetStreamSource(IDirect3DDevice9 *iface, UINT stream,
                                             IDirect3DVertexBuffer9 **vb,
                                             UINT *offset, UINT *stride)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_stream *s;

    if (stream >= D3D9_MAX_STREAMS || !vb || !offset || !stride)
        return D3DERR_INVALIDCALL;
    s = &dev->streams[stream];
    *vb = s->buffer ? &s->buffer->IDirect3DVertexBuffer9_iface : NULL;
    if (*vb)
        IDirect3DVertexBuffer9_AddRef(*vb);
    *offset = s->offset;
    *stride = s->stride;
    return D3D_OK;
}



static HRESULT WINAPI device_SetIndices(IDirect3DDevice9 *iface,
                                        IDirect3DIndexBuffer9 *ib)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    struct d3d9_buffer *b = d3d9_index_buffer_from_iface(ib);

    if (ib && (!b || b->device != dev))
        return D3DERR_INVALIDCALL;
    if (dev->recording) return d3d9_sb_record_indices(dev->recording, ib);
    D3D9_SET_BOUND_IN(dev, &dev->indices_dirty, buffer, &dev->indices, b, 1u,
                      D3D9_SETTER_INDICES);
    return D3D_OK;
}

static HRESULT WINAPI device_GetIndices(IDirect3DDevice9 *iface,
                                        IDirect3DIndexBuffer9 **ib)
{
    struct d3d9_device *dev = impl_from_IDirect3DDevice9(iface);
    if (!ib)
        return D3DERR_INVALIDCALL;
    *ib = dev->indices ? &dev->indices->IDirect3DIndexBuffer9_iface : NULL;
    if (*ib)
        IDirect3DIndexBuffer9_AddRef(*ib);
    return D3D_OK;
}


static HRESULT WINAPI device_DrawRectPatch(IDirect3DDevice9 *iface, UINT h,
                                           const float *segs,
                                           const D3DRECTPATCH_INFO *info)
{
    (void)iface; (void)h; (void)segs; (void)info;
    return D3DERR_NOTAVAILABLE; /* no patch caps */
}
static HRESULT WINAPI device_DrawTriPatch(IDirect3DDevice9 *iface, UINT h,
                                          const float *segs,
                                          const D3DTRIPATCH_INFO *info)
{
    (void)iface; (void)h; (void)segs; (void)info;
    return D3DERR_NOTAVAILABLE;
}
static HRESULT WINAPI device_DeletePatch(IDirect3DDevice9 *iface, UINT h)
{
    (void)iface; (void)h;
    return D3DERR_INVALIDCALL;
}
static HRESULT WINAPI device_CreateQuery(IDirect3DDevice9 *iface, D3DQUERYTYPE type,
                                         IDirect3DQuery9 **out)
{
    return d3d9_query_create(impl_from_IDirect3DDevice9(iface), type, out);
}

const IDirect3DDevice9Vtbl d3d9_device_plain_vtbl = {
#define M(name) .name = device_##name
    M(QueryInterface), M(AddRef), M(Release), M(TestCooperativeLevel),
    M(GetAvailableTextureMem), M(EvictManagedResources), M(GetDirect3D),
    M(GetDeviceCaps), M(GetDisplayMode), M(GetCreationParameters),
    M(SetCursorProperties), M(SetCursorPosition), M(ShowCursor),
    M(CreateAdditionalSwapChain), M(GetSwapChain), M(GetNumberOfSwapChains),
    M(Reset), M(Present), M(GetBackBuffer), M(GetRasterStatus),
    M(SetDialogBoxMode), M(SetGammaRamp), M(GetGammaRamp), .CreateTexture = d3d9_device_CreateTexture,
    .CreateVolumeTexture = d3d9_device_CreateVolumeTexture, .CreateCubeTexture = d3d9_device_CreateCubeTexture, M(CreateVertexBuffer),
    M(CreateIndexBuffer), M(CreateRenderTarget), M(CreateDepthStencilSurface),
    .UpdateSurface = d3d9_device_UpdateSurface, .UpdateTexture = d3d9_device_UpdateTexture, M(GetRenderTargetData),
    M(GetFrontBufferData), .StretchRect = d3d9_device_StretchRect, .ColorFill = d3d9_device_ColorFill,
    M(CreateOffscreenPlainSurface), M(SetRenderTarget), M(GetRenderTarget),
    M(SetDepthStencilSurface), M(GetDepthStencilSurface), M(BeginScene),
    M(EndScene), M(Clear), M(SetTransform), M(GetTransform),
    M(MultiplyTransform), M(SetViewport), M(GetViewport), M(SetMaterial),
    M(GetMaterial), M(SetLight), M(GetLight), M(LightEnable),
    M(GetLightEnable), M(SetClipPlane), M(GetClipPlane), M(SetRenderState),
    M(GetRenderState), M(CreateStateBlock), M(BeginStateBlock),
    M(EndStateBlock), M(SetClipStatus), M(GetClipStatus), M(GetTexture),
    M(SetTexture), M(GetTextureStageState), M(SetTextureStageState),
    M(GetSamplerState), M(SetSamplerState), M(ValidateDevice),
    M(SetPaletteEntries), M(GetPaletteEntries), M(SetCurrentTexturePalette),
    M(GetCurrentTexturePalette), M(SetScissorRect), M(GetScissorRect),
    M(SetSoftwareVertexProcessing), M(GetSoftwareVertexProcessing),
    M(SetNPatchMode), M(GetNPatchMode), M(DrawPrimitive),
    M(DrawIndexedPrimitive), M(DrawPrimitiveUP), M(DrawIndexedPrimitiveUP),
    M(ProcessVertices), .CreateVertexDeclaration = d3d9_device_CreateVertexDeclaration, .SetVertexDeclaration = d3d9_device_SetVertexDeclaration,
    .GetVertexDeclaration = d3d9_device_GetVertexDeclaration, M(SetFVF), M(GetFVF), .CreateVertexShader = d3d9_device_CreateVertexShader,
    .SetVertexShader = d3d9_device_SetVertexShader, .GetVertexShader = d3d9_device_GetVertexShader, .SetVertexShaderConstantF = d3d9_device_SetVertexShaderConstantF,
    .GetVertexShaderConstantF = d3d9_device_GetVertexShaderConstantF, .SetVertexShaderConstantI = d3d9_device_SetVertexShaderConstantI,
    .GetVertexShaderConstantI = d3d9_device_GetVertexShaderConstantI, .SetVertexShaderConstantB = d3d9_device_SetVertexShaderConstantB,
    .GetVertexShaderConstantB = d3d9_device_GetVertexShaderConstantB, M(SetStreamSource), M(GetStreamSource),
    .SetStreamSourceFreq = d3d9_device_SetStreamSourceFreq, .GetStreamSourceFreq = d3d9_device_GetStreamSourceFreq, M(SetIndices),
    M(GetIndices), .CreatePixelShader = d3d9_device_CreatePixelShader, .SetPixelShader = d3d9_device_SetPixelShader,
    .GetPixelShader = d3d9_device_GetPixelShader, .SetPixelShaderConstantF = d3d9_device_SetPixelShaderConstantF, .GetPixelShaderConstantF = d3d9_device_GetPixelShaderConstantF,
    .SetPixelShaderConstantI = d3d9_device_SetPixelShaderConstantI, .GetPixelShaderConstantI = d3d9_device_GetPixelShaderConstantI,
    .SetPixelShaderConstantB = d3d9_device_SetPixelShaderConstantB, .GetPixelShaderConstantB = d3d9_device_GetPixelShaderConstantB, M(DrawRectPatch),
    M(DrawTriPatch), M(DeletePatch), M(CreateQuery),
#undef M
};

/* ------------------------------------------------------------- creation */

/* The present parameters D3D9 accepts, completed as D3D9 completes them. */
static HRESULT check_present_params(struct d3d9 *d3d, const D3DPRESENT_PARAMETERS *in,
                                    HWND focus, D3DPRESENT_PARAMETERS *p)
{
    const D3DDEVTYPE type = D3DDEVTYPE_HAL;
    *p = *in;
    if (!p->Windowed) {
        /* A mode of the display, a display format (alpha aside), a window. */
        D3DFORMAT display = d3d9_display_format_of(p->BackBufferFormat);
        if (!focus && !p->hDeviceWindow)
            return D3DERR_INVALIDCALL;
        if (!d3d9_window_fullscreen_ok(p->hDeviceWindow ? p->hDeviceWindow : focus)) {
            NR_WARN(D3D9, "fullscreen: natively only on an SDL window (docs/STATUS.md)");
            return D3DERR_NOTAVAILABLE;
        }
        if (display == D3DFMT_UNKNOWN ||
            !d3d9_mode_exists(d3d, display, p->BackBufferWidth, p->BackBufferHeight,
                              p->FullScreen_RefreshRateInHz))
            return D3DERR_INVALIDCALL;
    } else if (p->FullScreen_RefreshRateInHz) {
        return D3DERR_INVALIDCALL;
    }
    /* A presentation interval is DEFAULT, IMMEDIATE or one the caps name
     * (IMMEDIATE and ONE here: PresentationIntervals); anything else is
     * refused (Wine's test_swapchain_parameters, on Windows). */
    if (p->PresentationInterval != D3DPRESENT_INTERVAL_DEFAULT &&
        p->PresentationInterval != D3DPRESENT_INTERVAL_IMMEDIATE &&
        p->PresentationInterval != D3DPRESENT_INTERVAL_ONE)
        return D3DERR_INVALIDCALL;
    /* D3D9Ex adds FLIPEX (presented as FLIP); OVERLAY needs caps we lack. */
    if (p->SwapEffect < D3DSWAPEFFECT_DISCARD ||
        (p->SwapEffect > D3DSWAPEFFECT_COPY &&
         !(d3d->ex && p->SwapEffect == D3DSWAPEFFECT_FLIPEX)))
        return D3DERR_INVALIDCALL;
    /* At most D3DPRESENT_BACK_BUFFERS_MAX (D3D9Ex: _MAX_EX), and one with
     * the copy effect. */
    if (p->BackBufferCount > (d3d->ex ? D3D9EX_MAX_BACK_BUFFERS : D3D9_MAX_BACK_BUFFERS) ||
        (p->SwapEffect == D3DSWAPEFFECT_COPY && p->BackBufferCount > 1))
        return D3DERR_INVALIDCALL;
    /* A multisampled back buffer is resolved at Present: D3D9 wants the
     * discard swap effect with it; the type itself is checked where the
     * surfaces are created (the device's caps are not known yet here). */
    if (p->MultiSampleType != D3DMULTISAMPLE_NONE &&
        (p->SwapEffect != D3DSWAPEFFECT_DISCARD ||
         (uint32_t)p->MultiSampleType > D3DMULTISAMPLE_16_SAMPLES ||
         p->MultiSampleQuality >= 1 ||
         (p->Flags & D3DPRESENTFLAG_LOCKABLE_BACKBUFFER)))
        return D3DERR_INVALIDCALL;
    if (p->MultiSampleType == D3DMULTISAMPLE_NONE && p->MultiSampleQuality)
        return D3DERR_INVALIDCALL;
    if (!p->BackBufferCount)
        p->BackBufferCount = 1;
    /* No device window: the focus window is it. */
    if (!p->hDeviceWindow)
        p->hDeviceWindow = focus;
    if (p->BackBufferFormat == D3DFMT_UNKNOWN)
        p->BackBufferFormat = D3DFMT_X8R8G8B8;
    /* 0 means the client area's size, where the client can tell it
     * (Wine's windows; an empty area gives 1, as D3D9 does); 640x480
     * otherwise (headless, or a window only the server knows). */
    if (!p->BackBufferWidth || !p->BackBufferHeight) {
        UINT w, h;
        if (nr_window_client_size(p->hDeviceWindow, &w, &h)) {
            if (!p->BackBufferWidth)
                p->BackBufferWidth = w ? w : 1;
            if (!p->BackBufferHeight)
                p->BackBufferHeight = h ? h : 1;
        }
    }
    if (!p->BackBufferWidth)
        p->BackBufferWidth = 640;
    if (!p->BackBufferHeight)
        p->BackBufferHeight = 480;
    if (FAILED(IDirect3D9_CheckDeviceType(&d3d->IDirect3D9_iface, 0, type,
                                          D3DFMT_X8R8G8B8, p->BackBufferFormat, TRUE)))
        return D3DERR_NOTAVAILABLE;
    if (p->EnableAutoDepthStencil &&
        FAILED(IDirect3D9_CheckDepthStencilMatch(&d3d->IDirect3D9_iface, 0, type,
                                                 D3DFMT_X8R8G8B8, p->BackBufferFormat,
                                                 p->AutoDepthStencilFormat)))
        return D3DERR_NOTAVAILABLE;
    return D3D_OK;
}

HRESULT d3d9_device_create(struct d3d9 *d3d, UINT adapter, D3DDEVTYPE type,
                           HWND focus, DWORD flags, D3DPRESENT_PARAMETERS *pp,
                           IDirect3DDevice9 **out)
{
    struct d3d9_device *dev;
    D3DPRESENT_PARAMETERS p;
    char reason[256], name[96];
    HRESULT hr;
    const DWORD vp_flags = D3DCREATE_SOFTWARE_VERTEXPROCESSING |
                           D3DCREATE_HARDWARE_VERTEXPROCESSING |
                           D3DCREATE_MIXED_VERTEXPROCESSING;

    if (!pp || adapter != 0)
        return D3DERR_INVALIDCALL;
    if (type != D3DDEVTYPE_HAL)
        return D3DERR_NOTAVAILABLE;
    /* Exactly one vertex processing mode, as D3D9 requires. */
    if (__builtin_popcount(flags & vp_flags) != 1)
        return D3DERR_INVALIDCALL;
    if (FAILED(hr = check_present_params(d3d, pp, focus, &p)))
        return hr;

    if (!(dev = calloc(1, sizeof(*dev))))
        return E_OUTOFMEMORY;
    dev->IDirect3DDevice9_iface.lpVtbl = (const IDirect3DDevice9Vtbl *)&d3d9_device_ex_vtbl;
    dev->max_frame_latency = 3;
    dev->sent_scissor = (struct wire_set_scissor){.flags = WIRE_SCISSOR_WHOLE};
    for (int i = 0; i < 256; i++)
        dev->gamma.red[i] = dev->gamma.green[i] = dev->gamma.blue[i] = (WORD)(i * 257);
    dev->gamma_identity = true;
    dev->refcount = 1;
    dev->d3d = d3d;
    d3d9_live_init(&dev->live_textures);
    d3d9_live_init(&dev->live_buffers);
    d3d9_live_init(&dev->live_shaders);
    dev->create = (D3DDEVICE_CREATION_PARAMETERS){adapter, type, focus, flags};
    snprintf(name, sizeof(name), "d3d9 device (%s)",
             nr_program_name());
    dev->tc = transport_connect(name, reason, sizeof(reason));
    if (!dev->tc) {
        NR_ERR(D3D9, "CreateDevice: %s", reason);
        free(dev);
        return D3DERR_NOTAVAILABLE;
    }
    IDirect3D9_AddRef(&d3d->IDirect3D9_iface);
    init_render_states(dev, p.EnableAutoDepthStencil);
    for (int i = 0; i < D3D9_MAX_STREAMS; i++)
        dev->streams[i].freq = 1;
    d3d9_shader_device_init(dev);
    if (!d3d9_ffp_device_init(dev)) {
        dev->refcount = 0;
        device_destroy(dev);
        return E_OUTOFMEMORY;
    }
    dev->fvf = 0;
    dev->current_palette = 0xffff; /* no palette */
    hr = p.Windowed ? D3D_OK : enter_fullscreen(dev, &p, false);
    if (SUCCEEDED(hr))
        hr = d3d9_swapchain_create(dev, &p, true, &dev->swapchain);
    if (SUCCEEDED(hr) && p.EnableAutoDepthStencil)
        hr = d3d9_surface_create_ms(dev, p.BackBufferWidth, p.BackBufferHeight,
                                    p.AutoDepthStencilFormat, D3DUSAGE_DEPTHSTENCIL,
                                    p.MultiSampleType, p.MultiSampleQuality, true, NULL,
                                    &dev->auto_depth);
    if (FAILED(hr)) {
        /* device_destroy releases the IDirect3D9 reference. */
        dev->refcount = 0;
        device_destroy(dev);
        return hr;
    }
    d3d9_bind_surface(&dev->render_targets[0], dev->swapchain->back_buffer);
    d3d9_bind_surface(&dev->depth_stencil, dev->auto_depth);
    reset_viewport(dev, dev->render_targets[0]);
    dev->dirty = D3D9_DIRTY_ALL;
    dev->last_key.topology = UINT32_MAX;
    dev->check_state = nr_env_flag("NEREID_CHECK_STATE");
    dev->reference_state = nr_env_flag("NEREID_REFERENCE_STATE");
    for (int st = 0; st < 2 && dev->check_state; st++)
        if (!(dev->consts[st].sent = calloc(1, sizeof(dev->consts[st].image)))) {
            IDirect3DDevice9_Release(&dev->IDirect3DDevice9_iface);
            return E_OUTOFMEMORY;
        }
    if (dev->check_state || dev->reference_state) {
        /* The server checks or records its half the same way. */
        struct wire_set_context_options o = {
            (dev->reference_state ? WIRE_CONTEXT_REFERENCE : 0u) |
            (dev->check_state ? WIRE_CONTEXT_CHECK : 0u), 0};
        wire_emit_SET_CONTEXT_OPTIONS(&dev->tc->w, &o);
    }
    if ((flags & D3DCREATE_MULTITHREADED) &&
        !d3d9_device_mt_enable(dev, (const IDirect3DDevice9Vtbl *)&d3d9_device_ex_vtbl)) {
        IDirect3DDevice9_Release(&dev->IDirect3DDevice9_iface);
        return E_OUTOFMEMORY;
    }
    {
        static const char *const setter_names[D3D9_SETTER_COUNT] = {
            "SetRenderState", "SetViewport", "SetScissorRect", "SetRenderTarget",
            "SetDepthStencilSurface", "SetFVF", "SetStreamSource", "SetIndices",
            "SetTransform", "SetTextureStageState", "SetSamplerState", "SetTexture",
            "SetLight", "SetMaterial", "SetClipPlane", "SetShader", "SetShaderConstant"};
        _Static_assert(NR_ARRAY_SIZE(setter_names) == D3D9_SETTER_COUNT,
                       "a name for every setter");
        const char *drop = getenv("NEREID_TEST_DROP_DIRTY");
        for (int i = 0; drop && i < D3D9_SETTER_COUNT; i++)
            if (!strcmp(drop, setter_names[i])) {
                dev->drop_dirty |= 1u << i;
                NR_WARN(D3D9, "test hook: %s forgets its dirty flag", drop);
            }
    }
    *pp = p; /* D3D9 writes back the values it chose */
    *out = &dev->IDirect3DDevice9_iface;
    NR_INFO(D3D9, "device on %s over %s, back buffer %ux%u %s", dev->tc->caps.device_name,
            dev->tc->kind_name, p.BackBufferWidth, p.BackBufferHeight,
            d3d9_format_name(p.BackBufferFormat));
    return D3D_OK;
}
