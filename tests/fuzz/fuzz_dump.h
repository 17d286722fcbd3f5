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

/* vkd3d-shader 1.2 asserts on some malformed programs, which the server
 * contains by translating in a process of its own (server/translator.c);
 * the targets fuzz our code.  An input reaching vkd3d-shader is first run
 * in a child process, and one whose child vkd3d-shader aborts (SIGABRT)
 * is skipped; any other failure is left to happen here, where libFuzzer
 * reports it. */
static bool fuzz_vkd3d_survives(void (*run)(const uint8_t *, size_t), const uint8_t *data,
                                size_t size)
{
    int status = 0, null;
    pid_t pid = fork();
    if (pid < 0)
        return true;
    if (!pid) {
        signal(SIGABRT, SIG_DFL);
        if ((null = open("/dev/null", O_WRONLY)) >= 0)
            dup2(null, 2); /* (vkd3d-shader's messages) */
        unsetenv("NEREID_FUZZ_DUMP");
        run(data, size);
        _exit(0);
    }
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    return !(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
}

#endif
