/* The stream transport: records and their stage bytes framed over a socket
 * (unix or TCP).  The client writes records into a linear buffer and stage
 * bytes into a linear stage buffer; a flush sends the new stage bytes first
 * (STAGE frames at their offsets) and then the records (one CMD frame).  The
 * server keeps a mirror of the stage ring and handles each CMD frame whole
 * before it reads the next frame, so a later STAGE frame never overwrites
 * bytes a pending record still needs.
 *
 * The client's sends are a thread's of their own: a flush hands the
 * records (one of two command buffers) and the new stage range to the
 * sender and the API thread goes on in the other buffer; it waits only when
 * the sender still has the previous flush, or before the stage ring wraps
 * (the sender may still be reading the bytes it would overwrite). */
#include "transport/transport_private.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STREAM_CMD_BUFFER (256u << 10)

static bool send_frame(int fd, const struct stream_frame *f, const void *a,
                       size_t a_size, const void *b, size_t b_size)
{
    struct sock_buf bufs[3] = {{f, sizeof(*f)}, {a, a_size}, {b, b_size}};
    return sock_send_bufs(fd, bufs, 3);
}

/* ------------------------------------------------------------------ client */

struct stream_client {
    struct transport_client base;
    int sock;
    uint8_t *cmd;      /* the buffer the API thread writes records into */
    uint8_t *cmd_buf[2];
    uint32_t cmd_cap;
    /* The sender: one flush at a time, under lock. */
    pthread_t sender;
    bool has_sender;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool job_busy, stop, send_failed;
    const uint8_t *job_cmd;
    size_t job_cmd_bytes;
    uint32_t job_stage_from, job_stage_to;
    uint8_t *stage;
    uint32_t stage_size, stage_sent; /* allocated: base.stage_off */
    uint32_t stage_used; /* the part in use (populated); it doubles */
    uint64_t reply_done;
    struct wire_reply reply;
    uint64_t presents_done;
};

static void sc_lost(struct stream_client *sc, const char *why)
{
    if (!sc->base.lost) {
        sc->base.lost = true;
        snprintf(sc->base.lost_reason, sizeof(sc->base.lost_reason), "%s", why);
    }
}

/* Reads and handles one frame from the server; timeout_ms < 0 blocks. */
static bool sc_pump(struct stream_client *sc, int timeout_ms)
{
    struct transport_client *tc = &sc->base;
    struct stream_frame f;

    if (tc->lost)
        return false;
    if (!sock_wait_readable(sc->sock, timeout_ms))
        return timeout_ms >= 0;
    if (!sock_recv_all(sc->sock, &f, sizeof(f), 10000)) {
        sc_lost(sc, "the server closed the session");
        return false;
    }
    switch (f.type) {
    case STREAM_REPLY:
        if (f.size < sizeof(struct wire_reply) ||
            f.size - sizeof(struct wire_reply) > sc->stage_size ||
            f.arg > sc->stage_size - (f.size - sizeof(struct wire_reply)) ||
            !sock_recv_all(sc->sock, &sc->reply, sizeof(sc->reply), 10000) ||
            !sock_recv_all(sc->sock, sc->stage + f.arg,
                           f.size - sizeof(struct wire_reply), 10000)) {
            sc_lost(sc, "bad reply frame from the server");
            return false;
        }
        sc->reply_done = sc->reply.seq;
        return true;
    case STREAM_EVENT: {
        struct wire_event ev;
        if (f.size != sizeof(ev) ||
            !sock_recv_all(sc->sock, &ev, sizeof(ev), 10000)) {
            sc_lost(sc, "bad event frame from the server");
            return false;
        }
        ev.reason[sizeof(ev.reason) - 1] = 0;
        tc->last_event = ev;
        tc->events_seen++;
        NR_WARN(TRANSPORT, "server: %s in %s (record %llu): %s",
                ev.kind == WIRE_EVENT_FATAL ? "fatal error" : "error",
                wire_op_name(ev.op), (unsigned long long)ev.record_index,
                ev.reason);
        if (ev.kind == WIRE_EVENT_FATAL)
            sc_lost(sc, ev.reason);
        return true;
    }
    case STREAM_PRESENT_DONE:
        if (f.size) {
            sc_lost(sc, "bad present frame from the server");
            return false;
        }
        sc->presents_done = f.arg64;
        return true;
    default:
        sc_lost(sc, "unknown frame from the server");
        return false;
    }
}

/* Sends one flush: the new stage bytes first, then the records. */
static bool send_job(int sock, const uint8_t *stage, uint32_t from, uint32_t to,
                     const uint8_t *cmd, size_t cmd_bytes)
{
    if (to > from) {
        struct stream_frame f = {STREAM_STAGE, to - from, from, 0, 0};
        if (!send_frame(sock, &f, stage + from, f.size, NULL, 0))
            return false;
    }
    if (cmd_bytes) {
        struct stream_frame f = {STREAM_CMD, (uint32_t)cmd_bytes, 0, 0, 0};
        if (!send_frame(sock, &f, cmd, cmd_bytes, NULL, 0))
            return false;
    }
    return true;
}

static void *sender_thread(void *arg)
{
    struct stream_client *sc = arg;
    pthread_mutex_lock(&sc->lock);
    for (;;) {
        while (!sc->job_busy && !sc->stop)
            pthread_cond_wait(&sc->cond, &sc->lock);
        if (!sc->job_busy)
            break; /* stopped with nothing left to send */
        pthread_mutex_unlock(&sc->lock);
        bool ok = send_job(sc->sock, sc->stage, sc->job_stage_from, sc->job_stage_to,
                           sc->job_cmd, sc->job_cmd_bytes);
        pthread_mutex_lock(&sc->lock);
        if (!ok)
            sc->send_failed = true;
        sc->job_busy = false;
        pthread_cond_broadcast(&sc->cond);
    }
    pthread_mutex_unlock(&sc->lock);
    return NULL;
}

/* Waits until the sender has sent everything handed to it. */
static bool sc_drain(struct stream_client *sc)
{
    bool failed;
    if (!sc->has_sender)
        return !sc->base.lost;
    pthread_mutex_lock(&sc->lock);
    while (sc->job_busy)
        pthread_cond_wait(&sc->cond, &sc->lock);
    failed = sc->send_failed;
    pthread_mutex_unlock(&sc->lock);
    if (failed)
        sc_lost(sc, "the server closed the session");
    return !sc->base.lost;
}

static bool sc_send_pending(struct stream_client *sc)
{
    struct transport_client *tc = &sc->base;
    size_t cmd_bytes = (size_t)(tc->w.cur - sc->cmd);

    if (tc->lost)
        return false;
    tc->w.sent++; /* what is written leaves: no amending (wire_draw_run) */
    if (cmd_bytes || tc->stage_off > sc->stage_sent) {
        if (!sc->has_sender) {
            if (!send_job(sc->sock, sc->stage, sc->stage_sent, tc->stage_off, sc->cmd,
                          cmd_bytes)) {
                sc_lost(sc, "the server closed the session");
                return false;
            }
        } else {
            /* The previous flush has gone (or goes) first: one at a time,
             * in order. */
            if (!sc_drain(sc))
                return false;
            pthread_mutex_lock(&sc->lock);
            sc->job_cmd = sc->cmd;
            sc->job_cmd_bytes = cmd_bytes;
            sc->job_stage_from = sc->stage_sent;
            sc->job_stage_to = tc->stage_off;
            sc->job_busy = true;
            pthread_cond_broadcast(&sc->cond);
            pthread_mutex_unlock(&sc->lock);
            sc->cmd = sc->cmd == sc->cmd_buf[0] ? sc->cmd_buf[1] : sc->cmd_buf[0];
        }
        sc->stage_sent = tc->stage_off;
        if (cmd_bytes)
            tc->stats.flushes++;
    }
    tc->w.cur = sc->cmd;
    tc->w.end = sc->cmd + sc->cmd_cap;
    /* Take in what the server said meanwhile (events, present completions)
     * so its sends never block on us. */
    while (sc_pump(sc, 0) && !tc->lost)
        if (!sock_wait_readable(sc->sock, 0))
            break;
    return !tc->lost;
}

static bool sc_cmd_refill(struct transport_client *tc, uint32_t need)
{
    struct stream_client *sc = (struct stream_client *)tc;
    if (need > sc->cmd_cap)
        return false;
    return sc_send_pending(sc);
}

static bool sc_refill_thunk(struct wire_writer *w, uint32_t need)
{
    struct transport_client *tc = (struct transport_client *)w;
    return tc->ops->cmd_refill(tc, need);
}

static bool sc_sender_busy(struct stream_client *sc)
{
    bool busy;
    if (!sc->has_sender)
        return false;
    pthread_mutex_lock(&sc->lock);
    busy = sc->job_busy;
    pthread_mutex_unlock(&sc->lock);
    return busy;
}

/* Doubles the part of the stage buffer in use, populated in one call; the
 * bytes already there stay where they are. */
static void sc_stage_grow(struct stream_client *sc)
{
    transport_prefault(sc->stage + sc->stage_used, sc->stage_used);
    sc->stage_used *= 2;
    sc->base.stage_end = sc->stage_used;
    sc->base.stats.stage_in_use = sc->stage_used;
    sc->base.stats.stage_grows++;
}

static bool sc_stage_alloc(struct transport_client *tc, uint32_t size,
                           uint32_t *offset, void **ptr)
{
    struct stream_client *sc = (struct stream_client *)tc;

    if (tc->lost)
        return false;
    if (size > sc->stage_size / 2) {
        NR_ERR(TRANSPORT, "a stage allocation of %u bytes exceeds half of the %u-byte stage ring",
                     size, sc->stage_size);
        return false;
    }
    size = NR_ALIGN(size, 16u);
    while (size > sc->stage_used / 2)
        sc_stage_grow(sc);
    /* At the end of the part in use, a sender still busy with an earlier
     * flush would make the wrap below wait for it: grow instead. */
    if (sc->stage_used - tc->stage_off < size && sc->stage_used < sc->stage_size &&
        sc_sender_busy(sc))
        sc_stage_grow(sc);
    if (sc->stage_used - tc->stage_off < size) {
        /* Everything that names the old bytes goes out first, and the
         * sender has read them before they are written again. */
        if (!sc_send_pending(sc) || !sc_drain(sc))
            return false;
        tc->stage_off = sc->stage_sent = 0;
    }
    *offset = tc->stage_off;
    *ptr = sc->stage + tc->stage_off;
    tc->stage_off += size;
    return true;
}

/* Reply space is never sent: what precedes it goes out now, and the sent
 * mark moves past it (the reply brings its bytes back). */
static bool sc_stage_reserve(struct transport_client *tc, uint32_t size,
                             uint32_t *offset, void **ptr)
{
    struct stream_client *sc = (struct stream_client *)tc;

    if (tc->stage_off > sc->stage_sent && !sc_send_pending(sc))
        return false;
    if (!sc_stage_alloc(tc, size, offset, ptr))
        return false;
    sc->stage_sent = tc->stage_off;
    return true;
}

static bool sc_flush(struct transport_client *tc)
{
    return sc_send_pending((struct stream_client *)tc);
}

static bool sc_wait_reply(struct transport_client *tc, uint64_t seq,
                          struct wire_reply *out)
{
    struct stream_client *sc = (struct stream_client *)tc;
    if (!sc_send_pending(sc))
        return false;
    if (sc->reply_done < seq)
        tc->stats.waits[WIRE_WAIT_REPLY]++;
    while (sc->reply_done < seq)
        if (!sc_pump(sc, 1000) && tc->lost)
            return false;
    *out = sc->reply;
    return out->seq == seq;
}

static bool sc_wait_presents(struct transport_client *tc, uint64_t frame)
{
    struct stream_client *sc = (struct stream_client *)tc;
    if (!sc_send_pending(sc))
        return false;
    if (sc->presents_done < frame)
        tc->stats.waits[WIRE_WAIT_PRESENT]++;
    while (sc->presents_done < frame)
        if (!sc_pump(sc, 1000) && tc->lost)
            return false;
    return true;
}

static void sc_destroy(struct transport_client *tc)
{
    struct stream_client *sc = (struct stream_client *)tc;
    if (!tc->lost)
        sc_send_pending(sc);
    if (sc->has_sender) {
        pthread_mutex_lock(&sc->lock);
        sc->stop = true;
        pthread_cond_broadcast(&sc->cond);
        pthread_mutex_unlock(&sc->lock);
        pthread_join(sc->sender, NULL); /* after what was handed to it */
        pthread_mutex_destroy(&sc->lock);
        pthread_cond_destroy(&sc->cond);
    }
    sock_close(sc->sock);
    free(sc->cmd_buf[0]);
    free(sc->cmd_buf[1]);
    free(sc->stage);
    free(sc);
}

static const struct transport_client_ops stream_client_ops = {
    sc_cmd_refill, sc_stage_alloc, sc_stage_reserve, sc_flush, sc_wait_reply, sc_wait_presents,
    sc_destroy,
};

struct transport_client *stream_client_create(int sock, const char *kind_name,
                                              uint32_t stage_size)
{
    struct stream_client *sc = calloc(1, sizeof(*sc));
    if (!sc)
        return NULL;
    sc->sock = sock;
    sc->cmd_cap = STREAM_CMD_BUFFER;
    sc->cmd_buf[0] = malloc(sc->cmd_cap);
    sc->cmd_buf[1] = malloc(sc->cmd_cap);
    sc->cmd = sc->cmd_buf[0];
    sc->stage_size = stage_size;
    sc->stage_used = transport_initial_stage(stage_size);
    sc->stage = malloc(stage_size);
    if (sc->stage)
        transport_prefault(sc->stage, sc->stage_used);
    if (!sc->cmd_buf[0] || !sc->cmd_buf[1] || !sc->stage) {
        free(sc->cmd_buf[0]);
        free(sc->cmd_buf[1]);
        free(sc->stage);
        free(sc);
        return NULL;
    }
    pthread_mutex_init(&sc->lock, NULL);
    pthread_cond_init(&sc->cond, NULL);
    /* Without a thread the API thread sends itself (as before). */
    sc->has_sender = pthread_create(&sc->sender, NULL, sender_thread, sc) == 0;
    if (!sc->has_sender) {
        pthread_mutex_destroy(&sc->lock);
        pthread_cond_destroy(&sc->cond);
    }
    sc->base.ops = &stream_client_ops;
    sc->base.stage_base = sc->stage;
    sc->base.stage_off = 0;
    sc->base.stage_end = sc->stage_used;
    sc->base.stats.stage_in_use = sc->stage_used;
    sc->base.kind_name = kind_name;
    sc->base.w.cur = sc->cmd;
    sc->base.w.end = sc->cmd + sc->cmd_cap;
    sc->base.w.refill = sc_refill_thunk;
    return &sc->base;
}

/* ------------------------------------------------------------ server end */

struct stream_end {
    struct transport_end base;
    int sock;
    uint8_t *cmd;
    size_t cmd_cap;
    /* Frames to the client are sent whole, one at a time: present credits
     * come from the server's present waiter, replies and events from the
     * decoding thread. */
    pthread_mutex_t send_lock;
};

static void se_send(struct stream_end *se, const struct stream_frame *f, const void *a,
                    size_t a_size, const void *b, size_t b_size)
{
    pthread_mutex_lock(&se->send_lock);
    send_frame(se->sock, f, a, a_size, b, b_size);
    pthread_mutex_unlock(&se->send_lock);
}

static bool se_next_span(struct transport_end *e, const uint8_t **data,
                         size_t *size, int timeout_ms)
{
    struct stream_end *se = (struct stream_end *)e;

    *size = 0;
    if (!sock_wait_readable(se->sock, timeout_ms))
        return true;
    for (;;) {
        struct stream_frame f;
        if (!sock_recv_all(se->sock, &f, sizeof(f), 10000))
            return false;
        switch (f.type) {
        case STREAM_STAGE:
            if (f.size > e->stage_size || f.arg > e->stage_size - f.size) {
                snprintf(e->violation, sizeof(e->violation),
                         "stage frame [%u, +%u) past the stage ring of %u bytes",
                         f.arg, f.size, e->stage_size);
                return true;
            }
            if (!sock_recv_all(se->sock, e->stage + f.arg, f.size, 10000))
                return false;
            continue; /* records follow their stage bytes */
        case STREAM_CMD:
            if (f.size > STREAM_MAX_CMD_FRAME) {
                snprintf(e->violation, sizeof(e->violation),
                         "command frame of %u bytes (limit %u)", f.size,
                         STREAM_MAX_CMD_FRAME);
                return true;
            }
            if (f.size > se->cmd_cap) {
                void *p2 = realloc(se->cmd, f.size);
                if (!p2) {
                    snprintf(e->violation, sizeof(e->violation),
                             "out of memory for a command frame");
                    return true;
                }
                se->cmd = p2;
                se->cmd_cap = f.size;
            }
            if (!sock_recv_all(se->sock, se->cmd, f.size, 10000))
                return false;
            *data = se->cmd;
            *size = f.size;
            return true;
        default:
            snprintf(e->violation, sizeof(e->violation),
                     "unknown frame type %u from the client", f.type);
            return true;
        }
    }
}

static void se_consumed(struct transport_end *e, size_t bytes)
{
    (void)e;
    (void)bytes; /* a CMD frame is handled whole; the next read reuses it */
}

static void se_reply(struct transport_end *e, const struct wire_reply *r,
                     uint32_t stage_offset, uint32_t stage_size)
{
    struct stream_end *se = (struct stream_end *)e;
    struct stream_frame f = {STREAM_REPLY,
                             (uint32_t)sizeof(*r) + stage_size, stage_offset, 0,
                             0};
    se_send(se, &f, r, sizeof(*r), e->stage + stage_offset, stage_size);
}

static void se_event(struct transport_end *e, const struct wire_event *ev)
{
    struct stream_end *se = (struct stream_end *)e;
    struct stream_frame f = {STREAM_EVENT, sizeof(*ev), 0, 0, 0};
    se_send(se, &f, ev, sizeof(*ev), NULL, 0);
}

static void se_present_done(struct transport_end *e, uint64_t frame)
{
    struct stream_end *se = (struct stream_end *)e;
    struct stream_frame f = {STREAM_PRESENT_DONE, 0, 0, 0, frame};
    se_send(se, &f, NULL, 0, NULL, 0);
}

static void se_destroy(struct transport_end *e)
{
    struct stream_end *se = (struct stream_end *)e;
    sock_close(se->sock);
    pthread_mutex_destroy(&se->send_lock);
    free(se->cmd);
    free(e->stage);
    free(se);
}

static const struct transport_end_ops stream_end_ops = {
    se_next_span, se_consumed, se_reply, se_event, se_present_done, se_destroy,
};

struct transport_end *stream_end_create(int sock, const struct wire_hello *hello)
{
    struct stream_end *se;

    if (hello->stage_ring_size < 4096 ||
        hello->stage_ring_size > TRANSPORT_MAX_STAGE_RING)
        return NULL;
    if (!(se = calloc(1, sizeof(*se))))
        return NULL;
    se->sock = sock;
    pthread_mutex_init(&se->send_lock, NULL);
    se->base.ops = &stream_end_ops;
    se->base.stage_size = hello->stage_ring_size;
    se->base.stage = calloc(1, hello->stage_ring_size);
    se->base.spans_may_split = false;
    se->base.hello = *hello;
    if (!se->base.stage) {
        free(se);
        return NULL;
    }
    return &se->base;
}
