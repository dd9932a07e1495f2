#include "api/codec/list_parts.h"

#include <algorithm>
#include <string>
#include <thread>

namespace pilothouse::codec {

namespace {

// Only the start of the text is searched for the "items" key: kubectl writes it second, after
// apiVersion (keys in order).
constexpr size_t kItemsKeyWithin = 4096;

// The indentation of the first element of the top-level "items", or npos when the layout is not
// kubectl's.
size_t itemIndent(std::string_view text, ListFormat format, size_t* firstItem) {
    const std::string_view head = text.substr(0, kItemsKeyWithin);
    size_t lineStart;
    if (format == ListFormat::Json) {
        // "items": [  then a line of spaces and "{"
        size_t key = head.find("\"items\": [\n");
        if (key == std::string_view::npos) return std::string_view::npos;
        lineStart = key + 11;
    } else {
        // items:  at the start of a line, then a line of spaces and "- "
        if (head.substr(0, 7) == "items:\n") {
            lineStart = 7;
        } else {
            size_t key = head.find("\nitems:\n");
            if (key == std::string_view::npos) return std::string_view::npos;
            lineStart = key + 8;
        }
    }
    size_t indent = lineStart;
    while (indent < text.size() && text[indent] == ' ') ++indent;
    const std::string_view opener = format == ListFormat::Json ? "{" : "- ";
    if (text.substr(indent, opener.size()) != opener) return std::string_view::npos;
    *firstItem = lineStart;
    return indent - lineStart;
}

}  // namespace

std::vector<ListPart> findListParts(std::string_view text, ListFormat format, int parts) {
    std::vector<ListPart> out;
    size_t firstItem = 0;
    const size_t indent = parts > 1 ? itemIndent(text, format, &firstItem) : std::string_view::npos;
    if (indent == std::string_view::npos) return out;
    // Between two elements: JSON "\n<indent>},\n<indent>{", YAML "\n<indent>- ".
    const std::string spaces(indent, ' ');
    const std::string cut = format == ListFormat::Json ? "\n" + spaces + "},\n" + spaces + "{" : "\n" + spaces + "- ";
    size_t begin = 0;
    for (int k = 1; k < parts; ++k) {
        const size_t target = std::max(text.size() / size_t(parts) * size_t(k), firstItem);
        if (target <= begin) continue;
        const size_t at = text.find(cut, target);
        if (at == std::string_view::npos) break;
        ListPart part;
        part.begin = begin;
        if (format == ListFormat::Json) {
            part.end = at + 1 + indent + 1;  // just after the "}"
            begin = at + 1 + indent + 2 + 1;  // the next line
        } else {
            part.end = at + 1;  // the "- " line starts the next part
            begin = part.end;
        }
        out.push_back(part);
    }
    if (out.empty()) return out;
    ListPart last;
    last.begin = begin;
    last.end = text.size();
    last.last = true;
    out.push_back(last);
    return out;
}

int listPartsFor(size_t bytes) {
    constexpr size_t kMinPart = 8 << 20;
    const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
    return int(std::clamp<size_t>(bytes / kMinPart, 1, size_t(std::min(cores, 8))));
}

}  // namespace pilothouse::codec
