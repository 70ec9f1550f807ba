/* tests/fuzz/support.c: the helpers of fuzz.h. */
#define _GNU_SOURCE
#include "fuzz.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

void fuzz_fail(const char *what, const char *file, int line)
{
    fprintf(stderr, "%s:%d: property broken: %s\n", file, line, what);
    abort();
}

char *fuzz_text(const uint8_t *data, size_t size)
{
    return g_strndup((const char *)data, size);
}

void fuzz_file_open(fuzz_file_t *file, const uint8_t *data, size_t size)
{
    file->fd = memfd_create("fuzz-input", 0);
    if (file->fd < 0) {
        perror("memfd_create");
        abort();
    }
    for (size_t done = 0; done < size;) {
        ssize_t n = write(file->fd, data + done, size - done);
        if (n <= 0) {
            perror("write");
            abort();
        }
        done += (size_t)n;
    }
    snprintf(file->path, sizeof file->path, "/proc/self/fd/%d", file->fd);
}

void fuzz_file_close(fuzz_file_t *file)
{
    close(file->fd);
    file->fd = -1;
}
