/* The interface IDs, defined once and exported: native programs link
 * against them the way Windows programs link dxguid.lib. */
#pragma GCC visibility push(default)
#define INITGUID
#include <d3d9.h>
#pragma GCC visibility pop
