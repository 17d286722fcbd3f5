/* Linked into libd3d9.so only: the in-process server lives in the library
 * and registers itself with the transport layer before any session opens.
 * (The front end never includes the server; this file joins them.) */
#include "server/server.h"

__attribute__((constructor)) static void nereid_inproc_init(void)
{
    server_register_inproc_host();
}
