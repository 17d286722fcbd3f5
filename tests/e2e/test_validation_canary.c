/* Proves that a Vulkan validation error is seen: the executor is driven
 * directly (below the server's checks) into a draw with a negative scissor
 * offset, which the validation layer reports; the counter that the other
 * end-to-end tests rely on must move.  Runs with NEREID_VALIDATION=1.
 * Also below the server: a module declaring a capability of a feature the
 * device was made without (MultiViewport, NEREID_NO_MULTI_VIEWPORT), or a
 * vertex module writing storage on a device made without storage from the
 * vertex stage (NEREID_NO_VERTEX_STORAGE), is refused, and made where the
 * device has it. */
#define _GNU_SOURCE
#include "harness.h"
#include "d3d11/shaders.h"
#include "server/server_private.h"
#include "shader/ff.h"
#include "vk/vkx.h"

#include <stdlib.h>
#include <string.h>

int main(void)
{
    char reason[256];
    struct vkx_device *dev;
    struct vkx_ctx *ctx;
    struct vkx_texture *rt;
    struct vkx_shader *vs, *fs;
    struct vkx_pipeline *p;
    struct wire_create_state_block b = {0};
    struct wire_set_scissor bad = {-8, 0, 4, 4};
    uint32_t *words;
    size_t count;
    float verts[15] = {0};
    uint64_t before;

    ok(nr_env_flag("NEREID_VALIDATION"), "runs with NEREID_VALIDATION=1");
    dev = vkx_device_create(reason, sizeof(reason));
    ok(dev != NULL, "device: %s", dev ? "ok" : reason);
    if (!dev)
        return test_done();
    ctx = vkx_ctx_create(dev, 1);
    struct vkx_texture_desc td = {WIRE_FORMAT_B8G8R8A8_UNORM, WIRE_TEX_2D, 8, 8, 1, 1, 1,
                                  WIRE_TEX_COLOR_TARGET, {0, 1, 2, 3}};
    rt = vkx_texture_create(ctx, &td, "canary target");
    ok(ff_build_xyzrhw_diffuse_vs(&words, &count), "vs");
    vs = vkx_shader_create(ctx, WIRE_STAGE_VERTEX, words, count * 4, "canary vs");
    {
        /* The vertex module with OpCapability MultiViewport after its
         * header. */
        uint32_t *mv = malloc((count + 2) * 4);
        if (mv) {
            memcpy(mv, words, 5 * 4);
            mv[5] = 2u << 16 | 17u;
            mv[6] = 57;
            memcpy(mv + 7, words + 5, (count - 5) * 4);
            if (vkx_device_features(dev) & WIRE_DEVFEAT_MULTI_VIEWPORT) {
                struct vkx_shader *m =
                    vkx_shader_create(ctx, WIRE_STAGE_VERTEX, mv, (count + 2) * 4, "mv");
                ok(m != NULL, "a MultiViewport module on a device of viewports");
                vkx_shader_destroy(ctx, m);
            }
            setenv("NEREID_NO_MULTI_VIEWPORT", "1", 1);
            setenv("NEREID_NO_VERTEX_STORAGE", "1", 1);
            struct vkx_device *one = vkx_device_create(reason, sizeof(reason));
            unsetenv("NEREID_NO_MULTI_VIEWPORT");
            unsetenv("NEREID_NO_VERTEX_STORAGE");
            struct vkx_ctx *c1 = one ? vkx_ctx_create(one, 2) : NULL;
            ok(c1 && !(vkx_device_features(one) & WIRE_DEVFEAT_MULTI_VIEWPORT),
               "a device of one viewport");
            if (c1) {
                ok(!vkx_shader_create(c1, WIRE_STAGE_VERTEX, mv, (count + 2) * 4, "mv"),
                   "a MultiViewport module on a device of one viewport is refused");
                struct vkx_shader *plain =
                    vkx_shader_create(c1, WIRE_STAGE_VERTEX, words, count * 4, "plain");
                ok(plain != NULL, "the module without it is made there");
                vkx_shader_destroy(c1, plain);
                /* vs_uav (a vertex shader writing a UAV) through the
                 * server's translator: refused there, made on the device
                 * that writes storage from the vertex stage. */
                uint32_t *uw = NULL;
                size_t un = 0;
                bool refused = false;
                char err[256] = "";
                if (ok(server_dxbc_to_spirv(WIRE_STAGE_VERTEX, dxbc_vs_uav, sizeof(dxbc_vs_uav),
                                            &uw, &un, &refused, err, sizeof(err)),
                       "vs_uav translates: %s", err)) {
                    ok(!vkx_shader_create(c1, WIRE_STAGE_VERTEX, uw, un * 4, "vs_uav"),
                       "a vertex module writing storage is refused there");
                    if (vkx_device_features(dev) & WIRE_DEVFEAT_VERTEX_STORAGE) {
                        struct vkx_shader *m =
                            vkx_shader_create(ctx, WIRE_STAGE_VERTEX, uw, un * 4, "vs_uav");
                        ok(m != NULL, "and made on a device of vertex-stage storage");
                        vkx_shader_destroy(ctx, m);
                    }
                    free(uw);
                }
                vkx_ctx_destroy(c1);
            }
            if (one)
                vkx_device_destroy(one);
            free(mv);
        }
    }
    free(words);
    ok(ff_build_diffuse_fs(&words, &count), "fs");
    fs = vkx_shader_create(ctx, WIRE_STAGE_FRAGMENT, words, count * 4, "canary fs");
    free(words);
    b.topology = WIRE_TOPOLOGY_TRIANGLE_LIST;
    b.binding_count = 1;
    b.binding_strides[0] = 20;
    b.attr_count = 2;
    b.attrs[0] = (struct wire_vertex_attr){0, 0, WIRE_FORMAT_R32G32B32A32_SFLOAT, 0};
    b.attrs[1] = (struct wire_vertex_attr){1, 0, WIRE_FORMAT_B8G8R8A8_UNORM, 16};
    b.color_formats[0] = WIRE_FORMAT_B8G8R8A8_UNORM;
    b.blend[0].write_mask = 0xf;
    p = vkx_pipeline_create(ctx, &b, vs, NULL, NULL, fs, "canary pipeline");
    ok(rt && vs && fs && p, "objects");
    if (rt && vs && fs && p) {
        before = vkx_validation_errors();
        ok(before == 0, "no validation error before the canary (%llu)",
           (unsigned long long)before);
        struct vkx_target target = {rt, 0, 0};
        vkx_set_render_targets(ctx, &target, 1, NULL);
        vkx_set_scissor(ctx, &bad);
        vkx_draw_up(ctx, p, 3, 20, 20, verts);
        vkx_ctx_submit(ctx);
        ok(vkx_validation_errors() > before,
           "the negative scissor offset was reported (%llu errors)",
           (unsigned long long)vkx_validation_errors());
    }
    vkx_pipeline_destroy(ctx, p);
    vkx_shader_destroy(ctx, vs);
    vkx_shader_destroy(ctx, fs);
    vkx_texture_destroy(ctx, rt);
    vkx_ctx_destroy(ctx);
    vkx_device_destroy(dev);
    return test_done();
}
