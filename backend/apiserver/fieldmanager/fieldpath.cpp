#include "apiserver/fieldmanager/fieldpath.h"

#include <algorithm>
#include <charconv>

#include "api/codec/json.h"

namespace pilothouse::apiserver::fieldmanager {

using codec::Value;

namespace {

int rank(const Value& v) {
    if (v.isNumber()) return 0;
    if (v.isString()) return 1;
    if (v.isBool()) return 2;
    if (v.isArray()) return 3;
    if (v.isObject()) return 4;
    return 5;  // null
}

template <typename T>
int cmp(const T& a, const T& b) {
    return a < b ? -1 : (b < a ? 1 : 0);
}

// A scalar as upstream's value.ToString writes it in a path: strings quoted, others as JSON.
std::string valueText(const Value& v) { return codec::toJson(v, codec::JsonStyle::Compact); }

}  // namespace

int compareValues(const Value& a, const Value& b) {
    const int ra = rank(a), rb = rank(b);
    if (ra != rb) return cmp(ra, rb);
    switch (ra) {
        case 0:
            if (a.isInt() && b.isInt()) return cmp(a.asInt(), b.asInt());
            return cmp(a.asDouble(), b.asDouble());
        case 1: return a.asString().compare(b.asString()) < 0 ? -1 : (a.asString() == b.asString() ? 0 : 1);
        case 2: return cmp(int(a.asBool()), int(b.asBool()));
        case 3: {
            const auto& x = a.asArray();
            const auto& y = b.asArray();
            for (size_t i = 0; i < x.size() && i < y.size(); ++i)
                if (int c = compareValues(x[i], y[i])) return c;
            return cmp(x.size(), y.size());
        }
        case 4: {
            // Maps compare by their sorted keys, then values.
            auto sorted = [](const Value& v) {
                std::vector<const Value::Member*> m;
                for (const auto& member : v.asObject()) m.push_back(&member);
                std::sort(m.begin(), m.end(), [](auto* p, auto* q) { return p->first < q->first; });
                return m;
            };
            auto x = sorted(a), y = sorted(b);
            for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
                if (int c = x[i]->first.compare(y[i]->first)) return c < 0 ? -1 : 1;
                if (int c = compareValues(x[i]->second, y[i]->second)) return c;
            }
            return cmp(x.size(), y.size());
        }
        default: return 0;
    }
}

PathElement PathElement::fieldName(std::string name) {
    PathElement pe;
    pe.kind = Kind::Field;
    pe.field = std::move(name);
    return pe;
}

PathElement PathElement::keyed(std::vector<std::pair<std::string, Value>> fields) {
    std::sort(fields.begin(), fields.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    PathElement pe;
    pe.kind = Kind::Key;
    pe.key = std::move(fields);
    return pe;
}

PathElement PathElement::setValue(Value v) {
    PathElement pe;
    pe.kind = Kind::Value;
    pe.value = std::move(v);
    return pe;
}

PathElement PathElement::at(int i) {
    PathElement pe;
    pe.kind = Kind::Index;
    pe.index = i;
    return pe;
}

std::string PathElement::toString() const {
    switch (kind) {
        case Kind::Field: return "." + field;
        case Kind::Key: {
            std::string out = "[";
            for (size_t i = 0; i < key.size(); ++i)
                out += (i ? "," : "") + key[i].first + "=" + valueText(key[i].second);
            return out + "]";
        }
        case Kind::Value: return "[=" + valueText(value) + "]";
        case Kind::Index: return "[" + std::to_string(index) + "]";
    }
    return {};
}

std::string PathElement::fieldsV1Key() const {
    switch (kind) {
        case Kind::Field: return "f:" + field;
        case Kind::Key: {
            Value object = Value::object();
            for (const auto& [name, v] : key) object.set(name, v);
            return "k:" + codec::toJson(object, codec::JsonStyle::Compact);
        }
        case Kind::Value: return "v:" + codec::toJson(value, codec::JsonStyle::Compact);
        case Kind::Index: return "i:" + std::to_string(index);
    }
    return {};
}

void PathElement::appendFieldsV1Key(std::string& out) const {
    if (kind == Kind::Field) {  // the common case, written straight
        out += "\"f:";
        codec::appendJsonEscaped(out, field);
        out += '"';
        return;
    }
    // Other keys are built in a scratch string of this thread's, then written as a JSON string.
    thread_local std::string key;
    key.clear();
    switch (kind) {
        case Kind::Field:
            key += "f:";
            key += field;
            break;
        case Kind::Key:
            key += "k:{";
            for (size_t i = 0; i < this->key.size(); ++i) {
                if (i) key += ',';
                codec::appendJsonString(key, this->key[i].first);
                key += ':';
                codec::appendJson(key, this->key[i].second);
            }
            key += '}';
            break;
        case Kind::Value:
            key += "v:";
            codec::appendJson(key, value);
            break;
        case Kind::Index:
            key += "i:";
            key += std::to_string(index);
            break;
    }
    codec::appendJsonString(out, key);
}

StatusOr<PathElement> PathElement::fromFieldsV1Key(const std::string& key) {
    auto bad = [&](const std::string& why) {
        return Status(StatusCode::InvalidArgument, "invalid FieldsV1 key \"" + key + "\": " + why);
    };
    if (key.size() < 2 || key[1] != ':') return bad("expected f:, k:, v: or i: before the element");
    const std::string rest = key.substr(2);
    switch (key[0]) {
        case 'f': return fieldName(rest);
        case 'k': {
            auto v = codec::parseJson(rest);
            if (!v) return bad(v.status().message());
            if (!v->isObject() || v->asObject().empty()) return bad("a key must be a non-empty JSON object");
            std::vector<std::pair<std::string, Value>> fields(v->asObject().begin(), v->asObject().end());
            return keyed(std::move(fields));
        }
        case 'v': {
            auto v = codec::parseJson(rest);
            if (!v) return bad(v.status().message());
            return setValue(std::move(*v));
        }
        case 'i': {
            int i = 0;
            auto [p, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), i);
            if (ec != std::errc() || p != rest.data() + rest.size() || i < 0) return bad("not an index");
            return at(i);
        }
        default: return bad("expected f:, k:, v: or i: before the element");
    }
}

int PathElement::compare(const PathElement& o) const {
    if (kind != o.kind) return cmp(int(kind), int(o.kind));
    switch (kind) {
        case Kind::Field: return field.compare(o.field) < 0 ? -1 : (field == o.field ? 0 : 1);
        case Kind::Key:
            for (size_t i = 0; i < key.size() && i < o.key.size(); ++i) {
                if (int c = key[i].first.compare(o.key[i].first)) return c < 0 ? -1 : 1;
                if (int c = compareValues(key[i].second, o.key[i].second)) return c;
            }
            return cmp(key.size(), o.key.size());
        case Kind::Value: return compareValues(value, o.value);
        case Kind::Index: return cmp(index, o.index);
    }
    return 0;
}

std::string toString(const Path& path) {
    std::string out;
    for (const auto& pe : path) out += pe.toString();
    return out;
}

void Set::insert(const Path& path) {
    if (path.empty()) return;
    Set* node = this;
    for (size_t i = 0; i + 1 < path.size(); ++i) node = &node->children_[path[i]];
    node->members_.insert(path.back());
}

bool Set::has(const Path& path) const {
    if (path.empty()) return false;
    const Set* node = this;
    for (size_t i = 0; i + 1 < path.size(); ++i) {
        node = node->child(path[i]);
        if (!node) return false;
    }
    return node->members_.count(path.back()) > 0;
}

const Set* Set::child(const PathElement& pe) const {
    auto it = children_.find(pe);
    return it == children_.end() ? nullptr : &it->second;
}

Set& Set::nodeAt(const Path& prefix) {
    Set* node = this;
    for (const auto& pe : prefix) node = &node->children_[pe];
    return *node;
}

Set Set::unite(const Set& other) const {
    Set out = *this;
    out.members_.insert(other.members_.begin(), other.members_.end());
    for (const auto& [pe, sub] : other.children_) {
        auto it = out.children_.find(pe);
        if (it == out.children_.end())
            out.children_.emplace(pe, sub);
        else
            it->second = it->second.unite(sub);
    }
    return out;
}

Set Set::intersect(const Set& other) const {
    Set out;
    for (const auto& pe : members_)
        if (other.members_.count(pe)) out.members_.insert(pe);
    for (const auto& [pe, sub] : children_) {
        const Set* o = other.child(pe);
        if (!o) continue;
        Set both = sub.intersect(*o);
        if (!both.empty()) out.children_.emplace(pe, std::move(both));
    }
    return out;
}

Set Set::minus(const Set& other) const {
    Set out;
    for (const auto& pe : members_)
        if (!other.members_.count(pe)) out.members_.insert(pe);
    for (const auto& [pe, sub] : children_) {
        const Set* o = other.child(pe);
        Set rest = o ? sub.minus(*o) : sub;
        if (!rest.empty()) out.children_.emplace(pe, std::move(rest));
    }
    return out;
}

void Set::add(const Set& other) {
    members_.insert(other.members_.begin(), other.members_.end());
    for (const auto& [pe, sub] : other.children_) {
        auto it = children_.find(pe);
        if (it == children_.end())
            children_.emplace(pe, sub);
        else
            it->second.add(sub);
    }
}

void Set::add(Set&& other) {
    if (empty()) {
        *this = std::move(other);
        return;
    }
    members_.merge(other.members_);
    for (auto it = other.children_.begin(); it != other.children_.end();) {
        auto mine = children_.find(it->first);
        if (mine == children_.end()) {
            children_.insert(other.children_.extract(it++));
        } else {
            mine->second.add(std::move(it->second));
            ++it;
        }
    }
}

void Set::remove(const Set& other) {
    // Both sides are sorted: one pass over each.
    auto a = members_.begin();
    auto b = other.members_.begin();
    while (a != members_.end() && b != other.members_.end()) {
        const int c = a->compare(*b);
        if (c < 0) {
            ++a;
        } else if (c > 0) {
            ++b;
        } else {
            a = members_.erase(a);
            ++b;
        }
    }
    auto x = children_.begin();
    auto y = other.children_.begin();
    while (x != children_.end() && y != other.children_.end()) {
        const int c = x->first.compare(y->first);
        if (c < 0) {
            ++x;
        } else if (c > 0) {
            ++y;
        } else {
            x->second.remove(y->second);
            x = x->second.empty() ? children_.erase(x) : std::next(x);
            ++y;
        }
    }
}

void Set::collect(Path& prefix, std::vector<Path>& out) const {
    // Members and children in one order, as upstream iterates them.
    auto m = members_.begin();
    auto c = children_.begin();
    while (m != members_.end() || c != children_.end()) {
        const bool takeMember = c == children_.end() || (m != members_.end() && !(c->first < *m));
        if (takeMember) {
            prefix.push_back(*m);
            out.push_back(prefix);
            prefix.pop_back();
            if (c != children_.end() && c->first == *m) {
                prefix.push_back(c->first);
                c->second.collect(prefix, out);
                prefix.pop_back();
                ++c;
            }
            ++m;
        } else {
            prefix.push_back(c->first);
            c->second.collect(prefix, out);
            prefix.pop_back();
            ++c;
        }
    }
}

std::vector<Path> Set::leaves() const {
    std::vector<Path> out;
    Path prefix;
    collect(prefix, out);
    return out;
}

Value Set::toFieldsV1() const {
    Value out = Value::object();
    std::set<PathElement> all = members_;
    for (const auto& [pe, sub] : children_) all.insert(pe);
    for (const auto& pe : all) {
        const Set* sub = child(pe);
        Value node = sub ? sub->toFieldsV1() : Value::object();
        if (sub && members_.count(pe)) {
            Value withSelf = Value::object();
            withSelf.set(".", Value::object());
            for (auto& member : node.asObject()) withSelf.set(member.first, std::move(member.second));
            node = std::move(withSelf);
        }
        out.set(pe.fieldsV1Key(), std::move(node));
    }
    return out;
}

void Set::appendFieldsV1(std::string& out) const {
    out += '{';
    appendEntries(out);
    out += '}';
}

void Set::appendEntries(std::string& out) const {
    // Members and children in one order; a child that is also a member starts with ".".
    auto m = members_.begin();
    auto c = children_.begin();
    bool first = true;
    while (m != members_.end() || c != children_.end()) {
        const PathElement* pe = nullptr;
        const Set* sub = nullptr;
        bool member = false;
        if (c == children_.end() || (m != members_.end() && *m < c->first)) {
            pe = &*m++;
            member = true;
        } else if (m == members_.end() || c->first < *m) {
            pe = &c->first;
            sub = &c->second;
            ++c;
        } else {
            pe = &*m++;
            member = true;
            sub = &c->second;
            ++c;
        }
        if (!first) out += ',';
        first = false;
        pe->appendFieldsV1Key(out);
        out += ':';
        if (!sub) {
            out += "{}";
        } else if (member) {
            out += "{\".\":{}";
            if (!sub->empty()) {
                out += ',';
                sub->appendEntries(out);
            }
            out += '}';
        } else {
            sub->appendFieldsV1(out);
        }
    }
}

StatusOr<Set> Set::fromFieldsV1(const Value& v) {
    if (!v.isObject()) return Status(StatusCode::InvalidArgument, "FieldsV1 must be a JSON object");
    Set out;
    for (const auto& [key, child] : v.asObject()) {
        if (key == ".") continue;  // read by the parent
        auto pe = PathElement::fromFieldsV1Key(key);
        if (!pe) return pe.status();
        if (!child.isObject())
            return Status(StatusCode::InvalidArgument, "FieldsV1 entry \"" + key + "\" must be a JSON object");
        if (child.asObject().empty()) {
            out.members_.insert(*pe);
            continue;
        }
        if (child.find(".")) out.members_.insert(*pe);
        auto sub = fromFieldsV1(child);
        if (!sub) return sub.status();
        if (!sub->empty()) out.children_.emplace(std::move(*pe), std::move(*sub));
    }
    return out;
}

bool Set::operator==(const Set& other) const {
    if (members_ != other.members_ || children_.size() != other.children_.size()) return false;
    auto a = children_.begin();
    auto b = other.children_.begin();
    for (; a != children_.end(); ++a, ++b)
        if (!(a->first == b->first) || !(a->second == b->second)) return false;
    return true;
}

}  // namespace pilothouse::apiserver::fieldmanager
