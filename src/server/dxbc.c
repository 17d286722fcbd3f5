/* nereid server: DXBC (Direct3D 10/11 shader model 4 and 5) to SPIR-V,
 * through vkd3d-shader, the translator Wine's own Direct3D 10-12 uses.
 *
 * Our own code checks the container first (shader/dxbc.c: chunk table,
 * program chunk, signatures, the program type against the stage) and
 * lists what the program binds (dxbc_bindings: b0..b4, the
 * texture/sampler pairs and the buffers, the same list the front end binds
 * by).  vkd3d-shader's own scan must find nothing else; then it translates
 * with bk as the stage's uniform buffer k, pair k as the stage's combined
 * image sampler k and buffer k as its uniform texel buffer k (raw and
 * structured buffers too: vkd3d-shader reads them as 32-bit words of a
 * texel buffer; see binding.h), and u#k as set 1's storage texel buffer or
 * storage image k.  Compute programs take the fragment stage's bindings.
 * What the model cannot hold yet is refused by name: its
 * draws are dropped, as for a DXSO shader the translator refuses, and the
 * front end never offers it. */
#include "server/server_private.h"
#include "shader/binding.h"
#include "shader/dxbc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vkd3d/vkd3d_shader.h>

static void copy_message(char *err, size_t err_size, const char *what, char *messages)
{
    size_t n;
    snprintf(err, err_size, "%s%s%s", what, messages && *messages ? ": " : "",
             messages ? messages : "");
    /* One line: the first of vkd3d-shader's messages. */
    n = strcspn(err, "\n");
    err[n] = 0;
}

/* Stream output: each entry names components of an output the program
 * writes (by its output signature), or a gap; each slot's entries fit its
 * stride.  vkd3d-shader (1.2) decorates whole outputs, each once: entries
 * of part of an output, or of an output twice, are refused. */
bool server_so_check(const void *bytes, uint32_t size, const struct server_so_layout *so,
                     uint32_t max_stride, bool *refused, char *err, size_t err_size)
{
    struct dxbc_shader sh;
    uint32_t used[WIRE_MAX_SO_TARGETS] = {0};

    *refused = false;
    if (!dxbc_parse(bytes, size, &sh, err, err_size))
        return false;
    if (!so->entry_count || so->entry_count > WIRE_MAX_SO_ENTRIES) {
        snprintf(err, err_size, "%u stream-output entries", so->entry_count);
        return false;
    }
    for (uint32_t i = 0; i < WIRE_MAX_SO_TARGETS; i++)
        if (so->strides[i] % 4 || so->strides[i] > max_stride) {
            snprintf(err, err_size, "stream-output stride %u of slot %u", so->strides[i], i);
            return false;
        }
    for (uint32_t i = 0; i < so->entry_count; i++) {
        const struct wire_so_entry *e = &so->entries[i];
        const struct dxbc_signature_element *el;
        /* A gap may span more than one register's components (D3D11
         * allows any count its stride holds). */
        bool gap = e->semantic[0] == 0;
        if (!memchr(e->semantic, 0, sizeof(e->semantic)) || e->stream ||
            e->slot >= WIRE_MAX_SO_TARGETS || !e->component_count ||
            e->start_component > 3 ||
            (!gap && e->component_count > 4 - e->start_component) ||
            (gap && e->start_component)) {
            snprintf(err, err_size, "stream-output entry %u: stream %u, slot %u, components "
                                    "%u+%u", i, e->stream, e->slot, e->start_component,
                     e->component_count);
            return false;
        }
        used[e->slot] += 4u * e->component_count;
        if (used[e->slot] > so->strides[e->slot]) {
            snprintf(err, err_size, "stream-output slot %u: %u bytes of entries, stride %u",
                     e->slot, used[e->slot], so->strides[e->slot]);
            return false;
        }
        if (!e->semantic[0])
            continue; /* a gap */
        if (!(el = dxbc_signature_find(&sh.outputs, e->semantic, e->semantic_index)) ||
            el->stream) {
            snprintf(err, err_size, "stream-output entry %u: the program writes no %s%u",
                     i, e->semantic, e->semantic_index);
            return false;
        }
        /* Components count from the output's first (D3D11's StartComponent). */
        if (e->start_component + e->component_count > (uint32_t)__builtin_popcount(el->mask)) {
            snprintf(err, err_size, "stream-output entry %u: components %u+%u of %s%u, "
                                    "which has mask %#x",
                     i, e->start_component, e->component_count, e->semantic,
                     e->semantic_index, el->mask);
            return false;
        }
        if (e->start_component ||
            e->component_count != (uint32_t)__builtin_popcount(el->mask)) {
            snprintf(err, err_size, "stream-output entry %u: components %u+%u of %s%u, not "
                                    "all of it: not done", i, e->start_component,
                     e->component_count, e->semantic, e->semantic_index);
            *refused = true;
            return false;
        }
        for (uint32_t j = 0; j < i; j++)
            if (so->entries[j].semantic[0] &&
                dxbc_signature_find(&sh.outputs, so->entries[j].semantic,
                                    so->entries[j].semantic_index) == el) {
                snprintf(err, err_size, "stream-output entries %u and %u: %s%u twice: not "
                                        "done", j, i, e->semantic, e->semantic_index);
                *refused = true;
                return false;
            }
    }
    return true;
}

static bool translate(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                      const struct server_so_layout *so, bool dual, uint32_t **words,
                      size_t *count, bool *refused, char *err, size_t err_size);

bool server_dxbc_to_spirv(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                          uint32_t **words, size_t *count, bool *refused, char *err,
                          size_t err_size)
{
    return translate(stage, bytes, size, NULL, false, words, count, refused, err, err_size);
}

bool server_dxbc_to_spirv_so(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                             const struct server_so_layout *so, uint32_t **words,
                             size_t *count, bool *refused, char *err, size_t err_size)
{
    return translate(stage, bytes, size, so, false, words, count, refused, err, err_size);
}

bool server_dxbc_to_spirv_dual(const void *bytes, uint32_t size, uint32_t **words,
                               size_t *count, bool *refused, char *err, size_t err_size)
{
    return translate(WIRE_STAGE_FRAGMENT, bytes, size, NULL, true, words, count, refused, err,
                     err_size);
}

static bool translate(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                      const struct server_so_layout *so, bool dual, uint32_t **words,
                      size_t *count, bool *refused, char *err, size_t err_size)
{
    bool vs = stage == WIRE_STAGE_VERTEX, cs = stage == WIRE_STAGE_COMPUTE;
    bool gs = stage == WIRE_STAGE_GEOMETRY, hs = stage == WIRE_STAGE_HULL,
         ds = stage == WIRE_STAGE_DOMAIN;
    enum vkd3d_shader_visibility vis = vs   ? VKD3D_SHADER_VISIBILITY_VERTEX
                                       : cs ? VKD3D_SHADER_VISIBILITY_COMPUTE
                                       : gs ? VKD3D_SHADER_VISIBILITY_GEOMETRY
                                       : hs ? VKD3D_SHADER_VISIBILITY_HULL
                                       : ds ? VKD3D_SHADER_VISIBILITY_DOMAIN
                                            : VKD3D_SHADER_VISIBILITY_PIXEL;
    /* The stage's combined samplers: set 0's of the vertex and fragment
     * (and compute) stages, set 1's of the others (binding.h). */
    bool other = gs || hs || ds;
    uint32_t pair_set = other ? NR_TEXEL_SET : 0;
    uint32_t base = vs      ? NR_BIND_VS_SAMPLER0
                    : other ? NR_BIND_STAGE_SAMPLER0 +
                                  NR_MAX_STAGE_SAMPLERS * (gs ? 0u : hs ? 1u : 2u)
                            : NR_BIND_FS_SAMPLER0;
    uint32_t max_pairs = vs ? NR_MAX_VS_SAMPLERS : other ? NR_MAX_STAGE_SAMPLERS
                                                         : NR_MAX_FS_SAMPLERS;
    uint32_t texel_base = vs ? NR_BIND_VS_TEXEL0 : NR_BIND_FS_TEXEL0;
    uint32_t max_texels = vs ? NR_MAX_VS_TEXELS : NR_MAX_FS_TEXELS;
    struct dxbc_shader sh;
    struct dxbc_bindings b;
    struct vkd3d_shader_scan_descriptor_info scan = {
        .type = VKD3D_SHADER_STRUCTURE_TYPE_SCAN_DESCRIPTOR_INFO};
    struct vkd3d_shader_compile_option options[] = {
        {VKD3D_SHADER_COMPILE_OPTION_STRIP_DEBUG, 1},
    };
    struct vkd3d_shader_compile_info info = {
        .type = VKD3D_SHADER_STRUCTURE_TYPE_COMPILE_INFO,
        .source = {bytes, size},
        .source_type = VKD3D_SHADER_SOURCE_DXBC_TPF,
        .target_type = VKD3D_SHADER_TARGET_SPIRV_BINARY,
        .options = options,
        .option_count = NR_ARRAY_SIZE(options),
        .log_level = VKD3D_SHADER_LOG_WARNING,
        .source_name = "nereid",
    };
    /* b0, and each texture and sampler register of a pair (vkd3d-shader
     * wants them listed; the combined samplers are what it emits). */
    struct vkd3d_shader_resource_binding bind[DXBC_MAX_CB + 2 * DXBC_MAX_PAIRS +
                                              DXBC_MAX_BUFFERS + DXBC_MAX_UAVS];
    struct vkd3d_shader_combined_resource_sampler combined[DXBC_MAX_PAIRS];
    /* UAV counters: u#k's at set 1's NR_BIND_COUNTER0 + k. */
    struct vkd3d_shader_uav_counter_binding counters[DXBC_MAX_UAVS];
    /* Stream output: the entries as vkd3d-shader's elements (a gap is
     * named "", which no output is). */
    struct vkd3d_shader_transform_feedback_element xfb_el[WIRE_MAX_SO_ENTRIES];
    struct vkd3d_shader_transform_feedback_info xfb = {
        .type = VKD3D_SHADER_STRUCTURE_TYPE_TRANSFORM_FEEDBACK_INFO,
        .elements = xfb_el,
        .element_count = so ? so->entry_count : 0,
        .buffer_strides = so ? so->strides : NULL,
        .buffer_stride_count = so ? WIRE_MAX_SO_TARGETS : 0,
    };
    struct vkd3d_shader_interface_info iface = {
        .type = VKD3D_SHADER_STRUCTURE_TYPE_INTERFACE_INFO,
        .next = so ? &xfb : NULL,
        .bindings = bind,
        .combined_samplers = combined,
        .uav_counters = counters,
    };
    struct vkd3d_shader_spirv_target_info target = {
        .type = VKD3D_SHADER_STRUCTURE_TYPE_SPIRV_TARGET_INFO,
        .next = &iface,
        .entry_point = "main",
        .environment = VKD3D_SHADER_SPIRV_ENVIRONMENT_VULKAN_1_0,
        .dual_source_blending = dual,
    };
    struct vkd3d_shader_code out = {0};
    unsigned int nb = 0;
    char *messages = NULL;
    int ret;

    *refused = false;
    *words = NULL;
    *count = 0;
    if (!dxbc_parse(bytes, size, &sh, err, err_size))
        return false;
    if (sh.type != (vs   ? DXBC_VERTEX
                    : cs ? DXBC_COMPUTE
                    : gs ? DXBC_GEOMETRY
                    : hs ? DXBC_HULL
                    : ds ? DXBC_DOMAIN
                         : DXBC_PIXEL)) {
        snprintf(err, err_size, "a DXBC program of type %u for stage %u", sh.type, stage);
        return false;
    }
    if (!dxbc_bindings(&sh, &b, err, err_size)) {
        *refused = true;
        return false;
    }
    /* The geometry, hull and domain stages have their b0..b4 and four
     * texture and sampler pairs (binding.h), no buffers or UAVs yet. */
    if (other && (b.buffer_count || b.uav_mask)) {
        snprintf(err, err_size, "a %s shader binding buffers or UAVs: not done",
                 gs ? "geometry" : hs ? "hull" : "domain");
        *refused = true;
        return false;
    }
    if (so) {
        for (uint32_t i = 0; i < so->entry_count; i++)
            xfb_el[i] = (struct vkd3d_shader_transform_feedback_element){
                so->entries[i].stream, so->entries[i].semantic,
                so->entries[i].semantic_index, so->entries[i].start_component,
                so->entries[i].component_count, so->entries[i].slot};
    }
    if (b.pair_count > max_pairs) {
        snprintf(err, err_size, "%u texture and sampler pairs: the stage has %u", b.pair_count,
                 max_pairs);
        *refused = true;
        return false;
    }
    if (b.buffer_count > max_texels) {
        snprintf(err, err_size, "%u buffers: the stage has %u", b.buffer_count, max_texels);
        *refused = true;
        return false;
    }
    /* UAVs of pixel and compute shaders: u#k is set 1's storage texel
     * buffer or storage image k (raw and structured ones as 32-bit words). */
    if (b.uav_mask && vs) {
        snprintf(err, err_size, "a vertex shader with UAVs (D3D11.1's): not done");
        *refused = true;
        return false;
    }
    for (uint32_t k = 0; k < DXBC_MAX_UAVS; k++) {
        bool image = !dxbc_dim_is_buffer(b.uav_dim[k]);
        if (!(b.uav_mask & (1u << k)))
            continue;
        bind[nb++] = (struct vkd3d_shader_resource_binding){
            VKD3D_SHADER_DESCRIPTOR_TYPE_UAV, 0, k, vis,
            image ? VKD3D_SHADER_BINDING_FLAG_IMAGE : VKD3D_SHADER_BINDING_FLAG_BUFFER,
            {NR_TEXEL_SET, (image ? NR_BIND_STORAGE_IMG0 : NR_BIND_STORAGE_BUF0) + k, 1}};
    }
    /* Buffers (typed, raw, structured): the stage's texel buffers. */
    for (uint32_t k = 0; k < b.buffer_count; k++)
        bind[nb++] = (struct vkd3d_shader_resource_binding){
            VKD3D_SHADER_DESCRIPTOR_TYPE_SRV, 0, b.buffer[k], vis,
            VKD3D_SHADER_BINDING_FLAG_BUFFER, {NR_TEXEL_SET, texel_base + k, 1}};
    /* The tessellation stages' b0 are set 1's (binding.h). */
    for (uint32_t k = 0; k < DXBC_MAX_CB; k++)
        if (b.cb_mask & (1u << k))
            bind[nb++] = (struct vkd3d_shader_resource_binding){
                VKD3D_SHADER_DESCRIPTOR_TYPE_CBV, 0, k, vis, VKD3D_SHADER_BINDING_FLAG_BUFFER,
                (gs || hs || ds) && k
                    ? (struct vkd3d_shader_descriptor_binding){
                          NR_TEXEL_SET, NR_BIND_STAGE_UBO0 + 4 * (gs ? 0u : hs ? 1u : 2u) + k - 1,
                          1}
                : hs ? (struct vkd3d_shader_descriptor_binding){NR_TEXEL_SET, NR_BIND_HS_UBO, 1}
                : ds ? (struct vkd3d_shader_descriptor_binding){NR_TEXEL_SET, NR_BIND_DS_UBO, 1}
                     : (struct vkd3d_shader_descriptor_binding){
                           0, nr_ubo_binding(nr_ubo_index(vs ? 0 : gs ? 2 : 1, k)), 1}};
    for (uint32_t k = 0; k < b.pair_count; k++) {
        struct vkd3d_shader_descriptor_binding where = {pair_set, base + k, 1};
        combined[k] = (struct vkd3d_shader_combined_resource_sampler){
            0, b.texture[k], 0,
            b.sampler[k] == DXBC_NO_SAMPLER ? VKD3D_SHADER_DUMMY_SAMPLER_INDEX : b.sampler[k],
            vis, VKD3D_SHADER_BINDING_FLAG_IMAGE, where};
        bind[nb++] = (struct vkd3d_shader_resource_binding){
            VKD3D_SHADER_DESCRIPTOR_TYPE_SRV, 0, b.texture[k], vis,
            VKD3D_SHADER_BINDING_FLAG_IMAGE, where};
        if (b.sampler[k] != DXBC_NO_SAMPLER)
            bind[nb++] = (struct vkd3d_shader_resource_binding){
                VKD3D_SHADER_DESCRIPTOR_TYPE_SAMPLER, 0, b.sampler[k], vis, 0, where};
    }
    iface.binding_count = nb;
    iface.combined_sampler_count = b.pair_count;

    /* vkd3d-shader's view of the descriptors must be ours. */
    info.next = &scan;
    ret = vkd3d_shader_scan(&info, &messages);
    if (ret < 0) {
        copy_message(err, err_size, "vkd3d-shader cannot read the program", messages);
        vkd3d_shader_free_messages(messages);
        return false;
    }
    vkd3d_shader_free_messages(messages);
    messages = NULL;
    for (unsigned int i = 0; i < scan.descriptor_count; i++) {
        const struct vkd3d_shader_descriptor_info *d = &scan.descriptors[i];
        bool placed = false;
        if (d->flags & VKD3D_SHADER_DESCRIPTOR_INFO_FLAG_UAV_COUNTER) {
            /* A counter of a UAV the binding model places (u0..u7). */
            if (d->type != VKD3D_SHADER_DESCRIPTOR_TYPE_UAV || d->register_space ||
                d->register_index >= DXBC_MAX_UAVS || d->count != 1 ||
                !(b.uav_mask & (1u << d->register_index))) {
                snprintf(err, err_size, "u%u's counter (space %u): no place for it",
                         d->register_index, d->register_space);
                *refused = true;
                vkd3d_shader_free_scan_descriptor_info(&scan);
                return false;
            }
            counters[iface.uav_counter_count++] = (struct vkd3d_shader_uav_counter_binding){
                0, d->register_index, vis,
                {NR_TEXEL_SET, NR_BIND_COUNTER0 + d->register_index, 1}, 0};
        }
        for (unsigned int j = 0; j < nb && !placed; j++)
            placed = bind[j].type == d->type && bind[j].register_index == d->register_index &&
                     !d->register_space && d->count == 1;
        /* A declared texture or sampler the program never reads is
         * harmless: it gets no descriptor. */
        if (!placed && d->type == VKD3D_SHADER_DESCRIPTOR_TYPE_SRV &&
            b.texture_dim[NR_MIN(d->register_index, DXBC_MAX_TEXTURES - 1)])
            placed = true;
        if (!placed && d->type == VKD3D_SHADER_DESCRIPTOR_TYPE_SAMPLER && !d->register_space &&
            d->register_index < 16)
            placed = true;
        if (!placed) {
            static const char *const kinds[] = {"t", "u", "b", "s"};
            snprintf(err, err_size, "the program binds %s%u (space %u), which has no place in "
                                    "the binding model yet",
                     d->type <= 3 ? kinds[d->type] : "?", d->register_index,
                     d->register_space);
            *refused = true;
            vkd3d_shader_free_scan_descriptor_info(&scan);
            return false;
        }
    }
    vkd3d_shader_free_scan_descriptor_info(&scan);

    info.next = &target;
    ret = vkd3d_shader_compile(&info, &out, &messages);
    if (ret < 0) {
        /* A container that parsed, which vkd3d-shader does not translate:
         * valid input we cannot handle, or malformed tokens.  The two are
         * not told apart by vkd3d-shader's result; either way the module
         * does not exist and the draws that use it are dropped. */
        copy_message(err, err_size, "vkd3d-shader refused the program", messages);
        vkd3d_shader_free_messages(messages);
        *refused = true;
        return false;
    }
    vkd3d_shader_free_messages(messages);
    if (!out.size || out.size % 4 || !(*words = malloc(out.size))) {
        snprintf(err, err_size, "vkd3d-shader gave %zu bytes", out.size);
        vkd3d_shader_free_shader_code(&out);
        *refused = true;
        return false;
    }
    memcpy(*words, out.code, out.size);
    *count = out.size / 4;
    vkd3d_shader_free_shader_code(&out);
    return true;
}
