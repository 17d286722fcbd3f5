#define _GNU_SOURCE
#include "common.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const channel_names[NR_LOG_CHANNEL_COUNT] = {
    "wire", "d3d9", "shader", "vk", "present", "server", "transport",
};
static const char *const level_names[] = {"error", "warn", "info", "debug"};

static pthread_once_t log_once = PTHREAD_ONCE_INIT;
static int log_levels[NR_LOG_CHANNEL_COUNT];
static FILE *log_file;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static int parse_level(const char *s, size_t n)
{
    for (unsigned i = 0; i < NR_ARRAY_SIZE(level_names); i++)
        if (strlen(level_names[i]) == n && !strncmp(s, level_names[i], n))
            return (int)i;
    return -1;
}

static void log_init(void)
{
    const char *spec = getenv("NEREID_LOG");
    const char *path = getenv("NEREID_LOG_FILE");

    for (int i = 0; i < NR_LOG_CHANNEL_COUNT; i++)
        log_levels[i] = NR_LOG_WARN;
    log_file = stderr;
    if (path && *path) {
        FILE *f = fopen(path, "a");
        if (f)
            log_file = f;
    }
    while (spec && *spec) {
        const char *end = strchr(spec, ',');
        size_t len = end ? (size_t)(end - spec) : strlen(spec);
        const char *colon = memchr(spec, ':', len);
        if (colon) {
            int lvl = parse_level(colon + 1, len - (size_t)(colon + 1 - spec));
            for (int i = 0; i < NR_LOG_CHANNEL_COUNT && lvl >= 0; i++)
                if (strlen(channel_names[i]) == (size_t)(colon - spec) &&
                    !strncmp(spec, channel_names[i], (size_t)(colon - spec)))
                    log_levels[i] = lvl;
        } else {
            int lvl = parse_level(spec, len);
            for (int i = 0; i < NR_LOG_CHANNEL_COUNT && lvl >= 0; i++)
                log_levels[i] = lvl;
        }
        spec = end ? end + 1 : NULL;
    }
}

bool nr_log_enabled(enum nr_log_channel ch, enum nr_log_level lvl)
{
    pthread_once(&log_once, log_init);
    return (int)lvl <= log_levels[ch];
}

void nr_log(enum nr_log_channel ch, enum nr_log_level lvl, const char *fmt, ...)
{
    va_list ap;
    char line[1024];
    int n;

    if (!nr_log_enabled(ch, lvl))
        return;
    n = snprintf(line, sizeof(line), "nereid:%s:%s: ", channel_names[ch],
                 level_names[lvl]);
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < sizeof(line))
        vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&log_lock);
    fprintf(log_file, "%s\n", line);
    fflush(log_file);
    pthread_mutex_unlock(&log_lock);
}

bool nr_array_grow(void **array, size_t *capacity, size_t needed, size_t elem_size)
{
    size_t cap = *capacity, bytes;
    void *p;

    if (needed <= cap)
        return true;
    if (cap < 8)
        cap = 8;
    while (cap < needed) {
        if (cap > SIZE_MAX / 2)
            return false;
        cap *= 2;
    }
    if (__builtin_mul_overflow(cap, elem_size, &bytes))
        return false;
    if (!(p = realloc(*array, bytes)))
        return false;
    *array = p;
    *capacity = cap;
    return true;
}

uint64_t nr_hash64(const void *data, size_t size, uint64_t seed)
{
    const uint8_t *p = data;
    uint64_t h = seed;
    for (size_t i = 0; i < size; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

long nr_env_int(const char *name, long def, long lo, long hi)
{
    const char *s = getenv(name);
    char *end;
    long v;

    if (!s || !*s)
        return def;
    errno = 0;
    v = strtol(s, &end, 0);
    if (errno || *end)
        return def;
    return v < lo ? lo : v > hi ? hi : v;
}

bool nr_env_flag(const char *name)
{
    const char *s = getenv(name);
    return s && *s && strcmp(s, "0") != 0;
}
