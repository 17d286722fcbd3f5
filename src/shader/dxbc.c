/* nereid: the DXBC container (see dxbc.h). */
#include "shader/dxbc.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define FOURCC(a, b, c, d)                                                          \
    ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

/* A signature chunk: a count, the offset of the elements, then elements of
 * `stride` bytes (ISGN/OSGN 24; OSG5 28 with the stream first; ISG1/OSG1
 * 32 with the stream first and the minimum precision last).  Names are
 * offsets from the start of the chunk's data. */
static bool parse_signature(const uint8_t *chunk, uint32_t size, uint32_t stride,
                            bool has_stream, struct dxbc_signature *sig, char *err,
                            size_t err_size)
{
    uint32_t count, first;
    if (size < 8) {
        snprintf(err, err_size, "a signature chunk of %u bytes", size);
        return false;
    }
    count = rd32(chunk);
    first = rd32(chunk + 4);
    if (count > DXBC_MAX_SIGNATURE || first > size ||
        (uint64_t)count * stride > size - first) {
        snprintf(err, err_size, "a signature of %u elements at %u in %u bytes", count, first,
                 size);
        return false;
    }
    sig->count = count;
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *e = chunk + first + (size_t)i * stride;
        struct dxbc_signature_element *o = &sig->e[i];
        uint32_t name;
        if (has_stream) {
            o->stream = rd32(e);
            e += 4;
        } else {
            o->stream = 0;
        }
        name = rd32(e);
        o->semantic_index = rd32(e + 4);
        o->system_value = rd32(e + 8);
        o->component_type = rd32(e + 12);
        o->reg = rd32(e + 16);
        o->mask = e[20];
        o->used_mask = e[21];
        /* The name must end inside the chunk. */
        if (name >= size || !memchr(chunk + name, 0, size - name)) {
            snprintf(err, err_size, "signature element %u: a name outside the chunk", i);
            return false;
        }
        o->name = (const char *)chunk + name;
        if (o->reg >= 32 && o->reg != 0xffffffffu) {
            snprintf(err, err_size, "signature element %u: register %u", i, o->reg);
            return false;
        }
    }
    return true;
}

bool dxbc_parse(const void *data, size_t size, struct dxbc_shader *out, char *err,
                size_t err_size)
{
    const uint8_t *b = data;
    uint32_t total, chunks;
    bool have_in = false, have_out = false;

    memset(out, 0, sizeof(*out));
    if (size < 32 || rd32(b) != FOURCC('D', 'X', 'B', 'C')) {
        snprintf(err, err_size, "not a DXBC container (%zu bytes)", size);
        return false;
    }
    total = rd32(b + 24);
    chunks = rd32(b + 28);
    if (rd32(b + 20) != 1 || total != size || chunks > 64 ||
        32 + (size_t)chunks * 4 > size) {
        snprintf(err, err_size, "a DXBC header that does not match its %zu bytes", size);
        return false;
    }
    for (uint32_t i = 0; i < chunks; i++) {
        uint32_t off = rd32(b + 32 + 4 * i), tag, csize;
        const uint8_t *c;
        if (off > size - 8 || (off & 3)) {
            snprintf(err, err_size, "chunk %u at %u", i, off);
            return false;
        }
        tag = rd32(b + off);
        csize = rd32(b + off + 4);
        if (csize > size - off - 8) {
            snprintf(err, err_size, "chunk %u: %u bytes past the end", i, csize);
            return false;
        }
        c = b + off + 8;
        if (tag == FOURCC('S', 'H', 'D', 'R') || tag == FOURCC('S', 'H', 'E', 'X')) {
            uint32_t version, length;
            if (out->program || csize < 8 || (csize & 3)) {
                snprintf(err, err_size, "a second or malformed program chunk");
                return false;
            }
            version = rd32(c);
            length = rd32(c + 4);
            if (length < 2 || length > csize / 4) {
                snprintf(err, err_size, "a program of %u tokens in %u bytes", length, csize);
                return false;
            }
            out->type = version >> 16;
            out->major = (version >> 4) & 0xf;
            out->minor = version & 0xf;
            out->program = c;
            out->token_count = length;
        } else if (tag == FOURCC('I', 'S', 'G', 'N') || tag == FOURCC('I', 'S', 'G', '1')) {
            bool v1 = tag == FOURCC('I', 'S', 'G', '1');
            if (have_in) {
                snprintf(err, err_size, "two input signatures");
                return false;
            }
            if (!parse_signature(c, csize, v1 ? 32 : 24, v1, &out->inputs, err, err_size))
                return false;
            have_in = true;
        } else if (tag == FOURCC('O', 'S', 'G', 'N') || tag == FOURCC('O', 'S', 'G', '5') ||
                   tag == FOURCC('O', 'S', 'G', '1')) {
            uint32_t stride = tag == FOURCC('O', 'S', 'G', 'N')   ? 24
                              : tag == FOURCC('O', 'S', 'G', '5') ? 28
                                                                  : 32;
            if (have_out) {
                snprintf(err, err_size, "two output signatures");
                return false;
            }
            if (!parse_signature(c, csize, stride, stride != 24, &out->outputs, err,
                                 err_size))
                return false;
            have_out = true;
        }
    }
    if (!out->program) {
        snprintf(err, err_size, "no program chunk");
        return false;
    }
    if (out->type > DXBC_COMPUTE || out->major < 4 || out->major > 5) {
        snprintf(err, err_size, "program type %u, shader model %u.%u", out->type, out->major,
                 out->minor);
        return false;
    }
    return true;
}

const struct dxbc_signature_element *dxbc_signature_find(const struct dxbc_signature *s,
                                                         const char *name, uint32_t index)
{
    for (uint32_t i = 0; i < s->count; i++) {
        const char *a = s->e[i].name, *b = name;
        if (s->e[i].semantic_index != index)
            continue;
        while (*a && *b && tolower((unsigned char)*a) == tolower((unsigned char)*b))
            a++, b++;
        if (!*a && !*b)
            return &s->e[i];
    }
    return NULL;
}
