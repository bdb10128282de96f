# porcheck_java_jar(TARGET JAR_PATH SOURCE_DIR [RELEASE n] [EXTRA_FLAGS ...])
# Compiles every .java file under SOURCE_DIR with javac and packs the classes into JAR_PATH.
function(porcheck_java_jar target jar source_dir)
  cmake_parse_arguments(ARG "" "RELEASE" "EXTRA_FLAGS" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${source_dir}/*.java")
  set(classes "${CMAKE_CURRENT_BINARY_DIR}/${target}.classes")
  set(release_flags)
  if(ARG_RELEASE)
    set(release_flags --release ${ARG_RELEASE})
  endif()
  add_custom_command(
    OUTPUT "${jar}"
    COMMAND ${CMAKE_COMMAND} -E rm -rf "${classes}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${classes}"
    COMMAND ${Java_JAVAC_EXECUTABLE} -nowarn -g -encoding UTF-8 ${release_flags} ${ARG_EXTRA_FLAGS}
            -d "${classes}" ${sources}
    COMMAND ${Java_JAR_EXECUTABLE} cf "${jar}" -C "${classes}" .
    DEPENDS ${sources}
    COMMENT "javac ${target} -> ${jar}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS "${jar}")
endfunction()
