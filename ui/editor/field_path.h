// Kubernetes field paths, as validation errors name them (field.Path.String()):
//   spec.containers[0].resources.requests[cpu]      metadata.labels      spec.taints[1].effect
// Keys are dotted; list indexes and map keys go in brackets. The editor uses them to find what an
// error is about: the value in the object, the form field that edits it, the YAML line it is on.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "api/codec/value.h"

namespace pilothouse::ui::editor {

class FieldPath {
public:
    // One step: an object key or a list index.
    using Step = std::variant<std::string, size_t>;

    FieldPath() = default;
    // Reads "a.b[0].c[key]"; a bracket holding digits is an index, anything else a map key.
    static FieldPath parse(std::string_view text);

    const std::vector<Step>& steps() const { return steps_; }
    bool empty() const { return steps_.empty(); }
    size_t size() const { return steps_.size(); }
    // Whether this path is `prefix` or below it.
    bool startsWith(const FieldPath& prefix) const;
    // The steps after `prefix` (which this path starts with).
    FieldPath after(const FieldPath& prefix) const;
    FieldPath child(std::string key) const;
    FieldPath child(size_t index) const;
    // This path followed by `rest`'s steps.
    FieldPath append(const FieldPath& rest) const;
    std::string toString() const;
    bool operator==(const FieldPath&) const = default;

    // The value at this path, or nullptr.
    const codec::Value* find(const codec::Value& root) const;
    // The deepest value along this path that exists (the root when the first step is missing).
    const codec::Value& deepest(const codec::Value& root) const;
    // Sets the value at this path, making the objects and lists on the way (a list grows with
    // nulls up to the index). Setting null removes an object key (the form's "empty").
    void set(codec::Value& root, codec::Value value) const;

private:
    std::vector<Step> steps_;
};

}  // namespace pilothouse::ui::editor
