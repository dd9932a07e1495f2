#include "api/codec/json.h"

#include <rapidjson/reader.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "api/codec/value_builder.h"

namespace pilothouse::codec {
namespace {

// Whether a byte is written as it is (the common case, copied in runs).
bool plainByte(unsigned char c) {
    return c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' && c != 0xE2;
}

void writeEscaped(std::string& out, std::string_view s) {
    size_t i = 0;
    while (i < s.size()) {
        size_t run = i;
        while (run < s.size() && plainByte(static_cast<unsigned char>(s[run]))) ++run;
        out.append(s.data() + i, run - i);
        i = run;
        if (i >= s.size()) break;
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
        ++i;
    }
}

void writeString(std::string& out, std::string_view s) {
    out += '"';
    writeEscaped(out, s);
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

// The text as RapidJSON reads it: bytes in [begin, end), '\0' past the end (RapidJSON's end marker),
// so the text needs no terminator and a NUL inside it is found where it is.
struct TextStream {
    using Ch = char;
    const char* begin;
    const char* cur;
    const char* end;
    Ch Peek() const { return cur < end ? *cur : '\0'; }
    Ch Take() { return cur < end ? *cur++ : '\0'; }
    size_t Tell() const { return size_t(cur - begin); }
    // Writing is only for in-situ parsing, which is not used.
    Ch* PutBegin() { return nullptr; }
    void Put(Ch) {}
    void Flush() {}
    size_t PutEnd(Ch*) { return 0; }
};

// Line and column (1-based) of offsets visited in increasing order: each byte is looked at once.
class Lines {
public:
    explicit Lines(std::string_view t) : t_(t) {}
    // Counting from `offset`, the start of line `line`.
    Lines(std::string_view t, size_t offset, int line) : t_(t), pos_(offset), lineStart_(offset), line_(line) {}
    std::pair<int, int> at(size_t offset) {
        if (offset < pos_) {  // not expected; start over rather than be wrong
            pos_ = 0;
            line_ = 1;
            lineStart_ = 0;
        }
        while (pos_ < offset) {
            const void* nl = std::memchr(t_.data() + pos_, '\n', offset - pos_);
            if (!nl) {
                pos_ = offset;
                break;
            }
            ++line_;
            pos_ = size_t(static_cast<const char*>(nl) - t_.data()) + 1;
            lineStart_ = pos_;
        }
        return {line_, int(offset - lineStart_) + 1};
    }

private:
    std::string_view t_;
    size_t pos_ = 0;
    size_t lineStart_ = 0;
    int line_ = 1;
};

// A number as Go keeps it: its spelling, and an int64 when it is an integer that fits.
Value numberValue(std::string_view text) {
    Value v;
    const bool integer = text.find_first_of(".eE") == std::string_view::npos;
    int64_t i = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), i);
    if (integer && ec == std::errc() && end == text.data() + text.size()) {
        v = Value(i);
    } else {
        v = Value(std::strtod(std::string(text).c_str(), nullptr));
    }
    v.setRaw(std::string(text));
    return v;
}

class Handler : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, Handler> {
public:
    Handler(ValueBuilder& builder, const TextStream& stream, Lines lines, const ReadProgress& progress)
        : b_(builder), stream_(stream), lines_(lines), progress_(progress) {}

    // What the builder reads past (ValueBuilder's dropManagedFields) is not made into values first.
    bool Null() { return add(Value()); }
    bool Bool(bool v) { return add(Value(v)); }
    bool RawNumber(const char* s, rapidjson::SizeType n, bool) { return add(b_.skipping() ? Value() : numberValue({s, n})); }
    bool String(const char* s, rapidjson::SizeType n, bool) {
        return add(b_.skipping() ? Value() : Value(ValueBuilder::validUtf8({s, n})));
    }
    bool Key(const char* s, rapidjson::SizeType n, bool) {
        if (b_.skipping()) return true;
        b_.key(ValueBuilder::validUtf8({s, n}));
        return true;
    }
    bool StartObject() { return start(true); }
    bool StartArray() { return start(false); }
    bool EndObject(rapidjson::SizeType) { return endContainer(); }
    bool EndArray(rapidjson::SizeType) { return endContainer(); }

    bool tooDeep() const { return tooDeep_; }

private:
    bool add(Value v) {
        b_.value(std::move(v));
        return true;
    }
    bool start(bool object) {
        // The iterative parser calls this before it takes the bracket: Tell() is the bracket.
        const size_t offset = stream_.Tell();
        if (progress_ && offset - reported_ >= kProgressStep) {
            reported_ = offset;
            progress_(offset);
        }
        // A value read past keeps no place (and Lines counts on from wherever it is asked next).
        auto [line, column] = b_.skipping() ? std::pair<int, int>{0, 0} : lines_.at(offset);
        if (object ? b_.startObject(line, column) : b_.startArray(line, column)) return true;
        tooDeep_ = true;
        return false;
    }
    bool endContainer() {
        b_.end();
        return true;
    }

    static constexpr size_t kProgressStep = 8 << 20;
    ValueBuilder& b_;
    const TextStream& stream_;
    Lines lines_;
    const ReadProgress& progress_;
    size_t reported_ = 0;
    bool tooDeep_ = false;
};

// Go's quoteChar: how encoding/json names the byte it stopped at.
std::string quoteChar(unsigned char c) {
    if (c == '\'') return "'\\''";
    if (c == '"') return "'\"'";
    switch (c) {
        case '\a': return "'\\a'";
        case '\b': return "'\\b'";
        case '\f': return "'\\f'";
        case '\n': return "'\\n'";
        case '\r': return "'\\r'";
        case '\t': return "'\\t'";
        case '\v': return "'\\v'";
        case '\\': return "'\\\\'";
        default: break;
    }
    char buf[16];
    if (c < 0x20 || c == 0x7F) {
        std::snprintf(buf, sizeof buf, "'\\x%02x'", c);
    } else if (c < 0x80) {
        std::snprintf(buf, sizeof buf, "'%c'", c);
    } else if (c < 0xA1 || c == 0xAD) {  // Go's strconv.Quote of U+0080-U+00A0 and U+00AD
        std::snprintf(buf, sizeof buf, "'\\u%04x'", c);
    } else {  // the rune U+00xx, written as UTF-8
        std::snprintf(buf, sizeof buf, "'%c%c'", char(0xC0 | (c >> 6)), char(0x80 | (c & 0x3F)));
    }
    return buf;
}

// encoding/json's text for the byte at `offset`, where RapidJSON stopped with `code`.
std::string syntaxError(std::string_view t, size_t& offset, rapidjson::ParseErrorCode code) {
    using namespace rapidjson;
    if (offset >= t.size()) return "unexpected EOF";  // what kubectl's stream decoder says
    unsigned char c = static_cast<unsigned char>(t[offset]);
    const std::string bad = "invalid character " + quoteChar(c);
    switch (code) {
        case kParseErrorDocumentRootNotSingular: return bad + " after top-level value";
        case kParseErrorObjectMissName: return bad + " looking for beginning of object key string";
        case kParseErrorObjectMissColon: return bad + " after object key";
        case kParseErrorObjectMissCommaOrCurlyBracket: return bad + " after object key:value pair";
        case kParseErrorArrayMissCommaOrSquareBracket: return bad + " after array element";
        case kParseErrorStringUnicodeEscapeInvalidHex:
        case kParseErrorStringUnicodeSurrogateInvalid: {
            // RapidJSON points at the escape; Go at the first byte that is not a hex digit.
            size_t i = offset;
            while (i < t.size() && t[i] != 'u') ++i;
            if (code == kParseErrorStringUnicodeSurrogateInvalid) return bad + " in \\u hexadecimal character escape";
            for (size_t k = i + 1; k < t.size() && k <= i + 4; ++k) {
                if (!std::isxdigit(static_cast<unsigned char>(t[k]))) {
                    offset = k;
                    return "invalid character " + quoteChar(static_cast<unsigned char>(t[k])) +
                           " in \\u hexadecimal character escape";
                }
            }
            return "unexpected EOF";
        }
        case kParseErrorStringEscapeInvalid:
        case kParseErrorStringMissQuotationMark:
        case kParseErrorStringInvalidEncoding:
            if (c < 0x20) return bad + " in string literal";
            // RapidJSON points at the backslash, Go at the letter after it.
            if (c == '\\' && offset + 1 < t.size()) {
                ++offset;
                return "invalid character " + quoteChar(static_cast<unsigned char>(t[offset])) + " in string escape code";
            }
            return bad + " in string escape code";
        case kParseErrorNumberMissFraction:
            return bad + " after decimal point in numeric literal";
        case kParseErrorNumberMissExponent:
            return bad + " in exponent of numeric literal";
        case kParseErrorValueInvalid: {
            // A literal cut short (RapidJSON stops at the first byte that differs): Go names it and the
            // byte it expected.
            size_t start = offset;
            while (start > 0 && std::isalpha(static_cast<unsigned char>(t[start - 1]))) --start;
            for (std::string_view word : {"true", "false", "null"}) {
                const size_t k = offset - start;
                if (t[start] == word[0] && k > 0 && k < word.size() && t.substr(start, k) == word.substr(0, k))
                    return bad + " in literal " + std::string(word) + " (expecting '" + word[k] + "')";
            }
            if (offset > 0 && t[offset - 1] == '-') return bad + " in numeric literal";
            return bad + " looking for beginning of value";
        }
        default: return bad + " looking for beginning of value";
    }
}

// Iterative: no recursion however deep the input nests. Numbers as text: their spelling is kept.
constexpr unsigned kFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag;

StatusOr<Value> parse(std::string_view text, const ItemSink& items, const ReadProgress& progress,
                      bool dropManagedFields = false) {
    ValueBuilder builder(items, dropManagedFields);
    TextStream stream{text.data(), text.data(), text.data() + text.size()};
    Handler handler(builder, stream, Lines(text), progress);
    rapidjson::Reader reader;
    rapidjson::ParseResult result = reader.Parse<kFlags>(stream, handler);
    if (result.IsError()) {
        size_t offset = result.Offset();
        std::string what = handler.tooDeep()
                               ? "invalid character " + quoteChar(static_cast<unsigned char>(text[offset])) + " exceeded max depth"
                               : syntaxError(text, offset, result.Code());
        // kubectl's words (apimachinery's JSONSyntaxError: the offset is the bytes read, the bad one
        // included), then the line and column a person looks for.
        offset = std::min(offset, text.size());
        auto [line, column] = Lines(text).at(offset);
        const size_t read = std::min(offset + 1, text.size());
        const std::string place = " (line " + std::to_string(line) + ", column " + std::to_string(column) + ")";
        if (offset >= text.size()) return Status(StatusCode::InvalidArgument, what + place);
        return Status(StatusCode::InvalidArgument, "json: offset " + std::to_string(read) + ": " + what + place);
    }
    return builder.take();
}
}  // namespace

std::string toJson(const Value& value, JsonStyle style) {
    std::string out;
    write(out, value, style, 0);
    return out;
}

void appendJson(std::string& out, const Value& value) { write(out, value, JsonStyle::Compact, 0); }

void appendJsonString(std::string& out, std::string_view s) { writeString(out, s); }

void appendJsonEscaped(std::string& out, std::string_view s) { writeEscaped(out, s); }

StatusOr<Value> parseJson(std::string_view text) { return parse(text, {}, {}); }

StatusOr<Value> parseJsonListPart(std::string_view text, const ListPart& part, const ItemSink& items,
                                  const ReadProgress& progress, bool dropManagedFields) {
    const Status notACut(StatusCode::Aborted, "the List cannot be read in parts here");
    ValueBuilder builder(items, dropManagedFields);
    rapidjson::Reader reader;
    if (part.first()) {
        // The document up to the cut: the reader must stop there, right after an element of "items".
        TextStream stream{text.data(), text.data(), text.data() + part.end};
        Handler handler(builder, stream, Lines(text), progress);
        const rapidjson::ParseResult r = reader.Parse<kFlags>(stream, handler);
        if (!r.IsError() || r.Code() != rapidjson::kParseErrorArrayMissCommaOrSquareBracket || r.Offset() != part.end ||
            !builder.streamingItems())
            return notACut;
        builder.end();  // "items"
        builder.end();  // the document
        return builder.take();
    }
    // Elements of "items", one value at a time, then (last part) the rest of the document.
    const int line = part.countLines ? 1 + int(std::count(text.begin(), text.begin() + std::ptrdiff_t(part.begin), '\n')) : 1;
    TextStream stream{text.data(), text.data() + part.begin, text.data() + part.end};
    Handler handler(builder, stream, Lines(text, part.begin, line), progress);
    builder.startObject(line, 1);
    builder.key("items");
    builder.startArray(line, 1);
    for (;;) {
        if (reader.Parse<kFlags | rapidjson::kParseStopWhenDoneFlag>(stream, handler).IsError()) return notACut;
        if (!part.last && stream.Tell() == part.end && builder.streamingItems()) {
            builder.end();
            builder.end();
            return builder.take();
        }
        rapidjson::SkipWhitespace(stream);
        const char c = stream.Take();
        if (c == ',' && builder.streamingItems()) continue;
        if (c != ']' || !part.last || !builder.streamingItems()) return notACut;
        break;
    }
    builder.end();  // "items"
    rapidjson::SkipWhitespace(stream);
    char c = stream.Take();
    Value rest = Value::object();
    if (c == ',') {
        // The members after "items" (kind, metadata: a few lines), read as an object of their own.
        auto tail = parse("{" + std::string(stream.cur, stream.end), {}, {});
        if (!tail || !tail->isObject()) return notACut;
        rest = std::move(*tail);
    } else if (c != '}') {
        return notACut;
    } else {
        rapidjson::SkipWhitespace(stream);
        if (stream.cur != stream.end) return notACut;
    }
    builder.end();
    Value root = builder.take();
    for (auto& [key, value] : rest.asObject()) root.set(key, std::move(value));
    return root;
}

StatusOr<Value> parseJson(std::string_view text, const ItemSink& items, const ReadProgress& progress,
                          bool dropManagedFields) {
    return parse(text, items, progress, dropManagedFields);
}


}  // namespace pilothouse::codec
