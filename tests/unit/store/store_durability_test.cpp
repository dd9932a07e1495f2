// Crash durability: a child process (this binary, re-executed with PH_STORE_DURABILITY_CHILD set)
// writes to a file store as fast as it can from two threads and reports every acknowledged write
// on stdout after the call returned. The parent kills it with SIGKILL mid-run, reopens the file
// and checks that every acknowledged write is there, intact, and that the store is consistent.
// Several rounds run on the same file, each child continuing the previous one's revisions.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "store_test_support.h"

extern char** environ;

using namespace pilothouse;
using namespace pilothouse::store;
using namespace pilothouse::store::testing;

namespace {

constexpr const char* kChildEnv = "PH_STORE_DURABILITY_CHILD";
constexpr const char* kRoundEnv = "PH_STORE_DURABILITY_ROUND";
constexpr const char* kCounterKey = "/durability/counter";
constexpr int kWriterThreads = 2;

// A value that can be checked without knowing anything but its key: ~1 KiB derived from the key,
// so a torn or mixed-up value cannot pass.
std::string valueFor(const std::string& key) {
    std::string value;
    value.reserve(1024 + key.size());
    uint32_t h = 2166136261u;
    for (char c : key) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    while (value.size() < 1024) {
        h = h * 1103515245u + 12345u;
        value.push_back(static_cast<char>('a' + (h >> 16) % 26));
    }
    return value + "|" + key;
}

void writeLine(const std::string& line) {
    // One write() per line, well under PIPE_BUF: lines from both threads never interleave.
    const char* p = line.data();
    size_t left = line.size();
    while (left > 0) {
        const ssize_t n = ::write(STDOUT_FILENO, p, left);
        if (n <= 0)
            std::_Exit(3);
        p += n;
        left -= static_cast<size_t>(n);
    }
}

// The child: creates uniquely named records and increments a shared counter (read-modify-write
// with retry), acknowledging each on stdout. Stops on its own after a while in case the parent
// died, so it can never be left running.
int runWriterChild(const std::string& path, const std::string& round) {
    Options options;
    options.path = path;
    StatusOr<std::unique_ptr<Store>> opened = open(options);
    if (!opened.isOk()) {
        fprintf(stderr, "child: %s\n", opened.status().toString().c_str());
        return 2;
    }
    Store& store = **opened;
    if (!store.get(kCounterKey).isOk())
        (void)store.create(kCounterKey, "0");
    writeLine("READY\n");

    const auto stopAt = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    std::vector<std::thread> threads;
    for (int t = 0; t < kWriterThreads; ++t) {
        threads.emplace_back([&, t] {
            for (long i = 0; std::chrono::steady_clock::now() < stopAt; ++i) {
                if (i % 5 == 4) {
                    StatusOr<KeyValue> cur = store.get(kCounterKey);
                    if (!cur.isOk())
                        std::_Exit(4);
                    const std::string next = std::to_string(std::stol(cur->value) + 1);
                    StatusOr<KeyValue> done = store.update(kCounterKey, next, cur->modRevision);
                    if (done.isOk()) {
                        writeLine("U " + next + " " + std::to_string(done->modRevision) + "\n");
                    } else if (done.status().code() != StatusCode::Aborted) {
                        std::_Exit(5);
                    }
                    continue;
                }
                const std::string key =
                    "/durability/r" + round + "/t" + std::to_string(t) + "/" + std::to_string(i);
                StatusOr<KeyValue> done = store.create(key, valueFor(key));
                if (!done.isOk())
                    std::_Exit(6);
                writeLine("C " + key + " " + std::to_string(done->modRevision) + "\n");
            }
        });
    }
    for (std::thread& t : threads) t.join();
    return 0;
}

struct Acks {
    std::map<std::string, int64_t> created;   // key -> revision
    std::map<int64_t, int64_t> counterByRev;  // revision -> counter value written
};

}  // namespace

class StoreDurabilityTest : public QObject {
    Q_OBJECT

public:
    static std::string selfPath;

private:
    // Runs one child round, killing it after killAfterAcks acknowledgements, and records every
    // acknowledgement in acks. Reports harness failures through QTest (check currentTestFailed).
    void runRound(const std::string& dbPath, int round, size_t killAfterAcks, Acks& acks,
                  size_t& ackedThisRound) {
        int fds[2];
        QCOMPARE(::pipe2(fds, O_CLOEXEC), 0);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);

        std::vector<std::string> envStrings;
        for (char** e = environ; *e != nullptr; ++e) envStrings.emplace_back(*e);
        envStrings.push_back(std::string(kChildEnv) + "=" + dbPath);
        envStrings.push_back(std::string(kRoundEnv) + "=" + std::to_string(round));
        std::vector<char*> envp;
        for (std::string& s : envStrings) envp.push_back(s.data());
        envp.push_back(nullptr);
        std::string arg0 = selfPath;
        char* argv[] = {arg0.data(), nullptr};

        pid_t pid = -1;
        const int spawned =
            posix_spawn(&pid, selfPath.c_str(), &actions, nullptr, argv, envp.data());
        posix_spawn_file_actions_destroy(&actions);
        ::close(fds[1]);
        QCOMPARE(spawned, 0);

        // Read acknowledgements; kill once enough came in. Lines already in the pipe when the
        // child died were acknowledged too, so keep reading to EOF.
        std::string buffer;
        bool killed = false;
        bool ready = false;
        ackedThisRound = 0;
        char chunk[65536];
        for (;;) {
            const ssize_t n = ::read(fds[0], chunk, sizeof chunk);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                break;
            buffer.append(chunk, static_cast<size_t>(n));
            size_t start = 0;
            for (size_t nl; (nl = buffer.find('\n', start)) != std::string::npos; start = nl + 1) {
                std::istringstream line(buffer.substr(start, nl - start));
                std::string kind;
                line >> kind;
                if (kind == "READY") {
                    ready = true;
                } else if (kind == "C") {
                    std::string key;
                    int64_t rev = 0;
                    line >> key >> rev;
                    acks.created[key] = rev;
                    ++ackedThisRound;
                } else if (kind == "U") {
                    int64_t value = 0, rev = 0;
                    line >> value >> rev;
                    acks.counterByRev[rev] = value;
                    ++ackedThisRound;
                }
            }
            buffer.erase(0, start);
            if (!killed && ackedThisRound >= killAfterAcks) {
                ::kill(pid, SIGKILL);
                killed = true;
            }
        }
        ::close(fds[0]);
        int wstatus = 0;
        QCOMPARE(::waitpid(pid, &wstatus, 0), pid);
        QVERIFY2(ready, "the child never opened the store");
        QVERIFY2(
            WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGKILL,
            qPrintable(
                QString("the child ended on its own (status %1) before the kill").arg(wstatus)));
        QVERIFY(buffer.empty() || buffer.find('\n') == std::string::npos);
    }

    void verify(const std::string& dbPath, const Acks& acks) {
        Options options;
        options.path = dbPath;
        StatusOr<std::unique_ptr<Store>> opened = open(options);
        PH_QVERIFY_OK(opened);
        Store& store = **opened;

        int64_t maxAcked = 0;
        for (const auto& [key, rev] : acks.created) {
            StatusOr<KeyValue> kv = store.get(key);
            QVERIFY2(kv.isOk(), ("acknowledged record lost: " + key).c_str());
            QCOMPARE(kv->modRevision, rev);
            QCOMPARE(kv->createRevision, rev);
            QVERIFY2(kv->value == valueFor(key), ("record corrupted: " + key).c_str());
            maxAcked = std::max(maxAcked, rev);
        }
        int64_t lastCounter = 0;
        for (const auto& [rev, value] : acks.counterByRev) {
            // Every acknowledged counter version is still in the history...
            StatusOr<KeyValue> then = store.get(kCounterKey, rev);
            PH_QVERIFY_OK(then);
            QCOMPARE(then->modRevision, rev);
            QCOMPARE(then->value, std::to_string(value));
            lastCounter = std::max(lastCounter, value);
            maxAcked = std::max(maxAcked, rev);
        }
        // ...and the counter never went back behind one.
        StatusOr<KeyValue> counter = store.get(kCounterKey);
        PH_QVERIFY_OK(counter);
        QVERIFY(std::stol(counter->value) >= lastCounter);
        QVERIFY(store.currentRevision() >= maxAcked);

        // Consistency beyond the acknowledged writes (the child may have committed a few more
        // before it died): the history is exactly revisions 1..current, each change matches
        // the current state, and every record, acknowledged or not, is intact.
        StatusOr<std::vector<WatchEvent>> history = store.history("", 0);
        PH_QVERIFY_OK(history);
        QCOMPARE(int64_t(history->size()), store.currentRevision());
        int64_t counterValue = 0;
        for (size_t i = 0; i < history->size(); ++i) {
            const WatchEvent& e = (*history)[i];
            QCOMPARE(e.revision, int64_t(i + 1));
            if (e.kv.key == kCounterKey) {
                const int64_t v = std::stol(e.kv.value);
                if (e.type == EventType::Modified)
                    QCOMPARE(v, counterValue + 1);
                counterValue = v;
            } else {
                QCOMPARE(e.type, EventType::Added);
                QVERIFY2(e.kv.value == valueFor(e.kv.key), ("corrupt: " + e.kv.key).c_str());
            }
        }
        StatusOr<ListResult> all = store.list("/durability/");
        PH_QVERIFY_OK(all);
        QCOMPARE(all->revision, store.currentRevision());
        // Nothing is ever deleted here, so every key ever added is listed.
        QCOMPARE(int64_t(all->items.size()),
                 int64_t(std::count_if(history->begin(), history->end(), [](const WatchEvent& e) {
                     return e.type == EventType::Added;
                 })));
    }

private slots:
    void acknowledgedWritesSurviveKill9() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string dbPath = dir.filePath("durable.db").toStdString();
        Acks acks;
        std::mt19937 rng(20240601);
        // From a kill right after the first write to one deep into WAL checkpoints.
        const size_t killPoints[] = {1, 700 + rng() % 500, 5000 + rng() % 5000,
                                     20000 + rng() % 10000};
        for (int round = 0; round < 4; ++round) {
            size_t acked = 0;
            runRound(dbPath, round, killPoints[round], acks, acked);
            if (QTest::currentTestFailed())
                return;
            QVERIFY(acked >= killPoints[round]);
            qInfo(
                "round %d: killed after %zu acknowledged writes (%zu records, %zu counter "
                "updates so far)",
                round, acked, acks.created.size(), acks.counterByRev.size());
            verify(dbPath, acks);
            if (QTest::currentTestFailed())
                return;
        }
    }
};

std::string StoreDurabilityTest::selfPath;

int main(int argc, char** argv) {
    if (const char* path = std::getenv(kChildEnv)) {
        const char* round = std::getenv(kRoundEnv);
        return runWriterChild(path, round != nullptr ? round : "0");
    }
    // The binary re-executes itself; /proc/self/exe does not depend on the working directory.
    char self[4096];
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    StoreDurabilityTest::selfPath = n > 0 ? std::string(self, static_cast<size_t>(n)) : argv[0];
    StoreDurabilityTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "store_durability_test.moc"
