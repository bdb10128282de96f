/* What this process has learnt of its jars and images: which jars passed libzip's consistency
 * check unchanged, one open handle of each such jar, and the class files read from them, as
 * bytes and as parsed classes. Every VM instance opens its class path anew (a check makes
 * several), and without this each of them checked every jar again (the check reads every local
 * header: a few thousand system calls for the model library), inflated every class again and
 * parsed it again (class loading was 40% of a small check), and read every jar's central
 * directory again (zip_open: a sixth of a small check's instructions); the instances read a jar
 * through its one handle, under the cache's lock. A parsed class is never changed after cf_parse,
 * so the instances share it, each with a hold (cf_class_free lets go). A file that changed on disk
 * (another identity, size or time) is a new file here. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>
#include <zip.h>

#include "internal.h"

enum { JARS = 16 };

/* A class file kept for the other VM instances: its bytes (jars only), its parsed class, or
 * both. */
typedef struct cached_class {
    uint64_t hash; /* of the entry's name */
    char *entry;
    uint8_t *data; /* NULL when only the parsed class is kept */
    size_t len;
    cf_class *parsed; /* a hold of the cache's own, or NULL */
} cached_class;

/* A jar that passed the consistency check, its shared handle, and the class files read from
 * it. */
typedef struct jar_record {
    cf_jar_id id;
    cached_class *classes;
    size_t count, capacity;
    zip_t *zip; /* the handle every VM instance reads it through, or NULL */
} jar_record;

/* The jars checked so far; past JARS the oldest record is replaced. */
static struct {
    pthread_mutex_t lock;
    jar_record jars[JARS];
    size_t added;
} cache = {PTHREAD_MUTEX_INITIALIZER, {{{0, 0, 0, 0, 0, 0, 0}, NULL, 0, 0, NULL}}, 0};

cf_jar_id cf_jar_id_of(const struct stat *st)
{
    return (cf_jar_id){st->st_dev,         st->st_ino,          st->st_size,
                       st->st_mtim.tv_sec, st->st_mtim.tv_nsec, st->st_ctim.tv_sec,
                       st->st_ctim.tv_nsec};
}

bool cf_jar_same(const cf_jar_id *a, const cf_jar_id *b)
{
    return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
           a->mtime_sec == b->mtime_sec && a->mtime_nsec == b->mtime_nsec &&
           a->ctime_sec == b->ctime_sec && a->ctime_nsec == b->ctime_nsec;
}

/* The record of jar [id]; NULL when it has none. Call with the lock held. */
static jar_record *record_of(const cf_jar_id *id)
{
    size_t n = cache.added < JARS ? cache.added : JARS;
    for (size_t i = 0; i < n; i++)
        if (cf_jar_same(&cache.jars[i].id, id)) return &cache.jars[i];
    return NULL;
}

/* FNV-1a of [s]. */
static uint64_t name_hash(const char *s)
{
    uint64_t h = 14695981039346656037ull;
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

bool cf_jar_checked(const cf_jar_id *id)
{
    pthread_mutex_lock(&cache.lock);
    bool found = record_of(id) != NULL;
    pthread_mutex_unlock(&cache.lock);
    return found;
}

/* Frees the classes of [r] (letting go of the parsed ones, which VM instances may still hold)
 * and empties it. */
static void forget(jar_record *r)
{
    for (size_t i = 0; i < r->count; i++) {
        base_free(r->classes[i].entry);
        base_free(r->classes[i].data);
        cf_class_free(r->classes[i].parsed);
    }
    base_free(r->classes);
    if (r->zip) zip_discard(r->zip);
    memset(r, 0, sizeof *r);
}

void cf_jar_note_checked(const cf_jar_id *id)
{
    pthread_mutex_lock(&cache.lock);
    if (!record_of(id)) {
        jar_record *r = &cache.jars[cache.added++ % JARS];
        forget(r);
        r->id = *id;
    }
    pthread_mutex_unlock(&cache.lock);
}

bool cf_jar_adopt(const cf_jar_id *id, zip_t *zip)
{
    pthread_mutex_lock(&cache.lock);
    jar_record *r = record_of(id);
    bool adopted = r && !r->zip;
    if (adopted) r->zip = zip;
    pthread_mutex_unlock(&cache.lock);
    return adopted;
}

bool cf_jar_shared(const cf_jar_id *id)
{
    pthread_mutex_lock(&cache.lock);
    const jar_record *r = record_of(id);
    bool shared = r && r->zip;
    pthread_mutex_unlock(&cache.lock);
    return shared;
}

bool cf_jar_read_shared(const cf_jar_id *id, const char *path, const char *entry, uint8_t **data,
                        size_t *len, cf_error *err, cf_status *status)
{
    pthread_mutex_lock(&cache.lock);
    const jar_record *r = record_of(id);
    bool shared = r && r->zip;
    if (shared) *status = cf_zip_read(r->zip, path, entry, data, len, err);
    pthread_mutex_unlock(&cache.lock);
    return shared;
}

/* The kept class file [entry] of [r]; NULL when none. Call with the lock held. */
static cached_class *kept(jar_record *r, const char *entry)
{
    uint64_t h = name_hash(entry);
    for (size_t i = 0; r && i < r->count; i++)
        if (r->classes[i].hash == h && !strcmp(r->classes[i].entry, entry)) return &r->classes[i];
    return NULL;
}

bool cf_jar_cached_class(const cf_jar_id *id, const char *entry, uint8_t **data, size_t *len)
{
    bool found = false;
    pthread_mutex_lock(&cache.lock);
    const cached_class *c = kept(record_of(id), entry);
    if (c && c->data) {
        *data = base_malloc(c->len + 1);
        found = *data != NULL; /* if not, the caller reads the jar, and fails there */
        if (found) memcpy(*data, c->data, c->len);
        if (found) *len = c->len;
    }
    pthread_mutex_unlock(&cache.lock);
    return found;
}

/* The kept class file [entry] of [r], appended empty if there was none; NULL when out of
 * memory. Call with the lock held. */
static cached_class *keep(jar_record *r, const char *entry)
{
    cached_class *c = kept(r, entry);
    if (c) return c;
    if (!base_array_reserve(&r->classes, &r->capacity, r->count + 1, sizeof *r->classes))
        return NULL;
    size_t n = strlen(entry) + 1;
    char *name = base_malloc(n);
    if (!name) return NULL;
    memcpy(name, entry, n);
    c = &r->classes[r->count++];
    *c = (cached_class){name_hash(entry), name, NULL, 0, NULL};
    return c;
}

void cf_jar_cache_class(const cf_jar_id *id, const char *entry, const uint8_t *data, size_t len)
{
    pthread_mutex_lock(&cache.lock);
    jar_record *r = record_of(id);
    cached_class *c = r ? keep(r, entry) : NULL;
    if (c && !c->data && (c->data = base_malloc(len ? len : 1))) {
        memcpy(c->data, data, len);
        c->len = len;
    }
    pthread_mutex_unlock(&cache.lock);
}

cf_class *cf_jar_cached_parse(const cf_jar_id *id, const char *entry)
{
    pthread_mutex_lock(&cache.lock);
    const cached_class *c = kept(record_of(id), entry);
    cf_class *cls = c ? c->parsed : NULL;
    if (cls) atomic_fetch_add_explicit(&cls->refs, 1, memory_order_relaxed);
    pthread_mutex_unlock(&cache.lock);
    return cls;
}

void cf_jar_cache_parse(const cf_jar_id *id, const char *entry, cf_class *cls)
{
    pthread_mutex_lock(&cache.lock);
    jar_record *r = record_of(id);
    cached_class *c = r ? keep(r, entry) : NULL;
    if (c && !c->parsed) {
        atomic_fetch_add_explicit(&cls->refs, 1, memory_order_relaxed);
        c->parsed = cls;
    }
    pthread_mutex_unlock(&cache.lock);
}
