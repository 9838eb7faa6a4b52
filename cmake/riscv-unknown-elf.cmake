# SPDX-License-Identifier: BSD-2-Clause
# Bare-metal RISC-V (riscv64-unknown-elf-gcc + picolibc, semihosting) for
# rv32imac and rv64imac. CPU flags, qemu binary and memory map come from the
# presets (rv32imac, rv64imac); tests run under qemu-system-riscv{32,64} -M virt.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(PGOV_CPU_FLAGS "-march=rv64imac -mabi=lp64 -mcmodel=medany" CACHE STRING "CPU/ABI flags")
set(PGOV_QEMU "qemu-system-riscv64" CACHE STRING "qemu binary")
set(PGOV_FLASH_ORIGIN "0x80000000" CACHE STRING "image base (qemu virt RAM)")
set(PGOV_FLASH_SIZE "0x200000" CACHE STRING "image size")
set(PGOV_RAM_ORIGIN "0x80200000" CACHE STRING "RAM base")
set(PGOV_RAM_SIZE "0x200000" CACHE STRING "RAM size")
set(PGOV_BAREMETAL_RUNTIME "picolibc-semihost" CACHE STRING "libc + startup used by test images")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES PGOV_CPU_FLAGS)

# picolibc's headers are found through its specs file (no libc otherwise).
set(CMAKE_C_FLAGS_INIT "${PGOV_CPU_FLAGS} --specs=picolibc.specs")
# (CMake passes the C flags to the link too: the specs must appear once.)

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

# picolibc's semihosted stdout arrives on qemu's stderr; ctest shows both.
set(CMAKE_CROSSCOMPILING_EMULATOR ${PGOV_QEMU} -M virt -bios none -nographic -monitor none
    -serial none -semihosting-config enable=on,target=native -kernel)
