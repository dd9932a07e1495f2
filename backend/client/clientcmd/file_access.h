// The file operations client-go performs on a kubeconfig and on the files it names, with Go's
// error texts ("open /home/me/.kube/ca.crt: no such file or directory"). A missing file is
// NotFound, which is how the loader tells a skipped KUBECONFIG entry from a broken one.
#pragma once

#include <string>

#include "util/status.h"

namespace pilothouse::client::clientcmd {

// os.ReadFile: the whole file. A directory opens and then fails to read ("read /x: is a
// directory").
StatusOr<std::string> readFile(const std::string& path);
// os.Open followed by Close: what validation does to check that a named file is there.
Status openFile(const std::string& path);
// os.Stat: the explicit --kubeconfig file must exist.
Status statFile(const std::string& path);

}  // namespace pilothouse::client::clientcmd
