/* nereid's own API, for tools, tests and embedders.  Everything else a
 * program needs is plain D3D9 (<d3d9.h>). */
#ifndef NEREID_NEREID_H
#define NEREID_NEREID_H

#include <d3d9.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a device runs on. */
struct nereid_device_info {
    char device_name[256];  /* the server's Vulkan device */
    char transport[32];     /* "inproc", "shm", "shm-tcp", "stream-unix", "stream-tcp" */
    uint32_t context_id;    /* the server's id for this device's session */
    uint32_t lost;          /* nonzero when the session is gone */
    char lost_reason[160];  /* why, when lost */
    uint64_t frames;        /* presents so far */
    /* Nonzero when the server samples this device's textures through a
     * texture table: draws stay merged across texture changes. */
    uint32_t texture_table;
};

/* Fills *info for a device created by nereid; D3DERR_INVALIDCALL for any
 * other pointer. */
HRESULT nereid_device_get_info(IDirect3DDevice9 *device,
                               struct nereid_device_info *info);

/* A round trip to the server: waits until every record sent so far has been
 * executed, and returns the number of Vulkan validation errors the server
 * process has seen (0 unless it runs with NEREID_VALIDATION=1).
 * D3DERR_DEVICELOST when the session is gone. */
HRESULT nereid_device_sync(IDirect3DDevice9 *device, uint64_t *validation_errors);

/* Counters of a device, client side and (through a round trip) server side.
 * They are always kept; NEREID_STATS=1 prints them when a device is
 * released. */
struct nereid_stats {
    /* client: the API thread */
    uint64_t draws;
    uint64_t records, record_bytes, stage_bytes;
    uint64_t records_by_op[64], bytes_by_op[64]; /* by wire opcode */
    uint64_t key_builds;     /* pipeline keys rebuilt after a dirty flag */
    uint64_t blocks_created; /* state blocks built and sent (once per key) */
    uint64_t waits_none, waits_reply, waits_present; /* by wait class */
    uint64_t round_trips, flushes, doorbells;
    uint64_t state_check_failures; /* NEREID_CHECK_STATE reports */
    uint64_t shader_translations;  /* modules the server generated (DXSO, fixed function) */
    uint64_t shader_disk_hits;     /* modules the server read from NEREID_SHADER_CACHE */
    char state_check_last[320]; /* the reports of the latest draw with any */
    char state_check_first[320]; /* the reports of the first draw with any */
    /* server: this device's context */
    uint64_t server_records, server_draws, server_draw_calls;
    uint64_t server_pipeline_binds, server_pipelines_created, server_submits;
    uint64_t server_renames, server_ordered_copies, server_busy_ns;
    uint64_t validation_errors;
    /* client: the stage ring's part in use, and how often it doubled */
    uint64_t stage_in_use, stage_grows;
};

/* Fills *stats (a round trip to the server for its part).  D3DERR_DEVICELOST
 * (with the client part filled) when the session is gone. */
HRESULT nereid_device_get_stats(IDirect3DDevice9 *device, struct nereid_stats *stats);
/* Prints the counters to stderr. */
void nereid_stats_print(const struct nereid_stats *stats, FILE *out);
/* The name of a wire opcode (for records_by_op). */
const char *nereid_wire_op_name(unsigned op);

/* The path of the PNG the server wrote for a frame when NEREID_DUMP names a
 * folder: "<NEREID_DUMP>/nereid-<context>-<frame>.png". */
HRESULT nereid_device_dump_path(IDirect3DDevice9 *device, uint64_t frame,
                                char *path, size_t size);

#ifdef __cplusplus
}
#endif

#endif
