#!/usr/bin/env bash
# pilothousectl from a shell: exit codes, stdout and stderr exactly as a user sees them.
set -u
ctl=$1
data=$2
version=$3      # v0.1.0, from CMake's project()
kubernetes=$4   # the Kubernetes version mirrored, v1.28
shift 4         # then pilothouse-server and, when built, pilothouse
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
passes=0

check() {  # check NAME EXPECTED ACTUAL
    if [ "$2" == "$3" ]; then
        passes=$((passes + 1))
    else
        failures=$((failures + 1))
        printf 'FAIL: %s\n--- expected\n%s\n--- actual\n%s\n' "$1" "$2" "$3"
    fi
}

# version: each program's line, as `--version` prints it; pilothousectl also as `version`.
out=$("$ctl" version 2>&1); code=$?
check "version: exit" 0 "$code"
check "version: line" "pilothousectl version $version (mirrors Kubernetes $kubernetes)" "$out"
check "--version" "pilothousectl version $version (mirrors Kubernetes $kubernetes)" "$("$ctl" --version 2>&1)"
out=$("$ctl" version --short 2>&1); code=$?
check "version --short: refused" "2 error: unknown flag or argument: --short" "$code $out"
for program in "$@"; do
    name=$(basename "$program")
    # No display is needed to ask the GUI its version.
    out=$(env -u QT_QPA_PLATFORM DISPLAY= "$program" --version 2>&1); code=$?
    check "$name --version" "0 $name version $version (mirrors Kubernetes $kubernetes)" "$code $out"
done

# validate: a real `kubectl get -o yaml` loads as it is.
out=$("$ctl" validate -f "$data/real-cluster.yaml" 2>&1); code=$?
check "validate real snapshot: exit" 0 "$code"
check "validate real snapshot: output" "9 objects valid" "$out"

# validate: problems named by file, document and field; warnings for unknown fields; exit 2.
out=$("$ctl" validate -f "$data/bad-pod.yaml" 2>&1); code=$?
check "validate bad: exit" 2 "$code"
check "validate bad: output" "Warning: $data/bad-pod.yaml: document 2: unknown field \"spec.containers[0].imagee\"
error: $data/bad-pod.yaml: document 2: The Pod \"Web\" is invalid: 
* metadata.name: Invalid value: \"Web\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')
* spec.containers[0].image: Required value
* spec.restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\"" "$out"

out=$("$ctl" validate -f "$data/type-error.yaml" 2>&1); code=$?
check "validate type error: exit" 2 "$code"
check "validate type error: output" "error: $data/type-error.yaml: document 1: Pod in version \"v1\" cannot be handled as a Pod: spec.containers[0].ports[0].containerPort: json: cannot unmarshal string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32" "$out"

out=$("$ctl" validate -f "$work/missing.yaml" 2>&1); code=$?
check "validate missing file: exit" 2 "$code"
check "validate missing file: output" "error: the path \"$work/missing.yaml\" does not exist" "$out"

# apply creates, re-apply is unchanged, a change is configured.
store="$work/cluster.db"
out=$("$ctl" apply -f "$data/cluster.yaml" --store "$store" 2>&1); code=$?
check "apply: exit" 0 "$code"
check "apply: output" "node/node-a created
node/node-b created
node/node-c created
node/node-d created
pod/db-0 created
pod/web-1 created
pod/big-1 created" "$out"
out=$("$ctl" apply -f "$data/cluster.yaml" --store "$store" 2>&1)
check "re-apply: unchanged" "7" "$(grep -c ' unchanged$' <<<"$out")"
sed 's/app: web}/app: web, tier: front}/' "$data/cluster.yaml" > "$work/changed.yaml"
out=$("$ctl" apply -f "$work/changed.yaml" --store "$store" 2>&1)
check "apply change: configured" "pod/web-1 configured" "$(grep configured <<<"$out")"

# get: kubectl's table, -o json List, a single object, NotFound.
out=$("$ctl" get pods --store "$store" 2>&1)
check "get pods: header" "NAME    READY   STATUS    RESTARTS   AGE" "$(head -1 <<<"$out" | sed 's/ *$//')"
check "get pods: rows" "3" "$(tail -n +2 <<<"$out" | wc -l | tr -d ' ')"
out=$("$ctl" get pods -l tier=front -o name --store "$store" 2>&1)
check "get -l -o name" "pod/web-1" "$out"
out=$("$ctl" get nodes -o json --store "$store")
check "get -o json is a List" "List 4" "$(/usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["kind"], len(d["items"]))' <<<"$out")"
out=$("$ctl" get pod db-0 -o yaml --store "$store")
check "get -o yaml: nodeName" "  nodeName: node-c" "$(grep '  nodeName:' <<<"$out")"
check "get -o yaml: quoted resourceVersion" "1" "$(grep -c '  resourceVersion: "[0-9]*"' <<<"$out")"
"$ctl" apply -f "$data/endpoints-job.yaml" --store "$store" >/dev/null 2>&1
out=$("$ctl" get endpoints web --store "$store" | tail -1 | sed 's/ *$//; s/ *[0-9]*[smh]$//')
check "get endpoints: formatEndpoints" "web    10.0.0.1:80,10.0.0.2:80,10.0.0.3:80 + 3 more..." "$out"
out=$("$ctl" get jobs --store "$store" | sed 's/ *$//')
check "get jobs: header" "NAME   COMPLETIONS   DURATION   AGE" "$(head -1 <<<"$out")"
check "get jobs: completions" "pi 0/3" "$(tail -1 <<<"$out" | awk '{print $1, $2}')"
out=$("$ctl" get pod nope --store "$store" 2>&1); code=$?
check "get missing: exit" 1 "$code"
check "get missing: output" "Error from server (NotFound): pods \"nope\" not found" "$out"
out=$("$ctl" get pods -n empty --store "$store" 2>&1)
check "get empty namespace" "No resources found in empty namespace." "$out"
out=$("$ctl" get widgets --store "$store" 2>&1); code=$?
check "get unknown type" "1 error: the server doesn't have a resource type \"widgets\"" "$code $out"

# apply of a real `get -o yaml` is refused as kube-apiserver refuses it (resourceVersion set).
out=$("$ctl" apply -f "$data/real-cluster.yaml" --store "$work/real.db" 2>&1); code=$?
check "apply exported objects: exit" 1 "$code"
check "apply exported objects: message" "Error from server (BadRequest): error when creating \"$data/real-cluster.yaml\": resourceVersion should not be set on objects to be created" "$(grep -m1 "^Error from server" <<<"$out")"

# simulate: a scenario runs to the same bytes every time; bad scenarios name file, document, field.
scenario="$data/../../../../resources/scenarios/single-pod-journey.yaml"
a=$("$ctl" simulate "$scenario" --until 1m -o json 2>&1); code=$?
b=$("$ctl" simulate "$scenario" --until 1m -o json 2>&1)
check "simulate: exit" 0 "$code"
check "simulate: same bytes" "$a" "$b"
check "simulate: scheduled event" "Successfully assigned default/web to node-1" "$(grep -o 'Successfully assigned default/web to node-1' <<<"$a" | head -1)"
printf 'apiVersion: pilothouse.dev/v1alpha1\nkind: Scenario\nmetadata: {name: s}\nspec:\n  actions:\n  - {at: soon, action: failNode, node: a}\n' >"$work/bad-scenario.yaml"
out=$("$ctl" simulate "$work/bad-scenario.yaml" 2>&1); code=$?
check "simulate bad scenario: exit" 2 "$code"
check "simulate bad scenario: message" "error: $work/bad-scenario.yaml: document 1: spec.actions[0].at: invalid duration \"soon\"" "$out"
out=$("$ctl" simulate "$scenario" --until forever 2>&1); code=$?
check "simulate bad --until" "2 error: invalid argument \"forever\" for \"--until\": invalid duration \"forever\"" "$code $out"

# auth can-i: a SelfSubjectAccessReview to the store's API server, as the user of --token when
# the server has a token file (--tokens); yes/no and exit 0/1 as kubectl prints them.
authstore="$work/auth.db"
tokens="$work/tokens.csv"
printf 'admin-token,alice,1,system:masters\nbob-token,bob,2,students\n' >"$tokens"
printf '%s\n' 'apiVersion: rbac.authorization.k8s.io/v1' 'kind: Role' 'metadata: {name: pod-reader, namespace: default}' \
    'rules: [{apiGroups: [""], resources: [pods], verbs: [get, list]}]' '---' \
    'apiVersion: rbac.authorization.k8s.io/v1' 'kind: RoleBinding' 'metadata: {name: students-read, namespace: default}' \
    'subjects: [{kind: Group, name: students, apiGroup: rbac.authorization.k8s.io}]' \
    'roleRef: {kind: Role, name: pod-reader, apiGroup: rbac.authorization.k8s.io}' >"$work/rbac.yaml"
out=$("$ctl" apply -f "$work/rbac.yaml" --store "$authstore" --tokens "$tokens" --token admin-token 2>&1); code=$?
check "auth: policy applied as admin" "0 role.rbac.authorization.k8s.io/pod-reader created
rolebinding.rbac.authorization.k8s.io/students-read created" "$code $out"
can() { "$ctl" auth can-i "$@" --store "$authstore" --tokens "$tokens"; }
out=$(can get pods --token bob-token 2>&1); code=$?
check "can-i: allowed" "0 yes" "$code $out"
out=$(can get pods/web --token bob-token 2>&1); code=$?
check "can-i: a named pod" "0 yes" "$code $out"
out=$(can delete pods --token bob-token 2>&1); code=$?
check "can-i: verb not granted" "1 no" "$code $out"
out=$(can get pods -n kube-system --token bob-token 2>&1); code=$?
check "can-i: Role only in its namespace" "1 no" "$code $out"
out=$(can list pods -A --token bob-token 2>&1); code=$?
check "can-i: Role not in all namespaces" "1 no" "$code $out"
out=$(can get pods --subresource=log --token bob-token 2>&1); code=$?
check "can-i: subresource" "1 no" "$code $out"
out=$(can get pods -q --token bob-token 2>&1); code=$?
check "can-i -q: exit code only" "0 " "$code $out"
out=$(can create selfsubjectaccessreviews --token bob-token 2>&1); code=$?
check "can-i: system:basic-user, cluster-scoped warning" "0 Warning: resource 'selfsubjectaccessreviews' is not namespace scoped in group 'authorization.k8s.io'

yes" "$code $out"
out=$(can list nodes --token bob-token 2>&1); code=$?
check "can-i: cluster-scoped warning" "1 Warning: resource 'nodes' is not namespace scoped

no" "$code $out"
out=$(can get widgets --token bob-token 2>&1); code=$?
check "can-i: unknown resource" "1 Warning: the server doesn't have a resource type 'widgets'

no" "$code $out"
out=$(can frobnicate pods --token bob-token 2>&1); code=$?
check "can-i: unknown verb" "1 Warning: verb 'frobnicate' is not a known verb

no" "$code $out"
out=$(can get /metrics --token bob-token 2>&1); code=$?
check "can-i: non-resource URL" "1 no" "$code $out"
out=$(can get /healthz --token bob-token 2>&1); code=$?
check "can-i: a path every user may read (system:public-info-viewer)" "0 yes" "$code $out"
out=$(can get /healthz --subresource=x --token bob-token 2>&1); code=$?
check "can-i: --subresource with a URL" "1 error: --subresource can not be used with NonResourceURL" "$code $out"
out=$(can '*' '*' --token admin-token 2>&1); code=$?
check "can-i: masters may do anything" "0 yes" "$code $out"
out=$(can get --token bob-token 2>&1); code=$?
check "can-i: one argument" "1 error: you must specify two arguments: verb resource or verb resource/resourceName.
See 'pilothousectl auth can-i -h' for help and examples." "$code $out"
out=$(can get pods 2>&1); code=$?
check "can-i: no token" "1 error: You must be logged in to the server (Unauthorized)" "$code $out"
printf '%s\n' 'apiVersion: rbac.authorization.k8s.io/v1' 'kind: RoleBinding' 'metadata: {name: broken, namespace: default}' \
    'subjects: [{kind: Group, name: students, apiGroup: rbac.authorization.k8s.io}]' \
    'roleRef: {kind: Role, name: missing, apiGroup: rbac.authorization.k8s.io}' >"$work/broken.yaml"
"$ctl" apply -f "$work/broken.yaml" --store "$authstore" --tokens "$tokens" --token admin-token >/dev/null 2>&1
out=$(can delete pods --token bob-token 2>&1); code=$?
check "can-i: no, with RBAC's reason" "1 no - RBAC: role.rbac.authorization.k8s.io \"missing\" not found" "$code $out"
out=$("$ctl" auth can-i delete pods --store "$authstore" 2>&1); code=$?
check "can-i without --tokens: system:admin" "0 yes" "$code $out"

# auth whoami: a SelfSubjectReview; kubectl's ATTRIBUTE/VALUE table or the review as YAML/JSON.
whoami() { "$ctl" auth whoami "$@" --store "$authstore" --tokens "$tokens"; }
out=$(whoami --token bob-token 2>&1); code=$?
check "whoami: a student" "0 ATTRIBUTE   VALUE
Username    bob
UID         2
Groups      [students system:authenticated]" "$code $out"
out=$(whoami --token admin-token 2>&1); code=$?
check "whoami: masters" "0 ATTRIBUTE   VALUE
Username    alice
UID         1
Groups      [system:masters system:authenticated]" "$code $out"
out=$(whoami --token admin-token -o json 2>&1 | grep -v creationTimestamp); code=$?
check "whoami -o json" "0 {
    \"apiVersion\": \"authentication.k8s.io/v1\",
    \"kind\": \"SelfSubjectReview\",
    \"metadata\": {
    },
    \"status\": {
        \"userInfo\": {
            \"groups\": [
                \"system:masters\",
                \"system:authenticated\"
            ],
            \"uid\": \"1\",
            \"username\": \"alice\"
        }
    }
}" "$code $out"
out=$(whoami --token nope 2>&1); code=$?
check "whoami: unknown token" "1 error: You must be logged in to the server (Unauthorized)" "$code $out"
out=$(whoami --token bob-token -o wide 2>&1); code=$?
check "whoami: -o wide" "1 error: unable to match a printer suitable for the output format \"wide\", allowed formats are: json,yaml" "$code $out"
out=$("$ctl" auth whoami --store "$authstore" 2>&1); code=$?
check "whoami without --tokens: system:admin" "0 ATTRIBUTE   VALUE
Username    system:admin
Groups      [system:masters system:authenticated]" "$code $out"

echo "$passes passed, $failures failed"
[ "$failures" -eq 0 ]
