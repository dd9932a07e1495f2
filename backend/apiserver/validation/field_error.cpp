#include "apiserver/validation/field_error.h"

#include <cstdint>
#include <cstdio>

namespace pilothouse::apiserver::validation {
namespace {

const char* typeText(ErrorType t) {
    switch (t) {
        case ErrorType::NotFound: return "Not found";
        case ErrorType::Required: return "Required value";
        case ErrorType::Duplicate: return "Duplicate value";
        case ErrorType::Invalid: return "Invalid value";
        case ErrorType::NotSupported: return "Unsupported value";
        case ErrorType::Forbidden: return "Forbidden";
        case ErrorType::TooLong: return "Too long";
        case ErrorType::TooMany: return "Too many";
        case ErrorType::Internal: return "Internal error";
        case ErrorType::TypeInvalid: return "Invalid value";
    }
    return "Invalid value";
}

// Decodes one UTF-8 sequence at s[i]; returns the code point or -1 for an invalid byte.
int32_t decodeRune(const std::string& s, size_t i, size_t* len) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    *len = 1;
    if (b0 < 0x80) return b0;
    int need = 0;
    int32_t cp = 0;
    if ((b0 & 0xE0) == 0xC0) { need = 1; cp = b0 & 0x1F; }
    else if ((b0 & 0xF0) == 0xE0) { need = 2; cp = b0 & 0x0F; }
    else if ((b0 & 0xF8) == 0xF0) { need = 3; cp = b0 & 0x07; }
    else return -1;
    for (int k = 1; k <= need; ++k) {
        if (i + k >= s.size()) return -1;
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xC0) != 0x80) return -1;
        cp = (cp << 6) | (b & 0x3F);
    }
    // Overlong encodings and surrogates are invalid in Go's decoder.
    if ((need == 1 && cp < 0x80) || (need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) ||
        cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return -1;
    *len = static_cast<size_t>(need) + 1;
    return cp;
}

}  // namespace

std::string quote(const std::string& s) {
    // strconv.Quote: printable runes verbatim, the rest escaped.
    std::string out = "\"";
    char buf[16];
    for (size_t i = 0; i < s.size();) {
        size_t len = 1;
        const int32_t r = decodeRune(s, i, &len);
        if (r < 0) {
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(s[i]));
            out += buf;
            i += 1;
            continue;
        }
        switch (r) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\a': out += "\\a"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\v': out += "\\v"; break;
            default:
                if (r < 0x20 || r == 0x7F) {
                    std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(r));
                    out += buf;
                } else if (r >= 0x80 && r < 0xA0) {
                    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(r));
                    out += buf;
                } else {
                    out.append(s, i, len);
                }
        }
        i += len;
    }
    out += "\"";
    return out;
}

std::string FieldError::causeType() const {
    switch (type) {
        case ErrorType::NotFound: return "FieldValueNotFound";
        case ErrorType::Required: return "FieldValueRequired";
        case ErrorType::Duplicate: return "FieldValueDuplicate";
        case ErrorType::Invalid: return "FieldValueInvalid";
        case ErrorType::NotSupported: return "FieldValueNotSupported";
        case ErrorType::Forbidden: return "FieldValueForbidden";
        case ErrorType::TooLong: return "FieldValueTooLong";
        case ErrorType::TooMany: return "FieldValueTooMany";
        case ErrorType::Internal: return "InternalError";
        case ErrorType::TypeInvalid: return "FieldValueTypeInvalid";
    }
    return "FieldValueInvalid";
}

std::string FieldError::errorBody() const {
    std::string s = typeText(type);
    switch (type) {
        case ErrorType::Required:
        case ErrorType::Forbidden:
        case ErrorType::TooLong:
        case ErrorType::Internal:
            break;  // the value is never printed for these
        default:
            if (hasBadValue) s += ": " + badValue;
    }
    if (!detail.empty()) s += ": " + detail;
    return s;
}

std::string FieldError::toString() const { return field + ": " + errorBody(); }

FieldError required(std::string field, std::string detail) {
    return {ErrorType::Required, std::move(field), "\"\"", true, std::move(detail)};
}

FieldError invalid(std::string field, std::string renderedValue, std::string detail) {
    return {ErrorType::Invalid, std::move(field), std::move(renderedValue), true, std::move(detail)};
}

FieldError notSupported(std::string field, std::string renderedValue,
                        const std::vector<std::string>& validValues) {
    std::string detail;
    if (!validValues.empty()) {
        detail = "supported values: ";
        for (size_t i = 0; i < validValues.size(); ++i) {
            if (i) detail += ", ";
            detail += quote(validValues[i]);
        }
    }
    return {ErrorType::NotSupported, std::move(field), std::move(renderedValue), true,
            std::move(detail)};
}

FieldError duplicate(std::string field, std::string renderedValue) {
    return {ErrorType::Duplicate, std::move(field), std::move(renderedValue), true, {}};
}

FieldError forbidden(std::string field, std::string detail) {
    return {ErrorType::Forbidden, std::move(field), "\"\"", true, std::move(detail)};
}

FieldError tooLong(std::string field, std::string renderedValue, int maxLength) {
    return {ErrorType::TooLong, std::move(field), std::move(renderedValue), true,
            "must have at most " + std::to_string(maxLength) + " bytes"};
}

FieldError notFound(std::string field, std::string renderedValue) {
    return {ErrorType::NotFound, std::move(field), std::move(renderedValue), true, {}};
}

}  // namespace pilothouse::apiserver::validation
