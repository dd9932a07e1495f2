// Objects as server-side apply sees them (structured-merge-diff's typed package): a JSON value
// read with its kind's schema, which says for every place in it whether it is a scalar, a struct,
// a map, or a list — and how a list's elements are told apart: atomic (the list is one value), a
// set of scalars, or a map keyed by some of the elements' fields. The schema is the .proto
// descriptor with the options upstream's markers became (json_options.proto: patch_strategy,
// patch_merge_key, list_type, list_map_keys, key_default, struct_atomic).
//
//   toFieldSet  the fields a value sets (what an applied configuration claims)
//   compare     what changed between two values: added, modified, removed
//   merge       an applied configuration merged into the live object (its leaves win)
//   removeItems the value without the given fields
#pragma once

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include "api/codec/value.h"
#include "apiserver/fieldmanager/fieldpath.h"
#include "util/status.h"

namespace pilothouse::apiserver::fieldmanager {

struct Comparison {
    Set added;
    Set modified;
    Set removed;
    bool empty() const { return added.empty() && modified.empty() && removed.empty(); }
};

// Every path a value sets: its scalars, list elements, and empty or null structs and maps.
// Errors (an element of a keyed list without its key) name the path.
StatusOr<Set> toFieldSet(const codec::Value& object, const google::protobuf::Descriptor& schema);

Comparison compare(const codec::Value& before, const codec::Value& after,
                   const google::protobuf::Descriptor& schema);

// The same for a create, walking the message itself: compare(empty, the object's JSON without
// apiVersion and kind), where `empty` is its kind's empty object as compared (an object). Only what
// `empty` also has, and the keys of list elements, are encoded. `object` holds no managedFields.
Comparison compareWithEmpty(const codec::Value& empty, const google::protobuf::Message& object);

// `config` merged into `live`: structs, maps and keyed lists merge element by element, anything
// else (scalars, atomic lists and structs) is config's where config has it.
StatusOr<codec::Value> merge(const codec::Value& live, const codec::Value& config,
                             const google::protobuf::Descriptor& schema);

// `object` without the fields that are members of `fields` (with everything under them).
codec::Value removeItems(const codec::Value& object, const Set& fields, const google::protobuf::Descriptor& schema);

// `fields` with every struct field that has members under it made a member too (upstream's
// EnsureNamedFieldsAreMembers): what pruning an applier's former fields must consider.
Set withNamedFieldsAsMembers(const Set& fields, const google::protobuf::Descriptor& schema);

}  // namespace pilothouse::apiserver::fieldmanager
