/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * A cpufreq driver with nothing behind it, for a qemu guest (no cpufreq
 * hardware), so that the kernel's governors decide for every CPU: the
 * policies take the includer's frequency table and start one below its
 * top, with the oracle's transition latency and fast switching offered.
 * Shared by tests/oracle/pgov_oracle_gov.c and
 * examples/scx/kmod/scx_dummy_cpufreq.c (their run.sh links or copies it
 * beside them). Before including, define:
 *   dummy_table[]               the frequencies, kHz, sorted, ending in
 *                               CPUFREQ_TABLE_END;
 *   DUMMY_NAME                  the driver's name (a string literal);
 *   DUMMY_DELAY_US              policy->transition_delay_us (the rate limit);
 *   dummy_request(unsigned int) what a request for a frequency (kHz) does.
 * Registering dummy_driver is the includer's.
 */
#ifndef PGOV_DUMMY_CPUFREQ_H
#define PGOV_DUMMY_CPUFREQ_H

#include <linux/cpufreq.h>

static int dummy_init(struct cpufreq_policy *policy)
{
    policy->freq_table = dummy_table;
    policy->cur = dummy_table[ARRAY_SIZE(dummy_table) - 2].frequency;
    policy->cpuinfo.transition_latency = 100000; /* ns */
    policy->transition_delay_us = DUMMY_DELAY_US;
    policy->fast_switch_possible = true;
    return 0;
}

static int dummy_target_index(struct cpufreq_policy *policy, unsigned int index)
{
    dummy_request(dummy_table[index].frequency);
    return 0;
}

static unsigned int dummy_fast_switch(struct cpufreq_policy *policy, unsigned int target)
{
    dummy_request(target);
    return target;
}

static unsigned int dummy_get(unsigned int cpu)
{
    struct cpufreq_policy *p = cpufreq_cpu_get_raw(cpu);

    return p ? p->cur : 0;
}

static struct cpufreq_driver dummy_driver = {
    .name = DUMMY_NAME,
    .flags = CPUFREQ_NEED_INITIAL_FREQ_CHECK,
    .init = dummy_init,
    .verify = cpufreq_generic_frequency_table_verify,
    .target_index = dummy_target_index,
    .fast_switch = dummy_fast_switch,
    .get = dummy_get,
};

#endif /* PGOV_DUMMY_CPUFREQ_H */
