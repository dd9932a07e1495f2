#include "kubectl/list_output.h"

namespace pilothouse::kubectl {

codec::Value listOf(std::vector<codec::Value> items) {
    codec::Value list = codec::Value::object();
    list.set("apiVersion", "v1");
    codec::Value arr = codec::Value::array();
    for (auto& i : items) arr.push(std::move(i));
    list.set("items", std::move(arr));
    list.set("kind", "List");
    codec::Value md = codec::Value::object();
    md.set("resourceVersion", "");
    list.set("metadata", std::move(md));
    return list;
}

}  // namespace pilothouse::kubectl
