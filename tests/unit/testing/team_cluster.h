// A small cluster for the tests of clients of real clusters: two nodes, pods a and b in "default",
// c, d and e in "team", and a user "dev" whom RBAC lets read pods in "team" only.
#pragma once

namespace pilothouse::testing {

inline constexpr const char* kTeamCluster = R"(
apiVersion: v1
kind: Namespace
metadata: {name: team}
---
apiVersion: v1
kind: Node
metadata: {name: node-1}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: node-2}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: a, namespace: default}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: b, namespace: default}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: c, namespace: team}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: d, namespace: team}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: e, namespace: team}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-reader, namespace: team}
rules: [{apiGroups: [""], resources: [pods], verbs: [get, list, watch]}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: dev-reads-pods, namespace: team}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: pod-reader}
subjects: [{kind: User, name: dev, apiGroup: rbac.authorization.k8s.io}]
)";

// The tokens file of that cluster: admin (system:masters) and dev.
inline constexpr const char* kTeamTokens = "admin-token,admin,1,\"system:masters\"\ndev-token,dev,2\n";

}  // namespace pilothouse::testing
