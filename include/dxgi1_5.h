/*
 * nereid: DXGI 1.5's IDXGIFactory5 (dxgi1_5.h); its other
 * interfaces are not offered and not declared, for native builds.
 *
 * Written for nereid from Microsoft's DXGI documentation, in the form of
 * dxgi.h (see there).  tests/unit/test_d3d11_abi.c checks slots, layouts
 * and values against those of mingw-w64's headers.  On Windows this file
 * defers to the system's <dxgi1_5.h>.
 */
#ifdef _WIN32
#include_next <dxgi1_5.h>
#else /* !_WIN32 */

#ifndef NEREID_DXGI1_5_H
#define NEREID_DXGI1_5_H

#include "dxgi1_4.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum DXGI_FEATURE {
    DXGI_FEATURE_PRESENT_ALLOW_TEARING = 0
} DXGI_FEATURE;

/* {7632E1F5-EE65-4DCA-87FD-84CD75F8838D} */
DEFINE_GUID(IID_IDXGIFactory5, 0x7632e1f5, 0xee65, 0x4dca, 0x87, 0xfd, 0x84,
            0xcd, 0x75, 0xf8, 0x83, 0x8d);

typedef struct IDXGIFactory5 IDXGIFactory5;

/* ---- IDXGIFactory5 --------------------------------------------------------- */

typedef struct IDXGIFactory5Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIFactory5 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIFactory5 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIFactory5 *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIFactory5 *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIFactory5 *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIFactory5 *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIFactory5 *This, REFIID riid, void **ppParent);
    /* IDXGIFactory */
    HRESULT (STDMETHODCALLTYPE *EnumAdapters)(
        IDXGIFactory5 *This, UINT Adapter, IDXGIAdapter **ppAdapter);
    HRESULT (STDMETHODCALLTYPE *MakeWindowAssociation)(
        IDXGIFactory5 *This, HWND WindowHandle, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *GetWindowAssociation)(
        IDXGIFactory5 *This, HWND *pWindowHandle);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChain)(
        IDXGIFactory5 *This, IUnknown *pDevice, DXGI_SWAP_CHAIN_DESC *pDesc,
        IDXGISwapChain **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *CreateSoftwareAdapter)(
        IDXGIFactory5 *This, HMODULE Module, IDXGIAdapter **ppAdapter);
    /* IDXGIFactory1 */
    HRESULT (STDMETHODCALLTYPE *EnumAdapters1)(
        IDXGIFactory5 *This, UINT Adapter, IDXGIAdapter1 **ppAdapter);
    BOOL (STDMETHODCALLTYPE *IsCurrent)(IDXGIFactory5 *This);
    /* IDXGIFactory2 */
    BOOL (STDMETHODCALLTYPE *IsWindowedStereoEnabled)(IDXGIFactory5 *This);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChainForHwnd)(
        IDXGIFactory5 *This, IUnknown *pDevice, HWND hWnd,
        const DXGI_SWAP_CHAIN_DESC1 *pDesc,
        const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *pFullscreenDesc,
        IDXGIOutput *pRestrictToOutput, IDXGISwapChain1 **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChainForCoreWindow)(
        IDXGIFactory5 *This, IUnknown *pDevice, IUnknown *pWindow,
        const DXGI_SWAP_CHAIN_DESC1 *pDesc, IDXGIOutput *pRestrictToOutput,
        IDXGISwapChain1 **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *GetSharedResourceAdapterLuid)(
        IDXGIFactory5 *This, HANDLE hResource, LUID *pLuid);
    HRESULT (STDMETHODCALLTYPE *RegisterStereoStatusWindow)(
        IDXGIFactory5 *This, HWND WindowHandle, UINT wMsg, DWORD *pdwCookie);
    HRESULT (STDMETHODCALLTYPE *RegisterStereoStatusEvent)(
        IDXGIFactory5 *This, HANDLE hEvent, DWORD *pdwCookie);
    void (STDMETHODCALLTYPE *UnregisterStereoStatus)(IDXGIFactory5 *This, DWORD dwCookie);
    HRESULT (STDMETHODCALLTYPE *RegisterOcclusionStatusWindow)(
        IDXGIFactory5 *This, HWND WindowHandle, UINT wMsg, DWORD *pdwCookie);
    HRESULT (STDMETHODCALLTYPE *RegisterOcclusionStatusEvent)(
        IDXGIFactory5 *This, HANDLE hEvent, DWORD *pdwCookie);
    void (STDMETHODCALLTYPE *UnregisterOcclusionStatus)(IDXGIFactory5 *This, DWORD dwCookie);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChainForComposition)(
        IDXGIFactory5 *This, IUnknown *pDevice, const DXGI_SWAP_CHAIN_DESC1 *pDesc,
        IDXGIOutput *pRestrictToOutput, IDXGISwapChain1 **ppSwapChain);
    /* IDXGIFactory3 */
    UINT (STDMETHODCALLTYPE *GetCreationFlags)(IDXGIFactory5 *This);
    /* IDXGIFactory4 */
    HRESULT (STDMETHODCALLTYPE *EnumAdapterByLuid)(IDXGIFactory5 *This, LUID AdapterLuid, REFIID riid, void **ppvAdapter);
    HRESULT (STDMETHODCALLTYPE *EnumWarpAdapter)(IDXGIFactory5 *This, REFIID riid, void **ppvAdapter);
    /* IDXGIFactory5 */
    HRESULT (STDMETHODCALLTYPE *CheckFeatureSupport)(IDXGIFactory5 *This, DXGI_FEATURE Feature, void *pFeatureSupportData, UINT FeatureSupportDataSize);
} IDXGIFactory5Vtbl;

struct IDXGIFactory5 {
    const IDXGIFactory5Vtbl *lpVtbl;
};

#define IDXGIFactory5_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIFactory5_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIFactory5_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIFactory5_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIFactory5_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIFactory5_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIFactory5_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIFactory5_EnumAdapters(p,a,b) (p)->lpVtbl->EnumAdapters(p,a,b)
#define IDXGIFactory5_MakeWindowAssociation(p,a,b) (p)->lpVtbl->MakeWindowAssociation(p,a,b)
#define IDXGIFactory5_GetWindowAssociation(p,a) (p)->lpVtbl->GetWindowAssociation(p,a)
#define IDXGIFactory5_CreateSwapChain(p,a,b,c) (p)->lpVtbl->CreateSwapChain(p,a,b,c)
#define IDXGIFactory5_CreateSoftwareAdapter(p,a,b) (p)->lpVtbl->CreateSoftwareAdapter(p,a,b)
#define IDXGIFactory5_EnumAdapters1(p,a,b) (p)->lpVtbl->EnumAdapters1(p,a,b)
#define IDXGIFactory5_IsCurrent(p) (p)->lpVtbl->IsCurrent(p)
#define IDXGIFactory5_IsWindowedStereoEnabled(p) (p)->lpVtbl->IsWindowedStereoEnabled(p)
#define IDXGIFactory5_CreateSwapChainForHwnd(p,a,b,c,d,e,f) (p)->lpVtbl->CreateSwapChainForHwnd(p,a,b,c,d,e,f)
#define IDXGIFactory5_CreateSwapChainForCoreWindow(p,a,b,c,d,e) (p)->lpVtbl->CreateSwapChainForCoreWindow(p,a,b,c,d,e)
#define IDXGIFactory5_GetSharedResourceAdapterLuid(p,a,b) (p)->lpVtbl->GetSharedResourceAdapterLuid(p,a,b)
#define IDXGIFactory5_RegisterStereoStatusWindow(p,a,b,c) (p)->lpVtbl->RegisterStereoStatusWindow(p,a,b,c)
#define IDXGIFactory5_RegisterStereoStatusEvent(p,a,b) (p)->lpVtbl->RegisterStereoStatusEvent(p,a,b)
#define IDXGIFactory5_UnregisterStereoStatus(p,a) (p)->lpVtbl->UnregisterStereoStatus(p,a)
#define IDXGIFactory5_RegisterOcclusionStatusWindow(p,a,b,c) (p)->lpVtbl->RegisterOcclusionStatusWindow(p,a,b,c)
#define IDXGIFactory5_RegisterOcclusionStatusEvent(p,a,b) (p)->lpVtbl->RegisterOcclusionStatusEvent(p,a,b)
#define IDXGIFactory5_UnregisterOcclusionStatus(p,a) (p)->lpVtbl->UnregisterOcclusionStatus(p,a)
#define IDXGIFactory5_CreateSwapChainForComposition(p,a,b,c,d) (p)->lpVtbl->CreateSwapChainForComposition(p,a,b,c,d)
#define IDXGIFactory5_GetCreationFlags(p) (p)->lpVtbl->GetCreationFlags(p)
#define IDXGIFactory5_EnumAdapterByLuid(p,a,b,c) (p)->lpVtbl->EnumAdapterByLuid(p,a,b,c)
#define IDXGIFactory5_EnumWarpAdapter(p,a,b) (p)->lpVtbl->EnumWarpAdapter(p,a,b)
#define IDXGIFactory5_CheckFeatureSupport(p,a,b,c) (p)->lpVtbl->CheckFeatureSupport(p,a,b,c)

#ifdef __cplusplus
}
#endif

#endif /* NEREID_DXGI1_5_H */
#endif /* !_WIN32 */
