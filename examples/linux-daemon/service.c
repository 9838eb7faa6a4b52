/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What pgovd offers an operator and the service manager: the
 * single-instance lock, the status file behind `pgovd status`, sd_notify
 * (READY, WATCHDOG, RELOADING, STOPPING) and journald priority prefixes.
 *
 * sd_notify is the documented NOTIFY_SOCKET datagram protocol (sd_notify(3)),
 * a dozen lines here: no libsystemd dependency for the daemon or its
 * package, and the tests can play the service manager with a socket in the
 * fake tree.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "pgovd.h"

int pgovd_lock(const char *run_dir, int *fd_out, long *holder)
{
    char p[PATH_MAX], b[32];
    int fd;

    *holder = 0;
    if (mkdir(run_dir, 0755) && errno != EEXIST)
        return -errno;
    if (snprintf(p, sizeof(p), "%s/lock", run_dir) >= (int)sizeof(p))
        return -ENAMETOOLONG;
    fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return -errno;
    if (flock(fd, LOCK_EX | LOCK_NB)) {
        int e = errno;
        ssize_t n = pread(fd, b, sizeof(b) - 1, 0);
        b[n > 0 ? n : 0] = '\0';
        *holder = strtol(b, NULL, 10);
        close(fd);
        return e == EWOULDBLOCK ? -EBUSY : -e;
    }
    /* The pid is for the operator's message only; the lock is the flock. */
    int n = snprintf(b, sizeof(b), "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) || pwrite(fd, b, (size_t)n, 0) != n) {
        int e = errno;
        close(fd);
        return -e;
    }
    *fd_out = fd;
    return 0;
}

bool pgovd_lock_held(const char *run_dir)
{
    char p[PATH_MAX];
    snprintf(p, sizeof(p), "%s/lock", run_dir);
    int fd = open(p, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool held = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    close(fd);
    return held;
}

void pgovd_notify(const char *msg)
{
    const char *path = getenv("NOTIFY_SOCKET");
    struct sockaddr_un sa = { .sun_family = AF_UNIX };
    size_t len;

    if (!path || (path[0] != '/' && path[0] != '@') || (len = strlen(path)) >= sizeof(sa.sun_path))
        return;
    memcpy(sa.sun_path, path, len);
    if (path[0] == '@')
        sa.sun_path[0] = '\0'; /* abstract namespace */
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return;
    /* Best effort, as sd_notify: the service manager may not be listening. */
    (void)sendto(fd, msg, strlen(msg), MSG_NOSIGNAL, (struct sockaddr *)&sa,
                 (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len));
    close(fd);
}

uint64_t pgovd_watchdog_usec(void)
{
    const char *u = getenv("WATCHDOG_USEC"), *pid = getenv("WATCHDOG_PID");
    if (!u || (pid && strtol(pid, NULL, 10) != (long)getpid()))
        return 0;
    return strtoull(u, NULL, 10);
}

bool pgovd_stderr_is_journal(void)
{
    const char *js = getenv("JOURNAL_STREAM");
    unsigned long long dev, ino;
    struct stat st;

    /* systemd sets DEVICE:INODE of the stream it connected; a child that
     * inherited the variable but not the stream must not use prefixes. */
    if (!js || sscanf(js, "%llu:%llu", &dev, &ino) != 2 || fstat(2, &st))
        return false;
    return (unsigned long long)st.st_dev == dev && (unsigned long long)st.st_ino == ino;
}

static const char *wm_name(enum pgovd_write_mode wm)
{
    return wm == PGOVD_WM_SETSPEED ? "setspeed" : "limits";
}

int pgovd_status_write(const struct pgovd *d, unsigned long ticks)
{
    char tmp[PATH_MAX + 8];
    FILE *f;

    if (snprintf(tmp, sizeof(tmp), "%s.tmp", d->status_file) >= (int)sizeof(tmp))
        return -ENAMETOOLONG;
    f = fopen(tmp, "we");
    if (!f)
        return -errno;
    fprintf(f, "pgovd %s pid %ld, %lu ticks of %u ms, state file %s\n", PGOVD_VERSION,
            (long)getpid(), ticks, d->interval_ms, d->state_file);
    for (unsigned i = 0; i < d->ncpu; i++) {
        const struct pgovd_cpu *c = &d->cpu[i];
        char ver[16] = "@latest", load[24] = "-";
        if (!c->managed)
            continue;
        if (c->spec.kver)
            snprintf(ver, sizeof(ver), "@%u.%u", c->spec.kver >> 8, c->spec.kver & 0xff);
        if (c->last_load >= 0)
            snprintf(load, sizeof(load), "%" PRId64, c->last_load);
        fprintf(f, "cpu%u policy=%s%s write=%s counters=%s cur_khz=%u req_khz=%u load=%s %s\n",
                c->id, c->spec.pol->name, ver, wm_name(c->wm),
                c->msr ? "msr" : "procstat(degraded)", c->cur_khz, c->req_khz, load,
                !c->online ? "offline" : c->active ? "active" : "starting");
    }
    int e = ferror(f);
    if (fclose(f) || e || rename(tmp, d->status_file)) {
        e = errno ? errno : EIO;
        unlink(tmp);
        return -e;
    }
    return 0;
}
