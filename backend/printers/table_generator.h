// Server-side printing (kube-apiserver's pkg/printers/internalversion): for each kind, the columns
// of the meta.k8s.io/v1 Table an API server answers `Accept: application/json;as=Table` with, and
// each object's row. kubectl prints these tables as they come (priority 0 columns; -o wide adds the
// priority 1 ones), so the names, types, order and cell values are upstream's for v1.28: a cell is
// a string, except where upstream puts a number (a Deployment's Up-to-date, an Event's Count).
// A kind without a printer gets upstream's default table: Name and Created At.
//
// Stateless; safe from any thread.
#pragma once

#include <google/protobuf/message.h>

#include <cstdint>
#include <string>
#include <vector>

#include "api/codec/value.h"
#include "api/scheme.h"

namespace pilothouse::printers {

// metav1.TableColumnDefinition.
struct ColumnDefinition {
    std::string name;    // "Name", "Nominated Node"
    std::string type;    // "string", "integer", "date"
    std::string format;  // "name" for the column that names the object, else ""
    std::string description;
    int priority = 0;    // 0: always shown; 1: with -o wide
};

// The columns of `type`'s table.
const std::vector<ColumnDefinition>& columnDefinitions(const api::ResourceType& type);

// One row's cells, in columnDefinitions' order. `nowNanos` is what ages are measured to.
std::vector<codec::Value> rowCells(const api::ResourceType& type, const google::protobuf::Message& object,
                                   int64_t nowNanos);

}  // namespace pilothouse::printers
