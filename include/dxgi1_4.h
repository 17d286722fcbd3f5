/*
 * nereid: DXGI 1.4's IDXGIFactory4 (dxgi1_4.h); its other
 * interfaces are not offered and not declared, for native builds.
 *
 * Written for nereid from Microsoft's DXGI documentation, in the form of
 * dxgi.h (see there).  tests/unit/test_d3d11_abi.c checks slots, layouts
 * and values against those of mingw-w64's headers.  On Windows this file
 * defers to the system's <dxgi1_4.h>.
 */
#ifdef _WIN32
#include_next <dxgi1_4.h>
#else /* !_WIN32 */

#ifndef NEREID_DXGI1_4_H
#define NEREID_DXGI1_4_H

#include "dxgi1_3.h"

#ifdef __cplusplus
extern "C" {
#endif

/* {1BC6EA02-EF36-464F-BF0C-21CA39E5168A} */
DEFINE_GUID(IID_IDXGIFactory4, 0x1bc6ea02, 0xef36, 0x464f, 0xbf, 0x0c, 0x21,
            0xca, 0x39, 0xe5, 0x16, 0x8a);

typedef struct IDXGIFactory4 IDXGIFactory4;

/* ---- IDXGIFactory4 --------------------------------------------------------- */

typedef struct IDXGIFactory4Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIFactory4 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIFactory4 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIFactory4 *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIFactory4 *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIFactory4 *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIFactory4 *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIFactory4 *This, REFIID riid, void **ppParent);
    /* IDXGIFactory */
    HRESULT (STDMETHODCALLTYPE *EnumAdapters)(
        IDXGIFactory4 *This, UINT Adapter, IDXGIAdapter **ppAdapter);
    HRESULT (STDMETHODCALLTYPE *MakeWindowAssociation)(
        IDXGIFactory4 *This, HWND WindowHandle, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *GetWindowAssociation)(
        IDXGIFactory4 *This, HWND *pWindowHandle);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChain)(
        IDXGIFactory4 *This, IUnknown *pDevice, DXGI_SWAP_CHAIN_DESC *pDesc,
        IDXGISwapChain **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *CreateSoftwareAdapter)(
        IDXGIFactory4 *This, HMODULE Module, IDXGIAdapter **ppAdapter);
    /* IDXGIFactory1 */
    HRESULT (STDMETHODCALLTYPE *EnumAdapters1)(
        IDXGIFactory4 *This, UINT Adapter, IDXGIAdapter1 **ppAdapter);
    BOOL (STDMETHODCALLTYPE *IsCurrent)(IDXGIFactory4 *This);
    /* IDXGIFactory2 */
    BOOL (STDMETHODCALLTYPE *IsWindowedStereoEnabled)(IDXGIFactory4 *This);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChainForHwnd)(
        IDXGIFactory4 *This, IUnknown *pDevice, HWND hWnd,
        const DXGI_SWAP_CHAIN_DESC1 *pDesc,
        const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *pFullscreenDesc,
        IDXGIOutput *pRestrictToOutput, IDXGISwapChain1 **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChainForCoreWindow)(
        IDXGIFactory4 *This, IUnknown *pDevice, IUnknown *pWindow,
        const DXGI_SWAP_CHAIN_DESC1 *pDesc, IDXGIOutput *pRestrictToOutput,
        IDXGISwapChain1 **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *GetSharedResourceAdapterLuid)(
        IDXGIFactory4 *This, HANDLE hResource, LUID *pLuid);
    HRESULT (STDMETHODCALLTYPE *RegisterStereoStatusWindow)(
        IDXGIFactory4 *This, HWND WindowHandle, UINT wMsg, DWORD *pdwCookie);
    HRESULT (STDMETHODCALLTYPE *RegisterStereoStatusEvent)(
        IDXGIFactory4 *This, HANDLE hEvent, DWORD *pdwCookie);
    void (STDMETHODCALLTYPE *UnregisterStereoStatus)(IDXGIFactory4 *This, DWORD dwCookie);
    HRESULT (STDMETHODCALLTYPE *RegisterOcclusionStatusWindow)(
        IDXGIFactory4 *This, HWND WindowHandle, UINT wMsg, DWORD *pdwCookie);
    HRESULT (STDMETHODCALLTYPE *RegisterOcclusionStatusEvent)(
        IDXGIFactory4 *This, HANDLE hEvent, DWORD *pdwCookie);
    void (STDMETHODCALLTYPE *UnregisterOcclusionStatus)(IDXGIFactory4 *This, DWORD dwCookie);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChainForComposition)(
        IDXGIFactory4 *This, IUnknown *pDevice, const DXGI_SWAP_CHAIN_DESC1 *pDesc,
        IDXGIOutput *pRestrictToOutput, IDXGISwapChain1 **ppSwapChain);
    /* IDXGIFactory3 */
    UINT (STDMETHODCALLTYPE *GetCreationFlags)(IDXGIFactory4 *This);
    /* IDXGIFactory4 */
    HRESULT (STDMETHODCALLTYPE *EnumAdapterByLuid)(IDXGIFactory4 *This, LUID AdapterLuid, REFIID riid, void **ppvAdapter);
    HRESULT (STDMETHODCALLTYPE *EnumWarpAdapter)(IDXGIFactory4 *This, REFIID riid, void **ppvAdapter);
} IDXGIFactory4Vtbl;

struct IDXGIFactory4 {
    const IDXGIFactory4Vtbl *lpVtbl;
};

#define IDXGIFactory4_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIFactory4_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIFactory4_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIFactory4_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIFactory4_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIFactory4_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIFactory4_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIFactory4_EnumAdapters(p,a,b) (p)->lpVtbl->EnumAdapters(p,a,b)
#define IDXGIFactory4_MakeWindowAssociation(p,a,b) (p)->lpVtbl->MakeWindowAssociation(p,a,b)
#define IDXGIFactory4_GetWindowAssociation(p,a) (p)->lpVtbl->GetWindowAssociation(p,a)
#define IDXGIFactory4_CreateSwapChain(p,a,b,c) (p)->lpVtbl->CreateSwapChain(p,a,b,c)
#define IDXGIFactory4_CreateSoftwareAdapter(p,a,b) (p)->lpVtbl->CreateSoftwareAdapter(p,a,b)
#define IDXGIFactory4_EnumAdapters1(p,a,b) (p)->lpVtbl->EnumAdapters1(p,a,b)
#define IDXGIFactory4_IsCurrent(p) (p)->lpVtbl->IsCurrent(p)
#define IDXGIFactory4_IsWindowedStereoEnabled(p) (p)->lpVtbl->IsWindowedStereoEnabled(p)
#define IDXGIFactory4_CreateSwapChainForHwnd(p,a,b,c,d,e,f) (p)->lpVtbl->CreateSwapChainForHwnd(p,a,b,c,d,e,f)
#define IDXGIFactory4_CreateSwapChainForCoreWindow(p,a,b,c,d,e) (p)->lpVtbl->CreateSwapChainForCoreWindow(p,a,b,c,d,e)
#define IDXGIFactory4_GetSharedResourceAdapterLuid(p,a,b) (p)->lpVtbl->GetSharedResourceAdapterLuid(p,a,b)
#define IDXGIFactory4_RegisterStereoStatusWindow(p,a,b,c) (p)->lpVtbl->RegisterStereoStatusWindow(p,a,b,c)
#define IDXGIFactory4_RegisterStereoStatusEvent(p,a,b) (p)->lpVtbl->RegisterStereoStatusEvent(p,a,b)
#define IDXGIFactory4_UnregisterStereoStatus(p,a) (p)->lpVtbl->UnregisterStereoStatus(p,a)
#define IDXGIFactory4_RegisterOcclusionStatusWindow(p,a,b,c) (p)->lpVtbl->RegisterOcclusionStatusWindow(p,a,b,c)
#define IDXGIFactory4_RegisterOcclusionStatusEvent(p,a,b) (p)->lpVtbl->RegisterOcclusionStatusEvent(p,a,b)
#define IDXGIFactory4_UnregisterOcclusionStatus(p,a) (p)->lpVtbl->UnregisterOcclusionStatus(p,a)
#define IDXGIFactory4_CreateSwapChainForComposition(p,a,b,c,d) (p)->lpVtbl->CreateSwapChainForComposition(p,a,b,c,d)
#define IDXGIFactory4_GetCreationFlags(p) (p)->lpVtbl->GetCreationFlags(p)
#define IDXGIFactory4_EnumAdapterByLuid(p,a,b,c) (p)->lpVtbl->EnumAdapterByLuid(p,a,b,c)
#define IDXGIFactory4_EnumWarpAdapter(p,a,b) (p)->lpVtbl->EnumWarpAdapter(p,a,b)

#ifdef __cplusplus
}
#endif

#endif /* NEREID_DXGI1_4_H */
#endif /* !_WIN32 */
