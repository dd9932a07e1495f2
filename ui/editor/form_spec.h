// What an editor's form shows for each kind, as data: the common fields of Nodes, Pods,
// Deployments, ReplicaSets, Services and PriorityClasses, each with its field path in the object
// (so a validation error naming that path lands on it) and how its text maps to JSON. Everything
// else is edited in the YAML view.
#pragma once

#include <QStringList>

#include <string>
#include <vector>

namespace pilothouse::ui::editor {

// How a value is edited and how its text maps to JSON.
enum class ValueKind {
    Text,         // a string; empty text removes it
    Integer,      // a number; empty text removes it
    Bool,         // a check box
    Choice,       // one of the choices; "" removes it
    Quantity,     // a resource quantity ("100m", "1Gi"), kept as a string
    StringList,   // "a, b, c" <-> ["a", "b", "c"]
    LabelMap,     // "app=web, tier=db" <-> {app: web, tier: db}
    IntOrString,  // digits -> a number, anything else a string (a Service's targetPort)
};

struct ColumnSpec {
    const char* title;        // translated in the "ObjectForm" context
    std::string path;         // relative to the row's object: "key", "resources.requests.cpu"
    ValueKind kind = ValueKind::Text;
    QStringList choices = {};
    bool outer = false;       // NestedList: a field of the outer item, not of the inner one
};

enum class FieldShape {
    Single,      // one value at `path`
    Map,         // an object of strings at `path`: a row per (key, value)
    List,        // a list of objects at `path`: a row per item
    NestedList,  // a list of objects at `path`, each holding a list at `innerPath`: a row per
                 // inner item, numbered by its outer item (node affinity's terms and expressions)
};

struct FieldSpec {
    const char* group;  // section heading, translated in the "ObjectForm" context
    const char* title;
    std::string path;   // "spec.taints", "spec.template.spec.nodeSelector"
    FieldShape shape = FieldShape::Single;
    ValueKind kind = ValueKind::Text;  // Single
    QStringList choices = {};          // Single + Choice
    std::vector<ColumnSpec> columns = {};  // List, NestedList
    std::string innerPath = {};            // NestedList, relative to an outer item
    // Whether the field lives in the status (written through the status subresource).
    bool status = false;
};

// The form of a kind ("Node", "Pod", "Deployment", "ReplicaSet", "Service", "PriorityClass");
// empty for kinds edited in YAML only.
std::vector<FieldSpec> formFor(const std::string& kind);

}  // namespace pilothouse::ui::editor
