#include "api/codec/yaml.h"

#include <yaml.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <cstdlib>
#include <regex>
#include <unordered_map>

#include "api/codec/value_builder.h"

namespace pilothouse::codec {
namespace {

// Lengths first (string_view): most scalars are compared with a dozen words.
bool isOneOf(std::string_view s, std::initializer_list<std::string_view> list) {
    for (std::string_view l : list)
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

bool allOf(std::string_view s, std::string_view chars) {
    return !s.empty() && s.find_first_not_of(chars) == std::string_view::npos;
}

// go-yaml v2's integer forms: [-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9][0-9_]*).
bool looksLikeInt(std::string_view s) {
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
    if (s.empty()) return false;
    if (s.size() > 2 && s[0] == '0' && s[1] == 'b' && allOf(s.substr(2), "01_")) return true;
    if (s.size() > 2 && s[0] == '0' && s[1] == 'x' && allOf(s.substr(2), "0123456789abcdefABCDEF_")) return true;
    if (s.size() > 2 && s[0] == '0' && s[1] == 'o' && allOf(s.substr(2), "01234567_")) return true;
    if (s.size() > 1 && s[0] == '0' && allOf(s.substr(1), "01234567_")) return true;
    return s[0] >= '0' && s[0] <= '9' && (s.size() == 1 || allOf(s.substr(1), "0123456789_"));
}

// go-yaml v2's float form: [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?.
bool looksLikeFloat(std::string_view s) {
    auto digits = [&](size_t& i) {
        size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
        return i > start;
    };
    size_t i = 0;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    if (i < s.size() && s[i] == '.') {
        ++i;
        if (!digits(i)) return false;
    } else {
        if (!digits(i)) return false;
        if (i < s.size() && s[i] == '.') {
            ++i;
            digits(i);
        }
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
        if (!digits(i)) return false;
    }
    return i == s.size();
}

// Resolves a plain (unquoted) scalar the way go-yaml v2 does.
Value resolvePlain(const std::string& s) {
    // Most scalars are names and words: only these first characters can start anything but a string.
    if (!s.empty() && std::string_view("yYnNtTfFoO~.-+0123456789").find(s[0]) == std::string_view::npos)
        return Value(s);
    if (isYamlNull(s)) return Value();
    if (isYamlTrue(s)) return Value(true);
    if (isYamlFalse(s)) return Value(false);
    if (isOneOf(s, {".nan", ".NaN", ".NAN"})) return Value(std::nan(""));
    if (isOneOf(s, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"})) return Value(HUGE_VAL);
    if (isOneOf(s, {"-.inf", "-.Inf", "-.INF"})) return Value(-HUGE_VAL);
    if (looksLikeInt(s)) {
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
    if (looksLikeFloat(s) || looksLikeInt(s))
        return Value(std::strtod(s.c_str(), nullptr));
    return Value(s);
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
    // Timestamps start with four digits and a dash; only those are worth the regular expression.
    if (s.size() < 8 || s[4] != '-' || !allOf(std::string_view(s).substr(0, 4), "0123456789")) return false;
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
    // A line break inside single quotes reads back as a space (YAML folds it): such strings, when
    // they cannot be a literal block, are written double-quoted with \n (found by the fuzzer).
    if (!isPrintableAscii(s) || readsAsOtherType(s) || s.find('\n') != std::string::npos) return doubleQuoted(s);
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

constexpr size_t kMaxSimpleKey = 128;

void writeObject(std::string& out, const Value& v, int indent, bool afterDash) {
    bool first = true;
    for (const auto& [k, child] : v.asObject()) {
        if (!(first && afterDash)) out.append(size_t(indent), ' ');
        first = false;
        const std::string key = scalarText(k);
        if (key.size() > kMaxSimpleKey) {
            // Too long for an implicit key (YAML allows 1,024 characters; go-yaml's emitter stops at
            // 128): the explicit form, "? key" then ": value" (found by the fuzzer).
            out += "? " + key + "\n";
            out.append(size_t(indent), ' ');
        } else {
            out += key;
        }
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

namespace {

// go-yaml v2's guard against alias bombs: when more than this share of the nodes read came through
// aliases (99% for small documents, down to 10% for 4,000,000 nodes), the document is refused.
double allowedAliasRatio(double nodes) {
    if (nodes <= 400000) return 0.99;
    if (nodes >= 4000000) return 0.10;
    return 0.99 - 0.89 * (nodes - 400000) / 3600000;
}

size_t countNodes(const Value& v) {
    size_t n = 1;
    if (v.isArray())
        for (const auto& e : v.asArray()) n += countNodes(e);
    else if (v.isObject())
        for (const auto& [k, e] : v.asObject()) n += 1 + countNodes(e);
    return n;
}

std::string text(const yaml_char_t* s) { return s ? std::string(reinterpret_cast<const char*>(s)) : std::string(); }

// One pass of libyaml's event parser over a stream, building each document with a ValueBuilder.
class Reader {
public:
    Reader(std::string_view input, const std::function<ItemSink(int)>& itemsFor,
           const std::function<Status(int, Value&&)>& onDocument, const ReadProgress& progress)
        : itemsFor_(itemsFor), onDocument_(onDocument), progress_(progress) {
        yaml_parser_initialize(&parser_);
        yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(input.data()), input.size());
    }
    // One part of a List (list_parts.h): a part after the first is read as "items:" and its lines, its
    // lines numbered as in the whole text.
    Reader(std::string_view text, const ListPart& part, const std::function<ItemSink(int)>& itemsFor,
           const std::function<Status(int, Value&&)>& onDocument, const ReadProgress& progress, bool dropManagedFields)
        : itemsFor_(itemsFor), onDocument_(onDocument), progress_(progress), dropManagedFields_(dropManagedFields) {
        yaml_parser_initialize(&parser_);
        offset_ = part.begin;
        if (part.first()) {
            yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text.data()), part.end);
            return;
        }
        prefix_ = kItemsKey;
        rest_ = text.substr(part.begin, part.end - part.begin);
        lineBase_ = part.countLines ? int(std::count(text.begin(), text.begin() + std::ptrdiff_t(part.begin), '\n')) - 1 : -1;
        yaml_parser_set_input(&parser_, &Reader::readPart, this);
    }

    void placeIn(const YamlOrigin& origin) {
        lineBase_ += origin.lines;
        document_ = origin.documents;
    }

    static constexpr std::string_view kItemsKey = "items:\n";
    bool sawAlias() const { return sawAlias_; }
    ~Reader() { yaml_parser_delete(&parser_); }
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    Status run() {
        for (;;) {
            yaml_event_t event;
            if (!yaml_parser_parse(&parser_, &event)) return parserError();
            // libyaml copies the text into buffers of its own: what is before the event is done with.
            // (The mark counts characters, which are never more than bytes.)
            if (progress_ && event.start_mark.index - reported_ >= kProgressStep) {
                reported_ = event.start_mark.index;
                progress_(offset_ + reported_ - std::min(reported_, prefix_.size()));
            }
            Status st = handle(event);
            const bool end = event.type == YAML_STREAM_END_EVENT;
            yaml_event_delete(&event);
            if (!st.isOk()) return st;
            if (end) return {};
        }
    }

private:
    struct Level {
        bool mapping = false;
        bool keyNext = false;
        std::string anchor;
    };

    // libyaml's input for a part: the "items:" line, then the part's text.
    static int readPart(void* data, unsigned char* buffer, size_t size, size_t* read) {
        auto* self = static_cast<Reader*>(data);
        std::string_view& from = !self->prefix_.empty() ? self->prefix_ : self->rest_;
        *read = std::min(size, from.size());
        std::memcpy(buffer, from.data(), *read);
        from.remove_prefix(*read);
        return 1;
    }

    static Status error(const std::string& msg) { return Status(StatusCode::InvalidArgument, "yaml: " + msg); }

    // go-yaml v2's parser.fail(): the problem's line (one more for scanner errors, which libyaml reports
    // before moving to the line), else the context's; no line when both are 0.
    Status parserError() const {
        size_t line = 0;
        if (parser_.problem_mark.line != 0) {
            line = parser_.problem_mark.line;
            if (parser_.error == YAML_SCANNER_ERROR) ++line;
        } else if (parser_.context_mark.line != 0) {
            line = parser_.context_mark.line;
        }
        std::string where = line ? "line " + std::to_string(line) + ": " : "";
        return error(where + (parser_.problem ? parser_.problem : "unknown problem parsing YAML content"));
    }

    Status handle(const yaml_event_t& e) {
        const int line = int(e.start_mark.line) + 1 + lineBase_, column = int(e.start_mark.column) + 1;
        switch (e.type) {
            case YAML_DOCUMENT_START_EVENT:
                ++document_;
                builder_ = ValueBuilder(itemsFor_ ? itemsFor_(document_) : ItemSink{}, dropManagedFields_);
                anchors_.clear();
                levels_.clear();
                return {};
            case YAML_DOCUMENT_END_EVENT: {
                Value v = builder_.done() ? builder_.take() : Value();
                return onDocument_(document_, std::move(v));
            }
            case YAML_ALIAS_EVENT: {
                const std::string name = text(e.data.alias.anchor);
                auto it = anchors_.find(name);
                sawAlias_ = true;
                if (it == anchors_.end()) return error("unknown anchor '" + name + "' referenced");
                aliased_ += it->second.second;
                PH_RETURN_IF_ERROR(count(it->second.second));
                return node(Value(it->second.first), {});
            }
            case YAML_SCALAR_EVENT: {
                PH_RETURN_IF_ERROR(count(1));
                std::string value(reinterpret_cast<const char*>(e.data.scalar.value), e.data.scalar.length);
                if (!levels_.empty() && levels_.back().mapping && levels_.back().keyNext) {
                    levels_.back().keyNext = false;
                    if (e.data.scalar.anchor) anchors_[text(e.data.scalar.anchor)] = {Value(value), 1};
                    builder_.key(std::move(value));
                    return {};
                }
                const std::string tag = text(e.data.scalar.tag);
                Value v;
                if (tag == "tag:yaml.org,2002:str" || tag == "!" ||
                    (tag.empty() && e.data.scalar.style != YAML_PLAIN_SCALAR_STYLE)) {
                    v = Value(std::move(value));
                } else {
                    v = resolvePlain(value);
                }
                v.setPosition(line, column);
                return node(std::move(v), text(e.data.scalar.anchor));
            }
            case YAML_SEQUENCE_START_EVENT:
            case YAML_MAPPING_START_EVENT: {
                PH_RETURN_IF_ERROR(count(1));
                if (!levels_.empty() && levels_.back().mapping && levels_.back().keyNext)
                    return error("line " + std::to_string(line - lineBase_) + ": a mapping key must be a scalar");
                const bool mapping = e.type == YAML_MAPPING_START_EVENT;
                const bool ok = mapping ? builder_.startObject(line, column) : builder_.startArray(line, column);
                if (!ok) return error("exceeded max depth of " + std::to_string(ValueBuilder::kMaxDepth));
                levels_.push_back({mapping, mapping, text(mapping ? e.data.mapping_start.anchor : e.data.sequence_start.anchor)});
                return {};
            }
            case YAML_SEQUENCE_END_EVENT:
            case YAML_MAPPING_END_EVENT: {
                Level level = std::move(levels_.back());
                levels_.pop_back();
                if (level.anchor.empty()) {
                    builder_.end();
                } else {
                    Value ended;
                    builder_.end(&ended);
                    const size_t nodes = countNodes(ended);
                    anchors_[level.anchor] = {std::move(ended), nodes};
                }
                valueDone();
                return {};
            }
            default: return {};
        }
    }

    Status node(Value v, const std::string& anchor) {
        if (!levels_.empty() && levels_.back().mapping && levels_.back().keyNext) {
            // An alias in a key's place: a scalar one is the key.
            levels_.back().keyNext = false;
            if (!v.isString() && !v.isNumber() && !v.isBool() && !v.isNull())
                return error("a mapping key must be a scalar");
            builder_.key(v.isString() ? v.asString() : v.isNull() ? "null" : v.isBool() ? (v.asBool() ? "true" : "false") : v.numberText());
            return {};
        }
        if (!anchor.empty()) anchors_[anchor] = {v, 1};
        builder_.value(std::move(v));
        valueDone();
        return {};
    }

    void valueDone() {
        if (!levels_.empty() && levels_.back().mapping) levels_.back().keyNext = true;
    }

    Status count(size_t nodes) {
        decoded_ += nodes;
        if (aliased_ > 100 && decoded_ > 1000 && double(aliased_) / double(decoded_) > allowedAliasRatio(double(decoded_)))
            return error("document contains excessive aliasing");
        return {};
    }

    static constexpr size_t kProgressStep = 8 << 20;
    yaml_parser_t parser_;
    const std::function<ItemSink(int)>& itemsFor_;
    const std::function<Status(int, Value&&)>& onDocument_;
    const ReadProgress& progress_;
    size_t reported_ = 0;
    ValueBuilder builder_;
    std::vector<Level> levels_;
    std::unordered_map<std::string, std::pair<Value, size_t>> anchors_;
    int document_ = 0;
    size_t decoded_ = 0;
    size_t aliased_ = 0;
    bool sawAlias_ = false;
    // Reading a part of a List: where it starts in the text, what its reader reads before it, the
    // lines before it.
    size_t offset_ = 0;
    // A part only: an anchor inside a dropped managedFields could be named by an alias, and any alias
    // has the text read whole again (without dropping).
    bool dropManagedFields_ = false;
    std::string_view prefix_;
    std::string_view rest_;
    int lineBase_ = 0;
};

}  // namespace

Status readYamlDocuments(std::string_view text, const std::function<ItemSink(int)>& itemsFor,
                         const std::function<Status(int, Value&&)>& onDocument, const ReadProgress& progress,
                         const YamlOrigin& origin) {
    Reader reader(text, itemsFor, onDocument, progress);
    reader.placeIn(origin);
    return reader.run();
}

StatusOr<Value> readYamlListPart(std::string_view text, const ListPart& part, const ItemSink& items,
                                 const ReadProgress& progress, int lines, bool dropManagedFields) {
    const Status notACut(StatusCode::Aborted, "the List cannot be read in parts here");
    Value root;
    int documents = 0;
    const std::function<ItemSink(int)> itemsFor = [&](int) { return items; };
    const std::function<Status(int, Value&&)> onDocument = [&](int, Value&& v) {
        root = std::move(v);
        return ++documents > 1 ? notACut : Status();
    };
    Reader reader(text, part, itemsFor, onDocument, progress, dropManagedFields);
    reader.placeIn({lines, 0});
    // An alias may name an anchor in another part, and go-yaml's aliasing limit counts the whole
    // document: with any alias the text is read whole.
    if (!reader.run().isOk() || documents != 1 || reader.sawAlias() || !root.isObject()) return notACut;
    const auto& members = root.asObject();
    size_t at = members.size();
    for (size_t i = 0; i < members.size(); ++i)
        if (members[i].first == "items") at = i;
    if (at == members.size() || !members[at].second.isArray() || members[at].second.size() != 0) return notACut;
    // The first part ends inside "items", a middle part is "items" alone, the last begins with it.
    if (part.first() && at != members.size() - 1) return notACut;
    if (!part.first() && at != 0) return notACut;
    if (!part.first() && !part.last && members.size() != 1) return notACut;
    return root;
}

StatusOr<std::vector<Value>> parseYamlDocuments(std::string_view text) {
    std::vector<Value> out;
    Status st = readYamlDocuments(text, {}, [&](int, Value&& v) {
        out.push_back(std::move(v));
        return Status();
    }, {});
    if (!st.isOk()) return st;
    return out;
}

std::string toYaml(const Value& value) {
    std::string out;
    writeValue(out, value, 0, false);
    return out;
}

}  // namespace pilothouse::codec
