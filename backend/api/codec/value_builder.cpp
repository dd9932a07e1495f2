#include "api/codec/value_builder.h"

namespace pilothouse::codec {

namespace {

// Objects up to this size find a repeated key by looking at every member; larger ones by an index.
constexpr size_t kLinearKeys = 16;

// The length of the valid UTF-8 sequence at s[i], or 0 when the byte there does not start one.
size_t utf8Length(std::string_view s, size_t i) {
    const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    const size_t left = s.size() - i;
    auto cont = [&](size_t k) { return (b(k) & 0xC0) == 0x80; };
    if (c >= 0xC2 && c <= 0xDF) return left >= 2 && cont(i + 1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (left < 3 || !cont(i + 1) || !cont(i + 2)) return 0;
        if (c == 0xE0 && b(i + 1) < 0xA0) return 0;   // overlong
        if (c == 0xED && b(i + 1) >= 0xA0) return 0;  // a surrogate
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (left < 4 || !cont(i + 1) || !cont(i + 2) || !cont(i + 3)) return 0;
        if (c == 0xF0 && b(i + 1) < 0x90) return 0;   // overlong
        if (c == 0xF4 && b(i + 1) >= 0x90) return 0;  // above U+10FFFF
        return 4;
    }
    return 0;
}

}  // namespace

std::string ValueBuilder::validUtf8(std::string_view s) {
    size_t i = 0;
    while (i < s.size() && static_cast<unsigned char>(s[i]) < 0x80) ++i;
    if (i == s.size()) return std::string(s);
    std::string out(s.substr(0, i));
    while (i < s.size()) {
        if (static_cast<unsigned char>(s[i]) < 0x80) {
            out += s[i++];
            continue;
        }
        if (size_t n = utf8Length(s, i)) {
            out.append(s.substr(i, n));
            i += n;
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    return out;
}

bool ValueBuilder::atItemManagedFields() const {
    // The document, its "items", an item, the item's "metadata".
    return stack_.size() == 4 && stack_[1].streamItems && stack_[2].key == "metadata" && stack_[3].value.isObject() &&
           stack_[3].key == "managedFields";
}

bool ValueBuilder::startObject(int line, int column) {
    if (depth() + skipped_ >= kMaxDepth) return false;
    if (skipped_ > 0 || dropNext_) {
        dropNext_ = false;
        ++skipped_;
        return true;
    }
    Frame f;
    f.value = Value::object();
    f.value.asObject().reserve(8);  // most objects of a manifest have a few keys: fewer regrowths
    f.value.setPosition(line, column);
    stack_.push_back(std::move(f));
    return true;
}

bool ValueBuilder::startArray(int line, int column) {
    if (depth() + skipped_ >= kMaxDepth) return false;
    if (skipped_ > 0 || dropNext_) {
        dropNext_ = false;
        ++skipped_;
        return true;
    }
    Frame f;
    f.value = Value::array();
    f.value.setPosition(line, column);
    // The top-level object's "items": its elements go to the sink as they complete.
    f.streamItems = items_ && stack_.size() == 1 && stack_[0].value.isObject() && stack_[0].key == "items";
    stack_.push_back(std::move(f));
    return true;
}

void ValueBuilder::key(std::string key) {
    if (skipped_ > 0) return;
    stack_.back().key = std::move(key);
    dropNext_ = dropManagedFields_ && atItemManagedFields();
}

void ValueBuilder::value(Value v) {
    if (skipped_ > 0) return;
    if (dropNext_) {
        dropNext_ = false;
        return;
    }
    attach(std::move(v));
}

void ValueBuilder::end(Value* ended) {
    if (skipped_ > 0) {
        --skipped_;
        return;
    }
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    if (ended) *ended = f.value;
    attach(std::move(f.value));
}

void ValueBuilder::addMember(Frame& frame, Value v) {
    auto& members = frame.value.asObject();
    if (members.size() < kLinearKeys) {
        for (auto& [k, existing] : members) {
            if (k == frame.key) {
                existing = std::move(v);
                return;
            }
        }
    } else {
        if (frame.index.empty())
            for (size_t i = 0; i < members.size(); ++i) frame.index.emplace(members[i].first, i);
        auto [it, inserted] = frame.index.emplace(frame.key, members.size());
        if (!inserted) {
            members[it->second].second = std::move(v);
            return;
        }
    }
    members.emplace_back(std::move(frame.key), std::move(v));
}

void ValueBuilder::attach(Value v) {
    if (stack_.empty()) {
        root_ = std::move(v);
        done_ = true;
        return;
    }
    Frame& top = stack_.back();
    if (top.value.isObject()) {
        addMember(top, std::move(v));
    } else if (top.streamItems) {
        items_(std::move(v), handedOut_++);
    } else {
        top.value.asArray().push_back(std::move(v));
    }
}

}  // namespace pilothouse::codec
