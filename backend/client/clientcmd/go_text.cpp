#include "client/clientcmd/go_text.h"

#include <cctype>
#include <cstdio>
#include <cstring>

namespace pilothouse::client::clientcmd {

namespace {

// Length of the valid UTF-8 sequence starting at s[i] (2-4), or 0 when it is not one.
size_t utf8Sequence(std::string_view s, size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    if (n == 0 || i + n > s.size())
        return 0;
    for (size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80)
            return 0;
    return n;
}

}  // namespace

std::string goQuote(std::string_view s) {
    std::string out = "\"";
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            if (size_t n = utf8Sequence(s, i)) {
                out.append(s.substr(i, n));
                i += n;
                continue;
            }
        }
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\a':
                out += "\\a";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\v':
                out += "\\v";
                break;
            default:
                if (c < 0x20 || c >= 0x7F) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\x%02x", c);
                    out += buf;
                } else {
                    out += char(c);
                }
        }
        ++i;
    }
    return out + "\"";
}

std::string goStringSlice(const std::vector<std::string>& items) {
    std::string out = "[";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? " " : "") + items[i];
    return out + "]";
}

std::string goPathError(std::string_view op, std::string_view path, int err) {
    std::string text = std::strerror(err);
    if (!text.empty())
        text[0] = char(std::tolower(static_cast<unsigned char>(text[0])));
    return std::string(op) + " " + std::string(path) + ": " + text;
}

}  // namespace pilothouse::client::clientcmd
