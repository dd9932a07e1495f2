#include "api/codec/yaml.h"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstdlib>
#include <regex>

namespace pilothouse::codec {
namespace {

bool isOneOf(const std::string& s, std::initializer_list<const char*> list) {
    for (const char* l : list)
        if (s == l) return true;
    return false;
}

bool isYamlTrue(const std::string& s) {
    return isOneOf(s, {"yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"});
}
bool isYamlFalse(const std::string& s) {
    return isOneOf(s, {"no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"});
}
bool isYamlNull(const std::string& s) { return isOneOf(s, {"", "~", "null", "Null", "NULL"}); }

const std::regex& intPattern() {
    static const std::regex re(R"(^[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9][0-9_]*)$)");
    return re;
}
const std::regex& floatPattern() {
    static const std::regex re(R"(^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$)");
    return re;
}

// Resolves a plain (unquoted) scalar the way go-yaml v2 does.
Value resolvePlain(const std::string& s) {
    if (isYamlNull(s)) return Value();
    if (isYamlTrue(s)) return Value(true);
    if (isYamlFalse(s)) return Value(false);
    if (isOneOf(s, {".nan", ".NaN", ".NAN"})) return Value(std::nan(""));
    if (isOneOf(s, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"})) return Value(HUGE_VAL);
    if (isOneOf(s, {"-.inf", "-.Inf", "-.INF"})) return Value(-HUGE_VAL);
    if (std::regex_match(s, intPattern())) {
        std::string digits;
        for (char c : s)
            if (c != '_') digits += c;
        bool neg = false;
        size_t i = 0;
        if (digits[0] == '+' || digits[0] == '-') {
            neg = digits[0] == '-';
            i = 1;
        }
        int base = 10;
        if (digits.compare(i, 2, "0b") == 0) base = 2, i += 2;
        else if (digits.compare(i, 2, "0x") == 0) base = 16, i += 2;
        else if (digits.compare(i, 2, "0o") == 0) base = 8, i += 2;
        else if (digits.size() > i + 1 && digits[i] == '0') base = 8, i += 1;
        errno = 0;
        unsigned long long u = std::strtoull(digits.c_str() + i, nullptr, base);
        if (errno != ERANGE && u <= (unsigned long long)INT64_MAX + (neg ? 1 : 0)) {
            Value v(neg ? int64_t(-(long long)(u - 1)) - 1 : int64_t(u));
            if (base == 10) v.setRaw(s[0] == '+' ? s.substr(1) : s);
            return v;
        }
        // Too large for int64: a float, as go-yaml falls back to.
    }
    if (std::regex_match(s, floatPattern()) || std::regex_match(s, intPattern()))
        return Value(std::strtod(s.c_str(), nullptr));
    return Value(s);
}

StatusOr<Value> convert(const YAML::Node& node, int depth) {
    if (depth > 500) return Status(StatusCode::InvalidArgument, "yaml: exceeded max depth");
    Value out;
    switch (node.Type()) {
        case YAML::NodeType::Undefined:
        case YAML::NodeType::Null:
            // A quoted empty or "null" string is still a string.
            if (node.Tag() == "!" || node.Tag() == "tag:yaml.org,2002:str")
                out = Value(node.Scalar());
            break;
        case YAML::NodeType::Scalar: {
            const std::string& tag = node.Tag();
            if (tag == "!" || tag == "tag:yaml.org,2002:str" || tag == "!!str") {
                out = Value(node.Scalar());
            } else {
                out = resolvePlain(node.Scalar());
            }
            break;
        }
        case YAML::NodeType::Sequence: {
            out = Value::array();
            for (const auto& item : node) {
                auto v = convert(item, depth + 1);
                if (!v) return v;
                out.asArray().push_back(std::move(*v));
            }
            break;
        }
        case YAML::NodeType::Map: {
            out = Value::object();
            for (const auto& kv : node) {
                if (!kv.first.IsScalar() && !kv.first.IsNull()) {
                    return Status(StatusCode::InvalidArgument,
                                  "yaml: line " + std::to_string(kv.first.Mark().line + 1) +
                                      ": a mapping key must be a scalar");
                }
                std::string key = kv.first.Scalar();
                auto v = convert(kv.second, depth + 1);
                if (!v) return v;
                // Later duplicates replace earlier ones, as Go's json decoding does.
                out.set(key, std::move(*v));
            }
            break;
        }
    }
    if (node.Mark().line >= 0) out.setPosition(node.Mark().line + 1, node.Mark().column + 1);
    return out;
}

// ---- writing ----

bool isPrintableAscii(const std::string& s) {
    for (unsigned char c : s)
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return false;
    return true;
}

const std::regex& timestampPattern() {
    // The forms go-yaml v2 resolves as timestamps (a date, optionally with a time).
    static const std::regex re(
        R"(^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ]|[ \t]+)?([0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?)?([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?$)");
    return re;
}

// A plain scalar that go-yaml would read back as something other than this string: its encoder
// writes such strings double-quoted ("110", "true", "", timestamps).
bool readsAsOtherType(const std::string& s) {
    if (s.empty()) return true;
    if (!resolvePlain(s).isString()) return true;
    if (isOneOf(s, {"y", "Y", "n", "N", "<<"})) return true;
    return std::regex_match(s, timestampPattern());
}

// Strings plain style cannot carry (indicators, ": ", " #", edge spaces): the emitter falls back
// to single quotes for these.
bool plainNotAllowed(const std::string& s) {
    const char first = s.front();
    if (std::string_view("?:,[]{}#&*!|>'\"%@`-").find(first) != std::string_view::npos) {
        const bool dashLike = first == '-' || first == '?' || first == ':';
        if (!(dashLike && s.size() > 1 && s[1] != ' ')) return true;
    }
    if (s.front() == ' ' || s.back() == ' ' || s.back() == ':') return true;
    if (s.find(": ") != std::string::npos || s.find(" #") != std::string::npos) return true;
    if (s.find('\t') != std::string::npos) return true;
    return false;
}

std::string doubleQuoted(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (c < 0x20 || c == 0x7F) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\x%02X", c);
                    out += buf;
                } else {
                    out += char(c);
                }
        }
    }
    return out + "\"";
}

std::string scalarText(const std::string& s) {
    if (!isPrintableAscii(s) || readsAsOtherType(s)) return doubleQuoted(s);
    if (!plainNotAllowed(s)) return s;
    std::string out = "'";
    for (char c : s) {
        if (c == '\'') out += "''";
        else out += c;
    }
    return out + "'";
}

std::string numberText(const Value& v) {
    if (v.isDouble()) {
        double d = v.asDouble();
        if (std::isnan(d)) return ".nan";
        if (std::isinf(d)) return d > 0 ? ".inf" : "-.inf";
    }
    return v.numberText();
}

void writeValue(std::string& out, const Value& v, int indent, bool afterDash);

void writeLiteral(std::string& out, const std::string& s, int indent) {
    out += (s.back() == '\n') ? "|" : "|-";
    out += '\n';
    size_t start = 0;
    std::string body = s.back() == '\n' ? s.substr(0, s.size() - 1) : s;
    while (start <= body.size()) {
        size_t end = body.find('\n', start);
        if (end == std::string::npos) end = body.size();
        std::string line = body.substr(start, end - start);
        if (!line.empty()) out.append(size_t(indent), ' ');
        out += line;
        out += '\n';
        start = end + 1;
    }
}

// Writes a scalar or an empty collection after "key: " / "- " (no trailing newline handling).
void writeInline(std::string& out, const Value& v, int indent) {
    switch (v.type()) {
        case Value::Type::Null: out += "null\n"; break;
        case Value::Type::Bool: out += v.asBool() ? "true\n" : "false\n"; break;
        case Value::Type::Int:
        case Value::Type::Double: out += numberText(v) + "\n"; break;
        case Value::Type::String: {
            const std::string& s = v.asString();
            if (s.find('\n') != std::string::npos && isPrintableAscii(s) &&
                s.find("\n ") == std::string::npos && s.front() != ' ') {
                writeLiteral(out, s, indent);
            } else {
                out += scalarText(s) + "\n";
            }
            break;
        }
        case Value::Type::Array: out += "[]\n"; break;
        case Value::Type::Object: out += "{}\n"; break;
    }
}

bool isBlock(const Value& v) { return (v.isArray() || v.isObject()) && v.size() > 0; }

void writeObject(std::string& out, const Value& v, int indent, bool afterDash) {
    bool first = true;
    for (const auto& [k, child] : v.asObject()) {
        if (!(first && afterDash)) out.append(size_t(indent), ' ');
        first = false;
        out += scalarText(k);
        out += ':';
        if (isBlock(child)) {
            out += '\n';
            // Lists sit level with their key (go-yaml v2); maps are indented.
            writeValue(out, child, child.isArray() ? indent : indent + 2, false);
        } else {
            out += ' ';
            writeInline(out, child, indent + 2);
        }
    }
}

void writeArray(std::string& out, const Value& v, int indent, bool afterDash) {
    bool first = true;
    for (const auto& item : v.asArray()) {
        if (!(first && afterDash)) out.append(size_t(indent), ' ');
        first = false;
        out += "- ";
        if (isBlock(item)) {
            writeValue(out, item, indent + 2, true);
        } else {
            writeInline(out, item, indent + 2);
        }
    }
}

void writeValue(std::string& out, const Value& v, int indent, bool afterDash) {
    if (v.isObject() && v.size() > 0) writeObject(out, v, indent, afterDash);
    else if (v.isArray() && v.size() > 0) writeArray(out, v, indent, afterDash);
    else writeInline(out, v, indent);
}

}  // namespace

StatusOr<std::vector<Value>> parseYamlDocuments(std::string_view text) {
    std::vector<YAML::Node> docs;
    try {
        docs = YAML::LoadAll(std::string(text));
    } catch (const YAML::Exception& e) {
        std::string msg = "yaml: ";
        if (!e.mark.is_null()) msg += "line " + std::to_string(e.mark.line + 1) + ": ";
        msg += e.msg;
        return Status(StatusCode::InvalidArgument, msg);
    }
    std::vector<Value> out;
    out.reserve(docs.size());
    for (const auto& d : docs) {
        if (d.IsNull() || !d.IsDefined()) {
            out.emplace_back();  // keep the index stable; callers skip null documents
            continue;
        }
        auto v = convert(d, 0);
        if (!v) return v.status();
        out.push_back(std::move(*v));
    }
    return out;
}

std::string toYaml(const Value& value) {
    std::string out;
    writeValue(out, value, 0, false);
    return out;
}

}  // namespace pilothouse::codec
