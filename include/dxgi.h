/*
 * nereid: DXGI 1.0 and 1.1 interfaces, types and entry points (dxgi.h),
 * for native builds.
 *
 * Written for nereid from Microsoft's DXGI documentation.  Only the C form
 * of the COM interfaces is provided, as in d3d9.h: each interface is a
 * struct whose first member points at its table of methods (lpVtbl), with
 * the methods in the Windows vtable order (IUnknown's first, then those of
 * each base interface, then the interface's own), and a call macro for
 * every method (IDXGISwapChain_Present(p, a, b) and so on).
 * tests/unit/test_d3d11_abi.c checks the vtable slots, layouts and values
 * against those measured with mingw-w64's headers.
 *
 * On Windows this file defers to the system's <dxgi.h>.
 */
#ifdef _WIN32
#include_next <dxgi.h>
#else /* !_WIN32 */

#ifndef NEREID_DXGI_H
#define NEREID_DXGI_H

#include "nereid/win_base.h"
#include "dxgitype.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== Flags and small constants =========================================== */

/* How a resource is used: a DXGI_USAGE holds DXGI_USAGE_* bits, with a
 * DXGI_CPU_ACCESS_* value in its low 4 bits. */
typedef UINT DXGI_USAGE;

#define DXGI_CPU_ACCESS_NONE 0
#define DXGI_CPU_ACCESS_DYNAMIC 1
#define DXGI_CPU_ACCESS_READ_WRITE 2
#define DXGI_CPU_ACCESS_SCRATCH 3
#define DXGI_CPU_ACCESS_FIELD 15

#define DXGI_USAGE_SHADER_INPUT 0x00000010u
#define DXGI_USAGE_RENDER_TARGET_OUTPUT 0x00000020u
#define DXGI_USAGE_BACK_BUFFER 0x00000040u
#define DXGI_USAGE_SHARED 0x00000080u
#define DXGI_USAGE_READ_ONLY 0x00000100u
#define DXGI_USAGE_DISCARD_ON_PRESENT 0x00000200u
#define DXGI_USAGE_UNORDERED_ACCESS 0x00000400u

/* IDXGIOutput::GetDisplayModeList Flags */
#define DXGI_ENUM_MODES_INTERLACED 1u
#define DXGI_ENUM_MODES_SCALING 2u

/* IDXGIResource::SetEvictionPriority values */
#define DXGI_RESOURCE_PRIORITY_MINIMUM 0x28000000u
#define DXGI_RESOURCE_PRIORITY_LOW 0x50000000u
#define DXGI_RESOURCE_PRIORITY_NORMAL 0x78000000u
#define DXGI_RESOURCE_PRIORITY_HIGH 0xa0000000u
#define DXGI_RESOURCE_PRIORITY_MAXIMUM 0xc8000000u

/* IDXGISurface::Map MapFlags */
#define DXGI_MAP_READ 1u
#define DXGI_MAP_WRITE 2u
#define DXGI_MAP_DISCARD 4u

/* Most buffers a swap chain may have. */
#define DXGI_MAX_SWAP_CHAIN_BUFFERS 16

/* IDXGISwapChain::Present Flags */
#define DXGI_PRESENT_TEST 0x00000001u
#define DXGI_PRESENT_DO_NOT_SEQUENCE 0x00000002u
#define DXGI_PRESENT_RESTART 0x00000004u
#define DXGI_PRESENT_DO_NOT_WAIT 0x00000008u
#define DXGI_PRESENT_STEREO_PREFER_RIGHT 0x00000010u
#define DXGI_PRESENT_STEREO_TEMPORARY_MONO 0x00000020u
#define DXGI_PRESENT_RESTRICT_TO_OUTPUT 0x00000040u
#define DXGI_PRESENT_USE_DURATION 0x00000100u
#define DXGI_PRESENT_ALLOW_TEARING 0x00000200u

/* IDXGIFactory::MakeWindowAssociation Flags: what DXGI may not do to the
 * window by itself (resize it on mode changes, Alt+Enter, Print Screen). */
#define DXGI_MWA_NO_WINDOW_CHANGES 0x1u
#define DXGI_MWA_NO_ALT_ENTER 0x2u
#define DXGI_MWA_NO_PRINT_SCREEN 0x4u
#define DXGI_MWA_VALID 0x7u

/* ==== Enumerations ======================================================== */

/* What becomes of a back buffer's contents once it is presented. */
typedef enum DXGI_SWAP_EFFECT {
    DXGI_SWAP_EFFECT_DISCARD = 0,
    DXGI_SWAP_EFFECT_SEQUENTIAL = 1,
    DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL = 3,
    DXGI_SWAP_EFFECT_FLIP_DISCARD = 4
} DXGI_SWAP_EFFECT;

/* DXGI_SWAP_CHAIN_DESC Flags and IDXGISwapChain::ResizeBuffers flags */
typedef enum DXGI_SWAP_CHAIN_FLAG {
    DXGI_SWAP_CHAIN_FLAG_NONPREROTATED = 0x1,
    DXGI_SWAP_CHAIN_FLAG_ALLOW_MODE_SWITCH = 0x2,
    DXGI_SWAP_CHAIN_FLAG_GDI_COMPATIBLE = 0x4,
    DXGI_SWAP_CHAIN_FLAG_RESTRICTED_CONTENT = 0x8,
    DXGI_SWAP_CHAIN_FLAG_RESTRICT_SHARED_RESOURCE_DRIVER = 0x10,
    DXGI_SWAP_CHAIN_FLAG_DISPLAY_ONLY = 0x20,
    DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT = 0x40,
    DXGI_SWAP_CHAIN_FLAG_FOREGROUND_LAYER = 0x80,
    DXGI_SWAP_CHAIN_FLAG_FULLSCREEN_VIDEO = 0x100,
    DXGI_SWAP_CHAIN_FLAG_YUV_VIDEO = 0x200,
    DXGI_SWAP_CHAIN_FLAG_HW_PROTECTED = 0x400,
    DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING = 0x800,
    DXGI_SWAP_CHAIN_FLAG_RESTRICTED_TO_ALL_HOLOGRAPHIC_DISPLAYS = 0x1000
} DXGI_SWAP_CHAIN_FLAG;

/* IDXGIDevice::QueryResourceResidency results */
typedef enum DXGI_RESIDENCY {
    DXGI_RESIDENCY_FULLY_RESIDENT = 1,
    DXGI_RESIDENCY_RESIDENT_IN_SHARED_MEMORY = 2,
    DXGI_RESIDENCY_EVICTED_TO_DISK = 3
} DXGI_RESIDENCY;

/* DXGI_ADAPTER_DESC1 Flags.  FORCE_DWORD runs past INT_MAX; see
 * dxgiformat.h about the extension. */
NEREID_EXTENSION typedef enum DXGI_ADAPTER_FLAG {
    DXGI_ADAPTER_FLAG_NONE = 0,
    DXGI_ADAPTER_FLAG_REMOTE = 1,
    DXGI_ADAPTER_FLAG_SOFTWARE = 2,
    DXGI_ADAPTER_FLAG_FORCE_DWORD = 0xffffffff
} DXGI_ADAPTER_FLAG;

/* ==== Structures ========================================================== */

typedef struct DXGI_SURFACE_DESC {
    UINT Width;
    UINT Height;
    DXGI_FORMAT Format;
    DXGI_SAMPLE_DESC SampleDesc;
} DXGI_SURFACE_DESC;

/* A mapped surface: Pitch bytes from one row to the next. */
typedef struct DXGI_MAPPED_RECT {
    INT Pitch;
    BYTE *pBits;
} DXGI_MAPPED_RECT;

typedef struct DXGI_OUTPUT_DESC {
    WCHAR DeviceName[32];
    RECT DesktopCoordinates;
    BOOL AttachedToDesktop;
    DXGI_MODE_ROTATION Rotation;
    HMONITOR Monitor;
} DXGI_OUTPUT_DESC;

/* Presentation statistics; the times are QueryPerformanceCounter values. */
typedef struct DXGI_FRAME_STATISTICS {
    UINT PresentCount;
    UINT PresentRefreshCount;
    UINT SyncRefreshCount;
    LARGE_INTEGER SyncQPCTime;
    LARGE_INTEGER SyncGPUTime;
} DXGI_FRAME_STATISTICS;

typedef struct DXGI_ADAPTER_DESC {
    WCHAR Description[128];
    UINT VendorId;
    UINT DeviceId;
    UINT SubSysId;
    UINT Revision;
    SIZE_T DedicatedVideoMemory;
    SIZE_T DedicatedSystemMemory;
    SIZE_T SharedSystemMemory;
    LUID AdapterLuid;
} DXGI_ADAPTER_DESC;

/* DXGI 1.1: the same with DXGI_ADAPTER_FLAG bits at the end. */
typedef struct DXGI_ADAPTER_DESC1 {
    WCHAR Description[128];
    UINT VendorId;
    UINT DeviceId;
    UINT SubSysId;
    UINT Revision;
    SIZE_T DedicatedVideoMemory;
    SIZE_T DedicatedSystemMemory;
    SIZE_T SharedSystemMemory;
    LUID AdapterLuid;
    UINT Flags;
} DXGI_ADAPTER_DESC1;

typedef struct DXGI_SWAP_CHAIN_DESC {
    DXGI_MODE_DESC BufferDesc;
    DXGI_SAMPLE_DESC SampleDesc;
    DXGI_USAGE BufferUsage;
    UINT BufferCount;
    HWND OutputWindow;
    BOOL Windowed;
    DXGI_SWAP_EFFECT SwapEffect;
    UINT Flags;
} DXGI_SWAP_CHAIN_DESC;

typedef struct DXGI_SHARED_RESOURCE {
    HANDLE Handle;
} DXGI_SHARED_RESOURCE;

typedef struct DXGI_DISPLAY_COLOR_SPACE {
    FLOAT PrimaryCoordinates[8][2];
    FLOAT WhitePoints[16][2];
} DXGI_DISPLAY_COLOR_SPACE;

/* ==== Interface identifiers =============================================== */

/* {AEC22FB8-76F3-4639-9BE0-28EB43A67A2E} */
DEFINE_GUID(IID_IDXGIObject, 0xaec22fb8, 0x76f3, 0x4639, 0x9b, 0xe0, 0x28,
            0xeb, 0x43, 0xa6, 0x7a, 0x2e);
/* {3D3E0379-F9DE-4D58-BB6C-18D62992F1A6} */
DEFINE_GUID(IID_IDXGIDeviceSubObject, 0x3d3e0379, 0xf9de, 0x4d58, 0xbb, 0x6c,
            0x18, 0xd6, 0x29, 0x92, 0xf1, 0xa6);
/* {035F3AB4-482E-4E50-B41F-8A7F8BD8960B} */
DEFINE_GUID(IID_IDXGIResource, 0x035f3ab4, 0x482e, 0x4e50, 0xb4, 0x1f, 0x8a,
            0x7f, 0x8b, 0xd8, 0x96, 0x0b);
/* {9D8E1289-D7B3-465F-8126-250E349AF85D} */
DEFINE_GUID(IID_IDXGIKeyedMutex, 0x9d8e1289, 0xd7b3, 0x465f, 0x81, 0x26, 0x25,
            0x0e, 0x34, 0x9a, 0xf8, 0x5d);
/* {CAFCB56C-6AC3-4889-BF47-9E23BBD260EC} */
DEFINE_GUID(IID_IDXGISurface, 0xcafcb56c, 0x6ac3, 0x4889, 0xbf, 0x47, 0x9e,
            0x23, 0xbb, 0xd2, 0x60, 0xec);
/* {4AE63092-6327-4C1B-80AE-BFE12EA32B86} */
DEFINE_GUID(IID_IDXGISurface1, 0x4ae63092, 0x6327, 0x4c1b, 0x80, 0xae, 0xbf,
            0xe1, 0x2e, 0xa3, 0x2b, 0x86);
/* {AE02EEDB-C735-4690-8D52-5A8DC20213AA} */
DEFINE_GUID(IID_IDXGIOutput, 0xae02eedb, 0xc735, 0x4690, 0x8d, 0x52, 0x5a,
            0x8d, 0xc2, 0x02, 0x13, 0xaa);
/* {2411E7E1-12AC-4CCF-BD14-9798E8534DC0} */
DEFINE_GUID(IID_IDXGIAdapter, 0x2411e7e1, 0x12ac, 0x4ccf, 0xbd, 0x14, 0x97,
            0x98, 0xe8, 0x53, 0x4d, 0xc0);
/* {310D36A0-D2E7-4C0A-AA04-6A9D23B8886A} */
DEFINE_GUID(IID_IDXGISwapChain, 0x310d36a0, 0xd2e7, 0x4c0a, 0xaa, 0x04, 0x6a,
            0x9d, 0x23, 0xb8, 0x88, 0x6a);
/* {7B7166EC-21C7-44AE-B21A-C9AE321AE369} */
DEFINE_GUID(IID_IDXGIFactory, 0x7b7166ec, 0x21c7, 0x44ae, 0xb2, 0x1a, 0xc9,
            0xae, 0x32, 0x1a, 0xe3, 0x69);
/* {54EC77FA-1377-44E6-8C32-88FD5F44C84C} */
DEFINE_GUID(IID_IDXGIDevice, 0x54ec77fa, 0x1377, 0x44e6, 0x8c, 0x32, 0x88,
            0xfd, 0x5f, 0x44, 0xc8, 0x4c);
/* {29038F61-3839-4626-91FD-086879011A05} */
DEFINE_GUID(IID_IDXGIAdapter1, 0x29038f61, 0x3839, 0x4626, 0x91, 0xfd, 0x08,
            0x68, 0x79, 0x01, 0x1a, 0x05);
/* {77DB970F-6276-48BA-BA28-070143B4392C} */
DEFINE_GUID(IID_IDXGIDevice1, 0x77db970f, 0x6276, 0x48ba, 0xba, 0x28, 0x07,
            0x01, 0x43, 0xb4, 0x39, 0x2c);
/* {770AAE78-F26F-4DBA-A829-253C83D1B387} */
DEFINE_GUID(IID_IDXGIFactory1, 0x770aae78, 0xf26f, 0x4dba, 0xa8, 0x29, 0x25,
            0x3c, 0x83, 0xd1, 0xb3, 0x87);

/* ==== Interfaces (C form) ================================================= */

typedef struct IDXGIObject IDXGIObject;
typedef struct IDXGIDeviceSubObject IDXGIDeviceSubObject;
typedef struct IDXGIResource IDXGIResource;
typedef struct IDXGIKeyedMutex IDXGIKeyedMutex;
typedef struct IDXGISurface IDXGISurface;
typedef struct IDXGISurface1 IDXGISurface1;
typedef struct IDXGIOutput IDXGIOutput;
typedef struct IDXGIAdapter IDXGIAdapter;
typedef struct IDXGISwapChain IDXGISwapChain;
typedef struct IDXGIFactory IDXGIFactory;
typedef struct IDXGIDevice IDXGIDevice;
typedef struct IDXGIAdapter1 IDXGIAdapter1;
typedef struct IDXGIDevice1 IDXGIDevice1;
typedef struct IDXGIFactory1 IDXGIFactory1;

/* ---- IDXGIObject: private data and the parent object --------------------- */

typedef struct IDXGIObjectVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIObject *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIObject *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIObject *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIObject *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIObject *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIObject *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIObject *This, REFIID riid, void **ppParent);
} IDXGIObjectVtbl;

struct IDXGIObject {
    const IDXGIObjectVtbl *lpVtbl;
};

#define IDXGIObject_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIObject_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIObject_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIObject_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIObject_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIObject_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIObject_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)

/* ---- IDXGIDeviceSubObject: an object made by a device -------------------- */

typedef struct IDXGIDeviceSubObjectVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIDeviceSubObject *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIDeviceSubObject *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIDeviceSubObject *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIDeviceSubObject *This, REFGUID Name, UINT DataSize,
        const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIDeviceSubObject *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIDeviceSubObject *This, REFGUID Name, UINT *pDataSize,
        void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIDeviceSubObject *This, REFIID riid, void **ppParent);
    /* IDXGIDeviceSubObject */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDXGIDeviceSubObject *This, REFIID riid, void **ppDevice);
} IDXGIDeviceSubObjectVtbl;

struct IDXGIDeviceSubObject {
    const IDXGIDeviceSubObjectVtbl *lpVtbl;
};

#define IDXGIDeviceSubObject_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIDeviceSubObject_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIDeviceSubObject_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIDeviceSubObject_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIDeviceSubObject_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIDeviceSubObject_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIDeviceSubObject_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIDeviceSubObject_GetDevice(p,a,b) (p)->lpVtbl->GetDevice(p,a,b)

/* ---- IDXGIResource ------------------------------------------------------- */

typedef struct IDXGIResourceVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIResource *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIResource *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIResource *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIResource *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIResource *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIResource *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIResource *This, REFIID riid, void **ppParent);
    /* IDXGIDeviceSubObject */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDXGIResource *This, REFIID riid, void **ppDevice);
    /* IDXGIResource */
    HRESULT (STDMETHODCALLTYPE *GetSharedHandle)(
        IDXGIResource *This, HANDLE *pSharedHandle);
    HRESULT (STDMETHODCALLTYPE *GetUsage)(
        IDXGIResource *This, DXGI_USAGE *pUsage);
    HRESULT (STDMETHODCALLTYPE *SetEvictionPriority)(
        IDXGIResource *This, UINT EvictionPriority);
    HRESULT (STDMETHODCALLTYPE *GetEvictionPriority)(
        IDXGIResource *This, UINT *pEvictionPriority);
} IDXGIResourceVtbl;

struct IDXGIResource {
    const IDXGIResourceVtbl *lpVtbl;
};

#define IDXGIResource_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIResource_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIResource_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIResource_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIResource_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIResource_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIResource_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIResource_GetDevice(p,a,b) (p)->lpVtbl->GetDevice(p,a,b)
#define IDXGIResource_GetSharedHandle(p,a) (p)->lpVtbl->GetSharedHandle(p,a)
#define IDXGIResource_GetUsage(p,a) (p)->lpVtbl->GetUsage(p,a)
#define IDXGIResource_SetEvictionPriority(p,a) (p)->lpVtbl->SetEvictionPriority(p,a)
#define IDXGIResource_GetEvictionPriority(p,a) (p)->lpVtbl->GetEvictionPriority(p,a)

/* ---- IDXGIKeyedMutex: access to a shared resource, taken in turn --------- */

typedef struct IDXGIKeyedMutexVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIKeyedMutex *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIKeyedMutex *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIKeyedMutex *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIKeyedMutex *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIKeyedMutex *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIKeyedMutex *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIKeyedMutex *This, REFIID riid, void **ppParent);
    /* IDXGIDeviceSubObject */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDXGIKeyedMutex *This, REFIID riid, void **ppDevice);
    /* IDXGIKeyedMutex */
    HRESULT (STDMETHODCALLTYPE *AcquireSync)(
        IDXGIKeyedMutex *This, UINT64 Key, DWORD dwMilliseconds);
    HRESULT (STDMETHODCALLTYPE *ReleaseSync)(
        IDXGIKeyedMutex *This, UINT64 Key);
} IDXGIKeyedMutexVtbl;

struct IDXGIKeyedMutex {
    const IDXGIKeyedMutexVtbl *lpVtbl;
};

#define IDXGIKeyedMutex_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIKeyedMutex_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIKeyedMutex_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIKeyedMutex_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIKeyedMutex_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIKeyedMutex_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIKeyedMutex_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIKeyedMutex_GetDevice(p,a,b) (p)->lpVtbl->GetDevice(p,a,b)
#define IDXGIKeyedMutex_AcquireSync(p,a,b) (p)->lpVtbl->AcquireSync(p,a,b)
#define IDXGIKeyedMutex_ReleaseSync(p,a) (p)->lpVtbl->ReleaseSync(p,a)

/* ---- IDXGISurface and IDXGISurface1 (GDI access) ------------------------- */

typedef struct IDXGISurfaceVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGISurface *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGISurface *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGISurface *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGISurface *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGISurface *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGISurface *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGISurface *This, REFIID riid, void **ppParent);
    /* IDXGIDeviceSubObject */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDXGISurface *This, REFIID riid, void **ppDevice);
    /* IDXGISurface */
    HRESULT (STDMETHODCALLTYPE *GetDesc)(
        IDXGISurface *This, DXGI_SURFACE_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *Map)(
        IDXGISurface *This, DXGI_MAPPED_RECT *pLockedRect, UINT MapFlags);
    HRESULT (STDMETHODCALLTYPE *Unmap)(IDXGISurface *This);
} IDXGISurfaceVtbl;

struct IDXGISurface {
    const IDXGISurfaceVtbl *lpVtbl;
};

#define IDXGISurface_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGISurface_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGISurface_Release(p) (p)->lpVtbl->Release(p)
#define IDXGISurface_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGISurface_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGISurface_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGISurface_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGISurface_GetDevice(p,a,b) (p)->lpVtbl->GetDevice(p,a,b)
#define IDXGISurface_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define IDXGISurface_Map(p,a,b) (p)->lpVtbl->Map(p,a,b)
#define IDXGISurface_Unmap(p) (p)->lpVtbl->Unmap(p)

typedef struct IDXGISurface1Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGISurface1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGISurface1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGISurface1 *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGISurface1 *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGISurface1 *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGISurface1 *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGISurface1 *This, REFIID riid, void **ppParent);
    /* IDXGIDeviceSubObject */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDXGISurface1 *This, REFIID riid, void **ppDevice);
    /* IDXGISurface */
    HRESULT (STDMETHODCALLTYPE *GetDesc)(
        IDXGISurface1 *This, DXGI_SURFACE_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *Map)(
        IDXGISurface1 *This, DXGI_MAPPED_RECT *pLockedRect, UINT MapFlags);
    HRESULT (STDMETHODCALLTYPE *Unmap)(IDXGISurface1 *This);
    /* IDXGISurface1 */
    HRESULT (STDMETHODCALLTYPE *GetDC)(
        IDXGISurface1 *This, BOOL Discard, HDC *phdc);
    HRESULT (STDMETHODCALLTYPE *ReleaseDC)(
        IDXGISurface1 *This, RECT *pDirtyRect);
} IDXGISurface1Vtbl;

struct IDXGISurface1 {
    const IDXGISurface1Vtbl *lpVtbl;
};

#define IDXGISurface1_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGISurface1_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGISurface1_Release(p) (p)->lpVtbl->Release(p)
#define IDXGISurface1_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGISurface1_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGISurface1_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGISurface1_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGISurface1_GetDevice(p,a,b) (p)->lpVtbl->GetDevice(p,a,b)
#define IDXGISurface1_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define IDXGISurface1_Map(p,a,b) (p)->lpVtbl->Map(p,a,b)
#define IDXGISurface1_Unmap(p) (p)->lpVtbl->Unmap(p)
#define IDXGISurface1_GetDC(p,a,b) (p)->lpVtbl->GetDC(p,a,b)
#define IDXGISurface1_ReleaseDC(p,a) (p)->lpVtbl->ReleaseDC(p,a)

/* ---- IDXGIOutput: a monitor ---------------------------------------------- */

typedef struct IDXGIOutputVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIOutput *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIOutput *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIOutput *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIOutput *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIOutput *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIOutput *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIOutput *This, REFIID riid, void **ppParent);
    /* IDXGIOutput */
    HRESULT (STDMETHODCALLTYPE *GetDesc)(
        IDXGIOutput *This, DXGI_OUTPUT_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *GetDisplayModeList)(
        IDXGIOutput *This, DXGI_FORMAT EnumFormat, UINT Flags, UINT *pNumModes,
        DXGI_MODE_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *FindClosestMatchingMode)(
        IDXGIOutput *This, const DXGI_MODE_DESC *pModeToMatch,
        DXGI_MODE_DESC *pClosestMatch, IUnknown *pConcernedDevice);
    HRESULT (STDMETHODCALLTYPE *WaitForVBlank)(IDXGIOutput *This);
    HRESULT (STDMETHODCALLTYPE *TakeOwnership)(
        IDXGIOutput *This, IUnknown *pDevice, BOOL Exclusive);
    void (STDMETHODCALLTYPE *ReleaseOwnership)(IDXGIOutput *This);
    HRESULT (STDMETHODCALLTYPE *GetGammaControlCapabilities)(
        IDXGIOutput *This, DXGI_GAMMA_CONTROL_CAPABILITIES *pGammaCaps);
    HRESULT (STDMETHODCALLTYPE *SetGammaControl)(
        IDXGIOutput *This, const DXGI_GAMMA_CONTROL *pArray);
    HRESULT (STDMETHODCALLTYPE *GetGammaControl)(
        IDXGIOutput *This, DXGI_GAMMA_CONTROL *pArray);
    HRESULT (STDMETHODCALLTYPE *SetDisplaySurface)(
        IDXGIOutput *This, IDXGISurface *pScanoutSurface);
    HRESULT (STDMETHODCALLTYPE *GetDisplaySurfaceData)(
        IDXGIOutput *This, IDXGISurface *pDestination);
    HRESULT (STDMETHODCALLTYPE *GetFrameStatistics)(
        IDXGIOutput *This, DXGI_FRAME_STATISTICS *pStats);
} IDXGIOutputVtbl;

struct IDXGIOutput {
    const IDXGIOutputVtbl *lpVtbl;
};

#define IDXGIOutput_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIOutput_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIOutput_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIOutput_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIOutput_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIOutput_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIOutput_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIOutput_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define IDXGIOutput_GetDisplayModeList(p,a,b,c,d) (p)->lpVtbl->GetDisplayModeList(p,a,b,c,d)
#define IDXGIOutput_FindClosestMatchingMode(p,a,b,c) (p)->lpVtbl->FindClosestMatchingMode(p,a,b,c)
#define IDXGIOutput_WaitForVBlank(p) (p)->lpVtbl->WaitForVBlank(p)
#define IDXGIOutput_TakeOwnership(p,a,b) (p)->lpVtbl->TakeOwnership(p,a,b)
#define IDXGIOutput_ReleaseOwnership(p) (p)->lpVtbl->ReleaseOwnership(p)
#define IDXGIOutput_GetGammaControlCapabilities(p,a) (p)->lpVtbl->GetGammaControlCapabilities(p,a)
#define IDXGIOutput_SetGammaControl(p,a) (p)->lpVtbl->SetGammaControl(p,a)
#define IDXGIOutput_GetGammaControl(p,a) (p)->lpVtbl->GetGammaControl(p,a)
#define IDXGIOutput_SetDisplaySurface(p,a) (p)->lpVtbl->SetDisplaySurface(p,a)
#define IDXGIOutput_GetDisplaySurfaceData(p,a) (p)->lpVtbl->GetDisplaySurfaceData(p,a)
#define IDXGIOutput_GetFrameStatistics(p,a) (p)->lpVtbl->GetFrameStatistics(p,a)

/* ---- IDXGIAdapter and IDXGIAdapter1 -------------------------------------- */

typedef struct IDXGIAdapterVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIAdapter *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIAdapter *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIAdapter *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIAdapter *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIAdapter *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIAdapter *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIAdapter *This, REFIID riid, void **ppParent);
    /* IDXGIAdapter */
    HRESULT (STDMETHODCALLTYPE *EnumOutputs)(
        IDXGIAdapter *This, UINT Output, IDXGIOutput **ppOutput);
    HRESULT (STDMETHODCALLTYPE *GetDesc)(
        IDXGIAdapter *This, DXGI_ADAPTER_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *CheckInterfaceSupport)(
        IDXGIAdapter *This, REFGUID InterfaceName, LARGE_INTEGER *pUMDVersion);
} IDXGIAdapterVtbl;

struct IDXGIAdapter {
    const IDXGIAdapterVtbl *lpVtbl;
};

#define IDXGIAdapter_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIAdapter_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIAdapter_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIAdapter_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIAdapter_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIAdapter_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIAdapter_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIAdapter_EnumOutputs(p,a,b) (p)->lpVtbl->EnumOutputs(p,a,b)
#define IDXGIAdapter_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define IDXGIAdapter_CheckInterfaceSupport(p,a,b) (p)->lpVtbl->CheckInterfaceSupport(p,a,b)

typedef struct IDXGIAdapter1Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIAdapter1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIAdapter1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIAdapter1 *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIAdapter1 *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIAdapter1 *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIAdapter1 *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIAdapter1 *This, REFIID riid, void **ppParent);
    /* IDXGIAdapter */
    HRESULT (STDMETHODCALLTYPE *EnumOutputs)(
        IDXGIAdapter1 *This, UINT Output, IDXGIOutput **ppOutput);
    HRESULT (STDMETHODCALLTYPE *GetDesc)(
        IDXGIAdapter1 *This, DXGI_ADAPTER_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *CheckInterfaceSupport)(
        IDXGIAdapter1 *This, REFGUID InterfaceName,
        LARGE_INTEGER *pUMDVersion);
    /* IDXGIAdapter1 */
    HRESULT (STDMETHODCALLTYPE *GetDesc1)(
        IDXGIAdapter1 *This, DXGI_ADAPTER_DESC1 *pDesc);
} IDXGIAdapter1Vtbl;

struct IDXGIAdapter1 {
    const IDXGIAdapter1Vtbl *lpVtbl;
};

#define IDXGIAdapter1_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIAdapter1_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIAdapter1_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIAdapter1_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIAdapter1_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIAdapter1_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIAdapter1_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIAdapter1_EnumOutputs(p,a,b) (p)->lpVtbl->EnumOutputs(p,a,b)
#define IDXGIAdapter1_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define IDXGIAdapter1_CheckInterfaceSupport(p,a,b) (p)->lpVtbl->CheckInterfaceSupport(p,a,b)
#define IDXGIAdapter1_GetDesc1(p,a) (p)->lpVtbl->GetDesc1(p,a)

/* ---- IDXGISwapChain ------------------------------------------------------ */

typedef struct IDXGISwapChainVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGISwapChain *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGISwapChain *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGISwapChain *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGISwapChain *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGISwapChain *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGISwapChain *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGISwapChain *This, REFIID riid, void **ppParent);
    /* IDXGIDeviceSubObject */
    HRESULT (STDMETHODCALLTYPE *GetDevice)(
        IDXGISwapChain *This, REFIID riid, void **ppDevice);
    /* IDXGISwapChain */
    HRESULT (STDMETHODCALLTYPE *Present)(
        IDXGISwapChain *This, UINT SyncInterval, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *GetBuffer)(
        IDXGISwapChain *This, UINT Buffer, REFIID riid, void **ppSurface);
    HRESULT (STDMETHODCALLTYPE *SetFullscreenState)(
        IDXGISwapChain *This, BOOL Fullscreen, IDXGIOutput *pTarget);
    HRESULT (STDMETHODCALLTYPE *GetFullscreenState)(
        IDXGISwapChain *This, BOOL *pFullscreen, IDXGIOutput **ppTarget);
    HRESULT (STDMETHODCALLTYPE *GetDesc)(
        IDXGISwapChain *This, DXGI_SWAP_CHAIN_DESC *pDesc);
    HRESULT (STDMETHODCALLTYPE *ResizeBuffers)(
        IDXGISwapChain *This, UINT BufferCount, UINT Width, UINT Height,
        DXGI_FORMAT NewFormat, UINT SwapChainFlags);
    HRESULT (STDMETHODCALLTYPE *ResizeTarget)(
        IDXGISwapChain *This, const DXGI_MODE_DESC *pNewTargetParameters);
    HRESULT (STDMETHODCALLTYPE *GetContainingOutput)(
        IDXGISwapChain *This, IDXGIOutput **ppOutput);
    HRESULT (STDMETHODCALLTYPE *GetFrameStatistics)(
        IDXGISwapChain *This, DXGI_FRAME_STATISTICS *pStats);
    HRESULT (STDMETHODCALLTYPE *GetLastPresentCount)(
        IDXGISwapChain *This, UINT *pLastPresentCount);
} IDXGISwapChainVtbl;

struct IDXGISwapChain {
    const IDXGISwapChainVtbl *lpVtbl;
};

#define IDXGISwapChain_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGISwapChain_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGISwapChain_Release(p) (p)->lpVtbl->Release(p)
#define IDXGISwapChain_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGISwapChain_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGISwapChain_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGISwapChain_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGISwapChain_GetDevice(p,a,b) (p)->lpVtbl->GetDevice(p,a,b)
#define IDXGISwapChain_Present(p,a,b) (p)->lpVtbl->Present(p,a,b)
#define IDXGISwapChain_GetBuffer(p,a,b,c) (p)->lpVtbl->GetBuffer(p,a,b,c)
#define IDXGISwapChain_SetFullscreenState(p,a,b) (p)->lpVtbl->SetFullscreenState(p,a,b)
#define IDXGISwapChain_GetFullscreenState(p,a,b) (p)->lpVtbl->GetFullscreenState(p,a,b)
#define IDXGISwapChain_GetDesc(p,a) (p)->lpVtbl->GetDesc(p,a)
#define IDXGISwapChain_ResizeBuffers(p,a,b,c,d,e) (p)->lpVtbl->ResizeBuffers(p,a,b,c,d,e)
#define IDXGISwapChain_ResizeTarget(p,a) (p)->lpVtbl->ResizeTarget(p,a)
#define IDXGISwapChain_GetContainingOutput(p,a) (p)->lpVtbl->GetContainingOutput(p,a)
#define IDXGISwapChain_GetFrameStatistics(p,a) (p)->lpVtbl->GetFrameStatistics(p,a)
#define IDXGISwapChain_GetLastPresentCount(p,a) (p)->lpVtbl->GetLastPresentCount(p,a)

/* ---- IDXGIFactory and IDXGIFactory1 -------------------------------------- */

typedef struct IDXGIFactoryVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIFactory *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIFactory *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIFactory *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIFactory *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIFactory *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIFactory *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIFactory *This, REFIID riid, void **ppParent);
    /* IDXGIFactory */
    HRESULT (STDMETHODCALLTYPE *EnumAdapters)(
        IDXGIFactory *This, UINT Adapter, IDXGIAdapter **ppAdapter);
    HRESULT (STDMETHODCALLTYPE *MakeWindowAssociation)(
        IDXGIFactory *This, HWND WindowHandle, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *GetWindowAssociation)(
        IDXGIFactory *This, HWND *pWindowHandle);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChain)(
        IDXGIFactory *This, IUnknown *pDevice, DXGI_SWAP_CHAIN_DESC *pDesc,
        IDXGISwapChain **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *CreateSoftwareAdapter)(
        IDXGIFactory *This, HMODULE Module, IDXGIAdapter **ppAdapter);
} IDXGIFactoryVtbl;

struct IDXGIFactory {
    const IDXGIFactoryVtbl *lpVtbl;
};

#define IDXGIFactory_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIFactory_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIFactory_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIFactory_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIFactory_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIFactory_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIFactory_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIFactory_EnumAdapters(p,a,b) (p)->lpVtbl->EnumAdapters(p,a,b)
#define IDXGIFactory_MakeWindowAssociation(p,a,b) (p)->lpVtbl->MakeWindowAssociation(p,a,b)
#define IDXGIFactory_GetWindowAssociation(p,a) (p)->lpVtbl->GetWindowAssociation(p,a)
#define IDXGIFactory_CreateSwapChain(p,a,b,c) (p)->lpVtbl->CreateSwapChain(p,a,b,c)
#define IDXGIFactory_CreateSoftwareAdapter(p,a,b) (p)->lpVtbl->CreateSoftwareAdapter(p,a,b)

typedef struct IDXGIFactory1Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIFactory1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIFactory1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIFactory1 *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIFactory1 *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIFactory1 *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIFactory1 *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIFactory1 *This, REFIID riid, void **ppParent);
    /* IDXGIFactory */
    HRESULT (STDMETHODCALLTYPE *EnumAdapters)(
        IDXGIFactory1 *This, UINT Adapter, IDXGIAdapter **ppAdapter);
    HRESULT (STDMETHODCALLTYPE *MakeWindowAssociation)(
        IDXGIFactory1 *This, HWND WindowHandle, UINT Flags);
    HRESULT (STDMETHODCALLTYPE *GetWindowAssociation)(
        IDXGIFactory1 *This, HWND *pWindowHandle);
    HRESULT (STDMETHODCALLTYPE *CreateSwapChain)(
        IDXGIFactory1 *This, IUnknown *pDevice, DXGI_SWAP_CHAIN_DESC *pDesc,
        IDXGISwapChain **ppSwapChain);
    HRESULT (STDMETHODCALLTYPE *CreateSoftwareAdapter)(
        IDXGIFactory1 *This, HMODULE Module, IDXGIAdapter **ppAdapter);
    /* IDXGIFactory1 */
    HRESULT (STDMETHODCALLTYPE *EnumAdapters1)(
        IDXGIFactory1 *This, UINT Adapter, IDXGIAdapter1 **ppAdapter);
    BOOL (STDMETHODCALLTYPE *IsCurrent)(IDXGIFactory1 *This);
} IDXGIFactory1Vtbl;

struct IDXGIFactory1 {
    const IDXGIFactory1Vtbl *lpVtbl;
};

#define IDXGIFactory1_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIFactory1_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIFactory1_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIFactory1_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIFactory1_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIFactory1_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIFactory1_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIFactory1_EnumAdapters(p,a,b) (p)->lpVtbl->EnumAdapters(p,a,b)
#define IDXGIFactory1_MakeWindowAssociation(p,a,b) (p)->lpVtbl->MakeWindowAssociation(p,a,b)
#define IDXGIFactory1_GetWindowAssociation(p,a) (p)->lpVtbl->GetWindowAssociation(p,a)
#define IDXGIFactory1_CreateSwapChain(p,a,b,c) (p)->lpVtbl->CreateSwapChain(p,a,b,c)
#define IDXGIFactory1_CreateSoftwareAdapter(p,a,b) (p)->lpVtbl->CreateSoftwareAdapter(p,a,b)
#define IDXGIFactory1_EnumAdapters1(p,a,b) (p)->lpVtbl->EnumAdapters1(p,a,b)
#define IDXGIFactory1_IsCurrent(p) (p)->lpVtbl->IsCurrent(p)

/* ---- IDXGIDevice and IDXGIDevice1: the DXGI face of a Direct3D device ---- */

typedef struct IDXGIDeviceVtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIDevice *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIDevice *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIDevice *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIDevice *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIDevice *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIDevice *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIDevice *This, REFIID riid, void **ppParent);
    /* IDXGIDevice */
    HRESULT (STDMETHODCALLTYPE *GetAdapter)(
        IDXGIDevice *This, IDXGIAdapter **pAdapter);
    HRESULT (STDMETHODCALLTYPE *CreateSurface)(
        IDXGIDevice *This, const DXGI_SURFACE_DESC *pDesc, UINT NumSurfaces,
        DXGI_USAGE Usage, const DXGI_SHARED_RESOURCE *pSharedResource,
        IDXGISurface **ppSurface);
    HRESULT (STDMETHODCALLTYPE *QueryResourceResidency)(
        IDXGIDevice *This, IUnknown *const *ppResources,
        DXGI_RESIDENCY *pResidencyStatus, UINT NumResources);
    HRESULT (STDMETHODCALLTYPE *SetGPUThreadPriority)(
        IDXGIDevice *This, INT Priority);
    HRESULT (STDMETHODCALLTYPE *GetGPUThreadPriority)(
        IDXGIDevice *This, INT *pPriority);
} IDXGIDeviceVtbl;

struct IDXGIDevice {
    const IDXGIDeviceVtbl *lpVtbl;
};

#define IDXGIDevice_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIDevice_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIDevice_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIDevice_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIDevice_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIDevice_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIDevice_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIDevice_GetAdapter(p,a) (p)->lpVtbl->GetAdapter(p,a)
#define IDXGIDevice_CreateSurface(p,a,b,c,d,e) (p)->lpVtbl->CreateSurface(p,a,b,c,d,e)
#define IDXGIDevice_QueryResourceResidency(p,a,b,c) (p)->lpVtbl->QueryResourceResidency(p,a,b,c)
#define IDXGIDevice_SetGPUThreadPriority(p,a) (p)->lpVtbl->SetGPUThreadPriority(p,a)
#define IDXGIDevice_GetGPUThreadPriority(p,a) (p)->lpVtbl->GetGPUThreadPriority(p,a)

typedef struct IDXGIDevice1Vtbl {
    /* IUnknown */
    HRESULT (STDMETHODCALLTYPE *QueryInterface)(
        IDXGIDevice1 *This, REFIID riid, void **ppvObject);
    ULONG (STDMETHODCALLTYPE *AddRef)(IDXGIDevice1 *This);
    ULONG (STDMETHODCALLTYPE *Release)(IDXGIDevice1 *This);
    /* IDXGIObject */
    HRESULT (STDMETHODCALLTYPE *SetPrivateData)(
        IDXGIDevice1 *This, REFGUID Name, UINT DataSize, const void *pData);
    HRESULT (STDMETHODCALLTYPE *SetPrivateDataInterface)(
        IDXGIDevice1 *This, REFGUID Name, const IUnknown *pUnknown);
    HRESULT (STDMETHODCALLTYPE *GetPrivateData)(
        IDXGIDevice1 *This, REFGUID Name, UINT *pDataSize, void *pData);
    HRESULT (STDMETHODCALLTYPE *GetParent)(
        IDXGIDevice1 *This, REFIID riid, void **ppParent);
    /* IDXGIDevice */
    HRESULT (STDMETHODCALLTYPE *GetAdapter)(
        IDXGIDevice1 *This, IDXGIAdapter **pAdapter);
    HRESULT (STDMETHODCALLTYPE *CreateSurface)(
        IDXGIDevice1 *This, const DXGI_SURFACE_DESC *pDesc, UINT NumSurfaces,
        DXGI_USAGE Usage, const DXGI_SHARED_RESOURCE *pSharedResource,
        IDXGISurface **ppSurface);
    HRESULT (STDMETHODCALLTYPE *QueryResourceResidency)(
        IDXGIDevice1 *This, IUnknown *const *ppResources,
        DXGI_RESIDENCY *pResidencyStatus, UINT NumResources);
    HRESULT (STDMETHODCALLTYPE *SetGPUThreadPriority)(
        IDXGIDevice1 *This, INT Priority);
    HRESULT (STDMETHODCALLTYPE *GetGPUThreadPriority)(
        IDXGIDevice1 *This, INT *pPriority);
    /* IDXGIDevice1 */
    HRESULT (STDMETHODCALLTYPE *SetMaximumFrameLatency)(
        IDXGIDevice1 *This, UINT MaxLatency);
    HRESULT (STDMETHODCALLTYPE *GetMaximumFrameLatency)(
        IDXGIDevice1 *This, UINT *pMaxLatency);
} IDXGIDevice1Vtbl;

struct IDXGIDevice1 {
    const IDXGIDevice1Vtbl *lpVtbl;
};

#define IDXGIDevice1_QueryInterface(p,a,b) (p)->lpVtbl->QueryInterface(p,a,b)
#define IDXGIDevice1_AddRef(p) (p)->lpVtbl->AddRef(p)
#define IDXGIDevice1_Release(p) (p)->lpVtbl->Release(p)
#define IDXGIDevice1_SetPrivateData(p,a,b,c) (p)->lpVtbl->SetPrivateData(p,a,b,c)
#define IDXGIDevice1_SetPrivateDataInterface(p,a,b) (p)->lpVtbl->SetPrivateDataInterface(p,a,b)
#define IDXGIDevice1_GetPrivateData(p,a,b,c) (p)->lpVtbl->GetPrivateData(p,a,b,c)
#define IDXGIDevice1_GetParent(p,a,b) (p)->lpVtbl->GetParent(p,a,b)
#define IDXGIDevice1_GetAdapter(p,a) (p)->lpVtbl->GetAdapter(p,a)
#define IDXGIDevice1_CreateSurface(p,a,b,c,d,e) (p)->lpVtbl->CreateSurface(p,a,b,c,d,e)
#define IDXGIDevice1_QueryResourceResidency(p,a,b,c) (p)->lpVtbl->QueryResourceResidency(p,a,b,c)
#define IDXGIDevice1_SetGPUThreadPriority(p,a) (p)->lpVtbl->SetGPUThreadPriority(p,a)
#define IDXGIDevice1_GetGPUThreadPriority(p,a) (p)->lpVtbl->GetGPUThreadPriority(p,a)
#define IDXGIDevice1_SetMaximumFrameLatency(p,a) (p)->lpVtbl->SetMaximumFrameLatency(p,a)
#define IDXGIDevice1_GetMaximumFrameLatency(p,a) (p)->lpVtbl->GetMaximumFrameLatency(p,a)

/* ==== Entry points ======================================================== */

/* riid names the factory interface wanted: IDXGIFactory for the first,
 * IDXGIFactory or IDXGIFactory1 for the second. */
HRESULT WINAPI CreateDXGIFactory(REFIID riid, void **ppFactory);
HRESULT WINAPI CreateDXGIFactory1(REFIID riid, void **ppFactory);

#ifdef __cplusplus
}
#endif

#endif /* NEREID_DXGI_H */
#endif /* !_WIN32 */
