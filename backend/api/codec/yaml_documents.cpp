#include "api/codec/yaml_documents.h"

#include <algorithm>

namespace pilothouse::codec {

namespace {

// Only whitespace and comments (looked at up to the first line with anything else).
bool blank(std::string_view text) {
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(pos, end - pos);
        const size_t first = line.find_first_not_of(" \t\r");
        if (first != std::string_view::npos && line[first] != '#') return false;
        pos = end + 1;
    }
    return true;
}

// The start of the next line at or after `lineStart` (itself a line's start) that begins with "---".
size_t nextSeparator(std::string_view text, size_t lineStart) {
    if (text.compare(lineStart, 3, "---") == 0) return lineStart;
    const size_t at = text.find("\n---", lineStart);
    return at == std::string_view::npos ? at : at + 1;
}

}  // namespace

std::vector<YamlDocumentText> splitYamlDocuments(std::string_view text) {
    std::vector<YamlDocumentText> docs;
    YamlDocumentText current;
    size_t from = 0;  // where the next separator is looked for: a line's start
    for (;;) {
        const size_t separator = from < text.size() ? nextSeparator(text, from) : std::string_view::npos;
        size_t lineEnd = separator == std::string_view::npos ? text.size() : text.find('\n', separator);
        if (lineEnd == std::string_view::npos) lineEnd = text.size();
        current.text = text.substr(current.offset, std::min(separator, text.size()) - current.offset);
        if (separator == std::string_view::npos) break;
        const std::string_view rest = text.substr(separator + 3, lineEnd - separator - 3);
        const size_t first = rest.find_first_not_of(" \t\r");
        if (first != std::string_view::npos && rest[first] != '#') {
            current.badSeparator = std::string(rest.substr(first));
            // Trailing spaces are not part of what kubectl names.
            current.badSeparator.erase(current.badSeparator.find_last_not_of(" \t\r") + 1);
            current.blank = blank(current.text);
            docs.push_back(current);
            return docs;
        }
        from = std::min(lineEnd + 1, text.size());
        // A separator that ends nothing (at the start, or right after another) is kubectl's first line
        // of the next document: lines count from it.
        if (separator == current.offset) {
            if (separator != 0) ++current.emptyBefore;
            continue;
        }
        current.blank = blank(current.text);
        const int separatorLine = current.firstLine + int(std::count(current.text.begin(), current.text.end(), '\n'));
        // Blank documents before the first with content are not counted (nor is any, in a blank stream).
        if (!(docs.empty() && current.blank)) docs.push_back(current);
        current = YamlDocumentText();
        current.offset = from;
        current.firstLine = separatorLine + 1;
    }
    current.blank = blank(current.text);
    if (!(docs.empty() && current.blank)) docs.push_back(current);
    return docs;
}

}  // namespace pilothouse::codec
