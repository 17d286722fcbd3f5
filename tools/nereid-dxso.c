/* nereid-dxso: shows what the DXSO translator makes of a shader.
 *
 *   nereid-dxso [-1 SAMPLERTYPES] FILE
 *
 * FILE holds raw D3D9 shader tokens (little-endian DWORDs, from the version
 * token to END, as D3DXAssembleShader or fxc /Fo writes them).  Prints the
 * disassembly, then the SPIR-V disassembly (through spirv-dis when it is
 * installed, otherwise the words in hex).  -1 gives the ps_1_x sampler
 * types as a string of 2 (2D), c (cube), v (volume), one character a stage.
 * Exits 1 when the file cannot be read, parsed or translated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "shader/dxso.h"

static void *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL, *p;
    size_t cap = 0, len = 0, n;

    if (!f)
        return NULL;
    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 4096;
            if (cap > (64u << 20) || !(p = realloc(buf, cap))) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = p;
        }
        n = fread(buf + len, 1, cap - len, f);
        if (!n)
            break;
        len += n;
    }
    fclose(f);
    *size = len;
    return buf;
}

static void print_words(const uint32_t *w, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        printf("%08x%c", w[i], (i % 8 == 7 || i + 1 == n) ? '\n' : ' ');
}

static void print_spirv(const uint32_t *w, size_t n)
{
    const char *tmp = getenv("TMPDIR");
    char path[4096], cmd[4300];
    FILE *f;
    int fd, rc = -1;

    snprintf(path, sizeof(path), "%s/nereid_dxso_XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    fd = mkstemp(path);
    if (fd >= 0) {
        f = fdopen(fd, "wb");
        if (f) {
            bool good = fwrite(w, 4, n, f) == n;
            if (fclose(f) == 0 && good) {
                fflush(stdout);
                snprintf(cmd, sizeof(cmd),
                         "command -v spirv-dis >/dev/null 2>&1 && "
                         "spirv-dis '%s'",
                         path);
                rc = system(cmd);
            }
        } else {
            close(fd);
        }
        unlink(path);
    }
    if (rc == -1 || !WIFEXITED(rc) || WEXITSTATUS(rc) != 0) {
        printf("; spirv-dis not available: %zu words\n", n);
        print_words(w, n);
    }
}

int main(int argc, char **argv)
{
    struct dxso_spirv_options opts;
    struct dxso_shader s;
    const char *path = NULL;
    char err[512], *text;
    uint32_t *words = NULL;
    size_t size = 0, count = 0, len;
    void *data;
    int i;

    memset(&opts, 0, sizeof(opts));
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-1") && i + 1 < argc) {
            const char *t = argv[++i];
            unsigned k;
            for (k = 0; t[k] && k < 16; k++)
                opts.sampler_type[k] = t[k] == 'c'   ? DXSO_SAMPLER_CUBE
                                       : t[k] == 'v' ? DXSO_SAMPLER_VOLUME
                                                     : DXSO_SAMPLER_2D;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "usage: %s [-1 SAMPLERTYPES] FILE\n", argv[0]);
            return 2;
        } else {
            path = argv[i];
        }
    }
    if (!path) {
        fprintf(stderr, "usage: %s [-1 SAMPLERTYPES] FILE\n", argv[0]);
        return 2;
    }
    data = read_all(path, &size);
    if (!data) {
        fprintf(stderr, "%s: cannot read\n", path);
        return 1;
    }
    if (!dxso_parse(data, size, &s, err, sizeof(err))) {
        fprintf(stderr, "%s: parse error: %s\n", path, err);
        free(data);
        return 1;
    }
    free(data);
    len = dxso_disassemble(&s, NULL, 0);
    text = malloc(len + 1);
    if (text) {
        dxso_disassemble(&s, text, len + 1);
        fputs(text, stdout);
        free(text);
    }
    printf("\n");
    if (!dxso_to_spirv(&s, &opts, &words, &count, err, sizeof(err))) {
        fprintf(stderr, "%s: translation error: %s\n", path, err);
        dxso_shader_cleanup(&s);
        return 1;
    }
    print_spirv(words, count);
    free(words);
    dxso_shader_cleanup(&s);
    return 0;
}
