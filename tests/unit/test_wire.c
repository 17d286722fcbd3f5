/* Unit tests of the wire: every record round-trips through the encoder and
 * the decoder; malformed input is refused with a reason; handle and stage
 * checks; and the ring and stream transports carry records, stage bytes and
 * replies without a server (no Vulkan here). */
#define _GNU_SOURCE
#include "harness.h"
#include "server/handles.h"
#include "transport/transport_private.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* ---- a writer into a flat buffer ---- */

static uint8_t wbuf[1 << 16];

static bool no_refill(struct wire_writer *w, uint32_t need)
{
    (void)w;
    (void)need;
    return false;
}

static void writer_reset(struct wire_writer *w)
{
    memset(w, 0, sizeof(*w));
    w->cur = wbuf;
    w->end = wbuf + sizeof(wbuf);
    w->refill = no_refill;
}

/* ---- handlers that log what they saw ---- */

struct seen {
    unsigned count;
    uint16_t ops[64];
    uint32_t sizes[64];
    uint8_t payload[64][2560];
};

#define WIRE_RECORD(num, NAME, type, flags, wait)                              \
    static bool log_##NAME(void *c, const struct type *p, uint32_t size)       \
    {                                                                          \
        struct seen *s = c;                                                    \
        if (s->count < 64) {                                                   \
            s->ops[s->count] = num;                                            \
            s->sizes[s->count] = size;                                         \
            if (p)                                                             \
                memcpy(s->payload[s->count], p, NR_MIN(size, 2560u));          \
            s->count++;                                                        \
        }                                                                      \
        return true;                                                           \
    }
#include "wire/wire_records.def"
#undef WIRE_RECORD

static const struct wire_handlers log_handlers = {
#define WIRE_RECORD(num, NAME, type, flags, wait)                              \
    .NAME = (bool (*)(void *, const struct type *, uint32_t))log_##NAME,
#include "wire/wire_records.def"
#undef WIRE_RECORD
};

static void fill(void *p, size_t size, unsigned seed)
{
    uint8_t *b = p;
    for (size_t i = 0; i < size; i++)
        b[i] = (uint8_t)(seed * 31 + i * 7 + 1);
}

static size_t encode_all(struct wire_writer *w)
{
#define WIRE_RECORD(num, NAME, type, flags, wait)                              \
    {                                                                          \
        struct type p;                                                         \
        fill(&p, sizeof(p), num);                                              \
        ok(wire_emit_##NAME(w, &p), "emit " #NAME);                            \
    }
#include "wire/wire_records.def"
#undef WIRE_RECORD
    return (size_t)(w->cur - wbuf);
}

static void test_round_trip(void)
{
    struct wire_writer w;
    struct wire_decoder d = {0};
    static struct seen s;
    size_t len, used;

    writer_reset(&w);
    len = encode_all(&w);
    ok(w.records == WIRE_OP_COUNT, "%llu records encoded", (unsigned long long)w.records);
    ok(w.bytes == len, "byte counter %llu, buffer %zu", (unsigned long long)w.bytes, len);
    memset(&s, 0, sizeof(s));
    used = wire_decode(&d, &log_handlers, &s, wbuf, len, false);
    ok(!d.fatal, "decode of every record: %s", d.reason);
    ok(used == len, "decoded %zu of %zu bytes", used, len);
    ok(s.count == WIRE_OP_COUNT, "%u records decoded", s.count);
    for (unsigned i = 0; i < s.count && i < WIRE_OP_COUNT; i++) {
        uint8_t expect[2560];
        ok(s.ops[i] == i, "record %u has opcode %u", i, s.ops[i]);
        ok(s.sizes[i] == wire_records[i].payload_size, "%s size %u",
           wire_op_name(i), s.sizes[i]);
        if (wire_records[i].flags & WIRE_F_VARSIZE)
            continue; /* NOP: padding, its bytes are never read */
        fill(expect, wire_records[i].payload_size, i);
        ok(!memcmp(expect, s.payload[i], wire_records[i].payload_size),
           "%s payload survives the round trip", wire_op_name(i));
    }
    /* Every record is 8-byte aligned and the draw stays small. */
    ok(8 + wire_records[WIRE_OP_DRAW].payload_size == 24, "DRAW is %u bytes",
       8 + wire_records[WIRE_OP_DRAW].payload_size);
    ok(wire_fingerprint() != 0 && wire_fingerprint() == wire_fingerprint(),
       "fingerprint is stable");
    ok(!strcmp(wire_op_name(WIRE_OP_DRAW_UP), "DRAW_UP"), "record names");
    ok(!strcmp(wire_op_name(9999), "UNKNOWN"), "unknown name");
}

static bool decode_fails(const uint8_t *data, size_t size, const char *expect_in_reason)
{
    struct wire_decoder d = {0};
    static struct seen s;
    memset(&s, 0, sizeof(s));
    wire_decode(&d, &log_handlers, &s, data, size, false);
    if (!d.fatal)
        return false;
    return !expect_in_reason || strstr(d.reason, expect_in_reason);
}

/* Draws of one block back to back merge into one DRAW_MULTI while the
 * record is the writer's last and has not been handed on; anything else
 * starts a new DRAW.  The decoder and the handler see the spans in order. */
static void test_draw_merge(void)
{
    struct wire_writer w;
    struct wire_draw_run run = {0};
    struct wire_decoder d = {0};
    static struct seen s;
    const struct wire_draw_multi *m;
    const wire_handle a = {3, 1}, b = {4, 1};
    struct wire_ping ping = {0};
    size_t len;

    writer_reset(&w);
    for (uint32_t i = 0; i < 3; i++) /* one DRAW_MULTI of three spans */
        wire_emit_draw_merged(&w, &run, &(struct wire_draw){a, 3, i * 3}, false);
    wire_emit_draw_merged(&w, &run, &(struct wire_draw){b, 6, 0}, false); /* another block */
    w.sent++;                                                         /* handed on */
    wire_emit_draw_merged(&w, &run, &(struct wire_draw){b, 6, 6}, false);
    wire_emit_PING(&w, &ping);                                        /* another record */
    wire_emit_draw_merged(&w, &run, &(struct wire_draw){b, 6, 12}, false);
    for (uint32_t i = 0; i < WIRE_DRAW_MULTI_MAX + 1; i++) /* one past the most */
        wire_emit_draw_merged(&w, &run, &(struct wire_draw){a, 1, i}, false);
    len = (size_t)(w.cur - wbuf);
    ok(w.bytes == len, "merged draws: byte counter %llu, buffer %zu",
       (unsigned long long)w.bytes, len);
    ok(w.op_records[WIRE_OP_DRAW_MULTI] == 2 && w.op_records[WIRE_OP_DRAW] == 4,
       "merged draws: %llu DRAW_MULTI and %llu DRAW records",
       (unsigned long long)w.op_records[WIRE_OP_DRAW_MULTI],
       (unsigned long long)w.op_records[WIRE_OP_DRAW]);
    memset(&s, 0, sizeof(s));
    ok(wire_decode(&d, &log_handlers, &s, wbuf, len, false) == len && !d.fatal,
       "merged draws decode: %s", d.reason);
    m = (const struct wire_draw_multi *)s.payload[0];
    ok(s.count == 7 && s.ops[0] == WIRE_OP_DRAW_MULTI && s.sizes[0] == 16 + 3 * 8 &&
           m->count == 3 && m->block.slot == 3 && m->spans[2].first_vertex == 6 &&
           m->spans[2].vertex_count == 3 && !m->reserved,
       "three draws of one block are one DRAW_MULTI of three spans");
    ok(s.ops[1] == WIRE_OP_DRAW && s.ops[2] == WIRE_OP_DRAW && s.ops[3] == WIRE_OP_PING &&
           s.ops[4] == WIRE_OP_DRAW,
       "another block, a hand-off and another record each start a DRAW");
    m = (const struct wire_draw_multi *)s.payload[5];
    ok(s.ops[5] == WIRE_OP_DRAW_MULTI && m->count == WIRE_DRAW_MULTI_MAX &&
           m->spans[WIRE_DRAW_MULTI_MAX - 1].first_vertex == WIRE_DRAW_MULTI_MAX - 1 &&
           s.ops[6] == WIRE_OP_DRAW,
       "a full DRAW_MULTI is followed by a new DRAW");
    /* DRAW_UP: one block and one stride merge; another stride, or a DRAW
     * after them, starts a new record. */
    writer_reset(&w);
    run = (struct wire_draw_run){0};
    for (uint32_t i = 0; i < 3; i++)
        wire_emit_draw_up_merged(&w, &run, &(struct wire_draw_up){a, 3, 20, 64 * i, 0}, false);
    wire_emit_draw_up_merged(&w, &run, &(struct wire_draw_up){a, 3, 24, 256, 0}, false);
    wire_emit_draw_merged(&w, &run, &(struct wire_draw){a, 3, 0}, false);
    len = (size_t)(w.cur - wbuf);
    memset(&s, 0, sizeof(s));
    memset(&d, 0, sizeof(d));
    ok(wire_decode(&d, &log_handlers, &s, wbuf, len, false) == len && !d.fatal &&
           w.bytes == len,
       "merged UP draws decode: %s", d.reason);
    {
        const struct wire_draw_up_multi *u = (const struct wire_draw_up_multi *)s.payload[0];
        ok(s.count == 3 && s.ops[0] == WIRE_OP_DRAW_UP_MULTI && s.sizes[0] == 16 + 3 * 8 &&
               u->count == 3 && u->stride == 20 && u->spans[0].stage_offset == 0 &&
               u->spans[2].stage_offset == 128 && u->spans[1].vertex_count == 3 &&
               s.ops[1] == WIRE_OP_DRAW_UP && s.ops[2] == WIRE_OP_DRAW,
           "three UP draws of one block and stride are one DRAW_UP_MULTI");
    }
    /* Joining: a list's draw of the vertices after the last span's grows
     * that span in place; a gap, a draw that may not join (a strip's) or
     * one that would pass WIRE_MAX_DRAW_VERTICES starts a span. */
    writer_reset(&w);
    run = (struct wire_draw_run){0};
    for (uint32_t i = 0; i < 3; i++)
        wire_emit_draw_merged(&w, &run, &(struct wire_draw){a, 3, i * 3}, true);
    ok(w.op_records[WIRE_OP_DRAW] == 1 && w.bytes == 24,
       "three joined draws are one DRAW of 24 bytes (%llu bytes)", (unsigned long long)w.bytes);
    wire_emit_draw_merged(&w, &run, &(struct wire_draw){a, 3, 12}, true); /* a gap */
    wire_emit_draw_merged(&w, &run, &(struct wire_draw){a, 3, 15}, true); /* joins it */
    wire_emit_draw_merged(&w, &run, &(struct wire_draw){a, 3, 18}, false); /* a strip's */
    wire_emit_draw_merged(&w, &run, &(struct wire_draw){a, 3, 21}, true);  /* not to it */
    wire_emit_draw_merged(&w, &run, &(struct wire_draw){a, WIRE_MAX_DRAW_VERTICES - 1, 24},
                          true); /* past the most */
    len = (size_t)(w.cur - wbuf);
    memset(&s, 0, sizeof(s));
    memset(&d, 0, sizeof(d));
    ok(wire_decode(&d, &log_handlers, &s, wbuf, len, false) == len && !d.fatal &&
           w.bytes == len,
       "joined draws decode: %s", d.reason);
    m = (const struct wire_draw_multi *)s.payload[0];
    ok(s.count == 1 && s.ops[0] == WIRE_OP_DRAW_MULTI && m->count == 5 &&
           m->spans[0].vertex_count == 9 && m->spans[0].first_vertex == 0 &&
           m->spans[1].vertex_count == 6 && m->spans[1].first_vertex == 12 &&
           m->spans[2].vertex_count == 3 && m->spans[2].first_vertex == 18 &&
           m->spans[3].vertex_count == 3 && m->spans[3].first_vertex == 21 &&
           m->spans[4].vertex_count == WIRE_MAX_DRAW_VERTICES - 1 &&
           m->spans[4].first_vertex == 24,
       "joined spans: {%u,%u} {%u,%u} {%u,%u} {%u,%u} {%u,%u}", m->spans[0].vertex_count,
       m->spans[0].first_vertex, m->spans[1].vertex_count, m->spans[1].first_vertex,
       m->spans[2].vertex_count, m->spans[2].first_vertex, m->spans[3].vertex_count,
       m->spans[3].first_vertex, m->spans[4].vertex_count, m->spans[4].first_vertex);
    /* DRAW_UP joins where the bytes follow; DRAW_INDEXED where the indices
     * follow with the same base vertex, not instanced. */
    writer_reset(&w);
    run = (struct wire_draw_run){0};
    wire_emit_draw_up_merged(&w, &run, &(struct wire_draw_up){a, 3, 20, 0, 0}, true);
    wire_emit_draw_up_merged(&w, &run, &(struct wire_draw_up){a, 3, 20, 60, 0}, true);
    wire_emit_draw_up_merged(&w, &run, &(struct wire_draw_up){a, 3, 20, 128, 0}, true);
    wire_emit_draw_up_merged(&w, &run, &(struct wire_draw_up){a, 3, 20, 188, 0}, true);
    wire_emit_draw_indexed_joined(&w, &run, &(struct wire_draw_indexed){a, 6, 0, 4}, true);
    wire_emit_draw_indexed_joined(&w, &run, &(struct wire_draw_indexed){a, 6, 6, 4}, true);
    wire_emit_draw_indexed_joined(&w, &run, &(struct wire_draw_indexed){a, 6, 12, 5}, true);
    wire_emit_draw_indexed_joined(&w, &run, &(struct wire_draw_indexed){a, 6, 18, 5, 2}, true);
    wire_emit_draw_indexed_joined(&w, &run, &(struct wire_draw_indexed){a, 6, 24, 5}, true);
    len = (size_t)(w.cur - wbuf);
    memset(&s, 0, sizeof(s));
    memset(&d, 0, sizeof(d));
    ok(wire_decode(&d, &log_handlers, &s, wbuf, len, false) == len && !d.fatal &&
           w.bytes == len,
       "joined UP and indexed draws decode: %s", d.reason);
    {
        const struct wire_draw_up_multi *u = (const struct wire_draw_up_multi *)s.payload[0];
        const struct wire_draw_indexed *x1 = (const struct wire_draw_indexed *)s.payload[1];
        const struct wire_draw_indexed *x2 = (const struct wire_draw_indexed *)s.payload[2];
        const struct wire_draw_indexed *x3 = (const struct wire_draw_indexed *)s.payload[3];
        const struct wire_draw_indexed *x4 = (const struct wire_draw_indexed *)s.payload[4];
        ok(s.count == 5 && s.ops[0] == WIRE_OP_DRAW_UP_MULTI && u->count == 2 &&
               u->spans[0].vertex_count == 6 && u->spans[0].stage_offset == 0 &&
               u->spans[1].vertex_count == 6 && u->spans[1].stage_offset == 128,
           "UP draws whose bytes follow join");
        ok(s.ops[1] == WIRE_OP_DRAW_INDEXED && x1->index_count == 12 && x1->base_vertex == 4 &&
               x2->index_count == 6 && x2->base_vertex == 5 && x3->instance_count == 2 &&
               x3->index_count == 6 && x4->first_index == 24 && x4->index_count == 6,
           "indexed draws join with the same base vertex, not instanced (%u %u %u %u)",
           x1->index_count, x2->index_count, x3->index_count, x4->index_count);
    }
    /* A DRAW_MULTI longer than its most spans is malformed. */
    {
        struct wire_header h = {WIRE_OP_DRAW_MULTI, 0, (uint32_t)sizeof(struct wire_draw_multi) + 8};
        memset(wbuf, 0, 8 + h.size);
        memcpy(wbuf, &h, 8);
        memset(&d, 0, sizeof(d));
        wire_decode(&d, &log_handlers, &s, wbuf, 8 + h.size, false);
        ok(d.fatal, "a DRAW_MULTI past its size is refused");
    }
}

static void test_malformed(void)
{
    struct wire_writer w;
    struct wire_draw draw = {{1, 1}, 3, 0};
    struct wire_header h;
    uint8_t rec[64];
    bool all = true;

    writer_reset(&w);
    wire_emit_DRAW(&w, &draw);
    memcpy(rec, wbuf, 24);
    /* Truncated at every length. */
    for (size_t n = 1; n < 24; n++)
        all &= decode_fails(rec, n, NULL);
    ok(all, "every truncation of a record is refused");
    ok(decode_fails(rec, 4, "truncated"), "a cut header is named");
    ok(decode_fails(rec, 20, "past the end"), "a cut payload is named");

    /* A size that runs past the record (and past the span). */
    memcpy(&h, rec, 8);
    h.size = 1024;
    memcpy(rec, &h, 8);
    ok(decode_fails(rec, 24, "expected 16"), "size past the record");
    h.size = 8;
    memcpy(rec, &h, 8);
    ok(decode_fails(rec, 24, "expected 16"), "size short of the payload");
    h.size = 12;
    memcpy(rec, &h, 8);
    ok(decode_fails(rec, 24, "bad size"), "unaligned size");
    h.size = 16;
    h.flags = 1;
    memcpy(rec, &h, 8);
    ok(decode_fails(rec, 24, "flags"), "unknown flags");
    h.flags = 0;
    h.op = WIRE_OP_COUNT;
    memcpy(rec, &h, 8);
    ok(decode_fails(rec, 24, "unknown opcode"), "unknown opcode");
    h.op = 0xffff;
    memcpy(rec, &h, 8);
    ok(decode_fails(rec, 24, "unknown opcode 65535"), "unknown opcode 65535");

    /* NOP may pad any multiple of 8, and a partial record waits for more
     * when the transport allows it. */
    {
        struct wire_header nop = {WIRE_OP_NOP, 0, 40};
        struct wire_decoder d = {0};
        static struct seen s;
        uint8_t buf[48] = {0};
        memcpy(buf, &nop, 8);
        ok(wire_decode(&d, &log_handlers, &s, buf, 48, false) == 48 && !d.fatal,
           "NOP padding");
        memset(&d, 0, sizeof(d));
        {
            size_t used = wire_decode(&d, &log_handlers, &s, wbuf, 20, true);
            ok(used == 0 && !d.fatal,
               "a partial record is left for later when allowed (%zu, %s)", used,
               d.reason);
        }
    }

    /* Random bytes never crash the decoder and never read past the span. */
    srand(1234);
    for (int i = 0; i < 20000; i++) {
        size_t n = (size_t)(rand() % 96);
        uint8_t *buf = malloc(n ? n : 1);
        struct wire_decoder d = {0};
        static struct seen s;
        for (size_t j = 0; j < n; j++)
            buf[j] = (uint8_t)rand();
        if (n >= 2 && (rand() & 1)) {
            buf[0] = (uint8_t)(rand() % (WIRE_OP_COUNT + 2));
            buf[1] = 0;
        }
        memset(&s, 0, sizeof(s));
        size_t used = wire_decode(&d, &log_handlers, &s, buf, n, false);
        if (used > n)
            all = false;
        free(buf);
    }
    ok(all, "random input stays in bounds");
}

static void test_handles_and_stage(void)
{
    struct handle_table t = {0};
    struct wire_decoder d = {0};
    int obj1, obj2;
    uint8_t stage[4096];

    ok(!handle_table_check_new(&t, "texture", (wire_handle){1, 0}, &d) &&
           strstr(d.reason, "invalid"), "generation 0 is refused");
    memset(&d, 0, sizeof(d));
    ok(!handle_table_check_new(&t, "texture", (wire_handle){0, 1}, &d),
       "slot 0 is refused");
    memset(&d, 0, sizeof(d));
    ok(!handle_table_check_new(&t, "texture", (wire_handle){SERVER_MAX_SLOTS, 1}, &d),
       "a slot past the quota is refused");
    memset(&d, 0, sizeof(d));
    ok(handle_table_check_new(&t, "texture", (wire_handle){3, 1}, &d), "create 3:1");
    handle_table_set(&t, (wire_handle){3, 1}, &obj1);
    ok(handle_table_get(&t, "texture", (wire_handle){3, 1}, &d) == &obj1, "get 3:1");
    ok(!handle_table_get(&t, "texture", (wire_handle){3, 2}, &d) &&
           strstr(d.reason, "stale"), "a wrong generation is stale: %s", d.reason);
    memset(&d, 0, sizeof(d));
    ok(!handle_table_get(&t, "texture", (wire_handle){7, 1}, &d) &&
           strstr(d.reason, "unknown"), "an unknown handle: %s", d.reason);
    memset(&d, 0, sizeof(d));
    ok(!handle_table_check_new(&t, "texture", (wire_handle){3, 2}, &d) &&
           strstr(d.reason, "in use"), "a live slot cannot be created again");
    memset(&d, 0, sizeof(d));
    handle_table_set(&t, (wire_handle){3, 1}, NULL); /* destroyed */
    ok(!handle_table_get(&t, "texture", (wire_handle){3, 1}, &d) &&
           strstr(d.reason, "destroyed"), "a destroyed handle: %s", d.reason);
    memset(&d, 0, sizeof(d));
    ok(!handle_table_check_new(&t, "texture", (wire_handle){3, 1}, &d) &&
           strstr(d.reason, "old generation"), "an old generation cannot come back");
    memset(&d, 0, sizeof(d));
    ok(handle_table_check_new(&t, "texture", (wire_handle){3, 2}, &d), "recreate 3:2");
    handle_table_set(&t, (wire_handle){3, 2}, &obj2);
    ok(!handle_table_get(&t, "texture", (wire_handle){3, 1}, &d) &&
           strstr(d.reason, "stale"), "the old generation is stale now");
    handle_table_cleanup(&t);

    memset(&d, 0, sizeof(d));
    ok(stage_check(&d, stage, sizeof(stage), 4000, 96, "t") == stage + 4000 && !d.fatal,
       "an exact fit in the stage ring");
    ok(!stage_check(&d, stage, sizeof(stage), 4000, 97, "t") && d.fatal &&
           strstr(d.reason, "past the stage ring"), "one byte past the ring");
    memset(&d, 0, sizeof(d));
    ok(!stage_check(&d, stage, sizeof(stage), 0xffffffffu, 2, "t") && d.fatal,
       "an offset that would wrap");
    memset(&d, 0, sizeof(d));
    ok(!stage_check(&d, stage, sizeof(stage), 0, 1ull << 40, "t") && d.fatal,
       "an absurd size");
}

/* ---- the ring transport without a server ---- */

struct ring_pair {
    struct transport_client *tc;
    struct transport_end *end;
};

/* bells: RING_BELL_FUTEX (inproc, shm) or RING_BELL_SOCKET (shm-tcp, the
 * doorbells over a socket pair here). */
static void ring_pair_create(struct ring_pair *p, enum ring_bell_kind bells)
{
    struct wire_hello hello;
    uint8_t *map;
    size_t size;
    int fd, *refs = malloc(sizeof(int)), sv[2] = {-1, -1};

    *refs = 2;
    transport_fill_hello(&hello, "test", WIRE_TRANSPORT_INPROC, 4096, 1u << 16);
    ok(ring_segment_create(4096, 1u << 16, &fd, &map, &size), "segment");
    close(fd);
    if (bells == RING_BELL_SOCKET)
        ok(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0, "socketpair");
    p->tc = ring_client_create(map, size, -1, sv[0], refs, bells);
    p->end = ring_end_create(map, size, sv[1], refs, &hello, bells);
    ok(p->tc && p->end, "ring client and end");
}

struct drain_arg {
    struct transport_end *end;
    uint64_t draws, bytes_checked;
    bool bad;
    uint64_t *limit; /* when set: a draw past this many waits until it rises */
};

static bool drain_draw_up(void *c, const struct wire_draw_up *p, uint32_t size)
{
    struct drain_arg *a = c;
    const uint8_t *v = a->end->stage + p->stage_offset;
    (void)size;
    while (a->limit && a->draws >= __atomic_load_n(a->limit, __ATOMIC_ACQUIRE))
        usleep(1000);
    /* The stage bytes the client wrote for this draw are still intact. */
    for (uint32_t i = 0; i < p->vertex_count * p->stride; i++)
        if (v[i] != (uint8_t)(p->block.slot + i))
            a->bad = true;
    a->bytes_checked += p->vertex_count * p->stride;
    a->draws++;
    return true;
}

static bool drain_ping(void *c, const struct wire_ping *p, uint32_t size)
{
    struct drain_arg *a = c;
    struct wire_reply r = {.seq = p->cookie, .values = {p->cookie * 2}};
    (void)size;
    a->end->ops->reply(a->end, &r, 0, 0);
    return true;
}

static void *drain_thread(void *arg)
{
    struct drain_arg *a = arg;
    struct wire_handlers h = log_handlers;
    struct wire_decoder d = {0};

    h.DRAW_UP = drain_draw_up;
    h.PING = drain_ping;
    for (;;) {
        const uint8_t *data;
        size_t size, used;
        if (!a->end->ops->next_span(a->end, &data, &size, 50))
            break;
        if (!size)
            continue;
        used = wire_decode(&d, &h, a, data, size, a->end->spans_may_split);
        if (d.fatal) {
            a->bad = true;
            fprintf(stderr, "drain: %s\n", d.reason);
            break;
        }
        a->end->ops->consumed(a->end, used);
    }
    /* The end goes first: an inproc-style client waits for it on close. */
    a->end->ops->destroy(a->end);
    return NULL;
}

static void run_traffic(struct transport_client *tc, struct transport_end *end,
                        const char *what)
{
    struct drain_arg a = {.end = end};
    pthread_t t;
    bool sent = true;
    struct wire_reply r;

    pthread_create(&t, NULL, drain_thread, &a);
    /* Many draws with stage bytes: wraps the 4 KiB command ring and the
     * stage ring many times over. */
    for (uint32_t i = 1; i <= 3000 && sent; i++) {
        uint32_t off, n = 1 + i % 50, stride = 20;
        void *p;
        struct wire_draw_up d;
        sent &= transport_stage_alloc(tc, n * stride, &off, &p);
        if (!sent)
            break;
        for (uint32_t b = 0; b < n * stride; b++)
            ((uint8_t *)p)[b] = (uint8_t)(i + b);
        d = (struct wire_draw_up){{i, 1}, n, stride, off, 0};
        sent &= wire_emit_DRAW_UP(&tc->w, &d);
    }
    ok(sent, "%s: 3000 draws sent", what);
    {
        struct wire_ping ping = {1};
        ok(wire_emit_PING(&tc->w, &ping) && transport_wait_reply(tc, &r) &&
               r.values[0] == 2, "%s: a reply comes back", what);
    }
    ok(a.draws == 3000 && !a.bad, "%s: %llu draws arrived with intact stage bytes",
       what, (unsigned long long)a.draws);
    transport_disconnect(tc);
    pthread_join(t, NULL);
}

/* One draw of n vertices of 20 bytes whose stage bytes carry a pattern
 * of its number, which drain_draw_up checks. */
static bool emit_patterned_draw(struct transport_client *tc, uint32_t i, uint32_t n)
{
    uint32_t off, stride = 20;
    void *p;
    struct wire_draw_up d;
    if (!transport_stage_alloc(tc, n * stride, &off, &p))
        return false;
    for (uint32_t b = 0; b < n * stride; b++)
        ((uint8_t *)p)[b] = (uint8_t)(i + b);
    d = (struct wire_draw_up){{i, 1}, n, stride, off, 0};
    return wire_emit_DRAW_UP(&tc->w, &d);
}

/* The stage ring's part in use grows (from 4 KiB of 64 KiB here).  After a
 * lap and a half with every draw released (a round trip after each), the
 * server stops reading: the ring wraps onto released bytes, then would wait
 * for unread ones and doubles instead; the draws placed before the growth
 * (in the second lap, at offsets the new half's layout gives to other
 * positions) stay intact until the server reads them, and so do those
 * after it, through laps of each size and allocations that need the whole
 * ring. */
static void run_growth(struct transport_client *tc, struct transport_end *end,
                       const char *what, bool ring)
{
    uint64_t limit = UINT64_MAX;
    struct drain_arg a = {.end = end, .limit = &limit};
    pthread_t t;
    bool sent = true;
    struct wire_reply r;
    uint32_t i = 1, k;

    pthread_create(&t, NULL, drain_thread, &a);
    ok(tc->stats.stage_in_use == 4096, "%s: 4 KiB of the stage ring in use at first (%llu)",
       what, (unsigned long long)tc->stats.stage_in_use);
    for (; i <= 20 && sent; i++)
        sent &= emit_patterned_draw(tc, i, 13) &&
                wire_emit_PING(&tc->w, &(struct wire_ping){i}) && transport_wait_reply(tc, &r);
    ok(sent && tc->stats.stage_grows == 0, "%s: a lap and a half of released bytes: no growth",
       what);
    __atomic_store_n(&limit, 20, __ATOMIC_RELEASE);
    for (k = 0; k < 40 && sent && (!ring || !tc->stats.stage_grows); k++, i++)
        sent &= emit_patterned_draw(tc, i, 13);
    ok(sent && (!ring || (tc->stats.stage_grows == 1 && tc->stats.stage_in_use == 8192 &&
                          k > 10 && k < 30)),
       "%s: with unread bytes ahead it grew once, to 8 KiB, instead of waiting (%llu growths "
       "after %u draws)", what, (unsigned long long)tc->stats.stage_grows, k);
    /* (The stream's buffer is the client's own: it wraps when its sender has
     * sent what it holds, whatever the server has read.) */
    for (k = 0; k < 10 && sent; k++, i++)
        sent &= emit_patterned_draw(tc, i, 13);
    __atomic_store_n(&limit, UINT64_MAX, __ATOMIC_RELEASE);
    for (; i <= 3000 && sent; i++)
        /* Now and then 20 KiB at once: more than half of 32 KiB. */
        sent &= emit_patterned_draw(tc, i, i % 500 == 0 ? 1024 : 1 + i % 50);
    ok(sent, "%s: 3000 draws sent", what);
    /* (drain_ping answers seq = cookie: the 21st round trip.) */
    ok(wire_emit_PING(&tc->w, &(struct wire_ping){21}) && transport_wait_reply(tc, &r) &&
           r.values[0] == 42, "%s: a reply comes back", what);
    ok(a.draws == 3000 && !a.bad, "%s: %llu draws arrived with intact stage bytes", what,
       (unsigned long long)a.draws);
    ok(tc->stats.stage_in_use == 65536 && tc->stats.stage_grows == 4,
       "%s: it reached the whole 64 KiB in 4 doublings (%llu)", what,
       (unsigned long long)tc->stats.stage_grows);
    transport_disconnect(tc);
    pthread_join(t, NULL);
}

static void test_ring_growth(void)
{
    struct ring_pair p;
    transport_set_initial_stage(4096);
    ring_pair_create(&p, RING_BELL_FUTEX);
    transport_set_initial_stage(0);
    if (p.tc && p.end)
        run_growth(p.tc, p.end, "ring growth", true);
}

static void test_stream_growth(void)
{
    int sv[2];
    struct wire_hello hello;
    struct transport_client *tc;
    struct transport_end *end;

    ok(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0, "socketpair");
    transport_fill_hello(&hello, "test", WIRE_TRANSPORT_STREAM, 0, 1u << 16);
    transport_set_initial_stage(4096);
    tc = stream_client_create(sv[0], "stream-test", 1u << 16);
    transport_set_initial_stage(0);
    end = stream_end_create(sv[1], &hello);
    ok(tc && end, "stream client and end");
    if (tc && end)
        run_growth(tc, end, "stream growth", false);
}

static void test_ring(void)
{
    struct ring_pair p;
    ring_pair_create(&p, RING_BELL_FUTEX);
    if (p.tc && p.end)
        run_traffic(p.tc, p.end, "ring");
}

static void test_ring_socket_bells(void)
{
    struct ring_pair p;
    ring_pair_create(&p, RING_BELL_SOCKET);
    if (p.tc && p.end)
        run_traffic(p.tc, p.end, "ring, socket doorbells");
}

static void test_stream(void)
{
    int sv[2];
    struct wire_hello hello;
    struct transport_client *tc;
    struct transport_end *end;

    ok(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0, "socketpair");
    transport_fill_hello(&hello, "test", WIRE_TRANSPORT_STREAM, 0, 1u << 16);
    tc = stream_client_create(sv[0], "stream-test", 1u << 16);
    end = stream_end_create(sv[1], &hello);
    ok(tc && end, "stream client and end");
    if (tc && end)
        run_traffic(tc, end, "stream");
}

/* A transport that waits where it should not hangs: that is a failure. */
static void timed_out(int sig)
{
    static const char msg[] = "FAIL test_wire: still running after 120 s (a transport hangs)\n";
    (void)sig;
    if (write(2, msg, sizeof(msg) - 1) < 0)
        _exit(3);
    _exit(2);
}

int main(void)
{
    signal(SIGALRM, timed_out);
    alarm(120);
    test_round_trip();
    test_draw_merge();
    test_malformed();
    test_handles_and_stage();
    test_ring();
    test_ring_socket_bells();
    test_ring_growth();
    test_stream();
    test_stream_growth();
    return test_done();
}
