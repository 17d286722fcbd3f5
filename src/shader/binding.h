/* The binding model every generated shader (fixed function and DXSO) and
 * the server's pipeline layout share.  The server knows it only as "two
 * uniform buffers, N combined image samplers, 128 bytes of push constants";
 * what lives inside the buffers is the shader generator's business.
 *
 * Descriptor set 0 (VK_KHR_push_descriptor where available):
 *   binding 0                 uniform buffer read by the vertex shader
 *   binding 1                 uniform buffer read by the fragment shader
 *   binding 2 + s, s < 16     fragment sampler s (combined image sampler;
 *                             the image type -- 2D, cube, 3D -- is the
 *                             shader's, chosen from dcl or the bound texture)
 *   binding 18 + s, s < 4     vertex sampler s (vs_3_0 texldl)
 * Push constants: 128 bytes, visible to both stages.
 *   bytes 0..15   vec4 screen_to_ndc of pre-transformed draws and the
 *                 half-pixel / viewport fix-up of transformed ones:
 *                 (2/W, 2/H, 1/W - 1, 1/H - 1) for the current target
 *   bytes 16..127 free for generators (alpha ref, fog params, ...)
 * Vertex inputs: location = the front end's attribute slot (0..15).
 * Clip space: the generators emit Vulkan clip space (z in [0, w], y down),
 * D3D9's depth range [0, 1] maps directly. */
#ifndef NEREID_SHADER_BINDING_H
#define NEREID_SHADER_BINDING_H

#define NR_BIND_VS_UBO 0
#define NR_BIND_FS_UBO 1
#define NR_BIND_FS_SAMPLER0 2
#define NR_MAX_FS_SAMPLERS 16
#define NR_BIND_VS_SAMPLER0 18
#define NR_MAX_VS_SAMPLERS 4
#define NR_BIND_COUNT 22
#define NR_PUSH_CONSTANT_BYTES 128
#define NR_PUSH_SCREEN_TO_NDC 0

#endif
