# ordo_doctest_limits(TARGET TIMEOUT SECONDS [SLOW_TIMEOUT SECONDS SLOW SUITE CASE [SUITE CASE]...])
#
# Gives every doctest case of TARGET (found by doctest_discover_tests, called before) a timeout,
# and the listed slow cases the label `slow` next to their suite's (so they run in the full tier
# only) and a timeout of their own. doctest's discovery writes the cases' tests when the program
# is built; these properties are set after them from a file of their own that ctest reads next, so
# a change here takes effect without a rebuild. A listed slow case that the program does not hold
# becomes a failing test, so a rename cannot drop the label unseen.
function(ordo_doctest_limits target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "TIMEOUT;SLOW_TIMEOUT" "SLOW")
  if(NOT arg_TIMEOUT)
    message(FATAL_ERROR "ordo_doctest_limits(${target}): TIMEOUT is missing")
  endif()
  set(list_var ${target}_TESTS)
  set(script "if(DEFINED ${list_var})\n  set_tests_properties(\${${list_var}} PROPERTIES TIMEOUT ${arg_TIMEOUT})\n")
  set(rest ${arg_SLOW})
  while(rest)
    list(POP_FRONT rest suite case)
    if(NOT arg_SLOW_TIMEOUT OR NOT case)
      message(FATAL_ERROR "ordo_doctest_limits(${target}): SLOW wants SUITE CASE pairs and SLOW_TIMEOUT")
    endif()
    set(missing "no doctest case '${case}' in ${target} (listed as slow)")
    string(APPEND script
      "  list(FIND ${list_var} [==[${case}]==] found)\n"
      "  if(found EQUAL -1)\n"
      "    add_test([==[${missing}]==] ${CMAKE_COMMAND} -E false)\n"
      "    set_tests_properties([==[${missing}]==] PROPERTIES LABELS meta TIMEOUT 10)\n"
      "  else()\n"
      "    set_tests_properties([==[${case}]==] PROPERTIES LABELS [==[${suite};slow]==] TIMEOUT ${arg_SLOW_TIMEOUT})\n"
      "  endif()\n")
  endwhile()
  string(APPEND script "endif()\n")
  set(file ${CMAKE_CURRENT_BINARY_DIR}/${target}_limits.cmake)
  file(WRITE ${file} "${script}")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${file})
endfunction()
