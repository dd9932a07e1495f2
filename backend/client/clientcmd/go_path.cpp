#include "client/clientcmd/go_path.h"

#include <filesystem>
#include <system_error>

namespace pilothouse::client::clientcmd::gopath {

std::string clean(std::string_view path) {
    if (path.empty())
        return ".";
    const bool rooted = path.front() == '/';
    std::vector<std::string_view> parts;
    size_t i = 0;
    while (i < path.size()) {
        size_t j = path.find('/', i);
        if (j == std::string_view::npos)
            j = path.size();
        const std::string_view part = path.substr(i, j - i);
        i = j + 1;
        if (part.empty() || part == ".")
            continue;
        if (part == "..") {
            if (!parts.empty() && parts.back() != "..") {
                parts.pop_back();
            } else if (!rooted) {
                parts.push_back(part);  // a relative path keeps leading ".."
            }
            continue;
        }
        parts.push_back(part);
    }
    std::string out = rooted ? "/" : "";
    for (size_t k = 0; k < parts.size(); ++k) {
        if (k)
            out += '/';
        out.append(parts[k]);
    }
    return out.empty() ? "." : out;
}

std::string join(std::initializer_list<std::string_view> elements) {
    std::string joined;
    bool any = false;
    for (std::string_view e : elements) {
        if (e.empty())
            continue;
        if (any)
            joined += '/';
        joined.append(e);
        any = true;
    }
    return any ? clean(joined) : std::string();
}

std::string dir(std::string_view path) {
    const size_t slash = path.rfind('/');
    return clean(slash == std::string_view::npos ? std::string_view() : path.substr(0, slash + 1));
}

bool isAbs(std::string_view path) {
    return !path.empty() && path.front() == '/';
}

std::string abs(std::string_view path) {
    if (isAbs(path))
        return clean(path);
    std::error_code ec;
    const std::string wd = std::filesystem::current_path(ec).string();
    return join({wd, path});
}

std::vector<std::string> splitList(std::string_view list) {
    std::vector<std::string> out;
    if (list.empty())
        return out;
    size_t i = 0;
    for (;;) {
        const size_t j = list.find(':', i);
        out.emplace_back(
            list.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i));
        if (j == std::string_view::npos)
            break;
        i = j + 1;
    }
    return out;
}

}  // namespace pilothouse::client::clientcmd::gopath
