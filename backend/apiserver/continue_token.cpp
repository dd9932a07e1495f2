#include "apiserver/continue_token.h"

#include <filesystem>

#include "api/codec/json.h"
#include "apiserver/errors.h"

namespace pilothouse::apiserver {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// base64.RawURLEncoding: the URL-safe alphabet, no padding.
std::string base64UrlEncode(const std::string& in) {
    std::string out;
    out.reserve((in.size() * 4 + 2) / 3);
    size_t i = 0;
    for (; i + 2 < in.size(); i += 3) {
        const uint32_t n = (uint8_t(in[i]) << 16) | (uint8_t(in[i + 1]) << 8) | uint8_t(in[i + 2]);
        for (int shift : {18, 12, 6, 0}) out += kAlphabet[(n >> shift) & 63];
    }
    if (i + 1 == in.size()) {
        const uint32_t n = uint8_t(in[i]) << 16;
        out += kAlphabet[(n >> 18) & 63];
        out += kAlphabet[(n >> 12) & 63];
    } else if (i + 2 == in.size()) {
        const uint32_t n = (uint8_t(in[i]) << 16) | (uint8_t(in[i + 1]) << 8);
        for (int shift : {18, 12, 6}) out += kAlphabet[(n >> shift) & 63];
    }
    return out;
}

// Go's error texts for RawURLEncoding.DecodeString: "illegal base64 data at input byte N".
StatusOr<std::string> base64UrlDecode(const std::string& in) {
    std::string out;
    uint32_t acc = 0;
    int bits = 0;
    for (size_t i = 0; i < in.size(); ++i) {
        const char c = in[i];
        int v;
        if (c >= 'A' && c <= 'Z') v = c - 'A';
        else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
        else if (c >= '0' && c <= '9') v = c - '0' + 52;
        else if (c == '-') v = 62;
        else if (c == '_') v = 63;
        else return Status(StatusCode::InvalidArgument, "illegal base64 data at input byte " + std::to_string(i));
        acc = (acc << 6) | uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += char((acc >> bits) & 0xff);
        }
    }
    // A lone 6-bit group cannot hold a byte.
    if (in.size() % 4 == 1)
        return Status(StatusCode::InvalidArgument, "illegal base64 data at input byte " + std::to_string(in.size() - 1));
    return out;
}

constexpr const char* kInvalid = "continue key is not valid";

}  // namespace

std::string encodeContinue(const std::string& nextKey, const std::string& keyPrefix, int64_t revision) {
    const std::string start = nextKey.compare(0, keyPrefix.size(), keyPrefix) == 0 ? nextKey.substr(keyPrefix.size()) : nextKey;
    codec::Value token = codec::Value::object();
    token.set("v", "meta.k8s.io/v1");
    token.set("rv", revision);
    token.set("start", start);
    return base64UrlEncode(codec::toJson(token, codec::JsonStyle::Compact));
}

StatusOr<ContinuePosition> decodeContinue(const std::string& token, const std::string& keyPrefix) {
    auto data = base64UrlDecode(token);
    if (!data) return newBadRequest(std::string(kInvalid) + ": " + data.status().message());
    auto json = codec::parseJson(*data);
    if (!json || !json->isObject()) return newBadRequest(std::string(kInvalid) + ": " + (json ? "not a JSON object" : json.status().message()));
    const codec::Value* v = json->find("v");
    const codec::Value* rv = json->find("rv");
    const codec::Value* start = json->find("start");
    const std::string version = v && v->isString() ? v->asString() : "";
    if (version != "meta.k8s.io/v1")
        return newBadRequest("continue key is not valid: server does not recognize this encoded version " + version);
    if (!rv || !rv->isInt() || rv->asInt() == 0)
        return newBadRequest("continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)");
    if (!start || !start->isString() || start->asString().empty())
        return newBadRequest("continue key is not valid: encoded start key empty (version meta.k8s.io/v1)");
    // Upstream's defence against path traversal: the start key, rooted at "/", must already be
    // in its cleaned form, so it cannot reach above the list's prefix.
    std::string key = start->asString();
    if (key[0] != '/') key = "/" + key;
    std::string cleaned = std::filesystem::path(key).lexically_normal().generic_string();
    if (cleaned.size() > 1 && cleaned.back() == '/') cleaned.pop_back();
    if (cleaned != key) return newBadRequest(std::string(kInvalid) + ": " + start->asString());
    return ContinuePosition{keyPrefix + cleaned.substr(1), rv->asInt()};
}

}  // namespace pilothouse::apiserver
