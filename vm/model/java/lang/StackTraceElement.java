package java.lang;

import java.util.Objects;

public final class StackTraceElement implements java.io.Serializable {
    private String declaringClass;
    private String methodName;
    private String fileName;
    private int lineNumber;

    public StackTraceElement(String declaringClass, String methodName, String fileName, int lineNumber) {
        this.declaringClass = Objects.requireNonNull(declaringClass, "Declaring class is null");
        this.methodName = Objects.requireNonNull(methodName, "Method name is null");
        this.fileName = fileName;
        this.lineNumber = lineNumber;
    }

    public String getFileName() { return fileName; }

    public int getLineNumber() { return lineNumber; }

    public String getClassName() { return declaringClass; }

    public String getMethodName() { return methodName; }

    public boolean isNativeMethod() { return lineNumber == -2; }

    public String toString() {
        String prefix = declaringClass.startsWith("java.") ? "java.base/" : "";
        String where;
        if (lineNumber == -2) where = "(Native Method)";
        else if (fileName != null && lineNumber >= 0) where = "(" + fileName + ":" + lineNumber + ")";
        else if (fileName != null) where = "(" + fileName + ")";
        else where = "(Unknown Source)";
        return prefix + declaringClass + "." + methodName + where;
    }

    public boolean equals(Object obj) {
        if (!(obj instanceof StackTraceElement)) return false;
        StackTraceElement e = (StackTraceElement) obj;
        return declaringClass.equals(e.declaringClass) && methodName.equals(e.methodName)
                && Objects.equals(fileName, e.fileName) && lineNumber == e.lineNumber;
    }

    public int hashCode() {
        int result = 31 * declaringClass.hashCode() + methodName.hashCode();
        result = 31 * result + Objects.hashCode(fileName);
        return 31 * result + lineNumber;
    }
}
