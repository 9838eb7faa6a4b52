/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgovd: the save/restore plan.
 *
 * Before the daemon changes anything it records every file (and MSR) it is
 * going to write, with the exact bytes found there, in memory and in a state
 * file. Restoring writes those bytes back. Three paths use it:
 *  - a clean stop (SIGTERM, SIGINT, --iterations reached, a fatal error the
 *    daemon detects): pgovd_plan_restore() from the main loop;
 *  - any other signal that would end the process (a crash, SIGQUIT, SIGUSR1,
 *    SIGALRM, SIGXCPU, a real-time signal, ...): the handler below restores
 *    with openat/write/close only, then lets the signal kill us;
 *  - SIGKILL or a power cut: nothing can run, so the state file stays behind;
 *    `pgovd --restore` (the unit's ExecStopPost) or the next start of pgovd
 *    puts the values back from it, after checking it (state.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pgovd.h"

int pgovd_plan_grow(struct pgovd_plan *p)
{
    if (p->n < p->cap)
        return 0;
    unsigned cap = p->cap ? p->cap * 2 : 16;
    struct pgovd_rentry *e = realloc(p->e, cap * sizeof(*e));
    if (!e)
        return -ENOMEM;
    p->e = e;
    p->cap = cap;
    return 0;
}

/* Append one entry (the bytes to put back at @path, or at @reg of an MSR). */
static int plan_append(struct pgovd_plan *p, const char *path, uint32_t kind, uint32_t flags,
                       uint32_t reg, const char *data, uint32_t len)
{
    if (pgovd_plan_grow(p))
        return -ENOMEM;
    struct pgovd_rentry *e = &p->e[p->n];
    memset(e, 0, sizeof(*e));
    strcpy(e->path, path);
    e->kind = kind;
    e->flags = flags;
    e->reg = reg;
    e->len = len;
    memcpy(e->data, data, len);
    p->n++;
    return 0;
}

int pgovd_plan_add_file(struct pgovd_plan *p, const char *path, uint32_t flags)
{
    char buf[PGOVD_VAL_MAX + 1];
    int r;

    if (strlen(path) >= PATH_MAX)
        return -ENAMETOOLONG;
    /* No link: what is saved is what a restore may write, and that never
     * follows one (pgovd_plan_check). */
    r = pgovd_read_nofollow(path, buf, sizeof(buf));
    if (r < 0)
        return r;
    return plan_append(p, path, PGOVD_R_FILE, flags, 0, buf, (uint32_t)r);
}

int pgovd_plan_add_msr(struct pgovd_plan *p, const char *path, uint32_t reg)
{
    char le[8];
    uint64_t v;
    int fd, r;

    char real[PATH_MAX];
    if (!realpath(path, real))
        return -errno;
    fd = pgovd_open_nofollow(real, O_RDONLY);
    if (fd < 0)
        return fd;
    r = pgovd_msr_read(fd, reg, &v);
    close(fd);
    if (r < 0)
        return r;
    for (int i = 0; i < 8; i++)
        le[i] = (char)(unsigned char)(v >> (8 * i));
    /* The file offset, not the register, so --restore needs no option. */
    return plan_append(p, real, PGOVD_R_MSR, 0, reg * pgovd_msr_stride, le, 8);
}

/* Only async-signal-safe calls below this line (openat, write, pwrite, close). */
static int put_back(const struct pgovd_rentry *e)
{
    int fd = pgovd_open_nofollow(e->path, O_WRONLY | (e->kind == PGOVD_R_FILE ? O_TRUNC : 0));
    ssize_t w;
    int err = 0;

    if (fd < 0)
        return fd;
    if (e->kind == PGOVD_R_MSR) {
        w = pwrite(fd, e->data, 8, (off_t)e->reg);
        if (w != 8)
            err = w < 0 ? -errno : -EIO;
    } else {
        uint32_t done = 0;
        while (done < e->len) {
            w = write(fd, e->data + done, e->len - done);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0) {
                err = w < 0 ? -errno : -EIO;
                break;
            }
            done += (uint32_t)w;
        }
    }
    if (close(fd) < 0 && !err)
        err = -errno;
    return err;
}

int pgovd_plan_restore(const struct pgovd_plan *p, bool quiet)
{
    int failed = 0;

    for (int pass = 0; pass < 2; pass++) {
        for (unsigned i = 0; i < p->n; i++) {
            const struct pgovd_rentry *e = &p->e[i];
            if (pass == 1 && !(e->flags & PGOVD_RF_TWICE))
                continue;
            int r = put_back(e);
            /* A TWICE entry's final word is its second write. */
            if (r == 0 || (pass == 0 && e->flags & PGOVD_RF_TWICE))
                continue;
            if (e->flags & PGOVD_RF_BEST_EFFORT) {
                if (!quiet)
                    fprintf(stderr, "pgovd: note: %s: old value not taken back (%s); "
                                    "harmless, the governor restored next replaces it\n",
                            e->path, strerror(-r));
                continue;
            }
            failed++;
            if (!quiet)
                fprintf(stderr, "pgovd: error: %s: cannot restore original value: %s\n",
                        e->path, strerror(-r));
        }
    }
    return failed;
}

void pgovd_plan_free(struct pgovd_plan *p)
{
    free(p->e);
    p->e = NULL;
    p->n = p->cap = 0;
}

static const struct pgovd_plan *armed_plan;
static const char *armed_state;

/* Every signal whose default action ends the process, but SIGTERM/SIGINT
 * (the main loop's clean stop), SIGHUP (reload), SIGPIPE (ignored) and
 * SIGKILL/SIGSTOP (no handler possible); the real-time ones are added at
 * run time (SIGRTMIN is not a constant: glibc keeps the first few). */
static const int fatal_sigs[] = {
    SIGQUIT, SIGILL,  SIGTRAP, SIGABRT, SIGBUS,  SIGFPE, SIGUSR1, SIGSEGV, SIGUSR2,
    SIGALRM, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSYS,
};

static void fatal_set(sigset_t *s)
{
    sigemptyset(s);
    for (size_t i = 0; i < sizeof(fatal_sigs) / sizeof(fatal_sigs[0]); i++)
        sigaddset(s, fatal_sigs[i]);
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
        sigaddset(s, sig);
}

static void fatal_handler(int sig)
{
    static const char msg[] = "pgovd: fatal signal: restored the original cpufreq settings\n";
    static const char bad[] = "pgovd: fatal signal: some settings NOT restored; "
                              "run pgovd --restore\n";
    const struct pgovd_plan *p = armed_plan;
    int saved = errno;

    if (p) {
        armed_plan = NULL; /* a second fault must not loop */
        if (pgovd_plan_restore(p, true) == 0) {
            if (armed_state)
                unlink(armed_state);
            (void)!write(2, msg, sizeof(msg) - 1);
        } else {
            (void)!write(2, bad, sizeof(bad) - 1);
        }
    }
    errno = saved;
    /* SA_RESETHAND put the default action back: die of the same signal
     * (delivered when the handler returns, as this one is blocked in it). */
    raise(sig);
}

/* A stack for the handler: a stack overflow is a SIGSEGV too. */
static char alt_stack[64 * 1024];

void pgovd_fatal_arm(const struct pgovd_plan *p, const char *state_file)
{
    struct sigaction sa;
    stack_t ss = { .ss_sp = alt_stack, .ss_size = sizeof(alt_stack) };
    sigset_t set;

    sigaltstack(&ss, NULL);
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = fatal_handler;
    sa.sa_flags = (int)(SA_RESETHAND | SA_ONSTACK);
    sigfillset(&sa.sa_mask);
    armed_state = state_file;
    armed_plan = p;
    fatal_set(&set);
    for (int sig = 1; sig <= SIGRTMAX; sig++)
        if (sigismember(&set, sig) == 1)
            sigaction(sig, &sa, NULL);
}

void pgovd_fatal_block(bool block)
{
    sigset_t set;
    fatal_set(&set);
    sigprocmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

void pgovd_fatal_disarm(void)
{
    armed_plan = NULL;
}

/* ------------------------------------------------------------------ stop and start */

int pgovd_restore_all(struct pgovd *d)
{
    if (d->dry_run)
        return 0;
    /* A fatal signal now would restore from its handler while we do: hold
     * it until our restore is complete, then let it end us as it would. */
    pgovd_fatal_block(true);
    int failed = pgovd_plan_restore(&d->plan, false);
    if (!failed && unlink(d->state_file) && errno != ENOENT)
        pgovd_err("%s: cannot remove: %s", d->state_file, strerror(errno));
    pgovd_fatal_disarm();
    pgovd_fatal_block(false);
    if (failed) {
        pgovd_err("%d setting(s) not restored; they stay in %s for 'pgovd --restore'", failed,
                  d->state_file);
        return -1;
    }
    return 0;
}

/* Is @pid a running pgovd? (A reused pid of another program does not count.) */
static bool owner_alive(long pid)
{
    char p[64], comm[64];
    snprintf(p, sizeof(p), "/proc/%ld/comm", pid);
    if (pgovd_read(p, comm, sizeof(comm)) < 0)
        return false;
    return strncmp(comm, "pgovd", 5) == 0;
}

int pgovd_restore_leftover(struct pgovd *d, bool must_exist)
{
    struct pgovd_plan old = { 0 };
    long pid = 0;
    char why[PATH_MAX + 160];
    int r = pgovd_plan_load(&old, d->state_file, &d->roots, &pid, why, sizeof(why));

    if (r == -ENOENT && must_exist)
        pgovd_log(d, "%s: no saved settings; nothing to restore", d->state_file);
    if (r == -ENOENT)
        return 0;
    if (r == -EINVAL) {
        pgovd_err("%s: refused: %s; nothing was restored", d->state_file, why);
        return 2;
    }
    if (r) {
        pgovd_err("%s: unreadable state file: %s", d->state_file, strerror(-r));
        return 1;
    }
    if (pid != (long)getpid() && owner_alive(pid)) {
        /* Restoring now would pull the settings from under a live daemon. */
        pgovd_err("%s: belongs to pgovd pid %ld, which is still running", d->state_file, pid);
        pgovd_plan_free(&old);
        return 1;
    }
    int failed = pgovd_plan_restore(&old, false);
    pgovd_plan_free(&old);
    if (failed) {
        pgovd_err("%s: %d saved setting(s) could not be restored; file kept", d->state_file,
                  failed);
        return 1;
    }
    if (unlink(d->state_file)) {
        pgovd_err("%s: cannot remove: %s", d->state_file, strerror(errno));
        return 1;
    }
    pgovd_log(d, "restored the settings saved in %s", d->state_file);
    return 0;
}
