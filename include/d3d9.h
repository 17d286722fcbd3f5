/*
 * nereid: Direct3D 9 interfaces, constants and entry points (d3d9.h).
 *
 * Written for nereid from Microsoft's Direct3D 9 documentation.  Only the C
 * form of the COM interfaces is provided: each interface is a struct whose
 * first member points at its table of methods (lpVtbl), and the methods of
 * each table are in the documented vtable order (IUnknown's first, then
 * those of each base interface, then the interface's own).  C++ code can
 * include this file and use the same C form.
 */
#ifndef NEREID_D3D9_H
#define NEREID_D3D9_H

#ifndef DIRECT3D_VERSION
#define DIRECT3D_VERSION 0x0900
#endif

#include "nereid/win_base.h"
#include "d3d9types.h"
#include "d3d9caps.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== Versions and creation flags ========================================== */

#define D3D_SDK_VERSION 32
#define D3D9b_SDK_VERSION 31

/* IDirect3D9::CreateDevice BehaviorFlags */
#define D3DCREATE_FPU_PRESERVE 0x00000002
#define D3DCREATE_MULTITHREADED 0x00000004
#define D3DCREATE_PUREDEVICE 0x00000010
#define D3DCREATE_SOFTWARE_VERTEXPROCESSING 0x00000020
#define D3DCREATE_HARDWARE_VERTEXPROCESSING 0x00000040
#define D3DCREATE_MIXED_VERTEXPROCESSING 0x00000080
#define D3DCREATE_DISABLE_DRIVER_MANAGEMENT 0x00000100
#define D3DCREATE_ADAPTERGROUP_DEVICE 0x00000200
#define D3DCREATE_DISABLE_DRIVER_MANAGEMENT_EX 0x00000400
#define D3DCREATE_NOWINDOWCHANGES 0x00000800
#define D3DCREATE_DISABLE_PSGP_THREADING 0x00002000
#define D3DCREATE_ENABLE_PRESENTSTATS 0x00004000
#define D3DCREATE_DISABLE_PRINTSCREEN 0x00008000
#define D3DCREATE_SCREENSAVER 0x10000000

/* Adapter ordinal of the primary display. */
#define D3DADAPTER_DEFAULT 0

/* IDirect3D9::GetAdapterIdentifier Flags */
#define D3DENUM_WHQL_LEVEL 0x00000002
#define D3DENUM_NO_DRIVERVERSION 0x00000004

/* Most back buffers a swap chain may have. */
#define D3DPRESENT_BACK_BUFFERS_MAX 3
#define D3DPRESENT_BACK_BUFFERS_MAX_EX 30

/* IDirect3DResource9::SetPrivateData Flags: the data is an IUnknown pointer */
#define D3DSPD_IUNKNOWN 0x00000001

/* IDirect3DDevice9::SetGammaRamp Flags */
#define D3DSGR_NO_CALIBRATION 0x00000000
#define D3DSGR_CALIBRATE 0x00000001

/* IDirect3DDevice9::SetCursorPosition Flags */
#define D3DCURSOR_IMMEDIATE_UPDATE 0x00000001

/* IDirect3DSwapChain9::Present and IDirect3DDevice9Ex::PresentEx flags */
#define D3DPRESENT_DONOTWAIT 0x00000001
#define D3DPRESENT_LINEAR_CONTENT 0x00000002
#define D3DPRESENT_DONOTFLIP 0x00000004
#define D3DPRESENT_FLIPRESTART 0x00000008
#define D3DPRESENT_VIDEO_RESTRICT_TO_MONITOR 0x00000010
#define D3DPRESENT_UPDATEOVERLAYONLY 0x00000020
#define D3DPRESENT_HIDEOVERLAY 0x00000040
#define D3DPRESENT_UPDATECOLORKEY 0x00000080
#define D3DPRESENT_FORCEIMMEDIATE 0x00000100

/* ==== Return codes ========================================================== */

#define _FACD3D 0x876
#define MAKE_D3DHRESULT(code) MAKE_HRESULT(1, _FACD3D, code)
#define MAKE_D3DSTATUS(code) MAKE_HRESULT(0, _FACD3D, code)

#define D3D_OK S_OK

#define D3DERR_WRONGTEXTUREFORMAT MAKE_D3DHRESULT(2072)
#define D3DERR_UNSUPPORTEDCOLOROPERATION MAKE_D3DHRESULT(2073)
#define D3DERR_UNSUPPORTEDCOLORARG MAKE_D3DHRESULT(2074)
#define D3DERR_UNSUPPORTEDALPHAOPERATION MAKE_D3DHRESULT(2075)
#define D3DERR_UNSUPPORTEDALPHAARG MAKE_D3DHRESULT(2076)
#define D3DERR_TOOMANYOPERATIONS MAKE_D3DHRESULT(2077)
#define D3DERR_CONFLICTINGTEXTUREFILTER MAKE_D3DHRESULT(2078)
#define D3DERR_UNSUPPORTEDFACTORVALUE MAKE_D3DHRESULT(2079)
#define D3DERR_CONFLICTINGRENDERSTATE MAKE_D3DHRESULT(2081)
#define D3DERR_UNSUPPORTEDTEXTUREFILTER MAKE_D3DHRESULT(2082)
#define D3DERR_CONFLICTINGTEXTUREPALETTE MAKE_D3DHRESULT(2086)
#define D3DERR_DRIVERINTERNALERROR MAKE_D3DHRESULT(2087)

#define D3DERR_NOTFOUND MAKE_D3DHRESULT(2150)
#define D3DERR_MOREDATA MAKE_D3DHRESULT(2151)
#define D3DERR_DEVICELOST MAKE_D3DHRESULT(2152)
#define D3DERR_DEVICENOTRESET MAKE_D3DHRESULT(2153)
#define D3DERR_NOTAVAILABLE MAKE_D3DHRESULT(2154)
#define D3DERR_OUTOFVIDEOMEMORY MAKE_D3DHRESULT(380)
#define D3DERR_INVALIDDEVICE MAKE_D3DHRESULT(2155)
#define D3DERR_INVALIDCALL MAKE_D3DHRESULT(2156)
#define D3DERR_DRIVERINVALIDCALL MAKE_D3DHRESULT(2157)
#define D3DERR_WASSTILLDRAWING MAKE_D3DHRESULT(540)
#define D3DOK_NOAUTOGEN MAKE_D3DSTATUS(2159)

/* Direct3D 9Ex */
#define D3DERR_DEVICEREMOVED MAKE_D3DHRESULT(2160)
#define S_NOT_RESIDENT MAKE_D3DSTATUS(2165)
#define S_RESIDENT_IN_SHARED_MEMORY MAKE_D3DSTATUS(2166)
#define S_PRESENT_MODE_CHANGED MAKE_D3DSTATUS(2167)
#define S_PRESENT_OCCLUDED MAKE_D3DSTATUS(2168)
#define D3DERR_DEVICEHUNG MAKE_D3DHRESULT(2164)
#define D3DERR_UNSUPPORTEDOVERLAY MAKE_D3DHRESULT(2171)
#define D3DERR_UNSUPPORTEDOVERLAYFORMAT MAKE_D3DHRESULT(2172)
#define D3DERR_CANNOTPROTECTCONTENT MAKE_D3DHRESULT(2173)
#define D3DERR_UNSUPPORTEDCRYPTO MAKE_D3DHRESULT(2174)
#define D3DERR_PRESENT_STATISTICS_DISJOINT MAKE_D3DHRESULT(2180)

/* ==== Interface identifiers ================================================= */

/* {81BDCBCA-64D4-426D-AE8D-AD0147F4275C} */
DEFINE_GUID(IID_IDirect3D9, 0x81bdcbca, 0x64d4, 0x426d, 0xae, 0x8d, 0xad,
            0x01, 0x47, 0xf4, 0x27, 0x5c);
/* {D0223B96-BF7A-43FD-92BD-A43B0D82B9EB} */
DEFINE_GUID(IID_IDirect3DDevice9, 0xd0223b96, 0xbf7a, 0x43fd, 0x92, 0xbd,
            0xa4, 0x3b, 0x0d, 0x82, 0xb9, 0xeb);
/* {05EEC05D-8F7D-4362-B999-D1BAF357C704} */
DEFINE_GUID(IID_IDirect3DResource9, 0x05eec05d, 0x8f7d, 0x4362, 0xb9, 0x99,
            0xd1, 0xba, 0xf3, 0x57, 0xc7, 0x04);
/* {580CA87E-1D3C-4D54-991D-B7D3E3C298CE} */
DEFINE_GUID(IID_IDirect3DBaseTexture9, 0x580ca87e, 0x1d3c, 0x4d54, 0x99,
            0x1d, 0xb7, 0xd3, 0xe3, 0xc2, 0x98, 0xce);
/* {85C31227-3DE5-4F00-9B3A-F11AC38C18B5} */
DEFINE_GUID(IID_IDirect3DTexture9, 0x85c31227, 0x3de5, 0x4f00, 0x9b, 0x3a,
            0xf1, 0x1a, 0xc3, 0x8c, 0x18, 0xb5);
/* {FFF32F81-D953-473A-9223-93D652ABA93F} */
DEFINE_GUID(IID_IDirect3DCubeTexture9, 0xfff32f81, 0xd953, 0x473a, 0x92,
            0x23, 0x93, 0xd6, 0x52, 0xab, 0xa9, 0x3f);
/* {2518526C-E789-4111-A7B9-47EF328D13E6} */
DEFINE_GUID(IID_IDirect3DVolumeTexture9, 0x2518526c, 0xe789, 0x4111, 0xa7,
            0xb9, 0x47, 0xef, 0x32, 0x8d, 0x13, 0xe6);
/* {B64BB1B5-FD70-4DF6-BF91-19D0A12455E3} */
DEFINE_GUID(IID_IDirect3DVertexBuffer9, 0xb64bb1b5, 0xfd70, 0x4df6, 0xbf,
            0x91, 0x19, 0xd0, 0xa1, 0x24, 0x55, 0xe3);
/* {7C9DD65E-D3F7-4529-ACEE-785830ACDE35} */
DEFINE_GUID(IID_IDirect3DIndexBuffer9, 0x7c9dd65e, 0xd3f7, 0x4529, 0xac,
            0xee, 0x78, 0x58, 0x30, 0xac, 0xde, 0x35);
/* {0CFBAF3A-9FF6-429A-99B3-A2796AF8B89B} */
DEFINE_GUID(IID_IDirect3DSurface9, 0x0cfbaf3a, 0x9ff6, 0x429a, 0x99, 0xb3,
            0xa2, 0x79, 0x6a, 0xf8, 0xb8, 0x9b);
/* {24F416E6-1F67-4AA7-B88E-D33F6F3128A1} */
DEFINE_GUID(IID_IDirect3DVolume9, 0x24f416e6, 0x1f67, 0x4aa7, 0xb8, 0x8e,
            0xd3, 0x3f, 0x6f, 0x31, 0x28, 0xa1);
/* {794950F2-ADFC-458A-905E-10A10B0B503B} */
DEFINE_GUID(IID_IDirect3DSwapChain9, 0x794950f2, 0xadfc, 0x458a, 0x90, 0x5e,
            0x10, 0xa1, 0x0b, 0x0b, 0x50, 0x3b);
/* {DD13C59C-36FA-4098-A8FB-C7ED39DC8546} */
DEFINE_GUID(IID_IDirect3DVertexDeclaration9, 0xdd13c59c, 0x36fa, 0x4098,
            0xa8, 0xfb, 0xc7, 0xed, 0x39, 0xdc, 0x85, 0x46);
/* {EFC5557E-6265-4613-8A94-43857889EB36} */
DEFINE_GUID(IID_IDirect3DVertexShader9, 0xefc5557e, 0x6265, 0x4613, 0x8a,
            0x94, 0x43, 0x85, 0x78, 0x89, 0xeb, 0x36);
/* {6D3BDBDC-5B02-4415-B852-CE5E8BCCB289} */
DEFINE_GUID(IID_IDirect3DPixelShader9, 0x6d3bdbdc, 0x5b02, 0x4415, 0xb8,
            0x52, 0xce, 0x5e, 0x8b, 0xcc, 0xb2, 0x89);
/* {B07C4FE5-310D-4BA8-A23C-4F0F206F218B} */
DEFINE_GUID(IID_IDirect3DStateBlock9, 0xb07c4fe5, 0x310d, 0x4ba8, 0xa2,
            0x3c, 0x4f, 0x0f, 0x20, 0x6f, 0x21, 0x8b);
/* {D9771460-A695-4F26-BBD3-27B840B541CC} */
DEFINE_GUID(IID_IDirect3DQuery9, 0xd9771460, 0xa695, 0x4f26, 0xbb, 0xd3,
            0x27, 0xb8, 0x40, 0xb5, 0x41, 0xcc);

/* Direct3D 9Ex */
/* {02177241-69FC-400C-8FF1-93A44DF6861D} */
DEFINE_GUID(IID_IDirect3D9Ex, 0x02177241, 0x69fc, 0x400c, 0x8f, 0xf1, 0x93,
            0xa4, 0x4d, 0xf6, 0x86, 0x1d);
/* {B18B10CE-2649-405A-870F-95F777D4313A} */
DEFINE_GUID(IID_IDirect3DDevice9Ex, 0xb18b10ce, 0x2649, 0x405a, 0x87, 0x0f,
            0x95, 0xf7, 0x77, 0xd4, 0x31, 0x3a);
/* {91886CAF-1C3D-4D2E-A0AB-3E4C7D8D3303} */
DEFINE_GUID(IID_IDirect3DSwapChain9Ex, 0x91886caf, 0x1c3d, 0x4d2e, 0xa0,
            0xab, 0x3e, 0x4c, 0x7d, 0x8d, 0x33, 0x03);
/* {187AEB13-AAF5-4C59-876D-E059088C0DF8} */
DEFINE_GUID(IID_IDirect3D9ExOverlayExtension, 0x187aeb13, 0xaaf5, 0x4c59,
            0x87, 0x6d, 0xe0, 0x59, 0x08, 0x8c, 0x0d, 0xf8);
/* {26DC4561-A1EE-4AE7-96DA-118A36C0EC95} */
DEFINE_GUID(IID_IDirect3DDevice9Video, 0x26dc4561, 0xa1ee, 0x4ae7, 0x96,
            0xda, 0x11, 0x8a, 0x36, 0xc0, 0xec, 0x95);
/* {FF24BEEE-DA21-4BEB-98B5-D2F899F98AF9} */
DEFINE_GUID(IID_IDirect3DAuthenticatedChannel9, 0xff24beee, 0xda21, 0x4beb,
            0x98, 0xb5, 0xd2, 0xf8, 0x99, 0xf9, 0x8a, 0xf9);
/* {FA0AB799-7A9C-48CA-8C5B-237E71A54434} */
DEFINE_GUID(IID_IDirect3DCryptoSession9, 0xfa0ab799, 0x7a9c, 0x48ca, 0x8c,
            0x5b, 0x23, 0x7e, 0x71, 0xa5, 0x44, 0x34);

/* ==== Interfaces (C form) =================================================== */

typedef struct IDirect3D9 IDirect3D9, *LPDIRECT3D9, *PDIRECT3D9;
typedef struct IDirect3D9Ex IDirect3D9Ex, *LPDIRECT3D9EX, *PDIRECT3D9EX;
typedef struct IDirect3D9ExOverlayExtension IDirect3D9ExOverlayExtension, *LPDIRECT3D9EXOVERLAYEXTENSION, *PDIRECT3D9EXOVERLAYEXTENSION;
typedef struct IDirect3DDevice9 IDirect3DDevice9, *LPDIRECT3DDEVICE9, *PDIRECT3DDEVICE9;
typedef struct IDirect3DDevice9Ex IDirect3DDevice9Ex, *LPDIRECT3DDEVICE9EX, *PDIRECT3DDEVICE9EX;
typedef struct IDirect3DStateBlock9 IDirect3DStateBlock9, *LPDIRECT3DSTATEBLOCK9, *PDIRECT3DSTATEBLOCK9;
typedef struct IDirect3DSwapChain9 IDirect3DSwapChain9, *LPDIRECT3DSWAPCHAIN9, *PDIRECT3DSWAPCHAIN9;
typedef struct IDirect3DSwapChain9Ex IDirect3DSwapChain9Ex, *LPDIRECT3DSWAPCHAIN9EX, *PDIRECT3DSWAPCHAIN9EX;
typedef struct IDirect3DResource9 IDirect3DResource9, *LPDIRECT3DRESOURCE9, *PDIRECT3DRESOURCE9;
typedef struct IDirect3DVertexDeclaration9 IDirect3DVertexDeclaration9, *LPDIRECT3DVERTEXDECLARATION9, *PDIRECT3DVERTEXDECLARATION9;
typedef struct IDirect3DVertexShader9 IDirect3DVertexShader9, *LPDIRECT3DVERTEXSHADER9, *PDIRECT3DVERTEXSHADER9;
typedef struct IDirect3DPixelShader9 IDirect3DPixelShader9, *LPDIRECT3DPIXELSHADER9, *PDIRECT3DPIXELSHADER9;
typedef struct IDirect3DBaseTexture9 IDirect3DBaseTexture9, *LPDIRECT3DBASETEXTURE9, *PDIRECT3DBASETEXTURE9;
typedef struct IDirect3DTexture9 IDirect3DTexture9, *LPDIRECT3DTEXTURE9, *PDIRECT3DTEXTURE9;
typedef struct IDirect3DVolumeTexture9 IDirect3DVolumeTexture9, *LPDIRECT3DVOLUMETEXTURE9, *PDIRECT3DVOLUMETEXTURE9;
typedef struct IDirect3DCubeTexture9 IDirect3DCubeTexture9, *LPDIRECT3DCUBETEXTURE9, *PDIRECT3DCUBETEXTURE9;
typedef struct IDirect3DVertexBuffer9 IDirect3DVertexBuffer9, *LPDIRECT3DVERTEXBUFFER9, *PDIRECT3DVERTEXBUFFER9;
typedef struct IDirect3DIndexBuffer9 IDirect3DIndexBuffer9, *LPDIRECT3DINDEXBUFFER9, *PDIRECT3DINDEXBUFFER9;
typedef struct IDirect3DSurface9 IDirect3DSurface9, *LPDIRECT3DSURFACE9, *PDIRECT3DSURFACE9;
typedef struct IDirect3DVolume9 IDirect3DVolume9, *LPDIRECT3DVOLUME9, *PDIRECT3DVOLUME9;
typedef struct IDirect3DQuery9 IDirect3DQuery9, *LPDIRECT3DQUERY9, *PDIRECT3DQUERY9;

/* ---- IDirect3D9 ------------------------------------------------------------ */

typedef struct IDirect3D9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3D9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3D9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3D9 *This);
    /* IDirect3D9 */
    HRESULT (STDMETHODCALLTYPE *RegisterSoftwareDevice)(
        IDirect3D9 *This, void *pInitializeFunction);
    UINT (STDMETHODCALLTYPE *GetAdapterCount)(IDirect3D9 *This);
    HRESULT (STDMETHODCALLTYPE *GetAdapterIdentifier)(
        IDirect3D9 *This, UINT Adapter, DWORD Flags,
        D3DADAPTER_IDENTIFIER9 *pIdentifier);
    UINT (STDMETHODCALLTYPE *GetAdapterModeCount)(
        IDirect3D9 *This, UINT Adapter, D3DFORMAT Format);
    HRESULT (STDMETHODCALLTYPE *EnumAdapterModes)(
        IDirect3D9 *This, UINT Adapter, D3DFORMAT Format, UINT Mode,
        D3DDISPLAYMODE *pMode);
    HRESULT (STDMETHODCALLTYPE *GetAdapterDisplayMode)(
        IDirect3D9 *This, UINT Adapter, D3DDISPLAYMODE *pMode);
    HRESULT (STDMETHODCALLTYPE *CheckDeviceType)(
        IDirect3D9 *This, UINT Adapter, D3DDEVTYPE DevType,
        D3DFORMAT AdapterFormat, D3DFORMAT BackBufferFormat, BOOL bWindowed);
    HRESULT (STDMETHODCALLTYPE *CheckDeviceFormat)(
        IDirect3D9 *This, UINT Adapter, D3DDEVTYPE DeviceType,
        D3DFORMAT AdapterFormat, DWORD Usage, D3DRESOURCETYPE RType,
        D3DFORMAT CheckFormat);
    HRESULT (STDMETHODCALLTYPE *CheckDeviceMultiSampleType)(
        IDirect3D9 *This, UINT Adapter, D3DDEVTYPE DeviceType,
        D3DFORMAT SurfaceFormat, BOOL Windowed,
        D3DMULTISAMPLE_TYPE MultiSampleType, DWORD *pQualityLevels);
    HRESULT (STDMETHODCALLTYPE *CheckDepthStencilMatch)(
        IDirect3D9 *This, UINT Adapter, D3DDEVTYPE DeviceType,
        D3DFORMAT AdapterFormat, D3DFORMAT RenderTargetFormat,
        D3DFORMAT DepthStencilFormat);
    HRESULT (STDMETHODCALLTYPE *CheckDeviceFormatConversion)(
        IDirect3D9 *This, UINT Adapter, D3DDEVTYPE DeviceType,
        D3DFORMAT SourceFormat, D3DFORMAT TargetFormat);
    HRESULT (STDMETHODCALLTYPE *GetDeviceCaps)(
        IDirect3D9 *This, UINT Adapter, D3DDEVTYPE DeviceType,
        D3DCAPS9 *pCaps);
    HMONITOR (STDMETHODCALLTYPE *GetAdapterMonitor)(
        IDirect3D9 *This, UINT Adapter);
    HRESULT (STDMETHODCALLTYPE *CreateDevice)(
        IDirect3D9 *This, UINT Adapter, D3DDEVTYPE DeviceType,
        HWND hFocusWindow, DWORD BehaviorFlags,
        D3DPRESENT_PARAMETERS *pPresentationParameters,
        IDirect3DDevice9 **ppReturnedDeviceInterface);
} IDirect3D9Vtbl;

struct IDirect3D9 {
    const IDirect3D9Vtbl *lpVtbl;
};

#define IDirect3D9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3D9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3D9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3D9_RegisterSoftwareDevice(p,a) (p)->lpVtbl->RegisterSoftwareDevice(p,a)
#define IDirect3D9_GetAdapterCount(p) (p)->lpVtbl->GetAdapterCount(p)
#define IDirect3D9_GetAdapterIdentifier(p,a,b,c) (p)->lpVtbl->GetAdapterIdentifier(p,a,b,c)
#define IDirect3D9_GetAdapterModeCount(p,a,b) (p)->lpVtbl->GetAdapterModeCount(p,a,b)
#define IDirect3D9_EnumAdapterModes(p,a,b,c,d) (p)->lpVtbl->EnumAdapterModes(p,a,b,c,d)
#define IDirect3D9_GetAdapterDisplayMode(p,a,b) (p)->lpVtbl->GetAdapterDisplayMode(p,a,b)
#define IDirect3D9_CheckDeviceType(p,a,b,c,d,e) (p)->lpVtbl->CheckDeviceType(p,a,b,c,d,e)
#define IDirect3D9_CheckDeviceFormat(p,a,b,c,d,e,f) (p)->lpVtbl->CheckDeviceFormat(p,a,b,c,d,e,f)
#define IDirect3D9_CheckDeviceMultiSampleType(p,a,b,c,d,e,f) (p)->lpVtbl->CheckDeviceMultiSampleType(p,a,b,c,d,e,f)
#define IDirect3D9_CheckDepthStencilMatch(p,a,b,c,d,e) (p)->lpVtbl->CheckDepthStencilMatch(p,a,b,c,d,e)
#define IDirect3D9_CheckDeviceFormatConversion(p,a,b,c,d) (p)->lpVtbl->CheckDeviceFormatConversion(p,a,b,c,d)
#define IDirect3D9_GetDeviceCaps(p,a,b,c) (p)->lpVtbl->GetDeviceCaps(p,a,b,c)
#define IDirect3D9_GetAdapterMonitor(p,a) (p)->lpVtbl->GetAdapterMonitor(p,a)
#define IDirect3D9_CreateDevice(p,a,b,c,d,e,f) (p)->lpVtbl->CreateDevice(p,a,b,c,d,e,f)

/* ---- IDirect3D9Ex ---------------------------------------------------------- */

typedef struct IDirect3D9ExVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3D9Ex *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3D9Ex *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3D9Ex *This);
    /* IDirect3D9 */
    HRESULT (STDMETHODCALLTYPE *RegisterSoftwareDevice)(
        IDirect3D9Ex *This, void *pInitializeFunction);
    UINT (STDMETHODCALLTYPE *GetAdapterCount)(IDirect3D9Ex *This);
    HRESULT (STDMETHODCALLTYPE *GetAdapterIdentifier)(
        IDirect3D9Ex *This, UINT Adapter, DWORD Flags,
        D3DADAPTER_IDENTIFIER9 *pIdentifier);
    UINT (STDMETHODCALLTYPE *GetAdapterModeCount)(
        IDirect3D9Ex *This, UINT Adapter, D3DFORMAT Format);
    HRESULT (STDMETHODCALLTYPE *EnumAdapterModes)(
        IDirect3D9Ex *This, UINT Adapter, D3DFORMAT Format, UINT Mode,
        D3DDISPLAYMODE *pMode);
    HRESULT (STDMETHODCALLTYPE *GetAdapterDisplayMode)(
        IDirect3D9Ex *This, UINT Adapter, D3DDISPLAYMODE *pMode);
    HRESULT (STDMETHODCALLTYPE *CheckDeviceType)(
        IDirect3D9Ex *This, UINT Adapter, D3DDEVTYPE DevType,
        D3DFORMAT AdapterFormat, D3DFORMAT BackBufferFormat, BOOL bWindowed);
    HRESULT (STDMETHODCALLTYPE *CheckDeviceFormat)(
        IDirect3D9Ex *This, UINT Adapter, D3DDEVTYPE DeviceType,
        D3DFORMAT AdapterFormat, DWORD Usage, D3DRESOURCETYPE RType,
        D3DFORMAT CheckFormat);
    HRESULT (STDMETHODCALLTYPE *CheckDeviceMultiSampleType)(
        IDirect3D9Ex *This, UINT Adapter, D3DDEVTYPE DeviceType,
        D3DFORMAT SurfaceFormat, BOOL Windowed,
        D3DMULTISAMPLE_TYPE MultiSampleType, DWORD *pQualityLevels);
    HRESULT (STDMETHODCALLTYPE *CheckDepthStencilMatch)(
        IDirect3D9Ex *This, UINT Adapter, D3DDEVTYPE DeviceType,
        D3DFORMAT AdapterFormat, D3DFORMAT RenderTargetFormat,
        D3DFORMAT DepthStencilFormat);
    HRESULT (STDMETHODCALLTYPE *CheckDeviceFormatConversion)(
        IDirect3D9Ex *This, UINT Adapter, D3DDEVTYPE DeviceType,
        D3DFORMAT SourceFormat, D3DFORMAT TargetFormat);
    HRESULT (STDMETHODCALLTYPE *GetDeviceCaps)(
        IDirect3D9Ex *This, UINT Adapter, D3DDEVTYPE DeviceType,
        D3DCAPS9 *pCaps);
    HMONITOR (STDMETHODCALLTYPE *GetAdapterMonitor)(
        IDirect3D9Ex *This, UINT Adapter);
    HRESULT (STDMETHODCALLTYPE *CreateDevice)(
        IDirect3D9Ex *This, UINT Adapter, D3DDEVTYPE DeviceType,
        HWND hFocusWindow, DWORD BehaviorFlags,
        D3DPRESENT_PARAMETERS *pPresentationParameters,
        IDirect3DDevice9 **ppReturnedDeviceInterface);
    /* IDirect3D9Ex */
    UINT (STDMETHODCALLTYPE *GetAdapterModeCountEx)(
        IDirect3D9Ex *This, UINT Adapter, const D3DDISPLAYMODEFILTER *pFilter);
    HRESULT (STDMETHODCALLTYPE *EnumAdapterModesEx)(
        IDirect3D9Ex *This, UINT Adapter, const D3DDISPLAYMODEFILTER *pFilter,
        UINT Mode, D3DDISPLAYMODEEX *pMode);
    HRESULT (STDMETHODCALLTYPE *GetAdapterDisplayModeEx)(
        IDirect3D9Ex *This, UINT Adapter, D3DDISPLAYMODEEX *pMode,
        D3DDISPLAYROTATION *pRotation);
    HRESULT (STDMETHODCALLTYPE *CreateDeviceEx)(
        IDirect3D9Ex *This, UINT Adapter, D3DDEVTYPE DeviceType,
        HWND hFocusWindow, DWORD BehaviorFlags,
        D3DPRESENT_PARAMETERS *pPresentationParameters,
        D3DDISPLAYMODEEX *pFullscreenDisplayMode,
        IDirect3DDevice9Ex **ppReturnedDeviceInterface);
    HRESULT (STDMETHODCALLTYPE *GetAdapterLUID)(
        IDirect3D9Ex *This, UINT Adapter, LUID *pLUID);
} IDirect3D9ExVtbl;

struct IDirect3D9Ex {
    const IDirect3D9ExVtbl *lpVtbl;
};

#define IDirect3D9Ex_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3D9Ex_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3D9Ex_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3D9Ex_RegisterSoftwareDevice(p,a) (p)->lpVtbl->RegisterSoftwareDevice(p,a)
#define IDirect3D9Ex_GetAdapterCount(p) (p)->lpVtbl->GetAdapterCount(p)
#define IDirect3D9Ex_GetAdapterIdentifier(p,a,b,c) (p)->lpVtbl->GetAdapterIdentifier(p,a,b,c)
#define IDirect3D9Ex_GetAdapterModeCount(p,a,b) (p)->lpVtbl->GetAdapterModeCount(p,a,b)
#define IDirect3D9Ex_EnumAdapterModes(p,a,b,c,d) (p)->lpVtbl->EnumAdapterModes(p,a,b,c,d)
#define IDirect3D9Ex_GetAdapterDisplayMode(p,a,b) (p)->lpVtbl->GetAdapterDisplayMode(p,a,b)
#define IDirect3D9Ex_CheckDeviceType(p,a,b,c,d,e) (p)->lpVtbl->CheckDeviceType(p,a,b,c,d,e)
#define IDirect3D9Ex_CheckDeviceFormat(p,a,b,c,d,e,f) (p)->lpVtbl->CheckDeviceFormat(p,a,b,c,d,e,f)
#define IDirect3D9Ex_CheckDeviceMultiSampleType(p,a,b,c,d,e,f) (p)->lpVtbl->CheckDeviceMultiSampleType(p,a,b,c,d,e,f)
#define IDirect3D9Ex_CheckDepthStencilMatch(p,a,b,c,d,e) (p)->lpVtbl->CheckDepthStencilMatch(p,a,b,c,d,e)
#define IDirect3D9Ex_CheckDeviceFormatConversion(p,a,b,c,d) (p)->lpVtbl->CheckDeviceFormatConversion(p,a,b,c,d)
#define IDirect3D9Ex_GetDeviceCaps(p,a,b,c) (p)->lpVtbl->GetDeviceCaps(p,a,b,c)
#define IDirect3D9Ex_GetAdapterMonitor(p,a) (p)->lpVtbl->GetAdapterMonitor(p,a)
#define IDirect3D9Ex_CreateDevice(p,a,b,c,d,e,f) (p)->lpVtbl->CreateDevice(p,a,b,c,d,e,f)
#define IDirect3D9Ex_GetAdapterModeCountEx(p,a,b) (p)->lpVtbl->GetAdapterModeCountEx(p,a,b)
#define IDirect3D9Ex_EnumAdapterModesEx(p,a,b,c,d) (p)->lpVtbl->EnumAdapterModesEx(p,a,b,c,d)
#define IDirect3D9Ex_GetAdapterDisplayModeEx(p,a,b,c) (p)->lpVtbl->GetAdapterDisplayModeEx(p,a,b,c)
#define IDirect3D9Ex_CreateDeviceEx(p,a,b,c,d,e,f,g) (p)->lpVtbl->CreateDeviceEx(p,a,b,c,d,e,f,g)
#define IDirect3D9Ex_GetAdapterLUID(p,a,b) (p)->lpVtbl->GetAdapterLUID(p,a,b)

/* ---- IDirect3D9ExOverlayExtension ------------------------------------------ */

typedef struct IDirect3D9ExOverlayExtensionVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3D9ExOverlayExtension *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3D9ExOverlayExtension *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3D9ExOverlayExtension *This);
    /* IDirect3D9ExOverlayExtension */
    HRESULT (STDMETHODCALLTYPE *CheckDeviceOverlayType)(
        IDirect3D9ExOverlayExtension *This, UINT Adapter, D3DDEVTYPE DevType,
        UINT OverlayWidth, UINT OverlayHeight, D3DFORMAT OverlayFormat,
        D3DDISPLAYMODEEX *pDisplayMode, D3DDISPLAYROTATION DisplayRotation,
        D3DOVERLAYCAPS *pOverlayCaps);
} IDirect3D9ExOverlayExtensionVtbl;

struct IDirect3D9ExOverlayExtension {
    const IDirect3D9ExOverlayExtensionVtbl *lpVtbl;
};

#define IDirect3D9ExOverlayExtension_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3D9ExOverlayExtension_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3D9ExOverlayExtension_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3D9ExOverlayExtension_CheckDeviceOverlayType(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->CheckDeviceOverlayType(p,a,b,c,d,e,f,g,h)

/* ---- IDirect3DDevice9 ------------------------------------------------------ */

typedef struct IDirect3DDevice9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DDevice9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DDevice9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DDevice9 *This);
    /* IDirect3DDevice9 */
    HRESULT (STDMETHODCALLTYPE *TestCooperativeLevel)(IDirect3DDevice9 *This);
    UINT (STDMETHODCALLTYPE *GetAvailableTextureMem)(IDirect3DDevice9 *This);
    HRESULT (STDMETHODCALLTYPE *EvictManagedResources)(IDirect3DDevice9 *This);
    HRESULT (STDMETHODCALLTYPE *GetDirect3D)(
        IDirect3DDevice9 *This, IDirect3D9 **ppD3D9);
    HRESULT (STDMETHODCALLTYPE *GetDeviceCaps)(
        IDirect3DDevice9 *This, D3DCAPS9 *pCaps);
    HRESULT (STDMETHODCALLTYPE *GetDisplayMode)(
        IDirect3DDevice9 *This, UINT iSwapChain, D3DDISPLAYMODE *pMode);
    HRESULT (STDMETHODCALLTYPE *GetCreationParameters)(
        IDirect3DDevice9 *This, D3DDEVICE_CREATION_PARAMETERS *pParameters);
    HRESULT (STDMETHODCALLTYPE *SetCursorProperties)(
        IDirect3DDevice9 *This, UINT XHotSpot, UINT YHotSpot,
        IDirect3DSurface9 *pCursorBitmap);
    void (STDMETHODCALLTYPE *SetCursorPosition)(
        IDirect3DDevice9 *This, int X, int Y, DWORD Flags);
    BOOL (STDMETHODCALLTYPE *ShowCursor)(IDirect3DDevice9 *This, BOOL bShow);
    HRESULT (STDMETHODCALLTYPE *CreateAdditionalSwapChain)(
        IDirect3DDevice9 *This, D3DPRESENT_PARAMETERS *pPresentationParameters,
        IDirect3DSwapChain9 **pSwapChain);
    HRESULT (STDMETHODCALLTYPE *GetSwapChain)(
        IDirect3DDevice9 *This, UINT iSwapChain,
        IDirect3DSwapChain9 **pSwapChain);
    UINT (STDMETHODCALLTYPE *GetNumberOfSwapChains)(IDirect3DDevice9 *This);
    HRESULT (STDMETHODCALLTYPE *Reset)(
        IDirect3DDevice9 *This,
        D3DPRESENT_PARAMETERS *pPresentationParameters);
    HRESULT (STDMETHODCALLTYPE *Present)(
        IDirect3DDevice9 *This, const RECT *pSourceRect, const RECT *pDestRect,
        HWND hDestWindowOverride, const RGNDATA *pDirtyRegion);
    HRESULT (STDMETHODCALLTYPE *GetBackBuffer)(
        IDirect3DDevice9 *This, UINT iSwapChain, UINT iBackBuffer,
        D3DBACKBUFFER_TYPE Type, IDirect3DSurface9 **ppBackBuffer);
    HRESULT (STDMETHODCALLTYPE *GetRasterStatus)(
        IDirect3DDevice9 *This, UINT iSwapChain,
        D3DRASTER_STATUS *pRasterStatus);
    HRESULT (STDMETHODCALLTYPE *SetDialogBoxMode)(
        IDirect3DDevice9 *This, BOOL bEnableDialogs);
    void (STDMETHODCALLTYPE *SetGammaRamp)(
        IDirect3DDevice9 *This, UINT iSwapChain, DWORD Flags,
        const D3DGAMMARAMP *pRamp);
    void (STDMETHODCALLTYPE *GetGammaRamp)(
        IDirect3DDevice9 *This, UINT iSwapChain, D3DGAMMARAMP *pRamp);
    HRESULT (STDMETHODCALLTYPE *CreateTexture)(
        IDirect3DDevice9 *This, UINT Width, UINT Height, UINT Levels,
        DWORD Usage, D3DFORMAT Format, D3DPOOL Pool,
        IDirect3DTexture9 **ppTexture, HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *CreateVolumeTexture)(
        IDirect3DDevice9 *This, UINT Width, UINT Height, UINT Depth,
        UINT Levels, DWORD Usage, D3DFORMAT Format, D3DPOOL Pool,
        IDirect3DVolumeTexture9 **ppVolumeTexture, HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *CreateCubeTexture)(
        IDirect3DDevice9 *This, UINT EdgeLength, UINT Levels, DWORD Usage,
        D3DFORMAT Format, D3DPOOL Pool, IDirect3DCubeTexture9 **ppCubeTexture,
        HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *CreateVertexBuffer)(
        IDirect3DDevice9 *This, UINT Length, DWORD Usage, DWORD FVF,
        D3DPOOL Pool, IDirect3DVertexBuffer9 **ppVertexBuffer,
        HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *CreateIndexBuffer)(
        IDirect3DDevice9 *This, UINT Length, DWORD Usage, D3DFORMAT Format,
        D3DPOOL Pool, IDirect3DIndexBuffer9 **ppIndexBuffer,
        HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *CreateRenderTarget)(
        IDirect3DDevice9 *This, UINT Width, UINT Height, D3DFORMAT Format,
        D3DMULTISAMPLE_TYPE MultiSample, DWORD MultisampleQuality,
        BOOL Lockable, IDirect3DSurface9 **ppSurface, HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *CreateDepthStencilSurface)(
        IDirect3DDevice9 *This, UINT Width, UINT Height, D3DFORMAT Format,
        D3DMULTISAMPLE_TYPE MultiSample, DWORD MultisampleQuality,
        BOOL Discard, IDirect3DSurface9 **ppSurface, HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *UpdateSurface)(
        IDirect3DDevice9 *This, IDirect3DSurface9 *pSourceSurface,
        const RECT *pSourceRect, IDirect3DSurface9 *pDestinationSurface,
        const POINT *pDestPoint);
    HRESULT (STDMETHODCALLTYPE *UpdateTexture)(
        IDirect3DDevice9 *This, IDirect3DBaseTexture9 *pSourceTexture,
        IDirect3DBaseTexture9 *pDestinationTexture);
    HRESULT (STDMETHODCALLTYPE *GetRenderTargetData)(
        IDirect3DDevice9 *This, IDirect3DSurface9 *pRenderTarget,
        IDirect3DSurface9 *pDestSurface);
    HRESULT (STDMETHODCALLTYPE *GetFrontBufferData)(
        IDirect3DDevice9 *This, UINT iSwapChain,
        IDirect3DSurface9 *pDestSurface);
    HRESULT (STDMETHODCALLTYPE *StretchRect)(
        IDirect3DDevice9 *This, IDirect3DSurface9 *pSourceSurface,
        const RECT *pSourceRect, IDirect3DSurface9 *pDestSurface,
        const RECT *pDestRect, D3DTEXTUREFILTERTYPE Filter);
    HRESULT (STDMETHODCALLTYPE *ColorFill)(
        IDirect3DDevice9 *This, IDirect3DSurface9 *pSurface, const RECT *pRect,
        D3DCOLOR color);
    HRESULT (STDMETHODCALLTYPE *CreateOffscreenPlainSurface)(
        IDirect3DDevice9 *This, UINT Width, UINT Height, D3DFORMAT Format,
        D3DPOOL Pool, IDirect3DSurface9 **ppSurface, HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *SetRenderTarget)(
        IDirect3DDevice9 *This, DWORD RenderTargetIndex,
        IDirect3DSurface9 *pRenderTarget);
    HRESULT (STDMETHODCALLTYPE *GetRenderTarget)(
        IDirect3DDevice9 *This, DWORD RenderTargetIndex,
        IDirect3DSurface9 **ppRenderTarget);
    HRESULT (STDMETHODCALLTYPE *SetDepthStencilSurface)(
        IDirect3DDevice9 *This, IDirect3DSurface9 *pNewZStencil);
    HRESULT (STDMETHODCALLTYPE *GetDepthStencilSurface)(
        IDirect3DDevice9 *This, IDirect3DSurface9 **ppZStencilSurface);
    HRESULT (STDMETHODCALLTYPE *BeginScene)(IDirect3DDevice9 *This);
    HRESULT (STDMETHODCALLTYPE *EndScene)(IDirect3DDevice9 *This);
    HRESULT (STDMETHODCALLTYPE *Clear)(
        IDirect3DDevice9 *This, DWORD Count, const D3DRECT *pRects,
        DWORD Flags, D3DCOLOR Color, float Z, DWORD Stencil);
    HRESULT (STDMETHODCALLTYPE *SetTransform)(
        IDirect3DDevice9 *This, D3DTRANSFORMSTATETYPE State,
        const D3DMATRIX *pMatrix);
    HRESULT (STDMETHODCALLTYPE *GetTransform)(
        IDirect3DDevice9 *This, D3DTRANSFORMSTATETYPE State,
        D3DMATRIX *pMatrix);
    HRESULT (STDMETHODCALLTYPE *MultiplyTransform)(
        IDirect3DDevice9 *This, D3DTRANSFORMSTATETYPE State,
        const D3DMATRIX *pMatrix);
    HRESULT (STDMETHODCALLTYPE *SetViewport)(
        IDirect3DDevice9 *This, const D3DVIEWPORT9 *pViewport);
    HRESULT (STDMETHODCALLTYPE *GetViewport)(
        IDirect3DDevice9 *This, D3DVIEWPORT9 *pViewport);
    HRESULT (STDMETHODCALLTYPE *SetMaterial)(
        IDirect3DDevice9 *This, const D3DMATERIAL9 *pMaterial);
    HRESULT (STDMETHODCALLTYPE *GetMaterial)(
        IDirect3DDevice9 *This, D3DMATERIAL9 *pMaterial);
    HRESULT (STDMETHODCALLTYPE *SetLight)(
        IDirect3DDevice9 *This, DWORD Index, const D3DLIGHT9 *pLight);
    HRESULT (STDMETHODCALLTYPE *GetLight)(
        IDirect3DDevice9 *This, DWORD Index, D3DLIGHT9 *pLight);
    HRESULT (STDMETHODCALLTYPE *LightEnable)(
        IDirect3DDevice9 *This, DWORD Index, BOOL Enable);
    HRESULT (STDMETHODCALLTYPE *GetLightEnable)(
        IDirect3DDevice9 *This, DWORD Index, BOOL *pEnable);
    HRESULT (STDMETHODCALLTYPE *SetClipPlane)(
        IDirect3DDevice9 *This, DWORD Index, const float *pPlane);
    HRESULT (STDMETHODCALLTYPE *GetClipPlane)(
        IDirect3DDevice9 *This, DWORD Index, float *pPlane);
    HRESULT (STDMETHODCALLTYPE *SetRenderState)(
        IDirect3DDevice9 *This, D3DRENDERSTATETYPE State, DWORD Value);
    HRESULT (STDMETHODCALLTYPE *GetRenderState)(
        IDirect3DDevice9 *This, D3DRENDERSTATETYPE State, DWORD *pValue);
    HRESULT (STDMETHODCALLTYPE *CreateStateBlock)(
        IDirect3DDevice9 *This, D3DSTATEBLOCKTYPE Type,
        IDirect3DStateBlock9 **ppSB);
    HRESULT (STDMETHODCALLTYPE *BeginStateBlock)(IDirect3DDevice9 *This);
    HRESULT (STDMETHODCALLTYPE *EndStateBlock)(
        IDirect3DDevice9 *This, IDirect3DStateBlock9 **ppSB);
    HRESULT (STDMETHODCALLTYPE *SetClipStatus)(
        IDirect3DDevice9 *This, const D3DCLIPSTATUS9 *pClipStatus);
    HRESULT (STDMETHODCALLTYPE *GetClipStatus)(
        IDirect3DDevice9 *This, D3DCLIPSTATUS9 *pClipStatus);
    HRESULT (STDMETHODCALLTYPE *GetTexture)(
        IDirect3DDevice9 *This, DWORD Stage,
        IDirect3DBaseTexture9 **ppTexture);
    HRESULT (STDMETHODCALLTYPE *SetTexture)(
        IDirect3DDevice9 *This, DWORD Stage, IDirect3DBaseTexture9 *pTexture);
    HRESULT (STDMETHODCALLTYPE *GetTextureStageState)(
        IDirect3DDevice9 *This, DWORD Stage, D3DTEXTURESTAGESTATETYPE Type,
        DWORD *pValue);
    HRESULT (STDMETHODCALLTYPE *SetTextureStageState)(
        IDirect3DDevice9 *This, DWORD Stage, D3DTEXTURESTAGESTATETYPE Type,
        DWORD Value);
    HRESULT (STDMETHODCALLTYPE *GetSamplerState)(
        IDirect3DDevice9 *This, DWORD Sampler, D3DSAMPLERSTATETYPE Type,
        DWORD *pValue);
    HRESULT (STDMETHODCALLTYPE *SetSamplerState)(
        IDirect3DDevice9 *This, DWORD Sampler, D3DSAMPLERSTATETYPE Type,
        DWORD Value);
    HRESULT (STDMETHODCALLTYPE *ValidateDevice)(
        IDirect3DDevice9 *This, DWORD *pNumPasses);
    HRESULT (STDMETHODCALLTYPE *SetPaletteEntries)(
        IDirect3DDevice9 *This, UINT PaletteNumber,
        const PALETTEENTRY *pEntries);
    HRESULT (STDMETHODCALLTYPE *GetPaletteEntries)(
        IDirect3DDevice9 *This, UINT PaletteNumber, PALETTEENTRY *pEntries);
    HRESULT (STDMETHODCALLTYPE *SetCurrentTexturePalette)(
        IDirect3DDevice9 *This, UINT PaletteNumber);
    HRESULT (STDMETHODCALLTYPE *GetCurrentTexturePalette)(
        IDirect3DDevice9 *This, UINT *PaletteNumber);
    HRESULT (STDMETHODCALLTYPE *SetScissorRect)(
        IDirect3DDevice9 *This, const RECT *pRect);
    HRESULT (STDMETHODCALLTYPE *GetScissorRect)(
        IDirect3DDevice9 *This, RECT *pRect);
    HRESULT (STDMETHODCALLTYPE *SetSoftwareVertexProcessing)(
        IDirect3DDevice9 *This, BOOL bSoftware);
    BOOL (STDMETHODCALLTYPE *GetSoftwareVertexProcessing)(
        IDirect3DDevice9 *This);
    HRESULT (STDMETHODCALLTYPE *SetNPatchMode)(
        IDirect3DDevice9 *This, float nSegments);
    float (STDMETHODCALLTYPE *GetNPatchMode)(IDirect3DDevice9 *This);
    HRESULT (STDMETHODCALLTYPE *DrawPrimitive)(
        IDirect3DDevice9 *This, D3DPRIMITIVETYPE PrimitiveType,
        UINT StartVertex, UINT PrimitiveCount);
    HRESULT (STDMETHODCALLTYPE *DrawIndexedPrimitive)(
        IDirect3DDevice9 *This, D3DPRIMITIVETYPE PrimitiveType,
        INT BaseVertexIndex, UINT MinVertexIndex, UINT NumVertices,
        UINT startIndex, UINT primCount);
    HRESULT (STDMETHODCALLTYPE *DrawPrimitiveUP)(
        IDirect3DDevice9 *This, D3DPRIMITIVETYPE PrimitiveType,
        UINT PrimitiveCount, const void *pVertexStreamZeroData,
        UINT VertexStreamZeroStride);
    HRESULT (STDMETHODCALLTYPE *DrawIndexedPrimitiveUP)(
        IDirect3DDevice9 *This, D3DPRIMITIVETYPE PrimitiveType,
        UINT MinVertexIndex, UINT NumVertices, UINT PrimitiveCount,
        const void *pIndexData, D3DFORMAT IndexDataFormat,
        const void *pVertexStreamZeroData, UINT VertexStreamZeroStride);
    HRESULT (STDMETHODCALLTYPE *ProcessVertices)(
        IDirect3DDevice9 *This, UINT SrcStartIndex, UINT DestIndex,
        UINT VertexCount, IDirect3DVertexBuffer9 *pDestBuffer,
        IDirect3DVertexDeclaration9 *pVertexDecl, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *CreateVertexDeclaration)(
        IDirect3DDevice9 *This, const D3DVERTEXELEMENT9 *pVertexElements,
        IDirect3DVertexDeclaration9 **ppDecl);
    HRESULT (STDMETHODCALLTYPE *SetVertexDeclaration)(
        IDirect3DDevice9 *This, IDirect3DVertexDeclaration9 *pDecl);
    HRESULT (STDMETHODCALLTYPE *GetVertexDeclaration)(
        IDirect3DDevice9 *This, IDirect3DVertexDeclaration9 **ppDecl);
    HRESULT (STDMETHODCALLTYPE *SetFVF)(IDirect3DDevice9 *This, DWORD FVF);
    HRESULT (STDMETHODCALLTYPE *GetFVF)(IDirect3DDevice9 *This, DWORD *pFVF);
    HRESULT (STDMETHODCALLTYPE *CreateVertexShader)(
        IDirect3DDevice9 *This, const DWORD *pFunction,
        IDirect3DVertexShader9 **ppShader);
    HRESULT (STDMETHODCALLTYPE *SetVertexShader)(
        IDirect3DDevice9 *This, IDirect3DVertexShader9 *pShader);
    HRESULT (STDMETHODCALLTYPE *GetVertexShader)(
        IDirect3DDevice9 *This, IDirect3DVertexShader9 **ppShader);
    HRESULT (STDMETHODCALLTYPE *SetVertexShaderConstantF)(
        IDirect3DDevice9 *This, UINT StartRegister, const float *pConstantData,
        UINT Vector4fCount);
    HRESULT (STDMETHODCALLTYPE *GetVertexShaderConstantF)(
        IDirect3DDevice9 *This, UINT StartRegister, float *pConstantData,
        UINT Vector4fCount);
    HRESULT (STDMETHODCALLTYPE *SetVertexShaderConstantI)(
        IDirect3DDevice9 *This, UINT StartRegister, const int *pConstantData,
        UINT Vector4iCount);
    HRESULT (STDMETHODCALLTYPE *GetVertexShaderConstantI)(
        IDirect3DDevice9 *This, UINT StartRegister, int *pConstantData,
        UINT Vector4iCount);
    HRESULT (STDMETHODCALLTYPE *SetVertexShaderConstantB)(
        IDirect3DDevice9 *This, UINT StartRegister, const BOOL *pConstantData,
        UINT BoolCount);
    HRESULT (STDMETHODCALLTYPE *GetVertexShaderConstantB)(
        IDirect3DDevice9 *This, UINT StartRegister, BOOL *pConstantData,
        UINT BoolCount);
    HRESULT (STDMETHODCALLTYPE *SetStreamSource)(
        IDirect3DDevice9 *This, UINT StreamNumber,
        IDirect3DVertexBuffer9 *pStreamData, UINT OffsetInBytes, UINT Stride);
    HRESULT (STDMETHODCALLTYPE *GetStreamSource)(
        IDirect3DDevice9 *This, UINT StreamNumber,
        IDirect3DVertexBuffer9 **ppStreamData, UINT *pOffsetInBytes,
        UINT *pStride);
    HRESULT (STDMETHODCALLTYPE *SetStreamSourceFreq)(
        IDirect3DDevice9 *This, UINT StreamNumber, UINT Setting);
    HRESULT (STDMETHODCALLTYPE *GetStreamSourceFreq)(
        IDirect3DDevice9 *This, UINT StreamNumber, UINT *pSetting);
    HRESULT (STDMETHODCALLTYPE *SetIndices)(
        IDirect3DDevice9 *This, IDirect3DIndexBuffer9 *pIndexData);
    HRESULT (STDMETHODCALLTYPE *GetIndices)(
        IDirect3DDevice9 *This, IDirect3DIndexBuffer9 **ppIndexData);
    HRESULT (STDMETHODCALLTYPE *CreatePixelShader)(
        IDirect3DDevice9 *This, const DWORD *pFunction,
        IDirect3DPixelShader9 **ppShader);
    HRESULT (STDMETHODCALLTYPE *SetPixelShader)(
        IDirect3DDevice9 *This, IDirect3DPixelShader9 *pShader);
    HRESULT (STDMETHODCALLTYPE *GetPixelShader)(
        IDirect3DDevice9 *This, IDirect3DPixelShader9 **ppShader);
    HRESULT (STDMETHODCALLTYPE *SetPixelShaderConstantF)(
        IDirect3DDevice9 *This, UINT StartRegister, const float *pConstantData,
        UINT Vector4fCount);
    HRESULT (STDMETHODCALLTYPE *GetPixelShaderConstantF)(
        IDirect3DDevice9 *This, UINT StartRegister, float *pConstantData,
        UINT Vector4fCount);
    HRESULT (STDMETHODCALLTYPE *SetPixelShaderConstantI)(
        IDirect3DDevice9 *This, UINT StartRegister, const int *pConstantData,
        UINT Vector4iCount);
    HRESULT (STDMETHODCALLTYPE *GetPixelShaderConstantI)(
        IDirect3DDevice9 *This, UINT StartRegister, int *pConstantData,
        UINT Vector4iCount);
    HRESULT (STDMETHODCALLTYPE *SetPixelShaderConstantB)(
        IDirect3DDevice9 *This, UINT StartRegister, const BOOL *pConstantData,
        UINT BoolCount);
    HRESULT (STDMETHODCALLTYPE *GetPixelShaderConstantB)(
        IDirect3DDevice9 *This, UINT StartRegister, BOOL *pConstantData,
        UINT BoolCount);
    HRESULT (STDMETHODCALLTYPE *DrawRectPatch)(
        IDirect3DDevice9 *This, UINT Handle, const float *pNumSegs,
        const D3DRECTPATCH_INFO *pRectPatchInfo);
    HRESULT (STDMETHODCALLTYPE *DrawTriPatch)(
        IDirect3DDevice9 *This, UINT Handle, const float *pNumSegs,
        const D3DTRIPATCH_INFO *pTriPatchInfo);
    HRESULT (STDMETHODCALLTYPE *DeletePatch)(
        IDirect3DDevice9 *This, UINT Handle);
    HRESULT (STDMETHODCALLTYPE *CreateQuery)(
        IDirect3DDevice9 *This, D3DQUERYTYPE Type, IDirect3DQuery9 **ppQuery);
} IDirect3DDevice9Vtbl;

struct IDirect3DDevice9 {
    const IDirect3DDevice9Vtbl *lpVtbl;
};

#define IDirect3DDevice9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DDevice9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DDevice9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DDevice9_TestCooperativeLevel(p) (p)->lpVtbl->TestCooperativeLevel(p)
#define IDirect3DDevice9_GetAvailableTextureMem(p) (p)->lpVtbl->GetAvailableTextureMem(p)
#define IDirect3DDevice9_EvictManagedResources(p) (p)->lpVtbl->EvictManagedResources(p)
#define IDirect3DDevice9_GetDirect3D(p,a) (p)->lpVtbl->GetDirect3D(p,a)
#define IDirect3DDevice9_GetDeviceCaps(p,a) (p)->lpVtbl->GetDeviceCaps(p,a)
#define IDirect3DDevice9_GetDisplayMode(p,a,b) (p)->lpVtbl->GetDisplayMode(p,a,b)
#define IDirect3DDevice9_GetCreationParameters(p,a) (p)->lpVtbl->GetCreationParameters(p,a)
#define IDirect3DDevice9_SetCursorProperties(p,a,b,c) (p)->lpVtbl->SetCursorProperties(p,a,b,c)
#define IDirect3DDevice9_SetCursorPosition(p,a,b,c) (p)->lpVtbl->SetCursorPosition(p,a,b,c)
#define IDirect3DDevice9_ShowCursor(p,a) (p)->lpVtbl->ShowCursor(p,a)
#define IDirect3DDevice9_CreateAdditionalSwapChain(p,a,b) (p)->lpVtbl->CreateAdditionalSwapChain(p,a,b)
#define IDirect3DDevice9_GetSwapChain(p,a,b) (p)->lpVtbl->GetSwapChain(p,a,b)
#define IDirect3DDevice9_GetNumberOfSwapChains(p) (p)->lpVtbl->GetNumberOfSwapChains(p)
#define IDirect3DDevice9_Reset(p,a) (p)->lpVtbl->Reset(p,a)
#define IDirect3DDevice9_Present(p,a,b,c,d) (p)->lpVtbl->Present(p,a,b,c,d)
#define IDirect3DDevice9_GetBackBuffer(p,a,b,c,d) (p)->lpVtbl->GetBackBuffer(p,a,b,c,d)
#define IDirect3DDevice9_GetRasterStatus(p,a,b) (p)->lpVtbl->GetRasterStatus(p,a,b)
#define IDirect3DDevice9_SetDialogBoxMode(p,a) (p)->lpVtbl->SetDialogBoxMode(p,a)
#define IDirect3DDevice9_SetGammaRamp(p,a,b,c) (p)->lpVtbl->SetGammaRamp(p,a,b,c)
#define IDirect3DDevice9_GetGammaRamp(p,a,b) (p)->lpVtbl->GetGammaRamp(p,a,b)
#define IDirect3DDevice9_CreateTexture(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->CreateTexture(p,a,b,c,d,e,f,g,h)
#define IDirect3DDevice9_CreateVolumeTexture(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CreateVolumeTexture(p,a,b,c,d,e,f,g,h,i)
#define IDirect3DDevice9_CreateCubeTexture(p,a,b,c,d,e,f,g) (p)->lpVtbl->CreateCubeTexture(p,a,b,c,d,e,f,g)
#define IDirect3DDevice9_CreateVertexBuffer(p,a,b,c,d,e,f) (p)->lpVtbl->CreateVertexBuffer(p,a,b,c,d,e,f)
#define IDirect3DDevice9_CreateIndexBuffer(p,a,b,c,d,e,f) (p)->lpVtbl->CreateIndexBuffer(p,a,b,c,d,e,f)
#define IDirect3DDevice9_CreateRenderTarget(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->CreateRenderTarget(p,a,b,c,d,e,f,g,h)
#define IDirect3DDevice9_CreateDepthStencilSurface(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->CreateDepthStencilSurface(p,a,b,c,d,e,f,g,h)
#define IDirect3DDevice9_UpdateSurface(p,a,b,c,d) (p)->lpVtbl->UpdateSurface(p,a,b,c,d)
#define IDirect3DDevice9_UpdateTexture(p,a,b) (p)->lpVtbl->UpdateTexture(p,a,b)
#define IDirect3DDevice9_GetRenderTargetData(p,a,b) (p)->lpVtbl->GetRenderTargetData(p,a,b)
#define IDirect3DDevice9_GetFrontBufferData(p,a,b) (p)->lpVtbl->GetFrontBufferData(p,a,b)
#define IDirect3DDevice9_StretchRect(p,a,b,c,d,e) (p)->lpVtbl->StretchRect(p,a,b,c,d,e)
#define IDirect3DDevice9_ColorFill(p,a,b,c) (p)->lpVtbl->ColorFill(p,a,b,c)
#define IDirect3DDevice9_CreateOffscreenPlainSurface(p,a,b,c,d,e,f) (p)->lpVtbl->CreateOffscreenPlainSurface(p,a,b,c,d,e,f)
#define IDirect3DDevice9_SetRenderTarget(p,a,b) (p)->lpVtbl->SetRenderTarget(p,a,b)
#define IDirect3DDevice9_GetRenderTarget(p,a,b) (p)->lpVtbl->GetRenderTarget(p,a,b)
#define IDirect3DDevice9_SetDepthStencilSurface(p,a) (p)->lpVtbl->SetDepthStencilSurface(p,a)
#define IDirect3DDevice9_GetDepthStencilSurface(p,a) (p)->lpVtbl->GetDepthStencilSurface(p,a)
#define IDirect3DDevice9_BeginScene(p) (p)->lpVtbl->BeginScene(p)
#define IDirect3DDevice9_EndScene(p) (p)->lpVtbl->EndScene(p)
#define IDirect3DDevice9_Clear(p,a,b,c,d,e,f) (p)->lpVtbl->Clear(p,a,b,c,d,e,f)
#define IDirect3DDevice9_SetTransform(p,a,b) (p)->lpVtbl->SetTransform(p,a,b)
#define IDirect3DDevice9_GetTransform(p,a,b) (p)->lpVtbl->GetTransform(p,a,b)
#define IDirect3DDevice9_MultiplyTransform(p,a,b) (p)->lpVtbl->MultiplyTransform(p,a,b)
#define IDirect3DDevice9_SetViewport(p,a) (p)->lpVtbl->SetViewport(p,a)
#define IDirect3DDevice9_GetViewport(p,a) (p)->lpVtbl->GetViewport(p,a)
#define IDirect3DDevice9_SetMaterial(p,a) (p)->lpVtbl->SetMaterial(p,a)
#define IDirect3DDevice9_GetMaterial(p,a) (p)->lpVtbl->GetMaterial(p,a)
#define IDirect3DDevice9_SetLight(p,a,b) (p)->lpVtbl->SetLight(p,a,b)
#define IDirect3DDevice9_GetLight(p,a,b) (p)->lpVtbl->GetLight(p,a,b)
#define IDirect3DDevice9_LightEnable(p,a,b) (p)->lpVtbl->LightEnable(p,a,b)
#define IDirect3DDevice9_GetLightEnable(p,a,b) (p)->lpVtbl->GetLightEnable(p,a,b)
#define IDirect3DDevice9_SetClipPlane(p,a,b) (p)->lpVtbl->SetClipPlane(p,a,b)
#define IDirect3DDevice9_GetClipPlane(p,a,b) (p)->lpVtbl->GetClipPlane(p,a,b)
#define IDirect3DDevice9_SetRenderState(p,a,b) (p)->lpVtbl->SetRenderState(p,a,b)
#define IDirect3DDevice9_GetRenderState(p,a,b) (p)->lpVtbl->GetRenderState(p,a,b)
#define IDirect3DDevice9_CreateStateBlock(p,a,b) (p)->lpVtbl->CreateStateBlock(p,a,b)
#define IDirect3DDevice9_BeginStateBlock(p) (p)->lpVtbl->BeginStateBlock(p)
#define IDirect3DDevice9_EndStateBlock(p,a) (p)->lpVtbl->EndStateBlock(p,a)
#define IDirect3DDevice9_SetClipStatus(p,a) (p)->lpVtbl->SetClipStatus(p,a)
#define IDirect3DDevice9_GetClipStatus(p,a) (p)->lpVtbl->GetClipStatus(p,a)
#define IDirect3DDevice9_GetTexture(p,a,b) (p)->lpVtbl->GetTexture(p,a,b)
#define IDirect3DDevice9_SetTexture(p,a,b) (p)->lpVtbl->SetTexture(p,a,b)
#define IDirect3DDevice9_GetTextureStageState(p,a,b,c) (p)->lpVtbl->GetTextureStageState(p,a,b,c)
#define IDirect3DDevice9_SetTextureStageState(p,a,b,c) (p)->lpVtbl->SetTextureStageState(p,a,b,c)
#define IDirect3DDevice9_GetSamplerState(p,a,b,c) (p)->lpVtbl->GetSamplerState(p,a,b,c)
#define IDirect3DDevice9_SetSamplerState(p,a,b,c) (p)->lpVtbl->SetSamplerState(p,a,b,c)
#define IDirect3DDevice9_ValidateDevice(p,a) (p)->lpVtbl->ValidateDevice(p,a)
#define IDirect3DDevice9_SetPaletteEntries(p,a,b) (p)->lpVtbl->SetPaletteEntries(p,a,b)
#define IDirect3DDevice9_GetPaletteEntries(p,a,b) (p)->lpVtbl->GetPaletteEntries(p,a,b)
#define IDirect3DDevice9_SetCurrentTexturePalette(p,a) (p)->lpVtbl->SetCurrentTexturePalette(p,a)
#define IDirect3DDevice9_GetCurrentTexturePalette(p,a) (p)->lpVtbl->GetCurrentTexturePalette(p,a)
#define IDirect3DDevice9_SetScissorRect(p,a) (p)->lpVtbl->SetScissorRect(p,a)
#define IDirect3DDevice9_GetScissorRect(p,a) (p)->lpVtbl->GetScissorRect(p,a)
#define IDirect3DDevice9_SetSoftwareVertexProcessing(p,a) (p)->lpVtbl->SetSoftwareVertexProcessing(p,a)
#define IDirect3DDevice9_GetSoftwareVertexProcessing(p) (p)->lpVtbl->GetSoftwareVertexProcessing(p)
#define IDirect3DDevice9_SetNPatchMode(p,a) (p)->lpVtbl->SetNPatchMode(p,a)
#define IDirect3DDevice9_GetNPatchMode(p) (p)->lpVtbl->GetNPatchMode(p)
#define IDirect3DDevice9_DrawPrimitive(p,a,b,c) (p)->lpVtbl->DrawPrimitive(p,a,b,c)
#define IDirect3DDevice9_DrawIndexedPrimitive(p,a,b,c,d,e,f) (p)->lpVtbl->DrawIndexedPrimitive(p,a,b,c,d,e,f)
#define IDirect3DDevice9_DrawPrimitiveUP(p,a,b,c,d) (p)->lpVtbl->DrawPrimitiveUP(p,a,b,c,d)
#define IDirect3DDevice9_DrawIndexedPrimitiveUP(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->DrawIndexedPrimitiveUP(p,a,b,c,d,e,f,g,h)
#define IDirect3DDevice9_ProcessVertices(p,a,b,c,d,e,f) (p)->lpVtbl->ProcessVertices(p,a,b,c,d,e,f)
#define IDirect3DDevice9_CreateVertexDeclaration(p,a,b) (p)->lpVtbl->CreateVertexDeclaration(p,a,b)
#define IDirect3DDevice9_SetVertexDeclaration(p,a) (p)->lpVtbl->SetVertexDeclaration(p,a)
#define IDirect3DDevice9_GetVertexDeclaration(p,a) (p)->lpVtbl->GetVertexDeclaration(p,a)
#define IDirect3DDevice9_SetFVF(p,a) (p)->lpVtbl->SetFVF(p,a)
#define IDirect3DDevice9_GetFVF(p,a) (p)->lpVtbl->GetFVF(p,a)
#define IDirect3DDevice9_CreateVertexShader(p,a,b) (p)->lpVtbl->CreateVertexShader(p,a,b)
#define IDirect3DDevice9_SetVertexShader(p,a) (p)->lpVtbl->SetVertexShader(p,a)
#define IDirect3DDevice9_GetVertexShader(p,a) (p)->lpVtbl->GetVertexShader(p,a)
#define IDirect3DDevice9_SetVertexShaderConstantF(p,a,b,c) (p)->lpVtbl->SetVertexShaderConstantF(p,a,b,c)
#define IDirect3DDevice9_GetVertexShaderConstantF(p,a,b,c) (p)->lpVtbl->GetVertexShaderConstantF(p,a,b,c)
#define IDirect3DDevice9_SetVertexShaderConstantI(p,a,b,c) (p)->lpVtbl->SetVertexShaderConstantI(p,a,b,c)
#define IDirect3DDevice9_GetVertexShaderConstantI(p,a,b,c) (p)->lpVtbl->GetVertexShaderConstantI(p,a,b,c)
#define IDirect3DDevice9_SetVertexShaderConstantB(p,a,b,c) (p)->lpVtbl->SetVertexShaderConstantB(p,a,b,c)
#define IDirect3DDevice9_GetVertexShaderConstantB(p,a,b,c) (p)->lpVtbl->GetVertexShaderConstantB(p,a,b,c)
#define IDirect3DDevice9_SetStreamSource(p,a,b,c,d) (p)->lpVtbl->SetStreamSource(p,a,b,c,d)
#define IDirect3DDevice9_GetStreamSource(p,a,b,c,d) (p)->lpVtbl->GetStreamSource(p,a,b,c,d)
#define IDirect3DDevice9_SetStreamSourceFreq(p,a,b) (p)->lpVtbl->SetStreamSourceFreq(p,a,b)
#define IDirect3DDevice9_GetStreamSourceFreq(p,a,b) (p)->lpVtbl->GetStreamSourceFreq(p,a,b)
#define IDirect3DDevice9_SetIndices(p,a) (p)->lpVtbl->SetIndices(p,a)
#define IDirect3DDevice9_GetIndices(p,a) (p)->lpVtbl->GetIndices(p,a)
#define IDirect3DDevice9_CreatePixelShader(p,a,b) (p)->lpVtbl->CreatePixelShader(p,a,b)
#define IDirect3DDevice9_SetPixelShader(p,a) (p)->lpVtbl->SetPixelShader(p,a)
#define IDirect3DDevice9_GetPixelShader(p,a) (p)->lpVtbl->GetPixelShader(p,a)
#define IDirect3DDevice9_SetPixelShaderConstantF(p,a,b,c) (p)->lpVtbl->SetPixelShaderConstantF(p,a,b,c)
#define IDirect3DDevice9_GetPixelShaderConstantF(p,a,b,c) (p)->lpVtbl->GetPixelShaderConstantF(p,a,b,c)
#define IDirect3DDevice9_SetPixelShaderConstantI(p,a,b,c) (p)->lpVtbl->SetPixelShaderConstantI(p,a,b,c)
#define IDirect3DDevice9_GetPixelShaderConstantI(p,a,b,c) (p)->lpVtbl->GetPixelShaderConstantI(p,a,b,c)
#define IDirect3DDevice9_SetPixelShaderConstantB(p,a,b,c) (p)->lpVtbl->SetPixelShaderConstantB(p,a,b,c)
#define IDirect3DDevice9_GetPixelShaderConstantB(p,a,b,c) (p)->lpVtbl->GetPixelShaderConstantB(p,a,b,c)
#define IDirect3DDevice9_DrawRectPatch(p,a,b,c) (p)->lpVtbl->DrawRectPatch(p,a,b,c)
#define IDirect3DDevice9_DrawTriPatch(p,a,b,c) (p)->lpVtbl->DrawTriPatch(p,a,b,c)
#define IDirect3DDevice9_DeletePatch(p,a) (p)->lpVtbl->DeletePatch(p,a)
#define IDirect3DDevice9_CreateQuery(p,a,b) (p)->lpVtbl->CreateQuery(p,a,b)

/* ---- IDirect3DDevice9Ex ---------------------------------------------------- */

typedef struct IDirect3DDevice9ExVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DDevice9Ex *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DDevice9Ex *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DDevice9Ex *This);
    /* IDirect3DDevice9 */
    HRESULT (STDMETHODCALLTYPE *TestCooperativeLevel)(
        IDirect3DDevice9Ex *This);
    UINT (STDMETHODCALLTYPE *GetAvailableTextureMem)(IDirect3DDevice9Ex *This);
    HRESULT (STDMETHODCALLTYPE *EvictManagedResources)(
        IDirect3DDevice9Ex *This);
    HRESULT (STDMETHODCALLTYPE *GetDirect3D)(
        IDirect3DDevice9Ex *This, IDirect3D9 **ppD3D9);
    HRESULT (STDMETHODCALLTYPE *GetDeviceCaps)(
        IDirect3DDevice9Ex *This, D3DCAPS9 *pCaps);
    HRESULT (STDMETHODCALLTYPE *GetDisplayMode)(
        IDirect3DDevice9Ex *This, UINT iSwapChain, D3DDISPLAYMODE *pMode);
    HRESULT (STDMETHODCALLTYPE *GetCreationParameters)(
        IDirect3DDevice9Ex *This, D3DDEVICE_CREATION_PARAMETERS *pParameters);
    HRESULT (STDMETHODCALLTYPE *SetCursorProperties)(
        IDirect3DDevice9Ex *This, UINT XHotSpot, UINT YHotSpot,
        IDirect3DSurface9 *pCursorBitmap);
    void (STDMETHODCALLTYPE *SetCursorPosition)(
        IDirect3DDevice9Ex *This, int X, int Y, DWORD Flags);
    BOOL (STDMETHODCALLTYPE *ShowCursor)(IDirect3DDevice9Ex *This, BOOL bShow);
    HRESULT (STDMETHODCALLTYPE *CreateAdditionalSwapChain)(
        IDirect3DDevice9Ex *This,
        D3DPRESENT_PARAMETERS *pPresentationParameters,
        IDirect3DSwapChain9 **pSwapChain);
    HRESULT (STDMETHODCALLTYPE *GetSwapChain)(
        IDirect3DDevice9Ex *This, UINT iSwapChain,
        IDirect3DSwapChain9 **pSwapChain);
    UINT (STDMETHODCALLTYPE *GetNumberOfSwapChains)(IDirect3DDevice9Ex *This);
    HRESULT (STDMETHODCALLTYPE *Reset)(
        IDirect3DDevice9Ex *This,
        D3DPRESENT_PARAMETERS *pPresentationParameters);
    HRESULT (STDMETHODCALLTYPE *Present)(
        IDirect3DDevice9Ex *This, const RECT *pSourceRect,
        const RECT *pDestRect, HWND hDestWindowOverride,
        const RGNDATA *pDirtyRegion);
    HRESULT (STDMETHODCALLTYPE *GetBackBuffer)(
        IDirect3DDevice9Ex *This, UINT iSwapChain, UINT iBackBuffer,
        D3DBACKBUFFER_TYPE Type, IDirect3DSurface9 **ppBackBuffer);
    HRESULT (STDMETHODCALLTYPE *GetRasterStatus)(
        IDirect3DDevice9Ex *This, UINT iSwapChain,
        D3DRASTER_STATUS *pRasterStatus);
    HRESULT (STDMETHODCALLTYPE *SetDialogBoxMode)(
        IDirect3DDevice9Ex *This, BOOL bEnableDialogs);
    void (STDMETHODCALLTYPE *SetGammaRamp)(
        IDirect3DDevice9Ex *This, UINT iSwapChain, DWORD Flags,
        const D3DGAMMARAMP *pRamp);
    void (STDMETHODCALLTYPE *GetGammaRamp)(
        IDirect3DDevice9Ex *This, UINT iSwapChain, D3DGAMMARAMP *pRamp);
    HRESULT (STDMETHODCALLTYPE *CreateTexture)(
        IDirect3DDevice9Ex *This, UINT Width, UINT Height, UINT Levels,
        DWORD Usage, D3DFORMAT Format, D3DPOOL Pool,
        IDirect3DTexture9 **ppTexture, HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *CreateVolumeTexture)(
        IDirect3DDevice9Ex *This, UINT Width, UINT Height, UINT Depth,
        UINT Levels, DWORD Usage, D3DFORMAT Format, D3DPOOL Pool,
        IDirect3DVolumeTexture9 **ppVolumeTexture, HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *CreateCubeTexture)(
        IDirect3DDevice9Ex *This, UINT EdgeLength, UINT Levels, DWORD Usage,
        D3DFORMAT Format, D3DPOOL Pool, IDirect3DCubeTexture9 **ppCubeTexture,
        HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *CreateVertexBuffer)(
        IDirect3DDevice9Ex *This, UINT Length, DWORD Usage, DWORD FVF,
        D3DPOOL Pool, IDirect3DVertexBuffer9 **ppVertexBuffer,
        HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *CreateIndexBuffer)(
        IDirect3DDevice9Ex *This, UINT Length, DWORD Usage, D3DFORMAT Format,
        D3DPOOL Pool, IDirect3DIndexBuffer9 **ppIndexBuffer,
        HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *CreateRenderTarget)(
        IDirect3DDevice9Ex *This, UINT Width, UINT Height, D3DFORMAT Format,
        D3DMULTISAMPLE_TYPE MultiSample, DWORD MultisampleQuality,
        BOOL Lockable, IDirect3DSurface9 **ppSurface, HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *CreateDepthStencilSurface)(
        IDirect3DDevice9Ex *This, UINT Width, UINT Height, D3DFORMAT Format,
        D3DMULTISAMPLE_TYPE MultiSample, DWORD MultisampleQuality,
        BOOL Discard, IDirect3DSurface9 **ppSurface, HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *UpdateSurface)(
        IDirect3DDevice9Ex *This, IDirect3DSurface9 *pSourceSurface,
        const RECT *pSourceRect, IDirect3DSurface9 *pDestinationSurface,
        const POINT *pDestPoint);
    HRESULT (STDMETHODCALLTYPE *UpdateTexture)(
        IDirect3DDevice9Ex *This, IDirect3DBaseTexture9 *pSourceTexture,
        IDirect3DBaseTexture9 *pDestinationTexture);
    HRESULT (STDMETHODCALLTYPE *GetRenderTargetData)(
        IDirect3DDevice9Ex *This, IDirect3DSurface9 *pRenderTarget,
        IDirect3DSurface9 *pDestSurface);
    HRESULT (STDMETHODCALLTYPE *GetFrontBufferData)(
        IDirect3DDevice9Ex *This, UINT iSwapChain,
        IDirect3DSurface9 *pDestSurface);
    HRESULT (STDMETHODCALLTYPE *StretchRect)(
        IDirect3DDevice9Ex *This, IDirect3DSurface9 *pSourceSurface,
        const RECT *pSourceRect, IDirect3DSurface9 *pDestSurface,
        const RECT *pDestRect, D3DTEXTUREFILTERTYPE Filter);
    HRESULT (STDMETHODCALLTYPE *ColorFill)(
        IDirect3DDevice9Ex *This, IDirect3DSurface9 *pSurface,
        const RECT *pRect, D3DCOLOR color);
    HRESULT (STDMETHODCALLTYPE *CreateOffscreenPlainSurface)(
        IDirect3DDevice9Ex *This, UINT Width, UINT Height, D3DFORMAT Format,
        D3DPOOL Pool, IDirect3DSurface9 **ppSurface, HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *SetRenderTarget)(
        IDirect3DDevice9Ex *This, DWORD RenderTargetIndex,
        IDirect3DSurface9 *pRenderTarget);
    HRESULT (STDMETHODCALLTYPE *GetRenderTarget)(
        IDirect3DDevice9Ex *This, DWORD RenderTargetIndex,
        IDirect3DSurface9 **ppRenderTarget);
    HRESULT (STDMETHODCALLTYPE *SetDepthStencilSurface)(
        IDirect3DDevice9Ex *This, IDirect3DSurface9 *pNewZStencil);
    HRESULT (STDMETHODCALLTYPE *GetDepthStencilSurface)(
        IDirect3DDevice9Ex *This, IDirect3DSurface9 **ppZStencilSurface);
    HRESULT (STDMETHODCALLTYPE *BeginScene)(IDirect3DDevice9Ex *This);
    HRESULT (STDMETHODCALLTYPE *EndScene)(IDirect3DDevice9Ex *This);
    HRESULT (STDMETHODCALLTYPE *Clear)(
        IDirect3DDevice9Ex *This, DWORD Count, const D3DRECT *pRects,
        DWORD Flags, D3DCOLOR Color, float Z, DWORD Stencil);
    HRESULT (STDMETHODCALLTYPE *SetTransform)(
        IDirect3DDevice9Ex *This, D3DTRANSFORMSTATETYPE State,
        const D3DMATRIX *pMatrix);
    HRESULT (STDMETHODCALLTYPE *GetTransform)(
        IDirect3DDevice9Ex *This, D3DTRANSFORMSTATETYPE State,
        D3DMATRIX *pMatrix);
    HRESULT (STDMETHODCALLTYPE *MultiplyTransform)(
        IDirect3DDevice9Ex *This, D3DTRANSFORMSTATETYPE State,
        const D3DMATRIX *pMatrix);
    HRESULT (STDMETHODCALLTYPE *SetViewport)(
        IDirect3DDevice9Ex *This, const D3DVIEWPORT9 *pViewport);
    HRESULT (STDMETHODCALLTYPE *GetViewport)(
        IDirect3DDevice9Ex *This, D3DVIEWPORT9 *pViewport);
    HRESULT (STDMETHODCALLTYPE *SetMaterial)(
        IDirect3DDevice9Ex *This, const D3DMATERIAL9 *pMaterial);
    HRESULT (STDMETHODCALLTYPE *GetMaterial)(
        IDirect3DDevice9Ex *This, D3DMATERIAL9 *pMaterial);
    HRESULT (STDMETHODCALLTYPE *SetLight)(
        IDirect3DDevice9Ex *This, DWORD Index, const D3DLIGHT9 *pLight);
    HRESULT (STDMETHODCALLTYPE *GetLight)(
        IDirect3DDevice9Ex *This, DWORD Index, D3DLIGHT9 *pLight);
    HRESULT (STDMETHODCALLTYPE *LightEnable)(
        IDirect3DDevice9Ex *This, DWORD Index, BOOL Enable);
    HRESULT (STDMETHODCALLTYPE *GetLightEnable)(
        IDirect3DDevice9Ex *This, DWORD Index, BOOL *pEnable);
    HRESULT (STDMETHODCALLTYPE *SetClipPlane)(
        IDirect3DDevice9Ex *This, DWORD Index, const float *pPlane);
    HRESULT (STDMETHODCALLTYPE *GetClipPlane)(
        IDirect3DDevice9Ex *This, DWORD Index, float *pPlane);
    HRESULT (STDMETHODCALLTYPE *SetRenderState)(
        IDirect3DDevice9Ex *This, D3DRENDERSTATETYPE State, DWORD Value);
    HRESULT (STDMETHODCALLTYPE *GetRenderState)(
        IDirect3DDevice9Ex *This, D3DRENDERSTATETYPE State, DWORD *pValue);
    HRESULT (STDMETHODCALLTYPE *CreateStateBlock)(
        IDirect3DDevice9Ex *This, D3DSTATEBLOCKTYPE Type,
        IDirect3DStateBlock9 **ppSB);
    HRESULT (STDMETHODCALLTYPE *BeginStateBlock)(IDirect3DDevice9Ex *This);
    HRESULT (STDMETHODCALLTYPE *EndStateBlock)(
        IDirect3DDevice9Ex *This, IDirect3DStateBlock9 **ppSB);
    HRESULT (STDMETHODCALLTYPE *SetClipStatus)(
        IDirect3DDevice9Ex *This, const D3DCLIPSTATUS9 *pClipStatus);
    HRESULT (STDMETHODCALLTYPE *GetClipStatus)(
        IDirect3DDevice9Ex *This, D3DCLIPSTATUS9 *pClipStatus);
    HRESULT (STDMETHODCALLTYPE *GetTexture)(
        IDirect3DDevice9Ex *This, DWORD Stage,
        IDirect3DBaseTexture9 **ppTexture);
    HRESULT (STDMETHODCALLTYPE *SetTexture)(
        IDirect3DDevice9Ex *This, DWORD Stage,
        IDirect3DBaseTexture9 *pTexture);
    HRESULT (STDMETHODCALLTYPE *GetTextureStageState)(
        IDirect3DDevice9Ex *This, DWORD Stage, D3DTEXTURESTAGESTATETYPE Type,
        DWORD *pValue);
    HRESULT (STDMETHODCALLTYPE *SetTextureStageState)(
        IDirect3DDevice9Ex *This, DWORD Stage, D3DTEXTURESTAGESTATETYPE Type,
        DWORD Value);
    HRESULT (STDMETHODCALLTYPE *GetSamplerState)(
        IDirect3DDevice9Ex *This, DWORD Sampler, D3DSAMPLERSTATETYPE Type,
        DWORD *pValue);
    HRESULT (STDMETHODCALLTYPE *SetSamplerState)(
        IDirect3DDevice9Ex *This, DWORD Sampler, D3DSAMPLERSTATETYPE Type,
        DWORD Value);
    HRESULT (STDMETHODCALLTYPE *ValidateDevice)(
        IDirect3DDevice9Ex *This, DWORD *pNumPasses);
    HRESULT (STDMETHODCALLTYPE *SetPaletteEntries)(
        IDirect3DDevice9Ex *This, UINT PaletteNumber,
        const PALETTEENTRY *pEntries);
    HRESULT (STDMETHODCALLTYPE *GetPaletteEntries)(
        IDirect3DDevice9Ex *This, UINT PaletteNumber, PALETTEENTRY *pEntries);
    HRESULT (STDMETHODCALLTYPE *SetCurrentTexturePalette)(
        IDirect3DDevice9Ex *This, UINT PaletteNumber);
    HRESULT (STDMETHODCALLTYPE *GetCurrentTexturePalette)(
        IDirect3DDevice9Ex *This, UINT *PaletteNumber);
    HRESULT (STDMETHODCALLTYPE *SetScissorRect)(
        IDirect3DDevice9Ex *This, const RECT *pRect);
    HRESULT (STDMETHODCALLTYPE *GetScissorRect)(
        IDirect3DDevice9Ex *This, RECT *pRect);
    HRESULT (STDMETHODCALLTYPE *SetSoftwareVertexProcessing)(
        IDirect3DDevice9Ex *This, BOOL bSoftware);
    BOOL (STDMETHODCALLTYPE *GetSoftwareVertexProcessing)(
        IDirect3DDevice9Ex *This);
    HRESULT (STDMETHODCALLTYPE *SetNPatchMode)(
        IDirect3DDevice9Ex *This, float nSegments);
    float (STDMETHODCALLTYPE *GetNPatchMode)(IDirect3DDevice9Ex *This);
    HRESULT (STDMETHODCALLTYPE *DrawPrimitive)(
        IDirect3DDevice9Ex *This, D3DPRIMITIVETYPE PrimitiveType,
        UINT StartVertex, UINT PrimitiveCount);
    HRESULT (STDMETHODCALLTYPE *DrawIndexedPrimitive)(
        IDirect3DDevice9Ex *This, D3DPRIMITIVETYPE PrimitiveType,
        INT BaseVertexIndex, UINT MinVertexIndex, UINT NumVertices,
        UINT startIndex, UINT primCount);
    HRESULT (STDMETHODCALLTYPE *DrawPrimitiveUP)(
        IDirect3DDevice9Ex *This, D3DPRIMITIVETYPE PrimitiveType,
        UINT PrimitiveCount, const void *pVertexStreamZeroData,
        UINT VertexStreamZeroStride);
    HRESULT (STDMETHODCALLTYPE *DrawIndexedPrimitiveUP)(
        IDirect3DDevice9Ex *This, D3DPRIMITIVETYPE PrimitiveType,
        UINT MinVertexIndex, UINT NumVertices, UINT PrimitiveCount,
        const void *pIndexData, D3DFORMAT IndexDataFormat,
        const void *pVertexStreamZeroData, UINT VertexStreamZeroStride);
    HRESULT (STDMETHODCALLTYPE *ProcessVertices)(
        IDirect3DDevice9Ex *This, UINT SrcStartIndex, UINT DestIndex,
        UINT VertexCount, IDirect3DVertexBuffer9 *pDestBuffer,
        IDirect3DVertexDeclaration9 *pVertexDecl, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *CreateVertexDeclaration)(
        IDirect3DDevice9Ex *This, const D3DVERTEXELEMENT9 *pVertexElements,
        IDirect3DVertexDeclaration9 **ppDecl);
    HRESULT (STDMETHODCALLTYPE *SetVertexDeclaration)(
        IDirect3DDevice9Ex *This, IDirect3DVertexDeclaration9 *pDecl);
    HRESULT (STDMETHODCALLTYPE *GetVertexDeclaration)(
        IDirect3DDevice9Ex *This, IDirect3DVertexDeclaration9 **ppDecl);
    HRESULT (STDMETHODCALLTYPE *SetFVF)(IDirect3DDevice9Ex *This, DWORD FVF);
    HRESULT (STDMETHODCALLTYPE *GetFVF)(IDirect3DDevice9Ex *This, DWORD *pFVF);
    HRESULT (STDMETHODCALLTYPE *CreateVertexShader)(
        IDirect3DDevice9Ex *This, const DWORD *pFunction,
        IDirect3DVertexShader9 **ppShader);
    HRESULT (STDMETHODCALLTYPE *SetVertexShader)(
        IDirect3DDevice9Ex *This, IDirect3DVertexShader9 *pShader);
    HRESULT (STDMETHODCALLTYPE *GetVertexShader)(
        IDirect3DDevice9Ex *This, IDirect3DVertexShader9 **ppShader);
    HRESULT (STDMETHODCALLTYPE *SetVertexShaderConstantF)(
        IDirect3DDevice9Ex *This, UINT StartRegister,
        const float *pConstantData, UINT Vector4fCount);
    HRESULT (STDMETHODCALLTYPE *GetVertexShaderConstantF)(
        IDirect3DDevice9Ex *This, UINT StartRegister, float *pConstantData,
        UINT Vector4fCount);
    HRESULT (STDMETHODCALLTYPE *SetVertexShaderConstantI)(
        IDirect3DDevice9Ex *This, UINT StartRegister, const int *pConstantData,
        UINT Vector4iCount);
    HRESULT (STDMETHODCALLTYPE *GetVertexShaderConstantI)(
        IDirect3DDevice9Ex *This, UINT StartRegister, int *pConstantData,
        UINT Vector4iCount);
    HRESULT (STDMETHODCALLTYPE *SetVertexShaderConstantB)(
        IDirect3DDevice9Ex *This, UINT StartRegister,
        const BOOL *pConstantData, UINT BoolCount);
    HRESULT (STDMETHODCALLTYPE *GetVertexShaderConstantB)(
        IDirect3DDevice9Ex *This, UINT StartRegister, BOOL *pConstantData,
        UINT BoolCount);
    HRESULT (STDMETHODCALLTYPE *SetStreamSource)(
        IDirect3DDevice9Ex *This, UINT StreamNumber,
        IDirect3DVertexBuffer9 *pStreamData, UINT OffsetInBytes, UINT Stride);
    HRESULT (STDMETHODCALLTYPE *GetStreamSource)(
        IDirect3DDevice9Ex *This, UINT StreamNumber,
        IDirect3DVertexBuffer9 **ppStreamData, UINT *pOffsetInBytes,
        UINT *pStride);
    HRESULT (STDMETHODCALLTYPE *SetStreamSourceFreq)(
        IDirect3DDevice9Ex *This, UINT StreamNumber, UINT Setting);
    HRESULT (STDMETHODCALLTYPE *GetStreamSourceFreq)(
        IDirect3DDevice9Ex *This, UINT StreamNumber, UINT *pSetting);
    HRESULT (STDMETHODCALLTYPE *SetIndices)(
        IDirect3DDevice9Ex *This, IDirect3DIndexBuffer9 *pIndexData);
    HRESULT (STDMETHODCALLTYPE *GetIndices)(
        IDirect3DDevice9Ex *This, IDirect3DIndexBuffer9 **ppIndexData);
    HRESULT (STDMETHODCALLTYPE *CreatePixelShader)(
        IDirect3DDevice9Ex *This, const DWORD *pFunction,
        IDirect3DPixelShader9 **ppShader);
    HRESULT (STDMETHODCALLTYPE *SetPixelShader)(
        IDirect3DDevice9Ex *This, IDirect3DPixelShader9 *pShader);
    HRESULT (STDMETHODCALLTYPE *GetPixelShader)(
        IDirect3DDevice9Ex *This, IDirect3DPixelShader9 **ppShader);
    HRESULT (STDMETHODCALLTYPE *SetPixelShaderConstantF)(
        IDirect3DDevice9Ex *This, UINT StartRegister,
        const float *pConstantData, UINT Vector4fCount);
    HRESULT (STDMETHODCALLTYPE *GetPixelShaderConstantF)(
        IDirect3DDevice9Ex *This, UINT StartRegister, float *pConstantData,
        UINT Vector4fCount);
    HRESULT (STDMETHODCALLTYPE *SetPixelShaderConstantI)(
        IDirect3DDevice9Ex *This, UINT StartRegister, const int *pConstantData,
        UINT Vector4iCount);
    HRESULT (STDMETHODCALLTYPE *GetPixelShaderConstantI)(
        IDirect3DDevice9Ex *This, UINT StartRegister, int *pConstantData,
        UINT Vector4iCount);
    HRESULT (STDMETHODCALLTYPE *SetPixelShaderConstantB)(
        IDirect3DDevice9Ex *This, UINT StartRegister,
        const BOOL *pConstantData, UINT BoolCount);
    HRESULT (STDMETHODCALLTYPE *GetPixelShaderConstantB)(
        IDirect3DDevice9Ex *This, UINT StartRegister, BOOL *pConstantData,
        UINT BoolCount);
    HRESULT (STDMETHODCALLTYPE *DrawRectPatch)(
        IDirect3DDevice9Ex *This, UINT Handle, const float *pNumSegs,
        const D3DRECTPATCH_INFO *pRectPatchInfo);
    HRESULT (STDMETHODCALLTYPE *DrawTriPatch)(
        IDirect3DDevice9Ex *This, UINT Handle, const float *pNumSegs,
        const D3DTRIPATCH_INFO *pTriPatchInfo);
    HRESULT (STDMETHODCALLTYPE *DeletePatch)(
        IDirect3DDevice9Ex *This, UINT Handle);
    HRESULT (STDMETHODCALLTYPE *CreateQuery)(
        IDirect3DDevice9Ex *This, D3DQUERYTYPE Type,
        IDirect3DQuery9 **ppQuery);
    /* IDirect3DDevice9Ex */
    HRESULT (STDMETHODCALLTYPE *SetConvolutionMonoKernel)(
        IDirect3DDevice9Ex *This, UINT width, UINT height, float *rows,
        float *columns);
    HRESULT (STDMETHODCALLTYPE *ComposeRects)(
        IDirect3DDevice9Ex *This, IDirect3DSurface9 *pSrc,
        IDirect3DSurface9 *pDst, IDirect3DVertexBuffer9 *pSrcRectDescs,
        UINT NumRects, IDirect3DVertexBuffer9 *pDstRectDescs,
        D3DCOMPOSERECTSOP Operation, int Xoffset, int Yoffset);
    HRESULT (STDMETHODCALLTYPE *PresentEx)(
        IDirect3DDevice9Ex *This, const RECT *pSourceRect,
        const RECT *pDestRect, HWND hDestWindowOverride,
        const RGNDATA *pDirtyRegion, DWORD dwFlags);
    HRESULT (STDMETHODCALLTYPE *GetGPUThreadPriority)(
        IDirect3DDevice9Ex *This, INT *pPriority);
    HRESULT (STDMETHODCALLTYPE *SetGPUThreadPriority)(
        IDirect3DDevice9Ex *This, INT Priority);
    HRESULT (STDMETHODCALLTYPE *WaitForVBlank)(
        IDirect3DDevice9Ex *This, UINT iSwapChain);
    HRESULT (STDMETHODCALLTYPE *CheckResourceResidency)(
        IDirect3DDevice9Ex *This, IDirect3DResource9 **pResourceArray,
        UINT32 NumResources);
    HRESULT (STDMETHODCALLTYPE *SetMaximumFrameLatency)(
        IDirect3DDevice9Ex *This, UINT MaxLatency);
    HRESULT (STDMETHODCALLTYPE *GetMaximumFrameLatency)(
        IDirect3DDevice9Ex *This, UINT *pMaxLatency);
    HRESULT (STDMETHODCALLTYPE *CheckDeviceState)(
        IDirect3DDevice9Ex *This, HWND hDestinationWindow);
    HRESULT (STDMETHODCALLTYPE *CreateRenderTargetEx)(
        IDirect3DDevice9Ex *This, UINT Width, UINT Height, D3DFORMAT Format,
        D3DMULTISAMPLE_TYPE MultiSample, DWORD MultisampleQuality,
        BOOL Lockable, IDirect3DSurface9 **ppSurface, HANDLE *pSharedHandle,
        DWORD Usage);
    HRESULT (STDMETHODCALLTYPE *CreateOffscreenPlainSurfaceEx)(
        IDirect3DDevice9Ex *This, UINT Width, UINT Height, D3DFORMAT Format,
        D3DPOOL Pool, IDirect3DSurface9 **ppSurface, HANDLE *pSharedHandle,
        DWORD Usage);
    HRESULT (STDMETHODCALLTYPE *CreateDepthStencilSurfaceEx)(
        IDirect3DDevice9Ex *This, UINT Width, UINT Height, D3DFORMAT Format,
        D3DMULTISAMPLE_TYPE MultiSample, DWORD MultisampleQuality,
        BOOL Discard, IDirect3DSurface9 **ppSurface, HANDLE *pSharedHandle,
        DWORD Usage);
    HRESULT (STDMETHODCALLTYPE *ResetEx)(
        IDirect3DDevice9Ex *This,
        D3DPRESENT_PARAMETERS *pPresentationParameters,
        D3DDISPLAYMODEEX *pFullscreenDisplayMode);
    HRESULT (STDMETHODCALLTYPE *GetDisplayModeEx)(
        IDirect3DDevice9Ex *This, UINT iSwapChain, D3DDISPLAYMODEEX *pMode,
        D3DDISPLAYROTATION *pRotation);
} IDirect3DDevice9ExVtbl;

struct IDirect3DDevice9Ex {
    const IDirect3DDevice9ExVtbl *lpVtbl;
};

#define IDirect3DDevice9Ex_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DDevice9Ex_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DDevice9Ex_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DDevice9Ex_TestCooperativeLevel(p) (p)->lpVtbl->TestCooperativeLevel(p)
#define IDirect3DDevice9Ex_GetAvailableTextureMem(p) (p)->lpVtbl->GetAvailableTextureMem(p)
#define IDirect3DDevice9Ex_EvictManagedResources(p) (p)->lpVtbl->EvictManagedResources(p)
#define IDirect3DDevice9Ex_GetDirect3D(p,a) (p)->lpVtbl->GetDirect3D(p,a)
#define IDirect3DDevice9Ex_GetDeviceCaps(p,a) (p)->lpVtbl->GetDeviceCaps(p,a)
#define IDirect3DDevice9Ex_GetDisplayMode(p,a,b) (p)->lpVtbl->GetDisplayMode(p,a,b)
#define IDirect3DDevice9Ex_GetCreationParameters(p,a) (p)->lpVtbl->GetCreationParameters(p,a)
#define IDirect3DDevice9Ex_SetCursorProperties(p,a,b,c) (p)->lpVtbl->SetCursorProperties(p,a,b,c)
#define IDirect3DDevice9Ex_SetCursorPosition(p,a,b,c) (p)->lpVtbl->SetCursorPosition(p,a,b,c)
#define IDirect3DDevice9Ex_ShowCursor(p,a) (p)->lpVtbl->ShowCursor(p,a)
#define IDirect3DDevice9Ex_CreateAdditionalSwapChain(p,a,b) (p)->lpVtbl->CreateAdditionalSwapChain(p,a,b)
#define IDirect3DDevice9Ex_GetSwapChain(p,a,b) (p)->lpVtbl->GetSwapChain(p,a,b)
#define IDirect3DDevice9Ex_GetNumberOfSwapChains(p) (p)->lpVtbl->GetNumberOfSwapChains(p)
#define IDirect3DDevice9Ex_Reset(p,a) (p)->lpVtbl->Reset(p,a)
#define IDirect3DDevice9Ex_Present(p,a,b,c,d) (p)->lpVtbl->Present(p,a,b,c,d)
#define IDirect3DDevice9Ex_GetBackBuffer(p,a,b,c,d) (p)->lpVtbl->GetBackBuffer(p,a,b,c,d)
#define IDirect3DDevice9Ex_GetRasterStatus(p,a,b) (p)->lpVtbl->GetRasterStatus(p,a,b)
#define IDirect3DDevice9Ex_SetDialogBoxMode(p,a) (p)->lpVtbl->SetDialogBoxMode(p,a)
#define IDirect3DDevice9Ex_SetGammaRamp(p,a,b,c) (p)->lpVtbl->SetGammaRamp(p,a,b,c)
#define IDirect3DDevice9Ex_GetGammaRamp(p,a,b) (p)->lpVtbl->GetGammaRamp(p,a,b)
#define IDirect3DDevice9Ex_CreateTexture(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->CreateTexture(p,a,b,c,d,e,f,g,h)
#define IDirect3DDevice9Ex_CreateVolumeTexture(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CreateVolumeTexture(p,a,b,c,d,e,f,g,h,i)
#define IDirect3DDevice9Ex_CreateCubeTexture(p,a,b,c,d,e,f,g) (p)->lpVtbl->CreateCubeTexture(p,a,b,c,d,e,f,g)
#define IDirect3DDevice9Ex_CreateVertexBuffer(p,a,b,c,d,e,f) (p)->lpVtbl->CreateVertexBuffer(p,a,b,c,d,e,f)
#define IDirect3DDevice9Ex_CreateIndexBuffer(p,a,b,c,d,e,f) (p)->lpVtbl->CreateIndexBuffer(p,a,b,c,d,e,f)
#define IDirect3DDevice9Ex_CreateRenderTarget(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->CreateRenderTarget(p,a,b,c,d,e,f,g,h)
#define IDirect3DDevice9Ex_CreateDepthStencilSurface(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->CreateDepthStencilSurface(p,a,b,c,d,e,f,g,h)
#define IDirect3DDevice9Ex_UpdateSurface(p,a,b,c,d) (p)->lpVtbl->UpdateSurface(p,a,b,c,d)
#define IDirect3DDevice9Ex_UpdateTexture(p,a,b) (p)->lpVtbl->UpdateTexture(p,a,b)
#define IDirect3DDevice9Ex_GetRenderTargetData(p,a,b) (p)->lpVtbl->GetRenderTargetData(p,a,b)
#define IDirect3DDevice9Ex_GetFrontBufferData(p,a,b) (p)->lpVtbl->GetFrontBufferData(p,a,b)
#define IDirect3DDevice9Ex_StretchRect(p,a,b,c,d,e) (p)->lpVtbl->StretchRect(p,a,b,c,d,e)
#define IDirect3DDevice9Ex_ColorFill(p,a,b,c) (p)->lpVtbl->ColorFill(p,a,b,c)
#define IDirect3DDevice9Ex_CreateOffscreenPlainSurface(p,a,b,c,d,e,f) (p)->lpVtbl->CreateOffscreenPlainSurface(p,a,b,c,d,e,f)
#define IDirect3DDevice9Ex_SetRenderTarget(p,a,b) (p)->lpVtbl->SetRenderTarget(p,a,b)
#define IDirect3DDevice9Ex_GetRenderTarget(p,a,b) (p)->lpVtbl->GetRenderTarget(p,a,b)
#define IDirect3DDevice9Ex_SetDepthStencilSurface(p,a) (p)->lpVtbl->SetDepthStencilSurface(p,a)
#define IDirect3DDevice9Ex_GetDepthStencilSurface(p,a) (p)->lpVtbl->GetDepthStencilSurface(p,a)
#define IDirect3DDevice9Ex_BeginScene(p) (p)->lpVtbl->BeginScene(p)
#define IDirect3DDevice9Ex_EndScene(p) (p)->lpVtbl->EndScene(p)
#define IDirect3DDevice9Ex_Clear(p,a,b,c,d,e,f) (p)->lpVtbl->Clear(p,a,b,c,d,e,f)
#define IDirect3DDevice9Ex_SetTransform(p,a,b) (p)->lpVtbl->SetTransform(p,a,b)
#define IDirect3DDevice9Ex_GetTransform(p,a,b) (p)->lpVtbl->GetTransform(p,a,b)
#define IDirect3DDevice9Ex_MultiplyTransform(p,a,b) (p)->lpVtbl->MultiplyTransform(p,a,b)
#define IDirect3DDevice9Ex_SetViewport(p,a) (p)->lpVtbl->SetViewport(p,a)
#define IDirect3DDevice9Ex_GetViewport(p,a) (p)->lpVtbl->GetViewport(p,a)
#define IDirect3DDevice9Ex_SetMaterial(p,a) (p)->lpVtbl->SetMaterial(p,a)
#define IDirect3DDevice9Ex_GetMaterial(p,a) (p)->lpVtbl->GetMaterial(p,a)
#define IDirect3DDevice9Ex_SetLight(p,a,b) (p)->lpVtbl->SetLight(p,a,b)
#define IDirect3DDevice9Ex_GetLight(p,a,b) (p)->lpVtbl->GetLight(p,a,b)
#define IDirect3DDevice9Ex_LightEnable(p,a,b) (p)->lpVtbl->LightEnable(p,a,b)
#define IDirect3DDevice9Ex_GetLightEnable(p,a,b) (p)->lpVtbl->GetLightEnable(p,a,b)
#define IDirect3DDevice9Ex_SetClipPlane(p,a,b) (p)->lpVtbl->SetClipPlane(p,a,b)
#define IDirect3DDevice9Ex_GetClipPlane(p,a,b) (p)->lpVtbl->GetClipPlane(p,a,b)
#define IDirect3DDevice9Ex_SetRenderState(p,a,b) (p)->lpVtbl->SetRenderState(p,a,b)
#define IDirect3DDevice9Ex_GetRenderState(p,a,b) (p)->lpVtbl->GetRenderState(p,a,b)
#define IDirect3DDevice9Ex_CreateStateBlock(p,a,b) (p)->lpVtbl->CreateStateBlock(p,a,b)
#define IDirect3DDevice9Ex_BeginStateBlock(p) (p)->lpVtbl->BeginStateBlock(p)
#define IDirect3DDevice9Ex_EndStateBlock(p,a) (p)->lpVtbl->EndStateBlock(p,a)
#define IDirect3DDevice9Ex_SetClipStatus(p,a) (p)->lpVtbl->SetClipStatus(p,a)
#define IDirect3DDevice9Ex_GetClipStatus(p,a) (p)->lpVtbl->GetClipStatus(p,a)
#define IDirect3DDevice9Ex_GetTexture(p,a,b) (p)->lpVtbl->GetTexture(p,a,b)
#define IDirect3DDevice9Ex_SetTexture(p,a,b) (p)->lpVtbl->SetTexture(p,a,b)
#define IDirect3DDevice9Ex_GetTextureStageState(p,a,b,c) (p)->lpVtbl->GetTextureStageState(p,a,b,c)
#define IDirect3DDevice9Ex_SetTextureStageState(p,a,b,c) (p)->lpVtbl->SetTextureStageState(p,a,b,c)
#define IDirect3DDevice9Ex_GetSamplerState(p,a,b,c) (p)->lpVtbl->GetSamplerState(p,a,b,c)
#define IDirect3DDevice9Ex_SetSamplerState(p,a,b,c) (p)->lpVtbl->SetSamplerState(p,a,b,c)
#define IDirect3DDevice9Ex_ValidateDevice(p,a) (p)->lpVtbl->ValidateDevice(p,a)
#define IDirect3DDevice9Ex_SetPaletteEntries(p,a,b) (p)->lpVtbl->SetPaletteEntries(p,a,b)
#define IDirect3DDevice9Ex_GetPaletteEntries(p,a,b) (p)->lpVtbl->GetPaletteEntries(p,a,b)
#define IDirect3DDevice9Ex_SetCurrentTexturePalette(p,a) (p)->lpVtbl->SetCurrentTexturePalette(p,a)
#define IDirect3DDevice9Ex_GetCurrentTexturePalette(p,a) (p)->lpVtbl->GetCurrentTexturePalette(p,a)
#define IDirect3DDevice9Ex_SetScissorRect(p,a) (p)->lpVtbl->SetScissorRect(p,a)
#define IDirect3DDevice9Ex_GetScissorRect(p,a) (p)->lpVtbl->GetScissorRect(p,a)
#define IDirect3DDevice9Ex_SetSoftwareVertexProcessing(p,a) (p)->lpVtbl->SetSoftwareVertexProcessing(p,a)
#define IDirect3DDevice9Ex_GetSoftwareVertexProcessing(p) (p)->lpVtbl->GetSoftwareVertexProcessing(p)
#define IDirect3DDevice9Ex_SetNPatchMode(p,a) (p)->lpVtbl->SetNPatchMode(p,a)
#define IDirect3DDevice9Ex_GetNPatchMode(p) (p)->lpVtbl->GetNPatchMode(p)
#define IDirect3DDevice9Ex_DrawPrimitive(p,a,b,c) (p)->lpVtbl->DrawPrimitive(p,a,b,c)
#define IDirect3DDevice9Ex_DrawIndexedPrimitive(p,a,b,c,d,e,f) (p)->lpVtbl->DrawIndexedPrimitive(p,a,b,c,d,e,f)
#define IDirect3DDevice9Ex_DrawPrimitiveUP(p,a,b,c,d) (p)->lpVtbl->DrawPrimitiveUP(p,a,b,c,d)
#define IDirect3DDevice9Ex_DrawIndexedPrimitiveUP(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->DrawIndexedPrimitiveUP(p,a,b,c,d,e,f,g,h)
#define IDirect3DDevice9Ex_ProcessVertices(p,a,b,c,d,e,f) (p)->lpVtbl->ProcessVertices(p,a,b,c,d,e,f)
#define IDirect3DDevice9Ex_CreateVertexDeclaration(p,a,b) (p)->lpVtbl->CreateVertexDeclaration(p,a,b)
#define IDirect3DDevice9Ex_SetVertexDeclaration(p,a) (p)->lpVtbl->SetVertexDeclaration(p,a)
#define IDirect3DDevice9Ex_GetVertexDeclaration(p,a) (p)->lpVtbl->GetVertexDeclaration(p,a)
#define IDirect3DDevice9Ex_SetFVF(p,a) (p)->lpVtbl->SetFVF(p,a)
#define IDirect3DDevice9Ex_GetFVF(p,a) (p)->lpVtbl->GetFVF(p,a)
#define IDirect3DDevice9Ex_CreateVertexShader(p,a,b) (p)->lpVtbl->CreateVertexShader(p,a,b)
#define IDirect3DDevice9Ex_SetVertexShader(p,a) (p)->lpVtbl->SetVertexShader(p,a)
#define IDirect3DDevice9Ex_GetVertexShader(p,a) (p)->lpVtbl->GetVertexShader(p,a)
#define IDirect3DDevice9Ex_SetVertexShaderConstantF(p,a,b,c) (p)->lpVtbl->SetVertexShaderConstantF(p,a,b,c)
#define IDirect3DDevice9Ex_GetVertexShaderConstantF(p,a,b,c) (p)->lpVtbl->GetVertexShaderConstantF(p,a,b,c)
#define IDirect3DDevice9Ex_SetVertexShaderConstantI(p,a,b,c) (p)->lpVtbl->SetVertexShaderConstantI(p,a,b,c)
#define IDirect3DDevice9Ex_GetVertexShaderConstantI(p,a,b,c) (p)->lpVtbl->GetVertexShaderConstantI(p,a,b,c)
#define IDirect3DDevice9Ex_SetVertexShaderConstantB(p,a,b,c) (p)->lpVtbl->SetVertexShaderConstantB(p,a,b,c)
#define IDirect3DDevice9Ex_GetVertexShaderConstantB(p,a,b,c) (p)->lpVtbl->GetVertexShaderConstantB(p,a,b,c)
#define IDirect3DDevice9Ex_SetStreamSource(p,a,b,c,d) (p)->lpVtbl->SetStreamSource(p,a,b,c,d)
#define IDirect3DDevice9Ex_GetStreamSource(p,a,b,c,d) (p)->lpVtbl->GetStreamSource(p,a,b,c,d)
#define IDirect3DDevice9Ex_SetStreamSourceFreq(p,a,b) (p)->lpVtbl->SetStreamSourceFreq(p,a,b)
#define IDirect3DDevice9Ex_GetStreamSourceFreq(p,a,b) (p)->lpVtbl->GetStreamSourceFreq(p,a,b)
#define IDirect3DDevice9Ex_SetIndices(p,a) (p)->lpVtbl->SetIndices(p,a)
#define IDirect3DDevice9Ex_GetIndices(p,a) (p)->lpVtbl->GetIndices(p,a)
#define IDirect3DDevice9Ex_CreatePixelShader(p,a,b) (p)->lpVtbl->CreatePixelShader(p,a,b)
#define IDirect3DDevice9Ex_SetPixelShader(p,a) (p)->lpVtbl->SetPixelShader(p,a)
#define IDirect3DDevice9Ex_GetPixelShader(p,a) (p)->lpVtbl->GetPixelShader(p,a)
#define IDirect3DDevice9Ex_SetPixelShaderConstantF(p,a,b,c) (p)->lpVtbl->SetPixelShaderConstantF(p,a,b,c)
#define IDirect3DDevice9Ex_GetPixelShaderConstantF(p,a,b,c) (p)->lpVtbl->GetPixelShaderConstantF(p,a,b,c)
#define IDirect3DDevice9Ex_SetPixelShaderConstantI(p,a,b,c) (p)->lpVtbl->SetPixelShaderConstantI(p,a,b,c)
#define IDirect3DDevice9Ex_GetPixelShaderConstantI(p,a,b,c) (p)->lpVtbl->GetPixelShaderConstantI(p,a,b,c)
#define IDirect3DDevice9Ex_SetPixelShaderConstantB(p,a,b,c) (p)->lpVtbl->SetPixelShaderConstantB(p,a,b,c)
#define IDirect3DDevice9Ex_GetPixelShaderConstantB(p,a,b,c) (p)->lpVtbl->GetPixelShaderConstantB(p,a,b,c)
#define IDirect3DDevice9Ex_DrawRectPatch(p,a,b,c) (p)->lpVtbl->DrawRectPatch(p,a,b,c)
#define IDirect3DDevice9Ex_DrawTriPatch(p,a,b,c) (p)->lpVtbl->DrawTriPatch(p,a,b,c)
#define IDirect3DDevice9Ex_DeletePatch(p,a) (p)->lpVtbl->DeletePatch(p,a)
#define IDirect3DDevice9Ex_CreateQuery(p,a,b) (p)->lpVtbl->CreateQuery(p,a,b)
#define IDirect3DDevice9Ex_SetConvolutionMonoKernel(p,a,b,c,d) (p)->lpVtbl->SetConvolutionMonoKernel(p,a,b,c,d)
#define IDirect3DDevice9Ex_ComposeRects(p,a,b,c,d,e,f,g,h) (p)->lpVtbl->ComposeRects(p,a,b,c,d,e,f,g,h)
#define IDirect3DDevice9Ex_PresentEx(p,a,b,c,d,e) (p)->lpVtbl->PresentEx(p,a,b,c,d,e)
#define IDirect3DDevice9Ex_GetGPUThreadPriority(p,a) (p)->lpVtbl->GetGPUThreadPriority(p,a)
#define IDirect3DDevice9Ex_SetGPUThreadPriority(p,a) (p)->lpVtbl->SetGPUThreadPriority(p,a)
#define IDirect3DDevice9Ex_WaitForVBlank(p,a) (p)->lpVtbl->WaitForVBlank(p,a)
#define IDirect3DDevice9Ex_CheckResourceResidency(p,a,b) (p)->lpVtbl->CheckResourceResidency(p,a,b)
#define IDirect3DDevice9Ex_SetMaximumFrameLatency(p,a) (p)->lpVtbl->SetMaximumFrameLatency(p,a)
#define IDirect3DDevice9Ex_GetMaximumFrameLatency(p,a) (p)->lpVtbl->GetMaximumFrameLatency(p,a)
#define IDirect3DDevice9Ex_CheckDeviceState(p,a) (p)->lpVtbl->CheckDeviceState(p,a)
#define IDirect3DDevice9Ex_CreateRenderTargetEx(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CreateRenderTargetEx(p,a,b,c,d,e,f,g,h,i)
#define IDirect3DDevice9Ex_CreateOffscreenPlainSurfaceEx(p,a,b,c,d,e,f,g) (p)->lpVtbl->CreateOffscreenPlainSurfaceEx(p,a,b,c,d,e,f,g)
#define IDirect3DDevice9Ex_CreateDepthStencilSurfaceEx(p,a,b,c,d,e,f,g,h,i) (p)->lpVtbl->CreateDepthStencilSurfaceEx(p,a,b,c,d,e,f,g,h,i)
#define IDirect3DDevice9Ex_ResetEx(p,a,b) (p)->lpVtbl->ResetEx(p,a,b)
#define IDirect3DDevice9Ex_GetDisplayModeEx(p,a,b,c) (p)->lpVtbl->GetDisplayModeEx(p,a,b,c)

/* ---- IDirect3DStateBlock9 -------------------------------------------------- */

typedef struct IDirect3DStateBlock9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DStateBlock9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DStateBlock9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DStateBlock9 *This);
    /* IDirect3DStateBlock9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DStateBlock9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *Capture)(IDirect3DStateBlock9 *This);
    HRESULT (STDMETHODCALLTYPE *Apply)(IDirect3DStateBlock9 *This);
} IDirect3DStateBlock9Vtbl;

struct IDirect3DStateBlock9 {
    const IDirect3DStateBlock9Vtbl *lpVtbl;
};

#define IDirect3DStateBlock9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DStateBlock9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DStateBlock9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DStateBlock9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DStateBlock9_Capture(p) (p)->lpVtbl->Capture(p)
#define IDirect3DStateBlock9_Apply(p) (p)->lpVtbl->Apply(p)

/* ---- IDirect3DSwapChain9 --------------------------------------------------- */

typedef struct IDirect3DSwapChain9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DSwapChain9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DSwapChain9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DSwapChain9 *This);
    /* IDirect3DSwapChain9 */
    HRESULT (STDMETHODCALLTYPE *Present)(
        IDirect3DSwapChain9 *This, const RECT *pSourceRect,
        const RECT *pDestRect, HWND hDestWindowOverride,
        const RGNDATA *pDirtyRegion, DWORD dwFlags);
    HRESULT (STDMETHODCALLTYPE *GetFrontBufferData)(
        IDirect3DSwapChain9 *This, IDirect3DSurface9 *pDestSurface);
    HRESULT (STDMETHODCALLTYPE *GetBackBuffer)(
        IDirect3DSwapChain9 *This, UINT iBackBuffer, D3DBACKBUFFER_TYPE Type,
        IDirect3DSurface9 **ppBackBuffer);
    HRESULT (STDMETHODCALLTYPE *GetRasterStatus)(
        IDirect3DSwapChain9 *This, D3DRASTER_STATUS *pRasterStatus);
    HRESULT (STDMETHODCALLTYPE *GetDisplayMode)(
        IDirect3DSwapChain9 *This, D3DDISPLAYMODE *pMode);
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DSwapChain9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPresentParameters)(
        IDirect3DSwapChain9 *This,
        D3DPRESENT_PARAMETERS *pPresentationParameters);
} IDirect3DSwapChain9Vtbl;

struct IDirect3DSwapChain9 {
    const IDirect3DSwapChain9Vtbl *lpVtbl;
};

#define IDirect3DSwapChain9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DSwapChain9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DSwapChain9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DSwapChain9_Present(p,a,b,c,d,e) (p)->lpVtbl->Present(p,a,b,c,d,e)
#define IDirect3DSwapChain9_GetFrontBufferData(p,a) (p)->lpVtbl->GetFrontBufferData(p,a)
#define IDirect3DSwapChain9_GetBackBuffer(p,a,b,c) (p)->lpVtbl->GetBackBuffer(p,a,b,c)
#define IDirect3DSwapChain9_GetRasterStatus(p,a) (p)->lpVtbl->GetRasterStatus(p,a)
#define IDirect3DSwapChain9_GetDisplayMode(p,a) (p)->lpVtbl->GetDisplayMode(p,a)
#define IDirect3DSwapChain9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DSwapChain9_GetPresentParameters(p,a) (p)->lpVtbl->GetPresentParameters(p,a)

/* ---- IDirect3DSwapChain9Ex ------------------------------------------------- */

typedef struct IDirect3DSwapChain9ExVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DSwapChain9Ex *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DSwapChain9Ex *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DSwapChain9Ex *This);
    /* IDirect3DSwapChain9 */
    HRESULT (STDMETHODCALLTYPE *Present)(
        IDirect3DSwapChain9Ex *This, const RECT *pSourceRect,
        const RECT *pDestRect, HWND hDestWindowOverride,
        const RGNDATA *pDirtyRegion, DWORD dwFlags);
    HRESULT (STDMETHODCALLTYPE *GetFrontBufferData)(
        IDirect3DSwapChain9Ex *This, IDirect3DSurface9 *pDestSurface);
    HRESULT (STDMETHODCALLTYPE *GetBackBuffer)(
        IDirect3DSwapChain9Ex *This, UINT iBackBuffer, D3DBACKBUFFER_TYPE Type,
        IDirect3DSurface9 **ppBackBuffer);
    HRESULT (STDMETHODCALLTYPE *GetRasterStatus)(
        IDirect3DSwapChain9Ex *This, D3DRASTER_STATUS *pRasterStatus);
    HRESULT (STDMETHODCALLTYPE *GetDisplayMode)(
        IDirect3DSwapChain9Ex *This, D3DDISPLAYMODE *pMode);
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DSwapChain9Ex *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetPresentParameters)(
        IDirect3DSwapChain9Ex *This,
        D3DPRESENT_PARAMETERS *pPresentationParameters);
    /* IDirect3DSwapChain9Ex */
    HRESULT (STDMETHODCALLTYPE *GetLastPresentCount)(
        IDirect3DSwapChain9Ex *This, UINT *pLastPresentCount);
    HRESULT (STDMETHODCALLTYPE *GetPresentStats)(
        IDirect3DSwapChain9Ex *This, D3DPRESENTSTATS *pPresentationStatistics);
    HRESULT (STDMETHODCALLTYPE *GetDisplayModeEx)(
        IDirect3DSwapChain9Ex *This, D3DDISPLAYMODEEX *pMode,
        D3DDISPLAYROTATION *pRotation);
} IDirect3DSwapChain9ExVtbl;

struct IDirect3DSwapChain9Ex {
    const IDirect3DSwapChain9ExVtbl *lpVtbl;
};

#define IDirect3DSwapChain9Ex_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DSwapChain9Ex_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DSwapChain9Ex_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DSwapChain9Ex_Present(p,a,b,c,d,e) (p)->lpVtbl->Present(p,a,b,c,d,e)
#define IDirect3DSwapChain9Ex_GetFrontBufferData(p,a) (p)->lpVtbl->GetFrontBufferData(p,a)
#define IDirect3DSwapChain9Ex_GetBackBuffer(p,a,b,c) (p)->lpVtbl->GetBackBuffer(p,a,b,c)
#define IDirect3DSwapChain9Ex_GetRasterStatus(p,a) (p)->lpVtbl->GetRasterStatus(p,a)
#define IDirect3DSwapChain9Ex_GetDisplayMode(p,a) (p)->lpVtbl->GetDisplayMode(p,a)
#define IDirect3DSwapChain9Ex_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DSwapChain9Ex_GetPresentParameters(p,a) (p)->lpVtbl->GetPresentParameters(p,a)
#define IDirect3DSwapChain9Ex_GetLastPresentCount(p,a) (p)->lpVtbl->GetLastPresentCount(p,a)
#define IDirect3DSwapChain9Ex_GetPresentStats(p,a) (p)->lpVtbl->GetPresentStats(p,a)
#define IDirect3DSwapChain9Ex_GetDisplayModeEx(p,a,b) (p)->lpVtbl->GetDisplayModeEx(p,a,b)

/* ---- IDirect3DResource9 ---------------------------------------------------- */

typedef struct IDirect3DResource9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DResource9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DResource9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DResource9 *This);
    /* IDirect3DResource9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DResource9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDirect3DResource9 *This, REFGUID refguid, const void *pData,
        DWORD SizeOfData, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDirect3DResource9 *This, REFGUID refguid, void *pData,
        DWORD *pSizeOfData);
    HRESULT (STDMETHODCALLTYPE *FreePrivateData)(
        IDirect3DResource9 *This, REFGUID refguid);
    DWORD (STDMETHODCALLTYPE *SetPriority)(
        IDirect3DResource9 *This, DWORD PriorityNew);
    DWORD (STDMETHODCALLTYPE *GetPriority)(IDirect3DResource9 *This);
    void (STDMETHODCALLTYPE *PreLoad)(IDirect3DResource9 *This);
    D3DRESOURCETYPE (STDMETHODCALLTYPE *GetType)(IDirect3DResource9 *This);
} IDirect3DResource9Vtbl;

struct IDirect3DResource9 {
    const IDirect3DResource9Vtbl *lpVtbl;
};

#define IDirect3DResource9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DResource9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DResource9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DResource9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DResource9_SetPrivateData(p,a,b,c,d) (p)->lpVtbl->SetPrivateData(p,a,b,c,d)
#define IDirect3DResource9_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDirect3DResource9_FreePrivateData(p,a) (p)->lpVtbl->FreePrivateData(p,a)
#define IDirect3DResource9_SetPriority(p,a) (p)->lpVtbl->SetPriority(p,a)
#define IDirect3DResource9_GetPriority(p) (p)->lpVtbl->GetPriority(p)
#define IDirect3DResource9_PreLoad(p) (p)->lpVtbl->PreLoad(p)
#define IDirect3DResource9_GetType(p) (p)->lpVtbl->GetType(p)

/* ---- IDirect3DVertexDeclaration9 ------------------------------------------- */

typedef struct IDirect3DVertexDeclaration9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DVertexDeclaration9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DVertexDeclaration9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DVertexDeclaration9 *This);
    /* IDirect3DVertexDeclaration9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DVertexDeclaration9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetDeclaration)(
        IDirect3DVertexDeclaration9 *This, D3DVERTEXELEMENT9 *pElement,
        UINT *pNumElements);
} IDirect3DVertexDeclaration9Vtbl;

struct IDirect3DVertexDeclaration9 {
    const IDirect3DVertexDeclaration9Vtbl *lpVtbl;
};

#define IDirect3DVertexDeclaration9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DVertexDeclaration9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DVertexDeclaration9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DVertexDeclaration9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DVertexDeclaration9_GetDeclaration(p,a,b) (p)->lpVtbl->GetDeclaration(p,a,b)

/* ---- IDirect3DVertexShader9 ------------------------------------------------ */

typedef struct IDirect3DVertexShader9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DVertexShader9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DVertexShader9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DVertexShader9 *This);
    /* IDirect3DVertexShader9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DVertexShader9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetFunction)(
        IDirect3DVertexShader9 *This, void *pData, UINT *pSizeOfData);
} IDirect3DVertexShader9Vtbl;

struct IDirect3DVertexShader9 {
    const IDirect3DVertexShader9Vtbl *lpVtbl;
};

#define IDirect3DVertexShader9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DVertexShader9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DVertexShader9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DVertexShader9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DVertexShader9_GetFunction(p,a,b) (p)->lpVtbl->GetFunction(p,a,b)

/* ---- IDirect3DPixelShader9 ------------------------------------------------- */

typedef struct IDirect3DPixelShader9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DPixelShader9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DPixelShader9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DPixelShader9 *This);
    /* IDirect3DPixelShader9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DPixelShader9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *GetFunction)(
        IDirect3DPixelShader9 *This, void *pData, UINT *pSizeOfData);
} IDirect3DPixelShader9Vtbl;

struct IDirect3DPixelShader9 {
    const IDirect3DPixelShader9Vtbl *lpVtbl;
};

#define IDirect3DPixelShader9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DPixelShader9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DPixelShader9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DPixelShader9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DPixelShader9_GetFunction(p,a,b) (p)->lpVtbl->GetFunction(p,a,b)

/* ---- IDirect3DBaseTexture9 ------------------------------------------------- */

typedef struct IDirect3DBaseTexture9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DBaseTexture9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DBaseTexture9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DBaseTexture9 *This);
    /* IDirect3DResource9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DBaseTexture9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDirect3DBaseTexture9 *This, REFGUID refguid, const void *pData,
        DWORD SizeOfData, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDirect3DBaseTexture9 *This, REFGUID refguid, void *pData,
        DWORD *pSizeOfData);
    HRESULT (STDMETHODCALLTYPE *FreePrivateData)(
        IDirect3DBaseTexture9 *This, REFGUID refguid);
    DWORD (STDMETHODCALLTYPE *SetPriority)(
        IDirect3DBaseTexture9 *This, DWORD PriorityNew);
    DWORD (STDMETHODCALLTYPE *GetPriority)(IDirect3DBaseTexture9 *This);
    void (STDMETHODCALLTYPE *PreLoad)(IDirect3DBaseTexture9 *This);
    D3DRESOURCETYPE (STDMETHODCALLTYPE *GetType)(IDirect3DBaseTexture9 *This);
    /* IDirect3DBaseTexture9 */
    DWORD (STDMETHODCALLTYPE *SetLOD)(
        IDirect3DBaseTexture9 *This, DWORD LODNew);
    DWORD (STDMETHODCALLTYPE *GetLOD)(IDirect3DBaseTexture9 *This);
    DWORD (STDMETHODCALLTYPE *GetLevelCount)(IDirect3DBaseTexture9 *This);
    HRESULT (STDMETHODCALLTYPE *SetAutoGenFilterType)(
        IDirect3DBaseTexture9 *This, D3DTEXTUREFILTERTYPE FilterType);
    D3DTEXTUREFILTERTYPE (STDMETHODCALLTYPE *GetAutoGenFilterType)(
        IDirect3DBaseTexture9 *This);
    void (STDMETHODCALLTYPE *GenerateMipSubLevels)(
        IDirect3DBaseTexture9 *This);
} IDirect3DBaseTexture9Vtbl;

struct IDirect3DBaseTexture9 {
    const IDirect3DBaseTexture9Vtbl *lpVtbl;
};

#define IDirect3DBaseTexture9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DBaseTexture9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DBaseTexture9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DBaseTexture9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DBaseTexture9_SetPrivateData(p,a,b,c,d) (p)->lpVtbl->SetPrivateData(p,a,b,c,d)
#define IDirect3DBaseTexture9_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDirect3DBaseTexture9_FreePrivateData(p,a) (p)->lpVtbl->FreePrivateData(p,a)
#define IDirect3DBaseTexture9_SetPriority(p,a) (p)->lpVtbl->SetPriority(p,a)
#define IDirect3DBaseTexture9_GetPriority(p) (p)->lpVtbl->GetPriority(p)
#define IDirect3DBaseTexture9_PreLoad(p) (p)->lpVtbl->PreLoad(p)
#define IDirect3DBaseTexture9_GetType(p) (p)->lpVtbl->GetType(p)
#define IDirect3DBaseTexture9_SetLOD(p,a) (p)->lpVtbl->SetLOD(p,a)
#define IDirect3DBaseTexture9_GetLOD(p) (p)->lpVtbl->GetLOD(p)
#define IDirect3DBaseTexture9_GetLevelCount(p) (p)->lpVtbl->GetLevelCount(p)
#define IDirect3DBaseTexture9_SetAutoGenFilterType(p,a) (p)->lpVtbl->SetAutoGenFilterType(p,a)
#define IDirect3DBaseTexture9_GetAutoGenFilterType(p) (p)->lpVtbl->GetAutoGenFilterType(p)
#define IDirect3DBaseTexture9_GenerateMipSubLevels(p) (p)->lpVtbl->GenerateMipSubLevels(p)

/* ---- IDirect3DTexture9 ----------------------------------------------------- */

typedef struct IDirect3DTexture9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DTexture9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DTexture9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DTexture9 *This);
    /* IDirect3DResource9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DTexture9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDirect3DTexture9 *This, REFGUID refguid, const void *pData,
        DWORD SizeOfData, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDirect3DTexture9 *This, REFGUID refguid, void *pData,
        DWORD *pSizeOfData);
    HRESULT (STDMETHODCALLTYPE *FreePrivateData)(
        IDirect3DTexture9 *This, REFGUID refguid);
    DWORD (STDMETHODCALLTYPE *SetPriority)(
        IDirect3DTexture9 *This, DWORD PriorityNew);
    DWORD (STDMETHODCALLTYPE *GetPriority)(IDirect3DTexture9 *This);
    void (STDMETHODCALLTYPE *PreLoad)(IDirect3DTexture9 *This);
    D3DRESOURCETYPE (STDMETHODCALLTYPE *GetType)(IDirect3DTexture9 *This);
    /* IDirect3DBaseTexture9 */
    DWORD (STDMETHODCALLTYPE *SetLOD)(IDirect3DTexture9 *This, DWORD LODNew);
    DWORD (STDMETHODCALLTYPE *GetLOD)(IDirect3DTexture9 *This);
    DWORD (STDMETHODCALLTYPE *GetLevelCount)(IDirect3DTexture9 *This);
    HRESULT (STDMETHODCALLTYPE *SetAutoGenFilterType)(
        IDirect3DTexture9 *This, D3DTEXTUREFILTERTYPE FilterType);
    D3DTEXTUREFILTERTYPE (STDMETHODCALLTYPE *GetAutoGenFilterType)(
        IDirect3DTexture9 *This);
    void (STDMETHODCALLTYPE *GenerateMipSubLevels)(IDirect3DTexture9 *This);
    /* IDirect3DTexture9 */
    HRESULT (STDMETHODCALLTYPE *GetLevelDesc)(
        IDirect3DTexture9 *This, UINT Level, D3DSURFACE_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *GetSurfaceLevel)(
        IDirect3DTexture9 *This, UINT Level,
        IDirect3DSurface9 **ppSurfaceLevel);
    HRESULT (STDMETHODCALLTYPE *LockRect)(
        IDirect3DTexture9 *This, UINT Level, D3DLOCKED_RECT *pLockedRect,
        const RECT *pRect, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *UnlockRect)(
        IDirect3DTexture9 *This, UINT Level);
    HRESULT (STDMETHODCALLTYPE *AddDirtyRect)(
        IDirect3DTexture9 *This, const RECT *pDirtyRect);
} IDirect3DTexture9Vtbl;

struct IDirect3DTexture9 {
    const IDirect3DTexture9Vtbl *lpVtbl;
};

#define IDirect3DTexture9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DTexture9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DTexture9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DTexture9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DTexture9_SetPrivateData(p,a,b,c,d) (p)->lpVtbl->SetPrivateData(p,a,b,c,d)
#define IDirect3DTexture9_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDirect3DTexture9_FreePrivateData(p,a) (p)->lpVtbl->FreePrivateData(p,a)
#define IDirect3DTexture9_SetPriority(p,a) (p)->lpVtbl->SetPriority(p,a)
#define IDirect3DTexture9_GetPriority(p) (p)->lpVtbl->GetPriority(p)
#define IDirect3DTexture9_PreLoad(p) (p)->lpVtbl->PreLoad(p)
#define IDirect3DTexture9_GetType(p) (p)->lpVtbl->GetType(p)
#define IDirect3DTexture9_SetLOD(p,a) (p)->lpVtbl->SetLOD(p,a)
#define IDirect3DTexture9_GetLOD(p) (p)->lpVtbl->GetLOD(p)
#define IDirect3DTexture9_GetLevelCount(p) (p)->lpVtbl->GetLevelCount(p)
#define IDirect3DTexture9_SetAutoGenFilterType(p,a) (p)->lpVtbl->SetAutoGenFilterType(p,a)
#define IDirect3DTexture9_GetAutoGenFilterType(p) (p)->lpVtbl->GetAutoGenFilterType(p)
#define IDirect3DTexture9_GenerateMipSubLevels(p) (p)->lpVtbl->GenerateMipSubLevels(p)
#define IDirect3DTexture9_GetLevelDesc(p,a,b) (p)->lpVtbl->GetLevelDesc(p,a,b)
#define IDirect3DTexture9_GetSurfaceLevel(p,a,b) (p)->lpVtbl->GetSurfaceLevel(p,a,b)
#define IDirect3DTexture9_LockRect(p,a,b,c,d) (p)->lpVtbl->LockRect(p,a,b,c,d)
#define IDirect3DTexture9_UnlockRect(p,a) (p)->lpVtbl->UnlockRect(p,a)
#define IDirect3DTexture9_AddDirtyRect(p,a) (p)->lpVtbl->AddDirtyRect(p,a)

/* ---- IDirect3DVolumeTexture9 ----------------------------------------------- */

typedef struct IDirect3DVolumeTexture9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DVolumeTexture9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DVolumeTexture9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DVolumeTexture9 *This);
    /* IDirect3DResource9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DVolumeTexture9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDirect3DVolumeTexture9 *This, REFGUID refguid, const void *pData,
        DWORD SizeOfData, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDirect3DVolumeTexture9 *This, REFGUID refguid, void *pData,
        DWORD *pSizeOfData);
    HRESULT (STDMETHODCALLTYPE *FreePrivateData)(
        IDirect3DVolumeTexture9 *This, REFGUID refguid);
    DWORD (STDMETHODCALLTYPE *SetPriority)(
        IDirect3DVolumeTexture9 *This, DWORD PriorityNew);
    DWORD (STDMETHODCALLTYPE *GetPriority)(IDirect3DVolumeTexture9 *This);
    void (STDMETHODCALLTYPE *PreLoad)(IDirect3DVolumeTexture9 *This);
    D3DRESOURCETYPE (STDMETHODCALLTYPE *GetType)(
        IDirect3DVolumeTexture9 *This);
    /* IDirect3DBaseTexture9 */
    DWORD (STDMETHODCALLTYPE *SetLOD)(
        IDirect3DVolumeTexture9 *This, DWORD LODNew);
    DWORD (STDMETHODCALLTYPE *GetLOD)(IDirect3DVolumeTexture9 *This);
    DWORD (STDMETHODCALLTYPE *GetLevelCount)(IDirect3DVolumeTexture9 *This);
    HRESULT (STDMETHODCALLTYPE *SetAutoGenFilterType)(
        IDirect3DVolumeTexture9 *This, D3DTEXTUREFILTERTYPE FilterType);
    D3DTEXTUREFILTERTYPE (STDMETHODCALLTYPE *GetAutoGenFilterType)(
        IDirect3DVolumeTexture9 *This);
    void (STDMETHODCALLTYPE *GenerateMipSubLevels)(
        IDirect3DVolumeTexture9 *This);
    /* IDirect3DVolumeTexture9 */
    HRESULT (STDMETHODCALLTYPE *GetLevelDesc)(
        IDirect3DVolumeTexture9 *This, UINT Level, D3DVOLUME_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *GetVolumeLevel)(
        IDirect3DVolumeTexture9 *This, UINT Level,
        IDirect3DVolume9 **ppVolumeLevel);
    HRESULT (STDMETHODCALLTYPE *LockBox)(
        IDirect3DVolumeTexture9 *This, UINT Level,
        D3DLOCKED_BOX *pLockedVolume, const D3DBOX *pBox, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *UnlockBox)(
        IDirect3DVolumeTexture9 *This, UINT Level);
    HRESULT (STDMETHODCALLTYPE *AddDirtyBox)(
        IDirect3DVolumeTexture9 *This, const D3DBOX *pDirtyBox);
} IDirect3DVolumeTexture9Vtbl;

struct IDirect3DVolumeTexture9 {
    const IDirect3DVolumeTexture9Vtbl *lpVtbl;
};

#define IDirect3DVolumeTexture9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DVolumeTexture9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DVolumeTexture9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DVolumeTexture9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DVolumeTexture9_SetPrivateData(p,a,b,c,d) (p)->lpVtbl->SetPrivateData(p,a,b,c,d)
#define IDirect3DVolumeTexture9_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDirect3DVolumeTexture9_FreePrivateData(p,a) (p)->lpVtbl->FreePrivateData(p,a)
#define IDirect3DVolumeTexture9_SetPriority(p,a) (p)->lpVtbl->SetPriority(p,a)
#define IDirect3DVolumeTexture9_GetPriority(p) (p)->lpVtbl->GetPriority(p)
#define IDirect3DVolumeTexture9_PreLoad(p) (p)->lpVtbl->PreLoad(p)
#define IDirect3DVolumeTexture9_GetType(p) (p)->lpVtbl->GetType(p)
#define IDirect3DVolumeTexture9_SetLOD(p,a) (p)->lpVtbl->SetLOD(p,a)
#define IDirect3DVolumeTexture9_GetLOD(p) (p)->lpVtbl->GetLOD(p)
#define IDirect3DVolumeTexture9_GetLevelCount(p) (p)->lpVtbl->GetLevelCount(p)
#define IDirect3DVolumeTexture9_SetAutoGenFilterType(p,a) (p)->lpVtbl->SetAutoGenFilterType(p,a)
#define IDirect3DVolumeTexture9_GetAutoGenFilterType(p) (p)->lpVtbl->GetAutoGenFilterType(p)
#define IDirect3DVolumeTexture9_GenerateMipSubLevels(p) (p)->lpVtbl->GenerateMipSubLevels(p)
#define IDirect3DVolumeTexture9_GetLevelDesc(p,a,b) (p)->lpVtbl->GetLevelDesc(p,a,b)
#define IDirect3DVolumeTexture9_GetVolumeLevel(p,a,b) (p)->lpVtbl->GetVolumeLevel(p,a,b)
#define IDirect3DVolumeTexture9_LockBox(p,a,b,c,d) (p)->lpVtbl->LockBox(p,a,b,c,d)
#define IDirect3DVolumeTexture9_UnlockBox(p,a) (p)->lpVtbl->UnlockBox(p,a)
#define IDirect3DVolumeTexture9_AddDirtyBox(p,a) (p)->lpVtbl->AddDirtyBox(p,a)

/* ---- IDirect3DCubeTexture9 ------------------------------------------------- */

typedef struct IDirect3DCubeTexture9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DCubeTexture9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DCubeTexture9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DCubeTexture9 *This);
    /* IDirect3DResource9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DCubeTexture9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDirect3DCubeTexture9 *This, REFGUID refguid, const void *pData,
        DWORD SizeOfData, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDirect3DCubeTexture9 *This, REFGUID refguid, void *pData,
        DWORD *pSizeOfData);
    HRESULT (STDMETHODCALLTYPE *FreePrivateData)(
        IDirect3DCubeTexture9 *This, REFGUID refguid);
    DWORD (STDMETHODCALLTYPE *SetPriority)(
        IDirect3DCubeTexture9 *This, DWORD PriorityNew);
    DWORD (STDMETHODCALLTYPE *GetPriority)(IDirect3DCubeTexture9 *This);
    void (STDMETHODCALLTYPE *PreLoad)(IDirect3DCubeTexture9 *This);
    D3DRESOURCETYPE (STDMETHODCALLTYPE *GetType)(IDirect3DCubeTexture9 *This);
    /* IDirect3DBaseTexture9 */
    DWORD (STDMETHODCALLTYPE *SetLOD)(
        IDirect3DCubeTexture9 *This, DWORD LODNew);
    DWORD (STDMETHODCALLTYPE *GetLOD)(IDirect3DCubeTexture9 *This);
    DWORD (STDMETHODCALLTYPE *GetLevelCount)(IDirect3DCubeTexture9 *This);
    HRESULT (STDMETHODCALLTYPE *SetAutoGenFilterType)(
        IDirect3DCubeTexture9 *This, D3DTEXTUREFILTERTYPE FilterType);
    D3DTEXTUREFILTERTYPE (STDMETHODCALLTYPE *GetAutoGenFilterType)(
        IDirect3DCubeTexture9 *This);
    void (STDMETHODCALLTYPE *GenerateMipSubLevels)(
        IDirect3DCubeTexture9 *This);
    /* IDirect3DCubeTexture9 */
    HRESULT (STDMETHODCALLTYPE *GetLevelDesc)(
        IDirect3DCubeTexture9 *This, UINT Level, D3DSURFACE_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *GetCubeMapSurface)(
        IDirect3DCubeTexture9 *This, D3DCUBEMAP_FACES FaceType, UINT Level,
        IDirect3DSurface9 **ppCubeMapSurface);
    HRESULT (STDMETHODCALLTYPE *LockRect)(
        IDirect3DCubeTexture9 *This, D3DCUBEMAP_FACES FaceType, UINT Level,
        D3DLOCKED_RECT *pLockedRect, const RECT *pRect, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *UnlockRect)(
        IDirect3DCubeTexture9 *This, D3DCUBEMAP_FACES FaceType, UINT Level);
    HRESULT (STDMETHODCALLTYPE *AddDirtyRect)(
        IDirect3DCubeTexture9 *This, D3DCUBEMAP_FACES FaceType,
        const RECT *pDirtyRect);
} IDirect3DCubeTexture9Vtbl;

struct IDirect3DCubeTexture9 {
    const IDirect3DCubeTexture9Vtbl *lpVtbl;
};

#define IDirect3DCubeTexture9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DCubeTexture9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DCubeTexture9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DCubeTexture9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DCubeTexture9_SetPrivateData(p,a,b,c,d) (p)->lpVtbl->SetPrivateData(p,a,b,c,d)
#define IDirect3DCubeTexture9_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDirect3DCubeTexture9_FreePrivateData(p,a) (p)->lpVtbl->FreePrivateData(p,a)
#define IDirect3DCubeTexture9_SetPriority(p,a) (p)->lpVtbl->SetPriority(p,a)
#define IDirect3DCubeTexture9_GetPriority(p) (p)->lpVtbl->GetPriority(p)
#define IDirect3DCubeTexture9_PreLoad(p) (p)->lpVtbl->PreLoad(p)
#define IDirect3DCubeTexture9_GetType(p) (p)->lpVtbl->GetType(p)
#define IDirect3DCubeTexture9_SetLOD(p,a) (p)->lpVtbl->SetLOD(p,a)
#define IDirect3DCubeTexture9_GetLOD(p) (p)->lpVtbl->GetLOD(p)
#define IDirect3DCubeTexture9_GetLevelCount(p) (p)->lpVtbl->GetLevelCount(p)
#define IDirect3DCubeTexture9_SetAutoGenFilterType(p,a) (p)->lpVtbl->SetAutoGenFilterType(p,a)
#define IDirect3DCubeTexture9_GetAutoGenFilterType(p) (p)->lpVtbl->GetAutoGenFilterType(p)
#define IDirect3DCubeTexture9_GenerateMipSubLevels(p) (p)->lpVtbl->GenerateMipSubLevels(p)
#define IDirect3DCubeTexture9_GetLevelDesc(p,a,b) (p)->lpVtbl->GetLevelDesc(p,a,b)
#define IDirect3DCubeTexture9_GetCubeMapSurface(p,a,b,c) (p)->lpVtbl->GetCubeMapSurface(p,a,b,c)
#define IDirect3DCubeTexture9_LockRect(p,a,b,c,d,e) (p)->lpVtbl->LockRect(p,a,b,c,d,e)
#define IDirect3DCubeTexture9_UnlockRect(p,a,b) (p)->lpVtbl->UnlockRect(p,a,b)
#define IDirect3DCubeTexture9_AddDirtyRect(p,a,b) (p)->lpVtbl->AddDirtyRect(p,a,b)

/* ---- IDirect3DVertexBuffer9 ------------------------------------------------ */

typedef struct IDirect3DVertexBuffer9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DVertexBuffer9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DVertexBuffer9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DVertexBuffer9 *This);
    /* IDirect3DResource9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DVertexBuffer9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDirect3DVertexBuffer9 *This, REFGUID refguid, const void *pData,
        DWORD SizeOfData, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDirect3DVertexBuffer9 *This, REFGUID refguid, void *pData,
        DWORD *pSizeOfData);
    HRESULT (STDMETHODCALLTYPE *FreePrivateData)(
        IDirect3DVertexBuffer9 *This, REFGUID refguid);
    DWORD (STDMETHODCALLTYPE *SetPriority)(
        IDirect3DVertexBuffer9 *This, DWORD PriorityNew);
    DWORD (STDMETHODCALLTYPE *GetPriority)(IDirect3DVertexBuffer9 *This);
    void (STDMETHODCALLTYPE *PreLoad)(IDirect3DVertexBuffer9 *This);
    D3DRESOURCETYPE (STDMETHODCALLTYPE *GetType)(IDirect3DVertexBuffer9 *This);
    /* IDirect3DVertexBuffer9 */
    HRESULT (STDMETHODCALLTYPE *Lock)(
        IDirect3DVertexBuffer9 *This, UINT OffsetToLock, UINT SizeToLock,
        void **ppbData, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *Unlock)(IDirect3DVertexBuffer9 *This);
    HRESULT (STDMETHODCALLTYPE *GetDesc)(
        IDirect3DVertexBuffer9 *This, D3DVERTEXBUFFER_DESC *pDesc);
} IDirect3DVertexBuffer9Vtbl;

struct IDirect3DVertexBuffer9 {
    const IDirect3DVertexBuffer9Vtbl *lpVtbl;
};

#define IDirect3DVertexBuffer9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DVertexBuffer9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DVertexBuffer9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DVertexBuffer9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DVertexBuffer9_SetPrivateData(p,a,b,c,d) (p)->lpVtbl->SetPrivateData(p,a,b,c,d)
#define IDirect3DVertexBuffer9_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDirect3DVertexBuffer9_FreePrivateData(p,a) (p)->lpVtbl->FreePrivateData(p,a)
#define IDirect3DVertexBuffer9_SetPriority(p,a) (p)->lpVtbl->SetPriority(p,a)
#define IDirect3DVertexBuffer9_GetPriority(p) (p)->lpVtbl->GetPriority(p)
#define IDirect3DVertexBuffer9_PreLoad(p) (p)->lpVtbl->PreLoad(p)
#define IDirect3DVertexBuffer9_GetType(p) (p)->lpVtbl->GetType(p)
#define IDirect3DVertexBuffer9_Lock(p,a,b,c,d) (p)->lpVtbl->Lock(p,a,b,c,d)
#define IDirect3DVertexBuffer9_Unlock(p) (p)->lpVtbl->Unlock(p)
#define IDirect3DVertexBuffer9_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)

/* ---- IDirect3DIndexBuffer9 ------------------------------------------------- */

typedef struct IDirect3DIndexBuffer9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DIndexBuffer9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DIndexBuffer9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DIndexBuffer9 *This);
    /* IDirect3DResource9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DIndexBuffer9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDirect3DIndexBuffer9 *This, REFGUID refguid, const void *pData,
        DWORD SizeOfData, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDirect3DIndexBuffer9 *This, REFGUID refguid, void *pData,
        DWORD *pSizeOfData);
    HRESULT (STDMETHODCALLTYPE *FreePrivateData)(
        IDirect3DIndexBuffer9 *This, REFGUID refguid);
    DWORD (STDMETHODCALLTYPE *SetPriority)(
        IDirect3DIndexBuffer9 *This, DWORD PriorityNew);
    DWORD (STDMETHODCALLTYPE *GetPriority)(IDirect3DIndexBuffer9 *This);
    void (STDMETHODCALLTYPE *PreLoad)(IDirect3DIndexBuffer9 *This);
    D3DRESOURCETYPE (STDMETHODCALLTYPE *GetType)(IDirect3DIndexBuffer9 *This);
    /* IDirect3DIndexBuffer9 */
    HRESULT (STDMETHODCALLTYPE *Lock)(
        IDirect3DIndexBuffer9 *This, UINT OffsetToLock, UINT SizeToLock,
        void **ppbData, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *Unlock)(IDirect3DIndexBuffer9 *This);
    HRESULT (STDMETHODCALLTYPE *GetDesc)(
        IDirect3DIndexBuffer9 *This, D3DINDEXBUFFER_DESC *pDesc);
} IDirect3DIndexBuffer9Vtbl;

struct IDirect3DIndexBuffer9 {
    const IDirect3DIndexBuffer9Vtbl *lpVtbl;
};

#define IDirect3DIndexBuffer9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DIndexBuffer9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DIndexBuffer9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DIndexBuffer9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DIndexBuffer9_SetPrivateData(p,a,b,c,d) (p)->lpVtbl->SetPrivateData(p,a,b,c,d)
#define IDirect3DIndexBuffer9_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDirect3DIndexBuffer9_FreePrivateData(p,a) (p)->lpVtbl->FreePrivateData(p,a)
#define IDirect3DIndexBuffer9_SetPriority(p,a) (p)->lpVtbl->SetPriority(p,a)
#define IDirect3DIndexBuffer9_GetPriority(p) (p)->lpVtbl->GetPriority(p)
#define IDirect3DIndexBuffer9_PreLoad(p) (p)->lpVtbl->PreLoad(p)
#define IDirect3DIndexBuffer9_GetType(p) (p)->lpVtbl->GetType(p)
#define IDirect3DIndexBuffer9_Lock(p,a,b,c,d) (p)->lpVtbl->Lock(p,a,b,c,d)
#define IDirect3DIndexBuffer9_Unlock(p) (p)->lpVtbl->Unlock(p)
#define IDirect3DIndexBuffer9_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)

/* ---- IDirect3DSurface9 ----------------------------------------------------- */

typedef struct IDirect3DSurface9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DSurface9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DSurface9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DSurface9 *This);
    /* IDirect3DResource9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DSurface9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDirect3DSurface9 *This, REFGUID refguid, const void *pData,
        DWORD SizeOfData, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDirect3DSurface9 *This, REFGUID refguid, void *pData,
        DWORD *pSizeOfData);
    HRESULT (STDMETHODCALLTYPE *FreePrivateData)(
        IDirect3DSurface9 *This, REFGUID refguid);
    DWORD (STDMETHODCALLTYPE *SetPriority)(
        IDirect3DSurface9 *This, DWORD PriorityNew);
    DWORD (STDMETHODCALLTYPE *GetPriority)(IDirect3DSurface9 *This);
    void (STDMETHODCALLTYPE *PreLoad)(IDirect3DSurface9 *This);
    D3DRESOURCETYPE (STDMETHODCALLTYPE *GetType)(IDirect3DSurface9 *This);
    /* IDirect3DSurface9 */
    HRESULT (STDMETHODCALLTYPE *GetContainer)(
        IDirect3DSurface9 *This, REFIID riid, void **ppContainer);
    HRESULT (STDMETHODCALLTYPE *GetDesc)(
        IDirect3DSurface9 *This, D3DSURFACE_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *LockRect)(
        IDirect3DSurface9 *This, D3DLOCKED_RECT *pLockedRect,
        const RECT *pRect, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *UnlockRect)(IDirect3DSurface9 *This);
    HRESULT (STDMETHODCALLTYPE *GetDC)(IDirect3DSurface9 *This, HDC *phdc);
    HRESULT (STDMETHODCALLTYPE *ReleaseDC)(IDirect3DSurface9 *This, HDC hdc);
} IDirect3DSurface9Vtbl;

struct IDirect3DSurface9 {
    const IDirect3DSurface9Vtbl *lpVtbl;
};

#define IDirect3DSurface9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DSurface9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DSurface9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DSurface9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DSurface9_SetPrivateData(p,a,b,c,d) (p)->lpVtbl->SetPrivateData(p,a,b,c,d)
#define IDirect3DSurface9_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDirect3DSurface9_FreePrivateData(p,a) (p)->lpVtbl->FreePrivateData(p,a)
#define IDirect3DSurface9_SetPriority(p,a) (p)->lpVtbl->SetPriority(p,a)
#define IDirect3DSurface9_GetPriority(p) (p)->lpVtbl->GetPriority(p)
#define IDirect3DSurface9_PreLoad(p) (p)->lpVtbl->PreLoad(p)
#define IDirect3DSurface9_GetType(p) (p)->lpVtbl->GetType(p)
#define IDirect3DSurface9_GetContainer(p,a,b) (p)->lpVtbl->GetContainer(p,a,b)
#define IDirect3DSurface9_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define IDirect3DSurface9_LockRect(p,a,b,c) (p)->lpVtbl->LockRect(p,a,b,c)
#define IDirect3DSurface9_UnlockRect(p) (p)->lpVtbl->UnlockRect(p)
#define IDirect3DSurface9_GetDC(p,a) (p)->lpVtbl->GetDC(p,a)
#define IDirect3DSurface9_ReleaseDC(p,a) (p)->lpVtbl->ReleaseDC(p,a)

/* ---- IDirect3DVolume9 ------------------------------------------------------ */

typedef struct IDirect3DVolume9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DVolume9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DVolume9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DVolume9 *This);
    /* IDirect3DVolume9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DVolume9 *This, IDirect3DDevice9 **ppDevice);
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDirect3DVolume9 *This, REFGUID refguid, const void *pData,
        DWORD SizeOfData, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDirect3DVolume9 *This, REFGUID refguid, void *pData,
        DWORD *pSizeOfData);
    HRESULT (STDMETHODCALLTYPE *FreePrivateData)(
        IDirect3DVolume9 *This, REFGUID refguid);
    HRESULT (STDMETHODCALLTYPE *GetContainer)(
        IDirect3DVolume9 *This, REFIID riid, void **ppContainer);
    HRESULT (STDMETHODCALLTYPE *GetDesc)(
        IDirect3DVolume9 *This, D3DVOLUME_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *LockBox)(
        IDirect3DVolume9 *This, D3DLOCKED_BOX *pLockedVolume,
        const D3DBOX *pBox, DWORD Flags);
    HRESULT (STDMETHODCALLTYPE *UnlockBox)(IDirect3DVolume9 *This);
} IDirect3DVolume9Vtbl;

struct IDirect3DVolume9 {
    const IDirect3DVolume9Vtbl *lpVtbl;
};

#define IDirect3DVolume9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DVolume9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DVolume9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DVolume9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DVolume9_SetPrivateData(p,a,b,c,d) (p)->lpVtbl->SetPrivateData(p,a,b,c,d)
#define IDirect3DVolume9_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDirect3DVolume9_FreePrivateData(p,a) (p)->lpVtbl->FreePrivateData(p,a)
#define IDirect3DVolume9_GetContainer(p,a,b) (p)->lpVtbl->GetContainer(p,a,b)
#define IDirect3DVolume9_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define IDirect3DVolume9_LockBox(p,a,b,c) (p)->lpVtbl->LockBox(p,a,b,c)
#define IDirect3DVolume9_UnlockBox(p) (p)->lpVtbl->UnlockBox(p)

/* ---- IDirect3DQuery9 ------------------------------------------------------- */

typedef struct IDirect3DQuery9Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDirect3DQuery9 *This, REFIID riid, void **ppvObj);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDirect3DQuery9 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDirect3DQuery9 *This);
    /* IDirect3DQuery9 */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDirect3DQuery9 *This, IDirect3DDevice9 **ppDevice);
    D3DQUERYTYPE (STDMETHODCALLTYPE *GetType)(IDirect3DQuery9 *This);
    DWORD (STDMETHODCALLTYPE *GetDataSize)(IDirect3DQuery9 *This);
    HRESULT (STDMETHODCALLTYPE *Issue)(
        IDirect3DQuery9 *This, DWORD dwIssueFlags);
    HRESULT (STDMETHODCALLTYPE *GetData)(
        IDirect3DQuery9 *This, void *pData, DWORD dwSize,
        DWORD dwGetDataFlags);
} IDirect3DQuery9Vtbl;

struct IDirect3DQuery9 {
    const IDirect3DQuery9Vtbl *lpVtbl;
};

#define IDirect3DQuery9_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDirect3DQuery9_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDirect3DQuery9_Release(p) (p)->lpVtbl->Release(p)
#define IDirect3DQuery9_GetDevice(p,a) (p)->lpVtbl->GetDevice(p,a)
#define IDirect3DQuery9_GetType(p) (p)->lpVtbl->GetType(p)
#define IDirect3DQuery9_GetDataSize(p) (p)->lpVtbl->GetDataSize(p)
#define IDirect3DQuery9_Issue(p,a) (p)->lpVtbl->Issue(p,a)
#define IDirect3DQuery9_GetData(p,a,b,c) (p)->lpVtbl->GetData(p,a,b,c)

/* ==== Entry points ========================================================== */

IDirect3D9 *WINAPI Direct3DCreate9(UINT SDKVersion);
HRESULT WINAPI Direct3DCreate9Ex(UINT SDKVersion, IDirect3D9Ex **ppD3D);

/* Performance-tool markers (PIX). */
int WINAPI D3DPERF_BeginEvent(D3DCOLOR col, LPCWSTR wszName);
int WINAPI D3DPERF_EndEvent(void);
void WINAPI D3DPERF_SetMarker(D3DCOLOR col, LPCWSTR wszName);
void WINAPI D3DPERF_SetRegion(D3DCOLOR col, LPCWSTR wszName);
BOOL WINAPI D3DPERF_QueryRepeatFrame(void);
void WINAPI D3DPERF_SetOptions(DWORD dwOptions);
DWORD WINAPI D3DPERF_GetStatus(void);

/* Undocumented; exported by d3d9.dll and used by the D3DX shader tools. */
void *WINAPI Direct3DShaderValidatorCreate9(void);

#ifdef __cplusplus
}
#endif

#endif /* NEREID_D3D9_H */
