#include "client/auth/exec/look_path.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>

#include "client/clientcmd/go_path.h"

namespace pilothouse::client::auth::exec {

namespace {

// findExecutable: exists, is not a directory, and we may execute it.
bool isExecutable(const std::string& path) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0 || S_ISDIR(st.st_mode))
        return false;
    if (::faccessat(AT_FDCWD, path.c_str(), X_OK, AT_EACCESS) == 0)
        return true;
    // Where the kernel cannot answer, the mode bits do.
    if (errno == ENOSYS || errno == EPERM)
        return (st.st_mode & 0111) != 0;
    return false;
}

}  // namespace

std::optional<std::string> lookPath(std::string_view file, std::string_view searchPath) {
    namespace gopath = clientcmd::gopath;
    for (const std::string& entry : gopath::splitList(searchPath)) {
        const std::string dir = entry.empty() ? "." : entry;
        const std::string candidate = gopath::join({dir, file});
        if (!isExecutable(candidate))
            continue;
        if (!gopath::isAbs(candidate))
            return std::nullopt;  // ErrDot
        return candidate;
    }
    return std::nullopt;
}

}  // namespace pilothouse::client::auth::exec
