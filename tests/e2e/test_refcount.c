/* Reference counting of the IDirect3D9 object, the device, the implicit
 * swap chain, its back buffer and stand-alone surfaces.
 *
 * The expected counts follow Microsoft's documentation (every Get* method
 * that hands out an interface AddRefs it; GetContainer on a stand-alone
 * surface returns the device) and the behaviour pinned by Wine's d3d9
 * conformance tests, which were checked against Windows
 * (dlls/d3d9/tests/device.c test_refcount, dlls/d3d9/tests/surface.c
 * test_surface_get_container, dlls/d3d9/tests/d3d9ex.c create_device):
 *
 *  - Direct3DCreate9 returns an object with count 1; CreateDevice AddRefs
 *    it and the device releases it when the device is destroyed.
 *  - A new device has count 1.  Every object the application holds (a
 *    stand-alone surface, the implicit swap chain, its back buffer, the
 *    auto depth stencil) holds one reference on the device while the
 *    application holds it.
 *  - The implicit swap chain, its back buffer and the auto depth stencil
 *    start at count 0: Get* returns them with count 1 (and the device gains
 *    one reference); releasing them to 0 gives the device reference back but
 *    does not free them; the next Get* returns the same pointer.  Their
 *    counts are not forwarded to the container (the swap chain's count does
 *    not move when its back buffer is AddRef'd).
 *  - Releasing the device (or the IDirect3D9 object) while other objects
 *    still hold it returns the remaining count and leaves it usable; it is
 *    destroyed when the last holder lets go.
 *
 * Each sub-test creates its own IDirect3D9 object and device and releases
 * everything in a different order.  A NULL device window is headless in
 * nereid. */

#ifndef COBJMACROS
#define COBJMACROS
#endif
#include <d3d9.h>

#include <string.h>

#include "harness.h"

#ifndef S_OK
#define S_OK ((HRESULT)0L)
#endif
#ifndef E_NOINTERFACE
#define E_NOINTERFACE ((HRESULT)0x80004002L)
#endif

/* A value no call may leave in an out parameter. */
static char sentinel_object;
#define SENTINEL ((void *)&sentinel_object)

/* An interface identifier no Direct3D 9 object implements. */
static const IID iid_bogus = {
    0x6e657265, 0x6964, 0x7265,
    {0x66, 0x63, 0x6e, 0x74, 0x2d, 0x74, 0x73, 0x74}};

/* Current counts, read with an AddRef/Release pair (the value Release
 * returns is the new count). */
static unsigned long rc_d3d(IDirect3D9 *o)
{
    IDirect3D9_AddRef(o);
    return (unsigned long)IDirect3D9_Release(o);
}

static unsigned long rc_dev(IDirect3DDevice9 *o)
{
    IDirect3DDevice9_AddRef(o);
    return (unsigned long)IDirect3DDevice9_Release(o);
}

static unsigned long rc_swc(IDirect3DSwapChain9 *o)
{
    IDirect3DSwapChain9_AddRef(o);
    return (unsigned long)IDirect3DSwapChain9_Release(o);
}

static unsigned long rc_surf(IDirect3DSurface9 *o)
{
    IDirect3DSurface9_AddRef(o);
    return (unsigned long)IDirect3DSurface9_Release(o);
}

/* CHECK_RC(kind, object, expected, name): the object's count now. */
#define CHECK_RC(kind, obj, expected, name)                                    \
    do {                                                                       \
        unsigned long got_ = rc_##kind(obj);                                   \
        unsigned long want_ = (unsigned long)(expected);                       \
        ok(got_ == want_, "%s: %s count is %lu, expected %lu", test_name,      \
           name, got_, want_);                                                 \
    } while (0)

/* CHECK_RET(value, expected, what): what AddRef/Release returned. */
#define CHECK_RET(value, expected, what)                                       \
    do {                                                                       \
        unsigned long got_ = (unsigned long)(value);                           \
        unsigned long want_ = (unsigned long)(expected);                       \
        ok(got_ == want_, "%s: %s returned %lu, expected %lu", test_name,      \
           what, got_, want_);                                                 \
    } while (0)

#define HRU(hr) ((unsigned)(hr))

/* Creates the IDirect3D9 object and a 64x64 windowed, headless device;
 * checks the counts of a fresh pair.  Returns 0 (after a failed check) when
 * either cannot be created. */
static int create_pair(const char *test_name, int auto_depth_stencil,
                       IDirect3D9 **d3d_out, IDirect3DDevice9 **dev_out)
{
    D3DPRESENT_PARAMETERS pp;
    IDirect3DDevice9 *dev = NULL;
    IDirect3D9 *d3d;
    HRESULT hr;

    *d3d_out = NULL;
    *dev_out = NULL;

    d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!ok(d3d != NULL, "%s: Direct3DCreate9(D3D_SDK_VERSION) returned NULL",
            test_name))
        return 0;
    CHECK_RC(d3d, d3d, 1, "IDirect3D9 after Direct3DCreate9");

    memset(&pp, 0, sizeof(pp));
    pp.BackBufferWidth = 64;
    pp.BackBufferHeight = 64;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.BackBufferCount = 1;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.hDeviceWindow = NULL;
    pp.Windowed = TRUE;
    if (auto_depth_stencil) {
        pp.EnableAutoDepthStencil = TRUE;
        pp.AutoDepthStencilFormat = D3DFMT_D24S8;
    }

    hr = IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, NULL,
                                 D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp,
                                 &dev);
    if (!ok(hr == D3D_OK && dev != NULL,
            "%s: CreateDevice returned hr %#x, device %p", test_name, HRU(hr),
            (void *)dev)) {
        IDirect3D9_Release(d3d);
        return 0;
    }

    CHECK_RC(dev, dev, 1, "device after CreateDevice");
    CHECK_RC(d3d, d3d, 2, "IDirect3D9 after CreateDevice");

    *d3d_out = d3d;
    *dev_out = dev;
    return 1;
}

/* QueryInterface on a surface: IUnknown, IDirect3DResource9 and
 * IDirect3DSurface9 return the surface itself, AddRef'd; anything else
 * fails with E_NOINTERFACE and a NULL out pointer, leaving the count. */
static void check_surface_qi(const char *test_name, const char *name,
                             IDirect3DSurface9 *surf, unsigned long surf_rc,
                             IDirect3DDevice9 *dev, unsigned long dev_rc)
{
    static const struct {
        const IID *iid;
        const char *name;
    } good[] = {
        {&IID_IUnknown, "IID_IUnknown"},
        {&IID_IDirect3DResource9, "IID_IDirect3DResource9"},
        {&IID_IDirect3DSurface9, "IID_IDirect3DSurface9"},
    };
    static const struct {
        const IID *iid;
        const char *name;
    } bad[] = {
        {&iid_bogus, "an unknown IID"},
        {&IID_IDirect3DSwapChain9, "IID_IDirect3DSwapChain9"},
        {&IID_IDirect3DDevice9, "IID_IDirect3DDevice9"},
    };
    unsigned i;

    for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
        void *out = SENTINEL;
        HRESULT hr = IDirect3DSurface9_QueryInterface(surf, good[i].iid, &out);
        ok(hr == S_OK && out == (void *)surf,
           "%s: QueryInterface(%s, %s) returned hr %#x, %p; expected S_OK, %p",
           test_name, name, good[i].name, HRU(hr), out, (void *)surf);
        if (hr != S_OK || out != (void *)surf)
            continue;
        CHECK_RC(surf, surf, surf_rc + 1, "surface after QueryInterface");
        CHECK_RC(dev, dev, dev_rc, "device after surface QueryInterface");
        CHECK_RET(IDirect3DSurface9_Release((IDirect3DSurface9 *)out), surf_rc,
                  "Release of the QueryInterface result");
    }

    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        void *out = SENTINEL;
        HRESULT hr = IDirect3DSurface9_QueryInterface(surf, bad[i].iid, &out);
        ok(hr == E_NOINTERFACE,
           "%s: QueryInterface(%s, %s) returned hr %#x, expected E_NOINTERFACE",
           test_name, name, bad[i].name, HRU(hr));
        ok(out == NULL,
           "%s: QueryInterface(%s, %s) left %p in the out pointer, expected "
           "NULL",
           test_name, name, bad[i].name, out);
        CHECK_RC(surf, surf, surf_rc, "surface after a failed QueryInterface");
    }
    CHECK_RC(dev, dev, dev_rc, "device after the QueryInterface checks");
}

/* Every count the API hands out, then release order (a): the surfaces and
 * the swap chain, then the device, then the IDirect3D9 object. */
static void test_counts_release_surfaces_first(void)
{
    static const char test_name[] = "counts/(a) surfaces, device, d3d";
    IDirect3DSurface9 *bb = NULL, *surf = NULL, *off = NULL;
    IDirect3DSwapChain9 *sc = NULL, *sc2 = NULL;
    IDirect3DDevice9 *dev, *dev2 = NULL;
    IDirect3D9 *d3d, *d3d2 = NULL;
    void *out;
    HRESULT hr;

    if (!create_pair(test_name, 0, &d3d, &dev))
        return;

    /* GetDirect3D AddRefs the IDirect3D9 object, not the device. */
    hr = IDirect3DDevice9_GetDirect3D(dev, &d3d2);
    ok(hr == D3D_OK && d3d2 == d3d,
       "%s: GetDirect3D returned hr %#x, %p; expected D3D_OK, %p", test_name,
       HRU(hr), (void *)d3d2, (void *)d3d);
    if (d3d2 == d3d) {
        CHECK_RC(d3d, d3d, 3, "IDirect3D9 after GetDirect3D");
        CHECK_RC(dev, dev, 1, "device after GetDirect3D");
        CHECK_RET(IDirect3D9_Release(d3d2), 2, "IDirect3D9 Release");
    }

    /* QueryInterface on the device. */
    out = SENTINEL;
    hr = IDirect3DDevice9_QueryInterface(dev, &IID_IDirect3DDevice9, &out);
    ok(hr == S_OK && out == (void *)dev,
       "%s: device QueryInterface(IID_IDirect3DDevice9) returned hr %#x, %p",
       test_name, HRU(hr), out);
    if (hr == S_OK && out == (void *)dev)
        CHECK_RET(IDirect3DDevice9_Release((IDirect3DDevice9 *)out), 1,
                  "Release of the device QueryInterface result");
    out = SENTINEL;
    hr = IDirect3DDevice9_QueryInterface(dev, &iid_bogus, &out);
    ok(hr == E_NOINTERFACE && out == NULL,
       "%s: device QueryInterface(unknown IID) returned hr %#x, %p; expected "
       "E_NOINTERFACE, NULL",
       test_name, HRU(hr), out);
    CHECK_RC(dev, dev, 1, "device after the QueryInterface checks");

    /* Without an auto depth stencil there is no depth stencil surface. */
    surf = SENTINEL;
    hr = IDirect3DDevice9_GetDepthStencilSurface(dev, &surf);
    ok(hr == D3DERR_NOTFOUND && surf == NULL,
       "%s: GetDepthStencilSurface without one returned hr %#x, %p; expected "
       "D3DERR_NOTFOUND, NULL",
       test_name, HRU(hr), (void *)surf);
    CHECK_RC(dev, dev, 1, "device after the failed GetDepthStencilSurface");

    /* The implicit swap chain: count 1 once handed out, and one reference on
     * the device. */
    hr = IDirect3DDevice9_GetSwapChain(dev, 0, &sc);
    if (!ok(hr == D3D_OK && sc != NULL,
            "%s: GetSwapChain(0) returned hr %#x, %p", test_name, HRU(hr),
            (void *)sc))
        return;
    CHECK_RC(swc, sc, 1, "implicit swap chain after GetSwapChain");
    CHECK_RC(dev, dev, 2, "device after GetSwapChain");

    /* The back buffer: count 1, one more device reference, and its count is
     * its own (not forwarded to the swap chain). */
    hr = IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    if (!ok(hr == D3D_OK && bb != NULL,
            "%s: GetBackBuffer(0, 0) returned hr %#x, %p", test_name, HRU(hr),
            (void *)bb))
        return;
    CHECK_RC(surf, bb, 1, "back buffer after GetBackBuffer");
    CHECK_RC(dev, dev, 3, "device after GetBackBuffer");
    CHECK_RC(swc, sc, 1, "swap chain after GetBackBuffer");

    CHECK_RET(IDirect3DSurface9_AddRef(bb), 2, "back buffer AddRef");
    CHECK_RC(dev, dev, 3, "device after a second back buffer reference");
    CHECK_RC(swc, sc, 1, "swap chain after back buffer AddRef");
    CHECK_RET(IDirect3DSurface9_Release(bb), 1, "back buffer Release");
    CHECK_RC(dev, dev, 3, "device after back buffer Release to 1");

    /* The swap chain hands out the same surface. */
    surf = NULL;
    hr = IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, &surf);
    ok(hr == D3D_OK && surf == bb,
       "%s: IDirect3DSwapChain9_GetBackBuffer returned hr %#x, %p; expected "
       "D3D_OK, %p",
       test_name, HRU(hr), (void *)surf, (void *)bb);
    if (surf == bb) {
        CHECK_RC(surf, bb, 2, "back buffer after swap chain GetBackBuffer");
        CHECK_RC(swc, sc, 1, "swap chain after its GetBackBuffer");
        CHECK_RET(IDirect3DSurface9_Release(surf), 1, "back buffer Release");
    }

    /* Render target 0 is the back buffer, AddRef'd. */
    surf = NULL;
    hr = IDirect3DDevice9_GetRenderTarget(dev, 0, &surf);
    ok(hr == D3D_OK && surf == bb,
       "%s: GetRenderTarget(0) returned hr %#x, %p; expected D3D_OK, the back "
       "buffer %p",
       test_name, HRU(hr), (void *)surf, (void *)bb);
    if (surf == bb) {
        CHECK_RC(surf, bb, 2, "back buffer after GetRenderTarget(0)");
        CHECK_RC(dev, dev, 3, "device after GetRenderTarget(0)");
        CHECK_RET(IDirect3DSurface9_Release(surf), 1, "render target Release");
    }

    /* The back buffer's container is the swap chain, AddRef'd. */
    out = SENTINEL;
    hr = IDirect3DSurface9_GetContainer(bb, &IID_IDirect3DSwapChain9, &out);
    ok(hr == D3D_OK && out == (void *)sc,
       "%s: back buffer GetContainer(IID_IDirect3DSwapChain9) returned hr %#x, "
       "%p; expected D3D_OK, %p",
       test_name, HRU(hr), out, (void *)sc);
    if (hr == D3D_OK && out == (void *)sc) {
        CHECK_RC(swc, sc, 2, "swap chain after GetContainer");
        CHECK_RC(surf, bb, 1, "back buffer after GetContainer");
        CHECK_RC(dev, dev, 3, "device after GetContainer");
        CHECK_RET(IDirect3DSwapChain9_Release((IDirect3DSwapChain9 *)out), 1,
                  "Release of the GetContainer result");
    }
    /* GetContainer is a QueryInterface on the container: an interface the
     * swap chain lacks gives E_NOINTERFACE and NULL (as for textures in
     * surface.c test_surface_get_container). */
    out = SENTINEL;
    hr = IDirect3DSurface9_GetContainer(bb, &IID_IDirect3DSurface9, &out);
    ok(hr == E_NOINTERFACE && out == NULL,
       "%s: back buffer GetContainer(IID_IDirect3DSurface9) returned hr %#x, "
       "%p; expected E_NOINTERFACE, NULL",
       test_name, HRU(hr), out);
    CHECK_RC(swc, sc, 1, "swap chain after the GetContainer checks");

    /* GetDevice AddRefs the device. */
    hr = IDirect3DSurface9_GetDevice(bb, &dev2);
    ok(hr == D3D_OK && dev2 == dev,
       "%s: back buffer GetDevice returned hr %#x, %p; expected D3D_OK, %p",
       test_name, HRU(hr), (void *)dev2, (void *)dev);
    if (dev2 == dev) {
        CHECK_RC(dev, dev, 4, "device after back buffer GetDevice");
        CHECK_RET(IDirect3DDevice9_Release(dev2), 3, "device Release");
    }
    dev2 = NULL;
    hr = IDirect3DSwapChain9_GetDevice(sc, &dev2);
    ok(hr == D3D_OK && dev2 == dev,
       "%s: swap chain GetDevice returned hr %#x, %p; expected D3D_OK, %p",
       test_name, HRU(hr), (void *)dev2, (void *)dev);
    if (dev2 == dev) {
        CHECK_RC(dev, dev, 4, "device after swap chain GetDevice");
        CHECK_RET(IDirect3DDevice9_Release(dev2), 3, "device Release");
    }

    check_surface_qi(test_name, "back buffer", bb, 1, dev, 3);

    /* A stand-alone surface: count 1 and one device reference. */
    hr = IDirect3DDevice9_CreateOffscreenPlainSurface(
        dev, 32, 32, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &off, NULL);
    if (!ok(hr == D3D_OK && off != NULL,
            "%s: CreateOffscreenPlainSurface(SYSTEMMEM) returned hr %#x, %p",
            test_name, HRU(hr), (void *)off))
        return;
    CHECK_RC(surf, off, 1, "offscreen surface after creation");
    CHECK_RC(dev, dev, 4, "device after CreateOffscreenPlainSurface");

    /* Its container is the device, AddRef'd. */
    out = SENTINEL;
    hr = IDirect3DSurface9_GetContainer(off, &IID_IDirect3DDevice9, &out);
    ok(hr == D3D_OK && out == (void *)dev,
       "%s: offscreen GetContainer(IID_IDirect3DDevice9) returned hr %#x, %p; "
       "expected D3D_OK, the device %p",
       test_name, HRU(hr), out, (void *)dev);
    if (hr == D3D_OK && out == (void *)dev) {
        CHECK_RC(dev, dev, 5, "device after offscreen GetContainer");
        CHECK_RC(surf, off, 1, "offscreen surface after GetContainer");
        CHECK_RET(IDirect3DDevice9_Release((IDirect3DDevice9 *)out), 4,
                  "Release of the GetContainer result");
    }
    out = SENTINEL;
    hr = IDirect3DSurface9_GetContainer(off, &IID_IDirect3DSwapChain9, &out);
    ok(hr == E_NOINTERFACE && out == NULL,
       "%s: offscreen GetContainer(IID_IDirect3DSwapChain9) returned hr %#x, "
       "%p; expected E_NOINTERFACE, NULL",
       test_name, HRU(hr), out);
    CHECK_RC(dev, dev, 4, "device after the offscreen GetContainer checks");

    dev2 = NULL;
    hr = IDirect3DSurface9_GetDevice(off, &dev2);
    ok(hr == D3D_OK && dev2 == dev,
       "%s: offscreen GetDevice returned hr %#x, %p; expected D3D_OK, %p",
       test_name, HRU(hr), (void *)dev2, (void *)dev);
    if (dev2 == dev) {
        CHECK_RC(dev, dev, 5, "device after offscreen GetDevice");
        CHECK_RET(IDirect3DDevice9_Release(dev2), 4, "device Release");
    }

    check_surface_qi(test_name, "offscreen surface", off, 1, dev, 4);

    /* Implicit objects at count 0 give their device reference back but stay
     * alive: the next Get* returns the same pointer. */
    CHECK_RET(IDirect3DSurface9_Release(bb), 0, "back buffer Release to 0");
    CHECK_RC(dev, dev, 3, "device after the back buffer reached 0");
    CHECK_RC(swc, sc, 1, "swap chain after the back buffer reached 0");
    surf = NULL;
    hr = IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO,
                                        &surf);
    ok(hr == D3D_OK && surf == bb,
       "%s: GetBackBuffer after Release to 0 returned hr %#x, %p; expected the "
       "same surface %p",
       test_name, HRU(hr), (void *)surf, (void *)bb);
    if (hr != D3D_OK || !surf)
        return;
    bb = surf;
    CHECK_RC(surf, bb, 1, "back buffer after GetBackBuffer again");
    CHECK_RC(dev, dev, 4, "device after GetBackBuffer again");

    CHECK_RET(IDirect3DSwapChain9_Release(sc), 0, "swap chain Release to 0");
    /* And a Release at 0 stays at 0 (Windows: Wine's device test_refcount). */
    CHECK_RET(IDirect3DSwapChain9_Release(sc), 0, "swap chain Release at 0");
    CHECK_RC(dev, dev, 3, "device after the swap chain reached 0");
    sc2 = NULL;
    hr = IDirect3DDevice9_GetSwapChain(dev, 0, &sc2);
    ok(hr == D3D_OK && sc2 == sc,
       "%s: GetSwapChain after Release to 0 returned hr %#x, %p; expected the "
       "same swap chain %p",
       test_name, HRU(hr), (void *)sc2, (void *)sc);
    if (hr != D3D_OK || !sc2)
        return;
    sc = sc2;
    CHECK_RC(swc, sc, 1, "swap chain after GetSwapChain again");
    CHECK_RC(dev, dev, 4, "device after GetSwapChain again");

    /* Order (a): offscreen surface, back buffer, swap chain, device, d3d. */
    CHECK_RET(IDirect3DSurface9_Release(off), 0,
              "final offscreen surface Release");
    CHECK_RC(dev, dev, 3, "device after the offscreen surface was released");
    CHECK_RET(IDirect3DSurface9_Release(bb), 0, "final back buffer Release");
    CHECK_RC(dev, dev, 2, "device after the back buffer was released");
    CHECK_RET(IDirect3DSwapChain9_Release(sc), 0, "final swap chain Release");
    CHECK_RC(dev, dev, 1, "device after the swap chain was released");
    CHECK_RC(d3d, d3d, 2, "IDirect3D9 before the device is released");
    CHECK_RET(IDirect3DDevice9_Release(dev), 0, "final device Release");
    CHECK_RET(IDirect3D9_Release(d3d), 0, "final IDirect3D9 Release");
}

/* Order (b): the IDirect3D9 object first, then the device, then the
 * surfaces.  Each stays usable while something holds it. */
static void test_release_d3d_first(void)
{
    static const char test_name[] = "(b) d3d, device, surfaces";
    IDirect3DSurface9 *bb = NULL, *off = NULL;
    IDirect3DSwapChain9 *sc = NULL;
    IDirect3DDevice9 *dev, *dev2 = NULL;
    IDirect3D9 *d3d, *d3d2 = NULL;
    D3DSURFACE_DESC desc;
    HRESULT hr;

    if (!create_pair(test_name, 0, &d3d, &dev))
        return;

    hr = IDirect3DDevice9_GetSwapChain(dev, 0, &sc);
    if (!ok(hr == D3D_OK && sc, "%s: GetSwapChain(0) returned hr %#x",
            test_name, HRU(hr)))
        return;
    hr = IDirect3DDevice9_GetBackBuffer(dev, 0, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    if (!ok(hr == D3D_OK && bb, "%s: GetBackBuffer returned hr %#x", test_name,
            HRU(hr)))
        return;
    hr = IDirect3DDevice9_CreateOffscreenPlainSurface(
        dev, 32, 32, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &off, NULL);
    if (!ok(hr == D3D_OK && off,
            "%s: CreateOffscreenPlainSurface returned hr %#x", test_name,
            HRU(hr)))
        return;
    CHECK_RC(dev, dev, 4, "device holding swap chain, back buffer, surface");
    CHECK_RC(d3d, d3d, 2, "IDirect3D9 with a live device");

    /* The device holds the IDirect3D9 object. */
    CHECK_RET(IDirect3D9_Release(d3d), 1,
              "IDirect3D9 Release while the device lives");
    hr = IDirect3DDevice9_GetDirect3D(dev, &d3d2);
    ok(hr == D3D_OK && d3d2 == d3d,
       "%s: GetDirect3D after the application released it returned hr %#x, "
       "%p; expected D3D_OK, %p",
       test_name, HRU(hr), (void *)d3d2, (void *)d3d);
    if (d3d2 == d3d)
        CHECK_RET(IDirect3D9_Release(d3d2), 1,
                  "Release of the GetDirect3D result");

    /* The three objects hold the device. */
    CHECK_RET(IDirect3DDevice9_Release(dev), 3,
              "device Release with three objects outstanding");
    hr = IDirect3DSurface9_GetDevice(off, &dev2);
    ok(hr == D3D_OK && dev2 == dev,
       "%s: GetDevice after the application released the device returned "
       "hr %#x, %p; expected D3D_OK, %p",
       test_name, HRU(hr), (void *)dev2, (void *)dev);
    if (dev2 == dev) {
        CHECK_RC(dev, dev, 4, "device reached through GetDevice");
        CHECK_RET(IDirect3DDevice9_Release(dev2), 3, "device Release");
    }

    memset(&desc, 0, sizeof(desc));
    hr = IDirect3DSurface9_GetDesc(bb, &desc);
    ok(hr == D3D_OK && desc.Width == 64 && desc.Height == 64 &&
           desc.Format == D3DFMT_X8R8G8B8,
       "%s: back buffer GetDesc returned hr %#x, %ux%u format %#x", test_name,
       HRU(hr), (unsigned)desc.Width, (unsigned)desc.Height,
       (unsigned)desc.Format);

    CHECK_RET(IDirect3DSurface9_Release(off), 0,
              "final offscreen surface Release");
    CHECK_RC(dev, dev, 2, "device after the offscreen surface was released");
    CHECK_RET(IDirect3DSwapChain9_Release(sc), 0, "final swap chain Release");
    CHECK_RC(dev, dev, 1, "device after the swap chain was released");
    /* The last holder: this destroys the device and, with it, the
     * IDirect3D9 object. */
    CHECK_RET(IDirect3DSurface9_Release(bb), 0, "final back buffer Release");
}

/* Order (c): the device first while a stand-alone surface is held; the
 * surface keeps working; releasing it destroys the device, which gives its
 * IDirect3D9 reference back. */
static void test_release_device_first_offscreen(void)
{
    static const char test_name[] = "(c) device, offscreen surface, d3d";
    IDirect3DDevice9 *dev, *dev2 = NULL;
    IDirect3DSurface9 *off = NULL;
    D3DLOCKED_RECT lr;
    D3DSURFACE_DESC desc;
    IDirect3D9 *d3d;
    HRESULT hr;

    if (!create_pair(test_name, 0, &d3d, &dev))
        return;

    hr = IDirect3DDevice9_CreateOffscreenPlainSurface(
        dev, 32, 32, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &off, NULL);
    if (!ok(hr == D3D_OK && off,
            "%s: CreateOffscreenPlainSurface returned hr %#x", test_name,
            HRU(hr)))
        return;
    CHECK_RC(surf, off, 1, "offscreen surface after creation");
    CHECK_RC(dev, dev, 2, "device after CreateOffscreenPlainSurface");

    CHECK_RET(IDirect3DDevice9_Release(dev), 1,
              "device Release while a surface is held");
    CHECK_RC(d3d, d3d, 2, "IDirect3D9 while the device is still alive");

    memset(&desc, 0, sizeof(desc));
    hr = IDirect3DSurface9_GetDesc(off, &desc);
    ok(hr == D3D_OK, "%s: GetDesc after the device Release returned hr %#x",
       test_name, HRU(hr));
    ok(desc.Width == 32 && desc.Height == 32 &&
           desc.Format == D3DFMT_X8R8G8B8 && desc.Pool == D3DPOOL_SYSTEMMEM &&
           desc.Type == D3DRTYPE_SURFACE,
       "%s: GetDesc gave %ux%u format %#x pool %u type %u; expected 32x32 "
       "X8R8G8B8 SYSTEMMEM SURFACE",
       test_name, (unsigned)desc.Width, (unsigned)desc.Height,
       (unsigned)desc.Format, (unsigned)desc.Pool, (unsigned)desc.Type);

    memset(&lr, 0, sizeof(lr));
    hr = IDirect3DSurface9_LockRect(off, &lr, NULL, 0);
    ok(hr == D3D_OK && lr.pBits != NULL && lr.Pitch >= 32 * 4,
       "%s: LockRect after the device Release returned hr %#x, bits %p, "
       "pitch %d",
       test_name, HRU(hr), lr.pBits, (int)lr.Pitch);
    if (hr == D3D_OK) {
        if (lr.pBits)
            memset(lr.pBits, 0x5a, 32 * 4);
        hr = IDirect3DSurface9_UnlockRect(off);
        ok(hr == D3D_OK, "%s: UnlockRect returned hr %#x", test_name, HRU(hr));
    }

    hr = IDirect3DSurface9_GetDevice(off, &dev2);
    ok(hr == D3D_OK && dev2 == dev,
       "%s: GetDevice after the device Release returned hr %#x, %p; expected "
       "D3D_OK, %p",
       test_name, HRU(hr), (void *)dev2, (void *)dev);
    if (dev2 == dev) {
        CHECK_RC(dev, dev, 2, "device reached through GetDevice");
        CHECK_RET(IDirect3DDevice9_Release(dev2), 1, "device Release");
    }

    /* Destroys the device, which releases the IDirect3D9 object. */
    CHECK_RET(IDirect3DSurface9_Release(off), 0,
              "final offscreen surface Release");
    CHECK_RC(d3d, d3d, 1, "IDirect3D9 after the device was destroyed");
    CHECK_RET(IDirect3D9_Release(d3d), 0, "final IDirect3D9 Release");
}

/* Order (d): the device first while the implicit swap chain and its back
 * buffer are held; then the swap chain, then the back buffer (which
 * destroys the device), then the IDirect3D9 object. */
static void test_release_device_first_backbuffer(void)
{
    static const char test_name[] = "(d) device, swap chain, back buffer, d3d";
    IDirect3DSurface9 *bb = NULL;
    IDirect3DSwapChain9 *sc = NULL;
    IDirect3DDevice9 *dev, *dev2 = NULL;
    D3DSURFACE_DESC desc;
    IDirect3D9 *d3d;
    void *out;
    HRESULT hr;

    if (!create_pair(test_name, 0, &d3d, &dev))
        return;

    hr = IDirect3DDevice9_GetSwapChain(dev, 0, &sc);
    if (!ok(hr == D3D_OK && sc, "%s: GetSwapChain(0) returned hr %#x",
            test_name, HRU(hr)))
        return;
    hr = IDirect3DSwapChain9_GetBackBuffer(sc, 0, D3DBACKBUFFER_TYPE_MONO, &bb);
    if (!ok(hr == D3D_OK && bb, "%s: swap chain GetBackBuffer returned hr %#x",
            test_name, HRU(hr)))
        return;
    CHECK_RC(swc, sc, 1, "swap chain");
    CHECK_RC(surf, bb, 1, "back buffer");
    CHECK_RC(dev, dev, 3, "device holding swap chain and back buffer");

    CHECK_RET(IDirect3DDevice9_Release(dev), 2,
              "device Release while the swap chain and back buffer are held");

    memset(&desc, 0, sizeof(desc));
    hr = IDirect3DSurface9_GetDesc(bb, &desc);
    ok(hr == D3D_OK, "%s: back buffer GetDesc returned hr %#x", test_name,
       HRU(hr));
    ok(desc.Width == 64 && desc.Height == 64 &&
           desc.Format == D3DFMT_X8R8G8B8 && desc.Type == D3DRTYPE_SURFACE &&
           desc.Pool == D3DPOOL_DEFAULT &&
           (desc.Usage & D3DUSAGE_RENDERTARGET),
       "%s: back buffer GetDesc gave %ux%u format %#x type %u pool %u usage "
       "%#x; expected 64x64 X8R8G8B8 SURFACE DEFAULT RENDERTARGET",
       test_name, (unsigned)desc.Width, (unsigned)desc.Height,
       (unsigned)desc.Format, (unsigned)desc.Type, (unsigned)desc.Pool,
       (unsigned)desc.Usage);

    out = SENTINEL;
    hr = IDirect3DSurface9_GetContainer(bb, &IID_IDirect3DSwapChain9, &out);
    ok(hr == D3D_OK && out == (void *)sc,
       "%s: GetContainer after the device Release returned hr %#x, %p; "
       "expected D3D_OK, %p",
       test_name, HRU(hr), out, (void *)sc);
    if (hr == D3D_OK && out == (void *)sc)
        CHECK_RET(IDirect3DSwapChain9_Release((IDirect3DSwapChain9 *)out), 1,
                  "Release of the GetContainer result");

    CHECK_RET(IDirect3DSwapChain9_Release(sc), 0, "final swap chain Release");

    hr = IDirect3DSurface9_GetDevice(bb, &dev2);
    ok(hr == D3D_OK && dev2 == dev,
       "%s: back buffer GetDevice returned hr %#x, %p; expected D3D_OK, %p",
       test_name, HRU(hr), (void *)dev2, (void *)dev);
    if (dev2 == dev) {
        CHECK_RC(dev, dev, 2, "device reached through GetDevice");
        CHECK_RET(IDirect3DDevice9_Release(dev2), 1,
                  "device Release (the back buffer still holds it)");
    }
    CHECK_RC(d3d, d3d, 2, "IDirect3D9 while the device is still alive");

    /* The back buffer is the last holder: the device (with its swap chain
     * and back buffer) is destroyed. */
    CHECK_RET(IDirect3DSurface9_Release(bb), 0, "final back buffer Release");
    CHECK_RC(d3d, d3d, 1, "IDirect3D9 after the device was destroyed");
    CHECK_RET(IDirect3D9_Release(d3d), 0, "final IDirect3D9 Release");
}

/* The auto depth stencil and render target 0 without the swap chain held:
 * both are implicit (count 0 until handed out) and each hands the device
 * one reference while held. */
static void test_auto_depth_stencil(void)
{
    static const char test_name[] = "auto depth stencil";
    IDirect3DSurface9 *ds = NULL, *ds2 = NULL, *rt = NULL;
    IDirect3DDevice9 *dev;
    IDirect3D9 *d3d;
    void *out;
    HRESULT hr;

    if (!create_pair(test_name, 1, &d3d, &dev))
        return;

    hr = IDirect3DDevice9_GetDepthStencilSurface(dev, &ds);
    if (!ok(hr == D3D_OK && ds != NULL,
            "%s: GetDepthStencilSurface returned hr %#x, %p", test_name,
            HRU(hr), (void *)ds))
        return;
    CHECK_RC(surf, ds, 1, "depth stencil after GetDepthStencilSurface");
    CHECK_RC(dev, dev, 2, "device after GetDepthStencilSurface");

    out = SENTINEL;
    hr = IDirect3DSurface9_GetContainer(ds, &IID_IDirect3DDevice9, &out);
    ok(hr == D3D_OK && out == (void *)dev,
       "%s: depth stencil GetContainer(IID_IDirect3DDevice9) returned hr %#x, "
       "%p; expected D3D_OK, the device %p",
       test_name, HRU(hr), out, (void *)dev);
    if (hr == D3D_OK && out == (void *)dev)
        CHECK_RET(IDirect3DDevice9_Release((IDirect3DDevice9 *)out), 2,
                  "Release of the GetContainer result");

    CHECK_RET(IDirect3DSurface9_AddRef(ds), 2, "depth stencil AddRef");
    CHECK_RC(dev, dev, 2, "device after a second depth stencil reference");
    CHECK_RET(IDirect3DSurface9_Release(ds), 1, "depth stencil Release");
    CHECK_RET(IDirect3DSurface9_Release(ds), 0, "depth stencil Release to 0");
    CHECK_RC(dev, dev, 1, "device after the depth stencil reached 0");
    /* A Release at 0 stays at 0 (Windows: Wine's device test_refcount). */
    CHECK_RET(IDirect3DSurface9_Release(ds), 0, "depth stencil Release at 0");
    CHECK_RC(dev, dev, 1, "device after a Release at 0");

    hr = IDirect3DDevice9_GetDepthStencilSurface(dev, &ds2);
    ok(hr == D3D_OK && ds2 == ds,
       "%s: GetDepthStencilSurface after Release to 0 returned hr %#x, %p; "
       "expected the same surface %p",
       test_name, HRU(hr), (void *)ds2, (void *)ds);
    if (hr == D3D_OK && ds2) {
        CHECK_RC(dev, dev, 2, "device after GetDepthStencilSurface again");
        CHECK_RET(IDirect3DSurface9_Release(ds2), 0,
                  "depth stencil Release to 0");
    }

    hr = IDirect3DDevice9_GetRenderTarget(dev, 0, &rt);
    ok(hr == D3D_OK && rt != NULL, "%s: GetRenderTarget(0) returned hr %#x",
       test_name, HRU(hr));
    if (hr == D3D_OK && rt) {
        CHECK_RC(surf, rt, 1, "render target 0");
        CHECK_RC(dev, dev, 2, "device after GetRenderTarget(0)");
        CHECK_RET(IDirect3DSurface9_Release(rt), 0,
                  "render target Release to 0");
    }
    CHECK_RC(dev, dev, 1, "device with nothing outstanding");

    CHECK_RET(IDirect3DDevice9_Release(dev), 0, "final device Release");
    CHECK_RET(IDirect3D9_Release(d3d), 0, "final IDirect3D9 Release");
}

/* Private data (IDirect3DResource9::SetPrivateData and IDirect3DVolume9's),
 * as Microsoft documents it and Wine's device test test_private_data pins
 * on Windows: blobs copied in and out, D3DSPD_IUNKNOWN interfaces held with
 * a reference (released on replacement, FreePrivateData and the object's
 * destruction), D3DERR_MOREDATA and size queries, D3DERR_NOTFOUND, a
 * failing call that keeps the old entry, and one store per object (a
 * texture's and its level's are distinct). */
static void test_private_data(void)
{
    static const char test_name[] = "private data";
    static const GUID tag = {0xfdb37466, 0x428f, 0x4edf,
                             {0xa3, 0x7f, 0x9b, 0x1d, 0xf4, 0x88, 0xc5, 0xfc}};
    static const GUID tag2 = {0x2e5afac2, 0x87b5, 0x4c10,
                              {0x9b, 0x4b, 0x89, 0xd7, 0xd1, 0x12, 0xe7, 0x2b}};
    DWORD blob[4] = {1, 2, 3, 4}, out[4], size;
    IDirect3DSurface9 *surf = NULL, *level0 = NULL;
    IDirect3DTexture9 *tex = NULL;
    IDirect3DVolumeTexture9 *vtex = NULL;
    IDirect3DVolume9 *vol = NULL;
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DDevice9 *dev;
    IDirect3D9 *d3d;
    IUnknown *ptr;
    unsigned long base;
    HRESULT hr;

    if (!create_pair(test_name, 0, &d3d, &dev))
        return;
    hr = IDirect3DDevice9_CreateOffscreenPlainSurface(dev, 4, 4, D3DFMT_A8R8G8B8,
                                                      D3DPOOL_SCRATCH, &surf, NULL);
    if (!ok(hr == D3D_OK, "%s: a scratch surface (hr %#x)", test_name, HRU(hr)))
        return;
    base = rc_dev(dev);
    hr = IDirect3DSurface9_SetPrivateData(surf, &tag, dev, 0, D3DSPD_IUNKNOWN);
    ok(hr == D3DERR_INVALIDCALL, "%s: an interface of size 0: hr %#x", test_name, HRU(hr));
    hr = IDirect3DSurface9_SetPrivateData(surf, &tag, dev, sizeof(dev), D3DSPD_IUNKNOWN);
    ok(hr == D3D_OK, "%s: an interface: hr %#x", test_name, HRU(hr));
    CHECK_RC(dev, dev, base + 1, "device held by the surface's private data");
    hr = IDirect3DSurface9_SetPrivateData(surf, &tag, dev, sizeof(dev) * 2,
                                          D3DSPD_IUNKNOWN);
    ok(hr == D3DERR_INVALIDCALL, "%s: a wrong interface size: hr %#x", test_name, HRU(hr));
    size = 1;
    ptr = SENTINEL;
    hr = IDirect3DSurface9_GetPrivateData(surf, &tag, &ptr, &size);
    ok(hr == D3DERR_MOREDATA && size == sizeof(dev) && ptr == SENTINEL,
       "%s: too small a buffer: hr %#x, size %lu", test_name, HRU(hr),
       (unsigned long)size);
    size = 0;
    hr = IDirect3DSurface9_GetPrivateData(surf, &tag, NULL, &size);
    ok(hr == D3D_OK && size == sizeof(dev), "%s: the size alone: hr %#x, size %lu",
       test_name, HRU(hr), (unsigned long)size);
    size = 2 * sizeof(ptr);
    hr = IDirect3DSurface9_GetPrivateData(surf, &tag, &ptr, &size);
    ok(hr == D3D_OK && ptr == (IUnknown *)dev && size == sizeof(dev),
       "%s: the failed call kept the interface, handed out: hr %#x", test_name, HRU(hr));
    CHECK_RC(dev, dev, base + 2, "device after GetPrivateData AddRefs it");
    if (hr == D3D_OK)
        IUnknown_Release(ptr);
    /* Replacing an interface with another releases the first. */
    hr = IDirect3DSurface9_SetPrivateData(surf, &tag, surf, sizeof(surf), D3DSPD_IUNKNOWN);
    ok(hr == D3D_OK, "%s: replaced by another interface", test_name);
    CHECK_RC(dev, dev, base, "device released when another interface replaces it");
    hr = IDirect3DSurface9_SetPrivateData(surf, &tag, blob, sizeof(blob), 0);
    ok(hr == D3D_OK, "%s: replaced by a blob", test_name);
    CHECK_RC(surf, surf, 1, "surface released from its own private data");
    hr = IDirect3DSurface9_SetPrivateData(surf, &tag2, dev, sizeof(dev), D3DSPD_IUNKNOWN);
    ok(hr == D3D_OK, "%s: a second tag", test_name);
    memset(out, 0, sizeof(out));
    size = sizeof(out);
    hr = IDirect3DSurface9_GetPrivateData(surf, &tag, out, &size);
    ok(hr == D3D_OK && size == sizeof(blob) && !memcmp(out, blob, sizeof(blob)),
       "%s: the blob comes back: hr %#x", test_name, HRU(hr));
    ok(IDirect3DSurface9_FreePrivateData(surf, &tag) == D3D_OK &&
           IDirect3DSurface9_FreePrivateData(surf, &tag) == D3DERR_NOTFOUND,
       "%s: FreePrivateData, then NOTFOUND", test_name);
    size = 0xdeadbabe;
    hr = IDirect3DSurface9_GetPrivateData(surf, &tag, out, &size);
    ok(hr == D3DERR_NOTFOUND && size == 0xdeadbabe, "%s: a freed tag: hr %#x", test_name,
       HRU(hr));
    /* Destroying the surface releases what its private data holds (the
     * surface itself held one device reference). */
    CHECK_RET(IDirect3DSurface9_Release(surf), 0, "surface Release");
    CHECK_RC(dev, dev, base - 1, "device after the surface and its private data went");

    /* A texture's store and its level's are distinct. */
    hr = IDirect3DDevice9_CreateTexture(dev, 4, 4, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH,
                                        &tex, NULL);
    if (ok(hr == D3D_OK, "%s: a texture", test_name)) {
        IDirect3DTexture9_GetSurfaceLevel(tex, 0, &level0);
        ok(IDirect3DTexture9_SetPrivateData(tex, &tag, blob, sizeof(blob), 0) == D3D_OK,
           "%s: texture SetPrivateData", test_name);
        size = sizeof(out);
        ok(IDirect3DSurface9_GetPrivateData(level0, &tag, out, &size) == D3DERR_NOTFOUND,
           "%s: not in its level", test_name);
        size = sizeof(out);
        memset(out, 0, sizeof(out));
        ok(IDirect3DTexture9_GetPrivateData(tex, &tag, out, &size) == D3D_OK &&
               out[3] == 4,
           "%s: in the texture", test_name);
        ok(IDirect3DSurface9_SetPrivateData(level0, &tag2, dev, sizeof(dev),
                                            D3DSPD_IUNKNOWN) == D3D_OK,
           "%s: level SetPrivateData", test_name);
        IDirect3DSurface9_Release(level0);
        CHECK_RET(IDirect3DTexture9_Release(tex), 0, "texture Release");
        CHECK_RC(dev, dev, base - 1, "device after the texture and its level's data went");
    }
    hr = IDirect3DDevice9_CreateVolumeTexture(dev, 4, 4, 4, 1, 0, D3DFMT_A8R8G8B8,
                                              D3DPOOL_SYSTEMMEM, &vtex, NULL);
    if (ok(hr == D3D_OK, "%s: a volume texture", test_name)) {
        IDirect3DVolumeTexture9_GetVolumeLevel(vtex, 0, &vol);
        ok(IDirect3DVolume9_SetPrivateData(vol, &tag, blob, sizeof(blob), 0) == D3D_OK,
           "%s: volume SetPrivateData", test_name);
        size = sizeof(out);
        memset(out, 0, sizeof(out));
        ok(IDirect3DVolume9_GetPrivateData(vol, &tag, out, &size) == D3D_OK && out[2] == 3,
           "%s: volume GetPrivateData", test_name);
        IDirect3DVolume9_Release(vol);
        IDirect3DVolumeTexture9_Release(vtex);
    }
    hr = IDirect3DDevice9_CreateVertexBuffer(dev, 64, 0, 0, D3DPOOL_SYSTEMMEM, &vb, NULL);
    if (ok(hr == D3D_OK, "%s: a vertex buffer", test_name)) {
        ok(IDirect3DVertexBuffer9_SetPrivateData(vb, &tag, dev, sizeof(dev),
                                                 D3DSPD_IUNKNOWN) == D3D_OK,
           "%s: vertex buffer SetPrivateData", test_name);
        CHECK_RET(IDirect3DVertexBuffer9_Release(vb), 0, "vertex buffer Release");
        CHECK_RC(dev, dev, base - 1, "device after the buffer and its data went");
    }
    CHECK_RET(IDirect3DDevice9_Release(dev), 0, "final device Release");
    CHECK_RET(IDirect3D9_Release(d3d), 0, "final IDirect3D9 Release");
}

int main(void)
{
    (void)test_todo; /* harness.h counter this file has no use for */
    test_counts_release_surfaces_first();
    test_release_d3d_first();
    test_release_device_first_offscreen();
    test_release_device_first_backbuffer();
    test_auto_depth_stencil();
    test_private_data();
    return test_done();
}
