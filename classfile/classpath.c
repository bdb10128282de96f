/* The class path: jars (through libzip), JDK images and directories, searched in order by binary
 * name. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <zip.h>

#include "internal.h"

enum { MAX_CLASS_BYTES = 64 << 20, MAX_NAME = 1024 };

/* One class-path element: a directory, a jar or an open image. */
typedef struct cp_entry {
    char *path;
    bool jar;         /* a jar: read through the process's shared handle (jarcache.c) or [zip] */
    zip_t *zip;       /* this instance's own handle of the jar, when it needs one; else NULL */
    cf_jimage *image; /* NULL for a directory or a jar */
    cf_jar_id id;     /* a jar's identity (jarcache.c) */
} cp_entry;

struct cf_classpath {
    cp_entry *entries;
    size_t count, capacity;
    char *description; /* the entries joined with ':' */
};

cf_status cf_classpath_new(cf_classpath **out, cf_error *err)
{
    *out = base_calloc(1, sizeof **out);
    if (!*out) return cf_fail(err, CF_ERR_NOMEM, "out of memory creating a class path");
    (*out)->description = base_calloc(1, 1);
    if (!(*out)->description) {
        cf_classpath_free(*out);
        *out = NULL;
        return cf_fail(err, CF_ERR_NOMEM, "out of memory creating a class path");
    }
    return CF_OK;
}

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = base_malloc(n);
    if (c) memcpy(c, s, n);
    return c;
}

static bool describe_more(cf_classpath *cp, const char *path)
{
    size_t old = strlen(cp->description), add = strlen(path) + 1;
    char *d = base_realloc(cp->description, old + add + 1);
    if (!d) return false;
    snprintf(d + old, add + 1, "%s%s", old ? ":" : "", path);
    cp->description = d;
    return true;
}

/* Opens jar [id] at [path], checking its consistency unless it passed the check before. */
static cf_status open_jar(const char *path, const cf_jar_id *id, zip_t **out, cf_error *err)
{
    int code = 0;
    bool check = !cf_jar_checked(id);
    *out = zip_open(path, ZIP_RDONLY | (check ? ZIP_CHECKCONS : 0), &code);
    if (*out && check) cf_jar_note_checked(id);
    if (*out) return CF_OK;
    zip_error_t ze;
    zip_error_init_with_code(&ze, code);
    cf_fail(err, CF_ERR_ZIP, "%s: not a valid jar: %s", path, zip_error_strerror(&ze));
    zip_error_fini(&ze);
    return CF_ERR_ZIP;
}

cf_status cf_classpath_add(cf_classpath *cp, const char *entry, cf_error *err)
{
    struct stat st;
    if (stat(entry, &st) != 0)
        return cf_fail(err, CF_ERR_IO, "class path entry %s: %s", entry, strerror(errno));
    zip_t *zip = NULL;
    cf_jimage *image = NULL;
    cf_jar_id id = cf_jar_id_of(&st);
    if (!S_ISDIR(st.st_mode) && cf_jimage_is_image(entry)) {
        if (cf_jimage_open(entry, &image, err) != CF_OK) return err->status;
        cf_jar_note_checked(&id);                             /* its parsed classes may be kept */
    } else if (!S_ISDIR(st.st_mode) && !cf_jar_shared(&id)) { /* shared: checked too */
        if (open_jar(entry, &id, &zip, err) != CF_OK) return err->status;
        if (cf_jar_adopt(&id, zip)) zip = NULL; /* read through the shared handle from now on */
    }
    if (cp->count == cp->capacity) {
        size_t cap = cp->capacity ? cp->capacity * 2 : 4;
        cp_entry *grown = base_realloc(cp->entries, cap * sizeof *grown);
        if (!grown) goto nomem;
        cp->entries = grown;
        cp->capacity = cap;
    }
    char *path = copy_string(entry);
    if (!path || !describe_more(cp, entry)) {
        base_free(path);
        goto nomem;
    }
    bool jar = !S_ISDIR(st.st_mode) && !image;
    cp->entries[cp->count++] = (cp_entry){path, jar, zip, image, id};
    return CF_OK;
nomem:
    if (zip) zip_discard(zip);
    cf_jimage_close(image);
    return cf_fail(err, CF_ERR_NOMEM, "out of memory adding %s to the class path", entry);
}

cf_status cf_classpath_add_list(cf_classpath *cp, const char *list, cf_error *err)
{
    char element[4096];
    for (const char *s = list; *s;) {
        size_t n = strcspn(s, ":");
        if (n >= sizeof element)
            return cf_fail(err, CF_ERR_IO, "class path element too long: %.40s...", s);
        memcpy(element, s, n);
        element[n] = '\0';
        if (n && cf_classpath_add(cp, element, err) != CF_OK) return err->status;
        s += n + (s[n] == ':');
    }
    return CF_OK;
}

const char *cf_classpath_describe(const cf_classpath *cp)
{
    return cp->description;
}

void cf_classpath_free(cf_classpath *cp)
{
    if (!cp) return;
    for (size_t i = 0; i < cp->count; i++) {
        if (cp->entries[i].zip) zip_discard(cp->entries[i].zip);
        cf_jimage_close(cp->entries[i].image);
        base_free(cp->entries[i].path);
    }
    base_free(cp->entries);
    base_free(cp->description);
    base_free(cp);
}

/* ---- Reading -----------------------------------------------------------------------------------
 */

cf_status cf_read_file(const char *path, size_t limit, uint8_t **data, size_t *len, cf_error *err)
{
    *data = NULL;
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return cf_fail(err, errno == ENOENT ? CF_ERR_NOT_FOUND : CF_ERR_IO, "%s: %s", path,
                       strerror(errno));
    struct stat st;
    cf_status status = CF_OK;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        status = cf_fail(err, CF_ERR_IO, "%s: not a regular file", path);
    } else if ((uint64_t)st.st_size > limit) {
        status = cf_fail(err, CF_ERR_IO, "%s: %lld bytes is over the %zu-byte limit", path,
                         (long long)st.st_size, limit);
    } else if (!(*data = base_malloc((size_t)st.st_size + 1))) {
        status = cf_fail(err, CF_ERR_NOMEM, "%s: out of memory", path);
    } else if (fread(*data, 1, (size_t)st.st_size, f) != (size_t)st.st_size) {
        status = cf_fail(err, CF_ERR_IO, "%s: read error", path);
    }
    fclose(f);
    if (status != CF_OK) {
        base_free(*data);
        *data = NULL;
        return status;
    }
    *len = (size_t)st.st_size;
    return CF_OK;
}

/* Rejects names that could escape a directory or are not class names at all. */
static bool plausible_name(const char *name)
{
    size_t n = strlen(name);
    return n > 0 && n < MAX_NAME && name[0] != '/' && !strstr(name, "..") && !strchr(name, '\\') &&
           name[0] != '[';
}

/* Opens this instance's own handle of jar [e] unless it has one (the shared handle went with
 * its cache record); fails when the file changed since it joined the class path, since its
 * classes are kept under the identity it had then. */
static cf_status open_own_jar(cp_entry *e, cf_error *err)
{
    if (e->zip) return CF_OK;
    if (open_jar(e->path, &e->id, &e->zip, err) != CF_OK) return err->status;
    struct stat st;
    if (stat(e->path, &st) == 0) {
        cf_jar_id now = cf_jar_id_of(&st);
        if (cf_jar_same(&now, &e->id)) return CF_OK;
    }
    zip_discard(e->zip);
    e->zip = NULL;
    return cf_fail(err, CF_ERR_IO, "%s: the jar changed on disk while porcheck was using it",
                   e->path);
}

cf_status cf_zip_read(zip_t *zip, const char *path, const char *entry, uint8_t **data, size_t *len,
                      cf_error *err)
{
    zip_int64_t index = zip_name_locate(zip, entry, 0);
    if (index < 0) return cf_fail(err, CF_ERR_NOT_FOUND, "%s!%s: no such entry", path, entry);
    zip_stat_t st;
    if (zip_stat_index(zip, (zip_uint64_t)index, 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
        return cf_fail(err, CF_ERR_ZIP, "%s!%s: cannot stat entry", path, entry);
    if (st.size > MAX_CLASS_BYTES)
        return cf_fail(err, CF_ERR_ZIP, "%s!%s: entry of %llu bytes is too large", path, entry,
                       (unsigned long long)st.size);
    *data = base_malloc((size_t)st.size + 1);
    if (!*data) return cf_fail(err, CF_ERR_NOMEM, "%s!%s: out of memory", path, entry);
    zip_file_t *zf = zip_fopen_index(zip, (zip_uint64_t)index, 0);
    zip_int64_t got = zf ? zip_fread(zf, *data, st.size) : -1;
    uint8_t extra;
    /* libzip verifies the CRC when a read reaches the end, so read once more past it */
    bool ok = zf && got == (zip_int64_t)st.size && zip_fread(zf, &extra, 1) == 0;
    if (zf) ok = zip_fclose(zf) == 0 && ok;
    if (!ok) {
        base_free(*data);
        *data = NULL;
        return cf_fail(err, CF_ERR_ZIP, "%s!%s: corrupt entry: %s", path, entry, zip_strerror(zip));
    }
    *len = (size_t)st.size;
    return CF_OK;
}

/* Copies class [name] of image [image] into a new base_malloc'd [*data]. */
static cf_status read_image_class(cf_jimage *image, const char *name, uint8_t **data, size_t *len,
                                  cf_error *err)
{
    cf_jimage_resource res;
    if (cf_jimage_read_class(image, name, &res, err) != CF_OK) return err->status;
    *data = base_malloc(res.len + 1);
    if (!*data)
        return cf_fail(err, CF_ERR_NOMEM, "%s: out of memory reading %s", cf_jimage_path(image),
                       name);
    memcpy(*data, res.data, res.len);
    *len = res.len;
    return CF_OK;
}

/* Reads [name] from entry [e]; CF_ERR_NOT_FOUND when the entry does not have it. */
static cf_status read_from_entry(cp_entry *e, const char *name, uint8_t **data, size_t *len,
                                 cf_error *err)
{
    char file[MAX_NAME + 4096 + 16];
    if (e->image) return read_image_class(e->image, name, data, len, err);
    if (!e->jar) {
        snprintf(file, sizeof file, "%s/%s.class", e->path, name);
        return cf_read_file(file, MAX_CLASS_BYTES, data, len, err);
    }
    snprintf(file, sizeof file, "%s.class", name);
    if (cf_jar_cached_class(&e->id, file, data, len)) return CF_OK;
    cf_status s;
    if (e->zip || !cf_jar_read_shared(&e->id, e->path, file, data, len, err, &s))
        s = open_own_jar(e, err) == CF_OK ? cf_zip_read(e->zip, e->path, file, data, len, err)
                                          : err->status;
    if (s == CF_OK) cf_jar_cache_class(&e->id, file, *data, *len);
    return s;
}

/* Reads and parses [name] from entry [e] into [*out]; CF_ERR_NOT_FOUND when the entry does not
 * have it. A jar's or an image's class comes from the class cache when an earlier class path
 * parsed it, and goes there otherwise (a directory's files may change between two loads). */
static cf_status load_from_entry(cp_entry *e, const char *name, cf_class **out, cf_error *err)
{
    char entry[MAX_NAME + 16], origin[MAX_NAME + 4096 + 16];
    bool shared = e->jar || e->image;
    snprintf(entry, sizeof entry, "%s.class", name);
    if (shared && (*out = cf_jar_cached_parse(&e->id, entry))) return CF_OK;
    uint8_t *data;
    size_t len;
    cf_status s = read_from_entry(e, name, &data, &len, err);
    if (s != CF_OK) return s;
    snprintf(origin, sizeof origin, "%s%s%s.class", e->path, shared ? "!" : "/", name);
    s = cf_parse(data, len, origin, out, err);
    base_free(data);
    if (s == CF_OK && strcmp((*out)->name, name)) {
        s = cf_fail(err, CF_ERR_FORMAT, "%s: declares class %s, expected %s", origin, (*out)->name,
                    name);
        cf_class_free(*out);
        *out = NULL;
    }
    if (s == CF_OK && shared) cf_jar_cache_parse(&e->id, entry, *out);
    return s;
}

/* What a search of the class path wants of the first entry that has the class: its bytes
 * ([data], [len]) or, when [cls] is set, the class parsed. */
typedef struct wanted {
    uint8_t **data;
    size_t *len;
    cf_class **cls;
} wanted;

/* Searches the entries of [cp] in order for class [name] and gets what [w] wants from the first
 * that has it. */
static cf_status search(cf_classpath *cp, const char *name, const wanted *w, cf_error *err)
{
    if (!plausible_name(name))
        return cf_fail(err, CF_ERR_NOT_FOUND, "class %s: not a valid class name", name);
    for (size_t i = 0; i < cp->count; i++) {
        cp_entry *e = &cp->entries[i];
        cf_status s = w->cls ? load_from_entry(e, name, w->cls, err)
                             : read_from_entry(e, name, w->data, w->len, err);
        if (s != CF_ERR_NOT_FOUND) return s;
    }
    return cf_fail(err, CF_ERR_NOT_FOUND, "class %s not found on class path '%s'", name,
                   cp->description);
}

cf_status cf_classpath_read(cf_classpath *cp, const char *name, uint8_t **data, size_t *len,
                            cf_error *err)
{
    *data = NULL;
    *len = 0;
    return search(cp, name, &(wanted){data, len, NULL}, err);
}

cf_status cf_classpath_load(cf_classpath *cp, const char *name, cf_class **out, cf_error *err)
{
    *out = NULL;
    return search(cp, name, &(wanted){NULL, NULL, out}, err);
}

/* ---- Listing -----------------------------------------------------------------------------------
 */

/* Strips ".class" from [entry] into [name]; false for anything that is not a class file. */
static bool class_name_of(const char *entry, char *name, size_t cap)
{
    size_t n = strlen(entry);
    if (n <= 6 || n - 6 >= cap || strcmp(entry + n - 6, ".class")) return false;
    if (!strncmp(entry, "META-INF/", 9) || strstr(entry, "module-info")) return false;
    memcpy(name, entry, n - 6);
    name[n - 6] = '\0';
    return true;
}

static bool each_in_jar(zip_t *zip, bool (*visit)(const char *, void *), void *ctx)
{
    char name[MAX_NAME];
    zip_int64_t n = zip_get_num_entries(zip, 0);
    for (zip_int64_t i = 0; i < n; i++) {
        const char *entry = zip_get_name(zip, (zip_uint64_t)i, 0);
        if (entry && class_name_of(entry, name, sizeof name) && !visit(name, ctx)) return false;
    }
    return true;
}

/* Visits the classes under [root]/[rel] recursively; [rel] is "" at the top. */
static bool each_in_dir(const char *root, const char *rel, bool (*visit)(const char *, void *),
                        void *ctx, int depth)
{
    char path[4096 + MAX_NAME], child[MAX_NAME], name[MAX_NAME];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    DIR *dir = depth < 64 ? opendir(path) : NULL;
    if (!dir) return true;
    bool go_on = true;
    for (struct dirent *d; go_on && (d = readdir(dir));) {
        if (d->d_name[0] == '.') continue;
        int w = snprintf(child, sizeof child, "%s%s%s", rel, rel[0] ? "/" : "", d->d_name);
        if (w < 0 || (size_t)w >= sizeof child) continue;
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", root, child);
        if (stat(path, &st) != 0) continue;
        if (S_ISDIR(st.st_mode))
            go_on = each_in_dir(root, child, visit, ctx, depth + 1);
        else if (class_name_of(child, name, sizeof name))
            go_on = visit(name, ctx);
    }
    closedir(dir);
    return go_on;
}

/* A visitor of an image's classes that remembers whether it was told to stop. */
typedef struct image_visit {
    bool (*visit)(const char *, void *);
    void *ctx;
    bool stopped;
} image_visit;

static bool visit_image_class(const char *name, void *ctx)
{
    image_visit *v = ctx;
    v->stopped = !v->visit(name, v->ctx);
    return !v->stopped;
}

/* Visits the classes of [image]; a corrupt image ends its listing where it is corrupt. */
static bool each_in_image(const cf_jimage *image, bool (*visit)(const char *, void *), void *ctx)
{
    image_visit v = {visit, ctx, false};
    cf_error err;
    cf_jimage_each_class(image, visit_image_class, &v, &err);
    return !v.stopped;
}

bool cf_classpath_each_class(cf_classpath *cp, bool (*visit)(const char *name, void *ctx),
                             void *ctx)
{
    for (size_t i = 0; i < cp->count; i++) {
        cp_entry *e = &cp->entries[i];
        cf_error err;
        if (e->jar && open_own_jar(e, &err) != CF_OK) continue; /* gone: it lists nothing */
        bool go_on = e->image ? each_in_image(e->image, visit, ctx)
                     : e->jar ? each_in_jar(e->zip, visit, ctx)
                              : each_in_dir(e->path, "", visit, ctx, 0);
        if (!go_on) return false;
    }
    return true;
}
