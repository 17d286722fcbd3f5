/* nereid server: DXBC translation in a process of its own.
 *
 * vkd3d-shader assumes the bytecode it reads was validated (Windows'
 * runtime does that before a driver sees it) and asserts on much of what
 * is not; a client's program that makes it assert would take the server,
 * and every other client, down with it.  shader/dxbc.c refuses the forms
 * found so far (dxbc_bindings), but the rest cannot be listed, so the
 * standalone server translates in a helper: `nereid-server --translator`,
 * started on first use with a socket on its descriptor 0, which reads a
 * request (the translation's arguments), translates as the server would
 * and answers the module.  A helper that dies or does not answer within
 * TRANSLATOR_TIMEOUT_MS (10 s) is killed, the program refused (its draws are
 * dropped, as for any program the translator refuses) and the next
 * request starts another.  Each thread that translates has a helper of
 * its own (a thread-specific value, killed when the thread ends): a
 * client's session is one thread (server.c's context_thread), so one
 * client's programs never wait for another's helper, however long that
 * one takes, and sessions translate at once.  NEREID_MAX_SESSIONS bounds
 * the helpers with the sessions.  The server caches what it made
 * (server/shaders.c), so a program is translated once.  A server inside
 * the application's process (inproc) translates in that process: only the
 * application is at stake there. */
#define _GNU_SOURCE
#include "server/server_private.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HAS_ASAN 1
#endif
#endif
#ifndef HAS_ASAN
#define HAS_ASAN 0
#endif

#define TRANSLATOR_MAGIC 0x6e727472u /* "rtrn" */
#define TRANSLATOR_TIMEOUT_MS 10000
#define TRANSLATOR_MAX_BYTES (1ull << 30) /* the helper's address space */
#define TRANSLATOR_MAX_WORDS (64u << 20) /* 256 MiB of SPIR-V: none is near */

struct translator_request {
    uint32_t magic;
    uint32_t stage, size; /* the DXBC's bytes follow the request */
    uint8_t has_so, dual, reserved[2];
    struct server_so_layout so;
};

struct translator_answer {
    uint32_t magic;
    uint8_t ok, refused, reserved[2];
    uint32_t err_len, count; /* the message's bytes, then the module's words */
};

static struct {
    pthread_mutex_t lock;
    char exe[4096]; /* "": translate in this process */
} helper = {PTHREAD_MUTEX_INITIALIZER, ""};

/* A thread's helper process. */
struct helper_proc {
    pid_t pid;
    int fd;
};

static pthread_key_t proc_key;
static pthread_once_t proc_once = PTHREAD_ONCE_INIT;

void server_translator_enable(const char *exe)
{
    pthread_mutex_lock(&helper.lock);
    snprintf(helper.exe, sizeof(helper.exe), "%s", exe ? exe : "");
    pthread_mutex_unlock(&helper.lock);
}

/* Whole reads and writes on the socket; reads wait at most until
 * `deadline` (a CLOCK_MONOTONIC time in ms, 0: forever). */
static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static bool read_all(int fd, void *buf, size_t n, uint64_t deadline)
{
    uint8_t *p = buf;
    while (n) {
        if (deadline) {
            uint64_t now = now_ms();
            struct pollfd pfd = {fd, POLLIN, 0};
            if (now >= deadline || poll(&pfd, 1, (int)(deadline - now)) <= 0)
                return false;
        }
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        p += r;
        n -= (size_t)r;
    }
    return true;
}

static bool write_all(int fd, const void *buf, size_t n)
{
    const uint8_t *p = buf;
    while (n) {
        ssize_t r = send(fd, p, n, MSG_NOSIGNAL);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        p += r;
        n -= (size_t)r;
    }
    return true;
}

int server_translator_main(void)
{
    struct translator_request rq;
    void *bytes = NULL;
    /* What vkd3d-shader makes of a malformed program may ask for gigabytes:
     * it fails here instead (and the program with it).  Not under
     * AddressSanitizer, whose shadow memory is terabytes of address space. */
#if !defined(__SANITIZE_ADDRESS__) && !HAS_ASAN
    struct rlimit as = {TRANSLATOR_MAX_BYTES, TRANSLATOR_MAX_BYTES};
    setrlimit(RLIMIT_AS, &as);
#endif

    while (read_all(0, &rq, sizeof(rq), 0)) {
        struct translator_answer a = {TRANSLATOR_MAGIC, 0, 0, {0}, 0, 0};
        uint32_t *words = NULL;
        size_t count = 0;
        bool refused = false;
        char err[256] = "";
        if (rq.magic != TRANSLATOR_MAGIC || rq.size > (1u << 20) ||
            !(bytes = malloc(rq.size ? rq.size : 1)) || !read_all(0, bytes, rq.size, 0))
            return 1;
        a.ok = server_translate_here(rq.stage, bytes, rq.size, rq.has_so ? &rq.so : NULL,
                                     rq.dual, &words, &count, &refused, err, sizeof(err));
        free(bytes);
        a.refused = refused;
        a.err_len = (uint32_t)strlen(err);
        a.count = a.ok ? (uint32_t)count : 0;
        if (!write_all(1, &a, sizeof(a)) || !write_all(1, err, a.err_len) ||
            !write_all(1, words, (size_t)a.count * 4))
            return 1;
        free(words);
    }
    return 0;
}

/* The helper gone: killed if it still runs, reaped; its status said in
 * err. */
static void helper_drop(struct helper_proc *h, const char *why, char *err, size_t err_size)
{
    int status = 0;
    if (h->fd >= 0)
        close(h->fd);
    h->fd = -1;
    if (h->pid > 0) {
        kill(h->pid, SIGKILL);
        while (waitpid(h->pid, &status, 0) < 0 && errno == EINTR)
            ;
        if (WIFSIGNALED(status) && WTERMSIG(status) != SIGKILL)
            snprintf(err, err_size, "the translator died on the program (signal %d)",
                     WTERMSIG(status));
        else
            snprintf(err, err_size, "the translator %s", why);
    }
    h->pid = 0;
}

/* A thread's end: its helper with it. */
static void proc_end(void *p)
{
    char err[128];
    helper_drop(p, "ended with its thread", err, sizeof(err));
    free(p);
}

static void proc_key_make(void)
{
    pthread_key_create(&proc_key, proc_end);
}

/* The calling thread's helper (none started yet: pid 0), NULL without
 * memory. */
static struct helper_proc *thread_proc(void)
{
    struct helper_proc *h;
    pthread_once(&proc_once, proc_key_make);
    if (!(h = pthread_getspecific(proc_key)) && (h = calloc(1, sizeof(*h)))) {
        h->fd = -1;
        if (pthread_setspecific(proc_key, h)) {
            free(h);
            h = NULL;
        }
    }
    return h;
}

static bool helper_start(struct helper_proc *h, char *exe, char *err, size_t err_size)
{
    int sv[2];
    posix_spawn_file_actions_t fa;
    char *argv[] = {exe, (char *)"--translator", NULL};
    int rc;
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
        snprintf(err, err_size, "no socket for the translator: %s", strerror(errno));
        return false;
    }
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 1);
    /* Nothing else of the server's (a client's socket held open here
     * would keep its session from ending; the device's files). */
    posix_spawn_file_actions_addclosefrom_np(&fa, 3);
    rc = posix_spawn(&h->pid, exe, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(sv[1]);
    if (rc) {
        close(sv[0]);
        h->pid = 0;
        snprintf(err, err_size, "cannot start the translator %s: %s", exe, strerror(rc));
        return false;
    }
    h->fd = sv[0];
    return true;
}

int server_translator_pid(void)
{
    struct helper_proc *h = thread_proc();
    return h ? h->pid : 0;
}

bool server_translate_isolated(enum wire_shader_stage stage, const void *bytes, uint32_t size,
                               const struct server_so_layout *so, bool dual, uint32_t **words,
                               size_t *count, bool *refused, char *err, size_t err_size,
                               bool *handled)
{
    struct translator_request rq = {TRANSLATOR_MAGIC, stage, size, so != NULL, dual, {0}, {0}};
    struct translator_answer a;
    struct helper_proc *h;
    char exe[sizeof(helper.exe)];
    bool ok = false;

    *handled = false;
    pthread_mutex_lock(&helper.lock);
    memcpy(exe, helper.exe, sizeof(exe));
    pthread_mutex_unlock(&helper.lock);
    if (!exe[0])
        return false;
    *handled = true;
    *words = NULL;
    *count = 0;
    *refused = true;
    if (so)
        rq.so = *so;
    if (!(h = thread_proc())) {
        snprintf(err, err_size, "no memory for a translator");
        return false;
    }
    if (h->fd < 0 && !helper_start(h, exe, err, err_size)) {
        /* No helper can run here (no /proc, no exec): this process
         * translates from now on, as an inproc server does. */
        NR_WARN(SERVER, "%s: DXBC is translated in the server's process", err);
        server_translator_enable(NULL);
        *handled = false;
        return false;
    }
    if (!write_all(h->fd, &rq, sizeof(rq)) || !write_all(h->fd, bytes, size) ||
        !read_all(h->fd, &a, sizeof(a), now_ms() + TRANSLATOR_TIMEOUT_MS) ||
        a.magic != TRANSLATOR_MAGIC || a.err_len >= err_size || a.count > TRANSLATOR_MAX_WORDS) {
        helper_drop(h, "did not answer", err, err_size);
        return false;
    }
    /* (The rest follows at once: the helper writes it with the header.) */
    if (!read_all(h->fd, err, a.err_len, now_ms() + TRANSLATOR_TIMEOUT_MS) ||
        (a.count && !(*words = malloc((size_t)a.count * 4)))) {
        helper_drop(h, "did not answer", err, err_size);
        return false;
    }
    err[a.err_len] = 0;
    if (a.count && !read_all(h->fd, *words, (size_t)a.count * 4,
                             now_ms() + TRANSLATOR_TIMEOUT_MS)) {
        free(*words);
        *words = NULL;
        helper_drop(h, "did not answer", err, err_size);
        return false;
    }
    ok = a.ok && a.count;
    if (!ok) {
        free(*words);
        *words = NULL;
    }
    *count = ok ? a.count : 0;
    *refused = a.refused;
    return ok;
}
