// SPDX-License-Identifier: BSD-2-Clause
/*
 * tp_cost: a fixed scheduler workload for measuring what trace events cost.
 * Two processes pass a byte back and forth over two pipes N times: every
 * round trip is two blocking reads, two wake-ups and two context switches
 * per CPU pair, each of which fires sched_switch / sched_wakeup and the
 * kernel's PELT and util_est tracepoints. Run it without tracing, then under
 * `trace-cmd record` with some events and with more: the difference in
 * time divided by the difference in events recorded between its markers is
 * the cost of one event (docs/record.md).
 *
 * Prints "tp_cost: N round trips, T ns, T/N ns per round trip" and, when
 * tracefs is writable, writes "tp_cost start" / "tp_cost end" to
 * trace_marker around the timed loop so the events inside can be counted.
 * Usage: tp_cost [N]   (default 20000)
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
}

static int open_marker(void)
{
	int fd = open("/sys/kernel/tracing/trace_marker", O_WRONLY);

	return fd >= 0 ? fd : open("/sys/kernel/debug/tracing/trace_marker", O_WRONLY);
}

static void mark(int fd, const char *s)
{
	if (fd >= 0 && write(fd, s, strlen(s)) < 0)
		perror("tp_cost: trace_marker");
}

/* Echo every byte from in to out until in closes. */
static void echo_loop(int in, int out)
{
	char c;

	while (read(in, &c, 1) == 1)
		if (write(out, &c, 1) != 1)
			break;
}

int main(int argc, char **argv)
{
	char *end = NULL;
	long n = argc > 1 ? strtol(argv[1], &end, 10) : 20000;
	int ping[2], pong[2], marker;
	unsigned long long t0, t1;
	pid_t child;
	char c = 'x';

	if (argc > 2 || (argc > 1 && (*end || n < 1 || n > 100000000))) {
		fprintf(stderr, "usage: tp_cost [N]   (round trips, 1..100000000)\n");
		return 2;
	}
	if (pipe(ping) || pipe(pong)) {
		perror("tp_cost: pipe");
		return 1;
	}
	child = fork();
	if (child < 0) {
		perror("tp_cost: fork");
		return 1;
	}
	if (child == 0) {
		close(ping[1]);
		close(pong[0]);
		echo_loop(ping[0], pong[1]);
		_exit(0);
	}
	close(ping[0]);
	close(pong[1]);
	marker = open_marker();
	mark(marker, "tp_cost start\n");
	t0 = now_ns();
	for (long i = 0; i < n; i++)
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1) {
			perror("tp_cost: round trip");
			return 1;
		}
	t1 = now_ns();
	mark(marker, "tp_cost end\n");
	close(ping[1]);
	waitpid(child, NULL, 0);
	printf("tp_cost: %ld round trips, %llu ns, %llu ns per round trip\n", n, t1 - t0,
	       (t1 - t0) / (unsigned long long)n);
	return 0;
}
