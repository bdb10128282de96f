#!/usr/bin/env bash
# porcheck check --html (issue 19): one self-contained page (nothing fetched, no script) with the
# client, the outcomes, each violation's timeline, the command that replays it and the
# statistics; rendered by a real headless Chromium. Also the replay command of the text and JSON
# reports, run as printed.
# usage: test_html.sh PORCHECK BUILD_DIR SOURCE_DIR WORK_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 build=$2 source=$3 work=$4
sample_leaks
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
client='{ add(1); remove(1) } || { add(2); contains(2) } || { remove(2) }'
# A jar path with characters that HTML and the shell both give a meaning to.
odd="$work/jars & <more> 'q'"
mkdir -p "$odd" && cp "$build/structures.jar" "$odd/" || exit 2
check=(check --jar "$odd/structures.jar" --spec "$source/specs/LazyListSetBuggy.json")

# json_get PYTHON_EXPR: prints the expression of report.json's document `d`.
json_get() { python3 -c "import json,sys; d=json.load(open('report.json')); print($1)"; }

# ---- the page of a violation
expect 1 "${check[@]}" --client "$client" --html report.html --json report.json --timeout 60
[ -s report.html ] || fail "--html wrote nothing"
head -1 report.html | grep -q '^<!DOCTYPE html>$' || fail "the page does not start with a doctype"
for outside in '<script' 'src=' 'href="http' '<link' '@import' 'url('; do
    grep -qF -- "$outside" report.html && fail "the page is not self-contained: it holds '$outside'"
done
grep -qF 'jars &amp; &lt;more&gt; &#39;q&#39;' report.html || fail "the jar path is not escaped"
grep -qF 'jars & <more>' report.html && fail "the jar path is written unescaped"
grep -qF '<span class="badge violation">VIOLATION</span>' report.html || fail "no violation badge"
grep -qF '<tr class="unexpected">' report.html || fail "no unexpected row in the outcome table"
grep -q 'Violation 1: unexpected outcome (true, true, true, false, false)' report.html ||
    fail "the original client's violation is not named with its outcome"
# The timeline has one cell per row of each violation's table in the JSON report.
rows=$(json_get "sum(len(v['table']['rows']) for c in d['clients'] for r in [c, c.get('minimised_report', {})] for v in r.get('violations', []))")
cells=$(grep -o '<td class="t[0-9]">' report.html | wc -l)
[ "$rows" -gt 10 ] && [ "$cells" = "$rows" ] || fail "timeline cells $cells, JSON rows $rows"
grep -qF 'read head.next -&gt; Node@' report.html || fail "no value-carrying action in the timeline"
grep -qF 'LazyListSetBuggy.add(LazyListSetBuggy.java:31)' report.html || fail "no Class.method(File:line)"
grep -q '<td>states (new)</td><td class="num">[1-9]' report.html || fail "no statistics"
# The minimised client comes first, as in the text report.
m=$(grep -n 'Client 1, minimised' report.html | cut -d: -f1)
o=$(grep -n 'Client 1 (line 1)' report.html | cut -d: -f1)
[ -n "$m" ] && [ -n "$o" ] && [ "$m" -lt "$o" ] || fail "the minimised client's report is not first"

# ---- the replay command: in the text report, the JSON and the page, and it replays
replay=$(json_get "d['clients'][0]['violations'][0]['replay']")
case $replay in *" --replay "*) ;; *) fail "no replay command in the JSON report: $replay" ;; esac
"$porcheck" "${check[@]}" --client "$client" --max-traces 1 >text.txt 2>&1
grep -qF "  replay: $replay" text.txt || fail "the text report does not print the JSON's replay command"
escaped=$(python3 -c 'import html,sys; print(html.escape(sys.argv[1]).replace("&#x27;", "&#39;"))' "$replay")
grep -qF -- "$escaped" report.html || fail "the page does not show the replay command"
bash -c "$replay" >replay.txt 2>&1
status=$?
[ "$status" = 1 ] || fail "the replay command exited $status, expected 1: $(tail -3 replay.txt)"
grep -q 'UNEXPECTED (a violation)' replay.txt || fail "the replay command does not reproduce it"

# ---- a headless Chromium renders it
browser=$(command -v chromium || command -v chromium-browser)
if [ -z "$browser" ]; then
    fail "chromium is not installed (scripts/setup --test installs it)"
else
    chrome=("$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars
        --user-data-dir="$work/profile" --window-size=1280,2000)
    timeout 120 "${chrome[@]}" --dump-dom "file://$work/report.html" >dom.html 2>chrome.txt ||
        fail "chromium --dump-dom failed: $(tail -2 chrome.txt)"
    grep -q 'Violation 1: unexpected outcome (true, true, true, false, false)' dom.html ||
        fail "the rendered document lacks the violation"
    [ "$(grep -o '<td class="t[0-9]">' dom.html | wc -l)" = "$cells" ] ||
        fail "the browser's document has another number of timeline cells than the page"
    timeout 120 "${chrome[@]}" --screenshot="$work/report.png" "file://$work/report.html" \
        >/dev/null 2>>chrome.txt || fail "chromium --screenshot failed: $(tail -2 chrome.txt)"
    # A PNG 1280 pixels wide; an empty or error page compresses to a few kB, this one does not.
    [ "$(head -c 8 report.png | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
        fail "the screenshot is not a PNG"
    [ "$(od -An -tu1 -j16 -N4 report.png | awk '{print $1*16777216+$2*65536+$3*256+$4}')" = 1280 ] ||
        fail "the screenshot is not 1280 pixels wide"
    [ "$(stat -c %s report.png)" -gt 40000 ] || fail "the screenshot looks empty"
fi

# ---- an ok client: a page without violations
expect 0 check --jar "$build/structures.jar" --spec "$source/specs/LazyListSet.json" \
    --client "$client" --html ok.html
grep -qF '<span class="badge ok">OK</span>' ok.html || fail "no ok badge"
grep -q 'Violation' ok.html && fail "an ok page shows a violation"
grep -q 'class="unexpected"' ok.html && fail "an ok page shows an unexpected outcome"

# ---- '-' is stdout (the text report goes to stderr); errors are one line, exit 2
expect 0 check --jar "$build/structures.jar" --spec "$source/specs/LazyListSet.json" \
    --client "$client" --html -
head -1 out.txt | grep -q '^<!DOCTYPE html>$' || fail "--html - did not write the page to stdout"
grep -q '^verdict: ok' err.txt || fail "--html -: the text report is not on stderr"
expect 2 "${check[@]}" --client "$client" --html - --json -
one_line_error "porcheck check: --json and --html cannot both write to stdout ('-')"
expect 2 "${check[@]}" --client "$client" --html "$work/no/such/dir/r.html"
one_line_error "porcheck check: cannot write $work/no/such/dir/r.html: No such file or directory"

expect 0 check --jar "$build/structures.jar" --spec "$source/specs/LazyListSet.json" \
    --client '{ add(1) } || { add(1) }' --html /dev/full
one_line_error "porcheck check: /dev/full was not written (No space left on device); the report above stands"

finish test_html
