/* The fuzz targets' NEREID_FUZZ_DUMP: each module a target made written to
 * DIR/<hash>.spv (the first 400 different ones), for tests/fuzz/run-fuzz.sh
 * to pass through spirv-val: the driver must only ever see valid SPIR-V. */
#ifndef NEREID_FUZZ_DUMP_H
#define NEREID_FUZZ_DUMP_H

#include "common/common.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static unsigned fuzz_dumped;

static void fuzz_dump(const uint32_t *words, size_t count)
{
    const char *dir = getenv("NEREID_FUZZ_DUMP");
    char path[512];
    FILE *f;
    if (!dir || fuzz_dumped >= 400)
        return;
    snprintf(path, sizeof(path), "%s/%016llx.spv", dir,
             (unsigned long long)nr_hash64(words, count * 4, NR_HASH_SEED));
    if ((f = fopen(path, "rb"))) { /* made already */
        fclose(f);
        return;
    }
    if ((f = fopen(path, "wb"))) {
        fwrite(words, 4, count, f);
        fclose(f);
        fuzz_dumped++;
    }
}

/* vkd3d-shader 1.2 asserts on some malformed programs, and allocates
 * gigabytes for others; the server contains both by translating in a
 * process of its own (server/translator.c), and the targets fuzz our code.
 * An input reaching vkd3d-shader is first run in a child process: one
 * whose child fails without a sanitizer's report (an assertion, a
 * libFuzzer out-of-memory), runs past 5 s (what takes that long under
 * the sanitizers is vkd3d-shader's work, not our code's), or peaks
 * past FUZZ_CHILD_MAX_KB resident (the child is this process, so here the
 * input would peak alike, near libFuzzer's 2 GiB limit: vkd3d-shader's
 * gigabytes, which the translator's 1 GiB address space refuses) is
 * skipped; where the child's report is a sanitizer's, the input runs here,
 * where libFuzzer reports it. */
#define FUZZ_CHILD_SECONDS 5
#define FUZZ_CHILD_MAX_KB (1536L * 1024)
static bool fuzz_vkd3d_survives(void (*run)(const uint8_t *, size_t), const uint8_t *data,
                                size_t size)
{
    static char report[1 << 16];
    int status = 0, pipefd[2];
    size_t got = 0;
    pid_t pid;
    if (pipe(pipefd))
        return true;
    if (!(pid = fork())) {
        signal(SIGABRT, SIG_DFL);
        signal(SIGALRM, SIG_DFL);
        alarm(FUZZ_CHILD_SECONDS);
        dup2(pipefd[1], 2);
        close(pipefd[0]);
        unsetenv("NEREID_FUZZ_DUMP");
        run(data, size);
        _exit(0);
    }
    close(pipefd[1]);
    if (pid < 0) {
        close(pipefd[0]);
        return true;
    }
    for (ssize_t r; (r = read(pipefd[0], report + got, sizeof(report) - 1 - got)) != 0;) {
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            break;
        got += (size_t)r;
        if (got == sizeof(report) - 1) /* (the rest is not read) */
            got = 0;
    }
    report[got] = 0;
    close(pipefd[0]);
    struct rusage ru = {0};
    while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(status) && !WEXITSTATUS(status))
        return ru.ru_maxrss <= FUZZ_CHILD_MAX_KB;
    return strstr(report, "Sanitizer") || strstr(report, "runtime error");
}

#endif
