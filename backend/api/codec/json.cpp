#include "api/codec/json.h"

#include <cstdio>
#include <cstdlib>

namespace pilothouse::codec {
namespace {

void writeString(std::string& out, const std::string& s) {
    out += '"';
    for (size_t i = 0; i < s.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '<': out += "\\u003c"; break;
            case '>': out += "\\u003e"; break;
            case '&': out += "\\u0026"; break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else if (c == 0xE2 && i + 2 < s.size() &&
                           static_cast<unsigned char>(s[i + 1]) == 0x80 &&
                           (static_cast<unsigned char>(s[i + 2]) == 0xA8 ||
                            static_cast<unsigned char>(s[i + 2]) == 0xA9)) {
                    // U+2028 / U+2029, escaped by Go for JavaScript safety.
                    out += static_cast<unsigned char>(s[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029";
                    i += 2;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    out += '"';
}

void write(std::string& out, const Value& v, JsonStyle style, int depth) {
    const bool indent = style == JsonStyle::Indented;
    auto newline = [&](int d) {
        if (!indent) return;
        out += '\n';
        out.append(size_t(d) * 4, ' ');
    };
    switch (v.type()) {
        case Value::Type::Null: out += "null"; break;
        case Value::Type::Bool: out += v.asBool() ? "true" : "false"; break;
        case Value::Type::Int:
        case Value::Type::Double: out += v.numberText(); break;
        case Value::Type::String: writeString(out, v.asString()); break;
        case Value::Type::Array: {
            if (v.asArray().empty()) {
                out += "[]";
                break;
            }
            out += '[';
            bool first = true;
            for (const auto& e : v.asArray()) {
                if (!first) out += ',';
                first = false;
                newline(depth + 1);
                write(out, e, style, depth + 1);
            }
            newline(depth);
            out += ']';
            break;
        }
        case Value::Type::Object: {
            if (v.asObject().empty()) {
                out += "{}";
                break;
            }
            out += '{';
            bool first = true;
            for (const auto& [k, e] : v.asObject()) {
                if (!first) out += ',';
                first = false;
                newline(depth + 1);
                writeString(out, k);
                out += indent ? ": " : ":";
                write(out, e, style, depth + 1);
            }
            newline(depth);
            out += '}';
            break;
        }
    }
}

class Parser {
public:
    explicit Parser(std::string_view t) : t_(t) {}

    StatusOr<Value> parseDocument() {
        skipWs();
        auto v = parseValue(0);
        if (!v) return v;
        skipWs();
        if (pos_ != t_.size()) return error("invalid character after top-level value");
        return v;
    }

private:
    Status error(const std::string& what) const {
        int line = 1, col = 1;
        for (size_t i = 0; i < pos_ && i < t_.size(); ++i) {
            if (t_[i] == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
        return Status(StatusCode::InvalidArgument,
                      "json: line " + std::to_string(line) + ", column " + std::to_string(col) +
                          ": " + what);
    }
    void skipWs() {
        while (pos_ < t_.size() &&
               (t_[pos_] == ' ' || t_[pos_] == '\t' || t_[pos_] == '\n' || t_[pos_] == '\r'))
            ++pos_;
    }
    std::pair<int, int> position() const {
        int line = 1, col = 1;
        for (size_t i = 0; i < pos_; ++i) {
            if (t_[i] == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
        return {line, col};
    }

    StatusOr<Value> parseValue(int depth) {
        if (depth > 1000) return error("exceeded max depth");
        if (pos_ >= t_.size()) return error("unexpected end of JSON input");
        char c = t_[pos_];
        if (c == '{') return parseObject(depth);
        if (c == '[') return parseArray(depth);
        if (c == '"') {
            auto s = parseString();
            if (!s) return s.status();
            return Value(std::move(*s));
        }
        if (c == '-' || (c >= '0' && c <= '9')) return parseNumber();
        if (t_.substr(pos_, 4) == "true") {
            pos_ += 4;
            return Value(true);
        }
        if (t_.substr(pos_, 5) == "false") {
            pos_ += 5;
            return Value(false);
        }
        if (t_.substr(pos_, 4) == "null") {
            pos_ += 4;
            return Value();
        }
        return error(std::string("invalid character '") + c + "' looking for beginning of value");
    }

    StatusOr<Value> parseObject(int depth) {
        Value obj = Value::object();
        auto [l, c] = position();
        obj.setPosition(l, c);
        ++pos_;
        skipWs();
        if (pos_ < t_.size() && t_[pos_] == '}') {
            ++pos_;
            return obj;
        }
        for (;;) {
            skipWs();
            if (pos_ >= t_.size() || t_[pos_] != '"')
                return error("invalid character looking for beginning of object key string");
            auto key = parseString();
            if (!key) return key.status();
            skipWs();
            if (pos_ >= t_.size() || t_[pos_] != ':')
                return error("invalid character after object key");
            ++pos_;
            skipWs();
            auto v = parseValue(depth + 1);
            if (!v) return v;
            obj.asObject().emplace_back(std::move(*key), std::move(*v));
            skipWs();
            if (pos_ < t_.size() && t_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (pos_ < t_.size() && t_[pos_] == '}') {
                ++pos_;
                return obj;
            }
            return error("invalid character after object key:value pair");
        }
    }

    StatusOr<Value> parseArray(int depth) {
        Value arr = Value::array();
        auto [l, c] = position();
        arr.setPosition(l, c);
        ++pos_;
        skipWs();
        if (pos_ < t_.size() && t_[pos_] == ']') {
            ++pos_;
            return arr;
        }
        for (;;) {
            skipWs();
            auto v = parseValue(depth + 1);
            if (!v) return v;
            arr.asArray().push_back(std::move(*v));
            skipWs();
            if (pos_ < t_.size() && t_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (pos_ < t_.size() && t_[pos_] == ']') {
                ++pos_;
                return arr;
            }
            return error("invalid character after array element");
        }
    }

    static void appendUtf8(std::string& out, uint32_t cp) {
        if (cp < 0x80) {
            out += char(cp);
        } else if (cp < 0x800) {
            out += char(0xC0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += char(0xE0 | (cp >> 12));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        } else {
            out += char(0xF0 | (cp >> 18));
            out += char(0x80 | ((cp >> 12) & 0x3F));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        }
    }

    StatusOr<std::string> parseString() {
        ++pos_;  // opening quote
        std::string out;
        while (pos_ < t_.size()) {
            char c = t_[pos_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) return error("invalid character in string literal");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= t_.size()) break;
            char e = t_[pos_++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    auto hex = [&](uint32_t& cp) -> bool {
                        if (pos_ + 4 > t_.size()) return false;
                        cp = 0;
                        for (int i = 0; i < 4; ++i) {
                            char h = t_[pos_++];
                            cp <<= 4;
                            if (h >= '0' && h <= '9') cp |= uint32_t(h - '0');
                            else if (h >= 'a' && h <= 'f') cp |= uint32_t(h - 'a' + 10);
                            else if (h >= 'A' && h <= 'F') cp |= uint32_t(h - 'A' + 10);
                            else return false;
                        }
                        return true;
                    };
                    uint32_t cp;
                    if (!hex(cp)) return error("invalid character in \\u hexadecimal character escape");
                    if (cp >= 0xD800 && cp < 0xDC00 && pos_ + 6 <= t_.size() && t_[pos_] == '\\' &&
                        t_[pos_ + 1] == 'u') {
                        pos_ += 2;
                        uint32_t lo;
                        if (!hex(lo)) return error("invalid character in \\u hexadecimal character escape");
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    }
                    appendUtf8(out, cp);
                    break;
                }
                default: return error("invalid character in string escape code");
            }
        }
        return error("unexpected end of JSON input");
    }

    StatusOr<Value> parseNumber() {
        size_t start = pos_;
        bool isFloat = false;
        if (t_[pos_] == '-') ++pos_;
        while (pos_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[pos_]))) ++pos_;
        if (pos_ < t_.size() && t_[pos_] == '.') {
            isFloat = true;
            ++pos_;
            while (pos_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[pos_]))) ++pos_;
        }
        if (pos_ < t_.size() && (t_[pos_] == 'e' || t_[pos_] == 'E')) {
            isFloat = true;
            ++pos_;
            if (pos_ < t_.size() && (t_[pos_] == '+' || t_[pos_] == '-')) ++pos_;
            while (pos_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[pos_]))) ++pos_;
        }
        std::string text(t_.substr(start, pos_ - start));
        if (text == "-") return error("invalid character in numeric literal");
        Value v;
        if (!isFloat) {
            errno = 0;
            char* end = nullptr;
            long long i = std::strtoll(text.c_str(), &end, 10);
            if (errno == ERANGE) {
                v = Value(std::strtod(text.c_str(), nullptr));
            } else {
                v = Value(int64_t(i));
            }
        } else {
            v = Value(std::strtod(text.c_str(), nullptr));
        }
        v.setRaw(text);
        return v;
    }

    std::string_view t_;
    size_t pos_ = 0;
};

}  // namespace

std::string toJson(const Value& value, JsonStyle style) {
    std::string out;
    write(out, value, style, 0);
    return out;
}

StatusOr<Value> parseJson(std::string_view text) { return Parser(text).parseDocument(); }

}  // namespace pilothouse::codec
