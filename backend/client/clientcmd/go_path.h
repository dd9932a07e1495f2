// Go's path/filepath on Unix, as client-go applies it to kubeconfig paths: Clean, Join, Dir, Abs,
// IsAbs and SplitList (the KUBECONFIG separator is ':'). Lexical only; nothing here touches the
// disk except Abs, which asks for the working directory when the path is relative.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace pilothouse::client::clientcmd::gopath {

// The shortest equivalent path: one slash between elements, no "." elements, ".." elements
// removed with the element before them (a rooted path drops "/.." at its start); "" becomes ".".
std::string clean(std::string_view path);
// The non-empty elements joined by "/" and cleaned; "" when all are empty.
std::string join(std::initializer_list<std::string_view> elements);
// Everything before the last "/", cleaned ("." when there is no "/").
std::string dir(std::string_view path);
bool isAbs(std::string_view path);
// The path made absolute against the working directory, cleaned.
std::string abs(std::string_view path);
// The list split at ':'; an empty string is an empty list (elements may be empty).
std::vector<std::string> splitList(std::string_view list);

}  // namespace pilothouse::client::clientcmd::gopath
