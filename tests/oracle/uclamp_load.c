/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The oracle guest's uclamp workload (pgov_uclamp.ko captures what it makes
 * the kernel do): tasks that run and sleep in short bursts while their
 * clamps change under them, from every source the kernel has:
 *   - per task: sched_setattr with SCHED_FLAG_UTIL_CLAMP_MIN/MAX, values
 *     0..1024 and -1 (reset to "not user-defined"), min and max alone or
 *     together;
 *   - RT tasks (SCHED_FIFO), so the RT default boost applies, and tasks
 *     switching between SCHED_OTHER and SCHED_FIFO;
 *   - nested cgroups (cgroup v2 /sys/fs/cgroup/pgov/a/b, the cpu
 *     controller): cpu.uclamp.min/max written with two decimals and "max",
 *     tasks moved between the root and the two groups;
 *   - the sysctls sched_util_clamp_min, _max and _min_rt_default.
 * Usage: uclamp_load SECONDS (static: the initramfs has no libc).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NTASKS 10
#define SCHED_FLAG_KEEP_POLICY 0x08
#define SCHED_FLAG_KEEP_PARAMS 0x10
#define SCHED_FLAG_UTIL_CLAMP_MIN 0x20
#define SCHED_FLAG_UTIL_CLAMP_MAX 0x40

struct attr { /* struct sched_attr, v5.3+ (uapi) */
    uint32_t size, policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime, deadline, period;
    uint32_t util_min, util_max;
};

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

static void put(const char *path, const char *v)
{
    int fd = open(path, O_WRONLY);
    if (fd >= 0) {
        if (write(fd, v, strlen(v)) < 0) { /* refused values are part of the test */
        }
        close(fd);
    }
}

static void putf(const char *path, const char *fmt, unsigned a, unsigned b)
{
    char buf[32];
    snprintf(buf, sizeof(buf), fmt, a, b);
    put(path, buf);
}

/* A clamp value: often a bucket edge, sometimes -1 (reset). */
static uint32_t clamp_value(void)
{
    static const uint32_t edges[] = {0, 204, 205, 409, 410, 614, 615, 819, 820, 1024};
    uint32_t k = rnd(8);
    return k == 0 ? UINT32_MAX : k < 4 ? edges[rnd(10)] : rnd(1025);
}

static void set_clamps(int rt)
{
    struct attr a;
    memset(&a, 0, sizeof(a));
    a.size = sizeof(a);
    a.flags = SCHED_FLAG_KEEP_PARAMS | SCHED_FLAG_KEEP_POLICY;
    switch (rnd(3)) {
    case 0: a.flags |= SCHED_FLAG_UTIL_CLAMP_MIN; break;
    case 1: a.flags |= SCHED_FLAG_UTIL_CLAMP_MAX; break;
    default: a.flags |= SCHED_FLAG_UTIL_CLAMP_MIN | SCHED_FLAG_UTIL_CLAMP_MAX; break;
    }
    a.util_min = clamp_value();
    a.util_max = clamp_value();
    if (rt >= 0) { /* a class change too */
        a.flags &= ~(uint64_t)(SCHED_FLAG_KEEP_PARAMS | SCHED_FLAG_KEEP_POLICY);
        a.policy = rt ? SCHED_FIFO : SCHED_OTHER;
        a.priority = rt ? 1 + rnd(20) : 0;
        a.nice = rt ? 0 : (int32_t)rnd(10) - 5;
    }
    syscall(SYS_sched_setattr, 0, &a, 0);
}

static void spin_us(unsigned us)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do
        clock_gettime(CLOCK_MONOTONIC, &t);
    while ((t.tv_sec - t0.tv_sec) * 1000000L + (t.tv_nsec - t0.tv_nsec) / 1000 < (long)us);
}

static void task(int i, time_t end)
{
    rng += (uint64_t)i * 0x1234567ull;
    while (time(NULL) < end) {
        struct timespec s = {0, (long)(200 + rnd(1500)) * 1000};
        spin_us(50 + rnd(1000)); /* short: an RT task must not starve the others for long */
        nanosleep(&s, NULL);
        if (rnd(16) == 0)
            set_clamps(rnd(8) == 0 ? (int)rnd(2) : -1);
    }
    exit(0);
}

int main(int argc, char **argv)
{
    const char *cg = "/sys/fs/cgroup";
    char path[128];
    pid_t pid[NTASKS];
    time_t end = time(NULL) + (argc > 1 ? atoi(argv[1]) : 60);

    mkdir(cg, 0755);
    if (mount("cgroup2", cg, "cgroup2", 0, NULL) && access("/sys/fs/cgroup/cgroup.procs", F_OK))
        perror("uclamp_load: cgroup2");
    put("/sys/fs/cgroup/cgroup.subtree_control", "+cpu");
    mkdir("/sys/fs/cgroup/a", 0755);
    put("/sys/fs/cgroup/a/cgroup.subtree_control", "+cpu");
    mkdir("/sys/fs/cgroup/a/b", 0755);
    for (int i = 0; i < NTASKS; i++) {
        pid[i] = fork();
        if (pid[i] == 0)
            task(i, end);
    }
    while (time(NULL) < end) {
        struct timespec s = {0, 20 * 1000 * 1000};
        static const char *const groups[] = {"", "/a", "/a/b"};
        const char *g = groups[rnd(3)];
        unsigned v = rnd(10001);
        nanosleep(&s, NULL);
        switch (rnd(6)) {
        case 0: /* a task to another group */
            snprintf(path, sizeof(path), "%s%s/cgroup.procs", cg, g);
            putf(path, "%u", (unsigned)pid[rnd(NTASKS)], 0);
            break;
        case 1:
        case 2: /* a group's clamps: percent with two decimals, or "max" */
            if (!*g)
                g = "/a";
            snprintf(path, sizeof(path), "%s%s/cpu.uclamp.%s", cg, g, rnd(2) ? "min" : "max");
            if (rnd(5) == 0)
                put(path, "max");
            else
                putf(path, "%u.%02u", v / 100, v % 100);
            break;
        case 3: /* the system defaults: min <= max is the kernel's to check */
            putf("/proc/sys/kernel/sched_util_clamp_min", "%u", rnd(8) ? 1024 : rnd(1025), 0);
            putf("/proc/sys/kernel/sched_util_clamp_max", "%u", rnd(8) ? 1024 : 512 + rnd(513), 0);
            break;
        case 4:
            putf("/proc/sys/kernel/sched_util_clamp_min_rt_default", "%u", rnd(4) ? 1024 : rnd(1025), 0);
            break;
        default:
            break;
        }
    }
    for (int i = 0; i < NTASKS; i++)
        waitpid(pid[i], NULL, 0);
    put("/proc/sys/kernel/sched_util_clamp_min", "1024");
    put("/proc/sys/kernel/sched_util_clamp_max", "1024");
    return 0;
}
