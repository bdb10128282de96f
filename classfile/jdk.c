/* Finding the installed JDK: a given directory, $JAVA_HOME, or javac/java on $PATH. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

/* Copies the value of JAVA_VERSION="..." in [home]/release into [version] ("" when absent). */
static void read_version(const char *home, char *version, size_t cap)
{
    char path[4200], line[512];
    version[0] = '\0';
    snprintf(path, sizeof path, "%s/release", home);
    FILE *f = fopen(path, "r");
    if (!f) return;
    static const char key[] = "JAVA_VERSION=\"";
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, key, sizeof key - 1)) continue;
        const char *start = line + sizeof key - 1;
        size_t n = strcspn(start, "\"\n");
        if (n < cap) {
            memcpy(version, start, n);
            version[n] = '\0';
        }
        break;
    }
    fclose(f);
}

/* Fills [out] from JDK directory [dir]; [origin] says where [dir] came from, for messages. */
static cf_status jdk_at(const char *dir, const char *origin, cf_jdk *out, cf_error *err)
{
    char real[PATH_MAX];
    if (!realpath(dir, real))
        return cf_fail(err, CF_ERR_NOT_FOUND, "JDK %s: %s: %s", origin, dir, strerror(errno));
    if (strlen(real) >= sizeof out->home)
        return cf_fail(err, CF_ERR_IO, "JDK %s: path too long", origin);
    snprintf(out->home, sizeof out->home, "%s", real);
    snprintf(out->modules, sizeof out->modules, "%s/lib/modules", real);
    struct stat st;
    if (stat(out->modules, &st) != 0 || !S_ISREG(st.st_mode))
        return cf_fail(err, CF_ERR_NOT_FOUND,
                       "JDK %s: %s has no lib/modules (a JDK 9 or later is needed)", origin, dir);
    read_version(out->home, out->version, sizeof out->version);
    return CF_OK;
}

/* Finds executable [tool] on $PATH and stores its real path in [real]; false when absent. */
static bool find_on_path(const char *tool, char *real)
{
    const char *path = getenv("PATH");
    char candidate[PATH_MAX];
    for (const char *s = path ? path : ""; *s;) {
        size_t n = strcspn(s, ":");
        int w = snprintf(candidate, sizeof candidate, "%.*s%s%s", (int)n, s, n ? "/" : "", tool);
        struct stat st;
        if (w > 0 && (size_t)w < sizeof candidate && stat(candidate, &st) == 0 &&
            S_ISREG(st.st_mode) && access(candidate, X_OK) == 0 && realpath(candidate, real))
            return true;
        s += n + (s[n] == ':');
    }
    return false;
}

/* Finds the JDK holding the real path of [tool] (HOME/bin/TOOL) on $PATH; [*found] says whether
 * the tool is on $PATH at all. */
static cf_status jdk_from_tool(const char *tool, bool *found, cf_jdk *out, cf_error *err)
{
    char real[PATH_MAX], origin[PATH_MAX + 64];
    *found = find_on_path(tool, real);
    if (!*found) return CF_ERR_NOT_FOUND;
    snprintf(origin, sizeof origin, "of %s on PATH (%s)", tool, real);
    char *slash = strrchr(real, '/');
    if (slash) *slash = '\0';
    slash = strrchr(real, '/');
    if (!slash || strcmp(slash, "/bin"))
        return cf_fail(err, CF_ERR_NOT_FOUND, "JDK %s: not in a JDK's bin directory", origin);
    *slash = '\0';
    return jdk_at(real[0] ? real : "/", origin, out, err);
}

cf_status cf_jdk_find(const char *dir, cf_jdk *out, cf_error *err)
{
    memset(out, 0, sizeof *out);
    if (dir) return jdk_at(dir, "given by --jdk", out, err);
    const char *home = getenv("JAVA_HOME");
    if (home && home[0]) return jdk_at(home, "from JAVA_HOME", out, err);
    bool found;
    cf_status s = jdk_from_tool("javac", &found, out, err);
    if (!found) s = jdk_from_tool("java", &found, out, err);
    if (found) return s;
    return cf_fail(err, CF_ERR_NOT_FOUND,
                   "no JDK found: JAVA_HOME unset, no javac or java on PATH; give --jdk DIR");
}
