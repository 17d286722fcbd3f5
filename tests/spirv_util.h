/* SPIR-V helpers shared by the unit tests: writing a module to a file and
 * running spirv-val on one. */
#ifndef NEREID_TESTS_SPIRV_UTIL_H
#define NEREID_TESTS_SPIRV_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static inline int write_file(const char *path, const uint32_t *words, size_t count)
{
    FILE *f = fopen(path, "wb");
    int good;

    if (!f)
        return 0;
    good = fwrite(words, sizeof(uint32_t), count, f) == count;
    return fclose(f) == 0 && good;
}

/* Runs spirv-val (Vulkan 1.3 environment) on the module; returns its exit
 * status, -1 on trouble.  quiet: its messages go to /dev/null. */
static inline int spirv_val(const uint32_t *words, size_t count, int quiet)
{
    const char *tmp = getenv("TMPDIR");
    char path[4096], cmd[4200];
    int fd, rc;

    snprintf(path, sizeof(path), "%s/nereid_spv_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    fd = mkstemp(path);
    if (fd < 0)
        return -1;
    close(fd);
    if (!write_file(path, words, count)) {
        unlink(path);
        return -1;
    }
    snprintf(cmd, sizeof(cmd), "spirv-val --target-env vulkan1.3 '%s'%s", path,
             quiet ? " >/dev/null 2>&1" : "");
    rc = system(cmd);
    unlink(path);
    if (rc == -1 || !WIFEXITED(rc))
        return -1;
    return WEXITSTATUS(rc);
}

#endif
