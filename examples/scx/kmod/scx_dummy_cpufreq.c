// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * A cpufreq driver with nothing behind it, for the scx guest run: per-CPU
 * policies over 16 frequencies, 900..2400 MHz in 100 MHz steps (finer than
 * tests/oracle's five, so that small target moves commit), the oracle's
 * transition latency, a 2 ms rate limit (the BPF side's) and fast switching
 * offered, so the kernel's built-in schedutil runs on every CPU of a qemu
 * guest (which has no cpufreq hardware). What schedutil commits is read by
 * scx_pgov's tracing programs from its own state, not here (in the guest the
 * requests took schedutil's kthread path, not fast switching). The driver is
 * pgov_oracle.ko's (governors=1) driver, examples/kmod/dummy_cpufreq.h
 * (examples/scx/run.sh copies it here), without its capture module, which
 * is not ported to 7.3's scheduler internals.
 */
#include <linux/cpufreq.h>
#include <linux/module.h>

#define F(mhz) { .frequency = (mhz) * 1000 }
static struct cpufreq_frequency_table dummy_table[] = {
    F(900),  F(1000), F(1100), F(1200), F(1300), F(1400), F(1500), F(1600),
    F(1700), F(1800), F(1900), F(2000), F(2100), F(2200), F(2300), F(2400),
    { .frequency = CPUFREQ_TABLE_END },
};

/* Nothing to record: scx_pgov's tracing programs read schedutil's state. */
static void dummy_request(unsigned int khz)
{
}

#define DUMMY_NAME "pgov-scx-dummy"
#define DUMMY_DELAY_US 2000 /* schedutil's rate limit: 2 ms, as the BPF side */
#include "dummy_cpufreq.h"

static int __init dummy_mod_init(void)
{
    return cpufreq_register_driver(&dummy_driver);
}

static void __exit dummy_mod_exit(void)
{
    cpufreq_unregister_driver(&dummy_driver);
}

module_init(dummy_mod_init);
module_exit(dummy_mod_exit);
MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("cpufreq driver without hardware, for the scx_pgov guest run");
