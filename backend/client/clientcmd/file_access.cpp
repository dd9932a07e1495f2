#include "client/clientcmd/file_access.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "client/clientcmd/go_text.h"

namespace pilothouse::client::clientcmd {

namespace {

Status pathError(const char* op, const std::string& path, int err) {
    const StatusCode code = err == ENOENT                   ? StatusCode::NotFound
                            : err == EACCES || err == EPERM ? StatusCode::PermissionDenied
                                                            : StatusCode::FailedPrecondition;
    return Status(code, goPathError(op, path, err));
}

}  // namespace

StatusOr<std::string> readFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return pathError("open", path, errno);
    std::string data;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const int err = errno;
            ::close(fd);
            return pathError("read", path, err);
        }
        if (n == 0)
            break;
        data.append(buf, size_t(n));
    }
    ::close(fd);
    return data;
}

Status openFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return pathError("open", path, errno);
    ::close(fd);
    return {};
}

Status statFile(const std::string& path) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0)
        return pathError("stat", path, errno);
    return {};
}

}  // namespace pilothouse::client::clientcmd
