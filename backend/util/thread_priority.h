// Lower priority for the threads that serve clients, so that the simulation they watch keeps its
// pace: a server's watch deliveries and calls take the CPU time the simulation leaves.
#pragma once

namespace pilothouse::util {

// Adds `niceness` (capped at 19) to the calling thread's nice value; Linux applies nice per
// thread, and threads started from this one inherit it. Nothing for niceness <= 0.
void lowerThreadPriority(int niceness);

// For a GUI's background threads (a live cluster's informers decoding what they read, the
// explainer's scheduler): on a laptop's few cores shared with what it watches, the thread that
// paints and takes input gets the CPU first.
inline constexpr int kBackgroundNiceness = 5;

}  // namespace pilothouse::util
