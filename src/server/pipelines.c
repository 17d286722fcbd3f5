/* Pipelines shared by every context of the server.  A pipeline depends on
 * its state block's contents and on its shaders' sources, not on handles:
 * two contexts (two programs, two runs of one) that draw the same way get
 * the same VkPipeline, compiled once.  The recipes (the state block with
 * its handles zeroed, and the two source keys of server/shaders.c) are
 * written to NEREID_SHADER_CACHE/pipelines-recipes.bin when the server
 * goes; the next server makes those pipelines again at start, from the
 * modules of the disk cache, so its clients' first draws compile nothing
 * (the driver's VkPipelineCache, vk/vkx.c, makes that making cheap where
 * the driver keeps one).
 *
 * Shared pipelines live until the server goes: a context's in-flight work
 * may use one at any time, so none is destroyed earlier.  At most
 * SERVER_SHARED_PIPELINES are kept; past that a context's pipelines are
 * its own, as before. */
#define _GNU_SOURCE
#include "server/server_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SERVER_SHARED_PIPELINES 1024
#define RECIPE_MAGIC 0x5043524eu /* "NRCP" */

struct recipe {
    struct wire_create_state_block desc; /* block, vs, fs zeroed */
    uint64_t vs_key, fs_key;
};

struct pipeline_entry {
    struct recipe r;
    struct vkx_pipeline *p;
};

struct server_pipelines {
    pthread_mutex_t lock;
    bool dynamic_masks; /* the device's pipelines leave write masks dynamic */
    struct pipeline_entry entries[SERVER_SHARED_PIPELINES];
    size_t count;
    uint64_t prewarmed;
};

static void make_recipe(const struct server_pipelines *sp, struct recipe *r,
                        const struct wire_create_state_block *b, uint64_t vs_key,
                        uint64_t fs_key)
{
    memset(r, 0, sizeof(*r));
    r->desc = *b;
    r->desc.block = r->desc.vs = r->desc.fs = (wire_handle){0, 0};
    /* Dynamic write masks are set per draw: blocks that differ only in
     * them have one pipeline. */
    if (sp->dynamic_masks)
        for (unsigned i = 0; i < WIRE_MAX_COLOR_TARGETS; i++)
            r->desc.blend[i].write_mask = 0;
    r->vs_key = vs_key;
    r->fs_key = fs_key;
}

static bool recipe_path(char *buf, size_t size)
{
    const char *dir = getenv("NEREID_SHADER_CACHE");
    if (!dir || !*dir)
        return false;
    snprintf(buf, size, "%s/pipelines-recipes.bin", dir);
    return true;
}

struct server_pipelines *server_pipelines_create(void)
{
    struct server_pipelines *sp = calloc(1, sizeof(*sp));
    if (sp)
        pthread_mutex_init(&sp->lock, NULL);
    return sp;
}

struct vkx_pipeline *server_pipelines_find(struct server_pipelines *sp,
                                           const struct wire_create_state_block *b,
                                           uint64_t vs_key, uint64_t fs_key)
{
    struct recipe r;
    struct vkx_pipeline *p = NULL;

    make_recipe(sp, &r, b, vs_key, fs_key);
    pthread_mutex_lock(&sp->lock);
    for (size_t i = 0; i < sp->count; i++)
        if (!memcmp(&sp->entries[i].r, &r, sizeof(r))) {
            p = sp->entries[i].p;
            break;
        }
    pthread_mutex_unlock(&sp->lock);
    return p;
}

bool server_pipelines_add(struct server_pipelines *sp, const struct wire_create_state_block *b,
                          uint64_t vs_key, uint64_t fs_key, struct vkx_pipeline *p)
{
    struct recipe r;
    bool added = false;

    make_recipe(sp, &r, b, vs_key, fs_key);
    pthread_mutex_lock(&sp->lock);
    if (sp->count < SERVER_SHARED_PIPELINES) {
        added = true;
        for (size_t i = 0; i < sp->count && added; i++)
            added = memcmp(&sp->entries[i].r, &r, sizeof(r)) != 0;
        if (added)
            sp->entries[sp->count++] = (struct pipeline_entry){r, p};
    }
    pthread_mutex_unlock(&sp->lock);
    return added;
}

/* The recipes of the last run: a header (magic, the wire fingerprint the
 * state blocks were laid out with, the count) and the recipes.  A file of
 * another build is ignored. */
void server_pipelines_prewarm(struct server_pipelines *sp, struct server *s)
{
    char path[600];
    uint64_t head[2];
    struct vkx_ctx *ctx = NULL;
    struct recipe r;
    uint64_t t0 = nr_time_ns();
    FILE *f;

    sp->dynamic_masks = vkx_device_dynamic_write_masks(s->dev);
    if (!recipe_path(path, sizeof(path)) || !(f = fopen(path, "rb")))
        return;
    if (fread(head, sizeof(head), 1, f) != 1 || (uint32_t)head[0] != RECIPE_MAGIC ||
        head[1] != wire_fingerprint() || !(ctx = vkx_ctx_create(s->dev, 0))) {
        fclose(f);
        return;
    }
    while (sp->count < SERVER_SHARED_PIPELINES && fread(&r, sizeof(r), 1, f) == 1) {
        struct vkx_shader *vs = NULL, *fs = NULL;
        struct vkx_pipeline *p = NULL;
        uint32_t *words;
        size_t count;

        if (server_shaders_load(s->shaders, r.vs_key, &words, &count)) {
            /* Points: the module writing a point size, as the block's was. */
            bool changed;
            char err[128];
            if (r.desc.topology != WIRE_TOPOLOGY_POINT_LIST ||
                server_spirv_point_size(&words, &count, &changed, err, sizeof(err)))
                vs = vkx_shader_create(ctx, WIRE_STAGE_VERTEX, words, count * 4, "prewarm vs");
            free(words);
        }
        if (server_shaders_load(s->shaders, r.fs_key, &words, &count)) {
            fs = vkx_shader_create(ctx, WIRE_STAGE_FRAGMENT, words, count * 4, "prewarm fs");
            free(words);
        }
        /* The recipe was checked when it was first made, by this build. */
        if (vs && fs && (p = vkx_pipeline_create(ctx, &r.desc, vs, NULL, NULL, fs, "shared pipeline")) &&
            !server_pipelines_add(sp, &r.desc, r.vs_key, r.fs_key, p))
            vkx_pipeline_destroy(ctx, p);
        else if (p)
            sp->prewarmed++;
        vkx_shader_destroy(ctx, vs);
        vkx_shader_destroy(ctx, fs);
    }
    fclose(f);
    vkx_ctx_destroy(ctx);
    NR_INFO(SERVER, "prewarmed %llu pipelines from %s in %.1f ms",
            (unsigned long long)sp->prewarmed, path, (double)(nr_time_ns() - t0) / 1e6);
}

void server_pipelines_destroy(struct server_pipelines *sp, struct vkx_device *dev)
{
    char path[600], tmp[660];
    FILE *f;

    if (!sp)
        return;
    if (sp->count && recipe_path(path, sizeof(path))) {
        uint64_t head[2] = {RECIPE_MAGIC, wire_fingerprint()};
        nr_make_dir(getenv("NEREID_SHADER_CACHE"));
        snprintf(tmp, sizeof(tmp), "%s.%llx.tmp", path, (unsigned long long)nr_time_ns());
        if ((f = fopen(tmp, "wb"))) {
            bool ok = fwrite(head, sizeof(head), 1, f) == 1;
            for (size_t i = 0; i < sp->count && ok; i++)
                ok = fwrite(&sp->entries[i].r, sizeof(sp->entries[i].r), 1, f) == 1;
            if (fclose(f) == 0 && ok)
                rename(tmp, path);
            else
                remove(tmp);
        }
    }
    for (size_t i = 0; i < sp->count; i++)
        vkx_pipeline_destroy_idle(dev, sp->entries[i].p);
    pthread_mutex_destroy(&sp->lock);
    free(sp);
}
