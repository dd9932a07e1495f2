// The ProcessRunner that runs real programs, as Go's os/exec runs client-go's plugins: posix_spawn
// of the command (looked up on the PATH when bare), its arguments after argv[0] = the command as
// written, the environment given (a name's last entry wins), standard input /dev/null unless
// interactive, standard output captured, standard error left as ours so that the plugin's messages
// reach the terminal or log Pilothouse writes to. Signal handling is reset to the defaults in the
// child. On timeout the plugin is killed (SIGKILL) and reaped. A non-interactive plugin run with a
// timeout is started in a process group of its own and the whole group is killed, so that a shell
// script's children go too; an interactive one stays in ours (a terminal only lets its foreground
// group read), and only it is killed. Thread-safe.
#pragma once

#include "client/auth/exec/process_runner.h"

namespace pilothouse::client::auth::exec {

class PosixProcessRunner final : public ProcessRunner {
public:
    ProcessResult run(const ProcessRequest& request) override;
};

}  // namespace pilothouse::client::auth::exec
