package java.lang;

public interface Readable {}
