/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Guest workload of examples/scx/run.sh (static, /scx_work in the
 * initramfs): for SECONDS, processes with duty cycles from 10 % to 100 %
 * of 10 ms and one of 30 % of 100 ms (the CPU and task signals, and so the
 * targets, move both ways), a pipe ping-pong (short runs,
 * many wakeups), O_DIRECT reads from DISK (wakeups from I/O wait: the iowait
 * boost) and one task with uclamp min 300 / max 700 (sched_setattr).
 * Usage: scx_work SECONDS DISK
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* pct % of each period busy, the rest asleep */
static void duty_period(double end, int pct, double period)
{
    while (now_s() < end) {
        double t = now_s();
        while (now_s() - t < pct * period / 100)
            ;
        if (pct < 100)
            usleep((useconds_t)((100 - pct) * period * 1e4));
    }
}

static void duty(double end, int pct)
{
    duty_period(end, pct, 0.01);
}

static void uclamped(double end)
{
    struct { uint32_t size, policy; uint64_t flags; int32_t nice; uint32_t prio;
             uint64_t rt, dl, period; uint32_t umin, umax; } a;
    memset(&a, 0, sizeof(a));
    a.size = sizeof(a);
    a.flags = 0x20 | 0x40 | 0x08; /* UTIL_CLAMP_MIN | _MAX | KEEP_POLICY */
    a.umin = 300;
    a.umax = 700;
    if (syscall(SYS_sched_setattr, 0, &a, 0))
        perror("scx_work: sched_setattr uclamp");
    duty(end, 40);
}

static void reader(double end, const char *disk)
{
    int fd = open(disk, O_RDONLY | O_DIRECT);
    void *buf;
    long i = 0;
    if (fd < 0 || posix_memalign(&buf, 4096, 4096)) {
        perror(disk);
        return;
    }
    while (now_s() < end)
        if (pread(fd, buf, 4096, (i++ % 2048) * 4096) < 0)
            break;
}

static void pingpong(double end)
{
    int a[2], b[2];
    char c = 0;
    if (pipe(a) || pipe(b))
        return;
    if (fork() == 0) {
        while (read(a[0], &c, 1) == 1 && write(b[1], &c, 1) == 1)
            ;
        _exit(0);
    }
    while (now_s() < end && write(a[1], &c, 1) == 1 && read(b[0], &c, 1) == 1)
        usleep(200);
    close(a[1]);
}

int main(int argc, char **argv)
{
    static const int pcts[] = {10, 30, 60, 100};
    double end;
    int i;

    if (argc != 3) {
        fprintf(stderr, "usage: scx_work SECONDS DISK\n");
        return 2;
    }
    end = now_s() + atof(argv[1]);
    for (i = 0; i < 8; i++) {
        if (fork() == 0) {
            if (i < 4)
                duty(end, pcts[i]);
            else if (i == 4)
                uclamped(end);
            else if (i == 5)
                reader(end, argv[2]);
            else if (i == 6)
                pingpong(end);
            else
                duty_period(end, 30, 0.1);
            _exit(0);
        }
    }
    while (wait(NULL) > 0)
        ;
    return 0;
}
