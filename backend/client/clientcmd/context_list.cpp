#include "client/clientcmd/context_list.h"

#include <map>
#include <set>

#include "client/clientcmd/aggregate.h"
#include "client/clientcmd/decode.h"
#include "client/clientcmd/file_access.h"
#include "client/clientcmd/validation.h"

namespace pilothouse::client::clientcmd {

namespace {

// One file read for the listing: what decoded, and its broken entries (errors naming the file).
struct FileEntries {
    std::string path;
    api::Config config;
    std::map<std::string, Status> brokenClusters, brokenAuthInfos, brokenContexts;
};

template <typename T>
void claim(const std::string& file, const std::map<std::string, T>& good,
           const std::map<std::string, Status>& broken, std::map<std::string, T>& mergedGood,
           std::map<std::string, Status>& mergedBroken, std::set<std::string>& claimed) {
    for (const auto& [name, value] : good)
        if (claimed.insert(name).second)
            mergedGood.emplace(name, value);
    for (const auto& [name, status] : broken)
        if (claimed.insert(name).second)
            mergedBroken.emplace(name, fileLoadError(file, status));
}

}  // namespace

ContextListing listContexts(const LoadingRules& rules, const ConfigOverrides& overrides) {
    ContextListing out;
    auto loaded = load(rules);
    out.loadStatus = loaded.status();
    if (loaded.isOk())
        out.warnings = loaded->warnings;

    // Each file on its own.
    std::vector<FileEntries> files;
    for (const auto& path : rules.loadingPrecedence()) {
        if (path.empty())
            continue;
        KubeconfigFile file{path, KubeconfigFile::State::Loaded, {}};
        auto data = readFile(path);
        if (data.status().code() == StatusCode::NotFound) {
            file.state = KubeconfigFile::State::Missing;
            file.status = data.status();
            out.files.push_back(std::move(file));
            continue;
        }
        if (!data.isOk()) {
            file.state = KubeconfigFile::State::Broken;
            file.status = fileLoadError(path, data.status());
            out.files.push_back(std::move(file));
            continue;
        }
        DecodedKubeconfig decoded = decodeKubeconfig(*data);
        if (!decoded.status.isOk()) {
            file.state = KubeconfigFile::State::Broken;
            file.status = fileLoadError(path, decoded.status);
        }
        out.files.push_back(std::move(file));
        if (decoded.unreadable)
            continue;
        FileEntries entries{path, std::move(decoded.config), std::move(decoded.brokenClusters),
                            std::move(decoded.brokenAuthInfos), std::move(decoded.brokenContexts)};
        for (auto& [n, c] : entries.config.clusters) c.locationOfOrigin = path;
        for (auto& [n, a] : entries.config.authInfos) a.locationOfOrigin = path;
        for (auto& [n, c] : entries.config.contexts) c.locationOfOrigin = path;
        files.push_back(std::move(entries));
    }

    // Merged as client-go merges, broken entries taking their name like good ones.
    api::Config merged;
    std::map<std::string, Status> brokenClusters, brokenAuthInfos, brokenContexts;
    std::set<std::string> clusterNames, authInfoNames, contextNames;
    std::map<std::string, std::string> contextOwner;  // name -> the file whose context wins
    for (const auto& f : files) {
        claim(f.path, f.config.clusters, f.brokenClusters, merged.clusters, brokenClusters,
              clusterNames);
        claim(f.path, f.config.authInfos, f.brokenAuthInfos, merged.authInfos, brokenAuthInfos,
              authInfoNames);
        claim(f.path, f.config.contexts, f.brokenContexts, merged.contexts, brokenContexts,
              contextNames);
        for (const auto& [name, c] : f.config.contexts) contextOwner.emplace(name, f.path);
        for (const auto& [name, st] : f.brokenContexts) contextOwner.emplace(name, f.path);
        if (merged.currentContext.empty())
            merged.currentContext = f.config.currentContext;
    }
    if (!rules.doNotResolvePaths)
        resolveLocalPaths(merged);
    out.currentContext = merged.currentContext;

    for (const auto& f : files) {
        std::set<std::string> names;
        for (const auto& [name, c] : f.config.contexts) names.insert(name);
        for (const auto& [name, st] : f.brokenContexts) names.insert(name);
        for (const auto& name : names) {
            ContextSummary s;
            s.name = name;
            s.file = f.path;
            if (contextOwner[name] != f.path) {
                s.shadowedBy = contextOwner[name];
                if (auto it = f.config.contexts.find(name); it != f.config.contexts.end()) {
                    s.cluster = it->second.cluster;
                    s.user = it->second.authInfo;
                    s.namespaceName = it->second.namespaceName;
                }
                s.status = Status(StatusCode::AlreadyExists,
                                  "context " + name + " is also defined in " + s.shadowedBy +
                                      ", which comes first and wins");
                out.contexts.push_back(std::move(s));
                continue;
            }
            s.current = name == merged.currentContext;
            if (auto broken = brokenContexts.find(name); broken != brokenContexts.end()) {
                s.status = broken->second;
                out.contexts.push_back(std::move(s));
                continue;
            }
            const api::Context& c = merged.contexts.at(name);
            s.cluster = c.cluster;
            s.user = c.authInfo;
            s.namespaceName = c.namespaceName;
            if (auto it = merged.clusters.find(c.cluster); it != merged.clusters.end())
                s.server = it->second.server;

            std::vector<std::string> entryProblems;
            if (auto it = brokenAuthInfos.find(c.authInfo); it != brokenAuthInfos.end())
                entryProblems.push_back(it->second.message());
            if (auto it = brokenClusters.find(c.cluster); it != brokenClusters.end())
                entryProblems.push_back(it->second.message());
            if (!entryProblems.empty()) {
                s.status = aggregateStatus(StatusCode::InvalidArgument, "", entryProblems);
            } else if (Status usable = confirmUsable(merged, name); !usable.isOk()) {
                s.status = usable;
            } else {
                ConfigOverrides o = overrides;
                o.context = name;
                auto resolved = resolveContext(merged, o);
                if (resolved.isOk())
                    s.resolved = std::move(*resolved);
                else
                    s.status = resolved.status();
            }
            out.contexts.push_back(std::move(s));
        }
    }
    return out;
}

}  // namespace pilothouse::client::clientcmd
