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
    /* Memory every context together may hold (NEREID_SERVER_MEMORY_MB);
     * under lock. */
    uint64_t memory_bytes, memory_budget;
    bool stopping;
    char dump_dir[512];
};

#include "server/handles.h"

struct server_block {
    struct vkx_pipeline *pipeline;
    bool shared; /* the pipeline is the server's (pipelines.c), not the block's */
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

/* context.c */
struct server_context *server_context_create(struct server *s,
                                             struct transport_end *end,
                                             uint32_t id);
/* Runs until the client leaves or is cut off; then frees the context. */
void server_context_run(struct server_context *ctx);
/* Frees a context (and every object it still holds); not its end. */
void server_context_free(struct server_context *ctx);

#endif
