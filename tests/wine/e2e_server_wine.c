/* e2e_server_start / e2e_server_stop for the Windows build of the
 * end-to-end tests, run under Wine by tests/wine/run-wine-tests.sh: the
 * script starts nereid-server natively (a Windows program cannot fork one)
 * and names it in NEREID_SERVER=tcp:HOST:PORT. */
#include "e2e_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool e2e_server_start(struct e2e_server *s)
{
    const char *addr = getenv("NEREID_SERVER");

    memset(s, 0, sizeof(*s));
    if (!addr || strncmp(addr, "tcp:", 4) || strlen(addr + 4) >= sizeof(s->tcp)) {
        printf("NEREID_SERVER must name the test script's server as "
               "tcp:HOST:PORT (it is %s)\n", addr ? addr : "unset");
        return false;
    }
    snprintf(s->tcp, sizeof(s->tcp), "%s", addr + 4);
    return true;
}

int e2e_server_stop(struct e2e_server *s)
{
    /* The script stops its server and checks its exit status. */
    (void)s;
    return 0;
}
