// Reading one large List on several threads. `kubectl get -o json|yaml` writes a List's items one
// after another at one indentation; the text can be cut between two items and each part read by its
// own reader, so that a snapshot of 150,000 pods is read on every core, each item read, decoded and
// kept on the core that read it.
//
// A cut is only a guess made from the layout (a line "    }," then "    {" in JSON; a line "- " at the
// items' indentation in YAML). Each part's reader checks it: the first part must end inside the
// top-level "items" array right after an element, a middle part must hold nothing but elements, and
// the last must close the array and the document. A part that does not read so (a cut inside a
// multi-line string, an alias to an anchor in another part, any error at all) makes the caller read
// the whole text again on one thread, so what it reports is always what the one reader says.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace pilothouse::codec {

// The bytes [begin, end) of the text one reader reads. The first part begins at the document; the
// others begin at an element of "items" (their readers act as if "items" had just been opened). The
// last part ends at the text's end.
struct ListPart {
    size_t begin = 0;
    size_t end = 0;
    bool first() const { return begin == 0; }
    bool last = false;
    // Whether the part's values carry their lines in the whole text, which costs its reader a pass
    // over the text before the part (mapping every page of it). Off for a caller that keeps no
    // values (only the objects decoded from them): their lines then count from the part's start.
    bool countLines = true;
};

enum class ListFormat { Json, Yaml };

// Up to `parts` parts of about equal size, or none when the text shows no List layout to cut.
std::vector<ListPart> findListParts(std::string_view text, ListFormat format, int parts);

// How many parts a text of `bytes` is read in on this machine: one per core, at most 8, each at least
// 8 MB (smaller texts read faster on one thread than threads start).
int listPartsFor(size_t bytes);

}  // namespace pilothouse::codec
