// StringBuilder and StringBuffer: appends of every type, insert, delete, reverse, setLength.
public class StringBuilderOps {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        sb.append(1).append('c').append(2L).append(3.5f).append(4.25).append(true).append((Object) null).append("str").append(new char[] {'x', 'y'});
        sb.append((String) null).append(new StringBuilder("nested")).append(-0.0).append(Float.NaN);
        System.out.println(sb + " " + sb.length());
        sb.insert(0, "start:").insert(6, 42).insert(sb.length(), '!');
        System.out.println(sb);
        sb.delete(0, 6).deleteCharAt(0).reverse();
        System.out.println(sb);
        sb.setLength(5);
        System.out.println(sb + "|" + sb.length());
        sb.setCharAt(0, 'Z');
        sb.replace(1, 3, "--replaced--");
        System.out.println(sb + " " + sb.indexOf("re") + " " + sb.lastIndexOf("-") + " " + sb.charAt(2) + " " + sb.substring(3, 6));
        sb.setLength(0);
        for (int i = 0; i < 100; i++) sb.append(i % 10);
        System.out.println(sb.length() + " " + sb.substring(95));
        StringBuffer buf = new StringBuffer("buffer");
        buf.append(1).insert(0, '[').append(']').reverse();
        System.out.println(buf + " " + buf.length());
        StringBuilder emoji = new StringBuilder("a\ud83d\ude00b");
        System.out.println(emoji.reverse().length() + " " + (emoji.charAt(1) == '\ud83d'));
        StringBuilder cmp = new StringBuilder("abc");
        System.out.println(cmp.toString().equals("abc") + " " + cmp.equals(new StringBuilder("abc")) + " " + "abc".contentEquals(cmp));
        StringBuilder cp = new StringBuilder();
        cp.appendCodePoint(0x1F600).appendCodePoint('A');
        System.out.println(cp.length() + " " + cp.toString().codePointAt(0));
    }
}
