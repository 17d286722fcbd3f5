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
/* Touches every page of [base, base + size) (keeping its bytes), so that
 * no page fault waits on the hot path later. */
void transport_prefault(uint8_t *base, size_t size);
/* Bytes of a stage ring of stage_size that a client populates up front. */
uint32_t transport_initial_stage(uint32_t stage_size);
/* For tests: the initial part of later sessions' stage rings (a power of
 * two of at least 4 KiB; 0: TRANSPORT_INITIAL_STAGE). */
void transport_set_initial_stage(uint32_t size);
/* Fills the control page of a new segment. */
void ring_segment_init(uint8_t *map, uint32_t cmd_size, uint32_t stage_size);
/* Creates a sealed memfd segment of the layout's size, mapped; ctrl filled
 * (POSIX only). */
bool ring_segment_create(uint32_t cmd_size, uint32_t stage_size, int *fd_out,
                         uint8_t **map_out, size_t *size_out);
/* How a parked side of the rings is woken (see ring.c). */
enum ring_bell_kind {
    RING_BELL_FUTEX,  /* inproc, shm over a unix socket */
    RING_BELL_SOCKET, /* shm-tcp: one byte over the session socket */
};
/* Client over a mapped segment.  sock >= 0: the shm session socket (closed
 * with the client); inproc passes -1 and a shared reference count. */
struct transport_client *ring_client_create(uint8_t *map, size_t map_size,
                                            int memfd, int sock,
                                            int *shared_refs,
                                            enum ring_bell_kind bells);
/* Server end over a mapped segment (validated by the caller). */
struct transport_end *ring_end_create(uint8_t *map, size_t map_size, int sock,
                                      int *shared_refs,
                                      const struct wire_hello *hello,
                                      enum ring_bell_kind bells);
void ring_segment_unref(uint8_t *map, size_t size, int *shared_refs);

/* stream.c */
struct transport_client *stream_client_create(int sock, const char *kind_name,
                                              uint32_t stage_size);
struct transport_end *stream_end_create(int sock, const struct wire_hello *hello);

/* The platform's sockets: socket.c (POSIX) or socket_win32.c (Winsock).
 * A socket is an int on both: a Winsock SOCKET is a kernel handle, and
 * 64-bit Windows keeps handles within 32 significant bits (so that 32-bit
 * processes can share them); INVALID_SOCKET becomes -1. */
/* Whole-buffer I/O with a deadline; false on error, EOF or time-out. */
bool sock_send_all(int fd, const void *buf, size_t size);
bool sock_recv_all(int fd, void *buf, size_t size, int timeout_ms);
/* Sends the buffers whole and in order, as one gathered write where the
 * platform has one; false on error. */
struct sock_buf {
    const void *data;
    size_t size;
};
bool sock_send_bufs(int fd, const struct sock_buf *bufs, unsigned count);
/* Waits up to timeout_ms (< 0: no limit) until fd is readable or hung up;
 * false on time-out or error. */
bool sock_wait_readable(int fd, int timeout_ms);
/* Reads and discards whatever the socket holds now, without blocking;
 * false on EOF or error. */
bool sock_drain(int fd);
/* Non-blocking check: true when the peer has hung up. */
bool sock_peer_gone(int fd);
/* Shuts the connection down and closes fd. */
void sock_close(int fd);
/* Connects a client: "tcp:HOST:PORT", or (POSIX) "unix:PATH" or a bare
 * path; NULL or "": the platform's default address (POSIX: the per-user
 * unix socket; Windows: tcp:127.0.0.1:TRANSPORT_DEFAULT_TCP_PORT, where
 * d3d9.dll starts a server when none answers).  -1 with *reason. */
int sock_connect(const char *address, bool *is_unix, char *reason,
                 size_t reason_size);

/* What NEREID_TRANSPORT unset means: "inproc" on POSIX, "shm" on Windows
 * (which has no in-process server and no unix sockets: shm-tcp, falling
 * back to stream where the server cannot give it). */
extern const char transport_default_kind[];
/* inproc (socket.c; the Windows build says it is not there) and shm (a
 * unix address: the memfd rings; a TCP one: shm-tcp).  *not_here as for
 * shm_file_client_connect. */
struct transport_client *transport_connect_inproc(const char *name,
                                                  char *reason,
                                                  size_t reason_size);
struct transport_client *transport_connect_shm(const char *address,
                                               const char *name, bool *not_here,
                                               char *reason, size_t reason_size);

/* The file the server's TCP token is in: NEREID_TCP_TOKEN_FILE, else
 * $XDG_RUNTIME_DIR/nereid-tcp-token, else (POSIX) /tmp/nereid-tcp-token-UID;
 * false where there is none to look at.  socket.c, socket_win32.c. */
bool transport_token_path(char *buf, size_t size);
/* Reads the token (up to size - 1 bytes, a line) from that file; "" when
 * there is none. */
void transport_read_token(char *buf, size_t size);

/* session.c */
void transport_fill_hello(struct wire_hello *h, const char *client_name,
                          uint32_t transport, uint32_t cmd_size,
                          uint32_t stage_size);
bool transport_check_welcome(const struct wire_welcome *w, char *reason,
                             size_t reason_size);
/* Reads the server's WELCOME frame and checks it. */
bool transport_recv_welcome(int fd, struct wire_welcome *w, char *reason,
                            size_t reason_size);
/* NEREID_STAGE_MB as a power of two in bytes (default 64 MiB). */
uint32_t transport_stage_ring_size(void);
/* How long a client waits for a server to answer: the TCP connection and
 * the welcome each (NEREID_CONNECT_TIMEOUT_MS, default 10 s). */
int transport_connect_timeout_ms(void);

/* Frames of the stream transport (also the handshake on every socket). */
enum stream_frame_type {
    STREAM_HELLO = 1,   /* payload: wire_hello */
    STREAM_WELCOME,     /* payload: wire_welcome */
    STREAM_CMD,         /* payload: whole records */
    STREAM_STAGE,       /* payload: bytes for stage offset `arg` */
    STREAM_REPLY,       /* payload: wire_reply, then stage bytes for `arg` */
    STREAM_EVENT,       /* payload: wire_event */
    STREAM_PRESENT_DONE, /* arg64: frames completed */
    /* shm-tcp handshake, between HELLO and WELCOME: the server names the
     * segment it made (payload: stream_segment), the client
     * answers SEGMENT_MAPPED (no payload; arg 1: mapped, 0: could not). */
    STREAM_SEGMENT,
    STREAM_SEGMENT_MAPPED
};

/* Where the shm-tcp rings are: a memfd of the server, sealed against
 * shrinking and growing (a client can never fault the server by
 * truncating the rings), which the client opens as /proc/PID/fd/FD while
 * the server holds it open (until the client says it mapped it).  Nothing
 * is left in the file system if either side dies, and only a process of
 * the server's user may open it.  The layout travels too, so that a client
 * built by another compiler (the mingw-w64 d3d9.dll) checks it computes
 * the same one. */
struct stream_segment {
    uint32_t pid, fd;    /* the server's process and its descriptor of the memfd */
    char reserved_name[56];
    uint64_t total;      /* bytes of the file and of the mapping */
    uint64_t cmd_off, stage_off, events_off;
    uint32_t ctrl_size;  /* sizeof(struct transport_ctrl) */
    uint32_t reserved;
};
/* The path a client opens the segment at ("/proc/PID/fd/FD"). */
void shm_segment_path(const struct stream_segment *seg, char *buf, size_t size);
/* How the client maps and unmaps the segment at a POSIX path. */
typedef uint8_t *(*shm_file_map_fn)(const char *path, size_t size,
                                    char *reason, size_t reason_size);
typedef void (*shm_file_unmap_fn)(uint8_t *map, size_t size);
/* The client of shm-tcp over a connected socket (which it takes): sends
 * the hello, maps the segment with map_fn, makes the ring client with
 * socket doorbells.  *not_here (when it fails): the server answered, but
 * shm-tcp cannot be had with it (it refused the transport, or its file
 * cannot be mapped here): the moment to fall back to stream. */
struct transport_client *shm_file_client_connect(int sock, const char *name,
                                                 shm_file_map_fn map_fn,
                                                 shm_file_unmap_fn unmap_fn,
                                                 bool *not_here, char *reason,
                                                 size_t reason_size);
struct stream_frame {
    uint32_t type;
    uint32_t size; /* payload bytes */
    uint32_t arg;
    uint32_t reserved;
    uint64_t arg64;
};
#define STREAM_MAX_CMD_FRAME (4u << 20)

#endif
