#include "apiserver/fieldmanager/typed.h"

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <unordered_map>

#include "api/codec/proto_json.h"
#include "json_options.pb.h"

namespace pilothouse::apiserver::fieldmanager {

using codec::Value;
using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

namespace {

constexpr const char* kIntOrString = "k8s.io.apimachinery.pkg.util.intstr.IntOrString";

// What kind of value sits at a place, and for lists how their elements are told apart. Types are
// built once per message (Schema below) and handed out by reference: a walk looks nothing up but
// its members by name.
struct Type {
    enum class Kind { Untyped, Scalar, Struct, Map, List };
    enum class ListKind { Atomic, Set, Map };
    Kind kind = Kind::Untyped;
    const Descriptor* message = nullptr;     // Struct: its fields
    const FieldDescriptor* field = nullptr;  // Map, List: the field (its element type and list options)
    bool atomic = false;
    ListKind list = ListKind::Atomic;
    std::vector<std::string> keys;  // ListKind::Map
    const Type* element = nullptr;  // Map, List: the type of a value or element
    std::unordered_map<std::string_view, const Type*> members;  // Struct: by JSON name
    std::vector<const Type*> byIndex;                           // Struct: by field index
};

const Type& untyped() {
    static const Type t;
    return t;
}

const Type& scalar() {
    static const Type t = [] {
        Type s;
        s.kind = Type::Kind::Scalar;
        return s;
    }();
    return t;
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

// Every message's type, built the first time a walk starts at it (with all it reaches) and never
// changed after: readers share a lock only to find the root.
class Schema {
public:
    static Schema& instance() {
        static Schema s;
        return s;
    }

    const Type& root(const Descriptor* message) {
        {
            std::shared_lock lock(mutex_);
            if (auto it = structs_.find(message); it != structs_.end()) return *it->second;
        }
        std::unique_lock lock(mutex_);
        return structType(message);
    }

private:
    Type& make() { return types_.emplace_back(); }

    // Under the unique lock. A message is registered before its fields are, so recursive
    // messages (JSONSchemaProps-like) end.
    const Type& structType(const Descriptor* message) {
        if (auto it = structs_.find(message); it != structs_.end()) return *it->second;
        if (message->full_name() == kIntOrString) {
            structs_.emplace(message, &scalar());
            return scalar();
        }
        Type& t = make();
        t.kind = Type::Kind::Struct;
        t.message = message;
        t.atomic = message->options().GetExtension(pilothouse::api::struct_atomic);
        structs_.emplace(message, &t);
        t.byIndex.resize(message->field_count());
        for (int i = 0; i < message->field_count(); ++i) {
            const FieldDescriptor* f = message->field(i);
            t.byIndex[i] = &fieldType(f);
            t.members.emplace(f->json_name(), t.byIndex[i]);
        }
        return t;
    }

    // The type of one value of `f` (one element when it is repeated).
    const Type& singleType(const FieldDescriptor* f) {
        const auto kind = f->options().GetExtension(pilothouse::api::kind);
        if (kind == pilothouse::api::RAW_JSON) return untyped();  // one leaf
        if (f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE || kind != pilothouse::api::JSON_DEFAULT) return scalar();
        return structType(f->message_type());
    }

    // The type of a field's whole value.
    const Type& fieldType(const FieldDescriptor* f) {
        if (f->is_map()) {
            Type& t = make();
            t.kind = Type::Kind::Map;
            t.field = f->message_type()->map_value();
            t.element = &singleType(t.field);
            return t;
        }
        if (!f->is_repeated()) return singleType(f);
        Type& t = make();
        t.kind = Type::Kind::List;
        t.field = f;
        t.element = &singleType(f);
        const auto& o = f->options();
        const std::string listType = o.GetExtension(pilothouse::api::list_type);
        const bool merges = o.GetExtension(pilothouse::api::patch_strategy).find("merge") != std::string::npos;
        const std::string mergeKey = o.GetExtension(pilothouse::api::patch_merge_key);
        const bool scalars = t.element->kind != Type::Kind::Struct;
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

    std::shared_mutex mutex_;
    std::deque<Type> types_;  // stable addresses
    std::unordered_map<const Descriptor*, const Type*> structs_;
};

const Type& structType(const Descriptor* message) { return Schema::instance().root(message); }

// The type of a list's elements or a map's values.
const Type& elementType(const Type& t) { return t.element ? *t.element : untyped(); }

// The type of member `key` of a struct or map; `named`: a field the struct has.
const Type& memberType(const Type& t, std::string_view key, bool* named = nullptr) {
    if (named) *named = false;
    if (t.kind == Type::Kind::Map) return elementType(t);
    if (t.kind != Type::Kind::Struct) return untyped();
    auto it = t.members.find(key);
    if (it == t.members.end()) return untyped();
    if (named) *named = true;
    return *it->second;
}

// A field of a list element's message by JSON name (for its key_default).
const FieldDescriptor* elementField(const Type& t, const std::string& name) {
    const Descriptor* element = t.field ? t.field->message_type() : nullptr;
    if (!element) return nullptr;
    for (int i = 0; i < element->field_count(); ++i)
        if (element->field(i)->json_name() == name) return element->field(i);
    return nullptr;
}

// The path element that names element `i` of a (non-atomic) list.
StatusOr<PathElement> itemElement(const Type& t, size_t i, const Value& item) {
    if (t.list == Type::ListKind::Set) return PathElement::setValue(item);
    if (!item.isObject())
        return Status(StatusCode::InvalidArgument,
                      "element " + std::to_string(i) + ": associative list with keys may not have non-map elements");
    std::vector<std::pair<std::string, Value>> key;
    for (const auto& name : t.keys) {
        if (const Value* v = item.find(name); v && !v->isNull()) {
            key.emplace_back(name, *v);
            continue;
        }
        const FieldDescriptor* kf = elementField(t, name);
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
            const Type& element = elementType(t);
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
                const Type& ct = memberType(t, key, &named);
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
            const Type& element = elementType(t);
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

// --- compare with the empty object, walking the message ---

// The type of field `f` of a struct of type `t`.
const Type& fieldTypeIn(const Type& t, const FieldDescriptor* f) {
    if (t.kind == Type::Kind::Struct && t.message == f->containing_type()) return *t.byIndex[f->index()];
    return memberType(t, f->json_name());
}

void addStruct(const google::protobuf::Message& m, const Type& t, Set& parent, const PathElement& self);

// What compareWalk(nullptr, value) adds for `value`, the JSON of element `index` of `f` (of `f`
// itself when index < 0), of type `t`, at `self` under `parent`: every path in it, each list, map
// and struct included. `withSelf` false (a list or map with entries only): all but `self`, as
// when the left side held null there.
void addValue(const google::protobuf::Message& m, const FieldDescriptor* f, int index, const Type& t, Set& parent,
              const PathElement& self, bool withSelf = true) {
    const auto* r = m.GetReflection();
    switch (t.kind) {
        case Type::Kind::Untyped:
        case Type::Kind::Scalar: parent.members().insert(self); return;
        case Type::Kind::Struct:
            if (t.atomic)
                parent.members().insert(self);
            else
                addStruct(index >= 0 ? r->GetRepeatedMessage(m, f, index) : r->GetMessage(m, f), t, parent, self);
            return;
        case Type::Kind::Map: {
            // A proto map field (written only when it has entries).
            const FieldDescriptor* keyField = f->message_type()->map_key();
            const FieldDescriptor* valueField = f->message_type()->map_value();
            const Type& element = elementType(t);
            Set& node = parent.children()[self];
            for (int i = 0; i < r->FieldSize(m, f); ++i) {
                const auto& entry = r->GetRepeatedMessage(m, f, i);
                addValue(entry, valueField, -1, element, node,
                         PathElement::fieldName(entry.GetReflection()->GetString(entry, keyField)));
            }
            if (withSelf) parent.members().insert(self);
            return;
        }
        case Type::Kind::List: {
            if (t.atomic) {
                parent.members().insert(self);
                return;
            }
            const Type& element = elementType(t);
            Set& node = parent.children()[self];
            std::vector<PathElement> seen;
            const int n = r->FieldSize(m, f);
            std::vector<const FieldDescriptor*> written;
            for (int i = 0; i < n; ++i) {
                StatusOr<PathElement> pe = PathElement::at(i);
                if (t.list == Type::ListKind::Set) {
                    pe = PathElement::setValue(codec::encodeField(m, f, i));
                } else {
                    // Only the key fields are needed to name the element.
                    const auto& item = r->GetRepeatedMessage(m, f, i);
                    codec::encodedFields(item, &written);
                    Value keys = Value::object();
                    for (const auto& name : t.keys)
                        for (const FieldDescriptor* kf : written)
                            if (kf->json_name() == name) keys.set(name, codec::encodeField(item, kf));
                    pe = itemElement(t, size_t(i), keys);
                    if (!pe) pe = PathElement::at(i);
                }
                if (std::find(seen.begin(), seen.end(), *pe) != seen.end()) continue;  // the first one counts
                addValue(m, f, i, element, node, *pe);
                seen.push_back(std::move(*pe));
            }
            if (withSelf) parent.members().insert(self);
            return;
        }
    }
}

void addStruct(const google::protobuf::Message& m, const Type& t, Set& parent, const PathElement& self) {
    std::vector<const FieldDescriptor*> fields;
    codec::encodedFields(m, &fields);
    if (!fields.empty()) {
        Set& node = parent.children()[self];
        for (const FieldDescriptor* f : fields)
            addValue(m, f, -1, fieldTypeIn(t, f), node, PathElement::fieldName(f->json_name()));
    }
    parent.members().insert(self);  // {} included: an empty struct is a leaf
}

// compareWalk(l, the JSON of m) where l is an object and t a struct that is not atomic: member by
// member, encoding only what l also has.
void compareStruct(const Value& l, const google::protobuf::Message& m, const Type& t, bool root, Path& path,
                   Comparison& c) {
    const auto* r = m.GetReflection();
    std::vector<const FieldDescriptor*> fields;
    codec::encodedFields(m, &fields);
    Set* added = nullptr;  // the node at `path` in c.added, made when something is added under it
    auto addedHere = [&]() -> Set& {
        if (!added) added = &c.added.nodeAt(path);
        return *added;
    };
    for (const FieldDescriptor* f : fields) {
        const std::string& name = f->json_name();
        if (root && (name == "apiVersion" || name == "kind")) continue;
        const Type& ft = fieldTypeIn(t, f);
        const Value* lv = l.find(name);
        if (!lv) {
            addValue(m, f, -1, ft, addedHere(), PathElement::fieldName(name));
            continue;
        }
        if (lv->isNull() && ((ft.kind == Type::Kind::List && !ft.atomic) || ft.kind == Type::Kind::Map)) {
            // Go's null for an empty list or map: the entries are added, the list itself was there.
            addValue(m, f, -1, ft, addedHere(), PathElement::fieldName(name), false);
            continue;
        }
        path.push_back(PathElement::fieldName(name));
        if (ft.kind == Type::Kind::Struct && !ft.atomic && lv->isObject() && !f->is_repeated() &&
            f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
            compareStruct(*lv, r->GetMessage(m, f), ft, false, path, c);
        } else {
            const Value rv = codec::encodeField(m, f);
            compareWalk(lv, &rv, ft, path, c);
        }
        path.pop_back();
    }
    for (const auto& [key, lv] : l.asObject()) {
        if (root && (key == "apiVersion" || key == "kind")) continue;
        if (std::find_if(fields.begin(), fields.end(), [&](auto* f) { return f->json_name() == key; }) != fields.end())
            continue;
        path.push_back(PathElement::fieldName(key));
        compareWalk(&lv, nullptr, memberType(t, key), path, c);
        path.pop_back();
    }
}

// --- merge ---

StatusOr<std::optional<Value>> mergeWalk(const Value* l, const Value* r, const Type& t, Path& path);

StatusOr<std::optional<Value>> mergeList(const Value* l, const Value* r, const Type& t, Path& path) {
    auto lhs = indexList(t, l, false);
    auto rhs = indexList(t, r, true);
    if (!rhs) return at(path, rhs.status());
    const Type& element = elementType(t);
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
        const Type& element = elementType(t);
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
        const Type* ct = &untyped();
        if (pe.kind == PathElement::Kind::Field) {
            bool named = false;
            ct = &memberType(t, pe.field, &named);
            if (named && t.kind == Type::Kind::Struct) out.members().insert(pe);
        } else if (t.kind == Type::Kind::List) {
            ct = &elementType(t);
        }
        out.children().emplace(pe, namedWalk(sub, *ct));
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

Comparison compareWithEmpty(const Value& empty, const google::protobuf::Message& object) {
    Comparison c;
    Path path;
    const Type& t = structType(object.GetDescriptor());
    compareStruct(empty, object, t, true, path, c);
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
