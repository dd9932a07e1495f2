// Test data of server_side_apply_test.cpp (kept out of the moc'd file: moc misreads raw strings).
#pragma once

namespace pilothouse::ssa_test {

// The nginx pod v2 as kubectl's client-side apply created it (with its last-applied annotation).
const char* kClientSideApplied = R"(apiVersion: v1
kind: Pod
metadata:
  name: nginx
  namespace: default
  labels: {app: nginx, tier: web}
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: '{"apiVersion":"v1","kind":"Pod"}'
spec:
  containers:
  - name: nginx
    image: nginx:1.25
    ports:
    - containerPort: 80
)";

const char* kApplied =
    R"({"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"app":"nginx","tier":"web"},"name":"nginx","namespace":"default"},)"
    R"("spec":{"containers":[{"image":"nginx:1.25","name":"nginx","ports":[{"containerPort":80}]}]}})";

// What the real server recorded (trace 24, response 5).
const char* kClientSideFields =
    R"({"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}},)"
    R"("f:labels":{".":{},"f:app":{},"f:tier":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"nginx\"}":{".":{},)"
    R"("f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:ports":{".":{},"k:{\"containerPort\":80,\"protocol\":\"TCP\"}":)"
    R"({".":{},"f:containerPort":{},"f:protocol":{}}},"f:resources":{},"f:terminationMessagePath":{},)"
    R"("f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"f:enableServiceLinks":{},"f:restartPolicy":{},)"
    R"("f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}})";
const char* kAppliedFields =
    R"({"f:metadata":{"f:labels":{"f:app":{},"f:tier":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"nginx\"}":)"
    R"({".":{},"f:image":{},"f:name":{},"f:ports":{"k:{\"containerPort\":80,\"protocol\":\"TCP\"}":{".":{},)"
    R"("f:containerPort":{}}}}}}})";

// Trace 25's object, applied before it exists, and what the real server recorded for it.
const char* kNewObject = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"nginx-ssa","labels":{"app":"nginx-ssa"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.25"}]}})";
const char* kNewObjectFields = R"({"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"nginx\"}":{".":{},"f:image":{},"f:name":{}}}}})";
const char* kLabelOnly = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"nginx","labels":{"tier":"db"}}})";
const char* kKubeletFields = R"({"f:status":{"f:phase":{}}})";
const char* kWrongVersion = R"({"apiVersion":"apps/v1","kind":"Pod","metadata":{"name":"nginx"}})";
const char* kWrongName = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"other"}})";
const char* kKeyMissing = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"nginx"},"spec":{"containers":[{"image":"x"}]}})";
const char* kWithManagedFields = R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"nginx","managedFields":[]}})";

}  // namespace pilothouse::ssa_test
