#include "client/auth/exec/posix_process_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <thread>
#include <unordered_set>

#include "client/auth/exec/look_path.h"
#include "client/clientcmd/go_text.h"

namespace pilothouse::client::auth::exec {

namespace {

using Clock = std::chrono::steady_clock;

ProcessResult failed(std::string error) {
    ProcessResult r;
    r.outcome = ProcessResult::Outcome::Failed;
    r.error = std::move(error);
    return r;
}

// Go's dedupEnv: the last entry of each name, kept in the order of those last entries; entries
// without '=' kept as they are. False when an entry holds a NUL byte (Go refuses to start then).
bool dedupEnv(const std::vector<std::string>& env, std::vector<std::string>& out) {
    std::unordered_set<std::string> seen;
    bool clean = true;
    for (auto it = env.rbegin(); it != env.rend(); ++it) {
        const std::string& kv = *it;
        if (kv.find('\0') != std::string::npos) {
            clean = false;
            continue;
        }
        size_t eq = kv.find('=');
        if (eq == 0)
            eq = kv.find('=', 1);  // a name may start with '=' (seen on Windows)
        if (eq == std::string::npos) {
            if (!kv.empty())
                out.push_back(kv);
            continue;
        }
        if (!seen.insert(kv.substr(0, eq)).second)
            continue;
        out.push_back(kv);
    }
    std::reverse(out.begin(), out.end());
    return clean;
}

// The pieces of posix_spawn, released on every path out.
struct SpawnSetup {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    SpawnSetup() {
        posix_spawn_file_actions_init(&actions);
        posix_spawnattr_init(&attributes);
    }
    ~SpawnSetup() {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
    }
};

// An os.SyscallError's text: "pipe2: too many open files".
std::string syscallError(const char* call, int err) {
    std::string text = std::strerror(err);
    if (!text.empty())
        text[0] = char(std::tolower(static_cast<unsigned char>(text[0])));
    return std::string(call) + ": " + text;
}

int exitCodeOf(int status) {
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return -1;  // ended by a signal
}

int waitFor(pid_t pid, int* status, int flags) {
    for (;;) {
        const pid_t w = ::waitpid(pid, status, flags);
        if (w < 0 && errno == EINTR)
            continue;
        return w;
    }
}

}  // namespace

ProcessResult PosixProcessRunner::run(const ProcessRequest& request) {
    if (request.command.empty())
        return failed("exec: no command");
    std::string path = request.command;
    if (request.command.find('/') == std::string::npos) {
        auto found = lookPath(request.command, request.searchPath);
        if (!found) {
            ProcessResult r;
            r.outcome = ProcessResult::Outcome::NotFound;
            return r;
        }
        path = std::move(*found);
    }

    std::vector<std::string> env;
    if (!dedupEnv(request.env, env))
        return failed("exec: environment variable contains NUL");

    // Everything the child needs is ready before it exists.
    std::vector<std::string> argvStrings;
    argvStrings.reserve(request.args.size() + 1);
    argvStrings.push_back(request.command);
    argvStrings.insert(argvStrings.end(), request.args.begin(), request.args.end());
    std::vector<char*> argv, envp;
    for (std::string& a : argvStrings) argv.push_back(a.data());
    argv.push_back(nullptr);
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);

    int out[2];
    if (::pipe2(out, O_CLOEXEC) != 0)
        return failed(syscallError("pipe2", errno));

    SpawnSetup setup;
    if (!request.connectStdin)
        posix_spawn_file_actions_addopen(&setup.actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&setup.actions, out[1], 1);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    for (int sig : {SIGPIPE, SIGCHLD, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2,
                    SIGTSTP, SIGTTIN, SIGTTOU})
        sigaddset(&defaults, sig);
    posix_spawnattr_setsigmask(&setup.attributes, &none);
    posix_spawnattr_setsigdefault(&setup.attributes, &defaults);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    // A plugin that may be killed gets a process group of its own, so that what it started goes
    // with it. Not an interactive one: it must stay in the terminal's foreground group to read it.
    const bool ownGroup = request.timeout.count() > 0 && !request.connectStdin;
    if (ownGroup) {
        flags |= POSIX_SPAWN_SETPGROUP;
        posix_spawnattr_setpgroup(&setup.attributes, 0);
    }
    posix_spawnattr_setflags(&setup.attributes, flags);

    pid_t pid = 0;
    const int rc = ::posix_spawn(&pid, path.c_str(), &setup.actions, &setup.attributes, argv.data(),
                                 envp.data());
    ::close(out[1]);
    if (rc != 0) {
        ::close(out[0]);
        return failed(clientcmd::goPathError("fork/exec", path, rc));
    }

    const bool limited = request.timeout.count() > 0;
    const Clock::time_point deadline =
        limited ? Clock::now() + std::chrono::duration_cast<Clock::duration>(request.timeout)
                : Clock::time_point::max();
    auto millisecondsLeft = [&]() -> int {
        if (!limited)
            return -1;
        const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
        return left.count() <= 0 ? 0 : int(std::min<int64_t>(left.count(), INT_MAX));
    };

    ProcessResult result;
    bool timedOut = false;
    char buffer[65536];
    for (;;) {
        const int wait = millisecondsLeft();
        if (wait == 0) {
            timedOut = true;
            break;
        }
        pollfd p{out[0], POLLIN, 0};
        const int ready = ::poll(&p, 1, wait);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0)
            continue;  // the next round sees the deadline
        const ssize_t n = ready < 0 ? -1 : ::read(out[0], buffer, sizeof buffer);
        if (n > 0) {
            result.stdoutData.append(buffer, size_t(n));
            continue;
        }
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        break;  // end of output (or an error reading it)
    }
    ::close(out[0]);

    // Its output is complete; now it must end, within what is left of the time.
    int status = 0;
    if (!timedOut) {
        auto pause = std::chrono::milliseconds(1);
        for (;;) {
            const pid_t w = waitFor(pid, &status, limited ? WNOHANG : 0);
            if (w == pid)
                break;
            if (w < 0)
                return failed(syscallError("waitid", errno));
            if (Clock::now() >= deadline) {
                timedOut = true;
                break;
            }
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, std::chrono::milliseconds(20));
        }
    }
    if (timedOut) {
        ::kill(ownGroup ? -pid : pid, SIGKILL);
        waitFor(pid, &status, 0);
        result.outcome = ProcessResult::Outcome::TimedOut;
        return result;
    }
    result.outcome = ProcessResult::Outcome::Exited;
    result.exitCode = exitCodeOf(status);
    return result;
}

}  // namespace pilothouse::client::auth::exec
