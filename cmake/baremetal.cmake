# SPDX-License-Identifier: BSD-2-Clause
# Bare-metal test images (PGOV_IS_CROSS): how a test program gets a startup
# file, a memory map and a semihosting libc so that it runs under qemu.
# tests/CMakeLists.txt calls pgov_target_link_baremetal(<test>) for each test.
#
# PGOV_BAREMETAL_EXCLUDE: regex of test names (ctest names, e.g. "vectors")
# that do not fit the board (Cortex-M0 has 16 KiB RAM). They are not built
# (their image may not even link: cortex-m.ld asserts 2 KiB of stack) and
# are registered DISABLED, so ctest lists them as "Not Run (Disabled)".
set(PGOV_BAREMETAL_EXCLUDE "" CACHE STRING "regex of tests too big for this board")

function(pgov_target_link_baremetal tgt)
  string(REGEX REPLACE "^test_" "" short ${tgt})
  if(PGOV_BAREMETAL_EXCLUDE AND short MATCHES "${PGOV_BAREMETAL_EXCLUDE}")
    set_target_properties(${tgt} PROPERTIES EXCLUDE_FROM_ALL TRUE)
  endif()
  if(PGOV_BAREMETAL_RUNTIME STREQUAL "newlib-rdimon")
    target_sources(${tgt} PRIVATE ${PROJECT_SOURCE_DIR}/targets/cortex-m/startup.c)
    target_link_options(${tgt} PRIVATE --specs=rdimon.specs -nostartfiles
      -T ${PROJECT_SOURCE_DIR}/targets/cortex-m/cortex-m.ld
      "LINKER:--defsym=__flash_origin=${PGOV_FLASH_ORIGIN},--defsym=__flash_size=${PGOV_FLASH_SIZE}"
      "LINKER:--defsym=__ram_origin=${PGOV_RAM_ORIGIN},--defsym=__ram_size=${PGOV_RAM_SIZE}"
      "LINKER:--gc-sections")
    set_property(TARGET ${tgt} APPEND PROPERTY LINK_DEPENDS
      ${PROJECT_SOURCE_DIR}/targets/cortex-m/cortex-m.ld)
  elseif(PGOV_BAREMETAL_RUNTIME STREQUAL "picolibc-semihost")
    # picolibc brings crt0 and a linker script (picolibc.ld) that takes the
    # memory map from these symbols; --crt0=semihost makes exit() end qemu.
    # (--specs=picolibc.specs itself is in the toolchain's C flags.)
    target_link_options(${tgt} PRIVATE --oslib=semihost --crt0=semihost
      "LINKER:--defsym=__flash=${PGOV_FLASH_ORIGIN},--defsym=__flash_size=${PGOV_FLASH_SIZE}"
      "LINKER:--defsym=__ram=${PGOV_RAM_ORIGIN},--defsym=__ram_size=${PGOV_RAM_SIZE}"
      "LINKER:--gc-sections")
  else()
    message(FATAL_ERROR "PGOV_BAREMETAL_RUNTIME '${PGOV_BAREMETAL_RUNTIME}' unknown")
  endif()
endfunction()

# Called by tests/CMakeLists.txt after add_test(): disable what does not fit.
function(pgov_baremetal_filter_test name)
  if(PGOV_BAREMETAL_EXCLUDE AND name MATCHES "${PGOV_BAREMETAL_EXCLUDE}")
    set_tests_properties(${name} PROPERTIES DISABLED TRUE)
  endif()
endfunction()
