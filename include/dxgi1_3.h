/*
 * nereid: of DXGI 1.3 (dxgi1_3.h), the entry point CreateDXGIFactory2, for
 * native builds.  Its interfaces (IDXGIFactory3, IDXGISwapChain2, ...) are
 * not offered and not declared.
 *
 * Written for nereid from Microsoft's DXGI documentation.  On Windows this
 * file defers to the system's <dxgi1_3.h>.
 */
#ifdef _WIN32
#include_next <dxgi1_3.h>
#else /* !_WIN32 */

#ifndef NEREID_DXGI1_3_H
#define NEREID_DXGI1_3_H

#include "dxgi1_2.h"

#ifdef __cplusplus
extern "C" {
#endif

/* CreateDXGIFactory2's Flags: 0 or this. */
#define DXGI_CREATE_FACTORY_DEBUG 0x1

HRESULT WINAPI CreateDXGIFactory2(UINT Flags, REFIID riid, void **ppFactory);

#ifdef __cplusplus
}
#endif

#endif /* NEREID_DXGI1_3_H */
#endif /* !_WIN32 */
