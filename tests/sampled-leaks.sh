#!/usr/bin/env bash
# sampled-leaks.sh ARGS...: runs the sanitizer build's porcheck ($PORCHECK_BINARY) with ARGS, its
# LeakSanitizer exit-time scan kept in one run of four (those whose arguments' total length is a
# multiple of four) and turned off in the others. The scan costs about 40 ms per process (it
# reads the 3.9 MB of instrumented globals), a tenth of the end-to-end scripts' time; the
# in-process tests and the C tests' runs of porcheck keep it on every time. exec: the process
# keeps this script's id, so the scripts' signals reach porcheck.
args="$*"
if ((${#args} % 4)); then
  export ASAN_OPTIONS=${ASAN_OPTIONS//detect_leaks=1/detect_leaks=0}
fi
exec "$PORCHECK_BINARY" "$@"
