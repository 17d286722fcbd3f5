/* Private to the transport layer. */
#ifndef NEREID_TRANSPORT_PRIVATE_H
#define NEREID_TRANSPORT_PRIVATE_H

#include "transport/transport.h"

/* ring.c: the shared segment (inproc and shm). */
struct ring_segment_layout {
    size_t ctrl_off, events_off, cmd_off, stage_off, total;
};
bool ring_layout(uint32_t cmd_size, uint32_t stage_size, uint32_t event_slots,
                 struct ring_segment_layout *l);
/* Creates a sealed memfd segment of the layout's size, mapped; ctrl filled. */
bool ring_segment_create(uint32_t cmd_size, uint32_t stage_size, int *fd_out,
                         uint8_t **map_out, size_t *size_out);
/* Client over a mapped segment.  sock >= 0: the shm session socket (closed
 * with the client); inproc passes -1 and a shared reference count. */
struct transport_client *ring_client_create(uint8_t *map, size_t map_size,
                                            int memfd, int sock,
                                            int *shared_refs);
/* Server end over a mapped segment (validated by the caller). */
struct transport_end *ring_end_create(uint8_t *map, size_t map_size, int sock,
                                      int *shared_refs,
                                      const struct wire_hello *hello);
void ring_segment_unref(uint8_t *map, size_t size, int *shared_refs);

/* stream.c */
struct transport_client *stream_client_create(int sock, const char *kind_name,
                                              uint32_t stage_size);
struct transport_end *stream_end_create(int sock, const struct wire_hello *hello);

/* socket.c: whole-buffer I/O with a deadline; false on error, EOF or time-out. */
bool sock_send_all(int fd, const void *buf, size_t size);
bool sock_recv_all(int fd, void *buf, size_t size, int timeout_ms);
/* Non-blocking check: true when the peer has hung up. */
bool sock_peer_gone(int fd);

void transport_fill_hello(struct wire_hello *h, const char *client_name,
                          uint32_t transport, uint32_t cmd_size,
                          uint32_t stage_size);
bool transport_check_welcome(const struct wire_welcome *w, char *reason,
                             size_t reason_size);

/* Frames of the stream transport (also the handshake on every socket). */
enum stream_frame_type {
    STREAM_HELLO = 1,   /* payload: wire_hello */
    STREAM_WELCOME,     /* payload: wire_welcome */
    STREAM_CMD,         /* payload: whole records */
    STREAM_STAGE,       /* payload: bytes for stage offset `arg` */
    STREAM_REPLY,       /* payload: wire_reply, then stage bytes for `arg` */
    STREAM_EVENT,       /* payload: wire_event */
    STREAM_PRESENT_DONE /* arg64: frames completed */
};
struct stream_frame {
    uint32_t type;
    uint32_t size; /* payload bytes */
    uint32_t arg;
    uint32_t reserved;
    uint64_t arg64;
};
#define STREAM_MAX_CMD_FRAME (4u << 20)

#endif
