#include "util/base64.h"

#include <openssl/evp.h>

#include <vector>

namespace pilothouse::util {

std::string base64Encode(std::string_view data) {
    std::vector<unsigned char> out(4 * ((data.size() + 2) / 3) + 1);
    const int n = EVP_EncodeBlock(out.data(), reinterpret_cast<const unsigned char*>(data.data()), int(data.size()));
    return std::string(reinterpret_cast<const char*>(out.data()), size_t(n));
}

StatusOr<std::string> base64Decode(std::string_view text) {
    // Go's decoder skips line breaks; everything else must be the alphabet, then padding.
    std::string clean;
    clean.reserve(text.size());
    size_t padding = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\r' || c == '\n') continue;
        const bool alphabet = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
        if (c == '=') {
            ++padding;
        } else if (!alphabet || padding > 0) {
            return Status(StatusCode::InvalidArgument, "illegal base64 data at input byte " + std::to_string(i));
        }
        clean += c;
    }
    if (clean.size() % 4 != 0 || padding > 2)
        return Status(StatusCode::InvalidArgument, "illegal base64 data at input byte " + std::to_string(text.size()));
    std::vector<unsigned char> out(clean.size() / 4 * 3 + 1);
    const int n = EVP_DecodeBlock(out.data(), reinterpret_cast<const unsigned char*>(clean.data()), int(clean.size()));
    if (n < 0) return Status(StatusCode::InvalidArgument, "illegal base64 data at input byte 0");
    return std::string(reinterpret_cast<const char*>(out.data()), size_t(n) - padding);
}

}  // namespace pilothouse::util
