// A YAML stream cut into documents the way kubectl reads a file (apimachinery's YAMLReader), before
// any YAML parsing: a line that starts with "---", followed by nothing but spaces or a comment, ends
// the document before it and is dropped; one that would end an empty document (the first line, or
// right after another separator) stays, as the next document's first line. Each document is then
// parsed on its own, so the line of a syntax error counts from its document's first line, as kubectl
// prints it ("yaml: line 5: ..." for the fifth line of the second document).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pilothouse::codec {

struct YamlDocumentText {
    std::string_view text;     // the document's lines
    int firstLine = 1;         // the line of the whole text where `text` begins (1-based)
    size_t offset = 0;         // and its byte offset
    bool blank = true;         // only whitespace and comments
    int emptyBefore = 0;       // separators it begins with that YAML counts as empty documents before it
    std::string badSeparator;  // "--- foo": what followed the separator after this document (kubectl refuses it)
};

// The part before the first separator is a document only when it has content, as YAML counts them.
// After a bad separator nothing more is cut: it is the last entry, its badSeparator set.
std::vector<YamlDocumentText> splitYamlDocuments(std::string_view text);

}  // namespace pilothouse::codec
