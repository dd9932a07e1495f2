#include "kubectl/table_printer.h"

#include <algorithm>
#include <cctype>

#include "api/object.h"
#include "printers/table_generator.h"

namespace pilothouse::kubectl {

namespace {

// How kubectl prints a Table cell: strings as they are, numbers and booleans in Go's %v.
std::string cellText(const codec::Value& cell) {
    if (cell.isString()) return cell.asString();
    if (cell.isBool()) return cell.asBool() ? "true" : "false";
    if (cell.isInt()) return std::to_string(cell.asInt());
    if (cell.isNull()) return "<none>";
    return cell.numberText();
}

std::string header(const std::string& name) {
    std::string out = name;
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    return out;
}

}  // namespace

Table buildTable(const api::ResourceType& type,
                 const std::vector<std::unique_ptr<google::protobuf::Message>>& objects,
                 Columns columns, bool withNamespace, int64_t now) {
    // kubectl prints the server's table: the priority 0 columns, and with -o wide all of them.
    const auto& definitions = printers::columnDefinitions(type);
    std::vector<size_t> shown;
    for (size_t i = 0; i < definitions.size(); ++i)
        if (definitions[i].priority == 0 || columns == Columns::Wide) shown.push_back(i);
    Table t;
    for (size_t i : shown) t.headers.push_back(header(definitions[i].name));
    if (withNamespace && type.namespaced) t.headers.insert(t.headers.begin(), "NAMESPACE");
    for (const auto& obj : objects) {
        const auto cells = printers::rowCells(type, *obj, now);
        std::vector<std::string> row;
        for (size_t i : shown) row.push_back(i < cells.size() ? cellText(cells[i]) : std::string());
        if (withNamespace && type.namespaced) row.insert(row.begin(), api::metadata(*obj).namespace_());
        t.rows.push_back(std::move(row));
    }
    return t;
}

std::string renderTable(const Table& table) {
    const size_t n = table.headers.size();
    std::vector<size_t> width(n, 0);
    auto measure = [&](const std::vector<std::string>& cells) {
        for (size_t i = 0; i < n && i < cells.size(); ++i) width[i] = std::max(width[i], cells[i].size());
    };
    measure(table.headers);
    for (const auto& r : table.rows) measure(r);
    auto line = [&](const std::vector<std::string>& cells) {
        std::string out;
        for (size_t i = 0; i < n; ++i) {
            const std::string& c = i < cells.size() ? cells[i] : std::string();
            out += c;
            if (i + 1 < n) out.append(std::max<size_t>(6, width[i] + 3) - c.size(), ' ');
        }
        return out + "\n";
    };
    std::string out = line(table.headers);
    for (const auto& r : table.rows) out += line(r);
    return out;
}

}  // namespace pilothouse::kubectl
