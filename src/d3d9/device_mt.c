/* D3DCREATE_MULTITHREADED: a reentrant lock around every method of the
 * device and of its objects, costing nothing on other devices.
 *
 * A multithreaded device gets a second vtable whose methods take the
 * device's recursive mutex and call the ordinary ones; its objects get
 * locking vtables as they reach the application (every Create*, Get* and
 * QueryInterface out parameter is swapped before it is returned, and the
 * implicit swap chain, back buffer and depth surface at creation).  Devices
 * created without the flag never see these tables: their calls are direct.
 * The wrappers are generated from include/d3d9.h by tools/gen-device-mt.py
 * into device_mt_vtbls.h.
 *
 * Identity checks (foo_from_iface) compare d3d9_base_vtbl(iface->lpVtbl),
 * which sees through a locking vtable to the one the object was created
 * with.  Each interface has one implementation, so one base vtable per
 * interface is learned from the first object seen. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <stdlib.h>

typedef HRESULT(STDMETHODCALLTYPE *mt_get_device_fn)(void *iface, IDirect3DDevice9 **out);

static void mt_wrap_unknown(IUnknown *obj);

static void mt_lock_free(pthread_mutex_t *m)
{
    pthread_mutex_destroy(m);
    free(m);
}

/* Locks the device of an object for one call; the reference GetDevice
 * takes keeps the device (and its lock) alive across the call. */
static IDirect3DDevice9 *mt_enter(void *iface, mt_get_device_fn get_device)
{
    IDirect3DDevice9 *d = NULL;
    get_device(iface, &d);
    pthread_mutex_lock(impl_from_IDirect3DDevice9(d)->mt_lock);
    return d;
}

static void mt_leave(IDirect3DDevice9 *d)
{
    pthread_mutex_unlock(impl_from_IDirect3DDevice9(d)->mt_lock);
    IDirect3DDevice9_Release(d);
}

/* Gives an object its interface's locking vtable. */
static void mt_swap(void *obj, const void **base, const void *mt, const char *name)
{
    const void **vtbl = (const void **)obj;
    const void *v = __atomic_load_n(vtbl, __ATOMIC_ACQUIRE), *expected = NULL;

    if (!v || v == mt)
        return;
    __atomic_compare_exchange_n(base, &expected, v, false, __ATOMIC_ACQ_REL,
                                __ATOMIC_ACQUIRE);
    if (__atomic_load_n(base, __ATOMIC_ACQUIRE) != v) {
        static bool warned;
        if (!warned) {
            warned = true;
            NR_WARN(D3D9, "D3DCREATE_MULTITHREADED: a second implementation of "
                          "IDirect3D%s stays unlocked", name);
        }
        return;
    }
    __atomic_store_n(vtbl, mt, __ATOMIC_RELEASE);
}

#include "d3d9/device_mt_vtbls.h"

bool d3d9_device_mt_enable(struct d3d9_device *dev, const IDirect3DDevice9Vtbl *base)
{
    pthread_mutexattr_t attr;
    pthread_mutex_t *m = malloc(sizeof(*m));

    if (!m)
        return false;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    if (pthread_mutex_init(m, &attr)) {
        pthread_mutexattr_destroy(&attr);
        free(m);
        return false;
    }
    pthread_mutexattr_destroy(&attr);
    dev->mt_lock = m;
    __atomic_store_n(&mt_base_Device9Ex, (const IDirect3DDevice9ExVtbl *)base,
                     __ATOMIC_RELEASE);
    dev->IDirect3DDevice9_iface.lpVtbl = (const IDirect3DDevice9Vtbl *)&mt_vtbls.Device9Ex;
    /* The implicit objects exist before the application sees any. */
    if (dev->swapchain) {
        mt_wrap_SwapChain9Ex((IDirect3DSwapChain9Ex *)&dev->swapchain->IDirect3DSwapChain9_iface);
        for (uint32_t i = 0; i < dev->swapchain->pp.BackBufferCount; i++)
            mt_wrap_Surface9(&dev->swapchain->buffers[i]->IDirect3DSurface9_iface);
    }
    if (dev->auto_depth)
        mt_wrap_Surface9(&dev->auto_depth->IDirect3DSurface9_iface);
    NR_INFO(D3D9, "D3DCREATE_MULTITHREADED: the device's methods are locked");
    return true;
}
