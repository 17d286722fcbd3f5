/* dxbcbench: what a DXBC program's translation costs the server, in its
 * process and through the translator process (server/translator.c), with
 * the module validated either way (server/spirv_check.c).  The programs
 * are the tests' (a vertex, a pixel, a geometry and a compute program);
 * each is translated ROUNDS times a way, and the median per translation is
 * printed, in microseconds.  The server translates a program once (its
 * cache), so this is a cost of a program's first use, as at a game's load.
 * Then sessions at once: 1, 2 and 4 threads (a client's session is one
 * thread, with a translator of its own) each translating the three
 * programs ROUNDS / 4 times through their helpers, and the programs
 * translated a second of wall time, all threads together.
 *
 *   dxbcbench [--rounds N]    (next to the build's nereid-server) */
#define _GNU_SOURCE
#include "server/server_private.h"

#include "bench_util.h"
#include "d3d11/shaders.h"
#include "e2e/dxbc_edit.h"
#include "e2e/dxbc_gs.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct program {
    const char *name;
    enum wire_shader_stage stage;
    const void *code;
    size_t size;
};

static uint64_t run(const struct program *p, int rounds)
{
    uint64_t *t = calloc((size_t)rounds, sizeof(*t)), m;
    for (int r = 0; r < rounds; r++) {
        uint32_t *words = NULL;
        size_t count = 0;
        bool refused = false;
        char err[256] = "";
        uint64_t t0 = now_ns();
        if (!server_dxbc_to_spirv(p->stage, p->code, (uint32_t)p->size, &words, &count,
                                  &refused, err, sizeof(err))) {
            fprintf(stderr, "dxbcbench: %s: %s\n", p->name, err);
            exit(1);
        }
        t[r] = now_ns() - t0;
        free(words);
    }
    m = median(t, rounds);
    free(t);
    return m;
}

struct worker {
    const struct program *progs;
    size_t nprogs;
    int rounds;
};

static void *work(void *p)
{
    const struct worker *w = p;
    for (int r = 0; r < w->rounds; r++)
        for (size_t i = 0; i < w->nprogs; i++) {
            uint32_t *words = NULL;
            size_t count = 0;
            bool refused = false;
            char err[256] = "";
            if (!server_dxbc_to_spirv(w->progs[i].stage, w->progs[i].code,
                                      (uint32_t)w->progs[i].size, &words, &count, &refused, err,
                                      sizeof(err))) {
                fprintf(stderr, "dxbcbench: %s: %s\n", w->progs[i].name, err);
                exit(1);
            }
            free(words);
        }
    return NULL;
}

/* Programs a second with `threads` threads translating at once. */
static double at_once(const struct program *progs, size_t nprogs, int rounds, int threads)
{
    pthread_t t[8];
    struct worker w = {progs, nprogs, rounds};
    uint64_t t0 = now_ns();
    for (int i = 0; i < threads; i++)
        if (pthread_create(&t[i], NULL, work, &w))
            exit(1);
    for (int i = 0; i < threads; i++)
        pthread_join(t[i], NULL);
    return (double)threads * rounds * nprogs / ((now_ns() - t0) / 1e9);
}

int main(int argc, char **argv)
{
    static uint8_t gs[2048];
    int rounds = 200;
    char exe[4096], *slash;
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 16);
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = atoi(argv[++i]);
    if (rounds < 1 || n <= 0 || !(slash = memrchr(exe, '/', (size_t)n))) {
        fprintf(stderr, "usage: dxbcbench [--rounds N]\n");
        return 2;
    }
    strcpy(slash + 1, "nereid-server");
    size_t gn = dxbc_gs_build(gs_quad_tokens, sizeof(gs_quad_tokens) / 4, gs, sizeof(gs));
    (void)dxbc_edit; /* dxbc_gs.h's helper, unused here */
    const struct program progs[] = {
        {"vs_color", WIRE_STAGE_VERTEX, dxbc_vs_color, sizeof(dxbc_vs_color)},
        {"ps_texture", WIRE_STAGE_FRAGMENT, dxbc_ps_texture, sizeof(dxbc_ps_texture)},
        {"gs_quad", WIRE_STAGE_GEOMETRY, gs, gn},
    };
    printf("dxbcbench: %d translations a program and a way; median us each\n", rounds);
    printf("%-12s %12s %12s\n", "program", "in process", "translator");
    for (size_t i = 0; i < sizeof(progs) / sizeof(progs[0]); i++) {
        uint64_t here, there;
        server_translator_enable(NULL);
        here = run(&progs[i], rounds);
        server_translator_enable(exe);
        there = run(&progs[i], rounds);
        printf("%-12s %12.1f %12.1f\n", progs[i].name, here / 1000.0, there / 1000.0);
    }
    printf("sessions at once (each its own translator): programs a second\n");
    for (int threads = 1; threads <= 4; threads *= 2)
        printf("%d thread%s %12.0f\n", threads, threads > 1 ? "s" : " ",
               at_once(progs, sizeof(progs) / sizeof(progs[0]), rounds / 4 > 0 ? rounds / 4 : 1,
                       threads));
    server_translator_enable(NULL);
    return 0;
}
