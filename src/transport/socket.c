/* Connecting, listening and the session handshake, for every transport.
 *
 * A session opens with a HELLO frame from the client (protocol version, wire
 * fingerprint, client name, ring sizes; for shm the memfd rides along as
 * SCM_RIGHTS) and a WELCOME frame from the server (status, a reason when it
 * refuses, the caps).  shm-tcp has SEGMENT and SEGMENT_MAPPED in between
 * (shm_file_accept).  inproc does the same exchange as a function call.
 *
 * This file is the POSIX side: socket I/O, connecting (unix and TCP),
 * inproc, shm (and shm-tcp) and the listener.  session.c has the parts every platform
 * shares; socket_win32.c is the Winsock client. */
#define _GNU_SOURCE
#include "transport/transport_private.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <dlfcn.h>
#include <unistd.h>

#define HANDSHAKE_TIMEOUT_MS handshake_timeout_ms()
/* Connections still in their handshake at once: past this a new one is
 * closed at once (a flood of silent connections holds no more). */
#define MAX_HANDSHAKES 32

/* How long a client may take over its whole handshake
 * (NEREID_HANDSHAKE_TIMEOUT_MS, default 10 s). */
static int handshake_timeout_ms(void)
{
    static int ms;
    if (!ms)
        ms = (int)nr_env_int("NEREID_HANDSHAKE_TIMEOUT_MS", 10000, 100, 600000);
    return ms;
}

/* Bounds every blocking read and write on fd (0: no bound). */
static void sock_set_timeouts(int fd, int ms)
{
    struct timeval tv = {ms / 1000, (ms % 1000) * 1000};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
}

bool sock_send_all(int fd, const void *buf, size_t size)
{
    const uint8_t *p = buf;
    while (size) {
        ssize_t n = send(fd, p, size, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        p += n;
        size -= (size_t)n;
    }
    return true;
}

bool sock_recv_all(int fd, void *buf, size_t size, int timeout_ms)
{
    uint8_t *p = buf;
    while (size) {
        struct pollfd pfd = {fd, POLLIN, 0};
        int r = poll(&pfd, 1, timeout_ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        ssize_t n = recv(fd, p, size, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        size -= (size_t)n;
    }
    return true;
}

bool sock_send_bufs(int fd, const struct sock_buf *bufs, unsigned count)
{
    struct iovec iov[8];
    struct msghdr msg = {.msg_iov = iov, .msg_iovlen = count};
    size_t total = 0;

    if (count > NR_ARRAY_SIZE(iov))
        return false;
    for (unsigned i = 0; i < count; i++) {
        iov[i].iov_base = (void *)bufs[i].data;
        iov[i].iov_len = bufs[i].size;
        total += bufs[i].size;
    }
    while (total) {
        ssize_t n = sendmsg(fd, &msg, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        total -= (size_t)n;
        while (n > 0 && msg.msg_iovlen) {
            if ((size_t)n >= msg.msg_iov->iov_len) {
                n -= (ssize_t)msg.msg_iov->iov_len;
                msg.msg_iov++;
                msg.msg_iovlen--;
            } else {
                msg.msg_iov->iov_base = (uint8_t *)msg.msg_iov->iov_base + n;
                msg.msg_iov->iov_len -= (size_t)n;
                n = 0;
            }
        }
    }
    return true;
}

bool sock_wait_readable(int fd, int timeout_ms)
{
    struct pollfd p = {fd, POLLIN, 0};
    return poll(&p, 1, timeout_ms) > 0;
}

void sock_close(int fd)
{
    shutdown(fd, SHUT_RDWR);
    close(fd);
}

bool sock_drain(int fd)
{
    char buf[64];
    for (;;) {
        ssize_t n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT);
        if (n > 0)
            continue;
        if (n < 0 && errno == EINTR)
            continue;
        return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
    }
}

bool sock_peer_gone(int fd)
{
    struct pollfd pfd = {fd, POLLIN | POLLRDHUP, 0};
    char c;
    if (poll(&pfd, 1, 0) <= 0)
        return false;
    if (pfd.revents & (POLLHUP | POLLERR | POLLRDHUP | POLLNVAL))
        return true;
    /* Readable on a socket that carries nothing after the handshake: EOF. */
    return recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT) == 0;
}

void transport_default_socket_path(char *buf, size_t size)
{
    const char *dir = getenv("XDG_RUNTIME_DIR");
    if (dir && *dir)
        snprintf(buf, size, "%s/nereid.sock", dir);
    else
        snprintf(buf, size, "/tmp/nereid-%u.sock", (unsigned)getuid());
}

bool transport_token_path(char *buf, size_t size)
{
    const char *file = getenv("NEREID_TCP_TOKEN_FILE"), *dir = getenv("XDG_RUNTIME_DIR");
    if (file && *file)
        snprintf(buf, size, "%s", file);
    else if (dir && *dir)
        snprintf(buf, size, "%s/nereid-tcp-token", dir);
    else
        snprintf(buf, size, "/tmp/nereid-tcp-token-%u", (unsigned)getuid());
    return true;
}

void transport_read_token(char *buf, size_t size)
{
    char path[512];
    ssize_t n;
    int fd;

    buf[0] = 0;
    if (!transport_token_path(path, sizeof(path)) ||
        (fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) < 0)
        return;
    n = read(fd, buf, size - 1);
    close(fd);
    buf[n > 0 ? n : 0] = 0;
    buf[strcspn(buf, "\r\n")] = 0;
}

/* ---------------------------------------------------------------- connect */

const char transport_default_kind[] = "inproc";

static const struct transport_inproc_host *inproc_host;

void transport_set_inproc_host(const struct transport_inproc_host *host)
{
    inproc_host = host;
}

/* One in-process server a process.  Every nereid library (libd3d9.so,
 * libd3d11.so) has the server and exports this; the process's first one
 * (dlsym's global order) serves the inproc sessions of all of them, so
 * that D3D9 and D3D11 devices of one process share a server, and so its
 * shared textures.  A library of another wire (fingerprint) keeps its own,
 * as does one loaded RTLD_LOCAL. */
NR_EXPORT const struct transport_inproc_host *nereid_inproc_host_v1(void)
{
    return inproc_host;
}

static const struct transport_inproc_host *process_inproc_host(void)
{
    const struct transport_inproc_host *(*first)(void);
    *(void **)&first = dlsym(RTLD_DEFAULT, "nereid_inproc_host_v1");
    const struct transport_inproc_host *h = first ? first() : NULL;
    return h && h->fingerprint == wire_fingerprint() ? h : inproc_host;
}

/* A blocking connect to a host that does not answer takes as long as the
 * TCP stack likes: connect without blocking and wait timeout_ms ourselves.
 * Returns 0 with *out the connected socket, or an errno value. */
static int tcp_connect_timeout(const struct addrinfo *ai, int timeout_ms, int *out)
{
    int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    int err = 0;
    socklen_t len = sizeof(err);

    *out = -1;
    if (fd < 0)
        return errno;
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) < 0) {
        struct pollfd p = {.fd = fd, .events = POLLOUT};
        int n;
        if (errno != EINPROGRESS) {
            err = errno;
            close(fd);
            return err;
        }
        do
            n = poll(&p, 1, timeout_ms);
        while (n < 0 && errno == EINTR);
        if (n <= 0)
            err = n == 0 ? ETIMEDOUT : errno;
        else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) < 0)
            err = errno;
        if (err) {
            close(fd);
            return err;
        }
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    *out = fd;
    return 0;
}

int sock_connect(const char *address, bool *is_unix, char *reason,
                 size_t reason_size)
{
    char path[512];
    int fd;

    if (!address || !*address) {
        transport_default_socket_path(path, sizeof(path));
        address = path;
    }
    if (!strncmp(address, "tcp:", 4)) {
        char host[256];
        const char *port;
        struct addrinfo hints = {0}, *res = NULL;
        const char *spec = address + 4;

        port = strrchr(spec, ':');
        if (!port || (size_t)(port - spec) >= sizeof(host)) {
            snprintf(reason, reason_size, "bad TCP address '%s'", address);
            return -1;
        }
        memcpy(host, spec, (size_t)(port - spec));
        host[port - spec] = 0;
        hints.ai_family = AF_UNSPEC;
        hints.ai_socktype = SOCK_STREAM;
        if (getaddrinfo(host, port + 1, &hints, &res) || !res) {
            snprintf(reason, reason_size, "cannot resolve '%s'", address);
            return -1;
        }
        fd = -1;
        for (const struct addrinfo *ai = res; ai && fd < 0; ai = ai->ai_next) {
            int err = tcp_connect_timeout(ai, transport_connect_timeout_ms(), &fd);
            if (fd < 0)
                snprintf(reason, reason_size, "no server at %s: %s", address,
                         strerror(err));
        }
        freeaddrinfo(res);
        if (fd >= 0)
            setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &(int){1}, sizeof(int));
        *is_unix = false;
        return fd;
    }
    if (!strncmp(address, "unix:", 5))
        address += 5;
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    if (strlen(address) >= sizeof(sa.sun_path)) {
        snprintf(reason, reason_size, "socket path too long: %s", address);
        return -1;
    }
    strcpy(sa.sun_path, address);
    fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd >= 0 && connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
        snprintf(reason, reason_size, "no server at unix:%s: %s", address,
                 strerror(errno));
        close(fd);
        fd = -1;
    }
    *is_unix = true;
    return fd;
}

struct transport_client *transport_connect_inproc(const char *name,
                                                  char *reason,
                                                  size_t reason_size)
{
    struct wire_hello hello;
    struct wire_welcome welcome;
    struct transport_client *tc;
    struct transport_end *end;
    uint8_t *map;
    size_t size;
    int fd, *refs;

    const struct transport_inproc_host *host = process_inproc_host();
    if (!host) {
        snprintf(reason, reason_size, "this build has no in-process server");
        return NULL;
    }
    transport_fill_hello(&hello, name, WIRE_TRANSPORT_INPROC,
                         TRANSPORT_DEFAULT_CMD_RING, transport_stage_ring_size());
    if (!ring_segment_create(hello.cmd_ring_size, hello.stage_ring_size, &fd,
                             &map, &size)) {
        snprintf(reason, reason_size, "cannot create the rings");
        return NULL;
    }
    close(fd);
    refs = malloc(sizeof(*refs));
    if (!refs) {
        munmap(map, size);
        return NULL;
    }
    *refs = 2;
    tc = ring_client_create(map, size, -1, -1, refs, RING_BELL_FUTEX);
    end = ring_end_create(map, size, -1, refs, &hello, RING_BELL_FUTEX);
    if (!tc || !end) {
        snprintf(reason, reason_size, "out of memory");
        free(tc);
        free(end);
        munmap(map, size);
        free(refs);
        return NULL;
    }
    memset(&welcome, 0, sizeof(welcome));
    if (!host->attach(end, &welcome)) {
        /* The host destroyed the end. */
        transport_check_welcome(&welcome, reason, reason_size);
        tc->lost = true;
        tc->ops->destroy(tc);
        return NULL;
    }
    if (!transport_check_welcome(&welcome, reason, reason_size)) {
        tc->ops->destroy(tc);
        return NULL;
    }
    tc->kind_name = "inproc";
    tc->caps = welcome.caps;
    tc->context_id = welcome.context_id;
    return tc;
}

/* shm-tcp on this side: the server's sealed memfd, opened through /proc
 * while the server holds it (no O_NOFOLLOW: /proc/PID/fd/FD is a link by
 * design; the path is made of two numbers). */
static uint8_t *posix_shm_file_map(const char *path, size_t size, char *reason,
                                   size_t reason_size)
{
    struct stat st;
    uint8_t *map;
    int fd;

    fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &st) < 0 || (uint64_t)st.st_size < size) {
        snprintf(reason, reason_size, "cannot open the rings %s: %s", path,
                 fd < 0 ? strerror(errno) : "too small");
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
        snprintf(reason, reason_size, "cannot map the rings %s: %s", path,
                 strerror(errno));
        return NULL;
    }
    return map;
}

static void posix_shm_file_unmap(uint8_t *map, size_t size)
{
    munmap(map, size);
}

struct transport_client *transport_connect_shm(const char *address,
                                               const char *name, bool *not_here,
                                               char *reason, size_t reason_size)
{
    struct wire_hello hello;
    struct wire_welcome welcome;
    struct transport_client *tc;
    struct stream_frame f = {STREAM_HELLO, sizeof(hello), 0, 0, 0};
    bool is_unix;
    uint8_t *map;
    size_t size;
    int fd, sock;

    sock = sock_connect(address, &is_unix, reason, reason_size);
    if (sock < 0)
        return NULL;
    *not_here = false;
    if (!is_unix)
        /* A TCP address: shm-tcp, the rings in a sealed memfd the
         * server makes, socket doorbells (what d3d9.dll does under Wine;
         * natively it tests the server's half). */
        return shm_file_client_connect(sock, name, posix_shm_file_map, posix_shm_file_unmap,
                                       not_here, reason, reason_size);
    transport_fill_hello(&hello, name, WIRE_TRANSPORT_SHM,
                         TRANSPORT_DEFAULT_CMD_RING, transport_stage_ring_size());
    if (!ring_segment_create(hello.cmd_ring_size, hello.stage_ring_size, &fd,
                             &map, &size)) {
        snprintf(reason, reason_size, "cannot create the shared rings");
        close(sock);
        return NULL;
    }
    {
        char cbuf[CMSG_SPACE(sizeof(int))] = {0};
        struct iovec iov[2] = {{&f, sizeof(f)}, {&hello, sizeof(hello)}};
        struct msghdr msg = {.msg_iov = iov, .msg_iovlen = 2,
                             .msg_control = cbuf,
                             .msg_controllen = sizeof(cbuf)};
        struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
        cm->cmsg_level = SOL_SOCKET;
        cm->cmsg_type = SCM_RIGHTS;
        cm->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(cm), &fd, sizeof(int));
        if (sendmsg(sock, &msg, MSG_NOSIGNAL) != (ssize_t)(sizeof(f) + sizeof(hello))) {
            snprintf(reason, reason_size, "cannot send the hello: %s",
                     strerror(errno));
            goto fail;
        }
    }
    if (!transport_recv_welcome(sock, &welcome, reason, reason_size))
        goto fail;
    tc = ring_client_create(map, size, fd, sock, NULL, RING_BELL_FUTEX);
    if (!tc)
        goto fail;
    tc->kind_name = "shm";
    tc->caps = welcome.caps;
    tc->context_id = welcome.context_id;
    return tc;
fail:
    munmap(map, size);
    close(fd);
    close(sock);
    return NULL;
}

/* ----------------------------------------------------------------- listen */

struct transport_listener {
    int unix_fd, tcp_fd;
    char token[64];          /* what a TCP hello must carry ("" : nothing) */
    char token_path[512];    /* the file it was written to */
    int handshakes; /* in progress (atomic) */
    char unix_path[108];
    transport_accept_fn accept;
    void *user;
};

struct handshake {
    struct transport_listener *l;
    int fd;
    bool is_unix;
};

static void send_welcome(int fd, const struct wire_welcome *w)
{
    struct stream_frame f = {STREAM_WELCOME, sizeof(*w), 0, 0, 0};
    sock_send_all(fd, &f, sizeof(f));
    sock_send_all(fd, w, sizeof(*w));
}

static void refuse(int fd, struct wire_welcome *w, uint32_t status,
                   const char *why)
{
    w->magic = WIRE_MAGIC;
    w->status = status;
    snprintf(w->reason, sizeof(w->reason), "%s", why);
    NR_WARN(TRANSPORT, "refusing a session: %s", why);
    send_welcome(fd, w);
}

/* The server's half of the shm-tcp handshake: makes the segment as a memfd
 * sealed against shrinking and growing (a client that truncates it cannot
 * fault us: the seal refuses), maps it, names it to the client as
 * /proc/PID/FD (only processes of our user may open that), waits for the
 * client to say it mapped it, and closes it whatever the answer: from then
 * on only the two mappings hold it, and nothing is ever left in the file
 * system.  NULL after refusing (welcome sent). */
static struct transport_end *shm_file_accept(int fd, const struct wire_hello *hello,
                                             struct wire_welcome *welcome)
{
    struct ring_segment_layout lay;
    struct stream_segment seg;
    struct stream_frame f = {STREAM_SEGMENT, sizeof(seg), 0, 0, 0};
    struct transport_end *end;
    uint8_t *map;
    int file;

    if (!ring_layout(hello->cmd_ring_size, hello->stage_ring_size,
                     hello->event_ring_count, &lay)) {
        refuse(fd, welcome, WIRE_ERR_MALFORMED, "bad ring sizes");
        return NULL;
    }
    file = memfd_create("nereid-shm-tcp-rings", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (file < 0) {
        char why[200];
        snprintf(why, sizeof(why), "cannot make the rings: %s", strerror(errno));
        refuse(fd, welcome, WIRE_ERR_OUT_OF_MEMORY, why);
        return NULL;
    }
    /* The control page and the command ring are given now (posix_fallocate),
     * so that a machine out of memory refuses the session instead of
     * faulting us later; the stage ring's pages come as the client's use of
     * it grows (it populates each part before naming it; memfd's memory is
     * not bounded by a tmpfs size). */
    map = MAP_FAILED;
    if (ftruncate(file, (off_t)lay.total) == 0 &&
        posix_fallocate(file, 0, (off_t)lay.stage_off) == 0 &&
        fcntl(file, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) == 0)
        map = mmap(NULL, lay.total, PROT_READ | PROT_WRITE, MAP_SHARED, file, 0);
    if (map != MAP_FAILED)
        transport_prefault(map, lay.stage_off);
    if (map == MAP_FAILED) {
        close(file);
        refuse(fd, welcome, WIRE_ERR_OUT_OF_MEMORY,
               "cannot size, seal or map the rings (is memory short?)");
        return NULL;
    }
    ring_segment_init(map, hello->cmd_ring_size, hello->stage_ring_size);
    memset(&seg, 0, sizeof(seg));
    seg.pid = (uint32_t)getpid();
    seg.fd = (uint32_t)file;
    seg.total = lay.total;
    seg.cmd_off = lay.cmd_off;
    seg.stage_off = lay.stage_off;
    seg.events_off = lay.events_off;
    seg.ctrl_size = sizeof(struct transport_ctrl);
    if (!sock_send_all(fd, &f, sizeof(f)) || !sock_send_all(fd, &seg, sizeof(seg)) ||
        !sock_recv_all(fd, &f, sizeof(f), HANDSHAKE_TIMEOUT_MS) ||
        f.type != STREAM_SEGMENT_MAPPED || f.size != 0 || f.arg != 1) {
        close(file);
        munmap(map, lay.total);
        refuse(fd, welcome, WIRE_ERR_MALFORMED,
               "the client did not map the shm-tcp rings");
        return NULL;
    }
    close(file);
    end = ring_end_create(map, lay.total, fd, NULL, hello, RING_BELL_SOCKET);
    if (!end) {
        munmap(map, lay.total);
        refuse(fd, welcome, WIRE_ERR_OUT_OF_MEMORY, "out of memory");
    }
    return end;
}

static void *handshake_thread(void *arg)
{
    struct handshake *hs = arg;
    struct wire_welcome *welcome = calloc(1, sizeof(*welcome));
    struct wire_hello hello;
    struct stream_frame f;
    struct transport_end *end = NULL;
    int memfd = -1, fd = hs->fd;
    char cbuf[CMSG_SPACE(sizeof(int))];
    struct iovec iov = {&f, sizeof(f)};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1,
                         .msg_control = cbuf, .msg_controllen = sizeof(cbuf)};
    struct pollfd pfd = {fd, POLLIN, 0};

    if (!welcome)
        goto out;
    /* No read or write of the handshake blocks past the time-out: one byte
     * and then silence holds a thread no longer than that. */
    sock_set_timeouts(fd, HANDSHAKE_TIMEOUT_MS);
    /* The frame header carries the memfd for shm. */
    if (poll(&pfd, 1, HANDSHAKE_TIMEOUT_MS) <= 0 ||
        recvmsg(fd, &msg, MSG_CMSG_CLOEXEC | MSG_WAITALL) != sizeof(f))
        goto out;
    for (struct cmsghdr *cm = CMSG_FIRSTHDR(&msg); cm; cm = CMSG_NXTHDR(&msg, cm))
        if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_RIGHTS &&
            cm->cmsg_len == CMSG_LEN(sizeof(int)) && memfd < 0)
            memcpy(&memfd, CMSG_DATA(cm), sizeof(int));
    if (f.type != STREAM_HELLO || f.size != sizeof(hello) ||
        !sock_recv_all(fd, &hello, sizeof(hello), HANDSHAKE_TIMEOUT_MS)) {
        refuse(fd, welcome, WIRE_ERR_MALFORMED, "expected a hello");
        goto out;
    }
    hello.client_name[sizeof(hello.client_name) - 1] = 0;
    /* The name reaches logs and window titles: printable ASCII only, no
     * escape sequence of the client's reaches a terminal. */
    for (char *c = hello.client_name; *c; c++)
        if (*c < 0x20 || *c > 0x7e)
            *c = '?';
    hello.token[sizeof(hello.token) - 1] = 0;
    if (!hs->is_unix && hs->l->token[0]) {
        /* In constant time: the comparison tells nothing of the token. */
        unsigned char diff = 0;
        for (size_t i = 0; i < sizeof(hello.token); i++)
            diff |= (unsigned char)(hello.token[i] ^ hs->l->token[i]);
        if (diff) {
            refuse(fd, welcome, WIRE_ERR_UNSUPPORTED,
                   hello.token[0] ? "the TCP token is not the server's"
                                  : "a TCP session needs the server's token (the file "
                                    "NEREID_TCP_TOKEN_FILE names)");
            goto out;
        }
    }
    if (hello.magic != WIRE_MAGIC || hello.version != WIRE_PROTOCOL_VERSION ||
        hello.fingerprint != wire_fingerprint()) {
        char why[128];
        snprintf(why, sizeof(why),
                 "protocol %u / wire fingerprint %016llx; the server speaks %u / "
                 "%016llx",
                 hello.version, (unsigned long long)hello.fingerprint,
                 WIRE_PROTOCOL_VERSION, (unsigned long long)wire_fingerprint());
        refuse(fd, welcome, WIRE_ERR_VERSION, why);
        goto out;
    }
    if (hello.transport == WIRE_TRANSPORT_SHM) {
        struct ring_segment_layout lay;
        struct stat st;
        uint8_t *map;
        int seals;

        if (!hs->is_unix || memfd < 0) {
            refuse(fd, welcome, WIRE_ERR_MALFORMED, "shm without a memfd");
            goto out;
        }
        seals = fcntl(memfd, F_GET_SEALS);
        if (seals < 0 || (seals & (F_SEAL_SHRINK | F_SEAL_GROW)) !=
                             (F_SEAL_SHRINK | F_SEAL_GROW)) {
            /* Without the seals the client could shrink the file under our
             * mapping and fault the server. */
            refuse(fd, welcome, WIRE_ERR_MALFORMED,
                   "the shm segment is not sealed against resizing");
            goto out;
        }
        if (!ring_layout(hello.cmd_ring_size, hello.stage_ring_size,
                         hello.event_ring_count, &lay) ||
            fstat(memfd, &st) < 0 || (uint64_t)st.st_size < lay.total) {
            refuse(fd, welcome, WIRE_ERR_MALFORMED, "bad ring sizes");
            goto out;
        }
        map = mmap(NULL, lay.total, PROT_READ | PROT_WRITE, MAP_SHARED, memfd, 0);
        if (map == MAP_FAILED) {
            refuse(fd, welcome, WIRE_ERR_OUT_OF_MEMORY, "cannot map the rings");
            goto out;
        }
        /* The rings the server reads at once; the stage ring's pages are
         * mapped as the client's use of it reaches them. */
        transport_prefault(map, lay.stage_off);
        end = ring_end_create(map, lay.total, fd, NULL, &hello, RING_BELL_FUTEX);
        if (!end) {
            munmap(map, lay.total);
            refuse(fd, welcome, WIRE_ERR_MALFORMED, "bad ring sizes");
            goto out;
        }
    } else if (hello.transport == WIRE_TRANSPORT_SHM_FILE) {
        end = shm_file_accept(fd, &hello, welcome);
        if (!end)
            goto out;
    } else if (hello.transport == WIRE_TRANSPORT_STREAM) {
        end = stream_end_create(fd, &hello);
        if (!end) {
            refuse(fd, welcome, WIRE_ERR_MALFORMED, "bad stage ring size");
            goto out;
        }
    } else {
        refuse(fd, welcome, WIRE_ERR_MALFORMED, "unknown transport");
        goto out;
    }
    /* From here the end owns fd, and its reads may wait as long as the
     * session lasts. */
    sock_set_timeouts(fd, 0);
    welcome->magic = WIRE_MAGIC;
    welcome->version = WIRE_PROTOCOL_VERSION;
    welcome->fingerprint = wire_fingerprint();
    if (!hs->l->accept(hs->l->user, end, welcome)) {
        if (!welcome->status)
            welcome->status = WIRE_ERR_UNSUPPORTED;
        send_welcome(fd, welcome);
        end->ops->destroy(end);
    } else {
        send_welcome(fd, welcome);
    }
    fd = -1;
out:
    if (memfd >= 0)
        close(memfd);
    if (fd >= 0)
        close(fd);
    __atomic_fetch_sub(&hs->l->handshakes, 1, __ATOMIC_RELAXED);
    free(welcome);
    free(hs);
    return NULL;
}

struct transport_listener *transport_listen(const char *unix_path,
                                            const char *tcp_addr,
                                            transport_accept_fn accept_fn,
                                            void *user)
{
    struct transport_listener *l = calloc(1, sizeof(*l));

    if (!l)
        return NULL;
    l->unix_fd = l->tcp_fd = -1;
    l->accept = accept_fn;
    l->user = user;
    if (unix_path) {
        struct sockaddr_un sa = {.sun_family = AF_UNIX};
        if (strlen(unix_path) >= sizeof(sa.sun_path))
            goto fail;
        strcpy(sa.sun_path, unix_path);
        snprintf(l->unix_path, sizeof(l->unix_path), "%s", unix_path);
        unlink(unix_path);
        l->unix_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        /* 0600 whatever the umask: only the server's user may connect
         * (fchmod before bind does not reach the socket file). */
        if (l->unix_fd < 0 ||
            bind(l->unix_fd, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
            chmod(unix_path, 0600) < 0 || listen(l->unix_fd, 64) < 0) {
            NR_ERR(TRANSPORT, "cannot listen on %s: %s", unix_path,
                   strerror(errno));
            goto fail;
        }
    }
    if (tcp_addr) {
        char host[256];
        const char *port = strrchr(tcp_addr, ':');
        struct addrinfo hints = {0}, *res = NULL;
        if (!port || (size_t)(port - tcp_addr) >= sizeof(host))
            goto fail;
        memcpy(host, tcp_addr, (size_t)(port - tcp_addr));
        host[port - tcp_addr] = 0;
        hints.ai_family = AF_UNSPEC;
        hints.ai_socktype = SOCK_STREAM;
        /* ":PORT" is the loopback interface: every interface only when
         * asked for by name (0.0.0.0 or ::). */
        if (getaddrinfo(*host ? host : "127.0.0.1", port + 1, &hints, &res) || !res)
            goto fail;
        l->tcp_fd = socket(res->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (l->tcp_fd >= 0)
            setsockopt(l->tcp_fd, SOL_SOCKET, SO_REUSEADDR, &(int){1},
                       sizeof(int));
        if (l->tcp_fd < 0 || bind(l->tcp_fd, res->ai_addr, res->ai_addrlen) < 0 ||
            listen(l->tcp_fd, 64) < 0) {
            NR_ERR(TRANSPORT, "cannot listen on tcp:%s: %s", tcp_addr,
                   strerror(errno));
            freeaddrinfo(res);
            goto fail;
        }
        freeaddrinfo(res);
    }
    return l;
fail:
    transport_listener_destroy(l);
    return NULL;
}

void transport_listener_run(struct transport_listener *l, volatile int *stop)
{
    while (!*stop) {
        struct pollfd p[2] = {{l->unix_fd, POLLIN, 0}, {l->tcp_fd, POLLIN, 0}};
        if (poll(p, 2, 200) <= 0)
            continue;
        for (int i = 0; i < 2; i++) {
            struct handshake *hs;
            pthread_t t;
            int fd;

            if (p[i].fd < 0 || !(p[i].revents & POLLIN))
                continue;
            fd = accept4(p[i].fd, NULL, NULL, SOCK_CLOEXEC);
            if (fd < 0) {
                /* Out of descriptors: poll would wake at once again, so
                 * wait for some to be released instead of spinning. */
                if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS ||
                    errno == ENOMEM)
                    nr_sleep_ms(50);
                continue;
            }
            if (__atomic_load_n(&l->handshakes, __ATOMIC_RELAXED) >= MAX_HANDSHAKES) {
                close(fd);
                continue;
            }
            if (i == 1)
                setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &(int){1}, sizeof(int));
            hs = malloc(sizeof(*hs));
            if (!hs) {
                close(fd);
                continue;
            }
            hs->l = l;
            hs->fd = fd;
            hs->is_unix = i == 0;
            __atomic_fetch_add(&l->handshakes, 1, __ATOMIC_RELAXED);
            if (pthread_create(&t, NULL, handshake_thread, hs)) {
                __atomic_fetch_sub(&l->handshakes, 1, __ATOMIC_RELAXED);
                close(fd);
                free(hs);
                continue;
            }
            pthread_detach(t);
        }
    }
}

bool transport_listener_make_token(struct transport_listener *l)
{
    char path[512];
    unsigned char key[16];
    struct stat st;
    int fd;

    if (!transport_token_path(path, sizeof(path)) ||
        getrandom(key, sizeof(key), 0) != (ssize_t)sizeof(key))
        return false;
    for (unsigned i = 0; i < sizeof(key); i++)
        snprintf(l->token + 2 * i, 3, "%02x", key[i]);
    /* Ours, 0600, never through a link; an older token is replaced. */
    fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0 || fstat(fd, &st) < 0 || st.st_uid != getuid() || !S_ISREG(st.st_mode) ||
        fchmod(fd, 0600) < 0 || ftruncate(fd, 0) < 0 ||
        write(fd, l->token, strlen(l->token)) != (ssize_t)strlen(l->token)) {
        NR_ERR(TRANSPORT, "cannot write the TCP token to %s: %s", path,
               fd < 0 ? strerror(errno) : "not a file of ours");
        if (fd >= 0)
            close(fd);
        l->token[0] = 0;
        return false;
    }
    close(fd);
    snprintf(l->token_path, sizeof(l->token_path), "%s", path);
    return true;
}

void transport_listener_destroy(struct transport_listener *l)
{
    if (!l)
        return;
    if (l->token_path[0])
        unlink(l->token_path);
    if (l->unix_fd >= 0) {
        close(l->unix_fd);
        unlink(l->unix_path);
    }
    if (l->tcp_fd >= 0)
        close(l->tcp_fd);
    free(l);
}
