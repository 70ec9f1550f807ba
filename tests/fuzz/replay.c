/*
 * tests/fuzz/replay.c: a main for a fuzz target without libFuzzer (gcc builds, valgrind): runs
 * LLVMFuzzerTestOneInput once on every file named, or in the folders named, so that the ordinary
 * builds replay each target's corpus (seeds and the inputs of fixed bugs) as a ctest test.
 * Usage: fuzz_<name>_replay FILE|DIR...
 */
#include "fuzz.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

static gint compare_paths(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int replay_file(const char *path)
{
    char *bytes = NULL;
    gsize size = 0;
    GError *error = NULL;
    if (!g_file_get_contents(path, &bytes, &size, &error)) {
        fprintf(stderr, "replay: %s\n", error->message);
        g_error_free(error);
        return 1;
    }
    LLVMFuzzerTestOneInput((const uint8_t *)bytes, size);
    g_free(bytes);
    return 0;
}

int main(int argc, char **argv)
{
    int failures = 0, files = 0;
    for (int i = 1; i < argc; i++) {
        if (!g_file_test(argv[i], G_FILE_TEST_IS_DIR)) {
            failures += replay_file(argv[i]);
            files++;
            continue;
        }
        GError *error = NULL;
        GDir *dir = g_dir_open(argv[i], 0, &error);
        if (!dir) {
            fprintf(stderr, "replay: %s\n", error->message);
            g_error_free(error);
            return 1;
        }
        /* Sorted, so that a failure names the same file on every run. */
        GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
        for (const char *name; (name = g_dir_read_name(dir));)
            g_ptr_array_add(names, g_build_filename(argv[i], name, NULL));
        g_dir_close(dir);
        g_ptr_array_sort(names, compare_paths);
        for (guint k = 0; k < names->len; k++) {
            failures += replay_file(names->pdata[k]);
            files++;
        }
        g_ptr_array_unref(names);
    }
    if (!files) {
        fprintf(stderr, "replay: no input files\n");
        return 1;
    }
    printf("replay: %d inputs, %d unreadable\n", files, failures);
    return failures ? 1 : 0;
}
