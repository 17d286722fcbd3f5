/* nereid common layer: logging, checked allocation, hashing, and (through
 * platform.h) time, doorbells and the program name.
 * Every other layer may include this header; it includes nothing of ours
 * outside src/common. */
#ifndef NEREID_COMMON_H
#define NEREID_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform.h"

#define NR_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define NR_ALIGN(v, a) (((v) + ((a)-1)) & ~((__typeof__(v))(a)-1))
#define NR_MIN(a, b) ((a) < (b) ? (a) : (b))
#define NR_MAX(a, b) ((a) > (b) ? (a) : (b))
#define NR_MUST_USE __attribute__((warn_unused_result))
#ifdef _WIN32 /* mingw-w64 with __USE_MINGW_ANSI_STDIO: C99 formats */
#define NR_PRINTF(f, a) __attribute__((format(gnu_printf, f, a)))
#else
#define NR_PRINTF(f, a) __attribute__((format(printf, f, a)))
#endif
#ifdef _WIN32
#define NR_EXPORT __declspec(dllexport) /* and pe/d3d9.def names them */
#else
#define NR_EXPORT __attribute__((visibility("default")))
#endif
#define NR_UNUSED __attribute__((unused))

/* Log channels, as DESIGN.md section 7 names them. */
enum nr_log_channel {
    NR_LOG_WIRE,
    NR_LOG_D3D9,
    NR_LOG_SHADER,
    NR_LOG_VK,
    NR_LOG_PRESENT,
    NR_LOG_SERVER,
    NR_LOG_TRANSPORT,
    NR_LOG_CHANNEL_COUNT
};

enum nr_log_level { NR_LOG_ERROR, NR_LOG_WARN, NR_LOG_INFO, NR_LOG_DEBUG };

/* NEREID_LOG=level or channel:level,... (e.g. "info" or "vk:debug,wire:info").
 * Default: warnings and errors.  NEREID_LOG_FILE names a file instead of stderr. */
void nr_log(enum nr_log_channel ch, enum nr_log_level lvl, const char *fmt, ...)
    NR_PRINTF(3, 4);
bool nr_log_enabled(enum nr_log_channel ch, enum nr_log_level lvl);

#define NR_ERR(ch, ...) nr_log(NR_LOG_##ch, NR_LOG_ERROR, __VA_ARGS__)
#define NR_WARN(ch, ...) nr_log(NR_LOG_##ch, NR_LOG_WARN, __VA_ARGS__)
#define NR_INFO(ch, ...) nr_log(NR_LOG_##ch, NR_LOG_INFO, __VA_ARGS__)
#define NR_DBG(ch, ...) nr_log(NR_LOG_##ch, NR_LOG_DEBUG, __VA_ARGS__)

/* Grows *array (of *capacity elements of elem_size bytes) so that it holds
 * at least needed elements.  Overflow-checked; false on failure, with the
 * array untouched. */
NR_MUST_USE bool nr_array_grow(void **array, size_t *capacity, size_t needed,
                               size_t elem_size);
/* (Inline: a hot path's room is there already, a call would cost more.) */
NR_MUST_USE static inline bool nr_array_reserve(void **array, size_t *capacity,
                                                size_t needed, size_t elem_size)
{
    return __builtin_expect(needed <= *capacity, 1) ||
           nr_array_grow(array, capacity, needed, elem_size);
}

/* 64-bit FNV-1a. */
uint64_t nr_hash64(const void *data, size_t size, uint64_t seed);
#define NR_HASH_SEED 0xcbf29ce484222325ull

/* Reads an environment variable as an integer clamped to [lo, hi]; def when
 * unset or unparsable. */
long nr_env_int(const char *name, long def, long lo, long hi);
bool nr_env_flag(const char *name);

#endif
