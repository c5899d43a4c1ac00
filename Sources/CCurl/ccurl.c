#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// libcurl's option and info numbers (curl/curl.h, stable across libcurl 7 and 8).
enum {
    OPT_WRITEDATA = 10001,
    OPT_URL = 10002,
    OPT_POSTFIELDS = 10015,
    OPT_HTTPHEADER = 10023,
    OPT_HEADERDATA = 10029,
    OPT_XFERINFODATA = 10057,
    OPT_ACCEPT_ENCODING = 10102,
    OPT_WRITEFUNCTION = 20011,
    OPT_HEADERFUNCTION = 20079,
    OPT_XFERINFOFUNCTION = 20219,
    OPT_NOPROGRESS = 43,
    OPT_FOLLOWLOCATION = 52,
    OPT_POSTFIELDSIZE = 60,
    OPT_HTTPGET = 80,
    OPT_NOSIGNAL = 99,
    OPT_TIMEOUT_MS = 155,
    INFO_RESPONSE_CODE = 0x200000 + 2,
    GLOBAL_DEFAULT = 3,
};

struct slist;

static struct {
    void *(*easy_init)(void);
    int (*easy_setopt)(void *, int, ...);
    int (*easy_perform)(void *);
    int (*easy_getinfo)(void *, int, ...);
    void (*easy_cleanup)(void *);
    const char *(*easy_strerror)(int);
    struct slist *(*slist_append)(struct slist *, const char *);
    void (*slist_free_all)(struct slist *);
    int (*global_init)(long);
    const char *load_error;
} curl;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    // libcurl.so.4 is what FoundationNetworking uses; Debian's GnuTLS build is the fallback.
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libcurl-gnutls.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        curl.load_error = "libcurl (libcurl.so.4) could not be loaded; install libcurl4";
        return;
    }
#define RESOLVE(field, name)                                                 \
    *(void **)(&curl.field) = dlsym(library, name);                          \
    if (!curl.field) {                                                       \
        curl.load_error = "libcurl is missing " name;                        \
        return;                                                              \
    }
    RESOLVE(easy_init, "curl_easy_init")
    RESOLVE(easy_setopt, "curl_easy_setopt")
    RESOLVE(easy_perform, "curl_easy_perform")
    RESOLVE(easy_getinfo, "curl_easy_getinfo")
    RESOLVE(easy_cleanup, "curl_easy_cleanup")
    RESOLVE(easy_strerror, "curl_easy_strerror")
    RESOLVE(slist_append, "curl_slist_append")
    RESOLVE(slist_free_all, "curl_slist_free_all")
    RESOLVE(global_init, "curl_global_init")
#undef RESOLVE
    if (curl.global_init(GLOBAL_DEFAULT) != 0) curl.load_error = "curl_global_init failed";
}

struct buffer {
    char *bytes;
    size_t length;
    size_t capacity;
    int failed;
};

static size_t append(char *data, size_t size, size_t count, void *context) {
    struct buffer *buffer = context;
    size_t length = size * count;
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->length + length) capacity *= 2;
        char *grown = realloc(buffer->bytes, capacity);
        if (!grown) {
            buffer->failed = 1;
            return 0;  // libcurl stops with a write error
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, data, length);
    buffer->length += length;
    return length;
}

static int progress(void *context, long long total, long long now, long long up_total, long long up_now) {
    (void)total, (void)now, (void)up_total, (void)up_now;
    return __atomic_load_n((int *)context, __ATOMIC_RELAXED) != 0;
}

void ccurl_cancel(int *cancelled) { __atomic_store_n(cancelled, 1, __ATOMIC_RELAXED); }

int ccurl_cancel_is_set(int *cancelled) { return __atomic_load_n(cancelled, __ATOMIC_RELAXED); }

ccurl_result ccurl_get(
    const char *url, const char *const *headers, size_t header_count, long timeout_ms, int *cancelled) {
    return ccurl_send(url, headers, header_count, NULL, 0, timeout_ms, cancelled);
}

ccurl_result ccurl_send(
    const char *url, const char *const *headers, size_t header_count, const char *post_body,
    size_t post_length, long timeout_ms, int *cancelled) {
    ccurl_result result = {0};
    pthread_once(&loaded, load);
    if (curl.load_error) {
        result.error = -1;
        result.message = curl.load_error;
        return result;
    }
    void *handle = curl.easy_init();
    if (!handle) {
        result.error = -1;
        result.message = "curl_easy_init failed";
        return result;
    }
    struct slist *list = NULL;
    for (size_t index = 0; index < header_count; index++) list = curl.slist_append(list, headers[index]);
    struct buffer body = {0}, head = {0};
    curl.easy_setopt(handle, OPT_URL, url);
    if (post_body) {
        // libcurl sends the bytes as they are (no copy: they outlive the transfer).
        curl.easy_setopt(handle, OPT_POSTFIELDSIZE, (long)post_length);
        curl.easy_setopt(handle, OPT_POSTFIELDS, post_body);
    } else {
        curl.easy_setopt(handle, OPT_HTTPGET, 1L);
    }
    curl.easy_setopt(handle, OPT_HTTPHEADER, list);
    curl.easy_setopt(handle, OPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, append);
    curl.easy_setopt(handle, OPT_WRITEDATA, &body);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, append);
    curl.easy_setopt(handle, OPT_HEADERDATA, &head);
    curl.easy_setopt(handle, OPT_NOPROGRESS, 0L);
    curl.easy_setopt(handle, OPT_XFERINFOFUNCTION, progress);
    curl.easy_setopt(handle, OPT_XFERINFODATA, cancelled);
    int code = curl.easy_perform(handle);
    if (code == 0) {
        curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &result.status);
    } else {
        result.error = code;
        result.message = (body.failed || head.failed) ? "out of memory" : curl.easy_strerror(code);
    }
    curl.easy_cleanup(handle);
    curl.slist_free_all(list);
    result.body = (unsigned char *)body.bytes;
    result.body_length = body.length;
    result.headers = head.bytes;
    result.headers_length = head.length;
    return result;
}

void ccurl_result_free(ccurl_result *result) {
    free(result->body);
    free(result->headers);
    result->body = NULL;
    result->headers = NULL;
}
