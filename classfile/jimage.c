/* The JDK run-time image (lib/modules): a memory-mapped reader with O(1) lookups.
 *
 * Layout: a 28-byte header (magic 0xCAFEDADA, version 1.0, flags, resource count, table length,
 * locations size, strings size, each a u4 in the image's byte order), then a redirect table and
 * an offsets table of [table length] u4s each, the location attributes, the strings, and the
 * resources. A name hashes (FNV-style, seed 0x01000193) to a redirect slot that gives the slot
 * of its offset (directly, or through a second hash with the redirect value as seed); the
 * offset leads to the location's attributes, whose name parts are compared with the name. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

/* The first u4 of every image. */
#define IMAGE_MAGIC UINT32_C(0xCAFEDADA)

enum {
    IMAGE_MAJOR = 1,
    HEADER_SIZE = 7 * 4,
    HASH_SEED = 0x01000193,
    MAX_NAME = 4096,
};

/* The attribute kinds of a location; each is stored as a byte (kind << 3 | length - 1) and then
 * [length] big-endian value bytes; END closes the list. */
typedef enum attr_kind {
    ATTR_END,
    ATTR_MODULE,       /* string offset of the module name */
    ATTR_PARENT,       /* string offset of the directory part */
    ATTR_BASE,         /* string offset of the file name without extension */
    ATTR_EXTENSION,    /* string offset of the extension */
    ATTR_OFFSET,       /* offset of the bytes, from the end of the index */
    ATTR_COMPRESSED,   /* compressed size, 0 when stored plain */
    ATTR_UNCOMPRESSED, /* size of the bytes */
    ATTR_COUNT
} attr_kind;

/* The decoded attributes of one location. */
typedef struct location {
    uint64_t attr[ATTR_COUNT];
} location;

struct cf_jimage {
    char *path;
    const uint8_t *map; /* the whole file */
    size_t size;
    bool big_endian;
    uint32_t table_length, locations_size, strings_size;
    const uint8_t *redirect, *offsets, *locations, *strings;
    size_t index_size; /* header and tables: the resources start here */
};

/* Reads the u4 at [p] in the image's byte order. */
static uint32_t image_u4(const cf_jimage *img, const uint8_t *p)
{
    if (img->big_endian)
        return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* Hashes the bytes of [s] from [seed] as the image's tables do. */
static uint32_t name_hash(const char *s, uint32_t seed)
{
    uint32_t h = seed;
    for (; *s; s++) h = (h * HASH_SEED) ^ (uint8_t)*s;
    return h & 0x7FFFFFFFu;
}

bool cf_jimage_is_image(const char *path)
{
    uint8_t magic[4];
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    bool read = fread(magic, 1, 4, f) == 4;
    fclose(f);
    uint32_t le = (uint32_t)magic[3] << 24 | (uint32_t)magic[2] << 16 | magic[1] << 8 | magic[0];
    uint32_t be = (uint32_t)magic[0] << 24 | (uint32_t)magic[1] << 16 | magic[2] << 8 | magic[3];
    return read && (le == IMAGE_MAGIC || be == IMAGE_MAGIC);
}

/* ---- Opening ---------------------------------------------------------------------------------
 */

/* Checks the header of the mapped [img] and locates its tables. */
static cf_status check_header(cf_jimage *img, cf_error *err)
{
    const uint8_t *h = img->map;
    if (img->size < HEADER_SIZE)
        return cf_fail(err, CF_ERR_IMAGE, "%s: %zu bytes is shorter than a jimage header",
                       img->path, img->size);
    img->big_endian = h[0] == 0xCA;
    if (image_u4(img, h) != IMAGE_MAGIC)
        return cf_fail(err, CF_ERR_MAGIC, "%s: not a jimage (no 0xCAFEDADA magic)", img->path);
    uint32_t version = image_u4(img, h + 4);
    if (version >> 16 != IMAGE_MAJOR)
        return cf_fail(err, CF_ERR_VERSION, "%s: jimage version %u.%u is not supported (1.x)",
                       img->path, version >> 16, version & 0xFFFF);
    img->table_length = image_u4(img, h + 16);
    img->locations_size = image_u4(img, h + 20);
    img->strings_size = image_u4(img, h + 24);
    uint64_t index = (uint64_t)HEADER_SIZE + (uint64_t)img->table_length * 8 + img->locations_size +
                     img->strings_size;
    if (index > img->size)
        return cf_fail(err, CF_ERR_IMAGE,
                       "%s: truncated: the header announces %llu bytes of tables, the file has "
                       "%zu bytes",
                       img->path, (unsigned long long)index, img->size);
    img->redirect = h + HEADER_SIZE;
    img->offsets = img->redirect + (size_t)img->table_length * 4;
    img->locations = img->offsets + (size_t)img->table_length * 4;
    img->strings = img->locations + img->locations_size;
    img->index_size = (size_t)index;
    return CF_OK;
}

/* Maps file [fd] of [img] read-only. */
static cf_status map_file(cf_jimage *img, int fd, cf_error *err)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return cf_fail(err, CF_ERR_IO, "%s: not a regular file", img->path);
    img->size = (size_t)st.st_size;
    if (img->size == 0) return cf_fail(err, CF_ERR_IMAGE, "%s: empty file", img->path);
    void *map = mmap(NULL, img->size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED)
        return cf_fail(err, CF_ERR_IO, "%s: mmap: %s", img->path, strerror(errno));
    img->map = map;
    return CF_OK;
}

cf_status cf_jimage_open(const char *path, cf_jimage **out, cf_error *err)
{
    *out = NULL;
    cf_jimage *img = base_calloc(1, sizeof *img);
    size_t n = strlen(path) + 1;
    if (img) img->path = base_malloc(n);
    if (!img || !img->path) {
        base_free(img);
        return cf_fail(err, CF_ERR_NOMEM, "%s: out of memory opening the image", path);
    }
    memcpy(img->path, path, n);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        cf_fail(err, errno == ENOENT ? CF_ERR_NOT_FOUND : CF_ERR_IO, "%s: %s", path,
                strerror(errno));
        cf_jimage_close(img);
        return err->status;
    }
    cf_status s = map_file(img, fd, err);
    close(fd);
    if (s == CF_OK) s = check_header(img, err);
    if (s != CF_OK) {
        cf_jimage_close(img);
        return s;
    }
    *out = img;
    return CF_OK;
}

const char *cf_jimage_path(const cf_jimage *img)
{
    return img->path;
}

void cf_jimage_close(cf_jimage *img)
{
    if (!img) return;
    if (img->map) munmap((void *)img->map, img->size);
    base_free(img->path);
    base_free(img);
}

/* ---- Locations --------------------------------------------------------------------------------
 */

/* Points [*out] at the NUL-terminated string at [offset] of the strings table. */
static cf_status image_string(const cf_jimage *img, uint64_t offset, const char **out,
                              cf_error *err)
{
    if (offset >= img->strings_size ||
        !memchr(img->strings + offset, '\0', img->strings_size - (size_t)offset))
        return cf_fail(err, CF_ERR_IMAGE, "%s: corrupt string offset %llu (table of %u bytes)",
                       img->path, (unsigned long long)offset, img->strings_size);
    *out = (const char *)img->strings + offset;
    return CF_OK;
}

/* Decodes the attributes at [offset] of the locations table into [loc]. */
static cf_status decode_location(const cf_jimage *img, uint32_t offset, location *loc,
                                 cf_error *err)
{
    memset(loc, 0, sizeof *loc);
    for (size_t pos = offset; pos < img->locations_size;) {
        uint8_t head = img->locations[pos++];
        unsigned kind = head >> 3, len = (head & 7u) + 1;
        if (kind == ATTR_END) return CF_OK;
        if (kind >= ATTR_COUNT || len > img->locations_size - pos) break;
        uint64_t value = 0;
        for (unsigned i = 0; i < len; i++) value = value << 8 | img->locations[pos++];
        loc->attr[kind] = value;
    }
    return cf_fail(err, CF_ERR_IMAGE, "%s: corrupt location at offset %u of the locations table",
                   img->path, offset);
}

/* The name parts of a location, as strings of the image. */
typedef struct location_names {
    const char *module, *parent, *base, *extension;
} location_names;

static cf_status location_strings(const cf_jimage *img, const location *loc, location_names *out,
                                  cf_error *err)
{
    if (image_string(img, loc->attr[ATTR_MODULE], &out->module, err) != CF_OK ||
        image_string(img, loc->attr[ATTR_PARENT], &out->parent, err) != CF_OK ||
        image_string(img, loc->attr[ATTR_BASE], &out->base, err) != CF_OK ||
        image_string(img, loc->attr[ATTR_EXTENSION], &out->extension, err) != CF_OK)
        return err->status;
    return CF_OK;
}

/* True when [name] is "/module/parent/base.extension" (empty parts and their separators left
 * out) for [parts]. */
static bool name_matches(const char *name, const location_names *parts)
{
    const char *p = name;
    if (parts->module[0]) {
        size_t n = strlen(parts->module);
        if (*p++ != '/' || strncmp(p, parts->module, n) || p[n] != '/') return false;
        p += n + 1;
    }
    if (parts->parent[0]) {
        size_t n = strlen(parts->parent);
        if (strncmp(p, parts->parent, n) || p[n] != '/') return false;
        p += n + 1;
    }
    size_t n = strlen(parts->base);
    if (strncmp(p, parts->base, n)) return false;
    p += n;
    if (parts->extension[0]) {
        if (*p++ != '.') return false;
        n = strlen(parts->extension);
        if (strncmp(p, parts->extension, n)) return false;
        p += n;
    }
    return *p == '\0';
}

/* Reads the location at slot [index] of the offsets table into [loc] and [names]. */
static cf_status slot_location(const cf_jimage *img, uint32_t index, location *loc,
                               location_names *names, cf_error *err)
{
    uint32_t offset = image_u4(img, img->offsets + (size_t)index * 4);
    if (offset >= img->locations_size)
        return cf_fail(err, CF_ERR_IMAGE, "%s: corrupt offset %u in slot %u", img->path, offset,
                       index);
    if (decode_location(img, offset, loc, err) != CF_OK) return err->status;
    return location_strings(img, loc, names, err);
}

/* Finds the location of resource [name] through the redirect and offsets tables. */
static cf_status find_location(const cf_jimage *img, const char *name, location *loc,
                               location_names *names, cf_error *err)
{
    uint32_t n = img->table_length;
    if (n == 0) return cf_fail(err, CF_ERR_NOT_FOUND, "%s: no %s (empty image)", img->path, name);
    uint32_t slot = name_hash(name, HASH_SEED) % n;
    int32_t redirect = (int32_t)image_u4(img, img->redirect + (size_t)slot * 4);
    uint64_t index;
    if (redirect < 0)
        index = (uint64_t)(-1 - (int64_t)redirect);
    else if (redirect > 0)
        index = name_hash(name, (uint32_t)redirect) % n;
    else
        return cf_fail(err, CF_ERR_NOT_FOUND, "%s: no %s", img->path, name);
    if (index >= n)
        return cf_fail(err, CF_ERR_IMAGE, "%s: corrupt redirect %d in slot %u", img->path, redirect,
                       slot);
    if (slot_location(img, (uint32_t)index, loc, names, err) != CF_OK) return err->status;
    if (!name_matches(name, names))
        return cf_fail(err, CF_ERR_NOT_FOUND, "%s: no %s", img->path, name);
    return CF_OK;
}

/* Points [out] at the bytes of [loc]; [what] names the resource for messages. */
static cf_status location_bytes(const cf_jimage *img, const location *loc, const char *what,
                                cf_jimage_resource *out, cf_error *err)
{
    if (loc->attr[ATTR_COMPRESSED] != 0)
        return cf_fail(err, CF_ERR_IMAGE, "%s: compressed resources are not supported (%s)",
                       img->path, what);
    uint64_t offset = loc->attr[ATTR_OFFSET], len = loc->attr[ATTR_UNCOMPRESSED];
    uint64_t room = img->size - img->index_size;
    if (offset > room || len > room - offset)
        return cf_fail(err, CF_ERR_IMAGE,
                       "%s: %s: %llu bytes at offset %llu lie past the end of the file", img->path,
                       what, (unsigned long long)len,
                       (unsigned long long)(img->index_size + offset));
    out->data = img->map + img->index_size + offset;
    out->len = (size_t)len;
    return CF_OK;
}

cf_status cf_jimage_read(const cf_jimage *img, const char *name, cf_jimage_resource *out,
                         cf_error *err)
{
    location loc;
    location_names names;
    *out = (cf_jimage_resource){NULL, 0, ""};
    if (find_location(img, name, &loc, &names, err) != CF_OK) return err->status;
    if (location_bytes(img, &loc, name, out, err) != CF_OK) return err->status;
    out->module = names.module;
    return CF_OK;
}

/* ---- Classes ----------------------------------------------------------------------------------
 */

/* Finds the module holding package [package] (java.util) from resource /packages/[package]: a
 * list of (is-empty, module-name offset) u4 pairs; the first non-empty module wins. */
static cf_status package_module(const cf_jimage *img, const char *package, const char **module,
                                cf_error *err)
{
    char path[MAX_NAME + 16];
    snprintf(path, sizeof path, "/packages/%s", package);
    cf_jimage_resource list;
    if (cf_jimage_read(img, path, &list, err) != CF_OK) return err->status;
    for (size_t i = 0; i + 8 <= list.len; i += 8) {
        if (image_u4(img, list.data + i) != 0) continue;
        return image_string(img, image_u4(img, list.data + i + 4), module, err);
    }
    return cf_fail(err, CF_ERR_NOT_FOUND, "%s: package %s has no classes", img->path, package);
}

cf_status cf_jimage_read_class(const cf_jimage *img, const char *name, cf_jimage_resource *out,
                               cf_error *err)
{
    *out = (cf_jimage_resource){NULL, 0, ""};
    const char *slash = strrchr(name, '/');
    size_t n = strlen(name);
    if (!slash || n >= MAX_NAME || name[0] == '/')
        return cf_fail(err, CF_ERR_NOT_FOUND, "%s: no class %s", img->path, name);
    char package[MAX_NAME];
    memcpy(package, name, (size_t)(slash - name));
    package[slash - name] = '\0';
    for (char *c = package; *c; c++)
        if (*c == '/') *c = '.';
    const char *module = NULL;
    cf_status s = package_module(img, package, &module, err);
    if (s == CF_ERR_NOT_FOUND)
        return cf_fail(err, s, "%s: no class %s (no package %s)", img->path, name, package);
    if (s != CF_OK) return s;
    char path[2 * MAX_NAME + 16];
    snprintf(path, sizeof path, "/%s/%s.class", module, name);
    location loc;
    location_names names;
    s = find_location(img, path, &loc, &names, err);
    if (s == CF_ERR_NOT_FOUND) return cf_fail(err, s, "%s: no class %s", img->path, name);
    if (s != CF_OK || location_bytes(img, &loc, name, out, err) != CF_OK) return err->status;
    out->module = names.module;
    return CF_OK;
}

/* True when [names] is a class file of a module other than module-info. */
static bool is_class(const location_names *names)
{
    return names->module[0] && strcmp(names->module, "modules") &&
           strcmp(names->module, "packages") && !strcmp(names->extension, "class") &&
           strcmp(names->base, "module-info");
}

cf_status cf_jimage_each_class(const cf_jimage *img, bool (*visit)(const char *name, void *ctx),
                               void *ctx, cf_error *err)
{
    char name[2 * MAX_NAME];
    for (uint32_t i = 0; i < img->table_length; i++) {
        location loc;
        location_names names;
        if (slot_location(img, i, &loc, &names, err) != CF_OK) return err->status;
        if (!is_class(&names)) continue;
        int w = snprintf(name, sizeof name, "%s%s%s", names.parent, names.parent[0] ? "/" : "",
                         names.base);
        if (w < 0 || (size_t)w >= sizeof name)
            return cf_fail(err, CF_ERR_IMAGE, "%s: class name too long in slot %u", img->path, i);
        if (!visit(name, ctx)) return CF_OK;
    }
    return CF_OK;
}
