/*
 * nereid: the DXGI types shared by DXGI and Direct3D 10/11 (dxgitype.h),
 * for native builds.
 *
 * Written for nereid from Microsoft's DXGI documentation: display modes,
 * multisampling, gamma control, and DXGI's HRESULT codes.  Sizes follow
 * the Windows x64 ABI (see nereid/win_base.h); tests/unit/test_d3d11_abi.c
 * checks them against those measured with mingw-w64's headers.
 *
 * On Windows this file defers to the system's <dxgitype.h>.
 */
#ifdef _WIN32
#include_next <dxgitype.h>
#else /* !_WIN32 */

#ifndef NEREID_DXGITYPE_H
#define NEREID_DXGITYPE_H

#include "nereid/win_base.h"
#include "dxgiformat.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== Return codes ======================================================== */

#define _FACDXGI 0x87a
#define MAKE_DXGI_HRESULT(code) MAKE_HRESULT(1, _FACDXGI, code)
#define MAKE_DXGI_STATUS(code) MAKE_HRESULT(0, _FACDXGI, code)

/* Successes that say something happened */
#define DXGI_STATUS_OCCLUDED MAKE_DXGI_STATUS(1)
#define DXGI_STATUS_CLIPPED MAKE_DXGI_STATUS(2)
#define DXGI_STATUS_NO_REDIRECTION MAKE_DXGI_STATUS(4)
#define DXGI_STATUS_NO_DESKTOP_ACCESS MAKE_DXGI_STATUS(5)
#define DXGI_STATUS_GRAPHICS_VIDPN_SOURCE_IN_USE MAKE_DXGI_STATUS(6)
#define DXGI_STATUS_MODE_CHANGED MAKE_DXGI_STATUS(7)
#define DXGI_STATUS_MODE_CHANGE_IN_PROGRESS MAKE_DXGI_STATUS(8)
#define DXGI_STATUS_UNOCCLUDED MAKE_DXGI_STATUS(9)
#define DXGI_STATUS_DDA_WAS_STILL_DRAWING MAKE_DXGI_STATUS(10)
#define DXGI_STATUS_PRESENT_REQUIRED MAKE_DXGI_STATUS(47)

/* Failures */
#define DXGI_ERROR_INVALID_CALL MAKE_DXGI_HRESULT(1)
#define DXGI_ERROR_NOT_FOUND MAKE_DXGI_HRESULT(2)
#define DXGI_ERROR_MORE_DATA MAKE_DXGI_HRESULT(3)
#define DXGI_ERROR_UNSUPPORTED MAKE_DXGI_HRESULT(4)
#define DXGI_ERROR_DEVICE_REMOVED MAKE_DXGI_HRESULT(5)
#define DXGI_ERROR_DEVICE_HUNG MAKE_DXGI_HRESULT(6)
#define DXGI_ERROR_DEVICE_RESET MAKE_DXGI_HRESULT(7)
#define DXGI_ERROR_WAS_STILL_DRAWING MAKE_DXGI_HRESULT(10)
#define DXGI_ERROR_FRAME_STATISTICS_DISJOINT MAKE_DXGI_HRESULT(11)
#define DXGI_ERROR_GRAPHICS_VIDPN_SOURCE_IN_USE MAKE_DXGI_HRESULT(12)
#define DXGI_ERROR_DRIVER_INTERNAL_ERROR MAKE_DXGI_HRESULT(32)
#define DXGI_ERROR_NONEXCLUSIVE MAKE_DXGI_HRESULT(33)
#define DXGI_ERROR_NOT_CURRENTLY_AVAILABLE MAKE_DXGI_HRESULT(34)
#define DXGI_ERROR_REMOTE_CLIENT_DISCONNECTED MAKE_DXGI_HRESULT(35)
#define DXGI_ERROR_REMOTE_OUTOFMEMORY MAKE_DXGI_HRESULT(36)
#define DXGI_ERROR_MODE_CHANGE_IN_PROGRESS MAKE_DXGI_HRESULT(37)
#define DXGI_ERROR_ACCESS_LOST MAKE_DXGI_HRESULT(38)
#define DXGI_ERROR_WAIT_TIMEOUT MAKE_DXGI_HRESULT(39)
#define DXGI_ERROR_SESSION_DISCONNECTED MAKE_DXGI_HRESULT(40)
#define DXGI_ERROR_RESTRICT_TO_OUTPUT_STALE MAKE_DXGI_HRESULT(41)
#define DXGI_ERROR_CANNOT_PROTECT_CONTENT MAKE_DXGI_HRESULT(42)
#define DXGI_ERROR_ACCESS_DENIED MAKE_DXGI_HRESULT(43)
#define DXGI_ERROR_NAME_ALREADY_EXISTS MAKE_DXGI_HRESULT(44)
#define DXGI_ERROR_SDK_COMPONENT_MISSING MAKE_DXGI_HRESULT(45)
#define DXGI_ERROR_NOT_CURRENT MAKE_DXGI_HRESULT(46)
#define DXGI_ERROR_HW_PROTECTION_OUTOFMEMORY MAKE_DXGI_HRESULT(48)
#define DXGI_ERROR_DYNAMIC_CODE_POLICY_VIOLATION MAKE_DXGI_HRESULT(49)
#define DXGI_ERROR_NON_COMPOSITED_UI MAKE_DXGI_HRESULT(50)
#define DXGI_ERROR_CACHE_CORRUPT MAKE_DXGI_HRESULT(51)
#define DXGI_ERROR_CACHE_FULL MAKE_DXGI_HRESULT(52)
#define DXGI_ERROR_CACHE_HASH_COLLISION MAKE_DXGI_HRESULT(53)
#define DXGI_ERROR_ALREADY_EXISTS MAKE_DXGI_HRESULT(54)

/* ==== Display modes ======================================================= */

/* A rate as a fraction: 60 Hz is {60, 1}, NTSC's 59.94 Hz {60000, 1001};
 * {0, 0} leaves the choice to DXGI. */
typedef struct DXGI_RATIONAL {
    UINT Numerator;
    UINT Denominator;
} DXGI_RATIONAL;

/* Multisampling: Count samples a pixel, at a driver-defined Quality level
 * (below what CheckMultisampleQualityLevels returns).  {1, 0} is none. */
typedef struct DXGI_SAMPLE_DESC {
    UINT Count;
    UINT Quality;
} DXGI_SAMPLE_DESC;

typedef enum DXGI_MODE_SCANLINE_ORDER {
    DXGI_MODE_SCANLINE_ORDER_UNSPECIFIED = 0,
    DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE = 1,
    DXGI_MODE_SCANLINE_ORDER_UPPER_FIELD_FIRST = 2,
    DXGI_MODE_SCANLINE_ORDER_LOWER_FIELD_FIRST = 3
} DXGI_MODE_SCANLINE_ORDER;

/* How an image smaller than the mode is shown. */
typedef enum DXGI_MODE_SCALING {
    DXGI_MODE_SCALING_UNSPECIFIED = 0,
    DXGI_MODE_SCALING_CENTERED = 1,
    DXGI_MODE_SCALING_STRETCHED = 2
} DXGI_MODE_SCALING;

/* How an output's image is turned before it is shown. */
typedef enum DXGI_MODE_ROTATION {
    DXGI_MODE_ROTATION_UNSPECIFIED = 0,
    DXGI_MODE_ROTATION_IDENTITY = 1,
    DXGI_MODE_ROTATION_ROTATE90 = 2,
    DXGI_MODE_ROTATION_ROTATE180 = 3,
    DXGI_MODE_ROTATION_ROTATE270 = 4
} DXGI_MODE_ROTATION;

typedef struct DXGI_MODE_DESC {
    UINT Width;
    UINT Height;
    DXGI_RATIONAL RefreshRate;
    DXGI_FORMAT Format;
    DXGI_MODE_SCANLINE_ORDER ScanlineOrdering;
    DXGI_MODE_SCALING Scaling;
} DXGI_MODE_DESC;

/* ==== Gamma control ======================================================= */

typedef struct DXGI_RGB {
    float Red;
    float Green;
    float Blue;
} DXGI_RGB;

/* Shared with d3d9types.h, which defines it under the same guard. */
#ifndef D3DCOLORVALUE_DEFINED
#define D3DCOLORVALUE_DEFINED
typedef struct _D3DCOLORVALUE {
    float r;
    float g;
    float b;
    float a;
} D3DCOLORVALUE;
#endif
typedef D3DCOLORVALUE DXGI_RGBA;

/* A gamma curve of 1025 control points, after a scale and an offset. */
typedef struct DXGI_GAMMA_CONTROL {
    DXGI_RGB Scale;
    DXGI_RGB Offset;
    DXGI_RGB GammaCurve[1025];
} DXGI_GAMMA_CONTROL;

/* What an output's gamma hardware can do: NumGammaControlPoints of the
 * positions in ControlPointPositions are used. */
typedef struct DXGI_GAMMA_CONTROL_CAPABILITIES {
    BOOL ScaleAndOffsetSupported;
    float MaxConvertedValue;
    float MinConvertedValue;
    UINT NumGammaControlPoints;
    float ControlPointPositions[1025];
} DXGI_GAMMA_CONTROL_CAPABILITIES;

#ifdef __cplusplus
}
#endif

#endif /* NEREID_DXGITYPE_H */
#endif /* !_WIN32 */
