/* nereid transport: moves wire records, stage bytes, replies, events and
 * present completions between a client and a server context.
 *
 *   inproc  the rings below in process memory, the server context on a thread
 *           of the same process (the default for libd3d9.so)
 *   shm     the same rings in a sealed memfd handed to nereid-server over a
 *           unix socket; futex doorbells; the socket only carries the
 *           handshake and tells each side when the other is gone
 *   shm-tcp the same rings in a sealed memfd of the server, opened through /proc and named
 *           over a TCP socket that also carries the doorbells (d3d9.dll
 *           under Wine, which can pass neither a memfd nor a futex)
 *   stream  records and their stage bytes framed over a unix or TCP socket
 *
 * Client side: the front end writes records through tc->w (wire_emit_*),
 * reserves stage space with transport_stage_alloc, and waits only in
 * transport_wait_reply and transport_present.  Server side: a context pulls
 * spans of records from a transport_end and answers through it. */
#ifndef NEREID_TRANSPORT_H
#define NEREID_TRANSPORT_H

#include "wire/wire.h"

#define TRANSPORT_DEFAULT_CMD_RING (1u << 20)    /* 1 MiB */
#define TRANSPORT_DEFAULT_STAGE_RING (64u << 20) /* 64 MiB */
#define TRANSPORT_MAX_STAGE_RING (512u << 20)
/* The part of the stage ring a client uses at first: it doubles (up to the
 * whole ring) when an allocation would otherwise wait for the server or
 * needs more than half of it, populating each new part in one call, so a
 * session commits only the memory its program keeps in flight. */
#define TRANSPORT_INITIAL_STAGE (4u << 20) /* 4 MiB */
#define TRANSPORT_EVENT_SLOTS 64u
/* Where a client without NEREID_SERVER looks for nereid-server over TCP
 * (the Windows d3d9.dll, which has no unix sockets): tcp:127.0.0.1:47389. */
#define TRANSPORT_DEFAULT_TCP_PORT 47389

/* Counters, always on. */
struct transport_stats {
    uint64_t waits[3]; /* by enum wire_wait: NONE counts ring-full stalls */
    uint64_t round_trips;
    uint64_t stage_bytes;
    uint64_t flushes;
    uint64_t doorbells;
    uint64_t stage_in_use; /* bytes of the stage ring in use (it grows) */
    uint64_t stage_grows;
};

struct transport_client;

struct transport_client_ops {
    bool (*cmd_refill)(struct transport_client *tc, uint32_t need);
    bool (*stage_alloc)(struct transport_client *tc, uint32_t size,
                        uint32_t *offset, void **ptr);
    /* Like stage_alloc, for bytes the server writes and the client reads
     * after a reply: a transport that copies the stage (stream) does not
     * send them.  NULL: stage_alloc. */
    bool (*stage_reserve)(struct transport_client *tc, uint32_t size,
                          uint32_t *offset, void **ptr);
    bool (*flush)(struct transport_client *tc);
    /* Waits until the server answered REPLY number seq (1-based), copying
     * back the stage range [stage_offset, +stage_size) where the transport
     * does not share memory. */
    bool (*wait_reply)(struct transport_client *tc, uint64_t seq,
                       struct wire_reply *out);
    /* Waits until at least `frame` presents have completed. */
    bool (*wait_presents)(struct transport_client *tc, uint64_t frame);
    void (*destroy)(struct transport_client *tc);
};

struct transport_client {
    struct wire_writer w; /* first: the encoder writes here */
    /* The stage window: [stage_off, stage_end) of the stage ring at
     * stage_base is free to allocate without asking the transport. */
    uint8_t *stage_base;
    uint32_t stage_off, stage_end;
    const struct transport_client_ops *ops;
    struct wire_caps caps;
    uint32_t context_id;
    const char *kind_name; /* "inproc", "shm", "shm-tcp", "stream-unix", "stream-tcp" */
    uint64_t replies_sent;
    uint64_t presents_sent;
    uint32_t present_credits;
    bool lost; /* the server is gone or the context was cut off */
    char lost_reason[160];
    struct transport_stats stats;
    /* Errors the server reported for records the client ran ahead of. */
    struct wire_event last_event;
    uint64_t events_seen;
};

/* Connects as NEREID_TRANSPORT / NEREID_SERVER say (defaults: inproc, the
 * per-user socket).  NULL with *reason filled when no server can be had.
 * transport_connect_small: the same with a 1 MiB stage ring, for sessions
 * that stage next to nothing (the adapter probe of every IDirect3D9). */
struct transport_client *transport_connect_small(const char *client_name, char *reason,
                                                 size_t reason_size);
struct transport_client *transport_connect(const char *client_name,
                                           char *reason, size_t reason_size);
/* The same with the transport and address given (NULL address: default). */
struct transport_client *transport_connect_to(const char *transport,
                                              const char *address,
                                              const char *client_name,
                                              char *reason, size_t reason_size);
void transport_disconnect(struct transport_client *tc);

/* Stage space for one item of size bytes (contiguous).  The bytes must be
 * written before the record that names them is flushed. */
NR_MUST_USE static inline bool transport_stage_alloc(struct transport_client *tc,
                                                     uint32_t size,
                                                     uint32_t *offset, void **ptr)
{
    uint32_t aligned = (size + 15u) & ~15u;
    tc->stats.stage_bytes += size;
    /* The fast path: inside the window the transport knows to be free. */
    if (__builtin_expect(aligned >= size && tc->stage_end - tc->stage_off >= aligned, 1)) {
        *offset = tc->stage_off;
        *ptr = tc->stage_base + tc->stage_off;
        tc->stage_off += aligned;
        return true;
    }
    return tc->ops->stage_alloc(tc, size, offset, ptr);
}

/* Stage space of size bytes right at `end`, the end of the last
 * allocation (not rounded up), when nothing was allocated since and the
 * window holds them: what lets DrawPrimitiveUP's vertices follow the last
 * draw's so that the two join (wire_run_join).  NULL otherwise; then
 * transport_stage_alloc as usual.  Allocations still start 16-aligned. */
static inline void *transport_stage_continue(struct transport_client *tc, uint64_t end,
                                             uint32_t size)
{
    uint64_t next = (end + size + 15u) & ~(uint64_t)15u;
    if (((end + 15u) & ~(uint64_t)15u) != tc->stage_off || next > tc->stage_end)
        return NULL;
    tc->stats.stage_bytes += size;
    tc->stage_off = (uint32_t)next;
    return tc->stage_base + end;
}

/* Stage space for a reply's bytes (READ_TEXTURE and the like): the record
 * that names it must be followed by transport_wait_reply. */
NR_MUST_USE static inline bool transport_stage_reserve(struct transport_client *tc,
                                                       uint32_t size,
                                                       uint32_t *offset, void **ptr)
{
    if (tc->ops->stage_reserve)
        return tc->ops->stage_reserve(tc, size, offset, ptr);
    return transport_stage_alloc(tc, size, offset, ptr);
}

/* Publishes everything written so far. */
bool transport_flush(struct transport_client *tc);
/* Flushes and waits for the answer to the REPLY record just written. */
bool transport_wait_reply(struct transport_client *tc, struct wire_reply *out);
/* Flushes after a PRESENT record and waits for a present credit. */
bool transport_present_wait(struct transport_client *tc);

/* ---- the default socket address ---- */
void transport_default_socket_path(char *buf, size_t size);

/* ---- server side ---- */

struct transport_end;

struct transport_end_ops {
    /* Waits up to timeout_ms for records; a span of whole records (or an
     * empty span on time-out).  false: the client is gone. */
    bool (*next_span)(struct transport_end *e, const uint8_t **data,
                      size_t *size, int timeout_ms);
    void (*consumed)(struct transport_end *e, size_t bytes);
    /* Answers a REPLY record; the server already wrote stage_size bytes at
     * stage_offset of e->stage (stage_size 0: no bytes). */
    void (*reply)(struct transport_end *e, const struct wire_reply *r,
                  uint32_t stage_offset, uint32_t stage_size);
    void (*event)(struct transport_end *e, const struct wire_event *ev);
    void (*present_done)(struct transport_end *e, uint64_t frame);
    void (*destroy)(struct transport_end *e);
};

struct transport_end {
    const struct transport_end_ops *ops;
    uint8_t *stage;      /* the stage ring as the server sees it */
    uint32_t stage_size;
    bool spans_may_split; /* false: a span always ends on a record boundary */
    struct wire_hello hello;
    /* Set by next_span when the client broke the transport's own rules (an
     * impossible ring position, a frame out of bounds): the context is cut
     * off with this reason. */
    char violation[128];
};

/* The listening side of nereid-server: accepts unix (and TCP) sessions. */
struct transport_listener;
/* Called for each accepted session after the hello was read; fills the
 * welcome (status, caps).  The callback takes ownership of the end when it
 * returns true. */
typedef bool (*transport_accept_fn)(void *user, struct transport_end *end,
                                    struct wire_welcome *welcome);
struct transport_listener *transport_listen(const char *unix_path,
                                            const char *tcp_addr,
                                            transport_accept_fn accept,
                                            void *user);
/* Runs the accept loop until transport_listener_stop (or a signal sets
 * *stop); then closes the sockets. */
void transport_listener_run(struct transport_listener *l, volatile int *stop);
/* Makes a random token for TCP sessions and writes it to the token file
 * (transport_token_path: 0600, ours); from then on a TCP hello must carry
 * it.  False (and no token) when the file cannot be written. */
bool transport_listener_make_token(struct transport_listener *l);
void transport_listener_destroy(struct transport_listener *l);

/* ---- inproc: the host is the server layer, registered at start-up ---- */

/* The server layer supplies this; the front end never includes the server.
 * attach() takes a server end and returns with the welcome filled; it may
 * refuse. */
struct transport_inproc_host {
    bool (*attach)(struct transport_end *end, struct wire_welcome *welcome);
    uint64_t fingerprint; /* wire_fingerprint() of the library it is in */
};
void transport_set_inproc_host(const struct transport_inproc_host *host);

/* ---- the shared ring segment (inproc, shm and shm-tcp) ---- */

/* The control page at the start of the segment.  Positions are monotonic
 * byte counts; ring index = position & (size - 1). */
struct transport_ctrl {
    uint64_t cmd_head;     /* client: bytes published */
    uint64_t cmd_tail;     /* server: bytes consumed (records fully handled) */
    uint64_t reply_seq;    /* server: last REPLY answered */
    uint64_t presents_done;
    uint64_t event_head;   /* server */
    uint64_t event_tail;   /* client */
    uint32_t server_bell, server_parked;
    uint32_t client_bell, client_parked;
    uint32_t fatal;        /* server: the context is cut off */
    uint32_t closed;       /* client: the session is over */
    uint32_t cmd_size, stage_size, event_slots;
    uint32_t server_gone;  /* server: the end is destroyed (inproc waits) */
    struct wire_reply reply;
};

#endif
