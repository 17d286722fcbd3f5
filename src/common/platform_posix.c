/* The platform layer on Linux (and other POSIX hosts with futexes). */
#define _GNU_SOURCE
#include "platform.h"

#include <errno.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

uint64_t nr_time_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void nr_sleep_ms(unsigned ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
        ;
}

const char *nr_program_name(void)
{
    return program_invocation_short_name && *program_invocation_short_name
               ? program_invocation_short_name
               : "?";
}

void nr_futex_wait(uint32_t *word, uint32_t expected, int timeout_ms)
{
    struct timespec ts, *tsp = NULL;
    if (timeout_ms >= 0) {
        ts.tv_sec = timeout_ms / 1000;
        ts.tv_nsec = (long)(timeout_ms % 1000) * 1000000L;
        tsp = &ts;
    }
    /* Shared futex: the word may live in a memfd mapped by two processes. */
    syscall(SYS_futex, word, FUTEX_WAIT, expected, tsp, NULL, 0);
}

void nr_futex_wake(uint32_t *word, int count)
{
    syscall(SYS_futex, word, FUTEX_WAKE, count, NULL, NULL, 0);
}

void nr_make_dir(const char *path)
{
    mkdir(path, 0755);
}
