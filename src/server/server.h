/* nereid server: accepts client sessions, runs one context per client on a
 * thread of its own, decodes records fail-closed and executes them through
 * the Vulkan executor.  Every client has its own handle tables and quotas; a
 * bad record cuts off that client's context with a named reason and nothing
 * else. */
#ifndef NEREID_SERVER_H
#define NEREID_SERVER_H

#include "transport/transport.h"

struct server;

/* Creates the Vulkan device (see vkx_device_create for the environment). */
struct server *server_create(char *reason, size_t reason_size);
/* Stops accepting; waits for every context to end (clients are cut off
 * after timeout_ms), then frees the device. */
void server_destroy(struct server *s, int timeout_ms);
/* A transport_accept_fn: starts a context thread for the session. */
bool server_accept(void *server, struct transport_end *end,
                   struct wire_welcome *welcome);
const char *server_device_name(struct server *s);
uint32_t server_live_contexts(struct server *s);

/* DXBC translated in a helper process (server/translator.c): exe is an
 * executable whose `exe --translator` runs server_translator_main, which
 * serves translation requests on descriptor 0 until it closes. */
void server_translator_enable(const char *exe);
int server_translator_main(void);

/* Registers the in-process host with the transport layer (libd3d9.so does
 * this at load): the first inproc session creates a process-wide server, the
 * last one to end destroys it. */
void server_register_inproc_host(void);

#endif
