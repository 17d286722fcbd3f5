/* The Winsock side of the transport, for the PE d3d9.dll: the client of
 * shm-tcp and of the stream transport over TCP, and starting a
 * nereid-server when none answers.
 *
 * Under Wine, Winsock has no AF_UNIX (socket() fails with WSAEAFNOSUPPORT),
 * and d3d9.dll has no in-process server (it would need Vulkan inside the
 * Windows process): the session is over TCP to a nereid-server that runs
 * natively on the host.  By default (NEREID_TRANSPORT unset or shm) the
 * rings are shared memory all the same: shm-tcp, a sealed memfd of the
 * server, which Wine maps like any file (below); stream when the server
 * cannot give it.  Without NEREID_SERVER the address is
 * tcp:127.0.0.1:TRANSPORT_DEFAULT_TCP_PORT.
 *
 * Starting a server: when the address is on this machine and nothing
 * listens there, the DLL starts nereid-server --no-unix --tcp HOST:PORT,
 * then waits for it to answer (bounded): once per address, and again only
 * after a server there has answered (one that died: a lost device comes
 * back on the next, which a server that never answers does not repeat).  The program is
 * NEREID_SERVER_EXE (a Unix path, or a Windows one), else nereid-server next
 * to d3d9.dll, in /usr/local/bin or in /usr/bin; NEREID_SERVER_EXE=none
 * turns starting off.  Under Wine a Unix program is started with ntdll's
 * __wine_unix_spawnvp (detached; its output goes to
 * ${TMPDIR:-/tmp}/nereid-server-PORT.log); elsewhere with CreateProcess.
 * The server outlives the program and serves the next ones. */
#include "transport/transport_private.h"

#include <winsock2.h>
#include <ws2tcpip.h>
#include <windows.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* shm-tcp, which falls back to stream where the server cannot give it
 * (measured under Wine 8: DrawPrimitiveUP costs the API thread about a
 * fifth of what it does over stream; see bench/RESULTS.md). */
const char transport_default_kind[] = "shm";

static INIT_ONCE wsa_once = INIT_ONCE_STATIC_INIT;
static bool wsa_ok;

static BOOL CALLBACK wsa_init(INIT_ONCE *once, void *param, void **ctx)
{
    WSADATA data;
    (void)once, (void)param, (void)ctx;
    /* Never cleaned up: sockets may live until the process ends. */
    wsa_ok = WSAStartup(MAKEWORD(2, 2), &data) == 0;
    return TRUE;
}

static SOCKET to_socket(int fd)
{
    return fd < 0 ? INVALID_SOCKET : (SOCKET)(uintptr_t)(unsigned)fd;
}

bool sock_send_all(int fd, const void *buf, size_t size)
{
    struct sock_buf b = {buf, size};
    return sock_send_bufs(fd, &b, 1);
}

bool sock_send_bufs(int fd, const struct sock_buf *bufs, unsigned count)
{
    WSABUF wb[8];
    DWORD n_bufs = 0;
    unsigned first = 0;

    if (count > NR_ARRAY_SIZE(wb))
        return false;
    for (unsigned i = 0; i < count; i++) {
        if (bufs[i].size > INT32_MAX)
            return false;
        wb[i].buf = (char *)bufs[i].data;
        wb[i].len = (ULONG)bufs[i].size;
    }
    n_bufs = count;
    while (first < n_bufs) {
        DWORD sent = 0;
        if (!wb[first].len) {
            first++;
            continue;
        }
        if (WSASend(to_socket(fd), wb + first, n_bufs - first, &sent, 0, NULL,
                    NULL) == SOCKET_ERROR)
            return false;
        while (sent && first < n_bufs) {
            if (sent >= wb[first].len) {
                sent -= wb[first].len;
                first++;
            } else {
                wb[first].buf += sent;
                wb[first].len -= sent;
                sent = 0;
            }
        }
    }
    return true;
}

bool sock_wait_readable(int fd, int timeout_ms)
{
    fd_set r, e;
    struct timeval tv, *tvp = NULL;

    FD_ZERO(&r);
    FD_ZERO(&e);
    FD_SET(to_socket(fd), &r);
    FD_SET(to_socket(fd), &e);
    if (timeout_ms >= 0) {
        tv.tv_sec = timeout_ms / 1000;
        tv.tv_usec = (timeout_ms % 1000) * 1000;
        tvp = &tv;
    }
    return select(0, &r, NULL, &e, tvp) > 0;
}

bool sock_recv_all(int fd, void *buf, size_t size, int timeout_ms)
{
    char *p = buf;
    while (size) {
        int chunk = size > (1u << 30) ? (1 << 30) : (int)size;
        int n;
        if (!sock_wait_readable(fd, timeout_ms))
            return false;
        n = recv(to_socket(fd), p, chunk, 0);
        if (n <= 0)
            return false;
        p += n;
        size -= (size_t)n;
    }
    return true;
}

bool sock_drain(int fd)
{
    char buf[64];
    for (;;) {
        u_long avail = 0;
        int n;
        if (ioctlsocket(to_socket(fd), FIONREAD, &avail) == SOCKET_ERROR)
            return false;
        if (!avail)
            return true; /* an EOF is for sock_peer_gone to see */
        n = recv(to_socket(fd), buf, avail < sizeof(buf) ? (int)avail : (int)sizeof(buf), 0);
        if (n <= 0)
            return false;
    }
}

bool sock_peer_gone(int fd)
{
    char c;
    u_long avail = 0;
    if (!sock_wait_readable(fd, 0))
        return false;
    /* Readable with nothing to read: EOF (or an error). */
    if (ioctlsocket(to_socket(fd), FIONREAD, &avail) == SOCKET_ERROR)
        return true;
    return !avail && recv(to_socket(fd), &c, 1, MSG_PEEK) <= 0;
}

void sock_close(int fd)
{
    if (fd < 0)
        return;
    shutdown(to_socket(fd), SD_BOTH);
    closesocket(to_socket(fd));
}

/* ------------------------------------------------------------- connecting */

/* One attempt with a deadline.  *refused: nothing listens there (the
 * moment to start a server). */
static int tcp_connect_once(const struct addrinfo *ai, int timeout_ms,
                            bool *refused, int *error)
{
    SOCKET s = socket(ai->ai_family, SOCK_STREAM, IPPROTO_TCP);
    u_long nonblocking = 1, blocking = 0;
    fd_set w, e;
    struct timeval tv = {timeout_ms / 1000, (timeout_ms % 1000) * 1000};
    int err = 0, len = sizeof(err);

    *refused = false;
    if (s == INVALID_SOCKET) {
        *error = WSAGetLastError();
        return -1;
    }
    /* A blocking connect to a host that does not answer would take as long
     * as the TCP stack likes: connect without blocking and wait ourselves. */
    ioctlsocket(s, FIONBIO, &nonblocking);
    if (connect(s, ai->ai_addr, (int)ai->ai_addrlen) == SOCKET_ERROR) {
        err = WSAGetLastError();
        if (err != WSAEWOULDBLOCK && err != WSAEINPROGRESS)
            goto fail;
        FD_ZERO(&w);
        FD_ZERO(&e);
        FD_SET(s, &w);
        FD_SET(s, &e);
        if (select(0, NULL, &w, &e, &tv) <= 0) {
            err = WSAETIMEDOUT;
            goto fail;
        }
        err = 0;
        if (FD_ISSET(s, &e) ||
            getsockopt(s, SOL_SOCKET, SO_ERROR, (char *)&err, &len) ||
            err) {
            if (!err)
                err = WSAECONNREFUSED;
            goto fail;
        }
    }
    ioctlsocket(s, FIONBIO, &blocking);
    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, (const char *)&(int){1}, sizeof(int));
    if ((uint64_t)s > INT32_MAX) { /* see transport_private.h */
        closesocket(s);
        *error = WSAEMFILE;
        return -1;
    }
    return (int)s;
fail:
    *refused = err == WSAECONNREFUSED;
    *error = err;
    closesocket(s);
    return -1;
}

static bool is_local_host(const char *host)
{
    return !strcmp(host, "localhost") || !strncmp(host, "127.", 4) ||
           !strcmp(host, "::1") || !strcmp(host, "[::1]");
}

typedef LONG(CDECL *unix_spawnvp_fn)(char *const argv[], int wait);
typedef char *(CDECL *wine_get_unix_file_name_fn)(const WCHAR *dos);
typedef WCHAR *(CDECL *wine_get_dos_file_name_fn)(const char *unix_path);

/* Whether a Unix path names an existing file (through Wine's Z: mapping). */
static bool unix_file_exists(const char *path)
{
    wine_get_dos_file_name_fn to_dos = (wine_get_dos_file_name_fn)(void (*)(void))
        GetProcAddress(GetModuleHandleA("kernel32.dll"), "wine_get_dos_file_name");
    WCHAR *dos;
    DWORD attr;

    if (!to_dos || !(dos = to_dos(path)))
        return false;
    attr = GetFileAttributesW(dos);
    HeapFree(GetProcessHeap(), 0, dos);
    return attr != INVALID_FILE_ATTRIBUTES && !(attr & FILE_ATTRIBUTE_DIRECTORY);
}

/* The Unix path of a Windows path (UTF-8), or NULL. */
static bool unix_path_of(const WCHAR *dos, char *out, size_t size)
{
    wine_get_unix_file_name_fn to_unix = (wine_get_unix_file_name_fn)(void (*)(void))
        GetProcAddress(GetModuleHandleA("kernel32.dll"), "wine_get_unix_file_name");
    char *p;
    bool okay;

    if (!to_unix || !(p = to_unix(dos)))
        return false;
    okay = strlen(p) < size;
    if (okay)
        strcpy(out, p);
    HeapFree(GetProcessHeap(), 0, p);
    return okay;
}

/* Finds the server program: a Unix path in exe (Wine) or a Windows path in
 * exe_w (elsewhere).  false with *why. */
static bool find_server(char *exe, size_t size, WCHAR *exe_w, size_t size_w,
                        char *why, size_t why_size)
{
    static const char *const system_paths[] = {"/usr/local/bin/nereid-server",
                                               "/usr/bin/nereid-server"};
    const char *env = getenv("NEREID_SERVER_EXE");
    WCHAR dll[MAX_PATH];
    HMODULE self = NULL;

    exe[0] = 0;
    exe_w[0] = 0;
    if (env && *env) {
        if (!strcmp(env, "none") || !strcmp(env, "0")) {
            snprintf(why, why_size, "NEREID_SERVER_EXE=%s: not starting one", env);
            return false;
        }
        if (env[0] == '/') {
            if (strlen(env) >= size || !unix_file_exists(env)) {
                snprintf(why, why_size, "NEREID_SERVER_EXE=%s does not exist", env);
                return false;
            }
            strcpy(exe, env);
            return true;
        }
        if (!MultiByteToWideChar(CP_ACP, 0, env, -1, exe_w, (int)size_w) ||
            GetFileAttributesW(exe_w) == INVALID_FILE_ATTRIBUTES) {
            snprintf(why, why_size, "NEREID_SERVER_EXE=%s does not exist", env);
            exe_w[0] = 0;
            return false;
        }
        unix_path_of(exe_w, exe, size); /* Wine: run it as a Unix program */
        return true;
    }
    /* Next to d3d9.dll. */
    if (GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS |
                               GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                           (const WCHAR *)(void *)find_server, &self)) {
        DWORD n = GetModuleFileNameW(self, dll, MAX_PATH);
        WCHAR *slash = NULL;
        for (DWORD i = 0; i < n; i++)
            if (dll[i] == L'\\' || dll[i] == L'/')
                slash = dll + i;
        if (n && n < MAX_PATH && slash && (size_t)(slash - dll) + 16 < MAX_PATH) {
            wcscpy(slash + 1, L"nereid-server");
            if (GetFileAttributesW(dll) != INVALID_FILE_ATTRIBUTES &&
                unix_path_of(dll, exe, size))
                return true;
            wcscpy(slash + 1, L"nereid-server.exe");
            if (GetFileAttributesW(dll) != INVALID_FILE_ATTRIBUTES &&
                wcslen(dll) < size_w) {
                wcscpy(exe_w, dll);
                return true;
            }
        }
    }
    for (size_t i = 0; i < NR_ARRAY_SIZE(system_paths); i++)
        if (unix_file_exists(system_paths[i]) && strlen(system_paths[i]) < size) {
            strcpy(exe, system_paths[i]);
            return true;
        }
    snprintf(why, why_size,
             "found no nereid-server to start (set NEREID_SERVER_EXE, or put "
             "nereid-server next to d3d9.dll)");
    return false;
}

/* Starts nereid-server listening on host:port, detached. */
static bool start_server(const char *host, const char *port, char *why,
                         size_t why_size)
{
    char exe[1024], addr[300];
    WCHAR exe_w[MAX_PATH];
    unix_spawnvp_fn spawn = (unix_spawnvp_fn)(void (*)(void))GetProcAddress(
        GetModuleHandleA("ntdll.dll"), "__wine_unix_spawnvp");

    if (!find_server(exe, sizeof(exe), exe_w, NR_ARRAY_SIZE(exe_w), why, why_size))
        return false;
    snprintf(addr, sizeof(addr), "%s:%s", host, port);
    if (spawn && exe[0]) {
        /* The shell gives the server its own log and no terminal, so that a
         * pipe the program writes to is not held open by the server. */
        char *argv[] = {
            (char *)"/bin/sh", (char *)"-c",
            (char *)"exec \"$0\" --no-unix --tcp \"$1\" </dev/null "
                    ">>\"${TMPDIR:-/tmp}/nereid-server-$2.log\" 2>&1",
            exe, addr, (char *)port, NULL};
        LONG status = spawn(argv, 0);
        if (status) {
            snprintf(why, why_size, "cannot start %s (status %#lx)", exe,
                     (unsigned long)status);
            return false;
        }
        NR_INFO(TRANSPORT, "started %s --no-unix --tcp %s", exe, addr);
        return true;
    }
    if (exe_w[0]) {
        WCHAR cmd[MAX_PATH + 400];
        STARTUPINFOW si = {sizeof(si)};
        PROCESS_INFORMATION pi;
        _snwprintf(cmd, NR_ARRAY_SIZE(cmd), L"\"%ls\" --no-unix --tcp %hs",
                   exe_w, addr);
        cmd[NR_ARRAY_SIZE(cmd) - 1] = 0;
        if (!CreateProcessW(exe_w, cmd, NULL, NULL, FALSE,
                            DETACHED_PROCESS | CREATE_NEW_PROCESS_GROUP, NULL,
                            NULL, &si, &pi)) {
            snprintf(why, why_size, "cannot start the server (error %lu)",
                     (unsigned long)GetLastError());
            return false;
        }
        CloseHandle(pi.hThread);
        CloseHandle(pi.hProcess);
        NR_INFO(TRANSPORT, "started the server --no-unix --tcp %s", addr);
        return true;
    }
    snprintf(why, why_size, "%s is a Unix program and this is not Wine", exe);
    return false;
}

/* The addresses this process started a server for, and whether a server
 * answered there since: a server that is slow or fails is not started
 * again and again, one that answered and then died is. */
static SRWLOCK started_lock = SRWLOCK_INIT;
static struct {
    char key[300];
    bool answered;
} started[8];

static bool may_start(const char *host, const char *port)
{
    char key[300];
    bool may = true;
    unsigned i;

    snprintf(key, sizeof(key), "%s:%s", host, port);
    AcquireSRWLockExclusive(&started_lock);
    for (i = 0; i < NR_ARRAY_SIZE(started) && started[i].key[0]; i++)
        if (!strcmp(started[i].key, key))
            break;
    if (i < NR_ARRAY_SIZE(started) && started[i].key[0]) {
        may = started[i].answered;
        started[i].answered = false;
    } else if (i < NR_ARRAY_SIZE(started)) {
        strcpy(started[i].key, key);
    }
    ReleaseSRWLockExclusive(&started_lock);
    return may;
}

static void answered(const char *host, const char *port)
{
    char key[300];
    snprintf(key, sizeof(key), "%s:%s", host, port);
    AcquireSRWLockExclusive(&started_lock);
    for (unsigned i = 0; i < NR_ARRAY_SIZE(started) && started[i].key[0]; i++)
        if (!strcmp(started[i].key, key))
            started[i].answered = true;
    ReleaseSRWLockExclusive(&started_lock);
}

int sock_connect(const char *address, bool *is_unix, char *reason,
                 size_t reason_size)
{
    char def[64], host[256];
    const char *spec, *port;
    struct addrinfo hints = {0}, *res = NULL;
    int timeout_ms = transport_connect_timeout_ms();
    int fd, error = 0;
    bool refused;

    *is_unix = false;
    InitOnceExecuteOnce(&wsa_once, wsa_init, NULL, NULL);
    if (!wsa_ok) {
        snprintf(reason, reason_size, "Winsock did not start");
        return -1;
    }
    if (!address || !*address) {
        snprintf(def, sizeof(def), "tcp:127.0.0.1:%d", TRANSPORT_DEFAULT_TCP_PORT);
        address = def;
    }
    if (strncmp(address, "tcp:", 4)) {
        snprintf(reason, reason_size,
                 "NEREID_SERVER=%s: on Windows the server is reached over TCP "
                 "only (tcp:HOST:PORT; Winsock has no unix sockets)",
                 address);
        return -1;
    }
    spec = address + 4;
    port = strrchr(spec, ':');
    if (!port || port == spec || (size_t)(port - spec) >= sizeof(host) || !port[1]) {
        snprintf(reason, reason_size, "bad TCP address '%s'", address);
        return -1;
    }
    memcpy(host, spec, (size_t)(port - spec));
    host[port - spec] = 0;
    port++;
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_protocol = IPPROTO_TCP;
    if (getaddrinfo(host, port, &hints, &res) || !res) {
        snprintf(reason, reason_size, "cannot resolve '%s'", address);
        return -1;
    }
    fd = tcp_connect_once(res, timeout_ms, &refused, &error);
    if (fd < 0 && refused && is_local_host(host) && may_start(host, port)) {
        char why[300];
        if (start_server(host, port, why, sizeof(why))) {
            /* Vulkan start-up (and the validation layer) take a while. */
            long wait_ms = nr_env_int("NEREID_SERVER_START_MS", 10000, 100, 600000);
            uint64_t deadline = nr_time_ns() + (uint64_t)wait_ms * 1000000u;
            while (fd < 0 && nr_time_ns() < deadline) {
                nr_sleep_ms(50);
                fd = tcp_connect_once(res, timeout_ms, &refused, &error);
            }
            if (fd < 0)
                snprintf(reason, reason_size,
                         "no server at %s: started one, but it did not answer "
                         "within %ld ms (its log: ${TMPDIR:-/tmp}/"
                         "nereid-server-%s.log)",
                         address, wait_ms, port);
        } else {
            snprintf(reason, reason_size, "no server at %s, and %s", address, why);
        }
    } else if (fd < 0 && refused) {
        snprintf(reason, reason_size, "no server at %s: nothing listens there%s",
                 address, is_local_host(host) ? " (this process tried to "
                                                "started one there that never "
                                                "answered)" : "");
    } else if (fd < 0) {
        snprintf(reason, reason_size, "no server at %s (Winsock error %d%s)",
                 address, error,
                 error == WSAETIMEDOUT ? ": timed out" : "");
    }
    if (fd >= 0)
        answered(host, port);
    freeaddrinfo(res);
    return fd;
}

struct transport_client *transport_connect_inproc(const char *name,
                                                  char *reason,
                                                  size_t reason_size)
{
    (void)name;
    snprintf(reason, reason_size,
             "d3d9.dll has no in-process server: use NEREID_TRANSPORT=shm "
             "(the default) or stream, and a nereid-server on the host");
    return NULL;
}

/* The server's TCP token is a file on the Linux side: NEREID_TCP_TOKEN_FILE,
 * else $XDG_RUNTIME_DIR/nereid-tcp-token (Wine passes both variables on);
 * this side cannot know the user's uid for the /tmp fallback. */
bool transport_token_path(char *buf, size_t size)
{
    const char *file = getenv("NEREID_TCP_TOKEN_FILE"), *dir = getenv("XDG_RUNTIME_DIR");
    if (file && *file)
        snprintf(buf, size, "%s", file);
    else if (dir && *dir)
        snprintf(buf, size, "%s/nereid-tcp-token", dir);
    else
        return false;
    return true;
}

void transport_read_token(char *buf, size_t size)
{
    wine_get_dos_file_name_fn to_dos = (wine_get_dos_file_name_fn)(void (*)(void))
        GetProcAddress(GetModuleHandleA("kernel32.dll"), "wine_get_dos_file_name");
    char path[512];
    WCHAR *dos;
    HANDLE f;
    DWORD got = 0;

    buf[0] = 0;
    if (!transport_token_path(path, sizeof(path)) || !to_dos || !(dos = to_dos(path)))
        return;
    f = CreateFileW(dos, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                    NULL, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
    HeapFree(GetProcessHeap(), 0, dos);
    if (f == INVALID_HANDLE_VALUE)
        return;
    if (!ReadFile(f, buf, (DWORD)size - 1, &got, NULL))
        got = 0;
    CloseHandle(f);
    buf[got] = 0;
    buf[strcspn(buf, "\r\n")] = 0;
}

/* shm-tcp: the server makes the rings as a sealed memfd (Linux) that a
 * process of its user opens as /proc/PID/fd/FD, which Wine shows as a
 * Windows path (Z:\proc\PID\fd\FD with the default drive mapping); a
 * mapping of it is memory shared with the server.  Doorbells go over the
 * TCP socket (see ring.c): a futex cannot cross into Wine. */
static uint8_t *win_shm_file_map(const char *unix_path, size_t size, char *reason,
                                 size_t reason_size)
{
    wine_get_dos_file_name_fn to_dos = (wine_get_dos_file_name_fn)(void (*)(void))
        GetProcAddress(GetModuleHandleA("kernel32.dll"), "wine_get_dos_file_name");
    WCHAR fallback[128], *path = NULL, *dos = NULL;
    HANDLE file, mapping;
    LARGE_INTEGER file_size;
    void *view = NULL;

    if (to_dos)
        dos = to_dos(unix_path);
    if (dos) {
        path = dos;
    } else {
        /* Not Wine, or no dos name for it: the drive Wine maps to / by
         * default.  (On Windows itself this simply does not exist.) */
        size_t i;
        _snwprintf(fallback, NR_ARRAY_SIZE(fallback), L"Z:%hs", unix_path);
        fallback[NR_ARRAY_SIZE(fallback) - 1] = 0;
        for (i = 0; fallback[i]; i++)
            if (fallback[i] == L'/')
                fallback[i] = L'\\';
        path = fallback;
    }
    file = CreateFileW(path, GENERIC_READ | GENERIC_WRITE,
                       FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                       NULL, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
    if (dos)
        HeapFree(GetProcessHeap(), 0, dos);
    if (file == INVALID_HANDLE_VALUE) {
        snprintf(reason, reason_size,
                 "cannot open the shm-tcp rings %s (error %lu; the server must "
                 "run on this machine as the same user)",
                 unix_path, (unsigned long)GetLastError());
        return NULL;
    }
    if (!GetFileSizeEx(file, &file_size) || (uint64_t)file_size.QuadPart < size) {
        snprintf(reason, reason_size, "the shm-tcp rings %s are too small",
                 unix_path);
        CloseHandle(file);
        return NULL;
    }
    mapping = CreateFileMappingW(file, NULL, PAGE_READWRITE, 0, 0, NULL);
    if (mapping)
        view = MapViewOfFile(mapping, FILE_MAP_ALL_ACCESS, 0, 0, size);
    if (!view)
        snprintf(reason, reason_size, "cannot map the shm-tcp rings %s (error %lu)",
                 unix_path, (unsigned long)GetLastError());
    /* The view keeps the section and the file alive. */
    if (mapping)
        CloseHandle(mapping);
    CloseHandle(file);
    return view;
}

static void win_shm_file_unmap(uint8_t *map, size_t size)
{
    (void)size;
    UnmapViewOfFile(map);
}

struct transport_client *transport_connect_shm(const char *address,
                                               const char *name, bool *not_here,
                                               char *reason, size_t reason_size)
{
    bool is_unix;
    int sock;

    *not_here = false;
    sock = sock_connect(address, &is_unix, reason, reason_size);
    if (sock < 0)
        return NULL;
    return shm_file_client_connect(sock, name, win_shm_file_map, win_shm_file_unmap,
                                   not_here, reason, reason_size);
}
