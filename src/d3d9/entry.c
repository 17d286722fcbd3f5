/* The exports of libd3d9.so / d3d9.dll and nereid's own API. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <nereid/nereid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

NR_EXPORT IDirect3D9 *WINAPI Direct3DCreate9(UINT sdk_version)
{
    struct d3d9 *d3d;
    /* D3D9 accepts the SDK version of any D3D9 SDK, with or without the
     * debug bit (0x80000000). */
    if ((sdk_version & 0x7fffffff) != D3D_SDK_VERSION &&
        (sdk_version & 0x7fffffff) != 31) {
        NR_ERR(D3D9, "Direct3DCreate9: SDK version %u is not a D3D9 one",
               sdk_version);
        return NULL;
    }
    d3d = d3d9_create();
    return d3d ? &d3d->IDirect3D9_iface : NULL;
}

NR_EXPORT HRESULT WINAPI Direct3DCreate9Ex(UINT sdk_version, IDirect3D9Ex **out)
{
    (void)sdk_version;
    if (out)
        *out = NULL;
    /* D3D9Ex is not built yet; D3D9 documents D3DERR_NOTAVAILABLE for a
     * system without it. */
    NR_WARN(D3D9, "Direct3DCreate9Ex is not implemented yet");
    return D3DERR_NOTAVAILABLE;
}

static int perf_depth;

NR_EXPORT int WINAPI D3DPERF_BeginEvent(D3DCOLOR color, LPCWSTR name)
{
    (void)color; (void)name;
    return __atomic_fetch_add(&perf_depth, 1, __ATOMIC_SEQ_CST);
}

NR_EXPORT int WINAPI D3DPERF_EndEvent(void)
{
    int d = __atomic_load_n(&perf_depth, __ATOMIC_SEQ_CST);
    if (d <= 0)
        return -1;
    return __atomic_sub_fetch(&perf_depth, 1, __ATOMIC_SEQ_CST);
}

NR_EXPORT void WINAPI D3DPERF_SetMarker(D3DCOLOR color, LPCWSTR name)
{
    (void)color; (void)name;
}

NR_EXPORT void WINAPI D3DPERF_SetRegion(D3DCOLOR color, LPCWSTR name)
{
    (void)color; (void)name;
}

NR_EXPORT BOOL WINAPI D3DPERF_QueryRepeatFrame(void)
{
    return FALSE;
}

NR_EXPORT void WINAPI D3DPERF_SetOptions(DWORD options)
{
    (void)options;
}

NR_EXPORT DWORD WINAPI D3DPERF_GetStatus(void)
{
    return 0; /* no profiler attached */
}

NR_EXPORT void *WINAPI Direct3DShaderValidatorCreate9(void)
{
    NR_WARN(D3D9, "Direct3DShaderValidatorCreate9 is not implemented");
    return NULL;
}

/* ------------------------------------------------------------ nereid API */

NR_EXPORT HRESULT nereid_device_get_info(IDirect3DDevice9 *iface,
                                         struct nereid_device_info *info)
{
    struct d3d9_device *dev;
    if (!d3d9_is_device_iface(iface) || !info)
        return D3DERR_INVALIDCALL;
    dev = impl_from_IDirect3DDevice9(iface);
    memset(info, 0, sizeof(*info));
    snprintf(info->device_name, sizeof(info->device_name), "%s",
             dev->tc->caps.device_name);
    snprintf(info->transport, sizeof(info->transport), "%s", dev->tc->kind_name);
    info->context_id = dev->tc->context_id;
    info->lost = dev->tc->lost;
    snprintf(info->lost_reason, sizeof(info->lost_reason), "%s", dev->tc->lost_reason);
    info->frames = dev->swapchain->frames;
    return D3D_OK;
}

NR_EXPORT HRESULT nereid_device_sync(IDirect3DDevice9 *iface, uint64_t *errors)
{
    struct d3d9_device *dev;
    struct wire_ping ping = {0x6e65726569640000ull};
    struct wire_reply reply;

    if (!d3d9_is_device_iface(iface))
        return D3DERR_INVALIDCALL;
    dev = impl_from_IDirect3DDevice9(iface);
    if (dev->tc->lost || !wire_emit_PING(&dev->tc->w, &ping) ||
        !transport_wait_reply(dev->tc, &reply) || reply.values[0] != ping.cookie)
        return D3DERR_DEVICELOST;
    if (errors)
        *errors = reply.values[1];
    return D3D_OK;
}

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

NR_EXPORT HRESULT nereid_device_dump_path(IDirect3DDevice9 *iface, uint64_t frame,
                                          char *path, size_t size)
{
    struct d3d9_device *dev;
    const char *dir = getenv("NEREID_DUMP");
    if (!d3d9_is_device_iface(iface) || !path || !dir || !*dir)
        return D3DERR_INVALIDCALL;
    dev = impl_from_IDirect3DDevice9(iface);
    snprintf(path, size, "%s/nereid-%u-%05llu.png", dir, dev->tc->context_id,
             (unsigned long long)frame);
    return D3D_OK;
}
