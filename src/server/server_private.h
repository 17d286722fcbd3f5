#ifndef NEREID_SERVER_PRIVATE_H
#define NEREID_SERVER_PRIVATE_H

#include "server/server.h"
#include "vk/vkx.h"

#include <pthread.h>

struct server_shaders;
struct server_pipelines;

struct server {
    struct vkx_device *dev;
    struct server_shaders *shaders; /* every context's modules (shaders.c) */
    struct server_pipelines *pipelines; /* every context's pipelines (pipelines.c) */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    uint32_t next_context_id;
    uint32_t live;
    uint32_t max_sessions; /* NEREID_MAX_SESSIONS, default 64 */
    /* How long a FENCE_WAIT waits for its signal to be submitted before
     * the context is cut off (NEREID_FENCE_WAIT_MS, default 30 s). */
    uint32_t fence_wait_ms;
    /* Memory every context together may hold (NEREID_SERVER_MEMORY_MB);
     * under lock. */
    uint64_t memory_bytes, memory_budget;
    bool stopping;
    char dump_dir[512];
    /* Shared textures (shares.c), under lock; share_cond: a key released. */
    struct server_share *shares;
    size_t share_count, share_cap;
    pthread_cond_t share_cond;
    /* Shared fences (shares.c), under lock. */
    struct server_fence_share *fence_shares;
    size_t fence_share_count, fence_share_cap;
};

#include "server/handles.h"

/* A vertex module, and per stream a geometry module and a capture pass's
 * vertex module. */
#define BLOCK_MAX_MODULES (1 + 2 * 4)

struct server_block {
    struct vkx_pipeline *pipeline;
    bool shared; /* the pipeline is the server's (pipelines.c), not the block's */
    /* A geometry or stream-output stage, or nothing rasterized: drawn by
     * the records of vertex buffers only (no DRAW_UP). */
    bool so_or_gs;
    /* The modules made for the block alone (block_module), destroyed
     * with it: stream output of the vertex stage (the vertex program made
     * again with its outputs captured); each other stream of a geometry
     * program of several; emulated stream output's capture modules
     * (shader/so_emu.h). */
    struct vkx_shader *modules[BLOCK_MAX_MODULES];
    uint32_t module_count;
    uint32_t reads; /* bit per vertex binding its attributes read */
    /* Per binding: what its buffer's offset and stride must be multiples
     * of, less one (its attributes' wire_format_vertex_align). */
    uint8_t vb_align_mask[WIRE_MAX_VERTEX_BINDINGS];
    /* The targets' write masks, four bits each (vkx_pack_write_masks). */
    uint32_t write_masks;
    struct wire_create_state_block desc;
};

struct server_context {
    struct server *server;
    struct transport_end *end;
    struct vkx_ctx *vk;
    uint32_t id;
    struct wire_decoder dec;
    struct handle_table tables[WIRE_OBJ_KIND_COUNT];
    uint64_t reply_seq;
    uint64_t presents;
    uint64_t memory_bytes, memory_quota;
    bool dirty; /* recorded work not yet submitted */
    uint64_t busy_ns, span_start_ns;
    uint64_t wait_ns; /* of busy_ns: waiting for the GPU (present, read-back) */
    /* Bound state the draw checks need. */
    struct vkx_buffer *vb[WIRE_MAX_VERTEX_BINDINGS];
    uint64_t vb_offset[WIRE_MAX_VERTEX_BINDINGS];
    uint32_t vb_stride[WIRE_MAX_VERTEX_BINDINGS];
    struct vkx_buffer *ib;
    uint64_t ib_offset;
    uint32_t ib_size;
    /* Headless frames retire off the decoding thread: a thread of the
     * context's waits for each one's timeline value and answers its
     * present credit, in order (context.c, present_retired). */
    struct present_waiter {
        pthread_mutex_t lock;
        pthread_cond_t cond;
        pthread_t thread;
        bool started, stop;
        bool failed; /* a frame did not retire in time: the context fails */
        struct {
            uint64_t frame, value;
        } q[8];
        unsigned first, count;
    } waiter;
};

/* shaders.c: the modules the server generates from DXSO and fixed-function
 * keys, cached in memory and in NEREID_SHADER_CACHE. */
enum server_shader_result {
    SERVER_SHADER_OK,
    SERVER_SHADER_MALFORMED, /* not a shader: the client's error */
    SERVER_SHADER_REFUSED,   /* well formed, but the translator cannot make it */
    SERVER_SHADER_NO_MEMORY,
};
struct server_shaders *server_shaders_create(void);
void server_shaders_destroy(struct server_shaders *c);
/* D3D9's modules (DXSO and fixed function) read samplers through the
 * texture table from now on (binding.h's set 2); set once, at start. */
void server_shaders_set_texture_table(struct server_shaders *c, bool on);
/* The module of a source, a copy the caller frees; err says why not. */
enum server_shader_result server_shaders_get(struct server_shaders *c,
                                             enum wire_shader_stage stage,
                                             enum wire_shader_source source,
                                             const void *bytes, uint32_t size,
                                             const struct wire_shader_options *o,
                                             uint32_t **words, size_t *count,
                                             uint64_t *key, char *err, size_t err_size);
/* dxbc.c: a DXBC vertex or pixel program to SPIR-V of the binding model
 * (vkd3d-shader); false with *refused when the program is well formed but
 * cannot be placed or translated. */
bool server_dxbc_to_spirv(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                          uint32_t **words, size_t *count, bool *refused, char *err,
                          size_t err_size);
/* The layout of a stream-output shader's writes (CREATE_SO_SHADER),
 * checked by server_so_check against the program's output signature. */
struct server_so_layout {
    uint32_t entry_count;
    struct wire_so_entry entries[WIRE_MAX_SO_ENTRIES];
    uint32_t strides[WIRE_MAX_SO_TARGETS];
    /* The device's, for the outputs the captures add: output locations of
     * the vertex and geometry stages (the fewer), and the components of a
     * geometry program's vertices together. */
    uint32_t max_output_locations, max_gs_total_components;
    /* The stream a translation captures: a geometry program of several
     * streams is translated as that stream's program alone, capturing its
     * entries (dxbc_stream_program). */
    uint32_t stream;
};
/* What the server keeps with a shader (vkx_shader_set_blob): a DXBC
 * vertex program (for stream output of the vertex stage), or a
 * stream-output shader's program and layout. */
struct shader_blob {
    uint32_t size; /* the DXBC's bytes */
    uint64_t charged; /* bytes charged to the context beyond the module */
    bool so;       /* a stream-output shader: layout holds its entries */
    bool so_refused; /* ... which the translator cannot make: its draws are dropped */
    /* The layout; its stream the program's drawn by the shader's own
     * module (wire_create_so_shader.rasterized says which). */
    struct server_so_layout layout;
    uint32_t captured; /* the streams its entries name, a bit each */
    uint8_t dxbc[];
};
/* False with the validator's reason where a module vkd3d-shader made is
 * not valid SPIR-V (server/spirv_check.c; true where built without
 * SPIRV-Tools). */
bool server_spirv_check(const uint32_t *words, size_t count, char *err, size_t err_size);
/* The DXBC translation every server_dxbc_* and server_so_capture call
 * makes (vkd3d-shader, then our rewrites), in this process; and the same
 * in the translator process (server/translator.c) where
 * server_translator_enable named its executable (*handled false where
 * not: translate here). */
bool server_translate_here(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                           const struct server_so_layout *so, bool dual, uint32_t **words,
                           size_t *count, bool *refused, char *err, size_t err_size);
/* The calling thread's helper's process id, 0 while it has none (for
 * tests). */
int server_translator_pid(void);
bool server_translate_isolated(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                               const struct server_so_layout *so, bool dual, uint32_t **words,
                               size_t *count, bool *refused, char *err, size_t err_size,
                               bool *handled);
/* False with a reason when the layout does not fit the program's outputs
 * or a stride is past max_stride (malformed: the client checks as D3D11
 * does, and the caps' max_so_stride); *refused for what fits D3D11 but
 * not the translator yet. */
bool server_so_check(const void *bytes, uint32_t size, const struct server_so_layout *so,
                     uint32_t max_stride, bool *refused, char *err, size_t err_size);
/* server_dxbc_to_spirv with the outputs of the layout captured (transform
 * feedback decorations); so NULL: none. */
bool server_dxbc_to_spirv_so(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                             const struct server_so_layout *so, uint32_t **words,
                             size_t *count, bool *refused, char *err, size_t err_size);
/* Emulated stream output (shader/so_emu.h): the geometry module that
 * stores what layout so captures of a program of `stage` (a vertex
 * program's, drawn as `topology`), and what the emulation needs to know
 * of it. */
struct so_emu_info;
bool server_so_capture(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                       const struct server_so_layout *so, uint32_t topology, uint32_t **words,
                       size_t *count, struct so_emu_info *info, bool *refused, char *err,
                       size_t err_size);
/* The vertex program made for a capture pass (its SV_InstanceID counted
 * from the scratch's first instance); false (refused) where it reads no
 * instance id, and the program as it is serves. */
bool server_so_capture_vertex(const void *bytes, uint32_t size, uint32_t **words, size_t *count,
                              bool *refused, char *err, size_t err_size);
/* A vertex module for drawing points without a geometry stage: PointSize
 * 1.0 written (Vulkan asks for it; D3D10+ points are a pixel); *changed
 * false where the module writes it already. */
bool server_spirv_point_size(uint32_t **words, size_t *count, bool *changed, char *err,
                             size_t err_size);
/* A DXBC pixel program for dual-source blending: its o1 is location 0's
 * second source (index 1), as vkd3d-shader's dual_source_blending makes
 * it. */
bool server_dxbc_to_spirv_dual(const void *bytes, uint32_t size, uint32_t **words,
                               size_t *count, bool *refused, char *err, size_t err_size);
/* A DXBC pixel program whose outputs at the locations of mask (a bit per
 * location) carry their alpha in every component: the outputs of A8
 * targets, stored as R8 (refused where such an output is not a float4). */
bool server_dxbc_to_spirv_alpha(const void *bytes, uint32_t size, uint32_t mask,
                                uint32_t **words, size_t *count, bool *refused, char *err,
                                size_t err_size);
/* The module a key names (memory, else the disk cache), a copy. */
bool server_shaders_load(struct server_shaders *c, uint64_t key, uint32_t **words,
                         size_t *count);

/* pipelines.c: pipelines shared by every context of the server, found by
 * their state block (handles left out) and their shaders' sources; their
 * recipes are kept in NEREID_SHADER_CACHE and the pipelines made again
 * when the next server starts (prewarm), so a second run compiles none at
 * its first draws. */
struct server_pipelines;
struct server_pipelines *server_pipelines_create(void);
/* Makes the pipelines of the saved recipes (the device must be there). */
void server_pipelines_prewarm(struct server_pipelines *sp, struct server *s);
/* Saves the recipes, then destroys every pipeline (the device is idle). */
void server_pipelines_destroy(struct server_pipelines *sp, struct vkx_device *dev);
struct vkx_pipeline *server_pipelines_find(struct server_pipelines *sp,
                                           const struct wire_create_state_block *b,
                                           uint64_t vs_key, uint64_t fs_key);
/* Keeps p for every context (true), or leaves it to the caller (false:
 * full, or another context made the same one meanwhile). */
bool server_pipelines_add(struct server_pipelines *sp, const struct wire_create_state_block *b,
                          uint64_t vs_key, uint64_t fs_key, struct vkx_pipeline *p);
void server_shaders_stats(struct server_shaders *c, uint64_t *translations,
                          uint64_t *disk_hits);

/* shares.c: textures shared between contexts, by the ids clients open
 * them by, and their keyed mutexes (wire.h, SHARE_TEXTURE). */
struct server_share;
/* A new share of t (its creator's handle counts); 0: no memory, or t is
 * shared already. */
uint32_t server_share_add(struct server *s, struct vkx_texture *t, uint32_t flags,
                          const void *desc, uint32_t desc_size);
/* vk takes a handle to the texture of a share id: WIRE_OK with the
 * texture, its flags and description, WIRE_ERR_NOT_FOUND or
 * WIRE_ERR_UNSUPPORTED (held WIRE_MAX_SHARE_HOLDERS times). */
uint32_t server_share_open(struct server *s, struct vkx_ctx *vk, uint32_t id,
                           struct vkx_texture **out, uint32_t *flags,
                           uint8_t desc[WIRE_SHARE_DESC_BYTES], uint32_t *desc_size);
bool server_share_is_shared(struct server *s, const struct vkx_texture *t);
uint32_t server_share_flags(struct server *s, const struct vkx_texture *t);
/* A handle of context to t goes (a key it holds is abandoned). */
void server_share_drop(struct server *s, const struct vkx_texture *t, uint32_t context);
/* Waits until t's key is free with key and takes it for context: WIRE_OK,
 * WIRE_ERR_ABANDONED (taken), WIRE_ERR_TIMEOUT, WIRE_ERR_DEVICE_LOST (the
 * server stops). */
uint32_t server_share_acquire(struct server *s, const struct vkx_texture *t, uint32_t context,
                              uint64_t key, uint32_t timeout_ms);
bool server_share_holds(struct server *s, const struct vkx_texture *t, uint32_t context);
void server_share_release(struct server *s, const struct vkx_texture *t, uint64_t key);

/* Fences shared between contexts (wire.h, SHARE_FENCE): the share id of
 * t, made at the first call (0: no memory); the creator's handle counts. */
struct vkx_timeline;
uint32_t server_fence_share_add(struct server *s, struct vkx_timeline *t);
/* A new handle to the fence of a share id, with a reference on it (NULL:
 * no such share). */
struct vkx_timeline *server_fence_share_open(struct server *s, uint32_t id);
/* A handle to t goes (the share with the last one). */
void server_fence_share_drop(struct server *s, const struct vkx_timeline *t);

/* Share names (wire.h, NAME_SHARE): names the share of texture tex or
 * fence t (one of the two): WIRE_OK, WIRE_ERR_EXISTS (another share has
 * the name), WIRE_ERR_UNSUPPORTED (this one has another) or
 * WIRE_ERR_MALFORMED (the object is not shared). */
uint32_t server_share_name(struct server *s, const struct vkx_texture *tex,
                           const struct vkx_timeline *t, const uint16_t *name, uint32_t length);
/* The share id and object kind of a name: WIRE_OK or WIRE_ERR_NOT_FOUND. */
uint32_t server_share_find(struct server *s, const uint16_t *name, uint32_t length,
                           uint32_t *id, uint32_t *kind);

/* context.c */
struct server_context *server_context_create(struct server *s,
                                             struct transport_end *end,
                                             uint32_t id);
/* Runs until the client leaves or is cut off; then frees the context. */
void server_context_run(struct server_context *ctx);
/* Frees a context (and every object it still holds); not its end. */
void server_context_free(struct server_context *ctx);

#endif
