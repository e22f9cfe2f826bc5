// Three system calls Node does not expose, which `wiki build` needs to keep the output folder whole:
// renameat2(RENAME_EXCHANGE) swaps the new site and the old one in one step (two renames leave a moment with no
// folder), flock() holds a lock the kernel releases when the process dies (a pid file outlives a kill -9), and
// prctl(PR_SET_PDEATHSIG) ends a build's child process the moment its parent is killed.
// No npm package provides them, so they are written here against Node-API (stable across Node versions).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifdef __linux__
#include <signal.h>
#include <sys/prctl.h>
#endif
#include <node_api.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static napi_value throw_errno(napi_env env, const char *syscall_name, int error) {
  char message[256];
  snprintf(message, sizeof message, "%s: %s", syscall_name, strerror(error));
  napi_value code, text, exception;
  napi_create_string_utf8(env, message, NAPI_AUTO_LENGTH, &text);
  napi_create_error(env, NULL, text, &exception);
  napi_create_int32(env, error, &code);
  napi_set_named_property(env, exception, "errno", code);
  napi_throw(env, exception);
  return NULL;
}

static int read_path(napi_env env, napi_value value, char *buffer, size_t size) {
  size_t length = 0;
  if (napi_get_value_string_utf8(env, value, buffer, size, &length) != napi_ok) return 0;
  return length < size - 1;
}

// exchange(a, b): atomically swaps two existing paths (both must be on one file system).
static napi_value exchange(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  char a[4096], b[4096];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 2 || !read_path(env, argv[0], a, sizeof a) || !read_path(env, argv[1], b, sizeof b)) {
    napi_throw_type_error(env, NULL, "exchange(a, b) takes two paths");
    return NULL;
  }
#ifdef SYS_renameat2
  if (syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) != 0) return throw_errno(env, "renameat2", errno);
  return NULL;
#else
  return throw_errno(env, "renameat2", ENOSYS);
#endif
}

// tryLock(fd): takes an exclusive lock on an open file without waiting; false when another process holds it.
static napi_value try_lock(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1], result;
  int32_t fd = -1;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 1 || napi_get_value_int32(env, argv[0], &fd) != napi_ok) {
    napi_throw_type_error(env, NULL, "tryLock(fd) takes a file descriptor");
    return NULL;
  }
  int locked = flock(fd, LOCK_EX | LOCK_NB) == 0;
  if (!locked && errno != EWOULDBLOCK) return throw_errno(env, "flock", errno);
  napi_get_boolean(env, locked, &result);
  return result;
}

// dieWithParent(parentPid): the kernel kills this process when its parent dies; false where it cannot (not Linux,
// or the parent is already gone).
static napi_value die_with_parent(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1], result;
  int32_t parent = 0;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 1 || napi_get_value_int32(env, argv[0], &parent) != napi_ok) {
    napi_throw_type_error(env, NULL, "dieWithParent(parentPid) takes a process id");
    return NULL;
  }
  int armed = 0;
#ifdef __linux__
  // The parent may have died before the signal was armed: then this process has another parent already.
  armed = prctl(PR_SET_PDEATHSIG, SIGKILL) == 0 && getppid() == parent;
#endif
  napi_get_boolean(env, armed, &result);
  return result;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_value fn;
  napi_create_function(env, "exchange", NAPI_AUTO_LENGTH, exchange, NULL, &fn);
  napi_set_named_property(env, exports, "exchange", fn);
  napi_create_function(env, "tryLock", NAPI_AUTO_LENGTH, try_lock, NULL, &fn);
  napi_set_named_property(env, exports, "tryLock", fn);
  napi_create_function(env, "dieWithParent", NAPI_AUTO_LENGTH, die_with_parent, NULL, &fn);
  napi_set_named_property(env, exports, "dieWithParent", fn);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
