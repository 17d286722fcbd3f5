/* IDirect3DResource9's private data (SetPrivateData, GetPrivateData,
 * FreePrivateData), and IDirect3DVolume9's: the shared store
 * (src/client/private_data.c) with D3D9's error codes.  With
 * D3DSPD_IUNKNOWN, pData is the interface itself (Wine's tests pin it on
 * Windows) and SizeOfData must be a pointer's size. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

static HRESULT d3d9_hr(enum nr_private_result r)
{
    switch (r) {
    case NR_PRIVATE_OK: return D3D_OK;
    case NR_PRIVATE_NOT_FOUND: return D3DERR_NOTFOUND;
    case NR_PRIVATE_MORE_DATA: return D3DERR_MOREDATA;
    case NR_PRIVATE_NO_MEMORY: return E_OUTOFMEMORY;
    default: return D3DERR_INVALIDCALL;
    }
}

HRESULT d3d9_private_set(struct nr_private_data *pd, REFGUID tag, const void *data,
                         DWORD size, DWORD flags)
{
    bool iunknown = (flags & D3DSPD_IUNKNOWN) != 0;
    if (iunknown && size != sizeof(IUnknown *))
        return D3DERR_INVALIDCALL;
    return d3d9_hr(nr_private_set(pd, tag, data, size, iunknown, (IUnknown *)data));
}

HRESULT d3d9_private_get(struct nr_private_data *pd, REFGUID tag, void *data, DWORD *size)
{
    uint32_t n;
    HRESULT hr;
    if (!tag)
        return D3DERR_NOTFOUND;
    if (!size)
        return nr_private_get(pd, tag, NULL, NULL) == NR_PRIVATE_NOT_FOUND ? D3DERR_NOTFOUND
                                                                          : D3DERR_INVALIDCALL;
    n = *size;
    hr = d3d9_hr(nr_private_get(pd, tag, data, &n));
    if (hr != D3DERR_NOTFOUND)
        *size = n;
    return hr;
}

HRESULT d3d9_private_free(struct nr_private_data *pd, REFGUID tag)
{
    return d3d9_hr(nr_private_free(pd, tag));
}
