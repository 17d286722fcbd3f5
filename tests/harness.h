/* A small test harness: ok(), skip(), todo() and the closing line
 * "N passed, N failed[, N skipped]".  Header-only; each test program
 * includes it once and returns test_done() from main(). */
#ifndef NEREID_TEST_HARNESS_H
#define NEREID_TEST_HARNESS_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned test_passed, test_failed, test_skipped;
static unsigned test_todo __attribute__((unused));

static inline int test_report(int cond, const char *file, int line,
                              const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static inline int test_report(int cond, const char *file, int line,
                              const char *fmt, ...)
{
    va_list ap;
    if (cond) {
        test_passed++;
        return 1;
    }
    test_failed++;
    fprintf(stdout, "FAIL %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    fflush(stdout);
    return 0;
}

/* ok(cond, fmt, ...): one check; prints the message when it fails. */
#define ok(cond, ...) test_report(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

/* skip(fmt, ...): a check that cannot run here, with the reason. */
#define skip(...)                                                              \
    do {                                                                       \
        test_skipped++;                                                        \
        fprintf(stdout, "SKIP %s:%d: ", __FILE__, __LINE__);                   \
        fprintf(stdout, __VA_ARGS__);                                          \
        fputc('\n', stdout);                                                   \
    } while (0)

/* todo(cond, fmt, ...): a known gap; counted as skipped, never as passed. */
#define todo(cond, ...)                                                        \
    do {                                                                       \
        test_todo++;                                                           \
        test_skipped++;                                                        \
        if (cond)                                                              \
            fprintf(stdout, "TODO now passes %s:%d\n", __FILE__, __LINE__);    \
    } while (0)

/* Prints the closing line and gives main() its exit status. */
static inline int test_done(void)
{
    if (test_skipped)
        printf("%u passed, %u failed, %u skipped\n", test_passed, test_failed,
               test_skipped);
    else
        printf("%u passed, %u failed\n", test_passed, test_failed);
    fflush(stdout);
    return test_failed ? 1 : (test_passed ? 0 : 1);
}

#endif
