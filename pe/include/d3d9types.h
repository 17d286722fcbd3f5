/* PE build: mingw-w64's d3d9types.h expects the Windows base types of
 * <windows.h>, which include/d3d9types.h (native builds) pulls in itself.  A
 * source that includes d3d9types.h alone builds in both. */
#ifndef NEREID_PE_D3D9TYPES_H
#define NEREID_PE_D3D9TYPES_H
#include <windows.h>
#include_next <d3d9types.h>
#endif
