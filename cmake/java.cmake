# porcheck_java_jar(TARGET JAR_PATH SOURCE_DIR [RELEASE n] [EXTRA_FLAGS ...] [JAVAP_GOLDEN])
# Compiles every .java file under SOURCE_DIR with javac and packs the classes into JAR_PATH.
# JAVAP_GOLDEN also writes JAR_PATH.javap (`javap -c -p -l` of every class) and
# JAR_PATH.javap.classes in the same step, so no second target rebuilds the jar concurrently.
function(porcheck_java_jar target jar source_dir)
  cmake_parse_arguments(ARG "JAVAP_GOLDEN" "RELEASE" "EXTRA_FLAGS" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${source_dir}/*.java")
  set(classes "${CMAKE_CURRENT_BINARY_DIR}/${target}.classes")
  set(release_flags)
  if(ARG_RELEASE)
    set(release_flags --release ${ARG_RELEASE})
  endif()
  set(outputs "${jar}")
  set(golden_command)
  if(ARG_JAVAP_GOLDEN)
    find_program(JAVAP_EXECUTABLE javap REQUIRED)
    list(APPEND outputs "${jar}.javap" "${jar}.javap.classes")
    set(golden_command COMMAND ${CMAKE_COMMAND} -DJAR_TOOL=${Java_JAR_EXECUTABLE}
        -DJAVAP=${JAVAP_EXECUTABLE} -DJAR_FILE=${jar} -DOUT=${jar}.javap
        -P ${PROJECT_SOURCE_DIR}/cmake/javap_golden.cmake)
  endif()
  add_custom_command(
    OUTPUT ${outputs}
    COMMAND ${CMAKE_COMMAND} -E rm -rf "${classes}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${classes}"
    COMMAND ${Java_JAVAC_EXECUTABLE} -nowarn -g -encoding UTF-8 ${release_flags} ${ARG_EXTRA_FLAGS}
            -d "${classes}" ${sources}
    COMMAND ${Java_JAR_EXECUTABLE} cf "${jar}" -C "${classes}" .
    ${golden_command}
    DEPENDS ${sources} ${PROJECT_SOURCE_DIR}/cmake/javap_golden.cmake
    COMMENT "javac ${target} -> ${jar}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS "${jar}")
endfunction()
