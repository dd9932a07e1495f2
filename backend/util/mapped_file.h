// A file mapped read-only into memory: its text without a copy, and a way to give back the pages a
// reader is done with (a 600 MB snapshot then never counts in full toward the process's memory).
// Move-only; the text is valid while the MappedFile lives.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "util/status.h"

namespace pilothouse {

class MappedFile {
public:
    // Errors name the path, in kubectl's words for a missing file.
    static StatusOr<MappedFile> open(const std::string& path);

    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&& other) noexcept;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    ~MappedFile();

    std::string_view text() const { return {data_, size_}; }
    // The pages wholly inside [from, to) leave this process's memory; reading them again reads the
    // file again (from the page cache), so this is only a hint. Several readers of one file (the
    // parts of a List) may call it at once.
    void release(size_t from, size_t to) const;

private:
    MappedFile(const char* data, size_t size) : data_(data), size_(size) {}
    const char* data_ = nullptr;
    size_t size_ = 0;
};

}  // namespace pilothouse
