// The unified diff kubectl diff shows (it runs `diff -u -N LIVE MERGED` over one file per object):
// "--- LIVE/name" and "+++ MERGED/name" headers, hunks "@@ -l,s +l,s @@" with three lines of
// context, ' ', '-' and '+' lines. A missing side is an empty file (-N). Stateless.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pilothouse::kubectl {

// The diff of two texts by lines, GNU diff's format and hunk grouping; "" when they are equal.
std::string unifiedDiff(std::string_view from, std::string_view to, const std::string& fromName,
                        const std::string& toName, int context = 3);

}  // namespace pilothouse::kubectl
