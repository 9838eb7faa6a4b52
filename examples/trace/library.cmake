# SPDX-License-Identifier: BSD-2-Clause
# The library pgovtrace (parsers, signal rebuild, workload and timeline writers): included
# by examples/trace/CMakeLists.txt and, in builds without the examples (the
# fuzz preset), by examples/fuzz/CMakeLists.txt.
set(TRACE_DIR ${CMAKE_CURRENT_LIST_DIR})
add_library(pgovtrace STATIC ${TRACE_DIR}/trace.c ${TRACE_DIR}/pidtab.c ${TRACE_DIR}/parse_text.c
            ${TRACE_DIR}/parse_dat.c ${TRACE_DIR}/signals.c ${TRACE_DIR}/signals_entity.c ${TRACE_DIR}/signals_compare.c
            ${TRACE_DIR}/signals_flush.c ${TRACE_DIR}/signals_transition.c ${TRACE_DIR}/signals_group.c ${TRACE_DIR}/groups.c ${TRACE_DIR}/workload.c
            ${TRACE_DIR}/timeline.c)
set_target_properties(pgovtrace PROPERTIES POSITION_INDEPENDENT_CODE ON)
target_include_directories(pgovtrace PUBLIC ${TRACE_DIR})
include(${TRACE_DIR}/../common/pelt_tree.cmake)
target_link_libraries(pgovtrace PUBLIC pgov pgov_pelt_tree)
target_compile_options(pgovtrace PRIVATE -Wall -Wextra -Wshadow -Wstrict-prototypes)
target_compile_definitions(pgovtrace PRIVATE _POSIX_C_SOURCE=200809L)

find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(TRACECMD QUIET IMPORTED_TARGET libtracecmd libtraceevent)
  pkg_check_modules(ZSTD QUIET IMPORTED_TARGET libzstd)
endif()
if(TRACECMD_FOUND)
  # Found is not usable: an -m32 or cross build finds the host's 64-bit
  # libraries through pkg-config. Link a call for this target first.
  include(CheckCSourceCompiles)
  set(CMAKE_REQUIRED_LIBRARIES PkgConfig::TRACECMD)
  check_c_source_compiles("#include <trace-cmd/trace-cmd.h>
int main(void) { return tracecmd_open(\"x\", 0) != 0; }" PGOV_TRACECMD_LINKS)
  unset(CMAKE_REQUIRED_LIBRARIES)
endif()
set(PGOV_TRACE_DAT OFF)
if(TRACECMD_FOUND AND PGOV_TRACECMD_LINKS)
  set(PGOV_TRACE_DAT ON)
  target_sources(pgovtrace PRIVATE ${TRACE_DIR}/parse_dat_tracecmd.c ${TRACE_DIR}/dat_pages.c ${TRACE_DIR}/dat_fmt.c)
  target_compile_definitions(pgovtrace PRIVATE PGT_HAVE_DAT=1)
  target_link_libraries(pgovtrace PUBLIC PkgConfig::TRACECMD)
  # zstd: the pages reader decompresses v7 files itself; without it,
  # compressed files go to libtracecmd's reader.
  if(ZSTD_FOUND)
    target_compile_definitions(pgovtrace PRIVATE PGT_HAVE_ZSTD=1)
    target_link_libraries(pgovtrace PUBLIC PkgConfig::ZSTD)
  endif()
  message(STATUS "pgov-trace: trace.dat input through its pages (kbuffer; zstd: ${ZSTD_FOUND}) and libtracecmd ${TRACECMD_libtracecmd_VERSION}")
else()
  message(STATUS "pgov-trace: libtracecmd/libtraceevent not found or not linkable for this target: trace.dat input disabled "
                 "(text traces only; install libtracecmd-dev libtraceevent-dev)")
endif()

