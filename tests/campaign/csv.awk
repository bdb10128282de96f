# Splits the records of a CSV file (RFC 4180; porcheck writes no line break inside a field) and
# prints each as its field count and its fields, tab-separated; a line with an open quote prints
# field count -1.

# Splits [line] into f[1..n]; returns n, or -1 when a quoted field does not end.
function split_csv(line, f,    n, i, c, field, quoted) {
  n = 0; field = ""; quoted = 0
  for (i = 1; i <= length(line); i++) {
    c = substr(line, i, 1)
    if (quoted) {
      if (c != "\"") field = field c
      else if (substr(line, i + 1, 1) == "\"") { field = field "\""; i++ }
      else quoted = 0
    } else if (c == "\"") quoted = 1
    else if (c == ",") { f[++n] = field; field = "" }
    else field = field c
  }
  f[++n] = field
  return quoted ? -1 : n
}

{
  n = split_csv($0, f)
  out = n
  for (i = 1; i <= n; i++) out = out "\t" f[i]
  print out
}
