#include "editor/field_path.h"

#include <algorithm>
#include <cctype>

namespace pilothouse::ui::editor {

using codec::Value;

FieldPath FieldPath::parse(std::string_view text) {
    FieldPath path;
    std::string key;
    auto flush = [&] {
        if (!key.empty()) path.steps_.emplace_back(std::move(key));
        key.clear();
    };
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '.') {
            flush();
        } else if (c == '[') {
            flush();
            const size_t end = text.find(']', i);
            const std::string_view inside = text.substr(i + 1, end == std::string_view::npos ? std::string_view::npos : end - i - 1);
            const bool digits = !inside.empty() && std::all_of(inside.begin(), inside.end(), [](char d) { return std::isdigit(static_cast<unsigned char>(d)); });
            if (digits) path.steps_.emplace_back(size_t(std::stoull(std::string(inside))));
            else path.steps_.emplace_back(std::string(inside));
            if (end == std::string_view::npos) break;
            i = end;
        } else {
            key += c;
        }
    }
    flush();
    return path;
}

bool FieldPath::startsWith(const FieldPath& prefix) const {
    if (prefix.steps_.size() > steps_.size()) return false;
    for (size_t i = 0; i < prefix.steps_.size(); ++i)
        if (!(steps_[i] == prefix.steps_[i])) return false;
    return true;
}

FieldPath FieldPath::after(const FieldPath& prefix) const {
    FieldPath rest;
    if (!startsWith(prefix)) return rest;
    rest.steps_.assign(steps_.begin() + long(prefix.steps_.size()), steps_.end());
    return rest;
}

FieldPath FieldPath::child(std::string key) const {
    FieldPath p = *this;
    p.steps_.emplace_back(std::move(key));
    return p;
}

FieldPath FieldPath::child(size_t index) const {
    FieldPath p = *this;
    p.steps_.emplace_back(index);
    return p;
}

FieldPath FieldPath::append(const FieldPath& rest) const {
    FieldPath p = *this;
    p.steps_.insert(p.steps_.end(), rest.steps_.begin(), rest.steps_.end());
    return p;
}

std::string FieldPath::toString() const {
    std::string out;
    for (const auto& step : steps_) {
        if (const auto* index = std::get_if<size_t>(&step)) {
            out += "[" + std::to_string(*index) + "]";
        } else {
            const std::string& key = std::get<std::string>(step);
            // Keys with dots or slashes (label keys) print in brackets, as map keys do upstream.
            if (key.find_first_of("./") != std::string::npos && !out.empty()) out += "[" + key + "]";
            else out += (out.empty() ? "" : ".") + key;
        }
    }
    return out;
}

const Value* FieldPath::find(const Value& root) const {
    const Value* v = &root;
    for (const auto& step : steps_) {
        if (const auto* index = std::get_if<size_t>(&step)) {
            if (!v->isArray() || *index >= v->asArray().size()) return nullptr;
            v = &v->asArray()[*index];
        } else {
            v = v->find(std::get<std::string>(step));
            if (!v) return nullptr;
        }
    }
    return v;
}

const Value& FieldPath::deepest(const Value& root) const {
    const Value* v = &root;
    for (const auto& step : steps_) {
        const Value* next = nullptr;
        if (const auto* index = std::get_if<size_t>(&step)) {
            if (v->isArray() && *index < v->asArray().size()) next = &v->asArray()[*index];
        } else {
            next = v->find(std::get<std::string>(step));
        }
        if (!next) break;
        v = next;
    }
    return *v;
}

void FieldPath::set(Value& root, Value value) const {
    if (steps_.empty()) {
        root = std::move(value);
        return;
    }
    Value* v = &root;
    for (size_t i = 0; i + 1 < steps_.size(); ++i) {
        if (const auto* index = std::get_if<size_t>(&steps_[i])) {
            if (!v->isArray()) *v = Value::array();
            while (v->asArray().size() <= *index) v->push(Value());
            v = &v->asArray()[*index];
        } else {
            v = &(*v)[std::get<std::string>(steps_[i])];
        }
    }
    const auto& last = steps_.back();
    if (const auto* index = std::get_if<size_t>(&last)) {
        if (!v->isArray()) *v = Value::array();
        while (v->asArray().size() <= *index) v->push(Value());
        v->asArray()[*index] = std::move(value);
    } else if (value.isNull()) {
        if (v->isObject()) v->erase(std::get<std::string>(last));
    } else {
        v->set(std::get<std::string>(last), std::move(value));
    }
}

}  // namespace pilothouse::ui::editor
