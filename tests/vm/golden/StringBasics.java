// String methods with the JDK's semantics (Java 8 API).
import java.util.Arrays;

public class StringBasics {
    public static void main(String[] args) {
        String s = "Hello, World";
        System.out.println(s.length() + " " + s.charAt(4) + " " + s.indexOf('o') + " " + s.lastIndexOf('o') + " " + s.indexOf("World") + " " + s.indexOf("xyz"));
        System.out.println(s.substring(7) + "|" + s.substring(0, 5) + "|" + s.toUpperCase() + "|" + s.toLowerCase() + "|" + s.replace('l', 'L'));
        System.out.println(s.startsWith("Hell") + " " + s.endsWith("ld") + " " + s.contains(", ") + " " + s.isEmpty() + " " + "".isEmpty());
        System.out.println(s.equals("Hello, World") + " " + s.equalsIgnoreCase("hello, world") + " " + s.compareTo("Hello") + " " + s.compareTo("Help") + " " + "a".compareToIgnoreCase("B"));
        System.out.println(s.hashCode() + " " + "".hashCode() + " " + "Aa".hashCode() + " " + "BB".hashCode() + " " + "polygenelubricants".hashCode());
        System.out.println("[" + "  padded \t".trim() + "]" + " " + String.join("-", "a", "b", "c") + " " + String.join("/", Arrays.asList("x", "y")));
        System.out.println(Arrays.toString("a,b,,c,,".split(",")) + " " + Arrays.toString("a,b,,c,,".split(",", -1)) + " " + Arrays.toString("one  two three".split(" ")));
        System.out.println(Arrays.toString("a1b22c333".split("[0-9]+")) + " " + Arrays.toString("x.y.z".split("\\.")) + " " + Arrays.toString(" lead trail ".split("\\s+")));
        System.out.println("abcabc".replace("bc", "X") + " " + "aaa".replace("a", "aa") + " " + "mississippi".replaceAll("ss", "SS") + " " + "x1y22".replaceAll("[0-9]", "#"));
        System.out.println(String.valueOf(3.5) + String.valueOf(true) + String.valueOf('c') + String.valueOf(12L) + String.valueOf((Object) null) + String.valueOf(new char[] {'o', 'k'}));
        char[] cs = s.toCharArray();
        Arrays.sort(cs);
        System.out.println(new String(cs) + " " + s.concat("!") + " " + "abc".matches("[a-c]+") + " " + "abd".matches("a.c"));
        String built = "";
        for (int i = 0; i < 5; i++) built += i;
        System.out.println(built + " " + built.intern() == "01234" + " " + (built.intern() == "01234"));
        System.out.println("tab\there" + " quote\"" + " backslash\\" + " unicode\u00e9".length());
        System.out.println("ß".toUpperCase() + " " + "ÀÉÎ".toLowerCase() + " " + "hello".codePointAt(1) + " " + "abc".indexOf("") + " " + "abc".lastIndexOf(""));
        StringBuilder sb = new StringBuilder();
        for (String w : "the quick brown fox".split(" ")) sb.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1)).append(' ');
        System.out.println(sb.toString().trim());
        System.out.println("a-b-c".indexOf('-', 2) + " " + "a-b-c".lastIndexOf('-', 2) + " " + "banana".indexOf("an", 2) + " " + "banana".lastIndexOf("an", 2));
        System.out.println("Straße".length() + " " + new String("abc".getBytes()) + " " + "abc".getBytes().length + " " + "é".getBytes().length);
    }
}
