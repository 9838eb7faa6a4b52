# SPDX-License-Identifier: BSD-2-Clause
# pgov-sim in ctest: the five scenarios with reduced iterations, each
# asserting its expectations (--check: the seed's direction, or the model's
# documented outcome), determinism, malformed input, and unit tests.
foreach(s gitsuite grep kernbench netperf_udp execl uclamp_udp)
  # gitsuite is ~2000 simulated seconds per policy, netperf_udp ~5.8M
  # messages per 10 s run: one iteration each in CI.
  # Sanitizer builds run one iteration of each: they are there for memory
  # errors, the runs are deterministic (seed 0), and every scenario's check
  # also passes at one iteration (seeds 0-2, release build, 0.6.3);
  # kernbench's two iterations took 47 s under ASan.
  set(iters 2)
  if(s STREQUAL "gitsuite" OR s STREQUAL "netperf_udp" OR s STREQUAL "uclamp_udp" OR PGOV_SANITIZE)
    set(iters 1)
  endif()
  add_test(NAME sim_scenario_${s}
           COMMAND pgov-sim --iterations ${iters} --check --out ${CMAKE_CURRENT_BINARY_DIR}/ci-${s} ${s})
  set_tests_properties(sim_scenario_${s} PROPERTIES TIMEOUT 900)
endforeach()
add_test(NAME sim_determinism
         COMMAND ${SIM_DIR}/tests/determinism.sh $<TARGET_FILE:pgov-sim>
                 ${CMAKE_CURRENT_BINARY_DIR}/ci-determinism grep)
set_tests_properties(sim_determinism PROPERTIES TIMEOUT 600)
add_test(NAME sim_bad_input
         COMMAND ${SIM_DIR}/tests/bad_input.sh $<TARGET_FILE:pgov-sim> ${SIM_DIR}/tests/bad
                 ${CMAKE_CURRENT_BINARY_DIR}/ci-bad)
add_executable(test_sim_unit ${SIM_DIR}/tests/test_sim.c)
target_link_libraries(test_sim_unit PRIVATE pgov_sim_core pgov_cmocka)
target_compile_options(test_sim_unit PRIVATE -Wall -Wextra)
target_compile_definitions(test_sim_unit PRIVATE SIM_SCENARIO_DIR="${SIM_DIR}/scenarios")
add_test(NAME sim_unit COMMAND test_sim_unit)
add_executable(test_sim_mech ${SIM_DIR}/tests/test_mech.c)
target_link_libraries(test_sim_mech PRIVATE pgov_sim_core pgov_cmocka)
target_compile_options(test_sim_mech PRIVATE -Wall -Wextra)
add_test(NAME sim_mech_unit COMMAND test_sim_mech)
add_test(NAME sim_interrupt
         COMMAND ${SIM_DIR}/tests/interrupt.sh $<TARGET_FILE:pgov-sim> ${CMAKE_CURRENT_BINARY_DIR}/ci-interrupt)
add_test(NAME sim_sweep
         COMMAND ${SIM_DIR}/tests/sweep.sh $<TARGET_FILE:pgov-sim> ${SIM_DIR}/tests/sweep
                 ${CMAKE_CURRENT_BINARY_DIR}/ci-sweep)
# --variants: determinism, really different variants, summaries = rows, refusals.
add_test(NAME sim_variants
         COMMAND ${SIM_DIR}/tests/variants.sh $<TARGET_FILE:pgov-sim> ${SIM_DIR}/tests
                 ${CMAKE_CURRENT_BINARY_DIR}/ci-variants)
add_test(NAME sim_outputs
         COMMAND ${SIM_DIR}/tests/outputs.sh $<TARGET_FILE:pgov-sim> ${SIM_DIR}/tests/outputs
                 ${CMAKE_CURRENT_BINARY_DIR}/ci-outputs)
# A workload from a recorded trace: pgov-trace workload -> pgov-sim (the
# text form of the trace, readable in every build, m32 included).
add_test(NAME sim_trace_replay
         COMMAND ${SIM_DIR}/tests/trace_replay.sh $<TARGET_FILE:pgov-sim> $<TARGET_FILE:pgov-trace>
                 ${PROJECT_SOURCE_DIR}/examples/trace/tests/traces/qemu-6.1.txt ${CMAKE_CURRENT_BINARY_DIR}/ci-trace-replay)
# The pages a person opens (index.html, pgov-trace govern --html) rendered
# in headless chromium; skipped where chromium is not installed.
add_test(NAME sim_html
         COMMAND ${SIM_DIR}/tests/html.sh $<TARGET_FILE:pgov-sim> $<TARGET_FILE:pgov-trace>
                 ${PROJECT_SOURCE_DIR}/examples/trace/tests/traces/qemu-6.1.txt ${CMAKE_CURRENT_BINARY_DIR}/ci-html)
set_tests_properties(sim_html PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
add_test(NAME sim_bisect
         COMMAND ${SIM_DIR}/tests/bisect.sh $<TARGET_FILE:pgov-sim> ${CMAKE_CURRENT_BINARY_DIR}/ci-bisect)
