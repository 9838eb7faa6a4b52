/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * scx_pgov loader: loads scx_pgov.bpf.o (embedded skeleton), prints what
 * the verifier processed per program, attaches the scheduler and then the
 * kernel-side probes (fentry/fexit on schedutil) for SECONDS, writes every
 * log record to LOG (pgov_scx_rec.h), detaches (probes first) and prints
 * the counters and the scheduler's exit reason.
 * Usage: scx_pgov SECONDS LOG
 *        scx_pgov --verify   load with logging off (the verifier then prunes
 *                            the log code: the policy's own figures) and exit
 * Exit: 0 attached, ran and detached with a complete log (--verify: loaded);
 * 1 otherwise; 2 usage.
 */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pgov_scx_rec.h"
#include "scx_pgov.skel.h"

#define VLOG_SIZE (1u << 20)

static int on_rec(void *ctx, void *data, size_t size)
{
    FILE *f = ctx;
    return fwrite(data, size, 1, f) == 1 ? 0 : -EIO;
}

static int print_libbpf(enum libbpf_print_level lvl, const char *fmt, va_list ap)
{
    return lvl == LIBBPF_DEBUG ? 0 : vfprintf(stderr, fmt, ap);
}

/* The verifier's statistics line ("processed N insns ...") and stack depth. */
static const char *vtag = "scx-verifier";

static void print_verifier(struct bpf_program *prog, const char *log)
{
    const char *p = strstr(log, "processed "), *s = strstr(log, "stack depth ");
    struct bpf_prog_info info;
    __u32 len = sizeof(info);

    memset(&info, 0, sizeof(info));
    if (bpf_prog_get_info_by_fd(bpf_program__fd(prog), &info, &len))
        info.verified_insns = 0;
    printf("%s: %s: %u insns in the object, verified_insns %u, %.*s, %.*s\n",
           vtag, bpf_program__name(prog), (unsigned)bpf_program__insn_cnt(prog), info.verified_insns,
           p ? (int)strcspn(p, "(\n") - 1 : 2, p ? p : "??", s ? (int)strcspn(s, "\n") : 2,
           s ? s : "??");
}

int main(int argc, char **argv)
{
    struct scx_pgov *skel;
    struct bpf_program *prog;
    struct bpf_link *link, *klink[8];
    struct ring_buffer *rb;
    FILE *out;
    char *vlog[16];
    int n = 0, nk, rc = 1, i;
    time_t end;

    int verify = argc == 2 && !strcmp(argv[1], "--verify");

    if (!verify && (argc != 3 || atoi(argv[1]) <= 0)) {
        fprintf(stderr, "usage: scx_pgov SECONDS LOG | scx_pgov --verify\n");
        return 2;
    }
    libbpf_set_print(print_libbpf);
    out = verify ? stdout : fopen(argv[2], "wb");
    skel = scx_pgov__open();
    if (verify && skel) {
        skel->rodata->log_on = 0;
        vtag = "scx-verifier-nolog";
    }
    if (!out || !skel) {
        fprintf(stderr, "scx_pgov: %s\n", out ? "open failed" : strerror(errno));
        return 1;
    }
    bpf_object__for_each_program(prog, skel->obj) {
        if (n == 16)
            break;
        vlog[n] = calloc(1, VLOG_SIZE);
        bpf_program__set_log_buf(prog, vlog[n], VLOG_SIZE);
        bpf_program__set_log_level(prog, 4); /* BPF_LOG_STATS */
        n++;
    }
    if (scx_pgov__load(skel)) {
        fprintf(stderr, "scx_pgov: load failed (verifier log above)\n");
        for (i = 0; i < n; i++)
            fputs(vlog[i], stderr);
        return 1;
    }
    i = 0;
    bpf_object__for_each_program(prog, skel->obj) {
        if (i < n)
            print_verifier(prog, vlog[i++]);
    }
    if (verify) {
        scx_pgov__destroy(skel);
        return 0;
    }
    rb = ring_buffer__new(bpf_map__fd(skel->maps.pgov_log), on_rec, out, NULL);
    link = rb ? bpf_map__attach_struct_ops(skel->maps.pgov_ops) : NULL;
    if (!link) {
        fprintf(stderr, "scx_pgov: attach failed: %s\n", strerror(errno));
        return 1;
    }
    /* The kernel-side probes only while the scheduler is attached. */
    nk = 0;
    bpf_object__for_each_program(prog, skel->obj) {
        if (bpf_program__type(prog) != BPF_PROG_TYPE_TRACING || nk == 8)
            continue;
        klink[nk] = bpf_program__attach(prog);
        if (!klink[nk]) {
            fprintf(stderr, "scx_pgov: attach %s failed: %s\n", bpf_program__name(prog), strerror(errno));
            bpf_link__destroy(link);
            return 1;
        }
        nk++;
    }
    printf("scx_pgov: attached (%d kernel probes)\n", nk);
    fflush(stdout);
    end = time(NULL) + atoi(argv[1]);
    while (time(NULL) < end && !skel->bss->exit_info.kind)
        if (ring_buffer__poll(rb, 100) < 0)
            break;
    for (i = 0; i < nk; i++)
        bpf_link__destroy(klink[i]);
    bpf_link__destroy(link);
    while (ring_buffer__consume(rb) > 0)
        ;
    if (fclose(out))
        fprintf(stderr, "scx_pgov: %s: write error\n", argv[2]);
    else if (!skel->bss->nr_lost && skel->bss->exit_info.kind <= 64) /* SCX_EXIT_UNREG* */
        rc = 0;
    printf("scx_pgov: cpufreq driver requests while attached: %llu fast switch, %llu through the"
           " kthread\n", (unsigned long long)skel->bss->nr_fast_switch,
           (unsigned long long)skel->bss->nr_driver_target);
    printf("scx_pgov: detached: records %llu, lost %llu, perf sets %llu, exit kind %lld (%s%s%s)\n",
           (unsigned long long)skel->bss->nr_logged, (unsigned long long)skel->bss->nr_lost,
           (unsigned long long)skel->bss->nr_set, (long long)skel->bss->exit_info.kind,
           skel->bss->exit_info.reason, skel->bss->exit_info.msg[0] ? ": " : "",
           skel->bss->exit_info.msg);
    ring_buffer__free(rb);
    scx_pgov__destroy(skel);
    return rc;
}
