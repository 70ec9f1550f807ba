/*
 * tests/fuzz/fuzz.h: what the libFuzzer targets of tests/fuzz/ share (docs/reliability.md,
 * "Fuzzing").
 *
 * Each target fuzz_<name>.c defines LLVMFuzzerTestOneInput for one parser and checks, besides
 * the sanitizers' findings, the properties a parser owes its input: what it accepts it writes
 * back in a form it reads again to the same value.  A broken property is reported by
 * FUZZ_CHECK, which aborts (libFuzzer then saves the input as a crash).
 */
#ifndef MATHGO_TESTS_FUZZ_H
#define MATHGO_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts with the condition's text and place when cond is false (NDEBUG or not). */
#define FUZZ_CHECK(cond) ((cond) ? (void)0 : fuzz_fail(#cond, __FILE__, __LINE__))
_Noreturn void fuzz_fail(const char *what, const char *file, int line);

/* The input as a NUL-terminated string (a NUL byte inside ends it, as it would end a C string
 * read from a file); free with g_free. */
char *fuzz_text(const uint8_t *data, size_t size);

/*
 * The input as a file: an anonymous in-memory file (memfd) holding the bytes, named by a path
 * ("/proc/self/fd/N") that fopen reads.  Close with fuzz_file_close.  For the parsers that take
 * a path (tablebase files, position files).
 */
typedef struct fuzz_file {
    int fd;
    char path[64];
} fuzz_file_t;
void fuzz_file_open(fuzz_file_t *file, const uint8_t *data, size_t size);
void fuzz_file_close(fuzz_file_t *file);

/*
 * The checksum of mathgo's binary tablebase files and tablebase --checkpoint's level files
 * (docs/tablebases.md, "File format"): FNV-1a over 64-bit little-endian words, the last one
 * padded with zeros, then the byte count folded in.  For the targets that make a damaged file's
 * checksum right, so that the checks behind the checksum are reached.
 */
uint64_t fuzz_tablebase_checksum(const uint8_t *data, size_t size);

/* Calls run on the input as it is, then (for 16 bytes or more) on a copy whose last 8 bytes are
 * fuzz_tablebase_checksum of the bytes before them. */
void fuzz_with_tablebase_checksum(const uint8_t *data, size_t size,
                                  void (*run)(const uint8_t *data, size_t size));

/*
 * A copy of the input whose last line is made the right "checksum sha256 HEX\n" of the bytes
 * before it (the trailer of solve's and chetrit's checkpoints), so that the fuzzer reaches
 * what lies behind the checksum; NULL when the input is shorter than the trailer.  Free with
 * g_free.
 */
uint8_t *fuzz_sha256_trailer_fixed(const uint8_t *data, size_t size);

#endif
