// Field paths and sets of them, as server-side apply records who owns what
// (sigs.k8s.io/structured-merge-diff's fieldpath package): a path is a list of elements, each a
// struct or map field (".spec"), an element of a list keyed by some of its fields
// ("[name=\"nginx\"]"), an element of a set of scalars ("[=\"foo\"]") or an index ("[3]").
//
// A Set is a tree: `members` are the paths that end at this node, `children` the nodes that go
// deeper. It is written to and read from managedFields' FieldsV1 JSON, where a path element is
// "f:<field>", "k:<json of the key fields>", "v:<json value>" or "i:<index>", and "." marks a node
// that is itself a member:
//
//   {"f:metadata":{"f:labels":{".":{},"f:app":{}}}}  = {.metadata.labels, .metadata.labels.app}
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::apiserver::fieldmanager {

struct PathElement {
    // In this order they sort, as upstream sorts them.
    enum class Kind { Field, Key, Value, Index };
    Kind kind = Kind::Field;
    std::string field;                                        // Field
    std::vector<std::pair<std::string, codec::Value>> key;    // Key: sorted by field name
    codec::Value value;                                       // Value
    int index = 0;                                            // Index

    static PathElement fieldName(std::string name);
    static PathElement keyed(std::vector<std::pair<std::string, codec::Value>> fields);  // sorts them
    static PathElement setValue(codec::Value v);
    static PathElement at(int i);

    // ".name", "[name=\"nginx\",port=80]", "[=\"foo\"]", "[3]" (in conflict messages).
    std::string toString() const;
    // "f:name", "k:{\"name\":\"nginx\"}", "v:\"foo\"", "i:3" (FieldsV1's keys).
    std::string fieldsV1Key() const;
    // The same, as a JSON string appended to `out`.
    void appendFieldsV1Key(std::string& out) const;
    static StatusOr<PathElement> fromFieldsV1Key(const std::string& key);

    int compare(const PathElement& other) const;
    bool operator<(const PathElement& other) const { return compare(other) < 0; }
    bool operator==(const PathElement& other) const { return compare(other) == 0; }
};

using Path = std::vector<PathElement>;
std::string toString(const Path& path);  // ".spec.containers[name=\"nginx\"].image"

// Total order of JSON values as upstream's value.Compare: numbers, strings, bools, lists, maps,
// null.
int compareValues(const codec::Value& a, const codec::Value& b);

class Set {
public:
    void insert(const Path& path);
    bool has(const Path& path) const;
    bool empty() const { return members_.empty() && children_.empty(); }

    Set unite(const Set& other) const;
    Set intersect(const Set& other) const;
    Set minus(const Set& other) const;  // the members of this not in other

    // The same in place: this becomes this ∪ other, or this minus other (children left empty go).
    void add(const Set& other);
    void add(Set&& other);
    void remove(const Set& other);

    // Each member path, in order.
    std::vector<Path> leaves() const;

    const std::set<PathElement>& members() const { return members_; }
    const std::map<PathElement, Set>& children() const { return children_; }
    std::set<PathElement>& members() { return members_; }
    std::map<PathElement, Set>& children() { return children_; }
    // The subtree at `prefix`, made (empty) where there is none.
    Set& nodeAt(const Path& prefix);
    // The subtree under `pe`, or null.
    const Set* child(const PathElement& pe) const;

    // FieldsV1 JSON: an object; an empty set is {}.
    codec::Value toFieldsV1() const;
    // The same JSON text, compact, appended to `out` (what managedFields' fieldsV1 holds).
    void appendFieldsV1(std::string& out) const;
    // Errors name the bad key, e.g. `invalid FieldsV1 key "x:y"`.
    static StatusOr<Set> fromFieldsV1(const codec::Value& v);

    bool operator==(const Set& other) const;

private:
    void collect(Path& prefix, std::vector<Path>& out) const;
    void appendEntries(std::string& out) const;  // the members of the JSON object, no braces
    std::set<PathElement> members_;
    std::map<PathElement, Set> children_;
};

}  // namespace pilothouse::apiserver::fieldmanager
