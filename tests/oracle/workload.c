/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Guest workload of the oracle (static, runs as /workload in the initramfs).
 * Everything runs at once for SECONDS, so that the scheduler's PELT and
 * util_est see every kind of update: periodic duty cycles, a nice sweep
 * -20..19, a pipe wakeup ring, a fork/exec storm, O_DIRECT reads (iowait),
 * SCHED_FIFO and SCHED_DEADLINE tasks, cpu cgroup groups (nested; a/b's
 * weight changing), autogroups (sessions of their own, some with an
 * autogroup nice), tasks moving between groups, affinity migrators, CPU hotplug of the last CPU, and an overload window in which one
 * CPU holds more than 100 runnable tasks plus nice -20 tasks (cfs_rq load_sum
 * past 2^32).
 * With UNTIL, the run ends when the capture module has that many records
 * (/sys/module/pgov_oracle/parameters/records) and the timeline follows that
 * progress; SECONDS is then only the upper bound.
 * Usage: workload SECONDS [DISK [UNTIL]]   |   workload --noop (the exec target)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
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

static void spin(double s)
{
    double end = now_s() + s;
    while (now_s() < end) {
    }
}

static void sleep_s(double s)
{
    struct timespec ts = { (time_t)s, (long)((s - (time_t)s) * 1e9) };
    while (nanosleep(&ts, &ts) && errno == EINTR) {
    }
}

static void put_file(const char *path, const char *val)
{
    int fd = open(path, O_WRONLY);
    if (fd < 0 || write(fd, val, strlen(val)) < 0)
        fprintf(stderr, "workload: %s <- %s: %s\n", path, val, strerror(errno));
    if (fd >= 0)
        close(fd);
}

static void join_cgroup(const char *group)
{
    char path[128], pid[32];
    snprintf(path, sizeof(path), "/sys/fs/cgroup/%s/cgroup.procs", group);
    snprintf(pid, sizeof(pid), "%d", getpid());
    put_file(path, pid);
}

static void pin(int cpu)
{
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(cpu, &s);
    sched_setaffinity(0, sizeof(s), &s);
}

static double t_end;

static double records(void)
{
    char buf[32] = "";
    int fd = open("/sys/module/pgov_oracle/parameters/records", O_RDONLY);
    if (fd < 0 || read(fd, buf, sizeof(buf) - 1) <= 0)
        buf[0] = 0;
    if (fd >= 0)
        close(fd);
    return atof(buf);
}

/* Fork a child that runs fn(arg) until t_end, in a cgroup (or none), at a nice level. */
/* Every child, for the end: a child in a session of its own is outside the
 * workload's process group, which kill(0, ...) reaches. */
static pid_t kids[512];
static int nkids;

static pid_t spawn(void (*fn)(long), long arg, int nice_level, const char *group)
{
    pid_t p = fork();
    if (p > 0 && nkids < (int)(sizeof(kids) / sizeof(kids[0])))
        kids[nkids++] = p;
    if (p == 0) {
        signal(SIGTERM, SIG_DFL);
        if (group && group[0] == '@') {
            /* "@": a session of its own, so an autogroup of its own (in the
             * root cgroup); "@N": also that autogroup's nice level */
            setsid();
            if (group[1])
                put_file("/proc/self/autogroup", group + 1);
        } else if (group) {
            join_cgroup(group);
        }
        setpriority(PRIO_PROCESS, 0, nice_level);
        fn(arg);
        _exit(0);
    }
    return p;
}

/* arg: period in ms * 100 + duty percent */
static void duty(long arg)
{
    double period = (arg / 100) * 1e-3, on = period * (arg % 100) / 100.0;
    while (now_s() < t_end) {
        spin(on);
        sleep_s(period - on);
    }
}

static void nice_sweep_task(long arg)
{
    (void)arg;
    while (now_s() < t_end) {
        spin(0.001);
        sleep_s(0.02);
    }
}

/* Two wakeup rings of RING tasks each (one at the root, one in a/b): every
 * hop is a sleep dequeue and a wakeup enqueue, through every group level. */
#define RING 6
static int ring_fd[2][RING][2];
static void ring_member(long arg)
{
    int (*fd)[2] = ring_fd[arg / RING], i = (int)(arg % RING);
    char c;
    while (now_s() < t_end) {
        if (read(fd[i][0], &c, 1) != 1)
            break;
        spin(0.00005);
        if (write(fd[(i + 1) % RING][1], &c, 1) != 1)
            break;
    }
}

static void fork_exec_storm(long arg)
{
    (void)arg;
    while (now_s() < t_end) {
        pid_t p = fork();
        if (p == 0) {
            execl("/workload", "workload", "--noop", (char *)NULL);
            _exit(127);
        }
        if (p > 0)
            waitpid(p, NULL, 0);
        sleep_s(0.002);
    }
}

static const char *disk = "/dev/vdc";
static void direct_reader(long arg)
{
    void *buf;
    int fd = open(disk, O_RDONLY | O_DIRECT);
    unsigned seed = 1 + (unsigned)arg;
    if (fd < 0 || posix_memalign(&buf, 4096, 4096)) {
        fprintf(stderr, "workload: O_DIRECT %s: %s\n", disk, strerror(errno));
        return;
    }
    while (now_s() < t_end) {
        off_t off = (off_t)(rand_r(&seed) % 2048) * 4096;
        if (pread(fd, buf, 4096, off) < 0)
            break;
        spin(0.0005);
    }
}

static void rt_task(long arg)
{
    struct sched_param sp = { .sched_priority = 10 };
    (void)arg;
    if (sched_setscheduler(0, SCHED_FIFO, &sp))
        perror("workload: SCHED_FIFO");
    while (now_s() < t_end) {
        spin(0.002);
        sleep_s(0.008);
    }
}

struct sched_attr_dl {
    uint32_t size, sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime, sched_deadline, sched_period;
};
static void dl_task(long arg)
{
    struct sched_attr_dl a = { .size = sizeof(a), .sched_policy = 6 /* SCHED_DEADLINE */,
                               .sched_runtime = 2000000, .sched_deadline = 10000000,
                               .sched_period = 10000000 };
    (void)arg;
    if (syscall(SYS_sched_setattr, 0, &a, 0))
        perror("workload: SCHED_DEADLINE");
    while (now_s() < t_end) {
        spin(0.001);
        sched_yield(); /* a deadline task yields to wait for its next period */
    }
}

static void migrator(long arg)
{
    int cpu = 0;
    (void)arg;
    while (now_s() < t_end) {
        pin(cpu);
        cpu = (cpu + 1) % 4;
        spin(0.003);
        sleep_s(0.002);
    }
}

/* Moves itself between the groups (a task's group change: detach from the
 * old group's runqueue, attach to the new, propagated up both paths) and
 * changes a/b's weight now and then (the group entities' shares). */
static void group_mover(long arg)
{
    /* g/h and g/i, not a/b and a/c: uclamp_load (7.x) clamps a and a/b
     * and moves its own tasks there; its capture stays as it was */
    static const char *const path[] = { "g/h", "g/i", "", "g/h", "" };
    static const char *const weight[] = { "300", "1000", "30", "100" };
    unsigned n = 0;
    (void)arg;
    while (now_s() < t_end) {
        join_cgroup(path[n % 5]);
        if (n % 40 == 39)
            put_file("/sys/fs/cgroup/a/b/cpu.weight", weight[n / 40 % 4]);
        n++;
        spin(0.002);
        sleep_s(0.003);
    }
}

static void overload_task(long arg)
{
    pin(1);
    (void)arg;
    while (now_s() < t_end) /* until killed */
        spin(0.01);
}

int main(int argc, char **argv)
{
    double secs, t0, until = 0, min_secs = 0;
    int i;
    static pid_t overload[113];
    static const long duties[][3] = { /* period_ms*100+duty, nice, group */
        { 400 + 50, 0, 0 },   { 1600 + 25, -20, 1 }, { 10000 + 70, 19, 2 }, { 1000 + 90, 5, 0 },
        { 3200 + 10, -10, 1 }, { 800 + 30, 10, 2 },  { 5000 + 50, -5, 0 },  { 100 + 50, 0, 1 },
    };
    /* v2: tasks in leaves only (the root's duty and nice-sweep tasks stay
     * in the root group: the uclamp and governor captures see them as before) */
    static const char *groups[] = { NULL, "a/c", "a/b" };

    if (argc > 1 && !strcmp(argv[1], "--noop"))
        return 0;
    if (argc < 2 || (secs = atof(argv[1])) <= 0) {
        fprintf(stderr, "usage: workload SECONDS [DISK [RECORDS [MIN_SECONDS]]]\n");
        return 2;
    }
    if (argc > 2)
        disk = argv[2];
    if (argc > 3)
        until = atof(argv[3]);
    if (argc > 4) /* the guest's governor timeline must fit in, even on a fast host */
        min_secs = atof(argv[4]);
    setpgid(0, 0);
    signal(SIGTERM, SIG_IGN);
    mkdir("/sys/fs/cgroup", 0755);
    if (mount("cgroup2", "/sys/fs/cgroup", "cgroup2", 0, NULL) && errno != EBUSY)
        perror("workload: mount cgroup2");
    put_file("/sys/fs/cgroup/cgroup.subtree_control", "+cpu");
    mkdir("/sys/fs/cgroup/a", 0755);
    put_file("/sys/fs/cgroup/a/cpu.weight", "50");
    put_file("/sys/fs/cgroup/a/cgroup.subtree_control", "+cpu");
    mkdir("/sys/fs/cgroup/a/b", 0755);
    mkdir("/sys/fs/cgroup/a/c", 0755);
    put_file("/sys/fs/cgroup/a/b/cpu.weight", "300");
    mkdir("/sys/fs/cgroup/g", 0755); /* the movers' groups */
    put_file("/sys/fs/cgroup/g/cpu.weight", "200");
    put_file("/sys/fs/cgroup/g/cgroup.subtree_control", "+cpu");
    mkdir("/sys/fs/cgroup/g/h", 0755);
    mkdir("/sys/fs/cgroup/g/i", 0755);
    put_file("/sys/fs/cgroup/g/i/cpu.weight", "40");

    t0 = now_s();
    t_end = t0 + secs;
    for (i = 0; i < (int)(sizeof(duties) / sizeof(duties[0])); i++)
        spawn(duty, duties[i][0], (int)duties[i][1], groups[duties[i][2]]);
    for (i = -20; i <= 19; i++)
        spawn(nice_sweep_task, 0, i, groups[(i + 20) % 3]);
    for (i = 0; i < 2 * RING; i++)
        if (pipe(ring_fd[i / RING][i % RING]))
            return 1;
    for (i = 0; i < 2 * RING; i++)
        spawn(ring_member, i, 0, i < RING ? (i % 2 ? "@" : "@-5") : "a/b");
    if (write(ring_fd[0][0][1], "x", 1) != 1 || write(ring_fd[1][0][1], "x", 1) != 1)
        return 1;
    spawn(fork_exec_storm, 0, 0, "@");
    spawn(fork_exec_storm, 0, 0, "a/b");
    spawn(direct_reader, 0, 0, NULL);
    spawn(direct_reader, 1, 0, "a/c");
    spawn(rt_task, 0, 0, NULL);
    spawn(dl_task, 0, 0, NULL);
    spawn(migrator, 0, 0, "a/c");
    spawn(migrator, 0, 0, "@10");
    spawn(group_mover, 0, 0, NULL);
    spawn(group_mover, 0, 5, "@");

    /* Timeline in progress f (records or time): hotplug of cpu3 at 25% and
     * of cpu2 at 75%, one second each; overload of cpu1 from 40% to 65%. */
    {
        int stage = 0;
        for (;;) {
            double f = until > 0 ? records() / until : (now_s() - t0) / secs;
            if ((f >= 1 && now_s() - t0 >= min_secs) || now_s() >= t_end)
                break;
            if (stage == 0 && f > 0.25) {
                put_file("/sys/devices/system/cpu/cpu3/online", "0");
                sleep_s(1);
                put_file("/sys/devices/system/cpu/cpu3/online", "1");
                stage++;
            } else if (stage == 1 && f > 0.40) {
                for (i = 0; i < 113; i++)
                    overload[i] = spawn(overload_task, 0, i < 110 ? 0 : -20, NULL);
                stage++;
            } else if (stage == 2 && f > 0.65) {
                for (i = 0; i < 113; i++)
                    kill(overload[i], SIGKILL);
                stage++;
            } else if (stage == 3 && f > 0.75) {
                put_file("/sys/devices/system/cpu/cpu2/online", "0");
                sleep_s(1);
                put_file("/sys/devices/system/cpu/cpu2/online", "1");
                stage++;
            }
            sleep_s(0.05);
        }
    }
    kill(0, SIGTERM); /* the pipe ring blocks in read(); everyone else ends on t_end */
    for (i = 0; i < nkids; i++) /* the sessions of their own */
        kill(kids[i], SIGTERM);
    while (wait(NULL) > 0 || errno == EINTR) {
    }
    printf("workload: done after %.1f s\n", now_s() - t0);
    return 0;
}
