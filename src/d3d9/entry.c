/* The exports of libd3d9.so / d3d9.dll and nereid's own API. */
#define _GNU_SOURCE
#include "d3d9/d3d9_private.h"

#include <nereid/nereid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* D3D9 accepts the SDK version of any D3D9 SDK, with or without the debug
 * bit (0x80000000). */
static bool sdk_version_ok(UINT sdk_version, const char *who)
{
    if ((sdk_version & 0x7fffffff) != D3D_SDK_VERSION && (sdk_version & 0x7fffffff) != 31) {
        NR_ERR(D3D9, "%s: SDK version %u is not a D3D9 one", who, sdk_version);
        return false;
    }
    return true;
}

NR_EXPORT IDirect3D9 *WINAPI Direct3DCreate9(UINT sdk_version)
{
    struct d3d9 *d3d;
    if (!sdk_version_ok(sdk_version, "Direct3DCreate9"))
        return NULL;
    d3d = d3d9_create(false);
    return d3d ? &d3d->IDirect3D9_iface : NULL;
}

NR_EXPORT HRESULT WINAPI Direct3DCreate9Ex(UINT sdk_version, IDirect3D9Ex **out)
{
    struct d3d9 *d3d;
    if (!out)
        return D3DERR_INVALIDCALL;
    *out = NULL;
    if (!sdk_version_ok(sdk_version, "Direct3DCreate9Ex"))
        return D3DERR_NOTAVAILABLE;
    if (!(d3d = d3d9_create(true)))
        return E_OUTOFMEMORY;
    *out = (IDirect3D9Ex *)&d3d->IDirect3D9_iface;
    return D3D_OK;
}

static int perf_depth;

NR_EXPORT int WINAPI D3DPERF_BeginEvent(D3DCOLOR color, LPCWSTR name)
{
    (void)color; (void)name;
    return __atomic_fetch_add(&perf_depth, 1, __ATOMIC_SEQ_CST);
}

NR_EXPORT int WINAPI D3DPERF_EndEvent(void)
{
    int d = __atomic_load_n(&perf_depth, __ATOMIC_SEQ_CST);
    if (d <= 0)
        return -1;
    return __atomic_sub_fetch(&perf_depth, 1, __ATOMIC_SEQ_CST);
}

NR_EXPORT void WINAPI D3DPERF_SetMarker(D3DCOLOR color, LPCWSTR name)
{
    (void)color; (void)name;
}

NR_EXPORT void WINAPI D3DPERF_SetRegion(D3DCOLOR color, LPCWSTR name)
{
    (void)color; (void)name;
}

NR_EXPORT BOOL WINAPI D3DPERF_QueryRepeatFrame(void)
{
    return FALSE;
}

NR_EXPORT void WINAPI D3DPERF_SetOptions(DWORD options)
{
    (void)options;
}

NR_EXPORT DWORD WINAPI D3DPERF_GetStatus(void)
{
    return 0; /* no profiler attached */
}

NR_EXPORT void *WINAPI Direct3DShaderValidatorCreate9(void)
{
    return d3d9_shader_validator_create(); /* validator.c */
}

/* The rest of the retail d3d9.dll's exports, so that a program importing
 * them loads.  The retail runtime does nothing in them either: they serve
 * the debug runtime (mute, level), the software vertex pipeline's error
 * path (PSGP) and the maximized-windowed compatibility shim. */
NR_EXPORT void WINAPI DebugSetMute(void)
{
}

NR_EXPORT int WINAPI DebugSetLevel(void)
{
    return 0; /* the retail runtime has no debug level */
}

NR_EXPORT void WINAPI PSGPError(void *d3dx, DWORD unknown0, DWORD unknown1)
{
    (void)d3dx, (void)unknown0, (void)unknown1;
}

NR_EXPORT void WINAPI PSGPSampleTexture(void *d3dx, DWORD unknown0, void *unknown1,
                                        DWORD unknown2, void *unknown3)
{
    (void)d3dx, (void)unknown0, (void)unknown1, (void)unknown2, (void)unknown3;
}

NR_EXPORT int WINAPI Direct3D9EnableMaximizedWindowedModeShim(BOOL enable)
{
    (void)enable;
    return 0; /* no shim: windows are never maximized behind the program's back */
}

/* ------------------------------------------------------------ nereid API */

NR_EXPORT HRESULT nereid_device_get_info(IDirect3DDevice9 *iface,
                                         struct nereid_device_info *info)
{
    struct d3d9_device *dev;
    if (!d3d9_is_device_iface(iface) || !info)
        return D3DERR_INVALIDCALL;
    dev = impl_from_IDirect3DDevice9(iface);
    memset(info, 0, sizeof(*info));
    snprintf(info->device_name, sizeof(info->device_name), "%s",
             dev->tc->caps.device_name);
    snprintf(info->transport, sizeof(info->transport), "%s", dev->tc->kind_name);
    info->context_id = dev->tc->context_id;
    info->lost = dev->tc->lost;
    snprintf(info->lost_reason, sizeof(info->lost_reason), "%s", dev->tc->lost_reason);
    info->frames = dev->swapchain->frames;
    info->texture_table = (dev->tc->caps.features & WIRE_DEVFEAT_TEXTURE_TABLE) != 0;
    return D3D_OK;
}

NR_EXPORT HRESULT nereid_device_sync(IDirect3DDevice9 *iface, uint64_t *errors)
{
    struct d3d9_device *dev;
    struct wire_ping ping = {0x6e65726569640000ull};
    struct wire_reply reply;

    if (!d3d9_is_device_iface(iface))
        return D3DERR_INVALIDCALL;
    dev = impl_from_IDirect3DDevice9(iface);
    if (dev->tc->lost || !wire_emit_PING(&dev->tc->w, &ping) ||
        !transport_wait_reply(dev->tc, &reply) || reply.values[0] != ping.cookie)
        return D3DERR_DEVICELOST;
    if (errors)
        *errors = reply.values[1];
    return D3D_OK;
}

_Static_assert(WIRE_OP_COUNT <= 64, "nereid_stats.records_by_op is too small");

NR_EXPORT const char *nereid_wire_op_name(unsigned op)
{
    return wire_op_name(op);
}

static void client_stats(struct d3d9_device *dev, struct nereid_stats *st)
{
    struct transport_client *tc = dev->tc;
    memset(st, 0, sizeof(*st));
    st->draws = dev->draws;
    st->records = tc->w.records;
    st->record_bytes = tc->w.bytes;
    st->stage_bytes = tc->stats.stage_bytes;
    for (unsigned i = 0; i < WIRE_OP_COUNT; i++) {
        st->records_by_op[i] = tc->w.op_records[i];
        st->bytes_by_op[i] = tc->w.op_bytes[i];
    }
    st->key_builds = dev->key_builds;
    st->blocks_created = dev->blocks_created;
    st->waits_none = tc->stats.waits[WIRE_WAIT_NONE];
    st->waits_reply = tc->stats.waits[WIRE_WAIT_REPLY];
    st->waits_present = tc->stats.waits[WIRE_WAIT_PRESENT];
    st->round_trips = tc->stats.round_trips;
    st->flushes = tc->stats.flushes;
    st->doorbells = tc->stats.doorbells;
    st->stage_in_use = tc->stats.stage_in_use;
    st->stage_grows = tc->stats.stage_grows;
    st->state_check_failures = dev->state_check_failures;
    snprintf(st->state_check_last, sizeof(st->state_check_last), "%s",
             dev->state_check_last);
    snprintf(st->state_check_first, sizeof(st->state_check_first), "%s",
             dev->state_check_first);
}

HRESULT d3d9_device_get_stats(struct d3d9_device *dev, struct nereid_stats *st)
{
    struct wire_ping ping = {0x7374617473ull};
    struct wire_reply r;

    client_stats(dev, st);
    if (dev->tc->lost || !wire_emit_PING(&dev->tc->w, &ping) ||
        !transport_wait_reply(dev->tc, &r) || r.values[WIRE_PING_COOKIE] != ping.cookie)
        return D3DERR_DEVICELOST;
    /* The ping itself is not the application's. */
    st->server_records = r.values[WIRE_PING_RECORDS];
    st->server_draws = r.values[WIRE_PING_DRAWS];
    st->server_draw_calls = r.values[WIRE_PING_DRAW_CALLS];
    st->server_pipeline_binds = r.values[WIRE_PING_PIPELINE_BINDS];
    st->server_pipelines_created = r.values[WIRE_PING_PIPELINES_CREATED];
    st->server_submits = r.values[WIRE_PING_SUBMITS];
    st->server_renames = r.values[WIRE_PING_RENAMES];
    st->server_ordered_copies = r.values[WIRE_PING_ORDERED_COPIES];
    st->server_busy_ns = r.values[WIRE_PING_BUSY_NS];
    st->validation_errors = r.values[WIRE_PING_VALIDATION_ERRORS];
    st->shader_translations = r.values[WIRE_PING_SHADER_TRANSLATIONS];
    st->shader_disk_hits = r.values[WIRE_PING_SHADER_DISK_HITS];
    return D3D_OK;
}

NR_EXPORT HRESULT nereid_device_get_stats(IDirect3DDevice9 *iface,
                                          struct nereid_stats *st)
{
    if (!d3d9_is_device_iface(iface) || !st)
        return D3DERR_INVALIDCALL;
    return d3d9_device_get_stats(impl_from_IDirect3DDevice9(iface), st);
}

NR_EXPORT void nereid_stats_print(const struct nereid_stats *st, FILE *out)
{
    fprintf(out, "nereid stats:\n");
    fprintf(out, "  client: %llu draws, %llu records, %llu record bytes, %llu stage "
                 "bytes\n",
            (unsigned long long)st->draws, (unsigned long long)st->records,
            (unsigned long long)st->record_bytes, (unsigned long long)st->stage_bytes);
    for (unsigned i = 0; i < WIRE_OP_COUNT; i++)
        if (st->records_by_op[i])
            fprintf(out, "    %-20s %10llu records %12llu bytes\n", wire_op_name(i),
                    (unsigned long long)st->records_by_op[i],
                    (unsigned long long)st->bytes_by_op[i]);
    fprintf(out, "  state: %llu key rebuilds, %llu state blocks built and sent, "
                 "%llu check-mode reports\n",
            (unsigned long long)st->key_builds, (unsigned long long)st->blocks_created,
            (unsigned long long)st->state_check_failures);
    fprintf(out, "  waits: none %llu, reply %llu, present %llu; round trips %llu; "
                 "flushes %llu; doorbells %llu\n",
            (unsigned long long)st->waits_none, (unsigned long long)st->waits_reply,
            (unsigned long long)st->waits_present, (unsigned long long)st->round_trips,
            (unsigned long long)st->flushes, (unsigned long long)st->doorbells);
    fprintf(out, "  stage ring: %llu KiB in use after %llu doublings\n",
            (unsigned long long)(st->stage_in_use >> 10), (unsigned long long)st->stage_grows);
    fprintf(out, "  server: %llu records, %llu draws in %llu draw calls, %llu pipeline "
                 "binds, %llu pipeline compiles, %llu submits, %llu renames, %llu "
                 "ordered copies, %.3f ms busy, %llu validation errors\n",
            (unsigned long long)st->server_records, (unsigned long long)st->server_draws,
            (unsigned long long)st->server_draw_calls,
            (unsigned long long)st->server_pipeline_binds,
            (unsigned long long)st->server_pipelines_created,
            (unsigned long long)st->server_submits, (unsigned long long)st->server_renames,
            (unsigned long long)st->server_ordered_copies,
            (double)st->server_busy_ns / 1e6, (unsigned long long)st->validation_errors);
}

NR_EXPORT HRESULT nereid_device_dump_path(IDirect3DDevice9 *iface, uint64_t frame,
                                          char *path, size_t size)
{
    struct d3d9_device *dev;
    const char *dir = getenv("NEREID_DUMP");
    if (!d3d9_is_device_iface(iface) || !path || !dir || !*dir)
        return D3DERR_INVALIDCALL;
    dev = impl_from_IDirect3DDevice9(iface);
    snprintf(path, size, "%s/nereid-%u-%05llu.png", dir, dev->tc->context_id,
             (unsigned long long)frame);
    return D3D_OK;
}
