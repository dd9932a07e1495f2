#include "util/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace pilothouse {

StatusOr<MappedFile> MappedFile::open(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT) return Status(StatusCode::NotFound, "the path \"" + path + "\" does not exist");
        return Status(StatusCode::PermissionDenied, "error reading \"" + path + "\": " + std::strerror(errno));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        const int err = errno;
        ::close(fd);
        if (S_ISDIR(st.st_mode)) return Status(StatusCode::InvalidArgument, "error reading \"" + path + "\": is a directory");
        return Status(StatusCode::InvalidArgument, "error reading \"" + path + "\": " + std::strerror(err ? err : EINVAL));
    }
    if (st.st_size == 0) {
        ::close(fd);
        return MappedFile(nullptr, 0);
    }
    void* addr = ::mmap(nullptr, size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    const int err = errno;
    ::close(fd);
    if (addr == MAP_FAILED) return Status(StatusCode::DataLoss, "error reading \"" + path + "\": " + std::strerror(err));
    ::madvise(addr, size_t(st.st_size), MADV_SEQUENTIAL);
    return MappedFile(static_cast<const char*>(addr), size_t(st.st_size));
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
    if (this != &other) {
        if (data_) ::munmap(const_cast<char*>(data_), size_);
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

MappedFile::~MappedFile() {
    if (data_) ::munmap(const_cast<char*>(data_), size_);
}

void MappedFile::release(size_t from, size_t to) const {
    static const size_t page = size_t(::sysconf(_SC_PAGESIZE));
    const size_t begin = (from + page - 1) / page * page;
    const size_t end = std::min(to, size_) / page * page;
    if (!data_ || end <= begin) return;
    ::madvise(const_cast<char*>(data_) + begin, end - begin, MADV_DONTNEED);
}

}  // namespace pilothouse
