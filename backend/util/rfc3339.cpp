#include "util/rfc3339.h"

#include <cstdio>

namespace pilothouse::rfc3339 {
namespace {

constexpr int64_t kNanosPerSecond = 1'000'000'000;
constexpr int64_t kSecondsPerDay = 86'400;

struct Civil {
    int64_t year;
    int month;  // 1..12
    int day;    // 1..31
};

// Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian calendar).
int64_t daysFromCivil(int64_t y, int m, int d) {
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const int64_t yoe = y - era * 400;
    const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

Civil civilFromDays(int64_t z) {
    z += 719468;
    const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const int64_t doe = z - era * 146097;
    const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int64_t mp = (5 * doy + 2) / 153;
    const int d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    const int m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    return {yoe + era * 400 + (m <= 2), m, d};
}

bool isLeap(int64_t y) {
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int daysInMonth(int64_t y, int m) {
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && isLeap(y) ? 29 : kDays[m - 1];
}

int64_t floorDiv(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

// Writes v as exactly `width` decimal digits (v fits).
char* putDigits(char* out, int64_t v, int width) {
    for (int i = width - 1; i >= 0; --i) {
        out[i] = static_cast<char>('0' + v % 10);
        v /= 10;
    }
    return out + width;
}

// "YYYY-MM-DDTHH:MM:SS" for the whole seconds of t, plus the nanoseconds left over. Every object
// the API server creates or binds gets one, so the digits are written directly rather than
// through snprintf (years outside 0..9999 keep the printf form).
std::string formatSeconds(int64_t ns, int64_t* nanosOut) {
    const int64_t secs = floorDiv(ns, kNanosPerSecond);
    *nanosOut = ns - secs * kNanosPerSecond;
    const int64_t days = floorDiv(secs, kSecondsPerDay);
    const int64_t sod = secs - days * kSecondsPerDay;
    const Civil c = civilFromDays(days);
    char buf[64];
    if (c.year < 0 || c.year > 9999) {
        std::snprintf(buf, sizeof buf, "%04lld-%02d-%02dT%02d:%02d:%02d",
                      static_cast<long long>(c.year), c.month, c.day, static_cast<int>(sod / 3600),
                      static_cast<int>(sod / 60 % 60), static_cast<int>(sod % 60));
        return buf;
    }
    char* p = putDigits(buf, c.year, 4);
    *p++ = '-';
    p = putDigits(p, c.month, 2);
    *p++ = '-';
    p = putDigits(p, c.day, 2);
    *p++ = 'T';
    p = putDigits(p, sod / 3600, 2);
    *p++ = ':';
    p = putDigits(p, sod / 60 % 60, 2);
    *p++ = ':';
    p = putDigits(p, sod % 60, 2);
    return std::string(buf, p);
}

Status parseError(std::string_view text, const char* what) {
    return Status(StatusCode::InvalidArgument, "invalid RFC 3339 time \"" + std::string(text) +
                                                   "\": " + what +
                                                   " (expected e.g. \"2024-01-01T00:00:00Z\")");
}

// Reads exactly n decimal digits at text[pos].
bool readDigits(std::string_view text, size_t pos, size_t n, int64_t* out) {
    if (pos + n > text.size())
        return false;
    int64_t v = 0;
    for (size_t i = 0; i < n; ++i) {
        const char ch = text[pos + i];
        if (ch < '0' || ch > '9')
            return false;
        v = v * 10 + (ch - '0');
    }
    *out = v;
    return true;
}

}  // namespace

std::string format(int64_t t) {
    int64_t nanos = 0;
    return formatSeconds(t, &nanos) + "Z";
}

std::string formatMicro(int64_t t) {
    int64_t nanos = 0;
    std::string s = formatSeconds(t, &nanos);
    char buf[8];
    buf[0] = '.';
    putDigits(buf + 1, nanos / 1000, 6);
    buf[7] = 'Z';
    return s.append(buf, sizeof buf);
}

std::string formatNano(int64_t t) {
    int64_t nanos = 0;
    std::string s = formatSeconds(t, &nanos);
    if (nanos != 0) {
        char buf[32];
        std::snprintf(buf, sizeof buf, ".%09lld", static_cast<long long>(nanos));
        std::string frac = buf;
        while (frac.back() == '0') frac.pop_back();
        s += frac;
    }
    return s + "Z";
}

namespace {

// An RFC 3339 time as written: every field checked, nothing converted yet.
struct Parts {
    int64_t year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, nanos = 0, offsetSeconds = 0;
};

Status parseParts(std::string_view text, Parts* out) {
    int64_t year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (!readDigits(text, 0, 4, &year) || text.size() < 5 || text[4] != '-' ||
        !readDigits(text, 5, 2, &month) || text.size() < 8 || text[7] != '-' ||
        !readDigits(text, 8, 2, &day)) {
        return parseError(text, "the date must be YYYY-MM-DD");
    }
    if (text.size() < 11 || (text[10] != 'T' && text[10] != 't')) {
        return parseError(text, "the date must be followed by 'T' and the time");
    }
    if (!readDigits(text, 11, 2, &hour) || text.size() < 14 || text[13] != ':' ||
        !readDigits(text, 14, 2, &minute) || text.size() < 17 || text[16] != ':' ||
        !readDigits(text, 17, 2, &second)) {
        return parseError(text, "the time must be HH:MM:SS");
    }
    if (month < 1 || month > 12)
        return parseError(text, "month out of range");
    if (day < 1 || day > daysInMonth(year, static_cast<int>(month))) {
        return parseError(text, "day out of range");
    }
    if (hour > 23)
        return parseError(text, "hour out of range");
    if (minute > 59)
        return parseError(text, "minute out of range");
    if (second > 59)
        return parseError(text, "second out of range");

    size_t pos = 19;
    int64_t nanos = 0;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        size_t digits = 0;
        while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
            if (digits == 9)
                return parseError(text, "more than 9 fractional digits");
            nanos = nanos * 10 + (text[pos] - '0');
            ++digits;
            ++pos;
        }
        if (digits == 0)
            return parseError(text, "'.' must be followed by digits");
        for (size_t i = digits; i < 9; ++i) nanos *= 10;
    }

    int64_t offsetSeconds = 0;
    if (pos < text.size() && (text[pos] == 'Z' || text[pos] == 'z')) {
        ++pos;
    } else if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
        const int sign = text[pos] == '-' ? -1 : 1;
        int64_t oh = 0, om = 0;
        if (!readDigits(text, pos + 1, 2, &oh) || pos + 3 >= text.size() || text[pos + 3] != ':' ||
            !readDigits(text, pos + 4, 2, &om) || oh > 23 || om > 59) {
            return parseError(text, "the zone offset must be Z or +HH:MM / -HH:MM");
        }
        offsetSeconds = sign * (oh * 3600 + om * 60);
        pos += 6;
    } else {
        return parseError(text, "missing zone (Z or +HH:MM)");
    }
    if (pos != text.size())
        return parseError(text, "unexpected text after the zone");
    *out = {year, month, day, hour, minute, second, nanos, offsetSeconds};
    return {};
}

}  // namespace

bool wellFormed(std::string_view text) {
    Parts parts;
    return parseParts(text, &parts).isOk();
}

StatusOr<int64_t> parse(std::string_view text) {
    Parts p;
    PH_RETURN_IF_ERROR(parseParts(text, &p));
    const int64_t days = daysFromCivil(p.year, static_cast<int>(p.month), static_cast<int>(p.day));
    const int64_t secs = days * kSecondsPerDay + p.hour * 3600 + p.minute * 60 + p.second - p.offsetSeconds;
    // Nanoseconds since 1970 in 64 bits reach from 1677 to 2262; Go's time.Time reaches further.
    int64_t nanos = 0;
    if (__builtin_mul_overflow(secs, kNanosPerSecond, &nanos) || __builtin_add_overflow(nanos, p.nanos, &nanos))
        return Status(StatusCode::OutOfRange, "time \"" + std::string(text) +
                                                   "\" is outside the years 1678 to 2262 that Pilothouse can hold");
    return nanos;
}

}  // namespace pilothouse::rfc3339
