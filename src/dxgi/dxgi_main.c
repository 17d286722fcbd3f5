/* libdxgi.so: CreateDXGIFactory, CreateDXGIFactory1 and CreateDXGIFactory2,
 * and the other entries programs and Wine's own DLLs link against.  The factory, its
 * adapter and the swap chains live in libd3d11.so, next to the device they
 * present with; this library hands the call over.  The interface IDs
 * (DXGI's too) are defined once, in libd3d11.so: a program using DXGI
 * links both, as it does with dxgi.lib and d3d11.lib. */
#include <dxgi1_3.h>

#include "common/common.h"

HRESULT nereid_dxgi_create_factory(REFIID riid, void **out);
HRESULT nereid_dxgi_create_factory2(UINT flags, REFIID riid, void **out);

NR_EXPORT HRESULT WINAPI CreateDXGIFactory1(REFIID riid, void **out)
{
    return nereid_dxgi_create_factory(riid, out);
}

NR_EXPORT HRESULT WINAPI CreateDXGIFactory(REFIID riid, void **out)
{
    return nereid_dxgi_create_factory(riid, out);
}

/* DXGI 1.3's: the same factory, which remembers the flags
 * (IDXGIFactory3::GetCreationFlags).  DXGI_CREATE_FACTORY_DEBUG asks for
 * the debug layer's messages about the application's calls; there is no
 * such layer here, and the factory is the same without it (Wine's DXGI
 * accepts the flag the same way). */
NR_EXPORT HRESULT WINAPI CreateDXGIFactory2(UINT flags, REFIID riid, void **out)
{
    if (flags & ~(UINT)DXGI_CREATE_FACTORY_DEBUG) {
        if (out)
            *out = NULL;
        return DXGI_ERROR_INVALID_CALL;
    }
    return nereid_dxgi_create_factory2(flags, riid, out);
}

/* No debug layer: what Windows answers without the SDK's tools. */
NR_EXPORT HRESULT WINAPI DXGIGetDebugInterface1(UINT flags, REFIID riid, void **out)
{
    (void)flags, (void)riid;
    if (out)
        *out = NULL;
    return E_NOINTERFACE;
}

/* The Direct3D 10 runtime's way to its device (Wine's d3d10core imports
 * it, so d3d10.dll and d3d10_1.dll load only where dxgi.dll has it).
 * There is no ID3D10Device here (docs/STATUS.md): a Direct3D 10 program's
 * D3D10CreateDevice answers DXGI_ERROR_UNSUPPORTED, as on hardware
 * without Direct3D 10, instead of the program failing to start. */
NR_EXPORT HRESULT WINAPI DXGID3D10CreateDevice(HMODULE d3d11, IDXGIFactory *factory,
                                               IDXGIAdapter *adapter, UINT flags,
                                               const void *levels, UINT level_count,
                                               void **device)
{
    (void)d3d11, (void)factory, (void)adapter, (void)flags, (void)levels, (void)level_count;
    if (device)
        *device = NULL;
    return DXGI_ERROR_UNSUPPORTED;
}

NR_EXPORT HRESULT WINAPI DXGID3D10RegisterLayers(const void *layers, UINT count)
{
    (void)layers, (void)count;
    return E_NOTIMPL;
}
