/* nereid: fixed-function shader generation.
 *
 * This is the start of the fixed-function generator.  D3D9's fixed-function
 * vertex and pixel pipeline (FVF layouts, transforms, lighting, texture
 * stages, fog, alpha test, ...) will be expressed as SPIR-V generated with
 * the builder in spv.h; the eventual entry points take a key derived from
 * the relevant fixed-function state, and the server caches the resulting
 * modules (and pipelines) by that key.
 *
 * For now there is one hand-specified pair, used by the walking skeleton
 * for pre-transformed coloured vertices (D3DFVF_XYZRHW | D3DFVF_DIFFUSE).
 *
 * Each function returns a malloc'd SPIR-V 1.3 module in *words (*count
 * words) which the caller frees, or false (with *words = NULL) on
 * allocation failure.
 */
#ifndef NEREID_SHADER_FF_H
#define NEREID_SHADER_FF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Push constant block of ff_build_xyzrhw_diffuse_vs (offset 0, 16 bytes):
 * vec4 screen_to_ndc = (sx, sy, ox, oy), with ndc = pixel * s + o.
 * The front end fills sx = 2/W, sy = 2/H, ox = 1/W - 1, oy = 1/H - 1,
 * which maps D3D9's integer pixel centres onto Vulkan's half-integer ones. */
#define FF_XYZRHW_PUSH_CONSTANT_SIZE 16u

/* Vertex shader, entry "main".
 *   in  location 0: vec4 (x, y, z, rhw), D3D9 screen pixels
 *   in  location 1: vec4 colour (bound as VK_FORMAT_B8G8R8A8_UNORM, so RGBA)
 *   push constant:  vec4 screen_to_ndc at offset 0
 *   out BuiltIn Position, location 0: vec4 colour
 * w = rhw != 0 ? 1/rhw : 1;
 * gl_Position = vec4((x*sx + ox)*w, (y*sy + oy)*w, z*w, w). */
bool ff_build_xyzrhw_diffuse_vs(uint32_t **words, size_t *count);

/* Fragment shader, entry "main", OriginUpperLeft:
 * in location 0 vec4 colour (smooth) -> out location 0. */
bool ff_build_diffuse_fs(uint32_t **words, size_t *count);

#endif
