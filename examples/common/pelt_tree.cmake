# SPDX-License-Identifier: BSD-2-Clause
# The task-group hierarchy's walks (pelt_tree.h), shared by pgov-replay and
# pgov-trace; included by both (the fuzz preset builds pgov-trace's library alone).
if(NOT TARGET pgov_pelt_tree)
  add_library(pgov_pelt_tree STATIC ${CMAKE_CURRENT_LIST_DIR}/pelt_tree.c)
  set_target_properties(pgov_pelt_tree PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_include_directories(pgov_pelt_tree PUBLIC ${CMAKE_CURRENT_LIST_DIR})
  target_link_libraries(pgov_pelt_tree PUBLIC pgov)
  target_compile_options(pgov_pelt_tree PRIVATE -Wall -Wextra -Wshadow -Wstrict-prototypes)
endif()
