/* The session, for every transport and platform: the hello and welcome of
 * the handshake, choosing a transport, and the client calls that do not
 * depend on one.  The platform's sockets are in socket.c (POSIX: unix and
 * TCP, inproc, shm, the listener) and socket_win32.c (Winsock: TCP). */
#include "transport/transport_private.h"

#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int transport_connect_timeout_ms(void)
{
    return (int)nr_env_int("NEREID_CONNECT_TIMEOUT_MS", 10000, 100, 600000);
}

void transport_fill_hello(struct wire_hello *h, const char *client_name,
                          uint32_t transport, uint32_t cmd_size,
                          uint32_t stage_size)
{
    memset(h, 0, sizeof(*h));
    h->magic = WIRE_MAGIC;
    h->version = WIRE_PROTOCOL_VERSION;
    h->fingerprint = wire_fingerprint();
    snprintf(h->client_name, sizeof(h->client_name), "%s",
             client_name ? client_name : "?");
    h->transport = transport;
    h->cmd_ring_size = cmd_size;
    h->stage_ring_size = stage_size;
    h->event_ring_count = TRANSPORT_EVENT_SLOTS;
    transport_read_token(h->token, sizeof(h->token));
}

bool transport_check_welcome(const struct wire_welcome *w, char *reason,
                             size_t reason_size)
{
    if (w->magic != WIRE_MAGIC) {
        snprintf(reason, reason_size, "the peer is not a nereid server");
        return false;
    }
    if (w->status != WIRE_OK) {
        char r[sizeof(w->reason) + 1];
        memcpy(r, w->reason, sizeof(w->reason));
        r[sizeof(w->reason)] = 0;
        snprintf(reason, reason_size, "the server refused the session (%s): %s",
                 wire_status_name(w->status), r);
        return false;
    }
    return true;
}


bool transport_recv_welcome(int fd, struct wire_welcome *w, char *reason,
                            size_t reason_size)
{
    struct stream_frame f;
    int timeout_ms = transport_connect_timeout_ms();
    if (!sock_recv_all(fd, &f, sizeof(f), timeout_ms) ||
        f.type != STREAM_WELCOME || f.size != sizeof(*w) ||
        !sock_recv_all(fd, w, sizeof(*w), timeout_ms)) {
        snprintf(reason, reason_size, "no welcome from the server within %d ms",
                 timeout_ms);
        return false;
    }
    return transport_check_welcome(w, reason, reason_size);
}

void shm_segment_path(const struct stream_segment *seg, char *buf, size_t size)
{
    snprintf(buf, size, "/proc/%u/fd/%u", seg->pid, seg->fd);
}

static void send_mapped(int sock, bool mapped)
{
    struct stream_frame f = {STREAM_SEGMENT_MAPPED, 0, mapped ? 1u : 0u, 0, 0};
    sock_send_all(sock, &f, sizeof(f));
}

static bool shm_file_client_handshake(int sock, const struct wire_hello *hello,
                               shm_file_map_fn map_fn, shm_file_unmap_fn unmap_fn,
                               uint8_t **map_out, size_t *size_out,
                               struct wire_welcome *welcome, bool *not_here,
                               char *reason, size_t reason_size)
{
    int timeout_ms = transport_connect_timeout_ms();
    struct ring_segment_layout lay;
    struct stream_segment seg;
    struct transport_ctrl *ctrl;
    struct stream_frame f;
    char path[64];
    uint8_t *map;

    *not_here = false;
    if (!sock_recv_all(sock, &f, sizeof(f), timeout_ms)) {
        snprintf(reason, reason_size, "no answer to the shm-tcp hello within %d ms",
                 timeout_ms);
        return false;
    }
    if (f.type == STREAM_WELCOME) {
        /* Refused before a segment was made (an older server says "unknown
         * transport" here). */
        if (f.size != sizeof(*welcome) ||
            !sock_recv_all(sock, welcome, sizeof(*welcome), timeout_ms)) {
            snprintf(reason, reason_size, "a malformed welcome from the server");
            return false;
        }
        *not_here = true;
        if (transport_check_welcome(welcome, reason, reason_size))
            snprintf(reason, reason_size,
                     "the server welcomed shm-tcp without making the rings");
        return false;
    }
    if (f.type != STREAM_SEGMENT || f.size != sizeof(seg) ||
        !sock_recv_all(sock, &seg, sizeof(seg), timeout_ms)) {
        snprintf(reason, reason_size, "a malformed shm-tcp segment frame");
        return false;
    }
    if (!ring_layout(hello->cmd_ring_size, hello->stage_ring_size,
                     hello->event_ring_count, &lay) ||
        seg.total != lay.total || seg.cmd_off != lay.cmd_off ||
        seg.stage_off != lay.stage_off || seg.events_off != lay.events_off ||
        seg.ctrl_size != sizeof(struct transport_ctrl) || !seg.pid) {
        send_mapped(sock, false);
        *not_here = true;
        snprintf(reason, reason_size,
                 "the server's shm-tcp segment does not match this client's "
                 "ring layout (a different nereid version?)");
        return false;
    }
    shm_segment_path(&seg, path, sizeof(path));
    map = map_fn(path, (size_t)seg.total, reason, reason_size);
    if (map)
        /* The rings this side writes, before the server uses them. */
        transport_prefault(map + lay.cmd_off, lay.stage_off - lay.cmd_off +
                                                  transport_initial_stage(hello->stage_ring_size));
    if (!map) {
        send_mapped(sock, false);
        *not_here = true;
        return false;
    }
    ctrl = (struct transport_ctrl *)map;
    if (ctrl->cmd_size != hello->cmd_ring_size ||
        ctrl->stage_size != hello->stage_ring_size ||
        ctrl->event_slots != hello->event_ring_count) {
        send_mapped(sock, false);
        unmap_fn(map, (size_t)seg.total);
        *not_here = true;
        snprintf(reason, reason_size,
                 "%s is not the segment the server described (not shared "
                 "memory with it?)", path);
        return false;
    }
    send_mapped(sock, true);
    if (!transport_recv_welcome(sock, welcome, reason, reason_size)) {
        unmap_fn(map, (size_t)seg.total);
        return false;
    }
    *map_out = map;
    *size_out = (size_t)seg.total;
    return true;
}

struct transport_client *shm_file_client_connect(int sock, const char *name,
                                                 shm_file_map_fn map_fn,
                                                 shm_file_unmap_fn unmap_fn,
                                                 bool *not_here, char *reason,
                                                 size_t reason_size)
{
    struct wire_hello hello;
    struct wire_welcome welcome;
    struct transport_client *tc;
    struct stream_frame f = {STREAM_HELLO, sizeof(hello), 0, 0, 0};
    uint8_t *map;
    size_t size;

    *not_here = false;
    transport_fill_hello(&hello, name, WIRE_TRANSPORT_SHM_FILE,
                         TRANSPORT_DEFAULT_CMD_RING, transport_stage_ring_size());
    if (!sock_send_all(sock, &f, sizeof(f)) ||
        !sock_send_all(sock, &hello, sizeof(hello))) {
        snprintf(reason, reason_size, "cannot send the hello");
        sock_close(sock);
        return NULL;
    }
    if (!shm_file_client_handshake(sock, &hello, map_fn, unmap_fn, &map, &size, &welcome,
                                   not_here, reason, reason_size)) {
        sock_close(sock);
        return NULL;
    }
    tc = ring_client_create(map, size, -1, sock, NULL, RING_BELL_SOCKET);
    if (!tc) {
        unmap_fn(map, size);
        sock_close(sock);
        snprintf(reason, reason_size, "out of memory");
        return NULL;
    }
    tc->kind_name = "shm-tcp";
    tc->caps = welcome.caps;
    tc->context_id = welcome.context_id;
    return tc;
}

/* At least 32 MiB: the front end moves textures in bands of up to 8 MiB and
 * one allocation may take at most half of the ring. */
/* A session that stages next to nothing (the adapter probe) has a small
 * stage ring: it is made, and touched, for every IDirect3D9. */
static __thread bool small_session;

uint32_t transport_stage_ring_size(void)
{
    if (small_session)
        return 1u << 20;
    long mb = nr_env_int("NEREID_STAGE_MB", 64, 32, 512);
    uint32_t size = 1u << 20;
    while (size < (uint32_t)mb << 20)
        size <<= 1;
    return size;
}

static uint32_t present_credits(void)
{
    return (uint32_t)nr_env_int("NEREID_PRESENT_CREDITS", 1, 1, 8);
}

static struct transport_client *connect_stream(const char *address,
                                               const char *name, char *reason,
                                               size_t reason_size)
{
    struct wire_hello hello;
    struct wire_welcome welcome;
    struct transport_client *tc;
    struct stream_frame f = {STREAM_HELLO, sizeof(hello), 0, 0, 0};
    bool is_unix;
    int sock;

    sock = sock_connect(address, &is_unix, reason, reason_size);
    if (sock < 0)
        return NULL;
    transport_fill_hello(&hello, name, WIRE_TRANSPORT_STREAM, 0,
                         transport_stage_ring_size());
    if (!sock_send_all(sock, &f, sizeof(f)) ||
        !sock_send_all(sock, &hello, sizeof(hello))) {
        snprintf(reason, reason_size, "cannot send the hello");
        sock_close(sock);
        return NULL;
    }
    if (!transport_recv_welcome(sock, &welcome, reason, reason_size)) {
        sock_close(sock);
        return NULL;
    }
    tc = stream_client_create(sock, is_unix ? "stream-unix" : "stream-tcp",
                              hello.stage_ring_size);
    if (!tc) {
        sock_close(sock);
        return NULL;
    }
    tc->caps = welcome.caps;
    tc->context_id = welcome.context_id;
    return tc;
}

struct transport_client *transport_connect_to(const char *transport,
                                              const char *address,
                                              const char *client_name,
                                              char *reason, size_t reason_size)
{
    struct transport_client *tc = NULL;
    bool by_default = false, not_here = false;

    if (!transport || !*transport) {
        transport = transport_default_kind;
        by_default = true;
    }
    if (!strcmp(transport, "inproc")) {
        tc = transport_connect_inproc(client_name, reason, reason_size);
    } else if (!strcmp(transport, "shm")) {
        tc = transport_connect_shm(address, client_name, &not_here, reason,
                                   reason_size);
        /* Chosen by default (d3d9.dll): where the server answered but shm
         * cannot be had with it (an older server, a server on another
         * machine or of another user), stream works the same, only slower.  Asked
         * for by name, it fails instead. */
        if (!tc && by_default && not_here) {
            NR_WARN(TRANSPORT, "shm is not available (%s): using stream", reason);
            tc = connect_stream(address, client_name, reason, reason_size);
        }
    } else if (!strcmp(transport, "stream"))
        tc = connect_stream(address, client_name, reason, reason_size);
    else
        snprintf(reason, reason_size,
                 "unknown NEREID_TRANSPORT '%s' (inproc, shm or stream)",
                 transport);
    if (tc)
        tc->present_credits = present_credits();
    return tc;
}

struct transport_client *transport_connect_small(const char *client_name, char *reason,
                                                 size_t reason_size)
{
    struct transport_client *tc;
    small_session = true;
    tc = transport_connect(client_name, reason, reason_size);
    small_session = false;
    return tc;
}

struct transport_client *transport_connect(const char *client_name,
                                           char *reason, size_t reason_size)
{
    return transport_connect_to(getenv("NEREID_TRANSPORT"),
                                getenv("NEREID_SERVER"), client_name, reason,
                                reason_size);
}

void transport_disconnect(struct transport_client *tc)
{
    if (tc)
        tc->ops->destroy(tc);
}

bool transport_flush(struct transport_client *tc)
{
    return !tc->lost && tc->ops->flush(tc);
}

bool transport_wait_reply(struct transport_client *tc, struct wire_reply *out)
{
    uint64_t seq = ++tc->replies_sent;
    tc->stats.round_trips++;
    if (tc->lost)
        return false;
    return tc->ops->wait_reply(tc, seq, out);
}

bool transport_present_wait(struct transport_client *tc)
{
    uint64_t frame = ++tc->presents_sent;
    if (tc->lost)
        return false;
    if (frame <= tc->present_credits)
        return tc->ops->flush(tc);
    return tc->ops->wait_presents(tc, frame - tc->present_credits);
}

