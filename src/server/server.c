/* The server: one Vulkan device, any number of client contexts, each on a
 * thread of its own. */
#define _GNU_SOURCE
#include "server/server_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct server *server_create(char *reason, size_t reason_size)
{
    struct server *s = calloc(1, sizeof(*s));
    const char *dump = getenv("NEREID_DUMP");

    if (!s) {
        snprintf(reason, reason_size, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->cond, NULL);
    pthread_cond_init(&s->share_cond, NULL);
    s->max_sessions = (uint32_t)nr_env_int("NEREID_MAX_SESSIONS", 64, 1, 4096);
    s->fence_wait_ms = (uint32_t)nr_env_int("NEREID_FENCE_WAIT_MS", 30000, 1, 86400000);
    s->memory_budget = (uint64_t)nr_env_int("NEREID_SERVER_MEMORY_MB", 16384, 64, 1 << 24) << 20;
    if (dump && *dump)
        snprintf(s->dump_dir, sizeof(s->dump_dir), "%s", dump);
    if (!(s->shaders = server_shaders_create()) ||
        !(s->pipelines = server_pipelines_create()) ||
        !(s->dev = vkx_device_create(reason, reason_size))) {
        if (!s->shaders || !s->pipelines)
            snprintf(reason, reason_size, "out of memory");
        free(s->pipelines);
        server_shaders_destroy(s->shaders);
        pthread_mutex_destroy(&s->lock);
        pthread_cond_destroy(&s->cond);
        pthread_cond_destroy(&s->share_cond);
        free(s);
        return NULL;
    }
    server_shaders_set_texture_table(s->shaders, vkx_device_texture_table(s->dev));
    server_pipelines_prewarm(s->pipelines, s);
    return s;
}

const char *server_device_name(struct server *s)
{
    return vkx_device_name(s->dev);
}

uint32_t server_live_contexts(struct server *s)
{
    pthread_mutex_lock(&s->lock);
    uint32_t n = s->live;
    pthread_mutex_unlock(&s->lock);
    return n;
}

void server_destroy(struct server *s, int timeout_ms)
{
    struct timespec ts;

    if (!s)
        return;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += timeout_ms / 1000;
    ts.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&s->lock);
    s->stopping = true;
    pthread_cond_broadcast(&s->share_cond);
    while (s->live && pthread_cond_timedwait(&s->cond, &s->lock, &ts) == 0)
        ;
    if (s->live) {
        /* Contexts still running use the device: leave it to process exit. */
        NR_WARN(SERVER, "%u contexts still running at shutdown", s->live);
        pthread_mutex_unlock(&s->lock);
        return;
    }
    pthread_mutex_unlock(&s->lock);
    vkx_device_wait_idle(s->dev);
    server_pipelines_destroy(s->pipelines, s->dev);
    vkx_device_destroy(s->dev);
    server_shaders_destroy(s->shaders);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->cond);
    pthread_cond_destroy(&s->share_cond);
    free(s->shares);
    free(s->fence_shares);
    free(s);
}

struct context_start {
    struct server_context *ctx;
    void (*on_exit)(struct server *s);
};

static void *context_thread(void *arg)
{
    struct context_start st = *(struct context_start *)arg;
    struct server *s = st.ctx->server;
    struct transport_end *end = st.ctx->end;

    free(arg);
    server_context_run(st.ctx);
    pthread_mutex_lock(&s->lock);
    s->live--;
    pthread_cond_broadcast(&s->cond);
    pthread_mutex_unlock(&s->lock);
    if (st.on_exit)
        st.on_exit(s);
    /* Last: for inproc this tells the client that everything is released. */
    end->ops->destroy(end);
    return NULL;
}

static bool start_context(struct server *s, struct transport_end *end,
                          struct wire_welcome *welcome,
                          void (*on_exit)(struct server *s))
{
    struct context_start *st = malloc(sizeof(*st));
    pthread_t thread;
    uint32_t id;

    pthread_mutex_lock(&s->lock);
    if (s->stopping) {
        pthread_mutex_unlock(&s->lock);
        free(st);
        welcome->status = WIRE_ERR_DEVICE_LOST;
        snprintf(welcome->reason, sizeof(welcome->reason),
                 "the server is shutting down");
        return false;
    }
    /* N connections must not get N quotas without end. */
    if (s->live >= s->max_sessions) {
        pthread_mutex_unlock(&s->lock);
        free(st);
        welcome->status = WIRE_ERR_OUT_OF_MEMORY;
        snprintf(welcome->reason, sizeof(welcome->reason),
                 "the server has its %u sessions (NEREID_MAX_SESSIONS)", s->max_sessions);
        NR_WARN(SERVER, "session refused: %u sessions already", s->max_sessions);
        return false;
    }
    id = ++s->next_context_id;
    s->live++;
    pthread_mutex_unlock(&s->lock);

    if (!st || !(st->ctx = server_context_create(s, end, id))) {
        free(st);
        welcome->status = WIRE_ERR_OUT_OF_MEMORY;
        snprintf(welcome->reason, sizeof(welcome->reason),
                 "cannot create a context (out of memory, or the server's memory budget)");
        goto fail;
    }
    st->on_exit = on_exit;
    welcome->magic = WIRE_MAGIC;
    welcome->version = WIRE_PROTOCOL_VERSION;
    welcome->fingerprint = wire_fingerprint();
    welcome->status = WIRE_OK;
    welcome->context_id = id;
    vkx_device_caps(s->dev, &welcome->caps);
    welcome->caps.features |= WIRE_DEVFEAT_DXBC; /* server/dxbc.c, always built */
    if (pthread_create(&thread, NULL, context_thread, st)) {
        struct server_context *ctx = st->ctx;
        free(st);
        ctx->end = end;
        welcome->status = WIRE_ERR_OUT_OF_MEMORY;
        snprintf(welcome->reason, sizeof(welcome->reason), "cannot start a thread");
        /* Free the context without running it: no record was read. */
        server_context_free(ctx);
        goto fail;
    }
    pthread_detach(thread);
    return true;
fail:
    pthread_mutex_lock(&s->lock);
    s->live--;
    pthread_cond_broadcast(&s->cond);
    pthread_mutex_unlock(&s->lock);
    return false;
}

bool server_accept(void *server, struct transport_end *end,
                   struct wire_welcome *welcome)
{
    return start_context(server, end, welcome, NULL);
}

/* ------------------------------------------------------------------ inproc */

static pthread_mutex_t inproc_lock = PTHREAD_MUTEX_INITIALIZER;
static struct server *inproc_server;
static uint32_t inproc_users;

static void inproc_context_exit(struct server *s)
{
    bool last;
    pthread_mutex_lock(&inproc_lock);
    last = --inproc_users == 0 && inproc_server == s;
    if (last)
        inproc_server = NULL;
    pthread_mutex_unlock(&inproc_lock);
    if (last)
        server_destroy(s, 0);
}

static bool inproc_attach(struct transport_end *end, struct wire_welcome *welcome)
{
    struct server *s;
    char reason[256];

    pthread_mutex_lock(&inproc_lock);
    if (!inproc_server && !(inproc_server = server_create(reason, sizeof(reason)))) {
        pthread_mutex_unlock(&inproc_lock);
        welcome->magic = WIRE_MAGIC;
        welcome->status = WIRE_ERR_UNSUPPORTED;
        snprintf(welcome->reason, sizeof(welcome->reason), "%.127s", reason);
        end->ops->destroy(end);
        return false;
    }
    s = inproc_server;
    inproc_users++;
    pthread_mutex_unlock(&inproc_lock);
    if (!start_context(s, end, welcome, inproc_context_exit)) {
        end->ops->destroy(end);
        inproc_context_exit(s);
        return false;
    }
    return true;
}

static struct transport_inproc_host inproc_host = {inproc_attach, 0};

void server_register_inproc_host(void)
{
    inproc_host.fingerprint = wire_fingerprint();
    transport_set_inproc_host(&inproc_host);
}
