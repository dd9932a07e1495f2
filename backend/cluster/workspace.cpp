#include "cluster/workspace.h"

#include <charconv>
#include <filesystem>
#include <map>

#include "cluster/scenario_writer.h"
#include "store/sqlite_db.h"

namespace pilothouse::cluster {

namespace {

constexpr const char* kFormat = "1";

Status inFile(const std::string& path, const Status& status) { return status.withContext(path + ": "); }

StatusOr<int64_t> integerField(const std::map<std::string, std::string>& rows, const std::string& name, const std::string& path) {
    auto it = rows.find(name);
    if (it == rows.end()) return Status(StatusCode::DataLoss, path + ": the workspace has no " + name);
    int64_t value = 0;
    const auto& text = it->second;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0)
        return Status(StatusCode::DataLoss, path + ": the workspace's " + name + " is not a count: \"" + text + "\"");
    return value;
}

}  // namespace

StatusOr<uint64_t> storeDigest(store::Store& store) {
    auto listed = store.list("");
    if (!listed) return listed.status();
    uint64_t h = 1469598103934665603ull;
    auto mix = [&h](std::string_view bytes) {
        for (unsigned char c : bytes) {
            h ^= c;
            h *= 1099511628211ull;
        }
        h ^= 0xff;  // a separator, so that "ab"+"c" and "a"+"bc" differ
        h *= 1099511628211ull;
    };
    for (const auto& kv : listed->items) {
        mix(kv.key);
        mix(kv.value);
        mix(std::to_string(kv.modRevision));
    }
    return h;
}

Status saveWorkspace(const std::string& path, store::Store& store, const Scenario& scenario,
                     const std::vector<ScenarioAction>& actions, size_t scenarioActions, sim::Duration elapsed,
                     const std::string& selection) {
    auto digest = storeDigest(store);
    if (!digest) return inFile(path, digest.status());
    const int64_t revision = store.currentRevision();
    // Put together beside the target, then renamed over it: an existing workspace stays whole
    // until the new one is.
    const std::string temporary = path + ".saving";
    std::error_code ignored;
    PH_RETURN_IF_ERROR(store.snapshot(temporary));
    auto fail = [&](const Status& st) {
        std::filesystem::remove(temporary, ignored);
        return inFile(path, st);
    };
    {
        auto db = store::sqlite::Connection::open(temporary);
        if (!db) return fail(db.status());
        if (Status st = (*db)->exec("BEGIN; CREATE TABLE pilothouse_workspace(name TEXT PRIMARY KEY, value TEXT NOT NULL)"); !st.isOk())
            return fail(st);
        auto insert = (*db)->prepare("INSERT INTO pilothouse_workspace(name, value) VALUES (?1, ?2)");
        if (!insert) return fail(insert.status());
        const std::map<std::string, std::string> rows = {
            {"format", kFormat},
            {"scenario", writeScenario(scenario, actions)},
            {"scenarioActions", std::to_string(scenarioActions)},
            {"elapsedNanos", std::to_string(std::chrono::nanoseconds(elapsed).count())},
            {"selection", selection},
            {"revision", std::to_string(revision)},
            {"digest", std::to_string(*digest)},
        };
        for (const auto& [name, value] : rows) {
            insert->bindText(1, name);
            insert->bindText(2, value);
            Status st = insert->run();
            insert->reset();
            if (!st.isOk()) return fail(st);
        }
        if (Status st = (*db)->exec("COMMIT"); !st.isOk()) return fail(st);
    }
    return store::sqlite::replaceDatabaseFile(temporary, path);
}

StatusOr<Workspace> readWorkspace(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return Status(StatusCode::NotFound, path + ": no such file");
    auto db = store::sqlite::Connection::open(path);
    if (!db) return inFile(path, db.status());
    auto tables = (*db)->queryInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'pilothouse_workspace'");
    if (!tables) return inFile(path, tables.status());
    if (*tables == 0)
        return Status(StatusCode::InvalidArgument,
                      path + ": not a Pilothouse workspace (no pilothouse_workspace table); a store file opens with --store FILE");
    auto select = (*db)->prepare("SELECT name, value FROM pilothouse_workspace");
    if (!select) return inFile(path, select.status());
    std::map<std::string, std::string> rows;
    for (;;) {
        auto row = select->step();
        if (!row) return inFile(path, row.status());
        if (!*row) break;
        rows[select->columnString(0)] = select->columnString(1);
    }
    select->reset();
    if (rows["format"] != kFormat)
        return Status(StatusCode::FailedPrecondition,
                      path + ": workspace format \"" + rows["format"] + "\" is not one this Pilothouse reads (" + kFormat + ")");
    Workspace ws;
    std::vector<std::string> warnings;
    auto scenario = loadScenario(rows["scenario"], path + ": scenario", &warnings);
    if (!scenario) return scenario.status();
    ws.scenario = std::move(*scenario);
    auto count = integerField(rows, "scenarioActions", path);
    if (!count) return count.status();
    if (size_t(*count) > ws.scenario.actions.size())
        return Status(StatusCode::DataLoss, path + ": the workspace counts " + std::to_string(*count) + " scenario actions but holds " +
                                                std::to_string(ws.scenario.actions.size()));
    ws.scenarioActions = size_t(*count);
    auto elapsed = integerField(rows, "elapsedNanos", path);
    if (!elapsed) return elapsed.status();
    ws.elapsed = std::chrono::nanoseconds(*elapsed);
    auto revision = integerField(rows, "revision", path);
    if (!revision) return revision.status();
    ws.revision = *revision;
    const std::string& digest = rows["digest"];
    auto [end, parsed] = std::from_chars(digest.data(), digest.data() + digest.size(), ws.digest);
    if (parsed != std::errc() || end != digest.data() + digest.size())
        return Status(StatusCode::DataLoss, path + ": the workspace's digest is not a number: \"" + digest + "\"");
    ws.selection = rows["selection"];
    return ws;
}

StatusOr<std::string> compareWithWorkspace(store::Store& store, const Workspace& workspace) {
    auto digest = storeDigest(store);
    if (!digest) return digest.status();
    if (store.currentRevision() == workspace.revision && *digest == workspace.digest) return std::string();
    if (store.currentRevision() != workspace.revision)
        return "the replay reached store revision " + std::to_string(store.currentRevision()) + ", the saved store was at revision " +
               std::to_string(workspace.revision) + ": this Pilothouse runs the scenario differently from the one that saved it";
    return "the replayed objects differ from the saved ones at revision " + std::to_string(workspace.revision) +
           ": this Pilothouse runs the scenario differently from the one that saved it";
}

}  // namespace pilothouse::cluster
