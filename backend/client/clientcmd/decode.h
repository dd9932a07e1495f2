// Reading one kubeconfig's text as client-go's clientcmdlatest.Codec does: YAML (the first
// document only) turned into JSON, apiVersion/kind checked (v1 Config, either may be left out),
// the v1 lists decoded leniently (unknown fields ignored, field names case-sensitive, null as
// absent), exec defaults applied, and the lists made into maps (a name twice in one list is an
// error). Errors keep upstream's text and add where they are:
//   yaml: line 3: mapping values are not allowed in this context
// (go-yaml's line: a scanner error's counted from 1, a parser error's from 0, none when it is 0),
//   line 7: users[0].user.token: json: cannot unmarshal number into Go struct field
//   AuthInfo.users.user.token of type string line 5:
//   clusters[0].cluster.certificate-authority-data: illegal base64 data at input byte 4 line 12:
//   users[1]: error converting *[]NamedAuthInfo into *map[string]*api.AuthInfo: duplicate name "u"
//   in list
// (upstream follows the last with a dump of the Go list, left out here).
//
// Upstream refuses the whole text for its first problem (`status`); a listing wants the rest, so
// the entries that read cleanly are kept in `config` and each broken one is named with its problem.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "client/clientcmd/api/types.h"
#include "util/status.h"

namespace pilothouse::client::clientcmd {

struct DecodedKubeconfig {
    // Every entry that read without a problem (all of them when `status` is OK). Locations of
    // origin are not set here.
    api::Config config;
    // OK, or the error client-go reports for the whole text: its first problem in client-go's order
    // (the JSON it decodes has its keys sorted, so "clusters" is read before "users").
    Status status;
    // Entries with a problem of their own, by name; none of them is in `config`.
    std::map<std::string, Status> brokenClusters, brokenAuthInfos, brokenContexts;
    // Nothing could be read: not YAML, not a mapping, or not a v1 Config.
    bool unreadable = false;
};

DecodedKubeconfig decodeKubeconfig(std::string_view text);

}  // namespace pilothouse::client::clientcmd
