/* The server against random records: a client over shm writes records of
 * every no-wait opcode with the right payload sizes and biased random
 * contents (small integers, handle-like values, extremes), round after
 * round.  Whatever the server makes of them -- executing them or cutting
 * the client off with a reason -- it must keep serving: a second client
 * renders correctly after every round, and the server exits cleanly at the
 * end.  Under ASan (the asan-e2e run) any memory error in the decoder or a
 * handler fails the test through the server's exit status.
 *
 * Deterministic: the seed is fixed (NEREID_FUZZ_SEED to change it) and the
 * rounds are NEREID_FUZZ_ROUNDS (default 400). */
#define _GNU_SOURCE
#include "e2e_util.h"
#ifndef _WIN32
#include "d3d9/testhooks.h" /* libnereid_d3d9_test.so */
#endif
#include "harness.h"
#include "wire/wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 32
#define H 32

struct vertex {
    float x, y, z, rhw;
    DWORD color;
};

static uint64_t rng_state;

static uint32_t rnd(void)
{
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1Dull) >> 32);
}

/* A payload word: mostly values a handler takes seriously. */
static uint32_t word(void)
{
    static const uint32_t extremes[] = {0xffffffffu, 0x80000000u, 0x7fffffffu,
                                        0xfffffff0u, 0x10000u, 0x1000000u};
    uint32_t r = rnd() % 100;
    if (r < 35)
        return rnd() % 9;                   /* small: counts, enums, slots */
    if (r < 50)
        return 1;                           /* a handle's generation */
    if (r < 60)
        return extremes[rnd() % (sizeof(extremes) / sizeof(extremes[0]))];
    if (r < 70)
        return 1u << (rnd() % 32);
    if (r < 80)
        return rnd() % 4096;                /* sizes and offsets */
    return rnd();
}

/* Appends one random record of a no-wait opcode; returns its bytes. */
static size_t random_record(uint8_t *out, size_t room)
{
    for (;;) {
        uint32_t op = rnd() % WIRE_OP_COUNT;
        const struct wire_record_info *ri = &wire_records[op];
        uint32_t size;
        struct wire_header h;

        if (!ri->name || ri->wait != WIRE_WAIT_NONE)
            continue; /* replies and presents would desynchronise the test's own waits */
        size = (ri->flags & WIRE_F_VARSIZE) ? (rnd() % 17) * 8 : ri->payload_size;
        if (8 + (size_t)size > room)
            return 0;
        h = (struct wire_header){(uint16_t)op, 0, size};
        memcpy(out, &h, sizeof(h));
        for (uint32_t i = 0; i < size / 4; i++) {
            uint32_t v = word();
            memcpy(out + 8 + i * 4, &v, 4);
        }
        return 8 + size;
    }
}

static bool render_ok(IDirect3DDevice9 *dev, DWORD color)
{
    struct vertex v[6] = {{0, 0, 0, 1, color}, {W, 0, 0, 1, color}, {0, H, 0, 1, color},
                          {W, 0, 0, 1, color}, {W, H, 0, 1, color}, {0, H, 0, 1, color}};
    DWORD *px;
    bool good;

    IDirect3DDevice9_Clear(dev, 0, NULL, D3DCLEAR_TARGET, 0xff000000, 1.0f, 0);
    IDirect3DDevice9_BeginScene(dev);
    IDirect3DDevice9_SetFVF(dev, D3DFVF_XYZRHW | D3DFVF_DIFFUSE);
    IDirect3DDevice9_SetRenderState(dev, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_DrawPrimitiveUP(dev, D3DPT_TRIANGLELIST, 2, v, sizeof(v[0]));
    IDirect3DDevice9_EndScene(dev);
    if (FAILED(IDirect3DDevice9_Present(dev, NULL, NULL, NULL, NULL)))
        return false;
    if (!(px = e2e_read_back(dev, W, H)))
        return false;
    good = e2e_color_near(px[0], color, 1) && e2e_color_near(px[W * H - 1], color, 1);
    free(px);
    return good;
}

/* Some objects for the random handles to find: a buffer, a texture, the
 * state blocks and shaders of a draw. */
static void warm_up(IDirect3DDevice9 *dev)
{
    IDirect3DVertexBuffer9 *vb = NULL;
    IDirect3DTexture9 *tex = NULL;

    IDirect3DDevice9_CreateVertexBuffer(dev, 256, 0, 0, D3DPOOL_MANAGED, &vb, NULL);
    IDirect3DDevice9_CreateTexture(dev, 8, 8, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &tex,
                                   NULL);
    if (tex)
        IDirect3DDevice9_SetTexture(dev, 0, (IDirect3DBaseTexture9 *)tex);
    render_ok(dev, 0xff808080);
    /* Released by the application, still bound: the device keeps them. */
    if (vb)
        IDirect3DVertexBuffer9_Release(vb);
    if (tex)
        IDirect3DTexture9_Release(tex);
}

int main(void)
{
    struct e2e_server server;
    IDirect3D9 *d3d_a = NULL, *d3d_b;
    IDirect3DDevice9 *a = NULL, *b;
    int rounds = atoi(getenv("NEREID_FUZZ_ROUNDS") ? getenv("NEREID_FUZZ_ROUNDS") : "400");
    const char *seed = getenv("NEREID_FUZZ_SEED");
    int lost = 0, survived = 0, alive_checks = 0;
    uint8_t buf[2048];

    rng_state = seed ? strtoull(seed, NULL, 0) * 2 + 1 : 0x9e3779b97f4a7c15ull;
    /* A random FENCE_WAIT that no signal meets cuts its client off soon. */
    e2e_setenv("NEREID_FENCE_WAIT_MS", "200");
    if (!ok(e2e_server_start(&server), "nereid-server started"))
        return test_done();
    e2e_use_transport(E2E_SHM, &server);
    if (!ok(e2e_create_device(&d3d_a, &a, W, H, FALSE) == D3D_OK, "the witness client"))
        goto out;
    for (int r = 0; r < rounds; r++) {
        size_t n = 0, k;
        uint64_t errors;
        HRESULT hr;

        if (e2e_create_device(&d3d_b, &b, W, H, FALSE) != D3D_OK) {
            ok(0, "round %d: a fuzzing client", r);
            break;
        }
        warm_up(b);
        for (int i = 0, m = 1 + (int)(rnd() % 4); i < m; i++) {
            if (!(k = random_record(buf + n, sizeof(buf) - n)))
                break;
            n += k;
        }
        nereid_device_inject(b, buf, n);
        hr = nereid_device_sync(b, &errors);
        if (hr == D3DERR_DEVICELOST) {
            lost++;
        } else {
            /* Accepted records must be valid Vulkan usage: the server's
             * checks let nothing through that the validation layer flags. */
            survived++;
            ok(hr == D3D_OK && errors == 0, "round %d: accepted records, no validation "
               "errors (%#lx, %llu)", r, (unsigned long)hr, (unsigned long long)errors);
        }
        IDirect3DDevice9_Release(b);
        IDirect3D9_Release(d3d_b);
        /* The server serves on: the witness renders, every few rounds (and
         * after the last). */
        if (r % 4 == 3 || r == rounds - 1) {
            alive_checks++;
            if (!ok(render_ok(a, (r & 1) ? 0xff00ff00 : 0xff0000ff),
                    "round %d: the server still renders for another client", r))
                break;
        }
    }
    printf("# %d rounds: %d cut off, %d executed without a fatal error; %d checks of "
           "the witness\n", rounds, lost, survived, alive_checks);
    ok(lost > 0 && survived > 0, "the rounds reached both outcomes (%d lost, %d not)", lost,
       survived);
out:
    if (a)
        IDirect3DDevice9_Release(a);
    if (d3d_a)
        IDirect3D9_Release(d3d_a);
    ok(e2e_server_stop(&server) == 0, "nereid-server exits cleanly");
    return test_done();
}
