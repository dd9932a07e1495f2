// What a command-line program is done with just before it exits. Freeing 150,000 decoded pods and a
// scheduler's cache one allocation at a time takes a second; the exit returns all of it at once.
// When the program's main has said it exits right after its command (skipFreeingAtExit), keepUntilExit
// takes such objects and never frees them; otherwise (tests, the GUI, the server) it frees them at
// once, as usual. Kept objects stay reachable from a global, so leak checkers do not report them.
#pragma once

#include <memory>
#include <utility>

namespace pilothouse {

void skipFreeingAtExit();
bool freeingSkippedAtExit();
void keepUntilExitErased(std::shared_ptr<void> object);

template <class T>
void keepUntilExit(T&& object) {
    if (!freeingSkippedAtExit()) return;  // `object` is freed by its owner, as usual
    keepUntilExitErased(std::make_shared<std::decay_t<T>>(std::forward<T>(object)));
}

}  // namespace pilothouse
