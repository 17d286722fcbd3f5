/* The platform layer on Windows: the PE d3d9.dll (built with mingw-w64,
 * run under Wine or on Windows). */
#include "platform.h"

#include <windows.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

uint64_t nr_time_ns(void)
{
    static LARGE_INTEGER freq;
    LARGE_INTEGER now;

    if (!freq.QuadPart)
        QueryPerformanceFrequency(&freq); /* never 0 since Windows XP */
    QueryPerformanceCounter(&now);
    /* Split the division so that counts of years do not overflow. */
    return (uint64_t)(now.QuadPart / freq.QuadPart) * 1000000000ull +
           (uint64_t)(now.QuadPart % freq.QuadPart) * 1000000000ull /
               (uint64_t)freq.QuadPart;
}

void nr_sleep_ms(unsigned ms)
{
    Sleep(ms);
}

static INIT_ONCE name_once = INIT_ONCE_STATIC_INIT;
static char program_name[MAX_PATH];

static BOOL CALLBACK name_init(INIT_ONCE *once, void *param, void **ctx)
{
    char path[MAX_PATH];
    DWORD n = GetModuleFileNameA(NULL, path, sizeof(path));
    const char *base = path;

    (void)once, (void)param, (void)ctx;
    if (!n || n >= sizeof(path)) {
        strcpy(program_name, "?");
        return TRUE;
    }
    for (const char *p = path; *p; p++)
        if (*p == '\\' || *p == '/')
            base = p + 1;
    snprintf(program_name, sizeof(program_name), "%s", base);
    return TRUE;
}

const char *nr_program_name(void)
{
    InitOnceExecuteOnce(&name_once, name_init, NULL, NULL);
    return program_name[0] ? program_name : "?";
}

void nr_futex_wait(uint32_t *word, uint32_t expected, int timeout_ms)
{
    WaitOnAddress(word, &expected, sizeof(expected),
                  timeout_ms < 0 ? INFINITE : (DWORD)timeout_ms);
}

void nr_futex_wake(uint32_t *word, int count)
{
    if (count == 1)
        WakeByAddressSingle(word);
    else
        WakeByAddressAll(word);
}

void nr_make_dir(const char *path)
{
    CreateDirectoryA(path, NULL);
}
