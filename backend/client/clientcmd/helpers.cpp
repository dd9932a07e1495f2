#include "client/clientcmd/helpers.h"

#include <cstdint>
#include <cstdio>
#include <utility>

#include "client/clientcmd/go_text.h"

namespace pilothouse::client::clientcmd {

StatusOr<GoUrl> parseProxyURL(std::string_view proxyURL) {
    auto u = parseGoUrl(proxyURL);
    if (!u.isOk())
        return Status(StatusCode::InvalidArgument, "could not parse: " + std::string(proxyURL));
    if (u->scheme != "http" && u->scheme != "https" && u->scheme != "socks5")
        return Status(StatusCode::InvalidArgument, "unsupported scheme " + goQuote(u->scheme) +
                                                       ", must be http, https, or socks5");
    return u;
}

bool isDNS1123Label(std::string_view value) {
    if (value.empty() || value.size() > 63)
        return false;
    auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
    for (char c : value)
        if (!alnum(c) && c != '-')
            return false;
    return alnum(value.front()) && alnum(value.back());
}

namespace {

// Go's unicode.IsOneOf(L, M, N, P, S, Z) or \t..\r, for the code points that are not: controls
// (Cc), the format characters (Cf) and private use (Co). Unassigned code points (Cn) are kept.
bool allowedRune(uint32_t r) {
    if (r >= 0x09 && r <= 0x0D)
        return true;
    if (r < 0x20 || (r >= 0x7F && r <= 0x9F))
        return false;
    static constexpr std::pair<uint32_t, uint32_t> kFormatOrPrivate[] = {
        {0x00AD, 0x00AD},   {0x0600, 0x0605},   {0x061C, 0x061C},    {0x06DD, 0x06DD},
        {0x070F, 0x070F},   {0x0890, 0x0891},   {0x08E2, 0x08E2},    {0x180E, 0x180E},
        {0x200B, 0x200F},   {0x202A, 0x202E},   {0x2060, 0x2064},    {0x2066, 0x206F},
        {0xE000, 0xF8FF},   {0xFEFF, 0xFEFF},   {0xFFF9, 0xFFFB},    {0x110BD, 0x110BD},
        {0x110CD, 0x110CD}, {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3},  {0x1D173, 0x1D17A},
        {0xE0001, 0xE0001}, {0xE0020, 0xE007F}, {0xF0000, 0x10FFFF},
    };
    for (const auto& [lo, hi] : kFormatOrPrivate)
        if (r >= lo && r <= hi)
            return false;
    return true;
}

}  // namespace

std::string cleanANSIEscapeCodes(std::string_view s) {
    std::string out;
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        uint32_t r = c;
        size_t n = 1;
        if (c >= 0x80) {
            n = c >= 0xF0 && c <= 0xF4  ? 4
                : c >= 0xE0 && c < 0xF0 ? 3
                : c >= 0xC2 && c < 0xE0 ? 2
                                        : 0;
            bool valid = n != 0 && i + n <= s.size();
            for (size_t k = 1; valid && k < n; ++k)
                valid = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
            if (valid) {
                r = n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
                for (size_t k = 1; k < n; ++k)
                    r = (r << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
                valid = !(n == 3 && r < 0x800) && !(n == 4 && (r < 0x10000 || r > 0x10FFFF)) &&
                        !(r >= 0xD800 && r <= 0xDFFF);
            }
            if (!valid) {  // Go reads a bad byte as U+FFFD, a symbol: kept as that character
                out += "\xEF\xBF\xBD";
                ++i;
                continue;
            }
        }
        if (allowedRune(r)) {
            out.append(s.substr(i, n));
        } else {
            char buf[16];
            std::snprintf(buf, sizeof buf, "U+%04X", unsigned(r));
            out += buf;
        }
        i += n;
    }
    return out;
}

}  // namespace pilothouse::client::clientcmd
