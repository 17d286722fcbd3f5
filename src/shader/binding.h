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
 *   binding 22 + k - 1, 1 <= k <= 4   vertex uniform buffer k (D3D11's
 *                             constant buffers b1..b4; b0 is binding 0)
 *   binding 26 + k - 1, 1 <= k <= 4   fragment uniform buffer k
 *   binding 30                the geometry stage's uniform buffer (D3D11's
 *                             GS b0; the last room of a 32-descriptor
 *                             push set leaves a geometry shader one buffer
 *                             and nothing else: see ARCHITECTURE.md)
 * Push constants: 128 bytes, visible to both stages.
 *   bytes 0..15   vec4 screen_to_ndc of pre-transformed draws and the
 *                 half-pixel / viewport fix-up of transformed ones:
 *                 (2/W, 2/H, 1/W - 1, 1/H - 1) for the current target
 *   bytes 16..123 free for generators (alpha ref, fog params, ...)
 *   bytes 124..127 the draw base of the texture table (set 2, below)
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
#define NR_BIND_UBO_EXTRA0 22 /* vertex b1..b4, then fragment b1..b4 */
#define NR_MAX_UBO_SLOTS 5    /* per stage: b0 and the four extra ones */
#define NR_BIND_GS_UBO 30
#define NR_BIND_COUNT 31
/* Set 0 and set 1 are visible to the compute stage too: compute pipelines
 * have the graphics pipelines' layout.
 * Descriptor set 1 (an ordinary set: a push set holds at most 32
 * descriptors, which set 0 nearly has): uniform texel buffers, D3D11's
 * buffer t# in declaration order (raw and structured ones read as 32-bit
 * words, R32_UINT views).
 *   binding k, k < 8          fragment texel buffer k
 *   binding 8 + k, k < 4      vertex texel buffer k */
#define NR_TEXEL_SET 1
#define NR_BIND_FS_TEXEL0 0
#define NR_MAX_FS_TEXELS 8
#define NR_BIND_VS_TEXEL0 8
#define NR_MAX_VS_TEXELS 4
#define NR_FS_VS_TEXELS 12 /* the fragment and vertex stages' */
/* Set 1 also holds the storage (D3D11's UAVs u0..u7), of the fragment
 * stage's draws and of dispatches (each bind point its own set):
 *   binding 12 + k, k < 8     u#k as a storage texel buffer (typed, raw
 *                             and structured UAVs; raw and structured ones
 *                             as R32_UINT words)
 *   binding 20 + k, k < 8     u#k as a storage image
 * Compute shaders read the fragment stage's bindings: b0 at binding 1,
 * b1..b4 at 26..29, pairs at 2.., buffers t# at set 1's 0.., u# above. */
#define NR_BIND_STORAGE_BUF0 12
#define NR_BIND_STORAGE_IMG0 20
#define NR_MAX_STORAGE 8
/* And the uniform buffers of the tessellation stages (set 0 has no room
 * left for them: a push set holds 32 descriptors):
 *   binding 28                the hull stage's b0
 *   binding 29                the domain stage's b0 */
#define NR_BIND_HS_UBO 28
#define NR_BIND_DS_UBO 29
/* And the hidden counters of UAVs (append/consume and counter views):
 *   binding 30 + k, k < 8     u#k's counter, a storage texel buffer of one
 *                             R32_UINT (empty: a word nobody reads) */
#define NR_BIND_COUNTER0 30
/* The one specialization constant of a translated DXBC program: the
 * rasterizer's sample count (sampleinfo and samplepos of the rasterizer
 * register, GetRenderTargetSampleCount), which vkd3d-shader reads from
 * the constant of this id and every graphics pipeline gives its fragment
 * stage (1 where nothing is multisampled). */
#define NR_SPEC_SAMPLE_COUNT 0
/* And the other uniform buffers of the geometry, hull and domain stages:
 *   binding 38 + 4 * (s - 2) + k - 1, 1 <= k <= 4   stage s's b1..b4
 *                             (s = 2 geometry, 3 hull, 4 domain)
 * Set 1's uniform buffers (28, 29 and these) and set 0's binding 30 are
 * visible to their own stage alone: a stage's count of uniform buffers
 * stays within lavapipe's maxPerStageDescriptorUniformBuffers (15). */
#define NR_BIND_STAGE_UBO0 38
/* And the textures of the geometry, hull and domain stages (set 0's 20
 * combined samplers are the fragment and vertex stages'):
 *   binding 50 + 4 * (s - 2) + k, k < 4   stage s's combined sampler k
 *                             (the wire's texture slot 20 + 4 * (s - 2) + k)
 * each visible to its own stage alone, as their uniform buffers are (a
 * stage's samplers stay within lavapipe's 32 with set 0's 20). */
#define NR_BIND_STAGE_SAMPLER0 50
#define NR_MAX_STAGE_SAMPLERS 4
/* And their buffers (D3D11's buffer t# in declaration order, as the
 * fragment and vertex stages' at 0 and 8):
 *   binding 62 + 4 * (s - 2) + k, k < 4   stage s's uniform texel buffer k
 *                             (the wire's texel slot 12 + 4 * (s - 2) + k)
 * each visible to its own stage alone. */
#define NR_BIND_STAGE_TEXEL0 62
#define NR_MAX_STAGE_TEXELS 4
#define NR_SET1_COUNT 74
/* Texel slots (the wire's): the fragment and vertex stages' 12 are set 1's
 * bindings 0..11, the other stages' 12 its bindings 62..73. */
#define NR_TEXEL_COUNT (NR_FS_VS_TEXELS + 3 * NR_MAX_STAGE_TEXELS)
static inline unsigned nr_texel_binding(unsigned slot)
{
    return slot < NR_FS_VS_TEXELS ? slot
                                       : NR_BIND_STAGE_TEXEL0 + slot - NR_FS_VS_TEXELS;
}
/* The uniform buffers of the server's contexts: index u is stage 0 (vertex)
 * or 1 (fragment) and slot k as u = k ? 2 + 4 * stage + k - 1 : stage;
 * the geometry stage's one buffer is u = NR_UBO_GS (binding 30), those of
 * the hull and domain stages (stages 3 and 4 here) NR_UBO_HS and
 * NR_UBO_DS, in set 1.  The first NR_UBO_SET0 are set 0's. */
#define NR_UBO_GS (2 * NR_MAX_UBO_SLOTS)
#define NR_UBO_SET0 (NR_UBO_GS + 1)
#define NR_UBO_HS (NR_UBO_GS + 1)
#define NR_UBO_DS (NR_UBO_GS + 2)
/* The geometry, hull and domain stages' b1..b4 (set 1's
 * NR_BIND_STAGE_UBO0 on): u = NR_UBO_STAGE_EXTRA0 + 4 * (stage - 2) + k - 1. */
#define NR_UBO_STAGE_EXTRA0 (NR_UBO_GS + 3)
#define NR_UBO_COUNT (NR_UBO_STAGE_EXTRA0 + 12)
static inline unsigned nr_ubo_index(unsigned stage, unsigned slot)
{
    if (stage > 1)
        return slot ? NR_UBO_STAGE_EXTRA0 + 4 * (stage - 2) + slot - 1 : NR_UBO_GS + stage - 2;
    return slot ? 2 + 4 * stage + slot - 1 : stage;
}
static inline unsigned nr_ubo_binding(unsigned u)
{
    return u < 2 ? u : NR_BIND_UBO_EXTRA0 + u - 2;
}
static inline int nr_binding_is_ubo(unsigned b)
{
    return b < 2 || b >= NR_BIND_UBO_EXTRA0;
}
static inline unsigned nr_binding_ubo(unsigned b)
{
    return b < 2 ? b : 2 + b - NR_BIND_UBO_EXTRA0;
}
/* Descriptor set 2, where the device has descriptor indexing (update after
 * bind of sampled images, non-uniform indexing, draw parameters and
 * multi-draw): the context's texture table, which D3D9's modules sample
 * through instead of set 0's samplers (shader/table.h), so that changing a
 * texture between two draws changes no state on the device.
 *   binding 0   NR_TABLE_SIZE combined image samplers (update after bind;
 *               an entry is a (view, sampler) pair the server placed)
 *   binding 1   a storage buffer of 32-bit words holding bind sets and the
 *               draws' bind set offsets
 * A bind set is NR_BINDSET_WORDS words: word s the table entry of fragment
 * sampler s (s < 16), word NR_BINDSET_VS0 + s that of vertex sampler s.  A
 * draw's bind set is at word data[draw_base + DrawIndex], draw_base the
 * push constant at NR_PUSH_DRAW_BASE, which the server alone writes; the
 * vertex stage passes it on as a flat uint at location NR_LOC_BINDSET. */
#define NR_TABLE_SET 2
#define NR_TABLE_BIND_SAMPLERS 0
#define NR_TABLE_BIND_DATA 1
#define NR_TABLE_SIZE 4096 /* a power of two: indices are masked into it */
#define NR_BINDSET_WORDS 20
#define NR_BINDSET_VS0 16
#define NR_LOC_BINDSET 31
#define NR_PUSH_CONSTANT_BYTES 128
#define NR_PUSH_SCREEN_TO_NDC 0
#define NR_PUSH_DRAW_BASE 124 /* u32, the server's: clients write below it */

#endif
