/* Test-only entry points of libnereid_d3d9_test.so (testhooks.c),
 * which tests link instead of libd3d9.so when they need them. */
#ifndef NEREID_TESTHOOKS_H
#define NEREID_TESTHOOKS_H

#include <d3d9.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writes raw bytes into the device's command stream, as
 * if they were records.  A malformed stream makes the server cut this
 * device's session off (the device is then lost), as for any client. */
HRESULT nereid_device_inject(IDirect3DDevice9 *device, const void *bytes,
                             size_t size);

#ifdef __cplusplus
}
#endif

#endif
