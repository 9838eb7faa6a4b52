# SPDX-License-Identifier: BSD-2-Clause
# Bare-metal Arm Cortex-M (arm-none-eabi-gcc + newlib, semihosting). The CPU,
# qemu board and memory map come from cache variables set by the presets
# (cortex-m0, cortex-m4f); tests run under qemu-system-arm via ctest.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(PGOV_CPU_FLAGS "-mcpu=cortex-m0 -mthumb -mfloat-abi=soft" CACHE STRING "CPU/ABI flags")
set(PGOV_QEMU_MACHINE "microbit" CACHE STRING "qemu-system-arm -M board")
set(PGOV_FLASH_ORIGIN "0x0" CACHE STRING "flash base")
set(PGOV_FLASH_SIZE "0x40000" CACHE STRING "flash size")
set(PGOV_RAM_ORIGIN "0x20000000" CACHE STRING "RAM base")
set(PGOV_RAM_SIZE "0x4000" CACHE STRING "RAM size")
set(PGOV_BAREMETAL_RUNTIME "newlib-rdimon" CACHE STRING "libc + startup used by test images")
# try_compile projects re-read this file; pass the CPU flags on to them.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES PGOV_CPU_FLAGS)

# Never put these in CMAKE_C_FLAGS from a preset: a cache CMAKE_C_FLAGS
# replaces the _INIT value and the objects lose -mcpu/-mthumb.
set(CMAKE_C_FLAGS_INIT "${PGOV_CPU_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${PGOV_CPU_FLAGS}")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

# ctest appends the .elf. Semihosting gives the program the host's files
# (vectors by absolute path) and passes its exit status back to ctest.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-system-arm -M ${PGOV_QEMU_MACHINE} -nographic
    -monitor none -serial none -semihosting-config enable=on,target=native -kernel)
