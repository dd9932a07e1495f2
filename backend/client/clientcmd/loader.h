// Finding and reading the kubeconfig files (client-go tools/clientcmd/loader.go).
//
// Which files: an explicit path (kubectl's --kubeconfig) is the only file, and must exist.
// Otherwise the KUBECONFIG list (split at ':', repeated paths dropped, empty elements ignored),
// or, when KUBECONFIG is empty or unset, $HOME/.kube/config. Files of the list that do not exist
// are skipped; when all are missing the load still succeeds, with the warning "Config not found:
// a, b". A file that exists but cannot be read or decoded fails the whole load, naming it:
// `error loading config file "/x/config": yaml: line 3: ...` (every such file is named, as an
// aggregate). The files are merged as merge.h says, then every relative path in a cluster or user
// (certificate-authority, client-certificate, client-key, tokenFile, and exec's command when it
// contains a '/') is made absolute against the directory of the file the entry came from.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "client/clientcmd/api/types.h"
#include "util/status.h"

namespace pilothouse::client::clientcmd {

inline constexpr const char* kRecommendedConfigPathEnvVar = "KUBECONFIG";
inline constexpr const char* kRecommendedHomeDir = ".kube";
inline constexpr const char* kRecommendedFileName = "config";

// What client-go reads from the process environment to find the files. Passed in, so that tests
// and the GUI choose; fromProcess() is the only place that reads the real environment.
struct Environment {
    std::string kubeconfig;  // $KUBECONFIG; empty counts as unset, as upstream
    std::string home;        // $HOME

    static Environment fromProcess();
};

// ClientConfigLoadingRules.
struct LoadingRules {
    std::string explicitPath;             // only this file, which must exist
    std::vector<std::string> precedence;  // merged in order when there is no explicit path
    bool warnIfAllMissing = false;        // set when the precedence came from KUBECONFIG
    bool doNotResolvePaths = false;       // keep relative paths as written

    // NewDefaultClientConfigLoadingRules: the KUBECONFIG list (deduplicated), else the home file.
    static LoadingRules defaults(const Environment& env);
    // GetLoadingPrecedence: the explicit path alone, else the precedence.
    std::vector<std::string> loadingPrecedence() const;
};

// $HOME/.kube/config (RecommendedHomeFile).
std::string recommendedHomeFile(const Environment& env);

struct LoadedConfig {
    api::Config config;
    std::vector<std::string> loadedFiles;   // read and merged, in precedence order
    std::vector<std::string> missingFiles;  // skipped: they do not exist
    std::vector<std::string> warnings;      // "Config not found: ..." when every file was missing
};

// Load(data): a kubeconfig's text; an empty text is an empty Config. Errors as decode.h.
StatusOr<api::Config> loadFromBytes(std::string_view data);
// LoadFromFile: one file as written (relative paths kept), each entry's location of origin set to
// `path`. A missing file is NotFound ("open /x: no such file or directory"); errors do not name
// the file beyond that, as upstream (load() does).
StatusOr<api::Config> loadFromFile(const std::string& path);
// ClientConfigLoadingRules.Load.
StatusOr<LoadedConfig> load(const LoadingRules& rules);

// ResolveLocalPaths: relative file references of every cluster and user with a location of origin,
// made absolute against that file's directory.
void resolveLocalPaths(api::Config& config);
// The file references of one entry made absolute against `base` (ResolvePaths over
// GetClusterFileReferences / GetAuthInfoFileReferences).
void resolveClusterPaths(api::Cluster& cluster, const std::string& base);
void resolveAuthInfoPaths(api::AuthInfo& authInfo, const std::string& base);

// "error loading config file \"<file>\": <message>", the loader's wrapping of one file's failure.
Status fileLoadError(const std::string& file, const Status& cause);

}  // namespace pilothouse::client::clientcmd
