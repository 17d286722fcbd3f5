/* nereid platform layer: the few things that differ between a POSIX host
 * (libd3d9.so, nereid-server, the tools) and Windows (the PE d3d9.dll,
 * running under Wine).  platform_posix.c and platform_win32.c implement it;
 * a build links exactly one.  Sockets are the transport's business
 * (src/transport/socket.c, socket_win32.c).  Included by common.h. */
#ifndef NEREID_PLATFORM_H
#define NEREID_PLATFORM_H

#include <stdint.h>

/* Monotonic time in nanoseconds. */
uint64_t nr_time_ns(void);

/* Sleeps for at least ms milliseconds. */
void nr_sleep_ms(unsigned ms);

/* The running program's file name without its folder ("demo", "game.exe"),
 * for logs and the client name in the session hello.  Never NULL. */
const char *nr_program_name(void);

/* Creates a directory (no error if it exists). */
void nr_make_dir(const char *path);

/* Doorbells on a 32-bit word: waits while *word == expected (up to
 * timeout_ms, < 0: no limit; it may also return early), wakes up to count
 * waiters.  POSIX: a shared futex, so the word may live in a memfd that two
 * processes map.  Windows: WaitOnAddress, which reaches waiters of this
 * process only (the PE build has no shared rings yet). */
void nr_futex_wait(uint32_t *word, uint32_t expected, int timeout_ms);
void nr_futex_wake(uint32_t *word, int count);

#endif
