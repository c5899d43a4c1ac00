// CCurl: one HTTP GET (or, for serve's admin API, a POST) through libcurl, loaded with dlopen on first use.
//
// Linking libcurl (or FoundationNetworking, which links it) maps libcurl and its TLS, Kerberos
// and LDAP libraries into every run of the workbench, about 6.7 MB resident, although only
// `workbench record` talks to a network. Loading it when the first request is sent keeps that
// out of simulations. The few libcurl entry points and constants used are declared here (they
// are libcurl's stable ABI), so building needs no curl headers.
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>

/// What a GET brought back. The buffers are malloc'd; free them with `ccurl_result_free`.
typedef struct {
    /// 0 when a response arrived; else libcurl's error code (28 a timeout, 42 cancelled), or -1
    /// when libcurl could not be loaded.
    int error;
    /// The HTTP status, when a response arrived.
    long status;
    /// Every header line received, `\r\n`-terminated, status lines included (one block per
    /// response, when a redirect was followed).
    char *headers;
    size_t headers_length;
    /// The body, decoded from any content encoding.
    unsigned char *body;
    size_t body_length;
    /// Why it failed, when `error` is not 0 (a static string).
    const char *message;
} ccurl_result;

/// Sends a GET and waits for the whole response.
///
/// - url: the URL, NUL-terminated.
/// - headers: `Name: value` lines, NUL-terminated, `header_count` of them.
/// - timeout_ms: the longest the exchange may take, connection included (> 0).
/// - cancelled: read (atomically) while the transfer runs; set by `ccurl_cancel`, it stops the
///   transfer (error 42).
ccurl_result ccurl_get(
    const char *url, const char *const *headers, size_t header_count, long timeout_ms, int *cancelled);

/// Sends a POST of `post_body` (`post_length` bytes), or a GET when it is NULL, and waits for
/// the whole response; otherwise as `ccurl_get`. (`workbench live` posts only to `workbench
/// serve`'s admin API, to align its clock.)
ccurl_result ccurl_send(
    const char *url, const char *const *headers, size_t header_count, const char *post_body,
    size_t post_length, long timeout_ms, int *cancelled);

/// Sets a flag `ccurl_get` reads, from any thread.
void ccurl_cancel(int *cancelled);

/// Whether the flag is set.
int ccurl_cancel_is_set(int *cancelled);

/// Frees a result's buffers.
void ccurl_result_free(ccurl_result *result);

#endif
