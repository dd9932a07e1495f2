#include "apiserver/validation/common.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>

#include "api/resource/quantity.h"

namespace pilothouse::apiserver::validation {

// ---------------------------------------------------------------- paths

// Each path is built in one allocation: validating a pod builds a hundred of them.
std::string child(const std::string& path, std::string_view name) {
    if (path.empty()) return std::string(name);
    std::string out;
    out.reserve(path.size() + 1 + name.size());
    out.append(path).append(1, '.').append(name);
    return out;
}

std::string index(const std::string& path, int64_t i) {
    char digits[24];
    const int n = std::snprintf(digits, sizeof digits, "%lld", static_cast<long long>(i));
    std::string out;
    out.reserve(path.size() + 2 + size_t(n));
    out.append(path).append(1, '[').append(digits, size_t(n)).append(1, ']');
    return out;
}

std::string key(const std::string& path, std::string_view k) {
    std::string out;
    out.reserve(path.size() + 2 + k.size());
    out.append(path).append(1, '[').append(k).append(1, ']');
    return out;
}

void append(ErrorList& to, const ErrorList& from) { to.insert(to.end(), from.begin(), from.end()); }

std::vector<const StringMap::value_type*> sortedEntries(const StringMap& m) {
    std::vector<const StringMap::value_type*> entries;
    entries.reserve(m.size());
    for (const auto& entry : m) entries.push_back(&entry);
    std::sort(entries.begin(), entries.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
    return entries;
}

std::vector<std::string> sortedKeys(const StringMap& m) {
    std::vector<std::string> keys;
    keys.reserve(m.size());
    for (const auto& [k, v] : m) keys.push_back(k);
    std::sort(keys.begin(), keys.end());
    return keys;
}

// ---------------------------------------------------------------- Go rendering

std::string goInt(int64_t v) { return std::to_string(v); }
std::string goBool(bool v) { return v ? "true" : "false"; }

std::string goStringMap(const StringMap& m) {
    if (m.empty()) return "map[string]string(nil)";
    std::string out = "map[string]string{";
    bool first = true;
    for (const auto& k : sortedKeys(m)) {
        if (!first) out += ", ";
        first = false;
        out += quote(k) + ":" + quote(m.at(k));
    }
    return out + "}";
}

std::string goStringSlice(const StringList& v, std::string_view type) {
    if (v.empty()) return std::string(type) + "(nil)";
    std::string out = std::string(type) + "{";
    for (int i = 0; i < v.size(); ++i) {
        if (i) out += ", ";
        out += quote(v.Get(i));
    }
    return out + "}";
}

std::string goLabelSelector(const LabelSelector& s) {
    std::string out = "v1.LabelSelector{MatchLabels:" + goStringMap(s.match_labels()) +
                      ", MatchExpressions:";
    if (s.match_expressions().empty()) {
        out += "[]v1.LabelSelectorRequirement(nil)";
    } else {
        out += "[]v1.LabelSelectorRequirement{";
        for (int i = 0; i < s.match_expressions_size(); ++i) {
            const auto& r = s.match_expressions(i);
            if (i) out += ", ";
            out += "v1.LabelSelectorRequirement{Key:" + quote(r.key()) +
                   ", Operator:" + quote(r.operator_()) + ", Values:" + goStringSlice(r.values()) +
                   "}";
        }
        out += "}";
    }
    return out + "}";
}

std::string goIntOrString(const IntOrString& v) {
    return "intstr.IntOrString{Type:" + std::to_string(v.type()) +
           ", IntVal:" + std::to_string(v.int_val()) + ", StrVal:" + quote(v.str_val()) + "}";
}

std::string goPointer(std::string_view type) {
    return "(" + std::string(type) + ")(0xc000010000)";
}

namespace {

struct Suffix {
    int base = 10;
    int exponent = 0;
    const char* format = "DecimalSI";
    bool ok = false;
};

Suffix interpretSuffix(std::string_view s) {
    static const std::pair<const char*, int> dec[] = {{"", 0},  {"n", -9}, {"u", -6}, {"m", -3},
                                                      {"k", 3}, {"M", 6},  {"G", 9},  {"T", 12},
                                                      {"P", 15}, {"E", 18}};
    for (const auto& [name, exp] : dec)
        if (s == name) return {10, exp, "DecimalSI", true};
    static const std::pair<const char*, int> bin[] = {{"Ki", 10}, {"Mi", 20}, {"Gi", 30},
                                                      {"Ti", 40}, {"Pi", 50}, {"Ei", 60}};
    for (const auto& [name, exp] : bin)
        if (s == name) return {2, exp, "BinarySI", true};
    if (s.size() > 1 && (s[0] == 'e' || s[0] == 'E')) {
        size_t i = 1;
        bool neg = false;
        if (s[i] == '-' || s[i] == '+') { neg = s[i] == '-'; ++i; }
        if (i >= s.size()) return {};
        long long e = 0;
        for (; i < s.size(); ++i) {
            if (!std::isdigit(static_cast<unsigned char>(s[i]))) return {};
            e = e * 10 + (s[i] - '0');
            if (e > 1000000000) return {};
        }
        return {10, static_cast<int>(neg ? -e : e), "DecimalExponent", true};
    }
    return {};
}

}  // namespace

std::string goQuantity(std::string_view str) {
    // Mirrors ParseQuantity's int64Amount fast path, which is what a manifest's quantity takes.
    const std::string text(str);
    if (text.empty()) return quote(text);
    auto render = [&](long long value, int scale, const char* format, const std::string& cached) {
        return "resource.Quantity{i:resource.int64Amount{value:" + std::to_string(value) +
               ", scale:" + std::to_string(scale) +
               "}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:" + quote(cached) +
               ", Format:" + quote(format) + "}";
    };
    if (text == "0") return render(0, 0, "DecimalSI", text);
    size_t pos = 0, end = text.size();
    bool positive = true;
    if (text[0] == '-') { positive = false; ++pos; }
    else if (text[0] == '+') { ++pos; }
    while (pos < end && text[pos] == '0') ++pos;
    std::string num, denom, suffix;
    if (pos >= end) {
        num = "0";
    } else {
        size_t i = pos;
        while (i < end && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
        num = text.substr(pos, i - pos);
        pos = i;
        if (num.empty()) num = "0";
        if (pos < end && text[pos] == '.') {
            ++pos;
            i = pos;
            while (i < end && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
            denom = text.substr(pos, i - pos);
            pos = i;
        }
        suffix = text.substr(pos);
    }
    const Suffix suf = interpretSuffix(suffix);
    if (!suf.ok) return quote(text);
    int precision = 0, scale = 0;
    long long mantissa = 1;
    if (suf.base == 10) {
        scale = suf.exponent;
        precision = 18 - static_cast<int>(num.size() + denom.size());
    } else if (suf.exponent >= 0 && denom.empty()) {
        mantissa = 1LL << suf.exponent;
        precision = 15 - static_cast<int>(num.size()) -
                     static_cast<int>(static_cast<float>(suf.exponent) * 3 / 10) - 1;
    } else {
        precision = -1;
    }
    if (precision >= 0) {
        scale -= static_cast<int>(denom.size());
        if (scale >= -9) {
            const std::string shifted = num + denom;
            long long value = 0;
            try {
                value = std::stoll(shifted);
            } catch (...) {
                return quote(text);
            }
            __int128 result = static_cast<__int128>(value) * mantissa;
            if (result <= INT64_MAX) {
                long long r = static_cast<long long>(result);
                if (!positive) r = -r;
                bool keep = false;
                if (suf.base == 2) {
                    keep = suf.exponent % 10 == 0 && (value & 0x07) != 0;
                } else {
                    keep = scale % 3 == 0 && !(shifted.size() >= 3 &&
                                               shifted.compare(shifted.size() - 3, 3, "000") == 0) &&
                           shifted[0] != '0';
                }
                return render(r, scale, suf.format, keep ? text : std::string());
            }
        }
    }
    // The inf.Dec path: the amount lives behind a pointer.
    return "resource.Quantity{i:resource.int64Amount{value:0, scale:0}, d:resource.infDecAmount{Dec:" +
           goPointer("*inf.Dec") + "}, s:\"\", Format:" + quote(suf.format) + "}";
}

// ---------------------------------------------------------------- util/validation

std::string maxLenError(int length) {
    return "must be no more than " + std::to_string(length) + " characters";
}

std::string regexError(std::string_view msg, std::string_view fmt,
                       const std::vector<std::string>& examples) {
    std::string out(msg);
    if (examples.empty()) return out + " (regex used for validation is '" + std::string(fmt) + "')";
    out += " (e.g. ";
    for (size_t i = 0; i < examples.size(); ++i) {
        if (i > 0) out += " or ";
        out += "'" + examples[i] + "', ";
    }
    out += "regex used for validation is '" + std::string(fmt) + "')";
    return out;
}

std::string emptyError() { return "must be non-empty"; }

std::string inclusiveRangeError(int64_t lo, int64_t hi) {
    return "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", inclusive";
}

namespace {

bool isLowerAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }
// ASCII only, as Go's [A-Za-z0-9] (and without a call per character into the C locale).
bool isAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// [a-z0-9]([-a-z0-9]*[a-z0-9])?
bool matchDNS1123Label(std::string_view v) {
    if (v.empty() || !isLowerAlnum(v.front()) || !isLowerAlnum(v.back())) return false;
    return std::all_of(v.begin(), v.end(), [](char c) { return isLowerAlnum(c) || c == '-'; });
}

bool matchDNS1123Subdomain(std::string_view v) {
    size_t start = 0;
    while (true) {
        const size_t dot = v.find('.', start);
        const std::string_view part =
            v.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        if (!matchDNS1123Label(part)) return false;
        if (dot == std::string_view::npos) return true;
        start = dot + 1;
    }
}

// [a-z]([-a-z0-9]*[a-z0-9])?
bool matchDNS1035Label(std::string_view v) {
    return matchDNS1123Label(v) && v.front() >= 'a' && v.front() <= 'z';
}

// ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]
bool matchQualifiedNamePart(std::string_view v) {
    if (v.empty() || !isAlnum(v.front()) || !isAlnum(v.back())) return false;
    return std::all_of(v.begin(), v.end(),
                       [](char c) { return isAlnum(c) || c == '-' || c == '_' || c == '.'; });
}

constexpr const char* kQualifiedNameFmt = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
constexpr const char* kQualifiedNameErrMsg =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character";

std::vector<std::string> hasChDirPrefix(std::string_view value) {
    if (value == ".") return {"must not be '.'"};
    if (value == "..") return {"must not be '..'"};
    if (value.substr(0, 2) == "..") return {"must not start with '..'"};
    return {};
}

}  // namespace

std::vector<std::string> isDNS1123Label(std::string_view value) {
    std::vector<std::string> errs;
    if (value.size() > 63) errs.push_back(maxLenError(63));
    if (!matchDNS1123Label(value))
        errs.push_back(regexError(
            "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or "
            "'-', and must start and end with an alphanumeric character",
            "[a-z0-9]([-a-z0-9]*[a-z0-9])?", {"my-name", "123-abc"}));
    return errs;
}

std::vector<std::string> isDNS1123Subdomain(std::string_view value) {
    std::vector<std::string> errs;
    if (value.size() > 253) errs.push_back(maxLenError(253));
    if (!matchDNS1123Subdomain(value))
        errs.push_back(regexError(
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, "
            "'-' or '.', and must start and end with an alphanumeric character",
            "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*", {"example.com"}));
    return errs;
}

std::vector<std::string> isDNS1035Label(std::string_view value) {
    std::vector<std::string> errs;
    if (value.size() > 63) errs.push_back(maxLenError(63));
    if (!matchDNS1035Label(value))
        errs.push_back(regexError(
            "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start "
            "with an alphabetic character, and end with an alphanumeric character",
            "[a-z]([-a-z0-9]*[a-z0-9])?", {"my-name", "abc-123"}));
    return errs;
}

std::vector<std::string> isQualifiedName(std::string_view value) {
    std::vector<std::string> errs;
    std::vector<std::string_view> parts;
    size_t start = 0;
    while (true) {
        const size_t slash = value.find('/', start);
        if (slash == std::string_view::npos) {
            parts.push_back(value.substr(start));
            break;
        }
        parts.push_back(value.substr(start, slash - start));
        start = slash + 1;
    }
    std::string_view name;
    if (parts.size() == 1) {
        name = parts[0];
    } else if (parts.size() == 2) {
        const std::string_view prefix = parts[0];
        name = parts[1];
        if (prefix.empty()) {
            errs.push_back("prefix part " + emptyError());
        } else {
            for (const auto& msg : isDNS1123Subdomain(prefix)) errs.push_back("prefix part " + msg);
        }
    } else {
        errs.push_back("a qualified name " +
                       regexError(kQualifiedNameErrMsg, kQualifiedNameFmt,
                                  {"MyName", "my.name", "123-abc"}) +
                       " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
        return errs;
    }
    if (name.empty()) {
        errs.push_back("name part " + emptyError());
    } else if (name.size() > 63) {
        errs.push_back("name part " + maxLenError(63));
    }
    if (!matchQualifiedNamePart(name))
        errs.push_back("name part " + regexError(kQualifiedNameErrMsg, kQualifiedNameFmt,
                                                 {"MyName", "my.name", "123-abc"}));
    return errs;
}

std::vector<std::string> isValidLabelValue(std::string_view value) {
    std::vector<std::string> errs;
    if (value.size() > 63) errs.push_back(maxLenError(63));
    if (!value.empty() && !matchQualifiedNamePart(value))
        errs.push_back(regexError(
            "a valid label must be an empty string or consist of alphanumeric characters, '-', "
            "'_' or '.', and must start and end with an alphanumeric character",
            "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?", {"MyValue", "my_value", "12345"}));
    return errs;
}

std::vector<std::string> isValidPortNum(int64_t port) {
    if (port >= 1 && port <= 65535) return {};
    return {inclusiveRangeError(1, 65535)};
}

std::vector<std::string> isValidPortName(std::string_view port) {
    std::vector<std::string> errs;
    if (port.size() > 15) errs.push_back(maxLenError(15));
    const bool charset = !port.empty() && std::all_of(port.begin(), port.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
    if (!charset) errs.push_back("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
    if (std::none_of(port.begin(), port.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
        errs.push_back("must contain at least one letter (a-z)");
    if (port.find("--") != std::string_view::npos) errs.push_back("must not contain consecutive hyphens");
    if (!port.empty() && (port.front() == '-' || port.back() == '-'))
        errs.push_back("must not begin or end with a hyphen");
    return errs;
}

std::vector<std::string> isEnvVarName(std::string_view value) {
    std::vector<std::string> errs;
    auto ok = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_'; };
    const bool match = !value.empty() && ok(value.front()) &&
                       std::all_of(value.begin(), value.end(), [&](char c) {
                           return ok(c) || std::isdigit(static_cast<unsigned char>(c));
                       });
    if (!match)
        errs.push_back(regexError(
            "a valid environment variable name must consist of alphabetic characters, digits, "
            "'_', '-', or '.', and must not start with a digit",
            "[-._a-zA-Z][-._a-zA-Z0-9]*", {"my.env-name", "MY_ENV.NAME", "MyEnvName1"}));
    for (auto& m : hasChDirPrefix(value)) errs.push_back(std::move(m));
    return errs;
}

std::vector<std::string> isConfigMapKey(std::string_view value) {
    std::vector<std::string> errs;
    if (value.size() > 253) errs.push_back(maxLenError(253));
    const bool match = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
        return isAlnum(c) || c == '-' || c == '.' || c == '_';
    });
    if (!match)
        errs.push_back(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
                                  "[-._a-zA-Z0-9]+", {"key.name", "KEY_NAME", "key-name"}));
    for (auto& m : hasChDirPrefix(value)) errs.push_back(std::move(m));
    return errs;
}

std::vector<std::string> isValidPercent(std::string_view value) {
    const bool match = value.size() >= 2 && value.back() == '%' &&
                       std::all_of(value.begin(), value.end() - 1,
                                   [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    if (match) return {};
    return {regexError("a valid percent string must be a numeric string followed by an ending '%'",
                       "[0-9]+%", {"1%", "93%"})};
}

std::vector<std::string> isHTTPHeaderName(std::string_view value) {
    const bool match = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
        return isAlnum(c) || c == '-';
    });
    if (match) return {};
    return {regexError("a valid HTTP header must consist of alphanumeric characters or '-'",
                       "[-A-Za-z0-9]+", {"X-Header-Name"})};
}

namespace {

bool parseIPv4Sloppy(std::string_view s, unsigned char out[4]) {
    int part = 0;
    size_t i = 0;
    while (part < 4) {
        if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return false;
        int v = 0, digits = 0;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
            v = v * 10 + (s[i] - '0');
            if (++digits > 3 || v > 255) return false;
            ++i;
        }
        out[part++] = static_cast<unsigned char>(v);
        if (part < 4) {
            if (i >= s.size() || s[i] != '.') return false;
            ++i;
        }
    }
    return i == s.size();
}

}  // namespace

bool parseIPSloppy(std::string_view value, bool* isV6, unsigned char out[16]) {
    unsigned char buf[16] = {};
    unsigned char* dst = out ? out : buf;
    if (value.find(':') == std::string_view::npos) {
        unsigned char v4[4];
        if (!parseIPv4Sloppy(value, v4)) return false;
        std::fill(dst, dst + 16, 0);
        dst[10] = dst[11] = 0xff;
        std::copy(v4, v4 + 4, dst + 12);
        if (isV6) *isV6 = false;
        return true;
    }
    if (value.find('%') != std::string_view::npos) return false;  // zones are not IPs
    const std::string s(value);
    if (inet_pton(AF_INET6, s.c_str(), dst) != 1) return false;
    if (isV6) *isV6 = true;
    return true;
}

bool parseCIDRSloppy(std::string_view value, bool* isV6) {
    const size_t slash = value.find('/');
    if (slash == std::string_view::npos) return false;
    bool v6 = false;
    if (!parseIPSloppy(value.substr(0, slash), &v6)) return false;
    const std::string_view bits = value.substr(slash + 1);
    if (bits.empty() || bits.size() > 3) return false;
    int n = 0;
    for (char c : bits) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
        n = n * 10 + (c - '0');
    }
    if (bits.size() > 1 && bits[0] == '0') return false;
    if (n > (v6 ? 128 : 32)) return false;
    if (isV6) *isV6 = v6;
    return true;
}

bool isIPv4(std::string_view value) {
    bool v6 = true;
    return parseIPSloppy(value, &v6) && !v6;
}

bool isIPv6(std::string_view value) {
    bool v6 = false;
    unsigned char ip[16];
    if (!parseIPSloppy(value, &v6, ip)) return false;
    // An IPv4-mapped address written in IPv6 form is still IPv4 to Go's To4().
    const bool mapped = std::all_of(ip, ip + 10, [](unsigned char b) { return b == 0; }) &&
                        ip[10] == 0xff && ip[11] == 0xff;
    return !mapped;
}

std::vector<std::string> isValidIP(std::string_view value) {
    if (parseIPSloppy(value)) return {};
    return {"must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"};
}

std::vector<std::string> isValidUserID(int64_t uid) {
    if (uid >= 0 && uid <= 2147483647) return {};
    return {inclusiveRangeError(0, 2147483647)};
}

std::vector<std::string> isValidGroupID(int64_t gid) {
    if (gid >= 0 && gid <= 2147483647) return {};
    return {inclusiveRangeError(0, 2147483647)};
}

// ---------------------------------------------------------------- name functions

namespace {
std::string maskTrailingDash(std::string_view name) {
    std::string n(name);
    if (n.size() > 1 && n.back() == '-') n = n.substr(0, n.size() - 2) + "a";
    return n;
}
}  // namespace

std::vector<std::string> nameIsDNSSubdomain(std::string_view name, bool prefix) {
    return isDNS1123Subdomain(prefix ? maskTrailingDash(name) : std::string(name));
}

std::vector<std::string> nameIsDNSLabel(std::string_view name, bool prefix) {
    return isDNS1123Label(prefix ? maskTrailingDash(name) : std::string(name));
}

std::vector<std::string> nameIsDNS1035Label(std::string_view name, bool prefix) {
    return isDNS1035Label(prefix ? maskTrailingDash(name) : std::string(name));
}

std::vector<std::string> nameIsPathSegment(std::string_view name, bool /*prefix*/) {
    if (name == ".") return {"may not be '.'"};
    if (name == "..") return {"may not be '..'"};
    std::vector<std::string> errs;
    if (name.find('/') != std::string_view::npos) errs.push_back("may not contain '/'");
    if (name.find('%') != std::string_view::npos) errs.push_back("may not contain '%'");
    return errs;
}

// ---------------------------------------------------------------- field validators

ErrorList validateDNS1123Label(std::string_view value, const std::string& path) {
    ErrorList errs;
    for (const auto& msg : isDNS1123Label(value)) errs.push_back(invalid(path, quote(std::string(value)), msg));
    return errs;
}

ErrorList validateDNS1123Subdomain(std::string_view value, const std::string& path) {
    ErrorList errs;
    for (const auto& msg : isDNS1123Subdomain(value))
        errs.push_back(invalid(path, quote(std::string(value)), msg));
    return errs;
}

ErrorList validateQualifiedName(std::string_view value, const std::string& path) {
    ErrorList errs;
    for (const auto& msg : isQualifiedName(value)) errs.push_back(invalid(path, quote(std::string(value)), msg));
    return errs;
}

ErrorList validateNonnegativeField(int64_t value, const std::string& path) {
    if (value < 0) return {invalid(path, goInt(value), kIsNegativeErrorMsg)};
    return {};
}

ErrorList validateLabelName(std::string_view name, const std::string& path) {
    return validateQualifiedName(name, path);
}

ErrorList validateLabels(const StringMap& labels, const std::string& path) {
    ErrorList errs;
    for (const auto* entry : sortedEntries(labels)) {
        append(errs, validateLabelName(entry->first, path));
        for (const auto& msg : isValidLabelValue(entry->second)) errs.push_back(invalid(path, quote(entry->second), msg));
    }
    return errs;
}

ErrorList validateAnnotations(const StringMap& annotations, const std::string& path) {
    ErrorList errs;
    int64_t total = 0;
    for (const auto* entry : sortedEntries(annotations)) {
        const std::string& k = entry->first;
        // Keys are checked lower-cased; most have no capital to lower.
        std::vector<std::string> problems;
        if (std::any_of(k.begin(), k.end(), [](unsigned char c) { return c >= 'A' && c <= 'Z'; })) {
            std::string lower = k;
            std::transform(lower.begin(), lower.end(), lower.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            problems = isQualifiedName(lower);
        } else {
            problems = isQualifiedName(k);
        }
        for (const auto& msg : problems) errs.push_back(invalid(path, quote(k), msg));
        total += static_cast<int64_t>(k.size() + entry->second.size());
    }
    if (total > 256 * 1024) errs.push_back(tooLong(path, "\"\"", 256 * 1024));
    return errs;
}

ErrorList validateLabelSelector(const LabelSelector* selector, const std::string& path) {
    ErrorList errs;
    if (!selector) return errs;
    append(errs, validateLabels(selector->match_labels(), child(path, "matchLabels")));
    for (int i = 0; i < selector->match_expressions_size(); ++i) {
        const auto& req = selector->match_expressions(i);
        const std::string p = index(child(path, "matchExpressions"), i);
        const std::string& op = req.operator_();
        if (op == "In" || op == "NotIn") {
            if (req.values().empty())
                errs.push_back(required(child(p, "values"),
                                        "must be specified when `operator` is 'In' or 'NotIn'"));
        } else if (op == "Exists" || op == "DoesNotExist") {
            if (!req.values().empty())
                errs.push_back(forbidden(child(p, "values"),
                                         "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        } else {
            errs.push_back(invalid(child(p, "operator"), quote(op), "not a valid selector operator"));
        }
        append(errs, validateLabelName(req.key(), child(p, "key")));
        for (int v = 0; v < req.values_size(); ++v)
            for (const auto& msg : isValidLabelValue(req.values(v)))
                errs.push_back(invalid(index(child(p, "values"), v), quote(req.values(v)), msg));
    }
    return errs;
}

bool labelSelectorConvertible(const LabelSelector& selector) {
    for (const auto& [k, v] : selector.match_labels())
        if (!isQualifiedName(k).empty() || !isValidLabelValue(v).empty()) return false;
    for (const auto& req : selector.match_expressions()) {
        const std::string& op = req.operator_();
        if (op == "In" || op == "NotIn") {
            if (req.values().empty()) return false;
        } else if (op == "Exists" || op == "DoesNotExist") {
            if (!req.values().empty()) return false;
        } else {
            return false;
        }
        if (!isQualifiedName(req.key()).empty()) return false;
        for (const auto& v : req.values())
            if (!isValidLabelValue(v).empty()) return false;
    }
    return true;
}

bool labelSelectorEmpty(const LabelSelector& selector) {
    return selector.match_labels().empty() && selector.match_expressions().empty();
}

bool labelSelectorMatches(const LabelSelector& selector, const StringMap& labels) {
    for (const auto& [k, v] : selector.match_labels()) {
        auto it = labels.find(k);
        if (it == labels.end() || it->second != v) return false;
    }
    for (const auto& req : selector.match_expressions()) {
        auto it = labels.find(req.key());
        const bool has = it != labels.end();
        const std::string& op = req.operator_();
        const bool inValues =
            has && std::find(req.values().begin(), req.values().end(), it->second) != req.values().end();
        if (op == "In" && !inValues) return false;
        if (op == "NotIn" && inValues) return false;
        if (op == "Exists" && !has) return false;
        if (op == "DoesNotExist" && has) return false;
    }
    return true;
}

int64_t intOrStringValue(const IntOrString& v) {
    if (v.type() == 1) {
        // strconv.Atoi; an unparsable string is 0.
        const std::string& s = v.str_val();
        if (s.empty()) return 0;
        size_t i = 0;
        bool neg = false;
        if (s[0] == '+' || s[0] == '-') { neg = s[0] == '-'; i = 1; }
        if (i >= s.size()) return 0;
        int64_t n = 0;
        for (; i < s.size(); ++i) {
            if (!std::isdigit(static_cast<unsigned char>(s[i]))) return 0;
            n = n * 10 + (s[i] - '0');
            if (n > INT32_MAX) return 0;
        }
        return neg ? -n : n;
    }
    return v.int_val();
}

ErrorList validatePortNumOrName(const IntOrString& port, const std::string& path) {
    ErrorList errs;
    if (port.type() == 0) {
        for (const auto& msg : isValidPortNum(port.int_val())) errs.push_back(invalid(path, goInt(port.int_val()), msg));
    } else if (port.type() == 1) {
        for (const auto& msg : isValidPortName(port.str_val())) errs.push_back(invalid(path, quote(port.str_val()), msg));
    } else {
        FieldError e{ErrorType::Internal, path, "null", true,
                     "unknown type: " + std::to_string(port.type())};
        errs.push_back(e);
    }
    return errs;
}

// ---------------------------------------------------------------- resource names

namespace {
bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool contains(std::initializer_list<const char*> set, std::string_view v) {
    for (const char* s : set)
        if (v == s) return true;
    return false;
}
bool isQuotaHugePageResourceName(std::string_view n) {
    return startsWith(n, "requests.hugepages-") || startsWith(n, "limits.hugepages-");
}
}  // namespace

bool isHugePageResourceName(std::string_view name) { return startsWith(name, "hugepages-"); }

bool isNativeResource(std::string_view name) {
    return name.find('/') == std::string_view::npos || name.find("kubernetes.io/") != std::string_view::npos;
}

bool isExtendedResourceName(std::string_view name) {
    if (isNativeResource(name) || startsWith(name, "requests.")) return false;
    return isQualifiedName("requests." + std::string(name)).empty();
}

bool isOvercommitAllowed(std::string_view name) {
    return isNativeResource(name) && !isHugePageResourceName(name);
}

bool isIntegerResourceName(std::string_view name) {
    return contains({"pods", "services", "replicationcontrollers", "resourcequotas", "secrets",
                     "configmaps", "persistentvolumeclaims", "services.nodeports",
                     "services.loadbalancers"},
                    name) ||
           isExtendedResourceName(name);
}

bool isStandardResourceName(std::string_view name) {
    return contains({"cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory",
                     "requests.ephemeral-storage", "limits.cpu", "limits.memory",
                     "limits.ephemeral-storage", "pods", "services", "replicationcontrollers",
                     "resourcequotas", "secrets", "configmaps", "persistentvolumeclaims",
                     "requests.storage", "services.nodeports", "services.loadbalancers"},
                    name) ||
           isHugePageResourceName(name) || isQuotaHugePageResourceName(name);
}

bool isStandardContainerResourceName(std::string_view name) {
    return contains({"cpu", "memory", "ephemeral-storage"}, name) || isHugePageResourceName(name);
}

bool isStandardQuotaResourceName(std::string_view name) {
    return contains({"cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory",
                     "requests.storage", "requests.ephemeral-storage", "limits.cpu",
                     "limits.memory", "limits.ephemeral-storage", "pods", "services",
                     "replicationcontrollers", "resourcequotas", "secrets",
                     "persistentvolumeclaims", "configmaps", "services.nodeports",
                     "services.loadbalancers"},
                    name) ||
           isHugePageResourceName(name) || isQuotaHugePageResourceName(name);
}

bool isStandardFinalizerName(std::string_view name) {
    return contains({"kubernetes", "orphan", "foregroundDeletion"}, name);
}

ErrorList validateResourceName(std::string_view value, const std::string& path) {
    ErrorList errs;
    for (const auto& msg : isQualifiedName(value)) errs.push_back(invalid(path, quote(std::string(value)), msg));
    if (!errs.empty()) return errs;
    if (value.find('/') == std::string_view::npos && !isStandardResourceName(value))
        errs.push_back(invalid(path, quote(std::string(value)), "must be a standard resource type or fully qualified"));
    return errs;
}

ErrorList validateContainerResourceName(std::string_view value, const std::string& path) {
    ErrorList errs = validateResourceName(value, path);
    if (value.find('/') == std::string_view::npos) {
        if (!isStandardContainerResourceName(value))
            errs.push_back(invalid(path, quote(std::string(value)), "must be a standard resource for containers"));
    } else if (!isNativeResource(value)) {
        if (!isExtendedResourceName(value))
            errs.push_back(invalid(path, quote(std::string(value)), "doesn't follow extended resource name standard"));
    }
    return errs;
}

ErrorList validateResourceQuantityValue(std::string_view resourceName, const std::string& quantity,
                                        const std::string& path) {
    ErrorList errs;
    auto q = resource::Quantity::parse(quantity);
    if (!q.isOk()) {
        errs.push_back(invalid(path, quote(quantity), q.status().message()));
        return errs;
    }
    if (q->sign() < 0) errs.push_back(invalid(path, quote(q->toString()), kIsNegativeErrorMsg));
    if (isIntegerResourceName(resourceName) && q->milliValue() % 1000 != 0)
        errs.push_back(invalid(path, goQuantity(quantity), "must be an integer"));
    return errs;
}

ErrorList validateImmutableString(const std::string& newValue, const std::string& oldValue,
                                  const std::string& path) {
    if (newValue == oldValue) return {};
    return {invalid(path, newValue, kFieldImmutableErrorMsg)};
}

}  // namespace pilothouse::apiserver::validation
