/* The server's shader translation: every module the GPU runs is SPIR-V the
 * server generated itself, from what the front end sent as the application
 * gave it (DXSO bytecode with its translation options) or as a
 * fixed-function key.  No client-made SPIR-V reaches the driver: drivers
 * are not hardened against hostile modules (see docs/SECURITY.md).
 *
 * Modules are cached by (stage, source, source bytes, options) in memory for
 * every context of the server, and on disk in NEREID_SHADER_CACHE, where
 * every later server process (and every Wine prefix whose d3d9.dll talks to
 * it) finds them. */
#define _GNU_SOURCE
#include "server/server_private.h"
#include "shader/dxso.h"
#include "shader/ff.h"

#include <float.h>
#include <vkd3d/vkd3d_shader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Modules kept in memory at most (every context's together), and their
 * bytes at most. */
#define SERVER_SHADER_CACHE_MAX 4096
#define SERVER_SHADER_CACHE_BYTES (256u << 20)

struct shader_entry {
    uint64_t key_hash;
    uint32_t *words;
    size_t count;
};

struct server_shaders {
    pthread_mutex_t lock;
    struct shader_entry *entries;
    size_t count, cap, bytes;
    uint64_t translations, disk_hits;
    char dir[512]; /* NEREID_SHADER_CACHE, or empty */
    /* D3D9's modules sample through the texture table (the device has
     * one: server_shaders_set_texture_table). */
    bool texture_table;
};

/* The translators' revision: bump it whenever a source's module changes
 * (dxso_spirv.c, ff.c), so that a module cache on disk written by an older
 * server is not read for the new one. */
#define SHADER_REVISION 5u

/* What names a module: everything its translation reads. */
static uint64_t source_key(const struct server_shaders *c, enum wire_shader_stage stage,
                           enum wire_shader_source source, const void *bytes, uint32_t size,
                           const struct wire_shader_options *o)
{
    uint64_t h = nr_hash64(bytes, size, NR_HASH_SEED);
    bool dxbc = source == WIRE_SHADER_DXBC || source == WIRE_SHADER_DXBC_DUAL_SOURCE;
    uint32_t head[4] = {stage, source, SHADER_REVISION, !dxbc && c->texture_table};
    h = nr_hash64(head, sizeof(head), h);
    if (source == WIRE_SHADER_DXSO)
        h = nr_hash64(o, sizeof(*o), h);
    if (source == WIRE_SHADER_DXBC && o->alpha_targets)
        h = nr_hash64(&o->alpha_targets, 1, h);
    if (dxbc) {
        /* Another vkd3d-shader may translate differently. */
        const char *v = vkd3d_shader_get_version(NULL, NULL);
        h = nr_hash64(v, strlen(v), h);
    }
    return h;
}

struct server_shaders *server_shaders_create(void)
{
    struct server_shaders *c = calloc(1, sizeof(*c));
    const char *dir = getenv("NEREID_SHADER_CACHE");
    if (!c)
        return NULL;
    pthread_mutex_init(&c->lock, NULL);
    if (dir && *dir)
        snprintf(c->dir, sizeof(c->dir), "%s", dir);
    return c;
}

void server_shaders_set_texture_table(struct server_shaders *c, bool on)
{
    pthread_mutex_lock(&c->lock);
    c->texture_table = on;
    pthread_mutex_unlock(&c->lock);
}

void server_shaders_destroy(struct server_shaders *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->count; i++)
        free(c->entries[i].words);
    free(c->entries);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

void server_shaders_stats(struct server_shaders *c, uint64_t *translations,
                          uint64_t *disk_hits)
{
    pthread_mutex_lock(&c->lock);
    *translations = c->translations;
    *disk_hits = c->disk_hits;
    pthread_mutex_unlock(&c->lock);
}

static void disk_path(const struct server_shaders *c, char *buf, size_t size, uint64_t key)
{
    snprintf(buf, size, "%s/%016llx.spv", c->dir, (unsigned long long)key);
}

/* A module of the disk cache: the server's own output, but a file is still
 * read with care (size, magic). */
static bool disk_load(const struct server_shaders *c, uint64_t key, uint32_t **words,
                      size_t *count)
{
    char path[600];
    FILE *f;
    long len;
    bool ok = false;

    if (!c->dir[0])
        return false;
    disk_path(c, path, sizeof(path), key);
    if (!(f = fopen(path, "rb")))
        return false;
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 20 && len % 4 == 0 &&
        len < (8 << 20) && fseek(f, 0, SEEK_SET) == 0 && (*words = malloc((size_t)len))) {
        ok = fread(*words, 1, (size_t)len, f) == (size_t)len && (*words)[0] == 0x07230203u;
        if (ok)
            *count = (size_t)len / 4;
        else
            free(*words);
    }
    fclose(f);
    return ok;
}

static void disk_store(const struct server_shaders *c, uint64_t key, const uint32_t *words,
                       size_t count)
{
    char path[600], tmp[660];
    FILE *f;

    if (!c->dir[0])
        return;
    nr_make_dir(c->dir);
    disk_path(c, path, sizeof(path), key);
    /* Write then rename: another process never reads half a module. */
    snprintf(tmp, sizeof(tmp), "%s.%llx.tmp", path, (unsigned long long)nr_time_ns());
    if (!(f = fopen(tmp, "wb")))
        return;
    if (fwrite(words, 4, count, f) == count && fclose(f) == 0)
        rename(tmp, path);
    else
        remove(tmp);
}

static void options_from_wire(const struct wire_shader_options *w, struct dxso_spirv_options *o)
{
    memset(o, 0, sizeof(*o));
    memcpy(o->sampler_type, w->sampler_type, sizeof(o->sampler_type));
    memcpy(o->ps1x_projected, w->ps1x_projected, sizeof(o->ps1x_projected));
    o->ps1x_max_value = w->ps1x_max_value;
    o->alpha_func = w->alpha_func;
    o->fog_table_mode = w->fog_table_mode;
    o->fog_vertex = w->fog_vertex != 0;
    o->fog_w = w->fog_w != 0;
    o->srgb_write = w->srgb_write != 0;
    o->srgb_samplers = w->srgb_samplers;
    o->force_point_size = w->force_point_size != 0;
    o->point_sprite = w->point_sprite != 0;
    o->shadow_samplers = w->shadow_samplers;
    o->zero_inputs = w->zero_inputs;
    o->unfed_varyings = w->unfed_varyings;
    o->flat_colors = w->flat_colors != 0;
    o->clip_planes = w->clip_planes;
}

/* The options the translator accepts: anything else is a client's error. */
static bool options_valid(const struct wire_shader_options *w, char *err, size_t err_size)
{
    for (unsigned i = 0; i < 16; i++)
        if (w->sampler_type[i] && (w->sampler_type[i] < DXSO_SAMPLER_2D ||
                                   w->sampler_type[i] > DXSO_SAMPLER_VOLUME)) {
            snprintf(err, err_size, "sampler %u type %u", i, w->sampler_type[i]);
            return false;
        }
    for (unsigned i = 0; i < 8; i++)
        if (w->ps1x_projected[i] && (w->ps1x_projected[i] < 3 || w->ps1x_projected[i] > 4)) {
            snprintf(err, err_size, "stage %u projection %u", i, w->ps1x_projected[i]);
            return false;
        }
    if (!(w->ps1x_max_value >= 0.0f && w->ps1x_max_value <= FLT_MAX) ||
        w->alpha_func > 8 || w->fog_table_mode > 3 || w->fog_vertex > 1 || w->fog_w > 1 ||
        w->srgb_write > 1 || w->force_point_size > 1 || w->point_sprite > 1 ||
        w->flat_colors > 1 || (w->clip_planes & ~0x3fu) || w->alpha_targets) {
        snprintf(err, err_size, "options out of range");
        return false;
    }
    return true;
}

/* Generates the module.  False with a reason when the source is not one
 * (malformed: the client's fault) or when the translator refuses it
 * (*refused: valid input the translator does not handle). */
static bool generate(const struct server_shaders *c, enum wire_shader_stage stage,
                     enum wire_shader_source source,
                     const void *bytes, uint32_t size, const struct wire_shader_options *wo,
                     uint32_t **words, size_t *count, bool *refused, char *err,
                     size_t err_size)
{
    *refused = false;
    switch (source) {
    case WIRE_SHADER_FF_VS_KEY:
    case WIRE_SHADER_FF_FS_KEY: {
        bool vs = source == WIRE_SHADER_FF_VS_KEY;
        union {
            struct ff_vs_key v;
            struct ff_fs_key f;
        } k;
        if (stage != (vs ? WIRE_STAGE_VERTEX : WIRE_STAGE_FRAGMENT) ||
            size != (vs ? sizeof(k.v) : sizeof(k.f))) {
            snprintf(err, err_size, "a fixed-function key of %u bytes for stage %u", size,
                     stage);
            return false;
        }
        memcpy(&k, bytes, size);
        uint32_t flags = c->texture_table ? FF_GEN_TEXTURE_TABLE : 0;
        if (!(vs ? ff_build_vs(&k.v, flags, words, count)
                 : ff_build_fs(&k.f, flags, words, count))) {
            snprintf(err, err_size, "a fixed-function key with a field out of range");
            return false;
        }
        return true;
    }
    case WIRE_SHADER_DXSO: {
        struct dxso_shader ir;
        struct dxso_spirv_options o;
        bool ok;
        if (!options_valid(wo, err, err_size))
            return false;
        if (!dxso_parse(bytes, size, &ir, err, err_size)) {
            dxso_shader_cleanup(&ir);
            return false;
        }
        if ((ir.type == DXSO_PIXEL) != (stage == WIRE_STAGE_FRAGMENT) ||
            stage >= WIRE_STAGE_COMPUTE) {
            dxso_shader_cleanup(&ir);
            snprintf(err, err_size, "a %s shader for stage %u",
                     ir.type == DXSO_PIXEL ? "pixel" : "vertex", stage);
            return false;
        }
        options_from_wire(wo, &o);
        o.texture_table = c->texture_table;
        ok = dxso_to_spirv(&ir, &o, words, count, err, err_size);
        dxso_shader_cleanup(&ir);
        *refused = !ok;
        return ok;
    }
    case WIRE_SHADER_DXBC:
        if (stage >= WIRE_STAGE_COUNT) {
            snprintf(err, err_size, "a DXBC program for stage %u", stage);
            return false;
        }
        if (wo->alpha_targets) {
            if (stage != WIRE_STAGE_FRAGMENT) {
                snprintf(err, err_size, "A8 targets of a program for stage %u", stage);
                return false;
            }
            return server_dxbc_to_spirv_alpha(bytes, size, wo->alpha_targets, words, count,
                                              refused, err, err_size);
        }
        return server_dxbc_to_spirv(stage, bytes, size, words, count, refused, err,
                                    err_size);
    case WIRE_SHADER_DXBC_DUAL_SOURCE:
        if (stage != WIRE_STAGE_FRAGMENT) {
            snprintf(err, err_size, "a dual-source program for stage %u", stage);
            return false;
        }
        return server_dxbc_to_spirv_dual(bytes, size, words, count, refused, err, err_size);
    default:
        snprintf(err, err_size, "shader source %u", source);
        return false;
    }
}

bool server_shaders_load(struct server_shaders *c, uint64_t key, uint32_t **words,
                         size_t *count)
{
    bool ok = false;
    *words = NULL;
    *count = 0;
    pthread_mutex_lock(&c->lock);
    for (size_t i = 0; i < c->count; i++)
        if (c->entries[i].key_hash == key && (*words = malloc(c->entries[i].count * 4))) {
            memcpy(*words, c->entries[i].words, c->entries[i].count * 4);
            *count = c->entries[i].count;
            ok = true;
            break;
        }
    if (!ok)
        ok = disk_load(c, key, words, count);
    pthread_mutex_unlock(&c->lock);
    return ok;
}

enum server_shader_result server_shaders_get(struct server_shaders *c,
                                             enum wire_shader_stage stage,
                                             enum wire_shader_source source,
                                             const void *bytes, uint32_t size,
                                             const struct wire_shader_options *o,
                                             uint32_t **words, size_t *count,
                                             uint64_t *key_out, char *err, size_t err_size)
{
    uint64_t key = source_key(c, stage, source, bytes, size, o);
    struct shader_entry *e = NULL;
    enum server_shader_result r = SERVER_SHADER_OK;

    *words = NULL;
    *count = 0;
    *key_out = key;
    pthread_mutex_lock(&c->lock);
    for (size_t i = 0; i < c->count; i++)
        if (c->entries[i].key_hash == key) {
            e = &c->entries[i];
            break;
        }
    if (!e) {
        uint32_t *w = NULL;
        size_t n = 0;
        bool refused = false;
        if (disk_load(c, key, &w, &n)) {
            c->disk_hits++;
        } else if (generate(c, stage, source, bytes, size, o, &w, &n, &refused, err,
                            err_size)) {
            c->translations++;
            disk_store(c, key, w, n);
        } else {
            pthread_mutex_unlock(&c->lock);
            return refused ? SERVER_SHADER_REFUSED : SERVER_SHADER_MALFORMED;
        }
        if (c->count >= SERVER_SHADER_CACHE_MAX || c->bytes + n * 4 > SERVER_SHADER_CACHE_BYTES) {
            /* Memory is bounded: past the cap, modules are not kept. */
            pthread_mutex_unlock(&c->lock);
            *words = w;
            *count = n;
            return SERVER_SHADER_OK;
        }
        if (!nr_array_reserve((void **)&c->entries, &c->cap, c->count + 1,
                              sizeof(*c->entries))) {
            pthread_mutex_unlock(&c->lock);
            free(w);
            snprintf(err, err_size, "out of memory");
            return SERVER_SHADER_NO_MEMORY;
        }
        e = &c->entries[c->count++];
        *e = (struct shader_entry){key, w, n};
        c->bytes += n * 4;
    }
    if ((*words = malloc(e->count * 4))) {
        memcpy(*words, e->words, e->count * 4);
        *count = e->count;
    } else {
        snprintf(err, err_size, "out of memory");
        r = SERVER_SHADER_NO_MEMORY;
    }
    pthread_mutex_unlock(&c->lock);
    return r;
}
