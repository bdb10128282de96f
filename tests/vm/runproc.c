/* Runs a child process with its output redirected to temporary files. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runproc.h"

static char *slurp(int fd, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    lseek(fd, 0, SEEK_SET);
    for (ssize_t got; buf && (got = read(fd, buf + n, cap - n - 1)) > 0;) {
        n += (size_t)got;
        if (cap - n < 2) buf = realloc(buf, cap *= 2);
    }
    if (buf) buf[n] = '\0';
    *len = n;
    return buf;
}

bool run_process(char *const argv[], int timeout, proc_result *r)
{
    char out_name[] = "/tmp/porcheck-out-XXXXXX", err_name[] = "/tmp/porcheck-err-XXXXXX";
    int out = mkstemp(out_name), err = mkstemp(err_name);
    if (out < 0 || err < 0) return false;
    unlink(out_name);
    unlink(err_name);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(out, 1);
        dup2(err, 2);
        alarm((unsigned)timeout);
        execv(argv[0], argv);
        _exit(127);
    }
    int wstatus = 0;
    waitpid(pid, &wstatus, 0);
    r->status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
    r->out = slurp(out, &r->out_len);
    r->err = slurp(err, &r->err_len);
    close(out);
    close(err);
    return pid > 0;
}

/* Reads file [prefix][suffix] into a malloc'd NUL-terminated buffer, its length in [*len]; NULL
 * when it cannot be opened. */
static char *slurp_file(const char *prefix, const char *suffix, size_t *len)
{
    char path[2048];
    snprintf(path, sizeof path, "%s%s", prefix, suffix);
    int fd = open(path, O_RDONLY);
    if (fd < 0) return NULL;
    char *buf = slurp(fd, len);
    close(fd);
    return buf;
}

bool read_recorded_run(const char *prefix, proc_result *r)
{
    size_t len;
    char *status = slurp_file(prefix, ".status", &len);
    r->out = slurp_file(prefix, ".out", &r->out_len);
    r->err = slurp_file(prefix, ".err", &r->err_len);
    bool ok = status && r->out && r->err && sscanf(status, "%d", &r->status) == 1;
    free(status);
    if (!ok) proc_result_free(r);
    return ok;
}

bool read_golden_flag(const char *path, char *flag, size_t cap)
{
    static const char marker[] = "// golden-flags:";
    char line[512], word[64];
    bool found = false;
    FILE *f = fopen(path, "r");
    while (!found && f && fgets(line, sizeof line, f)) {
        const char *at = strstr(line, marker);
        found = at && sscanf(at + sizeof marker - 1, "%63s", word) == 1;
    }
    if (f) fclose(f);
    if (found) snprintf(flag, cap, "%s", word);
    return found;
}

void proc_result_free(proc_result *r)
{
    free(r->out);
    free(r->err);
}

const char *first_line(const char *s)
{
    static char line[2048];
    size_t n = strcspn(s, "\n");
    if (n >= sizeof line) n = sizeof line - 1;
    memcpy(line, s, n);
    line[n] = '\0';
    return line;
}
