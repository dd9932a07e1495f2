// Builds Values from a parser's events (RapidJSON's SAX calls for JSON, libyaml's events for YAML), so
// that neither reader keeps a tree of its own. What both readers share lives here:
//  - Go's limits: nesting deeper than 10,000 is an error, as in encoding/json;
//  - a key repeated in one object keeps the last value, in the first key's place (Go's decoding into a
//    map or struct: the later one wins);
//  - strings that are not valid UTF-8 get U+FFFD for each bad byte, as encoding/json decodes them;
//  - the items of a top-level object's "items" array can be handed out one by one as they complete
//    (a `kind: List` of 150,000 pods never exists as one tree; see ItemSink).
// One builder reads one document. Not thread-safe.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::codec {

// Receives the elements of the top-level object's "items" array as each one completes; index counts
// from 0. The element is not kept in the document (the array stays empty). Whether the document is a
// List is only known at its end (kubectl prints "items" before "kind"), so a reader that finds it was
// not one reads the document again without a sink.
using ItemSink = std::function<void(Value&& item, int index)>;

// Told now and then how far a reader has read: it will not look at the text before `offset` again
// (so a file mapped into memory can give those pages back).
using ReadProgress = std::function<void(size_t offset)>;

class ValueBuilder {
public:
    static constexpr int kMaxDepth = 10000;

    // `dropManagedFields`: the items handed to the sink come without metadata.managedFields, which
    // is read past and never built (what a snapshot's reader throws away anyway: a seventh of a real
    // cluster's pods, a fifth of its nodes). In YAML only for a List's parts: an anchor inside it
    // could be named elsewhere, and a part with an alias is read again whole, without dropping.
    explicit ValueBuilder(ItemSink items = {}, bool dropManagedFields = false)
        : items_(std::move(items)), dropManagedFields_(dropManagedFields && items_) {}

    // False when the document nests deeper than kMaxDepth.
    bool startObject(int line, int column);
    bool startArray(int line, int column);
    // Sets the key of the next value of the innermost object.
    void key(std::string key);
    void value(Value v);
    // Ends the innermost object or array; its Value is returned through `ended` when the caller asked
    // (YAML anchors keep a copy of what they name).
    void end(Value* ended = nullptr);

    bool inObject() const { return !stack_.empty() && stack_.back().value.isObject(); }
    // Reading past a dropped value (dropManagedFields): what comes is not kept, until it ends.
    bool skipping() const { return skipped_ > 0 || dropNext_; }
    int depth() const { return int(stack_.size()); }
    bool done() const { return done_; }
    Value take() { return std::move(root_); }
    // Inside the top-level "items" array, its elements going to the sink (where a part of a List that
    // is cut between two elements ends: see list_parts.h).
    bool streamingItems() const { return stack_.size() == 2 && stack_.back().streamItems; }
    // How many elements of the top-level "items" array were handed to the sink.
    int itemsHandedOut() const { return handedOut_; }

    // Go's decoding of a JSON string: each byte of an invalid UTF-8 sequence becomes U+FFFD.
    static std::string validUtf8(std::string_view s);

private:
    struct Frame {
        Value value;
        std::string key;  // objects: the key of the value being read
        bool streamItems = false;
        std::unordered_map<std::string, size_t> index;  // large objects: key -> member
    };
    void attach(Value v);
    void addMember(Frame& frame, Value v);

    // Inside a streamed item's metadata, the key just read is managedFields.
    bool atItemManagedFields() const;

    ItemSink items_;
    bool dropManagedFields_ = false;
    bool dropNext_ = false;  // the next value is read past
    int skipped_ = 0;        // depth inside a value read past
    std::vector<Frame> stack_;
    Value root_;
    bool done_ = false;
    int handedOut_ = 0;
};

}  // namespace pilothouse::codec
