# SPDX-License-Identifier: BSD-2-Clause
# pgov_model: the world pgov-sim, pgov-trace govern and bisect share
# (docs/architecture.md): platforms and the power model, the P-state rule,
# the counters, the policy spec and its keys, the governor glue and the
# kernel profile boundaries. Hosted C (libc, libm), no simulator in it.
# Included by examples/CMakeLists.txt and, in builds without the examples
# (the fuzz preset), by examples/fuzz/CMakeLists.txt.
set(MODEL_DIR ${CMAKE_CURRENT_LIST_DIR})
add_library(pgov_model STATIC ${MODEL_DIR}/platform.c ${MODEL_DIR}/pstate_rule.c ${MODEL_DIR}/keys.c
            ${MODEL_DIR}/policy_keys.c ${MODEL_DIR}/governor.c ${MODEL_DIR}/kbounds.c)
set_target_properties(pgov_model PROPERTIES POSITION_INDEPENDENT_CODE ON)
# "model/platform.h": the directory names the library at every include
target_include_directories(pgov_model PUBLIC ${MODEL_DIR}/..)
target_link_libraries(pgov_model PUBLIC pgov pgov_num m)
target_compile_options(pgov_model PRIVATE -Wall -Wextra -Wshadow -Wstrict-prototypes)
