/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Minimal Cortex-M startup for running the test programs under qemu with
 * newlib's semihosting libc (rdimon): vector table, .data copy, .bss clear,
 * FPU enable on cores that have one, then exit(main()). Used with
 * cortex-m.ld and -nostartfiles (cmake/baremetal.cmake).
 */
#include <stdint.h>
#include <stdlib.h>

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start__[], __bss_end__[];
extern uint32_t __stack_top[];
extern void initialise_monitor_handles(void);
extern int main(void);

void Reset_Handler(void);
void Fault_Handler(void);
void _init(void);
void _fini(void);

/* -nostartfiles drops crti/crtn, but newlib's exit() still calls these. */
void _init(void)
{
}
void _fini(void)
{
}

void Fault_Handler(void)
{
    /* A hard fault (bad access, stack overflow into flash, ...) fails the
     * test run with abort()'s status instead of hanging qemu. */
    abort();
}

void Reset_Handler(void)
{
#if defined(__ARM_FP)
    /* CPACR: full access to CP10 and CP11 (the FPU) before any FP code. */
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
    for (uint32_t *s = __data_load, *d = __data_start; d < __data_end;)
        *d++ = *s++;
    for (uint32_t *d = __bss_start__; d < __bss_end__;)
        *d++ = 0;
    initialise_monitor_handles();
    exit(main());
}

typedef void (*vector_fn)(void);

/* Initial SP, reset, NMI, HardFault, MemManage, BusFault, UsageFault. */
__attribute__((section(".vectors"), used)) const vector_fn pgov_vectors[] = {
    (vector_fn)(uintptr_t)__stack_top, Reset_Handler, Fault_Handler, Fault_Handler,
    Fault_Handler, Fault_Handler, Fault_Handler,
};
