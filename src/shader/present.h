/* Shaders of the presentation path (the server's, not an application's). */
#ifndef NEREID_SHADER_PRESENT_H
#define NEREID_SHADER_PRESENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The gamma ramp's compute shader, local size 8x8: for each texel of the
 * storage image at binding 1 (rgba8, set 0) that is inside it, the texel of
 * the sampled image at binding 0 at the same place, each of red, green and
 * blue looked up in the ramp (binding 2, a storage buffer of 768 uints:
 * red's 256 entries, green's, blue's, each 0..65535) at round(c * 255),
 * alpha 1.  D3D9's ramps are indexed by the 8-bit channel value. */
#define NR_GAMMA_LOCAL_SIZE 8
#define NR_GAMMA_ENTRIES 256
bool nr_gamma_shader(uint32_t **words, size_t *count);

#endif
