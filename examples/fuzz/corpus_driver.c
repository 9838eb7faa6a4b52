/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Plain driver for libFuzzer harnesses: feeds every file named on the command
 * line (directories are walked one level) to LLVMFuzzerTestOneInput, so a
 * committed corpus runs as an ordinary test with any compiler. A harness
 * reports a violated invariant by calling abort() or __builtin_trap(), which
 * fails the test.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    long n;
    uint8_t *buf;
    if (!f) {
        perror(path);
        return -1;
    }
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc(n > 0 ? (size_t)n : 1);
    if (!buf || (n > 0 && fread(buf, 1, (size_t)n, f) != (size_t)n)) {
        fprintf(stderr, "%s: read failed\n", path);
        fclose(f);
        free(buf);
        return -1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, (size_t)n);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    long files = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            return 1;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (run_file(argv[i]))
                return 1;
            files++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        struct dirent *e;
        if (!d) {
            perror(argv[i]);
            return 1;
        }
        while ((e = readdir(d)) != NULL) {
            char p[4096];
            if (e->d_name[0] == '.')
                continue;
            snprintf(p, sizeof(p), "%s/%s", argv[i], e->d_name);
            if (run_file(p)) {
                closedir(d);
                return 1;
            }
            files++;
        }
        closedir(d);
    }
    if (files == 0) {
        fprintf(stderr, "no corpus files given\n");
        return 1;
    }
    printf("%ld passed, 0 failed\n", files);
    return 0;
}
