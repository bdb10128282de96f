/* Input files: reading a whole regular file with a size cap (a FIFO, a device or a directory is
 * refused without blocking), and finding the bytes a text file may not hold. */
#define _POSIX_C_SOURCE 200809L /* fstat, fcntl */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base.h"

/* Opens [path] for reading without blocking (a FIFO with no writer opens at once) and checks
 * that it is a regular file of at most [max] bytes; returns the descriptor (blocking again) or
 * -1 with [*status]. */
static int open_regular(const char *path, size_t max, base_read_status *status)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        *status = BASE_READ_OPEN;
        return -1;
    }
    struct stat st;
    int flags = fcntl(fd, F_GETFL);
    if (fstat(fd, &st) != 0 || flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        *status = BASE_READ_IO;
    } else if (!S_ISREG(st.st_mode)) {
        *status = BASE_READ_NOT_REGULAR;
    } else if ((uintmax_t)st.st_size > max) {
        *status = BASE_READ_TOO_BIG;
    } else {
        *status = BASE_READ_OK;
        return fd;
    }
    close(fd);
    return -1;
}

/* Reads all of [fd] (at most [max] bytes) into [*data] and [*len], leaving room for a NUL. */
static base_read_status read_all(int fd, size_t max, char **data, size_t *len)
{
    size_t cap = 0;
    for (;;) {
        if (*len + 1 >= cap) {
            if (cap > max) return BASE_READ_TOO_BIG;
            size_t want = cap ? cap * 2 : 4096;
            char *grown = base_realloc(*data, want);
            if (!grown) return BASE_READ_NOMEM;
            *data = grown;
            cap = want;
        }
        ssize_t got = read(fd, *data + *len, cap - *len - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return BASE_READ_IO;
        if (got == 0) return *len > max ? BASE_READ_TOO_BIG : BASE_READ_OK;
        *len += (size_t)got;
    }
}

base_read_status base_read_stream(int fd, size_t max, char **data, size_t *len)
{
    *data = NULL;
    *len = 0;
    base_read_status status = read_all(fd, max, data, len);
    if (status == BASE_READ_OK) {
        (*data)[*len] = '\0';
        return status;
    }
    base_free(*data);
    *data = NULL;
    *len = 0;
    return status;
}

base_read_status base_read_file(const char *path, size_t max, char **data, size_t *len)
{
    *data = NULL;
    *len = 0;
    base_read_status status;
    int fd = open_regular(path, max, &status);
    if (fd < 0) return status;
    status = read_all(fd, max, data, len);
    close(fd);
    if (status == BASE_READ_OK) {
        (*data)[*len] = '\0';
        return status;
    }
    base_free(*data);
    *data = NULL;
    *len = 0;
    return status;
}

void base_read_describe(base_read_status status, size_t max, char *buf, size_t size)
{
    switch (status) {
    case BASE_READ_OK:
        snprintf(buf, size, "read");
        break;
    case BASE_READ_OPEN:
        snprintf(buf, size, "cannot open file");
        break;
    case BASE_READ_NOT_REGULAR:
        snprintf(buf, size, "not a regular file");
        break;
    case BASE_READ_TOO_BIG:
        snprintf(buf, size, "larger than %zu bytes", max);
        break;
    case BASE_READ_NOMEM:
        snprintf(buf, size, "out of memory reading the file");
        break;
    default:
        snprintf(buf, size, "cannot read file");
        break;
    }
}

/* True when a text file may hold byte [c]: tab, LF, CR, a printable ASCII byte or any byte of
 * 0x80 and above (UTF-8). */
static bool text_byte(unsigned char c)
{
    return c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c != 0x7F);
}

bool base_text_bad_byte(const char *data, size_t len, base_text_pos *pos)
{
    size_t line = 1, start = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)data[i];
        if (c == '\n') {
            line++;
            start = i + 1;
        } else if (!text_byte(c)) {
            pos->line = line;
            pos->column = i - start + 1;
            pos->byte = c;
            return true;
        }
    }
    return false;
}

void base_text_describe(unsigned char byte, char *buf, size_t size)
{
    if (byte == 0)
        snprintf(buf, size, "NUL byte");
    else
        snprintf(buf, size, "control byte 0x%02x", byte);
}
