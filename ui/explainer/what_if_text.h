// The what-if panel's words for a suggestion's changes and for what could not be suggested
// (scheduler::WhatIfChange, WhatIfReason, WhatIfNote), in the user's language. The values in them
// — names, quantities, taints, a filter plugin's reason, an error — stay as Kubernetes writes
// them. In English they read as scheduler::describe writes them for pilothousectl and the logs.
#pragma once

#include <QString>

#include "scheduler/what_if.h"

namespace pilothouse::ui::whatif {

QString changeText(const scheduler::WhatIfChange& change);  // "Remove taint a=b:NoSchedule from node n"
QString reasonText(const scheduler::WhatIfReason& reason);
QString noteText(const scheduler::WhatIfNote& note);        // "<plugin> (pod side): <reason>", ...

}  // namespace pilothouse::ui::whatif
