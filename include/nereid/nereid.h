/* nereid's own API, for tools, tests and embedders.  Everything else a
 * program needs is plain D3D9 (<d3d9.h>). */
#ifndef NEREID_NEREID_H
#define NEREID_NEREID_H

#include <d3d9.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a device runs on. */
struct nereid_device_info {
    char device_name[256];  /* the server's Vulkan device */
    char transport[32];     /* "inproc", "shm", "stream-unix", "stream-tcp" */
    uint32_t context_id;    /* the server's id for this device's session */
    uint32_t lost;          /* nonzero when the session is gone */
    char lost_reason[160];  /* why, when lost */
    uint64_t frames;        /* presents so far */
};

/* Fills *info for a device created by nereid; D3DERR_INVALIDCALL for any
 * other pointer. */
HRESULT nereid_device_get_info(IDirect3DDevice9 *device,
                               struct nereid_device_info *info);

/* A round trip to the server: waits until every record sent so far has been
 * executed, and returns the number of Vulkan validation errors the server
 * process has seen (0 unless it runs with NEREID_VALIDATION=1).
 * D3DERR_DEVICELOST when the session is gone. */
HRESULT nereid_device_sync(IDirect3DDevice9 *device, uint64_t *validation_errors);

/* Debugging and tests: writes raw bytes into the device's command stream, as
 * if they were records.  A malformed stream makes the server cut this
 * device's session off (the device is then lost), as for any client. */
HRESULT nereid_device_inject(IDirect3DDevice9 *device, const void *bytes,
                             size_t size);

/* The path of the PNG the server wrote for a frame when NEREID_DUMP names a
 * folder: "<NEREID_DUMP>/nereid-<context>-<frame>.png". */
HRESULT nereid_device_dump_path(IDirect3DDevice9 *device, uint64_t frame,
                                char *path, size_t size);

#ifdef __cplusplus
}
#endif

#endif
