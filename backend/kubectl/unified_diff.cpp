#include "kubectl/unified_diff.h"

#include <algorithm>

namespace pilothouse::kubectl {

namespace {

std::vector<std::string_view> splitLines(std::string_view text) {
    std::vector<std::string_view> lines;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        lines.push_back(text.substr(pos, end - pos));
        pos = end + 1;
    }
    return lines;
}

struct Edit {
    char op;   // ' ', '-', '+'
    size_t a;  // index in `from` (for ' ' and '-')
    size_t b;  // index in `to` (for ' ' and '+')
};

// The edit script by longest common subsequence, after the common head and tail are set aside.
std::vector<Edit> editScript(const std::vector<std::string_view>& a,
                             const std::vector<std::string_view>& b) {
    size_t head = 0;
    while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
    size_t tail = 0;
    while (tail < a.size() - head && tail < b.size() - head &&
           a[a.size() - 1 - tail] == b[b.size() - 1 - tail])
        ++tail;
    const size_t n = a.size() - head - tail;
    const size_t m = b.size() - head - tail;
    // lcs[i][j]: the LCS length of a[head+i..] and b[head+j..] within the middle.
    std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
    for (size_t i = n; i-- > 0;)
        for (size_t j = m; j-- > 0;)
            lcs[i][j] = a[head + i] == b[head + j] ? lcs[i + 1][j + 1] + 1
                                                   : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    std::vector<Edit> edits;
    for (size_t k = 0; k < head; ++k) edits.push_back({' ', k, k});
    size_t i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a[head + i] == b[head + j]) {
            edits.push_back({' ', head + i, head + j});
            ++i, ++j;
        } else if (j < m && (i == n || lcs[i][j + 1] > lcs[i + 1][j])) {
            edits.push_back({'+', head + i, head + j});
            ++j;
        } else {
            edits.push_back({'-', head + i, head + j});
            ++i;
        }
    }
    for (size_t k = 0; k < tail; ++k) edits.push_back({' ', head + n + k, head + m + k});
    return edits;
}

// GNU diff's range: "l,s", just "l" for one line, "l-1,0" (the line before) for none.
std::string range(size_t start, size_t count) {
    if (count == 0)
        return std::to_string(start) + ",0";
    if (count == 1)
        return std::to_string(start + 1);
    return std::to_string(start + 1) + "," + std::to_string(count);
}

}  // namespace

std::string unifiedDiff(std::string_view from, std::string_view to, const std::string& fromName,
                        const std::string& toName, int context) {
    const auto a = splitLines(from);
    const auto b = splitLines(to);
    const std::vector<Edit> edits = editScript(a, b);
    const size_t ctx = size_t(std::max(0, context));
    std::string out;
    size_t k = 0;
    while (k < edits.size()) {
        // The next change, and the hunk around it: changes closer than 2 × context join it.
        while (k < edits.size() && edits[k].op == ' ') ++k;
        if (k == edits.size())
            break;
        size_t begin = k >= ctx ? k - ctx : 0;
        size_t end = k;
        size_t lastChange = k;
        for (size_t x = k; x < edits.size(); ++x) {
            if (edits[x].op != ' ')
                lastChange = x;
            else if (x - lastChange > 2 * ctx)
                break;
        }
        end = std::min(edits.size(), lastChange + ctx + 1);
        size_t aStart = edits[begin].a, bStart = edits[begin].b, aCount = 0, bCount = 0;
        std::string body;
        for (size_t x = begin; x < end; ++x) {
            const Edit& e = edits[x];
            body += e.op;
            body += e.op == '+' ? b[e.b] : a[e.a];
            body += '\n';
            if (e.op != '+')
                ++aCount;
            if (e.op != '-')
                ++bCount;
        }
        if (out.empty())
            out = "--- " + fromName + "\n+++ " + toName + "\n";
        out += "@@ -" + range(aStart, aCount) + " +" + range(bStart, bCount) + " @@\n" + body;
        k = end;
    }
    return out;
}

}  // namespace pilothouse::kubectl
