/* Textures shared between the contexts of one server: the table of share
 * ids, the creator's description each opener gets back, and the keyed
 * mutexes.  The texture's own lifetime and the ordering of its holders'
 * submissions are the executor's (vkx_texture_share); this file only
 * names shares and hands out keys.  Everything here is under s->lock. */
#define _GNU_SOURCE
#include "server/server_private.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

/* A share's name (NAME_SHARE); length 0: none. */
struct server_share_name {
    uint32_t length;
    uint16_t units[WIRE_MAX_SHARE_NAME];
};

struct server_share {
    uint32_t id;
    uint32_t flags; /* enum wire_share_flag */
    struct vkx_texture *tex;
    uint32_t refs; /* handles naming it, in every context */
    uint32_t desc_size;
    uint8_t desc[WIRE_SHARE_DESC_BYTES];
    /* The keyed mutex: free with `key`, or held by context `holder`. */
    bool held, abandoned;
    uint32_t holder;
    uint64_t key;
    struct server_share_name name;
};

static struct server_share *find_id(struct server *s, uint32_t id)
{
    for (size_t i = 0; i < s->share_count; i++)
        if (s->shares[i].id == id)
            return &s->shares[i];
    return NULL;
}

struct server_fence_share {
    uint32_t id;
    struct vkx_timeline *t;
    uint32_t refs; /* handles naming it, in every context */
    struct server_share_name name;
};

static struct server_fence_share *find_fence_id(struct server *s, uint32_t id)
{
    for (size_t i = 0; i < s->fence_share_count; i++)
        if (s->fence_shares[i].id == id)
            return &s->fence_shares[i];
    return NULL;
}

static struct server_fence_share *find_fence(struct server *s, const struct vkx_timeline *t)
{
    for (size_t i = 0; i < s->fence_share_count; i++)
        if (s->fence_shares[i].t == t)
            return &s->fence_shares[i];
    return NULL;
}

static struct server_share *find_tex(struct server *s, const struct vkx_texture *t)
{
    for (size_t i = 0; i < s->share_count; i++)
        if (s->shares[i].tex == t)
            return &s->shares[i];
    return NULL;
}

/* Ids are random, so that one client does not come upon another's share
 * by counting (they are no secret: see docs/SECURITY.md); multiples of 4,
 * as Windows' handles are, and never under 2^20: a program under Wine may
 * CloseHandle an NT handle it was given, and Wine's own handles are small
 * numbers, which that must not close. */
static uint32_t new_id(struct server *s)
{
    for (;;) {
        uint32_t id = 0;
        if (getrandom(&id, sizeof(id), 0) != sizeof(id))
            id = (uint32_t)nr_time_ns() * 2654435761u;
        id &= ~3u;
        if (id >= 1u << 20 && !find_id(s, id) && !find_fence_id(s, id))
            return id;
    }
}

uint32_t server_share_add(struct server *s, struct vkx_texture *t, uint32_t flags,
                          const void *desc, uint32_t desc_size)
{
    uint32_t id = 0;
    pthread_mutex_lock(&s->lock);
    if (!find_tex(s, t) && nr_array_reserve((void **)&s->shares, &s->share_cap,
                                            s->share_count + 1, sizeof(*s->shares))) {
        struct server_share *sh = &s->shares[s->share_count++];
        memset(sh, 0, sizeof(*sh));
        sh->id = id = new_id(s);
        sh->flags = flags;
        sh->tex = t;
        sh->refs = 1;
        sh->desc_size = desc_size;
        memcpy(sh->desc, desc, desc_size);
    }
    pthread_mutex_unlock(&s->lock);
    return id;
}

uint32_t server_share_open(struct server *s, struct vkx_ctx *vk, uint32_t id,
                           struct vkx_texture **out, uint32_t *flags,
                           uint8_t desc[WIRE_SHARE_DESC_BYTES], uint32_t *desc_size)
{
    uint32_t status = WIRE_ERR_NOT_FOUND;
    /* Under the lock: a share in the table has a holder, so the texture
     * cannot go before vk holds it too. */
    pthread_mutex_lock(&s->lock);
    struct server_share *sh = find_id(s, id);
    if (sh && !vkx_texture_open_shared(vk, sh->tex)) {
        status = WIRE_ERR_UNSUPPORTED; /* held WIRE_MAX_SHARE_HOLDERS times */
    } else if (sh) {
        sh->refs++;
        *out = sh->tex;
        *flags = sh->flags;
        *desc_size = sh->desc_size;
        memcpy(desc, sh->desc, WIRE_SHARE_DESC_BYTES);
        status = WIRE_OK;
    }
    pthread_mutex_unlock(&s->lock);
    return status;
}

bool server_share_is_shared(struct server *s, const struct vkx_texture *t)
{
    pthread_mutex_lock(&s->lock);
    bool shared = find_tex(s, t) != NULL;
    pthread_mutex_unlock(&s->lock);
    return shared;
}

uint32_t server_share_flags(struct server *s, const struct vkx_texture *t)
{
    pthread_mutex_lock(&s->lock);
    struct server_share *sh = find_tex(s, t);
    uint32_t flags = sh ? sh->flags : 0;
    pthread_mutex_unlock(&s->lock);
    return flags;
}

void server_share_drop(struct server *s, const struct vkx_texture *t, uint32_t context)
{
    pthread_mutex_lock(&s->lock);
    struct server_share *sh = find_tex(s, t);
    if (sh) {
        /* A holder that goes while holding the key abandons it: the next
         * acquire of its key gets it, and is told. */
        if (sh->held && sh->holder == context) {
            sh->held = false;
            sh->abandoned = true;
            pthread_cond_broadcast(&s->share_cond);
        }
        if (--sh->refs == 0)
            *sh = s->shares[--s->share_count];
    }
    pthread_mutex_unlock(&s->lock);
}

uint32_t server_share_acquire(struct server *s, const struct vkx_texture *t, uint32_t context,
                              uint64_t key, uint32_t timeout_ms)
{
    uint64_t deadline = nr_time_ns() + (uint64_t)timeout_ms * 1000000u;
    uint32_t status = WIRE_OK;

    pthread_mutex_lock(&s->lock);
    for (;;) {
        struct server_share *sh = find_tex(s, t); /* the table may have moved */
        if (!sh) {
            status = WIRE_ERR_MALFORMED;
            break;
        }
        if (!sh->held && sh->key == key) {
            sh->held = true;
            sh->holder = context;
            if (sh->abandoned)
                status = WIRE_ERR_ABANDONED;
            sh->abandoned = false;
            break;
        }
        uint64_t now = nr_time_ns();
        if (s->stopping || (timeout_ms != WIRE_KEYED_INFINITE && now >= deadline)) {
            status = s->stopping ? WIRE_ERR_DEVICE_LOST : WIRE_ERR_TIMEOUT;
            break;
        }
        /* Slices of at most 100 ms, to see the server stopping. */
        uint64_t wait = 100000000u;
        if (timeout_ms != WIRE_KEYED_INFINITE && deadline - now < wait)
            wait = deadline - now;
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t ns = (uint64_t)ts.tv_nsec + wait;
        ts.tv_sec += (time_t)(ns / 1000000000u);
        ts.tv_nsec = (long)(ns % 1000000000u);
        (void)pthread_cond_timedwait(&s->share_cond, &s->lock, &ts);
    }
    pthread_mutex_unlock(&s->lock);
    return status;
}

bool server_share_holds(struct server *s, const struct vkx_texture *t, uint32_t context)
{
    pthread_mutex_lock(&s->lock);
    struct server_share *sh = find_tex(s, t);
    bool held = sh && sh->held && sh->holder == context;
    pthread_mutex_unlock(&s->lock);
    return held;
}

void server_share_release(struct server *s, const struct vkx_texture *t, uint64_t key)
{
    pthread_mutex_lock(&s->lock);
    struct server_share *sh = find_tex(s, t);
    if (sh) {
        sh->held = false;
        sh->key = key;
        pthread_cond_broadcast(&s->share_cond);
    }
    pthread_mutex_unlock(&s->lock);
}

uint32_t server_fence_share_add(struct server *s, struct vkx_timeline *t)
{
    uint32_t id = 0;
    pthread_mutex_lock(&s->lock);
    struct server_fence_share *sh = find_fence(s, t);
    if (sh) {
        id = sh->id;
    } else if (nr_array_reserve((void **)&s->fence_shares, &s->fence_share_cap,
                                s->fence_share_count + 1, sizeof(*s->fence_shares))) {
        sh = &s->fence_shares[s->fence_share_count++];
        *sh = (struct server_fence_share){new_id(s), t, 1, {0, {0}}};
        id = sh->id;
    }
    pthread_mutex_unlock(&s->lock);
    return id;
}

struct vkx_timeline *server_fence_share_open(struct server *s, uint32_t id)
{
    struct vkx_timeline *t = NULL;
    pthread_mutex_lock(&s->lock);
    struct server_fence_share *sh = find_fence_id(s, id);
    if (sh) {
        sh->refs++;
        t = sh->t;
        vkx_timeline_ref(t);
    }
    pthread_mutex_unlock(&s->lock);
    return t;
}

void server_fence_share_drop(struct server *s, const struct vkx_timeline *t)
{
    pthread_mutex_lock(&s->lock);
    struct server_fence_share *sh = find_fence(s, t);
    if (sh && --sh->refs == 0)
        *sh = s->fence_shares[--s->fence_share_count];
    pthread_mutex_unlock(&s->lock);
}

static bool name_is(const struct server_share_name *n, const uint16_t *name, uint32_t length)
{
    return n->length == length && !memcmp(n->units, name, length * sizeof(*name));
}

/* The share of a name, texture or fence: its name record, id and kind. */
static struct server_share_name *find_name(struct server *s, const uint16_t *name,
                                           uint32_t length, uint32_t *id, uint32_t *kind)
{
    for (size_t i = 0; i < s->share_count; i++)
        if (name_is(&s->shares[i].name, name, length)) {
            *id = s->shares[i].id;
            *kind = WIRE_OBJ_TEXTURE;
            return &s->shares[i].name;
        }
    for (size_t i = 0; i < s->fence_share_count; i++)
        if (name_is(&s->fence_shares[i].name, name, length)) {
            *id = s->fence_shares[i].id;
            *kind = WIRE_OBJ_FENCE;
            return &s->fence_shares[i].name;
        }
    return NULL;
}

uint32_t server_share_name(struct server *s, const struct vkx_texture *tex,
                           const struct vkx_timeline *t, const uint16_t *name, uint32_t length)
{
    uint32_t status = WIRE_ERR_MALFORMED, id, kind;
    pthread_mutex_lock(&s->lock);
    struct server_share *sh = tex ? find_tex(s, tex) : NULL;
    struct server_fence_share *fs = t ? find_fence(s, t) : NULL;
    struct server_share_name *mine = sh ? &sh->name : fs ? &fs->name : NULL;
    struct server_share_name *taken = find_name(s, name, length, &id, &kind);
    if (!mine)
        status = WIRE_ERR_MALFORMED;
    else if (taken)
        status = taken == mine ? WIRE_OK : WIRE_ERR_EXISTS;
    else if (mine->length)
        status = WIRE_ERR_UNSUPPORTED;
    else {
        mine->length = length;
        memcpy(mine->units, name, length * sizeof(*name));
        status = WIRE_OK;
    }
    pthread_mutex_unlock(&s->lock);
    return status;
}

uint32_t server_share_find(struct server *s, const uint16_t *name, uint32_t length,
                           uint32_t *id, uint32_t *kind)
{
    pthread_mutex_lock(&s->lock);
    bool found = find_name(s, name, length, id, kind) != NULL;
    pthread_mutex_unlock(&s->lock);
    return found ? WIRE_OK : WIRE_ERR_NOT_FOUND;
}
