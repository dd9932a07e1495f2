#include "api/time_format.h"

#include <cstdio>

namespace pilothouse::api {
namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
int64_t daysFromCivil(int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

void civilFromDays(int64_t z, int64_t& y, unsigned& m, unsigned& d) {
    z += 719468;
    const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = static_cast<int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2;
}

bool digits(std::string_view s, size_t pos, size_t n, int& out) {
    if (pos + n > s.size()) return false;
    out = 0;
    for (size_t i = pos; i < pos + n; ++i) {
        if (s[i] < '0' || s[i] > '9') return false;
        out = out * 10 + (s[i] - '0');
    }
    return true;
}

std::string format(int64_t unixNanos, bool micro) {
    int64_t secs = unixNanos / 1000000000;
    int64_t nanos = unixNanos % 1000000000;
    if (nanos < 0) {
        nanos += 1000000000;
        --secs;
    }
    int64_t days = secs / 86400;
    int64_t rem = secs % 86400;
    if (rem < 0) {
        rem += 86400;
        --days;
    }
    int64_t y;
    unsigned m, d;
    civilFromDays(days, y, m, d);
    char buf[64];
    if (micro) {
        std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lld.%06lldZ", (long long)y,
                      m, d, (long long)(rem / 3600), (long long)(rem / 60 % 60),
                      (long long)(rem % 60), (long long)(nanos / 1000));
    } else {
        std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02lld:%02lld:%02lldZ", (long long)y, m, d,
                      (long long)(rem / 3600), (long long)(rem / 60 % 60), (long long)(rem % 60));
    }
    return buf;
}

}  // namespace

std::optional<int64_t> parseTime(std::string_view s) {
    int Y, M, D, h, mi, sec;
    if (!digits(s, 0, 4, Y) || s.size() < 20 || s[4] != '-' || !digits(s, 5, 2, M) || s[7] != '-' ||
        !digits(s, 8, 2, D) || (s[10] != 'T' && s[10] != 't') || !digits(s, 11, 2, h) ||
        s[13] != ':' || !digits(s, 14, 2, mi) || s[16] != ':' || !digits(s, 17, 2, sec))
        return std::nullopt;
    if (M < 1 || M > 12 || D < 1 || D > 31 || h > 23 || mi > 59 || sec > 60) return std::nullopt;
    size_t pos = 19;
    int64_t nanos = 0;
    if (pos < s.size() && s[pos] == '.') {
        ++pos;
        int n = 0;
        int64_t scale = 100000000;
        while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
            if (scale > 0) nanos += (s[pos] - '0') * scale;
            scale /= 10;
            ++pos;
            ++n;
        }
        if (n == 0) return std::nullopt;
    }
    int64_t offset = 0;
    if (pos < s.size() && (s[pos] == 'Z' || s[pos] == 'z')) {
        ++pos;
    } else if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
        int oh, om;
        if (!digits(s, pos + 1, 2, oh) || pos + 3 >= s.size() || s[pos + 3] != ':' ||
            !digits(s, pos + 4, 2, om))
            return std::nullopt;
        offset = (oh * 3600 + om * 60) * (s[pos] == '+' ? 1 : -1);
        pos += 6;
    } else {
        return std::nullopt;
    }
    if (pos != s.size()) return std::nullopt;
    int64_t secs = daysFromCivil(Y, unsigned(M), unsigned(D)) * 86400 + h * 3600 + mi * 60 + sec -
                   offset;
    return secs * 1000000000 + nanos;
}

std::string formatTime(int64_t unixNanos) { return format(unixNanos, false); }
std::string formatMicroTime(int64_t unixNanos) { return format(unixNanos, true); }

}  // namespace pilothouse::api
