/* nereid-server: the host process.  Listens on a unix socket (and on TCP
 * when asked) and serves any number of clients, one context each.
 *
 *   nereid-server [--socket PATH] [--tcp HOST:PORT] [--no-unix] [--no-token]
 * With --tcp the server writes a random token to the token file
 * (NEREID_TCP_TOKEN_FILE, else $XDG_RUNTIME_DIR/nereid-tcp-token, else
 * /tmp/nereid-tcp-token-UID; 0600) and refuses TCP sessions without it;
 * --no-token admits any (for trusted networks only).
 *
 * Environment: NEREID_DEVICE, NEREID_VALIDATION, NEREID_DUMP, NEREID_LOG,
 * NEREID_TRANSLATE_HERE (DXBC translated in this process, not in the
 * `nereid-server --translator` helper it starts: server/translator.c).
 * On SIGINT/SIGTERM it stops; its exit status is 3 when the Vulkan
 * validation layer reported errors (so tests can fail on them), 0 otherwise. */
#define _GNU_SOURCE
#include "server/server.h"
#include "vk/vkx.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile int stop;


static void on_signal(int sig)
{
    (void)sig;
    stop = 1;
}

static void usage(void)
{
    fprintf(stderr, "usage: nereid-server [--socket PATH] [--tcp HOST:PORT] [--no-unix] "
                    "[--no-token]\n");
}

int main(int argc, char **argv)
{
    char path[512], reason[256];
    const char *tcp = NULL;
    bool use_unix = true, token = true;
    struct server *s;
    struct transport_listener *l;
    struct sigaction sa = {.sa_handler = on_signal};

    /* The translator process the server starts (server/translator.c). */
    if (argc == 2 && !strcmp(argv[1], "--translator"))
        return server_translator_main();
    transport_default_socket_path(path, sizeof(path));
    if (getenv("NEREID_SERVER") && !strncmp(getenv("NEREID_SERVER"), "unix:", 5))
        snprintf(path, sizeof(path), "%s", getenv("NEREID_SERVER") + 5);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--socket") && i + 1 < argc)
            snprintf(path, sizeof(path), "%s", argv[++i]);
        else if (!strcmp(argv[i], "--tcp") && i + 1 < argc)
            tcp = argv[++i];
        else if (!strcmp(argv[i], "--no-unix"))
            use_unix = false;
        else if (!strcmp(argv[i], "--no-token"))
            token = false;
        else {
            usage();
            return 2;
        }
    }
    /* DXBC is translated in a process of its own, this executable's
     * (NEREID_TRANSLATE_HERE=1: in this one). */
    {
        char exe[4096];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
        if (n > 0 && !getenv("NEREID_TRANSLATE_HERE")) {
            exe[n] = 0;
            server_translator_enable(exe);
        }
    }
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    if (!(s = server_create(reason, sizeof(reason)))) {
        fprintf(stderr, "nereid-server: %s\n", reason);
        return 1;
    }
    l = transport_listen(use_unix ? path : NULL, tcp, server_accept, s);
    if (!l) {
        fprintf(stderr, "nereid-server: cannot listen\n");
        server_destroy(s, 0);
        return 1;
    }
    if (tcp && token && !transport_listener_make_token(l)) {
        fprintf(stderr, "nereid-server: cannot write the TCP token (see --no-token)\n");
        transport_listener_destroy(l);
        server_destroy(s, 0);
        return 1;
    }
    fprintf(stderr, "nereid-server: serving on %s%s%s%s (device: %s)\n",
            use_unix ? "unix:" : "", use_unix ? path : "", tcp ? " tcp:" : "",
            tcp ? tcp : "", server_device_name(s));
    transport_listener_run(l, &stop);
    transport_listener_destroy(l);
    server_destroy(s, 5000);
    if (vkx_validation_errors()) {
        fprintf(stderr, "nereid-server: %llu Vulkan validation errors\n",
                (unsigned long long)vkx_validation_errors());
        return 3;
    }
    return 0;
}
