// `kubectl get`'s human-readable tables: the columns kubectl prints for each kind (its
// server-side table columns for v1.28), laid out like Go's tabwriter as kubectl configures it
// (minimum width 6, padding 3, the last column unpadded).
#pragma once

#include <google/protobuf/message.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "api/scheme.h"

namespace pilothouse::kubectl {

struct Table {
    std::vector<std::string> headers;
    std::vector<std::vector<std::string>> rows;
};

enum class Columns { Default, Wide };

// One table for objects of one type. `withNamespace` adds kubectl -A's NAMESPACE column;
// `nowNanos` is the time AGE is measured to.
Table buildTable(const api::ResourceType& type,
                 const std::vector<std::unique_ptr<google::protobuf::Message>>& objects,
                 Columns columns, bool withNamespace, int64_t nowNanos);

std::string renderTable(const Table& table);

}  // namespace pilothouse::kubectl
