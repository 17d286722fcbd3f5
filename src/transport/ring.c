/* The shared ring segment: the command ring, the stage ring, the event ring
 * and the control page, used by inproc (one process) and shm (memfd shared
 * with nereid-server).
 *
 * Doorbells: a side that finds nothing to do parks (sets *_parked, then
 * futex-waits on *_bell); the other side rings (bumps the bell and wakes)
 * only when it sees the peer parked.  The park/check/wait and the
 * publish/check/ring orders are both sequentially consistent, so a wake-up
 * is never lost: either the parker sees the new state or the publisher sees
 * the parker.
 *
 * How a parked side sleeps and is woken is the doorbell (struct ring_bells):
 *   futex   native shm and inproc: futex wait/wake on the bell word, which
 *           both processes map (shared futexes key on the page)
 *   socket  shm-tcp, whose client may be a Windows program under Wine: a
 *           futex cannot cross into Wine (its WaitOnAddress is in-process),
 *           so the waiter blocks in poll/select on the session socket and
 *           the ringer sends it one byte.  The byte only goes out when the
 *           peer is parked, as with the futex, so a busy pipeline costs no
 *           socket traffic.
 * The rest of this file only calls bells->wait and bells->wake.
 *
 * Stage retirement is exact and needs no extra traffic: the server finishes
 * reading (or, for read-backs, writing) a record's stage bytes before it
 * counts the record as consumed in cmd_tail, so the client frees stage space
 * by watching cmd_tail against marks (command position, stage position) it
 * takes at each publish. */
#define _GNU_SOURCE
#include "transport/transport_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32 /* d3d9.dll: the client of shm-tcp only */
#include <windows.h>
#else
#include <fcntl.h>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#define PAGE 4096u
#define PUBLISH_CHUNK (16u << 10)
#define MARK_COUNT 256u

#define LOAD(p) __atomic_load_n((p), __ATOMIC_SEQ_CST)
#define STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_SEQ_CST)
#define LOAD_ACQ(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define STORE_REL(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)

static bool is_pow2(uint32_t v) { return v && !(v & (v - 1)); }

bool ring_layout(uint32_t cmd_size, uint32_t stage_size, uint32_t event_slots,
                 struct ring_segment_layout *l)
{
    if (!is_pow2(cmd_size) || !is_pow2(stage_size) || cmd_size < PAGE ||
        stage_size < PAGE || stage_size > TRANSPORT_MAX_STAGE_RING ||
        cmd_size > (64u << 20) || event_slots != TRANSPORT_EVENT_SLOTS)
        return false;
    l->ctrl_off = 0;
    l->events_off = PAGE;
    l->cmd_off = NR_ALIGN(l->events_off + event_slots * sizeof(struct wire_event),
                          (size_t)PAGE);
    l->stage_off = l->cmd_off + cmd_size;
    l->total = l->stage_off + stage_size;
    return true;
}
_Static_assert(sizeof(struct transport_ctrl) <= PAGE, "control page");

void ring_segment_init(uint8_t *map, uint32_t cmd_size, uint32_t stage_size)
{
    struct transport_ctrl *ctrl = (struct transport_ctrl *)map;
    memset(ctrl, 0, sizeof(*ctrl));
    ctrl->cmd_size = cmd_size;
    ctrl->stage_size = stage_size;
    ctrl->event_slots = TRANSPORT_EVENT_SLOTS;
}

void transport_prefault(uint8_t *base, size_t size)
{
    /* The first touch of each of the ring's pages costs a page fault, and
     * without this the API thread paid them over the first hundred frames
     * (the stage ring is 64 MiB, a frame writes a few hundred KiB of it).
     * The kernel populates a range faster than a loop faults it (24 against
     * 54 ms for 65 MiB here); older kernels get the loop: a write per page,
     * of the byte that is there. */
#if defined(__linux__)
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
    uintptr_t start = (uintptr_t)base & ~(uintptr_t)4095;
    if (madvise((void *)start, size + ((uintptr_t)base - start), MADV_POPULATE_WRITE) == 0)
        return;
#endif
    for (size_t o = 0; o < size; o += 4096) {
        volatile uint8_t *p = base + o;
        *p = *p;
    }
}

static uint32_t initial_stage = TRANSPORT_INITIAL_STAGE;

uint32_t transport_initial_stage(uint32_t stage_size)
{
    return NR_MIN(stage_size, initial_stage);
}

void transport_set_initial_stage(uint32_t size)
{
    initial_stage = size ? size : TRANSPORT_INITIAL_STAGE;
}

#ifndef _WIN32
bool ring_segment_create(uint32_t cmd_size, uint32_t stage_size, int *fd_out,
                         uint8_t **map_out, size_t *size_out)
{
    struct ring_segment_layout l;
    uint8_t *map;
    int fd;

    if (!ring_layout(cmd_size, stage_size, TRANSPORT_EVENT_SLOTS, &l))
        return false;
    fd = memfd_create("nereid-rings", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0)
        return false;
    if (ftruncate(fd, (off_t)l.total) < 0 ||
        fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) < 0)
        goto fail;
    map = mmap(NULL, l.total, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED)
        goto fail;
    transport_prefault(map, l.stage_off + transport_initial_stage(stage_size));
    ring_segment_init(map, cmd_size, stage_size);
    *fd_out = fd;
    *map_out = map;
    *size_out = l.total;
    return true;
fail:
    close(fd);
    return false;
}
#endif

void ring_segment_unref(uint8_t *map, size_t size, int *shared_refs)
{
    if (shared_refs && __atomic_sub_fetch(shared_refs, 1, __ATOMIC_ACQ_REL))
        return;
#ifdef _WIN32
    (void)size;
    UnmapViewOfFile(map);
#else
    munmap(map, size);
#endif
    free(shared_refs);
}

/* ---------------------------------------------------------------- doorbells */

struct ring_bells {
    /* Sleeps while *bell == expected, up to timeout_ms (a wake-up may be
     * spurious: callers re-check their condition). */
    void (*wait)(int sock, uint32_t *bell, uint32_t expected, int timeout_ms);
    /* Wakes the peer sleeping on bell (the bell was already bumped). */
    void (*wake)(int sock, uint32_t *bell);
    /* How long a waiter polls the shared state before it parks: a wake-up
     * through the socket costs several system calls on each side (many
     * more under Wine), and many waits (a reply, ring space) are answered
     * within microseconds.  The spin is unparked, so it costs the other
     * side nothing. */
    uint64_t spin_ns;
};

static void futex_bell_wait(int sock, uint32_t *bell, uint32_t expected,
                            int timeout_ms)
{
    (void)sock;
    nr_futex_wait(bell, expected, timeout_ms);
}

static void futex_bell_wake(int sock, uint32_t *bell)
{
    (void)sock;
    nr_futex_wake(bell, 1);
}

static const struct ring_bells futex_bells = {futex_bell_wait, futex_bell_wake, 20000u};

#define SOCKET_BELL_SPIN_NS 20000u

/* One step of a spin: gives the CPU up to any thread that is ready (on a
 * machine with fewer cores than busy threads the peer we wait for may be
 * one of them), else returns at once. */
static inline void cpu_relax(void)
{
#ifdef _WIN32
    SwitchToThread();
#else
    sched_yield();
#endif
}

static void socket_bell_wait(int sock, uint32_t *bell, uint32_t expected,
                             int timeout_ms)
{
    if (LOAD(bell) != expected)
        return;
    /* Bytes are only doorbells: whatever is queued is consumed here, and
     * the caller re-checks the shared state.  EOF is left for the caller's
     * check of the session (sock_peer_gone). */
    if (sock_wait_readable(sock, timeout_ms))
        sock_drain(sock);
}

static void socket_bell_wake(int sock, uint32_t *bell)
{
    static const uint8_t ding = 1;
    (void)bell;
    /* A failed send means the peer is gone, which its socket shows. */
    sock_send_all(sock, &ding, 1);
}

static const struct ring_bells socket_bells = {socket_bell_wait, socket_bell_wake,
                                               SOCKET_BELL_SPIN_NS};

static const struct ring_bells *bells_of(enum ring_bell_kind kind)
{
    return kind == RING_BELL_SOCKET ? &socket_bells : &futex_bells;
}

static void ring_bell(const struct ring_bells *b, int sock, uint32_t *parked,
                      uint32_t *bell, struct transport_stats *st)
{
    if (LOAD(parked)) {
        __atomic_add_fetch(bell, 1, __ATOMIC_SEQ_CST);
        b->wake(sock, bell);
        if (st)
            st->doorbells++;
    }
}

/* ------------------------------------------------------------------ client */

struct ring_client {
    struct transport_client base;
    uint8_t *map;
    size_t map_size;
    int *shared_refs;
    int memfd, sock;
    const struct ring_bells *bells;
    struct transport_ctrl *ctrl;
    struct wire_event *events;
    uint8_t *cmd;
    uint32_t cmd_size;
    uint8_t *stage;
    uint32_t stage_size;
    /* The part of the stage ring in use (a power of two, offsets [0,
     * stage_used)); it doubles in rc_stage_grow.  Bytes allocated before a
     * growth (positions under stage_barrier) were placed at their position
     * modulo the old size: until they are all released, only the new half
     * (positions under stage_fresh_end), which none of them touches, is
     * allocated from. */
    uint32_t stage_used;
    uint64_t stage_barrier, stage_fresh_end;
    uint64_t win_pos;   /* ring position of win_start */
    uint8_t *win_start;
    uint64_t published;
    uint64_t stage_lap; /* ring position of stage offset 0 in the window's lap */
    uint64_t stage_free, stage_at_last_publish;
    struct { uint64_t cmd, stage; } marks[MARK_COUNT];
    unsigned mark_first, mark_count;
};

static inline uint64_t rc_head(struct ring_client *rc)
{
    return rc->win_pos + (uint64_t)(rc->base.w.cur - rc->win_start);
}

static void rc_push_mark(struct ring_client *rc, uint64_t cmd, uint64_t stage)
{
    if (rc->mark_count == MARK_COUNT) {
        /* Full: widen the newest mark; it only frees later, never early. */
        unsigned last = (rc->mark_first + rc->mark_count - 1) % MARK_COUNT;
        rc->marks[last].cmd = cmd;
        rc->marks[last].stage = stage;
        return;
    }
    unsigned i = (rc->mark_first + rc->mark_count) % MARK_COUNT;
    rc->marks[i].cmd = cmd;
    rc->marks[i].stage = stage;
    rc->mark_count++;
}

/* Bytes of stage allocated so far (a monotonic position). */
static inline uint64_t rc_stage_head(struct ring_client *rc)
{
    return rc->stage_lap + rc->base.stage_off;
}

static void rc_publish(struct ring_client *rc)
{
    uint64_t head = rc_head(rc);

    rc->base.w.sent++; /* the server may read what is written: no amending */
    /* Stage bytes allocated before the previous publish are named by records
     * published by now (a record is written right after its stage bytes,
     * with at most one refill -- one publish -- in between). */
    rc_push_mark(rc, head, rc->stage_at_last_publish);
    rc->stage_at_last_publish = rc_stage_head(rc);
    if (head != rc->published) {
        STORE(&rc->ctrl->cmd_head, head);
        rc->published = head;
        rc->base.stats.flushes++;
    }
    ring_bell(rc->bells, rc->sock, &rc->ctrl->server_parked,
              &rc->ctrl->server_bell, &rc->base.stats);
}

static void rc_retire(struct ring_client *rc)
{
    uint64_t tail = LOAD_ACQ(&rc->ctrl->cmd_tail);
    while (rc->mark_count && rc->marks[rc->mark_first].cmd <= tail) {
        rc->stage_free = rc->marks[rc->mark_first].stage;
        rc->mark_first = (rc->mark_first + 1) % MARK_COUNT;
        rc->mark_count--;
    }
}

static void rc_drain_events(struct ring_client *rc)
{
    struct transport_client *tc = &rc->base;
    uint64_t head = LOAD_ACQ(&rc->ctrl->event_head);
    uint64_t tail = rc->ctrl->event_tail;

    if (head - tail > TRANSPORT_EVENT_SLOTS)
        tail = head - TRANSPORT_EVENT_SLOTS;
    for (; tail < head; tail++) {
        struct wire_event ev = rc->events[tail % TRANSPORT_EVENT_SLOTS];
        ev.reason[sizeof(ev.reason) - 1] = 0;
        tc->last_event = ev;
        tc->events_seen++;
        NR_WARN(TRANSPORT, "server: %s in %s (record %llu): %s",
                ev.kind == WIRE_EVENT_FATAL ? "fatal error" : "error",
                wire_op_name(ev.op), (unsigned long long)ev.record_index,
                ev.reason);
        if (ev.kind == WIRE_EVENT_FATAL && !tc->lost) {
            tc->lost = true;
            snprintf(tc->lost_reason, sizeof(tc->lost_reason), "%s",
                     ev.reason);
        }
    }
    STORE_REL(&rc->ctrl->event_tail, tail);
}

static bool rc_check_alive(struct ring_client *rc)
{
    struct transport_client *tc = &rc->base;
    bool fatal;
    if (tc->lost)
        return false;
    /* The flag first: the server sets it after the fatal event, so the
     * drain below sees the reason whenever the flag was seen. */
    fatal = LOAD(&rc->ctrl->fatal);
    rc_drain_events(rc);
    if (fatal && !tc->lost) {
        tc->lost = true;
        snprintf(tc->lost_reason, sizeof(tc->lost_reason),
                 "the server cut off this context");
    }
    if (!tc->lost && rc->sock >= 0 && sock_peer_gone(rc->sock)) {
        tc->lost = true;
        snprintf(tc->lost_reason, sizeof(tc->lost_reason),
                 "the server closed the session");
    }
    if (tc->lost)
        rc_drain_events(rc);
    return !tc->lost;
}

typedef bool (*rc_cond_fn)(struct ring_client *rc, uint64_t arg);

/* Parks until cond holds; false when the server is gone or refused us. */
static bool rc_wait(struct ring_client *rc, rc_cond_fn cond, uint64_t arg,
                    enum wire_wait cls)
{
    struct transport_ctrl *c = rc->ctrl;

    if (cond(rc, arg))
        return true;
    rc->base.stats.waits[cls]++;
    if (rc->bells->spin_ns) {
        uint64_t until = nr_time_ns() + rc->bells->spin_ns;
        do {
            cpu_relax();
            if (cond(rc, arg))
                return true;
        } while (nr_time_ns() < until);
    }
    for (;;) {
        if (cond(rc, arg))
            return true;
        if (!rc_check_alive(rc))
            return false;
        uint32_t bell = LOAD(&c->client_bell);
        STORE(&c->client_parked, 1);
        if (cond(rc, arg)) {
            STORE(&c->client_parked, 0);
            return true;
        }
        rc->bells->wait(rc->sock, &c->client_bell, bell, 50);
        STORE(&c->client_parked, 0);
    }
}

static bool cond_cmd_space(struct ring_client *rc, uint64_t need_head)
{
    return need_head - LOAD_ACQ(&rc->ctrl->cmd_tail) <= rc->cmd_size;
}

static bool cond_stage_space(struct ring_client *rc, uint64_t need_head)
{
    rc_retire(rc);
    if (rc->stage_barrier) {
        if (need_head <= rc->stage_fresh_end)
            return true;
        if (rc->stage_free < rc->stage_barrier)
            return false;
        rc->stage_barrier = rc->stage_fresh_end = 0;
    }
    return need_head - rc->stage_free <= rc->stage_used;
}

/* Doubles the part of the stage ring in use and returns the position its
 * next allocation starts at: the new half's first byte (offset old size),
 * at or past *pos.  The new half is populated here, in one call, instead of
 * page by page under the program's writes. */
static uint64_t rc_stage_grow(struct ring_client *rc, uint64_t pos)
{
    uint32_t old = rc->stage_used, used = old * 2;
    uint64_t head = rc_stage_head(rc);
    uint64_t p = (NR_MAX(pos, head) + used - 1 - old) / used * used + old;

    transport_prefault(rc->stage + old, old);
    rc->stage_used = used;
    rc->base.stats.stage_in_use = used;
    rc->stage_barrier = head;
    rc->stage_fresh_end = p + old;
    rc->base.stats.stage_grows++;
    return p;
}

static bool cond_reply(struct ring_client *rc, uint64_t seq)
{
    return LOAD_ACQ(&rc->ctrl->reply_seq) >= seq;
}

static bool cond_presents(struct ring_client *rc, uint64_t frame)
{
    return LOAD_ACQ(&rc->ctrl->presents_done) >= frame;
}

static bool rc_cmd_refill(struct transport_client *tc, uint32_t need)
{
    struct ring_client *rc = (struct ring_client *)tc;
    uint64_t head = rc_head(rc), end, limit;
    uint32_t off;

    if (tc->lost || need > rc->cmd_size / 4)
        return false;
    off = (uint32_t)(head & (rc->cmd_size - 1));
    if (rc->cmd_size - off < need) {
        /* Pad to the end of the ring with a NOP so records never wrap. */
        uint32_t pad = rc->cmd_size - off;
        rc_publish(rc);
        if (!rc_wait(rc, cond_cmd_space, head + pad, WIRE_WAIT_NONE))
            return false;
        struct wire_header h = {WIRE_OP_NOP, 0, pad - 8};
        memcpy(rc->cmd + off, &h, sizeof(h));
        head += pad;
        off = 0;
        rc->win_pos = head;
        rc->win_start = rc->cmd;
        tc->w.cur = tc->w.end = rc->cmd;
    }
    rc_publish(rc);
    if (!rc_wait(rc, cond_cmd_space, head + need, WIRE_WAIT_NONE))
        return false;
    /* A window up to the ring's end, the consumed tail, and a publish chunk:
     * past it the slow path publishes again, so the server starts early. */
    end = head - off + rc->cmd_size;
    limit = LOAD_ACQ(&rc->ctrl->cmd_tail) + rc->cmd_size;
    end = NR_MIN(end, limit);
    end = NR_MIN(end, head + NR_MAX((uint64_t)PUBLISH_CHUNK, need));
    rc->win_pos = head;
    rc->win_start = rc->cmd + off;
    tc->w.cur = rc->win_start;
    tc->w.end = rc->win_start + (end - head);
    return true;
}

static bool rc_refill_thunk(struct wire_writer *w, uint32_t need)
{
    struct transport_client *tc = (struct transport_client *)w;
    return tc->ops->cmd_refill(tc, need);
}

static bool rc_stage_alloc(struct transport_client *tc, uint32_t size,
                           uint32_t *offset, void **ptr)
{
    struct ring_client *rc = (struct ring_client *)tc;
    uint64_t pos = rc_stage_head(rc), end;
    uint32_t off;

    if (tc->lost)
        return false;
    if (size > rc->stage_size / 2) {
        NR_ERR(TRANSPORT, "a stage allocation of %u bytes exceeds half of the %u-byte stage ring",
                     size, rc->stage_size);
        return false;
    }
    size = NR_ALIGN(size, 16u);
    for (;;) {
        off = (uint32_t)(pos & (rc->stage_used - 1));
        if (rc->stage_used - off < size) {
            pos += rc->stage_used - off;
            off = 0;
        }
        if (size <= rc->stage_used / 2 && cond_stage_space(rc, pos + size))
            break;
        /* Too large for the part in use, or it would wait: grow instead. */
        if (rc->stage_used == rc->stage_size)
            break;
        pos = rc_stage_grow(rc, pos);
    }
    if (!cond_stage_space(rc, pos + size)) {
        /* Two publishes: the second one's mark covers every stage byte
         * allocated so far, all of which are named by published records.
         * (The window closes first, so the head is exact.) */
        tc->stage_end = tc->stage_off;
        rc_publish(rc);
        rc_publish(rc);
        if (!rc_wait(rc, cond_stage_space, pos + size, WIRE_WAIT_NONE))
            return false;
    }
    /* A new window from here: to the end of this lap of the ring, and not
     * past what the server has released. */
    rc->stage_lap = pos - off;
    end = rc->stage_lap + rc->stage_used;
    if (!rc->stage_barrier)
        end = NR_MIN(end, rc->stage_free + rc->stage_used);
    else
        end = NR_MIN(end, rc->stage_fresh_end);
    tc->stage_off = off + size;
    tc->stage_end = (uint32_t)(end - rc->stage_lap);
    *offset = off;
    *ptr = rc->stage + off;
    return true;
}

static bool rc_flush(struct transport_client *tc)
{
    struct ring_client *rc = (struct ring_client *)tc;
    if (!rc_check_alive(rc))
        return false;
    rc_publish(rc);
    return true;
}

static bool rc_wait_reply(struct transport_client *tc, uint64_t seq,
                          struct wire_reply *out)
{
    struct ring_client *rc = (struct ring_client *)tc;
    rc_publish(rc);
    if (!rc_wait(rc, cond_reply, seq, WIRE_WAIT_REPLY))
        return false;
    *out = rc->ctrl->reply;
    rc_drain_events(rc);
    return out->seq == seq;
}

static bool rc_wait_presents(struct transport_client *tc, uint64_t frame)
{
    struct ring_client *rc = (struct ring_client *)tc;
    rc_publish(rc);
    return rc_wait(rc, cond_presents, frame, WIRE_WAIT_PRESENT);
}

static void rc_destroy(struct transport_client *tc)
{
    struct ring_client *rc = (struct ring_client *)tc;

    if (!tc->lost)
        rc_publish(rc);
    STORE(&rc->ctrl->closed, 1);
    __atomic_add_fetch(&rc->ctrl->server_bell, 1, __ATOMIC_SEQ_CST);
    rc->bells->wake(rc->sock, &rc->ctrl->server_bell);
    if (rc->sock >= 0)
        sock_close(rc->sock);
    else
        /* inproc: return once the server released the context, so that a
         * process can exit (or check for leaks) right after. */
        while (!LOAD(&rc->ctrl->server_gone))
            nr_futex_wait(&rc->ctrl->server_gone, 0, 100);
#ifndef _WIN32
    if (rc->memfd >= 0)
        close(rc->memfd);
#endif
    ring_segment_unref(rc->map, rc->map_size, rc->shared_refs);
    free(rc);
}

static const struct transport_client_ops ring_client_ops = {
    rc_cmd_refill, rc_stage_alloc, NULL, rc_flush, rc_wait_reply, rc_wait_presents,
    rc_destroy,
};

struct transport_client *ring_client_create(uint8_t *map, size_t map_size,
                                            int memfd, int sock,
                                            int *shared_refs,
                                            enum ring_bell_kind bells)
{
    struct ring_client *rc = calloc(1, sizeof(*rc));
    struct ring_segment_layout l;
    struct transport_ctrl *ctrl = (struct transport_ctrl *)map;

    if (!rc || !ring_layout(ctrl->cmd_size, ctrl->stage_size,
                            ctrl->event_slots, &l)) {
        free(rc);
        return NULL;
    }
    rc->map = map;
    rc->map_size = map_size;
    rc->shared_refs = shared_refs;
    rc->memfd = memfd;
    rc->sock = sock;
    rc->bells = bells_of(bells);
    rc->ctrl = ctrl;
    rc->events = (struct wire_event *)(map + l.events_off);
    rc->cmd = map + l.cmd_off;
    rc->cmd_size = ctrl->cmd_size;
    rc->stage = map + l.stage_off;
    rc->stage_size = ctrl->stage_size;
    rc->stage_used = transport_initial_stage(rc->stage_size);
    rc->base.stats.stage_in_use = rc->stage_used;
    rc->win_start = rc->cmd;
    rc->base.ops = &ring_client_ops;
    rc->base.stage_base = rc->stage;
    rc->base.stage_off = rc->base.stage_end = 0; /* the first allocation opens it */
    rc->base.w.cur = rc->base.w.end = rc->cmd;
    rc->base.w.refill = rc_refill_thunk;
    return &rc->base;
}

/* ------------------------------------------------------------ server end */

#ifndef _WIN32 /* d3d9.dll is only ever a client */

struct ring_end {
    struct transport_end base;
    uint8_t *map;
    size_t map_size;
    int *shared_refs;
    int sock;
    const struct ring_bells *bells;
    struct transport_ctrl *ctrl;
    struct wire_event *events;
    uint8_t *cmd;
    uint32_t cmd_size;
    uint64_t tail;       /* our own copy: never read back from shared memory */
    uint64_t event_head;
};

static bool re_gone(struct ring_end *re)
{
    if (LOAD(&re->ctrl->closed))
        return true;
    return re->sock >= 0 && sock_peer_gone(re->sock);
}

static bool re_next_span(struct transport_end *e, const uint8_t **data,
                         size_t *size, int timeout_ms)
{
    struct ring_end *re = (struct ring_end *)e;
    struct transport_ctrl *c = re->ctrl;
    uint64_t head = LOAD_ACQ(&c->cmd_head);
    uint32_t off;

    *size = 0;
    if (e->violation[0]) {
        /* Nothing more is read from a client that broke the rings: this
         * only waits (a while) and tells whether it is still there. */
        if (!re_gone(re) && timeout_ms > 0)
            nr_sleep_ms((unsigned)NR_MIN(timeout_ms, 100));
        return !re_gone(re);
    }
    if (head == re->tail && re->bells->spin_ns) {
        uint64_t until = nr_time_ns() + re->bells->spin_ns;
        do {
            cpu_relax();
            head = LOAD_ACQ(&c->cmd_head);
        } while (head == re->tail && nr_time_ns() < until);
    }
    if (head == re->tail) {
        uint32_t bell = LOAD(&c->server_bell);
        STORE(&c->server_parked, 1);
        head = LOAD(&c->cmd_head);
        if (head == re->tail && !LOAD(&c->closed))
            re->bells->wait(re->sock, &c->server_bell, bell, timeout_ms);
        STORE(&c->server_parked, 0);
        head = LOAD_ACQ(&c->cmd_head);
        if (head == re->tail)
            return !re_gone(re);
    }
    if (head - re->tail > re->cmd_size || (head - re->tail) % 8) {
        snprintf(e->violation, sizeof(e->violation),
                 "command ring head %llu is impossible (tail %llu, ring %u)",
                 (unsigned long long)head, (unsigned long long)re->tail,
                 re->cmd_size);
        return true;
    }
    off = (uint32_t)(re->tail & (re->cmd_size - 1));
    *data = re->cmd + off;
    *size = (size_t)NR_MIN(head - re->tail, (uint64_t)(re->cmd_size - off));
    return true;
}

static void re_wake_client(struct ring_end *re)
{
    ring_bell(re->bells, re->sock, &re->ctrl->client_parked,
              &re->ctrl->client_bell, NULL);
}

static void re_consumed(struct transport_end *e, size_t bytes)
{
    struct ring_end *re = (struct ring_end *)e;
    re->tail += bytes;
    STORE(&re->ctrl->cmd_tail, re->tail);
    re_wake_client(re);
}

static void re_reply(struct transport_end *e, const struct wire_reply *r,
                     uint32_t stage_offset, uint32_t stage_size)
{
    struct ring_end *re = (struct ring_end *)e;
    (void)stage_offset;
    (void)stage_size; /* the stage ring is shared: the bytes are there */
    re->ctrl->reply = *r;
    STORE(&re->ctrl->reply_seq, r->seq);
    re_wake_client(re);
}

static void re_event(struct transport_end *e, const struct wire_event *ev)
{
    struct ring_end *re = (struct ring_end *)e;
    uint64_t tail = LOAD_ACQ(&re->ctrl->event_tail);

    /* A full ring drops the event (the fatal flag below still gets through);
     * the client's tail is untrusted, so only our own head decides where. */
    if (re->event_head - tail < TRANSPORT_EVENT_SLOTS ||
        ev->kind == WIRE_EVENT_FATAL) {
        re->events[re->event_head % TRANSPORT_EVENT_SLOTS] = *ev;
        re->event_head++;
        STORE(&re->ctrl->event_head, re->event_head);
    }
    /* After the event: a client that sees the flag finds the reason. */
    if (ev->kind == WIRE_EVENT_FATAL)
        STORE(&re->ctrl->fatal, 1);
    re_wake_client(re);
}

static void re_present_done(struct transport_end *e, uint64_t frame)
{
    struct ring_end *re = (struct ring_end *)e;
    STORE(&re->ctrl->presents_done, frame);
    re_wake_client(re);
}

static void re_destroy(struct transport_end *e)
{
    struct ring_end *re = (struct ring_end *)e;
    if (re->sock >= 0)
        close(re->sock);
    STORE(&re->ctrl->server_gone, 1);
    nr_futex_wake(&re->ctrl->server_gone, 1);
    ring_segment_unref(re->map, re->map_size, re->shared_refs);
    free(re);
}

static const struct transport_end_ops ring_end_ops = {
    re_next_span, re_consumed, re_reply, re_event, re_present_done, re_destroy,
};

struct transport_end *ring_end_create(uint8_t *map, size_t map_size, int sock,
                                      int *shared_refs,
                                      const struct wire_hello *hello,
                                      enum ring_bell_kind bells)
{
    struct ring_end *re = calloc(1, sizeof(*re));
    struct ring_segment_layout l;

    if (!re || !ring_layout(hello->cmd_ring_size, hello->stage_ring_size,
                            hello->event_ring_count, &l) ||
        l.total > map_size) {
        free(re);
        return NULL;
    }
    re->map = map;
    re->map_size = map_size;
    re->shared_refs = shared_refs;
    re->sock = sock;
    re->bells = bells_of(bells);
    re->ctrl = (struct transport_ctrl *)map;
    re->events = (struct wire_event *)(map + l.events_off);
    re->cmd = map + l.cmd_off;
    re->cmd_size = hello->cmd_ring_size;
    re->base.ops = &ring_end_ops;
    re->base.stage = map + l.stage_off;
    re->base.stage_size = hello->stage_ring_size;
    re->base.spans_may_split = false;
    re->base.hello = *hello;
    /* Start from what the server decides, not from the shared page. */
    re->tail = 0;
    return &re->base;
}

#endif /* !_WIN32 */
