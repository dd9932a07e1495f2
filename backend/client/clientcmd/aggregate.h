// k8s.io/apimachinery/pkg/util/errors: how client-go prints several errors as one. One distinct
// message prints as itself; more print as "[a, b, c]", each distinct message once, in order.
#pragma once

#include <string>
#include <vector>

#include "util/status.h"

namespace pilothouse::client::clientcmd {

// NewAggregate(errs).Error(); "" for none.
std::string aggregateMessage(const std::vector<std::string>& messages);

// A Status carrying the aggregate's text, each message also as a cause (field empty) so that a
// dialog can list them one per line. OK when `messages` is empty.
Status aggregateStatus(StatusCode code, const std::string& prefix,
                       const std::vector<std::string>& messages);

}  // namespace pilothouse::client::clientcmd
