#include "client/clientcmd/go_url.h"

#include <cctype>

#include "client/clientcmd/go_text.h"

namespace pilothouse::client::clientcmd {

namespace {

enum class Part { Path, Host, Userinfo, Fragment };

bool isHex(char c) {
    return std::isxdigit(static_cast<unsigned char>(c)) != 0;
}

bool hasControlByte(std::string_view s) {
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7F)
            return true;
    }
    return false;
}

// Characters a host may hold unescaped (url.shouldEscape in encodeHost mode says no).
bool hostCharacter(unsigned char c) {
    if (std::isalnum(c) || c >= 0x80)
        return true;
    switch (c) {
        case '-':
        case '_':
        case '.':
        case '~':
        case '!':
        case '$':
        case '&':
        case '\'':
        case '(':
        case ')':
        case '*':
        case '+':
        case ',':
        case ';':
        case '=':
        case ':':
        case '[':
        case ']':
        case '<':
        case '>':
        case '"':
        case '%':
            return true;
        default:
            return false;
    }
}

// url.unescape's checks: every '%' starts two hex digits; a host holds no character that needs
// escaping.
Status checkEscapes(std::string_view s, Part part) {
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%') {
            if (i + 2 >= s.size() || !isHex(s[i + 1]) || !isHex(s[i + 2]))
                return Status(StatusCode::InvalidArgument,
                              "invalid URL escape " + goQuote(s.substr(i, 3)));
            i += 2;
            continue;
        }
        if (part == Part::Host && !hostCharacter(static_cast<unsigned char>(s[i])))
            return Status(StatusCode::InvalidArgument,
                          "invalid character " + goQuote(s.substr(i, 1)) + " in host name");
    }
    return {};
}

bool validOptionalPort(std::string_view port) {
    if (port.empty())
        return true;
    if (port.front() != ':')
        return false;
    for (char c : port.substr(1))
        if (c < '0' || c > '9')
            return false;
    return true;
}

Status parseHost(std::string_view host) {
    if (!host.empty() && host.front() == '[') {
        const size_t close = host.rfind(']');
        if (close == std::string_view::npos)
            return Status(StatusCode::InvalidArgument, "missing ']' in host");
        const std::string_view colonPort = host.substr(close + 1);
        if (!validOptionalPort(colonPort))
            return Status(StatusCode::InvalidArgument,
                          "invalid port " + goQuote(colonPort) + " after host");
    } else if (const size_t colon = host.rfind(':'); colon != std::string_view::npos) {
        const std::string_view colonPort = host.substr(colon);
        if (!validOptionalPort(colonPort))
            return Status(StatusCode::InvalidArgument,
                          "invalid port " + goQuote(colonPort) + " after host");
    }
    return checkEscapes(host, Part::Host);
}

bool validUserinfo(std::string_view s) {
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c))
            continue;
        switch (c) {
            case '-':
            case '.':
            case '_':
            case ':':
            case '~':
            case '!':
            case '$':
            case '&':
            case '\'':
            case '(':
            case ')':
            case '*':
            case '+':
            case ',':
            case ';':
            case '=':
            case '%':
            case '@':
                continue;
            default:
                return false;
        }
    }
    return true;
}

// url.getScheme: letters, then letters, digits, '+', '-', '.', up to ':'. Anything else first means
// there is no scheme; a ':' first is an error.
Status splitScheme(std::string_view raw, std::string& scheme, std::string_view& rest) {
    rest = raw;
    for (size_t i = 0; i < raw.size(); ++i) {
        const auto c = static_cast<unsigned char>(raw[i]);
        if (std::isalpha(c))
            continue;
        if (std::isdigit(c) || c == '+' || c == '-' || c == '.') {
            if (i == 0)
                return {};
            continue;
        }
        if (c == ':') {
            if (i == 0)
                return Status(StatusCode::InvalidArgument, "missing protocol scheme");
            scheme = std::string(raw.substr(0, i));
            for (char& ch : scheme) ch = char(std::tolower(static_cast<unsigned char>(ch)));
            rest = raw.substr(i + 1);
        }
        return {};
    }
    return {};
}

// url.parse.
StatusOr<GoUrl> parseReference(std::string_view raw, bool viaRequest) {
    GoUrl u;
    if (hasControlByte(raw))
        return Status(StatusCode::InvalidArgument, "net/url: invalid control character in URL");
    if (raw.empty() && viaRequest)
        return Status(StatusCode::InvalidArgument, "empty url");
    if (raw == "*") {
        u.path = "*";
        return u;
    }
    std::string_view rest;
    PH_RETURN_IF_ERROR(splitScheme(raw, u.scheme, rest));
    if (!rest.empty() && rest.back() == '?' && rest.find('?') == rest.size() - 1) {
        u.forceQuery = true;
        rest.remove_suffix(1);
    } else if (const size_t q = rest.find('?'); q != std::string_view::npos) {
        u.rawQuery = std::string(rest.substr(q + 1));
        rest = rest.substr(0, q);
    }
    if (rest.empty() || rest.front() != '/') {
        if (!u.scheme.empty()) {
            u.opaque = std::string(rest);
            return u;
        }
        if (viaRequest)
            return Status(StatusCode::InvalidArgument, "invalid URI for request");
        const std::string_view segment = rest.substr(0, rest.find('/'));
        if (segment.find(':') != std::string_view::npos)
            return Status(StatusCode::InvalidArgument,
                          "first path segment in URL cannot contain colon");
    }
    const bool authority = rest.substr(0, 2) == "//" &&
                           (!u.scheme.empty() || (!viaRequest && rest.substr(0, 3) != "///"));
    if (authority) {
        std::string_view auth = rest.substr(2);
        rest = {};
        if (const size_t slash = auth.find('/'); slash != std::string_view::npos) {
            rest = auth.substr(slash);
            auth = auth.substr(0, slash);
        }
        std::string_view host = auth;
        if (const size_t at = auth.rfind('@'); at != std::string_view::npos) {
            const std::string_view userinfo = auth.substr(0, at);
            if (!validUserinfo(userinfo))
                return Status(StatusCode::InvalidArgument, "net/url: invalid userinfo");
            PH_RETURN_IF_ERROR(checkEscapes(userinfo, Part::Userinfo));
            u.userinfo = std::string(userinfo);
            u.hasUserinfo = true;
            host = auth.substr(at + 1);
        }
        PH_RETURN_IF_ERROR(parseHost(host));
        u.host = std::string(host);
    }
    PH_RETURN_IF_ERROR(checkEscapes(rest, Part::Path));
    u.path = std::string(rest);
    return u;
}

Status urlError(std::string_view url, const Status& cause) {
    return Status(StatusCode::InvalidArgument, "parse " + goQuote(url) + ": " + cause.message());
}

}  // namespace

std::string GoUrl::toString() const {
    std::string out;
    if (!opaque.empty()) {
        out = scheme + ":" + opaque;
    } else {
        if (!scheme.empty())
            out = scheme + ":";
        if (!scheme.empty() || !host.empty() || hasUserinfo) {
            if (!host.empty() || !path.empty() || hasUserinfo)
                out += "//";
            if (hasUserinfo)
                out += userinfo + "@";
            out += host;
        }
        if (!path.empty() && path.front() != '/' && !host.empty())
            out += '/';
        out += path;
    }
    if (forceQuery || !rawQuery.empty())
        out += "?" + rawQuery;
    if (hasFragment)
        out += "#" + fragment;
    return out;
}

StatusOr<GoUrl> parseGoUrl(std::string_view raw) {
    std::string_view ref = raw, fragment;
    bool hasFragment = false;
    if (const size_t hash = raw.find('#'); hash != std::string_view::npos) {
        ref = raw.substr(0, hash);
        fragment = raw.substr(hash + 1);
        hasFragment = true;
    }
    auto u = parseReference(ref, false);
    if (!u.isOk())
        return urlError(ref, u.status());
    if (hasFragment) {
        if (Status st = checkEscapes(fragment, Part::Fragment); !st.isOk())
            return urlError(raw, st);
        u->fragment = std::string(fragment);
        u->hasFragment = !fragment.empty();
    }
    return u;
}

StatusOr<GoUrl> parseGoRequestUri(std::string_view raw) {
    auto u = parseReference(raw, true);
    if (!u.isOk())
        return urlError(raw, u.status());
    return u;
}

}  // namespace pilothouse::client::clientcmd
