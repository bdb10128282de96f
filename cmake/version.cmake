# Writes OUT (a C header) with PORCHECK_VERSION and PORCHECK_COMMIT: the git commit of SOURCE
# ("-dirty" when tracked files differ from it; "unknown" without git). Run at every build by
# cli/CMakeLists.txt; the file is rewritten only when its text changes, so nothing recompiles
# needlessly.
execute_process(COMMAND git -C "${SOURCE}" rev-parse --short=12 HEAD
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE failed ERROR_QUIET)
if(failed OR commit STREQUAL "")
  set(commit "unknown")
else()
  execute_process(COMMAND git -C "${SOURCE}" diff --quiet HEAD --
                  RESULT_VARIABLE dirty ERROR_QUIET)
  if(dirty)
    set(commit "${commit}-dirty")
  endif()
endif()
set(text "/* Written by cmake/version.cmake at build time. */\n#define PORCHECK_VERSION \"${VERSION}\"\n#define PORCHECK_COMMIT \"${commit}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
