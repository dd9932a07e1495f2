#include "apiserver/patch.h"

#include <string>
#include <vector>

namespace pilothouse::apiserver {

using codec::Value;

Value applyMergePatch(const Value& target, const Value& patch) {
    if (!patch.isObject()) return patch;
    Value result = target.isObject() ? target : Value::object();
    for (const auto& [key, value] : patch.asObject()) {
        if (value.isNull()) {
            result.erase(key);
        } else {
            const Value* existing = result.find(key);
            result.set(key, applyMergePatch(existing ? *existing : Value(), value));
        }
    }
    return result;
}

Value createMergePatch(const Value& original, const Value& modified) {
    if (!original.isObject() || !modified.isObject()) return modified;
    Value patch = Value::object();
    for (const auto& [key, now] : modified.asObject()) {
        const Value* before = original.find(key);
        if (!before) {
            patch.set(key, now);
        } else if (before->isObject() && now.isObject()) {
            Value inner = createMergePatch(*before, now);
            if (inner.size() > 0) patch.set(key, std::move(inner));
        } else if (!(*before == now)) {
            patch.set(key, now);
        }
    }
    for (const auto& [key, _] : original.asObject())
        if (!modified.find(key)) patch.set(key, Value());
    return patch;
}

namespace {

Status patchError(const std::string& msg) { return Status(StatusCode::InvalidArgument, msg); }

// RFC 6901 pointer -> tokens ("~1" is '/', "~0" is '~').
StatusOr<std::vector<std::string>> parsePointer(const std::string& path) {
    std::vector<std::string> tokens;
    if (path.empty()) return tokens;
    if (path[0] != '/') return patchError("invalid JSON pointer \"" + path + "\"");
    size_t start = 1;
    while (true) {
        size_t end = path.find('/', start);
        std::string raw = path.substr(start, end == std::string::npos ? std::string::npos : end - start);
        std::string token;
        for (size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] == '~' && i + 1 < raw.size() && (raw[i + 1] == '0' || raw[i + 1] == '1')) {
                token += raw[i + 1] == '0' ? '~' : '/';
                ++i;
            } else {
                token += raw[i];
            }
        }
        tokens.push_back(token);
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return tokens;
}

StatusOr<size_t> arrayIndex(const std::string& token, size_t size, bool allowEnd) {
    if (token == "-" && allowEnd) return size;
    if (token.empty() || token.find_first_not_of("0123456789") != std::string::npos)
        return patchError("invalid array index \"" + token + "\"");
    size_t i = std::stoul(token);
    if (i > size || (!allowEnd && i == size)) return patchError("array index out of bounds: " + token);
    return i;
}

// The parent container of the pointer's last token.
StatusOr<Value*> parentOf(Value& doc, const std::vector<std::string>& tokens, const std::string& path) {
    Value* cur = &doc;
    for (size_t i = 0; i + 1 < tokens.size(); ++i) {
        if (cur->isObject()) {
            cur = cur->find(tokens[i]);
        } else if (cur->isArray()) {
            auto idx = arrayIndex(tokens[i], cur->size(), false);
            if (!idx) return idx.status();
            cur = &cur->asArray()[*idx];
        } else {
            cur = nullptr;
        }
        if (!cur) return patchError("doc is missing path: \"" + path + "\"");
    }
    return cur;
}

StatusOr<Value> getAt(Value& doc, const std::string& path) {
    auto tokens = parsePointer(path);
    if (!tokens) return tokens.status();
    if (tokens->empty()) return doc;
    auto parent = parentOf(doc, *tokens, path);
    if (!parent) return parent.status();
    Value* p = *parent;
    if (p->isObject()) {
        if (const Value* v = p->find(tokens->back())) return *v;
    } else if (p->isArray()) {
        auto idx = arrayIndex(tokens->back(), p->size(), false);
        if (!idx) return idx.status();
        return p->asArray()[*idx];
    }
    return patchError("doc is missing path: \"" + path + "\"");
}

Status removeAt(Value& doc, const std::string& path) {
    auto tokens = parsePointer(path);
    if (!tokens) return tokens.status();
    if (tokens->empty()) return patchError("cannot remove the whole document");
    auto parent = parentOf(doc, *tokens, path);
    if (!parent) return parent.status();
    Value* p = *parent;
    if (p->isObject()) {
        if (!p->erase(tokens->back()))
            return patchError("unable to remove nonexistent key: " + tokens->back() + ": missing value");
        return {};
    }
    if (p->isArray()) {
        auto idx = arrayIndex(tokens->back(), p->size(), false);
        if (!idx) return idx.status();
        p->asArray().erase(p->asArray().begin() + long(*idx));
        return {};
    }
    return patchError("doc is missing path: \"" + path + "\"");
}

Status addAt(Value& doc, const std::string& path, Value value, bool replace) {
    auto tokens = parsePointer(path);
    if (!tokens) return tokens.status();
    if (tokens->empty()) {
        doc = std::move(value);
        return {};
    }
    auto parent = parentOf(doc, *tokens, path);
    if (!parent) return parent.status();
    Value* p = *parent;
    if (p->isObject()) {
        if (replace && !p->find(tokens->back()))
            return patchError("replace operation does not apply: doc is missing key: " + path);
        p->set(tokens->back(), std::move(value));
        return {};
    }
    if (p->isArray()) {
        auto idx = arrayIndex(tokens->back(), p->size(), !replace);
        if (!idx) return idx.status();
        if (replace) p->asArray()[*idx] = std::move(value);
        else p->asArray().insert(p->asArray().begin() + long(*idx), std::move(value));
        return {};
    }
    return patchError("doc is missing path: \"" + path + "\"");
}

}  // namespace

StatusOr<Value> applyJsonPatch(const Value& target, const Value& patch) {
    if (!patch.isArray()) return patchError("a JSON patch must be a list of operations");
    Value doc = target;
    for (const Value& op : patch.asArray()) {
        const Value* name = op.find("op");
        const Value* path = op.find("path");
        if (!name || !name->isString()) return patchError("missing operation in JSON patch");
        if (!path || !path->isString()) return patchError("missing path in JSON patch operation");
        const std::string& o = name->asString();
        const Value* value = op.find("value");
        if (o == "add" || o == "replace" || o == "test") {
            if (!value) return patchError("missing value for operation \"" + o + "\"");
        }
        if (o == "add") {
            PH_RETURN_IF_ERROR(addAt(doc, path->asString(), *value, false));
        } else if (o == "replace") {
            PH_RETURN_IF_ERROR(addAt(doc, path->asString(), *value, true));
        } else if (o == "remove") {
            PH_RETURN_IF_ERROR(removeAt(doc, path->asString()));
        } else if (o == "move" || o == "copy") {
            const Value* from = op.find("from");
            if (!from || !from->isString()) return patchError("missing from for operation \"" + o + "\"");
            auto v = getAt(doc, from->asString());
            if (!v) return v.status();
            if (o == "move") PH_RETURN_IF_ERROR(removeAt(doc, from->asString()));
            PH_RETURN_IF_ERROR(addAt(doc, path->asString(), *v, false));
        } else if (o == "test") {
            auto v = getAt(doc, path->asString());
            if (!v) return v.status();
            if (!(*v == *value)) return patchError("testing value " + path->asString() + " failed");
        } else {
            return patchError("Unexpected kind: " + o);
        }
    }
    return doc;
}

}  // namespace pilothouse::apiserver
