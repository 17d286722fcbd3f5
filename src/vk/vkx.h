/* nereid Vulkan executor (vkx_): the GPU layer under the server.  It knows
 * buffers, textures, SPIR-V shaders, pipeline state blocks, passes, draws,
 * copies and presents, typed with the wire's enums -- nothing of D3D9.
 *
 * One vkx_device per server process, shared by every client context; one
 * vkx_ctx per client context, used by that context's thread only. */
#ifndef NEREID_VKX_H
#define NEREID_VKX_H

#include "wire/wire.h"

struct vkx_device;
struct vkx_ctx;

/* Counters of a context, always on. */
struct vkx_stats {
    uint64_t draws;          /* draws recorded */
    uint64_t draw_calls;     /* vkCmdDraw* / vkCmdDrawMulti* issued */
    uint64_t pipeline_binds;
    uint64_t pipelines_created;
    uint64_t submits;
    uint64_t renames;        /* DISCARD writes that moved to another version */
    uint64_t ordered_copies; /* writes copied in the command stream */
    uint64_t direct_writes;  /* writes straight into mapped memory */
    uint64_t record_ns;      /* time spent in draw recording */
    uint64_t table_writes;   /* texture table entries written */
    uint64_t bind_sets;      /* bind sets written for the texture table */
};
struct vkx_buffer;
struct vkx_texture;
struct vkx_shader;
struct vkx_pipeline;

/* Creates the device: NEREID_DEVICE picks one (an index, or a substring of
 * the name); otherwise a GPU is preferred and a CPU device (lavapipe) taken
 * when there is none.  NEREID_VALIDATION=1 turns on the Khronos validation
 * layer (and fails when it is missing). */
struct vkx_device *vkx_device_create(char *reason, size_t reason_size);
void vkx_device_destroy(struct vkx_device *dev);
void vkx_device_caps(struct vkx_device *dev, struct wire_caps *caps);
/* enum wire_format_feature bits of a wire format on this device. */
uint32_t vkx_device_format_features(struct vkx_device *dev, uint32_t format);
/* enum wire_device_features bits of this device (the caps' features). */
uint32_t vkx_device_features(const struct vkx_device *dev);
/* Output locations of the vertex and geometry stages (the fewer), and the
 * components of a geometry program's vertices together. */
void vkx_device_output_limits(const struct vkx_device *dev, uint32_t *locations,
                              uint32_t *gs_total_components);
/* VkSampleCountFlags a 2D target of the format may have. */
uint32_t vkx_device_format_samples(struct vkx_device *dev, uint32_t format);
/* The colour targets and the vertex attributes (and bindings) a state block
 * may have on the device (at most the wire's). */
uint32_t vkx_device_max_color_targets(const struct vkx_device *dev);
/* The sample counts a target of the format that is sampled too may have
 * (WIRE_TEX_2D_MS views). */
uint32_t vkx_device_format_load_samples(const struct vkx_device *dev, uint32_t format);
uint32_t vkx_device_max_vertex_inputs(const struct vkx_device *dev);
const char *vkx_device_name(struct vkx_device *dev);
/* Whether the device can create such an image (type, extent, levels). */
bool vkx_device_texture_supported(struct vkx_device *dev, uint32_t format, uint32_t type,
                                  uint32_t width, uint32_t height, uint32_t depth,
                                  uint32_t layers, uint32_t levels, uint32_t usage);
/* Validation errors seen by this process's debug messengers. */
uint64_t vkx_validation_errors(void);

/* Whether presents can go to windows: a display reached (DISPLAY, unless
 * NEREID_WINDOW=0) and the surface and swap-chain extensions there. */
bool vkx_device_has_windows(struct vkx_device *dev);

struct vkx_ctx *vkx_ctx_create(struct vkx_device *dev, uint32_t context_id);
/* Gives the context's presents that name no window an X11 window of the
 * server's own, titled `title`, made at the first present with the
 * presented texture's size and following it; nothing without
 * NEREID_WINDOW=1 or on a device without windows. */
void vkx_ctx_set_window(struct vkx_ctx *ctx, const char *title);
/* Waits for the GPU, then frees everything the context owned. */
void vkx_ctx_destroy(struct vkx_ctx *ctx);
/* Submits what was recorded (no wait); used when the client goes idle. */
bool vkx_ctx_submit(struct vkx_ctx *ctx);
/* The GPU queue is shared by every context: a context submits its work in
 * slices of at most this many draws or vertices (instances counted), so
 * another context's submission waits for one slice, not for a whole heavy
 * frame (and at most MAX_SUBMITS_IN_FLIGHT slices are in flight). */
#define VKX_SLICE_DRAWS 16384u
#define VKX_SLICE_VERTICES (1u << 22)
/* The colour write masks of the next draws, from their state block (with
 * dynamic write masks a pipeline does not hold them). */
/* A state block's write masks, four bits a target, target i at bit 4i;
 * what the draws of that block set (a change only where they differ). */
uint32_t vkx_pack_write_masks(const struct wire_create_state_block *b);
void vkx_set_write_masks(struct vkx_ctx *ctx, uint32_t packed);
/* Whether pipelines leave the colour write masks dynamic. */
bool vkx_device_dynamic_write_masks(const struct vkx_device *dev);
/* Whether the device has the texture table (binding.h's set 2), through
 * which D3D9's modules sample; NEREID_NO_TEXTURE_TABLE=1 turns it off. */
bool vkx_device_texture_table(const struct vkx_device *dev);
/* Whether the command buffer being recorded holds a whole slice. */
bool vkx_ctx_slice_full(const struct vkx_ctx *ctx);
/* The reason of the last failure, for the fatal event. */
const char *vkx_ctx_error(struct vkx_ctx *ctx);

/* Objects.  The name is the object's role and handle, for debug names. */
struct vkx_buffer *vkx_buffer_create(struct vkx_ctx *ctx, uint64_t size,
                                     uint32_t usage, const char *name);
void vkx_buffer_destroy(struct vkx_ctx *ctx, struct vkx_buffer *b);
uint64_t vkx_buffer_size(const struct vkx_buffer *b);
uint32_t vkx_buffer_usage(const struct vkx_buffer *b); /* enum wire_buffer_usage */
/* flags: WIRE_WRITE_DISCARD (rename when the GPU may still read it),
 * WIRE_WRITE_NO_OVERWRITE (write in place, the client promises no in-flight
 * draw reads the range), or 0 (ordered: later draws see it, earlier don't). */
bool vkx_buffer_write(struct vkx_ctx *ctx, struct vkx_buffer *b,
                      uint64_t offset, const void *data, uint32_t size,
                      uint32_t flags);
/* A copy between buffers (ranges checked by the caller; in one buffer
 * they do not overlap), ordered with the work around it. */
bool vkx_buffer_copy(struct vkx_ctx *ctx, struct vkx_buffer *dst, uint64_t dst_offset,
                     struct vkx_buffer *src, uint64_t src_offset, uint64_t size);
/* The bytes of a range, once the work recorded before has written them. */
bool vkx_buffer_read(struct vkx_ctx *ctx, struct vkx_buffer *b, uint64_t offset,
                     uint32_t size, void *out);

struct vkx_texture_desc {
    enum wire_format format;
    enum wire_texture_type type;
    uint32_t width, height, depth; /* depth: 3D only */
    uint32_t layers;               /* 6 for a cube */
    uint32_t levels;
    uint32_t usage;                /* enum wire_texture_usage */
    uint8_t swizzle[4];            /* enum wire_swizzle */
    uint32_t samples;              /* 1, or a multisampled target's count */
};

/* The description is checked by the caller (formats, extents, levels). */
struct vkx_texture *vkx_texture_create(struct vkx_ctx *ctx,
                                       const struct vkx_texture_desc *desc,
                                       const char *name);
/* Destroys ctx's handle to t: t itself unless another context (or
 * another handle of ctx) holds a shared t. */
void vkx_texture_destroy(struct vkx_ctx *ctx, struct vkx_texture *t);
/* Makes t, made by ctx, shared (false: it already is, or no memory).
 * Every context holding a shared texture orders its submissions after
 * what the other holders submitted. */
bool vkx_texture_share(struct vkx_ctx *ctx, struct vkx_texture *t);
/* ctx takes a handle to a shared t (false: not shared, or held
 * WIRE_MAX_SHARE_HOLDERS times). */
bool vkx_texture_open_shared(struct vkx_ctx *ctx, struct vkx_texture *t);
const struct vkx_texture_desc *vkx_texture_get_desc(const struct vkx_texture *t);
/* Texels of a region (checked by the caller) from/to memory laid out as the
 * region's row and slice pitches say. */
bool vkx_texture_write(struct vkx_ctx *ctx, struct vkx_texture *t,
                       const struct wire_texture_region *r, const uint8_t *src);
/* A box of src's subresource to dst's (the caller checked the rule of
 * wire_copy_texture). */
bool vkx_texture_copy(struct vkx_ctx *ctx, struct vkx_texture *dst, uint32_t dst_level,
                      uint32_t dst_layer, const uint32_t dst_xyz[3], struct vkx_texture *src,
                      uint32_t src_level, uint32_t src_layer, const uint32_t src_xyz[3],
                      const uint32_t extent[3]);
/* Submits, waits, and copies the texels to dst. */
bool vkx_texture_read(struct vkx_ctx *ctx, struct vkx_texture *t,
                      const struct wire_texture_region *r, uint8_t *dst);
/* Levels first_level + 1 .. + levels - 1 of the layers from first_level
 * (the caller checked the ranges). */
bool vkx_generate_mips(struct vkx_ctx *ctx, struct vkx_texture *t, uint32_t first_level,
                       uint32_t levels, uint32_t first_layer, uint32_t layers);

/* One level and layer of a texture. */
struct vkx_target {
    struct vkx_texture *tex;
    uint32_t level, layer;
    uint32_t format; /* the view's enum wire_format: 0 for the texture's own */
    uint32_t layers; /* 0 or 1: one; more: a layered target (wire_target) */
    /* A buffer's elements rendered into (vkx_buffer_target): tex is the
     * buffer's twin, a texture one row high filled from the buffer's
     * bytes at `offset` as a pass begins and copied back as it ends. */
    struct vkx_buffer *buf;
    uint64_t offset;
};
/* A target of elements [first, first + elements) of `format` of a buffer
 * (the caller checked the range, format and alignment): its twin, made at
 * the first use of that range and format and kept with the buffer (at most
 * VKX_MAX_BUFFER_TARGETS a buffer: past them, false). */
#define VKX_MAX_BUFFER_TARGETS 8
bool vkx_buffer_target(struct vkx_ctx *ctx, struct vkx_buffer *b, uint32_t format,
                       uint32_t first, uint32_t elements, struct vkx_target *out);
/* The bytes of a buffer's twins (the server charges them with it). */
uint64_t vkx_buffer_twin_bytes(const struct vkx_buffer *b);
bool vkx_blit(struct vkx_ctx *ctx, const struct vkx_target *src,
              const int32_t src_rect[4], const struct vkx_target *dst,
              const int32_t dst_rect[4], enum wire_filter filter);
bool vkx_fill(struct vkx_ctx *ctx, const struct vkx_target *t,
              const int32_t rect[4], const float color[4]);

struct vkx_sampler;
struct vkx_sampler *vkx_sampler_create(struct vkx_ctx *ctx,
                                       const struct wire_create_sampler *desc,
                                       const char *name);
void vkx_sampler_destroy(struct vkx_ctx *ctx, struct vkx_sampler *s);
/* Levels and layers of a sampled view (counts not 0). */
struct vkx_view_range {
    uint32_t first_level, levels, first_layer, layers;
    uint32_t format; /* enum wire_format: 0 for the texture's own */
};
/* Whether a SET_TEXTURE of `view` naming no range and no format samples
 * t's own view of all of it, which the texture's creation checked (the
 * common case, D3D9's always): such a record needs no other check. */
bool vkx_texture_whole_view(const struct vkx_texture *t, uint32_t view);
/* slot < WIRE_MAX_TEXTURE_SLOTS; a NULL texture unbinds.  The range is in
 * the texture and fits the view type (the caller checked); a NULL range
 * is all of t, as vkx_texture_whole_view allowed.  False when the view
 * cannot be made. */
bool vkx_set_texture(struct vkx_ctx *ctx, uint32_t slot, enum wire_texture_type view,
                     struct vkx_texture *t, struct vkx_sampler *s,
                     const struct vkx_view_range *range);
/* slot < WIRE_MAX_TEXEL_SLOTS; a NULL buffer unbinds.  The range lies in
 * the buffer and suits the format and the device (the caller checked). */
bool vkx_set_texel_buffer(struct vkx_ctx *ctx, uint32_t slot, struct vkx_buffer *b,
                          uint32_t format, uint64_t offset, uint64_t size);
/* slot < WIRE_MAX_STORAGE_SLOTS: storage as the record says (checked by
 * the caller: the range, level, layers, type and format suit b or t, the
 * resource kind's usage has storage); b for BUFFER, t for IMAGE. */
bool vkx_set_storage(struct vkx_ctx *ctx, uint32_t slot, const struct wire_set_storage *w,
                     struct vkx_buffer *b, struct vkx_texture *t, struct vkx_buffer *counter);
/* Runs a compute shader (WIRE_STAGE_COMPUTE) over x * y * z groups with
 * the fragment stage's bindings, ordered with the work around it; a shader
 * the server could not translate or the device cannot run is dropped.
 * False (the context's error) for counts past the device's limits. */
bool vkx_dispatch(struct vkx_ctx *ctx, struct vkx_shader *s, uint32_t x, uint32_t y,
                  uint32_t z);
/* A texel of texel_bytes bytes repeated over [offset, +size) of b (size a
 * multiple of it), or over level `level`, layers [first_layer, +layers) of
 * t (a 3D texture: slices; the texel of the format's bytes), in the order
 * of the stream.  The caller checked the ranges. */
bool vkx_fill_buffer(struct vkx_ctx *ctx, struct vkx_buffer *b, uint64_t offset,
                     uint64_t size, const uint8_t *texel, uint32_t texel_bytes);
bool vkx_fill_texture(struct vkx_ctx *ctx, struct vkx_texture *t, uint32_t level,
                      uint32_t first_layer, uint32_t layers, const uint8_t *texel);
/* Writes [offset, +size) of a stage's uniform data; draws bind [0, total). */
bool vkx_set_uniforms(struct vkx_ctx *ctx, enum wire_shader_stage stage, uint32_t slot,
                      uint32_t offset, const void *data, uint32_t size, uint32_t total);

struct vkx_shader *vkx_shader_create(struct vkx_ctx *ctx,
                                     enum wire_shader_stage stage,
                                     const uint32_t *code, size_t size,
                                     const char *name);
void vkx_shader_destroy(struct vkx_ctx *ctx, struct vkx_shader *s);
enum wire_shader_stage vkx_shader_stage(const struct vkx_shader *s);
/* Made with code NULL: a shader the server could not translate. */
bool vkx_shader_empty(const struct vkx_shader *s);
size_t vkx_shader_size(const struct vkx_shader *s);
/* A name of the shader's source, for pipelines shared between contexts. */
void vkx_shader_set_key(struct vkx_shader *s, uint64_t key);
uint64_t vkx_shader_key(const struct vkx_shader *s);

/* A module with transform feedback decorations (its outputs captured):
 * pipelines with it write the stream-output targets. */
/* Emulated stream output (shader/so_emu.h): a geometry module that
 * captures (its pipelines have the scratch's set 3), a block's pipeline
 * and the one that captures for it (destroyed with it), and whether the
 * device emulates. */
struct so_emu_info;
void vkx_shader_set_capture(struct vkx_shader *s);
void vkx_pipeline_set_capture(struct vkx_pipeline *p, struct vkx_pipeline *capture,
                              const struct so_emu_info *info);
bool vkx_device_so_emulated(const struct vkx_device *dev);
/* A geometry program of several streams: p draws (and captures) stream
 * `stream`'s program; `next`, a pipeline rasterizing nothing that
 * captures another stream's (`next_stream`), is drawn after it at each of
 * p's draws, and destroyed with it.  Stream-output queries count each
 * draw for its stream. */
void vkx_pipeline_set_stream(struct vkx_pipeline *p, uint32_t stream);
void vkx_pipeline_chain_stream(struct vkx_pipeline *p, struct vkx_pipeline *next,
                               uint32_t next_stream);
void vkx_shader_set_xfb(struct vkx_shader *s, bool xfb);
/* A fragment module of dual-source outputs (location 0, index 1). */
void vkx_shader_set_dual(struct vkx_shader *s, bool dual);
bool vkx_shader_dual(const struct vkx_shader *s);
/* Data the server keeps with a shader (its DXBC, a stream-output layout),
 * freed with free() when the shader goes. */
void vkx_shader_set_blob(struct vkx_shader *s, void *blob);
void *vkx_shader_blob(const struct vkx_shader *s);

/* Tessellation modules of a pipeline: a hull and a domain module (both
 * or neither), for patches of b->patch_points points. */
struct vkx_tess_stages {
    struct vkx_shader *hs, *ds;
};
/* vs and fs are resolved by the caller; the rest of the block is validated
 * there too (enum ranges, counts).  gs: a geometry module or NULL; tess
 * NULL or both of its modules; fs NULL only with b->rasterizer_discard. */
struct vkx_pipeline *vkx_pipeline_create(struct vkx_ctx *ctx,
                                         const struct wire_create_state_block *b,
                                         struct vkx_shader *vs, const struct vkx_tess_stages *tess,
                                         struct vkx_shader *gs, struct vkx_shader *fs,
                                         const char *name);
/* A pipeline no context's work can be using any more (the device is idle):
 * the server's shared pipelines at shutdown. */
void vkx_pipeline_destroy_idle(struct vkx_device *dev, struct vkx_pipeline *p);
/* Waits until the device has finished all work. */
void vkx_device_wait_idle(struct vkx_device *dev);
void vkx_pipeline_destroy(struct vkx_ctx *ctx, struct vkx_pipeline *p);

/* Recording. */
bool vkx_set_render_targets(struct vkx_ctx *ctx, const struct vkx_target *color,
                            unsigned color_count, const struct vkx_target *depth);
bool vkx_clear(struct vkx_ctx *ctx, uint32_t flags, const float color[4],
               float depth, uint32_t stencil, const int32_t *rects,
               uint32_t rect_count);
void vkx_set_viewport(struct vkx_ctx *ctx, const struct wire_set_viewport *v);
void vkx_set_scissor(struct vkx_ctx *ctx, const struct wire_set_scissor *s);
void vkx_set_dynamic_state(struct vkx_ctx *ctx, const struct wire_set_dynamic_state *d);
void vkx_set_push_constants(struct vkx_ctx *ctx, uint32_t offset,
                            uint32_t size, const void *data);
void vkx_set_vertex_buffer(struct vkx_ctx *ctx, uint32_t binding,
                           struct vkx_buffer *b, uint64_t offset, uint32_t stride);
/* index_size: 2 or 4 bytes. */
void vkx_set_index_buffer(struct vkx_ctx *ctx, struct vkx_buffer *b,
                          uint64_t offset, uint32_t index_size);
bool vkx_draw_indexed(struct vkx_ctx *ctx, struct vkx_pipeline *p,
                      uint32_t index_count, uint32_t first_index,
                      int32_t base_vertex, uint32_t instances, uint32_t first_instance);
bool vkx_draw_instanced(struct vkx_ctx *ctx, struct vkx_pipeline *p, uint32_t vertex_count,
                        uint32_t first_vertex, uint32_t instances, uint32_t first_instance);
/* extent: the bytes a vertex's attributes reach (may exceed the stride). */
bool vkx_draw_indexed_up(struct vkx_ctx *ctx, struct vkx_pipeline *p,
                         uint32_t vertex_count, uint32_t stride, uint32_t extent,
                         const void *vertices, uint32_t index_count,
                         uint32_t index_size, const void *indices);
/* enum wire_context_option: reference recording, the draw-time check. */
void vkx_ctx_set_options(struct vkx_ctx *ctx, uint32_t options);
/* Violations the check mode found (each is also logged). */
uint64_t vkx_ctx_check_failures(struct vkx_ctx *ctx);
const struct vkx_stats *vkx_ctx_stats(struct vkx_ctx *ctx);
bool vkx_draw(struct vkx_ctx *ctx, struct vkx_pipeline *p,
              uint32_t vertex_count, uint32_t first_vertex);
bool vkx_draw_up(struct vkx_ctx *ctx, struct vkx_pipeline *p,
                 uint32_t vertex_count, uint32_t stride, uint32_t extent,
                 const void *vertices);
/* Where a present shows, beyond the headless frame: the application's
 * window (see struct wire_present), checked by the caller. */
struct vkx_present_target {
    uint64_t key;        /* the client's name for the window */
    uint32_t window;     /* X11 window id; 0: none of the application's */
    bool screen;         /* area's x, y are root coordinates */
    bool vsync;          /* FIFO where the surface has it */
    bool hidden;         /* minimized: nothing to show */
    bool keep;           /* outside dst, the window keeps its picture */
    bool has_src, has_dst;
    bool gamma;          /* through the context's gamma ramp (vkx_ctx_set_gamma) */
    int32_t area[4];     /* x, y, width, height in the window; width 0: all */
    int32_t src[4];      /* left, top, right, bottom in the texture */
    int32_t dst[4];      /* in the area */
};
/* Submits the frame and waits for it; when dump_path is set, writes the
 * texture as a PNG there.  The texture is shown in the target's window, or
 * without one in the context's own (vkx_ctx_set_window); a failing window
 * leaves that window headless, never fails the context.  With `retire`, a
 * headless frame that is not dumped is not waited for: *retire is the
 * value vkx_ctx_wait_gpu reaches when it retired (0: it has). */
bool vkx_present(struct vkx_ctx *ctx, struct vkx_texture *t, const char *dump_path,
                 const struct vkx_present_target *target, uint64_t *retire);
/* Waits up to timeout_ns for the context's work up to `value` (any
 * thread, while the context exists): 1 retired, 0 timed out, -1 the
 * device failed. */
int vkx_ctx_wait_gpu(struct vkx_ctx *ctx, uint64_t value, uint64_t timeout_ns);
/* NEREID_GPU_TIMEOUT_MS (default 30 s) in nanoseconds: how long a wait a
 * client is behind may take before its context fails. */
uint64_t vkx_gpu_timeout_ns(void);
/* The gamma ramp that presents with `gamma` show the window's picture
 * through: red's 256 entries, green's, blue's (D3DGAMMARAMP), each of a
 * channel's 8-bit values mapped to ramp / 65535.  Applied on the way to
 * the window only. */
void vkx_ctx_set_gamma(struct vkx_ctx *ctx, const uint16_t ramp[3 * 256]);
bool vkx_ctx_has_gamma(const struct vkx_ctx *ctx);
/* Debugging: whether a texture is currently a bound render target. */
bool vkx_texture_is_bound(struct vkx_ctx *ctx, const struct vkx_texture *t);

/* Queries (see the comment in vkx.c).  id < WIRE_MAX_QUERIES, checked by
 * the caller; occlusion queries need WIRE_DEVFEAT_OCCLUSION_QUERY. */
bool vkx_query_begin(struct vkx_ctx *ctx, uint32_t id);
bool vkx_query_end(struct vkx_ctx *ctx, uint32_t id);
void vkx_query_forget(struct vkx_ctx *ctx, uint32_t id);
/* A timestamp query's END (WIRE_DEVFEAT_TIMESTAMP_QUERY): the GPU writes
 * its time once the work recorded so far is done; vkx_query_result
 * answers the ticks. */
bool vkx_timestamp_write(struct vkx_ctx *ctx, uint32_t id);
/* 1 with the result when known, 0 while the GPU has not retired it, -1
 * when the query was never issued.  Never waits.  The result: out[0] the
 * samples (timestamp: the ticks; SO: primitives written), out[1] SO's
 * primitives needed; a pipeline-statistics query's counters by enum
 * wire_pipeline_stat.  Unused entries 0. */
int vkx_query_result(struct vkx_ctx *ctx, uint32_t id, uint64_t out[WIRE_STAT_COUNT]);
/* Stream-output statistics queries (WIRE_DEVFEAT_STREAM_OUTPUT): the
 * primitives written (the result's samples) and needed of the streams
 * `streams` names (a bit each), summed. */
bool vkx_so_query_begin(struct vkx_ctx *ctx, uint32_t id, uint32_t streams);
bool vkx_so_query_end(struct vkx_ctx *ctx, uint32_t id);
/* Pipeline-statistics queries (WIRE_DEVFEAT_PIPELINE_STATS): the counters
 * of the draws and dispatches between BEGIN and END. */
bool vkx_stats_query_begin(struct vkx_ctx *ctx, uint32_t id);
bool vkx_stats_query_end(struct vkx_ctx *ctx, uint32_t id);

/* Stream output.  A buffer made with WIRE_BUF_STREAM_OUT keeps the byte
 * position its last stream output stopped at (0 when made).  Targets
 * (checked by the caller: usage, offset a multiple of 4 within the
 * buffer, or WIRE_SO_APPEND) are written by the draws of pipelines with
 * a module of vkx_shader_set_xfb. */
bool vkx_set_so_targets(struct vkx_ctx *ctx, struct vkx_buffer *const *buffers,
                        const uint64_t *offsets);
/* D3D11's DrawAuto: the vertices from vertex binding 0's offset to that
 * buffer's position (false: the buffer is not a stream-output one). */
bool vkx_draw_auto(struct vkx_ctx *ctx, struct vkx_pipeline *p);
/* The position a stream-output buffer's last output stopped at, once the
 * work recorded so far is done (waits). */
bool vkx_so_position(struct vkx_ctx *ctx, struct vkx_buffer *b, uint32_t *pos);
/* Fences of event queries: the fence retires with the work recorded so far;
 * vkx_fence_done answers the highest retired one, without waiting. */
bool vkx_fence_mark(struct vkx_ctx *ctx, uint64_t fence);
uint64_t vkx_fence_done(struct vkx_ctx *ctx);

/* Timelines: D3D11's fences, one timeline semaphore each, shared by the
 * contexts that hold it (references).  A context's signal goes with a
 * submission of the work recorded so far; a context's wait makes its next
 * submission wait for the value, and must follow a submitted signal of
 * that value (vkx_timeline_wait_submitted), so that no submission waits
 * for a later one on the same queue.  Signals at or under a value already
 * submitted are dropped (timeline values only rise). */
struct vkx_timeline;
struct vkx_timeline *vkx_timeline_create(struct vkx_device *dev, uint64_t initial,
                                         const char *name);
void vkx_timeline_ref(struct vkx_timeline *t);
void vkx_timeline_unref(struct vkx_timeline *t);
/* The value the GPU has reached. */
uint64_t vkx_timeline_value(struct vkx_timeline *t);
/* Waits up to timeout_ns for the GPU to reach value (true: reached). */
bool vkx_timeline_wait(struct vkx_timeline *t, uint64_t value, uint64_t timeout_ns);
/* Waits up to timeout_ns for a signal of at least value to be submitted
 * (true: one is, or the creation's value is at least that). */
bool vkx_timeline_wait_submitted(struct vkx_timeline *t, uint64_t value, uint64_t timeout_ns);
bool vkx_ctx_signal(struct vkx_ctx *ctx, struct vkx_timeline *t, uint64_t value);
bool vkx_ctx_wait(struct vkx_ctx *ctx, struct vkx_timeline *t, uint64_t value);

/* PNG writing (png.c): rows of BGRA or BGRX texels. */
bool vkx_write_png(const char *path, const uint8_t *bgra, uint32_t width,
                   uint32_t height, uint32_t row_pitch, bool has_alpha);

#endif
