#include "apiserver/fieldmanager/typed.h"

#include <map>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <unordered_map>

#include "json_options.pb.h"

namespace pilothouse::apiserver::fieldmanager {

using codec::Value;
using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

namespace {

constexpr const char* kIntOrString = "k8s.io.apimachinery.pkg.util.intstr.IntOrString";

// What kind of value sits at a place, and for lists how their elements are told apart.
struct Type {
    enum class Kind { Untyped, Scalar, Struct, Map, List };
    enum class ListKind { Atomic, Set, Map };
    Kind kind = Kind::Untyped;
    const Descriptor* message = nullptr;  // Struct: its fields
    const FieldDescriptor* field = nullptr;  // Map, List: the field (its element type and list options)
    bool atomic = false;
    ListKind list = ListKind::Atomic;
    std::vector<std::string> keys;  // ListKind::Map
};

// JSON name -> field, per message, built once.
const FieldDescriptor* fieldByJsonName(const Descriptor* message, const std::string& name) {
    static std::shared_mutex mutex;
    static std::unordered_map<const Descriptor*, std::unordered_map<std::string, const FieldDescriptor*>> cache;
    {
        std::shared_lock lock(mutex);
        auto it = cache.find(message);
        if (it != cache.end()) {
            auto f = it->second.find(name);
            return f == it->second.end() ? nullptr : f->second;
        }
    }
    std::unique_lock lock(mutex);
    auto& fields = cache[message];
    if (fields.empty())
        for (int i = 0; i < message->field_count(); ++i) fields[message->field(i)->json_name()] = message->field(i);
    auto f = fields.find(name);
    return f == fields.end() ? nullptr : f->second;
}

Type structType(const Descriptor* message) {
    Type t;
    if (message->full_name() == kIntOrString) {
        t.kind = Type::Kind::Scalar;
        return t;
    }
    t.kind = Type::Kind::Struct;
    t.message = message;
    t.atomic = message->options().GetExtension(pilothouse::api::struct_atomic);
    return t;
}

// The type of one value of `f` (one element when it is repeated).
Type singleType(const FieldDescriptor* f) {
    Type t;
    const auto kind = f->options().GetExtension(pilothouse::api::kind);
    if (kind == pilothouse::api::RAW_JSON) return t;  // untyped: one leaf
    if (f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE || kind != pilothouse::api::JSON_DEFAULT) {
        t.kind = Type::Kind::Scalar;
        return t;
    }
    return structType(f->message_type());
}

std::vector<std::string> splitKeys(const std::string& s) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= s.size()) {
        size_t comma = s.find(',', start);
        if (comma == std::string::npos) comma = s.size();
        if (comma > start) out.push_back(s.substr(start, comma - start));
        start = comma + 1;
    }
    return out;
}

// The type of a field's whole value.
Type fieldType(const FieldDescriptor* f) {
    if (!f) return Type{};
    if (f->is_map()) {
        Type t;
        t.kind = Type::Kind::Map;
        t.field = f->message_type()->map_value();
        return t;
    }
    if (!f->is_repeated()) return singleType(f);
    Type t;
    t.kind = Type::Kind::List;
    t.field = f;
    const auto& o = f->options();
    const std::string listType = o.GetExtension(pilothouse::api::list_type);
    const bool merges = o.GetExtension(pilothouse::api::patch_strategy).find("merge") != std::string::npos;
    const std::string mergeKey = o.GetExtension(pilothouse::api::patch_merge_key);
    const bool scalars = singleType(f).kind != Type::Kind::Struct;
    if (listType == "atomic") {
        t.list = Type::ListKind::Atomic;
    } else if (listType == "set" || (listType.empty() && merges && scalars)) {
        t.list = Type::ListKind::Set;
    } else if (listType == "map" || (listType.empty() && merges && !mergeKey.empty())) {
        t.list = Type::ListKind::Map;
        t.keys = splitKeys(o.GetExtension(pilothouse::api::list_map_keys));
        if (t.keys.empty()) t.keys.push_back(mergeKey);
    } else {
        t.list = Type::ListKind::Atomic;
    }
    t.atomic = t.list == Type::ListKind::Atomic;
    return t;
}

// The type of a list's elements or a map's values.
Type elementType(const Type& t) { return t.field ? singleType(t.field) : Type{}; }

// The type of member `key` of a struct or map.
Type memberType(const Type& t, const std::string& key, bool* named = nullptr) {
    if (named) *named = false;
    if (t.kind == Type::Kind::Map) return elementType(t);
    if (t.kind != Type::Kind::Struct) return Type{};
    const FieldDescriptor* f = fieldByJsonName(t.message, key);
    if (named) *named = f != nullptr;
    return fieldType(f);
}

// The path element that names element `i` of a (non-atomic) list.
StatusOr<PathElement> itemElement(const Type& t, size_t i, const Value& item) {
    if (t.list == Type::ListKind::Set) return PathElement::setValue(item);
    if (!item.isObject())
        return Status(StatusCode::InvalidArgument,
                      "element " + std::to_string(i) + ": associative list with keys may not have non-map elements");
    const Descriptor* element = t.field->message_type();
    std::vector<std::pair<std::string, Value>> key;
    for (const auto& name : t.keys) {
        if (const Value* v = item.find(name); v && !v->isNull()) {
            key.emplace_back(name, *v);
            continue;
        }
        const FieldDescriptor* kf = element ? fieldByJsonName(element, name) : nullptr;
        const std::string def = kf ? kf->options().GetExtension(pilothouse::api::key_default) : std::string();
        if (def.empty())
            return Status(StatusCode::InvalidArgument,
                          "element " + std::to_string(i) + ": associative list with keys has an element that omits key field \"" +
                              name + "\" (and doesn't have default value)");
        key.emplace_back(name, Value(def));
    }
    return PathElement::keyed(std::move(key));
}

// A list's elements by path element, first occurrence only, in order.
struct IndexedList {
    std::vector<std::pair<PathElement, const Value*>> order;
    std::map<PathElement, const Value*> byElement;
    const Value* get(const PathElement& pe) const {
        auto it = byElement.find(pe);
        return it == byElement.end() ? nullptr : it->second;
    }
};

// `strict`: an element without its key is an error; otherwise it is named by its index.
StatusOr<IndexedList> indexList(const Type& t, const Value* list, bool strict) {
    IndexedList out;
    if (!list || !list->isArray()) return out;
    const auto& items = list->asArray();
    for (size_t i = 0; i < items.size(); ++i) {
        auto pe = itemElement(t, i, items[i]);
        if (!pe) {
            if (strict) return pe.status();
            pe = PathElement::at(int(i));
        }
        if (out.byElement.count(*pe)) continue;
        out.byElement.emplace(*pe, &items[i]);
        out.order.emplace_back(std::move(*pe), &items[i]);
    }
    return out;
}

Status at(const Path& path, const Status& st) {
    return Status(st.code(), toString(path) + ": " + st.message());
}

bool emptyList(const Value* v) { return !v || !v->isArray() || v->asArray().empty(); }
bool emptyObject(const Value* v) { return !v || !v->isObject() || v->asObject().empty(); }

// --- toFieldSet ---

Status toSet(const Value& v, const Type& t, Path& path, Set& out) {
    switch (t.kind) {
        case Type::Kind::Untyped:
        case Type::Kind::Scalar: out.insert(path); return Status();
        case Type::Kind::List: {
            if (t.atomic) {
                out.insert(path);
                return Status();
            }
            if (!v.isArray()) return Status();
            const Type element = elementType(t);
            const auto& items = v.asArray();
            for (size_t i = 0; i < items.size(); ++i) {
                auto pe = itemElement(t, i, items[i]);
                if (!pe) return at(path, pe.status());
                path.push_back(std::move(*pe));
                if (Status st = toSet(items[i], element, path, out); !st.isOk()) return st;
                out.insert(path);
                path.pop_back();
            }
            return Status();
        }
        case Type::Kind::Struct:
        case Type::Kind::Map: {
            if (t.atomic) {
                out.insert(path);
                return Status();
            }
            if (!v.isObject()) return Status();
            for (const auto& [key, child] : v.asObject()) {
                bool named = false;
                const Type ct = memberType(t, key, &named);
                path.push_back(PathElement::fieldName(key));
                if (Status st = toSet(child, ct, path, out); !st.isOk()) return st;
                if (child.isNull() || (child.isObject() && child.asObject().empty()) || !named) out.insert(path);
                path.pop_back();
            }
            return Status();
        }
    }
    return Status();
}

// --- compare ---

void compareWalk(const Value* l, const Value* r, const Type& t, Path& path, Comparison& c) {
    auto leaf = [&] {
        if (!l)
            c.added.insert(path);
        else if (!r)
            c.removed.insert(path);
        else if (!(*l == *r))
            c.modified.insert(path);
    };
    auto afterItems = [&] {
        if (!l)
            c.added.insert(path);
        else if (!r)
            c.removed.insert(path);
    };
    switch (t.kind) {
        case Type::Kind::Untyped:
        case Type::Kind::Scalar: leaf(); return;
        case Type::Kind::List: {
            const bool typeMismatch = (l && !l->isArray() && !l->isNull()) || (r && !r->isArray() && !r->isNull());
            if (t.atomic || typeMismatch || (emptyList(l) && emptyList(r))) {
                leaf();
                return;
            }
            auto lhs = indexList(t, l, false);
            auto rhs = indexList(t, r, false);
            const Type element = elementType(t);
            for (const auto& [pe, lv] : lhs->order) {
                path.push_back(pe);
                compareWalk(lv, rhs->get(pe), element, path, c);
                path.pop_back();
            }
            for (const auto& [pe, rv] : rhs->order) {
                if (lhs->get(pe)) continue;
                path.push_back(pe);
                compareWalk(nullptr, rv, element, path, c);
                path.pop_back();
            }
            afterItems();
            return;
        }
        case Type::Kind::Struct:
        case Type::Kind::Map: {
            const bool typeMismatch =
                (l && !l->isObject() && !l->isNull()) || (r && !r->isObject() && !r->isNull());
            if (t.atomic || typeMismatch || (emptyObject(l) && emptyObject(r))) {
                leaf();
                return;
            }
            if (l && l->isObject())
                for (const auto& [key, lv] : l->asObject()) {
                    path.push_back(PathElement::fieldName(key));
                    compareWalk(&lv, r ? r->find(key) : nullptr, memberType(t, key), path, c);
                    path.pop_back();
                }
            if (r && r->isObject())
                for (const auto& [key, rv] : r->asObject()) {
                    if (l && l->find(key)) continue;
                    path.push_back(PathElement::fieldName(key));
                    compareWalk(nullptr, &rv, memberType(t, key), path, c);
                    path.pop_back();
                }
            afterItems();
            return;
        }
    }
}

// --- merge ---

StatusOr<std::optional<Value>> mergeWalk(const Value* l, const Value* r, const Type& t, Path& path);

StatusOr<std::optional<Value>> mergeList(const Value* l, const Value* r, const Type& t, Path& path) {
    auto lhs = indexList(t, l, false);
    auto rhs = indexList(t, r, true);
    if (!rhs) return at(path, rhs.status());
    const Type element = elementType(t);
    // The elements both lists have, in the applied order: each is placed when its turn comes in
    // the applied list; the live list's own elements keep their place around them.
    std::vector<const PathElement*> shared;
    for (const auto& [pe, v] : rhs->order)
        if (lhs->get(pe)) shared.push_back(&pe);
    size_t nextShared = 0;
    std::set<PathElement> placed;
    Value out = Value::array();
    auto put = [&](const PathElement& pe, const Value* lv, const Value* rv) -> Status {
        path.push_back(pe);
        auto merged = mergeWalk(lv, rv, element, path);
        path.pop_back();
        if (!merged) return merged.status();
        if (*merged) out.push(std::move(**merged));
        placed.insert(pe);
        if (nextShared < shared.size() && *shared[nextShared] == pe) ++nextShared;
        return Status();
    };
    size_t li = 0, ri = 0;
    const size_t ln = lhs->order.size(), rn = rhs->order.size();
    while (li < ln || ri < rn) {
        if (li < ln) {
            const auto& [pe, lv] = lhs->order[li];
            const Value* rv = rhs->get(pe);
            if (!rv) {
                if (Status st = put(pe, lv, nullptr); !st.isOk()) return st;
                ++li;
                continue;
            }
            const bool isNext = nextShared < shared.size() && *shared[nextShared] == pe;
            if (placed.count(pe) || !isNext) {
                ++li;
                continue;
            }
            if (ri < rn && rhs->order[ri].first == pe) {
                if (Status st = put(pe, lv, rv); !st.isOk()) return st;
                ++li;
                ++ri;
                continue;
            }
        }
        if (ri < rn) {
            const auto& [pe, rv] = rhs->order[ri];
            if (Status st = put(pe, lhs->get(pe), rv); !st.isOk()) return st;
            ++ri;
            continue;
        }
        ++li;
    }
    return std::optional<Value>(std::move(out));
}

StatusOr<std::optional<Value>> mergeWalk(const Value* l, const Value* r, const Type& t, Path& path) {
    auto leaf = [&]() -> std::optional<Value> {
        if (r) return *r;
        if (l) return *l;
        return std::nullopt;
    };
    switch (t.kind) {
        case Type::Kind::Untyped:
        case Type::Kind::Scalar: return leaf();
        case Type::Kind::List: {
            const bool typeMismatch = (l && !l->isArray() && !l->isNull()) || (r && !r->isArray() && !r->isNull());
            if (t.atomic || typeMismatch || (emptyList(l) && emptyList(r))) return leaf();
            return mergeList(l, r, t, path);
        }
        case Type::Kind::Struct:
        case Type::Kind::Map: {
            const bool typeMismatch =
                (l && !l->isObject() && !l->isNull()) || (r && !r->isObject() && !r->isNull());
            if (t.atomic || typeMismatch || (emptyObject(l) && emptyObject(r))) return leaf();
            Value out = Value::object();
            if (l && l->isObject())
                for (const auto& [key, lv] : l->asObject()) {
                    const Value* rv = r ? r->find(key) : nullptr;
                    path.push_back(PathElement::fieldName(key));
                    auto merged = mergeWalk(&lv, rv, memberType(t, key), path);
                    path.pop_back();
                    if (!merged) return merged.status();
                    if (*merged) out.set(key, std::move(**merged));
                }
            if (r && r->isObject())
                for (const auto& [key, rv] : r->asObject()) {
                    if (l && l->find(key)) continue;
                    path.push_back(PathElement::fieldName(key));
                    auto merged = mergeWalk(nullptr, &rv, memberType(t, key), path);
                    path.pop_back();
                    if (!merged) return merged.status();
                    if (*merged) out.set(key, std::move(**merged));
                }
            return std::optional<Value>(std::move(out));
        }
    }
    return leaf();
}

// --- removeItems ---

Value removeWalk(const Value& v, const Type& t, const Set& s) {
    if (v.isObject() && (t.kind == Type::Kind::Struct || t.kind == Type::Kind::Map || t.kind == Type::Kind::Untyped)) {
        Value out = Value::object();
        for (const auto& [key, child] : v.asObject()) {
            const PathElement pe = PathElement::fieldName(key);
            if (s.members().count(pe)) continue;
            if (const Set* sub = s.child(pe))
                out.set(key, removeWalk(child, memberType(t, key), *sub));
            else
                out.set(key, child);
        }
        return out;
    }
    if (v.isArray() && t.kind == Type::Kind::List && !t.atomic) {
        Value out = Value::array();
        const Type element = elementType(t);
        const auto& items = v.asArray();
        for (size_t i = 0; i < items.size(); ++i) {
            auto pe = itemElement(t, i, items[i]);
            if (!pe) pe = PathElement::at(int(i));
            if (s.members().count(*pe)) continue;
            if (const Set* sub = s.child(*pe))
                out.push(removeWalk(items[i], element, *sub));
            else
                out.push(items[i]);
        }
        return out;
    }
    return v;
}

Set namedWalk(const Set& s, const Type& t) {
    Set out;
    out.members() = s.members();
    for (const auto& [pe, sub] : s.children()) {
        Type ct;
        if (pe.kind == PathElement::Kind::Field) {
            bool named = false;
            ct = memberType(t, pe.field, &named);
            if (named && t.kind == Type::Kind::Struct) out.members().insert(pe);
        } else if (t.kind == Type::Kind::List) {
            ct = elementType(t);
        }
        out.children().emplace(pe, namedWalk(sub, ct));
    }
    return out;
}

}  // namespace

StatusOr<Set> toFieldSet(const Value& object, const Descriptor& schema) {
    Set out;
    Path path;
    if (Status st = toSet(object, structType(&schema), path, out); !st.isOk()) return st;
    return out;
}

Comparison compare(const Value& before, const Value& after, const Descriptor& schema) {
    Comparison c;
    Path path;
    compareWalk(&before, &after, structType(&schema), path, c);
    return c;
}

StatusOr<Value> merge(const Value& live, const Value& config, const Descriptor& schema) {
    Path path;
    auto merged = mergeWalk(&live, &config, structType(&schema), path);
    if (!merged) return merged.status();
    return *merged ? std::move(**merged) : Value::object();
}

Value removeItems(const Value& object, const Set& fields, const Descriptor& schema) {
    return removeWalk(object, structType(&schema), fields);
}

Set withNamedFieldsAsMembers(const Set& fields, const Descriptor& schema) {
    return namedWalk(fields, structType(&schema));
}

}  // namespace pilothouse::apiserver::fieldmanager
