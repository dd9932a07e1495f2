#include "client/auth/exec/go_time.h"

#include <cstdint>
#include <limits>
#include <string>

namespace pilothouse::client::auth::exec {

namespace {

constexpr std::string_view kLayout = "2006-01-02T15:04:05Z07:00";

// The time package's own quoting for error texts: bytes outside printable ASCII as \xNN.
std::string timeQuote(std::string_view s) {
    static const char* hex = "0123456789abcdef";
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c < 0x20 || c >= 0x80) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 0xF];
            continue;
        }
        if (c == '"' || c == '\\')
            out += '\\';
        out += char(c);
    }
    return out + "\"";
}

bool isDigit(std::string_view s, size_t i) {
    return i < s.size() && s[i] >= '0' && s[i] <= '9';
}

// getnum: one or two digits; `fixed` wants exactly two.
bool getNum(std::string_view& s, bool fixed, int& out) {
    if (!isDigit(s, 0))
        return false;
    if (!isDigit(s, 1)) {
        if (fixed)
            return false;
        out = s[0] - '0';
        s.remove_prefix(1);
        return true;
    }
    out = (s[0] - '0') * 10 + (s[1] - '0');
    s.remove_prefix(2);
    return true;
}

// atoi: an optional sign, then only digits.
bool goAtoi(std::string_view s, int64_t& out) {
    bool negative = false;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    if (s.empty())
        return false;
    int64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9' || v > (std::numeric_limits<int64_t>::max() - 9) / 10)
            return false;
        v = v * 10 + (c - '0');
    }
    out = negative ? -v : v;
    return true;
}

bool isLeap(int64_t y) {
    return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

int daysIn(int month, int64_t year) {
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && isLeap(year) ? 29 : days[month - 1];
}

// Days from 1970-01-01 to the civil date (proleptic Gregorian).
int64_t daysFromCivil(int64_t y, int m, int d) {
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const int64_t yoe = y - era * 400;
    const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text), rest_(text) {}

    StatusOr<std::optional<sim::Time>> run() {
        // The layout's chunks: a literal prefix, then the element it introduces.
        if (auto st = element("", "2006", [&] { return year(); }); !st.isOk())
            return st;
        if (auto st = element("-", "01", [&] { return twoDigits(month_, true, 1, 12, "month"); });
            !st.isOk())
            return st;
        if (auto st = element("-", "02", [&] { return twoDigits(day_, true, 0, 31, ""); });
            !st.isOk())
            return st;
        if (auto st = element("T", "15", [&] { return twoDigits(hour_, false, 0, 23, "hour"); });
            !st.isOk())
            return st;
        if (auto st = element(":", "04", [&] { return twoDigits(minute_, true, 0, 59, "minute"); });
            !st.isOk())
            return st;
        if (auto st = element(":", "05", [&] { return seconds(); }); !st.isOk())
            return st;
        if (auto st = element("", "Z07:00", [&] { return zone(); }); !st.isOk())
            return st;
        if (!rest_.empty())
            return message(": extra text: " + timeQuote(rest_));
        if (day_ < 1 || day_ > daysIn(month_, year_))
            return message(": day out of range");
        return instant();
    }

private:
    // What an element's reader says: fine, a malformed value, or a value out of range.
    struct Outcome {
        bool ok = true;
        std::string range;  // "month", "hour", ...: "<range> out of range"
    };

    template <typename Read>
    Status element(std::string_view literal, std::string_view layoutElem, Read read) {
        for (char c : literal) {
            if (rest_.empty() || rest_[0] != c)
                return cannotParse(rest_, literal);
            rest_.remove_prefix(1);
        }
        const std::string_view hold = rest_;
        const Outcome o = read();
        if (!o.range.empty())
            return message(": " + o.range + " out of range");
        if (!o.ok)
            return cannotParse(hold, layoutElem);
        return {};
    }

    Outcome year() {
        if (rest_.size() < 4)
            return {false, {}};
        int64_t y = 0;
        const bool ok = goAtoi(rest_.substr(0, 4), y);
        rest_.remove_prefix(4);
        year_ = y;
        return {ok, {}};
    }

    Outcome twoDigits(int& out, bool fixed, int min, int max, const char* range) {
        if (!getNum(rest_, fixed, out))
            return {false, {}};
        if (*range && (out < min || out > max))
            return {true, range};
        return {};
    }

    Outcome seconds() {
        if (!getNum(rest_, true, second_))
            return {false, {}};
        if (second_ > 59)
            return {true, "second"};
        // A fraction may follow the seconds even though the layout has none.
        if (rest_.size() >= 2 && (rest_[0] == '.' || rest_[0] == ',') && isDigit(rest_, 1)) {
            size_t n = 2;
            while (isDigit(rest_, n)) ++n;
            const size_t used = n > 10 ? 10 : n;  // digits past the ninth are ignored
            int64_t ns = 0;
            goAtoi(rest_.substr(1, used - 1), ns);
            for (size_t i = used; i < 10; ++i) ns *= 10;
            nanos_ = ns;
            rest_.remove_prefix(n);
        }
        return {};
    }

    Outcome zone() {
        if (!rest_.empty() && rest_[0] == 'Z') {
            rest_.remove_prefix(1);
            return {};
        }
        if (rest_.size() < 6 || rest_[3] != ':')
            return {false, {}};
        const char sign = rest_[0];
        std::string_view hh = rest_.substr(1, 2), mm = rest_.substr(4, 2);
        rest_.remove_prefix(6);
        int h = 0, m = 0;
        bool ok = getNum(hh, true, h) && getNum(mm, true, m);
        Outcome o;
        if (h > 24)
            o.range = "time zone offset hour";
        if (m > 60)
            o.range = "time zone offset minute";
        offsetSeconds_ = (h * 60 + m) * 60;
        if (sign == '-')
            offsetSeconds_ = -offsetSeconds_;
        else if (sign != '+')
            ok = false;
        o.ok = ok;
        return o;
    }

    StatusOr<std::optional<sim::Time>> instant() const {
        const int64_t days = daysFromCivil(year_, month_, day_);
        const int64_t unixSeconds =
            days * 86400 + hour_ * 3600 + minute_ * 60 + second_ - offsetSeconds_;
        constexpr int64_t kGoZero = -62135596800;  // 0001-01-01T00:00:00Z in Unix seconds
        if (unixSeconds == kGoZero && nanos_ == 0)
            return std::optional<sim::Time>();
        constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
        constexpr int64_t kLimit = kMax / 1'000'000'000 - 1;
        if (unixSeconds > kLimit)
            return std::optional<sim::Time>(sim::fromUnixNanos(kMax));
        if (unixSeconds < -kLimit)
            return std::optional<sim::Time>(
                sim::fromUnixNanos(std::numeric_limits<int64_t>::min()));
        return std::optional<sim::Time>(sim::fromUnixNanos(unixSeconds * 1'000'000'000 + nanos_));
    }

    Status cannotParse(std::string_view valueElem, std::string_view layoutElem) const {
        return Status(StatusCode::InvalidArgument, "parsing time " + timeQuote(text_) + " as " +
                                                       timeQuote(kLayout) + ": cannot parse " +
                                                       timeQuote(valueElem) + " as " +
                                                       timeQuote(layoutElem));
    }
    Status message(const std::string& what) const {
        return Status(StatusCode::InvalidArgument, "parsing time " + timeQuote(text_) + what);
    }

    std::string_view text_;
    std::string_view rest_;
    int64_t year_ = 0;
    int month_ = 0, day_ = 0, hour_ = 0, minute_ = 0, second_ = 0;
    int64_t nanos_ = 0;
    int offsetSeconds_ = 0;
};

}  // namespace

StatusOr<std::optional<sim::Time>> parseGoRfc3339(std::string_view text) {
    return Parser(text).run();
}

}  // namespace pilothouse::client::auth::exec
