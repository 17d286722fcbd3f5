#ifndef NEREID_SERVER_PRIVATE_H
#define NEREID_SERVER_PRIVATE_H

#include "server/server.h"
#include "vk/vkx.h"

#include <pthread.h>

struct server_shaders;

struct server {
    struct vkx_device *dev;
    struct server_shaders *shaders; /* every context's modules (shaders.c) */
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
                                             uint32_t **words, size_t *count, char *err,
                                             size_t err_size);
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
