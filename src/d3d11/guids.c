/* The Direct3D 11 and DXGI interface IDs, defined once and exported, the
 * way Windows programs link dxguid.lib. */
#pragma GCC visibility push(default)
#define INITGUID
#include <d3d11.h>
#include <d3d11_1.h>
#include <d3d11_4.h>
#include <dxgi1_2.h>
#include <dxgi1_5.h>
#pragma GCC visibility pop
