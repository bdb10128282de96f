package java.util;

public class IllegalFormatException extends IllegalArgumentException {
    IllegalFormatException() {}

    IllegalFormatException(String message) { super(message); }
}
