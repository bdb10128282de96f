# cmake -DJAR_TOOL=jar -DJAVAP=javap -DJAR_FILE=x.jar -DOUT=x.javap -P javap_golden.cmake
# Writes `javap -c -p -l` of every class in JAR_FILE to OUT, and the class names, one per line
# in the same order, to OUT.classes.
execute_process(COMMAND ${JAR_TOOL} tf ${JAR_FILE} OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "jar tf ${JAR_FILE} failed")
endif()
string(REPLACE "\n" ";" entries "${listing}")
set(classes)
foreach(entry IN LISTS entries)
  if(entry MATCHES "\\.class$" AND NOT entry MATCHES "^META-INF/")
    string(REGEX REPLACE "\\.class$" "" name "${entry}")
    list(APPEND classes "${name}")
  endif()
endforeach()
list(SORT classes)
string(REPLACE ";" "\n" class_lines "${classes}")
file(WRITE ${OUT}.classes "${class_lines}\n")
execute_process(
  COMMAND ${JAVAP} -J-Dfile.encoding=UTF-8 -J-Dsun.stdout.encoding=UTF-8 -c -p -l
          -classpath ${JAR_FILE} ${classes}
  OUTPUT_FILE ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "javap on ${JAR_FILE} failed")
endif()
