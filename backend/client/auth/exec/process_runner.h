// How an exec plugin is run: one request (command, arguments, the complete environment, whether it
// gets our standard input, how long it may take) and one result (how it ended and what it printed
// on standard output). An interface, so that the Authenticator can be tested with a fake that
// answers at once; PosixProcessRunner (posix_process_runner.h) runs real programs.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace pilothouse::client::auth::exec {

struct ProcessRequest {
    // As the exec config gives it: without a '/', looked up in `searchPath` (Go's exec.Command);
    // with one, run as it is.
    std::string command;
    std::vector<std::string> args;
    // "NAME=value" entries, in order; for a name given twice the last entry wins (Go's os/exec).
    std::vector<std::string> env;
    // The PATH a bare command is looked up in: the one of the process that runs the plugin (Go
    // reads its own $PATH, not the child's environment).
    std::string searchPath;
    // Interactive: the plugin reads our standard input. Otherwise it reads /dev/null.
    bool connectStdin = false;
    // How long the plugin may run before it is killed; zero for no limit. (Ours: upstream waits.)
    std::chrono::nanoseconds timeout{0};
};

struct ProcessResult {
    enum class Outcome {
        Exited,    // it ran and ended; exitCode says how
        NotFound,  // a bare command found on no absolute PATH entry (Go's *exec.Error)
        Failed,    // it could not be started (or waited for); error says why
        TimedOut,  // still running at the timeout, and killed
    };
    Outcome outcome = Outcome::Exited;
    // Exited: the exit status, or -1 when a signal ended it (Go's ProcessState.ExitCode()).
    int exitCode = 0;
    // Failed: Go's text, "fork/exec /opt/bin/login: permission denied".
    std::string error;
    std::string stdoutData;
};

// Runs one plugin to completion. Implementations are called from any thread, one call per thread
// at a time per Authenticator (it holds its lock while the plugin runs).
class ProcessRunner {
public:
    virtual ~ProcessRunner() = default;
    virtual ProcessResult run(const ProcessRequest& request) = 0;
};

}  // namespace pilothouse::client::auth::exec
