/* Hooks for nereid's own tests, linked only into libnereid_d3d9_test.so
 * (the same objects as libd3d9.so, plus this file): the library a program
 * loads does not export them. */
#include "d3d9/d3d9_private.h"

#include "d3d9/testhooks.h"
#include <string.h>

NR_EXPORT HRESULT nereid_device_inject(IDirect3DDevice9 *iface, const void *bytes,
                                       size_t size)
{
    struct d3d9_device *dev;
    uint8_t *dst;

    if (!d3d9_is_device_iface(iface) || !bytes || size > 4096 || size % 8)
        return D3DERR_INVALIDCALL;
    dev = impl_from_IDirect3DDevice9(iface);
    if (dev->tc->lost)
        return D3DERR_DEVICELOST;
    if (!(dst = wire_writer_begin(&dev->tc->w, (uint32_t)size)))
        return D3DERR_DEVICELOST;
    memcpy(dst, bytes, size);
    dev->tc->w.cur = dst + size;
    transport_flush(dev->tc);
    return D3D_OK;
}
