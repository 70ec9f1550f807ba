/* tests/fuzz/support.c: the helpers of fuzz.h. */
#define _GNU_SOURCE
#include "fuzz.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

uint64_t fuzz_tablebase_checksum(const uint8_t *data, size_t size)
{
    const uint64_t offset = 0xcbf29ce484222325ull, prime = 0x00000100000001b3ull;
    uint64_t hash = offset;
    for (size_t i = 0; i < size; i += 8) {
        uint64_t word = 0;
        for (size_t k = 0; k < 8 && i + k < size; k++)
            word |= (uint64_t)data[i + k] << (8 * k);
        hash = (hash ^ word) * prime;
    }
    return (hash ^ (uint64_t)size) * prime;
}

void fuzz_with_tablebase_checksum(const uint8_t *data, size_t size,
                                  void (*run)(const uint8_t *data, size_t size))
{
    run(data, size);
    if (size < 16)
        return;
    uint8_t *fixed = g_memdup2(data, size);
    uint64_t sum = fuzz_tablebase_checksum(fixed, size - 8);
    for (int k = 0; k < 8; k++)
        fixed[size - 8 + k] = (uint8_t)(sum >> (8 * k));
    run(fixed, size);
    g_free(fixed);
}

uint8_t *fuzz_sha256_trailer_fixed(const uint8_t *data, size_t size)
{
    static const char trailer[] = "checksum sha256 ";
    const size_t trailer_size = sizeof trailer - 1 + 64 + 1;
    if (size < trailer_size)
        return NULL;
    uint8_t *fixed = g_memdup2(data, size);
    size_t body = size - trailer_size;
    char *sum = g_compute_checksum_for_data(G_CHECKSUM_SHA256, fixed, body);
    char *line = g_strdup_printf("%s%s\n", trailer, sum);
    FUZZ_CHECK(strlen(line) == trailer_size);
    memcpy(fixed + body, line, trailer_size);
    g_free(line);
    g_free(sum);
    return fixed;
}
