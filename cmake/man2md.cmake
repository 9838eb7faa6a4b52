# SPDX-License-Identifier: BSD-2-Clause
# cmake -DGROFF=groff -DIN=page.8 -DOUT=page.md -P man2md.cmake
# A Doxygen page holding a man page as preformatted plain text (no bold or
# underline overstrikes), so the HTML site carries pgovd(8).
if(NOT GROFF)
  message(FATAL_ERROR "groff not found: install groff-base (scripts/install-deps.sh does)")
endif()
execute_process(COMMAND ${GROFF} -man -Tascii -P-cbu -ww ${IN}
  OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
  message(FATAL_ERROR "groff ${IN}: ${err}")
endif()
get_filename_component(name ${IN} NAME)
string(REPLACE "." "_" id ${name})
file(WRITE ${OUT} "# ${name}: manual page {#man_${id}}\n\n~~~~~~~~{.txt}\n${text}~~~~~~~~\n")
