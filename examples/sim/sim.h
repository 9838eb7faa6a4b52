/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pgov-sim internals: a deterministic discrete-event simulator in which
 * libpgov's policies drive simulated hardware through the hw.h vtable.
 *
 * Rooms, each with its own header; a header includes only rooms below it
 * (scripts/sim_includes.py checks: no cycle, the machine calls nothing above):
 *   engine.h      sizes, errors, PRNG, the event queue (engine.c); the
 *                 hardware events the machine reports and the engine
 *                 dispatches to the scheduler (engine_hw.c)
 *   scenario.h    the workload (.wl: workload.c, its trace-derived form in
 *                 workload_trace.c), the scenario (.scn: scenario.c), the
 *                 metrics `expect` names; what the parsers share in parse.c
 *                 (parse.h); keys and --sweep points in keys.c, keys_mech.c
 *                 (keys.h)
 *   loop.h        one run: results, budgets, sim_run / sim_probe (loop.c)
 *   signals.h     the fair class's PELT, util_est and uclamp (signals.c)
 *   run.h         the state of one run (tasks, CPUs, the context) the rooms
 *                 below share; declares no function
 *   machine.h     P-states, turbo bins, C-states, APERF/MPERF/TSC, power,
 *                 the pcc channel (machine.c); reports up via sim_hw_report
 *   topo.h        the model's P-state rule and SMT pairs (topo.c)
 *   cpuidle.h     the idle loop: tick stop, C-state choice (cpuidle.c)
 *   sched.h       tasks, runqueues, time slicing, ticks (sched.c)
 *   place.h       wake-up, fork, exec placement (place.c)
 *   balance.h     idle and periodic load balancing (balance.c)
 *   policy.h      the HAL over the machine, the governors' hooks (policy.c)
 *   report.h      statistics, tables, TSV, SVG (report.c), HTML (report_html.c)
 *   sbisect.h     --bisect (sbisect.c); cli.h the command line (cli.c);
 *                 main.c runs and the output folder
 * This header is the umbrella of the public part (engine.h, scenario.h,
 * loop.h) for the tools around a run; no room's header includes it.
 * The tools' model (examples/model, shared with pgov-trace and pgovd): the
 * platform table and power model, the P-state rule, the counters, the
 * policy spec and its keys, the governor configurations and the kernel
 * profile boundaries.
 * docs/simulator.md documents every modelling assumption.
 */
#ifndef PGOV_SIM_H
#define PGOV_SIM_H

/* The umbrella for the tools around the run (main.c, report.c, the fuzz
 * harnesses): no room's header includes it. */
#include "engine.h"
#include "loop.h"
#include "scenario.h"

#endif
