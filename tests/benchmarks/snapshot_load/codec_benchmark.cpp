// Decode throughput of the codec on the files given: the reader alone (JSON by RapidJSON, YAML by
// libyaml, into Values; a List's items handed out one by one as loadManifests reads them) and the
// whole of loadManifestFile (into typed objects, as every command reads a file). Best of --runs runs
// (default 3), MB/s of the file's bytes; peak RSS of the process at the end.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/codec/yaml.h"
#include "proc_status.h"
#include "util/mapped_file.h"

using namespace pilothouse;

namespace {

template <class F>
double bestSeconds(int runs, F&& f) {
    double best = 1e30;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        if (!f()) return -1;
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    int runs = 3;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::atoi(argv[++i]);
        else files.push_back(argv[i]);
    }
    if (files.empty()) {
        std::fprintf(stderr, "usage: codec_benchmark [--runs N] FILE...  (JSON or YAML; see make_snapshot.py)\n");
        return 2;
    }
    std::printf("%-28s %9s %10s %14s %14s %12s\n", "file", "MB", "objects", "reader MB/s", "objects MB/s", "objects/s");
    for (const auto& path : files) {
        auto file = MappedFile::open(path);
        if (!file) {
            std::fprintf(stderr, "%s\n", file.status().message().c_str());
            return 2;
        }
        const std::string_view text = file->text();
        const double mb = double(text.size()) / 1e6;
        const bool json = text.find_first_not_of(" \t\r\n") != std::string_view::npos &&
                          text[text.find_first_not_of(" \t\r\n")] == '{';
        size_t items = 0;
        const double reader = bestSeconds(runs, [&] {
            items = 0;
            codec::ItemSink count = [&](codec::Value&&, int) { ++items; };
            if (json) return codec::parseJson(text, count).isOk();
            return codec::readYamlDocuments(text, [&](int) { return count; },
                                            [](int, codec::Value&&) { return Status(); })
                .isOk();
        });
        size_t objects = 0;
        codec::LoadOptions options;
        options.keepRaw = false;  // as pilothousectl schedule reads a snapshot
        const double load = bestSeconds(runs, [&] {
            auto ms = codec::loadManifestFile(path, nullptr, options);
            if (!ms) std::fprintf(stderr, "%s\n", ms.status().message().c_str());
            objects = ms ? ms->size() : 0;
            return ms.isOk();
        });
        if (reader < 0 || load < 0) return 1;
        std::printf("%-28s %9.1f %10zu %14.0f %14.0f %12.0f\n", path.substr(path.find_last_of('/') + 1).c_str(), mb,
                    objects, mb / reader, mb / load, double(objects) / load);
    }
    std::printf("peak RSS %.0f MiB\n", double(benchmarks::procStatusKiB("VmHWM")) / 1024);
    return 0;
}
