package jdk.internal.porcheck;

import java.util.ArrayList;
import java.util.List;

/** A small backtracking regular-expression engine for String.split, matches and replaceAll:
 * literals, escapes (\d \D \s \S \w \W and escaped metacharacters), '.', classes [a-z^...],
 * greedy * + ? {n,m}, groups, alternation and the ^ $ anchors. */
public final class Regex {
    private Regex() {}

    abstract static class Node {
        /** Matches at [i] of [s] and then [next]; returns the end or -1. */
        abstract int match(String s, int i, Cont next);
    }

    abstract static class Cont {
        abstract int run(int i);
    }

    static final Cont DONE = new Cont() {
        int run(int i) { return i; }
    };

    static final class CharSet extends Node {
        final String spec;
        final boolean negated;

        CharSet(String spec, boolean negated) {
            this.spec = spec;
            this.negated = negated;
        }

        boolean accepts(char c) {
            boolean in = false;
            for (int k = 0; k < spec.length() && !in; k++) {
                char a = spec.charAt(k);
                if (a == '\\' && k + 1 < spec.length()) {
                    char e = spec.charAt(++k);
                    in = classEscape(e, c);
                } else if (k + 2 < spec.length() && spec.charAt(k + 1) == '-') {
                    in = c >= a && c <= spec.charAt(k + 2);
                    k += 2;
                } else {
                    in = c == a;
                }
            }
            return in != negated;
        }

        int match(String s, int i, Cont next) {
            if (i < s.length() && accepts(s.charAt(i))) return next.run(i + 1);
            return -1;
        }
    }

    static boolean classEscape(char e, char c) {
        switch (e) {
        case 'd': return c >= '0' && c <= '9';
        case 'D': return !(c >= '0' && c <= '9');
        case 's': return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0b;
        case 'S': return !classEscape('s', c);
        case 'w': return Character.isLetterOrDigit(c) && c < 128 || c == '_';
        case 'W': return !classEscape('w', c);
        case 't': return c == '\t';
        case 'n': return c == '\n';
        case 'r': return c == '\r';
        default: return c == e;
        }
    }

    static final class Seq extends Node {
        final List<Node> items = new ArrayList<>();

        int match(String s, int i, Cont next) { return from(0, s, i, next); }

        int from(int k, String s, int i, Cont next) {
            if (k == items.size()) return next.run(i);
            return items.get(k).match(s, i, new Cont() {
                int run(int j) { return from(k + 1, s, j, next); }
            });
        }
    }

    static final class Alt extends Node {
        final List<Node> options = new ArrayList<>();

        int match(String s, int i, Cont next) {
            for (Node o : options) {
                int r = o.match(s, i, next);
                if (r >= 0) return r;
            }
            return -1;
        }
    }

    static final class Repeat extends Node {
        final Node body;
        final int min, max;

        Repeat(Node body, int min, int max) {
            this.body = body;
            this.min = min;
            this.max = max;
        }

        int match(String s, int i, Cont next) { return times(0, s, i, next); }

        int times(int n, String s, int i, Cont next) {
            if (n < max) {
                int r = body.match(s, i, new Cont() {
                    int run(int j) { return j == i && n >= min ? -1 : times(n + 1, s, j, next); }
                });
                if (r >= 0) return r;
            }
            return n >= min ? next.run(i) : -1;
        }
    }

    static final class Anchor extends Node {
        final boolean start;

        Anchor(boolean start) { this.start = start; }

        int match(String s, int i, Cont next) {
            if (start ? i == 0 : i == s.length()) return next.run(i);
            return -1;
        }
    }

    /** A recursive-descent parser of the pattern. */
    static final class Parser {
        final String p;
        int pos;

        Parser(String p) { this.p = p; }

        Node alternation() {
            Alt alt = new Alt();
            alt.options.add(sequence());
            while (pos < p.length() && p.charAt(pos) == '|') {
                pos++;
                alt.options.add(sequence());
            }
            return alt.options.size() == 1 ? alt.options.get(0) : alt;
        }

        Node sequence() {
            Seq seq = new Seq();
            while (pos < p.length() && p.charAt(pos) != '|' && p.charAt(pos) != ')') seq.items.add(quantified(atom()));
            return seq;
        }

        Node quantified(Node atom) {
            if (pos >= p.length()) return atom;
            char c = p.charAt(pos);
            int min, max;
            if (c == '*') { min = 0; max = Integer.MAX_VALUE; }
            else if (c == '+') { min = 1; max = Integer.MAX_VALUE; }
            else if (c == '?') { min = 0; max = 1; }
            else if (c == '{') {
                int close = p.indexOf('}', pos);
                String[] parts = p.substring(pos + 1, close).split(",", -1);
                min = Integer.parseInt(parts[0]);
                max = parts.length == 1 ? min : parts[1].isEmpty() ? Integer.MAX_VALUE : Integer.parseInt(parts[1]);
                pos = close;
            } else {
                return atom;
            }
            pos++;
            if (pos < p.length() && p.charAt(pos) == '?') pos++;
            return new Repeat(atom, min, max);
        }

        Node atom() {
            char c = p.charAt(pos++);
            switch (c) {
            case '(': {
                if (p.startsWith("?:", pos)) pos += 2;
                Node inner = alternation();
                pos++;
                return inner;
            }
            case '[': {
                boolean negated = pos < p.length() && p.charAt(pos) == '^';
                if (negated) pos++;
                int start = pos;
                while (p.charAt(pos) != ']' || pos == start) pos += p.charAt(pos) == '\\' ? 2 : 1;
                return new CharSet(p.substring(start, pos++), negated);
            }
            case '.': return new CharSet("\n\r", true);
            case '^': return new Anchor(true);
            case '$': return new Anchor(false);
            case '\\': return new CharSet("\\" + p.charAt(pos++), false);
            default: return new CharSet(c == '-' ? "-" : String.valueOf(c), false);
            }
        }
    }

    static Node compile(String regex) {
        Parser parser = new Parser(regex);
        Node n = parser.alternation();
        if (parser.pos != regex.length()) throw new IllegalArgumentException("Unsupported regex: " + regex);
        return n;
    }

    public static boolean matches(String regex, String s) { return compile(regex).match(s, 0, new Cont() {
        int run(int i) { return i == s.length() ? i : -1; }
    }) >= 0; }

    /** Returns the end of the leftmost match of [n] starting at or after [from], its start in [start[0]]. */
    static int find(Node n, String s, int from, int[] start) {
        for (int i = from; i <= s.length(); i++) {
            int end = n.match(s, i, DONE);
            if (end >= 0) {
                start[0] = i;
                return end;
            }
        }
        return -1;
    }

    private static boolean literal(String regex) {
        if (regex.length() == 1) return ".$|()[{^?*+\\".indexOf(regex.charAt(0)) < 0;
        return regex.length() == 2 && regex.charAt(0) == '\\' && !Character.isLetterOrDigit(regex.charAt(1));
    }

    public static List<String> split(String regex, String s, int limit) {
        List<String> list = new ArrayList<>();
        int off = 0;
        if (literal(regex)) {
            char ch = regex.charAt(regex.length() - 1);
            int next;
            while ((next = s.indexOf(ch, off)) != -1 && (limit <= 0 || list.size() < limit - 1)) {
                list.add(s.substring(off, next));
                off = next + 1;
            }
        } else {
            Node n = compile(regex);
            int[] start = new int[1];
            int from = 0;
            while (limit <= 0 || list.size() < limit - 1) {
                int end = find(n, s, from, start);
                if (end < 0) break;
                if (end == start[0]) {
                    if (start[0] >= s.length()) break;
                    from = start[0] + 1;
                    if (start[0] == 0) continue;
                    list.add(s.substring(off, start[0]));
                    off = start[0];
                    continue;
                }
                list.add(s.substring(off, start[0]));
                off = end;
                from = end;
            }
        }
        if (off == 0 && list.isEmpty()) {
            list.add(s);
            return list;
        }
        list.add(s.substring(off));
        if (limit == 0)
            while (!list.isEmpty() && list.get(list.size() - 1).isEmpty()) list.remove(list.size() - 1);
        return list;
    }

    public static String replaceAll(String regex, String s, String replacement) {
        Node n = compile(regex);
        StringBuilder sb = new StringBuilder();
        int[] start = new int[1];
        int from = 0, copied = 0;
        while (from <= s.length()) {
            int end = find(n, s, from, start);
            if (end < 0) break;
            sb.append(s, copied, start[0]).append(replacement.replace("\\", ""));
            copied = end;
            from = end == start[0] ? end + 1 : end;
            if (end == start[0] && start[0] < s.length()) {
                sb.append(s.charAt(start[0]));
                copied = start[0] + 1;
            }
        }
        if (copied < s.length()) sb.append(s, copied, s.length());
        return sb.toString();
    }
}
