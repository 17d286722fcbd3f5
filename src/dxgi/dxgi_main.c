/* libdxgi.so: CreateDXGIFactory and CreateDXGIFactory1.  The factory, its
 * adapter and the swap chains live in libd3d11.so, next to the device they
 * present with; this library hands the call over.  The interface IDs
 * (DXGI's too) are defined once, in libd3d11.so: a program using DXGI
 * links both, as it does with dxgi.lib and d3d11.lib. */
#include <dxgi.h>

#include "common/common.h"

HRESULT nereid_dxgi_create_factory(REFIID riid, void **out);

NR_EXPORT HRESULT WINAPI CreateDXGIFactory1(REFIID riid, void **out)
{
    return nereid_dxgi_create_factory(riid, out);
}

NR_EXPORT HRESULT WINAPI CreateDXGIFactory(REFIID riid, void **out)
{
    return nereid_dxgi_create_factory(riid, out);
}
